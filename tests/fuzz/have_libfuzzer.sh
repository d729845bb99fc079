#!/bin/sh
# have_libfuzzer.sh - installs clang and its runtime libraries where they
# are missing (Debian: clang, libclang-rt-N-dev), then succeeds when clang
# links a libFuzzer harness with -fsanitize=fuzzer,address,undefined.
cd "$(dirname "$0")/../.." || exit 1
sh scripts/deps.sh clang >/dev/null 2>&1 || true
command -v clang >/dev/null 2>&1 || exit 1
major=$(clang -dumpversion 2>/dev/null | cut -d. -f1)
[ -n "$major" ] && sh scripts/deps.sh "libclang-rt-$major-dev" >/dev/null 2>&1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '%s\n' '#include <stddef.h>' \
    'int LLVMFuzzerTestOneInput(const unsigned char *d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const unsigned char *d, size_t n)' \
    '{ (void)d; (void)n; return 0; }' > "$dir/h.c"
clang -fsanitize=fuzzer,address,undefined "$dir/h.c" -o "$dir/h" \
    >/dev/null 2>&1
