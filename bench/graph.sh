#!/bin/sh
# graph.sh - graph:FILE on a large explicit game (issue 24): a random
# acyclic rules file of 10^6 vertices with 10 moves each (10^7 edges,
# about 89 MB), read and valued by grundy for one position, and its peak
# memory; then a file of 10^4 vertices (10^5 edges) answered by grundy
# and by the plain definition (bench/graph_ref.c: the file read naively,
# names found by linear search, mex by memoised recursion) in the same
# run, the two values compared.
. "$(dirname "$0")/lib.sh"
ref=$work/graph_ref
cc -O2 -o "$ref" "$root/bench/graph_ref.c"
big=$work/graph_1e6.txt
small=$work/graph_1e4.txt
[ -s "$big" ] || "$ref" gen 1000000 10 1 > "$big"
[ -s "$small" ] || "$ref" gen 10000 10 2 > "$small"
echo "input: $(basename "$big"): $(wc -l < "$big") vertices, $(wc -c < "$big") bytes"
echo "input: $(basename "$small"): $(wc -l < "$small") vertices, $(wc -c < "$small") bytes"
tb=$(seconds "$grundy" "graph:$big" v0 v1 v2)
ts=$(seconds "$grundy" "graph:$small" v0)
tr=$(seconds "$ref" ref "$small" v0)
gs=$("$grundy" sg "graph:$small" v0 | cut -d' ' -f2)
rs=$("$ref" ref "$small" v0)
[ "$gs" = "$rs" ] || { echo "value of v0 differs: grundy $gs, reference $rs"; exit 1; }
cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
rss=$("$work/peak_rss" "$grundy" "graph:$big" v0 2>&1 >/dev/null | tail -1 |
      awk '{ printf "%.0f MiB", $1 / 1048576 }')
echo "grundy graph (10^6 vertices, 10^7 edges):  ${tb} s  peak ${rss}"
echo "grundy graph (10^4 vertices):              ${ts} s  (v0 worth $gs)"
echo "plain definition (10^4 vertices):          ${tr} s  ($(ratio "$tr" "$ts")x grundy)"
