#!/bin/sh
# cache.sh - the game cache across lines (one thread, lines naming their
# games), timed against a baseline build of an earlier commit in the same
# run (BENCH_BASE, default f7cd0cf: the cache that kept 64 specs and
# cleared them all when full).
#   mixed: 20,000 lines, every other one `bounded:K 5 7` with K random in
#          1..1000, the others octal:0.6, wythoff and fib lines whose
#          tables are worth keeping; beside the same lines with one K.
#   wythoff: 2,000 lines `wythoff 38,100000` (a medium pile: a table of
#          100000 columns) beside 2,000 small pairs.
. "$(dirname "$0")/lib.sh"
base_rev=${BENCH_BASE:-f7cd0cf}
old=$(base_build "$base_rev")
awk -v one="$1" 'BEGIN {
    srand(7)
    for (i = 0; i < 20000; i++) {
        if (i % 2 == 0) {
            printf "bounded:%d 5 7\n", 1 + int(rand() * 1000) > "'"$work"'/mixed.txt"
            print "bounded:500 5 7" > "'"$work"'/onek.txt"
        } else {
            if (i % 6 == 1) l = sprintf("octal:0.6 %d", 20000 + int(rand() * 10000))
            else if (i % 6 == 3) l = sprintf("wythoff 38,%d", 50000 + int(rand() * 50000))
            else l = sprintf("fib %d,%d", 1000 + int(rand() * 10000), 100)
            print l > "'"$work"'/mixed.txt"
            print l > "'"$work"'/onek.txt"
        }
    }
    for (i = 0; i < 2000; i++) {
        print "wythoff 38,100000" > "'"$work"'/wy_medium.txt"
        printf "wythoff %d,%d\n", int(rand() * 50), int(rand() * 50) > "'"$work"'/wy_small.txt"
    }
}'
for bin in "$grundy" "$old"; do
    name=now; [ "$bin" = "$old" ] && name="base $base_rev"
    tm=$(seconds sh -c "'$bin' --threads 1 < '$work/mixed.txt'")
    to=$(seconds sh -c "'$bin' --threads 1 < '$work/onek.txt'")
    wm=$(seconds sh -c "'$bin' --threads 1 < '$work/wy_medium.txt'")
    ws=$(seconds sh -c "'$bin' --threads 1 < '$work/wy_small.txt'")
    echo "$name: mixed random K ${tm} s, one K ${to} s ($(ratio "$tm" "$to")x);" \
         "2000 x wythoff 38,100000 ${wm} s, 2000 small pairs ${ws} s ($(ratio "$wm" "$ws")x)"
done
