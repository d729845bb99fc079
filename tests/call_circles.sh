#!/bin/sh
# call_circles.sh BUILD_DIR - no two source files of the library and the
# command call each other through a chain (docs/architecture.md): file A
# depends on file B when A's object uses a global symbol that B's object
# defines (a call or a table reference, as nm shows them). Lists every
# circle (files that reach each other) and fails when there is one.
build=$1
. "$(dirname "$0")/lib.sh"
tmpdir
find "$build/CMakeFiles" -path '*/src/*' -name '*.o' ! -path '*grundy_shared*' \
    > "$tmp/objs"
[ -s "$tmp/objs" ] || { echo "FAIL no objects under $build/CMakeFiles"; exit 1; }
while read -r o; do
    f=${o#*/src/}
    f=${f%.o}
    f=${f%.c}
    nm "$o" | awk -v f="$f" 'NF == 2 && $1 == "U" { print "U", f, $2 }
        NF == 3 && $2 ~ /^[TDBRCGSV]$/ { print "D", f, $3 }'
done < "$tmp/objs" > "$tmp/syms"
# The graph's transitive closure (Floyd-Warshall: some 60 files), then
# every file that reaches another that reaches it back.
awk '
$1 == "D" && !($3 in owner) { owner[$3] = $2 }
{ file[$2] = 1; if ($1 == "U") use[$2, $3] = 1 }
END {
    for (k in use) {
        split(k, p, SUBSEP)
        if ((p[2] in owner) && owner[p[2]] != p[1]) reach[p[1], owner[p[2]]] = 1
    }
    n = 0
    for (f in file) name[n++] = f
    for (k = 0; k < n; k++)
        for (i = 0; i < n; i++)
            if ((name[i], name[k]) in reach)
                for (j = 0; j < n; j++)
                    if ((name[k], name[j]) in reach) reach[name[i], name[j]] = 1
    circles = 0
    for (i = 0; i < n; i++) {
        if (name[i] in done) continue
        line = name[i]
        for (j = 0; j < n; j++)
            if (j != i && ((name[i], name[j]) in reach) && ((name[j], name[i]) in reach)) {
                line = line " " name[j]; done[name[j]] = 1
            }
        if (line != name[i]) { print "circle: " line; circles++ }
    }
    print "circles: " circles
    exit circles > 0
}' "$tmp/syms" || fail=1
[ "$fail" = 0 ] || echo "FAIL source files call each other in a circle"
finish "call_circles: no two source files call each other"
