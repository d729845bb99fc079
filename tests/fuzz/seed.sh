#!/bin/sh
# seed.sh HARNESS DIR - writes seed inputs for HARNESS into DIR, made from
# the examples and the CLI cases (so new families' cases seed the fuzzers
# automatically). The first byte of a position or line seed is the options
# byte the harness reads (0: normal play, text; 16: first line is GAME).
cd "$(dirname "$0")/../.." || exit 2
h=$1 out=$2
mkdir -p "$out"
# seed NAME BYTE: stdin, after the options byte BYTE, into DIR/seed-NAME.
seed() {
    printf "$2" > "$out/seed-$1"
    cat >> "$out/seed-$1"
}
for c in tests/cli/*.case; do
    name=$(basename "$c" .case)
    args=$(awk '/^--- args$/ { getline; print; exit }' "$c")
    input=$(awk '/^--- stdin$/ { on = 1; next } /^--- / { on = 0 } on' "$c")
    eval "set -- $args"
    while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
    [ $# -gt 0 ] || set -- ""
    case $1 in games|sg|period) spec=${2:-nim} ;; *) spec=$1 ;; esac
    case $h in
    fuzz_spec) printf '%s' "$spec" | seed "$name" '' ;;
    fuzz_position) echo "$*" | seed "$name" '\000' ;;
    fuzz_line)
        if [ -n "$input" ]; then
            printf '%s\n' "$input" | seed "$name" '\001'
            [ $# -eq 1 ] &&
                printf '%s\n%s\n' "$1" "$input" | seed "$name-game" '\020'
        fi
        echo "$*" | seed "$name-args" '\002' ;;
    esac
done
for f in examples/*.txt; do
    name=$(basename "$f" .txt)
    case $h in
    fuzz_position) { echo nim; grep -v '^#' "$f" | head -n 1; } |
        seed "ex-$name" '\020' ;;
    fuzz_line)
        seed "ex-$name" '\000' < "$f"
        { echo nim; cat "$f"; } | seed "ex-$name-nim" '\020' ;;
    esac
done
