/*
 * brute.c - mex and a PRNG for the reference implementations in tests.
 */
#include "brute.h"

#include <stdlib.h>

uint64_t
brute_mex(const uint64_t *vals, size_t n)
{
    /* The mex of n values is at most n, so a table of n + 1 flags decides. */
    unsigned char *seen = calloc(n + 1, 1);
    uint64_t m = 0;
    if (seen == NULL) {
        abort();
    }
    for (size_t i = 0; i < n; i++) {
        if (vals[i] <= n) {
            seen[vals[i]] = 1;
        }
    }
    while (seen[m]) {
        m++;
    }
    free(seen);
    return m;
}

uint64_t
brute_rand(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

uint64_t
brute_below(uint64_t *state, uint64_t bound)
{
    return brute_rand(state) % bound;
}
