/*
 * test_coins.c - coin turning (mock, ruler, corners) and nim
 * multiplication against literal searches of the rules: a row or grid of
 * coins as a bitset, every turning move enumerated, mex and win/lose by
 * retrograde order; every reported winning move replayed as a legal turn
 * that leaves a loss. Published values: odious numbers (OEIS A000069),
 * ONAG's nim multiplication table, field identities on 64-bit words.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"
#include "nimmul.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the literal games -------------------------------------------------
 * A row position is a bitset: bit i is coin i heads (mock: coins 0..11;
 * ruler: bit i is coin i + 1, coins 1..12). A grid position: bit 4y + x
 * is coin (x,y), 0 <= x, y < 4. A move XORs a mask whose highest coin is
 * heads (it goes to tails), so every option is a smaller bitset: values
 * and outcomes fill in increasing order. */

#define NROW 12
#define NGRID 4

static uint8_t row_g[2][1u << NROW];   /* [0] mock, [1] ruler: values */
static uint8_t row_w[2][1u << NROW];   /* mover wins (no Grundy theory) */
static uint8_t grid_g[1u << 16];
static uint8_t grid_w[1u << 16];
static int filled;

/* The masks of the legal moves whose heads-to-tails coin is h. */
static size_t
row_masks(int ruler, unsigned h, uint32_t *m)
{
    size_t n = 0;
    if (ruler) {
        for (unsigned lo = 0; lo <= h; lo++) {   /* the run lo..h */
            m[n++] = (uint32_t)(((1u << (h + 1)) - 1) & ~((1u << lo) - 1));
        }
        return n;
    }
    m[n++] = 1u << h;
    for (unsigned a = 0; a < h; a++) {
        m[n++] = (1u << h) | (1u << a);
        for (unsigned b = 0; b < a; b++) {
            m[n++] = (1u << h) | (1u << a) | (1u << b);
        }
    }
    return n;
}

static size_t
grid_masks(unsigned x, unsigned y, uint32_t *m)
{
    size_t n = 0;
    for (unsigned a = 0; a < x; a++) {
        for (unsigned b = 0; b < y; b++) {
            m[n++] = (1u << (4 * y + x)) | (1u << (4 * y + a)) |
                     (1u << (4 * b + x)) | (1u << (4 * b + a));
        }
    }
    return n;
}

static void
fill(void)
{
    uint32_t m[256];
    uint64_t opts[4096];
    if (filled) {
        return;
    }
    for (int r = 0; r < 2; r++) {
        for (uint32_t s = 0; s < (1u << NROW); s++) {
            size_t no = 0;
            int win = 0;
            for (unsigned h = 0; h < NROW; h++) {
                if (s & (1u << h)) {
                    size_t k = row_masks(r, h, m);
                    for (size_t i = 0; i < k; i++) {
                        opts[no++] = row_g[r][s ^ m[i]];
                        win |= !row_w[r][s ^ m[i]];
                    }
                }
            }
            row_g[r][s] = (uint8_t)brute_mex(opts, no);
            row_w[r][s] = (uint8_t)win;
        }
    }
    for (uint32_t s = 0; s < (1u << 16); s++) {
        size_t no = 0;
        int win = 0;
        for (unsigned c = 0; c < 16; c++) {
            if (s & (1u << c)) {
                size_t k = grid_masks(c % 4, c / 4, m);
                for (size_t i = 0; i < k; i++) {
                    opts[no++] = grid_g[s ^ m[i]];
                    win |= !grid_w[s ^ m[i]];
                }
            }
        }
        grid_g[s] = (uint8_t)brute_mex(opts, no);
        grid_w[s] = (uint8_t)win;
    }
    filled = 1;
}

/* The coins of a rendered position ("mock 3 1", "" when empty) as a
 * bitset; equal coins cancel (XOR). Returns -1 for a coin off the board
 * or a malformed text. */
static long
parse_row(const char *s, int ruler)
{
    long set = 0;
    const char *p = s;
    if (*p == '\0') {
        return 0;
    }
    p = strchr(p, ' ');
    while (p != NULL && *p == ' ') {
        char *end;
        unsigned long v = strtoul(p + 1, &end, 10);
        unsigned bit = ruler ? (unsigned)v - 1 : (unsigned)v;
        if (end == p + 1 || (ruler && v == 0) || bit >= NROW) {
            return -1;
        }
        set ^= 1l << bit;
        p = end;
    }
    return set;
}

static long
parse_grid(const char *s)
{
    long set = 0;
    const char *p = s;
    if (*p == '\0') {
        return 0;
    }
    p = strchr(p, ' ');
    while (p != NULL && *p == ' ') {
        char *end;
        unsigned long x = strtoul(p + 1, &end, 10), y;
        if (*end != ',') {
            return -1;
        }
        y = strtoul(end + 1, &end, 10);
        if (x >= NGRID || y >= NGRID) {
            return -1;
        }
        set ^= 1l << (4 * y + x);
        p = end;
    }
    return set;
}

/* 1 when mask is a legal move from s: its highest coin heads in s, and
 * of a legal shape. */
static int
row_legal(int ruler, uint32_t s, uint32_t mask)
{
    uint32_t m[256];
    unsigned h;
    if (mask == 0) {
        return 0;
    }
    h = 31u - (unsigned)__builtin_clz(mask);
    if (!(s & (1u << h))) {
        return 0;
    }
    for (size_t i = 0, k = row_masks(ruler, h, m); i < k; i++) {
        if (m[i] == mask) {
            return 1;
        }
    }
    return 0;
}

static int
grid_legal(uint32_t s, uint32_t mask)
{
    uint32_t m[16];
    for (unsigned c = 0; c < 16; c++) {
        if (s & (1u << c)) {
            for (size_t i = 0, k = grid_masks(c % 4, c / 4, m); i < k;
                 i++) {
                if (m[i] == mask) {
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* The text of row position s, coins in a shuffled order; with repeats,
 * each heads coin written once or three times and a few tails coins
 * twice (a coin written twice is tails). */
static void
row_text(char *t, size_t cap, int ruler, uint32_t s, int repeats,
         uint64_t *seed)
{
    unsigned coins[3 * NROW], n = 0;
    size_t len;
    for (unsigned i = 0; i < NROW; i++) {
        unsigned heads = (s & (1u << i)) != 0, times = heads;
        if (repeats) {
            times = heads ? 1u + 2u * (unsigned)brute_below(seed, 2)
                    : brute_below(seed, 4) == 0 ? 2u
                                                : 0u;
        }
        for (unsigned k = 0; k < times; k++) {
            coins[n++] = i + (ruler ? 1u : 0u);
        }
    }
    for (unsigned i = n; i > 1; i--) {
        unsigned j = (unsigned)brute_below(seed, i), tmp = coins[i - 1];
        coins[i - 1] = coins[j];
        coins[j] = tmp;
    }
    len = (size_t)snprintf(t, cap, "%s", ruler ? "ruler" : "mock");
    for (unsigned i = 0; i < n; i++) {
        len += (size_t)snprintf(t + len, cap - len, " %u", coins[i]);
    }
}

/* The moves of f->res, each a legal turn from s leaving a loss. */
static void
check_row_moves(const fixture *f, int ruler, uint32_t s, const char *text)
{
    for (size_t i = 0, n = grundy_result_move_count(f->res); i < n; i++) {
        long after = parse_row(grundy_result_move_position(f->res, i),
                               ruler);
        assert_true(after >= 0);
        if (!row_legal(ruler, s, s ^ (uint32_t)after)) {
            fail_msg("%s: move to %s is not legal", text,
                     grundy_result_move_position(f->res, i));
        }
        assert_false(row_w[ruler][after]);
    }
}

/* Row position s written as text: value, outcome, and with --all every
 * winning move, each a legal turn leaving a loss, as many as the literal
 * game has; without --all one of them. */
static void
check_row(fixture *f, int ruler, uint32_t s, const char *text)
{
    uint64_t sg;
    size_t want = 0;
    uint32_t m[256];
    for (unsigned h = 0; h < NROW; h++) {
        if (s & (1u << h)) {
            size_t k = row_masks(ruler, h, m);
            for (size_t i = 0; i < k; i++) {
                want += !row_w[ruler][s ^ m[i]];
            }
        }
    }
    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
    assert_true(grundy_result_sg(f->res, &sg));
    assert_int_equal(sg, row_g[ruler][s]);
    assert_int_equal(grundy_result_win(f->res), row_w[ruler][s]);
    assert_int_equal(grundy_result_move_count(f->res), want);
    check_row_moves(f, ruler, s, text);
    fixture_solve_ok(f, text, 0);
    assert_int_equal(grundy_result_win(f->res), row_w[ruler][s]);
    assert_int_equal(grundy_result_move_count(f->res), row_w[ruler][s]);
    check_row_moves(f, ruler, s, text);
}

/* Every row position of coins 0..11 (1..12), written once each. */
static void
check_rows(fixture *f, int ruler)
{
    uint64_t seed = 7 + (uint64_t)ruler;
    char text[128];
    fill();
    for (uint32_t s = 1; s < (1u << NROW); s++) {   /* 0: nothing to write */
        row_text(text, sizeof text, ruler, s, 0, &seed);
        check_row(f, ruler, s, text);
    }
}

/* Rows written with repeated coins: a coin written twice is tails, so a
 * move turns a coin that the row holds an odd number of times from heads
 * to tails (not a copy that cancels), and --all lists each move once. */
static void
check_rows_repeated(fixture *f, int ruler)
{
    uint64_t seed = 31 + (uint64_t)ruler;
    char text[512];
    fill();
    for (int t = 0; t < 3000; t++) {
        uint32_t s = (uint32_t)brute_below(&seed, 1u << NROW);
        row_text(text, sizeof text, ruler, s, 1, &seed);
        if (strchr(text, ' ') != NULL) {   /* some coin written */
            check_row(f, ruler, s, text);
        }
    }
}

static void
test_mock_literal(void **state)
{
    check_rows(*state, 0);
    check_rows_repeated(*state, 0);
}

static void
test_ruler_literal(void **state)
{
    check_rows(*state, 1);
    check_rows_repeated(*state, 1);
}

/* OEIS A000069, the odious numbers, are the values of the Mock Turtles
 * coins 0, 1, 2, ... (coin 0 the mock turtle); the literal game agrees
 * on the first twelve. */
static void
test_mock_odious(void **state)
{
    static const uint64_t a000069[] = {
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
        37, 38, 41, 42, 44, 47, 49, 50, 52, 55, 56, 59, 61, 62, 64, 67, 69,
        70, 73, 74, 76, 79, 81, 82, 84, 87, 88, 91, 93, 94, 97, 98, 100};
    fixture *f = *state;
    char text[64];
    fill();
    for (unsigned n = 0; n < sizeof a000069 / sizeof a000069[0]; n++) {
        uint64_t sg;
        snprintf(text, sizeof text, "mock %u", n);
        fixture_solve_ok(f, text, 0);
        assert_true(grundy_result_sg(f->res, &sg));
        assert_int_equal(sg, a000069[n]);
        if (n < NROW) {
            assert_int_equal(sg, row_g[0][1u << n]);
        }
    }
    /* ruler: the largest power of two dividing n */
    for (unsigned n = 1; n <= NROW; n++) {
        uint64_t sg;
        snprintf(text, sizeof text, "ruler %u", n);
        fixture_solve_ok(f, text, 0);
        assert_true(grundy_result_sg(f->res, &sg));
        assert_int_equal(sg, n & (0u - n));
        assert_int_equal(sg, row_g[1][1u << (n - 1)]);
    }
}

/* Equal coins cancel: "mock 3 3 5" is "mock 5"; a move's turned coin
 * that was heads leaves the position. */
static void
test_cancel(void **state)
{
    fixture *f = *state;
    uint64_t sg;
    fixture_solve_ok(f, "mock 3 3", 0);
    assert_false(grundy_result_win(f->res));
    assert_true(grundy_result_sg(f->res, &sg) && sg == 0);
    fixture_solve_ok(f, "mock 3 5 3", 0);
    assert_true(grundy_result_sg(f->res, &sg) && sg == 11);
    fixture_solve_ok(f, "mock 5 3", 0);
    /* both coins tails: the empty position, written as the game alone */
    assert_string_equal(grundy_result_move_position(f->res, 0), "mock");
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "turn coins 5 and 3");
    fixture_solve_ok(f, "ruler 12 11 5", 0);
    /* 4 ^ 1 ^ 1 = 4: coin 12 to value 0, turning it alone */
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "ruler 11 5");
    fixture_solve_ok(f, "corners 2,2 1,2 3,3", 0);
    assert_true(grundy_result_sg(f->res, &sg));
    assert_int_equal(sg, nimmul_mul(2, 2) ^ nimmul_mul(1, 2) ^
                             nimmul_mul(3, 3));
}

/* Every grid position of the 4 x 4 corner: values, outcomes, every
 * winning move (--all) legal and leaving a loss, as many as the literal
 * game has. */
static void
test_corners_literal(void **state)
{
    fixture *f = *state;
    uint64_t seed = 11;
    char text[256];
    fill();
    for (uint32_t s = 1; s < (1u << 16);
         s += 1 + (uint32_t)brute_below(&seed, 6)) {
        uint64_t sg;
        size_t want = 0, n, len = (size_t)snprintf(text, sizeof text,
                                                   "corners");
        uint32_t m[16];
        for (unsigned c = 0; c < 16; c++) {
            if (s & (1u << c)) {
                len += (size_t)snprintf(text + len, sizeof text - len,
                                        " %u,%u", c % 4, c / 4);
                for (size_t i = 0, k = grid_masks(c % 4, c / 4, m); i < k;
                     i++) {
                    want += !grid_w[s ^ m[i]];
                }
            }
        }
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_true(grundy_result_sg(f->res, &sg));
        assert_int_equal(sg, grid_g[s]);
        assert_int_equal(grundy_result_win(f->res), grid_w[s]);
        n = grundy_result_move_count(f->res);
        assert_int_equal(n, want);
        for (size_t i = 0; i < n; i++) {
            long after = parse_grid(grundy_result_move_position(f->res, i));
            assert_true(after >= 0);
            assert_true(grid_legal(s, s ^ (uint32_t)after));
            assert_false(grid_w[after]);
        }
        fixture_solve_ok(f, text, 0);
        if (grid_w[s]) {
            long after = parse_grid(grundy_result_move_position(f->res, 0));
            assert_true(after >= 0 && grid_legal(s, s ^ (uint32_t)after));
            assert_false(grid_w[after]);
        }
    }
}

/* The same with coins written again: each heads coin once or three
 * times and some tails coins twice, so a move must turn a coin written an
 * odd number of times, and --all lists each move once. */
static void
test_corners_repeated(void **state)
{
    fixture *f = *state;
    uint64_t seed = 13;
    char text[1024];
    fill();
    for (int t = 0; t < 2000; t++) {
        uint32_t s = 1 + (uint32_t)brute_below(&seed, (1u << 16) - 1), m[16];
        size_t want = 0, n, len = (size_t)snprintf(text, sizeof text,
                                                   "corners");
        for (unsigned c = 0; c < 16; c++) {
            unsigned times = (s & (1u << c))
                                 ? 1u + 2u * (unsigned)brute_below(&seed, 2)
                             : brute_below(&seed, 4) == 0 ? 2u
                                                          : 0u;
            for (unsigned k = 0; k < times; k++) {
                len += (size_t)snprintf(text + len, sizeof text - len,
                                        " %u,%u", c % 4, c / 4);
            }
            if (s & (1u << c)) {
                for (size_t i = 0, k = grid_masks(c % 4, c / 4, m); i < k;
                     i++) {
                    want += !grid_w[s ^ m[i]];
                }
            }
        }
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_int_equal(grundy_result_win(f->res), grid_w[s]);
        n = grundy_result_move_count(f->res);
        assert_int_equal(n, want);
        for (size_t i = 0; i < n; i++) {
            long after = parse_grid(grundy_result_move_position(f->res, i));
            assert_true(after >= 0);
            assert_true(grid_legal(s, s ^ (uint32_t)after));
            assert_false(grid_w[after]);
        }
    }
}

/* ---- nim multiplication ------------------------------------------------ */

/* The mex definition, literally, for x, y < 64; ONAG's 16 x 16 table is
 * its corner (rows 0..15 as printed in On Numbers and Games, ch. 6). */
static void
test_nimmul_table(void **state)
{
    static const uint8_t onag[16][16] = {
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
        {0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
        {0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
        {0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
        {0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
        {0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
        {0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
        {0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
        {0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
        {0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
        {0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
        {0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
        {0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
        {0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
    };
    static uint64_t t[64][64];
    (void)state;
    for (unsigned x = 0; x < 64; x++) {
        for (unsigned y = 0; y < 64; y++) {
            uint64_t opts[64 * 64];
            size_t n = 0;
            for (unsigned a = 0; a < x; a++) {
                for (unsigned b = 0; b < y; b++) {
                    opts[n++] = t[a][y] ^ t[x][b] ^ t[a][b];
                }
            }
            t[x][y] = brute_mex(opts, n);
            assert_int_equal(nimmul_mul(x, y), t[x][y]);
            if (x < 16 && y < 16) {
                assert_int_equal(t[x][y], onag[x][y]);
            }
        }
    }
    assert_int_equal(nimmul_mul(2, 2), 3);
    assert_int_equal(nimmul_mul(2, 3), 1);
    assert_int_equal(nimmul_mul(4, 4), 6);
    assert_int_equal(nimmul_mul(8, 8), 13);
    assert_int_equal(nimmul_mul(16, 16), 24);
    /* A Fermat 2-power squared is its sesquimultiple; below it, nim
     * products by it are ordinary (ONAG ch. 6). */
    assert_int_equal(nimmul_mul(256, 256), 256 + 128);
    assert_int_equal(nimmul_mul((uint64_t)1 << 32, (uint64_t)1 << 32),
                     ((uint64_t)1 << 32) + ((uint64_t)1 << 31));
    assert_int_equal(nimmul_mul((uint64_t)1 << 32, 12345),
                     (uint64_t)12345 << 32);
    assert_int_equal(nimmul_mul(65536, 65535), (uint64_t)65535 << 16);
}

/* Field identities on random 64-bit words. */
static void
test_nimmul_field(void **state)
{
    uint64_t seed = 99;
    (void)state;
    for (int i = 0; i < 20000; i++) {
        unsigned sx = (unsigned)brute_below(&seed, 64);
        uint64_t x = brute_rand(&seed) >> sx, y = brute_rand(&seed),
                 z = brute_rand(&seed) >> (sx / 2);
        uint64_t xy = nimmul_mul(x, y);
        assert_int_equal(xy, nimmul_mul(y, x));
        assert_int_equal(nimmul_mul(xy, z), nimmul_mul(x, nimmul_mul(y, z)));
        assert_int_equal(nimmul_mul(x, y ^ z), xy ^ nimmul_mul(x, z));
        assert_int_equal(nimmul_mul(x, 1), x);
        assert_int_equal(nimmul_mul(x, 0), 0);
        if (x != 0) {
            uint64_t inv = nimmul_inv(x);
            assert_int_equal(nimmul_mul(x, inv), 1);
            if (i < 500) {
                /* Fermat: x^(2^64 - 2) is the inverse */
                assert_int_equal(nimmul_pow(x, UINT64_MAX - 1), inv);
                assert_int_equal(nimmul_pow(x, UINT64_MAX), 1);
            }
        }
    }
    assert_int_equal(nimmul_inv(0), 0);
}


/* The factorisation behind Turning Corners' moves finds one for every
 * target the mex definition promises: t with its highest bit a one bit
 * of x (*) y (t = w ^ x(*)y, w < x(*)y), every x, y < 128 and random
 * 64-bit ones; each answer a true factorisation within the bounds. */
static void
test_nimmul_factor(void **state)
{
    uint64_t seed = 77, u, v;
    (void)state;
    for (uint64_t x = 1; x < 128; x++) {
        for (uint64_t y = 1; y < 128; y++) {
            uint64_t g = nimmul_mul(x, y);
            for (uint64_t w = 0; w < g; w++) {
                assert_true(nimmul_factor(x, y, w ^ g, &u, &v));
                assert_int_equal(nimmul_mul(u, v), w ^ g);
                assert_true(u != 0 && (x ^ u) < x && v != 0 && (y ^ v) < y);
            }
            /* t = 0 and t = g are no option's (u, v != 0; mex) */
            assert_false(nimmul_factor(x, y, 0, &u, &v));
        }
    }
    for (int i = 0; i < 100000; i++) {
        uint64_t x = brute_rand(&seed) >> brute_below(&seed, 64);
        uint64_t y = brute_rand(&seed) >> brute_below(&seed, 64);
        uint64_t g = nimmul_mul(x, y), w;
        if (g == 0) {
            continue;
        }
        w = brute_rand(&seed) >> brute_below(&seed, 64);
        w = w < g ? w : w % g;
        assert_true(nimmul_factor(x, y, w ^ g, &u, &v));
        assert_int_equal(nimmul_mul(u, v), w ^ g);
        assert_true((x ^ u) < x && (y ^ v) < y);
    }
}

/* ---- beyond the literal boards -------------------------------------- */

/* Random positions of big coins: every reported move (--all too) is a
 * legal turn of its family's rules and leaves a position grundy (and
 * the closed forms computed here) call lost. */
static uint64_t
odious(uint64_t n)
{
    return 2 * n + (uint64_t)!__builtin_parityll(n);
}

static void
test_big_coins(void **state)
{
    fixture *f = *state;
    uint64_t seed = 5;
    char text[512];
    for (int t = 0; t < 3000; t++) {
        int game = t % 3;
        unsigned k = 1 + (unsigned)brute_below(&seed, 4);
        uint64_t c[8][2], x = 0, sg;
        size_t len = (size_t)snprintf(text, sizeof text, "%s",
                                      game == 0 ? "mock" : game == 1
                                      ? "ruler" : "corners");
        for (unsigned i = 0; i < k; i++) {
            unsigned bits = 1 + (unsigned)brute_below(&seed, 62);
            c[i][0] = brute_rand(&seed) >> (64 - bits);
            c[i][1] = brute_rand(&seed) >> (unsigned)brute_below(&seed, 64);
            if (game == 1 && c[i][0] == 0) {
                c[i][0] = 1;
            }
            if (game == 2) {
                /* small coordinates now and then: --all stays short */
                if (t % 2) {
                    c[i][0] &= 1023;
                }
                len += (size_t)snprintf(text + len, sizeof text - len,
                                        " %llu,%llu",
                                        (unsigned long long)c[i][0],
                                        (unsigned long long)c[i][1]);
                x ^= nimmul_mul(c[i][0], c[i][1]);
            } else {
                len += (size_t)snprintf(text + len, sizeof text - len,
                                        " %llu", (unsigned long long)c[i][0]);
                x ^= game == 0 ? odious(c[i][0])
                               : c[i][0] & (~c[i][0] + 1);
            }
        }
        fixture_solve_ok(f, text, (game == 2 && t % 2) ? GRUNDY_ALL_MOVES : 0);
        assert_true(grundy_result_sg(f->res, &sg));
        assert_int_equal(sg, x);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        assert_int_equal(grundy_result_move_count(f->res) > 0, x != 0);
        for (size_t i = 0; i < grundy_result_move_count(f->res); i++) {
            const char *at = grundy_result_move_position(f->res, i);
            char *after = malloc(strlen(at) + 1);
            uint64_t s2;
            assert_non_null(after);
            memcpy(after, at, strlen(at) + 1);
            if (after[0] == '\0') {
                free(after);
                continue;   /* nothing left: a loss */
            }
            /* the position left is lost (values by the closed forms,
             * checked above against the literal game) */
            {
                fixture g2 = *f;
                g2.res = grundy_result_new();
                fixture_solve_ok(&g2, after, 0);
                assert_true(grundy_result_sg(g2.res, &s2));
                assert_int_equal(s2, 0);
                grundy_result_free(g2.res);
            }
            free(after);
        }
    }
}

/* Every target below the value of every coin (x,y), x, y < 48: the move
 * to it is found (coin and nim heap: the heap w < x(*)y cannot move to
 * a value above it, so only the coin can). */
static void
test_corners_every_target(void **state)
{
    fixture *f = *state;
    char text[96];
    for (unsigned x = 1; x < 48; x++) {
        for (unsigned y = 1; y < 48; y++) {
            uint64_t g = nimmul_mul(x, y);
            for (uint64_t w = 0; w < g; w++) {
                unsigned long a, b;
                char *end;
                const char *pos;
                snprintf(text, sizeof text, "corners %u,%u + nim %llu", x, y,
                         (unsigned long long)w);
                fixture_solve_ok(f, text, 0);
                assert_int_equal(grundy_result_move_count(f->res), 1);
                pos = grundy_result_move_position(f->res, 0);
                /* "corners a,y x,b a,b + nim w" */
                assert_int_equal(strncmp(pos, "corners ", 8), 0);
                a = strtoul(pos + 8, &end, 10);
                assert_int_equal(*end, ',');
                assert_int_equal(strtoul(end + 1, &end, 10), y);
                assert_int_equal(strtoul(end + 1, &end, 10), x);
                b = strtoul(end + 1, &end, 10);
                assert_true(a < x && b < y);
                assert_int_equal(nimmul_mul(a, y) ^ nimmul_mul(x, b) ^
                                     nimmul_mul(a, b),
                                 w);
            }
        }
    }
}


/* ---- coins beyond 2^63 (exact values past 64 bits) --------------------- */

__extension__ typedef unsigned __int128 u128;

static void
u128_dec(u128 v, char *buf)
{
    char tmp[48];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    for (size_t i = 0; i < n; i++) {
        buf[i] = tmp[n - 1 - i];
    }
    buf[n] = '\0';
}

/* The coins of a rendered row position as a sorted set (equal coins
 * cancel); n of them. */
static size_t
coins_u64(const char *s, uint64_t *out, size_t cap)
{
    size_t n = 0;
    const char *p = strchr(s, ' ');
    while (p != NULL && *p == ' ') {
        char *end;
        uint64_t v = strtoull(p + 1, &end, 10);
        size_t i;
        for (i = 0; i < n && out[i] != v; i++) {
        }
        if (i < n) {
            out[i] = out[--n];
        } else {
            assert_true(n < cap);
            out[n++] = v;
        }
        p = end;
    }
    return n;
}

/* Coins from 2^63 to 2^64 - 1 (values past 64 bits): the value of the
 * position against 128-bit arithmetic, and every winning move a legal
 * turn (by the rules, from the sets before and after) leaving a loss. */
static void
test_beyond_64(void **state)
{
    fixture *f = *state;
    uint64_t seed = 41;
    char text[256], want[48];
    for (int t = 0; t < 2000; t++) {
        int ruler = t % 2;
        unsigned k = 1 + (unsigned)brute_below(&seed, 3);
        static uint64_t before[8], after[1 << 15], turned[1 << 15];
        uint64_t c[4];
        size_t nb, na, nt;
        u128 x = 0;
        size_t len = (size_t)snprintf(text, sizeof text, "%s",
                                      ruler ? "ruler" : "mock");
        for (unsigned i = 0; i < k; i++) {
            c[i] = brute_rand(&seed) | ((uint64_t)(i == 0) << 63);
            if (ruler && brute_below(&seed, 2)) {
                c[i] &= ~(uint64_t)0 << brute_below(&seed, 14); /* long runs */
                c[i] |= (uint64_t)1 << 63;
            }
            len += (size_t)snprintf(text + len, sizeof text - len, " %llu",
                                    (unsigned long long)c[i]);
            x ^= ruler ? (u128)(c[i] & (~c[i] + 1))
                       : 2 * (u128)c[i] + (u128)!__builtin_parityll(c[i]);
        }
        fixture_solve_ok(f, text, 0);
        u128_dec(x, want);
        assert_string_equal(grundy_result_sg_decimal(f->res), want);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        if (x == 0) {
            continue;
        }
        assert_int_equal(grundy_result_move_count(f->res), 1);
        nb = coins_u64(text, before, 8);
        {
            const char *pos = grundy_result_move_position(f->res, 0);
            char *copy = malloc(strlen(pos) + 8);
            assert_non_null(copy);
            /* an empty position ("") has no coin */
            snprintf(copy, strlen(pos) + 8, "%s%s", pos[0] ? "" : "x", pos);
            na = coins_u64(copy, after, 1 << 15);
            if (pos[0] != '\0' && na > 0) {
                fixture g2 = *f;
                g2.res = grundy_result_new();
                fixture_solve_ok(&g2, copy, 0);
                assert_string_equal(grundy_result_sg_decimal(g2.res), "0");
                grundy_result_free(g2.res);
            }
            free(copy);
        }
        /* the coins turned: the symmetric difference, its largest heads
         * before; mock turns at most three, ruler a run */
        nt = 0;
        for (size_t i = 0; i < nb; i++) {
            size_t j;
            for (j = 0; j < na && after[j] != before[i]; j++) {
            }
            if (j == na) {
                turned[nt++] = before[i];
            }
        }
        for (size_t j = 0; j < na; j++) {
            size_t i;
            for (i = 0; i < nb && before[i] != after[j]; i++) {
            }
            if (i == nb) {
                turned[nt++] = after[j];
            }
        }
        assert_true(nt >= 1);
        {
            uint64_t top = 0, lo = UINT64_MAX;
            int top_heads = 0;
            for (size_t i = 0; i < nt; i++) {
                top = turned[i] > top ? turned[i] : top;
                lo = turned[i] < lo ? turned[i] : lo;
            }
            for (size_t i = 0; i < nb; i++) {
                top_heads |= before[i] == top;
            }
            assert_true(top_heads);
            if (ruler) {
                assert_int_equal(top - lo + 1, nt);  /* a run: distinct */
            } else {
                assert_true(nt <= 3);
            }
        }
    }
}

/* Coins of 30 to 40 digits: the move given leaves a loss. */
static void
test_big_coin_moves(void **state)
{
    fixture *f = *state;
    uint64_t seed = 43;
    char text[512];
    for (int t = 0; t < 400; t++) {
        int ruler = t % 2;
        size_t len = (size_t)snprintf(text, sizeof text, "%s",
                                      ruler ? "ruler" : "mock");
        for (unsigned i = 0; i < 3; i++) {
            unsigned digits = 30 + (unsigned)brute_below(&seed, 11);
            text[len++] = ' ';
            text[len++] = (char)('1' + brute_below(&seed, 9));
            for (unsigned d = 1; d < digits; d++) {
                text[len++] = (char)('0' + brute_below(&seed, 10));
            }
            if (ruler) {
                /* an even coin now and then: values past bit 0 */
                text[len - 1] = (char)('0' + 2 * brute_below(&seed, 5));
            }
        }
        text[len] = '\0';
        fixture_solve_ok(f, text, 0);
        if (grundy_result_win(f->res)) {
            const char *pos = grundy_result_move_position(f->res, 0);
            char *copy = malloc(strlen(pos) + 1);
            assert_non_null(copy);
            memcpy(copy, pos, strlen(pos) + 1);
            assert_non_null(strstr(grundy_result_move_explain(f->res, 0),
                                   "turn coin"));
            if (copy[0] != '\0') {
                fixture g2 = *f;
                g2.res = grundy_result_new();
                fixture_solve_ok(&g2, copy, 0);
                assert_string_equal(grundy_result_sg_decimal(g2.res), "0");
                grundy_result_free(g2.res);
            }
            free(copy);
        }
    }
}

/* Misere play is refused, never answered by the rules of sums, which
 * do not hold for coins (a coin turned twice is tails again). */
static void
test_misere_refused(void **state)
{
    fixture *f = *state;
    grundy_error err;
    assert_int_equal(fixture_solve(f, "mock 3", GRUNDY_MISERE, &err),
                     GRUNDY_EUNSUPPORTED);
    assert_non_null(strstr(err.message, "misere play of mock"));
    assert_int_equal(fixture_solve(f, "nim 3 + corners 2,2", GRUNDY_MISERE,
                                   &err), GRUNDY_EUNSUPPORTED);
    assert_int_equal(fixture_solve(f, "ruler 3", GRUNDY_MISERE, &err),
                     GRUNDY_EUNSUPPORTED);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nimmul_table),
        cmocka_unit_test(test_nimmul_field),
        cmocka_unit_test(test_nimmul_factor),
        cmocka_unit_test_setup_teardown(test_mock_odious, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_mock_literal, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_ruler_literal, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_cancel, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_corners_repeated,
                                        fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_corners_literal, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_corners_every_target,
                                        fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_coins, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_beyond_64, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_coin_moves, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_misere_refused, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
