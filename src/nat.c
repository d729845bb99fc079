/*
 * nat.c - the halves of nat.h's operations that meet numbers of 2^128 or
 * more: each converts the operands it needs into bignums, computes there,
 * and gives the result back in 128 bits when it fits again. Pure: no
 * state, no output.
 */
#include "nat.h"

#include <stdlib.h>

/* r = v, a bignum. */
static int
big_set_u128(bignum *r, im_u128 v)
{
    return bignum_set_u64(r, (uint64_t)(v >> 64)) != 0 ||
                   bignum_shl(r, r, 64) != 0 ||
                   bignum_add_u64(r, r, (uint64_t)v) != 0
               ? -1
               : 0;
}

/* Makes r's room (a bignum) when it has none. */
static int
nat_room(nat *r)
{
    if (r->big == NULL && (r->big = bignum_new()) == NULL) {
        return -1;
    }
    return 0;
}

/* r holds its value in r->big: back into 128 bits when it fits (the
 * invariant: is_big exactly when the value is 2^128 or more). */
static void
nat_settle(nat *r)
{
    size_t bits = bignum_bits(r->big);
    r->is_big = bits > 128;
    if (!r->is_big) {
        r->v = (im_u128)bignum_word(r->big, 1) << 64 | bignum_word(r->big, 0);
    }
}

/* x as a bignum: x's own when it is big, else *tmp made for it (free it
 * after); NULL when out of memory. */
static const bignum *
nat_operand(const nat *x, bignum **tmp)
{
    if (x->is_big) {
        return x->big;
    }
    if ((*tmp = bignum_new()) == NULL || big_set_u128(*tmp, x->v) != 0) {
        return NULL;
    }
    return *tmp;
}

int
nat_set_big(nat *r, const bignum *x)
{
    if (nat_room(r) != 0 || bignum_copy(r->big, x) != 0) {
        return -1;
    }
    nat_settle(r);
    return 0;
}

int
nat_to_big(bignum *r, const nat *x)
{
    return x->is_big ? bignum_copy(r, x->big) : big_set_u128(r, x->v);
}

int
nat_copy_big(nat *r, const nat *x)
{
    if (r == x) {
        return 0;
    }
    return nat_set_big(r, x->big);
}

int
nat_cmp_big(const nat *x, const nat *y)
{
    if (x->is_big && y->is_big) {
        return bignum_cmp(x->big, y->big);
    }
    /* Only one is 2^128 or more (the invariant). */
    return x->is_big ? 1 : -1;
}

/* r = op(x, y) through bignums: op is bignum_add, bignum_sub or
 * bignum_xor. */
static int
nat_binary(nat *r, const nat *x, const nat *y,
           int (*op)(bignum *, const bignum *, const bignum *))
{
    bignum *tx = NULL, *ty = NULL;
    const bignum *bx = nat_operand(x, &tx), *by = nat_operand(y, &ty);
    int rc = bx == NULL || by == NULL || nat_room(r) != 0
                 ? -1
                 : op(r->big, bx, by);
    bignum_free(tx);
    bignum_free(ty);
    if (rc == 0) {
        nat_settle(r);
    }
    return rc;
}

int
nat_add_big(nat *r, const nat *x, const nat *y)
{
    return nat_binary(r, x, y, bignum_add);
}

int
nat_sub_big(nat *r, const nat *x, const nat *y)
{
    int rc = nat_binary(r, x, y, bignum_sub);
    if (rc == -2) {
        nat_set_u64(r, 0);
    }
    return rc;
}

/* Bit operations. */

int
nat_xor_big(nat *r, const nat *x, const nat *y)
{
    return nat_binary(r, x, y, bignum_xor);
}

int
nat_mul_u64_big(nat *r, const nat *x, uint64_t m)
{
    bignum *tx = NULL;
    const bignum *bx = nat_operand(x, &tx);
    int rc = bx == NULL || nat_room(r) != 0 ? -1
                                            : bignum_mul_u64(r->big, bx, m);
    bignum_free(tx);
    if (rc == 0) {
        nat_settle(r);
    }
    return rc;
}

int
nat_divmod_u64_big(nat *q, const nat *x, uint64_t d, uint64_t *rem)
{
    bignum *tx = NULL;
    const bignum *bx = nat_operand(x, &tx);
    int rc;
    if (q == NULL) {
        rc = bx == NULL ? -1 : bignum_divmod_u64(NULL, bx, d, rem);
    } else {
        rc = bx == NULL || nat_room(q) != 0
                 ? -1
                 : bignum_divmod_u64(q->big, bx, d, rem);
    }
    bignum_free(tx);
    if (rc == 0 && q != NULL) {
        nat_settle(q);
    }
    return rc;
}

/* r = floor(x phi) = floor((x + isqrt(5 x^2)) / 2) for any x: x sqrt 5
 * is irrational for x > 0, so its fraction never carries the halving
 * past an integer (docs/theory.md 5). */
int
nat_floor_phi_big(nat *r, const nat *x)
{
    bignum *tx = NULL, *sq = bignum_new();
    const bignum *bx = nat_operand(x, &tx);
    int rc = -1;
    if (sq != NULL && bx != NULL && bignum_mul(sq, bx, bx) == 0 &&
        bignum_mul_u64(sq, sq, 5) == 0 && bignum_isqrt(sq, sq) == 0 &&
        nat_room(r) == 0 && bignum_add(r->big, sq, bx) == 0 &&
        bignum_shr(r->big, r->big, 1) == 0) {
        nat_settle(r);
        rc = 0;
    }
    bignum_free(sq);
    bignum_free(tx);
    return rc;
}

int
nat_floor_inv_phi_big(nat *r, const nat *x)
{
    /* floor(x / phi) = floor(x (phi - 1)) = floor(x phi) - x. */
    nat f = NAT_ZERO;
    int rc = nat_floor_phi_big(&f, x) != 0 || nat_sub(r, &f, x) != 0 ? -1
                                                                        : 0;
    nat_free(&f);
    return rc;
}

void
nat_put(strbuf *b, const nat *x)
{
    char buf[40], *p = buf + sizeof buf;
    im_u128 v = x->v;
    if (x->is_big) {
        util_sb_put_big(b, x->big);
        return;
    }
    *--p = '\0';
    do {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    util_sb_put(b, p);
}

/* Bit operations beyond XOR (above). */

/* x + y = (x ^ y) + 2 (x & y): the carries of the sum are the common
 * bits, so x & y = (x + y - (x ^ y)) / 2 needs no bignum AND. */
int
nat_and_big(nat *r, const nat *x, const nat *y)
{
    nat s = NAT_ZERO, t = NAT_ZERO;
    int rc = nat_add(&s, x, y) != 0 || nat_xor(&t, x, y) != 0 ||
                     nat_sub(&s, &s, &t) != 0 || nat_shr(r, &s, 1) != 0
                 ? -1
                 : 0;
    nat_free(&s);
    nat_free(&t);
    return rc;
}

/* r = op(x, k) through bignums: op is bignum_shl or bignum_shr. */
static int
nat_shift(nat *r, const nat *x, size_t k,
          int (*op)(bignum *, const bignum *, size_t))
{
    bignum *tx = NULL;
    const bignum *bx = nat_operand(x, &tx);
    int rc = bx == NULL || nat_room(r) != 0 ? -1 : op(r->big, bx, k);
    bignum_free(tx);
    if (rc == 0) {
        nat_settle(r);
    }
    return rc;
}

int
nat_shl_big(nat *r, const nat *x, size_t k)
{
    return nat_shift(r, x, k, bignum_shl);
}

int
nat_shr_big(nat *r, const nat *x, size_t k)
{
    return nat_shift(r, x, k, bignum_shr);
}

/* x or span is 2^128 or more: a small x XOR m (below 2^128) is within
 * any big span of lo; else (x XOR m) - lo is compared with span. */
int
nat_xor_u64_in_big(const nat *x, uint64_t m, uint64_t lo, const nat *span)
{
    nat t = NAT_ZERO;
    int rc;
    if (!x->is_big) {
        return (x->v ^ m) >= lo;
    }
    nat_set_u64(&t, m);
    /* A big x XOR m is above lo. */
    rc = nat_xor(&t, x, &t) != 0 || nat_sub_u64(&t, &t, lo) != 0
             ? -1
             : nat_cmp(&t, span) <= 0;
    nat_free(&t);
    return rc;
}

uint64_t
nat_low_u64_big(const nat *x)
{
    return bignum_word(x->big, 0);
}
