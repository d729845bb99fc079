/*
 * context.h - what the context hands its games (ctx.c, limits.c): the
 * limits a game computes within and the progress it reports, read from
 * game->limits; the setup of a Grundy-sequence engine under them. Games
 * are handed these and never call up into the context otherwise.
 */
#ifndef GRUNDY_CONTEXT_H
#define GRUNDY_CONTEXT_H

#include "grundy.h"

#include <stddef.h>
#include <stdint.h>

struct sgseq;
struct sgseq_env;

/*
 * What the context hands its games (ctx.c owns and updates it; a game
 * holds a pointer to it): families read their limits here and report
 * progress through it, and never call up into the context.
 */
typedef struct game_limits {
    size_t memory;                /* bytes the tables may use */
    uint64_t work;                /* steps a sequence computation may take */
    uint64_t period_search;       /* values a period search may compute */
    unsigned threads;             /* for a sequence computation; 0: its own */
    grundy_progress_fn progress;  /* NULL: nobody listens */
    void *progress_user;          /* passed back to progress */
    uint64_t misere_work;         /* steps one line's misere quotient may
                                   * take (UINT64_MAX: no bound) */
    uint64_t misere_left;         /* steps the current line's misere
                                   * quotient may still take (solve.c sets
                                   * it per line, misere_q.c spends it) */
} game_limits;

/* Reports progress to whoever listens to lim (no-op for nobody). */
static inline void
limits_progress(const game_limits *lim, const char *what, uint64_t done,
                uint64_t total)
{
    if (lim != NULL && lim->progress != NULL) {
        lim->progress(lim->progress_user, what, done, total);
    }
}

/* The context's memory limit (for the solver and the parser; families
 * read game->limits). */
size_t ctx_memory_limit(const grundy_ctx *ctx);
/* The one setup of the sequence engine (sgseq) for a game whose values
 * come from a Grundy sequence (the take-and-break families, grundy):
 * game->limits and the game's label into *env, the thread count onto seq
 * (limits.c). */
void limits_sgseq_env(grundy_game *game, struct sgseq *seq,
                      struct sgseq_env *env);


#endif
