#!/bin/sh
# build.sh - builds grundy (Release) into build/ on all CPUs; installs gcc,
# make and cmake first when they are missing. Then: ./build/grundy nim 3 4 5
# (the tests are left out here: scripts/test.sh builds and runs them)
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh gcc make cmake
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGRUNDY_TESTS=OFF >/dev/null
cmake --build build -j"$(sh scripts/jobs.sh)"
