/*
 * bignum.h - exact non-negative integers of any size, for heaps beyond
 * 64 bits (standard C only). A bignum is opaque: callers hold a pointer,
 * and every operation writes a result that the caller made with
 * bignum_new. Results may alias operands. Functions that can allocate
 * return 0, or -1 when out of memory (the result is then unspecified but
 * still a valid bignum to free or reuse). Not part of libgrundy's
 * interface.
 */
#ifndef GRUNDY_BIGNUM_H
#define GRUNDY_BIGNUM_H

#include <stddef.h>
#include <stdint.h>

typedef struct bignum bignum;

/* Products of two numbers of at least this many limbs (64 bits, about
 * 19 digits each) use Karatsuba's method; shorter ones the schoolbook. */
#define BIGNUM_KARATSUBA_LIMBS 32
/* Decimal numbers of at most this many digits convert by the schoolbook
 * (19 digits at a time, quadratic); longer ones divide and conquer over
 * the powers 10^(19 * 2^i) (bignum_dec.c), in about the time of a few
 * products. Named here so that tests can aim at the edges. */
#define BIGNUM_DEC_LEAF_DIGITS 600

/* A new bignum worth 0, or NULL when out of memory; bignum_free(NULL) is
 * a no-op. */
bignum *bignum_new(void);
void bignum_free(bignum *x);

/* x = v. */
int bignum_set_u64(bignum *x, uint64_t v);
/* x = y. */
int bignum_copy(bignum *x, const bignum *y);
/* 1 and *v = x when x fits in 64 bits; else 0. */
int bignum_to_u64(const bignum *x, uint64_t *v);
int bignum_is_zero(const bignum *x);
/* The number of bits of x (0 for 0). */
size_t bignum_bits(const bignum *x);
/* Bit i of x (0 beyond its top). */
int bignum_bit(const bignum *x, size_t i);
/* Word i of x (bits 64 i to 64 i + 63); 0 past its length. */
uint64_t bignum_word(const bignum *x, size_t i);
/* Bytes x holds from the allocator (its struct and every limb of room,
 * used or not), for callers that count them against a memory limit. */
size_t bignum_bytes(const bignum *x);
/* Gives back the room above x's value (the value is kept; when the
 * allocator refuses, x keeps its room). */
void bignum_fit(bignum *x);

/* Parses s[0..len): decimal digits only (no sign, blank, '+', exponent or
 * separator), at least one. Returns 0, -1 when out of memory, -2 when s
 * is not such a number. Leading zeros are allowed. Subquadratic: 10^6
 * digits in a fraction of a second (bench/bigdec.sh). */
int bignum_parse_dec(bignum *x, const char *s, size_t len);
/* Digits x takes in decimal (1 for 0); a bound, exact or one more. */
size_t bignum_dec_size(const bignum *x);
/* Writes x in decimal, without leading zeros, and a NUL into buf, which
 * has room for bignum_dec_size(x) + 1 bytes. Returns the digits written,
 * or 0 when out of memory (a number has at least one digit).
 * Subquadratic, as bignum_parse_dec. */
size_t bignum_to_dec(const bignum *x, char *buf);

/* -1, 0 or 1 as x <, == or > y. */
int bignum_cmp(const bignum *x, const bignum *y);
int bignum_cmp_u64(const bignum *x, uint64_t v);

/* r = x + y; r = x - y (x >= y is the caller's promise; else r = 0 and
 * -2 is returned); r = x ^ y; r = x * y. */
int bignum_add(bignum *r, const bignum *x, const bignum *y);
int bignum_sub(bignum *r, const bignum *x, const bignum *y);
int bignum_xor(bignum *r, const bignum *x, const bignum *y);
int bignum_mul(bignum *r, const bignum *x, const bignum *y);
/* r = x + v; r = x * v. */
int bignum_add_u64(bignum *r, const bignum *x, uint64_t v);
int bignum_mul_u64(bignum *r, const bignum *x, uint64_t v);
/* r = x << k; r = x >> k. */
int bignum_shl(bignum *r, const bignum *x, size_t k);
int bignum_shr(bignum *r, const bignum *x, size_t k);
/* q = x / d and *rem = x % d for d > 0 (q may be NULL: remainder only). */
int bignum_divmod_u64(bignum *q, const bignum *x, uint64_t d, uint64_t *rem);
/* r = x mod d for d > 0 (Knuth's long division; quadratic: the
 * length of x times that of d). */
int bignum_mod(bignum *r, const bignum *x, const bignum *d);
/* r = floor(sqrt(x)). */
int bignum_isqrt(bignum *r, const bignum *x);

#endif
