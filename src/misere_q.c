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

/*
 * One game of an alphabet: its heaps 0 .. built - 1 are generators of the
 * quotient (gen[h]), added in order, since a heap's options are smaller
 * heaps of the same game. Once its heaps' elements are certified periodic
 * (certify() below), heap h > from has the element of heap h - p, for
 * every h: the quotient then answers heaps of any size.
 */
typedef struct misere_heaps {
    uint32_t *gen;
    uint64_t built;
    size_t cap;
    uint64_t p, from;     /* p != 0: the certified period */
} misere_heaps;

/* The quotient of an alphabet (the games of a position), kept by the
 * context (ctx_quotient_keep) under its key. */
struct misere_cache {
    char *key;            /* the games' specs, sorted, '\n' after each
                           * (the context owns it once kept) */
    size_t ngames;
    mquot *q;
    uint32_t ngen;        /* generators so far */
    uint64_t epoch;       /* mquot_epoch when the periods were found */
    misere_heaps *heaps;  /* per game */
    grundy_status failed; /* GRUNDY_OK, or why the next heap of game */
    size_t failed_game;   /* failed_game could not join ... */
    size_t stopped_game;  /* the game whose heap last failed to join */
    grundy_limit limit;   /* ... with the limit that stopped it */
    uint64_t needed;      /* ... and for memory, the bytes it needed */
    char why[400];
    unsigned char *slow;  /* per game: its next heap took more than a
                           * quick step (add_heap), so quick builds of
                           * later lines stop there at once */
};

/* Frees a quotient the context no longer keeps (its key is the
 * context's). */
static void
cache_release(void *data)
{
    misere_cache *mc = data;
    mquot_free(mc->q);
    for (size_t i = 0; mc->heaps != NULL && i < mc->ngames; i++) {
        free(mc->heaps[i].gen);
    }
    free(mc->heaps);
    free(mc->slow);
    free(mc);
}

/* Bytes a kept quotient holds, for the context's memory limit. */
static size_t
cache_bytes(const void *data)
{
    const misere_cache *mc = data;
    size_t sum = sizeof *mc + mc->ngames * (sizeof *mc->heaps + 1);
    for (size_t i = 0; i < mc->ngames; i++) {
        sum += mc->heaps[i].cap * sizeof *mc->heaps[i].gen;
    }
    return sum + (mc->q != NULL ? mquot_bytes(mc->q) : 0);
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
    component c = {.v = &h, .n = 1, .index = 1};
    move_sink sink = {.all = 1, .collect = collect_heap, .user = ho};
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

/* The cache for alphabet g (n games), kept by the context, new when not
 * yet kept. NULL when out of memory. */
static misere_cache *
cache_for(grundy_game *const *g, size_t n)
{
    char *key = alphabet_key(g, n);
    misere_cache *mc;
    if (key == NULL) {
        return NULL;
    }
    if ((mc = ctx_quotient_find(g[0]->ctx, key)) != NULL) {
        free(key);
        return mc;
    }
    mc = calloc(1, sizeof *mc);
    if (mc == NULL || (mc->heaps = calloc(n, sizeof *mc->heaps)) == NULL ||
        (mc->slow = calloc(n, 1)) == NULL) {
        if (mc != NULL) {
            free(mc->heaps);
        }
        free(mc);
        free(key);
        return NULL;
    }
    mc->key = key;
    mc->ngames = n;
    ctx_quotient_keep(g[0]->ctx, key, mc, cache_bytes, cache_release);
    return mc;
}

/* The element of heap h of game i: a generator's, or by the certified
 * period (certify()) beyond the heaps built. */
static uint32_t
heap_element(const misere_cache *mc, size_t i, uint64_t h)
{
    const misere_heaps *mh = &mc->heaps[i];
    if (h >= mh->built) {
        h = mh->from + 1 + (h - mh->from - 1) % mh->p;
    }
    return mquot_phi(mc->q, mh->gen[h]);
}

/* Adds the next heap of game i to the quotient, within what is left of
 * the line's misere work (game_limits.misere_left, which it spends: one
 * budget for every heap a position needs, however many join). With quick
 * set, at most MISERE_Q_QUICK_WORK steps (or what is left when lower):
 * when that stops it, *deferred is set and nothing is recorded. A heap
 * stopped by the work limit is recorded as failed (later lines get the
 * same answer at once) only when it had the whole of a line's budget to
 * itself: otherwise a later line, with a fresh budget, goes on from it. */
static grundy_status
add_heap(misere_cache *mc, grundy_game *const *g, size_t i, int quick,
         int *deferred, grundy_error *err)
{
    misere_heaps *mh = &mc->heaps[i];
    game_limits *lim = g[0]->limits;
    uint64_t h = mh->built, left = lim->misere_left, work;
    size_t others;
    heap_opts ho = {0};
    uint32_t *gens = NULL;
    grundy_status st;
    int r, lower = 0;
    if (quick && mc->slow[i]) {
        *deferred = 1;
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, 0,
                             "the misere quotient's heap %llu takes more "
                             "than a quick step", (unsigned long long)h);
    }
    if (util_grow_array((void **)&mh->gen, &mh->cap, h + 1,
                        sizeof *mh->gen) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if ((st = list_heap(g[i], h, &ho, err)) != GRUNDY_OK) {
        heap_opts_free(&ho);
        return st;
    }
    if ((gens = malloc((ho.np + 1) * sizeof *gens)) == NULL) {
        heap_opts_free(&ho);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t k = 0; k < ho.np; k++) {
        gens[k] = mh->gen[ho.part[k]];   /* smaller heaps: added before */
    }
    /* mquot's work bound 0 is none: a line with nothing left has 1. */
    work = left == UINT64_MAX ? 0 : left != 0 ? left : 1;
    if (quick && (work == 0 || work > MISERE_Q_QUICK_WORK)) {
        work = MISERE_Q_QUICK_WORK;
        lower = 1;
    }
    /* One budget: the quotient takes what the context's other tables
     * leave of --memory (it drops what no position holds first), less an
     * eighth for the allocator's slack: its tables and state sets come
     * and go in many sizes, and the heap they leave behind stays
     * resident (2.7 MB at --memory 8M, measured). */
    others = ctx_quotient_room(g[0]->ctx, mc);
    mquot_set_memory(mc->q, others < lim->memory
                                ? (lim->memory - others) / 8 * 7 + 1 : 1);
    mquot_set_work(mc->q, work);
    r = mquot_add(mc->q, ho.n, ho.len, gens);
    if (left != UINT64_MAX) {
        uint64_t spent = mquot_spent(mc->q);
        lim->misere_left = spent < left ? left - spent : 0;
    }
    heap_opts_free(&ho);
    free(gens);
    if (r == MQUOT_LIMIT && lower && mquot_by_work(mc->q)) {
        *deferred = 1;
        mc->slow[i] = 1;
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, 0,
                             "the misere quotient's heap %llu takes "
                             "more than a quick step",
                             (unsigned long long)h);
    }
    if (r == MQUOT_OK) {
        mh->gen[h] = mc->ngen++;
        mh->built++;
        mc->slow[i] = 0;
        return GRUNDY_OK;
    }
    if (r == MQUOT_NOMEM) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    {
        char names[160], why[sizeof mc->why];
        grundy_limit limit = r == MQUOT_LIMIT ? (mquot_by_work(mc->q)
                                                     ? GRUNDY_LIMIT_WORK
                                                     : GRUNDY_LIMIT_MEMORY)
                                              : GRUNDY_LIMIT_NONE;
        uint64_t needed = limit == GRUNDY_LIMIT_MEMORY
                              ? (uint64_t)mquot_need(mc->q) / 7 * 8 + 8 +
                                    others : 0;
        alphabet_words(names, sizeof names, g, mc->ngames);
        snprintf(why, sizeof why, "the misere quotient of %s is "
                 "known for heaps%s%s up to %llu only: at heap %llu, %s",
                 names, mc->ngames > 1 ? " of " : "",
                 mc->ngames > 1 ? g[i]->label : "",
                 (unsigned long long)(h - 1), (unsigned long long)h,
                 mquot_why(mc->q));
        mc->stopped_game = i;
        if (limit != GRUNDY_LIMIT_WORK || left == lim->misere_work) {
            memcpy(mc->why, why, sizeof why);
            mc->limit = limit;
            mc->needed = needed;
            mc->failed = GRUNDY_ELIMIT;
            mc->failed_game = i;
        }
        return err_set_limit(err, GRUNDY_ELIMIT, limit, needed, "%s", why);
    }
}

/*
 * Periodicity certificate (docs/theory.md 7b; the form of Plambeck and
 * Siegel's periodicity theorem for misere quotients). Let every move of
 * the game remove at most k stones and leave at most t non-empty heaps in
 * any split the removal allows (heap_span), B the largest heap built, and
 * phi(h) = phi(h - p) for from < h <= B, where p <= from, t from + k <= B
 * and from + p <= B. Then heap h > B may take the element of heap h - p:
 * by induction on h, the options of h and of h - p have the same images
 * (a heap h - j matches h - p - j; a split's largest part a >= (h - k) / t
 * > from matches a - p >= 1, and back), so heap h has heap h - p's state
 * (element, option images, has an option) in verify()'s automaton, which
 * then meets no new state: the verified quotient stays exact for sums of
 * heaps of any size. The least p that passes is taken.
 */
static void
certify(misere_cache *mc, grundy_game *game, size_t i)
{
    misere_heaps *mh = &mc->heaps[i];
    uint64_t k, b = mh->built - 1;
    unsigned t;
    if (mh->built < 3 || game->family->heap_span == NULL ||
        !game->family->heap_span(game, &k, &t) || k >= b) {
        return;
    }
    for (uint64_t p = 1; 2 * p <= b; p++) {
        uint64_t h = b, from;
        while (h > p && heap_element(mc, i, h) == heap_element(mc, i, h - p)) {
            h--;
        }
        from = h > p ? h : p;   /* phi(x) = phi(x - p) for from < x <= b */
        if (from <= (b - k) / t && from + p <= b) {
            mh->p = p;
            mh->from = from;
            return;
        }
    }
}

/* 1 when every heap up to n of game i has its element. */
static int
covered(const misere_cache *mc, size_t i, uint64_t n)
{
    return n < mc->heaps[i].built || mc->heaps[i].p != 0;
}

/*
 * Adds the next heap of game i, which needs heaps up to n: GRUNDY_ELIMIT
 * (kept: later lines get the same answer at once) when it cannot join;
 * GRUNDY_EUNSUPPORTED beyond MISERE_QUOTIENT_MAX_HEAP heaps without a
 * period. Periods are looked for every 16 heaps and at the last.
 */
static grundy_status
grow_game(misere_cache *mc, grundy_game *const *g, size_t i, uint64_t n,
          int quick, int *deferred, grundy_error *err)
{
    misere_heaps *mh = &mc->heaps[i];
    const game_limits *lim = g[0]->limits;
    uint64_t goal = n < MISERE_QUOTIENT_MAX_HEAP ? n
                                                 : MISERE_QUOTIENT_MAX_HEAP;
    grundy_status st;
    uint64_t k;
    unsigned t;
    /* Beyond the heaps built only a period answers: a game that cannot
     * have one (no largest removal) is refused before any building. */
    if (mh->built > goal ||
        (n > goal && (g[i]->family->heap_span == NULL ||
                      !g[i]->family->heap_span(g[i], &k, &t)))) {
        char names[160];
        alphabet_words(names, sizeof names, g, mc->ngames);
        /* not a limit a setting raises: the caller searches instead */
        return err_set(err, GRUNDY_EUNSUPPORTED, -1, "misere play of heap "
                       "%llu of %s needs the misere quotient of %s beyond "
                       "heap %u, and no period of its heaps' elements is "
                       "proven up to there", (unsigned long long)n,
                       g[i]->label, names, MISERE_QUOTIENT_MAX_HEAP);
    }
    if (mc->failed != GRUNDY_OK && mc->failed_game == i) {
        return err_set_limit(err, mc->failed, mc->limit, mc->needed, "%s",
                             mc->why);
    }
    if (goal >= 64) {
        limits_progress(lim, "misere quotient", mh->built, goal + 1);
    }
    st = add_heap(mc, g, i, quick, deferred, err);
    if (st == GRUNDY_OK && (mh->built % 16 == 0 || mh->built > goal)) {
        certify(mc, g[i], i);
    }
    return st;
}

/* Extends mc's quotient until every game i has elements for its heaps up
 * to max[i], smallest heaps first across the games (a sum's quotient
 * grows with every heap of every game: none is built further than it
 * must be). */
static grundy_status
extend(misere_cache *mc, grundy_game *const *g, const uint64_t *max,
       int quick, int *deferred, grundy_error *err)
{
    for (;;) {
        size_t next = mc->ngames;
        for (size_t i = 0; i < mc->ngames; i++) {
            if (!covered(mc, i, max[i]) &&
                (next == mc->ngames ||
                 mc->heaps[i].built < mc->heaps[next].built)) {
                next = i;
            }
        }
        if (next == mc->ngames) {
            return GRUNDY_OK;
        }
        grundy_status st = grow_game(mc, g, next, max[next], quick,
                                     deferred, err);
        if (st != GRUNDY_OK) {
            return st;
        }
    }
}

/* 1 when every component of pos is a heap of a heap game (rings aside,
 * and numbers beyond 64 bits unless heap gives a stand-in for them). */
static int
heaps_only(const grundy_position *pos, const uint64_t *heap)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        if (!(term->game->family->flags & FAMILY_HEAP_GAME)) {
            return 0;
        }
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const pos_comp *pc = &pos->comps[i];
            if (pc->ring || (pc->big && heap == NULL) || pc->n != 1) {
                return 0;
            }
        }
    }
    return 1;
}

/* Component i's heap: its stand-in when heap gives one, else its own. */
static uint64_t
heap_of(const grundy_position *pos, const uint64_t *heap, size_t i)
{
    return heap != NULL ? heap[i] : pos->vals[pos->comps[i].off];
}

/* misere_q_build, quick as add_heap takes it. */
static grundy_status
build(grundy_game *const *games, size_t ngames, const uint64_t *max,
      int quick, int *deferred, misere_cache **out, grundy_error *err)
{
    misere_cache *mc;
    const game_limits *lim = games[0]->limits;
    grundy_status st = GRUNDY_OK;
    for (size_t i = 0; i < ngames; i++) {
        if (!(games[i]->family->flags & FAMILY_HEAP_GAME)) {
            char heaps[256];
            registry_list(REGISTRY_HEAP_GAME, REGISTRY_AND, heaps,
                          sizeof heaps);
            return err_set(err, GRUNDY_EUNSUPPORTED, -1, "%s is not a heap "
                           "game: misere quotients are built for %s",
                           games[i]->label, heaps);
        }
    }
    if ((mc = cache_for(games, ngames)) == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    *out = mc;
    if (mc->q == NULL) {
        mc->q = mquot_new(lim->memory, 0);
        if (mc->q == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
    }
    st = extend(mc, games, max, quick, deferred, err);
    /* A new candidate may have renamed elements: periods found before
     * are looked for again under the quotient as it is now. */
    while (st == GRUNDY_OK && mquot_epoch(mc->q) != mc->epoch) {
        mc->epoch = mquot_epoch(mc->q);
        for (size_t i = 0; i < ngames; i++) {
            mc->heaps[i].p = 0;
            certify(mc, games[i], i);
        }
        st = extend(mc, games, max, quick, deferred, err);
    }
    return st;
}

grundy_status
misere_q_build(grundy_game *const *games, size_t ngames, const uint64_t *max,
               misere_cache **out, grundy_error *err)
{
    int deferred = 0;
    return build(games, ngames, max, 0, &deferred, out, err);
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
        t = mquot_mul(f->mc->q, t, heap_element(f->mc, f->gi, vals[k]));
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
winning_options(misere_cache *mc, const grundy_position *pos,
                const uint64_t *heap, size_t i, grundy_game *game, size_t gi,
                uint32_t y, move_sink *sink, grundy_error *err)
{
    const pos_comp *pc = &pos->comps[i];
    const char *tok = pos->text + pc->tok;
    /* A stand-in for a big heap is not its token's number. */
    int own = !pc->big && (pc->toklen == 1 || tok[0] != '0');
    component c = {.v = heap != NULL ? heap + i : pos->vals + pc->off,
                   .n = 1, .index = i + 1, .text = own ? tok : NULL,
                   .textlen = own ? pc->toklen : 0};
    const misere_heaps *mh = &mc->heaps[gi];
    winning_filter f = {mc, gi, y, sink};
    /* The real sink's `all`: one winning move lets a family stop (and
     * judge a huge heap by one period of its splits). */
    move_sink filter = {.all = sink->all, .collect = emit_if_winning,
                        .user = &f, .want = wins, .want_period = mh->p,
                        .want_from = mh->from};
    uint64_t h = c.v[0];
    size_t n, win = 0;
    const uint32_t *t;
    grundy_status st;
    if (h >= mh->built) {
        /* Certified (certify()): heap h > B = built - 1 has the option
         * images of heap h - p, so of the heap of its residue in the
         * last period built, (B - p, B]. Not the first period after
         * `from`: heaps there have the same elements but may have other
         * option images (Kayles heap 86 lacks an image that 98, 110, ...
         * have: "kayles 182 28 27" has a winning move on row 1, which
         * an image set taken from heap 86 would miss). */
        uint64_t low = mh->built - mh->p;   /* B - p + 1 > from */
        h = low + (h - low) % mh->p;
    }
    t = mquot_option_images(mc->q, mh->gen[h], &n);
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
    return misere_q_solve_heaps(pos, NULL, repeats, sink, win, err);
}

int
misere_q_gave_up(const misere_cache *mc)
{
    /* Stopped with no limit to name: no candidate passed verification
     * (add_heap; MQUOT_UNKNOWN). */
    return mc != NULL && mc->failed == GRUNDY_ELIMIT &&
           mc->limit == GRUNDY_LIMIT_NONE;
}

const misere_cache *
misere_q_peek(const grundy_position *pos)
{
    size_t ng;
    grundy_game **g;
    const misere_cache *mc = NULL;
    char *key;
    if (!heaps_only(pos, NULL) || (g = alphabet(pos, &ng)) == NULL) {
        return NULL;
    }
    if ((key = alphabet_key(g, ng)) != NULL) {
        mc = ctx_quotient_find(g[0]->ctx, key);
    }
    free(key);
    free(g);
    return mc != NULL && mc->q != NULL ? mc : NULL;
}

/* misere_q_solve_heaps, quick as add_heap takes it. */
static grundy_status
solve_heaps(const grundy_position *pos, const uint64_t *heap,
            const unsigned char *repeats, move_sink *sink, int *win,
            int quick, int *deferred, grundy_error *err)
{
    size_t ng, n = pos->ncomps;
    uint64_t *max = NULL;
    grundy_game **g;
    misere_cache *mc = NULL;
    uint32_t *before = NULL, x = 0;
    grundy_status st;

    if (!heaps_only(pos, heap)) {
        return GRUNDY_EUNSUPPORTED;
    }
    if ((g = alphabet(pos, &ng)) == NULL ||
        (max = calloc(ng, sizeof *max)) == NULL ||
        (before = malloc(2 * (n + 1) * sizeof *before)) == NULL) {
        free(g);
        free(max);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t gi = game_index(g, ng, term->game);
        for (size_t i = term->first; i < term->first + term->count; i++) {
            uint64_t v = heap_of(pos, heap, i);
            max[gi] = v > max[gi] ? v : max[gi];
        }
    }
    st = build(g, ng, max, quick, deferred, &mc, err);
    free(max);
    /* before[i]: the product of components 0 .. i - 1 */
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t gi = game_index(g, ng, term->game);
        for (size_t i = term->first; i < term->first + term->count; i++) {
            before[i] = x;
            x = mquot_mul(mc->q, x, heap_element(mc, gi,
                                                 heap_of(pos, heap, i)));
        }
    }
    if (st == GRUNDY_OK) {
        uint32_t *after = before + n + 1;   /* components i + 1 .. */
        after[n - 1 + (n == 0)] = 0;
        for (size_t t = pos->nterms; t-- > 0;) {
            const pos_term *term = &pos->terms[t];
            size_t gi = game_index(g, ng, term->game);
            for (size_t i = term->first + term->count; i-- > term->first;) {
                uint32_t self = heap_element(mc, gi, heap_of(pos, heap, i));
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
                    st = winning_options(mc, pos, heap, i, term->game, gi,
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

grundy_status
misere_q_solve_heaps(const grundy_position *pos, const uint64_t *heap,
                     const unsigned char *repeats, move_sink *sink, int *win,
                     grundy_error *err)
{
    int deferred = 0;
    return solve_heaps(pos, heap, repeats, sink, win, 0, &deferred, err);
}

grundy_status
misere_q_solve_quick(const grundy_position *pos,
                     const unsigned char *repeats, move_sink *sink, int *win,
                     int *deferred, grundy_error *err)
{
    *deferred = 0;
    return solve_heaps(pos, NULL, repeats, sink, win, 1, deferred, err);
}

grundy_status
misere_q_periods(const grundy_position *pos, const unsigned char *need,
                 uint64_t *p, uint64_t *from, const grundy_game **failed,
                 grundy_error *err)
{
    size_t ng;
    uint64_t *max = NULL;
    grundy_game **g;
    misere_cache *mc = NULL;
    grundy_status st;

    *failed = NULL;
    if ((g = alphabet(pos, &ng)) == NULL ||
        (max = calloc(ng, sizeof *max)) == NULL) {
        free(g);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    /* Only the games that need a period grow here (their 64-bit heaps,
     * and the other games', are built when the position is solved): a
     * period shows, if at all, among the heaps that may be built, and
     * extend() stops as soon as one is certified (covered()). */
    for (size_t t = 0; t < pos->nterms; t++) {
        if (need[t]) {
            max[game_index(g, ng, pos->terms[t].game)] =
                MISERE_QUOTIENT_MAX_HEAP;
        }
    }
    st = misere_q_build(g, ng, max, &mc, err);
    free(max);
    if (st == GRUNDY_ELIMIT && mc != NULL) {
        *failed = g[mc->stopped_game];
    }
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        size_t gi = game_index(g, ng, pos->terms[t].game);
        if (need[t] && !misere_q_period(mc, gi, &p[t], &from[t])) {
            *failed = pos->terms[t].game;
            st = err_set(err, GRUNDY_EUNSUPPORTED, -1, "no period of its "
                         "heaps' elements shows up to heap %u",
                         MISERE_QUOTIENT_MAX_HEAP);
        }
    }
    free(g);
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
    size_t o;
    grundy_status st;
    /* One run, bounded as a sequence computation is ('grundy quotient'
     * asks for the quotient itself, as 'grundy period' for a period):
     * the work limit, not a line's misere budget. */
    game->limits->misere_left = game->limits->work != 0 ? game->limits->work
                                                       : UINT64_MAX;
    st = misere_q_build(&game, 1, &n, &mc, err);
    memset(out, 0, sizeof *out);
    if (st != GRUNDY_OK) {
        return st;
    }
    q = mc->q;
    o = mquot_order(q);
    out->order = o;
    out->heaps = n;
    out->period = mc->heaps[0].p;
    out->after = mc->heaps[0].from;
    out->built = mc->heaps[0].built - 1;
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
        out->element[h] = heap_element(mc, 0, h);
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

uint32_t
misere_q_element(const misere_cache *mc, size_t i, uint64_t h)
{
    return heap_element(mc, i, h);
}

int
misere_q_known(const misere_cache *mc, size_t i, uint64_t h, uint32_t *x)
{
    /* A period found before a new candidate renamed the elements is
     * stale until misere_q_build looks for it again. */
    if (h >= mc->heaps[i].built &&
        (mc->heaps[i].p == 0 || mc->epoch != mquot_epoch(mc->q))) {
        return 0;
    }
    *x = heap_element(mc, i, h);
    return 1;
}

size_t
misere_q_game_index(const misere_cache *mc, const grundy_game *game)
{
    size_t len = strlen(game->spec), i = 0;
    for (const char *k = mc->key; *k != '\0'; i++) {
        const char *nl = strchr(k, '\n');
        if ((size_t)(nl - k) == len && memcmp(k, game->spec, len) == 0) {
            return i;
        }
        k = nl + 1;
    }
    return SIZE_MAX;
}

const struct mquot *
misere_q_quotient(const misere_cache *mc)
{
    return mc->q;
}

int
misere_q_period(const misere_cache *mc, size_t i, uint64_t *p,
                uint64_t *from)
{
    *p = mc->heaps[i].p;
    *from = mc->heaps[i].from;
    return *p != 0;
}
