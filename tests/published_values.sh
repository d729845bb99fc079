#!/bin/sh
# published_values.sh GRUNDY - the sequence engine's tables against
# published figures. To 2^21 heaps (T. Czajka's octal-games project,
# UnsolvedGames.md; its count of rare heaps includes heap 0):
#   Officers (octal:0.6): largest value 319, first at heap 1274955; rare
#     mask 0x1ee (v is rare when v & 0x1ee has an even number of bits);
#     1584 rare heaps, the last 20627.
#   Grundy's game: largest value 231, first at heap 763622; mask 0xfe;
#     1274 rare heaps, the last 82860.
# And Grundy's game's first 105 values (OEIS A002188) and its first
# sparse values (Flammenkamp).
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir

# The figures of the values read as 'n value' lines: "MAX AT RARE LAST".
# POSIX awk has no bit operations, so the popcount of v & mask is taken
# bit by bit; a value's rarity is remembered once found.
figures() {
    awk -v mask="$1" '
    function rare_bits(v, m,    c) {
        c = 0
        while (v > 0 && m > 0) {
            if (v % 2 == 1 && m % 2 == 1) c++
            v = int(v / 2); m = int(m / 2)
        }
        return c
    }
    $2 + 0 > max || NR == 1 { max = $2 + 0; at = $1 }
    {
        if (!($2 in rare)) rare[$2] = rare_bits($2 + 0, mask) % 2 == 0
        if (rare[$2]) { count++; last = $1 }
    }
    END { print max, at, count, last }'
}

# check NAME GAME MASK WANT: the figures of GAME's values to 2^21 heaps.
check() {
    name=$1 game=$2 mask=$3 want=$4
    "$grundy" --threads 2 sg "$game" 0..2097151 > "$tmp/values" 2> "$tmp/err"
    st=$?
    got=$(figures "$mask" < "$tmp/values")
    if [ "$st" = 0 ] && [ ! -s "$tmp/err" ] && [ "$got" = "$want" ]; then
        ok "$name to 2^21: largest, first at, rare heaps, last rare: $got"
    else
        bad "$name: status $st, figures '$got' (want '$want')"
        head -c 600 "$tmp/err"
    fi
}
check "Officers (octal:0.6)" octal:0.6 494 "319 1274955 1584 20627"
check "Grundy's game" grundy 254 "231 763622 1274 82860"

# OEIS A002188: Grundy's game, heaps 0 to 104.
a002188="0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2
4 1 2 4 1 2 4 1 5 4 1 5 4 1 5 4 1 0 2 1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 3
2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3"
want=$(echo $a002188)
got=$("$grundy" sg grundy 0..104 | awk '{ printf "%s%s", s, $2; s = " " }')
if [ "$got" = "$want" ]; then
    ok "Grundy's game, heaps 0 to 104: OEIS A002188"
else
    bad "Grundy's game, heaps 0 to 104: '$got' (want OEIS A002188 '$want')"
fi
# Flammenkamp's page "Sprague-Grundy Values of Grundy's Game": the first
# sparse values.
want="87 7 90 7 93 7 146 6 158 11 181 12 190 12 196 10 231 10"
got=$(echo $("$grundy" sg grundy 87 90 93 146 158 181 190 196 231))
if [ "$got" = "$want" ]; then
    ok "Grundy's game: Flammenkamp's sparse values"
else
    bad "Grundy's game: '$got' (want Flammenkamp's '$want')"
fi
finish "published values: all match"
