/*
 * test_plain.c - the quick path of line mode (answer_plain) against
 * the general path (parse, solve, format) on random lines, well formed
 * and malformed: where the quick path answers, its record is byte for
 * byte the general one; where it declines it appends nothing, and every
 * line the general path refuses (bad tokens, numbers over 2^64 - 1,
 * blanks, comments, sums) is declined, so errors stay the general path's.
 * answer_plain_line, the same path on a line not yet cut out of its
 * block, agrees with it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "grundy_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One random token: mostly numbers of every length up to the 64-bit edge,
 * sometimes something the parser must refuse or treat with care. */
static size_t
random_token(uint64_t *seed, char *dst)
{
    static const char *const odd[] = {
        "18446744073709551615", "18446744073709551616",
        "18446744073709551610", "18446744073709552000",
        "99999999999999999999", "10000000000000000000",
        "184467440737095516150", "00000000000000000000007",
        "0000000000000000000018446744073709551615", "007", "0", "3,4",
        "3,", ",3", "-3", "+", "x", "3x", "1e9", "#", "nim", "\t5",
        "5\t", "", "1844674407370955161", "12345678", "123456789012345678"};
    uint64_t r = brute_below(seed, 100), v;
    if (r < 12) {
        const char *s = odd[brute_below(seed, sizeof odd / sizeof odd[0])];
        memcpy(dst, s, strlen(s));
        return strlen(s);
    }
    if (r < 14) {
        dst[0] = (char)brute_below(seed, 256);   /* any byte, NUL too */
        return 1;
    }
    v = brute_rand(seed);
    if (r < 60) {
        v >>= brute_below(seed, 64);
    }
    return (size_t)snprintf(dst, 24, "%llu", (unsigned long long)v);
}

/* A random line: tokens joined by one space, now and then by other
 * blanks, with blanks at the ends, a '#' or a '+' sum now and then. */
static size_t
random_line(uint64_t *seed, char *dst, size_t cap)
{
    size_t at = 0, n = 1 + (size_t)brute_below(seed, 12);
    if (brute_below(seed, 50) == 0) {
        n = 60 + (size_t)brute_below(seed, 10);   /* around the 64 cap */
    }
    if (brute_below(seed, 30) == 0) {
        dst[at++] = brute_below(seed, 2) ? ' ' : '#';
    }
    for (size_t i = 0; i < n && at + 64 < cap; i++) {
        if (i > 0) {
            uint64_t r = brute_below(seed, 40);
            dst[at++] = r == 0 ? '\t' : ' ';
            if (r == 1) {
                dst[at++] = ' ';
            }
        }
        at += random_token(seed, dst + at);
    }
    if (brute_below(seed, 30) == 0) {
        dst[at++] = ' ';
    }
    if (brute_below(seed, 60) == 0 && at + 16 < cap) {
        memcpy(dst + at, " + nim 3 4", 10);
        at += 10;
    }
    return at;
}

/* The general path's record for line, appended to out; its status. */
static grundy_status
general(grundy_ctx *ctx, grundy_game *game, unsigned flags, unsigned format,
        const char *line, size_t len, format_buffer *out)
{
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    grundy_status st;
    assert_non_null(pos);
    assert_non_null(res);
    st = grundy_position_parse(ctx, pos, game, line, len, &err);
    if (st == GRUNDY_OK) {
        st = grundy_solve(ctx, pos, flags, res, &err);
    }
    if (st == GRUNDY_OK) {
        st = format_result_mem(out, format, line, len, res);
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    return st;
}

/* Every spec, every output mode, 4000 random lines each. */
static void
test_quick_path_matches_general(void **state)
{
    static const char *const specs[] = {
        "nim", "bounded:1", "bounded:3", "bounded:1000",
        "bounded:18446744073709551615", "kayles"};
    static const unsigned modes[][2] = {
        {0, 0}, {0, GRUNDY_FORMAT_JSON}, {GRUNDY_MISERE, 0},
        {GRUNDY_ALL_MOVES, GRUNDY_FORMAT_JSON | GRUNDY_FORMAT_ALL}};
    grundy_ctx *ctx = grundy_ctx_new();
    uint64_t seed = 2024;
    size_t answered = 0, refused = 0, lines = 0;
    grundy_error err;
    (void)state;
    assert_non_null(ctx);
    for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        grundy_game *game;
        assert_int_equal(grundy_game_parse(ctx, specs[s], strlen(specs[s]),
                                           &game, &err), GRUNDY_OK);
        /* kayles (no option_one: always declined) in normal play only:
         * --all and misere on rows of 10^19 are slow the general way. */
        for (size_t m = 0; m < (s == 5 ? 2 : sizeof modes / sizeof modes[0]);
             m++) {
            for (int i = 0; i < 4000; i++) {
                char line[4096];
                format_buffer a = {0}, b = {0};
                size_t len = random_line(&seed, line, sizeof line);
                grundy_status st;
                int quick;
                /* Both buffers hold a record already: only appends. */
                assert_int_equal(format_error_mem(
                                     &b, GRUNDY_FORMAT_JSON, "x", 1, "y",
                                     NULL, NULL),
                                 GRUNDY_OK);
                assert_int_equal(format_error_mem(
                                     &a, GRUNDY_FORMAT_JSON, "x", 1, "y",
                                     NULL, NULL),
                                 GRUNDY_OK);
                size_t before = b.len;
                quick = answer_plain(game, modes[m][0], modes[m][1],
                                     line, len, &b);
                st = general(ctx, game, modes[m][0], modes[m][1], line, len,
                             &a);
                lines++;
                refused += st != GRUNDY_OK;
                if (quick) {
                    answered++;
                    assert_int_equal(st, GRUNDY_OK);
                    assert_int_equal(a.len, b.len);
                    assert_memory_equal(a.data, b.data, a.len);
                } else {
                    assert_int_equal(b.len, before);
                }
                /* Only normal play, one move, of a family that says. */
                if (modes[m][0] != 0 || s == 5) {
                    assert_false(quick);
                }
                free(a.data);
                free(b.data);
            }
        }
        grundy_game_free(game);
    }
    /* The lines exercise both ways. */
    assert_true(answered > lines / 8);
    assert_true(refused > lines / 8);
    grundy_ctx_free(ctx);
}

/* The bench's kind of line: 8 random 64-bit heaps, always answered, and
 * answered as the general path does; under a memory limit below 1 MiB
 * the general path decides (it may refuse the line). */
static void
test_quick_path_bench_lines(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    uint64_t seed = 99;
    grundy_game *game;
    grundy_error err;
    (void)state;
    assert_non_null(ctx);
    assert_int_equal(grundy_game_parse(ctx, "nim", 3, &game, &err),
                     GRUNDY_OK);
    for (int i = 0; i < 5000; i++) {
        char line[256];
        size_t len = 0;
        format_buffer a = {0}, b = {0};
        for (int k = 0; k < 8; k++) {
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%llu",
                                    k > 0 ? " " : "",
                                    (unsigned long long)brute_rand(&seed));
        }
        for (unsigned format = 0; format <= GRUNDY_FORMAT_JSON; format++) {
            assert_true(answer_plain(game, 0, format, line, len, &b));
            assert_int_equal(general(ctx, game, 0, format, line, len, &a),
                             GRUNDY_OK);
        }
        assert_int_equal(a.len, b.len);
        assert_memory_equal(a.data, b.data, a.len);
        free(a.data);
        free(b.data);
    }
    grundy_game_free(game);
    grundy_ctx_set_memory_limit(ctx, 100000);
    assert_int_equal(grundy_game_parse(ctx, "nim", 3, &game, &err),
                     GRUNDY_OK);
    {
        format_buffer b = {0};
        assert_false(answer_plain(game, 0, 0, "3 4 5", 5, &b));
        assert_int_equal(b.len, 0);
        free(b.data);
    }
    grundy_game_free(game);
    grundy_ctx_free(ctx);
}

/* answer_plain_line on blocks of random lines, read in place with only
 * PLAIN_LINE_PAD bytes of junk after the block (a heap block of exactly
 * that size, for the sanitizers): it answers the first line exactly when
 * that line ends in '\n' before the limit and answer_plain
 * answers it, with the same record, and says how long the line was. */
static void
test_quick_line_matches_plain(void **state)
{
    static const char *const specs[] = {"nim", "bounded:3", "kayles"};
    static const char junk[] = "0123456789 \n";
    grundy_ctx *ctx = grundy_ctx_new();
    uint64_t seed = 77;
    size_t answered = 0, declined = 0;
    grundy_error err;
    (void)state;
    assert_non_null(ctx);
    for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        grundy_game *game;
        assert_int_equal(grundy_game_parse(ctx, specs[s], strlen(specs[s]),
                                           &game, &err), GRUNDY_OK);
        for (int i = 0; i < 6000; i++) {
            char block[16384];
            size_t len = 0, limit, used, line_len;
            unsigned format = brute_below(&seed, 2) ? GRUNDY_FORMAT_JSON : 0;
            unsigned flags = brute_below(&seed, 20) == 0 ? GRUNDY_MISERE : 0;
            format_buffer a = {0}, b = {0};
            const char *nl;
            char *buf;
            int quick = 0;
            for (uint64_t k = 1 + brute_below(&seed, 3); k > 0; k--) {
                len += random_line(&seed, block + len, 4000);
                block[len++] = '\n';
            }
            /* Now and then the block ends inside a line. */
            limit = brute_below(&seed, 4) == 0
                        ? (size_t)brute_below(&seed, len + 1) : len;
            buf = malloc(limit + PLAIN_LINE_PAD);
            assert_non_null(buf);
            memcpy(buf, block, limit);
            for (size_t j = 0; j < PLAIN_LINE_PAD; j++) {
                buf[limit + j] = junk[brute_below(&seed, sizeof junk - 1)];
            }
            used = answer_plain_line(game, flags, format, buf, limit, &b);
            nl = limit > 0 ? memchr(buf, '\n', limit) : NULL;
            if (nl != NULL) {
                line_len = (size_t)(nl - buf);
                quick = answer_plain(game, flags, format, buf,
                                     line_len, &a);
            }
            if (quick) {
                answered++;
                assert_int_equal(used, line_len + 1);
                assert_int_equal(a.len, b.len);
                assert_memory_equal(a.data, b.data, a.len);
            } else {
                declined++;
                assert_int_equal(used, 0);
                assert_int_equal(b.len, 0);
            }
            free(a.data);
            free(b.data);
            free(buf);
        }
        grundy_game_free(game);
    }
    assert_true(answered > 1000);
    assert_true(declined > 1000);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quick_path_matches_general),
        cmocka_unit_test(test_quick_path_bench_lines),
        cmocka_unit_test(test_quick_line_matches_plain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
