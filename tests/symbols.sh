#!/bin/sh
# symbols.sh LIBGRUNDY_A SRC - the naming rule for libgrundy's globals:
# every function or object an object file of libgrundy.a defines outside
# itself is public (a grundy_* function declared in include/grundy.h) or
# carries its module's prefix: the file's name
# (ctx.c: ctx_*, sgseq.c: sgseq_*; the engine's parts sgseq_NAME.c keep
# the module's sgseq_*), or the short prefix its header announces
# (intmath.c: im_*, error.c: err_*, moves.c: move_*); a game
# file (src/games/NAME.c) defines only its operations tables, *_family.
# Anything else should be static or renamed.
lib=$1 src=$2
games=$(cd "$src/src/games" && ls *.c | sed 's/\.c$//')
public=$(grep -o 'grundy_[a-z0-9_]*(' "$src/include/grundy.h" | tr -d '(' |
         sort -u)
nm -g --defined-only "$lib" | awk -v games=" $(echo $games) " \
    -v public=" $(echo $public) " '
    /:$/ { obj = $0; sub(/:$/, "", obj); sub(/\.c\.o(bj)?$/, "", obj); next }
    NF == 3 && $2 ~ /^[A-Z]$/ {
        sym = $3; total++
        if (index(public, " " sym " ") > 0) next
        if (index(games, " " obj " ") > 0) {
            if (sym ~ /_family$/) next
        } else {
            p = obj "_"
            if (obj == "intmath") p = "im_"
            else if (obj == "error") p = "err_"
            else if (obj == "moves") p = "move_"
            else if (obj ~ /^sgseq_/) p = "sgseq_"
            if (substr(sym, 1, length(p)) == p) next
        }
        printf "FAIL: %s.c defines %s\n", obj, sym; bad++
    }
    END {
        if (total == 0) { print "FAIL: no symbols read"; exit 1 }
        if (bad) exit 1
        printf "symbols: %d globals of libgrundy.a, each public (grundy.h) or module-prefixed\n", total
    }'
