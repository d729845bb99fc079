#!/bin/sh
# classic.sh - streaming speed of the classic games: 10^6 random 64-bit
# Wythoff pairs (lines "wythoff a,b") and 10^6 random 64-bit fresh fib piles
# (lines "fib n") through `grundy --json`, timed in the same run next to the
# Nim stream of bench/nim.sh (10^6 lines of 8 random 64-bit heaps through
# `grundy --json nim`). Target (issue 4): each within 2x of the Nim stream.
# The Nim stream runs on one thread per CPU (closed form); lines naming
# their own game run on one thread, so the Nim stream is also timed with
# --threads 1 for a like-for-like figure.
. "$(dirname "$0")/lib.sh"
nim=$work/nim8.txt
wy=$work/wythoff.txt
fib=$work/fib.txt
[ -s "$nim" ] || "$gen" 1000000 8 > "$nim"
[ -s "$wy" ] || "$gen" 1000000 2 "wythoff " "," > "$wy"
[ -s "$fib" ] || "$gen" 1000000 1 "fib " > "$fib"
for f in "$nim" "$wy" "$fib"; do
    echo "input: $(basename "$f"): $(wc -l < "$f") lines, $(wc -c < "$f") bytes"
done
tn=$(seconds sh -c "'$grundy' --json nim < '$nim'")
t1=$(seconds sh -c "'$grundy' --json --threads 1 nim < '$nim'")
tw=$(seconds sh -c "'$grundy' --json < '$wy'")
tf=$(seconds sh -c "'$grundy' --json < '$fib'")
echo "grundy --json nim (8 heaps):            ${tn} s"
echo "grundy --json --threads 1 nim:          ${t1} s"
echo "grundy --json (wythoff a,b lines):      ${tw} s  ($(ratio "$tw" "$tn")x nim, $(ratio "$tw" "$t1")x nim on one thread)"
echo "grundy --json (fib n lines):            ${tf} s  ($(ratio "$tf" "$tn")x nim, $(ratio "$tf" "$t1")x nim on one thread)"
