/*
 * ctx.c - the caller-owned context (limits, progress callback) and the
 * game cache: parsing a spec finds its family in the registry, lets the
 * family read the parameters, and shares the game between equal specs.
 */
#include "family.h"
#include "sgseq.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The game cache. Games with tables (family->footprint set: octal codes,
 * Grundy's game, fib, wythoff) are kept across lines, at most
 * CTX_CACHE_SIZE of them and together within the memory limit; when one
 * must go it is the least recently used, one at a time, so a stream that
 * alternates between many specs keeps the tables it returns to. Games
 * without tables (nim, bounded:M, ferguson, division) cost a calloc to
 * create again: only the last CTX_RECENT of them are kept, replaced in
 * turn, and they never push a table out. A game in use elsewhere keeps
 * its own reference: eviction only drops the cache's.
 */
#define CTX_CACHE_SIZE 64
#define CTX_RECENT 8
/* Misere quotients kept (each of one set of games, the alphabet). */
#define CTX_QUOTIENTS 16

/*
 * A misere quotient kept for later lines: misere_q.c builds it, the
 * context keeps it under its key (the games' specs) and counts its bytes
 * with the tables; it knows nothing else of it and frees it through the
 * function it was handed (calling nothing above itself).
 */
typedef struct ctx_quotient {
    char *key;                    /* owned; NULL: a free slot */
    void *data;                   /* owned through release */
    size_t (*bytes)(const void *data);
    void (*release)(void *data);
    uint64_t used;                /* when last asked for */
} ctx_quotient;

struct grundy_ctx {
    game_limits limits;           /* the limits and progress, shared with
                                     every game of this context */
    grundy_game *cache[CTX_CACHE_SIZE]; /* games with tables, each
                                           holding one reference */
    uint64_t used[CTX_CACHE_SIZE];/* when cache[i] was last asked for */
    size_t ncache;                /* used slots of cache */
    uint64_t clock;               /* ticks once per lookup */
    grundy_game *recent[CTX_RECENT]; /* games without tables, one
                                        reference each, or NULL */
    size_t next_recent;           /* the slot the next one replaces */
    ctx_quotient quot[CTX_QUOTIENTS]; /* misere quotients, by alphabet */
    size_t nquot;                 /* slots of quot in use: cache_bytes,
                                     run twice or more a line, skips the
                                     slots while there are none */
    int own_account;              /* limits.account is this context's to
                                     free (ctx_memory_share) */
    uint64_t line_clock;          /* clock when the line began: what was
                                     asked for since is in use */
    size_t dropped;               /* bytes of tables make_room dropped
                                     since the line began */
};

static void ctx_make_room(void *user, size_t bytes);

grundy_ctx *
grundy_ctx_new(void)
{
    grundy_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx != NULL) {
        ctx->limits.memory = GRUNDY_DEFAULT_MEMORY_LIMIT;
        ctx->limits.work = GRUNDY_DEFAULT_WORK_LIMIT;
        ctx->limits.misere_work = GRUNDY_DEFAULT_MISERE_WORK;
        ctx->limits.misere_left = ctx->limits.misere_work;
        ctx->limits.make_room = ctx_make_room;
        ctx->limits.make_room_user = ctx;
    }
    return ctx;
}

static void
quot_drop(grundy_ctx *ctx, size_t i)
{
    ctx_quotient *q = &ctx->quot[i];
    if (q->key != NULL) {
        ctx->nquot--;
        q->release(q->data);
        free(q->key);
        q->key = NULL;
        q->data = NULL;
    }
}

static void
ctx_cache_clear(grundy_ctx *ctx)
{
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        quot_drop(ctx, i);
    }
    for (size_t i = 0; i < ctx->ncache; i++) {
        grundy_game_free(ctx->cache[i]);
    }
    ctx->ncache = 0;
    for (size_t i = 0; i < CTX_RECENT; i++) {
        grundy_game_free(ctx->recent[i]);
        ctx->recent[i] = NULL;
    }
}

void
grundy_ctx_free(grundy_ctx *ctx)
{
    if (ctx == NULL) {
        return;
    }
    ctx_cache_clear(ctx);
    limits_settle(&ctx->limits, 0);
    if (ctx->own_account) {
        limits_account_free(ctx->limits.account);
    }
    free(ctx);
}

void
grundy_ctx_set_memory_limit(grundy_ctx *ctx, size_t bytes)
{
    ctx->limits.memory = bytes;
}

size_t
grundy_ctx_memory_limit(const grundy_ctx *ctx)
{
    return ctx->limits.memory;
}

size_t
ctx_memory_limit(const grundy_ctx *ctx)
{
    return ctx->limits.memory;
}

game_limits *
ctx_limits(grundy_ctx *ctx)
{
    return &ctx->limits;
}

void
grundy_ctx_set_work_limit(grundy_ctx *ctx, uint64_t steps)
{
    ctx->limits.work = steps;
    ctx->limits.misere_work = steps != 0 ? steps : UINT64_MAX;
}

uint64_t
grundy_ctx_work_limit(const grundy_ctx *ctx)
{
    return ctx->limits.work;
}

void
grundy_ctx_set_period_search(grundy_ctx *ctx, uint64_t values)
{
    ctx->limits.period_search = values;
}

uint64_t
grundy_ctx_period_search(const grundy_ctx *ctx)
{
    return ctx->limits.period_search;
}

void
grundy_ctx_set_threads(grundy_ctx *ctx, unsigned threads)
{
    ctx->limits.threads = threads;
}

unsigned
grundy_ctx_threads(const grundy_ctx *ctx)
{
    return ctx->limits.threads;
}

void
grundy_ctx_set_progress(grundy_ctx *ctx, grundy_progress_fn fn, void *user)
{
    ctx->limits.progress = fn;
    ctx->limits.progress_user = user;
}

void
ctx_line_start(grundy_ctx *ctx)
{
    ctx->limits.misere_left = ctx->limits.misere_work;
}

/* The spec for messages: whole when short, else its head and tail around
 * "..." (a sub: list of 10^5 numbers would fill a message by itself). */
static void
game_label(char *dst, size_t cap, const char *spec, size_t len)
{
    size_t tail = 16, head = cap - tail - 4;
    if (len < cap) {
        memcpy(dst, spec, len);
        dst[len] = '\0';
        return;
    }
    memcpy(dst, spec, head);
    memcpy(dst + head, "...", 3);
    memcpy(dst + head + 3, spec + len - tail, tail);
    dst[head + 3 + tail] = '\0';
}

/* An unknown name, with the family it most likely meant. */
static grundy_status
unknown_game(const char *spec, size_t len, size_t namelen, const char *q,
             grundy_error *err)
{
    const char *near = registry_suggest(spec, namelen);
    char want[128], full[128];
    size_t n;
    if (near == NULL) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "unknown game %s (see 'grundy games' for the list)",
                       q);
    }
    /* The spec as it would be with that name: "Octal:0.6" -> octal:0.6. */
    n = (size_t)snprintf(full, sizeof full, "%s%.*s", near,
                         (int)(len - namelen < 100 ? len - namelen : 100),
                         spec + namelen);
    util_quote_token(want, sizeof want, full, n < sizeof full ? n : 0);
    if (strlen(near) == namelen) {
        size_t i = 0;
        while (i < namelen && (spec[i] | 0x20) == near[i]) {
            i++;
        }
        if (i == namelen) {
            return err_set(err, GRUNDY_ESPEC, 0,
                           "unknown game %s: game names are lower case; "
                           "did you mean %s?", q, want);
        }
    }
    return err_set(err, GRUNDY_ESPEC, 0,
                   "unknown game %s: did you mean %s? (see 'grundy games' "
                   "for the list)", q, want);
}

/* Creates a game for spec (not cached). Errors name the offending part. */
static grundy_status
game_create(grundy_ctx *ctx, const char *spec, size_t len, grundy_game **out,
            grundy_error *err)
{
    const char *colon = memchr(spec, ':', len);
    size_t namelen = colon != NULL ? (size_t)(colon - spec) : len;
    const family *fam = registry_lookup(spec, namelen);
    grundy_game *game;
    grundy_status st;
    char q[128];

    if (len == 0) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "empty game spec: expected a game such as nim or "
                       "bounded:3 (see 'grundy games')");
    }
    if (fam == NULL) {
        util_quote_token(q, sizeof q, spec, namelen);
        if (len == 1 && spec[0] == '+') {
            /* "grundy + nim 3": as a line starting with '+' says */
            return err_set(err, GRUNDY_ESPEC, 0,
                           "'+' where a game name was expected: write "
                           "GAME COMPONENT... + GAME COMPONENT...");
        }
        if (spec[0] >= '0' && spec[0] <= '9') {
            /* Most likely heaps without their game: "3 4 5" for nim. */
            return err_set(err, GRUNDY_ESPEC, 0,
                           "%s is not a game: a position starts with its "
                           "game, e.g. 'nim 3 4 5', or give the game on "
                           "the command line: 'grundy nim < FILE' (see "
                           "'grundy games')", q);
        }
        return unknown_game(spec, len, namelen, q, err);
    }
    game = calloc(1, sizeof *game);
    if (game == NULL || (game->spec = malloc(len + 1)) == NULL) {
        free(game);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    memcpy(game->spec, spec, len);
    game->spec[len] = '\0';
    game_label(game->label, sizeof game->label, spec, len);
    game->family = fam;
    game->ctx = ctx;
    game->limits = &ctx->limits;
    game->refs = 1;
    st = registry_param(fam, colon != NULL ? colon + 1 : NULL,
                        colon != NULL ? len - namelen - 1 : 0, err);
    if (st == GRUNDY_OK && fam->create != NULL) {
        st = fam->create(game, colon != NULL ? colon + 1 : NULL,
                         colon != NULL ? len - namelen - 1 : 0, err);
    }
    if (st != GRUNDY_OK) {
        if (err != NULL && st == GRUNDY_ESPEC) {
            /* Name the spec the family's message is about (not for out
             * of memory: the spec is fine). */
            char msg[sizeof err->message];
            memcpy(msg, err->message, sizeof msg);
            util_quote_token(q, sizeof q, spec, len);
            snprintf(err->message, sizeof err->message,
                     "bad game spec %s: %.360s", q, msg);
            if (err->column >= 0 && colon != NULL) {
                err->column += (long)namelen + 1;
            }
        }
        free(game->spec);
        free(game);
        return st;
    }
    *out = game;
    return GRUNDY_OK;
}

static int
same_spec(const grundy_game *g, const char *spec, size_t len)
{
    /* spec may hold NUL bytes: compare lengths first. */
    return g != NULL && strlen(g->spec) == len &&
           memcmp(g->spec, spec, len) == 0;
}

/* Drops the cache's reference to cache[i]. */
static void
cache_evict(grundy_ctx *ctx, size_t i)
{
    grundy_game_free(ctx->cache[i]);
    ctx->ncache--;
    ctx->cache[i] = ctx->cache[ctx->ncache];
    ctx->used[i] = ctx->used[ctx->ncache];
}

/* The least recently used entry other than `keep`; ncache if none. */
static size_t
cache_oldest(const grundy_ctx *ctx, size_t keep)
{
    size_t best = ctx->ncache;
    for (size_t i = 0; i < ctx->ncache; i++) {
        if (i != keep &&
            (best == ctx->ncache || ctx->used[i] < ctx->used[best])) {
            best = i;
        }
    }
    return best;
}

/* Bytes of everything the context keeps: tables and misere quotients. */
static size_t
cache_bytes(const grundy_ctx *ctx)
{
    size_t sum = 0;
    for (size_t i = 0; i < ctx->ncache; i++) {
        /* a shared state counts once, for whichever of its games comes
         * first */
        const grundy_game *g = ctx->cache[i]->shared != NULL
                                   ? ctx->cache[i]->shared : ctx->cache[i];
        size_t j = 0;
        while (j < i && (ctx->cache[j]->shared != NULL
                             ? ctx->cache[j]->shared : ctx->cache[j]) != g) {
            j++;
        }
        sum += j == i ? g->family->footprint(g) : 0;
    }
    for (size_t i = 0; ctx->nquot > 0 && i < CTX_QUOTIENTS; i++) {
        if (ctx->quot[i].key != NULL) {
            sum += ctx->quot[i].bytes(ctx->quot[i].data);
        }
    }
    return sum;
}

/* The least recently used misere quotient other than keep_q;
 * CTX_QUOTIENTS if none. */
static size_t
quot_oldest(const grundy_ctx *ctx, size_t keep_q)
{
    size_t best = CTX_QUOTIENTS;
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        if (i != keep_q && ctx->quot[i].key != NULL &&
            (best == CTX_QUOTIENTS ||
             ctx->quot[i].used < ctx->quot[best].used)) {
            best = i;
        }
    }
    return best;
}

/* While everything kept passes `bytes`, drops the least recently used
 * table or quotient, never cache[keep] nor quot[keep_q] (the ones the
 * caller is using): one budget for all of them. Returns keep's slot
 * after the moves eviction makes; *kept (when not NULL) is then
 * cache_bytes, as last measured (nothing changed since). */
static size_t
cache_trim_kept(grundy_ctx *ctx, size_t bytes, size_t keep, size_t keep_q,
                size_t *kept)
{
    size_t now;
    while ((now = cache_bytes(ctx)) > bytes) {
        size_t old = cache_oldest(ctx, keep), oq = quot_oldest(ctx, keep_q);
        if (oq != CTX_QUOTIENTS &&
            (old == ctx->ncache || ctx->quot[oq].used < ctx->used[old])) {
            quot_drop(ctx, oq);
        } else if (old != ctx->ncache) {
            cache_evict(ctx, old);
            if (keep == ctx->ncache) {
                keep = old;   /* keep moved into the freed slot */
            }
        } else {
            break;
        }
    }
    if (kept != NULL) {
        *kept = now;
    }
    return keep;
}

static size_t
cache_trim_to(grundy_ctx *ctx, size_t bytes, size_t keep, size_t keep_q)
{
    return cache_trim_kept(ctx, bytes, keep, keep_q, NULL);
}

/* cache_trim_to the memory limit. */
static size_t
cache_trim(grundy_ctx *ctx, size_t keep, size_t keep_q)
{
    return cache_trim_to(ctx, ctx->limits.memory, keep, keep_q);
}

/* The least recently used of what may go while a line is answered:
 * a table that only the cache holds (refs 1: no position, no other
 * spelling, no caller) or a misere quotient not asked for since the line
 * began (quotients have no references; the line's is in use). Finds it
 * (cache_drop_unused) and, when drop, drops it; returns 1, or 0 when
 * nothing may go. */
static int
cache_unused(grundy_ctx *ctx, int drop)
{
    size_t old = ctx->ncache, oq = CTX_QUOTIENTS;
    for (size_t i = 0; i < ctx->ncache; i++) {
        if (ctx->cache[i]->refs == 1 &&
            (old == ctx->ncache || ctx->used[i] < ctx->used[old])) {
            old = i;
        }
    }
    for (size_t i = 0; ctx->nquot > 0 && i < CTX_QUOTIENTS; i++) {
        if (ctx->quot[i].key != NULL && ctx->quot[i].used <= ctx->line_clock &&
            (oq == CTX_QUOTIENTS || ctx->quot[i].used < ctx->quot[oq].used)) {
            oq = i;
        }
    }
    if (oq == CTX_QUOTIENTS && old == ctx->ncache) {
        return 0;
    }
    if (!drop) {
        return 1;
    }
    if (oq != CTX_QUOTIENTS &&
        (old == ctx->ncache || ctx->quot[oq].used < ctx->used[old])) {
        quot_drop(ctx, oq);
    } else {
        cache_evict(ctx, old);
    }
    return 1;
}

static int
cache_drop_unused(grundy_ctx *ctx)
{
    return cache_unused(ctx, 1);
}

/* a + b + c > cap, without wrapping. */
static int
sum_passes(size_t a, size_t b, size_t c, size_t cap)
{
    return a > cap || b > cap - a || c > cap - a - b;
}

/* Whether `bytes` more do not fit beside what the context holds: the
 * tables it keeps (kept) and the line's other charges within --memory,
 * and a strict context's charges within the room the others leave. */
static int
ctx_too_full(const grundy_ctx *ctx, size_t kept, size_t bytes)
{
    const game_limits *lim = &ctx->limits;
    return sum_passes(kept, lim->line_charged, bytes, lim->memory) ||
           (lim->strict &&
            sum_passes(lim->charged, 0, bytes, limits_room(lim)));
}

/* ctx_make_room once something may go: weighs what is kept and drops
 * while `bytes` more do not fit. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
make_room_drop(grundy_ctx *ctx, size_t bytes)
{
    size_t kept = cache_bytes(ctx), before = kept;
    while (ctx_too_full(ctx, kept, bytes) && cache_drop_unused(ctx)) {
        kept = cache_bytes(ctx);
        /* The account counted the kept tables at the last settle: what
         * went is given back now, so that a worker's charge sees it. */
        limits_settle(&ctx->limits,
                      ctx->limits.charged > before - kept
                          ? ctx->limits.charged - (before - kept) : 0);
        ctx->dropped += before - kept;
        before = kept;
    }
}

/* The context's make_room (limits_make_room): before `bytes` more are
 * held, kept tables that no line uses go, least recently used first.
 * Without it a table built beside them held --memory of kept tables
 * plus itself (cache_trim ran only after it was built). What a line uses
 * stays, and nothing is refused here: an answer never depends on what
 * was kept, only on the families' own checks against --memory. Every
 * charge asks (a stream's rendered move, each line): when nothing may go
 * nothing is weighed, and an empty cache is not even searched
 * (make_room_drop is apart so that this test sets up no frame). */
static void
ctx_make_room(void *user, size_t bytes)
{
    grundy_ctx *ctx = user;
    if ((ctx->ncache != 0 || ctx->nquot != 0) && cache_unused(ctx, 0)) {
        make_room_drop(ctx, bytes);
    }
}

int
ctx_memory_share(grundy_ctx *ctx, grundy_ctx *with)
{
    if (with->limits.account == NULL) {
        with->limits.account = limits_account_new(with->limits.memory);
        if (with->limits.account == NULL) {
            return -1;
        }
        with->own_account = 1;
        with->limits.strict = 0;
        limits_settle(&with->limits, cache_bytes(with));
    }
    limits_settle(&ctx->limits, 0);
    ctx->limits.account = with->limits.account;
    ctx->limits.memory = with->limits.memory;
    ctx->limits.strict = 1;
    ctx_line_settle(ctx);
    return 0;
}

/* ctx_line_settle's part for a context with an account: `before` is
 * what the line held (charges and what make_room dropped). Apart, so
 * that a context without one (one thread) sets up no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t
line_settle_account(grundy_ctx *ctx, size_t before)
{
    /* Streams settle at least once a line, mostly with nothing to do:
     * what is kept is measured each time, the rest is done only when it
     * has an effect. An empty cache holds 0 bytes (cache_bytes' loops
     * run over nothing), and 0 bytes fit any room; a settle to what the
     * account already holds (`charged`) would add 0 to it. */
    size_t kept = ctx->ncache == 0 && ctx->nquot == 0 ? 0 : cache_bytes(ctx);
    /* A worker keeps only the tables that fit beside what the others
     * hold: room it keeps is room another thread's line cannot have. */
    if (ctx->limits.strict && kept != 0) {
        size_t room = limits_room(&ctx->limits);
        if (kept > room) {
            (void)cache_trim_kept(ctx, room, ctx->ncache, CTX_QUOTIENTS,
                                  &kept);
        }
    }
    if (kept != ctx->limits.charged) {
        limits_settle(&ctx->limits, kept);
    }
    return before > kept ? before - kept : 0;
}

size_t
ctx_line_settle(grundy_ctx *ctx)
{
    /* What make_room dropped during the line was given back to the
     * account then: it counts among what the line gave back. */
    size_t before = ctx->limits.charged + ctx->dropped;
    /* A line begins (or ended): what it asked for is no longer in use. */
    ctx->line_clock = ctx->clock;
    ctx->limits.line_charged = 0;
    ctx->dropped = 0;
    return ctx->limits.account == NULL ? 0
                                       : line_settle_account(ctx, before);
}

size_t
ctx_line_settled(grundy_ctx *ctx)
{
    /* Nothing used ctx since its last settle (the caller's promise): no
     * lookup (the clock stands), no charge, nothing dropped, no table
     * grown or cached. So ctx_line_settle would find line_clock, the
     * line's charges and `dropped` as it left them, and kept ==
     * cache_bytes == charged (limits_settle set charged to it): all it
     * could still do is trim a worker's tables to a room that shrank
     * below them, which only the others' charges can shrink. Debug
     * builds check the promise. */
    assert(ctx->line_clock == ctx->clock && ctx->limits.line_charged == 0 &&
           ctx->dropped == 0 &&
           (ctx->limits.account == NULL ||
            cache_bytes(ctx) == ctx->limits.charged));
    if (ctx->limits.account != NULL && ctx->limits.strict &&
        ctx->limits.charged != 0 &&
        ctx->limits.charged > limits_room(&ctx->limits)) {
        return ctx_line_settle(ctx);
    }
    return 0;
}

size_t
ctx_memory_release(grundy_ctx *ctx)
{
    size_t before = ctx->limits.charged, kept;
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        quot_drop(ctx, i);
    }
    /* A game held elsewhere too (a worker's copy of the command line's
     * game) keeps its tables: it stays, and counts. */
    for (size_t i = ctx->ncache; i-- > 0;) {
        if (ctx->cache[i]->refs == 1) {
            cache_evict(ctx, i);
        }
    }
    kept = cache_bytes(ctx);
    limits_settle(&ctx->limits, kept);
    return before > kept ? before - kept : 0;
}

/* Keeps game (one more reference) as the most recent table game: the
 * least recently used one leaves when the cache is full, then more leave
 * while the tables together exceed the memory limit (tables grow after
 * they are cached, as larger components are asked about). */
static void
cache_insert(grundy_ctx *ctx, grundy_game *game)
{
    size_t at;
    if (ctx->ncache == CTX_CACHE_SIZE) {
        cache_evict(ctx, cache_oldest(ctx, CTX_CACHE_SIZE));
    }
    at = ctx->ncache++;
    ctx->cache[at] = game;
    ctx->used[at] = ++ctx->clock;
    game->refs++;
    cache_trim(ctx, at, CTX_QUOTIENTS);
}

void *
ctx_quotient_find(grundy_ctx *ctx, const char *key)
{
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        if (ctx->quot[i].key != NULL && strcmp(ctx->quot[i].key, key) == 0) {
            ctx->quot[i].used = ++ctx->clock;
            cache_trim(ctx, ctx->ncache, i);
            return ctx->quot[i].data;
        }
    }
    return NULL;
}

size_t
ctx_quotient_room(grundy_ctx *ctx, const void *data)
{
    size_t mine = 0, sum;
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        if (ctx->quot[i].key != NULL && ctx->quot[i].data != data) {
            quot_drop(ctx, i);
        } else if (ctx->quot[i].key != NULL) {
            mine = ctx->quot[i].bytes(ctx->quot[i].data);
        }
    }
    /* Tables no position holds (the cache's is their one reference). */
    for (size_t i = ctx->ncache; i-- > 0;) {
        if (ctx->cache[i]->refs == 1 && ctx->cache[i]->shared == NULL) {
            cache_evict(ctx, i);
        }
    }
    sum = cache_bytes(ctx);
    return sum > mine ? sum - mine : 0;
}

void
ctx_quotient_keep(grundy_ctx *ctx, char *key, void *data,
                  size_t (*bytes)(const void *data),
                  void (*release)(void *data))
{
    size_t at = quot_oldest(ctx, CTX_QUOTIENTS);
    for (size_t i = 0; i < CTX_QUOTIENTS; i++) {
        if (ctx->quot[i].key == NULL) {
            at = i;
            break;
        }
    }
    quot_drop(ctx, at);
    ctx->quot[at] = (ctx_quotient){key, data, bytes, release, ++ctx->clock};
    ctx->nquot++;
    cache_trim(ctx, ctx->ncache, at);
}

/* Another spelling of a kept game's rules (octal:0.60 of octal:0.6,
 * octal:0.77 of kayles): game drops its own state and uses that game's,
 * tables and all, holding a reference to it; its spec and label stay its
 * own, for messages and output. Out of memory: game keeps its state. */
static void
share_state(grundy_ctx *ctx, grundy_game *game)
{
    size_t n = game->family->canon(game, NULL, 0);
    if ((game->canon = malloc(n + 1)) == NULL) {
        return;
    }
    game->family->canon(game, game->canon, n + 1);
    for (size_t i = 0; i < ctx->ncache; i++) {
        grundy_game *g = ctx->cache[i];
        grundy_game *owner = g->shared != NULL ? g->shared : g;
        if (g->canon != NULL && g->family->canon == game->family->canon &&
            strcmp(g->canon, game->canon) == 0) {
            if (game->family->destroy != NULL) {
                game->family->destroy(game);
            }
            game->state = owner->state;
            game->shared = owner;
            owner->refs++;
            return;
        }
    }
}

grundy_status
grundy_game_parse(grundy_ctx *ctx, const char *spec, size_t len,
                  grundy_game **out, grundy_error *err)
{
    grundy_status st;

    for (size_t i = 0; i < ctx->ncache; i++) {
        if (same_spec(ctx->cache[i], spec, len)) {
            ctx->used[i] = ++ctx->clock;
            /* tables grew since they were cached: the others make room
             * now, not only when a new game arrives */
            i = cache_trim(ctx, i, CTX_QUOTIENTS);
            ctx->cache[i]->refs++;
            *out = ctx->cache[i];
            return GRUNDY_OK;
        }
    }
    for (size_t i = 0; i < CTX_RECENT; i++) {
        if (same_spec(ctx->recent[i], spec, len)) {
            ctx->recent[i]->refs++;
            *out = ctx->recent[i];
            return GRUNDY_OK;
        }
    }
    st = game_create(ctx, spec, len, out, err);
    if (st != GRUNDY_OK) {
        util_note_unicode(err, spec, len);
        return st;
    }
    if ((*out)->family->canon != NULL) {
        share_state(ctx, *out);
    }
    if ((*out)->family->footprint != NULL) {
        cache_insert(ctx, *out);
    } else {
        grundy_game_free(ctx->recent[ctx->next_recent]);
        ctx->recent[ctx->next_recent] = *out;
        ctx->next_recent = (ctx->next_recent + 1) % CTX_RECENT;
        (*out)->refs++;
    }
    return GRUNDY_OK;
}

void
grundy_game_free(grundy_game *game)
{
    if (game == NULL || --game->refs > 0) {
        return;
    }
    if (game->shared != NULL) {
        grundy_game_free(game->shared);   /* the state is the owner's */
    } else if (game->family->destroy != NULL) {
        game->family->destroy(game);
    }
    free(game->canon);
    free(game->spec);
    free(game);
}

const char *
grundy_game_spec(const grundy_game *game)
{
    return game->spec;
}

grundy_status
grundy_component_value(grundy_game *game, const uint64_t *v, size_t n,
                       uint64_t *sg, grundy_error *err)
{
    grundy_status st = registry_check(game, v, n, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    return game->family->value(game, v, n, sg, err);
}

grundy_status
grundy_game_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    if (game->family->period == NULL) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "game '%s' has no periodic Grundy sequence to "
                       "certify ('grundy period' works for heap games "
                       "such as bounded, sub, octal, stripes, kayles)",
                       game->label);
    }
    return game->family->period(game, out, err);
}

int
ctx_game_has_period(const grundy_game *game)
{
    return game->family->period != NULL;
}

int
ctx_game_sparse_split(grundy_game *game, ctx_split *out)
{
    sgseq_env env;
    sgseq_stats st;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    if (s == NULL) {
        return 0;
    }
    sgseq_get_stats(s, &st);
    if (st.mask == 0) {
        return 0;
    }
    out->mask = st.mask;
    out->heap_parity = st.heap_parity;
    out->rare_class = st.rare_class;
    return 1;
}

int
ctx_game_heap_game(const grundy_game *game)
{
    return (game->family->flags & FAMILY_HEAP_GAME) != 0;
}

int
ctx_game_closed_form(const grundy_game *game)
{
    return (game->family->flags & FAMILY_CLOSED_FORM) != 0;
}
