#!/bin/sh
# seqmem.sh [BITS] - long Grundy sequences on one machine (issue 26.2):
# Officers (octal:0.6) and Grundy's game to 2^BITS heaps (default 24) on
# two threads, beside a build of an earlier commit in the same run
# (BENCH_BASE, default f4bde0e: --save encoded the whole file in memory,
# and a resume read it into a doubling buffer and copied it once more).
# For each: wall time, values a second, peak memory and bytes a value
# (peak RSS less a trivial run's, over the table's 2^BITS values) of
#   sg         a plain run, output to /dev/null
#   sg --save  the same run saving its file (a checkpoint at each doubling)
#   resume     the same run again from that file (its values loaded, none
#              computed: the memory a resume after a kill starts with)
# A shared machine's load slows the rates (its load average is printed);
# the memory figures do not depend on it.
. "$(dirname "$0")/lib.sh"
bits=${1:-24}
base_rev=${BENCH_BASE:-f4bde0e}
old=$(base_build "$base_rev")
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
len=$((1 << bits))
last=$((len - 1))
# measure LABEL CMD...: one line of figures.
measure() {
    label=$1
    shift
    "$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
    "$work/peak_rss" "$@" 2> "$work/rss" > /dev/null || true
    read -r rss0 _ < "$work/rss0"
    read -r rss secs < "$work/rss"
    awk -v l="$label" -v r="$rss" -v r0="$rss0" -v n="$len" -v s="$secs" \
        'BEGIN { printf "%-34s %8.1f s %9.0f values/s %7.1f MB %5.2f B/value\n",
                 l, s, n / s, r / 1048576, (r - r0) / n }'
}
echo "2^$bits heaps, two threads; now beside $base_rev"
for g in octal:0.6 grundy; do
    for who in now base; do
        bin=$grundy
        [ "$who" = base ] && bin=$old
        f=$work/seqmem-$who.sq
        rm -f "$f"
        measure "$who: sg $g 0..2^$bits-1" "$bin" --threads 2 sg "$g" 0..$last
        measure "$who: the same with --save" "$bin" --threads 2 sg "$g" \
                0..$last --save "$f"
        measure "$who: resumed from the file" "$bin" --threads 2 sg "$g" \
                0..$last --save "$f"
        rm -f "$f"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
