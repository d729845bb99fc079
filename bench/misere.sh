#!/bin/sh
# misere.sh - misere play by misere quotients (issue: building Kayles'
# quotient to heap 100 and answering 'grundy --misere kayles 50 60 70 80
# 90 100 33 44' under 10 s; once built, misere lines stream at no less
# than a third of the normal-play speed of the same game), beside the
# exhaustive search on the same small positions: the commit before the
# quotients (BASE, default 11df163) answers misere Kayles by search only.
# Then Dawson's Kayles rows (a wild game: its quotient takes some seconds
# to build to heap 33 and stops at 34; half a minute before the
# verifier's steps were read from option images): 'grundy --misere dawson 40', 60
# and 70 beside commit 505d9e5 (before the quick quotient and the search
# it cuts short), which waits for the quotient on the row of 40 (one run
# of it, some 45 s; DAWSON_BASE=0 leaves it out).
. "$(dirname "$0")/lib.sh"
base=$(base_build "${BASE:-11df163}")
lines=${LINES_MISERE:-200000}

# Random Kayles lines: 3 to 6 rows of 1 to 100 pins (large), and of 1 to 8
# pins (small enough for the exhaustive search).
awk -v n="$lines" -v m=100 'BEGIN { srand(5); for (i = 0; i < n; i++) {
    k = 3 + int(rand() * 4); s = "";
    for (j = 0; j < k; j++) s = s " " (1 + int(rand() * m)); print substr(s, 2) } }' \
    > "$work/kayles_large.txt"
awk -v n=2000 -v m=8 'BEGIN { srand(6); for (i = 0; i < n; i++) {
    k = 2 + int(rand() * 3); s = "";
    for (j = 0; j < k; j++) s = s " " (1 + int(rand() * m)); print substr(s, 2) } }' \
    > "$work/kayles_small.txt"

one=$(seconds "$grundy" --misere kayles 50 60 70 80 90 100 33 44)
echo "misere kayles 50 60 70 80 90 100 33 44 (quotient to heap 100 built): $one s"
normal=$(seconds "$grundy" -f "$work/kayles_large.txt" kayles)
mis=$(seconds "$grundy" --misere -f "$work/kayles_large.txt" kayles)
echo "$lines lines of kayles rows up to 100: normal play $normal s, misere $mis s" \
     "(misere at $(ratio "$normal" "$mis")x the normal-play speed; goal >= 0.33)"
small_new=$(seconds "$grundy" --misere -f "$work/kayles_small.txt" kayles)
small_old=$(seconds "$base" --misere -f "$work/kayles_small.txt" kayles)
echo "2000 small lines (rows up to 8): quotient $small_new s," \
     "exhaustive search ($(echo "${BASE:-11df163}")) $small_old s"
# --all lists a move on each of two equal rows since after 11df163, which
# listed it once: compared as the outcome and the set of positions the
# winning moves leave, each sorted.
moves_left() {
    awk '{ out = $0; sub(/:.*/, "", out); n = split($0, mv, "; "); delete seen
           s = ""; k = 0
           for (i = 1; i <= n; i++) {
               if (!sub(/.*-> /, "", mv[i])) continue
               m = split(mv[i], h, " "); t = ""
               for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
                   if (h[b] + 0 < h[a] + 0) { x = h[a]; h[a] = h[b]; h[b] = x }
               for (a = 1; a <= m; a++) t = t " " h[a]
               if (!(t in seen)) { seen[t] = 1; all[++k] = t }
           }
           for (a = 1; a <= k; a++) for (b = a + 1; b <= k; b++)
               if (all[b] < all[a]) { x = all[a]; all[a] = all[b]; all[b] = x }
           for (a = 1; a <= k; a++) s = s ";" all[a]
           print out s }'
}
"$grundy" --misere --all kayles < "$work/kayles_small.txt" | moves_left > "$work/q.out"
"$base" --misere --all kayles < "$work/kayles_small.txt" | moves_left > "$work/s.out"
cmp -s "$work/q.out" "$work/s.out" &&
    echo "the same records as the search, with --all (outcome and positions left)" ||
    { echo "the records differ from the search" >&2; exit 1; }

for n in 40 60 70; do
    echo "misere dawson $n: $(seconds "$grundy" --misere dawson $n) s"
done
if [ "${DAWSON_BASE:-1}" = 1 ]; then
    dbase=$(base_build 505d9e5)
    t0=$(date +%s%N)
    "$dbase" --misere dawson 40 > "$work/dawson.base" || :
    t1=$(date +%s%N)
    "$grundy" --misere dawson 40 > "$work/dawson.new" || :
    cmp -s "$work/dawson.base" "$work/dawson.new" ||
        { echo "dawson 40: the answers differ from 505d9e5" >&2; exit 1; }
    awk -v us="$(( (t1 - t0) / 1000 ))" 'BEGIN {
        printf "misere dawson 40 at 505d9e5: %.3f s (one run; the same answer)\n",
               us / 1e6 }'
fi

# Misere quotients of wild codes (issue 26): the heap each code's quotient
# reaches within a fixed work (WILD_WORK steps, default 1e10) and the
# default memory, with its order, beside WILD_BASE built the same way
# (default ac0cfec: the last commit whose candidates were capped at 8192
# elements and 16 recalibrations a heap, where 0.35 stopped at 12 and 0.57
# at 28; ac8e22b is the one before the box of counts).
wbase=$(base_build "${WILD_BASE:-ac0cfec}")
wwork=${WILD_WORK:-1e10}
reached() {
    n=$("$1" --work "$wwork" quotient "$2" 60 2>&1 >/dev/null |
        sed -n 's/.*heaps up to \([0-9]*\) only.*/\1/p')
    n=${n:-60}
    echo "heap $n, $("$1" quotient "$2" "$n" | head -1 | sed 's/.*: order/order/')"
}
for code in octal:0.354 octal:0.6 octal:0.35 octal:0.64 octal:0.57 dawson; do
    echo "misere quotient of $code within $wwork steps: now $(reached "$grundy" "$code");" \
         "${WILD_BASE:-ac0cfec}: $(reached "$wbase" "$code")"
done
