#!/bin/sh
# parallel_stream.sh GRUNDY SEQUENTIAL - streaming a closed-form game, or
# lines that name their games, on 1, 2 or 3 threads gives byte for byte
# the output, errors (with their line numbers) and exit status of
# SEQUENTIAL, the command built with its threaded rounds compiled out
# (GRUNDY_CLI_SEQUENTIAL), over several rounds of input.
grundy=$1
seq=$2
[ -x "$seq" ] || { echo "usage: parallel_stream.sh GRUNDY SEQUENTIAL" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# About 9 MB: many rounds (of 256 KiB), with bad, blank and comment
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
    "$seq" $fmt nim < "$tmp/in" > "$tmp/out1" 2> "$tmp/err1"
    s1=$?
    for t in 1 2 3; do
        "$grundy" --threads $t $fmt nim < "$tmp/in" > "$tmp/out$t" 2> "$tmp/err$t"
        st=$?
        if [ $st != $s1 ] || ! cmp -s "$tmp/out1" "$tmp/out$t" ||
           ! cmp -s "$tmp/err1" "$tmp/err$t"; then
            echo "FAIL: --threads $t $fmt differs from the sequential path"
            fail=$((fail + 1))
        fi
    done
    # From a pipe the next round is read only after this one's records
    # are out; from a file (above) it is read ahead: same bytes.
    cat "$tmp/in" | "$grundy" --threads 2 $fmt nim > "$tmp/outp" 2> "$tmp/errp"
    st=$?
    if [ $st != $s1 ] || ! cmp -s "$tmp/out1" "$tmp/outp" ||
       ! cmp -s "$tmp/err1" "$tmp/errp"; then
        echo "FAIL: --threads 2 $fmt from a pipe differs from the sequential path"
        fail=$((fail + 1))
    fi
done
# Lines that name their games, closed forms (solved by the workers) mixed
# with games with tables (left to the main context in their place), bad
# lines and comments, over several rounds.
awk 'BEGIN {
    for (i = 1; i <= 240000; i++) {
        k = i % 9
        if (i % 77777 == 0) print "nosuch " i
        else if (i % 65537 == 0) print "# comment"
        else if (k == 0 && i % 100 == 0) print "wythoff " (i % 40) "," (i % 37)
        else if (k == 0) print "wythoff " (i + 1000000) "," (i * 7919 % 1000003 + 1000000)
        else if (k == 1 && i % 100 == 1) print "fib " (i % 3000)
        else if (k == 1) print "fib " (i * 104729 % 99999989 + 1000000000)
        else if (k == 2) print "kayles " (i % 5000) " " (i * 3 % 977)
        else if (k == 3) print "nim " i " " (i * 31 % 65521) " + bounded:5 " (i % 97)
        else if (k == 4) print "octal:0.6 " (i % 3000)
        else if (k == 5) print "ferguson " (i % 1000 + 1) "," (i * 17 % 1000 + 1)
        else if (k == 6) print "sub:1,3,4 " i " + fib:3 " (i % 500)
        else if (k == 7) print "division " (i * 40503 % 1000000007)
        else print "nim " i " + stripes:3 " (i % 700)
    }
}' > "$tmp/mixed"
for fmt in "" "--json"; do
    "$seq" $fmt < "$tmp/mixed" > "$tmp/mout1" 2> "$tmp/merr1"
    s1=$?
    for t in 1 2 3; do
        "$grundy" --threads $t $fmt < "$tmp/mixed" > "$tmp/mout$t" 2> "$tmp/merr$t"
        st=$?
        if [ $st != $s1 ] || ! cmp -s "$tmp/mout1" "$tmp/mout$t" ||
           ! cmp -s "$tmp/merr1" "$tmp/merr$t"; then
            echo "FAIL: named games, --threads $t $fmt differs from the sequential path"
            fail=$((fail + 1))
        fi
    done
    cat "$tmp/mixed" | "$grundy" --threads 2 $fmt > "$tmp/moutp" 2> "$tmp/merrp"
    st=$?
    if [ $st != $s1 ] || ! cmp -s "$tmp/mout1" "$tmp/moutp" ||
       ! cmp -s "$tmp/merr1" "$tmp/merrp"; then
        echo "FAIL: named games, --threads 2 $fmt from a pipe differs"
        fail=$((fail + 1))
    fi
    # Text: 240000 lines less 3 bad lines and 3 comments; JSON also has
    # the 3 error records. The bad lines are reported by number.
    want=239994
    [ -n "$fmt" ] && want=239997
    mlines=$(wc -l < "$tmp/mout1")
    if [ "$mlines" != $want ] || [ "$s1" != 2 ] ||
       ! grep -q "^grundy: <stdin>:155554: unknown game 'nosuch'" \
            "$tmp/merr1"; then
        echo "FAIL: named games $fmt: expected $want records, status 2" \
             "and the bad line 155554; got $mlines, $s1"
        fail=$((fail + 1))
    fi
done
# The first lines, each also asked on the command line by itself: the
# same record whichever context answered it.
head -n 120 "$tmp/mixed" > "$tmp/head"
"$grundy" < "$tmp/head" > "$tmp/hout" 2> /dev/null
: > "$tmp/hone"
while IFS= read -r l; do
    "$grundy" $l >> "$tmp/hone" 2> /dev/null
done < "$tmp/head"
if ! cmp -s "$tmp/hout" "$tmp/hone"; then
    echo "FAIL: named games: line mode differs from one position per run"
    fail=$((fail + 1))
fi
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
echo "parallel stream: $((16 + 1 + 1 + 8 + 2 + 1 - fail)) passed, $fail failed"
[ $fail = 0 ]
