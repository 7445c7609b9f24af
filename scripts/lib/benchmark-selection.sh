# Sourced by scripts/bench-check and scripts/bench-history.
# benchmark_selection NAME ARGS...: sets the array `selection` to ARGS for package-benchmark.
# package-benchmark matches --target/--filter regexes against whole names; touchstone_bench.py
# makes each select the names it occurs in (`--target Trace` is TraceBenchmarks). Exits 2 with
# NAME's message on a regex option without a value.
benchmark_selection() {
    local name=$1 translated
    shift
    selection=()
    [ $# -gt 0 ] || return 0
    translated=$(python3 "$(dirname "${BASH_SOURCE[0]}")/touchstone_bench.py" benchmark-arguments "$@") || {
        echo "$name: $translated" >&2
        exit 2
    }
    mapfile -t selection <<<"$translated"
}
