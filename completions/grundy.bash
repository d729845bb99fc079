# bash completion for grundy(1)
# Installed as share/bash-completion/completions/grundy. Options,
# sub-commands and games are read from the grundy being completed
# ('grundy --help', 'grundy games'), so they are always those it accepts.

# _grundy_games CMD: every game name, those with a parameter as "name:".
_grundy_games()
{
    "$1" games 2>/dev/null | awk '
        NR > 1 && /^$/ { exit }
        NR > 1 {
            sub(/  .*/, "")
            n = split($0, names, /, */)
            for (i = 1; i <= n; i++) {
                name = names[i]; sub(/:.*/, ":", name); print name
            }
        }' | sort -u
}

_grundy()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd=${COMP_WORDS[0]} help word i first= words=()
    help=$("$cmd" --help 2>/dev/null) || return 0

    case $prev in
        -f|--file|--save)
            COMPREPLY=($(compgen -f -- "$cur"))
            compopt -o filenames 2>/dev/null
            return 0 ;;
        --memory|--work|--threads)
            return 0 ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(printf '%s\n' "$help" |
            awk '/^Options:/ { on = 1; next } on && /^$/ { exit }
                 on && /^  -/ { for (i = 1; i <= NF; i++) {
                     w = $i; sub(/,$/, "", w); if (w ~ /^-/) print w } }')" \
            -- "$cur"))
        return 0
    fi

    # The positional words before the cursor (option arguments skipped).
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
            -f|--file|--save|--memory|--work|--threads) ((i++)) ;;
            -?*) ;;
            *) words+=("$word") ;;
        esac
    done
    if [[ ${#words[@]} -eq 0 ]]; then
        # A sub-command or a game.
        COMPREPLY=($(compgen -W "$(printf '%s\n' "$help" |
            awk '/^$/ { exit } { sub(/^Usage: */, ""); sub(/^ */, "") }
                 $2 ~ /^[a-z]+$/ { print $2 }') $(_grundy_games "$cmd")" \
            -- "$cur"))
    elif [[ ${#words[@]} -eq 1 && ${words[0]} =~ ^(sg|period|quotient|plot)$ ]] ||
         [[ ${COMP_WORDS[COMP_CWORD-1]} == + ]]; then
        COMPREPLY=($(compgen -W "$(_grundy_games "$cmd")" -- "$cur"))
    fi
    # "bounded:" waits for its parameter.
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}
complete -F _grundy grundy
