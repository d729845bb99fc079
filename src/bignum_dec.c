/*
 * bignum_dec.c - decimal text to bignum and back (bignum.h), built on
 * bignum's own operations only. Up to BIGNUM_DEC_LEAF_DIGITS digits go
 * 19 at a time (the schoolbook, quadratic); longer numbers divide and
 * conquer over the powers 10^(c 2^i), so that the work is that of a
 * few Karatsuba products: 10^6 digits take under a second where the
 * schoolbook took 25 s. Keeps nothing between calls.
 */
#include "bignum.h"
#include "intmath.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK 19   /* digits per step of the schoolbook: 10^19 < 2^64 */
#define TEN19 UINT64_C(10000000000000000000)
#define LEAF BIGNUM_DEC_LEAF_DIGITS

/* The powers pw[i] = 10^(c 2^i) for i < n, c <= LEAF chosen so that
 * c 2^n just covers the number's digits (no level is wider than needed),
 * and for printing their reciprocals inv[i] = floor(4^bits[i] / pw[i])
 * (Barrett's division); 64 levels are more digits than a size_t counts. */
typedef struct {
    bignum *pw[64], *inv[64];
    size_t bits[64];
    size_t n;
} ladder;

static void
ladder_free(ladder *l)
{
    for (size_t i = 0; i < l->n; i++) {
        bignum_free(l->pw[i]);
        bignum_free(l->inv[i]);
    }
}

/*
 * m = floor(4^k / b) for 2^(k-1) <= b < 2^k, given in m a start x0 that
 * is 4^k / b to a relative error e with |e| <= 2^(3 - k/2). One step of
 * Newton's iteration for 1/b, x1 = x0 + x0 (4^k - b x0) / 4^k =
 * (4^k / b)(1 - e^2), is off by at most 2^(k+1) 2^(6-k) = 128 (plus a
 * few for the truncations below), and a few exact steps finish: the
 * floor is the m with b m <= 4^k < b (m + 1). Only about k/2 bits of x0
 * are right, so x0 and the residual 4^k - b x0 are cut to h = k/2 + 8
 * and h + 8 bits (relative errors near 2^-h: nothing beside e^2), which
 * makes the step's products half-size.
 */
static int
newton(bignum *m, const bignum *b, size_t k)
{
    bignum *t = bignum_new(), *e = bignum_new(), *d = bignum_new(),
           *p2 = bignum_new(), *one = bignum_new();
    size_t h = k / 2 + 8, mb = bignum_bits(m), s;
    int st = -1, above;
    if (t == NULL || e == NULL || d == NULL || p2 == NULL || one == NULL ||
        bignum_set_u64(one, 1) != 0 || bignum_shl(p2, one, 2 * k) != 0 ||
        (mb > h && (bignum_shr(m, m, mb - h) != 0 ||
                    bignum_shl(m, m, mb - h) != 0)) ||
        bignum_mul(t, b, m) != 0) {
        goto out;
    }
    above = bignum_cmp(t, p2) > 0;
    if ((above ? bignum_sub(e, t, p2) : bignum_sub(e, p2, t)) != 0) {
        goto out;
    }
    s = bignum_bits(e) > h + 8 ? bignum_bits(e) - (h + 8) : 0;
    /* d = x0 |4^k - b x0| / 4^k; then m = x1 = x0 -+ d, t = b x1. */
    if (bignum_shr(e, e, s) != 0 || bignum_mul(d, e, m) != 0 ||
        bignum_shr(d, d, 2 * k - s) != 0 || bignum_mul(e, b, d) != 0 ||
        (above ? bignum_sub(m, m, d) : bignum_add(m, m, d)) != 0 ||
        (above ? bignum_sub(t, t, e) : bignum_add(t, t, e)) != 0) {
        goto out;
    }
    while (bignum_cmp(t, p2) > 0) {
        if (bignum_sub(m, m, one) != 0 || bignum_sub(t, t, b) != 0) {
            goto out;
        }
    }
    if (bignum_sub(e, p2, t) != 0) {
        goto out;
    }
    while (bignum_cmp(e, b) >= 0) {
        if (bignum_sub(e, e, b) != 0 || bignum_add_u64(m, m, 1) != 0) {
            goto out;
        }
    }
    st = 0;
out:
    bignum_free(t);
    bignum_free(e);
    bignum_free(d);
    bignum_free(p2);
    bignum_free(one);
    return st;
}

/* m = floor(4^k / b) for 2^(k-1) <= b < 2^k, from scratch: with bh the
 * top h = k/2 + 2 bits of b, x0 = floor(4^h / bh) 2^(k-h) is 4^k / b to
 * a relative error below 2^(2-h), which newton() needs. */
static int
recip(bignum *m, const bignum *b, size_t k)
{
    bignum *bh;
    size_t h = k / 2 + 2;
    uint64_t v;
    int st;
    if (k <= 62) {
        /* 4^k / b <= 2^(k+1): fits in 64 bits. */
        (void)bignum_to_u64(b, &v);
        return bignum_set_u64(m, (uint64_t)(((im_u128)1 << (2 * k)) / v));
    }
    if ((bh = bignum_new()) == NULL) {
        return -1;
    }
    st = bignum_shr(bh, b, k - h) != 0 || recip(m, bh, h) != 0 ||
                 bignum_shl(m, m, k - h) != 0 || newton(m, b, k) != 0
             ? -1 : 0;
    bignum_free(bh);
    return st;
}

/* inv[i]: pw[i] = pw[i-1]^2, so with k, k' the bits of pw[i], pw[i-1],
 * 4^k / pw[i] = (4^k' / pw[i-1])^2 / 4^(2k' - k): the square of inv[i-1]
 * (relative error below 2^(1-k'), k' >= k/2) starts Newton's step, and
 * only inv[0] is made from scratch. */
static int
ladder_inv(ladder *l, size_t i)
{
    bignum *m = l->inv[i] = bignum_new();
    size_t k = l->bits[i];
    if (m == NULL) {
        return -1;
    }
    if (i == 0) {
        return recip(m, l->pw[0], k);
    }
    return bignum_mul(m, l->inv[i - 1], l->inv[i - 1]) != 0 ||
                   bignum_shr(m, m, 2 * (2 * l->bits[i - 1] - k)) != 0 ||
                   newton(m, l->pw[i], k) != 0
               ? -1 : 0;
}

/* x = 10^c. */
static int
ten_to(bignum *x, size_t c)
{
    uint64_t last = 1;
    for (size_t i = 0; i < c % CHUNK; i++) {
        last *= 10;
    }
    if (bignum_set_u64(x, last) != 0) {
        return -1;
    }
    for (size_t i = 0; i < c / CHUNK; i++) {
        if (bignum_mul_u64(x, x, TEN19) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The levels n and the base c of the ladder for d > LEAF digits: the
 * fewest halvings of d that leave at most LEAF digits, so that
 * LEAF / 2 < c <= LEAF and d <= c 2^n < d + 2^n. */
static size_t
ladder_size(size_t d, size_t *c)
{
    size_t n = 0;
    while ((d - 1) / ((size_t)1 << n) + 1 > LEAF) {
        n++;
    }
    *c = (d - 1) / ((size_t)1 << n) + 1;
    return n;
}

/* pw[0..n) by repeated squaring from pw[0] = 10^c, and their
 * reciprocals when want_inv. On failure the caller still calls
 * ladder_free. */
static int
ladder_make(ladder *l, size_t c, size_t n, int want_inv)
{
    l->n = 0;
    for (size_t i = 0; i < n; i++) {
        l->pw[i] = bignum_new();
        l->inv[i] = NULL;
        l->n = i + 1;
        if (l->pw[i] == NULL ||
            (i == 0 ? ten_to(l->pw[0], c)
                    : bignum_mul(l->pw[i], l->pw[i - 1], l->pw[i - 1])) != 0) {
            return -1;
        }
        l->bits[i] = bignum_bits(l->pw[i]);
        if (want_inv && ladder_inv(l, i) != 0) {
            return -1;
        }
    }
    return 0;
}

/* x = s[0..len) by the schoolbook: 19 digits at a time, x = x 10^19 + c. */
static int
parse_school(bignum *x, const char *s, size_t len)
{
    size_t at = 0, first = len % CHUNK != 0 ? len % CHUNK : CHUNK;
    if (bignum_set_u64(x, 0) != 0) {
        return -1;
    }
    while (at < len) {
        uint64_t chunk = 0, scale = 1;
        for (size_t i = 0; i < first; i++) {
            chunk = chunk * 10 + (uint64_t)(s[at + i] - '0');
            scale *= 10;
        }
        at += first;
        first = CHUNK;
        if (bignum_mul_u64(x, x, scale) != 0 ||
            bignum_add_u64(x, x, chunk) != 0) {
            return -1;
        }
    }
    return 0;
}

/* x = s[0..len) for len <= c 2^i: the digits above the last c 2^(i-1),
 * times pw[i-1], plus those last digits. */
static int
parse_rec(bignum *x, const char *s, size_t len, const ladder *l, size_t c,
          size_t i)
{
    size_t half;
    bignum *hi;
    int st = -1;
    /* c <= LEAF: i > 0 past this test. */
    if (len <= LEAF) {
        return parse_school(x, s, len);
    }
    half = c << (i - 1);
    if (len <= half) {
        return parse_rec(x, s, len, l, c, i - 1);
    }
    if ((hi = bignum_new()) != NULL &&
        parse_rec(hi, s, len - half, l, c, i - 1) == 0 &&
        parse_rec(x, s + len - half, half, l, c, i - 1) == 0 &&
        bignum_mul(hi, hi, l->pw[i - 1]) == 0 && bignum_add(x, x, hi) == 0) {
        st = 0;
    }
    bignum_free(hi);
    return st;
}

int
bignum_parse_dec(bignum *x, const char *s, size_t len)
{
    size_t levels, c;
    ladder l;
    int st;
    if (len == 0) {
        return -2;
    }
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return -2;
        }
    }
    /* Leading zeros cost nothing. */
    while (len > 1 && s[0] == '0') {
        s++;
        len--;
    }
    if (len <= LEAF) {
        return parse_school(x, s, len);
    }
    levels = ladder_size(len, &c);
    st = ladder_make(&l, c, levels, 0) == 0 &&
                 parse_rec(x, s, len, &l, c, levels) == 0
             ? 0 : -1;
    ladder_free(&l);
    return st;
}

size_t
bignum_dec_size(const bignum *x)
{
    /* log10(2) < 0.30103 < 30103 / 100000: bits * 30103 / 100000 + 1
     * digits suffice. */
    size_t bits = bignum_bits(x);
    return bits == 0 ? 1 : bits / 100000 * 30103 +
                               (bits % 100000) * 30103 / 100000 + 1;
}

/* out[0..width) = x with leading zeros, for x < 10^width, by the
 * schoolbook: 19 digits at a time off the bottom, x = x / 10^19. */
static int
print_school(const bignum *x, char *out, size_t width)
{
    bignum *t = bignum_new();
    size_t at = width;
    if (t == NULL || bignum_copy(t, x) != 0) {
        bignum_free(t);
        return -1;
    }
    memset(out, '0', width);
    while (!bignum_is_zero(t)) {
        uint64_t v;
        (void)bignum_divmod_u64(t, t, TEN19, &v);   /* in place: no room */
        for (int k = 0; k < CHUNK && at > 0; k++) {
            out[--at] = (char)('0' + v % 10);
            v /= 10;
        }
    }
    bignum_free(t);
    return 0;
}

/*
 * q = a / pw[i] and r = a mod pw[i] for a < pw[i]^2, by Barrett's method
 * (Menezes et al., Handbook of Applied Cryptography, 14.42): with k the
 * bits of pw[i] and m = inv[i], q1 = ((a >> (k-1)) m) >> (k+1) is q,
 * q - 1 or q - 2, and at most two subtractions finish.
 */
static int
divmod_pow(bignum *q, bignum *r, const bignum *a, const ladder *l, size_t i)
{
    const bignum *b = l->pw[i];
    size_t k = l->bits[i];
    if (bignum_shr(q, a, k - 1) != 0 || bignum_mul(q, q, l->inv[i]) != 0 ||
        bignum_shr(q, q, k + 1) != 0 || bignum_mul(r, q, b) != 0 ||
        bignum_sub(r, a, r) != 0) {
        return -1;
    }
    while (bignum_cmp(r, b) >= 0) {
        if (bignum_sub(r, r, b) != 0 || bignum_add_u64(q, q, 1) != 0) {
            return -1;
        }
    }
    return 0;
}

/* out[0..width) = x with leading zeros, for width = c 2^i and
 * x < 10^width: the quotient by pw[i-1] on the left, the remainder on
 * the right, each c 2^(i-1) digits. */
static int
print_rec(const bignum *x, char *out, size_t width, const ladder *l,
          size_t i)
{
    bignum *q, *r;
    int st = -1;
    if (i == 0 || bignum_is_zero(x)) {
        return print_school(x, out, width);
    }
    q = bignum_new();
    r = bignum_new();
    if (q != NULL && r != NULL && divmod_pow(q, r, x, l, i - 1) == 0 &&
        print_rec(q, out, width / 2, l, i - 1) == 0 &&
        print_rec(r, out + width / 2, width / 2, l, i - 1) == 0) {
        st = 0;
    }
    bignum_free(q);
    bignum_free(r);
    return st;
}

size_t
bignum_to_dec(const bignum *x, char *buf)
{
    size_t d = bignum_dec_size(x), width = d, levels, c, skip = 0;
    char *out = buf;
    ladder l;
    int st;
    if (d <= LEAF) {
        st = print_school(x, buf, d);
    } else {
        levels = ladder_size(d, &c);
        width = c << levels;
        /* Printed at the ladder's width, then moved down to buf. */
        if ((out = malloc(width)) == NULL) {
            return 0;
        }
        st = ladder_make(&l, c, levels, 1) == 0 &&
                     print_rec(x, out, width, &l, levels) == 0
                 ? 0 : -1;
        ladder_free(&l);
    }
    if (st == 0) {
        while (skip + 1 < width && out[skip] == '0') {
            skip++;
        }
        memmove(buf, out + skip, width - skip);
        buf[width - skip] = '\0';
    }
    if (out != buf) {
        free(out);
    }
    return st == 0 ? width - skip : 0;
}
