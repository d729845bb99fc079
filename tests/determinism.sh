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
awk 'BEGIN { srand(5)
    for (i = 0; i < 300; i++)
        print "wythoff " int(rand() * 1200) "," int(rand() * 1200) }' > "$tmp/wythoff"

# same INPUT RECORDS ERRORS OPTIONS...: every thread count against the
# sequential path; the sequential path must give more than RECORDS
# records and ERRORS error lines (the comparison is not vacuous).
same() {
    input=$1 records=$2 errors=$3
    shift 3
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
    n=$(wc -l < "$tmp/want")
    e=$(wc -l < "$tmp/want.err")
    if [ "$n" -gt "$records" ] && [ "$e" -ge "$errors" ]; then
        ok "$input $*: $n records, $e errors, status $want"
    else
        bad "$input $*: only $n records, $e errors, status $want"
    fi
}

same mixed 80000 500
same mixed 80000 500 --json
same mixed 80000 500 --all
same mixed 80000 500 --all --json
same small 80000 500 --misere
same small 80000 500 --misere --all --json
# Medium Wythoff pairs: a value is given when the pair's own table is
# small enough, whatever tables earlier lines left behind (before, a
# table kept by one thread's earlier lines answered pairs another thread
# refused: sg=1171 on one thread, none on two).
same wythoff 299 0
finish "determinism: every thread count gives the sequential output"
