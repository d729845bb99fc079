/*
 * test_bignum.c - the number module (src/bignum.c) against a reference
 * written here independently: schoolbook arithmetic on decimal digit
 * strings (add, subtract, multiply, halve, divide by a small number),
 * binary by repeated halving, on random numbers of 1 to 2000 digits; the
 * square root by its defining inequalities; parsing errors and
 * round trips. Karatsuba's products and the divide-and-conquer decimal
 * conversion against literal references (limb by limb; digit by digit)
 * on both sides of every threshold, and 10^6-digit round trips.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bignum.h"
#include "brute.h"
#include "intmath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXD 4200   /* digits of a product of two 2000-digit numbers */

/* ---- the reference: decimal strings, most significant digit first ---- */

static void
strip(char *s)
{
    size_t i = 0, n = strlen(s);
    while (i + 1 < n && s[i] == '0') {
        i++;
    }
    memmove(s, s + i, n - i + 1);
}

static int
str_cmp(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na != nb) {
        return na < nb ? -1 : 1;
    }
    return strcmp(a, b) < 0 ? -1 : strcmp(a, b) > 0;
}

static void
str_add(const char *a, const char *b, char *out)
{
    size_t na = strlen(a), nb = strlen(b), n = (na > nb ? na : nb) + 1;
    int carry = 0;
    out[n] = '\0';
    for (size_t i = 0; i < n; i++) {
        int s = carry + (i < na ? a[na - 1 - i] - '0' : 0) +
                (i < nb ? b[nb - 1 - i] - '0' : 0);
        out[n - 1 - i] = (char)('0' + s % 10);
        carry = s / 10;
    }
    strip(out);
}

/* a - b for a >= b. */
static void
str_sub(const char *a, const char *b, char *out)
{
    size_t na = strlen(a), nb = strlen(b);
    int borrow = 0;
    out[na] = '\0';
    for (size_t i = 0; i < na; i++) {
        int d = (a[na - 1 - i] - '0') - borrow - (i < nb ? b[nb - 1 - i] - '0' : 0);
        borrow = d < 0;
        out[na - 1 - i] = (char)('0' + (d + 10) % 10);
    }
    strip(out);
}

static void
str_mul(const char *a, const char *b, char *out)
{
    size_t na = strlen(a), nb = strlen(b);
    int *acc = calloc(na + nb, sizeof *acc);
    assert_non_null(acc);
    for (size_t i = 0; i < na; i++) {
        for (size_t j = 0; j < nb; j++) {
            acc[i + j + 1] += (a[i] - '0') * (b[j] - '0');
        }
    }
    for (size_t k = na + nb; k-- > 1;) {
        acc[k - 1] += acc[k] / 10;
        acc[k] %= 10;
    }
    for (size_t k = 0; k < na + nb; k++) {
        out[k] = (char)('0' + acc[k]);
    }
    out[na + nb] = '\0';
    free(acc);
    strip(out);
}

/* a / d into out, the remainder returned (d > 0, any 64-bit value). */
static uint64_t
str_divmod(const char *a, uint64_t d, char *out)
{
    im_u128 r = 0;
    size_t n = strlen(a);
    for (size_t i = 0; i < n; i++) {
        r = r * 10 + (unsigned)(a[i] - '0');
        out[i] = (char)('0' + (int)(r / d));
        r %= d;
    }
    out[n] = '\0';
    strip(out);
    return (uint64_t)r;
}

/* The bits of a, least significant first, into bits; returns how many. */
static size_t
str_bits(const char *a, unsigned char *bits)
{
    char *t = malloc(strlen(a) + 1), *u = malloc(strlen(a) + 1);
    size_t n = 0;
    assert_non_null(t);
    assert_non_null(u);
    strcpy(t, a);
    while (strcmp(t, "0") != 0) {
        bits[n++] = (unsigned char)str_divmod(t, 2, u);
        strcpy(t, u);
    }
    free(t);
    free(u);
    return n;
}

static void
str_from_bits(const unsigned char *bits, size_t n, char *out)
{
    char *t = malloc(MAXD * 2);
    assert_non_null(t);
    strcpy(out, "0");
    for (size_t i = n; i-- > 0;) {
        str_add(out, out, t);
        str_add(t, bits[i] ? "1" : "0", out);
    }
    free(t);
}

/* ---- helpers ---------------------------------------------------------- */

static void
random_digits(uint64_t *rng, char *s, size_t maxlen)
{
    size_t n = 1 + (size_t)brute_below(rng, maxlen);
    for (size_t i = 0; i < n; i++) {
        s[i] = (char)('0' + (int)brute_below(rng, 10));
    }
    s[0] = n > 1 ? (char)('1' + (int)brute_below(rng, 9)) : s[0];
    s[n] = '\0';
}

static bignum *
num(const char *s)
{
    bignum *x = bignum_new();
    assert_non_null(x);
    assert_int_equal(bignum_parse_dec(x, s, strlen(s)), 0);
    return x;
}

static void
assert_dec(const bignum *x, const char *want)
{
    char *buf = malloc(bignum_dec_size(x) + 1);
    assert_non_null(buf);
    assert_int_equal(bignum_to_dec(x, buf), strlen(want));
    assert_string_equal(buf, want);
    free(buf);
}

/* ---- tests ------------------------------------------------------------ */

static void
test_parse_print(void **state)
{
    static const char *bad[] = {"", "12a", "+1", "-1", "1e5", "1_000",
                                " 1", "1 ", "0x10", "1,000"};
    bignum *x = bignum_new();
    uint64_t rng = 11, v;
    char s[2100], z[2200];
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(bignum_parse_dec(x, bad[i], strlen(bad[i])), -2);
    }
    assert_int_equal(bignum_parse_dec(x, "000", 3), 0);
    assert_true(bignum_is_zero(x));
    assert_dec(x, "0");
    assert_int_equal(bignum_parse_dec(x, "18446744073709551615", 20), 0);
    assert_true(bignum_to_u64(x, &v) && v == UINT64_MAX);
    assert_int_equal(bignum_parse_dec(x, "18446744073709551616", 20), 0);
    assert_false(bignum_to_u64(x, &v));
    assert_int_equal(bignum_bits(x), 65);
    /* 2^64: word 0 is 0, word 1 is 1, words past the length are 0. */
    assert_true(bignum_word(x, 0) == 0 && bignum_word(x, 1) == 1 &&
                bignum_word(x, 2) == 0 && bignum_word(x, 99) == 0);
    assert_int_equal(bignum_parse_dec(x, "1", 1), 0);
    assert_int_equal(bignum_bits(x), 1);
    /* 2^128 - 1: 128 bits, both words full. */
    assert_int_equal(bignum_parse_dec(x, "34028236692093846346337460743176"
                                         "8211455", 39), 0);
    assert_int_equal(bignum_bits(x), 128);
    assert_true(bignum_word(x, 0) == UINT64_MAX &&
                bignum_word(x, 1) == UINT64_MAX);
    for (int t = 0; t < 300; t++) {
        random_digits(&rng, s, 2000);
        /* Leading zeros are read and not printed. */
        snprintf(z, sizeof z, "000%s", s);
        assert_int_equal(bignum_parse_dec(x, z, strlen(z)), 0);
        assert_dec(x, s);
    }
    bignum_free(x);
}

static void
test_add_sub_mul(void **state)
{
    uint64_t rng = 12;
    char a[2100], b[2100], *want = malloc(MAXD), *got = malloc(MAXD);
    (void)state;
    assert_non_null(want);
    assert_non_null(got);
    for (int t = 0; t < 120; t++) {
        bignum *x, *y, *r = bignum_new();
        random_digits(&rng, a, t < 60 ? 40 : 2000);
        random_digits(&rng, b, t < 60 ? 40 : 2000);
        x = num(a);
        y = num(b);
        str_add(a, b, want);
        assert_int_equal(bignum_add(r, x, y), 0);
        assert_dec(r, want);
        str_mul(a, b, want);
        assert_int_equal(bignum_mul(r, x, y), 0);
        assert_dec(r, want);
        if (str_cmp(a, b) >= 0) {
            str_sub(a, b, want);
            assert_int_equal(bignum_sub(r, x, y), 0);
            assert_int_equal(bignum_cmp(x, y) >= 0, 1);
        } else {
            str_sub(b, a, want);
            assert_int_equal(bignum_sub(r, y, x), 0);
            assert_int_equal(bignum_sub(r, x, y), -2);
            assert_int_equal(bignum_sub(r, y, x), 0);
            assert_int_equal(bignum_cmp(x, y), -1);
        }
        assert_dec(r, want);
        /* Results may be operands. */
        str_add(a, a, want);
        assert_int_equal(bignum_add(x, x, x), 0);
        assert_dec(x, want);
        bignum_free(x);
        bignum_free(y);
        bignum_free(r);
    }
    free(want);
    free(got);
}

static void
test_xor_shift_bits(void **state)
{
    uint64_t rng = 13;
    char a[2100], b[2100], *want = malloc(MAXD * 2);
    unsigned char *ba = malloc(8000), *bb = malloc(8000), *bx = malloc(8000);
    (void)state;
    assert_non_null(want);
    for (int t = 0; t < 40; t++) {
        bignum *x, *y, *r = bignum_new();
        size_t na, nb, n, k = (size_t)brute_below(&rng, 300);
        random_digits(&rng, a, t < 20 ? 30 : 600);
        random_digits(&rng, b, t < 20 ? 30 : 600);
        x = num(a);
        y = num(b);
        na = str_bits(a, ba);
        nb = str_bits(b, bb);
        assert_int_equal(bignum_bits(x), na);
        for (size_t i = 0; i < na + 3; i++) {
            assert_int_equal(bignum_bit(x, i), i < na ? ba[i] : 0);
        }
        n = na > nb ? na : nb;
        for (size_t i = 0; i < n; i++) {
            bx[i] = (unsigned char)((i < na ? ba[i] : 0) ^ (i < nb ? bb[i] : 0));
        }
        str_from_bits(bx, n, want);
        assert_int_equal(bignum_xor(r, x, y), 0);
        assert_dec(r, want);
        /* x << k is x * 2^k; x >> k drops the k low bits. */
        memset(bx, 0, k);
        memcpy(bx + k, ba, na);
        str_from_bits(bx, na + k, want);
        assert_int_equal(bignum_shl(r, x, k), 0);
        assert_dec(r, want);
        str_from_bits(ba + (k < na ? k : na), k < na ? na - k : 0, want);
        assert_int_equal(bignum_shr(r, x, k), 0);
        assert_dec(r, want);
        assert_int_equal(bignum_shr(x, x, k), 0);   /* in place */
        assert_dec(x, want);
        bignum_free(x);
        bignum_free(y);
        bignum_free(r);
    }
    free(want);
    free(ba);
    free(bb);
    free(bx);
}

static void
test_divmod_small(void **state)
{
    static const uint64_t divisors[] = {1, 2, 3, 7, 10, 1000000007u,
                                        UINT64_C(10000000000000000000),
                                        UINT64_MAX};
    uint64_t rng = 14;
    char a[2100], want[2100];
    (void)state;
    for (int t = 0; t < 80; t++) {
        bignum *x, *q = bignum_new();
        uint64_t d = t < 64 ? divisors[t % 8] : 1 + brute_below(&rng, 1000),
                 rem, wrem;
        random_digits(&rng, a, 2000);
        x = num(a);
        wrem = str_divmod(a, d, want);
        assert_int_equal(bignum_divmod_u64(q, x, d, &rem), 0);
        assert_true(rem == wrem);
        assert_dec(q, want);
        assert_int_equal(bignum_divmod_u64(NULL, x, d, &rem), 0);
        assert_true(rem == wrem);
        bignum_free(x);
        bignum_free(q);
    }
}

/* A number of k limbs, each random or one of the values that stress
 * long division's estimates and carries (0, 1, 2^63, 2^64 - 1, ...). */
static bignum *
limbs(uint64_t *rng, size_t k)
{
    static const uint64_t special[] = {0, 1, UINT64_C(1) << 63,
                                       (UINT64_C(1) << 63) - 1,
                                       UINT64_MAX, UINT64_MAX - 1};
    bignum *x = bignum_new();
    assert_int_equal(bignum_set_u64(x, 0), 0);
    for (size_t i = 0; i < k; i++) {
        uint64_t w = brute_below(rng, 3) == 0 ? brute_rand(rng)
                                              : special[brute_below(rng, 6)];
        assert_int_equal(bignum_shl(x, x, 64), 0);
        assert_int_equal(bignum_add_u64(x, x, w), 0);
    }
    return x;
}

/* x mod d of x = q d + r built from limbs (r < d) gives r, for divisors
 * of 1 to 6 limbs (one limb checked against bignum_divmod_u64), results
 * aliasing operands, and x below d. */
static void
test_mod(void **state)
{
    uint64_t rng = 2718;
    (void)state;
    for (int t = 0; t < 20000; t++) {
        size_t dn = 1 + brute_below(&rng, 6);
        bignum *d = limbs(&rng, dn), *q = limbs(&rng, brute_below(&rng, 7)),
               *r = limbs(&rng, dn), *x = bignum_new(), *got = bignum_new();
        if (bignum_is_zero(d)) {
            assert_int_equal(bignum_set_u64(d, 1 + brute_below(&rng, 9)), 0);
        }
        /* r < d: halved until it is, or the largest, d - 1. */
        if (brute_below(&rng, 4) == 0) {
            assert_int_equal(bignum_set_u64(x, 1), 0);
            assert_int_equal(bignum_sub(r, d, x), 0);
        }
        while (bignum_cmp(r, d) >= 0) {
            assert_int_equal(bignum_shr(r, r, 1), 0);
        }
        assert_int_equal(bignum_mul(x, q, d), 0);
        assert_int_equal(bignum_add(x, x, r), 0);
        assert_int_equal(bignum_mod(got, x, d), 0);
        if (bignum_cmp(got, r) != 0) {
            fail_msg("round %d: x mod d differs from r", t);
        }
        if (dn == 1) {
            uint64_t rem, w, dv;
            assert_true(bignum_to_u64(d, &dv));
            assert_int_equal(bignum_divmod_u64(NULL, x, dv, &rem), 0);
            assert_true(bignum_to_u64(got, &w) && w == rem);
        }
        assert_int_equal(bignum_mod(x, x, d), 0);
        assert_int_equal(bignum_cmp(x, r), 0);
        assert_int_equal(bignum_mod(got, r, d), 0);
        assert_int_equal(bignum_cmp(got, r), 0);
        bignum_free(d);
        bignum_free(q);
        bignum_free(r);
        bignum_free(x);
        bignum_free(got);
    }
}

/* r = isqrt(x) satisfies r^2 <= x < (r + 1)^2 (products by the string
 * reference), and squares come back exactly. */
static void
test_isqrt(void **state)
{
    uint64_t rng = 15;
    char a[2100], *r2 = malloc(MAXD), *r1 = malloc(MAXD), *sq = malloc(MAXD);
    (void)state;
    for (int t = 0; t < 60; t++) {
        bignum *x, *r = bignum_new();
        char *rs;
        random_digits(&rng, a, t < 30 ? 40 : 500);
        x = num(a);
        assert_int_equal(bignum_isqrt(r, x), 0);
        rs = malloc(bignum_dec_size(r) + 1);
        bignum_to_dec(r, rs);
        str_mul(rs, rs, r2);
        assert_true(str_cmp(r2, a) <= 0);
        str_add(rs, "1", r1);
        str_mul(r1, r1, sq);
        assert_true(str_cmp(a, sq) < 0);
        /* isqrt(r^2) = r. */
        bignum_free(x);
        x = num(r2);
        assert_int_equal(bignum_isqrt(x, x), 0);
        assert_dec(x, rs);
        free(rs);
        bignum_free(x);
        bignum_free(r);
    }
    {
        bignum *z = bignum_new();
        assert_int_equal(bignum_isqrt(z, z), 0);
        assert_dec(z, "0");
        bignum_free(z);
    }
    free(r2);
    free(r1);
    free(sq);
}

/* Carries and borrows that run through whole limbs: 2^(64k) - 1 + 1 and
 * 2^(64k) - 1 (random limbs almost never show them), against the
 * reference. */
static void
test_carry_chains(void **state)
{
    unsigned char ones[640];
    char *m = malloc(MAXD), *p = malloc(MAXD), *want = malloc(MAXD);
    (void)state;
    memset(ones, 1, sizeof ones);
    for (size_t k = 1; k <= 10; k++) {
        bignum *x, *y = bignum_new(), *r = bignum_new();
        str_from_bits(ones, 64 * k, m);      /* 2^(64k) - 1 */
        str_add(m, "1", p);                  /* 2^(64k) */
        x = num(m);
        assert_int_equal(bignum_add_u64(r, x, 1), 0);
        assert_dec(r, p);
        assert_int_equal(bignum_set_u64(y, 1), 0);
        assert_int_equal(bignum_add(r, x, y), 0);
        assert_dec(r, p);
        assert_int_equal(bignum_add(r, y, x), 0);
        assert_dec(r, p);
        assert_int_equal(bignum_add(r, x, x), 0);   /* 2^(64k+1) - 2 */
        str_add(m, m, want);
        assert_dec(r, want);
        assert_int_equal(bignum_sub(r, r, y), 0);   /* borrow through */
        str_sub(want, "1", p);
        assert_dec(r, p);
        str_add(m, "1", p);
        bignum_free(x);
        x = num(p);
        assert_int_equal(bignum_sub(r, x, y), 0);   /* 2^(64k) - 1 */
        assert_dec(r, m);
        assert_int_equal(bignum_mul(r, x, x), 0);
        str_mul(p, p, want);
        assert_dec(r, want);
        bignum_free(x);
        bignum_free(y);
        bignum_free(r);
    }
    free(m);
    free(p);
    free(want);
}

/* 10^4-digit numbers convert both ways quickly (not quadratic in a way
 * that shows: well under a second for both). */
static void
test_long_numbers(void **state)
{
    uint64_t rng = 16;
    char *a = malloc(10001);
    bignum *x;
    (void)state;
    assert_non_null(a);
    random_digits(&rng, a, 1);
    for (int i = 0; i < 10000; i++) {
        a[i] = (char)('1' + (int)brute_below(&rng, 9));
    }
    a[10000] = '\0';
    x = num(a);
    assert_dec(x, a);
    bignum_free(x);
    free(a);
}

/* ---- subquadratic products and decimal conversion ------------------- */

/* x * y the literal way, one 64-bit limb of y at a time from the top:
 * acc = acc 2^64 + x y_j (the limb read bit by bit). */
static bignum *
ref_mul(const bignum *x, const bignum *y)
{
    bignum *acc = bignum_new(), *t = bignum_new();
    size_t n = (bignum_bits(y) + 63) / 64;
    assert_non_null(acc);
    assert_non_null(t);
    assert_int_equal(bignum_set_u64(acc, 0), 0);
    for (size_t j = n; j-- > 0;) {
        uint64_t w = 0;
        for (size_t b = 0; b < 64; b++) {
            w |= (uint64_t)bignum_bit(y, 64 * j + b) << b;
        }
        assert_int_equal(bignum_shl(acc, acc, 64), 0);
        assert_int_equal(bignum_mul_u64(t, x, w), 0);
        assert_int_equal(bignum_add(acc, acc, t), 0);
    }
    bignum_free(t);
    return acc;
}

/* Karatsuba (and its cutting of unbalanced operands into pieces) against
 * ref_mul for lengths on both sides of BIGNUM_KARATSUBA_LIMBS and of the
 * balance line (the shorter operand half the longer), with limbs that
 * stress carries (all ones, zeros, top bits), and results aliasing an
 * operand. */
static void
test_mul_karatsuba(void **state)
{
    enum { T = BIGNUM_KARATSUBA_LIMBS };
    static const size_t big[] = {1, T - 1, T, T + 1, 2 * T - 1, 2 * T,
                                 2 * T + 1, 3 * T + 2, 4 * T + 3, 9 * T};
    uint64_t rng = 17;
    (void)state;
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        size_t n = big[i];
        size_t small[] = {1, 2, T - 1, T, T + 1, n / 2, n / 2 + 1, n - 1, n};
        for (size_t j = 0; j < sizeof small / sizeof small[0]; j++) {
            size_t m = small[j] == 0 ? 1 : small[j];
            bignum *x = limbs(&rng, n), *y = limbs(&rng, m),
                   *r = bignum_new(), *want;
            assert_non_null(r);
            want = ref_mul(x, y);
            assert_int_equal(bignum_mul(r, x, y), 0);
            assert_int_equal(bignum_cmp(r, want), 0);
            assert_int_equal(bignum_mul(r, y, x), 0);
            assert_int_equal(bignum_cmp(r, want), 0);
            assert_int_equal(bignum_mul(x, x, y), 0);
            assert_int_equal(bignum_cmp(x, want), 0);
            bignum_free(x);
            bignum_free(y);
            bignum_free(r);
            bignum_free(want);
        }
    }
}

/* Decimal to bignum the literal way: x = 10 x + d, digit by digit. */
static bignum *
ref_parse(const char *s, size_t len)
{
    bignum *x = bignum_new();
    assert_non_null(x);
    assert_int_equal(bignum_set_u64(x, 0), 0);
    for (size_t i = 0; i < len; i++) {
        assert_int_equal(bignum_mul_u64(x, x, 10), 0);
        assert_int_equal(bignum_add_u64(x, x, (uint64_t)(s[i] - '0')), 0);
    }
    return x;
}

/* Bignum to decimal the literal way: the last digit is x mod 10. */
static char *
ref_print(const bignum *x)
{
    size_t cap = bignum_dec_size(x) + 1, n = 0;
    char *s = malloc(cap);
    bignum *t = bignum_new();
    assert_non_null(s);
    assert_non_null(t);
    assert_int_equal(bignum_copy(t, x), 0);
    do {
        uint64_t d;
        assert_int_equal(bignum_divmod_u64(t, t, 10, &d), 0);
        assert_true(n + 1 < cap);
        s[n++] = (char)('0' + d);
    } while (!bignum_is_zero(t));
    for (size_t i = 0; i < n / 2; i++) {
        char c = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = c;
    }
    s[n] = '\0';
    bignum_free(t);
    return s;
}

/* n digits into s (no leading zero unless n == 1), of one of five
 * kinds: random, random with long runs of 0 and 9 (blocks that print as
 * all zeros, carries through nines), all nines, 10^(n-1), and
 * 10^(n-1) + 1. */
static void
digits_of_kind(uint64_t *rng, char *s, size_t n, int kind)
{
    for (size_t i = 0; i < n; i++) {
        int d = (int)brute_below(rng, 10);
        if (kind == 1) {
            size_t run = (size_t)brute_below(rng, 80);
            int c = brute_below(rng, 2) ? '0' : '9';
            while (run-- > 0 && i < n) {
                s[i++] = (char)c;
            }
            if (i == n) {
                break;
            }
        }
        s[i] = kind == 2 ? '9' : kind >= 3 ? '0' : (char)('0' + d);
    }
    s[0] = n > 1 && s[0] == '0' ? '1' : s[0];
    s[n - 1] = kind == 4 && n > 1 ? '1' : s[n - 1];
    s[n] = '\0';
}

/* s parses to ref_parse's number, which prints as s (fast printing
 * against ref_print, on the number parsed the slow way). */
static void
check_dec(const char *s)
{
    size_t n = strlen(s);
    bignum *x = bignum_new(), *want = ref_parse(s, n);
    char *buf, *ref;
    assert_non_null(x);
    assert_int_equal(bignum_parse_dec(x, s, n), 0);
    if (bignum_cmp(x, want) != 0) {
        fail_msg("parse differs at %zu digits", n);
    }
    buf = malloc(bignum_dec_size(want) + 1);
    assert_non_null(buf);
    assert_int_equal(bignum_to_dec(want, buf), n);
    ref = ref_print(want);
    assert_string_equal(ref, s);
    if (strcmp(buf, s) != 0) {
        fail_msg("print differs at %zu digits", n);
    }
    free(buf);
    free(ref);
    bignum_free(x);
    bignum_free(want);
}

/* The divide-and-conquer conversion against the literal references on
 * thousands of numbers: every length up to 2 BIGNUM_DEC_LEAF_DIGITS + 50,
 * lengths on both sides of each place where the ladder gains a level
 * (LEAF 2^j, LEAF 2^j + 1) and of the old 19 2^j blocks, and random
 * lengths up to 8 LEAF digits (four levels); each of five digit
 * patterns. Deeper levels are met by test_dec_million. */
static void
test_dec_fast(void **state)
{
    enum { LEAF = BIGNUM_DEC_LEAF_DIGITS, MAXN = 9 * LEAF };
    uint64_t rng = 18;
    char *s = malloc(MAXN + 1);
    (void)state;
    assert_non_null(s);
    for (size_t n = 1; n <= 2 * LEAF + 50; n++) {
        digits_of_kind(&rng, s, n, (int)(n % 5));
        check_dec(s);
    }
    for (size_t j = 0; j <= 3; j++) {
        for (size_t e = 0; e < 2; e++) {
            size_t edge = e == 0 ? (size_t)LEAF << j : (size_t)19 << (j + 5);
            for (size_t n = edge - 2; n <= edge + 2; n++) {
                for (int kind = 0; kind < 5; kind++) {
                    digits_of_kind(&rng, s, n, kind);
                    check_dec(s);
                }
            }
        }
    }
    for (int t = 0; t < 60; t++) {
        size_t n = 2 * LEAF + (size_t)brute_below(&rng, 6 * LEAF);
        digits_of_kind(&rng, s, n, t % 5);
        check_dec(s);
    }
    free(s);
}

/* 10^6-digit numbers: the round trip gives back the text, and the number
 * read is right modulo a few primes (Horner's rule on the digits: an
 * independent check of every digit's place). Leading zeros are read. */
static void
test_dec_million(void **state)
{
    static const uint64_t primes[] = {1000000007u, 998244353u,
                                      UINT64_C(4294967291)};
    enum { N = 1000000, Z = 5 };
    uint64_t rng = 19;
    char *s = malloc(N + Z + 1), *buf;
    bignum *x = bignum_new();
    (void)state;
    assert_non_null(s);
    assert_non_null(x);
    memset(s, '0', Z);
    for (int kind = 0; kind < 2; kind++) {
        digits_of_kind(&rng, s + Z, N, kind);
        assert_int_equal(bignum_parse_dec(x, s, N + Z), 0);
        for (size_t p = 0; p < sizeof primes / sizeof primes[0]; p++) {
            uint64_t h = 0, rem;
            for (size_t i = Z; i < N + Z; i++) {
                h = (h * 10 + (uint64_t)(s[i] - '0')) % primes[p];
            }
            assert_int_equal(bignum_divmod_u64(NULL, x, primes[p], &rem), 0);
            assert_true(rem == h);
        }
        buf = malloc(bignum_dec_size(x) + 1);
        assert_non_null(buf);
        assert_int_equal(bignum_to_dec(x, buf), N);
        assert_true(strcmp(buf, s + Z) == 0);
        free(buf);
    }
    bignum_free(x);
    free(s);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_print),
        cmocka_unit_test(test_add_sub_mul),
        cmocka_unit_test(test_xor_shift_bits),
        cmocka_unit_test(test_divmod_small),
        cmocka_unit_test(test_mod),
        cmocka_unit_test(test_isqrt),
        cmocka_unit_test(test_carry_chains),
        cmocka_unit_test(test_long_numbers),
        cmocka_unit_test(test_mul_karatsuba),
        cmocka_unit_test(test_dec_fast),
        cmocka_unit_test(test_dec_million),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
