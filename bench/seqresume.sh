#!/bin/sh
# seqresume.sh [BITS...] - the peak memory of a resume from --save FILE
# (issue 26.2): Officers (octal:0.6) to 2^BITS heaps (default 22 and 24)
# saved once by this build, then `grundy --save FILE sg octal:0.6
# 0..2^BITS-1` resumed from that file by this build and by a build of
# commit 0c161ef (which read the whole file before loading it;
# BENCH_BASE to change it), and a single value resumed (no range
# printed, so no output buffers). For each (bench/lib.sh, peak_measure):
# wall and CPU time, values a second, peak resident memory, bytes
# a value (peak less a trivial run's, over 2^BITS), and whether the two
# builds printed the same values (a checksum of the output).
. "$(dirname "$0")/lib.sh"
bits_list=${*:-22 24}
base_rev=${BENCH_BASE:-0c161ef}
old=$(base_build "$base_rev")
peak_setup
echo "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for bits in $bits_list; do
    last=$(((1 << bits) - 1))
    file=$work/officers-$bits.seq
    [ -s "$file" ] || peak_measure "save: octal:0.6 to 2^$bits" "$bits" \
        "$grundy" sg octal:0.6 $last --save "$file"
    peak_measure "resume 0..2^$bits-1, now" "$bits" \
        "$grundy" --save "$file" sg octal:0.6 0..$last
    mv "$work/sum" "$work/sum-now"
    peak_measure "resume 0..2^$bits-1, $base_rev" "$bits" \
        "$old" --save "$file" sg octal:0.6 0..$last
    if cmp -s "$work/sum" "$work/sum-now"; then
        echo "  the same values in both builds ($(cut -d' ' -f1 "$work/sum"))"
    else
        echo "  THE VALUES DIFFER: $(cat "$work/sum-now") against $(cat "$work/sum")"
    fi
    peak_measure "resume $last alone, now" "$bits" \
        "$grundy" --save "$file" sg octal:0.6 $last
    peak_measure "resume $last alone, $base_rev" "$bits" \
        "$old" --save "$file" sg octal:0.6 $last
done
