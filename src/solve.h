/*
 * solve.h - the move sink shared by solve.c (which renders moves into a
 * result) and misere.c (which also collects options as data for its
 * search). Families see only the opaque move_sink of family.h.
 */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H

#include "position.h"

/* Receives an option as data instead of rendering it; returns 0 to go on,
 * -1 when out of memory, -2 when the options are more than it takes. */
typedef int (*move_collect_fn)(void *user, const component *c, size_t parts,
                               const size_t *arity, const uint64_t *vals,
                               const char *explain);

struct move_sink {
    grundy_result *res;         /* rendered moves go here (collect NULL) */
    const grundy_position *pos; /* the position the moves start from */
    int all;                    /* every winning move, not just one */
    int oom;                    /* SINK_NOMEM or SINK_LIMIT: emit failed */
    move_collect_fn collect;    /* when set: options go here as data */
    void *user;                 /* passed to collect */
    size_t budget;              /* bytes rendered moves may use: the
                                 * memory limit (unused with collect) */
};

enum { SINK_NOMEM = 1, SINK_LIMIT = 2 };

/* Move i of res: its words (returned) and the position it leaves, with
 * their lengths, for format.c (which would otherwise measure them). */
const char *result_move_text(const grundy_result *res, size_t i,
                             size_t *explain_len, const char **position,
                             size_t *position_len);

/* The error of a failed move_emit, which families pass on as a bare
 * GRUNDY_ENOMEM: out of memory, or the moves' text over the budget. */
grundy_status move_sink_error(const move_sink *sink, grundy_error *err);

/*
 * Misere play by exhaustive search over the whole position (no rule
 * known): sets *win and emits the winning moves into sink.
 * GRUNDY_ELIMIT beyond MISERE_MAX_POSITIONS distinct positions or when a
 * component's options cannot be listed.
 */
#define MISERE_MAX_POSITIONS 200000
grundy_status misere_search(const grundy_position *pos, move_sink *sink,
                            int *win, grundy_error *err);

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
