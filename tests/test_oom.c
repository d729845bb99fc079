/*
 * test_oom.c - every allocation failure ends in a clean error: with the
 * N-th allocation made to fail (N = 1, 2, ... until a run needs no more
 * than N), each operation either succeeds with the answer of a run without
 * failures, or returns GRUNDY_ENOMEM with "out of memory" (a NULL from the
 * constructors); never a crash, a wrong answer or a garbled message. The
 * sanitizer build also checks that nothing leaks on those paths. malloc,
 * calloc and realloc are wrapped at link time (-Wl,--wrap).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static long fail_at;   /* the allocation to fail, counting from 1; 0: none */
static long count;     /* allocations since the count was reset */

static int
should_fail(void)
{
    return ++count == fail_at;
}

void *
__wrap_malloc(size_t size)
{
    return should_fail() ? NULL : __real_malloc(size);
}

void *
__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *
__wrap_realloc(void *p, size_t size)
{
    return should_fail() ? NULL : __real_realloc(p, size);
}

/* What one run produced: status, outcome, value, first move. */
typedef struct outcome {
    grundy_status st;
    int win;
    int sg_known;
    uint64_t sg;
    size_t nmoves;
    char move[256];
    char message[512];
} outcome;

/* Parses text in a fresh context and solves it with flags; *o describes
 * the run. Every object is freed whatever happens. With warm, the
 * position is first solved in normal play with no allocation failing
 * and none counted, so that the games' tables and periods are there
 * already: the failures fall on what the run itself allocates. */
static void
run_position(const char *text, unsigned flags, size_t memory, int warm,
             outcome *o)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;

    memset(o, 0, sizeof *o);
    if (ctx == NULL || pos == NULL || res == NULL) {
        o->st = GRUNDY_ENOMEM;
        snprintf(o->message, sizeof o->message, "out of memory");
        goto out;
    }
    grundy_ctx_set_memory_limit(ctx, memory);
    if (warm) {
        long at = fail_at;
        fail_at = 0;
        assert_int_equal(grundy_position_parse(ctx, pos, NULL, text,
                                               strlen(text), &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        fail_at = at;
        count = 0;
    }
    o->st = grundy_position_parse(ctx, pos, NULL, text, strlen(text), &err);
    if (o->st == GRUNDY_OK) {
        o->st = grundy_solve(ctx, pos, flags, res, &err);
    }
    if (o->st != GRUNDY_OK) {
        snprintf(o->message, sizeof o->message, "%s", err.message);
        goto out;
    }
    o->win = grundy_result_win(res);
    o->sg_known = grundy_result_sg(res, &o->sg);
    o->nmoves = grundy_result_move_count(res);
    if (o->nmoves > 0) {
        snprintf(o->move, sizeof o->move, "%s",
                 grundy_result_move_position(res, 0));
    }
out:
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* The value of one component and the period of a game, by spec. */
static void
run_value(const char *spec, uint64_t n, int period, size_t memory,
          outcome *o)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *game = NULL;
    grundy_error err;
    grundy_period p;

    memset(o, 0, sizeof *o);
    if (ctx == NULL) {
        o->st = GRUNDY_ENOMEM;
        snprintf(o->message, sizeof o->message, "out of memory");
        return;
    }
    grundy_ctx_set_memory_limit(ctx, memory);
    o->st = grundy_game_parse(ctx, spec, strlen(spec), &game, &err);
    if (o->st == GRUNDY_OK) {
        o->st = period ? grundy_game_period(game, &p, &err)
                       : grundy_component_value(game, &n, 1, &o->sg, &err);
    }
    if (o->st != GRUNDY_OK) {
        snprintf(o->message, sizeof o->message, "%s", err.message);
    } else if (period) {
        o->win = p.found;
        o->sg = p.period * 1000003u + p.preperiod;
    }
    grundy_game_free(game);
    grundy_ctx_free(ctx);
}

typedef struct scenario {
    const char *text;    /* a position, or a spec for value/period */
    unsigned flags;      /* solve flags */
    int kind;            /* 0: solve, 1: value of heap n, 2: period,
                          * 3: solve after a warm-up (run_position) */
    uint64_t n;
    size_t memory;
} scenario;

static void
run(const scenario *sc, outcome *o)
{
    if (sc->kind == 0 || sc->kind == 3) {
        run_position(sc->text, sc->flags, sc->memory, sc->kind == 3, o);
    } else {
        run_value(sc->text, sc->n, sc->kind == 2, sc->memory, o);
    }
}

/* Fails each allocation of the scenario in turn. */
static void
check_scenario(const scenario *sc)
{
    outcome want, got;
    long n, failures = 0;

    fail_at = 0;
    count = 0;
    run(sc, &want);
    assert_int_equal(want.st, GRUNDY_OK);
    n = count;
    assert_true(n > 0);
    for (long k = 1; k <= n; k++) {
        fail_at = k;
        count = 0;
        run(sc, &got);
        if (got.st == GRUNDY_OK) {
            /* The failed allocation had a fallback: same answer. */
            if (got.win != want.win || got.nmoves != want.nmoves) {
                print_error("%s: allocation %ld of %ld: a different answer\n",
                            sc->text, k, n);
            }
            assert_int_equal(got.win, want.win);
            assert_int_equal(got.sg_known, want.sg_known);
            assert_true(got.sg == want.sg);
            assert_int_equal(got.nmoves, want.nmoves);
            assert_string_equal(got.move, want.move);
            continue;
        }
        /* "out of memory", perhaps followed by advice. */
        if (got.st != GRUNDY_ENOMEM ||
            strncmp(got.message, "out of memory", 13) != 0) {
            print_error("%s: allocation %ld of %ld: status %d, '%s'\n",
                        sc->text, k, n, (int)got.st, got.message);
        }
        assert_int_equal(got.st, GRUNDY_ENOMEM);
        assert_int_equal(strncmp(got.message, "out of memory", 13), 0);
        failures++;
    }
    fail_at = 0;
    /* Most allocations have no fallback: their failure must be seen. */
    assert_true(failures > 0);
}

static void
test_sums_normal_and_all(void **state)
{
    static const scenario s[] = {
        {"nim 3 4 5 + bounded:3 7 9", 0, 0, 0, 1u << 30},
        {"kayles 5 7 + nim 3 + sub:1,3,4 10 + dawson 9", GRUNDY_ALL_MOVES, 0,
         0, 1u << 30},
        {"stripes:2,3 10 12 + octal:4.07 9", GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"kayles 100000000000 7", 0, 0, 0, 1u << 30},
        /* a move's numbers beyond 64 bits, written out */
        {"nim 1234567890123456789012345678901234567890 "
         "9876543210987654321098765432109876543210 7", 0, 0, 0, 1u << 30},
    };
    (void)state;
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        check_scenario(&s[i]);
    }
}

static void
test_misere(void **state)
{
    static const scenario s[] = {
        {"nim 1 1 2 + bounded:2 3", GRUNDY_MISERE | GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"kayles 4 5 + nim 2", GRUNDY_MISERE | GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"kayles 5 1", GRUNDY_MISERE, 0, 0, 1u << 30},
        /* Beyond 64 bits, by a 64-bit stand-in in the quotient. Warmed
         * up: the normal-play period search of a code, which the value
         * beside the misere answer needs, reports an allocation failure
         * as "no certified period" (octal_big_period), not as out of
         * memory. */
        {"octal:0.75 10000000000000000000000000000000000000007 5 + nim 2",
         GRUNDY_MISERE, 3, 0, 1u << 30},
        {"sub:1,2 10000000000000000000000000000000000000007 4 + nim 2",
         GRUNDY_MISERE | GRUNDY_ALL_MOVES, 3, 0, 1u << 30},
    };
    (void)state;
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        check_scenario(&s[i]);
    }
}

static void
test_tables_and_periods(void **state)
{
    static const scenario s[] = {
        {"octal:0.6", 0, 1, 5000, 1u << 30},
        {"octal:0.07", 0, 2, 0, 1u << 30},
        {"sub:2,5,7", 0, 2, 0, 1u << 30},
        {"kayles", 0, 1, 1000000, 1u << 30},
    };
    (void)state;
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        check_scenario(&s[i]);
    }
}

static void
test_classic_games(void **state)
{
    static const scenario s[] = {
        {"wythoff 3,5 10,20 + fib 100 50,7", GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"division 6,10 12 + ferguson 4,7 2,9", GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"fib:3 1000", GRUNDY_MISERE | GRUNDY_ALL_MOVES, 0, 0, 1u << 30},
        {"wythoff 1000,1618", GRUNDY_MISERE | GRUNDY_ALL_MOVES, 0, 0,
         1u << 30},
        {"fib", 0, 1, 1000, 1u << 30},
    };
    (void)state;
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        check_scenario(&s[i]);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sums_normal_and_all),
        cmocka_unit_test(test_misere),
        cmocka_unit_test(test_tables_and_periods),
        cmocka_unit_test(test_classic_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
