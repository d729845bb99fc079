/*
 * bigdec_bench.c - decimal conversion of long numbers (bench/bigdec.sh):
 * bignum_parse_dec and bignum_to_dec beside the schoolbook they replaced
 * (19 digits at a time: x = x 10^19 + c to read, x / 10^19 to print,
 * quadratic), on the same random digits, results compared; CPU seconds,
 * the best of three for the new code.
 * Usage: bigdec_bench DIGITS [SCHOOL_MAX]: the schoolbook runs only up to
 * SCHOOL_MAX digits (default 300000; 10^6 takes about a minute).
 */
#include "bignum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TEN19 UINT64_C(10000000000000000000)

/* CPU seconds of this process: a busy machine (other jobs on the same
 * cores) stretches wall time, far less the time the work itself takes. */
static double
now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

static int
school_parse(bignum *x, const char *s, size_t len)
{
    size_t at = 0, first = len % 19 != 0 ? len % 19 : 19;
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
        first = 19;
        if (bignum_mul_u64(x, x, scale) != 0 ||
            bignum_add_u64(x, x, chunk) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Digits into buf (room for bignum_dec_size(x) + 1), no leading zero. */
static size_t
school_print(const bignum *x, char *buf)
{
    size_t n = bignum_dec_size(x), at = n;
    bignum *t = bignum_new();
    if (t == NULL || bignum_copy(t, x) != 0) {
        return 0;
    }
    memset(buf, '0', n);
    while (!bignum_is_zero(t)) {
        uint64_t v;
        bignum_divmod_u64(t, t, TEN19, &v);
        for (int k = 0; k < 19 && at > 0; k++) {
            buf[--at] = (char)('0' + v % 10);
            v /= 10;
        }
    }
    bignum_free(t);
    at = 0;
    while (at + 1 < n && buf[at] == '0') {
        at++;
    }
    memmove(buf, buf + at, n - at);
    buf[n - at] = '\0';
    return n - at;
}

int
main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    size_t school_max = argc > 2 ? strtoul(argv[2], NULL, 10) : 300000;
    char *s = malloc(n + 1), *buf = malloc(n + 2), *ref = malloc(n + 2);
    bignum *x = bignum_new(), *y = bignum_new();
    double parse = 1e9, print = 1e9, t;
    uint64_t rng = 88172645463325252u;
    if (n == 0 || s == NULL || buf == NULL || ref == NULL || x == NULL ||
        y == NULL) {
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        s[i] = (char)('0' + rng % 10);
    }
    s[0] = '7';
    s[n] = '\0';
    for (int r = 0; r < 3; r++) {
        t = now();
        if (bignum_parse_dec(x, s, n) != 0) {
            return 1;
        }
        parse = now() - t < parse ? now() - t : parse;
        t = now();
        if (bignum_to_dec(x, buf) != n || strcmp(buf, s) != 0) {
            fputs("bigdec_bench: the round trip differs\n", stderr);
            return 1;
        }
        print = now() - t < print ? now() - t : print;
    }
    printf("%-9zu %12.4f %12.4f", n, parse, print);
    if (n <= school_max) {
        double sp, sq;
        t = now();
        school_parse(y, s, n);
        sp = now() - t;
        t = now();
        school_print(x, ref);
        sq = now() - t;
        if (bignum_cmp(x, y) != 0 || strcmp(ref, s) != 0) {
            fputs("bigdec_bench: the schoolbook differs\n", stderr);
            return 1;
        }
        printf(" %12.4f %12.4f", sp, sq);
    } else {
        printf(" %12s %12s", "-", "-");
    }
    putchar('\n');
    bignum_free(x);
    bignum_free(y);
    free(s);
    free(buf);
    free(ref);
    return 0;
}
