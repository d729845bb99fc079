/*
 * test_period.c - the period search of the Grundy-sequence engine
 * (sgseq_cert.c) against two references written here: the theorem taken
 * literally (every p, its run walked back value by value, the smallest p
 * whose certificate fits) and the earlier search (the least period of a
 * window at the top of the table). At every table length of many small
 * codes and subtraction sets, with good and with useless fingerprints.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "sgseq.h"

/* A certificate: found, p, n0. */
typedef struct cert {
    int found;
    uint64_t p, n0;
} cert;

/* How the rules certify: Guy-Smith with heaps split in up to `parts`
 * parts (2 n0 + 2 p + t values when they split, as the window when not),
 * or the window test (n0 + p + t). */
typedef struct rules {
    uint64_t k[8];
    unsigned bits[8];
    size_t nk;
    uint64_t t;
    unsigned parts;
    sgseq_cert how;
} rules;

/* Values from the rules: mex over every removal and split. */
static uint16_t *
ref_values(const rules *r, size_t len)
{
    uint16_t *g = calloc(len, sizeof *g);
    uint64_t *opt = malloc((len + 2) * 8 * sizeof *opt);
    assert_non_null(g);
    assert_non_null(opt);
    for (size_t n = 0; n < len; n++) {
        size_t no = 0;
        for (size_t i = 0; i < r->nk; i++) {
            uint64_t k = r->k[i];
            if ((r->bits[i] & SGSEQ_NOTHING) && k >= 1 && n == k) {
                opt[no++] = 0;
            }
            if ((r->bits[i] & SGSEQ_ONE) && k >= 1 && n > k) {
                opt[no++] = g[n - k];
            }
            if ((r->bits[i] & SGSEQ_TWO) && n > k) {
                for (size_t a = 1; a + 1 <= n - k; a++) {
                    opt[no++] = g[a] ^ g[n - k - a];
                }
            }
        }
        g[n] = (uint16_t)brute_mex(opt, no);
    }
    free(opt);
    return g;
}

/* Values needed by the certificate of (p, n0). */
static uint64_t
need(const rules *r, uint64_t p, uint64_t n0)
{
    if (r->how == SGSEQ_GUY_SMITH && r->parts >= 2) {
        return r->parts * ((n0 > 0 ? n0 : 1) + p) + r->t;
    }
    return n0 + p + r->t;
}

/* The start of p's run back from the top of g[0, n). */
static uint64_t
run_start(const uint16_t *g, size_t n, size_t p)
{
    size_t i = n - p;
    while (i > 0 && g[i - 1] == g[i - 1 + p]) {
        i--;
    }
    return i;
}

/* The theorem literally: every p, the smallest whose certificate fits. */
static cert
brute_cert(const rules *r, const uint16_t *g, size_t n)
{
    cert c = {0, 0, 0};
    if (r->t >= n) {
        return c;
    }
    for (size_t p = 1; p < n; p++) {
        uint64_t n0 = run_start(g, n, p);
        if (need(r, p, n0) <= n) {
            c.found = 1;
            c.p = p;
            c.n0 = n0;
            return c;
        }
    }
    return c;
}

/* The earlier search: the least period q of the window g[h, n) (its
 * second half, or its last sixteenth from 2^16 values), its run, and the
 * certificate if it fits. */
static cert
old_cert(const rules *r, const uint16_t *g, size_t n)
{
    cert c = {0, 0, 0};
    size_t h = n < ((size_t)1 << 16) ? n / 2 : n - n / 16, q;
    uint64_t n0;
    if (r->t >= n || n < 4) {
        return c;
    }
    for (q = 1; q < n - h; q++) {
        size_t i = h;
        while (i + q < n && g[i] == g[i + q]) {
            i++;
        }
        if (i + q == n) {
            break;
        }
    }
    n0 = run_start(g, n, q);
    if (need(r, q, n0) <= n) {
        c.found = 1;
        c.p = q;
        c.n0 = n0;
    }
    return c;
}

static const sgseq_env env_big = {.memory_limit = (size_t)1 << 30,
                                  .name = "test"};

/* What the engine certifies from exactly the table g[0, n): the values
 * are loaded with certificates off, then one attempt is made at n. */
static cert
engine_cert(const rules *r, const uint16_t *g, size_t n, uint64_t base)
{
    cert c = {0, 0, 0};
    grundy_error err;
    sgseq *s = sgseq_new(r->k, r->bits, r->nk, r->how);
    assert_non_null(s);
    sgseq_set_fingerprint_base(s, base);
    /* sgseq_load reads a sequence file's bytes: 16 bits a value,
     * little-endian */
    unsigned char *le = malloc(2 * n + 1);
    assert_non_null(le);
    for (size_t i = 0; i < n; i++) {
        le[2 * i] = (unsigned char)(g[i] & 0xff);
        le[2 * i + 1] = (unsigned char)(g[i] >> 8);
    }
    sgseq_set_certify(s, 0);
    assert_int_equal(sgseq_load(s, le, n, &env_big, &err), GRUNDY_OK);
    sgseq_set_certify(s, 1);
    assert_int_equal(sgseq_load(s, le, n, &env_big, &err), GRUNDY_OK);
    c.found = sgseq_certified(s, &c.p, &c.n0);
    sgseq_free(s);
    free(le);
    return c;
}

static void
assert_same(cert a, cert b)
{
    assert_int_equal(a.found, b.found);
    if (a.found) {
        assert_int_equal(a.p, b.p);
        assert_int_equal(a.n0, b.n0);
    }
}

static rules
random_octal(uint64_t *rng)
{
    rules r;
    memset(&r, 0, sizeof r);
    r.how = SGSEQ_GUY_SMITH;
    r.parts = 1;
    if (brute_below(rng, 4) == 0) {
        r.k[r.nk] = 0;
        r.bits[r.nk++] = SGSEQ_TWO;
        r.parts = 2;
    }
    for (uint64_t k = 1, nd = 1 + brute_below(rng, 4); k <= nd; k++) {
        unsigned d = (unsigned)brute_below(rng, 8);
        if (k == nd && d == 0) {
            d = 3;
        }
        if (d != 0) {
            r.k[r.nk] = k;
            r.bits[r.nk++] = d;
            r.t = k;
            r.parts = (d & SGSEQ_TWO) ? 2 : r.parts;
        }
    }
    return r;
}

static rules
random_sub(uint64_t *rng)
{
    rules r;
    memset(&r, 0, sizeof r);
    r.how = SGSEQ_WINDOW;
    r.parts = 1;
    r.nk = 1 + (size_t)brute_below(rng, 5);
    for (size_t i = 0; i < r.nk; i++) {
        r.k[i] = 1 + brute_below(rng, 24);
        r.bits[i] = SGSEQ_NOTHING | SGSEQ_ONE;
        r.t = r.k[i] > r.t ? r.k[i] : r.t;
    }
    return r;
}

/*
 * At every length n of the table: the engine certifies exactly what the
 * theorem allows (complete: found whenever some certificate fits, the
 * least p, its exact n0), so also whatever the earlier search found; and
 * on some lengths it finds what the earlier search missed.
 */
static int
check_rules(const rules *r, size_t len, uint64_t base, size_t step)
{
    uint16_t *g = ref_values(r, len);
    int earlier = 0;
    for (size_t n = 1; n <= len; n += step) {
        cert want = brute_cert(r, g, n), got = engine_cert(r, g, n, base);
        cert old = old_cert(r, g, n);
        assert_same(got, want);
        if (old.found) {
            assert_same(got, old);
        } else if (got.found) {
            earlier = 1;
        }
    }
    free(g);
    return earlier;
}

static void
test_random_octal_every_length(void **state)
{
    uint64_t rng = 2611;
    int earlier = 0;
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        rules r = random_octal(&rng);
        earlier |= check_rules(&r, 400, UINT64_C(0x1b873593cc9e2d51), 1);
    }
    /* The earlier search needed more table than the certificate. */
    assert_true(earlier);
}

static void
test_random_sub_every_length(void **state)
{
    uint64_t rng = 2612;
    int earlier = 0;
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        rules r = random_sub(&rng);
        earlier |= check_rules(&r, 300, UINT64_C(0x1b873593cc9e2d51), 1);
    }
    assert_true(earlier);
}

/* Fingerprints only propose: with base 0 (the fingerprint of a block is
 * its first value) or 1 (its sum) nearly every position agrees falsely,
 * and the answers stay the same. */
static void
test_useless_fingerprints(void **state)
{
    uint64_t rng = 2613;
    (void)state;
    for (int trial = 0; trial < 24; trial++) {
        rules r = trial % 2 ? random_octal(&rng) : random_sub(&rng);
        check_rules(&r, 300, (uint64_t)(trial % 4 < 2), 3);
        /* 2^61 - 1 + 1 is the base 1 again. */
        check_rules(&r, 200, (UINT64_C(1) << 61), 5);
    }
}

/* Published periods, each found at exactly the length of its
 * certificate and not one value before: Kayles 0.77 (p = 12, n0 = 71),
 * Dawson's Kayles 0.07 (34, 53), 0.137 (34, 52), 4.07 (4, 1), and
 * subtraction {1, 3, 4} (7, 0). */
static void
test_found_at_the_certificate(void **state)
{
    static const struct {
        unsigned d[5];
        size_t nd;
        int sub;
        uint64_t p, n0;
    } cases[] = {
        {{0, 7, 7}, 3, 0, 12, 71}, {{0, 0, 7}, 3, 0, 34, 53},
        {{0, 1, 3, 7}, 4, 0, 34, 52}, {{4, 0, 7}, 3, 0, 4, 1},
        {{0, 3, 0, 3, 3}, 5, 1, 7, 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules r;
        uint16_t *g;
        uint64_t at;
        cert c;
        memset(&r, 0, sizeof r);
        r.how = cases[i].sub ? SGSEQ_WINDOW : SGSEQ_GUY_SMITH;
        r.parts = 1;
        for (size_t k = 0; k < cases[i].nd; k++) {
            unsigned d = cases[i].d[k];
            if (d == 0) {
                continue;
            }
            r.k[r.nk] = k;
            r.bits[r.nk++] = k == 0 ? (d & SGSEQ_TWO) : d;
            r.t = k > r.t ? k : r.t;
            r.parts = (d & SGSEQ_TWO) ? 2 : r.parts;
        }
        at = need(&r, cases[i].p, cases[i].n0);
        g = ref_values(&r, (size_t)at + 1);
        c = engine_cert(&r, g, (size_t)at, UINT64_C(0x1b873593cc9e2d51));
        assert_int_equal(c.found, 1);
        assert_int_equal(c.p, cases[i].p);
        assert_int_equal(c.n0, cases[i].n0);
        c = engine_cert(&r, g, (size_t)at - 1,
                        UINT64_C(0x1b873593cc9e2d51));
        assert_int_equal(c.found, 0);
        free(g);
    }
}

/*
 * Made-up tables (loaded, so the rules do not hold them to the mex) with
 * a period that starts late and blocks that repeat before it: a random
 * prefix, the same period's block planted in the prefix (a copy that a
 * detector looking for any repeat would take), then the period. The
 * engine must take the last copy of the top block, as the theorem does.
 */
static void
test_late_periods_and_decoys(void **state)
{
    uint64_t rng = 2614;
    rules r;
    (void)state;
    memset(&r, 0, sizeof r);
    r.k[0] = 1;
    r.bits[0] = SGSEQ_ONE | SGSEQ_TWO;
    r.k[1] = 3;
    r.bits[1] = SGSEQ_TWO;
    r.nk = 2;
    r.t = 3;
    r.parts = 2;
    r.how = SGSEQ_GUY_SMITH;
    for (int trial = 0; trial < 200; trial++) {
        size_t p = 1 + (size_t)brute_below(&rng, 40);
        size_t n0 = (size_t)brute_below(&rng, 300);
        size_t len = 2 * (n0 + p) + 3 + (size_t)brute_below(&rng, 200);
        uint16_t *g = malloc(len * sizeof *g);
        uint16_t *period = malloc(p * sizeof *period);
        assert_non_null(g);
        assert_non_null(period);
        for (size_t i = 0; i < p; i++) {
            period[i] = (uint16_t)brute_below(&rng, 4);
        }
        for (size_t i = 0; i < len; i++) {
            g[i] = i >= n0 ? period[(i - n0) % p]
                           : (uint16_t)brute_below(&rng, 4);
        }
        if (n0 > 2 * p + 4) {
            /* A decoy: two periods planted early in the prefix. */
            size_t at = (size_t)brute_below(&rng, n0 - 2 * p - 2);
            for (size_t i = 0; i < 2 * p; i++) {
                g[at + i] = period[i % p];
            }
        }
        for (size_t n = len - 40; n <= len; n += 4) {
            assert_same(engine_cert(&r, g, n, UINT64_C(0x1b873593cc9e2d51)),
                        brute_cert(&r, g, n));
            assert_same(engine_cert(&r, g, n, 1), brute_cert(&r, g, n));
        }
        free(period);
        free(g);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_octal_every_length),
        cmocka_unit_test(test_random_sub_every_length),
        cmocka_unit_test(test_useless_fingerprints),
        cmocka_unit_test(test_found_at_the_certificate),
        cmocka_unit_test(test_late_periods_and_decoys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
