#!/bin/sh
# run_cli_cases.sh GRUNDY DIR - runs every DIR/*.case against the grundy
# binary. A case is data: sections start with a line "--- NAME":
#   --- args      the arguments (shell words, one line)
#   --- stdin     input lines (optional)
#   --- stdout    the exact expected standard output
#   --- stderr    the exact expected standard error (optional)
#   --- status    the expected exit status
# Runs from the repository root. Prints "N passed, N failed" and exits non-zero when a case fails.
grundy=$1
dir=$2
. "$(dirname "$0")/lib.sh"
# Cases name files relative to the repository root (examples/...).
cd "$dir/../.." || exit 2
tmpdir
pass=0
for case in "$dir"/*.case; do
    rm -f "$tmp"/args "$tmp"/stdin "$tmp"/stdout "$tmp"/stderr "$tmp"/status
    awk -v dir="$tmp" '
        /^--- [a-z]+$/ { out = dir "/" $2; printf "" > out; next }
        out != "" { print > out }
    ' "$case"
    [ -f "$tmp"/stdin ] || : > "$tmp"/stdin
    args=$(cat "$tmp"/args)
    eval "set -- $args"
    "$grundy" "$@" < "$tmp"/stdin > "$tmp"/out 2> "$tmp"/err
    got=$?
    want=$(cat "$tmp"/status)
    ok=1
    if [ "$got" != "$want" ]; then
        echo "FAIL $case: exit status $got, expected $want"
        ok=0
    fi
    if ! cmp -s "$tmp"/out "$tmp"/stdout; then
        echo "FAIL $case: stdout differs:"
        diff "$tmp"/stdout "$tmp"/out | head -20
        ok=0
    fi
    if [ -f "$tmp"/stderr ] && ! cmp -s "$tmp"/err "$tmp"/stderr; then
        echo "FAIL $case: stderr differs:"
        diff "$tmp"/stderr "$tmp"/err | head -20
        ok=0
    fi
    if [ $ok = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
    fi
done
echo "cli cases: $pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
