/*
 * test_position.c - strict parsing: numbers at the 64-bit edge, every
 * malformed token named in the error, huge positions, and that the
 * careful and fast number paths agree.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static grundy_status
parse(grundy_ctx *ctx, grundy_position *pos, const char *text,
      grundy_error *err)
{
    return grundy_position_parse(ctx, pos, NULL, text, strlen(text), err);
}

/* Each bad text fails with its status and a message naming the token. */
static void
test_errors_name_the_token(void **state)
{
    static const struct {
        const char *text;
        grundy_status status;
        const char *named;
    } cases[] = {
        /* nim takes numbers of any size; division factors 64-bit ones. */
        {"division 18446744073709551616", GRUNDY_EPOSITION,
         "'18446744073709551616'"},
        {"division 99999999999999999999999", GRUNDY_EPOSITION,
         "'99999999999999999999999'"},
        {"nim -1", GRUNDY_EPOSITION, "'-1'"},
        {"nim 3x", GRUNDY_EPOSITION, "'3x'"},
        {"nim 1e3", GRUNDY_EPOSITION, "'1e3'"},
        {"nim +3", GRUNDY_EPOSITION, "'+3'"},
        {"nim 3,", GRUNDY_EPOSITION, "'3,'"},
        {"nim ,3", GRUNDY_EPOSITION, "',3'"},
        {"nim 3,4", GRUNDY_EPOSITION, "'3,4'"},
        {"bounded:0 3", GRUNDY_ESPEC, "'bounded:0'"},
        {"bounded: 3", GRUNDY_ESPEC, "'bounded:'"},
        {"bounded:x 3", GRUNDY_ESPEC, "'bounded:x'"},
        /* bounded:M takes an M of any size; a move of sub: may not. */
        {"sub:18446744073709551616 3", GRUNDY_ESPEC,
         "'18446744073709551616'"},
        {"bounded:18446744073709551616x 3", GRUNDY_ESPEC,
         "'18446744073709551616x'"},
        {"nim:3 3", GRUNDY_ESPEC, "'nim:3'"},
        {"frob 3", GRUNDY_ESPEC, "'frob'"},
        {"nim 3 + kayles", GRUNDY_EPOSITION, "'kayles'"},
        {"nim 3 +", GRUNDY_EPOSITION, "'+'"},
        {"+ nim 3", GRUNDY_EPOSITION, "'+'"},
        {"nim + nim 3", GRUNDY_EPOSITION, "'nim'"},
        {"", GRUNDY_EPOSITION, "empty position"},
    };
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(parse(ctx, pos, cases[i].text, &err),
                         cases[i].status);
        if (strstr(err.message, cases[i].named) == NULL) {
            print_error("%s: %s\n", cases[i].text, err.message);
        }
        assert_non_null(strstr(err.message, cases[i].named));
    }
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* A game named alone is the empty position (interface.md): a loss in
 * normal play, a win with no move in misere play; and a move that takes
 * the last component leaves exactly that text, which reads back as a
 * loss. An empty term inside a sum stays an error (above). */
static void
test_game_alone_is_empty_position(void **state)
{
    static const char *const games[] = {"nim", "kayles", "wythoff", "fib",
                                        "octal:0.6", "euclid"};
    static const char *const one[] = {"lasker 3", "kayles 2", "mock 3",
                                      "ruler 4", "octal:0.7 1",
                                      "stripes:2 2"};
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        assert_int_equal(parse(ctx, pos, games[i], &err), GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        assert_int_equal(grundy_result_win(res), 0);
        assert_int_equal(grundy_result_move_count(res), 0);
        assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE, res, &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_result_win(res), 1);
        assert_int_equal(grundy_result_move_count(res), 0);
    }
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        char after[64];
        size_t n = strcspn(one[i], " ");
        assert_int_equal(parse(ctx, pos, one[i], &err), GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        assert_int_equal(grundy_result_win(res), 1);
        snprintf(after, sizeof after, "%s", grundy_result_move_position(res, 0));
        if (strlen(after) != n || memcmp(after, one[i], n) != 0) {
            fail_msg("%s: the move leaves '%s', not the game alone", one[i],
                     after);
        }
        assert_int_equal(parse(ctx, pos, after, &err), GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        assert_int_equal(grundy_result_win(res), 0);
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* The largest number parses; one more does not (both number paths). */
static void
test_u64_edges(void **state)
{
    uint64_t v = 0;
    (void)state;
    assert_int_equal(util_parse_u64("18446744073709551615", 20, &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(util_parse_u64("18446744073709551616", 20, &v), -2);
    assert_int_equal(util_parse_u64("99999999999999999999", 20, &v), -2);
    assert_int_equal(util_parse_u64("00000000000000000000000001", 26, &v), 0);
    assert_true(v == 1);
    assert_int_equal(util_parse_u64("1844674407370955161x", 20, &v), -1);
    assert_int_equal(util_parse_u64("", 0, &v), -1);
}

/* Decimal output at every length and at the 64-bit edge agrees with
 * printf. */
static void
test_u64_to_dec(void **state)
{
    uint64_t seed = 99, v = 1;
    char got[24], want[24];
    (void)state;
    for (int i = 0; i < 200000; i++) {
        switch (i % 4) {
        case 0: v = brute_rand(&seed); break;
        case 1: v = brute_rand(&seed) >> brute_below(&seed, 64); break;
        case 2: v = v * 10 + 9; break;   /* 9, 99, 999 ... overflowing */
        default: v = UINT64_MAX - (uint64_t)i; break;
        }
        snprintf(want, sizeof want, "%llu", (unsigned long long)v);
        assert_int_equal(util_u64_to_dec(v, got), strlen(want));
        assert_string_equal(got, want);
    }
    assert_int_equal(util_u64_to_dec(0, got), 1);
    assert_string_equal(got, "0");
    assert_int_equal(util_u64_to_dec(100000000u, got), 9);
    assert_string_equal(got, "100000000");
    assert_int_equal(util_u64_to_dec(10000000000000000u, got), 17);
    assert_string_equal(got, "10000000000000000");
}

/* Random tokens: the position parser (fast path) and util_parse_u64 (careful
 * path) accept the same numbers with the same values. */
static void
test_fast_and_careful_paths_agree(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    uint64_t seed = 12345;
    grundy_error err;
    (void)state;
    for (int i = 0; i < 20000; i++) {
        char tok[40], text[64];
        size_t len = 1 + (size_t)brute_below(&seed, 22);
        uint64_t want = 0, sg;
        int r;
        for (size_t j = 0; j < len; j++) {
            tok[j] = (char)(j == 0 && brute_below(&seed, 4) == 0
                                ? '1' + brute_below(&seed, 9)
                                : '0' + brute_below(&seed, 10));
        }
        if (len == 20 && brute_below(&seed, 2) == 0) {
            memcpy(tok, "1844674407370955161", 19); /* near the edge */
        }
        tok[len] = '\0';
        r = util_parse_u64(tok, len, &want);
        snprintf(text, sizeof text, "nim %s", tok);
        /* Every run of digits is a nim heap: 64-bit ones by value, larger
         * ones exactly (the value is the number, leading zeros aside). */
        assert_int_equal(parse(ctx, pos, text, &err), GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        if (r == 0) {
            assert_true(grundy_result_sg(res, &sg));
            assert_true(sg == want);
        } else {
            const char *digits = tok;
            assert_int_equal(r, -2);
            while (digits[0] == '0' && digits[1] != '\0') {
                digits++;
            }
            assert_false(grundy_result_sg(res, &sg));
            assert_string_equal(grundy_result_sg_decimal(res), digits);
        }
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* A one-number family (max_numbers 1, no check()) has every single
 * number as a component, so parsing asks nothing: registry_check agrees
 * for every such game, and still rejects two numbers joined by a comma
 * with the arity message; and FAMILY_VALUE_IS_NUMBER promises that
 * value() gives the number back. */
static void
test_one_number_families(void **state)
{
    static const char *const specs[] = {"nim", "bounded:3", "kayles",
                                        "dawson", "stripes:2", "octal:0.6",
                                        "sub:1,3,4"};
    grundy_ctx *ctx = grundy_ctx_new();
    uint64_t seed = 4242;
    grundy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_game *game;
        uint64_t two[2] = {3, 4};
        assert_int_equal(grundy_game_parse(ctx, specs[i], strlen(specs[i]),
                                           &game, &err), GRUNDY_OK);
        assert_true(family_one_number(game->family));
        for (int k = 0; k < 1000; k++) {
            uint64_t v = brute_rand(&seed) >> brute_below(&seed, 64);
            assert_int_equal(registry_check(game, &v, 1, &err),
                             GRUNDY_OK);
        }
        assert_int_equal(registry_check(game, two, 2, &err),
                         GRUNDY_EPOSITION);
        assert_non_null(strstr(err.message, "is one number"));
        /* FAMILY_VALUE_IS_NUMBER: value() would give the number back. */
        if (game->family->flags & FAMILY_VALUE_IS_NUMBER) {
            for (int k = 0; k < 1000; k++) {
                uint64_t v = brute_rand(&seed) >> brute_below(&seed, 64), g;
                assert_int_equal(game->family->value(game, &v, 1, &g, &err),
                                 GRUNDY_OK);
                assert_true(g == v);
            }
        }
        grundy_game_free(game);
    }
    grundy_ctx_free(ctx);
}

/* A move's position is rendered from the tokens; text of tokens joined
 * by single spaces is copied around the changed token instead. Random
 * sums (split rows, dropped components and terms included) written both
 * ways give the same moves. */
static void
test_plain_text_renders_alike(void **state)
{
    static const char *const games[] = {"nim", "stripes:2", "wythoff",
                                        "bounded:3", "kayles"};
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res[2] = {grundy_result_new(), grundy_result_new()};
    uint64_t seed = 777;
    grundy_error err;
    (void)state;
    for (int i = 0; i < 3000; i++) {
        char text[2][256];
        size_t at[2] = {0, 0};
        size_t terms = 1 + (size_t)brute_below(&seed, 3);
        for (size_t t = 0; t < terms; t++) {
            const char *g = games[brute_below(&seed, 5)];
            size_t comps = 1 + (size_t)brute_below(&seed, 3);
            for (int w = 0; w < 2; w++) {
                at[w] += (size_t)snprintf(text[w] + at[w], 256 - at[w],
                                          "%s%s%s", t > 0 ? " +" : "",
                                          t > 0 ? (w ? "\t " : " ") : "",
                                          g);
            }
            for (size_t c = 0; c < comps; c++) {
                uint64_t a = brute_below(&seed, 6), b = brute_below(&seed, 6);
                char tok[48];
                if (strcmp(g, "wythoff") == 0) {
                    snprintf(tok, sizeof tok, "%llu,%llu",
                             (unsigned long long)a, (unsigned long long)b);
                } else {
                    snprintf(tok, sizeof tok, "%llu", (unsigned long long)a);
                }
                for (int w = 0; w < 2; w++) {
                    at[w] += (size_t)snprintf(text[w] + at[w], 256 - at[w],
                                              "%s%s", w ? "  " : " ", tok);
                }
            }
        }
        for (int w = 0; w < 2; w++) {
            assert_int_equal(parse(ctx, pos, text[w], &err), GRUNDY_OK);
            assert_int_equal(grundy_solve(ctx, pos, GRUNDY_ALL_MOVES, res[w],
                                          &err), GRUNDY_OK);
        }
        assert_int_equal(grundy_result_move_count(res[0]),
                         grundy_result_move_count(res[1]));
        for (size_t m = 0; m < grundy_result_move_count(res[0]); m++) {
            assert_string_equal(grundy_result_move_position(res[0], m),
                                grundy_result_move_position(res[1], m));
            assert_string_equal(grundy_result_move_explain(res[0], m),
                                grundy_result_move_explain(res[1], m));
        }
    }
    grundy_result_free(res[0]);
    grundy_result_free(res[1]);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* A position of 10^6 heaps on one line: parsed and solved, the move found
 * in place. */
static void
test_million_heaps(void **state)
{
    const size_t n = 1000000;
    char *text = malloc(4 + 2 * n + 8);
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    size_t at = 0;
    uint64_t sg;
    (void)state;
    assert_non_null(text);
    memcpy(text, "nim", 3);
    at = 3;
    for (size_t i = 0; i < n; i++) {
        text[at++] = ' ';
        text[at++] = i == n - 1 ? '2' : '1';
    }
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, at, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_position_size(pos), n);
    assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
    /* 999999 ones and a 2: XOR = 1 ^ 2 = 3; the 2 must become 1. */
    assert_true(grundy_result_sg(res, &sg) && sg == 3);
    assert_string_equal(grundy_result_move_explain(res, 0),
                        "take 1 from heap 1000000 (2 -> 1)");
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    free(text);
}

/* The same spec twice shares one game; a failed spec leaves no game. */
static void
test_game_cache(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *a, *b;
    grundy_error err;
    (void)state;
    assert_int_equal(grundy_game_parse(ctx, "bounded:3", 9, &a, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_game_parse(ctx, "bounded:3", 9, &b, &err),
                     GRUNDY_OK);
    assert_ptr_equal(a, b);
    assert_string_equal(grundy_game_spec(a), "bounded:3");
    grundy_game_free(a);
    grundy_game_free(b);
    /* More distinct specs than the cache holds: every game stays usable. */
    for (int i = 1; i <= 200; i++) {
        char spec[32];
        uint64_t v = 10, sg;
        snprintf(spec, sizeof spec, "bounded:%d", i);
        assert_int_equal(grundy_game_parse(ctx, spec, strlen(spec), &a, &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_component_value(a, &v, 1, &sg, &err),
                         GRUNDY_OK);
        assert_true(sg == 10 % (uint64_t)(i + 1));
        grundy_game_free(a);
    }
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors_name_the_token),
        cmocka_unit_test(test_game_alone_is_empty_position),
        cmocka_unit_test(test_u64_edges),
        cmocka_unit_test(test_u64_to_dec),
        cmocka_unit_test(test_fast_and_careful_paths_agree),
        cmocka_unit_test(test_one_number_families),
        cmocka_unit_test(test_plain_text_renders_alike),
        cmocka_unit_test(test_million_heaps),
        cmocka_unit_test(test_game_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
