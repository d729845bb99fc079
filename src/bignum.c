/*
 * bignum.c - exact non-negative integers of any size (bignum.h): 64-bit
 * limbs, least significant first, never a zero limb on top (0 has none).
 * Products by Karatsuba above BIGNUM_KARATSUBA_LIMBS (schoolbook with
 * 128-bit partial products below), the rest schoolbook: long division,
 * the integer square root bit by bit. Decimal conversion is in
 * bignum_dec.c. Every result is written only after its operands were
 * read, so a result may be one of its operands.
 */
#include "bignum.h"
#include "intmath.h"

#include <stdlib.h>
#include <string.h>

struct bignum {
    uint64_t *d;
    size_t n, cap;
};

bignum *
bignum_new(void)
{
    return calloc(1, sizeof(bignum));
}

void
bignum_free(bignum *x)
{
    if (x != NULL) {
        free(x->d);
        free(x);
    }
}

/* Room for n limbs (the value is kept). */
static int
reserve(bignum *x, size_t n)
{
    uint64_t *d;
    size_t cap = x->cap != 0 ? x->cap : 4;
    if (n <= x->cap) {
        return 0;
    }
    while (cap < n) {
        if (cap > SIZE_MAX / 2 / sizeof *d) {
            return -1;
        }
        cap *= 2;
    }
    if ((d = realloc(x->d, cap * sizeof *d)) == NULL) {
        return -1;
    }
    x->d = d;
    x->cap = cap;
    return 0;
}

static void
normalize(bignum *x)
{
    while (x->n > 0 && x->d[x->n - 1] == 0) {
        x->n--;
    }
}

int
bignum_set_u64(bignum *x, uint64_t v)
{
    if (reserve(x, 1) != 0) {
        return -1;
    }
    x->d[0] = v;
    x->n = v != 0;
    return 0;
}

size_t
bignum_bytes(const bignum *x)
{
    return x == NULL ? 0 : sizeof *x + x->cap * sizeof *x->d;
}

void
bignum_fit(bignum *x)
{
    uint64_t *d;
    if (x->n == 0 || x->n == x->cap) {
        return;
    }
    if ((d = realloc(x->d, x->n * sizeof *d)) != NULL) {
        x->d = d;
        x->cap = x->n;
    }
}

int
bignum_copy(bignum *x, const bignum *y)
{
    if (x == y) {
        return 0;
    }
    if (reserve(x, y->n) != 0) {
        return -1;
    }
    if (y->n > 0) {
        memcpy(x->d, y->d, y->n * sizeof *y->d);
    }
    x->n = y->n;
    return 0;
}

int
bignum_to_u64(const bignum *x, uint64_t *v)
{
    if (x->n > 1) {
        return 0;
    }
    *v = x->n == 1 ? x->d[0] : 0;
    return 1;
}

int
bignum_is_zero(const bignum *x)
{
    return x->n == 0;
}

size_t
bignum_bits(const bignum *x)
{
    uint64_t top;
    size_t b = 0;
    if (x->n == 0) {
        return 0;
    }
    top = x->d[x->n - 1];
    /* The top word's length by halving: 6 steps, not one a bit. */
    for (unsigned half = 32; half > 0; half /= 2) {
        if (top >> half != 0) {
            top >>= half;
            b += half;
        }
    }
    return (x->n - 1) * 64 + b + (top != 0);
}

uint64_t
bignum_word(const bignum *x, size_t i)
{
    return i < x->n ? x->d[i] : 0;
}

int
bignum_bit(const bignum *x, size_t i)
{
    return i / 64 < x->n ? (int)((x->d[i / 64] >> (i % 64)) & 1u) : 0;
}

int
bignum_cmp(const bignum *x, const bignum *y)
{
    if (x->n != y->n) {
        return x->n < y->n ? -1 : 1;
    }
    for (size_t i = x->n; i-- > 0;) {
        if (x->d[i] != y->d[i]) {
            return x->d[i] < y->d[i] ? -1 : 1;
        }
    }
    return 0;
}

int
bignum_cmp_u64(const bignum *x, uint64_t v)
{
    uint64_t u;
    if (!bignum_to_u64(x, &u)) {
        return 1;
    }
    return u < v ? -1 : u > v;
}

int
bignum_add(bignum *r, const bignum *x, const bignum *y)
{
    size_t n = x->n > y->n ? x->n : y->n;
    size_t nx = x->n, ny = y->n;
    uint64_t carry = 0;
    if (reserve(r, n + 1) != 0) {
        return -1;
    }
    /* r may be x or y: each limb is read before it is written. */
    for (size_t i = 0; i < n; i++) {
        uint64_t a = i < nx ? x->d[i] : 0, b = i < ny ? y->d[i] : 0;
        uint64_t s = a + b;
        uint64_t c1 = s < a;
        s += carry;
        carry = c1 | (s < carry);
        r->d[i] = s;
    }
    r->d[n] = carry;
    r->n = n + 1;
    normalize(r);
    return 0;
}

int
bignum_sub(bignum *r, const bignum *x, const bignum *y)
{
    size_t n = x->n, ny = y->n;
    uint64_t borrow = 0;
    if (bignum_cmp(x, y) < 0) {
        r->n = 0;
        return -2;
    }
    if (reserve(r, n) != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t a = x->d[i], b = i < ny ? y->d[i] : 0;
        uint64_t d = a - b;
        uint64_t b1 = a < b;
        uint64_t e = d - borrow;
        borrow = b1 | (d < borrow);
        r->d[i] = e;
    }
    r->n = n;
    normalize(r);
    return 0;
}

int
bignum_xor(bignum *r, const bignum *x, const bignum *y)
{
    size_t n = x->n > y->n ? x->n : y->n;
    size_t nx = x->n, ny = y->n;
    if (reserve(r, n) != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        r->d[i] = (i < nx ? x->d[i] : 0) ^ (i < ny ? y->d[i] : 0);
    }
    r->n = n;
    normalize(r);
    return 0;
}

int
bignum_add_u64(bignum *r, const bignum *x, uint64_t v)
{
    size_t n = x->n;
    uint64_t carry = v;
    if (reserve(r, n + 1) != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t s = x->d[i] + carry;
        carry = s < carry;
        r->d[i] = s;
    }
    r->d[n] = carry;
    r->n = n + 1;
    normalize(r);
    return 0;
}

int
bignum_mul_u64(bignum *r, const bignum *x, uint64_t v)
{
    size_t n = x->n;
    uint64_t carry = 0;
    if (reserve(r, n + 1) != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        im_u128 p = (im_u128)x->d[i] * v + carry;
        r->d[i] = (uint64_t)p;
        carry = (uint64_t)(p >> 64);
    }
    r->d[n] = carry;
    r->n = n + 1;
    normalize(r);
    return 0;
}

/* t[0..na+nb) = a[0..na) * b[0..nb), schoolbook: quadratic, the fastest
 * below BIGNUM_KARATSUBA_LIMBS. */
static void
mul_school(uint64_t *t, const uint64_t *a, size_t na, const uint64_t *b,
           size_t nb)
{
    memset(t, 0, (na + nb) * sizeof *t);
    for (size_t i = 0; i < na; i++) {
        uint64_t carry = 0, ai = a[i];
        for (size_t j = 0; j < nb; j++) {
            im_u128 p = (im_u128)ai * b[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)p;
            carry = (uint64_t)(p >> 64);
        }
        t[i + nb] = carry;
    }
}

/* r[0..n) += a[0..m) for m <= n; the carry out of r[n - 1] is returned
 * (0 where the caller knows the sum fits). */
static uint64_t
add_into(uint64_t *r, size_t n, const uint64_t *a, size_t m)
{
    uint64_t carry = 0;
    size_t i;
    for (i = 0; i < m; i++) {
        uint64_t s = r[i] + a[i], c1 = s < a[i];
        r[i] = s + carry;
        carry = c1 | (r[i] < carry);
    }
    for (; carry != 0 && i < n; i++) {
        carry = ++r[i] == 0;
    }
    return carry;
}

/* r[0..n) -= a[0..m) for m <= n, where the caller knows r >= a. */
static void
sub_from(uint64_t *r, size_t n, const uint64_t *a, size_t m)
{
    uint64_t borrow = 0;
    size_t i;
    for (i = 0; i < m; i++) {
        uint64_t d = r[i] - a[i], b1 = r[i] < a[i];
        r[i] = d - borrow;
        borrow = b1 | (d < borrow);
    }
    for (; borrow != 0 && i < n; i++) {
        borrow = r[i]-- == 0;
    }
}

static int mul_limbs(uint64_t *t, const uint64_t *a, size_t na,
                     const uint64_t *b, size_t nb);

/* t = a * b for na >= nb, with a cut into pieces of nb limbs: each
 * piece times b is a balanced product (Karatsuba pays only on those). */
static int
mul_pieces(uint64_t *t, const uint64_t *a, size_t na, const uint64_t *b,
           size_t nb)
{
    uint64_t *p = malloc(2 * nb * sizeof *p);
    if (p == NULL) {
        return -1;
    }
    memset(t, 0, (na + nb) * sizeof *t);
    for (size_t at = 0; at < na; at += nb) {
        size_t k = na - at < nb ? na - at : nb;
        if (mul_limbs(p, a + at, k, b, nb) != 0) {
            free(p);
            return -1;
        }
        (void)add_into(t + at, na + nb - at, p, k + nb);
    }
    free(p);
    return 0;
}

/*
 * Karatsuba's product for nb > na / 2 (Knuth, TAOCP 2, 4.3.3.A): with
 * a = a1 B^h + a0 and b = b1 B^h + b0 (B = 2^64),
 * a b = z2 B^2h + z1 B^h + z0 where z0 = a0 b0, z2 = a1 b1 and
 * z1 = (a0 + a1)(b0 + b1) - z0 - z2 = a0 b1 + a1 b0 >= 0: three
 * half-size products instead of four, so n^1.585 limb products.
 */
static int
karatsuba(uint64_t *t, const uint64_t *a, size_t na, const uint64_t *b,
          size_t nb)
{
    size_t h = (na + 1) / 2, ns = h + 1, top = na + nb - h;
    uint64_t *sa, *sb, *z1;
    int st = -1;
    if (nb <= h) {
        return mul_pieces(t, a, na, b, nb);
    }
    if ((sa = malloc(4 * ns * sizeof *sa)) == NULL) {
        return -1;
    }
    sb = sa + ns;
    z1 = sb + ns;
    memcpy(sa, a, h * sizeof *sa);
    sa[h] = add_into(sa, h, a + h, na - h);
    memcpy(sb, b, h * sizeof *sb);
    sb[h] = add_into(sb, h, b + h, nb - h);
    if (mul_limbs(t, a, h, b, h) != 0 ||
        mul_limbs(t + 2 * h, a + h, na - h, b + h, nb - h) != 0 ||
        mul_limbs(z1, sa, ns, sb, ns) != 0) {
        goto out;
    }
    sub_from(z1, 2 * ns, t, 2 * h);
    sub_from(z1, 2 * ns, t + 2 * h, na + nb - 2 * h);
    /* z1 B^h <= a b < B^(na+nb): z1's limbs above top are zero. */
    (void)add_into(t + h, top, z1, 2 * ns < top ? 2 * ns : top);
    st = 0;
out:
    free(sa);
    return st;
}

/* t[0..na+nb) = a * b for any lengths (t apart from a and b). */
static int
mul_limbs(uint64_t *t, const uint64_t *a, size_t na, const uint64_t *b,
          size_t nb)
{
    if (na < nb) {
        const uint64_t *c = a;
        size_t nc = na;
        a = b;
        na = nb;
        b = c;
        nb = nc;
    }
    if (nb < BIGNUM_KARATSUBA_LIMBS) {
        mul_school(t, a, na, b, nb);
        return 0;
    }
    return 2 * nb <= na ? mul_pieces(t, a, na, b, nb)
                        : karatsuba(t, a, na, b, nb);
}

int
bignum_mul(bignum *r, const bignum *x, const bignum *y)
{
    size_t n = x->n + y->n;
    uint64_t *t;
    if (x->n == 0 || y->n == 0) {
        r->n = 0;
        return 0;
    }
    /* A separate product: r may be x or y. */
    if ((t = malloc(n * sizeof *t)) == NULL) {
        return -1;
    }
    if (mul_limbs(t, x->d, x->n, y->d, y->n) != 0) {
        free(t);
        return -1;
    }
    free(r->d);
    r->d = t;
    r->cap = n;
    r->n = n;
    normalize(r);
    return 0;
}

int
bignum_shl(bignum *r, const bignum *x, size_t k)
{
    size_t w = k / 64, b = k % 64, n = x->n;
    if (n == 0) {
        r->n = 0;
        return 0;
    }
    if (n + w + 1 < n || reserve(r, n + w + 1) != 0) {
        return -1;
    }
    /* From the top down, so that r may be x. */
    r->d[n + w] = b != 0 ? x->d[n - 1] >> (64 - b) : 0;
    for (size_t i = n; i-- > 0;) {
        uint64_t lo = b != 0 && i > 0 ? x->d[i - 1] >> (64 - b) : 0;
        r->d[i + w] = b != 0 ? x->d[i] << b | lo : x->d[i];
    }
    for (size_t i = 0; i < w; i++) {
        r->d[i] = 0;
    }
    r->n = n + w + 1;
    normalize(r);
    return 0;
}

int
bignum_shr(bignum *r, const bignum *x, size_t k)
{
    size_t w = k / 64, b = k % 64, n = x->n;
    if (w >= n) {
        r->n = 0;
        return 0;
    }
    if (reserve(r, n - w) != 0) {
        return -1;
    }
    /* From the bottom up, so that r may be x. */
    for (size_t i = 0; i + w < n; i++) {
        uint64_t hi = b != 0 && i + w + 1 < n ? x->d[i + w + 1] << (64 - b)
                                              : 0;
        r->d[i] = b != 0 ? x->d[i + w] >> b | hi : x->d[i + w];
    }
    r->n = n - w;
    normalize(r);
    return 0;
}

int
bignum_divmod_u64(bignum *q, const bignum *x, uint64_t d, uint64_t *rem)
{
    size_t n = x->n;
    uint64_t r = 0;
    if (q != NULL && reserve(q, n) != 0) {
        return -1;
    }
    for (size_t i = n; i-- > 0;) {
        im_u128 cur = (im_u128)r << 64 | x->d[i];
        if (q != NULL) {
            q->d[i] = (uint64_t)(cur / d);
        }
        r = (uint64_t)(cur % d);
    }
    if (q != NULL) {
        q->n = n;
        normalize(q);
    }
    *rem = r;
    return 0;
}

/* u[j..j+n] -= q * v[0..n) (Knuth's step D4); 1 when it went below 0
 * (q was one too large), which the caller repairs by adding v back. */
static int
mul_sub(uint64_t *u, const uint64_t *v, size_t n, uint64_t q)
{
    uint64_t carry = 0, borrow = 0, top;
    for (size_t i = 0; i < n; i++) {
        im_u128 p = (im_u128)q * v[i] + carry;
        uint64_t lo = (uint64_t)p, t = u[i] - lo, b1 = u[i] < lo;
        carry = (uint64_t)(p >> 64);
        u[i] = t - borrow;
        borrow = b1 | (t < borrow);
    }
    top = u[n] - carry;
    carry = u[n] < carry;
    u[n] = top - borrow;
    return (int)(carry | (top < borrow));
}

int
bignum_mod(bignum *r, const bignum *x, const bignum *d)
{
    size_t n = d->n, m, shift;
    uint64_t *u, *v, rem;
    if (bignum_cmp(x, d) < 0) {
        return bignum_copy(r, x);
    }
    if (n == 1) {
        return bignum_divmod_u64(NULL, x, d->d[0], &rem) != 0
                   ? -1 : bignum_set_u64(r, rem);
    }
    /* Knuth, TAOCP 2, 4.3.1, algorithm D, remainder only: divisor and
     * dividend shifted so that the divisor's top limb has its top bit set
     * (then each estimated quotient limb is at most 2 too large). */
    m = x->n - n;
    shift = 0;
    while (!(d->d[n - 1] << shift >> 63)) {
        shift++;
    }
    u = calloc(x->n + 1, sizeof *u);
    v = calloc(n, sizeof *v);
    if (u == NULL || v == NULL) {
        free(u);
        free(v);
        return -1;
    }
    for (size_t i = n; i-- > 0;) {
        v[i] = d->d[i] << shift |
               (shift != 0 && i > 0 ? d->d[i - 1] >> (64 - shift) : 0);
    }
    u[x->n] = shift != 0 ? x->d[x->n - 1] >> (64 - shift) : 0;
    for (size_t i = x->n; i-- > 0;) {
        u[i] = x->d[i] << shift |
               (shift != 0 && i > 0 ? x->d[i - 1] >> (64 - shift) : 0);
    }
    for (size_t j = m + 1; j-- > 0;) {
        im_u128 num = (im_u128)u[j + n] << 64 | u[j + n - 1];
        im_u128 q = num / v[n - 1], rh = num % v[n - 1];
        while (q >> 64 != 0 ||
               (rh >> 64 == 0 &&
                q * v[n - 2] > (rh << 64 | u[j + n - 2]))) {
            q--;
            rh += v[n - 1];
            if (rh >> 64 != 0) {
                break;
            }
        }
        if (mul_sub(u + j, v, n, (uint64_t)q)) {
            uint64_t c = 0;
            for (size_t i = 0; i < n; i++) {
                im_u128 t = (im_u128)u[j + i] + v[i] + c;
                u[j + i] = (uint64_t)t;
                c = (uint64_t)(t >> 64);
            }
            u[j + n] += c;
        }
    }
    /* The remainder is u[0..n) shifted back. */
    if (reserve(r, n) != 0) {
        free(u);
        free(v);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        r->d[i] = u[i] >> shift |
                  (shift != 0 ? u[i + 1] << (64 - shift) : 0);
    }
    r->n = n;
    normalize(r);
    free(u);
    free(v);
    return 0;
}

/*
 * floor(sqrt(x)) bit by bit (the binary form of the schoolbook method):
 * with bit the largest power of 4 not above x, keep res and num such
 * that res^2 + num = the part of x seen so far; quadratic in the length,
 * exact, no division.
 */
int
bignum_isqrt(bignum *r, const bignum *x)
{
    bignum *num = bignum_new(), *res = bignum_new(), *bit = bignum_new(),
           *t = bignum_new();
    size_t bits = bignum_bits(x);
    int st = -1;
    if (num == NULL || res == NULL || bit == NULL || t == NULL ||
        bignum_copy(num, x) != 0 || bignum_set_u64(bit, 1) != 0 ||
        bignum_shl(bit, bit, bits > 0 ? (bits - 1) / 2 * 2 : 0) != 0) {
        goto out;
    }
    if (bits == 0) {
        st = bignum_set_u64(r, 0);
        goto out;
    }
    while (!bignum_is_zero(bit)) {
        if (bignum_add(t, res, bit) != 0) {
            goto out;
        }
        if (bignum_cmp(num, t) >= 0) {
            if (bignum_sub(num, num, t) != 0 || bignum_shr(res, res, 1) != 0 ||
                bignum_add(res, res, bit) != 0) {
                goto out;
            }
        } else if (bignum_shr(res, res, 1) != 0) {
            goto out;
        }
        if (bignum_shr(bit, bit, 2) != 0) {
            goto out;
        }
    }
    st = bignum_copy(r, res);
out:
    bignum_free(num);
    bignum_free(res);
    bignum_free(bit);
    bignum_free(t);
    return st;
}
