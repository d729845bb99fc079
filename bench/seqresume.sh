#!/bin/sh
# seqresume.sh [BITS...] - the peak memory of a resume from --save FILE
# (issue 26.2): Officers (octal:0.6) to 2^BITS heaps (default 22 and 24)
# saved once by this build, then `grundy --save FILE sg octal:0.6
# 0..2^BITS-1` resumed from that file by this build and by a build of
# commit 0c161ef (which read the whole file before loading it;
# BENCH_BASE to change it), and a single value resumed (no range
# printed, so no output buffers). For each: peak resident memory, bytes
# a value (peak less a trivial run's, over 2^BITS), and whether the two
# builds printed the same values (a checksum of the output).
. "$(dirname "$0")/lib.sh"
bits_list=${*:-22 24}
base_rev=${BENCH_BASE:-0c161ef}
old=$(base_build "$base_rev")
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
"$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
read -r rss0 _ < "$work/rss0"
# measure LABEL BITS CMD...: one line of figures; the output's checksum
# goes to $work/sum.
measure() {
    label=$1 bits=$2
    shift 2
    "$work/peak_rss" "$@" 2> "$work/rss" | cksum > "$work/sum"
    read -r rss secs cpu < "$work/rss"
    awk -v l="$label" -v r="$rss" -v r0="$rss0" -v n=$((1 << bits)) \
        -v s="$secs" -v c="$cpu" \
        'BEGIN { printf "%-36s %6.1f s %6.1f s CPU %7.1f MB %5.2f B/value\n",
                 l, s, c, r / 1048576, (r - r0) / n }'
}
echo "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for bits in $bits_list; do
    last=$(((1 << bits) - 1))
    file=$work/officers-$bits.seq
    [ -s "$file" ] || measure "save: octal:0.6 to 2^$bits" "$bits" \
        "$grundy" sg octal:0.6 $last --save "$file"
    measure "resume 0..2^$bits-1, now" "$bits" \
        "$grundy" --save "$file" sg octal:0.6 0..$last
    mv "$work/sum" "$work/sum-now"
    measure "resume 0..2^$bits-1, $base_rev" "$bits" \
        "$old" --save "$file" sg octal:0.6 0..$last
    if cmp -s "$work/sum" "$work/sum-now"; then
        echo "  the same values in both builds ($(cut -d' ' -f1 "$work/sum"))"
    else
        echo "  THE VALUES DIFFER: $(cat "$work/sum-now") against $(cat "$work/sum")"
    fi
    measure "resume $last alone, now" "$bits" \
        "$grundy" --save "$file" sg octal:0.6 $last
    measure "resume $last alone, $base_rev" "$bits" \
        "$old" --save "$file" sg octal:0.6 $last
done
