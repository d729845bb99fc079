/*
 * test_sgseq.c - the Grundy-sequence engine against a literal reference
 * (every removal, every split, mex), sparse space against the definition,
 * published periods, and the limits (memory, 16-bit values).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "fixture.h"
#include "sgseq.h"

/* An octal code as digits d[0..nd) (d[0] is 0 or 4). */
typedef struct code {
    unsigned d[8];
    size_t nd;
} code;

/*
 * Reference from the rules: from a heap of n remove k tokens (digit d_k)
 * and leave nothing (bit 1, only when n == k), one non-empty heap (bit 2)
 * or two non-empty heaps a + b = n - k in every way (bit 4); G = mex.
 */
static uint64_t *
ref_octal(const code *c, size_t len)
{
    uint64_t *g = calloc(len, sizeof *g);
    uint64_t *opt = malloc(c->nd * (len + 2) * sizeof *opt);
    assert_non_null(g);
    assert_non_null(opt);
    for (size_t n = 0; n < len; n++) {
        size_t no = 0;
        for (size_t k = 0; k < c->nd; k++) {
            unsigned d = c->d[k];
            if (k > n) {
                break;
            }
            if ((d & 1u) && k >= 1 && n == k) {
                opt[no++] = 0;
            }
            if ((d & 2u) && k >= 1 && n > k) {
                opt[no++] = g[n - k];
            }
            if (d & 4u) {
                for (size_t a = 1; a + 1 <= n - k; a++) {
                    opt[no++] = g[a] ^ g[n - k - a];
                }
            }
        }
        g[n] = brute_mex(opt, no);
    }
    free(opt);
    return g;
}

/* Reference for a subtraction set: G(n) = mex{G(n - s) : s in S, s <= n}. */
static uint64_t *
ref_sub(const uint64_t *set, size_t ns, size_t len)
{
    uint64_t *g = calloc(len, sizeof *g);
    uint64_t opt[64];
    assert_non_null(g);
    assert_true(ns <= 64);
    for (size_t n = 0; n < len; n++) {
        size_t no = 0;
        for (size_t i = 0; i < ns; i++) {
            if (set[i] <= n) {
                opt[no++] = g[n - set[i]];
            }
        }
        g[n] = brute_mex(opt, no);
    }
    return g;
}

static sgseq *
new_octal(const code *c)
{
    uint64_t k[8];
    unsigned bits[8];
    for (size_t i = 0; i < c->nd; i++) {
        k[i] = i;
        bits[i] = i == 0 ? (c->d[0] & 4u) : c->d[i];
    }
    return sgseq_new(k, bits, c->nd, SGSEQ_GUY_SMITH);
}

static sgseq *
new_sub(const uint64_t *set, size_t ns)
{
    unsigned bits[64];
    for (size_t i = 0; i < ns; i++) {
        bits[i] = SGSEQ_NOTHING | SGSEQ_ONE;
    }
    return sgseq_new(set, bits, ns, SGSEQ_WINDOW);
}

static const sgseq_env env_default = {.memory_limit = (size_t)1 << 30,
                                      .name = "test"};

static uint64_t
value(sgseq *s, uint64_t n)
{
    uint64_t v = 0;
    grundy_error err;
    assert_int_equal(sgseq_value(s, n, &env_default, &v, &err), GRUNDY_OK);
    return v;
}

static code
parse_code(const char *text)
{
    code c;
    memset(&c, 0, sizeof c);
    c.d[0] = (unsigned)(text[0] - '0');
    c.nd = 1;
    for (const char *p = text + 2; *p; p++) {
        c.d[c.nd++] = (unsigned)(*p - '0');
    }
    return c;
}

static code
random_code(uint64_t *rng)
{
    code c;
    memset(&c, 0, sizeof c);
    c.d[0] = brute_below(rng, 4) == 0 ? 4u : 0u;
    c.nd = 2 + (size_t)brute_below(rng, 4);
    for (size_t i = 1; i < c.nd; i++) {
        c.d[i] = (unsigned)brute_below(rng, 8);
    }
    return c;
}

/* Every method on many random codes against the literal reference; the
 * values are asked in random order so the table grows in odd steps. */
static void
test_random_codes_vs_reference(void **state)
{
    uint64_t rng = 12345;
    (void)state;
    for (int trial = 0; trial < 150; trial++) {
        code c = random_code(&rng);
        size_t len = 300;
        uint64_t *ref = ref_octal(&c, len);
        for (int method = 0; method < 3; method++) {
            sgseq *s = new_octal(&c);
            assert_non_null(s);
            sgseq_set_method(s, (sgseq_method)method);
            for (size_t i = 0; i < 40; i++) {
                uint64_t n = brute_below(&rng, len);
                assert_int_equal(value(s, n), ref[n]);
            }
            for (size_t n = 0; n < len; n++) {
                if (value(s, n) != ref[n]) {
                    fail_msg("code %u.%u%u%u%u%u method %d heap %zu: %llu "
                             "!= %llu", c.d[0], c.d[1], c.d[2], c.d[3],
                             c.d[4], c.d[5], method, n,
                             (unsigned long long)value(s, n),
                             (unsigned long long)ref[n]);
                }
            }
            sgseq_free(s);
        }
        free(ref);
    }
}

/* Sparse space (forced from heap 16, any mask) against the definition on
 * longer tables, where the reference would be slow. */
static void
test_sparse_vs_plain(void **state)
{
    uint64_t rng = 777;
    (void)state;
    for (int trial = 0; trial < 40; trial++) {
        code c = random_code(&rng);
        sgseq *plain = new_octal(&c), *sparse = new_octal(&c),
              *autom = new_octal(&c);
        assert_non_null(plain);
        assert_non_null(sparse);
        assert_non_null(autom);
        sgseq_set_method(plain, SGSEQ_PLAIN);
        sgseq_set_method(sparse, SGSEQ_SPARSE);
        /* Long enough to pass several mask choices. */
        for (uint64_t n = 0; n < 2000; n++) {
            uint64_t v = value(plain, n);
            assert_int_equal(value(sparse, n), v);
            assert_int_equal(value(autom, n), v);
        }
        sgseq_free(plain);
        sgseq_free(sparse);
        sgseq_free(autom);
    }
}

/*
 * The register path (values below 64) with three removals that split, as
 * octal:0.1777: the rare heaps read for every removal at once, and the
 * scan three removals at a time, checked every few splits. Against the
 * literal reference on 6000 heaps each, for codes with d2 d3 d4 splitting
 * that take this path (sparse space, values below 64): from none to 225
 * rare heaps, several masks.
 */
static void
test_register_three_removals(void **state)
{
    static const char *const codes[] = {
        "0.1777", "0.0554", "0.1444", "0.1554", "0.1564", "0.1744",
        "0.1756", "0.1774", "0.3544", "0.3546", "0.3564", "0.3576",
        "0.3756",
    };
    (void)state;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c = parse_code(codes[i]);
        uint64_t *ref = ref_octal(&c, 6000);
        sgseq *s = new_octal(&c);
        sgseq_stats st;
        assert_non_null(s);
        /* The table itself, not a period, answers every heap. */
        sgseq_set_certify(s, 0);
        for (uint64_t n = 0; n < 6000; n++) {
            assert_int_equal(value(s, n), ref[n]);
        }
        sgseq_get_stats(s, &st);
        assert_int_not_equal(st.mask, 0);
        assert_true(st.max_value < 64);
        sgseq_free(s);
        free(ref);
    }
}

/* A game with many rare values (Officers) exercises the missing-rare scan. */
static void
test_officers_sparse_vs_plain(void **state)
{
    code c = parse_code("0.6");
    sgseq *plain = new_octal(&c), *fast = new_octal(&c);
    sgseq_stats st;
    (void)state;
    assert_non_null(plain);
    assert_non_null(fast);
    sgseq_set_method(plain, SGSEQ_PLAIN);
    sgseq_set_method(fast, SGSEQ_SPARSE);
    assert_int_equal(value(plain, 20000), value(fast, 20000));
    for (uint64_t n = 0; n <= 20000; n++) {
        assert_int_equal(value(fast, n), value(plain, n));
    }
    sgseq_get_stats(fast, &st);
    assert_int_not_equal(st.mask, 0);
    sgseq_free(plain);
    sgseq_free(fast);
}

/* The splits counted for the work limit are the same whichever kernel
 * the machine and the build use (AVX-512 bitmap, SSE2 or plain C compares,
 * marks): this file is built each way, against the same figures, so that
 * a work limit and its advice do not change from machine to machine.
 * Officers to 2^17 (blocks, hot copies, one removal, phase A's slots)
 * and stripes:1..7 to 2^15 (seven removals, values of 12 bits: no
 * bitmap). */
/* Splits counted by the sparse method for stripes:K (k[0..nk)) to
 * heap; *max: the largest value. */
static uint64_t
stripes_scanned(const uint64_t *k, size_t nk, uint64_t heap, unsigned *max)
{
    static const unsigned bits[] = {7, 7, 7, 7, 7, 7, 7, 7};
    sgseq *s = sgseq_new(k, bits, nk, SGSEQ_GUY_SMITH);
    sgseq_stats st;
    assert_non_null(s);
    sgseq_set_method(s, SGSEQ_SPARSE);
    (void)value(s, heap);
    sgseq_get_stats(s, &st);
    sgseq_free(s);
    *max = st.max_value;
    return st.scanned;
}

static void
test_work_count_any_kernel(void **state)
{
    static const uint64_t k7[] = {1, 2, 3, 4, 5, 6, 7}, k24[] = {2, 4};
    code c = parse_code("0.6");
    sgseq *officers = new_octal(&c);
    sgseq_stats st;
    unsigned max;
    uint64_t seven, two;
    (void)state;
    assert_non_null(officers);
    (void)value(officers, 131071);
    sgseq_get_stats(officers, &st);
    /* Phase A's slots (sgseq_block.c) leave the same marks with the
     * AVX-512 compares and with the scratch rows of the other builds. */
    assert_int_equal(st.scanned, UINT64_C(273948192));
    sgseq_free(officers);
    seven = stripes_scanned(k7, 7, 32767, &max);
    /* stripes:2,4 to 2^15: two removals, values below 512 (the bitmap
     * with AVX-512, run by run). */
    two = stripes_scanned(k24, 2, 32767, &max);
    assert_true(max < 512);
#ifdef SGSEQ_HOT
    /* The narrow build (4-bit low bytes, 64-heap hot copies) counts a
     * little more, as it did before the bitmap kernel (782787690 against
     * 782787018): a setting of the build, the same on every machine.
     * stripes:1..7 has its mask chosen again between powers of two when
     * its rare heaps grow by a sixteenth (sgseq_mask_choice): 745088771
     * splits, where a growth of a third took 761636137 and the choices
     * at powers of two alone 787123970, 672 fewer than the narrow
     * build's in each; stripes:2,4 37115348 where it took 37246015,
     * 36979 fewer than the narrow build's in both. */
    assert_int_equal(seven, UINT64_C(745089443));
    assert_int_equal(two, UINT64_C(37152327));
#else
    assert_int_equal(seven, UINT64_C(745088771));
    assert_int_equal(two, UINT64_C(37115348));
#endif
}

/*
 * The mask chosen again between powers of two, when the rare heaps have
 * grown by more than a sixteenth (and 64) since the last choice
 * (sgseq_mask_choice): 0.362's values pass 63 after 2^14, and under the
 * mask chosen there (0x3c, without bit 6) the heaps whose values have
 * bit 6 count as rare, until the choice at heap 24320 takes 0x7c. The
 * values against the rules' reference past that point; a table loaded
 * from the values (a resumed --save run) makes the same choice, at the
 * same heap.
 */
static void
test_mask_chosen_again(void **state)
{
    const size_t len = 28000;
    code c = parse_code("0.362");
    uint64_t *ref = ref_octal(&c, len);
    sgseq *s = new_octal(&c), *loaded = new_octal(&c);
    unsigned char *le = malloc(2 * len);
    grundy_error err;
    sgseq_stats st, sl;
    uint64_t rare = 0;
    (void)state;
    assert_non_null(s);
    assert_non_null(loaded);
    assert_non_null(le);
    sgseq_set_certify(s, 0);
    for (size_t n = 0; n < len; n++) {
        assert_int_equal(value(s, n), ref[n]);
        le[2 * n] = (unsigned char)(ref[n] & 0xff);
        le[2 * n + 1] = (unsigned char)(ref[n] >> 8);
    }
    sgseq_get_stats(s, &st);
    assert_int_equal(st.mask, 0x7c);
    /* The choice is made at heap 24320, where the table's values are
     * stored (sgseq_store, sgseq_load alike): the values below it keep
     * 0x3c, one more takes 0x7c. Under the rule of a third it came at
     * 27392. */
    for (size_t k = 24320; k <= 24321; k++) {
        sgseq *part = new_octal(&c);
        sgseq_stats sp;
        assert_non_null(part);
        sgseq_set_certify(part, 0);
        assert_int_equal(sgseq_load(part, le, k, &env_default, &err),
                         GRUNDY_OK);
        sgseq_get_stats(part, &sp);
        assert_int_equal(sp.mask, k == 24320 ? 0x3c : 0x7c);
        sgseq_free(part);
    }
    sgseq_set_certify(loaded, 0);
    assert_int_equal(sgseq_load(loaded, le, len, &env_default, &err),
                     GRUNDY_OK);
    /* The loaded table holds heaps below len: its rare heaps are those
     * with an even number of bits in G(n) & 0x7c (class 0, no heap
     * parity), counted here from the reference. */
    sgseq_get_stats(loaded, &sl);
    assert_int_equal(sl.mask, 0x7c);
    assert_int_equal(sl.heap_parity, 0);
    assert_int_equal(sl.rare_class, 0);
    for (size_t n = 1; n < len; n++) {
        rare += __builtin_parityll(ref[n] & 0x7c) == 0;
    }
    assert_int_equal(sl.rare, rare);
    sgseq_free(s);
    sgseq_free(loaded);
    free(le);
    free(ref);
}

/* Heap parity in the rare/common split (codes whose splitting removals
 * all have one parity): 0.127 chooses it, and its rare heaps at 2^17 are
 * 693 instead of 2804; values equal the definition's (to 2^14) and one
 * thread's equal two threads' (to 2^17, through blocks); sparse space
 * forced on more such codes, both parities of removal, matches the
 * definition too. */
static void
test_heap_parity(void **state)
{
    static const char *codes[] = {"0.127", "0.07", "0.4", "0.0007", "0.14",
                                  "0.106", "0.34", "0.007"};
    code c127 = parse_code("0.127");
    sgseq *one = new_octal(&c127), *two = new_octal(&c127);
    sgseq_stats st;
    (void)state;
    assert_non_null(one);
    assert_non_null(two);
    sgseq_set_certify(one, 0);
    sgseq_set_certify(two, 0);
    sgseq_set_threads(one, 1);
    sgseq_set_threads(two, 2);
    assert_int_equal(value(one, 131071), value(two, 131071));
    for (uint64_t n = 0; n < 131072; n++) {
        assert_int_equal(value(one, n), value(two, n));
    }
    sgseq_get_stats(one, &st);
    assert_int_equal(st.heap_parity, 1);
    assert_int_equal(st.rare, 693);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c = parse_code(codes[i]);
        sgseq *plain = new_octal(&c), *sparse = new_octal(&c);
        assert_non_null(plain);
        assert_non_null(sparse);
        sgseq_set_method(plain, SGSEQ_PLAIN);
        sgseq_set_method(sparse, SGSEQ_SPARSE);
        sgseq_set_certify(plain, 0);
        sgseq_set_certify(sparse, 0);
        for (uint64_t n = 0; n < 16384; n++) {
            uint64_t v = value(plain, n);
            assert_int_equal(value(sparse, n), v);
            if (strcmp(codes[i], "0.127") == 0) {
                assert_int_equal(value(one, n), v);
            }
        }
        sgseq_free(plain);
        sgseq_free(sparse);
    }
    sgseq_free(one);
    sgseq_free(two);
}

/* Games with values above 64 go through the two-thread block path from
 * heap 8192 on (sparse space forced): the same values as the definition
 * and as one thread. */
static void
test_threads_vs_plain(void **state)
{
    static const char *codes[] = {"0.6", "0.37", "0.64", "4.6"};
    (void)state;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c = parse_code(codes[i]);
        sgseq *plain = new_octal(&c), *one = new_octal(&c),
              *two = new_octal(&c);
        uint64_t top = 12000;
        assert_non_null(plain);
        assert_non_null(one);
        assert_non_null(two);
        sgseq_set_method(plain, SGSEQ_PLAIN);
        sgseq_set_method(one, SGSEQ_SPARSE);
        sgseq_set_method(two, SGSEQ_SPARSE);
        sgseq_set_threads(one, 1);
        sgseq_set_threads(two, 2);
        sgseq_set_certify(plain, 0);
        sgseq_set_certify(one, 0);
        sgseq_set_certify(two, 0);
        assert_int_equal(value(two, top), value(plain, top));
        for (uint64_t n = 0; n <= top; n++) {
            uint64_t v = value(plain, n);
            assert_int_equal(value(one, n), v);
            assert_int_equal(value(two, n), v);
        }
        sgseq_free(plain);
        sgseq_free(one);
        sgseq_free(two);
    }
}

/* Longer tables through the block path, where runs of heaps share
 * their rare-heap marks and many blocks follow each other: two threads
 * against one (sgseq_sparse, heap by heap). */
static void
test_threads_vs_one_long(void **state)
{
    static const char *codes[] = {"0.6", "0.64"};
    (void)state;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c = parse_code(codes[i]);
        sgseq *one = new_octal(&c), *two = new_octal(&c);
        uint64_t top = 40000 + 77; /* ends inside a run */
        assert_non_null(one);
        assert_non_null(two);
        sgseq_set_method(one, SGSEQ_SPARSE);
        sgseq_set_method(two, SGSEQ_SPARSE);
        sgseq_set_threads(one, 1);
        sgseq_set_threads(two, 2);
        sgseq_set_certify(one, 0);
        sgseq_set_certify(two, 0);
        assert_int_equal(value(two, top), value(one, top));
        for (uint64_t n = 0; n <= top; n++) {
            assert_int_equal(value(two, n), value(one, n));
        }
        sgseq_free(one);
        sgseq_free(two);
    }
}

/* The definition itself also goes in two-thread blocks (method AUTO keeps
 * it for stripes:3 and short Officers tables): same values as one heap
 * at a time. */
static void
test_plain_blocks(void **state)
{
    static const char *codes[] = {"0.6", "0.007"};
    (void)state;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c = parse_code(codes[i]);
        sgseq *plain = new_octal(&c), *two = new_octal(&c);
        sgseq_stats st;
        uint64_t top = 12000;
        assert_non_null(plain);
        assert_non_null(two);
        sgseq_set_method(plain, SGSEQ_PLAIN);
        sgseq_set_certify(plain, 0);
        sgseq_set_certify(two, 0);
        assert_int_equal(value(two, top), value(plain, top));
        sgseq_get_stats(two, &st);
        assert_int_equal(st.mask, 0);
        for (uint64_t n = 0; n <= top; n++) {
            assert_int_equal(value(two, n), value(plain, n));
        }
        sgseq_free(plain);
        sgseq_free(two);
    }
}

static void
test_random_sub_vs_reference(void **state)
{
    uint64_t rng = 99;
    (void)state;
    for (int trial = 0; trial < 200; trial++) {
        uint64_t set[6];
        size_t ns = 1 + (size_t)brute_below(&rng, 6);
        uint64_t *ref;
        sgseq *s;
        for (size_t i = 0; i < ns; i++) {
            set[i] = 1 + brute_below(&rng, 20);
        }
        ref = ref_sub(set, ns, 400);
        s = new_sub(set, ns);
        assert_non_null(s);
        for (uint64_t n = 0; n < 400; n++) {
            assert_int_equal(value(s, n), ref[n]);
        }
        /* Subtraction games are always periodic: once certified, far heaps
         * reduce into the table and agree with the reference. */
        {
            grundy_period per;
            grundy_error err;
            assert_int_equal(sgseq_period(s, &env_default, &per, &err),
                             GRUNDY_OK);
            assert_int_equal(per.found, 1);
            for (uint64_t n = per.preperiod; n < 400; n++) {
                assert_int_equal(value(s, n + per.period * 1000003),
                                 ref[n]);
            }
        }
        sgseq_free(s);
        free(ref);
    }
}

static void
check_period(sgseq *s, uint64_t p, uint64_t n0)
{
    grundy_period per;
    grundy_error err;
    assert_int_equal(sgseq_period(s, &env_default, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 1);
    assert_int_equal(per.period, p);
    assert_int_equal(per.preperiod, n0);
    assert_true(per.certified <= sgseq_length(s));
}

/* Published periods (Winning Ways; Guy-Smith). */
static void
test_published_periods(void **state)
{
    static const struct {
        const char *code;
        uint64_t p, n0;
    } cases[] = {
        {"0.77", 12, 71}, {"0.07", 34, 53}, {"0.137", 34, 52},
        {"4.07", 4, 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        code c = parse_code(cases[i].code);
        sgseq *s = new_octal(&c);
        grundy_period per;
        grundy_error err;
        assert_non_null(s);
        check_period(s, cases[i].p, cases[i].n0);
        assert_int_equal(sgseq_period(s, &env_default, &per, &err),
                         GRUNDY_OK);
        /* Guy-Smith: 2 n0 + 2 p + t values. */
        assert_int_equal(per.certified,
                         2 * (cases[i].n0 ? cases[i].n0 : 1) +
                             2 * cases[i].p + (c.nd - 1));
        sgseq_free(s);
    }
}

/* Kayles far out: reduction by the period agrees with the reference. */
static void
test_kayles_huge_heaps(void **state)
{
    code c = parse_code("0.77");
    uint64_t *ref = ref_octal(&c, 200);
    sgseq *s = new_octal(&c);
    (void)state;
    assert_non_null(s);
    for (uint64_t n = 71; n < 200; n++) {
        uint64_t far = n + 12 * ((UINT64_MAX - 200) / 12);
        assert_int_equal(value(s, far), ref[n]);
    }
    assert_int_equal(value(s, UINT64_MAX),
                     ref[71 + (UINT64_MAX - 71) % 12]);
    assert_true(sgseq_length(s) < 4096);
    free(ref);
    sgseq_free(s);
}

/* The seed's example: stripes:2 = 0.07 gives 0 0 1 1 2 0 3 1. */
static void
test_stripes2_seed(void **state)
{
    static const uint64_t want[] = {0, 0, 1, 1, 2, 0, 3, 1};
    code c = parse_code("0.07");
    sgseq *s = new_octal(&c);
    (void)state;
    assert_non_null(s);
    for (uint64_t n = 0; n < 8; n++) {
        assert_int_equal(value(s, n), want[n]);
    }
    sgseq_free(s);
}

static void
test_sub_window(void **state)
{
    static const uint64_t set[] = {1, 3, 4};
    static const uint64_t big[] = {5, 1000};
    sgseq *s = new_sub(set, 3);
    grundy_period per;
    grundy_error err;
    (void)state;
    assert_non_null(s);
    /* 0 1 0 1 2 3 2, repeated from heap 0. */
    check_period(s, 7, 0);
    {
        static const uint64_t cycle[] = {0, 1, 0, 1, 2, 3, 2};
        assert_int_equal(value(s, 1000000000000ULL),
                         cycle[1000000000000ULL % 7]);
    }
    sgseq_free(s);
    s = new_sub(big, 2);
    assert_non_null(s);
    assert_int_equal(sgseq_period(s, &env_default, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 1);
    /* Window test: n0 + p + max(S). */
    assert_int_equal(per.certified, per.preperiod + per.period + 1000);
    sgseq_free(s);
}

/* Officers is not known to be periodic: beyond the memory limit the answer
 * is an error naming the limit, never a value. */
static void
test_memory_limit(void **state)
{
    code c = parse_code("0.6");
    sgseq *s = new_octal(&c);
    sgseq_env env = {.memory_limit = (size_t)1 << 16,
                     .name = "octal:0.6"};
    grundy_error err;
    grundy_period per;
    uint64_t v = 12345;
    (void)state;
    assert_non_null(s);
    assert_int_equal(sgseq_value(s, 100, &env, &v, &err), GRUNDY_OK);
    v = 12345;
    assert_int_equal(sgseq_value(s, 1000000, &env, &v, &err), GRUNDY_ELIMIT);
    assert_int_equal(v, 12345);
    assert_non_null(strstr(err.message, "octal:0.6"));
    assert_non_null(strstr(err.message, "1000000"));
    /* The limit and how much it needs, as data: with that much the same
     * heap is answered. */
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    /* The table: a byte a value at least (compact, sgseq_impl.h). */
    assert_true(err.needed >= 1000001);
    assert_null(strstr(err.message, "--"));
    /* With the memory it says it needs, the heap is answered (a heap
     * small enough to compute here; exactly enough, not a byte more). */
    assert_int_equal(sgseq_value(s, 50000, &env, &v, &err), GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    {
        sgseq *t = new_octal(&c);
        sgseq_env more = env;
        assert_non_null(t);
        more.memory_limit = (size_t)err.needed;
        assert_int_equal(sgseq_value(t, 50000, &more, &v, &err), GRUNDY_OK);
        sgseq_free(t);
    }
    assert_int_equal(sgseq_value(s, UINT64_MAX, &env, &v, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(sgseq_period(s, &env, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 0);
    assert_true(per.searched > 1000);
    assert_true(per.searched <= ((size_t)1 << 16)); /* 1 B a value or more */
    sgseq_free(s);
}

/* stripes:3 has no proven period and no sparse space: its values come
 * from the definition, quadratic in the heap. Once the method is settled
 * (heap 2^16), a heap whose remaining cost passes the work limit fails at
 * once, the table stopping there, and the error names the limit; heaps
 * whose remaining cost fits compute, with the values of an unlimited run. */
static void
test_work_limit(void **state)
{
    static const uint64_t k[] = {3};
    static const unsigned bits[] = {7};
    sgseq *s = sgseq_new(k, bits, 1, SGSEQ_GUY_SMITH);
    sgseq *free_run = sgseq_new(k, bits, 1, SGSEQ_GUY_SMITH);
    sgseq_env env = {.memory_limit = (size_t)1 << 30,
                     .name = "stripes:3", .work_limit = 1000000000};
    sgseq_env unlimited = {.memory_limit = (size_t)1 << 30,
                           .name = "stripes:3"};
    grundy_error err;
    uint64_t v = 12345, w;
    (void)state;
    assert_non_null(s);
    assert_non_null(free_run);
    /* From 2^16 to 200000: about (200000^2 - 65536^2) / 4 = 8.9e9 steps. */
    assert_int_equal(sgseq_value(s, 200000, &env, &v, &err), GRUNDY_ELIMIT);
    assert_int_equal(v, 12345);
    assert_int_equal(sgseq_length(s), (size_t)1 << 16);
    assert_non_null(strstr(err.message, "stripes:3"));
    assert_non_null(strstr(err.message, "work limit of 1000000000"));
    assert_int_equal(err.limit, GRUNDY_LIMIT_WORK);
    assert_true(err.needed > 1000000000);
    assert_null(strstr(err.message, "--"));
    /* Heaps already computed answer; a short extension fits the limit. */
    assert_int_equal(sgseq_value(s, 65535, &env, &v, &err), GRUNDY_OK);
    assert_int_equal(sgseq_value(free_run, 65535, &unlimited, &w, &err),
                     GRUNDY_OK);
    assert_int_equal(v, w);
    assert_int_equal(sgseq_value(s, 66000, &env, &v, &err), GRUNDY_OK);
    assert_int_equal(sgseq_value(free_run, 66000, &unlimited, &w, &err),
                     GRUNDY_OK);
    assert_int_equal(v, w);
    sgseq_free(s);
    sgseq_free(free_run);
}

/* One thread (sgseq_set_threads, as a context with one thread sets it):
 * blocks run their phase A on this thread alone, and do exactly the work
 * two threads share: the same values, the same scans, the same splits
 * looked at (phase A's work for a heap does not depend on the thread). */
static void
test_one_thread_env(void **state)
{
    code c = parse_code("0.6");
    sgseq *one = new_octal(&c), *two = new_octal(&c);
    sgseq_stats st1, st2;
    grundy_error err;
    uint64_t v1, v2;
    (void)state;
    assert_non_null(one);
    assert_non_null(two);
    sgseq_set_certify(one, 0);
    sgseq_set_certify(two, 0);
    sgseq_set_method(one, SGSEQ_SPARSE);
    sgseq_set_method(two, SGSEQ_SPARSE);
    sgseq_set_threads(one, 1);
    assert_int_equal(sgseq_value(one, 20000, &env_default, &v1, &err),
                     GRUNDY_OK);
    assert_int_equal(sgseq_value(two, 20000, &env_default, &v2, &err),
                     GRUNDY_OK);
    assert_int_equal(v1, v2);
    sgseq_get_stats(one, &st1);
    sgseq_get_stats(two, &st2);
    assert_true(st1.full_scans == st2.full_scans);
    assert_true(st1.scanned == st2.scanned);
    assert_true(st1.rare == st2.rare && st1.mask == st2.mask);
    sgseq_free(one);
    sgseq_free(two);
}

/* Values beyond the table width are an error, not a wrapped value:
 * sub:1..300 has G(n) = n mod 301; with 255 as the largest storable value
 * heap 256 must fail. */
static void
test_value_overflow(void **state)
{
    uint64_t set[300];
    unsigned bits[300];
    sgseq *s;
    grundy_error err;
    uint64_t v;
    (void)state;
    for (size_t i = 0; i < 300; i++) {
        set[i] = i + 1;
        bits[i] = SGSEQ_NOTHING | SGSEQ_ONE;
    }
    s = sgseq_new(set, bits, 300, SGSEQ_WINDOW);
    assert_non_null(s);
    sgseq_set_max_value(s, 255);
    assert_int_equal(value(s, 255), 255);
    assert_int_equal(sgseq_value(s, 256, &env_default, &v, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "exceeds 255"));
    sgseq_free(s);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_codes_vs_reference),
        cmocka_unit_test(test_sparse_vs_plain),
        cmocka_unit_test(test_officers_sparse_vs_plain),
        cmocka_unit_test(test_work_count_any_kernel),
        cmocka_unit_test(test_register_three_removals),
        cmocka_unit_test(test_threads_vs_plain),
        cmocka_unit_test(test_heap_parity),
        cmocka_unit_test(test_mask_chosen_again),
        cmocka_unit_test(test_threads_vs_one_long),
        cmocka_unit_test(test_plain_blocks),
        cmocka_unit_test(test_random_sub_vs_reference),
        cmocka_unit_test(test_published_periods),
        cmocka_unit_test(test_kayles_huge_heaps),
        cmocka_unit_test(test_stripes2_seed),
        cmocka_unit_test(test_work_limit),
        cmocka_unit_test(test_one_thread_env),
        cmocka_unit_test(test_sub_window),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_value_overflow),
    };
    fixture_test_filter();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
