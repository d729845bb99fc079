/*
 * misere_q.c - misere play of sums of heap games through their misere
 * quotient (mquot.c; docs/theory.md 7b): each heap is an element of a
 * finite commutative monoid, the position is their product, and it is a
 * P-position exactly when the product lies in the P-portion. The quotient
 * of the heaps the position needs is built once per alphabet (the games
 * of the position) and kept on a game of it, so that later lines reuse
 * and extend it.
 */
#include "misere.h"
#include "mquot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The quotient of an alphabet: every heap 0 .. built - 1 of each of its
 * games, heap h of game i being generator h * ngames + i. */
struct misere_cache {
    misere_cache *next;   /* the owner game's other alphabets */
    char *key;            /* the games' specs, sorted, '\n' after each */
    size_t ngames;
    mquot *q;
    uint64_t built;
    grundy_status failed; /* GRUNDY_OK, or why heap `built` failed ... */
    grundy_limit limit;   /* ... with the limit that stopped it */
    char why[400];
};

/* Alphabets one game keeps (most recent first). */
#define MISERE_CACHE_ALPHABETS 4

void
misere_q_cache_free(misere_cache *mc)
{
    while (mc != NULL) {
        misere_cache *next = mc->next;
        mquot_free(mc->q);
        free(mc->key);
        free(mc);
        mc = next;
    }
}

/* ---- options of one heap ----------------------------------------------- */

/* The options of one heap as words of heaps (no move words: the
 * quotient needs only which heaps each option leaves). */
typedef struct heap_opts {
    size_t *len;          /* parts of option i */
    uint64_t *part;       /* heap sizes of all parts, option after option */
    size_t n, np, caplen, cappart;
    int not_heaps;        /* a part was not one smaller heap */
} heap_opts;

static int
collect_heap(void *user, const component *c, size_t parts,
             const size_t *arity, const uint64_t *vals, const char *explain)
{
    heap_opts *ho = user;
    (void)explain;
    for (size_t p = 0; p < parts; p++) {
        if (arity[p] != 1 || vals[p] >= c->v[0]) {
            ho->not_heaps = 1;
            return -2;
        }
    }
    if (util_grow_array((void **)&ho->len, &ho->caplen, ho->n + 1,
                        sizeof *ho->len) ||
        util_grow_array((void **)&ho->part, &ho->cappart, ho->np + parts + 1,
                        sizeof *ho->part)) {
        return -1;
    }
    ho->len[ho->n++] = parts;
    if (parts > 0) {
        memcpy(ho->part + ho->np, vals, parts * sizeof *vals);
        ho->np += parts;
    }
    return 0;
}

static void
heap_opts_free(heap_opts *ho)
{
    free(ho->len);
    free(ho->part);
}

/* Every option of heap h of game into ho (emptied first). */
static grundy_status
list_heap(grundy_game *game, uint64_t h, heap_opts *ho, grundy_error *err)
{
    component c = {&h, 1, 1, NULL, 0, 0};
    move_sink sink = {NULL, NULL, 1, 0, collect_heap, ho, 0, NULL};
    grundy_status st;
    ho->n = ho->np = 0;
    st = game->family->options(game, &c, GRUNDY_ANY_VALUE, &sink, err);
    if (ho->not_heaps) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1, "a move of %s does "
                       "not leave smaller heaps of the game", game->label);
    }
    if (sink.oom) {
        st = move_sink_error(&sink, err);
    }
    return st;
}

/* ---- the alphabet and its quotient ------------------------------------- */

static int
spec_cmp(const void *a, const void *b)
{
    return strcmp((*(grundy_game *const *)a)->spec,
                  (*(grundy_game *const *)b)->spec);
}

/* The distinct games of pos, sorted by spec (one object per spec). */
static grundy_game **
alphabet(const grundy_position *pos, size_t *n)
{
    grundy_game **g = malloc((pos->nterms + 1) * sizeof *g);
    size_t k = 0;
    if (g == NULL) {
        return NULL;
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        size_t i = 0;
        while (i < k && strcmp(g[i]->spec, pos->terms[t].game->spec) != 0) {
            i++;
        }
        if (i == k) {
            g[k++] = pos->terms[t].game;
        }
    }
    qsort(g, k, sizeof *g, spec_cmp);
    *n = k;
    return g;
}

static char *
alphabet_key(grundy_game *const *g, size_t n)
{
    size_t len = 1;
    char *key, *p;
    for (size_t i = 0; i < n; i++) {
        len += strlen(g[i]->spec) + 1;
    }
    key = p = malloc(len);
    for (size_t i = 0; key != NULL && i < n; i++) {
        size_t l = strlen(g[i]->spec);
        memcpy(p, g[i]->spec, l);
        p[l] = '\n';
        p += l + 1;
    }
    if (key != NULL) {
        *p = '\0';
    }
    return key;
}

/* The alphabet's names for messages: "kayles", "kayles + nim". */
static void
alphabet_words(char *dst, size_t cap, grundy_game *const *g, size_t n)
{
    size_t at = 0;
    dst[0] = '\0';
    for (size_t i = 0; i < n && at + 1 < cap; i++) {
        int w = snprintf(dst + at, cap - at, "%s%s", i ? " + " : "",
                         g[i]->label);
        at += w > 0 ? (size_t)w : 0;
    }
}

/* The cache for alphabet g, new when not yet kept. It lives on the
 * first game of g with tables (the context keeps those across lines;
 * closed forms such as nim are made again), among that game's last few
 * alphabets. NULL when out of memory. */
static misere_cache *
cache_for(grundy_game *const *g, size_t n)
{
    char *key = alphabet_key(g, n);
    grundy_game *owner = g[0];
    misere_cache **at, *mc;
    size_t depth = 0;
    if (key == NULL) {
        return NULL;
    }
    for (size_t i = n; i-- > 0;) {
        if (!ctx_game_closed_form(g[i])) {
            owner = g[i];
        }
    }
    for (at = &owner->misere; *at != NULL; at = &(*at)->next, depth++) {
        if (strcmp((*at)->key, key) == 0) {
            mc = *at;            /* move to the front */
            *at = mc->next;
            mc->next = owner->misere;
            owner->misere = mc;
            free(key);
            return mc;
        }
        if (depth + 1 == MISERE_CACHE_ALPHABETS) {
            misere_q_cache_free(*at);   /* the oldest go */
            *at = NULL;
            break;
        }
    }
    mc = calloc(1, sizeof *mc);
    if (mc == NULL) {
        free(key);
        return NULL;
    }
    mc->key = key;
    mc->ngames = n;
    mc->next = owner->misere;
    owner->misere = mc;
    return mc;
}

/* Adds heap h of every game of the alphabet to the quotient. */
static grundy_status
add_heap(misere_cache *mc, grundy_game *const *g, uint64_t h,
         grundy_error *err)
{
    heap_opts ho = {0};
    grundy_status st = GRUNDY_OK;
    uint32_t *gens = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < mc->ngames && st == GRUNDY_OK; i++) {
        int r;
        st = list_heap(g[i], h, &ho, err);
        if (st != GRUNDY_OK) {
            break;
        }
        if (util_grow_array((void **)&gens, &cap, ho.np + 1,
                            sizeof *gens) != 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        for (size_t k = 0; k < ho.np; k++) {
            gens[k] = (uint32_t)(ho.part[k] * mc->ngames + i);
        }
        r = mquot_add(mc->q, ho.n, ho.len, gens);
        if (r == MQUOT_NOMEM) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        } else if (r != MQUOT_OK) {
            char names[160];
            alphabet_words(names, sizeof names, g, mc->ngames);
            mc->limit = r == MQUOT_LIMIT ? (strstr(mquot_why(mc->q), "work")
                                            ? GRUNDY_LIMIT_WORK
                                            : GRUNDY_LIMIT_MEMORY)
                                         : GRUNDY_LIMIT_NONE;
            snprintf(mc->why, sizeof mc->why, "the misere quotient of %s "
                     "is known for heaps up to %llu only: at heap %llu, %s",
                     names, (unsigned long long)(h - 1),
                     (unsigned long long)h, mquot_why(mc->q));
            mc->failed = st = GRUNDY_ELIMIT;
        }
    }
    heap_opts_free(&ho);
    free(gens);
    return st;
}

/* Extends mc's quotient to heaps up to n: GRUNDY_ELIMIT (kept: later
 * lines get the same answer at once) when it cannot. */
static grundy_status
extend(misere_cache *mc, grundy_game *const *g, uint64_t n,
       grundy_error *err)
{
    grundy_ctx *ctx = g[0]->ctx;
    if (mc->q == NULL) {
        mc->q = mquot_new(ctx != NULL ? ctx_memory_limit(ctx) : 0,
                          ctx != NULL ? grundy_ctx_work_limit(ctx) : 0);
        if (mc->q == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
    }
    while (mc->built <= n) {
        grundy_status st;
        if (mc->failed != GRUNDY_OK) {
            return err_set_limit(err, mc->failed, mc->limit, 0, "%s",
                                 mc->why);
        }
        if (ctx != NULL && n >= 64) {
            ctx_progress(ctx, "misere quotient", mc->built, n + 1);
        }
        st = add_heap(mc, g, mc->built, err);
        if (st == GRUNDY_ELIMIT) {
            return err_set_limit(err, mc->failed, mc->limit, 0, "%s",
                                 mc->why);
        }
        if (st != GRUNDY_OK) {
            return st;
        }
        mc->built++;
    }
    return GRUNDY_OK;
}

/* 1 when every component of pos is a heap of a heap game (rings and
 * numbers beyond 64 bits aside). */
static int
heaps_only(const grundy_position *pos, uint64_t *max)
{
    *max = 0;
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        if (!(term->game->family->flags & FAMILY_HEAP_GAME)) {
            return 0;
        }
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const pos_comp *pc = &pos->comps[i];
            uint64_t v = pos->vals[pc->off];
            if (pc->ring || pc->big || pc->n != 1) {
                return 0;
            }
            *max = v > *max ? v : *max;
        }
    }
    return 1;
}

grundy_status
misere_q_build(grundy_game *const *games, size_t ngames, uint64_t n,
                   misere_cache **out, grundy_error *err)
{
    misere_cache *mc;
    char names[160];
    for (size_t i = 0; i < ngames; i++) {
        if (!(games[i]->family->flags & FAMILY_HEAP_GAME)) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1, "%s is not a heap "
                           "game: misere quotients are built for nim, "
                           "bounded, sub, stripes, octal, hex, kayles, "
                           "dawson, lasker and grundy", games[i]->label);
        }
    }
    if (n > MISERE_QUOTIENT_MAX_HEAP) {
        alphabet_words(names, sizeof names, games, ngames);
        /* not a limit a setting raises: the caller searches instead */
        return err_set(err, GRUNDY_EUNSUPPORTED, -1, "misere play of heaps "
                       "above %u needs the misere quotient of %s to heap "
                       "%llu; "
                       "grundy builds it to heap %u at most",
                       MISERE_QUOTIENT_MAX_HEAP, names,
                       (unsigned long long)n, MISERE_QUOTIENT_MAX_HEAP);
    }
    mc = cache_for(games, ngames);
    if (mc == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    *out = mc;
    return extend(mc, games, n, err);
}

const mquot *
misere_q_cache_quotient(const misere_cache *mc, size_t *ngames)
{
    *ngames = mc->ngames;
    return mc->q;
}

/* ---- answering a position ---------------------------------------------- */

static size_t
game_index(grundy_game *const *g, size_t n, const grundy_game *game)
{
    size_t i = 0;
    while (i + 1 < n && strcmp(g[i]->spec, game->spec) != 0) {
        i++;
    }
    return i;
}

/* Passes on to the real sink the options whose element, times y, is in
 * the P-portion. */
typedef struct winning_filter {
    misere_cache *mc;
    size_t gi;
    uint32_t y;
    move_sink *out;
} winning_filter;

/* 1 when the option (parts of one number each) wins. */
static int
wins(void *user, size_t parts, const uint64_t *vals)
{
    winning_filter *f = user;
    uint32_t t = f->y;
    for (size_t k = 0; k < parts; k++) {
        t = mquot_mul(f->mc->q, t, mquot_phi(f->mc->q, vals[k] *
                                             f->mc->ngames + f->gi));
    }
    return mquot_is_p(f->mc->q, t);
}

static int
emit_if_winning(void *user, const component *c, size_t parts,
                const size_t *arity, const uint64_t *vals,
                const char *explain)
{
    winning_filter *f = user;
    if (!wins(user, parts, vals)) {
        return 0;
    }
    return move_emit(f->out, c, parts, arity, vals, explain);
}

/* Emits the winning options of component i (the others worth y): only
 * when one of the heap's option elements wins (from the quotient, without
 * listing the options), and then the options themselves, stopping at the
 * first when one is enough. */
static grundy_status
winning_options(misere_cache *mc, const grundy_position *pos, size_t i,
                grundy_game *game, size_t gi, uint32_t y, move_sink *sink,
                grundy_error *err)
{
    const pos_comp *pc = &pos->comps[i];
    const char *tok = pos->text + pc->tok;
    int own = pc->toklen == 1 || tok[0] != '0';
    component c = {pos->vals + pc->off, 1, i + 1, own ? tok : NULL,
                   own ? pc->toklen : 0, 0};
    winning_filter f = {mc, gi, y, sink};
    move_sink filter = {NULL, NULL, 1, 0, emit_if_winning, &f, 0, wins};
    size_t n, win = 0;
    const uint32_t *t = mquot_option_images(mc->q, c.v[0] * mc->ngames + gi,
                                            &n);
    grundy_status st;
    if (t == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t k = 0; k < n && !win; k++) {
        win = (size_t)mquot_is_p(mc->q, mquot_mul(mc->q, y, t[k]));
    }
    if (!win) {
        return GRUNDY_OK;
    }
    st = game->family->options(game, &c, GRUNDY_ANY_VALUE, &filter, err);
    if (sink->oom) {
        return move_sink_error(sink, err);
    }
    return st;
}

grundy_status
misere_q_solve(const grundy_position *pos, const unsigned char *repeats,
                   move_sink *sink, int *win, grundy_error *err)
{
    size_t ng, n = pos->ncomps;
    uint64_t max;
    grundy_game **g;
    misere_cache *mc = NULL;
    uint32_t *before = NULL, x = 0;
    grundy_status st;

    if (!heaps_only(pos, &max)) {
        return GRUNDY_EUNSUPPORTED;
    }
    if ((g = alphabet(pos, &ng)) == NULL ||
        (before = malloc(2 * (n + 1) * sizeof *before)) == NULL) {
        free(g);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st = misere_q_build(g, ng, max, &mc, err);
    /* before[i]: the product of components 0 .. i - 1 */
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t gi = game_index(g, ng, term->game);
        for (size_t i = term->first; i < term->first + term->count; i++) {
            before[i] = x;
            x = mquot_mul(mc->q, x, mquot_phi(mc->q, pos->vals[
                              pos->comps[i].off] * ng + gi));
        }
    }
    if (st == GRUNDY_OK) {
        uint32_t *after = before + n + 1;   /* components i + 1 .. */
        after[n - 1 + (n == 0)] = 0;
        for (size_t t = pos->nterms; t-- > 0;) {
            const pos_term *term = &pos->terms[t];
            size_t gi = game_index(g, ng, term->game);
            for (size_t i = term->first + term->count; i-- > term->first;) {
                uint32_t self = mquot_phi(mc->q, pos->vals[
                                    pos->comps[i].off] * ng + gi);
                if (i > 0) {
                    after[i - 1] = mquot_mul(mc->q, after[i], self);
                }
            }
        }
        *win = !mquot_is_p(mc->q, x);
        for (size_t t = 0; *win && st == GRUNDY_OK && t < pos->nterms; t++) {
            const pos_term *term = &pos->terms[t];
            size_t gi = game_index(g, ng, term->game);
            for (size_t i = term->first; st == GRUNDY_OK &&
                                         i < term->first + term->count; i++) {
                if (!sink->all && grundy_result_move_count(sink->res) > 0) {
                    break;
                }
                if (repeats == NULL || !repeats[i]) {
                    st = winning_options(mc, pos, i, term->game, gi,
                                         mquot_mul(mc->q, before[i],
                                                   after[i]),
                                         sink, err);
                }
            }
        }
    }
    free(g);
    free(before);
    return st;
}

/* ---- the quotient as data ---------------------------------------------- */

void
misere_q_table_free(quotient_table *t)
{
    free(t->element);
    free(t->p);
    free(t->mul);
    free(t->from);
    free(t->by);
    memset(t, 0, sizeof *t);
}

/* Each element's least sum of heaps: breadth first from the empty
 * position, heaps in increasing order, so the sums are short. */
static void
representatives(quotient_table *t)
{
    uint32_t *queue = malloc(t->order * sizeof *queue);
    unsigned char *seen = calloc(t->order, 1);
    size_t head = 0, tail = 0;
    if (queue == NULL || seen == NULL) {
        free(queue);
        free(seen);
        return;
    }
    queue[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        uint32_t x = queue[head++];
        for (uint64_t h = 1; h <= t->heaps; h++) {
            uint32_t y = t->mul[(size_t)x * t->order + t->element[h]];
            if (!seen[y]) {
                seen[y] = 1;
                t->from[y] = x;
                t->by[y] = h;
                queue[tail++] = y;
            }
        }
    }
    free(queue);
    free(seen);
}

grundy_status
misere_q_table(grundy_game *game, uint64_t n, quotient_table *out,
                      grundy_error *err)
{
    misere_cache *mc = NULL;
    const mquot *q;
    size_t ng, o;
    grundy_status st = misere_q_build(&game, 1, n, &mc, err);
    memset(out, 0, sizeof *out);
    if (st != GRUNDY_OK) {
        return st;
    }
    q = misere_q_cache_quotient(mc, &ng);
    o = mquot_order(q);
    out->order = o;
    out->heaps = n;
    out->element = malloc((n + 1) * sizeof *out->element);
    out->p = malloc(o);
    out->mul = malloc(o * o * sizeof *out->mul);
    out->from = calloc(o, sizeof *out->from);
    out->by = calloc(o, sizeof *out->by);
    if (out->element == NULL || out->p == NULL || out->mul == NULL ||
        out->from == NULL || out->by == NULL) {
        misere_q_table_free(out);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t h = 0; h <= n; h++) {
        out->element[h] = mquot_phi(q, h);
    }
    for (uint32_t x = 0; x < o; x++) {
        out->p[x] = (unsigned char)mquot_is_p(q, x);
        for (uint32_t y = 0; y < o; y++) {
            out->mul[(size_t)x * o + y] = mquot_mul(q, x, y);
        }
    }
    representatives(out);
    return GRUNDY_OK;
}
