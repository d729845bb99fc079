/*
 * solve_big.h - what solve.c's sum rules need besides them for positions
 * holding a number beyond 2^64 - 1 (solve_big.c): the components read as
 * exact numbers, the families' big operations on one component, a lone
 * big component, misere play of big heaps by the misere quotient, and
 * the refusals. The rules themselves (XOR, target values, the misere Nim
 * rule, the value) are solve.c's, over nat, for every size.
 */
#ifndef GRUNDY_SOLVE_BIG_H
#define GRUNDY_SOLVE_BIG_H

#include "moves.h"
#include "nat.h"

/* The components of a position as exact numbers, and their values. */
typedef struct solve_big_pos {
    bignum **num;       /* every number of every component */
    size_t nnum;
    big_component *comp;
    nat *value;         /* Grundy value of each component (solve.c) */
    size_t ncomp;
    int all_big;        /* every component goes by the big rules */
    bignum *scratch;    /* a value or a target as a family reads it */
} solve_big_pos;

/* Reads every component of pos (a big one from its token, a 64-bit one
 * from its numbers) into bp; bp can be given back with solve_big_free
 * whatever the status. */
grundy_status solve_big_read(const grundy_position *pos, solve_big_pos *bp,
                             grundy_error *err);
void solve_big_free(solve_big_pos *bp);
/* 1 when component i goes by its family's big operations. */
int solve_big_is_big(const grundy_position *pos, const solve_big_pos *bp,
                     size_t i);
/* The Grundy value of big component i of game into bp->value[i]. */
grundy_status solve_big_value(solve_big_pos *bp, grundy_game *game,
                              size_t i, grundy_error *err);
/* Emits the options of big component i of game worth want. */
grundy_status solve_big_options(solve_big_pos *bp, grundy_game *game,
                                size_t i, const nat *want, move_sink *sink,
                                grundy_error *err);
/* 1 when components i and j hold the same numbers. */
int solve_big_same(const solve_big_pos *bp, size_t i, size_t j);
/* A lone component whose family has a big rule of its own (fib,
 * wythoff): outcome and moves as solve.c's lone rule gives them. */
grundy_status solve_big_alone(const grundy_position *pos,
                              solve_big_pos *bp, int misere,
                              move_sink *sink, grundy_error *err);
/* Misere play of pos when its families do not all follow the misere Nim
 * rule: sums of heaps by their misere quotient's certified period, a
 * refusal otherwise. normal_known: the normal-play value of pos is known
 * (refusals say so). Outcome and moves only; the value is solve.c's. */
grundy_status solve_big_misere(const grundy_position *pos,
                               solve_big_pos *bp, int normal_known,
                               move_sink *sink, grundy_error *err);
/* 1 when a 64-bit component of pos has a value beyond 64 bits (the
 * family's fits()): the exact path must answer it. */
int solve_big_needed(const grundy_position *pos);

#endif
