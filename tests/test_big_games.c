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
 * The values of single components (grundy sg): the big path against the
 * 64-bit one, and beyond 64 bits against identities computed here on
 * decimal strings (nim, bounded:M, kayles by its period, lasker, hex:0.8).
 * bounded:M with M beyond 64 bits against bounded:2^64-1 on 64-bit heaps,
 * and by identities beyond. The 64-bit path of sg ranges against the
 * text path.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "position.h"
#include "moves.h"
#include "solve.h"
#include "solve_big.h"
#include "intmath.h"
#include "bignum.h"
#include "misere.h"

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
        "bounded:18446744073709551616", "bounded:100000000000000000000000",
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

/* The value of one component (grundy sg: solve_component_value and
 * grundy_component_value_text) forced through the big path equals the
 * 64-bit grundy_component_value, on small heaps and heaps near 2^64. */
static void
test_sg_forced(void **state)
{
    static const char *const games[] = {
        "nim", "bounded:3", "bounded:100", "bounded:18446744073709551615",
        "bounded:340282366920938463463374607431768211456",
        "kayles", "dawson", "sub:1,2,5", "stripes:2", "octal:0.137",
        "octal:4.07", "lasker", "octal:0.(7)", "hex:0.8", "octal:0.51"};
    big_fixture *f = *state;
    uint64_t seed = 4242;
    size_t compared = 0;
    for (int round = 0; round < 4000; round++) {
        const char *spec = games[brute_below(&seed, sizeof games /
                                                        sizeof games[0])];
        uint64_t n = round % 2 ? brute_below(&seed, 300) : huge(&seed), g;
        char text[32], want[32];
        grundy_game *game;
        grundy_error err;
        snprintf(text, sizeof text, "%llu", (unsigned long long)n);
        assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec),
                                           &game, &err), GRUNDY_OK);
        if (grundy_component_value(game, &n, 1, &g, &err) != GRUNDY_OK) {
            grundy_game_free(game);
            continue;   /* lasker at 2^64 - 1: test_lasker_top */
        }
        snprintf(want, sizeof want, "%llu", (unsigned long long)g);
        assert_int_equal(grundy_component_value_text(game, text,
                                                     strlen(text), f->small,
                                                     &err), GRUNDY_OK);
        assert_string_equal(grundy_result_sg_decimal(f->small), want);
        assert_int_equal(grundy_result_win(f->small), g != 0);
        assert_int_equal(position_parse_one(game, f->pos, text,
                                            strlen(text), &err), GRUNDY_OK);
        position_force_big(f->pos);
        if (solve_value(f->pos, f->big, &err) != GRUNDY_OK) {
            fail_msg("%s %s: big path failed: %s", spec, text, err.message);
        }
        if (strcmp(grundy_result_sg_decimal(f->big), want) != 0) {
            fail_msg("%s %s: %s vs %s", spec, text,
                     grundy_result_sg_decimal(f->big), want);
        }
        grundy_game_free(game);
        compared++;
    }
    assert_true(compared > 3900);
}

/* The 64-bit path of long sg ranges (solve_component_value_u64) against
 * the text path (solve_component_value) on the same numbers: where it
 * answers, the same status, value and message; it leaves to the text
 * path exactly the numbers a rule refuses or whose value passes 64 bits
 * (Lasker's Nim at 2^64 - 1, worth 2^64). */
static void
test_sg_u64(void **state)
{
    static const char *const games[] = {
        "nim", "bounded:3", "bounded:18446744073709551615",
        "bounded:340282366920938463463374607431768211456", "kayles",
        "dawson", "sub:1,2,5", "stripes:2", "octal:0.137", "octal:4.07",
        "lasker", "hex:0.8", "fib", "fib:2", "grundy", "division",
        "wythoff", "ferguson"};
    big_fixture *f = *state;
    uint64_t seed = 777;
    size_t answered = 0, left = 0;
    for (int round = 0; round < 6000; round++) {
        size_t gi = brute_below(&seed, sizeof games / sizeof games[0]);
        const char *spec = games[gi];
        uint64_t n = round % 3 == 0   ? brute_below(&seed, 300)
                     : round % 3 == 1 ? huge(&seed)
                                      : UINT64_MAX - brute_below(&seed, 3),
                 g = 0;
        char text[32], want[32];
        grundy_game *game;
        grundy_error err, terr;
        grundy_status st, tst;
        int exact = -1;
        snprintf(text, sizeof text, "%llu", (unsigned long long)n);
        assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec),
                                           &game, &err), GRUNDY_OK);
        st = solve_component_value_u64(game, n, &exact, &g, &err);
        tst = solve_component_value(game, f->pos, text, strlen(text),
                                    f->small, &terr);
        if (strcmp(spec, "lasker") == 0 && n == UINT64_MAX) {
            assert_int_equal(exact, 1);
            assert_string_equal(grundy_result_sg_decimal(f->small),
                                "18446744073709551616");
        }
        if (exact == 1) {
            /* Only where the text path refuses, or answers beyond 64
             * bits. */
            assert_true(tst != GRUNDY_OK || !grundy_result_sg(f->small, &g));
            left++;
        } else {
            assert_int_equal(exact, 0);
            if (st != tst) {
                fail_msg("%s %s: status %d vs %d", spec, text, st, tst);
            }
            if (st == GRUNDY_OK) {
                snprintf(want, sizeof want, "%llu", (unsigned long long)g);
                assert_string_equal(grundy_result_sg_decimal(f->small),
                                    want);
            } else {
                assert_string_equal(err.message, terr.message);
            }
            answered++;
        }
        grundy_game_free(game);
    }
    assert_true(answered > 4000);
    assert_true(left > 300);
}

/* x mod d of a decimal string (schoolbook, 128-bit steps). */
static uint64_t
dec_mod(const char *x, uint64_t d)
{
    im_u128 r = 0;
    for (; *x != '\0'; x++) {
        r = (r * 10 + (unsigned)(*x - '0')) % d;
    }
    return (uint64_t)r;
}

/* x / d of a decimal string, d small, without leading zeros. */
static void
dec_div(const char *x, unsigned d, char *out)
{
    unsigned r = 0;
    size_t k = 0;
    for (; *x != '\0'; x++) {
        r = r * 10 + (unsigned)(*x - '0');
        if (k > 0 || r / d != 0 || x[1] == '\0') {
            out[k++] = (char)('0' + r / d);
        }
        r %= d;
    }
    out[k] = '\0';
}

/* x - 1 of a decimal string x >= 10 whose last digit is not 0. */
static void
dec_dec(const char *x, char *out)
{
    strcpy(out, x);
    out[strlen(out) - 1]--;
}

/* The value of text in spec through grundy_component_value_text. */
static const char *
sg_text(big_fixture *f, const char *spec, const char *text)
{
    grundy_game *game;
    grundy_error err;
    assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &game,
                                       &err), GRUNDY_OK);
    if (grundy_component_value_text(game, text, strlen(text), f->small,
                                    &err) != GRUNDY_OK) {
        fail_msg("%s %s: %s", spec, text, err.message);
    }
    grundy_game_free(game);
    return grundy_result_sg_decimal(f->small);
}

/* Values beyond 64 bits against identities on decimal strings: nim and
 * octal:0.(7) G(n) = n, bounded:M n mod (M+1), kayles by its period 12
 * from 71 on, Lasker's Nim (n, n, n+1, n-1 for n = 1, 2, 3, 0 mod 4) and
 * hex:0.8 floor((n-1)/3). */
static void
test_sg_beyond_64(void **state)
{
    static const uint64_t ms[] = {1, 2, 6, 1000, 4294967296u,
                                  UINT64_MAX - 1, UINT64_MAX};
    big_fixture *f = *state;
    uint64_t seed = 2024;
    for (int round = 0; round < 300; round++) {
        char n[80], zeros[90], want[90], spec[40];
        size_t len = 21 + brute_below(&seed, 50);
        uint64_t m = ms[brute_below(&seed, sizeof ms / sizeof ms[0])], g;
        n[0] = (char)('1' + brute_below(&seed, 9));
        for (size_t i = 1; i < len; i++) {
            n[i] = (char)('0' + brute_below(&seed, 10));
        }
        n[len - 1] = (char)('1' + brute_below(&seed, 9));
        n[len] = '\0';
        snprintf(zeros, sizeof zeros, "000%s", n);
        assert_string_equal(sg_text(f, "nim", zeros), n);
        assert_string_equal(sg_text(f, "octal:0.(7)", n), n);
        snprintf(spec, sizeof spec, "bounded:%llu", (unsigned long long)m);
        if (m != UINT64_MAX) {
            snprintf(want, sizeof want, "%llu",
                     (unsigned long long)dec_mod(n, m + 1));
        } else {
            /* n mod 2^64: unsigned arithmetic wraps there. */
            uint64_t r = 0;
            for (const char *p = n; *p != '\0'; p++) {
                r = r * 10 + (unsigned)(*p - '0');
            }
            snprintf(want, sizeof want, "%llu", (unsigned long long)r);
        }
        assert_string_equal(sg_text(f, spec, n), want);
        g = 72 + (dec_mod(n, 12) + 12 - 72 % 12) % 12;
        snprintf(want, sizeof want, "%llu", (unsigned long long)g);
        assert_string_equal(sg_text(f, "kayles", n), sg_text(f, "kayles",
                                                              want));
        switch (dec_mod(n, 4)) {
        case 3:
            dec_add(n, "1", want);
            break;
        case 0:
            dec_dec(n, want);
            break;
        default:
            strcpy(want, n);
        }
        assert_string_equal(sg_text(f, "lasker", n), want);
        dec_dec(n, zeros);
        dec_div(zeros, 3, want);
        assert_string_equal(sg_text(f, "hex:0.8", n), want);
    }
}

/* grundy_component_parse cannot hold a big number: it says so, never a
 * stand-in; a game without big numbers names the limit. */
static void
test_component_parse_big(void **state)
{
    big_fixture *f = *state;
    const char *text = "100000000000000000000000";
    grundy_game *game;
    grundy_error err;
    uint64_t v[4];
    size_t n;
    assert_int_equal(grundy_game_parse(f->ctx, "nim", 3, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_parse(game, text, strlen(text), v, 4,
                                            &n, &err), GRUNDY_EUNSUPPORTED);
    assert_non_null(strstr(err.message, "beyond 2^64 - 1"));
    grundy_game_free(game);
    assert_int_equal(grundy_game_parse(f->ctx, "grundy", 6, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value_text(game, text, strlen(text),
                                                 f->small, &err),
                     GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "number too large"));
    grundy_game_free(game);
    assert_string_equal(sg_text(f, "lasker", "18446744073709551615"),
                        "18446744073709551616");
    assert_false(grundy_result_sg(f->small, NULL));
}

/* Solves text into res (must succeed). */
static void
solve_text(big_fixture *f, const char *text, unsigned flags,
           grundy_result *res)
{
    grundy_error err;
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    if (grundy_solve(f->ctx, f->pos, flags, res, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
}

/* bounded:M with M beyond 2^64 - 1. On 64-bit heaps (every one below
 * M + 1) it is bounded:18446744073709551615: the same outcome, value and
 * moves in words, normal and misere, one move or all. Beyond 64 bits: n
 * mod (M + 1) for M = 10^k - 1 is n's last k digits, and every winning
 * move leaves a lost position, normal and misere. */
static void
test_bounded_big_m(void **state)
{
    big_fixture *f = *state;
    uint64_t seed = 31337;
    for (int round = 0; round < 2000; round++) {
        char a[256], b[256], heaps[200] = "";
        unsigned flags = (unsigned)brute_below(&seed, 4);
        size_t len = 0;
        for (int i = 0, n = 1 + (int)brute_below(&seed, 3); i < n; i++) {
            uint64_t h = brute_below(&seed, 2) ? brute_below(&seed, 20)
                                               : huge(&seed);
            len += (size_t)snprintf(heaps + len, sizeof heaps - len, " %llu",
                                    (unsigned long long)h);
        }
        snprintf(a, sizeof a, "bounded:100000000000000000000000%s", heaps);
        snprintf(b, sizeof b, "bounded:18446744073709551615%s", heaps);
        solve_text(f, a, flags, f->big);
        solve_text(f, b, flags, f->small);
        assert_int_equal(grundy_result_win(f->big),
                         grundy_result_win(f->small));
        assert_string_equal(grundy_result_sg_decimal(f->big),
                            grundy_result_sg_decimal(f->small));
        assert_int_equal(grundy_result_move_count(f->big),
                         grundy_result_move_count(f->small));
        for (size_t i = 0; i < grundy_result_move_count(f->big); i++) {
            assert_string_equal(grundy_result_move_explain(f->big, i),
                                grundy_result_move_explain(f->small, i));
        }
    }
    for (int round = 0; round < 100; round++) {
        char n[80], m[64], spec[80], text[256], want[80];
        size_t k = 20 + brute_below(&seed, 20), len = k + 1 +
                                                   brute_below(&seed, 30);
        const char *last;
        memset(m, '9', k);
        m[k] = '\0';
        n[0] = (char)('1' + brute_below(&seed, 9));
        for (size_t i = 1; i < len; i++) {
            n[i] = (char)('0' + brute_below(&seed, 10));
        }
        n[len] = '\0';
        last = n + len - k;
        while (last[0] == '0' && last[1] != '\0') {
            last++;
        }
        strcpy(want, last);
        snprintf(spec, sizeof spec, "bounded:%s", m);
        assert_string_equal(sg_text(f, spec, n), want);
        snprintf(text, sizeof text, "%s %s %s", spec, n,
                 round % 2 ? "5" : "123456789012345678901234567");
        if (strcmp(want, round % 2 ? "5" : "123456789012345678901234567")
            != 0) {
            assert_win_moves_lose(f, text, 0);
            assert_win_moves_lose(f, text, GRUNDY_MISERE);
        }
    }
}

/* ---- misere play beyond 64 bits, by the quotient's period ------------ */

/* A game whose misere quotient has a certified period, with its rules
 * literally: digit[j] for removing j (1 leave nothing, 2 one heap, 4 two
 * heaps, 8 three); a subtraction game keeps a heap taken whole as 0. */
typedef struct mq_game {
    const char *spec;
    unsigned digit[4];
    unsigned k;
    int sub;
} mq_game;

static const mq_game mq_games[] = {
    {"kayles", {0, 7, 7}, 2, 0},
    {"octal:0.75", {0, 7, 5}, 2, 0},
    {"sub:1,2", {0, 3, 3}, 2, 1},
    {"octal:0.144", {0, 1, 4, 4}, 3, 0},
    {"hex:0.d", {0, 0xd}, 1, 0},
};

/* The certified period of spec's heap elements: p after from. */
static void
mq_period(big_fixture *f, const char *spec, uint64_t *p, uint64_t *from)
{
    grundy_game *game;
    grundy_error err;
    misere_cache *mc;
    uint64_t n = 1000;
    assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &game,
                                       &err), GRUNDY_OK);
    if (misere_q_build(&game, 1, &n, &mc, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", spec, err.message);
    }
    assert_true(misere_q_period(mc, 0, p, from));
    grundy_game_free(game);
}

/* A random decimal number of the given number of digits. */
static void
random_dec(uint64_t *seed, size_t digits, char *out)
{
    out[0] = (char)('1' + brute_below(seed, 9));
    for (size_t i = 1; i < digits; i++) {
        out[i] = (char)('0' + brute_below(seed, 10));
    }
    out[digits] = '\0';
}

/* Splits a position's text (after its game) into its numbers: pointers
 * into buf, a copy of text; returns how many. */
static size_t
numbers_of(const char *text, char *buf, char **num, size_t max)
{
    size_t n = 0;
    strcpy(buf, text);
    for (char *t = strtok(buf, " "); t != NULL && n < max;
         t = strtok(NULL, " ")) {
        if (t[0] >= '0' && t[0] <= '9') {
            num[n++] = t;
        }
    }
    return n;
}

/* 1 when after[0 .. na) is before[0 .. nb) with one heap h replaced, by
 * the rules of g, by parts that sum to h - j for a removal j. */
static int
mq_legal(const mq_game *g, char **before, size_t nb, char **after,
         size_t na)
{
    for (size_t c = 0; c < nb && na + 1 >= nb; c++) {
        size_t s = na + 1 - nb, i;
        char sum[1300] = "0", t[1300];
        int zero = 0;
        for (i = 0; i < c && strcmp(before[i], after[i]) == 0; i++) {
        }
        if (i < c || s > 3) {
            continue;
        }
        for (i = c + 1; i < nb && strcmp(before[i], after[i - 1 + s]) == 0;
             i++) {
        }
        if (i < nb) {
            continue;
        }
        for (i = 0; i < s; i++) {
            zero |= strcmp(after[c + i], "0") == 0;
            dec_add(sum, after[c + i], t);
            strcpy(sum, t);
        }
        for (unsigned j = 1; j <= g->k; j++) {
            char jd[4];
            unsigned d = g->digit[j];
            snprintf(jd, sizeof jd, "%u", j);
            dec_add(sum, jd, t);
            if (strcmp(t, before[c]) != 0) {
                continue;
            }
            if (g->sub ? s == 1 && (zero ? (d & 1) : (d & 2))
                       : !zero && (d & (1u << s))) {
                return 1;
            }
        }
    }
    return 0;
}

/* Solves text in misere play (flags added) into res: the status. */
static grundy_status
mq_solve(big_fixture *f, const char *text, unsigned flags,
         grundy_result *res, grundy_error *err)
{
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), err), GRUNDY_OK);
    return grundy_solve(f->ctx, f->pos, GRUNDY_MISERE | flags, res, err);
}

static int
mq_win(big_fixture *f, const char *text)
{
    grundy_error err;
    if (mq_solve(f, text, 0, f->small, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
    return grundy_result_win(f->small);
}

/* Every move in f->big (copied first: solving reuses the results) is an
 * option of text by g's rules (one game only: g non-NULL) and leaves a
 * position lost in misere play. */
static void
mq_check_moves(big_fixture *f, const mq_game *g, const char *text)
{
    size_t n = grundy_result_move_count(f->big);
    char **moves = malloc((n + 1) * sizeof *moves);
    for (size_t i = 0; i < n; i++) {
        const char *m = grundy_result_move_position(f->big, i);
        moves[i] = malloc(strlen(m) + 1);
        strcpy(moves[i], m);
    }
    for (size_t i = 0; i < n; i++) {
        if (g != NULL) {
            char b1[600], b2[600], *before[8], *after[12];
            size_t nb = numbers_of(text, b1, before, 8);
            size_t na = numbers_of(moves[i], b2, after, 12);
            if (!mq_legal(g, before, nb, after, na)) {
                fail_msg("%s: the move to %s breaks the rules", text,
                         moves[i]);
            }
        }
        if (mq_win(f, moves[i])) {
            fail_msg("%s: the move to %s leaves a won position", text,
                     moves[i]);
        }
        free(moves[i]);
    }
    free(moves);
}

/* text with each heap beyond 64 bits replaced by a 64-bit heap of the
 * same element (the same residue mod p above from), or shifted by a
 * multiple of p to more digits (shift set): the outcome must not change. */
static void
mq_moved(uint64_t *seed, const char *spec, char **num, size_t n,
         uint64_t p, uint64_t from, int shift, char *out, size_t cap)
{
    int len = snprintf(out, cap, "%s", spec);
    for (size_t i = 0; i < n; i++) {
        char t[1300];
        if (strlen(num[i]) <= 20) {
            strcpy(t, num[i]);
        } else if (shift) {
            /* + j p 10^m */
            char jp[80];
            int l = snprintf(jp, sizeof jp, "%llu",
                             (unsigned long long)((1 + brute_below(seed,
                                                                   999)) *
                                                  p));
            for (uint64_t m = brute_below(seed, 30); m > 0; m--) {
                jp[l++] = '0';
            }
            jp[l] = '\0';
            dec_add(num[i], jp, t);
        } else {
            uint64_t r = (dec_mod(num[i], p) + p - (from + 1) % p) % p;
            snprintf(t, sizeof t, "%llu",
                     (unsigned long long)(from + 1 + r +
                                          p * brute_below(seed,
                                                          1000000000)));
        }
        len += snprintf(out + len, cap - (size_t)len, " %s", t);
    }
}

/* x - v of a decimal string x of more than 20 digits, v small. */
static void
dec_sub_small(const char *x, uint64_t v, char *out)
{
    int borrow = 0;
    strcpy(out, x);
    for (size_t d = strlen(out); d-- > 0;) {
        int r = out[d] - '0' - (int)(v % 10) - borrow;
        v /= 10;
        borrow = r < 0;
        out[d] = (char)('0' + (r + 10) % 10);
    }
}

/* With --all refused for a split standing for too many moves: an option
 * of heap num[at] leaving two parts above from (the smaller within one
 * period past from, with perhaps a third part not larger) leaves a lost
 * position. */
static int
mq_two_big_parts_win(big_fixture *f, const mq_game *g, char **num, size_t n,
                     size_t at, uint64_t p, uint64_t from)
{
    for (unsigned j = 1; j <= g->k; j++) {
        for (uint64_t b = from + 1; b <= from + p; b++) {
            for (uint64_t a = 0; a <= b; a++) {
                unsigned s = a == 0 ? 2u : 3u;
                char rest[1300], text[1500];
                int len;
                if (g->sub || !(g->digit[j] & (1u << s))) {
                    continue;
                }
                dec_sub_small(num[at], j + a + b, rest);
                len = snprintf(text, sizeof text, "%s", g->spec);
                for (size_t i = 0; i < n; i++) {
                    if (i != at) {
                        len += snprintf(text + len, sizeof text - (size_t)len,
                                        " %s", num[i]);
                    } else if (a == 0) {
                        len += snprintf(text + len, sizeof text - (size_t)len,
                                        " %llu %s", (unsigned long long)b,
                                        rest);
                    } else {
                        len += snprintf(text + len, sizeof text - (size_t)len,
                                        " %llu %llu %s", (unsigned long long)a,
                                        (unsigned long long)b, rest);
                    }
                }
                if (!mq_win(f, text)) {
                    return 1;
                }
            }
        }
    }
    return 0;
}

/*
 * Completeness of --all on heap num[at] (beyond 64 bits): every option
 * whose parts but the largest are at most 30 is listed exactly when it
 * leaves a lost position (the list holds each such option once, with
 * its small parts first, as octal writes them).
 */
static void
mq_check_complete(big_fixture *f, const mq_game *g, char **num, size_t n,
                  size_t at, char **listed, size_t nlisted, const char *text)
{
    for (unsigned j = 1; j <= g->k; j++) {
        for (unsigned s = 1; s <= 3; s++) {
            unsigned amax = s == 1 ? 0 : 30, bmax = s == 3 ? 30 : 0;
            if (g->sub ? s != 1 || !(g->digit[j] & 2)
                       : !(g->digit[j] & (1u << s))) {
                continue;
            }
            for (unsigned a = s == 1 ? 0 : 1; a <= amax; a++) {
                for (unsigned b = s == 3 ? a : 0; b <= bmax; b++) {
                    char rest[1300], opt[1500];
                    int len = snprintf(opt, sizeof opt, "%s", g->spec), in = 0;
                    dec_sub_small(num[at], j + a + b, rest);
                    for (size_t i = 0; i < n; i++) {
                        if (i != at) {
                            len += snprintf(opt + len,
                                            sizeof opt - (size_t)len, " %s",
                                            num[i]);
                            continue;
                        }
                        if (s >= 2) {
                            len += snprintf(opt + len,
                                            sizeof opt - (size_t)len, " %u",
                                            a);
                        }
                        if (s == 3) {
                            len += snprintf(opt + len,
                                            sizeof opt - (size_t)len, " %u",
                                            b);
                        }
                        len += snprintf(opt + len, sizeof opt - (size_t)len,
                                        " %s", rest);
                    }
                    for (size_t i = 0; i < nlisted && !in; i++) {
                        in = strcmp(listed[i], opt) == 0;
                    }
                    if (in == mq_win(f, opt)) {
                        fail_msg("%s --all: the option %s is %s", text, opt,
                                 in ? "listed, but not lost"
                                    : "lost, but not listed");
                    }
                }
            }
        }
    }
}

/*
 * Heaps beyond 64 bits in misere play, for games whose misere quotient
 * has a certified period (kayles, 0.75, sub:1,2, 0.144 with moves of 3,
 * hex:0.d with splits in three), beside small and 64-bit heaps: the
 * outcome is the one of the position with each big heap replaced by a
 * 64-bit heap of its residue above the period's start, and the one with
 * each big heap shifted by j p 10^m; the move is legal by the rules and
 * leaves a lost position; with --all, every move does, and on the first
 * big heap every option with small parts up to 30 is listed exactly when
 * it leaves a lost position; a refusal as too many stands for a winning
 * option with two parts above from.
 */
static void
test_misere_big_quotient(void **state)
{
    big_fixture *f = *state;
    uint64_t seed = 4711;
    size_t won = 0, lost = 0, all_listed = 0, all_refused = 0;
    for (size_t gi = 0; gi < sizeof mq_games / sizeof mq_games[0]; gi++) {
        const mq_game *g = &mq_games[gi];
        uint64_t p, from;
        mq_period(f, g->spec, &p, &from);
        for (int round = 0; round < 100; round++) {
            char text[600], other[1500], buf[600], *num[8];
            size_t n = 1 + brute_below(&seed, 3), nn, big0 = SIZE_MAX;
            grundy_error err;
            int len = snprintf(text, sizeof text, "%s", g->spec), win;
            for (size_t i = 0; i < n; i++) {
                char h[64];
                uint64_t kind = i == 0 ? 0 : brute_below(&seed, 3);
                if (kind == 0) {
                    random_dec(&seed, 21 + brute_below(&seed, 25), h);
                } else if (kind == 1) {
                    snprintf(h, sizeof h, "%llu",
                             (unsigned long long)brute_below(&seed, 41));
                } else {
                    snprintf(h, sizeof h, "%llu",
                             (unsigned long long)huge(&seed));
                }
                len += snprintf(text + len, sizeof text - (size_t)len, " %s",
                                h);
            }
            nn = numbers_of(text, buf, num, 8);
            for (size_t i = 0; i < nn && big0 == SIZE_MAX; i++) {
                big0 = strlen(num[i]) > 20 ? i : big0;
            }
            if (mq_solve(f, text, 0, f->big, &err) != GRUNDY_OK) {
                fail_msg("%s: %s", text, err.message);
            }
            win = grundy_result_win(f->big);
            won += (size_t)win;
            lost += (size_t)!win;
            assert_int_equal(grundy_result_move_count(f->big) > 0, win);
            mq_moved(&seed, g->spec, num, nn, p, from, 0, other,
                     sizeof other);
            if (mq_win(f, other) != win) {
                fail_msg("%s: outcome differs from %s", text, other);
            }
            mq_moved(&seed, g->spec, num, nn, p, from, 1, other,
                     sizeof other);
            if (mq_win(f, other) != win) {
                fail_msg("%s: outcome differs from %s", text, other);
            }
            mq_check_moves(f, g, text);
            if (round % 4 != 0 || !win) {
                continue;
            }
            if (mq_solve(f, text, GRUNDY_ALL_MOVES, f->big, &err) ==
                GRUNDY_OK) {
                size_t nm = grundy_result_move_count(f->big);
                char **listed = malloc((nm + 1) * sizeof *listed);
                for (size_t i = 0; i < nm; i++) {
                    const char *m = grundy_result_move_position(f->big, i);
                    listed[i] = malloc(strlen(m) + 1);
                    strcpy(listed[i], m);
                }
                mq_check_moves(f, g, text);
                mq_check_complete(f, g, num, nn, big0, listed, nm, text);
                for (size_t i = 0; i < nm; i++) {
                    free(listed[i]);
                }
                free(listed);
                all_listed++;
            } else if (strstr(err.message, "too many to list") != NULL) {
                /* a 64-bit row's own splits (the 64-bit path's limit) */
                all_refused++;
            } else {
                if (strstr(err.message, "more winning moves than can be "
                                        "listed") == NULL) {
                    fail_msg("%s --all: %s", text, err.message);
                }
                /* some big heap's: the first one's, or another's */
                {
                    int found = 0;
                    for (size_t i = 0; i < nn && !found; i++) {
                        found = strlen(num[i]) > 20 &&
                                mq_two_big_parts_win(f, g, num, nn, i, p,
                                                     from);
                    }
                    if (!found) {
                        fail_msg("%s --all: refused as too many, but no "
                                 "option with two big parts wins", text);
                    }
                }
                all_refused++;
            }
        }
    }
    assert_true(won > 200 && lost > 20);
    assert_true(all_listed > 10 && all_refused > 10);
}

/*
 * The stand-in path against the 64-bit one on the same positions (each
 * heap marked big, position_force_big): heaps near 2^64 beside small
 * ones, in misere play, of the games above. The outcome, the value and
 * the move must agree word for word: the stand-in's first winning option
 * is the heap's own, and its words are rewritten to the heap's.
 */
static void
test_misere_forced(void **state)
{
    big_fixture *f = *state;
    uint64_t seed = 2718;
    size_t compared = 0, won = 0;
    for (int round = 0; round < 1500; round++) {
        const mq_game *g = &mq_games[brute_below(&seed, sizeof mq_games /
                                                            sizeof mq_games[0])];
        char text[300];
        int len = snprintf(text, sizeof text, "%s", g->spec);
        size_t n = 1 + brute_below(&seed, 3);
        for (size_t i = 0; i < n; i++) {
            uint64_t h = i == 0 || brute_below(&seed, 2) ? huge(&seed)
                                                        : brute_below(&seed,
                                                                      50);
            len += snprintf(text + len, sizeof text - (size_t)len, " %llu",
                            (unsigned long long)h);
        }
        if (solve_both(f, text, GRUNDY_MISERE) != GRUNDY_OK) {
            continue;
        }
        assert_same(f, text);
        compared++;
        won += (size_t)grundy_result_win(f->big);
    }
    assert_true(compared > 1400);
    assert_true(won > compared / 2 && won < compared);
}

/*
 * Sums mixing games: big heaps of certified games beside 64-bit and
 * small heaps, and nim heaps of at most 1 (larger nim heaps make the
 * joint quotient with kayles slow to build, 64-bit heaps alike). The
 * outcome is the one with every big heap replaced by a 64-bit heap of
 * the same element; every winning move, one or all, leaves a lost
 * position. Three alphabets, so that their quotients stay cached.
 */
static void
test_misere_big_mixed(void **state)
{
    static const int combo[3][3] = {{0, 2, -1}, {1, 4, 4}, {0, 1, 0}};
    big_fixture *f = *state;
    uint64_t seed = 1618, p[5], from[5];
    size_t ng = sizeof mq_games / sizeof mq_games[0], won = 0, all = 0;
    for (size_t gi = 0; gi < ng; gi++) {
        mq_period(f, mq_games[gi].spec, &p[gi], &from[gi]);
    }
    for (int round = 0; round < 300; round++) {
        const int *c = combo[round % 3];
        char text[800], rep[800];
        int len = 0, rlen = 0, win;
        grundy_error err;
        for (int t = 0; t < 3; t++) {
            const char *spec = c[t] >= 0 ? mq_games[c[t]].spec : "nim";
            size_t n = 1 + brute_below(&seed, 2);
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%s",
                            t > 0 ? " + " : "", spec);
            rlen += snprintf(rep + rlen, sizeof rep - (size_t)rlen, "%s%s",
                             t > 0 ? " + " : "", spec);
            for (size_t i = 0; i < n; i++) {
                char h[64], r[64];
                uint64_t kind = t == 0 && i == 0 ? 0 : brute_below(&seed, 3);
                if (c[t] < 0) {
                    snprintf(h, sizeof h, "%llu",
                             (unsigned long long)brute_below(&seed, 2));
                    strcpy(r, h);
                } else if (kind == 0) {
                    uint64_t g = (uint64_t)c[t];
                    random_dec(&seed, 21 + brute_below(&seed, 20), h);
                    snprintf(r, sizeof r, "%llu",
                             (unsigned long long)(from[g] + 1 +
                                 (dec_mod(h, p[g]) + p[g] -
                                  (from[g] + 1) % p[g]) % p[g] +
                                 p[g] * (1000 + brute_below(&seed, 1000))));
                } else {
                    snprintf(h, sizeof h, "%llu",
                             (unsigned long long)(kind == 1
                                                      ? brute_below(&seed, 30)
                                                      : huge(&seed)));
                    strcpy(r, h);
                }
                len += snprintf(text + len, sizeof text - (size_t)len, " %s",
                                h);
                rlen += snprintf(rep + rlen, sizeof rep - (size_t)rlen,
                                 " %s", r);
            }
        }
        if (mq_solve(f, text, 0, f->big, &err) != GRUNDY_OK) {
            fail_msg("%s: %s", text, err.message);
        }
        win = grundy_result_win(f->big);
        if (mq_win(f, rep) != win) {
            fail_msg("%s: outcome differs from %s", text, rep);
        }
        mq_check_moves(f, NULL, text);
        won += (size_t)win;
        if (win && mq_solve(f, text, GRUNDY_ALL_MOVES, f->big, &err) ==
                       GRUNDY_OK) {
            mq_check_moves(f, NULL, text);
            all++;
        }
    }
    assert_true(won > 100 && all > 20);
}

/* Solves text into res; the status. */
static grundy_status
saltus_solve(big_fixture *f, const char *text, grundy_result *res)
{
    grundy_error err;
    assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                           strlen(text), &err), GRUNDY_OK);
    return grundy_solve(f->ctx, f->pos, 0, res, &err);
}

/*
 * Codes whose certified period has a saltus (the arithmetic-periodicity
 * tests of docs/theory.md 3b), on heaps of 30 to 40 digits: the value is
 * G(n0 + i) + k s for n = n0 + i + k p, computed here from the 64-bit
 * value of n0 + i; and beside a nim heap w, the winning move leaves a
 * position that loses. hex:0.4c's moves include splits in two, whose
 * words count stones beyond 64 bits.
 */
static void
test_saltus_codes(void **state)
{
    static const char *const codes[] = {"hex:0.f8", "hex:0.c", "hex:0.9c",
                                        "hex:0.4c", "octal:0.1(3)",
                                        "octal:0.(2)"};
    big_fixture *f = *state;
    uint64_t seed = 99;
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        grundy_game *game;
        grundy_period per;
        grundy_error err;
        assert_int_equal(grundy_game_parse(f->ctx, codes[c], strlen(codes[c]),
                                           &game, &err), GRUNDY_OK);
        assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
        assert_true(per.found && per.saltus != 0);
        grundy_game_free(game);
        for (int t = 0; t < 25; t++) {
            char num[64], text[256], want[80];
            size_t len = 30 + brute_below(&seed, 11);
            bignum *n = bignum_new(), *v = bignum_new();
            uint64_t i, g0;
            assert_non_null(n);
            assert_non_null(v);
            num[0] = (char)('1' + brute_below(&seed, 9));
            for (size_t d = 1; d < len; d++) {
                num[d] = (char)('0' + brute_below(&seed, 10));
            }
            num[len] = '\0';
            /* k = (n - n0) / p, i = (n - n0) mod p. */
            assert_int_equal(bignum_parse_dec(n, num, len), 0);
            assert_int_equal(bignum_set_u64(v, per.preperiod), 0);
            assert_int_equal(bignum_sub(v, n, v), 0);
            assert_int_equal(bignum_divmod_u64(v, v, per.period, &i), 0);
            assert_int_equal(bignum_mul_u64(v, v, per.saltus), 0);
            snprintf(text, sizeof text, "%s %llu", codes[c],
                     (unsigned long long)(per.preperiod + i));
            assert_int_equal(saltus_solve(f, text, f->small), GRUNDY_OK);
            assert_true(grundy_result_sg(f->small, &g0));
            assert_int_equal(bignum_add_u64(v, v, g0), 0);
            assert_true(bignum_to_dec(v, want) < sizeof want);
            snprintf(text, sizeof text, "%s %s", codes[c], num);
            assert_int_equal(saltus_solve(f, text, f->big), GRUNDY_OK);
            if (strcmp(grundy_result_sg_decimal(f->big), want) != 0) {
                fail_msg("%s: sg %s, the period says %s", text,
                         grundy_result_sg_decimal(f->big), want);
            }
            snprintf(text, sizeof text, "%s %s + nim %llu", codes[c], num,
                     (unsigned long long)brute_below(&seed, 40));
            assert_int_equal(saltus_solve(f, text, f->big), GRUNDY_OK);
            assert_true(grundy_result_win(f->big));
            assert_true(grundy_result_move_count(f->big) >= 1);
            snprintf(text, sizeof text, "%s",
                     grundy_result_move_position(f->big, 0));
            if (saltus_solve(f, text, f->small) != GRUNDY_OK ||
                grundy_result_win(f->small)) {
                fail_msg("%s %s: the move to %s does not leave a loss",
                         codes[c], num, text);
            }
            bignum_free(n);
            bignum_free(v);
        }
    }
}

/*
 * Heaps beyond 64 bits of codes with an ordinary period go through the
 * 64-bit scan of removals and splits (octal_options_scan), their rests'
 * values from a 64-bit stand-in of one residue mod p: on heaps near 2^64
 * (where the rest may fit again), near 2^128 and of up to 60 digits,
 * with small heaps beside, every winning move (one, or all when they can
 * be listed) leaves a lost position, whose value the period's reduction
 * gives independently of the scan.
 */
static void
test_ordinary_period_big(void **state)
{
    static const char *const games[] = {
        "kayles", "dawson", "octal:0.137", "octal:0.16", "octal:0.4",
        "stripes:2,3", "sub:1,3,4", "hex:0.81", "hex:0.b", "hex:0.d"};
    static const char *const near[] = {
        "18446744073709551616", "18446744073709551617",
        "18446744073709551618", "340282366920938463463374607431768211456",
        "340282366920938463463374607431768211457"};
    big_fixture *f = *state;
    grundy_error err;
    uint64_t seed = 2323;
    size_t won = 0;
    for (int round = 0; round < 600; round++) {
        const char *g = games[brute_below(&seed, sizeof games /
                                                     sizeof games[0])];
        char text[400], h[64];
        int len = snprintf(text, sizeof text, "%s", g);
        size_t n = 1 + brute_below(&seed, 3);
        for (size_t i = 0; i < n; i++) {
            uint64_t kind = i == 0 ? brute_below(&seed, 2) : 2;
            if (kind == 0) {
                snprintf(h, sizeof h, "%s",
                         near[brute_below(&seed, sizeof near /
                                                     sizeof near[0])]);
            } else if (kind == 1) {
                random_dec(&seed, 21 + brute_below(&seed, 40), h);
            } else {
                snprintf(h, sizeof h, "%llu",
                         (unsigned long long)brute_below(&seed, 30));
            }
            len += snprintf(text + len, sizeof text - (size_t)len, " %s", h);
        }
        assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                               strlen(text), &err),
                         GRUNDY_OK);
        if (grundy_solve(f->ctx, f->pos, 0, f->big, &err) != GRUNDY_OK) {
            fail_msg("%s: %s", text, err.message);
        }
        if (!grundy_result_win(f->big)) {
            continue;
        }
        assert_win_moves_lose(f, text, 0);
        won++;
    }
    assert_true(won > 300);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_heap_sums, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saltus_codes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pairs_and_piles, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_fibonacci_500_digits, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_wythoff_100_digits, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_lasker_top, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ordinary_period_big, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_sg_forced, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sg_beyond_64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sg_u64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_component_parse_big, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_bounded_big_m, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_misere_big_quotient, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_misere_forced, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_misere_big_mixed, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
