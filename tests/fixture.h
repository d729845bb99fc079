/*
 * fixture.h - what the family tests share: a context, a position and a
 * result, and solving a position's text with them (cmocka fails the test
 * when solve_ok's position does not solve); reading the numbers of a
 * move's position back, and writing 128-bit numbers in decimal.
 */
#ifndef GRUNDY_FIXTURE_H
#define GRUNDY_FIXTURE_H

#include "grundy.h"

#include <stddef.h>
#include <stdint.h>

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

/* Solves text in a compound (flag GRUNDY_EVERY or GRUNDY_CONJUNCTIVE)
 * and checks it against the test's own search: the deciding number want
 * (largest suspense number, smallest remoteness, by the recursion) has
 * the parity of the literal outcome win, and the library reports that
 * number, that outcome, no Grundy value and one move exactly for a win.
 * The move itself is the caller's to check. */
void fixture_check_compound(fixture *f, const char *text, unsigned flag,
                            long want, int win);

/* The numbers of a component written as a list (text "euclid 3,4",
 * "moore:2 1,2,3", "staircase 0,5"): those after the first space, split
 * at commas, into v (at most cap); fails the test unless the list ends
 * the text. Returns how many. */
size_t fixture_read_list(const char *text, uint64_t *v, size_t cap);
/* The pair of text ("euclid 3,4"), failing the test unless it is one. */
void fixture_read_pair(const char *text, uint64_t *a, uint64_t *b);

/* A pair game's value and rule, for fixture_check_pair_nim. */
typedef uint64_t (*fixture_pair_value)(unsigned a, unsigned b);
typedef int (*fixture_pair_option)(uint64_t a, uint64_t b, uint64_t c,
                                   uint64_t d);

/* Solves "GAME a,b + nim h" asking every winning move, and checks the
 * value (value(a, b) XOR h), the outcome, and that the moves are as many
 * as the pair's options (c, d) of value h (option(a, b, c, d), c <= a,
 * d <= b, by the test's own rule) and the heap's, when value(a, b) < h. */
void fixture_check_pair_nim(fixture *f, const char *game, unsigned a,
                            unsigned b, unsigned h, fixture_pair_value value,
                            fixture_pair_option option);

/* 1 when pair (c, d) is lost for the player to move (misere or not),
 * by the test's own search. */
typedef int (*fixture_pair_lost)(unsigned c, unsigned d, int misere);

/* With f->res holding pair (a, b) solved asking every winning move:
 * checks that the moves are as many as the options (c, d) that are lost
 * (c <= a, d <= b) and each a move to one of them. Returns how many. */
size_t fixture_check_pair_moves(const fixture *f, unsigned a, unsigned b,
                                int misere, fixture_pair_lost lost,
                                fixture_pair_option option);

/* Numbers past 64 bits, for the families whose components take them. */
__extension__ typedef unsigned __int128 fixture_u128;

/* x in decimal into buf (room for 40 digits and the end). */
void fixture_u128_dec(char *buf, fixture_u128 x);
/* The decimal number at *s (digits only, none: 0); *s moves past it. */
fixture_u128 fixture_u128_read(const char **s);
/* As fixture_read_list, in 128 bits; the list may be followed by more
 * (*rest: where it ends). */
size_t fixture_read_list128(const char *text, fixture_u128 *v, size_t cap,
                            const char **rest);

/* With GRUNDY_TEST_FILTER set (cmocka's pattern: * and ?), the next
 * cmocka_run_group_tests runs only the unit tests whose names match it:
 * scripts/tsan.sh runs the engine's threaded tests alone that way. */
void fixture_test_filter(void);

#endif
