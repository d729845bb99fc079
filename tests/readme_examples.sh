#!/bin/sh
# readme_examples.sh GRUNDY README - every example in the README ("    $ "
# command lines and the indented output lines under them) is run with the
# built grundy first on PATH, from the repository root, and its output
# compared. Examples that need a tool this machine lacks (jq) are
# reported as skipped.
grundy=$1
readme=$2
. "$(dirname "$0")/lib.sh"
tmpdir
bindir=$tmp
cd "$(dirname "$readme")" || exit 2
ln -s "$grundy" "$bindir/grundy"
PATH=$bindir:$PATH
export PATH
awk -v dir="$bindir" '
    function finish() {
        if (cmd != "") { n++; print cmd > (dir "/cmd" n); close(dir "/cmd" n)
                         printf "%s", out > (dir "/want" n); close(dir "/want" n) }
        cmd = ""; out = ""
    }
    /^    \$ / { finish(); cmd = substr($0, 7); next }
    /^    / && cmd != "" { out = out substr($0, 5) "\n"; next }
    { finish() }
    END { finish() }
' "$readme"
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
        echo "FAIL: \$ $cmd"
        diff "$bindir/want$n" "$bindir/got$n" | head -10
        fail=$((fail + 1))
    fi
done
echo "readme examples: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ] && [ $pass -gt 0 ]
