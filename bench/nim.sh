#!/bin/sh
# nim.sh - streaming speed: 10^6 positions of 8 random 64-bit nim heaps
# through `grundy nim` (text and --json), next to `wc -l` on the same file
# in the same run; with the default threads (one per CPU) and with one.
# Target (issue 14): text within 4x of wc -l, JSON within 5x. Beside
# them, in the same run: the commit before that work (PREV, default
# 1375665), and the commit before numbers of any size (BASE, default
# 645539c): 64-bit streams must lose no more than 5% to it.
. "$(dirname "$0")/lib.sh"
in=$work/nim8.txt
[ -s "$in" ] || "$gen" 1000000 8 > "$in"
echo "input: $(wc -l < "$in") lines, $(wc -c < "$in") bytes"
prev=$(base_build "${PREV:-1375665}")
base=$(base_build "${BASE:-645539c}")
wc=$(seconds wc -l "$in")
text=$(seconds sh -c "'$grundy' nim < '$in'")
json=$(seconds sh -c "'$grundy' --json nim < '$in'")
text1=$(seconds sh -c "'$grundy' --threads 1 nim < '$in'")
json1=$(seconds sh -c "'$grundy' --threads 1 --json nim < '$in'")
ptext=$(seconds sh -c "'$prev' nim < '$in'")
pjson=$(seconds sh -c "'$prev' --json nim < '$in'")
btext=$(seconds sh -c "'$base' nim < '$in'")
btext1=$(seconds sh -c "'$base' --threads 1 nim < '$in'")
p=${PREV:-1375665}
b=${BASE:-645539c}
echo "wc -l:                           ${wc} s"
echo "grundy nim:                      ${text} s  ($(ratio "$text" "$wc")x wc -l)"
echo "grundy --json nim:               ${json} s  ($(ratio "$json" "$wc")x wc -l)"
echo "grundy --threads 1 nim:          ${text1} s  ($(ratio "$text1" "$wc")x wc -l)"
echo "grundy --threads 1 --json nim:   ${json1} s  ($(ratio "$json1" "$wc")x wc -l)"
echo "$p grundy nim:             ${ptext} s  ($(ratio "$ptext" "$wc")x wc -l; now $(ratio "$text" "$ptext")x of it)"
echo "$p grundy --json nim:      ${pjson} s  ($(ratio "$pjson" "$wc")x wc -l; now $(ratio "$json" "$pjson")x of it)"
echo "$b grundy nim:             ${btext} s  (now $(ratio "$text" "$btext")x of it)"
echo "$b grundy --threads 1 nim: ${btext1} s  (now $(ratio "$text1" "$btext1")x of it)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
