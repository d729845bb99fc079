/*
 * test_division.c - the division game against a literal search of the
 * rules (replace any non-empty subset of the row's numbers by proper
 * divisors; mex and win/lose recursion): values, outcomes, every winning
 * move, misere alone and in sums, and the 64-bit factorisation.
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

#define V 25            /* numbers 1..V-1 */
#define NS (V * V * V)  /* rows of up to 3 numbers, 0 = absent */

static int64_t memo_g[NS];
static signed char memo_m[NS];

static unsigned
enc(const unsigned *x)
{
    return (x[0] * V + x[1]) * V + x[2];
}

/* Calls fn on every option of row x (numbers x[i] > 0; 0 = no number):
 * every choice of divisors y[i] | x[i], y != x. */
typedef void (*opt_fn)(const unsigned *y, void *user);

static void
each_option(const unsigned *x, unsigned *y, int i, int changed, opt_fn fn,
            void *user)
{
    if (i >= 3) {
        if (changed) {
            fn(y, user);
        }
        return;
    }
    if (x[i] == 0) {
        y[i] = 0;
        each_option(x, y, i + 1, changed, fn, user);
        return;
    }
    for (unsigned d = 1; d <= x[i]; d++) {
        if (x[i] % d == 0) {
            y[i] = d;
            each_option(x, y, i + 1, changed || d != x[i], fn, user);
        }
    }
}

typedef struct acc {
    uint64_t vals[4096];
    size_t n;
    int win, moved;
} acc;

static uint64_t brute_g(const unsigned *x);
static int brute_m(const unsigned *x);

static void
collect(const unsigned *y, void *user)
{
    acc *a = user;
    a->vals[a->n++] = brute_g(y);
    a->moved = 1;
    a->win |= !brute_m(y);
}

static uint64_t
brute_g(const unsigned *x)
{
    unsigned code = enc(x), y[3];
    acc a;
    if (memo_g[code] >= 0) {
        return (uint64_t)memo_g[code];
    }
    a.n = 0;
    a.win = a.moved = 0;
    each_option(x, y, 0, 0, collect, &a);
    memo_g[code] = (int64_t)brute_mex(a.vals, a.n);
    memo_m[code] = (signed char)(a.moved ? a.win : 1);
    return (uint64_t)memo_g[code];
}

static int
brute_m(const unsigned *x)
{
    brute_g(x);
    return memo_m[enc(x)];
}


static int
setup(void **state)
{
    memset(memo_g, -1, sizeof memo_g);
    return fixture_setup(state);
}

static size_t
row_text(const unsigned *x, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "division %u", x[0]);
    for (int i = 1; i < 3 && x[i] != 0; i++) {
        n += (size_t)snprintf(buf + n, cap - n, ",%u", x[i]);
    }
    return n;
}

typedef struct count_ctx {
    int misere;
    size_t n;
} count_ctx;

static void
count_losing(const unsigned *y, void *user)
{
    count_ctx *c = user;
    c->n += c->misere ? !brute_m(y) : brute_g(y) == 0;
}

/* Reads the row after "division " into y (0 for absent numbers). */
static void
read_row(const char *s, unsigned *y)
{
    char *end;
    s = strchr(s, ' ');
    assert_non_null(s);
    y[0] = y[1] = y[2] = 0;
    for (int i = 0; i < 3; i++) {
        y[i] = (unsigned)strtoul(s + 1, &end, 10);
        if (*end != ',') {
            break;
        }
        s = end;
    }
}

/* Every row of one to three numbers below V (a sample of the three-number
 * rows), both plays: outcome, value, every winning move. */
static void
test_small_rows(void **state)
{
    fixture *f = *state;
    uint64_t seed = 8;
    char text[96];
    for (int t = 0; t < 3000; t++) {
        unsigned x[3] = {0, 0, 0}, y[3];
        int len = t < 24 ? 1 : t < 24 + 576 ? 2 : 3;
        if (len == 1) {
            x[0] = (unsigned)t + 1;
        } else if (len == 2) {
            x[0] = (unsigned)(t - 24) / 24 + 1;
            x[1] = (unsigned)(t - 24) % 24 + 1;
        } else {
            for (int i = 0; i < 3; i++) {
                x[i] = 1 + (unsigned)brute_below(&seed, V - 1);
            }
        }
        row_text(x, text, sizeof text);
        for (int mis = 0; mis < 2; mis++) {
            count_ctx cc = {mis, 0};
            uint64_t sg;
            int win = mis ? brute_m(x) : brute_g(x) != 0;
            fixture_solve_ok(f, text, GRUNDY_ALL_MOVES | (mis ? GRUNDY_MISERE : 0));
            assert_int_equal(grundy_result_win(f->res), win);
            assert_true(grundy_result_sg(f->res, &sg) && sg == brute_g(x));
            each_option(x, y, 0, 0, count_losing, &cc);
            assert_int_equal(grundy_result_move_count(f->res), cc.n);
            for (size_t i = 0; i < cc.n; i++) {
                unsigned z[3];
                read_row(grundy_result_move_position(f->res, i), z);
                for (int k = 0; k < 3; k++) {
                    assert_true(x[k] == 0 ? z[k] == 0
                                          : z[k] >= 1 && x[k] % z[k] == 0);
                }
                assert_true(mis ? !brute_m(z) : brute_g(z) == 0);
            }
        }
    }
}

/* Two rows (and a nim heap), normal and misere, against a search over the
 * whole sum: in misere this checks the claim that rows play like Nim
 * heaps of size Omega (FAMILY_MISERE_NIMLIKE). */
static signed char sum_memo[2][V * V][V * V];

static int
sum_win(unsigned r1, unsigned r2, int misere)
{
    /* Rows of two numbers each, encoded a * V + b (b = 0: one number). */
    signed char *m = &sum_memo[misere][r1][r2];
    unsigned x[3] = {r1 / V, r1 % V, 0}, y[3] = {r2 / V, r2 % V, 0};
    int win = 0, moved = 0;
    if (*m >= 0) {
        return *m;
    }
    for (int side = 0; side < 2 && !win; side++) {
        unsigned *w = side ? y : x;
        for (unsigned d0 = 1; d0 <= w[0] && !win; d0++) {
            for (unsigned d1 = w[1] ? 1 : 0; d1 <= w[1] && !win; d1++) {
                unsigned n0, n1;
                if (w[0] % d0 || (w[1] && w[1] % d1) ||
                    (d0 == w[0] && d1 == w[1])) {
                    continue;
                }
                moved = 1;
                n0 = d0 * V + d1;
                n1 = side ? n0 : r2;
                n0 = side ? r1 : n0;
                win = !sum_win(n0, n1, misere);
            }
        }
    }
    *m = (signed char)(moved ? win : misere);
    return *m;
}

static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 23;
    char text[128];
    memset(sum_memo, -1, sizeof sum_memo);
    for (int t = 0; t < 3000; t++) {
        unsigned a = 1 + (unsigned)brute_below(&seed, 12);
        unsigned b = (unsigned)brute_below(&seed, 12);
        unsigned c = 1 + (unsigned)brute_below(&seed, 12);
        unsigned d = (unsigned)brute_below(&seed, 12);
        int mis = t % 2;
        if (b) {
            snprintf(text, sizeof text, "division %u,%u", a, b);
        } else {
            snprintf(text, sizeof text, "division %u", a);
        }
        if (d) {
            snprintf(text + strlen(text), 32, " %u,%u", c, d);
        } else {
            snprintf(text + strlen(text), 32, " %u", c);
        }
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES | (mis ? GRUNDY_MISERE : 0));
        assert_int_equal(grundy_result_win(f->res),
                         sum_win(a * V + b, c * V + d, mis));
        for (size_t i = 0; i < grundy_result_move_count(f->res); i++) {
            /* Each move leaves a loss by the search of the whole sum. */
            const char *p = grundy_result_move_position(f->res, i);
            unsigned r[4] = {0, 0, 0, 0};
            int k = 0;
            char *end;
            p = strchr(p, ' ');
            while (p != NULL && k < 4) {
                r[k++] = (unsigned)strtoul(p + 1, &end, 10);
                if (*end == ',') {
                    r[k++] = (unsigned)strtoul(end + 1, &end, 10);
                } else {
                    r[k++] = 0;
                }
                p = *end == ' ' ? end : NULL;
            }
            assert_int_equal(k, 4);
            assert_false(sum_win(r[0] * V + r[1], r[2] * V + r[3], mis));
        }
    }
}

static void
test_factor(void **state)
{
    uint64_t seed = 31, p[64];
    static const uint64_t cases[][2] = {
        {1, 0}, {2, 1}, {(uint64_t)1 << 63, 63}, {UINT64_MAX, 7},
        {18446744073709551557ULL, 1}, /* largest 64-bit prime */
        {18446743979220271189ULL, 2}, /* 4294967279 * 4294967291 */
        {4611686014132420609ULL, 2},  /* (2^31 - 1)^2 */
        {999999999999999989ULL, 1}};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(im_factor(cases[i][0], p), cases[i][1]);
    }
    for (int t = 0; t < 3000; t++) {
        uint64_t n = 1 + (brute_rand(&seed) >> brute_below(&seed, 64));
        size_t k = im_factor(n, p);
        uint64_t prod = 1;
        for (size_t i = 0; i < k; i++) {
            assert_true(im_is_prime(p[i]));
            assert_true(i == 0 || p[i - 1] <= p[i]);
            prod *= p[i];
        }
        assert_true(prod == n);
    }
    /* Primality against trial division. */
    for (uint64_t n = 0; n < 20000; n++) {
        int prime = n >= 2;
        for (uint64_t d = 2; d * d <= n && prime; d++) {
            prime = n % d != 0;
        }
        assert_int_equal(im_is_prime(n), prime);
    }
}

static void
test_big_and_words(void **state)
{
    fixture *f = *state;
    grundy_error err;
    uint64_t sg;
    fixture_solve_ok(f, "division 18446744073709551615", GRUNDY_ALL_MOVES);
    assert_true(grundy_result_win(f->res));
    assert_true(grundy_result_sg(f->res, &sg) && sg == 7);
    assert_int_equal(grundy_result_move_count(f->res), 1);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "division 1");
    fixture_solve_ok(f, "division 9223372036854775808", GRUNDY_ALL_MOVES);
    assert_true(grundy_result_sg(f->res, &sg) && sg == 63);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "divide 9223372036854775808 by 9223372036854775808 "
                        "in row 1 (9223372036854775808 -> 1)");
    fixture_solve_ok(f, "division 1", GRUNDY_ALL_MOVES);
    assert_false(grundy_result_win(f->res));
    fixture_solve_ok(f, "division 1", GRUNDY_MISERE);
    assert_true(grundy_result_win(f->res));
    assert_int_equal(grundy_result_move_count(f->res), 0);
    fixture_solve_ok(f, "division 18446744073709551557,1", 0);
    assert_true(grundy_result_win(f->res));
    fixture_solve_ok(f, "division 12,5 + nim 2", 0);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "divide 12 by 4 in row 1 (12,5 -> 3,5)");
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "division 3,5 + nim 2");
    fixture_solve_ok(f, "division 12,5 + nim 1", 0);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "divide 12 by 12 in row 1 (12,5 -> 1,5)");
    fixture_solve_ok(f, "division 1,1,1", GRUNDY_MISERE);
    assert_true(grundy_result_win(f->res));
    fixture_solve_ok(f, "division 1,7,1", GRUNDY_MISERE);
    assert_false(grundy_result_win(f->res));
    /* Errors: a zero, and too many moves to list. */
    assert_int_equal(fixture_solve(f, "division 4,0", 0, &err), GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "number 2"));
    /* Omega(720720) = 9: the row is 36, leaving 18 has ~10^8 ways. */
    assert_int_equal(fixture_solve(f, "division 720720,720720,720720,720720 + "
                              "nim 18", GRUNDY_ALL_MOVES, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "not listed"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_small_rows, setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, setup, fixture_teardown),
        cmocka_unit_test(test_factor),
        cmocka_unit_test_setup_teardown(test_big_and_words, setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
