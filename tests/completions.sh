#!/bin/sh
# completions.sh GRUNDY SRC - the shell completions offer what grundy
# accepts. bash: completions/grundy.bash is sourced and _grundy run on
# command lines (options, sub-commands, games, files after -f, games after
# '+', nothing for components). zsh: the options of completions/_grundy
# are exactly those of 'grundy --help', and zsh (when installed) parses it.
grundy=$1 src=$2
. "$(dirname "$0")/lib.sh"
tmpdir

"$grundy" --help | awk '/^Options:/ { on = 1; next } on && /^$/ { exit }
    on && /^  -/ { for (i = 1; i <= NF; i++) {
        w = $i; sub(/,$/, "", w); if (w ~ /^-/) print w } }' | sort > "$tmp/options"
[ -s "$tmp/options" ] || bad "no options read from --help"
mkdir "$tmp/dir" && : > "$tmp/dir/positions.txt"

cat > "$tmp/run.bash" <<'BASH'
source "$1/completions/grundy.bash"
grundy=$2 dir=$3
t() {
    COMP_WORDS=("$grundy" "$@"); COMP_CWORD=$#; COMPREPLY=()
    _grundy
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '; echo
}
t ''
t --j
t -
t sg k
t period ''
t plot ka
t -f "$dir/pos"
t nim 3 + b
t nim 3 ''
t --memory 1G wy
BASH
bash "$tmp/run.bash" "$src" "$grundy" "$tmp/dir" > "$tmp/bash.out" 2>&1 ||
    bad "bash completion failed: $(cat "$tmp/bash.out")"
games=$("$grundy" games | awk 'NR > 1 && /^$/ { exit } NR > 1 { sub(/  .*/, ""); print }' |
        tr ',' '\n' | sed 's/^ *//; s/:.*/:/' | sort -u | tr '\n' ' ')
first=$(printf '%s\n' games nimmul period plot quotient sg $games | sort | tr '\n' ' ')
cat > "$tmp/bash.want" <<WANT
$first
--json 
$(tr '\n' ' ' < "$tmp/options")
kayles 
$games
kayles 
$tmp/dir/positions.txt 
bounded: 
 
wythoff 
WANT
diff "$tmp/bash.want" "$tmp/bash.out" > "$tmp/d" ||
    { bad "bash completion (< wanted, > got):"; cat "$tmp/d"; }

z=$src/completions/_grundy
sed -n '/_arguments/,/^}/p' "$z" |
    grep -oE "(^ *'|\\{|,)--?[A-Za-z][a-z-]*" | sed "s/^[ '{,]*//" | sort -u > "$tmp/zsh.options"
diff "$tmp/options" "$tmp/zsh.options" > "$tmp/d" ||
    { bad "zsh options (< --help, > _grundy):"; cat "$tmp/d"; }
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$z" || bad "zsh cannot parse $z"
fi

finish "completions: bash offers options, sub-commands, games and files; zsh has the options of --help"
