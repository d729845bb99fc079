#!/bin/sh
# coverage.sh - builds with --coverage (gcc, -O0) into build-cov/, runs the
# whole ctest suite and prints line and branch coverage of src/ per file
# and in total, from gcov. The annotated sources are left in
# build-cov/gcov/*.gcov ('#####' marks a line never run). src/cli/ counts
# what the grundy command ran and what the fuzz_line replay ran through
# grundy_cli().
#
# coverage.sh --fuzz HARNESS runs only the replay of one fuzz harness
# (fuzz_line, fuzz_position or fuzz_spec) on its seeds (tests/fuzz/seed.sh)
# and its corpus instead of the suite: what the fuzzers start from reaches.
set -e
fuzz=
if [ "${1:-}" = --fuzz ]; then
    fuzz=${2:?coverage.sh --fuzz HARNESS}
fi
cd "$(dirname "$0")/.."
root=$(pwd)
sh scripts/deps.sh gcc make cmake pkg-config libcmocka-dev dpkg-dev
dir=build-cov
jobs=$(sh scripts/jobs.sh)
cmake -S . -B $dir -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_COVERAGE=ON \
      -DGRUNDY_TESTS=ON -DGRUNDY_WERROR=ON >/dev/null
cmake --build $dir -j"$jobs" >/dev/null
find $dir -name '*.gcda' -delete
failed=0
if [ -n "$fuzz" ]; then
    seeds=$dir/seeds-$fuzz
    rm -rf "$seeds"
    sh tests/fuzz/seed.sh "$fuzz" "$seeds"
    "$dir/tests/replay_$fuzz" "$seeds"/* tests/fuzz/corpus/"$fuzz"/* \
        2>/dev/null || failed=1
else
    (cd $dir && ctest --no-tests=error -j"$jobs" >/dev/null) || failed=1
fi
rm -rf $dir/gcov
mkdir -p $dir/gcov
cd $dir/gcov
for gcda in $(find "$root/$dir/CMakeFiles/grundy_objects.dir" \
                   "$root/$dir/CMakeFiles/grundy_cli.dir" \
                   "$root/$dir/CMakeFiles/grundy-cli.dir" -name '*.gcda'); do
    gcov -b -c -p "$gcda" >/dev/null
done
# Keep the annotated files of src/ only (gcov -p names them by path).
for f in *.gcov; do
    case $f in *'#src#'*) ;; *) rm -f "$f" ;; esac
done
awk '
    FNR == 1 {
        name = FILENAME
        sub(/^.*#src#/, "src/", name); gsub(/#/, "/", name)
        sub(/\.gcov$/, "", name)
        files[++n] = name
    }
    /^ *[0-9]+\*?:/   { lines[name]++; hit[name]++ }
    /^ *#####:/       { lines[name]++ }
    /^branch /        { br[name]++; if ($4 ~ /^[0-9]+$/ && $4 > 0) taken[name]++ }
    END {
        printf "%-24s %14s %8s %14s %8s\n", "file", "lines", "%", "branches", "%"
        for (i = 1; i <= n; i++) {
            f = files[i]
            L += lines[f]; H += hit[f]; B += br[f]; T += taken[f]
            printf "%-24s %6d / %-6d %7.1f%% %6d / %-6d %7.1f%%\n", f,
                hit[f], lines[f], lines[f] ? 100 * hit[f] / lines[f] : 100,
                taken[f], br[f], br[f] ? 100 * taken[f] / br[f] : 100
        }
        printf "%-24s %6d / %-6d %7.1f%% %6d / %-6d %7.1f%%\n", "total",
            H, L, L ? 100 * H / L : 100, T, B, B ? 100 * T / B : 100
    }' $(ls *.gcov | sort)
if [ $failed = 1 ]; then
    echo "coverage: some tests failed (see $dir/Testing/Temporary/LastTest.log)" >&2
    exit 1
fi
