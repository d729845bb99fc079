/*
 * brute.h - helpers for the slow reference implementations the tests
 * compare the fast paths against: mex of a value list and a seeded PRNG.
 * The references themselves follow each game's rules literally and live in
 * the test files.
 */
#ifndef GRUNDY_BRUTE_H
#define GRUNDY_BRUTE_H

#include <stddef.h>
#include <stdint.h>

/* Least non-negative integer not among vals[0..n). */
uint64_t brute_mex(const uint64_t *vals, size_t n);

/* Deterministic xorshift64* generator; state must not be 0. */
uint64_t brute_rand(uint64_t *state);
/* Uniform in [0, bound) (bound > 0). */
uint64_t brute_below(uint64_t *state, uint64_t bound);

#endif
