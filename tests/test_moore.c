/*
 * test_moore.c - Moore's Nim_K against a literal search of the rules
 * (lower any 1..K heaps by any positive amounts; mex and win/lose
 * recursion): outcomes, values where grundy gives them, every winning
 * move (--all), the constructive move on large heaps, misere, sums,
 * published P-positions, errors.
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

#define MN 4    /* heaps */
#define MH 6    /* heap sizes 0..MH-1 */
#define MKEYS 1296 /* MH^MN */
#define MK 3    /* K = 1..MK */

static uint64_t G[MK + 1][MKEYS];
static int W[MK + 1][MKEYS]; /* misere: 1 if the mover wins */
static int filled;

static void
digits(size_t x, unsigned *d)
{
    for (size_t i = 0; i < MN; i++) {
        d[i] = (unsigned)(x % MH);
        x /= MH;
    }
}

/* y is an option of x under Nim_K: every heap at most as large, 1..K of
 * them smaller. */
static int
is_option(const unsigned *x, const unsigned *y, size_t n, unsigned k)
{
    unsigned lowered = 0;
    for (size_t i = 0; i < n; i++) {
        if (y[i] > x[i]) {
            return 0;
        }
        lowered += y[i] < x[i];
    }
    return lowered >= 1 && lowered <= k;
}

/* Positions of MN heaps (a missing heap is an empty one), by index:
 * every option has a smaller index. */
static void
brute_fill(void)
{
    static uint64_t opts[MKEYS];
    if (filled) {
        return;
    }
    for (unsigned k = 1; k <= MK; k++) {
        for (size_t x = 0; x < MKEYS; x++) {
            unsigned dx[MN], dy[MN];
            size_t n = 0;
            int win = 0;
            digits(x, dx);
            for (size_t y = 0; y < x; y++) {
                digits(y, dy);
                if (is_option(dx, dy, MN, k)) {
                    opts[n++] = G[k][y];
                    win |= !W[k][y];
                }
            }
            G[k][x] = brute_mex(opts, n);
            W[k][x] = n == 0 ? 1 : win;
        }
    }
    filled = 1;
}

static size_t
index_of(const unsigned *d, size_t n)
{
    size_t x = 0;
    for (size_t i = n; i-- > 0;) {
        x = x * MH + d[i];
    }
    return x;
}

/* Moore's theorem, written here: lost iff every bit is set in a multiple
 * of K + 1 heaps. */
static int
moore_lose(const uint64_t *h, size_t n, uint64_t k)
{
    for (unsigned bit = 0; bit < 64; bit++) {
        uint64_t c = 0;
        for (size_t i = 0; i < n; i++) {
            c += (h[i] >> bit) & 1;
        }
        if (c % (k + 1) != 0) {
            return 0;
        }
    }
    return 1;
}

/* Every position of 1..MN heaps below MH, K = 1..MK, normal and misere:
 * outcome, value (grundy computes every one of these), and with --all
 * exactly the winning options. */
static void
test_all_small(void **state)
{
    fixture *f = *state;
    char text[96];
    brute_fill();
    for (unsigned k = 1; k <= MK; k++) {
        for (size_t n = 1; n <= MN; n++) {
            size_t total = 1;
            for (size_t i = 0; i < n; i++) {
                total *= MH;
            }
            for (size_t x = 0; x < total; x++) {
                unsigned d[MN];
                size_t at;
                digits(x, d);
                at = (size_t)snprintf(text, sizeof text, "moore:%u ", k);
                for (size_t i = 0; i < n; i++) {
                    at += (size_t)snprintf(text + at, sizeof text - at,
                                           "%s%u", i ? "," : "", d[i]);
                }
                for (int mis = 0; mis < 2; mis++) {
                    size_t want = 0;
                    uint64_t sg;
                    int win = mis ? W[k][x] : G[k][x] != 0;
                    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                                  (mis ? GRUNDY_MISERE : 0));
                    assert_int_equal(grundy_result_win(f->res), win);
                    if (!mis) {
                        assert_true(grundy_result_sg(f->res, &sg));
                        assert_true(sg == G[k][x]);
                    }
                    for (size_t y = 0; y < x; y++) {
                        unsigned e[MN];
                        digits(y, e);
                        if (is_option(d, e, MN, k)) {
                            want += mis ? !W[k][y] : G[k][y] == 0;
                        }
                    }
                    assert_int_equal(grundy_result_move_count(f->res),
                                     want);
                    for (size_t i = 0; i < want; i++) {
                        uint64_t v[MN + 1];
                        unsigned e[MN] = {0};
                        size_t y;
                        assert_int_equal(
                            fixture_read_list(grundy_result_move_position(
                                                  f->res, i),
                                              v, MN + 1),
                            n);
                        for (size_t j = 0; j < n; j++) {
                            assert_true(v[j] < MH);
                            e[j] = (unsigned)v[j];
                        }
                        y = index_of(e, MN);
                        assert_true(is_option(d, e, MN, k));
                        assert_true(mis ? !W[k][y] : G[k][y] == 0);
                    }
                    /* The one move given without --all is one of them. */
                    fixture_solve_ok(f, text, mis ? GRUNDY_MISERE : 0);
                    assert_int_equal(grundy_result_win(f->res), win);
                    if (grundy_result_move_count(f->res) > 0) {
                        uint64_t v[MN + 1];
                        unsigned e[MN] = {0};
                        size_t y;
                        assert_int_equal(
                            fixture_read_list(grundy_result_move_position(
                                                  f->res, 0),
                                              v, MN + 1),
                            n);
                        for (size_t j = 0; j < n; j++) {
                            e[j] = (unsigned)v[j];
                        }
                        y = index_of(e, MN);
                        assert_true(is_option(d, e, MN, k));
                        assert_true(mis ? !W[k][y] : G[k][y] == 0);
                    } else {
                        /* No move: a loss, or misere with no heap. */
                        assert_true(!win || (mis && x == 0));
                    }
                }
            }
        }
    }
}

/* Large heaps: the outcome by Moore's theorem written here, and the
 * constructive move lowers 1..K heaps and leaves a loss by it. */
static void
test_large(void **state)
{
    fixture *f = *state;
    uint64_t seed = 31;
    char text[512];
    for (int t = 0; t < 4000; t++) {
        uint64_t h[10], v[11], k = 1 + brute_below(&seed, 5);
        size_t n = 1 + (size_t)brute_below(&seed, 10), at, lowered = 0;
        int mis = t % 4 == 3;
        at = (size_t)snprintf(text, sizeof text, "moore:%llu ",
                              (unsigned long long)k);
        for (size_t i = 0; i < n; i++) {
            h[i] = brute_rand(&seed) >> brute_below(&seed, 64);
            if (t % 3 == 0 && i > 0) {
                h[i] = h[i - 1]; /* many P-positions */
            }
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%llu",
                                   i ? "," : "", (unsigned long long)h[i]);
        }
        fixture_solve_ok(f, text, mis ? GRUNDY_MISERE : 0);
        if (!mis) {
            assert_int_equal(grundy_result_win(f->res),
                             !moore_lose(h, n, k));
        }
        if (!grundy_result_win(f->res)) {
            continue;
        }
        if (grundy_result_move_count(f->res) == 0) {
            /* Misere with every heap empty: the mover wins, no move. */
            uint64_t any = 0;
            for (size_t i = 0; i < n; i++) {
                any |= h[i];
            }
            assert_true(mis && any == 0);
            continue;
        }
        if (fixture_read_list(grundy_result_move_position(f->res, 0), v,
                              11) != n) {
            fail_msg("%s: move to %s", text,
                     grundy_result_move_position(f->res, 0));
        }
        for (size_t i = 0; i < n; i++) {
            assert_true(v[i] <= h[i]);
            lowered += v[i] < h[i];
        }
        assert_true(lowered >= 1 && lowered <= k);
        if (!mis) {
            assert_true(moore_lose(v, n, k));
        } else {
            char after[512];
            snprintf(after, sizeof after, "%s",
                     grundy_result_move_position(f->res, 0));
            fixture_solve_ok(f, after, GRUNDY_MISERE);
            assert_false(grundy_result_win(f->res));
        }
    }
}

/* Misere outcome of the sum of Nim_K games (a,b) and (c,d): a move
 * lowers 1..K heaps of one of them. */
static int
mis_sum(unsigned k, unsigned a, unsigned b, unsigned c, unsigned d)
{
    static signed char memo[MK + 1][MH][MH][MH][MH];
    signed char *m = &memo[k][a][b][c][d];
    unsigned p[4] = {a, b, c, d};
    int any = 0;
    if (*m != 0) {
        return *m > 0;
    }
    for (unsigned g = 0; g < 2; g++) {
        for (unsigned x = 0; x <= p[2 * g]; x++) {
            for (unsigned y = 0; y <= p[2 * g + 1]; y++) {
                unsigned from[2] = {p[2 * g], p[2 * g + 1]}, to[2] = {x, y};
                unsigned q[4];
                if (!is_option(from, to, 2, k)) {
                    continue;
                }
                memcpy(q, p, sizeof q);
                q[2 * g] = x;
                q[2 * g + 1] = y;
                any = 1;
                if (!mis_sum(k, q[0], q[1], q[2], q[3])) {
                    *m = 1;
                    return 1;
                }
            }
        }
    }
    *m = any ? -1 : 1; /* misere: no move, the mover wins */
    return *m > 0;
}

/* Heaps beyond 64 bits (a lone game): 128-bit heaps written and read
 * here in decimal; the outcome by Moore's theorem on both words, the
 * move legal and leaving a loss (misere: by the misere rule). */
typedef fixture_u128 u128;

/* The heaps of "moore:K a,b,c" (nothing after them) into v. */
static size_t
read_heaps128(const char *s, u128 *v, size_t cap)
{
    const char *rest;
    size_t n = fixture_read_list128(s, v, cap, &rest);
    assert_int_equal(*rest, '\0');
    return n;
}

static int
moore_lose128(const u128 *h, size_t n, uint64_t k)
{
    uint64_t lo[8], hi[8];
    for (size_t i = 0; i < n; i++) {
        lo[i] = (uint64_t)h[i];
        hi[i] = (uint64_t)(h[i] >> 64);
    }
    return moore_lose(lo, n, k) && moore_lose(hi, n, k);
}

static void
test_big_heaps(void **state)
{
    fixture *f = *state;
    uint64_t seed = 41;
    char text[512], num[48];
    for (int t = 0; t < 3000; t++) {
        u128 h[8], v[9];
        uint64_t k = 1 + brute_below(&seed, 4);
        size_t n = 1 + (size_t)brute_below(&seed, 7), at, lowered = 0;
        int mis = t % 3 == 2, mlose;
        at = (size_t)snprintf(text, sizeof text, "moore:%llu ",
                              (unsigned long long)k);
        for (size_t i = 0; i < n; i++) {
            uint64_t top = brute_rand(&seed) >> brute_below(&seed, 64);
            uint64_t low = brute_rand(&seed) >> brute_below(&seed, 64);
            h[i] = (u128)top << 64 | low;
            if (t % 4 == 0 && i > 0) {
                h[i] = h[i - 1] >> brute_below(&seed, 2);
            }
            if (t % 5 == 0 && i > 0) {
                h[i] = brute_below(&seed, 2); /* ones beside big heaps */
            }
            if (i == 0 && h[0] >> 64 == 0) {
                h[0] |= (u128)1 << 100; /* at least one heap >= 2^64 */
            }
            fixture_u128_dec(num, h[i]);
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s",
                                   i ? "," : "", num);
        }
        fixture_solve_ok(f, text, mis ? GRUNDY_MISERE : 0);
        /* A heap >= 2 is there: misere follows the normal verdict. */
        assert_int_equal(grundy_result_win(f->res), !moore_lose128(h, n, k));
        if (!grundy_result_win(f->res)) {
            continue;
        }
        assert_int_equal(
            read_heaps128(grundy_result_move_position(f->res, 0), v, 9), n);
        for (size_t i = 0; i < n; i++) {
            assert_true(v[i] <= h[i]);
            lowered += v[i] < h[i];
        }
        assert_true(lowered >= 1 && lowered <= k);
        mlose = moore_lose128(v, n, k);
        if (mis) {
            uint64_t ones = 0;
            int small = 1;
            for (size_t i = 0; i < n; i++) {
                small &= v[i] <= 1;
                ones += v[i] == 1;
            }
            mlose = small ? ones % (k + 1) == 1 : mlose;
        }
        assert_true(mlose);
    }
}

/* moore:1 is Nim at any size: with a nim heap beside, the value is the
 * XOR (computed here in 128 bits) and the move leaves XOR 0. */
static void
test_big_nim(void **state)
{
    fixture *f = *state;
    uint64_t seed = 43;
    char text[512], num[48];
    grundy_error err;
    for (int t = 0; t < 1000; t++) {
        u128 h[6], v[7], x = 0, heap, nh;
        size_t n = 1 + (size_t)brute_below(&seed, 5), at;
        const char *after, *plus;
        at = (size_t)snprintf(text, sizeof text, "moore:1 ");
        for (size_t i = 0; i < n; i++) {
            h[i] = (u128)(brute_rand(&seed) >> brute_below(&seed, 64)) << 64 |
                   brute_rand(&seed);
            h[i] |= (u128)1 << 70;
            x ^= h[i];
            fixture_u128_dec(num, h[i]);
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s",
                                   i ? "," : "", num);
        }
        heap = (u128)brute_rand(&seed) << brute_below(&seed, 60);
        fixture_u128_dec(num, heap);
        snprintf(text + at, sizeof text - at, " + nim %s", num);
        fixture_solve_ok(f, text, 0);
        fixture_u128_dec(num, x ^ heap);
        assert_string_equal(grundy_result_sg_decimal(f->res), num);
        if ((x ^ heap) == 0) {
            continue;
        }
        after = grundy_result_move_position(f->res, 0);
        plus = strstr(after, " + nim ");
        assert_non_null(plus);
        {
            char head[512];
            u128 y = 0;
            memcpy(head, after, (size_t)(plus - after));
            head[plus - after] = '\0';
            assert_int_equal(read_heaps128(head, v, 7), n);
            {
                const char *p = plus + 7;
                nh = fixture_u128_read(&p);
                assert_int_equal(*p, '\0');
            }
            for (size_t i = 0; i < n; i++) {
                assert_true(v[i] <= h[i]);
                y ^= v[i];
            }
            assert_true((y ^ nh) == 0);
        }
    }
    /* K >= 2 beyond 64 bits in a sum: no value, said so. */
    assert_int_equal(fixture_solve(f, "moore:2 100000000000000000000000,1 + "
                                      "nim 1", 0, &err),
                     GRUNDY_EUNSUPPORTED);
    assert_non_null(strstr(err.message, "no known closed form"));
}

/* Sums: small games have values by search; with a nim heap the value is
 * the XOR; a game past the search is refused in a sum, and misere sums
 * go to the exhaustive search. */
static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 7;
    char text[128];
    grundy_error err;
    brute_fill();
    for (int t = 0; t < 1500; t++) {
        unsigned k = 1 + (unsigned)brute_below(&seed, MK);
        unsigned d[MN];
        size_t x = (size_t)brute_below(&seed, MKEYS), y = 0, want = 0;
        unsigned h = (unsigned)brute_below(&seed, 8);
        uint64_t sg;
        digits(x, d);
        snprintf(text, sizeof text, "moore:%u %u,%u,%u,%u + nim %u", k,
                 d[0], d[1], d[2], d[3], h);
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_true(grundy_result_sg(f->res, &sg) && sg == (G[k][x] ^ h));
        assert_int_equal(grundy_result_win(f->res), sg != 0);
        for (y = 0; y < x; y++) {
            unsigned e[MN];
            digits(y, e);
            want += is_option(d, e, MN, k) && G[k][y] == h;
        }
        want += G[k][x] < h;
        assert_int_equal(grundy_result_move_count(f->res), want);
        if (t % 3 == 0) {
            /* A misere sum of two games of two heaps: grundy's
             * exhaustive search against mis_sum's. */
            unsigned p[4];
            for (int i = 0; i < 4; i++) {
                p[i] = (unsigned)brute_below(&seed, MH);
            }
            snprintf(text, sizeof text, "moore:%u %u,%u %u,%u", k, p[0],
                     p[1], p[2], p[3]);
            fixture_solve_ok(f, text, GRUNDY_MISERE);
            assert_int_equal(grundy_result_win(f->res),
                             mis_sum(k, p[0], p[1], p[2], p[3]));
        }
    }
    assert_int_equal(fixture_solve(f, "moore:2 1000,2000,3000 + nim 1", 0,
                                   &err), GRUNDY_EUNSUPPORTED);
    assert_non_null(strstr(err.message, "no known closed form"));
    uint64_t zero = 1;
    assert_int_equal(fixture_solve(f, "moore:3 100,200 100,201", 0, &err),
                     GRUNDY_EUNSUPPORTED);
    /* Two equal games of unknown value cancel (G + G = 0). */
    fixture_solve_ok(f, "moore:3 100,200 100,200", 0);
    assert_true(grundy_result_sg(f->res, &zero) && zero == 0);
    assert_false(grundy_result_win(f->res));
    /* K = 1 is Nim: any size, XOR. */
    fixture_solve_ok(f, "moore:1 1000000007,3 + nim 5", 0);
    assert_true(grundy_result_sg(f->res, &(uint64_t){0}));
}

/* Published P-positions (Moore 1910: every bit in a multiple of K + 1
 * heaps) and N-positions. */
static void
test_published(void **state)
{
    fixture *f = *state;
    static const char *lose[] = {
        "moore:2 1,1,1", "moore:2 7,7,7", "moore:2 1,2,3,1,2,3,1,2,3",
        "moore:2 4,2,6,4,2,6,4,2,6", "moore:3 5,5,5,5", "moore:1 1,2,3",
        "moore:2 3,5,6,1,2,4", "moore:2 0,0"};
    static const char *win[] = {
        "moore:2 1,2,3", "moore:2 1,1", "moore:3 5,5,5",
        "moore:2 3,5,6", "moore:1 1,2,4"};
    for (size_t i = 0; i < sizeof lose / sizeof lose[0]; i++) {
        fixture_solve_ok(f, lose[i], 0);
        assert_false(grundy_result_win(f->res));
    }
    for (size_t i = 0; i < sizeof win / sizeof win[0]; i++) {
        fixture_solve_ok(f, win[i], 0);
        assert_true(grundy_result_win(f->res));
    }
    fixture_solve_ok(f, "moore:2 1000,2000,3000", 0);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "moore:2 1000,1000,1000");
    assert_false(grundy_result_sg(f->res, &(uint64_t){0}));
    fixture_solve_ok(f, "moore:2 1000,1000,1000", 0);
    assert_true(grundy_result_sg(f->res, &(uint64_t){0}));
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    assert_int_equal(grundy_game_parse(f->ctx, "moore", 5, &game, &err),
                     GRUNDY_ESPEC);
    assert_int_equal(grundy_game_parse(f->ctx, "moore:0", 7, &game, &err),
                     GRUNDY_ESPEC);
    assert_int_equal(grundy_game_parse(f->ctx, "moore:x", 7, &game, &err),
                     GRUNDY_ESPEC);
    assert_int_equal(fixture_solve(f, "moore:2 1,y", 0, &err),
                     GRUNDY_EPOSITION);
    assert_int_equal(fixture_solve(f, "moore:2 100000,100001,100000",
                                   GRUNDY_ALL_MOVES, &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many"));
    {
        /* a heap past the fixed bound: refused, saying no setting helps */
        size_t n = 100001;
        char *text = malloc(n + 16);
        assert_non_null(text);
        memcpy(text, "moore:2 ", 8);
        memset(text + 8, '9', n);
        memcpy(text + 8 + n, ",5", 3);
        assert_int_equal(fixture_solve(f, text, 0, &err), GRUNDY_ELIMIT);
        assert_non_null(strstr(err.message, "no setting raises"));
        free(text);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_all_small, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_large, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_heaps, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_nim, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_published, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
