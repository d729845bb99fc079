/*
 * fixture.h - what the family tests share: a context, a position and a
 * result, and solving a position's text with them (cmocka fails the test
 * when solve_ok's position does not solve).
 */
#ifndef GRUNDY_FIXTURE_H
#define GRUNDY_FIXTURE_H

#include "grundy.h"

typedef struct fixture {
    grundy_ctx *ctx;
    grundy_result *res;
    grundy_position *pos;
} fixture;

/* cmocka setup and teardown: a fresh fixture in *state, and its release. */
int fixture_setup(void **state);
int fixture_teardown(void **state);

/* Parses text (games named) into f->pos and solves it into f->res. */
grundy_status fixture_solve(fixture *f, const char *text, unsigned flags,
                            grundy_error *err);
/* The same, failing the test with the message when it does not solve. */
void fixture_solve_ok(fixture *f, const char *text, unsigned flags);

#endif
