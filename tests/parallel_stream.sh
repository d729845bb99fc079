#!/bin/sh
# parallel_stream.sh GRUNDY - streaming a closed-form game with several
# threads gives byte for byte the output, errors (with their line
# numbers) and exit status of one thread, over several rounds of input.
grundy=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# About 9 MB: more than two 4 MiB rounds, with bad, blank and comment
# lines scattered through it and a last line without a newline.
awk 'BEGIN {
    for (i = 1; i <= 300000; i++) {
        if (i % 99991 == 0) print "1 2 x" i
        else if (i % 70001 == 0) print ""
        else if (i % 50021 == 0) print "# comment"
        else print i, i * 7 % 1000003, i * 13 % 999983, "18446744073709551615"
    }
    printf "5 6 7"
}' > "$tmp/in"
fail=0
for fmt in "" "--json" "--all" "--misere"; do
    "$grundy" --threads 1 $fmt nim < "$tmp/in" > "$tmp/out1" 2> "$tmp/err1"
    s1=$?
    for t in 2 3; do
        "$grundy" --threads $t $fmt nim < "$tmp/in" > "$tmp/out$t" 2> "$tmp/err$t"
        st=$?
        if [ $st != $s1 ] || ! cmp -s "$tmp/out1" "$tmp/out$t" ||
           ! cmp -s "$tmp/err1" "$tmp/err$t"; then
            echo "FAIL: --threads $t $fmt differs from --threads 1"
            fail=$((fail + 1))
        fi
    done
    # From a pipe the next round is read only after this one's records
    # are out; from a file (above) it is read ahead: same bytes.
    cat "$tmp/in" | "$grundy" --threads 2 $fmt nim > "$tmp/outp" 2> "$tmp/errp"
    st=$?
    if [ $st != $s1 ] || ! cmp -s "$tmp/out1" "$tmp/outp" ||
       ! cmp -s "$tmp/err1" "$tmp/errp"; then
        echo "FAIL: --threads 2 $fmt from a pipe differs from --threads 1"
        fail=$((fail + 1))
    fi
done
lines=$(wc -l < "$tmp/out1")
# 300001 lines less 4 blank, 5 comments and 3 bad lines.
errors=$(grep -c 'is not a component' "$tmp/err1")
if [ "$lines" != 299989 ] || [ "$errors" != 3 ] || [ "$s1" != 2 ]; then
    echo "FAIL: expected 299989 records, 3 error lines and status 2;" \
         "got $lines, $errors, $s1"
    fail=$((fail + 1))
fi
if grep -q '^grundy: <stdin>:99991: ' "$tmp/err1"; then :; else
    echo "FAIL: the bad line is not reported as <stdin>:99991"
    fail=$((fail + 1))
fi
echo "parallel stream: $((12 + 1 + 1 - fail)) passed, $fail failed"
[ $fail = 0 ]
