/*
 * test_misere.c - the exhaustive misere search (used where no misere rule
 * is known) against the misere Nim rule on nim/bounded sums, which
 * test_nim checks against a literal game-tree search; and its bound.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "misere.h"

#include <stdio.h>
#include <string.h>

static void
parse(grundy_ctx *ctx, grundy_position *pos, const char *text)
{
    grundy_error err;
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, strlen(text),
                                           &err), GRUNDY_OK);
}

/* Runs the search directly on pos, all moves into res, skipping the
 * components flagged in repeats (NULL: none). */
static grundy_status
search(const grundy_position *pos, const unsigned char *repeats,
       grundy_result *res, int all, int *win, grundy_error *err)
{
    move_sink sink = {res, pos, all, 0, NULL, NULL, SIZE_MAX, NULL, 0, 0};
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *none = grundy_position_new();
    /* Reset res through a trivial solve, then search. */
    parse(ctx, none, "nim 1 1");
    assert_int_equal(grundy_solve(ctx, none, 0, res, err), GRUNDY_OK);
    grundy_position_free(none);
    grundy_ctx_free(ctx);
    return misere_search(pos, repeats, &sink, win, err);
}

static void
test_search_matches_misere_nim_rule(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *rule = grundy_result_new();
    grundy_result *found = grundy_result_new();
    uint64_t seed = 777;
    grundy_error err;
    (void)state;
    for (int trial = 0; trial < 1500; trial++) {
        char text[128];
        size_t at = 0;
        int k = 1 + (int)brute_below(&seed, 4), win;
        unsigned ms[4], ns[4];
        unsigned char twin[4] = {0};
        for (int i = 0; i < k; i++) {
            unsigned m = (unsigned)brute_below(&seed, 4);
            unsigned n = (unsigned)brute_below(&seed, 7);
            /* --all lists the moves of a twin of an earlier component
             * (same game, same size) once: the search is told so. */
            ms[i] = m;
            ns[i] = n;
            for (int j = 0; j < i; j++) {
                twin[i] |= ms[j] == m && ns[j] == n;
            }
            at += (size_t)(m == 0
                ? snprintf(text + at, sizeof text - at, "%snim %u",
                           i > 0 ? " + " : "", n)
                : snprintf(text + at, sizeof text - at, "%sbounded:%u %u",
                           i > 0 ? " + " : "", m, n));
        }
        parse(ctx, pos, text);
        assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE |
                                      GRUNDY_ALL_MOVES, rule, &err),
                         GRUNDY_OK);
        assert_int_equal(search(pos, twin, found, 1, &win, &err), GRUNDY_OK);
        assert_int_equal(win, grundy_result_win(rule));
        assert_int_equal(grundy_result_move_count(found),
                         grundy_result_move_count(rule));
        for (size_t i = 0; i < grundy_result_move_count(found); i++) {
            int same = 0;
            for (size_t j = 0; j < grundy_result_move_count(rule); j++) {
                same |= strcmp(grundy_result_move_position(found, i),
                               grundy_result_move_position(rule, j)) == 0;
            }
            assert_true(same);
        }
    }
    grundy_result_free(found);
    grundy_result_free(rule);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* Past the documented bound the search stops with a message, no guess. */
static void
test_search_bound(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    int win = -1;
    (void)state;
    parse(ctx, pos, "nim 60 61 62 63 64");
    assert_int_equal(search(pos, NULL, res, 0, &win, &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "200000 positions"));
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_matches_misere_nim_rule),
        cmocka_unit_test(test_search_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
