#!/bin/sh
# exports.sh LIBGRUNDY_SO HEADER CC - the shared library exports exactly the
# functions include/grundy.h declares: every dynamic symbol it defines is
# one of them (so only grundy_* names, none of the internal helpers), and
# every function the header declares is exported (none lacks GRUNDY_API).
lib=$1 header=$2 cc=$3
. "$(dirname "$0")/lib.sh"
tmpdir
nm -D --defined-only "$lib" | awk '{ print $NF }' | sort -u > "$tmp/exported"
# The header's function declarations, from the preprocessed text: a name
# directly followed by '('.
"$cc" -E -P -x c "$header" |
    grep -o '\bgrundy_[a-z0-9_]*[ ]*(' | sed 's/[ (]*$//' | sort -u > "$tmp/declared"
if [ ! -s "$tmp/exported" ] || [ ! -s "$tmp/declared" ]; then
    bad "no symbols read ($lib, $header)"
    exit 1
fi
extra=$(comm -23 "$tmp/exported" "$tmp/declared")
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
if [ -n "$extra" ]; then
    bad "exported but not declared in $(basename "$header"):"
    echo "$extra" | sed 's/^/    /'
fi
if [ -n "$missing" ]; then
    bad "declared in $(basename "$header") but not exported:"
    echo "$missing" | sed 's/^/    /'
fi
finish "exports: the $(wc -l < "$tmp/exported") functions of $(basename "$header"), nothing else"
