# Sourced by the scripts that build the Benchmarks package (bench-check, bench-history,
# bench-compare-formats, bench-instructions).
# forget_benchmarks_build_plan: deletes the Benchmarks package's cached release build plan.
# Benchmarks depends on this package by path, and SwiftPM reuses a dependency's build plan while
# no manifest changed: a source file added to a module since the last build is then left out of
# it, and the build fails with "cannot find 'NewType' in scope". Planning again takes seconds.
forget_benchmarks_build_plan() {
    local build
    build="$(dirname "${BASH_SOURCE[0]}")/../../Benchmarks/.build"
    rm -f "$build/release.yaml" "$build/release/description.json"
}
