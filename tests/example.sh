#!/bin/sh
# example.sh EXAMPLE GRUNDY - examples/solve.c does what its comment says:
# for positions of several games it prints the outcome and exit status the
# grundy command gives, the same winning move, and the position that move
# leaves is a loss when the example solves it in turn (the move is legal
# and wins). A bad game is an error, exit 2.
example=$1 grundy=$2
. "$(dirname "$0")/lib.sh"
n=0
while read -r game position; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    out=$("$example" "$game" $position)
    st=$?
    # shellcheck disable=SC2086
    cli=$("$grundy" "$game" $position)
    cst=$?
    [ "$st" = "$cst" ] ||
        bad "$game $position: exit status $st, grundy says $cst"
    head=$(echo "$out" | sed -n 1p)
    outcome=$(echo "$cli" | sed 's/ .*//')
    case $head in
        "$game $position: $outcome"*) ;;
        *) bad "$game $position: first line '$head', grundy says '$cli'" ;;
    esac
    if [ "$outcome" = win ]; then
        move=$(echo "$out" | sed -n 's/^winning move: \(.*\), leaving .*$/\1/p')
        after=$(echo "$out" | sed -n 's/^winning move: .*, leaving //p')
        [ -n "$move" ] && [ -n "$after" ] ||
            { bad "$game $position: no winning move in '$out'"; continue; }
        case $cli in
            *": $move -> "*) ;;
            *) bad "$game $position: move '$move', grundy says '$cli'" ;;
        esac
        # shellcheck disable=SC2086
        "$example" "$game" $after > /dev/null
        [ $? = 1 ] || bad "$game $position: '$after' is not a loss"
    else
        [ "$(echo "$out" | wc -l)" = 1 ] ||
            bad "$game $position: a losing position with a move: '$out'"
    fi
done <<'CASES'
nim 3 4 5
nim 1 2 3
kayles 7 4
kayles 3 4 1
bounded:3 7 5 2
sub:1,3,4 10 6
stripes:1,5,6 12
wythoff 3,5 4,4
wythoff 1,2
fib 10 7
CASES
"$example" kayels 3 > /dev/null 2>&1
[ $? = 2 ] || bad "an unknown game is not exit status 2"
finish "example: $n positions as grundy answers them, each move leaves a loss"
