/*
 * test_staircase.c - Staircase Nim against a literal search of the rules
 * (move k >= 1 coins from step i to step i-1, from step 1 off the
 * staircase; mex and win/lose recursion): values, outcomes, every winning
 * move (--all), misere, sums with nim, errors.
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

#define SN 5    /* steps 1..SN */
#define SC 6    /* coins 0..SC-1 per step in the positions asked */
#define HBITS 21

/* Memo of the search: coins never exceed SN * (SC - 1) = 25 on a step
 * (they only move down), so a staircase packs into 5 bits a step. */
static struct {
    uint64_t key; /* 0: empty */
    uint64_t g;
    int mwin;
} memo[(size_t)1 << HBITS];

static uint64_t
pack(const unsigned *c, size_t n)
{
    uint64_t k = n;
    for (size_t i = 0; i < n; i++) {
        k = k << 5 | c[i];
    }
    return k;
}

/* A literal search: every move of t >= 1 coins from step i one step down
 * (off the staircase from step 1). Coins only move down, so sum(i * c_i)
 * falls and the recursion ends. */
static void
brute(unsigned *c, size_t n, uint64_t *g, int *mwin)
{
    uint64_t opts[SN * SN * SC + 8] = {0};
    uint64_t key = pack(c, n);
    size_t at = (size_t)((key * 0x9e3779b97f4a7c15u) >> (64 - HBITS)), no = 0;
    int win = 0, any = 0;
    for (; memo[at].key != 0; at = (at + 1) & (((size_t)1 << HBITS) - 1)) {
        if (memo[at].key == key) {
            *g = memo[at].g;
            *mwin = memo[at].mwin;
            return;
        }
    }
    for (size_t i = 0; i < n; i++) {
        unsigned have = c[i];
        for (unsigned t = 1; t <= have; t++) {
            uint64_t og;
            int ow;
            c[i] -= t;
            if (i > 0) {
                c[i - 1] += t;
            }
            brute(c, n, &og, &ow);
            c[i] += t;
            if (i > 0) {
                c[i - 1] -= t;
            }
            opts[no++] = og;
            win |= !ow;
            any = 1;
        }
    }
    *g = brute_mex(opts, no);
    *mwin = any ? win : 1; /* misere: no move, the mover wins */
    /* The slot found empty above may have been taken by the options'
     * entries since: find an empty one again. */
    at = (size_t)((key * 0x9e3779b97f4a7c15u) >> (64 - HBITS));
    while (memo[at].key != 0) {
        at = (at + 1) & (((size_t)1 << HBITS) - 1);
    }
    memo[at].key = key;
    memo[at].g = *g;
    memo[at].mwin = *mwin;
}

/* The steps of "staircase a,b,c" into v (room for SN + 2); returns how
 * many. Coins only move down, so a step holds at most SN * (SC - 1). */
static size_t
read_stairs(const char *s, unsigned *v)
{
    uint64_t w[SN + 2];
    size_t n = fixture_read_list(s, w, SN + 2);
    for (size_t i = 0; i < n; i++) {
        assert_true(w[i] <= SN * (SC - 1));
        v[i] = (unsigned)w[i];
    }
    return n;
}

/* 1 when b is a's position after one legal move. */
static int
is_option(const unsigned *a, const unsigned *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned t;
        int ok = 1;
        if (b[i] >= a[i]) {
            continue;
        }
        t = a[i] - b[i];
        for (size_t j = 0; j < n; j++) {
            unsigned want = a[j] - (j == i ? t : 0) +
                            (i > 0 && j == i - 1 ? t : 0);
            ok &= b[j] == want;
        }
        if (ok) {
            return 1;
        }
    }
    return 0;
}

static void
format_stairs(char *text, size_t cap, const char *prefix, const unsigned *c,
              size_t n)
{
    size_t at = (size_t)snprintf(text, cap, "%sstaircase ", prefix);
    for (size_t i = 0; i < n; i++) {
        at += (size_t)snprintf(text + at, cap - at, "%s%u", i ? "," : "",
                               c[i]);
    }
}

/* Every staircase of up to SN steps of up to SC-1 coins, normal and
 * misere: outcome, value, and with --all exactly the winning options. */
static void
test_all_small(void **state)
{
    fixture *f = *state;
    char text[128];
    size_t checked = 0;
    for (size_t n = 1; n <= SN; n++) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++) {
            total *= SC;
        }
        for (size_t key = 0; key < total; key++) {
            unsigned c[SN], d[SN + 2];
            uint64_t g, sg;
            int mwin;
            size_t x = key;
            for (size_t i = 0; i < n; i++) {
                c[i] = (unsigned)(x % SC);
                x /= SC;
            }
            brute(c, n, &g, &mwin);
            format_stairs(text, sizeof text, "", c, n);
            for (int mis = 0; mis < 2; mis++) {
                size_t want = 0;
                /* Misere by search is slow on big staircases: the smaller
                 * ones are enough for it. */
                if (mis && (n > 3 || key % 7 != 0)) {
                    continue;
                }
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                              (mis ? GRUNDY_MISERE : 0));
                assert_int_equal(grundy_result_win(f->res),
                                 mis ? mwin : g != 0);
                if (!mis) {
                    assert_true(grundy_result_sg(f->res, &sg));
                    assert_true(sg == g);
                }
                /* Every option is a distinct staircase: count the
                 * losing ones. */
                for (size_t i = 0; i < n; i++) {
                    for (unsigned t = 1; t <= c[i]; t++) {
                        uint64_t og;
                        int ow;
                        c[i] -= t;
                        if (i > 0) {
                            c[i - 1] += t;
                        }
                        brute(c, n, &og, &ow);
                        want += mis ? !ow : og == 0;
                        c[i] += t;
                        if (i > 0) {
                            c[i - 1] -= t;
                        }
                    }
                }
                assert_int_equal(grundy_result_move_count(f->res), want);
                for (size_t i = 0; i < want; i++) {
                    uint64_t og;
                    int ow;
                    assert_int_equal(read_stairs(
                        grundy_result_move_position(f->res, i), d), n);
                    assert_true(is_option(c, d, n));
                    brute(d, n, &og, &ow);
                    assert_true(mis ? !ow : og == 0);
                }
                checked++;
            }
        }
    }
    assert_true(checked > 9000);
}

/* Random staircases with a nim heap beside: the value is the XOR, and
 * the one reported move (without --all) is legal and leaves a loss. */
static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 11;
    char text[160], after[160];
    for (int t = 0; t < 3000; t++) {
        unsigned c[SN], d[SN + 2];
        size_t n = 1 + (size_t)brute_below(&seed, SN);
        unsigned h = (unsigned)brute_below(&seed, 8);
        uint64_t g, sg;
        int mwin;
        for (size_t i = 0; i < n; i++) {
            c[i] = (unsigned)brute_below(&seed, SC);
        }
        brute(c, n, &g, &mwin);
        format_stairs(text, sizeof text, "", c, n);
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 " + nim %u", h);
        fixture_solve_ok(f, text, 0);
        assert_true(grundy_result_sg(f->res, &sg) && sg == (g ^ h));
        assert_int_equal(grundy_result_win(f->res), (g ^ h) != 0);
        if ((g ^ h) == 0) {
            continue;
        }
        assert_int_equal(grundy_result_move_count(f->res), 1);
        snprintf(after, sizeof after, "%s",
                 grundy_result_move_position(f->res, 0));
        {
            char *plus = strstr(after, " + nim ");
            unsigned nh;
            assert_non_null(plus);
            nh = (unsigned)strtoul(plus + 7, NULL, 10);
            *plus = '\0';
            assert_int_equal(read_stairs(after, d), n);
            if (nh != h) {
                /* The move was in the heap: the staircase is unchanged. */
                assert_true(nh < h && nh == g);
                assert_memory_equal(c, d, n * sizeof *c);
            } else {
                uint64_t og;
                int ow;
                assert_true(is_option(c, d, n));
                brute(d, n, &og, &ow);
                assert_true(og == h);
            }
        }
    }
}

/* Large numbers: the value is the XOR of the odd steps, and the move
 * leaves value 0 by the library's own check. */
static void
test_big_steps(void **state)
{
    fixture *f = *state;
    uint64_t seed = 5;
    char text[256], after[256];
    for (int t = 0; t < 2000; t++) {
        uint64_t c[6], x = 0, sg;
        size_t n = 1 + (size_t)brute_below(&seed, 6), at;
        at = (size_t)snprintf(text, sizeof text, "staircase ");
        for (size_t i = 0; i < n; i++) {
            c[i] = brute_rand(&seed) >> (1 + brute_below(&seed, 63));
            x ^= i % 2 == 0 ? c[i] : 0;
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%llu",
                                   i ? "," : "", (unsigned long long)c[i]);
        }
        fixture_solve_ok(f, text, 0);
        assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        if (x != 0) {
            snprintf(after, sizeof after, "%s",
                     grundy_result_move_position(f->res, 0));
            fixture_solve_ok(f, after, 0);
            assert_false(grundy_result_win(f->res));
        }
    }
}

/* Numbers beyond 64 bits: 128-bit staircases written and read here in
 * decimal; the value (the XOR of the odd steps, computed here), and every
 * winning move with a nim heap beside: legal, and leaving value 0. */
typedef fixture_u128 u128;

/* The steps of "staircase a,b,c + nim h" into v (at most cap; returns
 * how many) and the heap into *h. */
static size_t
read_stairs128(const char *s, u128 *v, size_t cap, u128 *h)
{
    const char *rest;
    size_t n = fixture_read_list128(s, v, cap, &rest);
    assert_int_equal(strncmp(rest, " + nim ", 7), 0);
    rest += 7;
    *h = fixture_u128_read(&rest);
    assert_int_equal(*rest, '\0');
    return n;
}

static void
test_big_numbers(void **state)
{
    fixture *f = *state;
    uint64_t seed = 77;
    char text[512], num[48];
    for (int t = 0; t < 2000; t++) {
        u128 c[5], d[6], x = 0, h = 0, nh;
        size_t n = 1 + (size_t)brute_below(&seed, 5), at;
        at = (size_t)snprintf(text, sizeof text, "staircase ");
        for (size_t i = 0; i < n; i++) {
            c[i] = (u128)(brute_rand(&seed) >> brute_below(&seed, 64)) << 64 |
                   (brute_rand(&seed) >> brute_below(&seed, 64));
            if (i == 0) {
                c[0] |= (u128)1 << 90; /* the exact path */
            }
            x ^= i % 2 == 0 ? c[i] : 0;
            fixture_u128_dec(num, c[i]);
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s",
                                   i ? "," : "", num);
        }
        h = (u128)brute_rand(&seed) << brute_below(&seed, 64);
        fixture_u128_dec(num, h);
        snprintf(text + at, sizeof text - at, " + nim %s", num);
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        fixture_u128_dec(num, x ^ h);
        assert_string_equal(grundy_result_sg_decimal(f->res), num);
        assert_int_equal(grundy_result_win(f->res), (x ^ h) != 0);
        for (size_t m = 0; m < grundy_result_move_count(f->res); m++) {
            u128 y = 0;
            size_t lowered = 0, raised = 0;
            assert_int_equal(read_stairs128(grundy_result_move_position(
                                                f->res, m), d, 6, &nh), n);
            for (size_t i = 0; i < n; i++) {
                y ^= i % 2 == 0 ? d[i] : 0;
            }
            assert_true((y ^ nh) == 0);
            if (nh != h) {
                assert_true(nh < h);
                assert_memory_equal(c, d, n * sizeof *c);
                continue;
            }
            /* One step lost k coins, the one below (if any) gained k. */
            for (size_t i = 0; i < n; i++) {
                if (d[i] < c[i]) {
                    lowered++;
                    assert_true(i == 0 || d[i - 1] - c[i - 1] == c[i] - d[i]);
                    for (size_t j = 0; j < n; j++) {
                        assert_true(j == i || (i > 0 && j == i - 1) ||
                                    d[j] == c[j]);
                    }
                } else if (d[i] > c[i]) {
                    raised++;
                }
            }
            assert_int_equal(lowered, 1);
            assert_true(raised <= 1);
        }
    }
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    assert_int_equal(fixture_solve(f, "staircase 1,x", 0, &err),
                     GRUNDY_EPOSITION);
    assert_int_equal(grundy_game_parse(f->ctx, "staircase:2", 11, &game,
                                       &err), GRUNDY_ESPEC);
    /* Worth 2^64 - 1 (the solver's "any value" in 64 bits), or with an
     * option worth it: answered by the exact path. */
    fixture_solve_ok(f, "staircase 18446744073709551615", 0);
    assert_string_equal(grundy_result_sg_decimal(f->res),
                        "18446744073709551615");
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "staircase 0");
    fixture_solve_ok(f, "staircase 18446744073709551614,1 + nim 1",
                     GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_move_count(f->res), 1);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "staircase 1,1 + nim 1");
    fixture_solve_ok(f, "staircase 18446744073709551614", 0);
    assert_true(grundy_result_win(f->res));
    /* Too many options for the misere search to list: a clear refusal. */
    assert_int_equal(fixture_solve(f, "staircase 3000000,1", GRUNDY_MISERE,
                                   &err), GRUNDY_ELIMIT);
}

/* Published example: the words and position of a move. */
static void
test_words(void **state)
{
    fixture *f = *state;
    fixture_solve_ok(f, "staircase 3,4,5", GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_move_count(f->res), 2);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "move 2 coins from step 2 to step 1 of staircase 1 "
                        "(3,4,5 -> 5,2,5)");
    assert_string_equal(grundy_result_move_position(f->res, 1),
                        "staircase 3,6,3");
    fixture_solve_ok(f, "staircase 2,7,0", 0);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "take 2 coins off step 1 of staircase 1 "
                        "(2,7,0 -> 0,7,0)");
    fixture_solve_ok(f, "staircase 0,5", 0);
    assert_false(grundy_result_win(f->res));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_all_small, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_steps, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_numbers, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_words, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
