/*
 * test_exact_length.c - every library function that takes (text, len)
 * reads text[0..len) and nothing past it. Each text, and every prefix of
 * it, is copied so that its last byte is the last byte of a readable page
 * and the next page is PROT_NONE: a read of text[len] faults at once in
 * any build (under AddressSanitizer an exact malloc would too, but this
 * also catches it in the plain build). Each call must also answer exactly
 * as it does on a NUL-terminated copy of the same bytes.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "grundy_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Two pages, the second one inaccessible: text copies end at the fence. */
typedef struct fence {
    char *base;
    size_t page;
} fence;

static fence
fence_new(void)
{
    fence f;
    f.page = (size_t)sysconf(_SC_PAGESIZE);
    f.base = mmap(NULL, 2 * f.page, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(f.base != MAP_FAILED);
    assert_int_equal(mprotect(f.base + f.page, f.page, PROT_NONE), 0);
    return f;
}

/* text[0..len) placed so that text + len is the first forbidden byte. */
static const char *
fence_put(fence *f, const char *text, size_t len)
{
    char *dst = f->base + f->page - len;
    assert_true(len <= f->page);
    memcpy(dst, text, len);
    return dst;
}

static void
fence_free(fence *f)
{
    munmap(f->base, 2 * f->page);
}

/* Texts that end in each kind of token: numbers, lists, rings, specs,
 * sums, codes with repeating groups, ranges, and broken ones. */
static const char *const texts[] = {
    "nim 5", "nim 3 4 5", "nim 18446744073709551615", "nim 1844674407370955161",
    "kayles 12", "kayles @12 5 7", "dawson 33", "bounded:3 10 11",
    "sub:1,3,4 17", "sub:1..100 1000", "stripes:1..3 @7", "stripes:2 9",
    "octal:0.137 40", "octal:4.(3) 9", "hex:8.(3) 9", "hex:0.f 5",
    "lasker 12", "grundy 20", "fib 10", "fib:2 33", "wythoff 3,5",
    "wythoff 38,100000", "ferguson 2,7", "division 12", "nim 3 + kayles 4",
    "nim 3+kayles 4", "nim 1,2", "nim 3x", "nim -1", "nim 007",
    "octal:0.", "sub:", "sub:1,", "bounded:", "nim", "", " ", "kayles @",
    "nim 3 4 ", "nim\t3", "wythoff 3,", "octal:0.(7", "hex:8.(", "stripes:1..",
};

static grundy_status
parse_game(grundy_ctx *ctx, const char *spec, size_t len, char *msg)
{
    grundy_game *g = NULL;
    grundy_error err = {0};
    grundy_status st = grundy_game_parse(ctx, spec, len, &g, &err);
    strcpy(msg, st == GRUNDY_OK ? grundy_game_spec(g) : err.message);
    grundy_game_free(g);
    return st;
}

/* Game specs: every prefix of every text's first word. */
static void
test_game_parse_reads_only_len(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    fence f = fence_new();
    size_t checked = 0;
    (void)state;
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
        size_t word = strcspn(texts[t], " ");
        for (size_t k = 0; k <= word; k++) {
            char *copy = strndup(texts[t], k);
            char a[512], b[512];
            grundy_status sa = parse_game(ctx, fence_put(&f, texts[t], k),
                                          k, a);
            grundy_status sb = parse_game(ctx, copy, k, b);
            assert_int_equal(sa, sb);
            assert_string_equal(a, b);
            free(copy);
            checked++;
        }
    }
    assert_true(checked > 200);
    fence_free(&f);
    grundy_ctx_free(ctx);
}

/* Parses and solves text[0..len) and writes its text record (or the
 * error message) into out. */
static grundy_status
solve_text(grundy_ctx *ctx, grundy_game *game, const char *text, size_t len,
           unsigned format, char *out, size_t cap)
{
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err = {0};
    grundy_status st = grundy_position_parse(ctx, pos, game, text, len, &err);
    if (st == GRUNDY_OK) {
        st = grundy_solve(ctx, pos, 0, res, &err);
    }
    if (st == GRUNDY_OK) {
        assert_int_equal(grundy_format_result_buf(out, cap, NULL, format,
                                                  text, len, res),
                         GRUNDY_OK);
    } else {
        snprintf(out, cap, "%d %ld %s", (int)st, err.column, err.message);
        assert_int_equal(grundy_format_error_buf(out + strlen(out),
                                                 cap - strlen(out), NULL,
                                                 format, text, len,
                                                 err.message),
                         GRUNDY_OK);
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    return st;
}

/* Positions (games named, and after a fixed game) and the records that
 * quote them: every prefix of every text. */
static void
test_position_parse_reads_only_len(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *kayles = NULL;
    fence f = fence_new();
    size_t answered = 0;
    (void)state;
    grundy_ctx_set_memory_limit(ctx, (size_t)64 << 20);
    assert_int_equal(grundy_game_parse(ctx, "kayles", 6, &kayles, NULL),
                     GRUNDY_OK);
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
        size_t n = strlen(texts[t]), sp = strcspn(texts[t], " ");
        for (size_t k = 0; k <= n; k++) {
            char *copy = strndup(texts[t], k);
            for (unsigned format = 0; format <= GRUNDY_FORMAT_JSON;
                 format += GRUNDY_FORMAT_JSON) {
                char a[4096], b[4096];
                grundy_status sa = solve_text(ctx, NULL, fence_put(&f, copy, k),
                                              k, format, a, sizeof a);
                grundy_status sb = solve_text(ctx, NULL, copy, k, format, b,
                                              sizeof b);
                assert_int_equal(sa, sb);
                assert_string_equal(a, b);
                answered += sa == GRUNDY_OK;
                /* The heaps alone, for a fixed game. */
                if (sp < k) {
                    const char *tail = copy + sp + 1;
                    size_t tl = k - sp - 1;
                    sa = solve_text(ctx, kayles, fence_put(&f, tail, tl), tl,
                                    format, a, sizeof a);
                    sb = solve_text(ctx, kayles, tail, tl, format, b,
                                    sizeof b);
                    assert_int_equal(sa, sb);
                    assert_string_equal(a, b);
                }
            }
            free(copy);
        }
    }
    /* Many prefixes of good texts are good positions themselves. */
    assert_true(answered > 200);
    grundy_game_free(kayles);
    fence_free(&f);
    grundy_ctx_free(ctx);
}

/* One component, and the quick path of line mode. */
static void
test_component_and_plain_read_only_len(void **state)
{
    static const char *const lines[] = {
        "5", "3 4 5", "18446744073709551615", "1 2 3 4 5 6 7 8 9 10 11 12",
        "12 ", "007", "3,5", "@7", "", "1844674407370955161",
    };
    static const char *const specs[] = {"nim", "kayles", "bounded:3",
                                        "wythoff", "fib", "octal:0.137"};
    grundy_ctx *ctx = grundy_ctx_new();
    fence f = fence_new();
    unsigned fast = 0;
    (void)state;
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
        grundy_game *g = NULL;
        assert_int_equal(grundy_game_parse(ctx, specs[s], strlen(specs[s]),
                                           &g, NULL),
                         GRUNDY_OK);
        for (size_t l = 0; l < sizeof lines / sizeof *lines; l++) {
            size_t n = strlen(lines[l]);
            for (size_t k = 0; k <= n; k++) {
                uint64_t va[8] = {0}, vb[8] = {0};
                size_t na = 0, nb = 0;
                format_buffer oa = {0}, ob = {0};
                char *copy = strndup(lines[l], k);
                const char *at = fence_put(&f, copy, k);
                assert_int_equal(
                    grundy_component_parse(g, at, k, va, 8, &na, NULL),
                    grundy_component_parse(g, copy, k, vb, 8, &nb, NULL));
                assert_int_equal(na, nb);
                assert_memory_equal(va, vb, sizeof va);
                for (unsigned format = 0; format <= GRUNDY_FORMAT_JSON;
                     format += GRUNDY_FORMAT_JSON) {
                    int ra = answer_plain(g, 0, format, at, k, &oa);
                    int rb = answer_plain(g, 0, format, copy, k, &ob);
                    assert_int_equal(ra, rb);
                    fast += ra != 0;
                }
                assert_int_equal(oa.len, ob.len);
                if (oa.len > 0) {
                    assert_memory_equal(oa.data, ob.data, oa.len);
                }
                free(oa.data);
                free(ob.data);
                free(copy);
            }
        }
        grundy_game_free(g);
    }
    assert_true(fast > 50);
    fence_free(&f);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_parse_reads_only_len),
        cmocka_unit_test(test_position_parse_reads_only_len),
        cmocka_unit_test(test_component_and_plain_read_only_len),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
