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
    struct limits_account *account; /* NULL, or the byte account this
                                   * context shares with others (the
                                   * command's threads: one --memory) */
    size_t charged;               /* bytes this context has charged to it */
    int strict;                   /* 1: a charge past the account's room
                                   * fails (GRUNDY_ENOMEM: a worker thread
                                   * leaves the line); 0: it always passes
                                   * (the context answering what they leave) */
    size_t line_charged;          /* bytes charged since the line began
                                   * (the context resets it), account or
                                   * none: its scratch and growing tables */
    void (*make_room)(void *user, size_t bytes); /* NULL, or the context's
                                   * (limits_make_room): drops the tables it
                                   * keeps that no line uses, until `bytes`
                                   * more fit within the limits */
    void *make_room_user;         /* passed back to make_room */
} game_limits;

/*
 * One --memory for several contexts in several threads (limits.c): each
 * charges the bytes it is about to allocate (after the family's own check
 * against lim->memory, which alone decides refusals, so that an answer
 * never depends on what other threads hold) and settles at the end of a
 * line to the bytes it keeps. Thread-safe (C11 atomics).
 */
typedef struct limits_account limits_account;
/* A new account of `limit` bytes; NULL when out of memory or when the
 * compiler has no atomics (the caller then shares nothing). */
limits_account *limits_account_new(size_t limit);
void limits_account_free(limits_account *a);
/* Charges `bytes` to lim's account, after limits_make_room(lim, bytes):
 * 0, or -1 (nothing charged) for a strict context whose charge would
 * pass the account's limit. No account: 0 (the line's charges are still
 * counted, for make_room). */
int limits_charge(game_limits *lim, size_t bytes);
/* Before `bytes` more are held (a table grows, a scratch is taken): asks
 * the context to drop the tables it keeps and no line uses, least
 * recently used first, until what it holds and `bytes` fit within
 * lim->memory (and, for a strict context, the account's room). It never
 * refuses: the family's own check against lim->memory does, so that a
 * refusal never depends on what was kept. No-op without make_room. */
void limits_make_room(game_limits *lim, size_t bytes);
/* Gives back `bytes` charged before (a block freed, or replaced by a
 * larger one already charged). */
void limits_release(game_limits *lim, size_t bytes);
/* Sets what lim's context holds in its account to `kept` bytes (the
 * tables it keeps), giving back the rest of the line's charges. */
void limits_settle(game_limits *lim, size_t kept);
/* Bytes lim's context may hold without passing the account's limit:
 * the limit less what the other contexts hold (SIZE_MAX: no account). */
size_t limits_room(const game_limits *lim);

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
/* The context's limits, for the position and the solver to charge what
 * they allocate to its account (limits_charge). */
game_limits *ctx_limits(grundy_ctx *ctx);
/* The one setup of the sequence engine (sgseq) for a game whose values
 * come from a Grundy sequence (the take-and-break families, grundy):
 * game->limits and the game's label into *env, the thread count onto seq
 * (limits.c). */
void limits_sgseq_env(grundy_game *game, struct sgseq *seq,
                      struct sgseq_env *env);


#endif
