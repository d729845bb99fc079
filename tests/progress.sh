#!/bin/sh
# progress.sh GRUNDY - --progress: progress lines on stderr in a pipe
# (from a second into a computation, one every few seconds, with the rate
# and the time left), nothing added to stdout (byte for byte the output
# without it), and the memory advice timed at the rate measured only when
# a rate was measured (a progress line shown); never without --progress.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir

# Quick work: no line, the same output.
"$grundy" nim 3 4 > "$tmp/a" 2> "$tmp/ea"
"$grundy" --progress nim 3 4 > "$tmp/b" 2> "$tmp/eb"
cmp -s "$tmp/a" "$tmp/b" || bad "nim 3 4: stdout differs with --progress"
[ -s "$tmp/eb" ] && bad "nim 3 4: --progress wrote on stderr: $(cat "$tmp/eb")"

# A long sequence: octal:0.6 has no period, so heap N needs a table of
# N values. N doubles until the run lasts long enough to show progress.
n=262144 shown=0
while [ "$n" -le 16777216 ] && [ "$shown" = 0 ]; do
    "$grundy" --memory 1G octal:0.6 "$n" > "$tmp/a" 2> "$tmp/ea"
    s=$?
    t0=$(date +%s)
    "$grundy" --progress --memory 1G octal:0.6 "$n" > "$tmp/b" 2> "$tmp/eb"
    sp=$?
    t1=$(date +%s)
    [ "$s" = "$sp" ] || bad "octal:0.6 $n: exit $s, with --progress $sp"
    cmp -s "$tmp/a" "$tmp/b" || bad "octal:0.6 $n: stdout differs with --progress"
    [ -s "$tmp/ea" ] && bad "octal:0.6 $n: stderr without --progress: $(cat "$tmp/ea")"
    if [ -s "$tmp/eb" ]; then
        shown=1
        lines=$(wc -l < "$tmp/eb")
        grep -Ev '^grundy: Grundy values of octal:0\.6: [0-9]+ of [0-9]+ \([0-9]+%\)(, [0-9]+ a second, about [0-9.]+ (s|min|h) left)?$' \
            "$tmp/eb" > "$tmp/odd" && bad "octal:0.6 $n: odd progress lines: $(head -3 "$tmp/odd")"
        # One line at a second, then one every 5 s: not a flood.
        [ "$lines" -le $(( (t1 - t0) / 5 + 2 )) ] ||
            bad "octal:0.6 $n: $lines progress lines in $((t1 - t0)) s"
        grep -q "$(printf '\r')" "$tmp/eb" &&
            bad "octal:0.6 $n: carriage returns in a pipe"
        ok "octal:0.6 $n: $lines progress lines in about $((t1 - t0)) s, output unchanged"
    fi
    n=$((n * 4))
done
[ "$shown" = 1 ] || bad "no progress line up to octal:0.6 16777216"

# A memory limit: the advice is the documented one without --progress.
# With it, timed when a line showed a rate (the rate was measured over a
# second), never when no line was shown (under a second: not measured).
want='grundy: heap 100000000 of octal:0.6: no period is proven (none found up to heap 883011), and computing its value needs 114 MiB of tables, more than the memory limit of 1 MiB; raise it with --memory 114M'
"$grundy" --memory 1M octal:0.6 100000000 > "$tmp/a" 2> "$tmp/ea"
[ "$(cat "$tmp/ea")" = "$want" ] || bad "memory advice: $(cat "$tmp/ea")"
for m in 1M 4M; do
    "$grundy" --progress --memory $m octal:0.6 100000000 > "$tmp/b" 2> "$tmp/eb"
    [ -s "$tmp/b" ] && bad "--memory $m: stdout: $(cat "$tmp/b")"
    last=$(tail -n 1 "$tmp/eb")
    if grep -q 'a second' "$tmp/eb"; then
        echo "$last" | grep -Eq '; raise it with --memory 114M \(about [0-9.]+ (s|min|h) at the rate measured\)$' ||
            bad "--memory $m: a rate was shown, the advice is not timed: $last"
    elif [ "$(wc -l < "$tmp/eb")" = 1 ]; then
        echo "$last" | grep -q 'rate measured' &&
            bad "--memory $m: no line was shown, the advice is timed: $last"
    fi
    echo "$last" | grep -q '^grundy: heap 100000000 of octal:0.6: no period' ||
        bad "--memory $m: last line: $last"
done

finish "progress: lines on stderr only, output unchanged, advice timed only after a rate"
