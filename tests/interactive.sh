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
echo "interactive: $pass passed, $fail failed"
[ $fail = 0 ]
