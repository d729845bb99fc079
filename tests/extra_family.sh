#!/bin/sh
# extra_family.sh GRUNDY_EXTRA GRUNDY SRC - lists of games come from the
# registry. GRUNDY_EXTRA is grundy built with one family more, testnim
# (tests/extra/testnim.c: Nim under another name, a heap game that takes
# numbers of any size); it must appear, with no other change of code, in
# 'grundy games', in --help's lists of games of any size and of misere
# rules, in the messages that name the games of any size and the misere
# rules (each still within 511 bytes), and in the bash completion; the
# game is played; and the real grundy knows nothing of it.
extra=$1 grundy=$2 src=$3
case $extra in /*) ;; *) extra=$(pwd)/$extra ;; esac
. "$(dirname "$0")/lib.sh"
tmpdir

has() {   # has WHAT FILE PATTERN: FILE holds PATTERN (a fixed string)
    if grep -qF -- "$3" "$2"; then ok "$1"; else
        bad "$1: no '$3' in:"; cat "$2"; fi
}

"$extra" games > "$tmp/games" || bad "grundy-extra games failed"
has "games lists testnim" "$tmp/games" "testnim        heap size n"
"$grundy" games > "$tmp/games.real"
grep -q testnim "$tmp/games.real" && bad "the real grundy lists testnim"
# Everything else of the listing is the real one's.
grep -v '^testnim ' "$tmp/games" | cmp -s - "$tmp/games.real" ||
    bad "grundy games differs beyond the testnim line"

"$extra" --help | tr '\n' ' ' > "$tmp/help"
has "--help: of any size" "$tmp/help" "ruler and testnim, and in sub,"
has "--help: misere quotients" "$tmp/help" "lasker, grundy and testnim by their misere quotient"

"$extra" division 18446744073709551616 2> "$tmp/big"
[ $? -eq 2 ] || bad "division 2^64: exit status"
has "number too large names testnim" "$tmp/big" "ruler, testnim, and sub,"

# The exhaustive misere search past its bound (tests/cli
# misere_search_big_rows.case): the misere rules, testnim among them.
"$extra" --misere --all kayles 5 7 14 7 23371 6 1 14 7 17 1 \
    9223372036854775808 2 + wythoff 1,1 2> "$tmp/misere"
[ $? -eq 3 ] || bad "misere search bound: exit status"
has "misere rules name testnim" "$tmp/misere" "lasker, grundy and testnim whose misere quotient"
for f in "$tmp/big" "$tmp/misere"; do
    n=$(sed 's/^grundy: //' "$f" | head -1 | wc -c)
    [ "$n" -le 512 ] || bad "$(basename "$f"): message of $((n - 1)) bytes"
done

# The family plays: Nim's values and moves, any size, misere quotient.
[ "$("$extra" testnim 3 5)" = "win sg=6: take 2 from heap 2 (5 -> 3) -> testnim 3 3" ] ||
    bad "testnim 3 5: $("$extra" testnim 3 5)"
"$extra" testnim 100000000000000000000000 100000000000000000000000 > "$tmp/o"
[ $? -eq 1 ] || bad "testnim N N: not a loss"
"$extra" --misere testnim 1 1 > "$tmp/o"
[ $? -eq 0 ] || bad "misere testnim 1 1: not a win"

# bash completion reads 'grundy games': testnim is offered.
if command -v bash >/dev/null 2>&1; then
    ln -s "$extra" "$tmp/grundy"
    got=$(bash -c 'source "$1/completions/grundy.bash"
        COMP_WORDS=("$2" testn); COMP_CWORD=1; COMPREPLY=(); _grundy
        printf "%s\n" "${COMPREPLY[@]}"' sh "$src" "$tmp/grundy")
    [ "$got" = testnim ] || bad "bash completion of 'testn': '$got'"
fi

finish "extra family: testnim appears in every list of games"
