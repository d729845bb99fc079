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
