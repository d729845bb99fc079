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
peak_setup
echo "two threads; now beside $base_rev; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for bits in $bits_list; do
    last=$(((1 << bits) - 1))
    for g in octal:0.6 grundy; do
        peak_measure "now: $g to 2^$bits" "$bits" \
                "$grundy" --threads 2 sg "$g" 0..$last
        mv "$work/sum" "$work/sum-now"
        peak_measure "$base_rev: $g to 2^$bits" "$bits" \
                "$old" --threads 2 sg "$g" 0..$last
        if cmp -s "$work/sum" "$work/sum-now"; then
            echo "  the same values in both builds ($(cut -d' ' -f1 "$work/sum"))"
        else
            echo "  THE VALUES DIFFER: $(cat "$work/sum-now") against $(cat "$work/sum")"
        fi
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
