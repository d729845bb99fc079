#!/bin/sh
# save_concurrent.sh GRUNDY [SANITIZED] - runs that share one --save FILE (issue
# 22.6): four runs of one game at once, then two games at once. Each run
# either saves (exit 0, nothing on stderr) or fails loudly (exit 4, a
# message naming FILE; or exit 2 when it started after a run of another
# game had saved: that file is refused and left as it is); FILE is always a whole save file of one run (it
# resumes with the values of a fresh run); no temporary file is left.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir
g=octal:0.6
# Checkpoints at 2^16, 2^17, 2^18 values and the last write, three rounds;
# a sanitizer build (several times slower) does 2^16, 2^17 and the last
# write, one round.
n=400000 rounds="1 2 3"
case ${2:-0} in ON|on|1|TRUE|true) n=150000 rounds=1 ;; esac
"$grundy" sg $g 0..$n > "$tmp/fresh" || bad "fresh run"

# runs NAME SPEC...: one `sg SPEC N --save c.seq` per SPEC, all at once
# (each a little longer than the one before: their checkpoints and last
# writes fall close together); then every run's status and stderr.
runs() {
    name=$1
    shift
    rm -f "$tmp"/c.seq* "$tmp"/err* "$tmp"/st*
    i=0
    for spec in "$@"; do
        i=$((i + 1))
        { "$grundy" sg "$spec" $((n - 4 + i)) --save "$tmp/c.seq" \
              > /dev/null 2> "$tmp/err$i"; echo $? > "$tmp/st$i"; } &
    done
    wait
    saved=0
    for j in $(seq 1 $i); do
        st=$(cat "$tmp/st$j")
        if [ "$st" = 0 ] && [ ! -s "$tmp/err$j" ]; then
            saved=$((saved + 1))
        elif [ "$st" = 4 ] && grep -q "$tmp/c.seq" "$tmp/err$j"; then
            echo "     run $j failed loudly: $(head -n 1 "$tmp/err$j")"
        elif [ "$st" = 2 ] &&
             grep -q "$tmp/c.seq: the sequence file holds the values of .*; it is left as it is" "$tmp/err$j"; then
            # It started after a run of the other game had saved: the
            # file is refused at once, as any file of another game is.
            echo "     run $j refused the other game's file: $(head -n 1 "$tmp/err$j")"
        else
            bad "$name: run $j: status $st, stderr: $(head -c 300 "$tmp/err$j")"
        fi
    done
    [ $saved -ge 1 ] && ok "$name: $saved of $i runs saved" ||
        bad "$name: no run saved"
    for t in "$tmp"/c.seq.tmp*; do
        [ -e "$t" ] && bad "$name: $(basename "$t") left"
    done
}

for round in $rounds; do
    runs "four runs of $g, round $round" $g $g $g $g
    if "$grundy" sg $g 0..$n --save "$tmp/c.seq" > "$tmp/resumed" 2> "$tmp/err" &&
       cmp -s "$tmp/fresh" "$tmp/resumed"; then
        ok "round $round: the file left resumes with the fresh values"
    else
        bad "round $round: the file left is not a whole save: $(cat "$tmp/err")"
    fi
done

# Two games on one file: the file ends as a whole file of one of them;
# the other run says it did not save.
runs "kayles and $g at once" kayles $g kayles $g
if "$grundy" sg $g 0..10 --save "$tmp/c.seq" > /dev/null 2>&1 ||
   "$grundy" sg kayles 0..10 --save "$tmp/c.seq" > /dev/null 2>&1; then
    ok "two games: the file left is a whole save file of one"
else
    bad "two games: the file left is no save file"
fi
finish "save_concurrent: every check passed"
