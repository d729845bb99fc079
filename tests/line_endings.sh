#!/bin/sh
# line_endings.sh GRUNDY SEQUENTIAL - LF, CRLF and a lone CR each end a
# line, in one file or mixed, whatever the reader's buffers cut: a CR
# last in one read and an LF first in the next are one line ending (the
# first read of a file is 64 KiB, so byte 65536 is where one ends), a
# CR last in one read and anything else two. Read with -f and from stdin
# (a file and a pipe), on 1, 2 and 8 threads and by SEQUENTIAL (the
# command built without threads); a game with tables goes line by line.
# Each run must give the records and line numbers of the same lines
# ended by LF.
grundy=$1
seq=$2
[ -x "$seq" ] || { echo "usage: line_endings.sh GRUNDY SEQUENTIAL" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
tmpdir

# lines N: N lines ended by LF, with a bad one, a blank one and a comment
# among them (the line numbers of errors must come out right).
lines() {
    awk -v n="$1" 'BEGIN {
        for (i = 1; i <= n; i++) {
            if (i % 97 == 0) print i, "x"
            else if (i % 89 == 0) print ""
            else if (i % 83 == 0) print "# comment"
            else print i % 13, i % 7, (i * 5) % 11
        }
    }'
}
# ends STYLE < LF-FILE: the same lines ended by crlf, cr, or mixed (CR,
# CRLF and LF in turn: never a CR before a blank line ended by LF, which
# is a CRLF).
ends() {
    awk -v style="$1" 'BEGIN { ORS = "" }
    {
        k = NR % 3
        if (style == "cr" || (style == "mixed" && k == 1)) print $0 "\r"
        else if (style == "crlf" || (style == "mixed" && k == 2)) print $0 "\r\n"
        else print $0 "\n"
    }'
}

# check NAME GAME FILE: FILE (ended as it is) against $tmp/lf.FILE-ref.
check() {
    name=$1 game=$2 file=$3 ref=$4
    for t in 1 2 8; do
        for how in -f stdin pipe; do
            case $how in
            -f) "$grundy" --threads $t --json -f "$file" $game \
                    > "$tmp/out" 2> "$tmp/err" ;;
            stdin) "$grundy" --threads $t --json $game < "$file" \
                    > "$tmp/out" 2> "$tmp/err" ;;
            pipe) cat "$file" | "$grundy" --threads $t --json $game \
                    > "$tmp/out" 2> "$tmp/err" ;;
            esac
            echo $? >> "$tmp/out"
            sed "s|$file|FILE|; s|<stdin>|FILE|" "$tmp/err" >> "$tmp/out"
            if ! cmp -s "$tmp/out" "$ref"; then
                bad "$name: $game --threads $t $how differs from LF endings"
                diff "$ref" "$tmp/out" | head -5
                return
            fi
        done
    done
    "$seq" --json $game < "$file" > "$tmp/out" 2> "$tmp/err"
    echo $? >> "$tmp/out"
    sed "s|<stdin>|FILE|" "$tmp/err" >> "$tmp/out"
    if cmp -s "$tmp/out" "$ref"; then
        ok "$name: $game"
    else
        bad "$name: $game sequential build differs from LF endings"
        diff "$ref" "$tmp/out" | head -5
    fi
}
# reference GAME FILE REF: the records, status and messages for FILE.
reference() {
    "$seq" --json $1 < "$2" > "$3" 2> "$tmp/err"
    echo $? >> "$3"
    sed "s|<stdin>|FILE|" "$tmp/err" >> "$3"
}

# The issue's example: three lines ended by CR were one position of 9.
printf '3 4 5\r1 2 3\r7 7 7\r' | "$grundy" --json nim > "$tmp/out" 2>&1
printf '%s\n' '{"input":"3 4 5","outcome":"win","sg":2,"move":"1 4 5","explain":"take 2 from heap 1 (3 -> 1)"}' \
    '{"input":"1 2 3","outcome":"lose","sg":0}' \
    '{"input":"7 7 7","outcome":"win","sg":7,"move":"0 7 7","explain":"take 7 from heap 1 (7 -> 0)"}' \
    > "$tmp/want"
if cmp -s "$tmp/out" "$tmp/want"; then
    ok "three lines ended by CR are three records"
else
    bad "three lines ended by CR:"
    cat "$tmp/out"
fi

# About 600 KiB: many reads and rounds.
lines 60000 > "$tmp/lf"
for style in crlf cr mixed; do
    ends $style < "$tmp/lf" > "$tmp/$style"
done
for game in nim kayles; do
    reference $game "$tmp/lf" "$tmp/ref.$game"
    for style in lf crlf cr mixed; do
        check "$style endings" $game "$tmp/$style" "$tmp/ref.$game"
    done
done

# Byte 65536 (the first read's last) a CR: with an LF next, one line
# ending; with a line next, two lines. Padding puts it there: 65535
# bytes of lines ended by LF, then "1 2 3" ended at the boundary.
awk 'BEGIN { for (i = 0; i < 10917; i++) print "3 4 5" }' > "$tmp/pad"
printf '1 2\n' >> "$tmp/pad"          # 10917 * 6 + 4 = 65506 bytes
printf '%s' '7 7 7 7 7 7 7 7 7 7 7 7 1 2 3' >> "$tmp/pad"   # 65535
for rest in crlf:'\r\n4 5 6\n7 x\n' cr:'\r4 5 6\n7 x\n' cr-crlf:'\r\r\n4 5 6\r\n7 x\r\n'; do
    what=${rest%%:*}
    rest=${rest#*:}
    { cat "$tmp/pad"; printf "$rest"; } > "$tmp/cut"
    { cat "$tmp/pad"; printf "$rest" | sed "s/\r$//" | tr "\r" "\n"; } \
        > "$tmp/cut.lf"
    [ "$(head -c 65536 "$tmp/cut" | tail -c 1 | od -An -c | tr -d ' ')" = '\r' ] ||
        bad "the test input's byte 65536 is not the CR"
    for game in nim kayles; do
        reference $game "$tmp/cut.lf" "$tmp/ref.cut"
        check "$what ending at byte 65536" $game "$tmp/cut" "$tmp/ref.cut"
    done
done

# From a pipe, a CR last in one write and its LF in the next: one line
# ending, and the line before it answered without waiting for the LF.
{ printf '3 4 5\r'; sleep 1; printf '\n1 2 3\r'; sleep 1; printf '\n7 x\r'; } |
    "$grundy" nim > "$tmp/out" 2> "$tmp/err"
st=$?
printf '%s\n' 'win sg=2: take 2 from heap 1 (3 -> 1) -> 1 4 5' 'lose sg=0' \
    > "$tmp/want"
if [ $st = 2 ] && cmp -s "$tmp/out" "$tmp/want" &&
   grep -q "^grundy: <stdin>:3: 'x' is not" "$tmp/err"; then
    ok "CR and LF in two writes to a pipe: one line ending"
else
    bad "CR and LF in two writes to a pipe: status $st"
    cat "$tmp/out" "$tmp/err"
fi
finish "line endings: LF, CRLF, CR and mixed read alike"
