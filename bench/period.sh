#!/bin/sh
# period.sh - `grundy period` on periods that start late, with its peak
# memory per value of the table, beside a baseline build of an earlier
# commit in the same run (BENCH_BASE, default 33dc804: the period search
# stopped at 2^20 values and its certificate used a 4-byte array over
# half the table; there `grundy sg GAME N` is the way to reach the heap).
#   octal:0.376  p=4     n0=2,268,248   (certified at a table of 2^23)
#   octal:0.354  p=1180  n0=10,061,916  (certified at a table of 2^25)
# Bytes per value = (peak RSS - RSS of a trivial run) / table length.
. "$(dirname "$0")/lib.sh"
base_rev=${BENCH_BASE:-33dc804}
old=$(base_build "$base_rev")
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
# measure LABEL TABLE-LENGTH CMD...: one line of figures.
measure() {
    label=$1 len=$2
    shift 2
    "$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
    out=$("$work/peak_rss" "$@" 2> "$work/rss") || true
    read -r rss0 _ < "$work/rss0"
    read -r rss secs < "$work/rss"
    awk -v l="$label" -v o="$out" -v r="$rss" -v r0="$rss0" -v n="$len" \
        -v s="$secs" 'BEGIN { printf "%-30s %6.2f s %7.1f MB %5.2f B/value  %s\n",
            l, s, r / 1048576, (r - r0) / n, o }'
}
for game in octal:0.376:23 octal:0.354:25; do
    g=${game%:*} bits=${game##*:}
    len=$((1 << bits))
    measure "now: period $g" "$len" "$grundy" period "$g"
    measure "base: period $g" "$len" "$old" period "$g"
    measure "base: sg $g $((len - 1))" "$len" "$old" sg "$g" $((len - 1))
done
