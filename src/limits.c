/*
 * limits.c - the limits a context hands its games: the one setup of the
 * sequence engine (sgseq) for a game whose values come from a Grundy
 * sequence (the take-and-break families, Grundy's game), and the byte
 * account several contexts share (one --memory for the command's
 * threads). Calls nothing above the engine: families are handed their
 * limits, they never ask the context.
 */
#include "family.h"
#include "sgseq.h"

#include <stdlib.h>
#if !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#endif

static void
limits_sgseq_progress(void *user, const char *what, uint64_t done,
                      uint64_t total)
{
    limits_progress(user, what, done, total);
}

void
limits_make_room(game_limits *lim, size_t bytes)
{
    /* A function the context handed over, not a call up into it: the
     * calls still go one way (call_circles). */
    if (lim != NULL && lim->make_room != NULL && bytes != 0) {
        lim->make_room(lim->make_room_user, bytes);
    }
}

static void
limits_sgseq_make_room(void *user, size_t bytes)
{
    limits_make_room(user, bytes);
}

void
limits_sgseq_env(grundy_game *game, struct sgseq *seq, struct sgseq_env *env)
{
    const game_limits *lim = game->limits;
    sgseq_set_threads(seq, lim->threads == 1 ? 1 : 2);
    env->memory_limit = lim->memory;
    env->progress = limits_sgseq_progress;
    env->progress_user = game->limits;
    env->make_room = limits_sgseq_make_room;
    env->make_room_user = game->limits;
    env->name = game->label;
    env->work_limit = lim->work;
    env->period_search = lim->period_search;
}

#if !defined(__STDC_NO_ATOMICS__)

/* The bytes held by every context sharing the account: a worker's charge
 * is compared and added in one step (compare-exchange), so that two
 * threads never both take the last room. */
struct limits_account {
    atomic_size_t held;
    size_t limit;
};

limits_account *
limits_account_new(size_t limit)
{
    limits_account *a = malloc(sizeof *a);
    if (a != NULL) {
        atomic_init(&a->held, 0);
        a->limit = limit;
    }
    return a;
}

int
limits_charge(game_limits *lim, size_t bytes)
{
    limits_account *a = lim->account;
    size_t held;
    if (bytes == 0) {
        return 0;
    }
    limits_make_room(lim, bytes);
    if (a == NULL) {
        lim->line_charged += bytes;
        return 0;
    }
    held = atomic_load(&a->held);
    do {
        if (lim->strict &&
            (bytes > a->limit || held > a->limit - bytes)) {
            return -1;
        }
        /* Each charge passed its family's check against --memory (at
         * most 128T): the sum cannot wrap. */
    } while (!atomic_compare_exchange_weak(&a->held, &held, held + bytes));
    lim->charged += bytes;
    lim->line_charged += bytes;
    return 0;
}

void
limits_release(game_limits *lim, size_t bytes)
{
    lim->line_charged -= bytes < lim->line_charged ? bytes
                                                   : lim->line_charged;
    if (lim->account == NULL) {
        return;
    }
    bytes = bytes < lim->charged ? bytes : lim->charged;
    atomic_fetch_sub(&lim->account->held, bytes);
    lim->charged -= bytes;
}

void
limits_settle(game_limits *lim, size_t kept)
{
    if (lim->account == NULL) {
        return;
    }
    if (kept >= lim->charged) {
        atomic_fetch_add(&lim->account->held, kept - lim->charged);
    } else {
        atomic_fetch_sub(&lim->account->held, lim->charged - kept);
    }
    lim->charged = kept;
}

size_t
limits_room(const game_limits *lim)
{
    size_t held, others;
    if (lim->account == NULL) {
        return SIZE_MAX;
    }
    held = atomic_load(&lim->account->held);
    others = held > lim->charged ? held - lim->charged : 0;
    return others < lim->account->limit ? lim->account->limit - others : 0;
}

#else

/* No atomics: no account (the command then runs one thread). */
limits_account *
limits_account_new(size_t limit)
{
    (void)limit;
    return NULL;
}

int
limits_charge(game_limits *lim, size_t bytes)
{
    limits_make_room(lim, bytes);
    lim->line_charged += bytes;
    return 0;
}

void
limits_release(game_limits *lim, size_t bytes)
{
    lim->line_charged -= bytes < lim->line_charged ? bytes
                                                   : lim->line_charged;
}

void
limits_settle(game_limits *lim, size_t kept)
{
    (void)lim;
    (void)kept;
}

size_t
limits_room(const game_limits *lim)
{
    (void)lim;
    return SIZE_MAX;
}

#endif

void
limits_account_free(limits_account *a)
{
    free(a);
}
