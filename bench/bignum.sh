#!/bin/sh
# bignum.sh - heaps beyond 64 bits: one line of four nim heaps of 10^4
# decimal digits each, kayles (normal and misere play) and bounded lines
# of the same size, a 60-digit and a 10^4-digit Wythoff pair, and a fib
# pile of 2000 digits
# (issue: well under a second each). Each is timed as the whole command
# (start-up, parsing, decimal conversion, solving, printing).
. "$(dirname "$0")/lib.sh"
digits() {
    awk -v n="$1" -v s="$2" 'BEGIN { srand(s); printf "%d", 1 + int(rand() * 9);
        for (i = 1; i < n; i++) printf "%d", int(rand() * 10); }'
}
a=$(digits 10000 1) b=$(digits 10000 2) c=$(digits 10000 3) d=$(digits 10000 4)
w=$(digits 60 5) w2=$(digits 10000 6) f=$(digits 2000 7)
echo "nim, 4 heaps of 10^4 digits:      $(seconds "$grundy" nim "$a" "$b" "$c" "$d") s"
echo "bounded:1000, the same:           $(seconds "$grundy" bounded:1000 "$a" "$b" "$c" "$d") s"
echo "kayles, the same:                 $(seconds "$grundy" kayles "$a" "$b" "$c" "$d") s"
echo "kayles, the same, misere:         $(seconds "$grundy" --misere kayles "$a" "$b" "$c" "$d") s"
echo "wythoff, a 60-digit pair:         $(seconds "$grundy" wythoff "$w,${w}7") s"
echo "wythoff, a 10^4-digit pair:       $(seconds "$grundy" wythoff "$w2,${w2}7") s"
echo "fib, a pile of 2000 digits:       $(seconds "$grundy" fib "$f") s"
