/*
 * nat.h - natural numbers of any size, held in 128 bits while they fit
 * and in a bignum beyond: the one number type of the algorithms written
 * once for 64-bit and any-size numbers (docs/architecture.md, "Numbers of
 * any size"). While values fit, every operation is inline integer
 * arithmetic and allocates nothing; only numbers from 2^128 on reach
 * nat.c and bignum.c. Not part of libgrundy's interface.
 */
#ifndef GRUNDY_NAT_H
#define GRUNDY_NAT_H

#include "bignum.h"
#include "intmath.h"
#include "util.h"

#include <stdint.h>

/* A number: v while below 2^128, else *big (is_big). big is room kept
 * for reuse once allocated, whatever the value; start a nat as NAT_ZERO
 * and give it back with nat_free. Results may alias operands. Functions
 * that can allocate return 0, or -1 when out of memory (the result is
 * then unspecified but may still be freed or reused). */
typedef struct nat {
    im_u128 v;
    bignum *big;
    int is_big;
} nat;

#define NAT_ZERO {0, NULL, 0}
#define NAT_U64_MAX ((im_u128)UINT64_MAX)

/* Gives back x's room; x is then 0 (NULL: nothing). */
static inline void
nat_free(nat *x)
{
    if (x != NULL) {
        if (x->big != NULL) {
            bignum_free(x->big);
            x->big = NULL;
        }
        x->v = 0;
        x->is_big = 0;
    }
}

/* The out-of-line halves of the operations below: any operand or result
 * of 2^128 or more. Call the inline ones. */
int nat_copy_big(nat *r, const nat *x);
int nat_cmp_big(const nat *x, const nat *y);
int nat_add_big(nat *r, const nat *x, const nat *y);
int nat_sub_big(nat *r, const nat *x, const nat *y);
int nat_mul_u64_big(nat *r, const nat *x, uint64_t m);
int nat_divmod_u64_big(nat *q, const nat *x, uint64_t d, uint64_t *rem);
int nat_floor_phi_big(nat *r, const nat *x);
int nat_floor_inv_phi_big(nat *r, const nat *x);
int nat_xor_big(nat *r, const nat *x, const nat *y);

static inline void
nat_set_u64(nat *r, uint64_t v)
{
    r->v = v;
    r->is_big = 0;
}

/* r = x, a bignum. */
int nat_set_big(nat *r, const bignum *x);
/* r = x, a bignum made by the caller. */
int nat_to_big(bignum *r, const nat *x);

/* 1 and *v = x when x fits in 64 bits; else 0. */
static inline int
nat_to_u64(const nat *x, uint64_t *v)
{
    if (x->is_big || x->v > NAT_U64_MAX) {
        return 0;
    }
    *v = (uint64_t)x->v;
    return 1;
}

static inline int
nat_copy(nat *r, const nat *x)
{
    if (!x->is_big) {
        r->v = x->v;
        r->is_big = 0;
        return 0;
    }
    return nat_copy_big(r, x);
}

/* -1, 0 or 1 as x <, == or > y. */
static inline int
nat_cmp(const nat *x, const nat *y)
{
    if (!x->is_big && !y->is_big) {
        return (x->v > y->v) - (x->v < y->v);
    }
    return nat_cmp_big(x, y);
}

/* r = x + y. */
static inline int
nat_add(nat *r, const nat *x, const nat *y)
{
    if (!x->is_big && !y->is_big && x->v + y->v >= x->v) {
        r->v = x->v + y->v;
        r->is_big = 0;
        return 0;
    }
    return nat_add_big(r, x, y);
}

static inline int
nat_add_u64(nat *r, const nat *x, uint64_t v)
{
    nat y = {v, NULL, 0};
    return nat_add(r, x, &y);
}

static inline int
nat_is_zero(const nat *x)
{
    return !x->is_big && x->v == 0;
}

/* r = x - y; x >= y is the caller's promise (else r = 0 and -2 is
 * returned). */
static inline int
nat_sub(nat *r, const nat *x, const nat *y)
{
    if (!x->is_big && !y->is_big) {
        int ok = x->v >= y->v;
        r->v = ok ? x->v - y->v : 0;
        r->is_big = 0;
        return ok ? 0 : -2;
    }
    return nat_sub_big(r, x, y);
}

static inline int
nat_sub_u64(nat *r, const nat *x, uint64_t v)
{
    nat y = {v, NULL, 0};
    return nat_sub(r, x, &y);
}

/* r = x * m. */
static inline int
nat_mul_u64(nat *r, const nat *x, uint64_t m)
{
    if (!x->is_big && x->v <= NAT_U64_MAX) {
        r->v = x->v * m;
        r->is_big = 0;
        return 0;
    }
    return nat_mul_u64_big(r, x, m);
}

/* q = x / d and *rem = x % d for d > 0 (q may be NULL: remainder only). */
static inline int
nat_divmod_u64(nat *q, const nat *x, uint64_t d, uint64_t *rem)
{
    if (!x->is_big && x->v <= NAT_U64_MAX) {
        uint64_t u = (uint64_t)x->v;
        *rem = u % d;
        if (q != NULL) {
            nat_set_u64(q, u / d);
        }
        return 0;
    }
    return nat_divmod_u64_big(q, x, d, rem);
}

/* r = floor(x phi) and r = floor(x / phi), phi = (1 + sqrt 5) / 2, exact
 * (Wythoff's pairs, docs/theory.md 5): by intmath's 64-bit product while
 * x fits, by the integer square root of 5 x^2 beyond. */
static inline int
nat_floor_phi(nat *r, const nat *x)
{
    if (!x->is_big && x->v <= NAT_U64_MAX) {
        r->v = im_floor_phi((uint64_t)x->v);
        r->is_big = 0;
        return 0;
    }
    return nat_floor_phi_big(r, x);
}

static inline int
nat_floor_inv_phi(nat *r, const nat *x)
{
    if (!x->is_big && x->v <= NAT_U64_MAX + 1) {
        nat_set_u64(r, im_floor_inv_phi(x->v));
        return 0;
    }
    return nat_floor_inv_phi_big(r, x);
}

/* Bit operations. */

/* The out-of-line halves: an operand or a result of 2^128 or more
 * (nat_xor_big is declared above). */
int nat_and_big(nat *r, const nat *x, const nat *y);
int nat_shl_big(nat *r, const nat *x, size_t k);
int nat_shr_big(nat *r, const nat *x, size_t k);
uint64_t nat_low_u64_big(const nat *x);
int nat_xor_u64_in_big(const nat *x, uint64_t m, uint64_t lo,
                       const nat *span);

/* r = x XOR y (the nim-sum, docs/theory.md 1). */
static inline int
nat_xor(nat *r, const nat *x, const nat *y)
{
    if (!x->is_big && !y->is_big) {
        r->v = x->v ^ y->v;
        r->is_big = 0;
        return 0;
    }
    return nat_xor_big(r, x, y);
}

/* 1 when lo <= (x XOR m) <= lo + span, for m and lo below 2^64, else 0
 * (-1 out of memory). While x and span fit, x XOR m is written nowhere
 * and nothing fails: a search that checks many x against a span fixed
 * beforehand stores nothing. */
static inline int
nat_xor_u64_in(const nat *x, uint64_t m, uint64_t lo, const nat *span)
{
    if (!x->is_big && !span->is_big) {
        im_u128 v = x->v ^ m;
        if (((x->v | span->v) >> 64) == 0) {
            /* Machine words: a third of the 128-bit comparisons' cost. */
            uint64_t w = (uint64_t)v;
            return w >= lo && w - lo <= (uint64_t)span->v;
        }
        return v >= lo && v - lo <= span->v;
    }
    return nat_xor_u64_in_big(x, m, lo, span);
}

/* r = x AND y. */
static inline int
nat_and(nat *r, const nat *x, const nat *y)
{
    if (!x->is_big && !y->is_big) {
        r->v = x->v & y->v;
        r->is_big = 0;
        return 0;
    }
    return nat_and_big(r, x, y);
}

/* r = x 2^k. */
static inline int
nat_shl(nat *r, const nat *x, size_t k)
{
    if (!x->is_big && (k == 0 || (k < 128 && (x->v >> (128 - k)) == 0))) {
        r->v = x->v << k;
        r->is_big = 0;
        return 0;
    }
    return nat_shl_big(r, x, k);
}

/* r = floor(x / 2^k). */
static inline int
nat_shr(nat *r, const nat *x, size_t k)
{
    if (!x->is_big) {
        r->v = k < 128 ? x->v >> k : 0;
        r->is_big = 0;
        return 0;
    }
    return nat_shr_big(r, x, k);
}

/* Bit i of x (the coefficient of 2^i): 0 or 1. */
static inline int
nat_bit(const nat *x, size_t i)
{
    if (!x->is_big) {
        return i < 128 && ((x->v >> i) & 1u) != 0;
    }
    return bignum_bit(x->big, i);
}

/* x mod 2^64: its low 64 bits. */
static inline uint64_t
nat_low_u64(const nat *x)
{
    return x->is_big ? nat_low_u64_big(x) : (uint64_t)x->v;
}

/* The number of bits of x: the least b with x < 2^b (0 for 0). */
static inline size_t
nat_bits(const nat *x)
{
    im_u128 v = x->v;
    size_t b = 0;
    if (x->is_big) {
        return bignum_bits(x->big);
    }
    if ((v >> 64) != 0) {
        v >>= 64;
        b = 64;
    }
    while (v != 0) {
        v >>= 1;
        b++;
    }
    return b;
}

/* Appends x in decimal. */
void nat_put(strbuf *b, const nat *x);

#endif
