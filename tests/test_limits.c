/*
 * test_limits.c - the memory limit as the library applies it: a position
 * over the limit and --all move texts over it fail with GRUNDY_ELIMIT and
 * a message naming the limit, the objects stay usable; the progress
 * callback of a long computation; and the winning moves next to the value
 * 2^64 - 1 (the "any value" sentinel).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "grundy.h"

#include <stdlib.h>
#include <string.h>

/* "nim 1 2 ... n": a malloc'd text of *len bytes. */
static char *
one_to(size_t n, size_t *len)
{
    char *text = malloc(3 + 21 * n + 1);
    size_t at = 3;
    assert_non_null(text);
    memcpy(text, "nim", 3);
    for (size_t i = 1; i <= n; i++) {
        at += (size_t)sprintf(text + at, " %zu", i);
    }
    *len = at;
    return text;
}

/* "nim" and n heaps of 1: a malloc'd text of *len bytes. */
static char *
ones(size_t n, size_t *len)
{
    char *text = malloc(3 + 2 * n + 1);
    assert_non_null(text);
    memcpy(text, "nim", 3);
    for (size_t i = 0; i < n; i++) {
        text[3 + 2 * i] = ' ';
        text[4 + 2 * i] = '1';
    }
    *len = 3 + 2 * n;
    text[*len] = '\0';
    return text;
}

static void
test_limit_default_and_set(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    (void)state;
    assert_true(grundy_ctx_memory_limit(ctx) == GRUNDY_DEFAULT_MEMORY_LIMIT);
    grundy_ctx_set_memory_limit(ctx, 12345);
    assert_true(grundy_ctx_memory_limit(ctx) == 12345);
    grundy_ctx_free(ctx);
}

/* 10^5 heaps need about 4 MB of arrays: refused under a 1 MiB limit with
 * a message that names it; the same position object then parses a small
 * position, and the big one once the limit is raised. */
static void
test_position_over_limit(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_error err;
    size_t len;
    char *text = ones(100000, &len);
    (void)state;
    grundy_ctx_set_memory_limit(ctx, (size_t)1 << 20);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "position too large"));
    assert_non_null(strstr(err.message, "memory limit of 1 MiB"));
    /* Which limit, as data; the advice (a flag) is the caller's. */
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_null(strstr(err.message, "--"));
    /* Any other error clears them (the same err reused). */
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, "nim x", 5,
                                           &err), GRUNDY_EPOSITION);
    assert_int_equal(err.limit, GRUNDY_LIMIT_NONE);
    assert_true(err.needed == 0);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, "nim 3 4", 7,
                                           &err), GRUNDY_OK);
    assert_int_equal(grundy_position_size(pos), 2);
    grundy_ctx_set_memory_limit(ctx, (size_t)64 << 20);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_position_size(pos), 100000);
    /* A lower limit later: memory already held is reused, but growing
     * beyond it is refused (what is held counts against the limit). */
    grundy_ctx_set_memory_limit(ctx, 4096);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_OK);
    free(text);
    text = ones(300000, &len);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "memory limit of 4 KiB"));
    free(text);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* --all on 2001 heaps of 1: every heap is a winning move and each move
 * repeats the whole position, about 4 KB: 2001 moves need 8 MB. */
static void
test_all_moves_over_limit(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    size_t len;
    /* XOR of 1..2001 is 1: each of the 1001 odd heaps is a winning move,
     * and each move's text is the whole 9 KB position. */
    char *text = one_to(2001, &len);
    (void)state;
    grundy_ctx_set_memory_limit(ctx, (size_t)1 << 20);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_ALL_MOVES, res, &err),
                     GRUNDY_ELIMIT);
    assert_string_equal(err.message,
                        "the winning moves need more than the memory limit "
                        "of 1 MiB to write out (one move needs less)");
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    /* One move is within the limit; every move with a larger one. */
    assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
    assert_int_equal(grundy_result_move_count(res), 1);
    grundy_ctx_set_memory_limit(ctx, (size_t)16 << 20);
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_ALL_MOVES, res, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_result_move_count(res), 1001);
    free(text);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* Found by fuzz_position: the solver asked heap 6 for its options of value
 * 6 ^ X = 2^64 - 1, the "any value" sentinel, and listed all six as
 * winning. Only the heap 2^64 - 1 has a winning move here. */
static void
test_sentinel_value_is_not_any(void **state)
{
    static const char normal[] = "nim 1 6 18446744073709551615 1";
    static const char misere[] = "nim 18446744073709551615 3";
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    (void)state;
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, normal,
                                           strlen(normal), &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_ALL_MOVES, res, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_result_move_count(res), 1);
    assert_string_equal(grundy_result_move_position(res, 0), "nim 1 6 6 1");
    /* Misere: the others XOR to 2^64 - 1 for the heap 3. */
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, misere,
                                           strlen(misere), &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_ALL_MOVES | GRUNDY_MISERE,
                                  res, &err), GRUNDY_OK);
    assert_int_equal(grundy_result_move_count(res), 1);
    assert_string_equal(grundy_result_move_position(res, 0), "nim 3 3");
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

typedef struct progress_log {
    int calls;
    uint64_t last, total;
    int monotone;
} progress_log;

static void
on_progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    progress_log *log = user;
    assert_non_null(what);
    log->monotone &= done > log->last && done <= total;
    log->calls++;
    log->last = done;
    log->total = total;
}

/* A table of 200000 values reports its progress, counting up to the heap
 * asked; without a callback nothing is called (and nothing breaks). */
static void
test_progress_reported(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *game;
    grundy_error err;
    progress_log log = {0, 0, 0, 1};
    uint64_t n = 200000, sg, again;
    (void)state;
    grundy_ctx_set_progress(ctx, on_progress, &log);
    assert_int_equal(grundy_game_parse(ctx, "octal:0.6", 9, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value(game, &n, 1, &sg, &err),
                     GRUNDY_OK);
    assert_true(log.calls >= 2);
    assert_true(log.monotone);
    assert_true(log.total >= n && log.last <= log.total);
    grundy_game_free(game);
    grundy_ctx_free(ctx);
    /* The same value in a context nobody listens to. */
    ctx = grundy_ctx_new();
    assert_int_equal(grundy_game_parse(ctx, "octal:0.6", 9, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value(game, &n, 1, &again, &err),
                     GRUNDY_OK);
    assert_true(again == sg);
    grundy_game_free(game);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit_default_and_set),
        cmocka_unit_test(test_position_over_limit),
        cmocka_unit_test(test_all_moves_over_limit),
        cmocka_unit_test(test_sentinel_value_is_not_any),
        cmocka_unit_test(test_progress_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
