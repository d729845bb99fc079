/*
 * test_ctx.c - the context's game cache: tables survive a stream of
 * other specs (closed forms never push them out), the least recently used
 * table game is the one that leaves, the tables kept stay within the
 * memory limit, and a Wythoff table is kept across lines; contexts
 * sharing one --memory (the command's threads) stay within it together,
 * and refuse only what their own limit refuses.
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
 * its table of at least a byte a heap (the compact table: 1 byte a
 * value and 1/8 for each bit plane past 8 bits). */
#define FRESH_MAX 4096
#define GROWN_MIN 20000

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
    grundy_ctx_set_memory_limit(ctx, (size_t)270 << 10);
    grow(ctx, "octal:0.6", 60000);
    grow(ctx, "grundy", 60000);
    assert_true(held(ctx, "octal:0.6") >= 60000);
    assert_true(held(ctx, "grundy") >= 60000);
    /* Each holds 64 to 87 KB (a byte a value, Officers' and Grundy's
     * game's bit plane, the rare lists); a third, while its table grows
     * (the old and the new room at once), takes them over 270 KiB: the
     * least recently used one (octal:0.6) goes, and only it (this holds
     * for limits of 240 to 300 KiB). */
    grow(ctx, "octal:0.16", 60000);
    grow(ctx, "sub:1,2,3", 10);
    assert_true(held(ctx, "grundy") >= 60000);
    assert_true(held(ctx, "octal:0.16") >= 60000);
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

/* One line on ctx, parsed and solved as the command does; the status. */
static grundy_status
line(grundy_ctx *ctx, const char *text, grundy_error *err)
{
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_status st;
    assert_non_null(pos);
    assert_non_null(res);
    st = grundy_position_parse(ctx, pos, NULL, text, strlen(text), err);
    if (st == GRUNDY_OK) {
        st = grundy_solve(ctx, pos, 0, res, err);
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    ctx_line_settle(ctx);
    return st;
}

#define SHARED_LIMIT ((size_t)8 << 20)

/* Bytes ctx's account holds for the other context sharing it. */
static size_t
others_hold(grundy_ctx *ctx, size_t limit)
{
    return limit - limits_room(ctx_limits(ctx));
}

/* A worker context (ctx_memory_share) charges the main context's
 * account: a line that would fit alone but not beside the tables the
 * main context keeps fails as out of memory (the command then answers
 * it on the main thread), the main context is never refused by the
 * account, a refusal by the limit itself is never other words, and
 * once the main context gives its tables back the line fits. Before the
 * account, each worker had the whole --memory of its own. fib:9000's
 * losing sequence has 322,506 terms: 2.6 MB kept, 6 MB while its array
 * doubles from 2 MB to 4 MB. */
static void
test_shared_memory_is_one_budget(void **state)
{
    grundy_ctx *main_ctx = grundy_ctx_new(), *worker = grundy_ctx_new();
    grundy_error err, alone;
    grundy_status st;
    size_t main_holds;
    (void)state;
    grundy_ctx_set_memory_limit(main_ctx, SHARED_LIMIT);
    assert_int_equal(ctx_memory_share(worker, main_ctx), 0);
    assert_int_equal(grundy_ctx_memory_limit(worker), SHARED_LIMIT);
    assert_int_equal(others_hold(worker, SHARED_LIMIT), 0);
    /* The main context keeps fib:9000's and fib:9001's sequences. */
    assert_int_equal(line(main_ctx, "fib:9000 1000 + fib:9001 1000", &err),
                     GRUNDY_OK);
    main_holds = others_hold(worker, SHARED_LIMIT);
    assert_true(main_holds >= 5000000);
    assert_int_equal(others_hold(main_ctx, SHARED_LIMIT), 0);
    /* The worker's own fib:9000 would need 6 MB beside their 5 MB. */
    assert_int_equal(line(worker, "fib:9000 1000", &err), GRUNDY_ENOMEM);
    assert_int_equal(others_hold(main_ctx, SHARED_LIMIT), 0);
    /* The main context's tables given back: the worker's line fits, and
     * the worker keeps its sequence, counted. */
    assert_true(ctx_memory_release(main_ctx) >= main_holds);
    assert_int_equal(others_hold(worker, SHARED_LIMIT), 0);
    assert_int_equal(line(worker, "fib:9000 1000", &err), GRUNDY_OK);
    assert_true(others_hold(main_ctx, SHARED_LIMIT) >= (size_t)2 << 20);
    /* Refused by the limit itself: the main context says so; the worker
     * says the same or leaves the line (its charges may pass the room
     * first: both blocks of a doubling count), never other words. (After
     * the release: the refused sequence's first doublings drop the
     * tables a context keeps, as any table being built does.) */
    assert_int_equal(line(main_ctx, "fib:100000 5", &alone), GRUNDY_ELIMIT);
    st = line(worker, "fib:100000 5", &err);
    assert_true(st == GRUNDY_ENOMEM || st == GRUNDY_ELIMIT);
    if (st == GRUNDY_ELIMIT) {
        assert_string_equal(err.message, alone.message);
        assert_int_equal(err.needed, alone.needed);
    }
    /* Freeing the worker gives it back. */
    grundy_ctx_free(worker);
    assert_int_equal(others_hold(main_ctx, SHARED_LIMIT), 0);
    grundy_ctx_free(main_ctx);
}

/* A worker keeps its tables only while they fit beside what the others
 * hold: its next line's end drops them, least recently used first. */
static void
test_worker_tables_give_way(void **state)
{
    const size_t limit = (size_t)12 << 20;
    grundy_ctx *main_ctx = grundy_ctx_new(), *worker = grundy_ctx_new();
    grundy_error err;
    size_t worker_holds, main_holds;
    (void)state;
    grundy_ctx_set_memory_limit(main_ctx, limit);
    assert_int_equal(ctx_memory_share(worker, main_ctx), 0);
    /* Two sequences of 2.6 MB, kept by the worker. */
    assert_int_equal(line(worker, "fib:9000 1000", &err), GRUNDY_OK);
    assert_int_equal(line(worker, "fib:9001 1000", &err), GRUNDY_OK);
    worker_holds = others_hold(main_ctx, limit);
    assert_true(worker_holds >= 5000000);
    /* The main context keeps fib:20000's and fib:20001's, 5.6 MB each:
     * past the limit with the worker's (the main context is never
     * refused). */
    assert_int_equal(line(main_ctx, "fib:20000 1000 + fib:20001 1000",
                          &err), GRUNDY_OK);
    main_holds = others_hold(worker, limit);
    assert_true(main_holds >= 11000000);
    assert_true(main_holds + worker_holds > limit);
    /* The worker's next line ends with both of its own dropped: the two
     * contexts together within the limit again. */
    assert_int_equal(line(worker, "nim 1", &err), GRUNDY_OK);
    worker_holds = others_hold(main_ctx, limit);
    assert_true(main_holds + worker_holds <= limit);
    assert_true(worker_holds < (size_t)1 << 20);
    grundy_ctx_free(worker);
    grundy_ctx_free(main_ctx);
}

/* The context's make_room, and the most its account held with the bytes
 * about to be charged, just after it made room (watch_room). */
#define ROOM_LIMIT ((size_t)12 << 20)
static void (*ctx_room)(void *user, size_t bytes);
static grundy_ctx *watch_other;
static size_t watch_peak, watch_calls;

static void
watch_room(void *user, size_t bytes)
{
    size_t now;
    ctx_room(user, bytes);
    now = others_hold(watch_other, ROOM_LIMIT) + bytes;
    watch_peak = now > watch_peak ? now : watch_peak;
    watch_calls++;
}

/* A table built beside kept ones: the kept ones that no line uses go
 * first, least recently used first, so that what the context holds and
 * the growth stay within --memory. Before, kept tables (up to --memory)
 * and the table being built (up to --memory) were held together until
 * the cache was trimmed after it: here three sequences of 2.6 MB kept
 * and fib:9003's doubling from 2 MB to 4 MB, 13.8 MB at --memory 12M. */
static void
test_kept_tables_make_room_first(void **state)
{
    grundy_ctx *main_ctx = grundy_ctx_new(), *other = grundy_ctx_new();
    grundy_error err;
    size_t kept;
    (void)state;
    grundy_ctx_set_memory_limit(main_ctx, ROOM_LIMIT);
    /* The account observes what main_ctx holds (others_hold from the
     * other context); main_ctx's charges are never refused by it. */
    assert_int_equal(ctx_memory_share(other, main_ctx), 0);
    assert_int_equal(line(main_ctx, "fib:9000 1000", &err), GRUNDY_OK);
    assert_int_equal(line(main_ctx, "fib:9001 1000", &err), GRUNDY_OK);
    assert_int_equal(line(main_ctx, "fib:9002 1000", &err), GRUNDY_OK);
    kept = others_hold(other, ROOM_LIMIT);
    assert_true(kept >= 7500000);
    ctx_room = ctx_limits(main_ctx)->make_room;
    assert_non_null(ctx_room);
    ctx_limits(main_ctx)->make_room = watch_room;
    watch_other = other;
    watch_peak = watch_calls = 0;
    assert_int_equal(line(main_ctx, "fib:9003 1000", &err), GRUNDY_OK);
    assert_true(watch_calls > 0);
    assert_true(watch_peak <= ROOM_LIMIT);
    assert_true(watch_peak >= (size_t)10 << 20);
    /* Only the least recently used went: three sequences stay. */
    kept = others_hold(other, ROOM_LIMIT);
    assert_true(kept >= 7500000);
    /* What a line uses stays even past the limit: four sequences of one
     * position, each within --memory (13.8 MB while the fourth's array
     * doubles beside the three others). */
    watch_peak = 0;
    assert_int_equal(line(main_ctx, "fib:9004 1 + fib:9005 1 + fib:9006 1 "
                                    "+ fib:9007 1", &err),
                     GRUNDY_OK);
    assert_true(watch_peak > ROOM_LIMIT);
    ctx_limits(main_ctx)->make_room = ctx_room;
    grundy_ctx_free(other);
    grundy_ctx_free(main_ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_survive_many_closed_forms),
        cmocka_unit_test(test_least_recently_used_leaves_first),
        cmocka_unit_test(test_tables_kept_within_the_memory_limit),
        cmocka_unit_test(test_wythoff_table_kept_across_lines),
        cmocka_unit_test(test_shared_memory_is_one_budget),
        cmocka_unit_test(test_worker_tables_give_way),
        cmocka_unit_test(test_kept_tables_make_room_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
