/*
 * misere.h - misere play where no closed rule covers the position: by the
 * misere quotient of its heap games (misere_q.c, on mquot.c), else by
 * exhaustive search (misere.c). solve.c calls both; they depend on
 * moves.h only.
 */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H

#include "moves.h"

/* The misere quotient of one alphabet (misere_q.c), kept by the context. */
typedef struct misere_cache misere_cache;

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
/* misere_search, where every position whose heaps the verified quotient
 * known (NULL: none) covers is judged by it, not searched: the search
 * then visits only positions with a heap beyond the quotient's. */
grundy_status misere_search_known(const grundy_position *pos,
                                  const unsigned char *repeats,
                                  const misere_cache *known, move_sink *sink,
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
/* misere_q_solve with heap[i] standing in for component i's heap (NULL:
 * the position's own heaps): a heap beyond 64 bits is answered through a
 * 64-bit heap of the same element whose options match its own
 * (solve_big.c). The moves on a stand-in are its own, words and all: the
 * caller's sink rewrites them. */
grundy_status misere_q_solve_heaps(const grundy_position *pos,
                                   const uint64_t *heap,
                                   const unsigned char *repeats,
                                   move_sink *sink, int *win,
                                   grundy_error *err);
/* misere_q_solve, except that a heap whose joining the quotient would
 * take more than MISERE_Q_QUICK_WORK steps is not built: then *deferred
 * is set and the status is GRUNDY_ELIMIT, with nothing recorded against
 * the game (misere_q_solve builds it later, under the context's limits).
 * So a position a search answers at once does not wait for a wild
 * game's quotient (solve.c). */
#define MISERE_Q_QUICK_WORK (UINT64_C(1) << 25)
grundy_status misere_q_solve_quick(const grundy_position *pos,
                                   const unsigned char *repeats,
                                   move_sink *sink, int *win, int *deferred,
                                   grundy_error *err);
/* The quotient of pos's games as built so far (nothing is built), or NULL
 * when there is none: for misere_search_known. */
const misere_cache *misere_q_peek(const grundy_position *pos);
/* 1 when mc's construction gave up with no limit to name (no candidate
 * quotient passed verification: a wild game), not stopped by a limit. */
int misere_q_gave_up(const misere_cache *mc);
/* The certified period of the heap elements of the game of each term t
 * with need[t] set, in the quotient of pos's games (the one
 * misere_q_solve uses), whose heaps of those games are built until a
 * period is certified or heap MISERE_QUOTIENT_MAX_HEAP is: heap
 * h > from[t] has the element of heap h - p[t]. Otherwise *failed is the
 * game without one and the status says why: GRUNDY_ELIMIT when the
 * quotient cannot be built that far (with the reason),
 * GRUNDY_EUNSUPPORTED when no period shows (the reason is words to
 * follow "has none: "); *failed is NULL when out of memory. */
grundy_status misere_q_periods(const grundy_position *pos,
                               const unsigned char *need, uint64_t *p,
                               uint64_t *from, const grundy_game **failed,
                               grundy_error *err);

struct mquot;
/* The quotient of the heap games games[0 .. n) (sorted by spec,
 * distinct) for heaps up to max[i] of game i, built or extended, kept on
 * a game of them (*out). Heaps beyond those built have elements when a
 * period of them is certified (misere_q_period). */
grundy_status misere_q_build(grundy_game *const *games, size_t n,
                             const uint64_t *max, misere_cache **out,
                             grundy_error *err);
const struct mquot *misere_q_quotient(const misere_cache *mc);
/* The element of heap h of game i (h covered by the last build). */
uint32_t misere_q_element(const misere_cache *mc, size_t i, uint64_t h);
/* 1 with *x the element of heap h of game i when the quotient has it (a
 * heap built and verified, or any heap under a certified period); 0 when
 * it does not. */
int misere_q_known(const misere_cache *mc, size_t i, uint64_t h,
                   uint32_t *x);
/* game's index in mc's alphabet (the same spec), or SIZE_MAX. */
size_t misere_q_game_index(const misere_cache *mc, const grundy_game *game);
/* 1 with the certified period of game i's heap elements: heap h > *from
 * has the element of heap h - *p; 0 when none is certified. */
int misere_q_period(const misere_cache *mc, size_t i, uint64_t *p,
                    uint64_t *from);

#endif
