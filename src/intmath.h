/*
 * intmath.h - exact integer helpers for the classic games: 128-bit square
 * roots, floor(j * phi) without floating point (Wythoff), and 64-bit
 * primality and factorisation (division game). Pure functions, no state.
 */
#ifndef GRUNDY_INTMATH_H
#define GRUNDY_INTMATH_H

#include <stddef.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 im_u128;

/* floor(sqrt(x)) for every 128-bit x; exact, integer arithmetic only. */
uint64_t im_isqrt128(im_u128 x);

/* floor(j * phi), phi = (1 + sqrt 5) / 2, exact for every 64-bit j (the
 * result may exceed 2^64). Fast: one 64x128-bit product, with an exact
 * square-root check in the rare case the product cannot decide. */
im_u128 im_floor_phi(uint64_t j);

/* The same by the square-root identity floor(j*phi) = (j + isqrt(5 j^2))/2
 * only; slower. For cross-checks. */
im_u128 im_floor_phi_slow(uint64_t j);

/* floor(x / phi) = floor(x * (phi - 1)) for every x <= 2^64 (x is 128-bit
 * only so that 2^64 itself may be passed). */
uint64_t im_floor_inv_phi(im_u128 x);

/* The greatest common divisor of a and b (gcd(a, 0) = a). */
uint64_t im_gcd(uint64_t a, uint64_t b);

/* (a * b) mod m, m > 0. */
uint64_t im_mulmod(uint64_t a, uint64_t b, uint64_t m);

/* 1 when n is prime: deterministic Miller-Rabin, exact for all 64-bit n. */
int im_is_prime(uint64_t n);

/* Prime factorisation of n >= 1: writes up to 64 primes in non-decreasing
 * order (with multiplicity) into p and returns how many (0 for n == 1).
 * Trial division by small primes, then Pollard's rho (Brent). */
size_t im_factor(uint64_t n, uint64_t p[64]);

#endif
