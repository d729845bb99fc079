# lib.sh - shared by the bench scripts: builds grundy (Release) and the
# input generator, and times commands. Source it from bench/*.sh.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$root/build-bench}
mkdir -p "$work"
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
      -DGRUNDY_TESTS=OFF >/dev/null
cmake --build "$work/build" -j"$(sh "$root/scripts/jobs.sh")" >/dev/null
grundy=$work/build/grundy
cc -O2 -o "$work/gen" "$root/bench/gen.c"
gen=$work/gen

# seconds CMD...: best wall time of 3 runs, stdout discarded, stdin kept.
seconds() {
    best=
    for _ in 1 2 3; do
        t0=$(date +%s%N)
        "$@" > /dev/null || :   # a lost position exits 1
        t1=$(date +%s%N)
        t=$(( (t1 - t0) / 1000 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    awk -v us="$best" 'BEGIN { printf "%.3f", us / 1e6 }'
}

ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}

# base_build REV: a Release build of commit REV of this repository in
# $work/base-REV (built once, kept); prints the path of its grundy. The
# baseline that a script compares with, measured in the same run.
base_build() {
    base=$work/base-$1
    if [ ! -x "$base/build/grundy" ]; then
        rm -rf "$base" && mkdir -p "$base/src"
        git -C "$root" archive "$1" | tar -x -C "$base/src"
        cmake -S "$base/src" -B "$base/build" -DCMAKE_BUILD_TYPE=Release \
              -DGRUNDY_TESTS=OFF >/dev/null
        cmake --build "$base/build" -j"$(sh "$root/scripts/jobs.sh")" \
              --target grundy-cli >/dev/null
    fi
    echo "$base/build/grundy"
}

# peak_setup: builds bench/peak_rss.c and measures a trivial run's peak
# resident memory ($rss0), the fixed cost that bytes a value leave out.
peak_setup() {
    cc -O2 -o "$work/peak_rss" "$root/bench/peak_rss.c"
    "$work/peak_rss" "$grundy" nim 1 2> "$work/rss0" > /dev/null || true
    read -r rss0 _ < "$work/rss0"
}

# peak_measure LABEL BITS CMD...: runs CMD under peak_rss (after
# peak_setup) and prints one line: wall and CPU seconds, values a second,
# peak memory and bytes a value (the peak less $rss0, over 2^BITS); the
# output's checksum goes to $work/sum.
peak_measure() {
    label=$1 bits=$2
    shift 2
    "$work/peak_rss" "$@" 2> "$work/rss" | cksum > "$work/sum"
    read -r rss secs cpu < "$work/rss"
    awk -v l="$label" -v r="$rss" -v r0="$rss0" -v n=$((1 << bits)) \
        -v s="$secs" -v c="$cpu" \
        'BEGIN { printf "%-36s %7.1f s %7.1f s CPU %8.0f values/s %7.1f MB %5.2f B/value\n",
                 l, s, c, (s > 0 ? n / s : 0), r / 1048576, (r - r0) / n }'
}
