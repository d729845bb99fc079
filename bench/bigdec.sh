#!/bin/sh
# bigdec.sh - numbers of 10^4 to 10^6 decimal digits (issue 25). First
# the conversion itself (bench/bigdec_bench.c): bignum_parse_dec and
# bignum_to_dec beside the schoolbook they replaced, in the same run on
# the same digits, in CPU seconds (the schoolbook only up to 3 10^5
# digits, BIG=1 for 10^6: about a minute). Then the whole command on one `nim N 1` line on
# stdin (read, solved, answered: sg = N xor 1 and the N - 1 taken are
# printed), in wall seconds, next to the commit before this work (BASE, default 3fdbd55)
# up to 3 10^5 digits (BIG=1: 10^6 too, minutes). Target: 10^6 digits
# read and printed in under a second. (A number that long cannot be an
# argument: the kernel takes at most 128 KiB per argument,
# MAX_ARG_STRLEN; hence stdin.)
. "$(dirname "$0")/lib.sh"
${CC:-cc} -std=c11 -O2 -I"$root/src" "$root/bench/bigdec_bench.c" \
    "$root/src/bignum.c" "$root/src/bignum_dec.c" "$root/src/intmath.c" \
    -o "$work/bigdec_bench"
# BENCH_BUILD_ONLY=1: compile and stop.
[ "${BENCH_BUILD_ONLY:-0}" = 1 ] && exit 0
big=300000
[ "${BIG:-0}" = 1 ] && big=1000000
echo "machine: $(nproc) cores, load average$(uptime | sed 's/.*load average//')"
printf '%-9s %12s %12s %12s %12s\n' digits "read (s)" "print (s)" \
       "schoolbook" "schoolbook"
for n in 10000 100000 300000 1000000; do
    "$work/bigdec_bench" "$n" "$big"
done
base=$(base_build "${BASE:-3fdbd55}")
printf '\n%-9s %12s %12s\n' digits "grundy (s)" "was"
for n in 10000 100000 300000 1000000; do
    f=$work/bigdec-$n-1.txt
    [ -s "$f" ] || awk -v n="$n" 'BEGIN { srand(1);
        printf "nim %d", 1 + int(rand() * 9);
        for (i = 1; i < n; i++) printf "%d", int(rand() * 10); print " 1" }' \
        > "$f"
    p=$(seconds sh -c "'$grundy' < '$f'")
    p0=-
    if [ "$n" -le "$big" ]; then
        p0=$(seconds sh -c "'$base' < '$f'")
    fi
    printf '%-9s %12s %12s\n' "$n" "$p" "$p0"
done
