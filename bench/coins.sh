#!/bin/sh
# coins.sh - streaming speed of the coin-turning games and Euclid's game
# (issue 24): 10^6 random lines of Euclid pairs of random 64-bit numbers,
# of Mock Turtles (four coins below 10^15 each), of Turning
# Corners (three coins of coordinates below 2^20) and of single Turning
# Corners coins of random 64-bit coordinates (every line a win: a move is
# searched in the nimber field), through `grundy --json`, timed in the
# same run next to the Nim stream of bench/nim.sh (10^6 lines of 8 random
# 64-bit heaps through `grundy --json nim`). Lines that name their game
# run on one thread, so the Nim stream is also timed with --threads 1.
. "$(dirname "$0")/lib.sh"
nim=$work/nim8.txt
mock=$work/mock.txt
corners=$work/corners.txt
corners64=$work/corners64.txt
euclid=$work/euclid.txt
[ -s "$nim" ] || "$gen" 1000000 8 > "$nim"
[ -s "$mock" ] || awk 'BEGIN { srand(24); for (i = 0; i < 1000000; i++)
    printf "mock %.0f %.0f %.0f %.0f\n", int(rand() * 1e15), int(rand() * 1e15),
           int(rand() * 1e15), int(rand() * 1e15) }' > "$mock"
[ -s "$corners" ] || awk 'BEGIN { srand(25); for (i = 0; i < 1000000; i++)
    printf "corners %d,%d %d,%d %d,%d\n", int(rand() * 1048576),
           int(rand() * 1048576), int(rand() * 1048576), int(rand() * 1048576),
           int(rand() * 1048576), int(rand() * 1048576) }' > "$corners"
[ -s "$corners64" ] || "$gen" 1000000 2 "corners " "," > "$corners64"
[ -s "$euclid" ] || "$gen" 1000000 2 "euclid " "," > "$euclid"
for f in "$nim" "$mock" "$corners" "$corners64" "$euclid"; do
    echo "input: $(basename "$f"): $(wc -l < "$f") lines, $(wc -c < "$f") bytes"
done
tn=$(seconds sh -c "'$grundy' --json nim < '$nim'")
t1=$(seconds sh -c "'$grundy' --json --threads 1 nim < '$nim'")
tm=$(seconds sh -c "'$grundy' --json < '$mock'")
tc=$(seconds sh -c "'$grundy' --json < '$corners'")
t6=$(seconds sh -c "'$grundy' --json < '$corners64'")
te=$(seconds sh -c "'$grundy' --json < '$euclid'")
echo "grundy --json nim (8 heaps):              ${tn} s"
echo "grundy --json --threads 1 nim:            ${t1} s"
echo "grundy --json (mock, 4 coins):            ${tm} s  ($(ratio "$tm" "$tn")x nim, $(ratio "$tm" "$t1")x nim on one thread)"
echo "grundy --json (corners, 3 coins < 2^20):  ${tc} s  ($(ratio "$tc" "$tn")x nim, $(ratio "$tc" "$t1")x nim on one thread)"
echo "grundy --json (corners, 1 coin, 64-bit):  ${t6} s  ($(ratio "$t6" "$tn")x nim, $(ratio "$t6" "$t1")x nim on one thread)"
echo "grundy --json (euclid, 64-bit pairs):     ${te} s  ($(ratio "$te" "$tn")x nim, $(ratio "$te" "$t1")x nim on one thread)"
