/*
 * ctx.c - the caller-owned context (limits, progress callback) and the
 * game cache: parsing a spec finds its family in the registry, lets the
 * family read the parameters, and shares the game between equal specs.
 */
#include "family.h"
#include "sgseq.h"

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

struct grundy_ctx {
    size_t memory_limit;          /* bytes a game's tables may use */
    uint64_t work_limit;          /* steps a sequence computation may take */
    uint64_t period_search;       /* values a period search may compute */
    unsigned threads;             /* for a sequence computation; 0: its own */
    grundy_progress_fn progress;  /* NULL: nobody listens */
    void *progress_user;          /* passed back to progress */
    grundy_game *cache[CTX_CACHE_SIZE]; /* games with tables, each
                                           holding one reference */
    uint64_t used[CTX_CACHE_SIZE];/* when cache[i] was last asked for */
    size_t ncache;                /* used slots of cache */
    uint64_t clock;               /* ticks once per lookup */
    grundy_game *recent[CTX_RECENT]; /* games without tables, one
                                        reference each, or NULL */
    size_t next_recent;           /* the slot the next one replaces */
};

grundy_ctx *
grundy_ctx_new(void)
{
    grundy_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx != NULL) {
        ctx->memory_limit = GRUNDY_DEFAULT_MEMORY_LIMIT;
        ctx->work_limit = GRUNDY_DEFAULT_WORK_LIMIT;
    }
    return ctx;
}

static void
ctx_cache_clear(grundy_ctx *ctx)
{
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
    free(ctx);
}

void
grundy_ctx_set_memory_limit(grundy_ctx *ctx, size_t bytes)
{
    ctx->memory_limit = bytes;
}

size_t
grundy_ctx_memory_limit(const grundy_ctx *ctx)
{
    return ctx->memory_limit;
}

size_t
ctx_memory_limit(const grundy_ctx *ctx)
{
    return ctx->memory_limit;
}

void
grundy_ctx_set_work_limit(grundy_ctx *ctx, uint64_t steps)
{
    ctx->work_limit = steps;
}

uint64_t
grundy_ctx_work_limit(const grundy_ctx *ctx)
{
    return ctx->work_limit;
}

void
grundy_ctx_set_period_search(grundy_ctx *ctx, uint64_t values)
{
    ctx->period_search = values;
}

uint64_t
grundy_ctx_period_search(const grundy_ctx *ctx)
{
    return ctx->period_search;
}

void
grundy_ctx_set_threads(grundy_ctx *ctx, unsigned threads)
{
    ctx->threads = threads;
}

unsigned
grundy_ctx_threads(const grundy_ctx *ctx)
{
    return ctx->threads;
}

void
grundy_ctx_set_progress(grundy_ctx *ctx, grundy_progress_fn fn, void *user)
{
    ctx->progress = fn;
    ctx->progress_user = user;
}

void
ctx_progress(grundy_ctx *ctx, const char *what, uint64_t done, uint64_t total)
{
    if (ctx != NULL && ctx->progress != NULL) {
        ctx->progress(ctx->progress_user, what, done, total);
    }
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

static size_t
cache_bytes(const grundy_ctx *ctx)
{
    size_t sum = 0;
    for (size_t i = 0; i < ctx->ncache; i++) {
        const grundy_game *g = ctx->cache[i];
        sum += g->family->footprint(g);
    }
    return sum;
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
    while (ctx->ncache > 1 && cache_bytes(ctx) > ctx->memory_limit) {
        size_t old = cache_oldest(ctx, at);
        cache_evict(ctx, old);
        if (at == ctx->ncache) {
            at = old;   /* game moved into the freed slot */
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
        return st;
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
    if (game->family->destroy != NULL) {
        game->family->destroy(game);
    }
    misere_q_cache_free(game->misere);
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
ctx_game_closed_form(const grundy_game *game)
{
    return (game->family->flags & FAMILY_CLOSED_FORM) != 0;
}

static void
ctx_sgseq_progress(void *user, const char *what, uint64_t done,
                   uint64_t total)
{
    ctx_progress(user, what, done, total);
}

void
ctx_sgseq_env(grundy_game *game, struct sgseq *seq, struct sgseq_env *env)
{
    sgseq_set_threads(seq, grundy_ctx_threads(game->ctx) == 1 ? 1 : 2);
    env->memory_limit = ctx_memory_limit(game->ctx);
    env->progress = ctx_sgseq_progress;
    env->progress_user = game->ctx;
    env->name = game->label;
    env->work_limit = grundy_ctx_work_limit(game->ctx);
    env->period_search = grundy_ctx_period_search(game->ctx);
}
