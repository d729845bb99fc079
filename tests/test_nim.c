/*
 * test_nim.c - nim and bounded, alone and mixed, normal and misere: the
 * solver's outcome, value and every winning move against a literal game
 * tree search that knows nothing of XOR or residues.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXH 4      /* heaps in a random position */
#define MAXN 8      /* heaps are 0..MAXN-1 */
#define NSTATES 4096 /* MAXN^MAXH */

/* A small position: heap i has size n[i] and take limit m[i] (0: nim). */
typedef struct small {
    int k;
    unsigned m[MAXH];
    unsigned n[MAXH];
} small;

static signed char memo[2][NSTATES];

static unsigned
encode(const unsigned *n, int k)
{
    unsigned code = 0;
    for (int i = 0; i < k; i++) {
        code = code * MAXN + n[i];
    }
    return code;
}

/* 1 if the player to move wins, by the rules only: try every move. In
 * misere play a player with no move has just seen the last move made, so
 * wins. */
static int
brute_win(small *s, int misere)
{
    unsigned code = encode(s->n, s->k);
    int win = 0, moved = 0;
    if (memo[misere][code] >= 0) {
        return memo[misere][code];
    }
    for (int i = 0; i < s->k && !win; i++) {
        unsigned orig = s->n[i];
        for (unsigned take = 1; take <= orig && !win; take++) {
            if (s->m[i] != 0 && take > s->m[i]) {
                break;
            }
            moved = 1;
            s->n[i] = orig - take;
            win = !brute_win(s, misere);
            s->n[i] = orig;
        }
    }
    if (!moved) {
        win = misere;
    }
    memo[misere][code] = (signed char)win;
    return win;
}

/* Grundy value of one heap by the definition: mex of the options. */
static uint64_t
brute_value(unsigned m, unsigned n)
{
    uint64_t opts[MAXN];
    size_t k = 0;
    for (unsigned take = 1; take <= n && (m == 0 || take <= m); take++) {
        opts[k++] = brute_value(m, n - take);
    }
    return brute_mex(opts, k);
}

static void
small_text(const small *s, const unsigned *n, char *buf, size_t cap)
{
    size_t at = 0;
    for (int i = 0; i < s->k; i++) {
        if (s->m[i] == 0) {
            at += (size_t)snprintf(buf + at, cap - at, "%snim %u",
                                   i > 0 ? " + " : "", n[i]);
        } else {
            at += (size_t)snprintf(buf + at, cap - at, "%sbounded:%u %u",
                                   i > 0 ? " + " : "", s->m[i], n[i]);
        }
    }
}

/* The heaps of a "nim a + bounded:m b ..." text, as given by the solver. */
static void
read_heaps(const char *text, unsigned *n, int k)
{
    int i = 0;
    const char *p = text;
    while (i < k) {
        while (*p == ' ' || *p == '+') {
            p++;
        }
        p = strchr(p, ' ');
        assert_non_null(p);
        n[i++] = (unsigned)strtoul(p + 1, (char **)&p, 10);
    }
    assert_string_equal(p, "");
}

/* Distinct positions one legal move from s that the mover wins with. */
static int
count_winning_moves(small *s, int misere)
{
    int count = 0;
    for (int i = 0; i < s->k; i++) {
        unsigned orig = s->n[i];
        /* Moves on two equal components are two moves (interface:
         * `--all nim 1 1 1` lists three): each component counts. */
        for (unsigned take = 1; take <= orig; take++) {
            if (s->m[i] != 0 && take > s->m[i]) {
                break;
            }
            s->n[i] = orig - take;
            count += !brute_win(s, misere);
            s->n[i] = orig;
        }
    }
    return count;
}

/* Checks that `after` is one legal move from s and leaves a loss. */
static void
check_move(small *s, const char *after, int misere)
{
    unsigned n[MAXH];
    int changed = -1;
    small t = *s;
    read_heaps(after, n, s->k);
    for (int i = 0; i < s->k; i++) {
        if (n[i] != s->n[i]) {
            assert_int_equal(changed, -1);
            changed = i;
            assert_true(n[i] < s->n[i]);
            if (s->m[i] != 0) {
                assert_true(s->n[i] - n[i] <= s->m[i]);
            }
        }
    }
    assert_true(changed >= 0);
    memcpy(t.n, n, sizeof n);
    assert_false(brute_win(&t, misere));
}

static void
solve_text(grundy_ctx *ctx, const char *text, unsigned flags,
           grundy_result *res)
{
    grundy_position *pos = grundy_position_new();
    grundy_error err;
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, flags, res, &err), GRUNDY_OK);
    grundy_position_free(pos);
}

static void
check_random_positions(int misere)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_result *res = grundy_result_new();
    uint64_t seed = misere ? 0x9e3779b97f4a7c15u : 0x2545f4914f6cdd1du;
    char text[256];

    for (int trial = 0; trial < 3000; trial++) {
        small s;
        uint64_t sg, want_sg = 0;
        int win;
        s.k = 1 + (int)brute_below(&seed, MAXH);
        for (int i = 0; i < s.k; i++) {
            s.m[i] = (unsigned)brute_below(&seed, 5); /* 0 = nim */
            s.n[i] = (unsigned)brute_below(&seed, MAXN);
            want_sg ^= brute_value(s.m[i], s.n[i]);
        }
        memset(memo, -1, sizeof memo);
        win = brute_win(&s, misere);
        small_text(&s, s.n, text, sizeof text);

        solve_text(ctx, text, misere ? GRUNDY_MISERE : 0, res);
        assert_int_equal(grundy_result_win(res), win);
        assert_true(grundy_result_sg(res, &sg));
        assert_true(sg == want_sg);
        /* A misere win may be a position with no move left. */
        assert_int_equal(grundy_result_move_count(res),
                         win && count_winning_moves(&s, misere) > 0);
        if (grundy_result_move_count(res) > 0) {
            check_move(&s, grundy_result_move_position(res, 0), misere);
        }

        solve_text(ctx, text, GRUNDY_ALL_MOVES | (misere ? GRUNDY_MISERE : 0),
                   res);
        assert_int_equal((int)grundy_result_move_count(res),
                         count_winning_moves(&s, misere));
        for (size_t i = 0; i < grundy_result_move_count(res); i++) {
            check_move(&s, grundy_result_move_position(res, i), misere);
            for (size_t j = 0; j < i; j++) {
                assert_string_not_equal(grundy_result_move_position(res, i),
                                        grundy_result_move_position(res, j));
            }
        }
    }
    grundy_result_free(res);
    grundy_ctx_free(ctx);
}

static void
test_random_normal(void **state)
{
    (void)state;
    check_random_positions(0);
}

static void
test_random_misere(void **state)
{
    (void)state;
    check_random_positions(1);
}

/* docs/theory.md 1: taking one from 16 wins in bounded:1 16 7 28 4 although it
 * raises that heap's value; --all must find it. */
static void
test_all_moves_include_value_raising(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_result *res = grundy_result_new();
    int found = 0;
    (void)state;
    solve_text(ctx, "bounded:1 16 7 28 4", GRUNDY_ALL_MOVES, res);
    assert_true(grundy_result_win(res));
    for (size_t i = 0; i < grundy_result_move_count(res); i++) {
        found |= strcmp(grundy_result_move_position(res, i),
                        "bounded:1 15 7 28 4") == 0;
    }
    assert_true(found);
    grundy_result_free(res);
    grundy_ctx_free(ctx);
}

/* Closed forms at the 64-bit edges: no overflow in n mod (M+1). */
static void
test_edges(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_result *res = grundy_result_new();
    uint64_t sg;
    (void)state;
    solve_text(ctx, "bounded:18446744073709551615 18446744073709551615", 0,
               res);
    assert_true(grundy_result_win(res));
    assert_true(grundy_result_sg(res, &sg));
    assert_true(sg == UINT64_MAX);
    assert_string_equal(grundy_result_move_position(res, 0),
                        "bounded:18446744073709551615 0");
    solve_text(ctx, "nim 18446744073709551615 18446744073709551615", 0, res);
    assert_false(grundy_result_win(res));
    solve_text(ctx, "nim 9223372036854775808 1", 0, res);
    assert_string_equal(grundy_result_move_explain(res, 0),
                        "take 9223372036854775807 from heap 1 "
                        "(9223372036854775808 -> 1)");
    solve_text(ctx, "bounded:18446744073709551614 18446744073709551615", 0,
               res);
    assert_true(grundy_result_sg(res, &sg));
    assert_true(sg == 0);
    assert_false(grundy_result_win(res));
    grundy_result_free(res);
    grundy_ctx_free(ctx);
}

/* Seed example: bounded take with M = 3 loses exactly at multiples of 4. */
static void
test_bounded_losing_heaps(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_result *res = grundy_result_new();
    char text[64];
    (void)state;
    for (unsigned n = 0; n < 200; n++) {
        snprintf(text, sizeof text, "bounded:3 %u", n);
        solve_text(ctx, text, 0, res);
        assert_int_equal(grundy_result_win(res), n % 4 != 0);
    }
    grundy_result_free(res);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_normal),
        cmocka_unit_test(test_random_misere),
        cmocka_unit_test(test_all_moves_include_value_raising),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_bounded_losing_heaps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
