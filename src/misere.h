/*
 * misere.h - misere play by exhaustive search (misere.c), for positions
 * no misere rule covers. solve.c calls it; it depends on moves.h only.
 */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H

#include "moves.h"

/*
 * Misere play by exhaustive search over the whole position (no rule
 * known): sets *win and emits the winning moves into sink, skipping
 * the components flagged in repeats (NULL: none), twins of earlier ones.
 * GRUNDY_ELIMIT beyond MISERE_MAX_POSITIONS distinct positions or when a
 * component's options cannot be listed.
 */
#define MISERE_MAX_POSITIONS 200000
grundy_status misere_search(const grundy_position *pos,
                            const unsigned char *repeats, move_sink *sink,
                            int *win, grundy_error *err);

#endif
