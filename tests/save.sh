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

# A file of several write chunks (65536 values each) of a code whose
# values pass 255 (both bytes of each value matter) resumes with the
# fresh values: the checksum written a chunk at a time is the one the
# reader computes over the whole file.
w=octal:0.7777777
"$grundy" sg $w 0..70000 > "$tmp/wfresh" || bad "fresh run of $w"
"$grundy" sg $w 0..70000 --save "$tmp/w" > /dev/null &&
    [ "$(wc -c < "$tmp/w")" -gt 262144 ] &&
    "$grundy" sg $w 0..70000 --save "$tmp/w" > "$tmp/wresumed" &&
    cmp -s "$tmp/wfresh" "$tmp/wresumed" &&
    ok "a file of several chunks with values over 255 resumes" ||
    bad "the file of $w did not resume to the fresh values"

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
check "--save given twice" 2 "given twice" \
    "$grundy" sg $g 10 --save "$tmp/l" --save "$tmp/l2"
[ ! -e "$tmp/l" ] && [ ! -e "$tmp/l2" ] &&
    ok "no file made by a usage error" || bad "a refused --save made a file"
check "a heap refused before any value" 3 "tables stop" \
    "$grundy" sg grundy 18446744073709551615 --save "$tmp/l"
[ ! -e "$tmp/l" ] && ok "no file made when no value was computed" ||
    bad "an empty sequence file was made for a refused heap"

# A refused file is never written: after every refusal the file is byte
# for byte what it was, and the message names it (issue 22.2). Each kind
# of refusal on its own copy of a good file.
# kept NAME STATUS PATTERN FILE CMD...: check, then FILE = $tmp/orig and
# the message names FILE (unless $usage: an error before FILE matters).
kept() {
    name=$1 want=$2 pattern=$3 file=$4
    shift 4
    cp "$file" "$tmp/orig"
    check "$name" "$want" "$pattern" "$@"
    if cmp -s "$file" "$tmp/orig"; then
        ok "$name: the file is left as it was"
    else
        bad "$name: the file was changed ($(wc -c < "$file") bytes, was $(wc -c < "$tmp/orig"))"
    fi
    [ -n "$usage" ] || grep -q -- "$file" "$tmp/err" ||
        bad "$name: the message does not name $file"
    for t in "$file".tmp*; do
        [ -e "$t" ] && bad "$name: $t left"
    done
}
cp "$tmp/keep" "$tmp/s"
kept "another game refused" 2 "not of kayles.*left as it is" "$tmp/s" \
    "$grundy" sg kayles 0..10 --save "$tmp/s"
kept "another game, with a range refused" 2 "not of kayles" "$tmp/s" \
    "$grundy" sg kayles 10 0..5 --save "$tmp/s"
kept "a file beyond --memory refused" 4 "memory" "$tmp/s" \
    "$grundy" --memory 100K sg $g 0..10 --save "$tmp/s"
head -c 1000 "$tmp/keep" > "$tmp/t"
kept "truncated file refused" 2 "truncated" "$tmp/t" \
    "$grundy" sg $g 0..10 --save "$tmp/t"
cp "$tmp/keep" "$tmp/f"
printf '\377' | dd of="$tmp/f" bs=1 seek=5000 conv=notrunc 2>/dev/null
kept "flipped byte refused" 2 "checksum" "$tmp/f" \
    "$grundy" sg $g 0..10 --save "$tmp/f"
cp "$tmp/keep" "$tmp/v"
printf '\002' | dd of="$tmp/v" bs=1 seek=8 conv=notrunc 2>/dev/null
kept "a future version refused" 2 "version 2; this grundy reads version 1" \
    "$tmp/v" "$grundy" sg $g 0..10 --save "$tmp/v"
printf 'nim 3 4 5\n' > "$tmp/n"
kept "foreign file refused" 2 "not a grundy sequence file" "$tmp/n" \
    "$grundy" sg $g 0..10 --save "$tmp/n"
kept "a closed form with a file" 2 "no computed Grundy sequence" "$tmp/s" \
    "$grundy" sg lasker 10 --save "$tmp/s"
usage=1
kept "a bad N with a file" 2 "" "$tmp/s" \
    "$grundy" sg $g 1x --save "$tmp/s"
kept "period with a file" 2 "goes with 'sg'" "$tmp/s" \
    "$grundy" period $g --save "$tmp/s"
kept "a position with a file" 2 "goes with 'sg'" "$tmp/s" \
    "$grundy" $g 5 --save "$tmp/s"
usage=
# A file cut inside its header is too short, not of "version 0" (22.8).
head -c 10 "$tmp/keep" > "$tmp/h"
kept "a 10-byte file refused" 2 \
    "h: too short to be a grundy sequence file: 10 bytes, where a sequence file has at least 32" \
    "$tmp/h" "$grundy" sg $g 0..10 --save "$tmp/h"
grep -q "version 0" "$tmp/err" && bad "a 10-byte file is called version 0"
: > "$tmp/e"
kept "an empty file refused" 2 "too short.*0 bytes" "$tmp/e" \
    "$grundy" sg $g 0..10 --save "$tmp/e"
mkdir "$tmp/d"
check "a directory refused" 4 "cannot read $tmp/d" \
    "$grundy" sg $g 0..10 --save "$tmp/d"
[ -d "$tmp/d" ] && [ -z "$(ls "$tmp/d")" ] && ok "the directory is left as it was" ||
    bad "the directory was changed"
check "no directory to save in: refused before the run" 4 \
    "cannot save $tmp/none/s" "$grundy" sg $g 0..10 --save "$tmp/none/s"
[ -s "$tmp/out" ] && bad "values printed although nothing can be saved"

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
