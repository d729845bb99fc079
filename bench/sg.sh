#!/bin/sh
# sg.sh - speed of `grundy sg` over long ranges of 64-bit heaps, output to
# /dev/null: kayles and nim on 0..2000000, octal:0.6 on 0..1000000, text
# and --json, next to a commit built in the same run (BASE, default
# ef98eda: the commit before sg took numbers of any size). Target: no
# slower than it (ratio at most 1.00, give or take the noise of a shared
# machine).
. "$(dirname "$0")/lib.sh"
rev=${BASE:-ef98eda}
base=$(base_build "$rev")
echo "grundy sg, best of 3 runs; now beside $rev"
for job in "kayles 0..2000000" "nim 0..2000000" "octal:0.6 0..1000000"; do
    for fmt in "" "--json"; do
        # $fmt and $job split into words on purpose.
        now=$(seconds "$grundy" $fmt sg $job)
        then=$(seconds "$base" $fmt sg $job)
        printf '%-36s now %s s  %s %s s  (now %sx of it)\n' \
               "sg${fmt:+ $fmt} $job" "$now" "$rev" "$then" \
               "$(ratio "$now" "$then")"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
