/*
 * fixture.c - solving a position's text with a test fixture.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fixture.h"

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
