#!/bin/sh
# save.sh GRUNDY - `grundy sg GAME A..B --save FILE`: a run saves its
# sequence and a later run goes on from it (with --work too small for a
# fresh start, it still succeeds), with the very values of a fresh run; a
# file of another game, a truncated one, a flipped byte, a foreign file
# are refused with exit 2 and a reason; SIGTERM and SIGINT save and stop
# (exit 143 / 130); SIGKILL mid-run leaves a file that resumes.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir
g=octal:0.6
"$grundy" sg $g 0..300000 > "$tmp/fresh" || bad "fresh run"

# check NAME STATUS PATTERN CMD...: the exit status and a stderr pattern.
check() {
    name=$1 want=$2 pattern=$3
    shift 3
    "$@" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st = "$want" ] &&
       { [ -z "$pattern" ] || grep -q -- "$pattern" "$tmp/err"; }; then
        ok "$name"
    else
        bad "$name: status $st (want $want), stderr: $(head -c 300 "$tmp/err")"
    fi
}

# Save, then resume where a fresh run is over its work limit.
"$grundy" sg $g 200000 --save "$tmp/s" > /dev/null && [ -s "$tmp/s" ] &&
    ok "a run writes its file" || bad "no file written"
check "fresh run over --work 1e8 refused" 3 "work" \
    "$grundy" --work 1e8 sg $g 300000
check "the same run resumed from the file" 0 "" \
    "$grundy" --work 1e8 sg $g 300000 --save "$tmp/s"
"$grundy" sg $g 0..300000 --save "$tmp/s" > "$tmp/resumed" &&
    cmp -s "$tmp/fresh" "$tmp/resumed" &&
    ok "resumed values are the fresh values" || bad "resumed values differ"
[ ! -e "$tmp/s.tmp" ] && ok "no temporary file left" || bad "s.tmp left"

# Files that must be refused.
cp "$tmp/s" "$tmp/keep"
check "file of another game" 2 "holds the values of 'octal:0.6', not of kayles" \
    "$grundy" sg kayles 10 --save "$tmp/s"
head -c 1000 "$tmp/keep" > "$tmp/s"
check "truncated file" 2 "truncated" "$grundy" sg $g 10 --save "$tmp/s"
cp "$tmp/keep" "$tmp/s"
printf '\377' | dd of="$tmp/s" bs=1 seek=5000 conv=notrunc 2>/dev/null
check "flipped byte" 2 "checksum" "$grundy" sg $g 10 --save "$tmp/s"
cmp -s "$tmp/s" "$tmp/keep" && bad "the byte was not flipped"
echo "nim 3 4 5" > "$tmp/s"
check "foreign file" 2 "not a grundy sequence file" \
    "$grundy" sg $g 10 --save "$tmp/s"
check "a closed form has nothing to save" 2 "no computed Grundy sequence" \
    "$grundy" sg lasker 10 --save "$tmp/l"
check "--save without sg" 2 "goes with 'sg'" "$grundy" nim 3 --save "$tmp/l"

# Signals: a long run (Officers to 10^7 heaps, 10 s and more)
# stopped after 2 seconds. SIGTERM and SIGINT save first.
for sig in TERM INT; do
    rm -f "$tmp/r"
    # A job started by a non-interactive shell ignores SIGINT unless it
    # sets it itself: grundy does, with signal().
    "$grundy" sg $g 10000000 --save "$tmp/r" > /dev/null 2> "$tmp/err" &
    pid=$!
    sleep 2
    kill -$sig $pid
    wait $pid
    st=$?
    want=143; [ $sig = INT ] && want=130
    if [ $st = $want ] && grep -q "values saved in" "$tmp/err" &&
       "$grundy" sg $g 0..300000 --save "$tmp/r" > "$tmp/resumed" &&
       cmp -s "$tmp/fresh" "$tmp/resumed"; then
        ok "SIG$sig: saved, stopped with $st, resumes"
    else
        bad "SIG$sig: status $st (want $want): $(cat "$tmp/err")"
    fi
done
# SIGKILL cannot be caught: the file is the last checkpoint (or absent).
rm -f "$tmp/k"
"$grundy" sg $g 10000000 --save "$tmp/k" > /dev/null 2>&1 &
pid=$!
sleep 3
kill -KILL $pid
wait $pid 2>/dev/null
if [ ! -e "$tmp/k" ]; then
    ok "SIGKILL before the first checkpoint: no file"
elif "$grundy" sg $g 0..300000 --save "$tmp/k" > "$tmp/resumed" &&
     cmp -s "$tmp/fresh" "$tmp/resumed"; then
    ok "SIGKILL: the file left resumes with the right values"
else
    bad "SIGKILL: the file left does not resume"
fi
finish "save: every check passed"
