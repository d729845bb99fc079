/*
 * test_fib.c - Fibonacci take (fib, fib:R) against a literal search of the
 * rules (every take 1..k, mex and win/lose recursion): outcomes, values,
 * every winning move, misere, sums, 64-bit boundaries and the seed tables;
 * the --memory a fib:R refusal names against the recurrence, and the one
 * a Grundy table's refusal names against the table built under it.
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

#define N 120 /* brute-force piles 0..N-1 */

/* G[n][k] and misere wins M[n][k] for k <= n, by the rules only. */
static uint64_t G[N][N];
static int M[N][N];
static unsigned cur_r;

static unsigned
cap(uint64_t x, unsigned n)
{
    return x < n ? (unsigned)x : n;
}

static void
brute_fill(unsigned r)
{
    cur_r = r;
    for (unsigned n = 0; n < N; n++) {
        for (unsigned k = 0; k <= n; k++) {
            uint64_t opts[N];
            size_t m = 0;
            int win = 0;
            for (unsigned x = 1; x <= k; x++) {
                unsigned nn = n - x, nk = cap((uint64_t)r * x, nn);
                opts[m++] = G[nn][nk];
                /* Misere: taking the last stone loses; else the option
                 * must lose for the opponent. */
                if (nn > 0 && !M[nn][nk]) {
                    win = 1;
                }
            }
            G[n][k] = brute_mex(opts, m);
            /* No move at all: the previous player moved last and lost. */
            M[n][k] = k == 0 ? 1 : win;
        }
    }
}


/* Reads the piles "n,k" after the game name of a resulting position. */
static size_t
read_piles(const char *s, uint64_t *n, uint64_t *k, size_t max)
{
    size_t cnt = 0;
    s = strchr(s, ' ');
    while (s != NULL && cnt < max) {
        char *end;
        n[cnt] = strtoull(s + 1, &end, 10);
        assert_int_equal(*end, ',');
        k[cnt] = strtoull(end + 1, &end, 10);
        cnt++;
        s = *end == ' ' ? end : NULL;
    }
    return cnt;
}

/* Every single pile (n, k), n < N: outcome, value, all winning moves,
 * normal and misere, for several multipliers. */
static void
check_single(fixture *f, unsigned r)
{
    char text[96];
    brute_fill(r);
    for (unsigned n = 0; n < N; n++) {
        for (unsigned k = 0; k <= n + 1; k++) {
            unsigned kk = k > n ? n : k;
            for (int misere = 0; misere < 2; misere++) {
                uint64_t sg, pn[4], pk[4];
                size_t moves = 0;
                int win = misere ? M[n][kk] : G[n][kk] != 0;
                snprintf(text, sizeof text, "fib:%u %u,%u", r, n, k);
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES |
                                      (misere ? GRUNDY_MISERE : 0));
                assert_int_equal(grundy_result_win(f->res), win);
                assert_true(grundy_result_sg(f->res, &sg));
                assert_true(sg == G[n][kk]);
                for (unsigned x = 1; x <= kk; x++) {
                    unsigned nn = n - x, nk = cap((uint64_t)r * x, nn);
                    moves += misere ? nn > 0 && !M[nn][nk] : G[nn][nk] == 0;
                }
                assert_int_equal(grundy_result_move_count(f->res), moves);
                for (size_t i = 0; i < moves; i++) {
                    const char *after =
                        grundy_result_move_position(f->res, i);
                    size_t c = read_piles(after, pn, pk, 4);
                    if (c == 0) {
                        /* The pile was taken whole: legal only if k >= n. */
                        assert_true(kk == n && !misere);
                        continue;
                    }
                    assert_int_equal(c, 1);
                    assert_true(pn[0] < n && n - pn[0] <= kk);
                    assert_true(pk[0] == cap((uint64_t)r * (n - pn[0]),
                                             (unsigned)pn[0]));
                    if (misere) {
                        assert_false(M[pn[0]][pk[0]]);
                    } else {
                        assert_true(G[pn[0]][pk[0]] == 0);
                    }
                }
            }
        }
    }
}

static void
test_single_r2(void **state)
{
    check_single(*state, 2);
}

static void
test_single_other_r(void **state)
{
    check_single(*state, 1);
    check_single(*state, 3);
    check_single(*state, 5);
}

/* Sums of two fib piles and a nim heap: value is the XOR of the brute
 * values (Sprague-Grundy), every winning move leaves XOR 0. */
static void
test_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 42;
    char text[128];
    brute_fill(2);
    for (int t = 0; t < 3000; t++) {
        unsigned n1 = (unsigned)brute_below(&seed, 60);
        unsigned n2 = (unsigned)brute_below(&seed, 60);
        unsigned k1 = (unsigned)brute_below(&seed, n1 + 1);
        unsigned k2 = (unsigned)brute_below(&seed, n2 + 1);
        unsigned h = (unsigned)brute_below(&seed, 16);
        uint64_t x = G[n1][k1] ^ G[n2][k2] ^ h, sg;
        size_t want = 0;
        snprintf(text, sizeof text, "fib %u,%u %u,%u + nim %u", n1, k1, n2,
                 k2, h);
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        for (unsigned y = 1; y <= k1; y++) {
            want += (G[n1 - y][cap(2u * y, n1 - y)] ^ G[n2][k2] ^ h) == 0;
        }
        /* Two equal piles: --all lists the moves of each (interface:
         * moves on different components are different moves). */
        for (unsigned y = 1; y <= k2; y++) {
            want += (G[n1][k1] ^ G[n2 - y][cap(2u * y, n2 - y)] ^ h) == 0;
        }
        want += (G[n1][k1] ^ G[n2][k2]) < h;
        assert_int_equal(grundy_result_move_count(f->res), want);
        for (size_t i = 0; i < want; i++) {
            /* Re-solve the position left: it must be a loss. */
            char after[128];
            snprintf(after, sizeof after, "%s",
                     grundy_result_move_position(f->res, i));
            fixture_solve_ok(f, after, 0);
            assert_false(grundy_result_win(f->res));
            fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        }
    }
}

static int
is_fib(uint64_t n)
{
    uint64_t a = 1, b = 2;
    while (a < n) {
        uint64_t c = a + b;
        a = b;
        b = c < b ? UINT64_MAX : c;
    }
    return a == n;
}

/* Seeds: fresh piles lose exactly at Fibonacci numbers (brute force below
 * N, and around every Fibonacci number below 2^64); G(1..16). */
static void
test_seed_examples(void **state)
{
    fixture *f = *state;
    static const uint64_t fresh[16] = {0, 0, 0, 3, 0, 4, 4, 0,
                                       5, 5, 5, 6, 0, 6, 6, 7};
    static const unsigned r3[11] = {1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40};
    grundy_game *game;
    grundy_error err;
    char text[96];
    uint64_t a = 1, b = 2;

    brute_fill(2);
    for (unsigned n = 1; n < N; n++) {
        assert_int_equal(G[n][n - 1] == 0, is_fib(n));
    }
    assert_int_equal(grundy_game_parse(f->ctx, "fib", 3, &game, &err),
                     GRUNDY_OK);
    for (uint64_t n = 1; n <= 16; n++) {
        uint64_t sg;
        assert_int_equal(grundy_component_value(game, &n, 1, &sg, &err),
                         GRUNDY_OK);
        assert_true(sg == fresh[n - 1]);
    }
    grundy_game_free(game);
    while (a < UINT64_MAX / 2) {
        for (uint64_t d = 0; d < 3; d++) {
            uint64_t n = a + d - 1;
            if (n == 0) {
                continue;
            }
            snprintf(text, sizeof text, "fib %llu", (unsigned long long)n);
            fixture_solve_ok(f, text, 0);
            assert_int_equal(grundy_result_win(f->res), !is_fib(n));
        }
        b = a + b;
        a = b - a;
    }
    brute_fill(3);
    for (unsigned n = 1, i = 0; n <= 40; n++) {
        int lose = G[n][n - 1] == 0;
        assert_int_equal(lose, i < 11 && r3[i] == n);
        snprintf(text, sizeof text, "fib:3 %u", n);
        fixture_solve_ok(f, text, 0);
        assert_int_equal(grundy_result_win(f->res), !lose);
        i += (unsigned)lose;
    }
}

/* 64-bit piles: the move given leaves a losing pile (by the solver, which
 * the small cases above tie to the rules), and from a losing pile a sample
 * of takes all leave winning piles. Boundaries 0, 1, 2^63, 2^64-1. */
static void
test_big_piles(void **state)
{
    fixture *f = *state;
    static const char *specs[] = {"fib", "fib:1", "fib:3", "fib:10000"};
    uint64_t seed = 7, ns[64];
    size_t cnt = 0;
    char text[128];

    ns[cnt++] = 0;
    ns[cnt++] = 1;
    ns[cnt++] = (uint64_t)1 << 63;
    ns[cnt++] = UINT64_MAX;
    ns[cnt++] = UINT64_MAX - 1;
    while (cnt < 64) {
        ns[cnt++] = brute_rand(&seed) >> brute_below(&seed, 40);
    }
    for (size_t s = 0; s < 4; s++) {
        for (size_t i = 0; i < cnt; i++) {
            for (int form = 0; form < 2; form++) {
                uint64_t k = !form ? 0
                             : ns[i] == UINT64_MAX ? brute_rand(&seed)
                                                   : brute_rand(&seed) %
                                                         (ns[i] + 1);
                if (form) {
                    snprintf(text, sizeof text, "%s %llu,%llu", specs[s],
                             (unsigned long long)ns[i],
                             (unsigned long long)k);
                } else {
                    snprintf(text, sizeof text, "%s %llu", specs[s],
                             (unsigned long long)ns[i]);
                }
                fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
                if (grundy_result_win(f->res)) {
                    size_t m = grundy_result_move_count(f->res);
                    assert_true(m >= 1);
                    for (size_t j = 0; j < m; j++) {
                        char after[128];
                        snprintf(after, sizeof after, "%s",
                                 grundy_result_move_position(f->res, j));
                        if (strchr(after, ' ') == NULL) {
                            continue; /* the whole pile was taken */
                        }
                        fixture_solve_ok(f, after, 0);
                        assert_false(grundy_result_win(f->res));
                        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
                    }
                } else if (ns[i] > 1) {
                    uint64_t n = ns[i];
                    uint64_t kk = form ? k : n - 1;
                    for (int t = 0; t < 6 && kk > 0; t++) {
                        uint64_t x = t < 3 ? (uint64_t)t + 1
                                           : 1 + brute_rand(&seed) % kk;
                        uint64_t lim;
                        if (x > kk) {
                            continue;
                        }
                        lim = strchr(specs[s], ':') == NULL ? 2 :
                              strtoull(strchr(specs[s], ':') + 1, NULL, 10);
                        lim = x > (n - x) / lim ? n - x : lim * x;
                        if (n - x == 0) {
                            continue;
                        }
                        snprintf(text, sizeof text, "%s %llu,%llu",
                                 specs[s], (unsigned long long)(n - x),
                                 (unsigned long long)lim);
                        fixture_solve_ok(f, text, 0);
                        assert_true(grundy_result_win(f->res));
                    }
                }
            }
        }
    }
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;

    assert_int_equal(grundy_game_parse(f->ctx, "fib:0", 5, &game, &err),
                     GRUNDY_ESPEC);
    assert_non_null(strstr(err.message, "'0'"));
    assert_int_equal(grundy_game_parse(f->ctx, "fib:x", 5, &game, &err),
                     GRUNDY_ESPEC);
    assert_int_equal(grundy_game_parse(f->ctx, "fib:100001", 10, &game,
                                       &err), GRUNDY_ESPEC);
    assert_non_null(strstr(err.message, "100000"));
    assert_int_equal(fixture_solve(f, "fib 1,2,3", 0, &err), GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "3 numbers"));
    /* A pile whose value is beyond the closed forms and the table: fine
     * alone, an error in a sum. */
    assert_int_equal(fixture_solve(f, "fib 1000000000000", 0, &err), GRUNDY_OK);
    assert_int_equal(fixture_solve(f, "fib 1000000000000 + nim 1", 0, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "table"));
    /* Values 1..3 have closed forms for R = 2 at any size. */
    assert_int_equal(fixture_solve(f, "fib 1000000000000,1 + nim 1", 0, &err),
                     GRUNDY_OK);
}

/* Bytes the array of H below 2^64 takes for multiplier r, by the
 * recurrence literally (H1 = 1, H(j+1) = H(j) + H(m), m least with
 * r H(m) >= H(j)): 8 bytes a term, the array doubling from 256 terms. */
static uint64_t
sequence_bytes(uint64_t r)
{
    uint64_t *h = malloc(4000000 * sizeof *h), cap = 256;
    size_t nh = 1, m = 0;
    assert_non_null(h);
    h[0] = 1;
    for (;;) {
        uint64_t last = h[nh - 1];
        /* r H(m) < last, without overflow */
        while (h[m] < last / r + (last % r != 0)) {
            m++;
        }
        if (h[m] > UINT64_MAX - last) {
            break;
        }
        assert_true(nh < 4000000);
        h[nh++] = last + h[m];
    }
    free(h);
    while (cap < nh) {
        cap *= 2;
    }
    return cap * 8;
}

/* fib:R over the memory limit names the --memory that holds its losing
 * sequence (it said "raise it with --memory" with no value): that value
 * lets the game be made, and is at most twice what the sequence needs
 * (an upper bound on its terms, rounded as the array doubles). */
static void
test_sequence_memory_named(void **state)
{
    static const uint64_t rs[] = {12, 50, 421, 1000, 20000, 77777, 100000};
    (void)state;
    for (size_t i = 0; i < sizeof rs / sizeof rs[0]; i++) {
        grundy_ctx *ctx = grundy_ctx_new();
        uint64_t need = sequence_bytes(rs[i]);
        grundy_game *game = NULL;
        grundy_error err;
        char spec[32];
        int len = snprintf(spec, sizeof spec, "fib:%llu",
                           (unsigned long long)rs[i]);
        grundy_ctx_set_memory_limit(ctx, 2048);
        assert_int_equal(grundy_game_parse(ctx, spec, (size_t)len, &game,
                                           &err), GRUNDY_ELIMIT);
        assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
        assert_non_null(strstr(err.message, "memory limit of 2 KiB"));
        assert_true(err.needed >= need && err.needed <= 2 * need);
        grundy_ctx_set_memory_limit(ctx, (size_t)err.needed);
        assert_int_equal(grundy_game_parse(ctx, spec, (size_t)len, &game,
                                           &err), GRUNDY_OK);
        grundy_game_free(game);
        grundy_ctx_free(ctx);
    }
}

/* The Grundy table over the memory limit names the --memory that holds
 * the whole table (it said "raise it with --memory" with no value): at
 * that limit every pile below the table's end, 16384, has its value,
 * for R = 1 (the largest table) and other R; the figure is at most
 * 5 MiB. */
static void
test_table_memory_named(void **state)
{
    static const char *specs[] = {"fib:1", "fib", "fib:3", "fib:6", "fib:40"};
    (void)state;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_ctx *ctx = grundy_ctx_new();
        grundy_game *game = NULL;
        grundy_error err;
        uint64_t v[2] = {16383, 16383}, g;
        grundy_ctx_set_memory_limit(ctx, (size_t)128 << 10);
        assert_int_equal(grundy_game_parse(ctx, specs[i], strlen(specs[i]),
                                           &game, &err), GRUNDY_OK);
        assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                         GRUNDY_ELIMIT);
        assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
        assert_non_null(strstr(err.message, "memory limit of 128 KiB"));
        assert_true(err.needed > (size_t)128 << 10);
        assert_true(err.needed <= (size_t)5 << 20);
        grundy_game_free(game);
        grundy_ctx_set_memory_limit(ctx, (size_t)err.needed);
        assert_int_equal(grundy_game_parse(ctx, specs[i], strlen(specs[i]),
                                           &game, &err), GRUNDY_OK);
        for (uint64_t n = 16383; n > 16383 - 64; n--) {
            v[0] = v[1] = n;
            assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                             GRUNDY_OK);
        }
        grundy_game_free(game);
        grundy_ctx_free(ctx);
    }
}

/* Beyond the brute range: every value the solver gives (closed forms for
 * R = 2, table otherwise) is the mex of the values it gives the options,
 * on a sample of piles up to the table limit, for R = 2 and R = 3. */
static void
test_values_are_mex_of_options(void **state)
{
    fixture *f = *state;
    static const char *specs[2] = {"fib", "fib:3"};
    uint64_t seed = 1234;
    grundy_error err;
    for (int s = 0; s < 2; s++) {
        grundy_game *game;
        uint64_t r = s == 0 ? 2 : 3;
        assert_int_equal(grundy_game_parse(f->ctx, specs[s],
                                           strlen(specs[s]), &game, &err),
                         GRUNDY_OK);
        for (int t = 0; t < 300; t++) {
            uint64_t n = 1 + brute_below(&seed, 4000);
            uint64_t k = t % 3 == 0 ? n : 1 + brute_below(&seed, n);
            uint64_t v[2] = {n, k}, g, opts[4001];
            size_t m = 0;
            assert_int_equal(grundy_component_value(game, v, 2, &g, &err),
                             GRUNDY_OK);
            for (uint64_t x = 1; x <= k; x++) {
                uint64_t o[2] = {n - x, r * x < n - x ? r * x : n - x};
                assert_int_equal(grundy_component_value(game, o, 2,
                                                        &opts[m], &err),
                                 GRUNDY_OK);
                m++;
            }
            assert_true(g == brute_mex(opts, m));
        }
        grundy_game_free(game);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_single_r2, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_single_other_r, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sums, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_seed_examples, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_big_piles, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_sequence_memory_named),
        cmocka_unit_test(test_table_memory_named),
        cmocka_unit_test_setup_teardown(test_values_are_mex_of_options,
                                        fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
