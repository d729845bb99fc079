#!/bin/sh
# seqcompact.sh [BITS...] - the compact sequence table (issue 26.2):
# Officers (octal:0.6) and Grundy's game to 2^BITS heaps (default 24 and
# 26) on two threads, this build beside a build of commit 766d6d0 (the
# 16-bit table; BENCH_BASE to change it) in the same run. For each run:
# wall and CPU seconds, values a second (wall), peak resident memory and
# bytes a value (peak less a trivial run's, over 2^BITS), and whether the
# two builds printed the same values (a checksum of the whole output).
# A shared machine's load slows the rates (its load average is printed);
# the memory figures do not depend on it.
. "$(dirname "$0")/lib.sh"
bits_list=${*:-24 26}
base_rev=${BENCH_BASE:-766d6d0}
old=$(base_build "$base_rev")
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
"$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
read -r rss0 _ < "$work/rss0"
# measure LABEL BITS CMD...: one line of figures; the output's checksum
# goes to $work/sum.
measure() {
    label=$1 bits=$2
    shift 2
    len=$((1 << bits))
    "$work/peak_rss" "$@" 2> "$work/rss" | cksum > "$work/sum"
    read -r rss secs cpu < "$work/rss"
    awk -v l="$label" -v r="$rss" -v r0="$rss0" -v n="$len" -v s="$secs" \
        -v c="$cpu" \
        'BEGIN { printf "%-30s %7.1f s %7.1f s CPU %8.0f values/s %7.1f MB %5.2f B/value\n",
                 l, s, c, n / s, r / 1048576, (r - r0) / n }'
}
echo "two threads; now beside $base_rev; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for bits in $bits_list; do
    last=$(((1 << bits) - 1))
    for g in octal:0.6 grundy; do
        measure "now: $g to 2^$bits" "$bits" \
                "$grundy" --threads 2 sg "$g" 0..$last
        mv "$work/sum" "$work/sum-now"
        measure "$base_rev: $g to 2^$bits" "$bits" \
                "$old" --threads 2 sg "$g" 0..$last
        if cmp -s "$work/sum" "$work/sum-now"; then
            echo "  the same values in both builds ($(cut -d' ' -f1 "$work/sum"))"
        else
            echo "  THE VALUES DIFFER: $(cat "$work/sum-now") against $(cat "$work/sum")"
        fi
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
