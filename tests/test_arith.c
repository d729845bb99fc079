/*
 * test_arith.c - the arithmetic-periodicity test (docs/theory.md 3b) for
 * codes with a repeating group whose moves leave at most one heap: the
 * values it certifies against a reference written from the rules (every
 * k, mex) on thousands of heaps, published regularity of all-but
 * subtraction games, known periods, huge heaps and rings answered by
 * reduction with legal winning moves, and refusal where it does not apply.
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

#define REF_LEN 2500   /* heaps 0..REF_LEN-1 in the reference */

/* A code 0.d1..dm(e1..er) as digits: d(k) for k >= 1. */
typedef struct code {
    unsigned fin[8];   /* d1..dm */
    size_t nfin;
    unsigned grp[4];   /* e1..er */
    size_t ngrp;
    char spec[64];
} code;

static unsigned
digit(const code *c, uint64_t k)
{
    size_t i;
    if (k == 0) {
        return 0;
    }
    if (k <= c->nfin) {
        i = (size_t)(k - 1) % (sizeof c->fin / sizeof c->fin[0]);
        return c->fin[i];   /* i = k - 1: nfin is at most 8 */
    }
    i = (size_t)((k - 1 - c->nfin) % c->ngrp);
    return c->grp[i % (sizeof c->grp / sizeof c->grp[0])];
}

static void
code_spec(code *c)
{
    char *p = c->spec;
    p += sprintf(p, "octal:0.");
    for (size_t i = 0; i < c->nfin; i++) {
        *p++ = (char)('0' + c->fin[i]);
    }
    *p++ = '(';
    for (size_t i = 0; i < c->ngrp; i++) {
        *p++ = (char)('0' + c->grp[i]);
    }
    *p++ = ')';
    *p = '\0';
}

/* A code from its text "0.d1..dm(e1..er)" (octal digits 0-3 only). */
static void
code_parse(code *c, const char *text)
{
    const char *p = text + 2;
    memset(c, 0, sizeof *c);
    while (*p != '(') {
        c->fin[c->nfin++] = (unsigned)(*p++ - '0');
    }
    for (p++; *p != ')'; p++) {
        c->grp[c->ngrp++] = (unsigned)(*p - '0');
    }
    code_spec(c);
}

/* 1 when heap n may move to heap m < n: take all (bit 1 of d(n)) for
 * m = 0, take n - m leaving one heap (bit 2 of d(n - m)) for m >= 1. */
static int
reaches(const code *c, uint64_t n, uint64_t m)
{
    return m == 0 ? (digit(c, n) & 1u) != 0 : (digit(c, n - m) & 2u) != 0;
}

/* G(0..len) from the rules, literally: every k, then mex. */
static void
reference(const code *c, uint64_t *g, size_t len)
{
    static uint64_t vals[REF_LEN];
    for (size_t n = 0; n < len; n++) {
        size_t no = 0;
        for (size_t m = 0; m < n; m++) {
            if (reaches(c, n, m)) {
                vals[no++] = g[m];
            }
        }
        g[n] = brute_mex(vals, no);
    }
}

static grundy_game *
parse(fixture *f, const char *spec)
{
    grundy_game *game;
    grundy_error err;
    assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &game,
                                       &err), GRUNDY_OK);
    return game;
}

static uint64_t
value(grundy_game *game, uint64_t n)
{
    grundy_error err;
    uint64_t v = 0;
    if (grundy_component_value(game, &n, 1, &v, &err) != GRUNDY_OK) {
        fail_msg("heap %llu: %s", (unsigned long long)n, err.message);
    }
    return v;
}

/*
 * The certified values of the code against the reference on heaps 0 ..
 * REF_LEN - 1, asked from the top down: once certified from a short
 * table, the heaps above it come from the reduction G(n) = G(n - kp) +
 * ks. Returns 1 when a period was certified (its p, n0 and s in *per).
 */
static int
check_code(fixture *f, const code *c, grundy_period *per)
{
    static uint64_t g[REF_LEN];
    grundy_game *game = parse(f, c->spec);
    grundy_error err;
    grundy_status st;
    int found;

    reference(c, g, REF_LEN);
    for (uint64_t n = REF_LEN; n-- > 0;) {
        uint64_t v = value(game, n);
        if (v != g[n]) {
            fail_msg("%s heap %llu: %llu, the rules give %llu", c->spec,
                     (unsigned long long)n, (unsigned long long)v,
                     (unsigned long long)g[n]);
        }
    }
    /* Not every such code is arithmetic-periodic: 0.112(330) has G(n +
     * 6) = G(n) + 2 except G = 0 at n = 3 mod 6, which no saltus
     * describes; its search ends when values leave the 16-bit tables. */
    st = grundy_game_period(game, per, &err);
    if (st == GRUNDY_ELIMIT) {
        assert_non_null(strstr(err.message, "exceeds 65535"));
        grundy_game_free(game);
        return 0;
    }
    assert_int_equal(st, GRUNDY_OK);
    found = per->found;
    if (found) {
        /* The relation itself, on the reference, from n0 on; and a
         * certificate from far fewer values than were checked. */
        for (uint64_t n = per->preperiod; n + per->period < REF_LEN; n++) {
            assert_int_equal(g[n + per->period], g[n] + per->saltus);
        }
        assert_true(per->preperiod == 0 ||
                    g[per->preperiod - 1 + per->period] !=
                        g[per->preperiod - 1] + per->saltus);
        assert_true(per->certified > 0 && per->certified < REF_LEN / 4);
        assert_non_null(per->theorem);
        assert_true(per->saltus <= per->period);
    }
    grundy_game_free(game);
    return found;
}

/* Random codes whose moves leave at most one heap (digits 0-3), with a
 * repeating group, against the rules; most must certify. Codes where a
 * candidate read from a short table is wrong are among them (0.3(20),
 * 0.2322(12), 0.2(20): without condition (c2) of the test they certify
 * G(n + 1) = G(n) + 1 from a table of 16 values, which later fails). */
static void
test_arith_vs_rules(void **state)
{
    fixture *f = *state;
    static const char *fixed[] = {
        "0.3(20)", "0.2322(12)", "0.2(20)", "0.1(3)", "0.0(3)", "0.(2)",
        "0.(03)", "0.(1)", "0.(30)", "0.33(1)", "0.(123)", "0.12(3)",
    };
    size_t nfixed = sizeof fixed / sizeof fixed[0];
    uint64_t rng = 11;
    int certified = 0, trials = 0;
    for (size_t t = 0; t < nfixed + 60; t++) {
        code c;
        grundy_period per;
        if (t < nfixed) {
            code_parse(&c, fixed[t]);
        } else {
            memset(&c, 0, sizeof c);
            c.nfin = (size_t)brute_below(&rng, 5);
            for (size_t i = 0; i < c.nfin; i++) {
                c.fin[i] = (unsigned)brute_below(&rng, 4);
            }
            c.ngrp = 1 + (size_t)brute_below(&rng, 3);
            for (size_t i = 0; i < c.ngrp; i++) {
                c.grp[i] = (unsigned)brute_below(&rng, 4);
            }
            if (c.grp[0] == 0 && (c.ngrp == 1 || c.grp[1] == 0) &&
                (c.ngrp < 3 || c.grp[2] == 0)) {
                continue;   /* a group of zeros: a finite code */
            }
            code_spec(&c);
        }
        trials++;
        certified += check_code(f, &c, &per);
    }
    /* Every fixed code certifies; most random ones (the rest have long
     * periods or preperiods). */
    assert_true(certified >= (int)nfixed + 40);
    assert_true(certified <= trials);
}

/* Known periods, and values at the top of the 64-bit range. */
static void
test_arith_known(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *spec;
        uint64_t p, n0, s, certified;
        uint64_t top;   /* G(2^64 - 1) */
    } known[] = {
        /* G(n) = ceil(n / 2): take 1 only as the last stone, else any. */
        {"octal:0.1(3)", 2, 0, 1, 7, UINT64_C(1) << 63},
        /* All-but {1}: G(n) = floor(n / 2). */
        {"octal:0.0(3)", 2, 0, 1, 7, (UINT64_C(1) << 63) - 1},
        /* Never take a whole heap: G(n) = n - 1 for n >= 1. */
        {"octal:0.(2)", 1, 1, 1, 4, UINT64_MAX - 1},
        /* Take an even number: G(n) = floor(n / 2). */
        {"octal:0.(03)", 2, 0, 1, 6, (UINT64_C(1) << 63) - 1},
        /* The same digits in hexadecimal. */
        {"hex:0.(03)", 2, 0, 1, 6, (UINT64_C(1) << 63) - 1},
        /* Take an odd number: G(n) = n mod 2, an ordinary period. */
        {"octal:0.(30)", 2, 0, 0, 6, 1},
        /* Take all only: G(n) = 1 for n >= 1. */
        {"octal:0.(1)", 1, 1, 0, 4, 1},
    };
    grundy_error err;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        grundy_game *game = parse(f, known[i].spec);
        grundy_period per;
        assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
        assert_int_equal(per.found, 1);
        assert_int_equal(per.period, known[i].p);
        assert_int_equal(per.preperiod, known[i].n0);
        assert_int_equal(per.saltus, known[i].s);
        assert_int_equal(per.certified, known[i].certified);
        assert_string_equal(per.theorem, SGSEQ_ARITH_THEOREM);
        assert_int_equal(value(game, UINT64_MAX), known[i].top);
        grundy_game_free(game);
    }
}

/*
 * Published regularity: a subtraction game whose set is every positive
 * integer except a finite set X (an "all-but" game: digit 0 at each k in
 * X, 3 elsewhere) is arithmetic-periodic (A. Siegel, 2005), and from heap
 * 0 on when |X| <= 2 (A. Siegel) or |X| = 3 (Sleator and Slusky,
 * arXiv:1201.3299): every such X within 1..7 certifies with n0 = 0, and
 * its values agree with the rules.
 */
static void
test_arith_all_but(void **state)
{
    fixture *f = *state;
    int count = 0;
    for (unsigned x = 1; x < 128; x++) {
        code c;
        grundy_period per;
        unsigned bits = 0, top = 0;
        for (unsigned k = 0; k < 7; k++) {
            if (x >> k & 1u) {
                bits++;
                top = k + 1;
            }
        }
        if (bits > 3) {
            continue;
        }
        memset(&c, 0, sizeof c);
        c.nfin = top;
        for (unsigned k = 1; k <= top; k++) {
            c.fin[k - 1] = x >> (k - 1) & 1u ? 0u : 3u;
        }
        c.grp[0] = 3;
        c.ngrp = 1;
        code_spec(&c);
        assert_int_equal(check_code(f, &c, &per), 1);
        if (per.preperiod != 0) {
            fail_msg("%s: n0 = %llu, but |X| <= 3 makes it purely "
                     "arithmetic-periodic", c.spec,
                     (unsigned long long)per.preperiod);
        }
        count++;
    }
    assert_int_equal(count, 7 + 21 + 35);
}

/* The heap (or ring) numbers of a position text after its game. */
static size_t
numbers(const char *text, size_t skip, uint64_t *out, int *ring)
{
    const char *p = text + skip;
    size_t n = 0;
    while (*p != '\0') {
        char *end;
        while (*p == ' ') {
            p++;
        }
        ring[n] = *p == '@';
        p += ring[n];
        out[n] = strtoull(p, &end, 10);
        assert_true(end != p);
        p = end;
        n++;
        assert_true(n <= 2);
    }
    return n;
}

/*
 * Huge heaps and rings of certified codes: the outcome follows the
 * values, and the winning move is legal (one component moved, by a
 * removal its digit allows) and leaves a position of value 0. A ring has
 * the moves of the heap (a cut leaves one row), so the same value.
 */
static void
test_arith_huge(void **state)
{
    fixture *f = *state;
    static const char *codes[] = {"0.1(3)", "0.3(20)", "0.(123)",
                                  "0.12(3)", "0.(30)", "0.0(3)"};
    uint64_t rng = 17;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        code c;
        grundy_game *game;
        code_parse(&c, codes[i]);
        game = parse(f, c.spec);
        for (uint64_t n = 0; n < 300; n++) {
            char text[96];
            uint64_t v;
            snprintf(text, sizeof text, "%s @%llu", c.spec,
                     (unsigned long long)n);
            fixture_solve_ok(f, text, 0);
            assert_true(grundy_result_sg(f->res, &v));
            assert_int_equal(v, value(game, n));
        }
        for (int t = 0; t < 300; t++) {
            uint64_t a = brute_rand(&rng) >> brute_below(&rng, 64);
            uint64_t b = brute_rand(&rng) >> brute_below(&rng, 64);
            uint64_t ga = value(game, a), gb = value(game, b), h[2], x = 0;
            int ring[2], aring = t % 2;
            char text[128];
            size_t nh;
            snprintf(text, sizeof text, "%s %s%llu %llu", c.spec,
                     aring ? "@" : "", (unsigned long long)a,
                     (unsigned long long)b);
            fixture_solve_ok(f, text, 0);
            assert_true(ga <= a && gb <= b);
            assert_int_equal(grundy_result_win(f->res), ga != gb);
            if (ga == gb) {
                continue;
            }
            nh = numbers(grundy_result_move_position(f->res, 0),
                         strlen(c.spec), h, ring);
            /* m < a (or < b) excludes a moved component left as it was:
             * the first number is a as it was exactly when b moved. */
            if (nh == 2 && h[0] == a && ring[0] == aring) {
                assert_true(!ring[1] && h[1] < b && reaches(&c, b, h[1]));
            } else if (nh == 2) {
                assert_true(!ring[0] && h[0] < a && reaches(&c, a, h[0]));
                assert_true(!ring[1] && h[1] == b);
            } else if (h[0] == a && ring[0] == aring) {
                assert_int_equal(nh, 1);
                assert_true(reaches(&c, b, 0));
            } else {
                assert_int_equal(nh, 1);
                assert_true(!ring[0] && h[0] == b && reaches(&c, a, 0));
            }
            for (size_t j = 0; j < nh; j++) {
                x ^= value(game, h[j]);   /* a ring is worth its heap */
            }
            assert_int_equal(x, 0);
        }
        grundy_game_free(game);
    }
}

/* Every winning move of a huge heap: each legal, each of the value
 * wanted, and as many as the certified values say. */
static void
test_arith_all_moves(void **state)
{
    fixture *f = *state;
    code c;
    grundy_game *game;
    grundy_error err;
    uint64_t big = UINT64_C(1) << 62, count = 0;
    char text[96];
    code_parse(&c, "0.1(3)");
    game = parse(f, c.spec);
    /* Heap 2^62 (worth 2^61) and heap 9 (worth 5): the winning moves
     * take the big heap to value 5, heaps 9 and 10; heap 9 cannot reach
     * 2^61. */
    snprintf(text, sizeof text, "%s %llu 9", c.spec,
             (unsigned long long)big);
    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
    for (size_t i = 0; i < grundy_result_move_count(f->res); i++) {
        uint64_t h[2];
        int ring[2];
        size_t nh = numbers(grundy_result_move_position(f->res, i),
                            strlen(c.spec), h, ring);
        assert_int_equal(nh, 2);
        assert_int_equal(h[1], 9);
        assert_true(h[0] < big && reaches(&c, big, h[0]));
        assert_int_equal(value(game, h[0]), 5);
        count++;
    }
    assert_int_equal(count, 2);
    /* Every option of value 0 of heap 10^14 + 1 of 0.(30) (take an odd
     * number; G(n) = n mod 2) is an even heap: too many to list, refused
     * at once rather than attempted. */
    assert_int_equal(fixture_solve(f, "octal:0.(30) 100000000000001 0",
                                   GRUNDY_ALL_MOVES, &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many"));
    grundy_game_free(game);
}

/* Repeating groups with moves that split a heap go to the test for codes
 * that split heaps (test_arith_split.c checks its periods against the
 * rules): each is certified with its period and saltus. Groups that test
 * does not take (more than 64 digits, or starting past removal 64) have
 * no period, and a message that says why. */
static void
test_split_groups_and_refusals(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *spec;
        uint64_t p, n0, s;
    } split[] = {
        {"octal:4.(7)", 1, 2, 2}, {"hex:8.(3)", 8, 1, 8},
        {"octal:0.4(3)", 3, 3, 2}, {"octal:0.(6)", 1, 1, 1},
        {"hex:0.(8)", 3, 1, 1},
    };
    char refused[2][160];
    grundy_error err;
    for (size_t i = 0; i < sizeof split / sizeof split[0]; i++) {
        grundy_game *game = parse(f, split[i].spec);
        grundy_period per;
        assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
        assert_true(per.found && per.period == split[i].p &&
                    per.preperiod == split[i].n0 &&
                    per.saltus == split[i].s);
        assert_non_null(strstr(per.theorem, "split heaps"));
        grundy_game_free(game);
    }
    /* octal:0.(44...4), 65 digits; octal:0.00...0(4), the group from 65. */
    strcpy(refused[0], "octal:0.(");
    memset(refused[0] + 9, '4', 65);
    strcpy(refused[0] + 74, ")");
    strcpy(refused[1], "octal:0.");
    memset(refused[1] + 8, '0', 64);
    strcpy(refused[1] + 72, "(4)");
    for (size_t i = 0; i < 2; i++) {
        grundy_game *game = parse(f, refused[i]);
        grundy_period per;
        assert_int_equal(grundy_game_period(game, &per, &err),
                         GRUNDY_EUNSUPPORTED);
        assert_non_null(strstr(err.message, "no theorem"));
        assert_non_null(strstr(err.message, "at most 64 digits"));
        grundy_game_free(game);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_arith_vs_rules, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arith_known, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arith_all_but, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arith_huge, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_arith_all_moves, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_split_groups_and_refusals,
                                        fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
