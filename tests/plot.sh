#!/bin/sh
# plot.sh GRUNDY - grundy plot GAME N writes a well-formed SVG picture
# (parsed by python3's xml.etree, or xmllint, whichever is here): one
# point per heap for a short range, each with the value 'grundy sg'
# prints and the class (rare or common) the caption's rule gives, by
# frequency or by the engine's sparse-space split; the certified period
# marked; a long range thinned to a small file; and the errors (unknown
# game, a game without heaps, N past the limit, a table past --memory)
# with their messages, exit statuses and nothing on stdout.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir

# well_formed FILE: parsed as XML, or the check reported as not run.
if command -v python3 >/dev/null 2>&1 &&
   python3 -c 'import xml.etree.ElementTree' 2>/dev/null; then
    well_formed() { python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1"; }
elif command -v xmllint >/dev/null 2>&1; then
    well_formed() { xmllint --noout "$1"; }
else
    echo "no python3 nor xmllint: the SVG files are not parsed"
    well_formed() { :; }
fi

# points FILE: "n value class" of each point drawn.
points() {
    sed -n 's/^<circle class="\([a-z]*\)".*<title>G(\([0-9]*\)) = \([0-9]*\)<\/title>.*/\2 \3 \1/p' "$1"
}

# A short range: kayles 0..100, rare values by frequency (fewer than 1%
# of the 101 heaps: values taken once).
"$grundy" plot kayles 100 > "$tmp/k.svg" || bad "plot kayles 100: exit $?"
well_formed "$tmp/k.svg" || bad "plot kayles 100: not well-formed XML"
points "$tmp/k.svg" > "$tmp/k.points"
[ "$(wc -l < "$tmp/k.points")" = 101 ] ||
    bad "plot kayles 100: $(wc -l < "$tmp/k.points") points, not 101"
"$grundy" sg kayles 0..100 > "$tmp/k.sg"
awk 'NR == FNR { count[$2]++; v[$1] = $2; next }
     { want = count[$2] * 100 < 101 ? "rare" : "common"
       if (v[$1] != $2 || $3 != want) { print "heap " $1 ": " $2 " " $3 ", want " v[$1] " " want; bad = 1 }
       seen++ }
     END { if (seen != 101) print "points seen: " seen; exit bad || seen != 101 }' \
    "$tmp/k.sg" "$tmp/k.points" > "$tmp/k.diff" ||
    { bad "plot kayles 100: points differ from grundy sg:"; head "$tmp/k.diff"; }
grep -q 'n0 = 71, p = 12<' "$tmp/k.svg" || bad "plot kayles 100: period not marked"
grep -q '^<rect class="period"' "$tmp/k.svg" || bad "plot kayles 100: no period band"
grep -q 'period p = 12 from n0 = 71, certified by the first 168 values' \
    "$tmp/k.svg" || bad "plot kayles 100: caption without the period"

# octal:0.106 from heap 256 on is computed in sparse space: the classes
# follow the mask the caption gives.
"$grundy" plot octal:0.106 700 > "$tmp/o.svg" || bad "plot octal:0.106 700: exit $?"
well_formed "$tmp/o.svg" || bad "plot octal:0.106 700: not well-formed XML"
rule=$(sed -n 's/.*rare: heaps n with parity(G(n) &amp; \([0-9]*\))\( xor parity(n)\)\{0,1\} = \([01]\).*/\1 \2 \3/p' "$tmp/o.svg")
[ -n "$rule" ] || bad "plot octal:0.106 700: no sparse-space split in the caption"
set -- $rule
mask=$1 hp=0 rc=$2
[ $# = 4 ] && { hp=1 rc=$4; }
points "$tmp/o.svg" > "$tmp/o.points"
"$grundy" sg octal:0.106 0..700 > "$tmp/o.sg"
awk -v mask="$mask" -v hp="$hp" -v rc="$rc" '
    function parity(x,   p) { p = 0; while (x > 0) { p += x % 2; x = int(x / 2) } return p % 2 }
    function and_(a, b,   r, bit) { r = 0; bit = 1
        while (a > 0 && b > 0) { if (a % 2 && b % 2) r += bit; a = int(a / 2); b = int(b / 2); bit *= 2 }
        return r }
    NR == FNR { v[$1] = $2; next }
    { cls = (parity(and_($2, mask)) + hp * ($1 % 2)) % 2 == rc ? "rare" : "common"
      if (v[$1] != $2 || $3 != cls) { print "heap " $1 ": " $2 " " $3 ", want " v[$1] " " cls; bad = 1 }
      if ($3 == "rare") rare++
      seen++ }
    END { if (seen != 701) print "points seen: " seen
          if (rare == 0) print "no rare heap"
          exit bad || seen != 701 || rare == 0 }' \
    "$tmp/o.sg" "$tmp/o.points" > "$tmp/o.diff" ||
    { bad "plot octal:0.106 700: points differ:"; head "$tmp/o.diff"; }

# A long range: thinned to at most 4000 segments, a small file.
"$grundy" plot octal:0.106 1000000 > "$tmp/l.svg" || bad "plot octal:0.106 1000000: exit $?"
well_formed "$tmp/l.svg" || bad "plot octal:0.106 1000000: not well-formed XML"
segments=$(grep '^<path class="\(common\|rare\)"' "$tmp/l.svg" | tr -cd 'M' | wc -c)
[ "$segments" -gt 0 ] && [ "$segments" -le 4000 ] ||
    bad "plot octal:0.106 1000000: $segments segments"
[ "$(wc -c < "$tmp/l.svg")" -lt 100000 ] ||
    bad "plot octal:0.106 1000000: $(wc -c < "$tmp/l.svg") bytes"
grep -q 'log scale' "$tmp/l.svg" || bad "plot octal:0.106 1000000: no log scale"
grep -q '<circle' "$tmp/l.svg" && ! grep -q '<circle class="[a-z]*" cx="[0-9]*" cy="[0-9]*" r="4"/>' "$tmp/l.svg" &&
    bad "plot octal:0.106 1000000: points in a thinned picture"

# errors: exit status, message, nothing on stdout.
# err STATUS PATTERN ARGS...
err() {
    want=$1 pattern=$2
    shift 2
    "$grundy" "$@" > "$tmp/out" 2> "$tmp/err"
    got=$?
    [ "$got" = "$want" ] || bad "grundy $*: exit $got, not $want"
    grep -q -e "$pattern" "$tmp/err" || bad "grundy $*: message '$(cat "$tmp/err")'"
    [ -s "$tmp/out" ] && bad "grundy $*: wrote to stdout"
}
err 2 "unknown game 'nosuch'" plot nosuch 10
err 2 "plot: wythoff is not a heap game" plot wythoff 10
err 2 "bad largest heap '1000000001': write a number from 0 to 1000000000" plot kayles 1000000001
err 2 "bad largest heap 'x'" plot kayles x
err 2 "plot needs a GAME and the largest heap N" plot kayles
err 2 "--json does not apply to 'plot'" --json plot kayles 10
err 2 "--misere does not apply to 'plot'" --misere plot kayles 10
err 3 "heap 10000000 of octal:0.106: .*raise it with --memory" --memory 1M plot octal:0.106 10000000

finish "plot: points, classes, period, thinning and errors checked"
