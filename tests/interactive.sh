#!/bin/sh
# interactive.sh GRUNDY - a program that writes one line into grundy and
# waits for the answer before writing the next (a coprocess, a terminal)
# gets each answer at once: grundy neither waits for a full buffer of
# input nor keeps its answers in a buffer while it waits, in both the
# sequential (named games) and the threaded (nim) line loops.
grundy=$1
. "$(dirname "$0")/lib.sh"
cleanup='kill $pid 2>/dev/null'
tmpdir
pass=0
# waits up to 10 s for file $1 to have $2 lines
wait_lines() {
    i=0
    while [ "$(wc -l < "$1")" -lt "$2" ] && [ $i -lt 100 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    [ "$(wc -l < "$1")" -ge "$2" ]
}
for mode in "" "nim"; do
    rm -f "$tmp/in" "$tmp/out"
    mkfifo "$tmp/in"
    : > "$tmp/out"   # exists before grundy's own open of the FIFO returns
    "$grundy" $mode > "$tmp/out" < "$tmp/in" &
    pid=$!
    exec 3> "$tmp/in"
    for n in 1 2 3; do
        if [ -z "$mode" ]; then echo "nim $n 4" >&3; else echo "$n 4" >&3; fi
        if wait_lines "$tmp/out" $n; then
            pass=$((pass + 1))
        else
            echo "FAIL grundy $mode: no answer to line $n while input stays open"
            fail=$((fail + 1))
        fi
    done
    exec 3>&-
    wait $pid
done
# On a terminal, grundy says that it waits for positions, with and
# without a GAME; from a pipe it says nothing. script(1) (util-linux, in
# every Debian) gives grundy a terminal; without it that half is skipped.
if command -v script > /dev/null 2>&1; then
    for mode in "" "nim"; do
        if [ -z "$mode" ]; then line="nim 3 4"; want="one 'GAME COMPONENT...' per line"
        else line="3 4"; want="reading positions of nim from the terminal, one per line, components only (heap size n"; fi
        printf '%s\n' "$line" | SHELL=/bin/sh timeout 20 script -qec "\"$grundy\" $mode" /dev/null > "$tmp/tty" 2>&1
        if grep -qF "$want" "$tmp/tty" && grep -q '^win sg=7' "$tmp/tty"; then
            pass=$((pass + 1))
        else
            echo "FAIL grundy $mode on a terminal: no word that it reads positions:"
            cat "$tmp/tty"
            fail=$((fail + 1))
        fi
        printf '%s\n' "$line" | "$grundy" $mode > /dev/null 2> "$tmp/err"
        if [ -s "$tmp/err" ]; then
            echo "FAIL grundy $mode from a pipe: says something on stderr:"
            cat "$tmp/err"
            fail=$((fail + 1))
        else
            pass=$((pass + 1))
        fi
    done
else
    echo "interactive: script(1) not found: the terminal prompt is not checked"
fi
echo "interactive: $pass passed, $fail failed"
[ $fail = 0 ]
