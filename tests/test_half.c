/*
 * test_half.c - At-Least-Half (half) against the literal rule, a heap of
 * n leaves any m <= floor(n/2): values by mex on every heap up to 5000;
 * outcome, value and exactly the winning moves (--all) of thousands of
 * sums of up to four heaps, each move checked legal and losing for the
 * opponent; misere outcomes and moves against a game-tree search written
 * here; the closed form at the top of the 64-bit range; errors.
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

#define NH 5001 /* heaps 0..5000 */

static uint64_t G[NH];
static int filled;

/* G by the definition: mex of G(m) over every m <= n/2. */
static void
brute_fill(void)
{
    static uint64_t opts[NH];
    if (filled) {
        return;
    }
    for (size_t n = 0; n < NH; n++) {
        size_t k = 0;
        for (size_t m = 0; n > 0 && m <= n / 2; m++) {
            opts[k++] = G[m];
        }
        G[n] = brute_mex(opts, k);
    }
    filled = 1;
}

static void
test_values(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    brute_fill();
    assert_int_equal(grundy_game_parse(f->ctx, "half", 4, &game, &err),
                     GRUNDY_OK);
    for (uint64_t n = 0; n < NH; n++) {
        uint64_t g;
        assert_int_equal(grundy_component_value(game, &n, 1, &g, &err),
                         GRUNDY_OK);
        if (g != G[n]) {
            fail_msg("G(%llu) = %llu, definition %llu",
                     (unsigned long long)n, (unsigned long long)g,
                     (unsigned long long)G[n]);
        }
    }
    grundy_game_free(game);
}

/* The heaps of "half a b c" (after the game's name) into h; their count. */
static size_t
read_heaps(const char *s, uint64_t *h, size_t cap)
{
    size_t k = 0;
    char *end;
    assert_int_equal(strncmp(s, "half", 4), 0);
    s += 4;
    while (*s == ' ' && k < cap) {
        h[k++] = strtoull(s + 1, &end, 10);
        s = end;
    }
    assert_int_equal(*s, '\0');
    return k;
}

/* 1 when after (k heaps) is heaps before with one heap i turned into an
 * m <= before[i] / 2 (the rule), the others unchanged. */
static int
is_move(const uint64_t *before, const uint64_t *after, size_t k)
{
    size_t changed = 0, at = 0;
    for (size_t i = 0; i < k; i++) {
        if (after[i] != before[i]) {
            changed++;
            at = i;
        }
    }
    return changed == 1 && after[at] <= before[at] / 2;
}

/* Misere outcome of a sum of up to four heaps below 64, by the game tree:
 * 1 when the player to move wins (no move at all: the mover wins). */
static int
mis(const unsigned *h, size_t k)
{
    static signed char memo[64][64][64][64];
    unsigned s[4] = {0, 0, 0, 0};
    signed char *m;
    int any = 0;
    memcpy(s, h, k * sizeof *h);
    m = &memo[s[0]][s[1]][s[2]][s[3]];
    if (*m != 0) {
        return *m > 0;
    }
    for (size_t i = 0; i < 4; i++) {
        for (unsigned to = 0; s[i] > 0 && to <= s[i] / 2; to++) {
            unsigned t[4];
            memcpy(t, s, sizeof t);
            t[i] = to;
            any = 1;
            if (!mis(t, 4)) {
                *m = 1;
                return 1;
            }
        }
    }
    *m = any ? -1 : 1;
    return *m > 0;
}

/* Sums: outcome, value, exactly the winning moves (--all), each legal and
 * leaving value 0 (normal) or a misere loss for the opponent. */
static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 17;
    char text[128];
    brute_fill();
    for (int t = 0; t < 6000; t++) {
        int misere = t % 3 == 2;
        size_t k = 1 + (size_t)brute_below(&seed, 4), want = 0, at;
        uint64_t h[4], x = 0, sg;
        unsigned hs[4];
        uint64_t bound = misere ? 64 : (t % 2 ? 5000 : 40);
        at = (size_t)snprintf(text, sizeof text, "half");
        for (size_t i = 0; i < k; i++) {
            h[i] = brute_below(&seed, bound);
            hs[i] = (unsigned)h[i];
            x ^= G[h[i]];
            at += (size_t)snprintf(text + at, sizeof text - at, " %llu",
                                   (unsigned long long)h[i]);
        }
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                      (misere ? GRUNDY_MISERE : 0));
        if (!misere) {
            assert_int_equal(grundy_result_win(f->res), x != 0);
            assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        } else {
            assert_int_equal(grundy_result_win(f->res), mis(hs, k));
        }
        /* The winning moves by the rule, counted one per heap and m. */
        for (size_t i = 0; i < k; i++) {
            for (uint64_t m = 0; h[i] > 0 && m <= h[i] / 2; m++) {
                unsigned after[4];
                memcpy(after, hs, sizeof after);
                after[i] = (unsigned)m;
                want += misere ? !mis(after, k)
                               : (x ^ G[h[i]] ^ G[m]) == 0;
            }
        }
        assert_int_equal(grundy_result_move_count(f->res), want);
        for (size_t i = 0; i < want; i++) {
            uint64_t a[4];
            unsigned as[4];
            uint64_t y = 0;
            assert_int_equal(read_heaps(grundy_result_move_position(f->res,
                                                                   i),
                                        a, 4), k);
            assert_true(is_move(h, a, k));
            for (size_t j = 0; j < k; j++) {
                y ^= G[a[j]];
                as[j] = (unsigned)a[j];
            }
            assert_true(misere ? !mis(as, k) : y == 0);
        }
    }
}

/* One winning move (no --all) on heaps of the whole 64-bit range: the
 * value is the number of binary digits; the move is legal and leaves 0. */
static void
test_large(void **state)
{
    fixture *f = *state;
    uint64_t seed = 5;
    char text[128];
    for (int t = 0; t < 2000; t++) {
        uint64_t h[2], a[2], x = 0, y = 0, sg;
        for (int i = 0; i < 2; i++) {
            h[i] = brute_rand(&seed) >> brute_below(&seed, 64);
        }
        for (int i = 0; i < 2; i++) {
            uint64_t bits = 0;
            for (uint64_t n = h[i]; n != 0; n >>= 1) {
                bits++;
            }
            x ^= bits;
        }
        snprintf(text, sizeof text, "half %llu %llu",
                 (unsigned long long)h[0], (unsigned long long)h[1]);
        fixture_solve_ok(f, text, 0);
        assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        if (x == 0) {
            continue;
        }
        assert_int_equal(grundy_result_move_count(f->res), 1);
        assert_int_equal(read_heaps(grundy_result_move_position(f->res, 0),
                                    a, 2), 2);
        assert_true(is_move(h, a, 2));
        for (int i = 0; i < 2; i++) {
            uint64_t bits = 0;
            for (uint64_t n = a[i]; n != 0; n >>= 1) {
                bits++;
            }
            y ^= bits;
        }
        assert_int_equal(y, 0);
    }
}

/* Errors: a parameter, a pair, a number past 64 bits, --all past the
 * listing bound (heap 1 has 2^30 options worth 31); each names what is
 * wrong. */
static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    assert_int_equal(fixture_solve(f, "half:2 3", 0, &err), GRUNDY_ESPEC);
    assert_non_null(strstr(err.message, "takes no parameter"));
    assert_int_equal(fixture_solve(f, "half 3,4", 0, &err),
                     GRUNDY_EPOSITION);
    assert_int_equal(fixture_solve(f, "half 18446744073709551616", 0, &err),
                     GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "number too large"));
    assert_int_equal(fixture_solve(f, "half 4000000000 1073741824", GRUNDY_ALL_MOVES,
                                   &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many options"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_values, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_large, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
