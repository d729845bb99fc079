/*
 * moves.h - the result of a solve and the move sink that fills it
 * (moves.c). solve.c sets the outcome and asks families for options;
 * misere.c collects options as data for its search; format.c reads the
 * rendered moves. Families see only the opaque move_sink of family.h.
 */
#ifndef GRUNDY_MOVES_H
#define GRUNDY_MOVES_H

#include "position.h"

/* A move: offsets and lengths of its two strings in res->text. */
typedef struct result_move {
    size_t explain, explain_len;
    size_t position, position_len;
    size_t comp;       /* index of the changed component */
} result_move;

struct grundy_result {
    int win;                /* 1: the player to move wins */
    int draw;               /* 1: neither player can force a win (a
                             * loopy game: Smith's rule, solve.c) */
    int loopy;              /* the normal-play value is infinite
                             * (Smith's infinity(K)): sg is not known */
    int misere;             /* solved for misere play */
    int sg_known;           /* sg below is the normal-play value */
    uint64_t sg;
    int sg_big;             /* the value is beyond 64 bits: sg_text
                             * holds it in decimal (solve_big.c) */
    char *sg_text;          /* decimal text of the value (sg_big, or
                             * grundy_result_sg_decimal) */
    size_t sg_textcap;
    result_move *moves;     /* the winning moves found */
    size_t nmoves, movecap;
    /* Moves[seen_from .. nmoves) (the last component's) by the hash of
     * their positions, an open-addressing table of move index + 1 (0:
     * empty), once that run is long (moves.c, is_repeat). */
    size_t *seen, seencap, seen_from, seen_n;
    char *text;             /* NUL-terminated strings of the moves */
    size_t textlen, textcap;
    uint64_t *values;       /* Grundy value of each component (solve.c) */
    size_t valcap;
    unsigned compound;      /* GRUNDY_EVERY or GRUNDY_CONJUNCTIVE: solved
                             * as that compound (compound.c); 0: a sum */
    uint64_t compound_number; /* its deciding number: the largest
                             * suspense or the smallest remoteness */
};

/* Receives an option as data instead of rendering it; returns 0 to go on,
 * 1 when it wants no more, -1 when out of memory, -2 when the options are
 * more than it takes. */
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
    /* Optional, with collect: 0 for an option (its parts' numbers, one
     * number each) the collector does not want, asked by families that
     * can skip writing its words (move_wanted); NULL: all wanted. */
    int (*want)(void *user, size_t parts, const uint64_t *vals);
    /* Optional, with want (0: none): want's verdict does not change when
     * a part larger than want_from is lowered by want_period (the misere
     * quotient's certified period, misere_q.c), so a family may judge a
     * huge heap's splits by one period of them (octal_splits). */
    uint64_t want_period, want_from;
    struct game_limits *lim;    /* charged for the rendered text (NULL:
                                 * nobody's account) */
};

enum { SINK_NOMEM = 1, SINK_LIMIT = 2 };

/* Empties res of moves (and their text) before a solve fills it. */
void move_result_clear(grundy_result *res);

/* Move i of res: its words (returned) and the position it leaves, with
 * their lengths, for format.c (which would otherwise measure them). */
const char *move_result_text(const grundy_result *res, size_t i,
                             size_t *explain_len, const char **position,
                             size_t *position_len);

/* A component's part in a move of a compound (move_emit_compound): the
 * component stays as it is (moved 0), or becomes the one component of
 * n numbers vals, or (n 0) an empty heap "0". */
typedef struct move_change {
    int moved;
    size_t n;
    const uint64_t *vals;
    size_t parts;           /* components the move leaves (a split: > 1) */
    const size_t *arity;    /* numbers of each, in vals; NULL: one of n */
} move_change;

/* Renders a move of Every-SG or of a conjunctive compound, which moves in
 * several components at once: changes[i] for each component i of
 * sink->pos, explain its words. 0, 1, -1 as move_emit. */
int move_emit_compound(move_sink *sink, const move_change *changes,
                       const char *explain);

/* The error of a failed move_emit, which families pass on as a bare
 * GRUNDY_ENOMEM: out of memory, or the moves' text over the budget. */
grundy_status move_sink_error(const move_sink *sink, grundy_error *err);

#endif
