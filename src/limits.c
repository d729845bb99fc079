/*
 * limits.c - the one setup of the sequence engine (sgseq) for a game whose
 * values come from a Grundy sequence (the take-and-break families,
 * Grundy's game): the context's limits as the game holds them
 * (game->limits), its label and progress. Calls nothing above the
 * engine: families are handed their limits, they never ask the context.
 */
#include "family.h"
#include "sgseq.h"

static void
limits_sgseq_progress(void *user, const char *what, uint64_t done,
                      uint64_t total)
{
    limits_progress(user, what, done, total);
}

void
limits_sgseq_env(grundy_game *game, struct sgseq *seq, struct sgseq_env *env)
{
    const game_limits *lim = game->limits;
    sgseq_set_threads(seq, lim->threads == 1 ? 1 : 2);
    env->memory_limit = lim->memory;
    env->progress = limits_sgseq_progress;
    env->progress_user = game->limits;
    env->name = game->label;
    env->work_limit = lim->work;
    env->period_search = lim->period_search;
}
