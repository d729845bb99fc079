#!/bin/sh
# mkcase.sh GRUNDY CASEFILE 'ARGS' [STDIN-FILE] - records what grundy does
# now as a CLI case (see run_cli_cases.sh). Read the case before
# committing it: a recorded case is only as right as the output it froze.
grundy=$1 case=$2 args=$3 input=${4:-/dev/null}
eval "set -- $args"
out=$(mktemp) err=$(mktemp)
"$grundy" "$@" < "$input" > "$out" 2> "$err"
status=$?
{
    echo '--- args'; echo "$args"
    if [ "$input" != /dev/null ]; then echo '--- stdin'; cat "$input"; fi
    echo '--- stdout'; cat "$out"
    echo '--- stderr'; cat "$err"
    echo '--- status'; echo "$status"
} > "$case"
rm -f "$out" "$err"
cat "$case"
