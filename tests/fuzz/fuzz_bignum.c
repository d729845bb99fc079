/*
 * fuzz_bignum.c - libFuzzer harness for the number module (src/bignum.c):
 * the input is up to two decimal numbers separated by one non-digit byte.
 * Anything that is not digits must be refused (-2); a number must print
 * back as written without its leading zeros; and for x, y: (x + y) - y
 * = x, x ^ y ^ y = x, (x * y) / y's remainder by a 64-bit part of y is
 * consistent with x * y, x << k >> k = x, and r = isqrt(x) has
 * r^2 <= x < (r + 1)^2.
 */
#include "bignum.h"
#include "intmath.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parses s[0..n) and checks it prints back (or is refused when it is not
 * all digits). Returns the number, or NULL when refused. */
static bignum *
parsed(const char *s, size_t n)
{
    bignum *x = bignum_new();
    int digits = n > 0, st;
    char *buf;
    size_t lead = 0;
    if (x == NULL) {
        abort();
    }
    for (size_t i = 0; i < n; i++) {
        digits &= s[i] >= '0' && s[i] <= '9';
    }
    st = bignum_parse_dec(x, s, n);
    if (st != (digits ? 0 : -2)) {
        abort();
    }
    if (!digits) {
        bignum_free(x);
        return NULL;
    }
    while (lead + 1 < n && s[lead] == '0') {
        lead++;
    }
    buf = malloc(bignum_dec_size(x) + 1);
    if (buf == NULL || bignum_to_dec(x, buf) != n - lead ||
        memcmp(buf, s + lead, n - lead) != 0) {
        abort();
    }
    free(buf);
    return x;
}

static void
check_pair(const bignum *x, const bignum *y, size_t k)
{
    bignum *r = bignum_new(), *t = bignum_new(), *u = bignum_new();
    uint64_t d, rem1, rem2;
    if (r == NULL || t == NULL || u == NULL ||
        bignum_add(r, x, y) != 0 || bignum_sub(t, r, y) != 0 ||
        bignum_cmp(t, x) != 0 ||
        bignum_xor(r, x, y) != 0 || bignum_xor(t, r, y) != 0 ||
        bignum_cmp(t, x) != 0 ||
        bignum_shl(r, x, k) != 0 || bignum_shr(t, r, k) != 0 ||
        bignum_cmp(t, x) != 0) {
        abort();
    }
    /* (x * y) mod d = ((x mod d) * (y mod d)) mod d, d from y's low bits. */
    d = 1;
    for (size_t i = 0; i < 63; i++) {
        d |= (uint64_t)bignum_bit(y, i) << i;
    }
    if (bignum_mul(r, x, y) != 0 || bignum_divmod_u64(NULL, r, d, &rem1) != 0) {
        abort();
    }
    {
        uint64_t a, b;
        bignum_divmod_u64(NULL, x, d, &a);
        bignum_divmod_u64(NULL, y, d, &b);
        rem2 = (uint64_t)(((im_u128)a * b) % d);
    }
    if (rem1 != rem2) {
        abort();
    }
    /* r = isqrt(x): r^2 <= x < (r + 1)^2. */
    if (bignum_isqrt(r, x) != 0 || bignum_mul(t, r, r) != 0 ||
        bignum_cmp(t, x) > 0 || bignum_add_u64(u, r, 1) != 0 ||
        bignum_mul(t, u, u) != 0 || bignum_cmp(t, x) <= 0) {
        abort();
    }
    bignum_free(r);
    bignum_free(t);
    bignum_free(u);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    size_t cut = 0;
    bignum *x, *y;
    if (size > 4096) {
        return 0;   /* quadratic operations: keep runs fast */
    }
    while (cut < size && s[cut] >= '0' && s[cut] <= '9') {
        cut++;
    }
    x = parsed(s, size);   /* the whole input as one token */
    bignum_free(x);
    x = parsed(s, cut);
    y = cut < size ? parsed(s + cut + 1, size - cut - 1) : NULL;
    if (x != NULL && y != NULL) {
        check_pair(x, y, size % 200);
    }
    bignum_free(x);
    bignum_free(y);
    return 0;
}
