#!/bin/sh
# output.sh GRUNDY - output failures: a reader that stops early (| head -1)
# ends grundy at once and quietly, with SIGPIPE at its default and
# ignored; a full disk (>/dev/full) and a closed stdout (>&-) give one
# "grundy: error writing output: ..." message and exit status 4.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir

# A million lines: far more than any pipe or stdio buffer holds.
yes '3 4 5' | head -n 1000000 > "$tmp/many"
first='win sg=2: take 2 from heap 1 (3 -> 1) -> 1 4 5'

# expect NAME WANT-STATUS WANT-STDERR: compares $tmp/st and $tmp/err.
expect() {
    got=$(cat "$tmp/st")
    if [ "$got" != "$2" ]; then
        bad "$1: exit status $got, expected $2"
        return
    fi
    if [ "$(cat "$tmp/err")" != "$3" ]; then
        bad "$1: stderr:"
        cat "$tmp/err"
        return
    fi
    ok "$1"
}

# | head -1 with SIGPIPE at its default: killed by it (128 + 13), nothing
# on stderr, and at once (a timeout would say 124).
out=$( { timeout 10 "$grundy" nim < "$tmp/many" 2> "$tmp/err"
         echo $? > "$tmp/st"; } | head -n 1)
[ "$out" = "$first" ] || bad "head -1: first line '$out'"
expect "| head -1 (SIGPIPE default)" 141 ""

# The same with SIGPIPE ignored: EPIPE ends the run, quietly, status 4.
out=$(sh -c 'trap "" PIPE
    { timeout 10 "$1" nim < "$2/many" 2> "$2/err"; echo $? > "$2/st"; } |
    head -n 1' sh "$grundy" "$tmp")
[ "$out" = "$first" ] || bad "head -1: first line '$out'"
expect "| head -1 (SIGPIPE ignored)" 4 ""

# JSON and --all through a closed pipe: the same.
out=$(sh -c 'trap "" PIPE
    { timeout 10 "$1" --json --all nim < "$2/many" 2> "$2/err"
      echo $? > "$2/st"; } | head -n 1' sh "$grundy" "$tmp")
expect "--json --all | head -1 (SIGPIPE ignored)" 4 ""

full="grundy: error writing output: No space left on device"
closed="grundy: error writing output: Bad file descriptor"
# run NAME WANT-STATUS WANT-STDERR REDIRECT ARGS...: REDIRECT is full or
# closed; stdin is the million lines.
run() {
    name=$1 want=$2 msg=$3 redir=$4
    shift 4
    if [ "$redir" = full ]; then
        timeout 10 "$grundy" "$@" < "$tmp/many" > /dev/full 2> "$tmp/err"
    else
        timeout 10 "$grundy" "$@" < "$tmp/many" >&- 2> "$tmp/err"
    fi
    echo $? > "$tmp/st"
    expect "$name" "$want" "$msg"
}
if [ -w /dev/full ]; then
    run ">/dev/full, one position" 4 "$full" full nim 3 4 5
    run ">/dev/full, lines (one message, not one per line)" 4 "$full" full nim
    run ">/dev/full, --json lines" 4 "$full" full --json nim
    run ">/dev/full, sg range" 4 "$full" full sg nim 0..100000
    run ">/dev/full, games" 4 "$full" full games
    run ">/dev/full, period" 4 "$full" full period bounded:3
    run ">/dev/full, --help" 4 "$full" full --help
    run ">/dev/full, -q writes nothing: no error" 0 "" full -q nim 3 4 5
else
    echo "skip /dev/full: not on this system"
fi
run ">&-, one position" 4 "$closed" closed nim 3 4 5
run ">&-, lines" 4 "$closed" closed nim
run ">&-, sg" 4 "$closed" closed sg nim 7
run ">&-, --version" 4 "$closed" closed --version
run ">&-, -q lose: the exit status still tells" 1 "" closed -q nim 1 1
# A bad line before the failure is still reported, then the write error.
printf 'x\n3 4\n' > "$tmp/two"
timeout 10 "$grundy" nim < "$tmp/two" > /dev/full 2> "$tmp/err"
echo $? > "$tmp/st"
expect ">/dev/full after a bad line" 4 \
"grundy: <stdin>:1: 'x' is not a component of nim: expected decimal numbers (heap size n)
$full"
finish "output failures: all passed"
