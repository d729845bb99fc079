/*
 * test_ferguson.c - Ferguson's game against a literal search of the rules
 * (empty one box, split the other every way; mex and win/lose recursion):
 * values, outcomes, every winning move, misere, sums, 64-bit boxes.
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

#define NF 64 /* brute-force boxes 1..NF-1 */

static uint64_t G[NF][NF];
static int M[NF][NF]; /* misere: 1 if the mover wins */

/* Options of (a, b): (x, n - x) for n in {a, b}, 1 <= x < n. Pairs are
 * filled by increasing a + b, and every option has a smaller sum. */
static void
brute_fill(void)
{
    for (unsigned s = 2; s < 2 * NF; s++) {
        for (unsigned a = 1; a < NF && a < s; a++) {
            unsigned b = s - a;
            uint64_t opts[2 * NF];
            size_t n = 0;
            int win = 0;
            if (b >= NF) {
                continue;
            }
            for (int box = 0; box < 2; box++) {
                unsigned m = box ? b : a;
                for (unsigned x = 1; x < m; x++) {
                    opts[n++] = G[x][m - x];
                    win |= !M[x][m - x];
                }
            }
            G[a][b] = brute_mex(opts, n);
            M[a][b] = n == 0 ? 1 : win;
        }
    }
}


static void
read_pair(const char *s, uint64_t *a, uint64_t *b)
{
    char *end;
    s = strchr(s, ' ');
    assert_non_null(s);
    *a = strtoull(s + 1, &end, 10);
    assert_int_equal(*end, ',');
    *b = strtoull(end + 1, &end, 10);
}

static void
test_small_pairs(void **state)
{
    fixture *f = *state;
    char text[64];
    brute_fill();
    for (unsigned a = 1; a < NF; a++) {
        for (unsigned b = 1; b < NF; b++) {
            for (int mis = 0; mis < 2; mis++) {
                size_t want = 0;
                uint64_t sg;
                int win = mis ? M[a][b] : G[a][b] != 0;
                snprintf(text, sizeof text, "ferguson %u,%u", a, b);
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                      (mis ? GRUNDY_MISERE : 0));
                assert_int_equal(grundy_result_win(f->res), win);
                assert_true(grundy_result_sg(f->res, &sg) && sg == G[a][b]);
                /* Distinct resulting pairs: with a == b both boxes split
                 * into the same pairs, and x + y is the split y + x. */
                for (int box = 0; box < (a == b ? 1 : 2); box++) {
                    unsigned m = box ? b : a;
                    for (unsigned x = 1; x <= m - x; x++) {
                        want += mis ? !M[x][m - x] : G[x][m - x] == 0;
                    }
                }
                assert_int_equal(grundy_result_move_count(f->res), want);
                for (size_t i = 0; i < want; i++) {
                    uint64_t c, d;
                    read_pair(grundy_result_move_position(f->res, i), &c,
                              &d);
                    assert_true(c >= 1 && d >= 1 &&
                                (c + d == a || c + d == b));
                    assert_true(mis ? !M[c][d] : G[c][d] == 0);
                }
            }
        }
    }
}

static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 3;
    char text[96];
    brute_fill();
    for (int t = 0; t < 2000; t++) {
        unsigned a = 1 + (unsigned)brute_below(&seed, 40);
        unsigned b = 1 + (unsigned)brute_below(&seed, 40);
        unsigned h = (unsigned)brute_below(&seed, 8);
        uint64_t x = G[a][b] ^ h, sg;
        size_t want = 0;
        snprintf(text, sizeof text, "ferguson %u,%u + nim %u", a, b, h);
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        for (int box = 0; box < (a == b ? 1 : 2); box++) {
            unsigned m = box ? b : a;
            for (unsigned y = 1; y <= m - y; y++) {   /* y + x is x + y */
                want += G[y][m - y] == h;
            }
        }
        want += G[a][b] < h;
        assert_int_equal(grundy_result_move_count(f->res), want);
    }
}

/* 64-bit boxes: outcome by parity (both odd lose), the move given is a
 * legal split leaving a loss; misere by the solver's own re-check. */
static void
test_big_boxes(void **state)
{
    fixture *f = *state;
    uint64_t seed = 17;
    char text[96], after[96];
    static const uint64_t edge[][2] = {
        {1, 1}, {1, UINT64_MAX}, {UINT64_MAX, UINT64_MAX},
        {(uint64_t)1 << 63, 1}, {(uint64_t)1 << 63, (uint64_t)1 << 63},
        {UINT64_MAX - 1, 2}, {2, 2}};
    for (int t = 0; t < 2000; t++) {
        uint64_t a, b;
        if (t < (int)(sizeof edge / sizeof edge[0])) {
            a = edge[t][0];
            b = edge[t][1];
        } else {
            a = 1 + (brute_rand(&seed) >> brute_below(&seed, 64));
            b = 1 + (brute_rand(&seed) >> brute_below(&seed, 64));
            a = a == 0 ? 1 : a;
            b = b == 0 ? 1 : b;
        }
        for (int mis = 0; mis < 2; mis++) {
            snprintf(text, sizeof text, "ferguson %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
            fixture_solve_ok(f, text, mis ? GRUNDY_MISERE : 0);
            if (!mis) {
                assert_int_equal(grundy_result_win(f->res),
                                 !((a & 1) && (b & 1)));
            }
            if (!grundy_result_win(f->res) ||
                grundy_result_move_count(f->res) == 0) {
                assert_true(!grundy_result_win(f->res) ||
                            (mis && a == 1 && b == 1));
                continue;
            }
            {
                uint64_t c, d;
                snprintf(after, sizeof after, "%s",
                         grundy_result_move_position(f->res, 0));
                read_pair(after, &c, &d);
                assert_true(c >= 1 && d >= 1);
                assert_true(c + d == a || c + d == b);
                fixture_solve_ok(f, after, mis ? GRUNDY_MISERE : 0);
                assert_false(grundy_result_win(f->res));
            }
        }
    }
}

/* The value closed form against the brute table, through the public
 * value call. */
static void
test_values(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    brute_fill();
    assert_int_equal(grundy_game_parse(f->ctx, "ferguson", 8, &game, &err),
                     GRUNDY_OK);
    for (uint64_t a = 1; a < NF; a++) {
        for (uint64_t b = 1; b < NF; b++) {
            uint64_t v[2] = {a, b}, g;
            assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                             GRUNDY_OK);
            assert_true(g == G[a][b]);
        }
    }
    {
        uint64_t v[2] = {UINT64_MAX, (uint64_t)1 << 63}, g;
        /* (2^64-2) | (2^63-1) has all 64 bits set: value 64. */
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == 64);
        v[1] = 2; /* 0xff..fe | 1: all ones again */
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == 64);
        v[1] = 3; /* 0xff..fe | 2: bit 0 clear */
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_OK);
        assert_true(g == 0);
    }
    grundy_game_free(game);
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    assert_int_equal(fixture_solve(f, "ferguson 0,3", 0, &err), GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "at least 1"));
    assert_int_equal(fixture_solve(f, "ferguson 3", 0, &err), GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "pair"));
    assert_int_equal(grundy_game_parse(f->ctx, "ferguson:1", 10, &game,
                                       &err), GRUNDY_ESPEC);
    /* Too many winning moves to list from a huge even box. */
    assert_int_equal(fixture_solve(f, "ferguson 1000000000000,3", GRUNDY_ALL_MOVES,
                           &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many"));
    assert_int_equal(fixture_solve(f, "ferguson 1000000000000,3", 0, &err),
                     GRUNDY_OK);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "empty box 2 and split box 1 of pair 1: "
                        "1000000000000 -> 999999999999 + 1 "
                        "(1000000000000,3 -> 999999999999,1)");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_small_pairs, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_boxes, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_values, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
