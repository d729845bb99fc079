/*
 * mquot_verify.c - the verifier of a misere quotient's candidates (the
 * theory, and why checking the states checks every word: mquot.c's first
 * comment): the option images of the generators as elements (tsets), the
 * automaton of states read in lexicographic order, and the least word a
 * candidate gets wrong. It judges; it never builds a candidate.
 */
#include "mquot_impl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The verifier's step takes the union of the rows of the option images
 * S when |S| w <= MQUOT_ROWS_PER_Z o (step()). */
#define MQUOT_ROWS_PER_Z 4

/* ---- options as elements ---------------------------------------------- */

/* The element of the word w ([len, gen, gen, ...]) under (q, phi). */
uint32_t
mquot_word_image(const table *q, const uint32_t *phi, const uint32_t *w)
{
    uint32_t x = 0;
    for (uint32_t i = 0; i < w[0]; i++) {
        x = tmul(q, x, phi[w[1 + i]]);
    }
    return x;
}

/* The distinct images of the options of generators 0 .. ng - 1. */
int
mquot_tsets_build(const mquot *m, const table *q, const uint32_t *phi,
                  size_t ng, tsets *ts)
{
    unsigned char *seen = calloc(q->order, 1);
    size_t n = 0, cap = 0;
    ts->t = NULL;
    ts->off = malloc((ng + 1) * sizeof *ts->off);
    if (seen == NULL || ts->off == NULL) {
        free(seen);
        free(ts->off);
        return MQUOT_NOMEM;
    }
    for (size_t g = 0; g < ng; g++) {
        size_t first = n;
        ts->off[g] = n;
        for (size_t i = m->woff[g]; i < m->woff[g + 1];
             i += 1 + m->wd[i]) {
            uint32_t x = mquot_word_image(q, phi, m->wd + i);
            if (seen[x]) {
                continue;
            }
            seen[x] = 1;
            if (mquot_grow((void **)&ts->t, &cap, n + 1, sizeof *ts->t) != 0) {
                free(seen);
                free(ts->t);
                free(ts->off);
                return MQUOT_NOMEM;
            }
            ts->t[n++] = x;
        }
        for (size_t i = first; i < n; i++) {
            seen[ts->t[i]] = 0;
        }
    }
    ts->off[ng] = n;
    free(seen);
    return MQUOT_OK;
}

/* mquot_tsets_build charged to the work budget: its cost is one product per
 * letter of every option word, for each candidate image tried, and on a
 * long alphabet (Lasker's Nim to heap 400) that is most of the time.
 * MQUOT_LIMIT (nothing built) when the budget is spent. */
int
mquot_tsets_charged(mquot *m, const table *q, const uint32_t *phi,
                    size_t ng, tsets *ts)
{
    if (mquot_budget(m, 8 * (m->woff[ng] + ng))) {
        m->by_work = 1;
        snprintf(m->why, sizeof m->why, "verifying a candidate quotient "
                 "of %zu elements passes the work limit", q->order);
        return MQUOT_LIMIT;
    }
    return mquot_tsets_build(m, q, phi, ng, ts);
}

/* Frees what mquot_tsets_build made. */
void
mquot_tsets_free(tsets *ts)
{
    free(ts->t);
    free(ts->off);
}

/* ---- verification ------------------------------------------------------ */

typedef struct states {
    uint64_t *s;          /* state i: s[i * sw .. (i + 1) * sw) */
    size_t n, cap, sw;
    size_t *hash;         /* open addressing: index + 1, 0 empty */
    size_t hsize;
} states;

/* Adds state s unless present: 0 present, 1 added, -1 out of memory. */
static int
states_add(states *st, const uint64_t *s)
{
    size_t i;
    if (2 * (st->n + 1) > st->hsize) {
        size_t nh = st->hsize ? 2 * st->hsize : 1024;
        size_t *h = calloc(nh, sizeof *h);
        if (h == NULL) {
            return -1;
        }
        for (size_t k = 0; k < st->n; k++) {
            i = util_words_hash(st->s + k * st->sw, st->sw) & (nh - 1);
            while (h[i] != 0) {
                i = (i + 1) & (nh - 1);
            }
            h[i] = k + 1;
        }
        free(st->hash);
        st->hash = h;
        st->hsize = nh;
    }
    i = util_words_hash(s, st->sw) & (st->hsize - 1);
    while (st->hash[i] != 0) {
        if (memcmp(st->s + (st->hash[i] - 1) * st->sw, s,
                   st->sw * sizeof *s) == 0) {
            return 0;
        }
        i = (i + 1) & (st->hsize - 1);
    }
    if (mquot_grow((void **)&st->s, &st->cap, (st->n + 1) * st->sw,
                   sizeof *st->s) != 0) {
        return -1;
    }
    memcpy(st->s + st->n * st->sw, s, st->sw * sizeof *s);
    st->hash[i] = ++st->n;
    return 1;
}

/* The states of the second mode (by option images, mquot_verify()):
 * state i is the list pool[off[i] ..]: its length n, the word's header
 * (element, has an option, has a P-option: two halves), then the n
 * option images in ascending order. */
typedef struct lists {
    uint32_t *pool;
    size_t used, cap;
    size_t *off;
    size_t n, offcap;
    size_t *hash;         /* open addressing: index + 1, 0 empty */
    size_t hsize;
} lists;

/* Adds the list k[0 .. 3 + k[0]) unless present: 0 present, 1 added, -1
 * out of memory. */
static int
lists_add(lists *st, const uint32_t *k)
{
    size_t len = 3 + (size_t)k[0], i;
    if (2 * (st->n + 1) > st->hsize) {
        size_t nh = st->hsize ? 2 * st->hsize : 1024;
        size_t *h = calloc(nh, sizeof *h);
        if (h == NULL) {
            return -1;
        }
        for (size_t j = 0; j < st->n; j++) {
            const uint32_t *e = st->pool + st->off[j];
            i = (size_t)util_words32_hash(e, 3 + (size_t)e[0]) & (nh - 1);
            while (h[i] != 0) {
                i = (i + 1) & (nh - 1);
            }
            h[i] = j + 1;
        }
        free(st->hash);
        st->hash = h;
        st->hsize = nh;
    }
    i = (size_t)util_words32_hash(k, len) & (st->hsize - 1);
    while (st->hash[i] != 0) {
        const uint32_t *e = st->pool + st->off[st->hash[i] - 1];
        if (e[0] == k[0] && memcmp(e, k, len * sizeof *k) == 0) {
            return 0;
        }
        i = (i + 1) & (st->hsize - 1);
    }
    if (mquot_grow((void **)&st->pool, &st->cap, st->used + len,
                   sizeof *st->pool) != 0 ||
        mquot_grow((void **)&st->off, &st->offcap, st->n + 1,
                   sizeof *st->off) != 0) {
        return -1;
    }
    memcpy(st->pool + st->used, k, len * sizeof *k);
    st->off[st->n] = st->used;
    st->used += len;
    st->hash[i] = ++st->n;
    return 1;
}

/* Bytes the lists will hold once one more of len words is added (as
 * states_next_bytes below). */
static size_t
lists_next_bytes(const lists *st, size_t len)
{
    size_t h = st->hsize, cap = st->cap, oc = st->offcap, more = 0;
    if (2 * (st->n + 1) > h) {
        more += h * sizeof *st->hash;
        h = h != 0 ? 2 * h : 1024;
    }
    if (st->used + len > cap) {
        more += cap * sizeof *st->pool;
        cap = cap != 0 ? cap : 16;
        while (cap < st->used + len) {
            cap *= 2;
        }
    }
    if (st->n + 1 > oc) {
        more += oc * sizeof *st->off;
        oc = oc != 0 ? 2 * oc : 16;
    }
    return more + h * sizeof *st->hash + cap * sizeof *st->pool +
           oc * sizeof *st->off;
}

/* A verification: the states met so far, and the word being read as
 * counts of the generators that have options. */
typedef struct checker {
    mquot *m;
    const table *q;
    const uint32_t *phi;
    const tsets *ts;
    size_t *gens;         /* generators with options, ascending */
    size_t k;
    uint64_t *rows;       /* rows[y]: {z : yz in P}, w words each ... */
    unsigned char *have;  /* ... computed when first needed */
    uint64_t *stack;      /* the state at each depth */
    uint64_t *scratch;
    uint64_t *sstack;     /* the option images S at each depth (step) */
    uint64_t *sscratch;
    uint32_t *count;
    uint32_t **times;     /* times[i][z] = phi(gens[i]) z */
    uint32_t *prod;       /* scratch: a row of products (mquot_tmul_row) ... */
    uint32_t *cv;         /* ... and its cyclic combinations */
    states seen;
    size_t w, sw;
    size_t fixed;         /* bytes the arrays above hold, besides seen */
    int by_s;             /* the second mode: states by option images */
    lists sseen;          /* ... its states */
    uint32_t *key;        /* ... and a list being formed (3 + order) */
} checker;

/* Bytes the state set will hold once one more state is added: the
 * grown arrays, and while the hash is rebuilt, the old one too. */
static size_t
states_next_bytes(const states *st)
{
    size_t h = st->hsize, cap = st->cap, more = 0;
    if (2 * (st->n + 1) > h) {
        more = h;
        h = h != 0 ? 2 * h : 1024;
    }
    if ((st->n + 1) * st->sw > cap) {
        size_t c = cap != 0 ? cap : 16;
        while (c < (st->n + 1) * st->sw) {
            c *= 2;
        }
        more += cap;   /* realloc may copy */
        cap = c;
    }
    return (cap + more) * sizeof *st->s + h * sizeof *st->hash;
}

/* {z : y z in P}, as a bitset. */
static const uint64_t *
row_of(const checker *c, size_t y)
{
    uint64_t *row = c->rows + y * c->w;
    if (!c->have[y]) {
        size_t o = c->q->order;
        const unsigned char *p = c->q->p;
        const uint32_t *yz = c->prod;
        mquot_tmul_row(c->q, y, c->prod, c->cv);
        for (size_t b = 0; b < c->w; b++) {
            size_t lo = b * 64, n = o - lo < 64 ? o - lo : 64;
            uint64_t v = 0;
            for (size_t k = 0; k < n; k++) {
                v |= (uint64_t)(p[yz[lo + k]] != 0) << k;
            }
            row[b] = v;
        }
        c->have[y] = 1;
    }
    return row;
}

/*
 * The state of word + gens[i] from the state of word (head of mquot.c),
 * and the images S of the options of word + gens[i] from those of word
 * (sfrom; into sto). U is read from S: U(G) is the union of the rows
 * {z : s z in P} over s in S(G) (by definition of U), so
 *   {z : a z in U(G)} = union over s in S(G) of {z : s a z in P}
 * and U(G + h) is the union of the rows of S(G + h) = a S(G) u phi(G) T_h
 * (docs/theory.md 7b). When S is small that union costs |S| rows of w
 * words, less than the preimage of U taken one z at a time; both give
 * the same U, and the state is (phi, U, has an option) either way.
 */
static void
step(const checker *c, const uint64_t *from, const uint64_t *sfrom,
     size_t i, uint64_t *to, uint64_t *sto)
{
    const table *q = c->q;
    size_t o = q->order, x = from[0] & 0xffffffffu, g = c->gens[i], ns = 0;
    const uint64_t *u = from + 1;
    const uint32_t *times = c->times[i];
    to[0] = times[x] | 1ull << 32;
    memset(sto, 0, c->w * sizeof *sto);
    for (size_t b = 0; b < c->w; b++) {
        for (uint64_t bits = sfrom[b]; bits != 0; bits &= bits - 1) {
            uint32_t f = times[b * 64 + (size_t)__builtin_ctzll(bits)];
            sto[f / 64] |= 1ull << (f % 64);
        }
    }
    for (size_t j = c->ts->off[g]; j < c->ts->off[g + 1]; j++) {
        uint32_t f = tmul(q, x, c->ts->t[j]);
        sto[f / 64] |= 1ull << (f % 64);
    }
    if (c->by_s) {   /* the second mode: the state is (x, S) */
        uint64_t p_option = 0;
        for (size_t b = 0; b < c->w && !p_option; b++) {
            for (uint64_t bits = sto[b]; bits != 0; bits &= bits - 1) {
                p_option |= q->p[b * 64 + (size_t)__builtin_ctzll(bits)] != 0;
            }
        }
        to[0] |= p_option << 33;
        return;
    }
    for (size_t b = 0; b < c->w; b++) {
        ns += (size_t)__builtin_popcountll(sto[b]);
    }
    if (ns * c->w <= MQUOT_ROWS_PER_Z * o) {
        memset(to + 1, 0, c->w * sizeof *to);
        for (size_t b = 0; b < c->w; b++) {
            for (uint64_t bits = sto[b]; bits != 0; bits &= bits - 1) {
                const uint64_t *row =
                    row_of(c, b * 64 + (size_t)__builtin_ctzll(bits));
                for (size_t k = 0; k < c->w; k++) {
                    to[1 + k] |= row[k];
                }
            }
        }
        return;
    }
    /* {z : a z in U}, 64 z at a time, without a branch per z */
    for (size_t b = 0; b < c->w; b++) {
        size_t lo = b * 64, n = o - lo < 64 ? o - lo : 64;
        const uint32_t *az = times + lo;
        uint64_t v = 0;
        for (size_t k = 0; k < n; k++) {
            v |= (u[az[k] / 64] >> (az[k] % 64) & 1) << k;
        }
        to[1 + b] = v;
    }
    for (size_t j = c->ts->off[g]; j < c->ts->off[g + 1]; j++) {
        const uint64_t *row = row_of(c, tmul(q, x, c->ts->t[j]));
        for (size_t b = 0; b < c->w; b++) {
            to[1 + b] |= row[b];
        }
    }
}

/* The word now read breaks the candidate: keep it in m->wit. */
static int
witness(checker *c)
{
    mquot *m = c->m;
    m->nwit = 0;
    for (size_t i = c->k; i-- > 0;) {
        for (uint32_t j = 0; j < c->count[i]; j++) {
            if (mquot_grow((void **)&m->wit, &m->capwit, m->nwit + 1,
                           sizeof *m->wit) != 0) {
                return MQUOT_NOMEM;
            }
            m->wit[m->nwit++] = (uint32_t)c->gens[i];
        }
    }
    return MQUOT_UNKNOWN;
}

/* The list of state (head, S) into c->key: its length in words. */
static size_t
state_list(checker *c, uint64_t head, const uint64_t *sbits)
{
    uint32_t *k = c->key;
    size_t n = 0;
    for (size_t b = 0; b < c->w; b++) {
        for (uint64_t bits = sbits[b]; bits != 0; bits &= bits - 1) {
            k[3 + n++] = (uint32_t)(b * 64 + (size_t)__builtin_ctzll(bits));
        }
    }
    k[0] = (uint32_t)n;
    k[1] = (uint32_t)head;
    k[2] = (uint32_t)(head >> 32);
    return 3 + n;
}

/* Whether the step just taken (generator g at depth d; in the second
 * mode a state list of len words) passes --work or --memory: then the
 * reason is in m->why. A step costs about a row of the table (the first
 * mode; the second: a pass over S), a product per option image of its
 * generator, and the copies of the state at every level below (d of
 * them): some 4 steps a word or product. On a long alphabet with a
 * small quotient (Lasker's Nim to heap 400) the last two are most of
 * the time. */
static int
limited(checker *c, size_t d, size_t g, size_t len)
{
    mquot *m = c->m;
    size_t row = c->by_s ? c->w + len : c->q->order;
    size_t held = c->fixed + m->held + mquot_arrays_held(m) +
                  (c->by_s ? lists_next_bytes(&c->sseen, len)
                           : states_next_bytes(&c->seen));
    if (!mquot_budget(m, row + 4 * (d * c->sw + c->ts->off[g + 1] -
                                    c->ts->off[g])) &&
        (m->memory == 0 || held <= m->memory)) {
        return 0;
    }
    m->by_work = m->work != 0 && m->spent > m->work;
    m->need = held;
    snprintf(m->why, sizeof m->why, "verifying a candidate quotient of "
             "%zu elements passes the %s limit", c->q->order,
             m->by_work ? "work" : "memory");
    return 1;
}

/*
 * Reads the words whose generators gens[0 .. d) vary, the others fixed
 * (state cur), in lexicographic order (the highest generator counts
 * most). A word whose state was met before is not extended: whatever
 * extends it, the same extension of the earlier, smaller word has the
 * same state. So the first word found to break the candidate is its
 * lexicographically least failure.
 */
static int
check_from(checker *c, size_t d, const uint64_t *cur, const uint64_t *scur)
{
    uint64_t *mine, *smine;
    if (d == 0) {
        size_t x = cur[0] & 0xffffffffu;
        int has_option = (int)(cur[0] >> 32 & 1);
        int p_option = (int)(c->by_s ? cur[0] >> 33 & 1 : cur[1] & 1);
        return c->q->p[x] == (has_option && !p_option) ? MQUOT_OK
                                                       : witness(c);
    }
    mine = c->stack + (d - 1) * c->sw;
    smine = c->sstack + (d - 1) * c->w;
    memcpy(mine, cur, c->sw * sizeof *mine);
    memcpy(smine, scur, c->w * sizeof *smine);
    c->count[d - 1] = 0;
    for (;;) {
        int r = check_from(c, d - 1, mine, smine);
        if (r != MQUOT_OK) {
            return r;
        }
        size_t g = c->gens[d - 1], len = 0;
        step(c, mine, smine, d - 1, c->scratch, c->sscratch);
        if (c->by_s) {
            len = state_list(c, c->scratch[0], c->sscratch);
        }
        if (limited(c, d, g, len)) {
            return MQUOT_LIMIT;
        }
        r = c->by_s ? lists_add(&c->sseen, c->key)
                    : states_add(&c->seen, c->scratch);
        if (r < 0) {
            return MQUOT_NOMEM;
        }
        if (r == 0) {
            break;
        }
        memcpy(mine, c->scratch, c->sw * sizeof *mine);
        memcpy(smine, c->sscratch, c->w * sizeof *smine);
        c->count[d - 1]++;
    }
    c->count[d - 1] = 0;
    return MQUOT_OK;
}

/* The generators with options, and each one's multiplication map (one
 * map per distinct image): 0, or -1 when out of memory. */
static int
times_build(checker *c, size_t ng)
{
    size_t o = c->q->order;
    for (size_t g = 0; g < ng; g++) {
        if (c->ts->off[g + 1] > c->ts->off[g]) {
            c->gens[c->k++] = g;
        }
    }
    for (size_t i = 0; i < c->k; i++) {
        size_t j = 0;
        while (j < i && c->phi[c->gens[j]] != c->phi[c->gens[i]]) {
            j++;
        }
        if (j < i) {
            continue;   /* shares j's map: times_free frees it once */
        }
        c->times[i] = malloc(o * sizeof **c->times);
        if (c->times[i] == NULL) {
            return -1;
        }
        mquot_tmul_row(c->q, c->phi[c->gens[i]], c->times[i], c->cv);
    }
    for (size_t i = 0; i < c->k; i++) {
        for (size_t j = 0; c->times[i] == NULL && j < i; j++) {
            if (c->phi[c->gens[j]] == c->phi[c->gens[i]]) {
                c->times[i] = c->times[j];
            }
        }
    }
    return 0;
}

static void
times_free(checker *c)
{
    for (size_t i = 0; c->times != NULL && i < c->k; i++) {
        size_t j = 0;
        while (j < i && c->times[j] != c->times[i]) {
            j++;
        }
        if (j == i) {
            free(c->times[i]);
        }
    }
    free(c->times);
}

/* One verification, in the first mode (states (x, U, has an option))
 * or, with by_s, the second ((x, S): mquot_verify()). */
static int
verify_by(mquot *m, const table *q, const uint32_t *phi, const tsets *ts,
          size_t ng, int by_s)
{
    size_t o = q->order, w = BITS_WORDS(o), sw = by_s ? 1 : 1 + w;
    checker c = {m, q, phi, ts, malloc((ng + 1) * sizeof(size_t)), 0,
                 by_s ? NULL : calloc(o * w, sizeof(uint64_t)),
                 by_s ? NULL : calloc(o, 1),
                 malloc((ng + 1) * sw * sizeof(uint64_t)),
                 calloc(2 * sw, sizeof(uint64_t)),
                 malloc((ng + 1) * w * sizeof(uint64_t)),
                 calloc(2 * w, sizeof(uint64_t)),
                 calloc(ng + 1, sizeof(uint32_t)),
                 calloc(ng + 1, sizeof(uint32_t *)),
                 malloc(o * sizeof(uint32_t)),
                 malloc((q->mul != NULL ? 1 : q->span) * sizeof(uint32_t)),
                 {NULL, 0, 0, sw, NULL, 0}, w, sw, 0, by_s, {0},
                 by_s ? calloc(3 + o, sizeof(uint32_t)) : NULL};
    int r = MQUOT_NOMEM;

    /* The verifier's arrays count with the tables (one budget): rows
     * and the multiplication maps are the large ones; the second mode
     * has no rows, and a list of 3 + o words instead. */
    c.fixed = mquot_verify_fixed(o, ng);
    if (by_s) {
        c.fixed -= o * (w * sizeof(uint64_t) + 1) + (ng + 1) * w *
                   sizeof(uint64_t);
        c.fixed += (3 + o) * sizeof(uint32_t);
    }
    if (m->memory != 0 &&
        c.fixed + m->held + mquot_arrays_held(m) > m->memory) {
        m->by_work = 0;
        m->need = c.fixed + m->held + mquot_arrays_held(m);
        snprintf(m->why, sizeof m->why, "verifying a candidate quotient "
                 "of %zu elements passes the memory limit", o);
        r = MQUOT_LIMIT;
    } else if (c.gens != NULL && (by_s || (c.rows != NULL &&
                                            c.have != NULL)) &&
               (!by_s || c.key != NULL) && c.stack != NULL &&
               c.scratch != NULL && c.count != NULL && c.times != NULL &&
               c.prod != NULL && c.cv != NULL && c.sstack != NULL &&
               c.sscratch != NULL && times_build(&c, ng) == 0) {
        /* the empty word: its state is all zero (scratch + sw) ... */
        int added = by_s ? lists_add(&c.sseen, c.key)   /* [0, 0, 0] */
                         : states_add(&c.seen, c.scratch + sw);
        if (added >= 0) {
            /* ... and it has no options: S empty (sscratch + w) */
            r = check_from(&c, c.k, c.scratch + sw, c.sscratch + w);
        }
    }
    free(c.gens);
    free(c.rows);
    free(c.have);
    free(c.stack);
    free(c.scratch);
    free(c.count);
    free(c.sstack);
    free(c.sscratch);
    free(c.prod);
    free(c.cv);
    free(c.key);
    times_free(&c);
    free(c.seen.s);
    free(c.seen.hash);
    free(c.sseen.pool);
    free(c.sseen.off);
    free(c.sseen.hash);
    return r;
}

/* For the tests (m->verify_both): both automata on one candidate, the
 * first's answer returned; a different answer, or a different least
 * failure, is counted in m->verify_differed. */
static int
verify_compared(mquot *m, const table *q, const uint32_t *phi,
                const tsets *ts, size_t ng)
{
    int r = verify_by(m, q, phi, ts, ng, 0), r2;
    size_t n = m->nwit;
    uint32_t *w = malloc((n + 1) * sizeof *w);
    if (w == NULL) {
        return MQUOT_NOMEM;
    }
    if (n > 0) {
        memcpy(w, m->wit, n * sizeof *w);
    }
    r2 = verify_by(m, q, phi, ts, ng, 1);
    m->verify_compared++;
    m->verify_failed += r == MQUOT_UNKNOWN;
    if (r2 != r || (r == MQUOT_UNKNOWN &&
                    (m->nwit != n ||
                     (n > 0 && memcmp(w, m->wit, n * sizeof *w) != 0)))) {
        m->verify_differed++;
    }
    if (n > 0) {   /* the first's least failure (m->wit holds n or more) */
        memcpy(m->wit, w, n * sizeof *w);
    }
    m->nwit = n;
    free(w);
    return r;
}

/*
 * Checks that (q, phi) is faithful for generators 0 .. ng - 1 (see the
 * head of mquot.c), over every word: MQUOT_OK; MQUOT_UNKNOWN with the
 * lexicographically least word that breaks it in m->wit; MQUOT_LIMIT,
 * MQUOT_NOMEM.
 *
 * Two automata decide it. The first reads a word's state as (x, U, has
 * an option), U a set of the quotient's elements: few states, each of
 * order/64 words, and the rows {z : y z in P} (order^2 / 8 bytes) to
 * form U. The second reads it as (x, S), S the images of the word's
 * options (docs/theory.md 7b): S(G + h) = a S(G) u x T_h depends on
 * the state alone, and "G has a P-option" is "S meets P", so it is an
 * automaton whose states decide the check as well; S determines U, so
 * it has more states (two S may give one U) but each is a short list,
 * and there are no rows. Each gives the same least failure: pruning a
 * word whose state was met is sound for any such automaton. The first
 * runs first, as it always has; when it passes the memory limit, the
 * second tries again, and the need reported is the smaller of the two
 * (measured on octal 0.6's heap 17: a candidate of 107,744 elements
 * needed 16.4 GB the first way).
 */
int
mquot_verify(mquot *m, const table *q, const uint32_t *phi, const tsets *ts,
             size_t ng)
{
    int r;
    if (m->verify_both) {
        return verify_compared(m, q, phi, ts, ng);
    }
    r = verify_by(m, q, phi, ts, ng, 0);
    if (r == MQUOT_LIMIT && !m->by_work) {
        size_t need = m->need;
        char why[sizeof m->why];
        memcpy(why, m->why, sizeof why);
        r = verify_by(m, q, phi, ts, ng, 1);
        if (r == MQUOT_LIMIT && !m->by_work && need < m->need) {
            m->need = need;
            memcpy(m->why, why, sizeof why);
        }
    }
    return r;
}
