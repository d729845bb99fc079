#!/bin/sh
# run.sh [SECONDS] [HARNESS...] - builds the libFuzzer harnesses with clang,
# -fsanitize=fuzzer,address,undefined into build-fuzz/ and runs each for
# SECONDS (default 60), one after the other, nice'd. The working corpus is
# build-fuzz/corpus/HARNESS, seeded from tests/fuzz/corpus/HARNESS, the
# examples and the CLI cases. A crash stops the run and leaves its input in
# build-fuzz/artifacts/; copy it into tests/fuzz/corpus/HARNESS/ to make it
# a regression test (ctest replays every corpus file, each within
# GRUNDY_REPLAY_SECONDS, see tests/CMakeLists.txt: a slow input becomes a
# test of the time bound put on it).
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-fuzz_spec fuzz_position fuzz_line fuzz_bignum fuzz_seqfile fuzz_graph}
dir=build-fuzz
CC=${CC:-clang} cmake -S . -B $dir -DGRUNDY_FUZZ=ON -DGRUNDY_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGRUNDY_WERROR=ON >/dev/null
cmake --build $dir -j"$(sh scripts/jobs.sh)" --target $harnesses >/dev/null
mkdir -p $dir/artifacts
for h in $harnesses; do
    work=$dir/corpus/$h
    mkdir -p "$work"
    sh tests/fuzz/seed.sh "$h" "$work"
    echo "== $h: $secs s"
    nice "$dir/tests/fuzz/$h" -max_total_time="$secs" -max_len=4096 \
        -timeout=150 -rss_limit_mb=2048 -close_fd_mask=2 -print_final_stats=1 \
        -dict=tests/fuzz/grundy.dict -artifact_prefix="$dir/artifacts/$h-" \
        "$work" "tests/fuzz/corpus/$h" 2>&1 |
        grep -v -E '^#[0-9]+.*(NEW|REDUCE|pulse)' || true
    # slow-unit-* files are only reports; crash, timeout, oom and leak
    # inputs fail the run. The timeout is 150 s: a hang, not the bounded
    # misere search (200000 positions: 2 s in a release build, over a
    # minute under ASan and UBSan on a busy machine).
    found=
    for kind in crash timeout oom leak; do
        for f in "$dir/artifacts/$h-$kind-"*; do
            [ -e "$f" ] && found="$found $f"
        done
    done
    if [ -n "$found" ]; then
        echo "$h: crash inputs in $dir/artifacts/" >&2
        exit 1
    fi
done
