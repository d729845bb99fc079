#!/bin/sh
# symbols.sh LIBGRUNDY_INTERNAL_A SRC LIBGRUNDY_A LIBGRUNDY_SO - two rules.
# 1. What a program linking an installed library sees: libgrundy.a (its
# one object) and libgrundy.so define no global symbol but grundy_*, so
# they cannot clash with the program's own names.
# 2. The naming rule for the library's internal globals, read from
# libgrundy_internal.a (the same objects, one member per source file, with
# every module's functions global; the command and the tests link it):
# every function or object an object file defines outside
# itself is public (a grundy_* function declared in include/grundy.h) or
# carries its module's prefix: the file's name
# (ctx.c: ctx_*, sgseq.c: sgseq_*; the engine's parts sgseq_NAME.c keep
# the module's sgseq_*, the misere quotient's parts mquot_NAME.c (but
# mquot_box.c, a module of its own) keep mquot_*; bignum_dec.c keeps
# bignum_*), or the short prefix its header announces
# (intmath.c: im_*, error.c: err_*, moves.c: move_*); a game
# file (src/games/NAME.c) defines only its operations tables, *_family,
# and the other files of its layer, src/games/NAME_PART.c (octal_ring.c,
# octal_big.c, ...), carry its prefix NAME_*.
# Anything else should be static or renamed.
lib=$1 src=$2 static=$3 shared=$4
status=0
for f in "$static" "$shared"; do
    if [ "${f%.a}" = "$f" ]; then
        nm -D --defined-only "$f" > "${TMPDIR:-/tmp}/symbols.$$" || status=1
    else
        nm -g --defined-only "$f" > "${TMPDIR:-/tmp}/symbols.$$" || status=1
    fi
    n=$(awk 'NF == 3 && $2 ~ /^[A-Z]$/' "${TMPDIR:-/tmp}/symbols.$$" | wc -l)
    other=$(awk 'NF == 3 && $2 ~ /^[A-Z]$/ && $3 !~ /^grundy_/ { print $3 }' \
            "${TMPDIR:-/tmp}/symbols.$$")
    rm -f "${TMPDIR:-/tmp}/symbols.$$"
    if [ "$n" -eq 0 ]; then
        echo "FAIL: no symbols read from $f"; status=1
    elif [ -n "$other" ]; then
        echo "FAIL: $(basename "$f") exports names other than grundy_*:"
        echo "$other" | sed 's/^/    /'
        status=1
    else
        echo "symbols: $(basename "$f") exports $n globals, all grundy_*"
    fi
done
games=$(cd "$src/src/games" && ls *.c | sed 's/\.c$//')
public=$(grep -o 'grundy_[a-z0-9_]*(' "$src/include/grundy.h" | tr -d '(' |
         sort -u)
nm -g --defined-only "$lib" | awk -v games=" $(echo $games) " \
    -v public=" $(echo $public) " '
    /:$/ { obj = $0; sub(/:$/, "", obj); sub(/\.c\.o(bj)?$/, "", obj); next }
    NF == 3 && $2 ~ /^[A-Z]$/ {
        sym = $3; total++
        # AddressSanitizer adds an ODR indicator named after each global
        # variable: the variable itself is checked by its name.
        sub(/^__odr_asan\./, "", sym)
        if (index(public, " " sym " ") > 0) next
        base = obj; sub(/_.*/, "", base)
        if (index(games, " " obj " ") > 0 && base == obj) {
            if (sym ~ /_family$/) next
        } else if (index(games, " " base " ") > 0) {
            if (substr(sym, 1, length(base) + 1) == base "_") next
        } else {
            p = obj "_"
            if (obj == "intmath") p = "im_"
            else if (obj == "error") p = "err_"
            else if (obj == "moves") p = "move_"
            else if (obj ~ /^sgseq_/) p = "sgseq_"
            else if (obj ~ /^mquot_/ && obj != "mquot_box") p = "mquot_"
            else if (obj == "bignum_dec") p = "bignum_"   # bignum.h, in two files
            if (substr(sym, 1, length(p)) == p) next
        }
        printf "FAIL: %s.c defines %s\n", obj, sym; bad++
    }
    END {
        if (total == 0) { print "FAIL: no symbols read"; exit 1 }
        if (bad) exit 1
        printf "symbols: %d globals of libgrundy_internal.a, each public (grundy.h) or module-prefixed\n", total
    }' || status=1
exit $status
