#!/bin/sh
# tsan.sh - builds the tests that run threads with ThreadSanitizer
# (cmake -DGRUNDY_TSAN=ON: tests/tsan_threads.c routes C11 threads through
# pthreads, which TSan intercepts) and runs them; any race reported fails
# them (halt_on_error). Where the compiler's TSan cannot run a threaded
# program on this machine (no runtime, or a kernel whose address layout
# the runtime refuses), it says so and skips, as the fuzzers do.
set -e
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%s\n' '#include <pthread.h>' \
    'static int x;' \
    'static void *run(void *p) { (void)p; x = 1; return NULL; }' \
    'int main(void) { pthread_t t; pthread_create(&t, NULL, run, NULL);' \
    '  pthread_join(t, NULL); return x != 1; }' > "$dir/t.c"
if ! cc -fsanitize=thread -pthread "$dir/t.c" -o "$dir/t" >/dev/null 2>&1 ||
   ! "$dir/t" >/dev/null 2>&1; then
    echo "tsan: skipped: cc -fsanitize=thread cannot run a threaded program here"
    exit 0
fi
# What runs two threads: the engine's phase A shared by runs and heap by
# heap and its marks ahead through phase B (Officers, 0.37, 0.64, 4.6 and
# 0.127 against one thread; Officers and Grundy's game to 10^6 against the
# definition), and the command's line workers. Each executable runs only
# those unit tests (GRUNDY_TEST_FILTER, tests/fixture.h): under TSan the
# whole of these executables takes some twenty minutes.
jobs=$(sh scripts/jobs.sh)
cmake -S . -B build-tsan -DGRUNDY_TESTS=ON -DGRUNDY_WERROR=ON \
    -DGRUNDY_TSAN=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-tsan -j"$jobs" --target test_sgseq test_sgseq_table \
    test_lines
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export TSAN_OPTIONS
run() {
    echo "tsan: $1 $2"
    GRUNDY_TEST_FILTER=$2 "build-tsan/tests/$1"
}
run test_sgseq 'test_threads_*'
run test_sgseq test_heap_parity
run test_sgseq_table test_codes_vs_literal
run test_lines 'test_threads*'
echo "tsan: no race reported"
