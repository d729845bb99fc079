/*
 * fixture.c - solving a position's text with a test fixture.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fixture.h"

#include <string.h>

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
