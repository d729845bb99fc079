#!/bin/sh
# man_page.sh GRUNDY MANPAGE EXAMPLES_DIR - grundy(1) and 'grundy --help'
# never drift apart. The page (as configured by the build) must have the
# sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS, GAMES, EXIT STATUS,
# EXAMPLES and SEE ALSO, and:
#   OPTIONS   the same options, with the same argument names, as --help;
#   SYNOPSIS  every usage line of --help, and only those (and --help |
#             --version);
#   GAMES     the same games as 'grundy games';
#   EXIT STATUS  the same statuses as --help;
#   the version of 'grundy --version' in its title;
#   EXAMPLES  each '$ grundy ...' command, run in EXAMPLES_DIR, prints the
#             lines shown under it;
# and groff, when installed, reads it without a warning.
grundy=$1 man=$2 examples=$3
. "$(dirname "$0")/lib.sh"
tmpdir

# The page as plain text, one output line per source line: macro arguments
# joined (alternating fonts without a space), font changes and comments
# dropped. Lines of .nf blocks are kept as they are, escapes resolved.
# Each line is prefixed with its section and a mark: T after .TP, N in a
# .nf block, B for a break (.br, .fi), - otherwise.
awk '
    function unescape(s) {
        gsub(/\\f[BIRP]/, "", s); gsub(/\\-/, "-", s)
        gsub(/\\\(dq/, "\"", s); gsub(/\\\(en/, "-", s); gsub(/\\&/, "", s)
        return s
    }
    function args(s,   out, n, a, i, q, c) {
        n = 0; a = ""; q = 0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (c == "\"") { q = !q; continue }
            if (c == " " && !q) { if (a != "") { words[++n] = a; a = "" } continue }
            a = a c
        }
        if (a != "") words[++n] = a
        return n
    }
    /^\.\\"/ { next }
    /^\.SH / { sect = substr($0, 5); gsub(/"/, "", sect); next }
    /^\.TP/ { tp = 1; next }
    /^\.nf/ { nf = 1; next }
    /^\.fi/ { nf = 0; print sect "\tB\t"; next }
    /^\.(PP|RS|RE|br|TH)/ { if ($0 ~ /^\.br/) print sect "\tB\t"; next }
    /^\.(B|I|BI|BR|RB|IR|RI|IB) / {
        macro = $1; n = args(substr($0, length(macro) + 2)); line = ""
        for (i = 1; i <= n; i++) {
            sep = (macro == ".B" || macro == ".I") && i > 1 ? " " : ""
            line = line sep words[i]
        }
        print sect "\t" (tp ? "T" : "-") "\t" unescape(line); tp = 0; next
    }
    /^\./ { next }
    { print sect "\t" (nf ? "N" : tp ? "T" : "-") "\t" unescape($0); tp = 0 }
' "$man" > "$tmp/text"

for s in NAME SYNOPSIS DESCRIPTION OPTIONS GAMES "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    grep -q "^\\.SH \"*$s\"*\$" "$man" || bad "no section $s"
done

"$grundy" --help > "$tmp/help" || bad "grundy --help failed"
"$grundy" games > "$tmp/games" || bad "grundy games failed"
version=$("$grundy" --version)
grep -q "^\\.TH .*\"$version\"" "$man" || bad "the title does not bad '$version'"

# Options: "-f --file FILE" per option line, in --help and in the page.
options() {
    awk '{
        out = ""
        for (i = 1; i <= NF; i++) {
            w = $i; sub(/,$/, "", w)
            if (w ~ /^--?[A-Za-z]/) { out = out (out == "" ? "" : " ") w }
            else if (out != "" && w ~ /^[A-Z]+$/ && prev ~ /^-/) { out = out " " w }
            else if (out != "") break
            prev = w
        }
        if (out != "") print out
    }' | sort
}
awk '/^Options:/ { on = 1; next } on && /^$/ { on = 0 }
     on && /^  -/' "$tmp/help" | options > "$tmp/opt.help"
awk -F '\t' '$1 == "OPTIONS" && $2 == "T" { print $3 }' "$tmp/text" |
    options > "$tmp/opt.man"
diff "$tmp/opt.help" "$tmp/opt.man" > "$tmp/d" ||
    { bad "options differ (< --help, > man page):"; cat "$tmp/d"; }
[ -s "$tmp/opt.help" ] || bad "no options read from --help"

# Synopsis: the usage part of each line of --help's first paragraph.
awk 'NR == 1 { sub(/^Usage: */, "") } /^$/ { exit }
     { sub(/^ */, ""); sub(/  .*/, ""); print }' "$tmp/help" | sort > "$tmp/syn.help"
awk -F '\t' '$1 == "SYNOPSIS" { if ($2 == "B") { print l; l = "" }
                                else l = l (l == "" ? "" : " ") $3 }
             END { if (l != "") print l }' "$tmp/text" |
    grep -v -x 'grundy --help | --version' | sort > "$tmp/syn.man"
diff "$tmp/syn.help" "$tmp/syn.man" > "$tmp/d" ||
    { bad "synopsis differs (< --help, > man page):"; cat "$tmp/d"; }
[ -s "$tmp/syn.help" ] || bad "no usage lines read from --help"

# Games: the first column of 'grundy games'.
awk 'NR > 1 && /^$/ { exit } NR > 1 { sub(/  .*/, ""); print }' "$tmp/games" |
    sort > "$tmp/games.cli"
awk -F '\t' '$1 == "GAMES" && $2 == "T" { print $3 }' "$tmp/text" |
    sort > "$tmp/games.man"
diff "$tmp/games.cli" "$tmp/games.man" > "$tmp/d" ||
    { bad "games differ (< grundy games, > man page):"; cat "$tmp/d"; }
[ -s "$tmp/games.cli" ] || bad "no games read from 'grundy games'"

# Exit statuses: the single digits of --help's "Exit status" paragraph.
awk '/^Exit status/ { on = 1 } on && /^$/ { exit } on' "$tmp/help" |
    grep -o '\b[0-9]\b' | sort -u > "$tmp/exit.help"
awk -F '\t' '$1 == "EXIT STATUS" && $2 == "T" { print $3 }' "$tmp/text" |
    sort -u > "$tmp/exit.man"
diff "$tmp/exit.help" "$tmp/exit.man" > "$tmp/d" ||
    { bad "exit statuses differ (< --help, > man page):"; cat "$tmp/d"; }
[ -s "$tmp/exit.help" ] || bad "no exit statuses read from --help"

# Examples: "$ grundy ..." lines of EXAMPLES and the lines under them.
bindir=$tmp/bin
mkdir "$bindir"
ln -s "$grundy" "$bindir/grundy"
awk -F '\t' -v dir="$tmp" '
    function finish() {
        if (cmd != "") { n++; print cmd > (dir "/cmd" n); close(dir "/cmd" n)
                         printf "%s", out > (dir "/want" n); close(dir "/want" n) }
        cmd = ""; out = ""
    }
    $1 != "EXAMPLES" { next }
    $2 == "N" && $3 ~ /^\$ / { finish(); cmd = substr($3, 3); next }
    $2 == "N" && cmd != "" { out = out $3 "\n"; next }
    { finish() }
    END { finish() }
' "$tmp/text"
ran=0
for c in "$tmp"/cmd*; do
    [ -f "$c" ] || break
    n=${c##*cmd}
    cmd=$(cat "$c")
    case $cmd in
        *jq*) command -v jq >/dev/null 2>&1 || continue ;;
    esac
    (cd "$examples" && PATH=$bindir:$PATH sh -c "$cmd") > "$tmp/got" 2>&1
    cmp -s "$tmp/got" "$tmp/want$n" ||
        { bad "example: \$ $cmd"; diff "$tmp/want$n" "$tmp/got" | head -10; }
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || bad "no example was run"

# The title's date is filled (YYYY-MM-DD), and man reads the page as
# README says to ('man -l build/man/grundy.1') where man is installed.
grep -qE '^\.TH GRUNDY 1 "[0-9]{4}-[0-9]{2}-[0-9]{2}" ' "$man" ||
    bad "the .TH line has no date: $(grep '^\.TH' "$man")"
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$man" > "$tmp/man.txt" 2> "$tmp/man.err" ||
        { bad "man -l $man failed:"; cat "$tmp/man.err"; }
    grep -q 'grundy - exact solver for impartial combinatorial games' \
        "$tmp/man.txt" || bad "man -l $man: no NAME line in what it shows"
fi

# 'grundy help' and 'grundy version' are --help and --version.
"$grundy" --help > "$tmp/help1"; "$grundy" help > "$tmp/help2" ||
    bad "grundy help: exit status $?"
cmp -s "$tmp/help1" "$tmp/help2" || bad "grundy help differs from --help"
[ "$("$grundy" version)" = "$("$grundy" --version)" ] ||
    bad "grundy version differs from --version"

if command -v groff >/dev/null 2>&1; then
    LC_ALL=C groff -man -ww -z "$man" > "$tmp/groff" 2>&1
    [ -s "$tmp/groff" ] && { bad "groff warns:"; cat "$tmp/groff"; }
fi

finish "man page: options, synopsis, games, exit statuses and $ran examples agree with grundy"
