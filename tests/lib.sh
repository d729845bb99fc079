# lib.sh - what the shell tests share. Each test script starts with
#     . "$(dirname "$0")/lib.sh"
# and then has:
#   fail          0 until a check fails (scripts that count may reuse it)
#   ok MESSAGE    a passed check, for scripts that list every check
#   bad MESSAGE   a failed check: prints "FAIL MESSAGE", sets fail=1
#   tmpdir        a new temporary directory in $tmp, removed at exit, with
#                 the shell code in $cleanup run then too
#   finish TEXT   prints TEXT when nothing failed; exits 0, or 1 on failure
fail=0
cleanup=:
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
tmpdir() {
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"; eval "$cleanup"' EXIT
}
finish() {
    [ "$fail" = 0 ] && echo "$*"
    exit "$fail"
}
