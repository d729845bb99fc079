/*
 * nimmul.h - nim multiplication on 64-bit words: the nimbers below 2^64
 * form the field GF(2^64) under XOR and the nim product (Conway, On
 * Numbers and Games, ch. 6; Lenstra, "Nim multiplication", 1977/78).
 * Pure functions, exact, no state; used by Turning Corners (corners.c)
 * and `grundy nimmul`.
 */
#ifndef GRUNDY_NIMMUL_H
#define GRUNDY_NIMMUL_H

#include <stdint.h>

/* The nim product x (*) y: commutative, associative, distributive over
 * XOR, 1 the unit; equal to mex{a(*)y ^ x(*)b ^ a(*)b : a < x, b < y}. */
uint64_t nimmul_mul(uint64_t x, uint64_t y);

/* x raised to the nim power e (square and multiply); nimmul_pow(x, 0) = 1. */
uint64_t nimmul_pow(uint64_t x, uint64_t e);

/* The nim inverse of x != 0, x^(2^64 - 2) (the multiplicative group of
 * GF(2^64) has order 2^64 - 1), computed through the conjugate over the
 * subfield below 2^32 (recursively); 0 for x == 0. */
uint64_t nimmul_inv(uint64_t x);

/*
 * A factorisation t = u (*) v with x ^ u < x and y ^ v < y (u, v != 0
 * whose highest bits are one bits of x and of y): 1 with *u, *v, checked,
 * or 0 when the search finds none. It finds one for every t whose
 * highest bit is a one bit of x (*) y, which the mex definition of the
 * nim product promises: t = w ^ x(*)y for w < x(*)y (checked for every
 * x, y < 256 and random 64-bit ones in test_coins.c). Turning Corners'
 * moves: the option with near corner (x^u, y^v) is worth x(*)y ^ t.
 */
int nimmul_factor(uint64_t x, uint64_t y, uint64_t t, uint64_t *u,
                  uint64_t *v);

#endif
