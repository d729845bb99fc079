#!/bin/sh
# readme_examples.sh GRUNDY README - every example in the README and in
# the documents beside it, docs/*.md ("    $ " command lines and the
# indented output lines under them), is run with the built grundy first
# on PATH, from the repository root, and its output compared. Examples
# that need a tool this machine lacks (jq) are reported as skipped.
grundy=$1
readme=$2
. "$(dirname "$0")/lib.sh"
tmpdir
bindir=$tmp
cd "$(dirname "$readme")" || exit 2
ln -s "$grundy" "$bindir/grundy"
PATH=$bindir:$PATH
export PATH
# Examples numbered across the files; fileN names the file of example N.
awk -v dir="$bindir" '
    function finish() {
        if (cmd != "") { n++; print cmd > (dir "/cmd" n); close(dir "/cmd" n)
                         printf "%s", out > (dir "/want" n); close(dir "/want" n)
                         print src > (dir "/file" n); close(dir "/file" n) }
        cmd = ""; out = ""
    }
    FNR == 1 { finish(); src = FILENAME }
    /^    \$ / { finish(); cmd = substr($0, 7); next }
    /^    / && cmd != "" { out = out substr($0, 5) "\n"; next }
    { finish() }
    END { finish() }
' "$(basename "$readme")" docs/*.md
pass=0 fail=0 skip=0
for c in "$bindir"/cmd*; do
    n=${c##*cmd}
    cmd=$(cat "$c")
    case $cmd in
        *jq*) command -v jq >/dev/null 2>&1 || { skip=$((skip + 1)); continue; } ;;
    esac
    sh -c "$cmd" > "$bindir/got$n" 2>&1
    if cmp -s "$bindir/got$n" "$bindir/want$n"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $(cat "$bindir/file$n"): \$ $cmd"
        diff "$bindir/want$n" "$bindir/got$n" | head -10
        fail=$((fail + 1))
    fi
done
# The games table: "`grundy ARGS` → `ANSWER`" in a row; the answer is
# how the command's output starts.
sed -n 's/^|.*| `\(grundy [^`]*\)` → `\([^`]*\)` |$/\1\t\2/p' \
    "$(basename "$readme")" > "$bindir/table"
while IFS='	' read -r cmd answer; do
    got=$(sh -c "$cmd" 2>&1)
    case $got in
        "$answer"*) pass=$((pass + 1)) ;;
        *) echo "FAIL: games table: $cmd: '$got', not '$answer...'"
           fail=$((fail + 1)) ;;
    esac
done < "$bindir/table"
[ -s "$bindir/table" ] || { echo "FAIL: no example read from the games table"; fail=$((fail + 1)); }
echo "README and docs/*.md examples: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ] && [ $pass -gt 0 ]
