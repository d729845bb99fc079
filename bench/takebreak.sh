#!/bin/sh
# takebreak.sh - benchmarks of long and infinite take-and-break move sets
# (issue 10), each next to the plain definition in the same run, values
# compared where both ran:
#   (a) stripes:1..10000 to 10^4 heaps (one range: a counted window)
#   (b) octal:0.(7) and octal:0.1(3) to 10^4 heaps (repeating groups)
#   (c) hex:0.(f) to 10^4 heaps (splits in three from every k)
#   (d) Grundy's game to 2^20 heaps (sparse space, unequal splits)
# The definition visits every k and every split, O(N^3) for (a)-(b): it
# runs to fewer heaps (printed). Usage: sh bench/takebreak.sh [a|b|c|d ...]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -std=c11 -O3 ${BENCH_CFLAGS:-} -I"$root/include" -I"$root/src" \
    "$root/bench/takebreak_bench.c" "$root"/src/sgseq*.c \
    "$root/src/sgclass.c" "$root/src/util.c" "$root/src/error.c" \
    "$root/src/bignum.c" "$root/src/bignum_dec.c" "$root/src/intmath.c" \
    "$root/src/nat.c" \
    -pthread -o "$tmp/tb"
# BENCH_BUILD_ONLY=1: compile and stop (ctest's bench_builds keeps the
# script building as the sources change).
[ "${BENCH_BUILD_ONLY:-0}" = 1 ] && exit 0
b="$tmp/tb"
echo "machine: $(nproc) cores, load average$(uptime | sed 's/.*load average//')"
for part in ${*:-a b c d}; do
    case $part in
    a) "$b" stripes-range 10000 10000 1500 ;;
    b) "$b" repeat7 10000 1500; "$b" repeat13 10000 1500 ;;
    c) "$b" hex-repeat 10000 300 ;;
    d) "$b" grundy 1048576 20000 ;;
    esac
done
