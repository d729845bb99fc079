/*
 * test_arith_split.c - the arithmetic-periodicity test for codes with a
 * repeating group whose moves split heaps (src/sgseq_arith3.c, its free
 * removals; docs/theory.md 3b). Each period it certifies must hold for the
 * values computed from the rules literally (every removal k <= n, every
 * way to leave nothing, one, two or three heaps, mex) well beyond the
 * values the certificate read; every value below G(n) past the
 * certificate must have a witness that is a legal move worth it, and so
 * must random values on huge heaps; values of 64-bit heaps that pass
 * 2^64 - 1 are refused, never wrapped; random repeating codes are
 * certified only when the rules agree; the test's checks, not the table's
 * run, refuse one code's values under another's rules.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"
#include "sgseq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 8192      /* every value (and XOR) of the references is below */

static const sgseq_env env_default = {.memory_limit = (size_t)1 << 30,
                                      .name = "test"};

/* A code d0.d1..dm(e1..er): pre[0..npre) = d0..dm, grp[0..ngrp) = e. */
typedef struct repcode {
    unsigned pre[8], grp[8];
    size_t npre, ngrp;
} repcode;

static void
rep_parse(repcode *c, const char *text)
{
    int in_group = 0;
    memset(c, 0, sizeof *c);
    for (const char *p = text; *p != '\0'; p++) {
        unsigned v;
        if (*p == '.' || *p == ')') {
            continue;
        }
        if (*p == '(') {
            in_group = 1;
            continue;
        }
        v = (unsigned)(*p >= 'a' ? *p - 'a' + 10 : *p - '0');
        if (in_group) {
            assert_true(c->ngrp < 8);
            c->grp[c->ngrp++] = v;
        } else {
            assert_true(c->npre < 8);
            c->pre[c->npre++] = v;
        }
    }
    assert_true(c->npre >= 1 && c->ngrp >= 1);
}

/* d(k): the digits, then the group for ever. */
static unsigned
rep_digit(const repcode *c, uint64_t k)
{
    return k < c->npre ? c->pre[k] : c->grp[(k - c->npre) % c->ngrp];
}

/* The distinct values in flags[0..MAXV) as a list (malloc'd). */
static uint32_t *
flag_list(const unsigned char *flags, size_t *n)
{
    uint32_t *l = malloc(MAXV * sizeof *l);
    assert_non_null(l);
    *n = 0;
    for (uint32_t v = 0; v < MAXV; v++) {
        if (flags[v]) {
            l[(*n)++] = v;
        }
    }
    return l;
}

/*
 * G(0..len-1) from the rules. v2[m] lists the values G(a) ^ G(m - a) of
 * every split of m into two non-empty heaps, v3[m] those of every split
 * into three (a first heap a, then a split of m - a in two). Heap n's
 * options: for every k <= n, with m = n - k left, nothing (bit 1, m = 0),
 * heap m (bit 2, k >= 1), every value of v2[m] (bit 4), of v3[m] (bit 8).
 */
static void
reference(const repcode *c, uint64_t *g, size_t len)
{
    uint32_t **v2 = calloc(len, sizeof *v2), **v3 = calloc(len, sizeof *v3);
    size_t *n2 = calloc(len, sizeof *n2), *n3 = calloc(len, sizeof *n3);
    unsigned char *seen = malloc(MAXV);
    assert_true(v2 && v3 && n2 && n3 && seen);
    for (size_t n = 0; n < len; n++) {
        /* The splits of n first: d0 may split n itself. */
        memset(seen, 0, MAXV);
        for (size_t a = 1; 2 * a <= n; a++) {
            seen[g[a] ^ g[n - a]] = 1;
        }
        v2[n] = flag_list(seen, &n2[n]);
        memset(seen, 0, MAXV);
        for (size_t a = 1; a + 2 <= n; a++) {
            for (size_t i = 0; i < n2[n - a]; i++) {
                uint64_t v = g[a] ^ v2[n - a][i];
                assert_true(v < MAXV);
                seen[v] = 1;
            }
        }
        v3[n] = flag_list(seen, &n3[n]);
        memset(seen, 0, MAXV);
        for (size_t k = 0; k <= n; k++) {
            size_t m = n - k;
            unsigned d = rep_digit(c, k);
            if ((d & 1u) && k >= 1 && m == 0) {
                seen[0] = 1;
            }
            if ((d & 2u) && k >= 1 && m >= 1) {
                seen[g[m]] = 1;
            }
            for (size_t i = 0; (d & 4u) && i < n2[m]; i++) {
                seen[v2[m][i]] = 1;
            }
            for (size_t i = 0; (d & 8u) && i < n3[m]; i++) {
                seen[v3[m][i]] = 1;
            }
        }
        g[n] = 0;
        while (seen[g[n]]) {
            g[n]++;
        }
        assert_true(2 * g[n] < MAXV);
    }
    for (size_t n = 0; n < len; n++) {
        free(v2[n]);
        free(v3[n]);
    }
    free(v2);
    free(v3);
    free(n2);
    free(n3);
    free(seen);
}

static sgseq *
rep_seq(const repcode *c)
{
    sgseq_run run[8];
    sgseq_rules r;
    size_t nrun = 0;
    memset(&r, 0, sizeof r);
    for (size_t k = 0; k < c->npre; k++) {
        if (c->pre[k] != 0) {
            run[nrun].lo = run[nrun].hi = k;
            run[nrun++].bits = c->pre[k];
        }
    }
    r.run = run;
    r.nrun = nrun;
    r.rep = c->grp;
    r.nrep = c->ngrp;
    r.rep_from = c->npre;
    return sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
}

/* The value the period gives heap n, from the reference's first values;
 * 0 in *ok when it passes 2^64 - 1. */
static uint64_t
predicted(const uint64_t *g, const grundy_period *per, uint64_t n, int *ok)
{
    uint64_t p = per->period, n0 = per->preperiod, q, b;
    *ok = 1;
    if (n < n0 + p) {
        return g[n];
    }
    q = (n - n0) / p;
    b = g[n0 + (n - n0) % p];
    *ok = per->saltus == 0 || q <= (UINT64_MAX - b) / per->saltus;
    return b + q * per->saltus;
}

/* The move (k, parts) of heap n is legal and worth want. */
static void
check_option(const repcode *c, const uint64_t *g, const grundy_period *per,
             uint64_t n, uint64_t want, uint64_t k, const uint64_t *parts,
             unsigned np)
{
    uint64_t sum = k, v = 0;
    int ok;
    assert_true(np <= 3);
    assert_true(k <= n);
    /* np heaps left: bit 2^np of d(k); removing nothing only splits. */
    assert_true((rep_digit(c, k) >> np) & 1u);
    assert_true(k >= 1 || np >= 2);
    for (unsigned i = 0; i < np; i++) {
        assert_true(parts[i] >= 1);
        assert_true(i == 0 || parts[i - 1] <= parts[i]);
        sum += parts[i];
        v ^= predicted(g, per, parts[i], &ok);
        assert_true(ok);
    }
    assert_true(sum == n);
    if (v != want) {
        fail_msg("heap %llu: option worth %llu, %llu asked",
                 (unsigned long long)n, (unsigned long long)v,
                 (unsigned long long)want);
    }
}

/* Codes the test certifies, with the period, preperiod and saltus it must
 * find (octal:4.(7) and hex:8.(f) have a saltus above the period: their
 * values outgrow the heaps). */
static const struct {
    const char *code;
    uint64_t p, n0, s;
} certified[] = {
    {"4.(7)", 1, 2, 2},  {"8.(3)", 8, 1, 8},  {"c.(3)", 4, 1, 4},
    {"0.(c)", 2, 1, 1},  {"0.(6)", 1, 1, 1},  {"0.(4)", 2, 1, 1},
    {"0.(8)", 3, 1, 1},  {"8.(f)", 3, 4, 4},  {"4.(6)", 1, 1, 1},
    {"0.(a)", 1, 1, 1},  {"4.(37)", 4, 1, 4}, {"0.4(3)", 3, 3, 2},
    {"0.(1c)", 7, 10, 4},
    /* ordinary periods (no saltus): the same configurations, flat */
    {"0.(5)", 1, 1, 0},  {"4.(1)", 1, 1, 0},  {"4.(5)", 1, 1, 0},
};

/* Code i of the list: its digits, its reference values g[0..*len), and
 * its sequence with the period it must certify (in *per). */
static sgseq *
certified_code(size_t i, repcode *c, uint64_t **g, size_t *len,
               grundy_period *per)
{
    grundy_error err;
    sgseq *s;
    rep_parse(c, certified[i].code);
    s = rep_seq(c);
    assert_non_null(s);
    assert_int_equal(sgseq_period(s, &env_default, per, &err), GRUNDY_OK);
    if (!per->found || per->period != certified[i].p ||
        per->preperiod != certified[i].n0 || per->saltus != certified[i].s) {
        fail_msg("%s: found %d p=%llu n0=%llu s=%llu", certified[i].code,
                 per->found, (unsigned long long)per->period,
                 (unsigned long long)per->preperiod,
                 (unsigned long long)per->saltus);
    }
    assert_string_equal(per->theorem, certified[i].s != 0
                                          ? SGSEQ_ARITH3_THEOREM
                                          : SGSEQ_SPLIT_PERIOD_THEOREM);
    /* The reference goes well beyond what the certificate read. */
    *len = per->certified * 3 / 2 + 64;
    *g = malloc(*len * sizeof **g);
    assert_non_null(*g);
    reference(c, *g, *len);
    return s;
}

static void
test_certified_vs_rules(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof certified / sizeof certified[0]; i++) {
        repcode c;
        grundy_period per;
        grundy_error err;
        sgseq *s;
        uint64_t *g, v, pv;
        size_t len;
        int ok;
        s = certified_code(i, &c, &g, &len, &per);
        for (uint64_t n = 0; n < len; n++) {
            if (g[n] != predicted(g, &per, n, &ok)) {
                fail_msg("%s: heap %llu is worth %llu by the rules, not as "
                         "the period says", certified[i].code,
                         (unsigned long long)n, (unsigned long long)g[n]);
            }
        }
        /* Huge heaps by the period, exactly; a value past 2^64 - 1 is
         * refused, never wrapped. */
        for (uint64_t n = UINT64_MAX - 40; n != 0; n++) {
            pv = predicted(g, &per, n, &ok);
            if (ok) {
                assert_int_equal(sgseq_value(s, n, &env_default, &v, &err),
                                 GRUNDY_OK);
                assert_true(v == pv);
            } else {
                assert_int_equal(sgseq_value(s, n, &env_default, &v, &err),
                                 GRUNDY_ELIMIT);
                assert_false(sgseq_fits(s, n));
            }
        }
        free(g);
        sgseq_free(s);
    }
}

/* Past the certificate every value below G(n) has a witness (the test's
 * conclusion), and each is a legal option worth it; on huge heaps, random
 * values below G(n) likewise. */
static void
test_witnesses(void **state)
{
    uint64_t rng = 7;
    (void)state;
    for (size_t i = 0; i < sizeof certified / sizeof certified[0]; i++) {
        repcode c;
        grundy_period per;
        grundy_error err;
        sgseq *s;
        uint64_t k, parts[3], v, *g;
        size_t len;
        unsigned np;
        s = certified_code(i, &c, &g, &len, &per);
        for (uint64_t n = per.certified; n < per.certified + 40; n++) {
            for (uint64_t want = 0; want < g[n]; want++) {
                if (!sgseq_arith3_option(s, n, want, &k, parts, &np)) {
                    fail_msg("%s: heap %llu has no witness for %llu",
                             certified[i].code, (unsigned long long)n,
                             (unsigned long long)want);
                }
                check_option(&c, g, &per, n, want, k, parts, np);
            }
        }
        for (int t = 0; t < 300; t++) {
            /* Heaps of 41 to 61 bits: every value fits. */
            uint64_t n = (brute_rand(&rng) >> (3 + t % 21)) |
                         ((uint64_t)1 << 40),
                     want;
            assert_int_equal(sgseq_value(s, n, &env_default, &v, &err),
                             GRUNDY_OK);
            want = v == 0 ? 0 : brute_below(&rng, v);
            if (v == 0) {
                continue;
            }
            assert_true(sgseq_arith3_option(s, n, want, &k, parts, &np));
            check_option(&c, g, &per, n, want, k, parts, np);
        }
        free(g);
        sgseq_free(s);
    }
}

/*
 * Random codes d0.d1(e1 e2) or d0.(e1) with a split in the group: whenever
 * a test certifies a period (with a saltus or not) from a table of at most
 * 2048 values, it must hold for the rules well past what it read.
 */
static void
test_random_codes(void **state)
{
    uint64_t rng = 41;
    int arith = 0;
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        repcode c;
        uint64_t p, n0, v, *g;
        grundy_error err;
        grundy_period per;
        sgseq *s;
        size_t len;
        int ok;
        memset(&c, 0, sizeof c);
        c.npre = 1 + brute_below(&rng, 2);
        c.pre[0] = (unsigned)brute_below(&rng, 4) * 4;
        if (c.npre == 2) {
            c.pre[1] = (unsigned)brute_below(&rng, 16);
        }
        c.ngrp = 1 + brute_below(&rng, 2);
        for (size_t k = 0; k < c.ngrp; k++) {
            c.grp[k] = (unsigned)brute_below(&rng, 16);
        }
        c.grp[brute_below(&rng, c.ngrp)] |= 4u << brute_below(&rng, 2);
        s = rep_seq(&c);
        assert_non_null(s);
        if (sgseq_value(s, 2047, &env_default, &v, &err) != GRUNDY_OK) {
            sgseq_free(s);   /* values past the tables' 16 bits */
            continue;
        }
        if (sgseq_certified(s, &p, &n0)) {
            arith++;
            assert_int_equal(sgseq_period(s, &env_default, &per, &err),
                             GRUNDY_OK);
            len = per.certified * 3 / 2 + 64;
            len = len < 700 ? 700 : len;
            g = malloc(len * sizeof *g);
            assert_non_null(g);
            reference(&c, g, len);
            for (uint64_t n = 0; n < len; n++) {
                if (g[n] != predicted(g, &per, n, &ok)) {
                    fail_msg("%x.%x(%x%x): heap %llu worth %llu, not as the "
                             "period says", c.pre[0], c.pre[1], c.grp[0],
                             c.grp[1], (unsigned long long)n,
                             (unsigned long long)g[n]);
                }
            }
            free(g);
        }
        sgseq_free(s);
    }
    print_message("%d of 60 codes have a certified period\n", arith);
    assert_true(arith >= 10);
}

/*
 * The test's checks, not only the table's agreement, make the proof: the
 * values of octal:4.(7), G(n) = 2n - 2 from heap 2, follow G(n + 1) =
 * G(n) + 2 over 1024 heaps, but under the rules of Lasker's Nim 4.(3),
 * of 4.(2) or of 0.(7) the test must refuse them; under 4.(7)'s own
 * rules it certifies them. (Under 4.(6) it certifies them too, rightly:
 * the test assumes the table holds the rules' values, and past it taking
 * the whole heap adds nothing to the 0 that two equal heaps give.)
 */
static void
test_checks_not_table(void **state)
{
    static const char *codes[] = {"4.(3)", "4.(2)", "0.(7)", "4.(7)"};
    uint16_t *g = malloc(1024 * sizeof *g);
    (void)state;
    assert_non_null(g);
    for (uint64_t n = 0; n < 1024; n++) {
        g[n] = (uint16_t)(n < 2 ? n : 2 * n - 2);
    }
    for (size_t i = 0; i < 4; i++) {
        repcode c;
        sgseq *s;
        uint64_t need;
        rep_parse(&c, codes[i]);
        s = rep_seq(&c);
        assert_non_null(s);
        need = sgseq_arith3_check(s, g, 1024, 2, 1, 1);
        if ((need != 0) != (i == 3)) {
            fail_msg("octal:%s: %s", codes[i],
                     need ? "certified the values of octal:4.(7)"
                          : "refused its own values");
        }
        sgseq_free(s);
    }
    free(g);
}

/*
 * A free removal's exclusion matters: the values of A (certified, with
 * the candidate n0, p, 2^m read from them) pass every other check under
 * B's rules (B's options are
 * rich enough for every witness), and only a free configuration of B
 * that reaches the predicted value refuses them. A test that skipped
 * that exclusion certifies each of these (found by a search over random
 * pairs of codes with exactly that mutation).
 */
static void
test_free_exclusion(void **state)
{
    static const struct {
        const char *a, *b;
        uint64_t n0, p;
        unsigned m;
    } pairs[] = {
        {"4.(d)", "4.8(bd)", 6, 4, 2},
        {"0.(18)", "0.(e)", 12, 9, 2},
        {"8.(da)", "0.(fb)", 2, 2, 1},
        {"4.0(b8)", "4.(c3)", 1, 12, 3},
    };
    (void)state;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        repcode a, b;
        sgseq *sa, *sb;
        uint64_t v, len, p, n0;
        uint16_t *g;
        grundy_error err;
        rep_parse(&a, pairs[i].a);
        rep_parse(&b, pairs[i].b);
        sa = rep_seq(&a);
        sb = rep_seq(&b);
        assert_true(sa != NULL && sb != NULL);
        assert_int_equal(sgseq_value(sa, 4095, &env_default, &v, &err),
                         GRUNDY_OK);
        assert_true(sgseq_certified(sa, &p, &n0));
        len = sgseq_length(sa);
        g = malloc((size_t)len * sizeof *g);
        assert_non_null(g);
        sgseq_get_values(sa, 0, (size_t)len, g);
        if (sgseq_arith3_check(sb, g, len, pairs[i].n0, pairs[i].p,
                               pairs[i].m) != 0) {
            fail_msg("the values of %s certified under the rules of %s",
                     pairs[i].a, pairs[i].b);
        }
        free(g);
        sgseq_free(sa);
        sgseq_free(sb);
    }
}

/* The periodicity test reads as far as its theorem needs: hex:0.(5)
 * (take all, or leave two heaps) has G(n) = 1 from heap 1; its
 * configurations reach delta = 2 (a removal of 1 leaving two heaps of
 * 1), so G(n + 1) = G(n) must be read up to heap 4: certified by 5
 * values, and refused when heap 4 breaks the run (a table that follows
 * the rules no further than heap 3 proves nothing). */
static void
test_period_reads_enough(void **state)
{
    repcode c;
    uint16_t *g = malloc(1024 * sizeof *g);
    sgseq *s;
    (void)state;
    assert_non_null(g);
    rep_parse(&c, "0.(5)");
    s = rep_seq(&c);
    assert_non_null(s);
    for (uint64_t n = 0; n < 1024; n++) {
        g[n] = (uint16_t)(n != 0);
    }
    assert_int_equal(sgseq_split_period_check(s, g, 1024, 1, 1), 5);
    g[4] = 2;
    assert_int_equal(sgseq_split_period_check(s, g, 1024, 1, 1), 0);
    sgseq_free(s);
    free(g);
}

/* hex:8.(1) (take all, or split a heap in three without removing) shows
 * no period over 2048 values: it is not certified and gives no witness. */
static void
test_not_certified(void **state)
{
    repcode c;
    uint64_t p, n0, v, k, parts[3];
    unsigned np;
    grundy_error err;
    sgseq *s;
    (void)state;
    rep_parse(&c, "8.(1)");
    s = rep_seq(&c);
    assert_non_null(s);
    assert_int_equal(sgseq_value(s, 2047, &env_default, &v, &err),
                     GRUNDY_OK);
    assert_false(sgseq_certified(s, &p, &n0));
    assert_false(sgseq_arith3_option(s, 2047, 0, &k, parts, &np));
    sgseq_free(s);
}

/*
 * Rings of certified repeating codes that split, past the direct scans
 * (4096 stones): a cut leaves one row, so the ring is not worth the heap;
 * its value comes from runs of the period's values (octal_ring.c). Against
 * the definition: the mex of the rows every cut leaves (their values from
 * the certified table, which the tests above hold to the rules), alone
 * and beside a row; the move shown is a legal cut to a position of value
 * 0.
 */
static void
test_big_rings(void **state)
{
    static const char *specs[] = {
        "octal:0.(6)", "hex:0.(a)",  "octal:0.4(3)", "hex:0.(1c)",
        "octal:0.(26)", "hex:0.(e)", "octal:0.1(6)", "hex:0.(3c)",
        "hex:0.(5)",   "octal:0.(45)",
    };
    fixture *f = *state;
    unsigned char *seen = malloc(1u << 16);
    assert_non_null(seen);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        repcode c;
        sgseq *s;
        uint64_t g[5200];
        grundy_error err;
        rep_parse(&c, strchr(specs[i], ':') + 1);
        s = rep_seq(&c);
        assert_non_null(s);
        for (uint64_t n = 0; n < 5200; n++) {
            assert_int_equal(sgseq_value(s, n, &env_default, &g[n], &err),
                             GRUNDY_OK);
        }
        for (uint64_t n = 4097; n < 5200; n += 37) {
            char text[96];
            uint64_t want, got, row = n % 50 + 1, m;
            const char *mv;
            memset(seen, 0, 1u << 16);
            for (uint64_t k = 1; k <= n; k++) {
                unsigned d = rep_digit(&c, k);
                if ((d & 2u) && k < n) {
                    seen[g[n - k]] = 1;
                }
                if ((d & 1u) && k == n) {
                    seen[0] = 1;
                }
            }
            for (want = 0; seen[want]; want++) {
            }
            snprintf(text, sizeof text, "%s @%llu", specs[i],
                     (unsigned long long)n);
            fixture_solve_ok(f, text, 0);
            assert_true(grundy_result_sg(f->res, &got));
            if (got != want) {
                fail_msg("%s: %llu, the definition gives %llu", text,
                         (unsigned long long)got, (unsigned long long)want);
            }
            /* Beside a row: the nim-sum, and a winning move of value 0. */
            snprintf(text, sizeof text, "%s @%llu %llu", specs[i],
                     (unsigned long long)n, (unsigned long long)row);
            fixture_solve_ok(f, text, 0);
            assert_true(grundy_result_sg(f->res, &got));
            assert_true(got == (want ^ g[row]));
            if (got == 0) {
                continue;
            }
            assert_int_equal(grundy_result_move_count(f->res), 1);
            mv = grundy_result_move_position(f->res, 0);
            if (strstr(grundy_result_move_explain(f->res, 0), "ring") !=
                NULL) {
                /* The ring cut to row m (or nothing), the row kept. */
                unsigned long long a = 0, b = 0;
                int nn = sscanf(mv + strlen(specs[i]), "%llu %llu", &a, &b);
                m = nn == 2 ? a : 0;
                assert_true(nn == 2 || (nn == 1 && a == row));
                assert_true(m == 0 ? (rep_digit(&c, n) & 1u) != 0
                                   : (rep_digit(&c, n - m) & 2u) != 0);
                assert_true(g[m] == g[row]);
            }
        }
        sgseq_free(s);
    }
    free(seen);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_certified_vs_rules),
        cmocka_unit_test(test_witnesses),
        cmocka_unit_test(test_random_codes),
        cmocka_unit_test(test_checks_not_table),
        cmocka_unit_test(test_free_exclusion),
        cmocka_unit_test(test_period_reads_enough),
        cmocka_unit_test(test_not_certified),
        cmocka_unit_test_setup_teardown(test_big_rings, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
