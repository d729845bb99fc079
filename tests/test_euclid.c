/*
 * test_euclid.c - Euclid's game against the literal definition (subtract
 * every positive multiple of the smaller number from the larger, leaving
 * it >= 0; mex and win/lose recursion): values on every pair up to
 * 300x300, outcomes and every winning move (--all), misere, sums, 64-bit
 * pairs against Cole and Davie's rule, published losing pairs, errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NE 301 /* pairs 0..300 */

static uint16_t G[NE][NE];
static unsigned char M[NE][NE]; /* misere: 1 if the mover wins */
static int filled;

/* Options of (a, b): (a - k b, b) for 1 <= k <= a / b when a >= b > 0,
 * and (a, b - k a) when b >= a > 0 (both when a == b). Each has a smaller
 * sum, so pairs are filled by increasing a + b. */
static void
brute_fill(void)
{
    static uint64_t opts[2 * NE];
    if (filled) {
        return;
    }
    for (unsigned s = 0; s < 2 * NE - 1; s++) {
        for (unsigned a = 0; a < NE && a <= s; a++) {
            unsigned b = s - a;
            size_t n = 0;
            int win = 0;
            if (b >= NE) {
                continue;
            }
            if (a >= b && b > 0) {
                for (unsigned k = 1; k * b <= a; k++) {
                    opts[n++] = G[a - k * b][b];
                    win |= !M[a - k * b][b];
                }
            }
            if (b >= a && a > 0) {
                for (unsigned k = 1; k * a <= b; k++) {
                    opts[n++] = G[a][b - k * a];
                    win |= !M[a][b - k * a];
                }
            }
            G[a][b] = (uint16_t)brute_mex(opts, n);
            M[a][b] = (unsigned char)(n == 0 ? 1 : win);
        }
    }
    filled = 1;
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

/* 1 when (c, d) is an option of (a, b) by the rules. */
static int
is_option(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    if (d == b && a >= b && b > 0 && c < a && (a - c) % b == 0) {
        return 1;
    }
    return c == a && b >= a && a > 0 && d < b && (b - d) % a == 0;
}

/* The options --all lists: a pair is a position up to its order, so an
 * option is listed once, (d, c) left out when (c, d) comes first and is
 * an option too (only an equal pair has two such: 5,5 leaves 0,5, not
 * again 5,0). */
static int
listed_option(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    if (!is_option(a, b, c, d)) {
        return 0;
    }
    return !(d < c && is_option(a, b, d, c));
}

/* Every value up to 300x300 through the public value call. */
static void
test_values(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    brute_fill();
    assert_int_equal(grundy_game_parse(f->ctx, "euclid", 6, &game, &err),
                     GRUNDY_OK);
    for (uint64_t a = 0; a < NE; a++) {
        for (uint64_t b = 0; b < NE; b++) {
            uint64_t v[2] = {a, b}, g;
            assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                             GRUNDY_OK);
            if (g != G[a][b]) {
                fail_msg("G(%llu,%llu) = %llu, definition %u",
                         (unsigned long long)a, (unsigned long long)b,
                         (unsigned long long)g, G[a][b]);
            }
        }
    }
    grundy_game_free(game);
}

/* Outcome, value and exactly the winning moves, normal and misere. */
static void
test_small_pairs(void **state)
{
    fixture *f = *state;
    char text[64];
    brute_fill();
    for (unsigned a = 0; a < 90; a++) {
        for (unsigned b = 0; b < 90; b++) {
            for (int mis = 0; mis < 2; mis++) {
                uint64_t sg;
                snprintf(text, sizeof text, "euclid %u,%u", a, b);
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                              (mis ? GRUNDY_MISERE : 0));
                assert_int_equal(grundy_result_win(f->res),
                                 mis ? M[a][b] : G[a][b] != 0);
                if (!mis) {
                    assert_true(grundy_result_sg(f->res, &sg) &&
                                sg == G[a][b]);
                }
                (void)fixture_check_pair_moves(f, a, b, mis, lost,
                                               listed_option);
            }
        }
    }
}

/* A pair beside a nim heap: value the XOR, and with --all exactly the
 * winning moves; misere sums of two pairs by the exhaustive search,
 * against a search written here. */
static int
mis2(unsigned a, unsigned b, unsigned c, unsigned d)
{
    static signed char memo[16][16][16][16];
    signed char *m = &memo[a][b][c][d];
    unsigned p[4] = {a, b, c, d};
    int any = 0;
    if (*m != 0) {
        return *m > 0;
    }
    for (unsigned pair = 0; pair < 2; pair++) {
        unsigned x = p[2 * pair], y = p[2 * pair + 1];
        for (unsigned nx = 0; nx <= x; nx++) {
            for (unsigned ny = 0; ny <= y; ny++) {
                unsigned q[4];
                if (!is_option(x, y, nx, ny)) {
                    continue;
                }
                memcpy(q, p, sizeof q);
                q[2 * pair] = nx;
                q[2 * pair + 1] = ny;
                any = 1;
                if (!mis2(q[0], q[1], q[2], q[3])) {
                    *m = 1;
                    return 1;
                }
            }
        }
    }
    *m = any ? -1 : 1; /* misere: no move, the mover wins */
    return *m > 0;
}

static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 9;
    char text[96];
    brute_fill();
    for (int t = 0; t < 3000; t++) {
        unsigned a = (unsigned)brute_below(&seed, 120);
        unsigned b = (unsigned)brute_below(&seed, 120);
        unsigned h = (unsigned)brute_below(&seed, 8);
        fixture_check_pair_nim(f, "euclid", a, b, h, value,
                               listed_option);
    }
    for (int t = 0; t < 400; t++) {
        unsigned p[4];
        for (int i = 0; i < 4; i++) {
            p[i] = (unsigned)brute_below(&seed, 16);
        }
        snprintf(text, sizeof text, "euclid %u,%u %u,%u", p[0], p[1], p[2],
                 p[3]);
        fixture_solve_ok(f, text, GRUNDY_MISERE);
        assert_int_equal(grundy_result_win(f->res),
                         mis2(p[0], p[1], p[2], p[3]));
    }
}

/* Cole and Davie, written here in 128-bit integers: with a >= b > 0 the
 * mover wins iff a == b or a/b > phi, i.e. a^2 > ab + b^2. */
static int
cole_davie(uint64_t a, uint64_t b)
{
    __extension__ typedef unsigned __int128 u128;
    uint64_t hi = a > b ? a : b, lo = a > b ? b : a;
    u128 ab, rhs;
    if (lo == 0) {
        return 0;
    }
    /* ab + b^2 may pass 2^128 (then it exceeds a^2 < 2^128). */
    ab = (u128)hi * lo;
    rhs = ab + (u128)lo * lo;
    return hi == lo || (rhs >= ab && (u128)hi * hi > rhs);
}

/* 64-bit pairs: the outcome by Cole and Davie, the value non-zero
 * exactly on wins, the move legal and leaving a loss (re-solved). */
static void
test_big_pairs(void **state)
{
    fixture *f = *state;
    uint64_t seed = 23;
    char text[96], after[96];
    static const uint64_t edge[][2] = {
        {UINT64_MAX, UINT64_MAX - 1}, {UINT64_MAX, 2},
        {12200160415121876738u, 7540113804746346429u}, /* F93, F92 */
        {7540113804746346429u, 4660046610375530309u},
        {(uint64_t)1 << 63, 3}, {UINT64_MAX - 1, 1}};
    for (int t = 0; t < 4000; t++) {
        uint64_t a, b, sg, c, d;
        if (t < (int)(sizeof edge / sizeof edge[0])) {
            a = edge[t][0];
            b = edge[t][1];
        } else {
            a = brute_rand(&seed) >> brute_below(&seed, 64);
            b = t % 3 == 0 ? a - (a >> (1 + brute_below(&seed, 8)))
                           : brute_rand(&seed) >> brute_below(&seed, 64);
        }
        for (int mis = 0; mis < 2; mis++) {
            int win;
            snprintf(text, sizeof text, "euclid %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
            fixture_solve_ok(f, text, mis ? GRUNDY_MISERE : 0);
            win = grundy_result_win(f->res);
            if (!mis) {
                assert_int_equal(win, cole_davie(a, b));
                assert_true(grundy_result_sg(f->res, &sg));
                assert_int_equal(sg != 0, win);
            }
            if (!win || (mis && (a == 0 || b == 0))) {
                continue;
            }
            snprintf(after, sizeof after, "%s",
                     grundy_result_move_position(f->res, 0));
            fixture_read_pair(after, &c, &d);
            assert_true(is_option(a, b, c, d));
            fixture_solve_ok(f, after, mis ? GRUNDY_MISERE : 0);
            assert_false(grundy_result_win(f->res));
        }
    }
}

/* Published: Cole and Davie's losing pairs b < a < phi b, among them
 * the consecutive Fibonacci numbers whose ratio is below phi (3/2, 8/5,
 * 21/13, 144/89); winning ones a > phi b (2/1, 5/3, 13/8) or a == b. */
static void
test_published(void **state)
{
    fixture *f = *state;
    static const char *lose[] = {"euclid 3,2", "euclid 4,3", "euclid 5,8",
                                 "euclid 13,21", "euclid 7,5", "euclid 0,5",
                                 "euclid 89,144", "euclid 0,0"};
    static const char *win[] = {"euclid 2,1", "euclid 5,3", "euclid 7,4",
                                "euclid 4,4", "euclid 144,88", "euclid 8,13",
                                "euclid 13,21000"};
    for (size_t i = 0; i < sizeof lose / sizeof lose[0]; i++) {
        fixture_solve_ok(f, lose[i], 0);
        assert_false(grundy_result_win(f->res));
    }
    for (size_t i = 0; i < sizeof win / sizeof win[0]; i++) {
        fixture_solve_ok(f, win[i], 0);
        assert_true(grundy_result_win(f->res));
    }
    fixture_solve_ok(f, "euclid 17,5", 0);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "subtract 2 x 5 from 17 in pair 1 (17,5 -> 7,5)");
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "euclid 7,5");
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    assert_int_equal(fixture_solve(f, "euclid 3", 0, &err),
                     GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "pair"));
    assert_int_equal(fixture_solve(f, "euclid 3,4,5", 0, &err),
                     GRUNDY_EPOSITION);
    assert_int_equal(grundy_game_parse(f->ctx, "euclid:1", 8, &game, &err),
                     GRUNDY_ESPEC);
    /* Worth 2^64 - 1, the solver's "any value": refused in a sum. */
    assert_int_equal(fixture_solve(f, "euclid 18446744073709551615,1 + "
                                      "nim 1", 0, &err), GRUNDY_ELIMIT);
    /* Too many options for the misere search to list. */
    assert_int_equal(fixture_solve(f, "euclid 100000000,1 2,1",
                                   GRUNDY_MISERE, &err), GRUNDY_ELIMIT);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_values, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_small_pairs, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_pairs, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_published, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
