/*
 * solve_big.h - grundy_solve's path for positions holding a number beyond
 * 2^64 - 1 (solve_big.c).
 */
#ifndef GRUNDY_SOLVE_BIG_H
#define GRUNDY_SOLVE_BIG_H

#include "moves.h"

/* Outcome, value and winning moves of pos (pos->big set) into sink->res,
 * as grundy_solve gives them, with exact numbers. */
grundy_status solve_big_position(const grundy_position *pos, int misere,
                                 move_sink *sink, grundy_error *err);
/* The normal-play Grundy value of pos (the XOR of its components'
 * values, exact) into res: sg_known, sg or sg_big and sg_text, and win
 * (the value is not 0); no moves. */
grundy_status solve_big_value(const grundy_position *pos,
                              grundy_result *res, grundy_error *err);
/* 1 when a 64-bit component of pos has a value beyond 64 bits (the
 * family's fits()): solve_big_position must answer it. */
int solve_big_needed(const grundy_position *pos);

#endif
