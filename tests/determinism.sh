#!/bin/sh
# determinism.sh GRUNDY SEQUENTIAL - 10^5 mixed lines (every family, sums
# of different games, rings, huge numbers, bad, blank and comment lines)
# answered in text, JSON, --all and --all --json, and 10^5 small ones in
# --misere and --misere --all --json, through --threads 1, 2 and 8: the
# records, the error messages (with line numbers) and the exit status are
# byte for byte those of SEQUENTIAL, the command built without its
# threaded rounds (GRUNDY_CLI_SEQUENTIAL). Also fed through a pipe.
. "$(dirname "$0")/lib.sh"
grundy=$1
seq=$2
[ -x "$seq" ] || { echo "usage: determinism.sh GRUNDY SEQUENTIAL" >&2; exit 2; }
dir=$(dirname "$0")/determinism
tmpdir
awk -v N=100000 -v SEED=1 -f "$dir/mixed.awk" > "$tmp/mixed"
awk -v N=100000 -v SEED=2 -v SMALL=1 -f "$dir/mixed.awk" > "$tmp/small"

# same INPUT OPTIONS...: every thread count against the sequential path.
same() {
    input=$1
    shift
    "$seq" "$@" < "$tmp/$input" > "$tmp/want" 2> "$tmp/want.err"
    want=$?
    for t in 1 2 8; do
        "$grundy" --threads $t "$@" < "$tmp/$input" > "$tmp/got" 2> "$tmp/got.err"
        got=$?
        if [ $got = $want ] && cmp -s "$tmp/want" "$tmp/got" &&
           cmp -s "$tmp/want.err" "$tmp/got.err"; then
            ok "$input $* --threads $t"
        else
            bad "$input $* --threads $t: status $got (want $want)" \
                "$(diff "$tmp/want" "$tmp/got" | head -n 3)"
        fi
    done
    cat "$tmp/$input" | "$grundy" --threads 2 "$@" > "$tmp/got" 2> "$tmp/got.err"
    got=$?
    if [ $got = $want ] && cmp -s "$tmp/want" "$tmp/got" &&
       cmp -s "$tmp/want.err" "$tmp/got.err"; then
        ok "$input $* from a pipe"
    else
        bad "$input $* from a pipe: status $got (want $want)"
    fi
    # Not vacuous: most lines answered, some lines refused.
    n=$(wc -l < "$tmp/want")
    errors=$(wc -l < "$tmp/want.err")
    if [ "$n" -gt 80000 ] && [ "$errors" -gt 500 ] && [ $want = 2 ]; then
        ok "$input $*: $n records, $errors errors"
    else
        bad "$input $*: only $n records, $errors errors, status $want"
    fi
}

same mixed
same mixed --json
same mixed --all
same mixed --all --json
same small --misere
same small --misere --all --json
finish "determinism: every thread count gives the sequential output"
