#!/bin/sh
# hackenbush.sh - Green Hackenbush (issue 24): values and winning moves of
# a random tree of 10^5 edges and a stalk of 10^5 (a path as deep as the
# picture), of a 10^4-edge graph of many short cycles sharing vertices and
# a loop at the ground (one 2-edge-connected block: its cuts go by the
# classes of 2-edge cuts), and of a random graph of 10^4 edges on 5000
# vertices, with --all too (not on the cycles: there --all lists 2847
# moves, each a 10^4-edge picture, 270 MB of text); beside them the
# literal definition (bench/hackenbush_literal.c: every cut, mex, memoised
# on the set of edges left) on a 20-edge picture with cycles, which grundy
# answers in the same run. Times are wall clock, the whole command
# (start-up, parsing, solving, printing the move's picture).
. "$(dirname "$0")/lib.sh"
cc -O2 -o "$work/hackenbush_literal" "$root/bench/hackenbush_literal.c"
tree=$work/hb_tree.txt stalk=$work/hb_stalk.txt
cactus=$work/hb_cactus.txt graph=$work/hb_graph.txt
[ -s "$tree" ] || awk 'BEGIN { srand(1); printf "hackenbush 0-1";
    for (v = 2; v <= 100000; v++) printf ",%d-%d", int(rand() * v), v;
    print "" }' > "$tree"
[ -s "$stalk" ] || awk 'BEGIN { printf "hackenbush 0-1";
    for (v = 2; v <= 100000; v++) printf ",%d-%d", v - 1, v; print "" }' \
    > "$stalk"
[ -s "$cactus" ] || awk 'BEGIN { srand(3); nv = 1; e = 1; printf "hackenbush 0-0";
    while (e < 10000) { at = int(rand() * nv); len = 2 + int(rand() * 5);
        prev = at; for (j = 1; j < len; j++) {
            printf ",%d-%d", prev, nv; prev = nv++; e++ }
        printf ",%d-%d", prev, at; e++ }
    print "" }' > "$cactus"
[ -s "$graph" ] || awk 'BEGIN { srand(2); printf "hackenbush 0-1";
    for (e = 2; e <= 10000; e++)
        printf ",%d-%d", int(rand() * 5000), int(rand() * 5000);
    print "" }' > "$graph"
small=$(awk 'BEGIN { srand(9); printf "0-1";
    for (v = 2; v <= 12; v++) printf ",%d-%d", int(rand() * v), v;
    for (e = 0; e < 8; e++) printf ",%d-%d", int(rand() * 13), int(rand() * 13) }')
echo "tree, 10^5 edges:                   $(seconds "$grundy" -f "$tree") s"
echo "stalk, 10^5 edges:                  $(seconds "$grundy" -f "$stalk") s"
echo "cycles sharing vertices, 10^4 edges: $(seconds "$grundy" -f "$cactus") s"
echo "random graph, 10^4 edges:           $(seconds "$grundy" -f "$graph") s"
echo "  the same, --all:                  $(seconds "$grundy" --all -f "$graph") s"
echo "20-edge picture with cycles: grundy says $("$grundy" hackenbush "$small" | cut -d: -f1),"\
     "the literal definition sg=$("$work/hackenbush_literal" "$small")"
echo "  grundy:                           $(seconds "$grundy" hackenbush "$small") s"
echo "  the literal definition:           $(seconds "$work/hackenbush_literal" "$small") s"
