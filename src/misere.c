/*
 * misere.c - misere play where no rule is known: an exhaustive search of
 * the game tree of the whole position (misere play does not follow the
 * XOR of Grundy values), memoised on a canonical form of the position
 * (components sorted, components without a move left out), cut short
 * wherever a verified misere quotient judges the position, and bounded by
 * MISERE_MAX_POSITIONS, past which it says so.
 */
#include "misere.h"
#include "mquot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Memo bytes the search may hold whatever the memory limit (part of the
 * fixed overhead tests/memory_rss.sh allows). */
#define MISERE_SEARCH_FREE ((size_t)1 << 20)

/* Recursion depth bound: keeps the C stack small whatever the game. */
#define MISERE_MAX_DEPTH 4096

/* Options of one component, collected as data. */
typedef struct optlist {
    size_t *parts;    /* parts of option i */
    size_t *arity;    /* arities of all parts, option after option */
    uint64_t *vals;   /* numbers of all parts */
    char *text;       /* explains, NUL-separated (root only) */
    size_t n, na, nv, nt;
    size_t cap, capa, capv, capt;
    int keep_text;
} optlist;

/* A memo entry: a canonical position (key in the arena) and its outcome. */
typedef struct memo_entry {
    uint64_t hash;
    size_t off, len;   /* key = arena[off..off+len); len 0 marks empty */
    int win;
} memo_entry;

/* Heaps below this have their "no move" verdict kept per game. */
#define MISERE_ZERO_CACHE 1024

typedef struct search {
    grundy_game **games;  /* distinct games of the position */
    size_t ngames;
    unsigned char *zero;  /* [gi * MISERE_ZERO_CACHE + h]: 0 not known,
                           * 1 heap h of game gi has no move, 2 it has */
    const misere_cache *known;  /* a verified quotient of the games, or
                                 * NULL: positions it covers are judged */
    size_t *qi;           /* game gi's index in known's alphabet, or
                           * SIZE_MAX when it has none */
    memo_entry *table;    /* open addressing, power-of-two size */
    size_t size, used;
    uint64_t *arena;      /* memo keys */
    size_t narena, caparena;
    grundy_status status; /* first error, GRUNDY_OK while none */
    grundy_error *err;
    size_t pending;       /* options listed along the current path */
    size_t path;          /* bytes its levels hold: option lists and
                           * child keys (search_fits) */
    size_t charged;       /* bytes of the memo charged to the context's
                           * account (limits_charge) */
} search;

static int
collect(void *user, const component *c, size_t parts, const size_t *arity,
        const uint64_t *vals, const char *explain)
{
    optlist *ol = user;
    size_t nv = 0, elen = ol->keep_text ? strlen(explain) + 1 : 0;
    (void)c;
    /* A component of more options than the search may visit positions
     * cannot be searched; listing them all (a kayles row of 2^63 has
     * 2^62) ran the fuzzer out of memory, one list per level. */
    if (ol->n >= MISERE_MAX_POSITIONS) {
        return -2;
    }
    for (size_t p = 0; p < parts; p++) {
        nv += arity[p];
    }
    if (util_grow_array((void **)&ol->parts, &ol->cap, ol->n + 1,
                        sizeof(size_t)) ||
        util_grow_array((void **)&ol->arity, &ol->capa, ol->na + parts + 1,
                        sizeof(size_t)) ||
        util_grow_array((void **)&ol->vals, &ol->capv, ol->nv + nv + 1,
                        sizeof(uint64_t)) ||
        util_grow_array((void **)&ol->text, &ol->capt, ol->nt + elen + 1,
                        1)) {
        return -1;
    }
    ol->parts[ol->n++] = parts;
    /* A component that vanishes comes with parts = 0 and NULL arrays:
     * memcpy from NULL is undefined even for 0 bytes (UBSan, fuzz). */
    if (parts > 0) {
        memcpy(ol->arity + ol->na, arity, parts * sizeof *arity);
        ol->na += parts;
    }
    if (nv > 0) {
        memcpy(ol->vals + ol->nv, vals, nv * sizeof *vals);
        ol->nv += nv;
    }
    memcpy(ol->text + ol->nt, explain, elen);
    ol->nt += elen;
    return 0;
}

static void
optlist_free(optlist *ol)
{
    free(ol->parts);
    free(ol->arity);
    free(ol->vals);
    free(ol->text);
}

/* Beyond MISERE_MAX_POSITIONS positions, or options of one component:
 * the refusal, with the misere rules grundy has, listed from the
 * registry (a new family joins the list it belongs to). Each list gets
 * the room left within the 511 bytes of a message. */
static grundy_status
too_big(grundy_error *err)
{
    char nimlike[128], alone[256], heaps[256], msg[1024];
    size_t cap[3] = {sizeof nimlike, sizeof alone, sizeof heaps};
    for (int pass = 0; pass < 2; pass++) {
        int n;
        registry_list(REGISTRY_NIMLIKE, REGISTRY_AND, nimlike, cap[0]);
        registry_list(REGISTRY_ALONE | REGISTRY_NOT_NIMLIKE,
                      REGISTRY_OR | REGISTRY_UNITS, alone, cap[1]);
        registry_list(REGISTRY_HEAP_GAME, REGISTRY_AND, heaps, cap[2]);
        n = snprintf(msg, sizeof msg, "misere play of this position needs "
                     "an exhaustive search of more than 200000 positions, "
                     "a fixed bound no setting raises (the search grows "
                     "exponentially); grundy has misere rules for %s in "
                     "any mix, a lone %s, and sums of heaps of %s whose "
                     "misere quotient can be built (heaps up to 1000, any "
                     "heap once it proves a period: 'grundy quotient GAME "
                     "N')", nimlike, alone, heaps);
        if (n >= 0 && (size_t)n < sizeof err->message) {
            break;
        }
        /* Too long (n - 511 bytes too many): the lists share what the
         * fixed words leave, each cut to whole names (registry_list). */
        {
            size_t lists = strlen(nimlike) + strlen(alone) + strlen(heaps);
            size_t room = lists + sizeof err->message - 1 - (size_t)n;
            cap[0] = room / 5;
            cap[1] = cap[2] = room * 2 / 5;
        }
    }
    return err_set(err, GRUNDY_ELIMIT, -1, "%s", msg);
}

/* Lists every option of component c of game into ol (emptied first). */
static grundy_status
list_options(search *s, grundy_game *game, const component *c, optlist *ol)
{
    move_sink sink = {.all = 1, .collect = collect, .user = ol};
    grundy_status st;
    ol->n = ol->na = ol->nv = ol->nt = 0;
    st = game->family->options(game, c, GRUNDY_ANY_VALUE, &sink, s->err);
    if (sink.oom == SINK_LIMIT) {
        st = too_big(s->err);
    } else if (sink.oom) {
        st = move_sink_error(&sink, s->err);
    }
    return st;
}

/* A key is a sequence of components, each a header (game index << 32 |
 * arity) followed by its numbers. */
static size_t
comp_len(const uint64_t *key)
{
    return 1 + (size_t)(key[0] & 0xffffffffu);
}

static int
comp_cmp(const uint64_t *a, const uint64_t *b)
{
    size_t la = comp_len(a), lb = comp_len(b);
    for (size_t i = 0; i < la && i < lb; i++) {
        if (a[i] != b[i]) {
            return a[i] < b[i] ? -1 : 1;
        }
    }
    return la < lb ? -1 : la > lb;
}

/* Sorts the components of key[0..len) into out: the order of a sum's
 * components does not matter, so equal sums share one memo entry. */
static int
canonical(const uint64_t *key, size_t len, uint64_t *out)
{
    size_t k = 0, *at = NULL, cap = 0;
    for (size_t i = 0; i < len; i += comp_len(key + i)) {
        if (util_grow_array((void **)&at, &cap, k + 1, sizeof *at) != 0) {
            free(at);
            return -1;
        }
        at[k++] = i;
    }
    for (size_t i = 1; i < k; i++) {   /* insertion sort: sums are small */
        size_t x = at[i], j = i;
        while (j > 0 && comp_cmp(key + at[j - 1], key + x) > 0) {
            at[j] = at[j - 1];
            j--;
        }
        at[j] = x;
    }
    for (size_t i = 0, o = 0; i < k; i++) {
        size_t n = comp_len(key + at[i]);
        memcpy(out + o, key + at[i], n * sizeof *out);
        o += n;
    }
    free(at);
    return 0;
}

static memo_entry *
memo_find(search *s, const uint64_t *key, size_t len, uint64_t h)
{
    for (size_t i = (size_t)h & (s->size - 1);; i = (i + 1) & (s->size - 1)) {
        memo_entry *e = &s->table[i];
        if (e->hash == 0 ||
            (e->hash == h && e->len == len &&
             memcmp(s->arena + e->off, key, len * sizeof *key) == 0)) {
            return e;
        }
    }
}

static int
memo_rehash(search *s)
{
    size_t old = s->size;
    memo_entry *prev = s->table;
    s->size = old != 0 ? 2 * old : 1024;
    s->table = calloc(s->size, sizeof *s->table);
    if (s->table == NULL) {
        s->table = prev;
        s->size = old;
        return -1;
    }
    for (size_t i = 0; i < old; i++) {
        if (prev[i].hash != 0) {
            *memo_find(s, s->arena + prev[i].off, prev[i].len,
                       prev[i].hash) = prev[i];
        }
    }
    free(prev);
    return 0;
}

/* Bytes the memo holds once a key of len more words is stored (the
 * table doubles when half full, as memo_store grows it). */
static size_t
search_bytes(const search *s, size_t len)
{
    size_t size = 2 * (s->used + 1) <= s->size ? s->size
                  : s->size != 0 ? 2 * s->size : 1024;
    size_t arena = s->narena + len + 1 > s->caparena
                       ? 2 * (s->narena + len + 1) : s->caparena;
    return size * sizeof *s->table + arena * sizeof *s->arena;
}

static int
memo_store(search *s, const uint64_t *key, size_t len, uint64_t h, int win)
{
    memo_entry *e;
    /* + 1: the arena is never NULL, even when the first key stored is the
     * empty position (len 0): NULL + 0 is undefined (UBSan, fuzz). */
    if ((2 * (s->used + 1) > s->size && memo_rehash(s) != 0) ||
        util_grow_array((void **)&s->arena, &s->caparena, s->narena + len + 1,
             sizeof *s->arena) != 0) {
        return -1;
    }
    memcpy(s->arena + s->narena, key, len * sizeof *key);
    e = memo_find(s, key, len, h);
    *e = (memo_entry){h, s->narena, len, win};
    s->narena += len;
    s->used++;
    return 0;
}

static int
fail(search *s, grundy_status st, const char *why)
{
    if (s->status == GRUNDY_OK) {
        s->status = why != NULL ? err_set(s->err, st, -1, "%s", why) : st;
    }
    return -1;
}

/* fail() with the refusal of a search past its bound (too_big). */
static int
fail_too_big(search *s)
{
    if (s->status == GRUNDY_OK) {
        s->status = too_big(s->err);
    }
    return -1;
}

/* Charges steps to the line's misere work (game_limits.misere_left, which
 * the quotient's construction spends too): -1 (failed, naming the work
 * limit) once it is spent, else 0. A position's options are listed, keyed
 * and sorted one by one, so a search of few positions with huge option
 * lists (a row of 400 of Lasker's Nim) is bounded by its work as well as
 * by MISERE_MAX_POSITIONS. */
static int
spend(search *s, uint64_t steps)
{
    game_limits *lim = s->games[0]->limits;
    if (lim->misere_left == UINT64_MAX) {
        return 0;
    }
    if (lim->misere_left <= steps) {
        lim->misere_left = 0;
        if (s->status == GRUNDY_OK) {
            s->status = err_set_limit(s->err, GRUNDY_ELIMIT,
                                      GRUNDY_LIMIT_WORK, 0,
                                      "misere play of this position needs "
                                      "an exhaustive search longer than "
                                      "the work limit allows");
        }
        return -1;
    }
    lim->misere_left -= steps;
    return 0;
}

static int
first_option(void *user, const component *c, size_t parts,
             const size_t *arity, const uint64_t *vals, const char *explain)
{
    (void)c;
    (void)parts;
    (void)arity;
    (void)vals;
    (void)explain;
    *(int *)user = 1;
    return 1;   /* one is enough */
}

/* 1 when the component of game gi with numbers v[0 .. n) has a move, 0
 * when it has none, -1 on error (s->status set). A component without a
 * move is the game 0, and G + 0 is G itself (the same moves, the same
 * game tree), so child keys leave it out and more positions share a memo
 * entry (a Dawson's Kayles row of 1, say). */
static int
has_move(search *s, uint64_t gi, const uint64_t *v, size_t n)
{
    int any = 0;
    unsigned char *z = NULL;
    component c = {.v = v, .n = n, .index = 1};
    move_sink sink = {.all = 1, .collect = first_option, .user = &any};
    grundy_status st;
    if (n == 1 && v[0] < MISERE_ZERO_CACHE && s->zero != NULL) {
        z = s->zero + gi * MISERE_ZERO_CACHE + v[0];
        if (*z != 0) {
            return *z == 2;
        }
    }
    st = s->games[gi]->family->options(s->games[gi], &c, GRUNDY_ANY_VALUE,
                                       &sink, s->err);
    if (st != GRUNDY_OK || sink.oom) {
        /* A component whose options cannot be listed stays in the key:
         * the search proper reports why when it gets there. */
        any = 1;
    }
    if (z != NULL) {
        *z = (unsigned char)(any ? 2 : 1);
    }
    return any;
}

/* The key after option `o` of ol replaced the component key[at..at+n):
 * written to *out (malloc'd, canonical), its length returned; 0 on OOM. */
static size_t
child_key(search *s, const uint64_t *key, size_t len, size_t at, size_t n,
          uint64_t game, const optlist *ol, size_t o, size_t ao, size_t vo,
          uint64_t **out)
{
    size_t clen = len - n, k = at;
    uint64_t *tmp, *canon;
    for (size_t p = 0; p < ol->parts[o]; p++) {
        clen += 1 + ol->arity[ao + p];
    }
    tmp = malloc((clen + 1) * sizeof *tmp);
    canon = malloc((clen + 1) * sizeof *canon);
    if (tmp == NULL || canon == NULL) {
        free(tmp);
        free(canon);
        return 0;
    }
    memcpy(tmp, key, at * sizeof *tmp);
    for (size_t p = 0; p < ol->parts[o]; p++) {
        size_t a = ol->arity[ao + p];
        if (has_move(s, game, ol->vals + vo, a)) {
            tmp[k++] = game << 32 | a;
            memcpy(tmp + k, ol->vals + vo, a * sizeof *tmp);
            k += a;
        } else {
            clen -= 1 + a;
        }
        vo += a;
    }
    memcpy(tmp + k, key + at + n, (len - at - n) * sizeof *tmp);
    if (canonical(tmp, clen, canon) != 0) {
        free(tmp);
        free(canon);
        return 0;
    }
    free(tmp);
    *out = canon;
    return clen == 0 ? (size_t)-1 : clen;
}

static int search_win(search *s, const uint64_t *key, size_t len, int depth);

/* Bytes an option list holds. */
static size_t
optlist_bytes(const optlist *ol)
{
    return (ol->cap + ol->capa) * sizeof(size_t) +
           ol->capv * sizeof(uint64_t) + ol->capt;
}

/* Whether the memo, once a key of len more words is stored, and the
 * levels of the current path fit in the memory limit: 1, or 0 with the
 * refusal (the first MISERE_SEARCH_FREE bytes are free: a small
 * position is answered under any limit, kayles 3 4 at --memory 4K). The
 * path counts because each level holds its options and its child's key:
 * a sum of 10^5 components is a key of 800 KB a level, thousands of
 * levels deep. */
static int
search_fits(search *s, size_t len)
{
    size_t held = search_bytes(s, len) + s->path;
    if (held <= MISERE_SEARCH_FREE ||
        held <= s->games[0]->limits->memory) {
        return 1;
    }
    if (s->status == GRUNDY_OK) {
        s->status = err_set_limit(s->err, GRUNDY_ELIMIT,
                                  GRUNDY_LIMIT_MEMORY, 0,
                                  "misere play of this position needs "
                                  "an exhaustive search whose memo and "
                                  "path (the options and positions of "
                                  "each level) pass the memory limit");
    }
    return 0;
}

/* 1 if some option of the component at key[at..] leads to a loss for the
 * opponent, 0 if none, -1 on error; *moved is set when it has options. */
static int
component_wins(search *s, const uint64_t *key, size_t len, size_t at,
               int depth, int *moved)
{
    uint64_t gi = key[at] >> 32;
    size_t n = comp_len(key + at), ao = 0, vo = 0;
    component c = {.v = key + at + 1, .n = n - 1, .index = 1};
    optlist ol = {0};
    int r = 0;
    grundy_status st = list_options(s, s->games[gi], &c, &ol);

    if (st != GRUNDY_OK) {
        optlist_free(&ol);
        return fail(s, st, NULL);
    }
    /* Every level of the depth-first search holds its options: rows of
     * thousands of stones, thousands of levels deep, held gigabytes
     * (fuzz_position). Past the position bound in pending options the
     * search could not finish anyway. */
    if (ol.n > MISERE_MAX_POSITIONS - s->pending) {
        optlist_free(&ol);
        return fail_too_big(s);
    }
    s->pending += ol.n;
    s->path += optlist_bytes(&ol);
    *moved |= ol.n > 0;
    for (size_t o = 0; o < ol.n && r == 0; o++) {
        uint64_t *child = NULL;
        size_t clen = child_key(s, key, len, at, n, gi, &ol, o, ao, vo,
                                &child), cbytes;
        if (clen == 0) {
            r = fail(s, GRUNDY_ENOMEM, "out of memory");
            break;
        }
        cbytes = (clen == (size_t)-1 ? 0 : clen) * sizeof *child;
        s->path += cbytes;
        if (!search_fits(s, 0)) {
            s->path -= cbytes;
            free(child);
            r = -1;
            break;
        }
        /* about a step per nanosecond: the option's words as the family
         * wrote them, two allocations, a sort, a hash and a probe of the
         * memo for the child's key */
        if (spend(s, 256 + 16 * (clen == (size_t)-1 ? 0 : clen)) != 0) {
            free(child);
            r = -1;
            break;
        }
        r = search_win(s, child, clen == (size_t)-1 ? 0 : clen, depth + 1);
        r = r < 0 ? -1 : !r;
        s->path -= cbytes;
        free(child);
        for (size_t p = 0; p < ol.parts[o]; p++) {
            vo += ol.arity[ao + p];
        }
        ao += ol.parts[o];
    }
    s->pending -= ol.n;
    s->path -= optlist_bytes(&ol);
    optlist_free(&ol);
    return r;
}

/* The outcome of the position key by the verified quotient s->known
 * when every component is a heap whose element it has: 1 a win, 0 a
 * loss; -1 when it does not cover them all. The quotient is faithful for
 * every sum of the heaps it covers (verified over every such sum, docs/
 * theory.md 7b): the position loses exactly when the product of its
 * heaps' elements lies in the P-portion. */
static int
judged_by_quotient(const search *s, const uint64_t *key, size_t len)
{
    const mquot *q = misere_q_quotient(s->known);
    uint32_t x = 0, e;
    for (size_t at = 0; at < len; at += comp_len(key + at)) {
        size_t qi = s->qi[key[at] >> 32];
        if ((key[at] & 0xffffffffu) != 1 || qi == SIZE_MAX ||
            !misere_q_known(s->known, qi, key[at + 1], &e)) {
            return -1;
        }
        x = mquot_mul(q, x, e);
    }
    return !mquot_is_p(q, x);
}

/* Misere outcome of a canonical key: the player to move wins iff some
 * option loses for the opponent, or there is no move at all (the opponent
 * made the last move). */
static int
search_win(search *s, const uint64_t *key, size_t len, int depth)
{
    uint64_t h;
    memo_entry *e;
    int win = 0, moved = 0;

    if (s->known != NULL && (win = judged_by_quotient(s, key, len)) >= 0) {
        return win;
    }
    win = 0;
    h = util_words_hash(key, len) | 1;
    if (s->size != 0 && (e = memo_find(s, key, len, h))->hash != 0) {
        return e->win;
    }
    if (s->used >= MISERE_MAX_POSITIONS || depth > MISERE_MAX_DEPTH) {
        return fail_too_big(s);
    }
    for (size_t at = 0, prev = len; at < len && !win;
         prev = at, at += comp_len(key + at)) {
        int r;
        /* Equal neighbours (the key is sorted) have the same options. */
        if (prev != len && comp_cmp(key + prev, key + at) == 0) {
            continue;
        }
        r = component_wins(s, key, len, at, depth, &moved);
        if (r < 0) {
            return -1;
        }
        win = r;
    }
    if (!moved) {
        win = 1;
    }
    if (!search_fits(s, len)) {
        return -1;
    }
    if (search_bytes(s, len) > s->charged) {
        if (limits_charge(s->games[0]->limits,
                          search_bytes(s, len) - s->charged) != 0) {
            return fail(s, GRUNDY_ENOMEM, "out of memory");
        }
        s->charged = search_bytes(s, len);
    }
    if (memo_store(s, key, len, h, win) != 0) {
        return fail(s, GRUNDY_ENOMEM, "out of memory");
    }
    return win;
}

/* The key of the whole position, its components in position order, and
 * where each starts (at[i]). */
static grundy_status
root_key(search *s, const grundy_position *pos, uint64_t **key, size_t *len,
         size_t **at)
{
    size_t n = 0, k = 0;
    for (size_t c = 0; c < pos->ncomps; c++) {
        n += 1 + pos->comps[c].n;
    }
    *key = malloc((n + 1) * sizeof **key);
    *at = malloc((pos->ncomps + 1) * sizeof **at);
    s->games = malloc((pos->nterms + 1) * sizeof *s->games);
    if (*key == NULL || *at == NULL || s->games == NULL) {
        return err_set(s->err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t gi = 0;
        while (gi < s->ngames && s->games[gi] != term->game) {
            gi++;
        }
        if (gi == s->ngames) {
            s->games[s->ngames++] = term->game;
        }
        for (size_t c = term->first; c < term->first + term->count; c++) {
            const pos_comp *pc = &pos->comps[c];
            (*at)[c] = k;
            (*key)[k++] = (uint64_t)gi << 32 | pc->n;
            memcpy(*key + k, pos->vals + pc->off, pc->n * sizeof **key);
            k += pc->n;
        }
    }
    *len = n;
    return GRUNDY_OK;
}

/* Tries every option of root component c; emits the winning ones. */
static grundy_status
root_component(search *s, const uint64_t *key, size_t len, size_t at,
               size_t index, move_sink *sink, int *moved)
{
    uint64_t gi = key[at] >> 32;
    size_t n = comp_len(key + at), ao = 0, vo = 0, to = 0;
    component c = {.v = key + at + 1, .n = n - 1, .index = index};
    optlist ol = {0};
    grundy_status st;

    ol.keep_text = 1;
    st = list_options(s, s->games[gi], &c, &ol);
    *moved |= ol.n > 0;
    for (size_t o = 0; st == GRUNDY_OK && o < ol.n; o++) {
        uint64_t *child = NULL;
        size_t clen = child_key(s, key, len, at, n, gi, &ol, o, ao, vo,
                                &child);
        int r = clen == 0 ? fail(s, GRUNDY_ENOMEM, "out of memory")
                          : search_win(s, child, clen == (size_t)-1 ? 0 : clen,
                                       1);
        free(child);
        if (r < 0) {
            st = s->status;
        } else if (r == 0 && move_emit(sink, &c, ol.parts[o], ol.arity + ao,
                                       ol.vals + vo, ol.text + to) != 0) {
            /* 1: one winning move was enough; -1: out of memory. */
            st = sink->oom ? move_sink_error(sink, s->err) : GRUNDY_OK;
            break;
        }
        for (size_t p = 0; p < ol.parts[o]; p++) {
            vo += ol.arity[ao + p];
        }
        ao += ol.parts[o];
        to += strlen(ol.text + to) + 1;
    }
    optlist_free(&ol);
    return st;
}

grundy_status
misere_search(const grundy_position *pos, const unsigned char *repeats,
              move_sink *sink, int *win, grundy_error *err)
{
    return misere_search_known(pos, repeats, NULL, sink, win, err);
}

grundy_status
misere_search_known(const grundy_position *pos, const unsigned char *repeats,
                    const misere_cache *known, move_sink *sink, int *win,
                    grundy_error *err)
{
    search s = {0};
    uint64_t *key = NULL;
    size_t len = 0, *at = NULL;
    int moved = 0;
    grundy_status st;

    s.err = err;
    st = root_key(&s, pos, &key, &len, &at);
    if (st == GRUNDY_OK) {
        s.zero = calloc(s.ngames * MISERE_ZERO_CACHE, 1);
        if (known != NULL &&
            (s.qi = malloc(s.ngames * sizeof *s.qi)) != NULL) {
            s.known = known;
            for (size_t gi = 0; gi < s.ngames; gi++) {
                s.qi[gi] = misere_q_game_index(known, s.games[gi]);
            }
        }
    }
    for (size_t c = 0; st == GRUNDY_OK && c < pos->ncomps; c++) {
        if (repeats != NULL && repeats[c]) {
            continue;   /* its moves are those of an earlier twin */
        }
        st = root_component(&s, key, len, at[c], c + 1, sink, &moved);
        if (!sink->all && grundy_result_move_count(sink->res) > 0) {
            break;
        }
    }
    /* No move at all: the opponent made the last move and lost. */
    *win = grundy_result_move_count(sink->res) > 0 || !moved;
    free(key);
    free(at);
    free(s.games);
    free(s.zero);
    free(s.qi);
    free(s.table);
    free(s.arena);
    return st;
}
