/*
 * test_sgseq_table.c - the compact table of the Grundy-sequence engine (a
 * byte and a bit a plane a value): every value read back equals a plain
 * 16-bit array, for values of every width up to 16 bits; long sequences
 * of several codes checked value by value against the literal definition
 * (every option, mex) at many heaps; the bytes charged a value.
 * test_sgseq_narrow builds it with 4 bits in the low byte, so that short
 * tables already use many planes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "fixture.h"
#include "sgseq.h"

/* As sgseq_impl.h: the bits of a value in the low byte. */
#ifndef SGSEQ_LO_BITS
#define SGSEQ_LO_BITS 8u
#endif
/* The long sequences: 10^6 heaps, fewer in the narrow build (its
 * planes past the second are read one bit at a time). */
#define LONG_LEN (SGSEQ_LO_BITS < 8 ? (size_t)1 << 18 : (size_t)1000000)

static const sgseq_env env_big = {.memory_limit = (size_t)1 << 30,
                                  .name = "test"};

/* Octal code digits d[0..nd) (d[0] is 0 or 4); unequal: Grundy's game. */
typedef struct rules {
    unsigned d[8];
    size_t nd;
    int unequal;
} rules;

static sgseq *
new_seq(const rules *r)
{
    static const sgseq_run split = {0, 0, SGSEQ_TWO};
    uint64_t k[8];
    unsigned bits[8];
    if (r->unequal) {
        sgseq_rules gr = {&split, 1, NULL, 0, 0, 1, 0};
        return sgseq_new_rules(&gr, SGSEQ_NONE);
    }
    for (size_t i = 0; i < r->nd; i++) {
        k[i] = i;
        bits[i] = i == 0 ? (r->d[0] & 4u) : r->d[i];
    }
    return sgseq_new(k, bits, r->nd, SGSEQ_GUY_SMITH);
}

/* G(n) by the rules, literally, from the values g[0..n): every removal k
 * leaving nothing, one heap, or two heaps a + b = n - k (a < b only for
 * Grundy's game); the mex. */
static uint64_t
literal(const rules *r, const uint16_t *g, size_t n, unsigned char *seen,
        size_t size)
{
    uint64_t v = 0;
    memset(seen, 0, size);
    for (size_t k = 0; k < r->nd && k <= n; k++) {
        unsigned d = r->d[k];
        if ((d & 1u) && k >= 1 && n == k) {
            seen[0] = 1;
        }
        if ((d & 2u) && k >= 1 && n > k) {
            seen[g[n - k]] = 1;
        }
        if (d & 4u) {
            for (size_t a = 1; 2 * a <= n - k; a++) {
                if (!r->unequal || 2 * a < n - k) {
                    seen[g[a] ^ g[n - k - a]] = 1;
                }
            }
        }
    }
    while (v < size && seen[v]) {
        v++;
    }
    return v;
}

/* Values of every width loaded as from a saved file, then read back: the
 * same as the 16-bit array they came from, heap by heap, by
 * sgseq_get_values and by sgseq_known. */
static void
test_roundtrip(void **state)
{
    static const unsigned widths[] = {1, 3, 4, 5, 8, 9, 10, 11, 13, 16};
    const size_t len = 1000000;
    uint16_t *want = malloc(len * sizeof *want);
    uint16_t *got = malloc(len * sizeof *got);
    unsigned char *le = malloc(2 * len);
    uint64_t rng = 26;
    (void)state;
    assert_non_null(want);
    assert_non_null(got);
    assert_non_null(le);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        rules officers = {{0, 6}, 2, 0};
        sgseq *s = new_seq(&officers);
        grundy_error err;
        uint32_t top = (1u << widths[w]) - 1u;
        assert_non_null(s);
        sgseq_set_certify(s, 0);
        for (size_t n = 0; n < len; n++) {
            /* Mostly small values, a few at the top of the width: the
             * planes are sparse, as in real tables, and every bit is
             * set somewhere. */
            uint64_t r = brute_below(&rng, 16);
            want[n] = (uint16_t)(r == 0 ? top - brute_below(&rng, 4) % (top + 1)
                                        : brute_below(&rng, top + 1));
            le[2 * n] = (unsigned char)(want[n] & 0xffu);
            le[2 * n + 1] = (unsigned char)(want[n] >> 8);
        }
        want[len - 1] = (uint16_t)top;
        le[2 * (len - 1)] = (unsigned char)(top & 0xffu);
        le[2 * (len - 1) + 1] = (unsigned char)(top >> 8);
        assert_int_equal(sgseq_load(s, le, len, &env_big, &err), GRUNDY_OK);
        assert_int_equal(sgseq_length(s), len);
        sgseq_get_values(s, 0, len, got);
        for (size_t n = 0; n < len; n++) {
            uint64_t v = 0;
            if (got[n] != want[n]) {
                fail_msg("width %u: heap %zu read back %u, stored %u",
                         widths[w], n, got[n], want[n]);
            }
            assert_true(sgseq_known(s, n, &v));
            assert_int_equal(v, want[n]);
        }
        /* Reading from the middle of a plane word. */
        sgseq_get_values(s, 777777, 1000, got);
        assert_memory_equal(got, want + 777777, 1000 * sizeof *got);
        sgseq_free(s);
    }
    free(want);
    free(got);
    free(le);
}

/*
 * Officers and Grundy's game to 10^6 heaps (two threads, the blocks),
 * and more codes to 2^17: every heap below 4096 and 400 heaps spread over
 * the table checked against the literal definition, from the values
 * read back into a 16-bit array. Officers passes 255 at heap 2^12 or so:
 * its values use the first plane (all of them in the narrow build).
 */
static void
test_codes_vs_literal(void **state)
{
    static const struct {
        rules r;
        size_t len;
    } cases[] = {
        {{{0, 6}, 2, 0}, LONG_LEN},          /* Officers, octal:0.6 */
        {{{4}, 1, 1}, LONG_LEN},             /* Grundy's game */
        {{{0, 0, 7}, 3, 0}, 1 << 17},        /* 0.07, Dawson's chess */
        {{{0, 1, 6, 1}, 4, 0}, 1 << 17},     /* 0.161 */
        {{{0, 0, 0, 7}, 4, 0}, 1 << 17},     /* 0.007 */
        {{{0, 7, 7}, 3, 0}, 1 << 17},        /* 0.77, Kayles */
    };
    uint64_t rng = 262;
    (void)state;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t len = cases[c].len, size = 1u << 16;
        sgseq *s = new_seq(&cases[c].r);
        uint16_t *g = malloc(len * sizeof *g);
        unsigned char *seen = malloc(size);
        uint64_t v;
        grundy_error err;
        assert_non_null(s);
        assert_non_null(g);
        assert_non_null(seen);
        sgseq_set_certify(s, 0);
        assert_int_equal(sgseq_value(s, len - 1, &env_big, &v, &err),
                         GRUNDY_OK);
        sgseq_get_values(s, 0, len, g);
        for (size_t i = 0; i < 4096 + 400; i++) {
            size_t n = i < 4096 ? i : (size_t)brute_below(&rng, len);
            uint64_t want = literal(&cases[c].r, g, n, seen, size);
            if (g[n] != want) {
                fail_msg("case %zu: G(%zu) = %u in the table, %llu by the "
                         "definition", c, n, g[n], (unsigned long long)want);
            }
        }
        free(g);
        free(seen);
        sgseq_free(s);
    }
}

/* What the table costs: Officers to 2^20 (values below 512) holds a
 * byte a value and a bit for each plane, and its rare-heap lists well
 * under 1/8 byte: at most 1.25 bytes a value where the 16-bit table
 * took 2 (more planes in the narrow build). */
static void
test_bytes_per_value(void **state)
{
    rules officers = {{0, 6}, 2, 0};
    sgseq *s = new_seq(&officers);
    const size_t len = (size_t)1 << 20;
    uint64_t v;
    grundy_error err;
    (void)state;
    assert_non_null(s);
    sgseq_set_certify(s, 0);
    assert_int_equal(sgseq_value(s, len - 1, &env_big, &v, &err), GRUNDY_OK);
    {
        size_t planes = 9 - SGSEQ_LO_BITS;
        sgseq_stats st;
        sgseq_get_stats(s, &st);
        assert_true(st.max_value >= 256 && st.max_value < 512);
        assert_true(sgseq_footprint(s) <= len + planes * (len / 8 + 16) +
                                              len / 8);
    }
    sgseq_free(s);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_codes_vs_literal),
        cmocka_unit_test(test_bytes_per_value),
    };
    fixture_test_filter();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
