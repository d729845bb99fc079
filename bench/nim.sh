#!/bin/sh
# nim.sh - streaming speed: 10^6 positions of 8 random 64-bit nim heaps
# through `grundy nim` (text and --json), next to `wc -l` on the same file
# in the same run; with the default threads (one per CPU) and with one.
# Target (issue 2): text within 5x of wc -l.
. "$(dirname "$0")/lib.sh"
in=$work/nim8.txt
[ -s "$in" ] || "$gen" 1000000 8 > "$in"
echo "input: $(wc -l < "$in") lines, $(wc -c < "$in") bytes"
wc=$(seconds wc -l "$in")
text=$(seconds sh -c "'$grundy' nim < '$in'")
json=$(seconds sh -c "'$grundy' --json nim < '$in'")
text1=$(seconds sh -c "'$grundy' --threads 1 nim < '$in'")
json1=$(seconds sh -c "'$grundy' --threads 1 --json nim < '$in'")
echo "wc -l:                           ${wc} s"
echo "grundy nim:                      ${text} s  ($(ratio "$text" "$wc")x wc -l)"
echo "grundy --json nim:               ${json} s  ($(ratio "$json" "$wc")x wc -l)"
echo "grundy --threads 1 nim:          ${text1} s  ($(ratio "$text1" "$wc")x wc -l)"
echo "grundy --threads 1 --json nim:   ${json1} s  ($(ratio "$json1" "$wc")x wc -l)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
