#!/bin/sh
# memory_rss.sh GRUNDY [SANITIZED] - peak resident memory against --memory: one
# position holding several spellings of one game (they share one table),
# a stream of spellings, and one table game of each kind. Peak RSS is read
# from /proc/self/status (VmHWM) of the process, through /usr/bin/time -f
# %M; the binary itself, libc and the allocator's slack are allowed
# OVERHEAD (4 MiB: 'grundy nim 1' peaks at about 1.4 MiB).
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir
overhead=4096 scale=1
# A sanitizer build's runtime adds about 8 MiB to every run and a redzone
# and header to every allocation (many small ones in a misere quotient):
# there a run may use twice --memory plus 24 MiB, which still catches a
# run that ignores the limit, while the release build's check is the
# tight one.
# Its quarantine (freed memory held back to catch use after free, 256 MiB)
# is turned off here: it would count freed tables as resident.
case ${2:-0} in
ON|on|1|TRUE|true)
    overhead=24576 scale=2
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
    export ASAN_OPTIONS ;;
esac
if [ ! -x /usr/bin/time ]; then
    echo "FAIL /usr/bin/time is not installed (scripts/test.sh installs it:"
    echo "apt-get install time)"
    exit 1
fi
# peak LIMIT_KB NAME ARGS...: runs grundy ARGS, fails when its peak
# resident memory passes scale x LIMIT_KB + overhead (+ extra KiB when
# set). Its records go to $tmp/out, its exit status to $rc.
peak() {
    limit=$1 name=$2 allow=$((overhead + ${extra:-0}))
    shift 2
    /usr/bin/time -o "$tmp/time" -f %M "$grundy" "$@" < "${input:-/dev/null}" \
        > "$tmp/out" 2> "$tmp/err"
    rc=$?
    kb=$(tail -n 1 "$tmp/time")
    if [ "$kb" -le $((scale * limit + allow)) ]; then
        ok "$name: peak $kb KiB, --memory $limit KiB"
    else
        bad "$name: peak $kb KiB passes $scale x --memory $limit KiB + $allow"
    fi
}
officers="octal:0.6 2000000 + octal:0.60 2000000 + octal:0.600 2000000"
officers="$officers + hex:0.6 2000000 + hex:0.60 2000000 + octal:0.6000 2000000"
peak 16384 "six spellings of Officers in one position" --memory 16M $officers
for s in octal:0.6 octal:0.60 octal:0.600 octal:0.6000 hex:0.6 hex:0.60 \
         hex:0.600 octal:0.60000 hex:0.6000 octal:0.600000; do
    echo "$s 2000000"
done > "$tmp/stream"
input=$tmp/stream peak 16384 "a stream of ten spellings" --memory 16M
peak 4096 "grundy's game" --memory 4M grundy 20000
peak 4096 "wythoff" --memory 4M wythoff 3000,5000
peak 4096 "fib" --memory 4M fib 100000
peak 4096 "sub" --memory 4M sub:1,3,4 1000000
peak 4096 "kayles and octal:0.77" --memory 4M kayles 1000000 + octal:0.77 999999
# Misere quotients: twelve wild or large octal games, one line each, with
# a heap beyond 64 bits, so that each quotient is built until a limit
# stops it. The quotient's tables, its verifier's state sets and the
# context's other tables count together (it peaked at 23.6 MB at 8M and
# 15.3 MB at 4M when each was checked alone).
for g in 0.07 0.137 0.16 0.26 0.33 0.35 0.37 0.51 0.53 0.55 0.71 0.75; do
    echo "octal:$g 1000000000000000000000000000000"
done > "$tmp/misere"
input=$tmp/misere peak 8192 "twelve misere quotients in a stream" \
    --misere --memory 8M
if grep -q 'passes the memory limit; raise it with --memory [0-9][0-9]*[KMGT]$' \
        "$tmp/err"; then
    ok "twelve misere quotients: the refusals name the value"
else
    bad "twelve misere quotients: no refusal naming a --memory value: $(cat "$tmp/err")"
fi
input=$tmp/misere peak 4096 "twelve misere quotients in a stream" \
    --misere --memory 4M
# Numbers beyond 64 bits: their scratch counts against --memory too. A
# fib pile of 10^5 digits needs about 10 GiB of losing sequence: the
# refusal comes within the limit (it peaked at 141 MB with --memory 100M)
# and names the value to raise it to.
digits() {
    awk -v n="$1" -v d="$2" 'BEGIN { while (n-- > 0) printf "%s", d; print "" }'
}
big=$(digits 100000 1)
peak 102400 "fib pile of 10^5 digits" --memory 100M fib "$big"
if grep -q 'raise it with --memory [0-9][0-9]*[KMGT]$' "$tmp/err"; then
    ok "fib pile of 10^5 digits: the refusal names the value"
else
    bad "fib pile of 10^5 digits: no value to raise --memory to: $(cat "$tmp/err")"
fi
# A fib pile of 2000 digits is answered within 8M (it needs about 6M).
peak 8192 "fib pile of 2000 digits" --memory 8M fib "$(digits 2000 1)"
# nim: 10^5-digit heaps with --all.
digits 100000 3 | sed 's/^/nim /; s/$/ 5 6/' > "$tmp/nim"
peak 4096 "nim heaps of 10^5 digits, --all" --memory 4M --all -f "$tmp/nim"
# One --memory for the whole run, whatever --threads (issue 22.3): a
# stream of 1,018 different games, 1,000 fib:R losing sequences of 0.9
# to 2.2 MB (solved on the worker threads), ten fib piles of 2,500 to
# 3,400 digits (10 to 16 MB of scratch each) and eight octal codes with
# heaps of 10^6 (tables, on the main thread). Before the threads shared
# one account, each worker kept up to --memory of its own: this stream
# peaked at 228 MB on one thread (fib:R arrays held twice what was
# counted) and 842 MB on eight at --memory 64M. With one account, 86 MB
# on one thread and 88 to 96 MB on eight: a table or a pile's scratch
# was built beside --memory of kept tables, which made room only after
# it. Now the kept tables that no line uses make room first, and the
# allocator hands dropped tables back (big_blocks_apart in
# src/cli/lines.c, give_back in src/cli/rounds.c): 73 MB on one
# thread, 77 to 89 MB on eight (five runs each). What remains is the allocator's: freed small blocks in
# each thread's arena between the moments grundy hands them back, and
# the page tables and stacks of the threads. The allowance, beyond the
# others' 4 MiB: 10 MiB on one thread (its runs vary by 0.3 MB: 6 MiB
# of margin, and 86 MB fails), 24 MiB on eight (their runs vary by 12
# MB with the threads' timing: 5 MiB of margin over the worst run).
awk 'BEGIN {
    split("0.16 0.106 0.45 0.137 0.77 0.07 0.35 0.26", oc, " ")
    for (i = 0; i < 1000; i++) {
        print "fib:" 3000 + 5 * i " 123456789"
        if (i % 100 == 0) {
            s = ""
            for (k = 0; k < 2500 + i; k++) s = s (k % 9 + 1)
            print "fib " s
        }
        if (i % 125 == 0) print "octal:" oc[i / 125 + 1] " " 1000000 + 1000 * i
    }
}' > "$tmp/games"
for t in 1 8; do
    extra=10240
    [ "$t" -eq 1 ] || extra=24576
    input=$tmp/games extra=$extra peak 65536 \
        "1,018 different games, --threads $t" --threads $t --memory 64M
    cp "$tmp/out" "$tmp/out$t"
    cp "$tmp/err" "$tmp/err$t"
done
# The same records and messages on any number of threads: a line that
# does not fit beside what the other threads hold is answered by the
# main thread with the whole --memory, as one thread would.
if cmp -s "$tmp/out1" "$tmp/out8" && cmp -s "$tmp/err1" "$tmp/err8" &&
   [ "$(wc -l < "$tmp/out8")" -eq 1018 ]; then
    ok "1,018 different games: the same 1,018 records on 1 and 8 threads"
else
    bad "1,018 different games: 1 and 8 threads differ, or lines went unanswered"
fi
# A resume from --save FILE holds the table, not the file beside it
# (issue 26.2): FILE is read 256 KiB at a time, checked whole,
# then loaded. Officers to 2^21 heaps: a table of 2.4 MB (1.125 bytes a
# value), a file of 4.2 MB (2 bytes a value). Resumed under --memory 3M,
# more than the table but less than table and file, it succeeds with
# the values of the run that wrote FILE; it peaked at 5.4 to 5.5 MiB (8.2 MiB
# when the whole file was read first, which --memory 3M refused).
n=2097151
"$grundy" sg octal:0.6 0..$n --save "$tmp/officers" > "$tmp/fresh" ||
    bad "Officers to $n with --save"
peak 3072 "Officers resumed from a file of 2^21 values" --memory 3M \
    sg octal:0.6 0..$n --save "$tmp/officers"
if [ "$rc" = 0 ] && cmp -s "$tmp/out" "$tmp/fresh"; then
    ok "Officers resumed: the values of the run that wrote the file"
else
    bad "Officers resumed: exit $rc, other values or none: $(head -c 300 "$tmp/err")"
fi
# A byte flipped in the middle of the file (in its ninth chunk of 256
# KiB, checked after the first eight were read and let go): refused with the
# checksum's message, exit 2, within the same peak, and left as it is.
cp "$tmp/officers" "$tmp/flipped"
printf '\377' | dd of="$tmp/flipped" bs=1 seek=2097152 conv=notrunc 2>/dev/null
cp "$tmp/flipped" "$tmp/keep"
peak 3072 "a flipped byte in the middle of the file" --memory 3M \
    sg octal:0.6 0..$n --save "$tmp/flipped"
if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] &&
   grep -q "fails its checksum.*left as it is" "$tmp/err" &&
   cmp -s "$tmp/flipped" "$tmp/keep" && ! cmp -s "$tmp/flipped" "$tmp/officers"; then
    ok "a flipped byte in the middle: refused by its checksum, left as it is"
else
    bad "a flipped byte in the middle: exit $rc: $(head -c 300 "$tmp/err")"
fi
finish "memory_rss: every peak within $scale x --memory + $overhead KiB (10 MiB more for the stream on one thread, 24 MiB on eight)"
