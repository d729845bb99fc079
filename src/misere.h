/*
 * misere.h - misere play where no closed rule covers the position: by the
 * misere quotient of its heap games (misere_q.c, on mquot.c), else by
 * exhaustive search (misere.c). solve.c calls both; they depend on
 * moves.h only.
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

/*
 * Misere play by the misere quotient (misere_q.c, mquot.c) of a position
 * whose components are all heaps of heap games (FAMILY_HEAP_GAME): sets
 * *win and emits the winning moves as misere_search does.
 * GRUNDY_EUNSUPPORTED when some component is not such a heap (the caller
 * then searches); GRUNDY_ELIMIT, with the reason and the limit, when the
 * quotient cannot be built to the largest heap.
 */
grundy_status misere_q_solve(const grundy_position *pos,
                                 const unsigned char *repeats,
                                 move_sink *sink, int *win,
                                 grundy_error *err);

struct mquot;
/* The quotient of the heap games games[0 .. n) (sorted by spec, distinct)
 * for heaps up to max, built or extended, kept on games[0] (*out). */
grundy_status misere_q_build(grundy_game *const *games, size_t n,
                                 uint64_t max, misere_cache **out,
                                 grundy_error *err);
/* The quotient of mc: heap h of game i is generator h * (*ngames) + i. */
const struct mquot *misere_q_cache_quotient(const misere_cache *mc,
                                          size_t *ngames);

#endif
