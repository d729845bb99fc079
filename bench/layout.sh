#!/bin/sh
# layout.sh - the layout change of issue 23 (components owned by their
# families, the take-and-break layer, one path for 64-bit and any-size
# numbers, no call circles) must not change answers or speed. Beside the
# commit the issue was filed against (BASE, default d4d2a5f) and beside
# that commit with issue 22's one --memory for every thread (MEM, default
# a9402b4: the branch merged as dfd4164, d4d2a5f plus 5 commits, none of
# issue 23), which landed while issue 23 was under way and charges every
# line to the shared --memory account: the fair "before" for the per-line
# cost of issue 23's changes. In the same run: the same inputs through
# every build, the outputs compared byte for byte, and the best of 3 CPU times (user + system, /usr/bin/time; wall
# times without it) on one thread (--threads 1): on a shared machine CPU
# time is the steadier figure. With COUNT=1 and valgrind
# installed, instruction counts too (smaller inputs; no noise at all).
. "$(dirname "$0")/lib.sh"
rev=${BASE:-d4d2a5f}
base=$(base_build "$rev")
mrev=${MEM:-a9402b4}
mem=$(base_build "$mrev")

# cpu CMD...: best of 3 runs' user + system seconds, output discarded.
cpu() {
    if [ ! -x /usr/bin/time ]; then
        seconds "$@"
        return
    fi
    best=
    for _ in 1 2 3; do
        /usr/bin/time -f '%U %S' -o "$in/time" "$@" > /dev/null 2>&1 || :
        t=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$in/time")
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    awk -v ms="$best" 'BEGIN { printf "%.2f", ms / 1000 }'
}

# Inputs: 64-bit heaps and pairs from gen, small heaps for the games whose
# values come from a computed table, sums of several games, big numbers;
# sized so that each job takes a second or so (CPU time is counted in
# hundredths).
n=${LINES_64:-1000000}
in=$work/layout
mkdir -p "$in"
"$gen" "$n" 8 > "$in/nim8"
"$gen" "$n" 2 > "$in/heap2"
"$gen" "$n" 2 "" , > "$in/pair"
"$gen" $((n / 10)) 3 | awk '{ print $1 % 3000, $2 % 3000, $3 % 3000 }' > "$in/small3"
"$gen" $((n / 100)) 3 | awk '{ print $1 % 300, $2 % 300, $3 % 300 }' > "$in/tiny3"
"$gen" $((n / 10)) 4 | awk '{ printf "nim %s + kayles %s + wythoff %d,%d\n",
                       $1, $2, $3 % 400, $4 % 400 }' > "$in/mixed"
"$gen" $((n / 10)) 2 | awk '{ print $1 $2, $2 $1 }' > "$in/big2"
"$gen" $((n / 1000)) 3 | awk '{ print $1 % 40, $2 % 40, $3 % 40 }' > "$in/dawson"

# One job per line: a name, the arguments, the input file. Misere Dawson's
# Kayles runs with --work 0: the per-line misere budget (2^32 steps by
# default) came with issue 22, after BASE, and refuses rows that BASE
# answered slowly; without a bound both builds answer every line.
jobs='nim|nim|nim8
nim --json|--json nim|nim8
nim --all|--all nim|nim8
nim --misere|--misere nim|nim8
kayles 64-bit|kayles|heap2
kayles --all|--all kayles|heap2
octal:0.6 below 3000|octal:0.6|small3
dawson below 3000|dawson|small3
hex:0.8f below 300|hex:0.8f|tiny3
wythoff 64-bit|wythoff|pair
fib 64-bit|fib|heap2
sums nim+kayles+wythoff|--threads 1|mixed
kayles 2^128|kayles|big2
nim 2^128|nim|big2
--misere dawson below 40|--work 0 --misere dawson|dawson'

same=0
differ=0
echo "grundy --threads 1, CPU seconds, best of 3 runs; inputs of $n lines (64-bit heaps, pairs), $((n / 10)) (small heaps, sums, big numbers), $((n / 100)) (hex:0.8f) and $((n / 1000)) (misere); now beside $rev and $mrev"
printf '%s\n' "$jobs" > "$in/jobs"
while IFS='|' read -r name args file; do
    # $args splits into words on purpose.
    "$grundy" --threads 1 $args < "$in/$file" > "$in/now.out" 2>&1 || :
    "$base" --threads 1 $args < "$in/$file" > "$in/then.out" 2>&1 || :
    "$mem" --threads 1 $args < "$in/$file" > "$in/mem.out" 2>&1 || :
    if cmp -s "$in/now.out" "$in/then.out" &&
       cmp -s "$in/now.out" "$in/mem.out"; then
        verdict=same
        same=$((same + 1))
    else
        verdict="DIFFERENT ($(diff "$in/now.out" "$in/then.out" | grep -c '^<') lines from $rev, $(diff "$in/now.out" "$in/mem.out" | grep -c '^<') from $mrev)"
        differ=$((differ + 1))
    fi
    now=$(cpu sh -c "'$grundy' --threads 1 $args < '$in/$file' 2>/dev/null")
    then=$(cpu sh -c "'$base' --threads 1 $args < '$in/$file' 2>/dev/null")
    memt=$(cpu sh -c "'$mem' --threads 1 $args < '$in/$file' 2>/dev/null")
    printf '%-28s now %6s s  %s %6s s (%sx)  %s %6s s (%sx)  output %s\n' \
           "$name" "$now" "$rev" "$then" "$(ratio "$now" "$then")" \
           "$mrev" "$memt" "$(ratio "$now" "$memt")" "$verdict"
done < "$in/jobs"

for job in "kayles 0..1000000" "octal:0.6 0..300000" "dawson 0..1000000"; do
    # $job splits into words on purpose.
    "$grundy" sg $job > "$in/now.out"
    "$base" sg $job > "$in/then.out"
    "$mem" sg $job > "$in/mem.out"
    verdict=same
    cmp -s "$in/now.out" "$in/then.out" || verdict=DIFFERENT
    cmp -s "$in/now.out" "$in/mem.out" || verdict=DIFFERENT
    now=$(cpu "$grundy" sg $job)
    then=$(cpu "$base" sg $job)
    memt=$(cpu "$mem" sg $job)
    printf '%-28s now %6s s  %s %6s s (%sx)  %s %6s s (%sx)  output %s\n' \
           "sg $job" "$now" "$rev" "$then" "$(ratio "$now" "$then")" \
           "$mrev" "$memt" "$(ratio "$now" "$memt")" "$verdict"
done

if [ "${COUNT:-0}" = 1 ] && command -v valgrind > /dev/null; then
    echo "instructions (valgrind), the first 10000 lines of each input"
    while IFS='|' read -r name args file; do
        head -n 10000 "$in/$file" > "$in/count.in"
        c() {
            valgrind --tool=callgrind --callgrind-out-file=/dev/null \
                "$1" --threads 1 $args < "$in/count.in" 2>&1 >/dev/null |
                awk '/Collected/ { print $4 }'
        }
        printf '%-28s now %11s  %s %11s  %s %11s\n' "$name" \
               "$(c "$grundy")" "$rev" "$(c "$base")" "$mrev" "$(c "$mem")"
    done < "$in/jobs"
fi
echo "outputs: $same jobs the same, $differ different"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
