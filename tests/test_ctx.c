/*
 * test_ctx.c - the context's game cache: tables survive a stream of
 * other specs (closed forms never push them out), the least recently used
 * table game is the one that leaves, the tables kept stay within the
 * memory limit, and a Wythoff table is kept across lines.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "family.h"

#include <stdio.h>
#include <string.h>

static grundy_game *
game(grundy_ctx *ctx, const char *spec)
{
    grundy_game *g = NULL;
    grundy_error err;
    if (grundy_game_parse(ctx, spec, strlen(spec), &g, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", spec, err.message);
    }
    return g;
}

/* Bytes of tables the cached game for spec holds (parsing it again
 * returns the cached game when there is one, else a fresh one). */
static size_t
held(grundy_ctx *ctx, const char *spec)
{
    grundy_game *g = game(ctx, spec);
    size_t bytes = g->family->footprint(g);
    grundy_game_free(g);
    return bytes;
}

/* Computes heap n's value (growing the game's table to n). */
static void
grow(grundy_ctx *ctx, const char *spec, uint64_t n)
{
    grundy_game *g = game(ctx, spec);
    uint64_t sg;
    grundy_error err;
    assert_int_equal(grundy_component_value(g, &n, 1, &sg, &err), GRUNDY_OK);
    grundy_game_free(g);
}

/* A fresh game holds almost nothing; one asked about heap 20000 holds
 * its table of at least 2 bytes a heap. */
#define FRESH_MAX 4096
#define GROWN_MIN 40000

static void
test_tables_survive_many_closed_forms(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    (void)state;
    grow(ctx, "octal:0.1337", 20000);
    assert_true(held(ctx, "octal:0.1337") >= GROWN_MIN);
    /* 2000 distinct closed-form specs: the old cache (64 specs, cleared
     * when full) dropped the table after 63 of them. */
    for (int k = 1; k <= 2000; k++) {
        char spec[32];
        snprintf(spec, sizeof spec, "bounded:%d", k);
        grundy_game_free(game(ctx, spec));
    }
    assert_true(held(ctx, "octal:0.1337") >= GROWN_MIN);
    grundy_ctx_free(ctx);
}

static void
test_least_recently_used_leaves_first(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    char spec[32];
    (void)state;
    /* 70 table games, each grown: 64 fit. */
    for (int k = 2; k < 72; k++) {
        snprintf(spec, sizeof spec, "sub:1,%d", k);
        grow(ctx, spec, 20000);
        /* The first one is asked for all the time: it stays. */
        assert_true(held(ctx, "sub:1,2") >= GROWN_MIN);
    }
    /* sub:1,3 .. sub:1,8 were the least recently used: gone, one at a
     * time; the 63 newest and sub:1,2 are kept. */
    for (int k = 9; k < 72; k++) {
        snprintf(spec, sizeof spec, "sub:1,%d", k);
        assert_true(held(ctx, spec) >= GROWN_MIN);
    }
    assert_true(held(ctx, "sub:1,2") >= GROWN_MIN);
    for (int k = 3; k < 9; k++) {
        snprintf(spec, sizeof spec, "sub:1,%d", k);
        assert_true(held(ctx, spec) < FRESH_MAX);
    }
    grundy_ctx_free(ctx);
}

static void
test_tables_kept_within_the_memory_limit(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    (void)state;
    grundy_ctx_set_memory_limit(ctx, (size_t)380 << 10);
    grow(ctx, "octal:0.6", 60000);
    grow(ctx, "grundy", 60000);
    assert_true(held(ctx, "octal:0.6") >= 100000);
    assert_true(held(ctx, "grundy") >= 100000);
    /* Each holds about 130 KB; with a third, together over 380 KiB: the
     * least recently used one (octal:0.6) goes, and only it. */
    grow(ctx, "octal:0.16", 60000);
    grow(ctx, "sub:1,2,3", 10);
    assert_true(held(ctx, "grundy") >= 100000);
    assert_true(held(ctx, "octal:0.16") >= 100000);
    assert_true(held(ctx, "octal:0.6") < FRESH_MAX);
    grundy_ctx_free(ctx);
}

static void
test_wythoff_table_kept_across_lines(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    size_t before;
    (void)state;
    for (int line = 0; line < 3; line++) {
        static const char text[] = "wythoff 38,100000";
        char spec[32];
        assert_int_equal(grundy_position_parse(ctx, pos, NULL, text,
                                               sizeof text - 1, NULL),
                         GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, NULL), GRUNDY_OK);
        /* Other games between the lines. */
        for (int k = 1; k <= 100; k++) {
            snprintf(spec, sizeof spec, "bounded:%d", k);
            grundy_game_free(game(ctx, spec));
        }
        grundy_position_parse(ctx, pos, NULL, "nim 1", 5, NULL);
    }
    before = held(ctx, "wythoff");
    assert_true(before >= 100000 * sizeof(uint32_t));
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_survive_many_closed_forms),
        cmocka_unit_test(test_least_recently_used_leaves_first),
        cmocka_unit_test(test_tables_kept_within_the_memory_limit),
        cmocka_unit_test(test_wythoff_table_kept_across_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
