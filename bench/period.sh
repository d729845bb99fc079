#!/bin/sh
# period.sh - `grundy period` on periods that start late or are long: the
# search now (the last earlier copy of the top block, by fingerprints,
# checked value by value: a period is found as soon as its certificate
# fits) beside a baseline build of an earlier commit in the same run
# (BENCH_BASE, default 3fdbd55: the least period of the last sixteenth of
# the table, which sees a period p only from about 16 p values on, and 4
# bytes charged per value).
#   octal:0.376   p=4           n0=2,268,248    certificate 4,536,507
#   octal:0.354   p=1180        n0=10,061,916   certificate 20,126,195
#   octal:0.16    p=149,459     n0=105,351      certificate 509,622
#   octal:0.1777  p=60,620,715  n0=160,949,018  certificate 443,139,470
# octal:0.1777 is Flammenkamp's (OEIS A071509); the baseline stops at the
# default 1 GiB and is run again with --memory BENCH_OLD_MEMORY (default
# 5G: about 2.4 GB resident; BENCH_OLD_MEMORY=none skips it).
# Columns: wall time, CPU time (user + system: on a shared machine the
# steadier figure), peak RSS, and bytes per value of the table the answer
# names (the certificate, or the n searched).
. "$(dirname "$0")/lib.sh"
base_rev=${BENCH_BASE:-3fdbd55}
old_memory=${BENCH_OLD_MEMORY:-5G}
old=$(base_build "$base_rev")
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
# measure LABEL CMD...: one line of figures.
measure() {
    label=$1
    shift
    "$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
    out=$("$work/peak_rss" "$@" 2> "$work/rss") || true
    read -r rss0 _ < "$work/rss0"
    read -r rss secs cpu < "$work/rss"
    len=$(echo "$out" | sed -n 's/.*certified by the first \([0-9]*\).*/\1/p;
                              s/.*no period found up to n=\([0-9]*\).*/\1/p')
    awk -v l="$label" -v o="$out" -v r="$rss" -v r0="$rss0" -v n="${len:-1}" \
        -v s="$secs" -v c="$cpu" \
        'BEGIN { printf "%-34s %7.2f s %7.2f s cpu %7.1f MB %5.2f B/value  %s\n",
            l, s, c, r / 1048576, (r - r0) / n, o }'
}
for g in octal:0.376 octal:0.354 octal:0.16 octal:0.1777; do
    measure "now: period $g" "$grundy" period "$g"
    measure "base: period $g" "$old" period "$g"
done
if [ "$old_memory" != none ]; then
    measure "base: --memory $old_memory period octal:0.1777" \
        "$old" --memory "$old_memory" period octal:0.1777
fi
