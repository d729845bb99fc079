/*
 * solve.h - the solver's own entry points beside grundy_solve: the quick
 * path of line mode (solve_plain), used by format.c. The result and the
 * move sink are in moves.h, the misere search in misere.h.
 */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H

#include "moves.h"

/* The normal-play Grundy value of pos (the XOR of its components'
 * values, exact: beyond 64 bits too) into res: sg_known, sg or sg_big
 * and sg_text, and win (the value is not 0); no moves. */
grundy_status solve_value(const grundy_position *pos, grundy_result *res,
                          grundy_error *err);

/* Most components the quick path takes on one line. */
#define PLAIN_MAX_HEAPS 64

/* The answer of the quick path: normal play, one winning move. */
typedef struct plain_answer {
    uint64_t sg;          /* XOR of the components' values */
    size_t at;            /* the component moved, or SIZE_MAX: none */
    uint64_t to;          /* the number it becomes */
    char explain[128];    /* the move in words */
    size_t explain_len;
} plain_answer;

/*
 * Solves the sum of single-number components v[0..n) of game as
 * grundy_solve would (normal play, one move), through the family's
 * value() and option_one(); the numbers' tokens are text + toks[i], as
 * position_scan_plain gives them. 1 when answered; 0 when the general
 * path must answer (no option_one, a value that is an error, a family
 * that declines, a lone component the family solves by itself).
 */
int solve_plain(grundy_game *game, const char *text, const uint64_t *v,
                const size_t *toks, size_t n, plain_answer *out);
/* 1 when game's family can answer through solve_plain at all (checked
 * before a line is even scanned). */
int solve_plain_possible(const grundy_game *game);

#endif
