/*
 * fixture.c - solving a position's text with a test fixture, and reading
 * the numbers of a move's position back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
fixture_setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->ctx = grundy_ctx_new();
    f->pos = grundy_position_new();
    f->res = grundy_result_new();
    assert_non_null(f->ctx);
    assert_non_null(f->pos);
    assert_non_null(f->res);
    *state = f;
    return 0;
}

int
fixture_teardown(void **state)
{
    fixture *f = *state;
    grundy_result_free(f->res);
    grundy_position_free(f->pos);
    grundy_ctx_free(f->ctx);
    free(f);
    return 0;
}

grundy_status
fixture_solve(fixture *f, const char *text, unsigned flags,
              grundy_error *err)
{
    grundy_status st = grundy_position_parse(f->ctx, f->pos, NULL, text,
                                             strlen(text), err);
    if (st != GRUNDY_OK) {
        return st;
    }
    return grundy_solve(f->ctx, f->pos, flags, f->res, err);
}

void
fixture_solve_ok(fixture *f, const char *text, unsigned flags)
{
    grundy_error err;
    if (fixture_solve(f, text, flags, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
}

void
fixture_check_compound(fixture *f, const char *text, unsigned flag,
                       long want, int win)
{
    const char *kind = flag == GRUNDY_EVERY ? "every" : "conjunctive";
    uint64_t got = 0;
    fixture_solve_ok(f, text, flag);
    /* The theory against the rules: the deciding number's parity is the
     * literal outcome. */
    if ((want % 2 == 1) != win) {
        fail_msg("%s (%s): the literal search says %s, the number %ld",
                 text, kind, win ? "win" : "lose", want);
    }
    assert_int_equal(grundy_result_compound(f->res, &got), flag);
    if (got != (uint64_t)want || grundy_result_win(f->res) != win) {
        fail_msg("%s (%s): got %s %llu, want %s %ld", text, kind,
                 grundy_result_win(f->res) ? "win" : "lose",
                 (unsigned long long)got, win ? "win" : "lose", want);
    }
    assert_int_equal(grundy_result_sg(f->res, NULL), 0);
    assert_int_equal(grundy_result_move_count(f->res), win ? 1 : 0);
}

size_t
fixture_read_list(const char *text, uint64_t *v, size_t cap)
{
    const char *s = strchr(text, ' ');
    size_t n = 0;
    char *end;
    assert_non_null(s);
    s++;
    for (;;) {
        assert_true(n < cap);
        v[n++] = strtoull(s, &end, 10);
        assert_true(end > s);
        if (*end != ',') {
            break;
        }
        s = end + 1;
    }
    if (*end != '\0') {
        fail_msg("%s: not a list of numbers after the game", text);
    }
    return n;
}

void
fixture_read_pair(const char *text, uint64_t *a, uint64_t *b)
{
    uint64_t v[2];
    assert_int_equal(fixture_read_list(text, v, 2), 2);
    *a = v[0];
    *b = v[1];
}

void
fixture_check_pair_nim(fixture *f, const char *game, unsigned a,
                       unsigned b, unsigned h, fixture_pair_value value,
                       fixture_pair_option option)
{
    char text[96];
    uint64_t x = value(a, b) ^ h, sg;
    size_t want = 0;
    snprintf(text, sizeof text, "%s %u,%u + nim %u", game, a, b, h);
    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_win(f->res), x != 0);
    assert_true(grundy_result_sg(f->res, &sg) && sg == x);
    for (unsigned c = 0; c <= a; c++) {
        for (unsigned d = 0; d <= b; d++) {
            want += option(a, b, c, d) && value(c, d) == h;
        }
    }
    want += value(a, b) < h;
    assert_int_equal(grundy_result_move_count(f->res), want);
}

size_t
fixture_check_pair_moves(const fixture *f, unsigned a, unsigned b,
                         int misere, fixture_pair_lost lost,
                         fixture_pair_option option)
{
    size_t want = 0;
    for (unsigned c = 0; c <= a; c++) {
        for (unsigned d = 0; d <= b; d++) {
            want += option(a, b, c, d) && lost(c, d, misere);
        }
    }
    assert_int_equal(grundy_result_move_count(f->res), want);
    for (size_t i = 0; i < want; i++) {
        uint64_t c, d;
        fixture_read_pair(grundy_result_move_position(f->res, i), &c, &d);
        assert_true(option(a, b, c, d));
        assert_true(lost((unsigned)c, (unsigned)d, misere));
    }
    return want;
}

void
fixture_u128_dec(char *buf, fixture_u128 x)
{
    char tmp[48];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(x % 10));
        x /= 10;
    } while (x != 0);
    while (n > 0) {
        *buf++ = tmp[--n];
    }
    *buf = '\0';
}

fixture_u128
fixture_u128_read(const char **s)
{
    fixture_u128 x = 0;
    while (**s >= '0' && **s <= '9') {
        x = x * 10 + (fixture_u128)(unsigned)(*(*s)++ - '0');
    }
    return x;
}

size_t
fixture_read_list128(const char *text, fixture_u128 *v, size_t cap,
                     const char **rest)
{
    const char *s = strchr(text, ' ');
    size_t n = 0;
    assert_non_null(s);
    s++;
    for (;;) {
        assert_true(n < cap);
        v[n++] = fixture_u128_read(&s);
        if (*s != ',') {
            break;
        }
        s++;
    }
    *rest = s;
    return n;
}

void
fixture_test_filter(void)
{
    const char *pattern = getenv("GRUNDY_TEST_FILTER");
    if (pattern != NULL && pattern[0] != '\0') {
        cmocka_set_test_filter(pattern);
    }
}
