# Sourced by the scripts that run the release `touchstone` (main-job, bench-compare-session,
# bench-compare-jobs): one way to build it, as README.md builds it.
# release_build_flags: the flags of that build. The Swift runtime is linked in statically, so the
# binary runs on a machine without a Swift toolchain, and a process starts without binding the
# runtime's symbols: about 8 M instructions and 3.5 ms of CPU time less per process
# (docs/benchmarks.md, "Start-up II").
release_build_flags=(-c release --product touchstone --static-swift-stdlib)

# build_release_touchstone LOG: builds it, the compiler's output in LOG (shown when the build
# fails), and prints the binary's path.
build_release_touchstone() {
    swift build "${release_build_flags[@]}" >"$1" 2>&1 || { cat "$1" >&2; return 1; }
    echo "$(swift build "${release_build_flags[@]}" --show-bin-path)/touchstone"
}
