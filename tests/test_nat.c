/*
 * test_nat.c - the number type of algorithms written once for every size
 * (src/nat.c) against bignum.c's arithmetic and 128-bit integers, on the
 * edges where its representation changes (around 2^64 and 2^128) and on
 * random numbers; floor(x phi) by its defining inequality; that values
 * which fit never allocate; results aliasing operands.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nat.h"

#include <stdlib.h>
#include <string.h>

static const char *const edges[] = {
    "0", "1", "2", "3", "4294967295", "9223372036854775808",
    "18446744073709551614", "18446744073709551615", "18446744073709551616",
    "18446744073709551617", "36893488147419103232",
    "170141183460469231731687303715884105728",
    "340282366920938463463374607431768211454",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456",
    "340282366920938463463374607431768211457",
    "680564733841220343463374607431768211459",
    "6277101735386680763835789423207666416102355444464034512896",
    "12345678901234567890123456789012345678901234567890123456789012345",
};
#define NEDGES (sizeof edges / sizeof edges[0])

static const uint64_t divisors[] = {
    1, 2, 3, 10, 4294967297u, 9223372036854775807u, UINT64_MAX,
};
#define NDIV (sizeof divisors / sizeof divisors[0])

static bignum *
big_dec(const char *s)
{
    bignum *x = bignum_new();
    assert_non_null(x);
    assert_int_equal(bignum_parse_dec(x, s, strlen(s)), 0);
    return x;
}

/* x's value equals ref, and x keeps the invariant: big from 2^128 on. */
static void
check_nat(const nat *x, const bignum *ref)
{
    bignum *got = bignum_new();
    assert_non_null(got);
    assert_int_equal(nat_to_big(got, x), 0);
    assert_int_equal(bignum_cmp(got, ref), 0);
    assert_int_equal(x->is_big, bignum_bits(ref) > 128);
    bignum_free(got);
}

/* Two operands as bignums (bx, by) and as nats (x, y), with a nat result
 * r and a bignum ref for what r must be: the pair owns all of them. */
typedef struct pair {
    bignum *bx, *by, *ref;
    nat x, y, r;
} pair;

/* Opens p over bx and by, which it takes. */
static void
pair_open(pair *p, bignum *bx, bignum *by)
{
    const nat zero = NAT_ZERO;
    p->bx = bx;
    p->by = by;
    p->ref = bignum_new();
    assert_non_null(p->ref);
    p->x = p->y = p->r = zero;
    assert_int_equal(nat_set_big(&p->x, bx), 0);
    assert_int_equal(nat_set_big(&p->y, by), 0);
}

static void
pair_close(pair *p)
{
    nat_free(&p->x);
    nat_free(&p->y);
    nat_free(&p->r);
    bignum_free(p->bx);
    bignum_free(p->by);
    bignum_free(p->ref);
}

static void
test_edges(void **state)
{
    (void)state;
    for (size_t i = 0; i < NEDGES; i++) {
        for (size_t j = 0; j < NEDGES; j++) {
            pair p;
            int c;
            pair_open(&p, big_dec(edges[i]), big_dec(edges[j]));
            c = bignum_cmp(p.bx, p.by);
            assert_int_equal(nat_cmp(&p.x, &p.y), c);
            assert_int_equal(nat_add(&p.r, &p.x, &p.y), 0);
            assert_int_equal(bignum_add(p.ref, p.bx, p.by), 0);
            check_nat(&p.r, p.ref);
            assert_int_equal(nat_sub(&p.r, &p.x, &p.y), c < 0 ? -2 : 0);
            if (c >= 0) {
                assert_int_equal(bignum_sub(p.ref, p.bx, p.by), 0);
                check_nat(&p.r, p.ref);
            }
            /* Aliased: x = x + y, then back. */
            assert_int_equal(nat_add(&p.x, &p.x, &p.y), 0);
            assert_int_equal(bignum_add(p.ref, p.bx, p.by), 0);
            check_nat(&p.x, p.ref);
            assert_int_equal(nat_sub(&p.x, &p.x, &p.y), 0);
            check_nat(&p.x, p.bx);
            pair_close(&p);
        }
    }
}

static void
test_mul_div(void **state)
{
    (void)state;
    for (size_t i = 0; i < NEDGES; i++) {
        for (size_t k = 0; k < NDIV; k++) {
            bignum *bx = big_dec(edges[i]), *ref = bignum_new();
            nat x = NAT_ZERO, r = NAT_ZERO;
            uint64_t d = divisors[k], rem, want;
            assert_non_null(ref);
            assert_int_equal(nat_set_big(&x, bx), 0);
            assert_int_equal(nat_mul_u64(&r, &x, d), 0);
            assert_int_equal(bignum_mul_u64(ref, bx, d), 0);
            check_nat(&r, ref);
            assert_int_equal(nat_divmod_u64(&r, &x, d, &rem), 0);
            assert_int_equal(bignum_divmod_u64(ref, bx, d, &want), 0);
            assert_true(rem == want);
            check_nat(&r, ref);
            assert_int_equal(nat_is_zero(&x), bignum_is_zero(bx));
            assert_int_equal(nat_add_u64(&r, &x, d), 0);
            assert_int_equal(bignum_add_u64(ref, bx, d), 0);
            check_nat(&r, ref);
            assert_int_equal(nat_sub_u64(&r, &r, d), 0);
            check_nat(&r, bx);
            assert_int_equal(bignum_divmod_u64(ref, bx, d, &want), 0);
            assert_int_equal(nat_divmod_u64(NULL, &x, d, &rem), 0);
            assert_true(rem == want);
            assert_int_equal(nat_divmod_u64(&x, &x, d, &rem), 0);
            check_nat(&x, ref);
            nat_free(&x);
            nat_free(&r);
            bignum_free(bx);
            bignum_free(ref);
        }
    }
}

/* Random 64-bit operands against 128-bit arithmetic: results that fit
 * never allocate. */
static void
test_u64_random(void **state)
{
    uint64_t s = 0x9e3779b97f4a7c15u;
    (void)state;
    for (int i = 0; i < 200000; i++) {
        nat x = NAT_ZERO, y = NAT_ZERO, r = NAT_ZERO;
        uint64_t a, b, rem, u;
        s = s * 6364136223846793005u + 1442695040888963407u;
        a = s >> (s % 64);
        s = s * 6364136223846793005u + 1442695040888963407u;
        b = s >> (s % 61);
        nat_set_u64(&x, a);
        nat_set_u64(&y, b);
        assert_int_equal(nat_cmp(&x, &y), (a > b) - (a < b));
        assert_int_equal(nat_add(&r, &x, &y), 0);
        assert_true(r.v == (im_u128)a + b);
        assert_int_equal(nat_to_u64(&r, &u), (im_u128)a + b <= UINT64_MAX);
        assert_int_equal(nat_sub(&r, &x, &y), a >= b ? 0 : -2);
        assert_true(a < b || r.v == a - b);
        assert_int_equal(nat_mul_u64(&r, &x, b), 0);
        assert_true(r.v == (im_u128)a * b);
        assert_int_equal(nat_divmod_u64(&r, &x, b | 1, &rem), 0);
        assert_true(r.v == a / (b | 1) && rem == a % (b | 1));
        assert_int_equal(nat_floor_phi(&r, &x), 0);
        assert_true(r.v == im_floor_phi(a));
        assert_int_equal(nat_floor_inv_phi(&r, &x), 0);
        assert_true(r.v == im_floor_inv_phi(a));
        assert_null(r.big);
        assert_null(x.big);
    }
}

/* f = floor(x phi) exactly when (2f - x)^2 <= 5 x^2 < (2f + 2 - x)^2
 * (2 x phi = x + sqrt(5 x^2)); and floor(x / phi) = floor(x phi) - x. */
static void
check_phi(const nat *x)
{
    nat f = NAT_ZERO, g = NAT_ZERO, t = NAT_ZERO;
    bignum *bx = bignum_new(), *b5 = bignum_new(), *lo = bignum_new();
    bignum *hi = bignum_new();
    assert_true(bx != NULL && b5 != NULL && lo != NULL && hi != NULL);
    assert_int_equal(nat_floor_phi(&f, x), 0);
    assert_int_equal(nat_floor_inv_phi(&g, x), 0);
    assert_int_equal(nat_sub(&t, &f, x), 0);
    assert_int_equal(nat_cmp(&t, &g), 0);
    assert_int_equal(nat_to_big(bx, x), 0);
    assert_int_equal(bignum_mul(b5, bx, bx), 0);
    assert_int_equal(bignum_mul_u64(b5, b5, 5), 0);
    assert_int_equal(nat_add(&t, &f, &f), 0);
    assert_int_equal(nat_sub(&t, &t, x), 0);
    assert_int_equal(nat_to_big(lo, &t), 0);
    assert_int_equal(bignum_add_u64(hi, lo, 2), 0);
    assert_int_equal(bignum_mul(lo, lo, lo), 0);
    assert_int_equal(bignum_mul(hi, hi, hi), 0);
    assert_true(bignum_cmp(lo, b5) <= 0 && bignum_cmp(b5, hi) < 0);
    nat_free(&f);
    nat_free(&g);
    nat_free(&t);
    bignum_free(bx);
    bignum_free(b5);
    bignum_free(lo);
    bignum_free(hi);
}

static void
test_phi(void **state)
{
    (void)state;
    for (size_t i = 0; i < NEDGES; i++) {
        bignum *bx = big_dec(edges[i]);
        nat x = NAT_ZERO;
        for (int k = 0; k < 3; k++) {
            assert_int_equal(nat_set_big(&x, bx), 0);
            assert_int_equal(nat_add_u64(&x, &x, (uint64_t)k), 0);
            check_phi(&x);
        }
        nat_free(&x);
        bignum_free(bx);
    }
    for (uint64_t a = 0; a < 3000; a++) {
        nat x = NAT_ZERO;
        nat_set_u64(&x, a);
        check_phi(&x);
    }
}

static void
test_put(void **state)
{
    (void)state;
    for (size_t i = 0; i < NEDGES; i++) {
        bignum *bx = big_dec(edges[i]);
        nat x = NAT_ZERO;
        strbuf b = {0};
        assert_int_equal(nat_set_big(&x, bx), 0);
        nat_put(&b, &x);
        assert_false(b.oom);
        assert_int_equal(b.len, strlen(edges[i]));
        assert_memory_equal(b.s, edges[i], b.len);
        free(b.s);
        nat_free(&x);
        bignum_free(bx);
    }
}

/* Bit operations. */

/* The bitwise reference: bit i of r is op(bit i of x, bit i of y), read
 * and written one bit at a time (AND: op 0, XOR: op 1). */
static bignum *
bits_ref(const bignum *x, const bignum *y, int op)
{
    bignum *r = bignum_new();
    size_t n = bignum_bits(x) > bignum_bits(y) ? bignum_bits(x)
                                                : bignum_bits(y);
    assert_non_null(r);
    for (size_t i = n; i-- > 0;) {
        int a = bignum_bit(x, i), b = bignum_bit(y, i);
        assert_int_equal(bignum_shl(r, r, 1), 0);
        assert_int_equal(bignum_add_u64(r, r, op ? (uint64_t)(a ^ b)
                                                 : (uint64_t)(a & b)),
                         0);
    }
    return r;
}

static const size_t shifts[] = {0, 1, 2, 7, 63, 64, 65, 127, 128, 129, 200};
#define NSHIFTS (sizeof shifts / sizeof shifts[0])

/* nat_xor_u64_in(x, m, lo, span) against bignums: lo <= x ^ m and
 * x ^ m <= span + lo. */
static void
check_xor_in(const nat *x, const bignum *bx, uint64_t m, uint64_t lo,
             const nat *span)
{
    bignum *t = bignum_new(), *top = bignum_new();
    assert_true(t != NULL && top != NULL);
    assert_int_equal(bignum_set_u64(t, m), 0);
    assert_int_equal(bignum_xor(t, bx, t), 0);
    assert_int_equal(nat_to_big(top, span), 0);
    assert_int_equal(bignum_add_u64(top, top, lo), 0);
    assert_int_equal(nat_xor_u64_in(x, m, lo, span),
                     bignum_cmp_u64(t, lo) >= 0 && bignum_cmp(t, top) <= 0);
    bignum_free(t);
    bignum_free(top);
}

/* nat_xor_u64_in on x, for several m and lo: with span y, and with the
 * exact span (x ^ m) - lo, which holds, and one less, which fails. */
static void
check_xor_ins(const nat *x, const bignum *bx, const nat *y)
{
    const uint64_t ms[] = {0, 1, nat_low_u64(y), UINT64_MAX};
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        uint64_t v = nat_low_u64(x) ^ ms[i];
        const uint64_t los[] = {0, v, v + 1, v - 1, UINT64_MAX};
        for (size_t j = 0; j < sizeof los / sizeof los[0]; j++) {
            nat t = NAT_ZERO, m = NAT_ZERO;
            check_xor_in(x, bx, ms[i], los[j], y);
            nat_set_u64(&m, ms[i]);
            assert_int_equal(nat_xor(&t, x, &m), 0);
            if (nat_sub_u64(&t, &t, los[j]) == 0) {
                check_xor_in(x, bx, ms[i], los[j], &t);
                assert_int_equal(nat_xor_u64_in(x, ms[i], los[j], &t), 1);
                if (!nat_is_zero(&t)) {
                    assert_int_equal(nat_sub_u64(&t, &t, 1), 0);
                    assert_int_equal(nat_xor_u64_in(x, ms[i], los[j], &t),
                                     0);
                }
            }
            nat_free(&t);
        }
    }
}

/* Every bit operation of p's x and y against bignum.c and the bitwise
 * reference; the results aliasing each operand. */
static void
check_bits(pair *p)
{
    const bignum *bx = p->bx, *by = p->by;
    bignum *ax = bits_ref(bx, by, 0), *xx = bits_ref(bx, by, 1);
    bignum *ref = p->ref;
    nat *x = &p->x, *y = &p->y, *r = &p->r;
    uint64_t low;
    assert_int_equal(bignum_xor(ref, bx, by), 0);
    assert_int_equal(bignum_cmp(ref, xx), 0);
    assert_int_equal(nat_xor(r, x, y), 0);
    check_nat(r, xx);
    assert_int_equal(nat_and(r, x, y), 0);
    check_nat(r, ax);
    assert_int_equal(nat_bits(x), bignum_bits(bx));
    for (size_t i = 0; i < 300; i++) {
        assert_int_equal(nat_bit(x, i), bignum_bit(bx, i));
    }
    /* x mod 2^64 = x - (x >> 64) 2^64. */
    assert_int_equal(bignum_shr(ref, bx, 64), 0);
    assert_int_equal(bignum_shl(ref, ref, 64), 0);
    assert_int_equal(bignum_sub(ref, bx, ref), 0);
    assert_true(bignum_to_u64(ref, &low));
    assert_true(nat_low_u64(x) == low);
    check_xor_ins(x, bx, y);
    for (size_t k = 0; k < NSHIFTS; k++) {
        assert_int_equal(nat_shl(r, x, shifts[k]), 0);
        assert_int_equal(bignum_shl(ref, bx, shifts[k]), 0);
        check_nat(r, ref);
        assert_int_equal(nat_shr(r, x, shifts[k]), 0);
        assert_int_equal(bignum_shr(ref, bx, shifts[k]), 0);
        check_nat(r, ref);
    }
    /* Aliased: x = x ^ y (twice gives x back), y = x & y, x ^ x = 0. */
    assert_int_equal(nat_xor(x, x, y), 0);
    check_nat(x, xx);
    assert_int_equal(nat_xor(x, x, y), 0);
    check_nat(x, bx);
    assert_int_equal(nat_and(y, x, y), 0);
    check_nat(y, ax);
    assert_int_equal(nat_set_big(y, by), 0);
    assert_int_equal(nat_xor(y, x, y), 0);
    check_nat(y, xx);
    assert_int_equal(nat_set_big(y, by), 0);
    assert_int_equal(nat_and(x, x, y), 0);
    check_nat(x, ax);
    assert_int_equal(nat_set_big(x, bx), 0);
    assert_int_equal(nat_xor(r, x, x), 0);
    assert_true(nat_is_zero(r));
    assert_int_equal(nat_and(r, x, x), 0);
    check_nat(r, bx);
    /* Aliased shifts: x = x 2^k, then back. */
    for (size_t k = 0; k < NSHIFTS; k++) {
        assert_int_equal(nat_shl(x, x, shifts[k]), 0);
        assert_int_equal(bignum_shl(ref, bx, shifts[k]), 0);
        check_nat(x, ref);
        assert_int_equal(nat_shr(x, x, shifts[k]), 0);
        check_nat(x, bx);
    }
    bignum_free(ax);
    bignum_free(xx);
}

static void
test_bits_edges(void **state)
{
    (void)state;
    for (size_t i = 0; i < NEDGES; i++) {
        for (size_t j = 0; j < NEDGES; j++) {
            pair p;
            pair_open(&p, big_dec(edges[i]), big_dec(edges[j]));
            check_bits(&p);
            pair_close(&p);
        }
    }
}

/* A random number of 0 to 5 words of 64 random bits (the top one
 * shortened at random), as a bignum: below 2^64, between 2^64 and 2^128,
 * and beyond. */
static bignum *
big_random(uint64_t *s)
{
    bignum *x = bignum_new();
    unsigned words;
    assert_non_null(x);
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    words = (unsigned)(*s >> 32) % 6;
    for (unsigned w = 0; w < words; w++) {
        *s = *s * 6364136223846793005u + 1442695040888963407u;
        assert_int_equal(bignum_shl(x, x, 64), 0);
        assert_int_equal(bignum_add_u64(x, x, *s >> (w > 0 ? 0 : *s % 64)),
                         0);
    }
    return x;
}

static void
test_bits_random(void **state)
{
    uint64_t s = 0x2545f4914f6cdd1du;
    (void)state;
    for (int i = 0; i < 3000; i++) {
        pair p;
        bignum *bx = big_random(&s);
        pair_open(&p, bx, big_random(&s));
        check_bits(&p);
        pair_close(&p);
    }
}

/* Random operands below 2^128 against 128-bit arithmetic: every bit
 * operation whose result fits allocates nothing (nor does
 * nat_xor_u64_in). */
static void
test_bits_u128_random(void **state)
{
    uint64_t s = 0x9e3779b97f4a7c15u;
    (void)state;
    for (int i = 0; i < 200000; i++) {
        nat x = NAT_ZERO, y = NAT_ZERO, r = NAT_ZERO;
        im_u128 a, b;
        size_t k;
        s = s * 6364136223846793005u + 1442695040888963407u;
        a = (im_u128)(s >> (s % 64)) << (s % 3 == 0 ? 64 : 0);
        s = s * 6364136223846793005u + 1442695040888963407u;
        a |= s >> (s % 64);
        s = s * 6364136223846793005u + 1442695040888963407u;
        b = (im_u128)(s >> (s % 64)) << (s % 2 == 0 ? 64 : 0);
        s = s * 6364136223846793005u + 1442695040888963407u;
        b |= s >> (s % 61);
        k = (size_t)(s % 130);
        x.v = a;
        y.v = b;
        assert_int_equal(nat_xor(&r, &x, &y), 0);
        assert_true(r.v == (a ^ b));
        assert_int_equal(nat_and(&r, &x, &y), 0);
        assert_true(r.v == (a & b));
        assert_int_equal(nat_shr(&r, &x, k), 0);
        assert_true(r.v == (k < 128 ? a >> k : 0));
        assert_int_equal(nat_bit(&x, k), k < 128 && ((a >> k) & 1u));
        assert_true(nat_low_u64(&x) == (uint64_t)a);
        /* lo <= a ^ m <= lo + b, m and lo from the low words of a and b. */
        {
            uint64_t m = (uint64_t)(b >> 3), lo = (uint64_t)a ^ (s >> 7);
            im_u128 v = a ^ m;
            assert_int_equal(nat_xor_u64_in(&x, m, lo, &y),
                             v >= lo && v - lo <= b);
        }
        if (k < 128 && (k == 0 || (a >> (128 - k)) == 0)) {
            assert_int_equal(nat_shl(&r, &x, k), 0);
            assert_true(r.v == a << k && !r.is_big);
        }
        assert_null(r.big);
        assert_null(x.big);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_mul_div),
        cmocka_unit_test(test_u64_random),
        cmocka_unit_test(test_phi),
        cmocka_unit_test(test_put),
        cmocka_unit_test(test_bits_edges),
        cmocka_unit_test(test_bits_random),
        cmocka_unit_test(test_bits_u128_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
