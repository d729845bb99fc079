#!/bin/sh
# test.sh - installs what the tests need (gcc, cmake, pkg-config, cmocka,
# dpkg-dev for the Debian packages, time for peak memory; lintian, which
# checks the packages, where it can be installed),
# builds with warnings as errors and runs the whole suite with ctest, on
# all CPUs.
# GRUNDY_SANITIZE=1 builds and runs it under AddressSanitizer and UBSan.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh gcc make cmake pkg-config libcmocka-dev dpkg-dev time
sh scripts/deps.sh --optional lintian
dir=build-test
opts="-DGRUNDY_WERROR=ON"
if [ "${GRUNDY_SANITIZE:-0}" = 1 ]; then
    dir=build-asan
    opts="$opts -DGRUNDY_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo"
fi
jobs=$(sh scripts/jobs.sh)
# GRUNDY_TESTS=ON: a missing cmocka stops the configure step with a
# message; --no-tests=error: a suite that was not built fails, it is never
# a silent pass.
cmake -S . -B "$dir" -DGRUNDY_TESTS=ON $opts >/dev/null
cmake --build "$dir" -j"$jobs"
cd "$dir"
ctest --output-on-failure --no-tests=error -j"$jobs"
