/*
 * test_wythoff.c - Wythoff's game against a literal search of the rules
 * (every move from one pile or both, mex and win/lose recursion), the
 * exact floor(j*phi) against its defining inequality and the float traps,
 * the row certificate against long brute rows, 64-bit boundaries.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"
#include "intmath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 40     /* brute-force pairs a, b < NB */
#define ROWS 12   /* long brute rows 0..ROWS-1 ... */
#define COLS 1500 /* ... of COLS columns */

static uint64_t G[NB][NB];
static int M[NB][NB]; /* misere: 1 if the mover wins */
static uint64_t *LR;  /* LR[a * COLS + b]: long rows */

static void
brute_fill(void)
{
    for (unsigned a = 0; a < NB; a++) {
        for (unsigned b = 0; b < NB; b++) {
            uint64_t opts[3 * NB];
            size_t n = 0;
            int win = 0, moved = 0;
            for (unsigned x = 0; x < a; x++) {
                opts[n++] = G[x][b];
                win |= !M[x][b];
            }
            for (unsigned x = 0; x < b; x++) {
                opts[n++] = G[a][x];
                win |= !M[a][x];
            }
            for (unsigned t = 1; t <= a && t <= b; t++) {
                opts[n++] = G[a - t][b - t];
                win |= !M[a - t][b - t];
            }
            moved = n > 0;
            G[a][b] = brute_mex(opts, n);
            M[a][b] = moved ? win : 1;
        }
    }
}

/* Rows 0..ROWS-1 for columns 0..COLS-1 by the rules: every option of
 * (a, b) lies in a lower row or to the left in row a. */
static void
brute_long_rows(void)
{
    uint64_t *opts = malloc((COLS + 2 * ROWS) * sizeof *opts);
    LR = malloc((size_t)ROWS * COLS * sizeof *LR);
    assert_non_null(opts);
    assert_non_null(LR);
    for (unsigned a = 0; a < ROWS; a++) {
        for (unsigned b = 0; b < COLS; b++) {
            size_t n = 0;
            for (unsigned x = 0; x < a; x++) {
                /* (x, b) with x < a: row x, column b. */
                opts[n++] = LR[x * COLS + b];
            }
            for (unsigned x = 0; x < b; x++) {
                opts[n++] = LR[a * COLS + x];
            }
            for (unsigned t = 1; t <= a && t <= b; t++) {
                opts[n++] = LR[(a - t) * COLS + (b - t)];
            }
            LR[a * COLS + b] = brute_mex(opts, n);
        }
    }
    free(opts);
}


/* Whether (c, d) is lost, for fixture_check_pair_moves. */
static int
lost(unsigned c, unsigned d, int misere)
{
    return misere ? !M[c][d] : G[c][d] == 0;
}

/* G of the pair, for fixture_check_pair_nim. */
static uint64_t
value(unsigned a, unsigned b)
{
    return G[a][b];
}

static int
legal(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    return (c == a && d < b) || (d == b && c < a) ||
           (c < a && d < b && a - c == b - d);
}

/* Every pair below NB: outcome, value, all winning moves, both plays. */
static void
test_small_pairs(void **state)
{
    fixture *f = *state;
    char text[64];
    brute_fill();
    for (unsigned a = 0; a < NB; a++) {
        for (unsigned b = 0; b < NB; b++) {
            for (int mis = 0; mis < 2; mis++) {
                size_t want;
                uint64_t sg;
                int win = mis ? M[a][b] : G[a][b] != 0;
                snprintf(text, sizeof text, "wythoff %u,%u", a, b);
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES | (mis ? GRUNDY_MISERE
                                                          : 0));
                assert_int_equal(grundy_result_win(f->res), win);
                assert_true(grundy_result_sg(f->res, &sg) && sg == G[a][b]);
                want = fixture_check_pair_moves(f, a, b, mis, lost, legal);
                assert_true(want <= 3 + (unsigned)mis * 3);
            }
        }
    }
}

/* floor(j phi) checked by its definition 2f - j < j sqrt5 < 2f + 2 - j,
 * squared in 128 bits (valid for j < 2^62), and against the slow exact
 * form for every j; the double and long double traps. */
static void
test_floor_phi(void **state)
{
    uint64_t seed = 99;
    (void)state;
    for (int t = 0; t < 200000; t++) {
        uint64_t j = brute_rand(&seed) >> brute_below(&seed, 64);
        im_u128 f = im_floor_phi(j);
        assert_true(f == im_floor_phi_slow(j));
        if (j < ((uint64_t)1 << 62) && j > 0) {
            im_u128 lo = 2 * f - j, hi = 2 * f + 2 - j;
            im_u128 five = (im_u128)5 * j * j;
            assert_true(lo * lo < five && five < hi * hi);
        }
        assert_true(im_floor_inv_phi(f + 1) <= j + 1);
    }
    assert_true(im_floor_phi(102334155) == 165580140);
    assert_true(im_floor_phi(4807526976ULL) == 7778742048ULL);
    assert_true(im_floor_phi(0) == 0 && im_floor_phi(1) == 1);
    assert_true(im_floor_phi(UINT64_MAX) == im_floor_phi_slow(UINT64_MAX));
    assert_true(im_isqrt128(~(im_u128)0) == UINT64_MAX);
    assert_true(im_isqrt128((im_u128)UINT64_MAX * UINT64_MAX) ==
                UINT64_MAX);
    assert_true(im_isqrt128((im_u128)UINT64_MAX * UINT64_MAX - 1) ==
                UINT64_MAX - 1);
}

static void
check_outcome(fixture *f, uint64_t a, uint64_t b, int win)
{
    char text[96];
    snprintf(text, sizeof text, "wythoff %llu,%llu", (unsigned long long)a,
             (unsigned long long)b);
    fixture_solve_ok(f, text, 0);
    assert_int_equal(grundy_result_win(f->res), win);
    snprintf(text, sizeof text, "wythoff %llu,%llu", (unsigned long long)b,
             (unsigned long long)a);
    fixture_solve_ok(f, text, 0);
    assert_int_equal(grundy_result_win(f->res), win);
}

static void
test_traps(void **state)
{
    fixture *f = *state;
    static const uint64_t js[] = {102334155, 4807526976ULL, 1, 2, 3};
    check_outcome(f, 233, 377, 1);
    check_outcome(f, 232, 376, 0);
    for (size_t i = 0; i < sizeof js / sizeof js[0]; i++) {
        uint64_t a = (uint64_t)im_floor_phi(js[i]), b = a + js[i];
        check_outcome(f, a, b, 0);
        check_outcome(f, a + 1, b, 1);
        check_outcome(f, a - 1, b, 1);
        check_outcome(f, a, b + 1, 1);
        check_outcome(f, a, b - 1, 1);
        check_outcome(f, a + 1, b + 1, 1);
    }
}

/* Random 64-bit pairs and P-pairs: every reported move is legal and leaves
 * a loss; P-pairs lose and a sample of their options wins. */
static void
test_big_pairs(void **state)
{
    fixture *f = *state;
    uint64_t seed = 5;
    char text[96], after[96];
    static const uint64_t edge[][2] = {
        {0, 0}, {0, UINT64_MAX}, {UINT64_MAX, UINT64_MAX},
        {(uint64_t)1 << 63, (uint64_t)1 << 63}, {1, UINT64_MAX},
        {UINT64_MAX - 1, UINT64_MAX}, {(uint64_t)1 << 63, UINT64_MAX},
        {11400714819323198485ULL, UINT64_MAX}};
    for (int t = 0; t < 3000; t++) {
        uint64_t a, b;
        if (t < (int)(sizeof edge / sizeof edge[0])) {
            a = edge[t][0];
            b = edge[t][1];
        } else if (t % 2) {
            /* Tiny or huge piles (values of medium pairs are tabled in
             * test_values; here the outcome is what is checked). */
            a = brute_rand(&seed) >> (t % 3 ? brute_below(&seed, 20) : 58);
            b = brute_rand(&seed) >> (t % 5 ? brute_below(&seed, 20) : 59);
        } else {
            uint64_t j = brute_rand(&seed) >> (1 + brute_below(&seed, 24));
            a = (uint64_t)im_floor_phi(j);
            b = a + j;
        }
        for (int mis = 0; mis < 2; mis++) {
            snprintf(text, sizeof text, "wythoff %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
            fixture_solve_ok(f, text, GRUNDY_ALL_MOVES | (mis ? GRUNDY_MISERE : 0));
            if (!grundy_result_win(f->res)) {
                /* Options of a loss win: pile 1, pile 2, both. */
                uint64_t x = 1 + brute_rand(&seed) % 1000;
                if (a >= x) {
                    check_outcome(f, a - x, b, 1);
                }
                if (b >= x) {
                    check_outcome(f, a, b - x, 1);
                }
                if (a >= x && b >= x && !mis) {
                    check_outcome(f, a - x, b - x, 1);
                }
                continue;
            }
            assert_true(a + b == 0 || grundy_result_move_count(f->res) >= 1);
            for (size_t i = 0; i < grundy_result_move_count(f->res); i++) {
                uint64_t c, d;
                snprintf(after, sizeof after, "%s",
                         grundy_result_move_position(f->res, i));
                fixture_read_pair(after, &c, &d);
                assert_true(legal(a, b, c, d));
                fixture_solve_ok(f, after, mis ? GRUNDY_MISERE : 0);
                assert_false(grundy_result_win(f->res));
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                      (mis ? GRUNDY_MISERE : 0));
            }
        }
    }
}

/* Values: the first rows for 1500 columns (the solver reaches the far
 * columns through its certificate), rows 0..2 in closed form for 64-bit
 * columns (docs/theory.md 5). */
static void
test_values(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    assert_int_equal(grundy_game_parse(f->ctx, "wythoff", 7, &game, &err),
                     GRUNDY_OK);
    brute_long_rows();
    for (uint64_t a = 0; a < ROWS; a++) {
        for (uint64_t b = 0; b < COLS; b++) {
            uint64_t v[2] = {a, b}, w[2] = {b, a}, g;
            assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                             GRUNDY_OK);
            assert_true(g == LR[a * COLS + b]);
            assert_int_equal(grundy_component_value(game, w, 2, &g, &err),
                             GRUNDY_OK);
            assert_true(g == LR[a * COLS + b]);
        }
    }
    free(LR);
    for (uint64_t b = UINT64_MAX - 3000; b < UINT64_MAX - 2; b++) {
        uint64_t v[2] = {0, b}, g;
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == b);
        v[0] = 1;
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == (b % 3 == 2 ? b - 2 : b + 1));
        v[0] = 2;
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == (b % 3 == 0 ? b + 2 : b - 1));
    }
    {
        /* 2^64 - 1 = 0 mod 3: row 1's value would be 2^64. */
        uint64_t v[2] = {1, UINT64_MAX}, g;
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_ELIMIT);
        assert_non_null(strstr(err.message, "larger than"));
    }
    grundy_game_free(game);
}

/* Rows 0..31 (the certified ones) over 6000 columns, past the periods the
 * solver certifies (rows 16: from 708 with period 96; rows 32: from 4453
 * with period 768): the mex of the options' values, each row's own values
 * kept as a set and its least missing value as the start of the scan. */
#define CROWS 32
#define CCOLS 6000
static void
test_certified_rows(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    size_t vmax = CCOLS + 2 * CROWS + 2;
    uint32_t *g = malloc((size_t)CROWS * CCOLS * sizeof *g);
    unsigned char *seen = calloc((size_t)CROWS * vmax, 1);
    unsigned char *mark = calloc(vmax, 1);
    size_t low[CROWS] = {0};
    assert_non_null(g);
    assert_non_null(seen);
    assert_non_null(mark);
    for (uint32_t b = 0; b < CCOLS; b++) {
        for (uint32_t a = 0; a < CROWS; a++) {
            size_t v;
            /* Options: (x, b) for x < a, (a, x) for x < b (in seen),
             * (a - t, b - t). */
            for (uint32_t x = 0; x < a; x++) {
                mark[g[(size_t)x * CCOLS + b]] = 1;
            }
            for (uint32_t t = 1; t <= a && t <= b; t++) {
                mark[g[(size_t)(a - t) * CCOLS + (b - t)]] = 1;
            }
            v = low[a];
            while (seen[(size_t)a * vmax + v] || mark[v]) {
                v++;
            }
            g[(size_t)a * CCOLS + b] = (uint32_t)v;
            for (uint32_t x = 0; x < a; x++) {
                mark[g[(size_t)x * CCOLS + b]] = 0;
            }
            for (uint32_t t = 1; t <= a && t <= b; t++) {
                mark[g[(size_t)(a - t) * CCOLS + (b - t)]] = 0;
            }
            seen[(size_t)a * vmax + v] = 1;
            while (seen[(size_t)a * vmax + low[a]]) {
                low[a]++;
            }
        }
    }
    assert_int_equal(grundy_game_parse(f->ctx, "wythoff", 7, &game, &err),
                     GRUNDY_OK);
    for (uint64_t a = 0; a < CROWS; a++) {
        for (uint64_t b = 0; b < CCOLS; b++) {
            uint64_t v[2] = {a, b}, sg;
            assert_int_equal(grundy_component_value(game, v, 2, &sg, &err),
                             GRUNDY_OK);
            assert_true(sg == g[a * CCOLS + b]);
        }
    }
    grundy_game_free(game);
    free(g);
    free(seen);
    free(mark);
}

/* Sums with a nim heap: XOR of brute values; --all complete. */
static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 11;
    brute_fill();
    for (int t = 0; t < 2000; t++) {
        unsigned a = (unsigned)brute_below(&seed, 20);
        unsigned b = (unsigned)brute_below(&seed, 20);
        unsigned h = (unsigned)brute_below(&seed, 40);
        fixture_check_pair_nim(f, "wythoff", a, b, h, value, legal);
    }
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    assert_int_equal(fixture_solve(f, "wythoff 1,2,3", 0, &err), GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "pair"));
    assert_int_equal(fixture_solve(f, "wythoff 7", 0, &err), GRUNDY_EPOSITION);
    assert_int_equal(grundy_game_parse(f->ctx, "wythoff:2", 9, &game, &err),
                     GRUNDY_ESPEC);
    assert_int_equal(fixture_solve(f, "wythoff 1000000000000,2000000000000 + nim 1",
                           0, &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "only the outcome"));
    assert_int_equal(fixture_solve(f, "wythoff 1000000000000,2000000000000", 0,
                           &err), GRUNDY_OK);
    assert_int_equal(fixture_solve(f, "wythoff 3,1000000000000 + nim 1", 0, &err),
                     GRUNDY_OK);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_small_pairs, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_floor_phi),
        cmocka_unit_test_setup_teardown(test_traps, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_pairs, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_values, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_certified_rows, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
