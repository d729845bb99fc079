/*
 * mquot.c - misere quotients, built heap by heap and verified.
 *
 * Theory (Plambeck and Siegel, JCTA 2008; docs/theory.md 7b). Words are
 * multisets of generators (heaps); generator h has the options T_h, words
 * of earlier generators. A *pretension* is a finite commutative monoid Q
 * with a subset P and a map phi from generators to Q. It is *faithful*
 * when every word G is a misere P-position exactly when phi(G) is in P;
 * reducing a faithful pretension by x ~ y iff {z : xz in P} = {z : yz in
 * P} (over the submonoid the generators make) gives the misere quotient
 * itself, since the outcome of G + X is then read from phi(G) phi(X).
 *
 * Verification (verify() below, exact, finite). By induction over the
 * options, phi is faithful iff for every word G: phi(G) in P exactly when
 * G has an option and no option of G has its image in P. The options of
 * G + h are G' + h and G + t (t an option of h), so the set
 *   U(G) = { w in Q : some option of G's heaps, times w, is in P }
 * obeys U(G + h) = {w : phi(h) w in U(G)} u {w : phi(G) t w in P, t in
 * T_h}, and "G has a P-option" is "1 in U(G)". The triple (phi(G), U(G),
 * G has an option) is therefore a state of a finite automaton that reads
 * generators, and the condition above is a property of states: checking
 * every state reachable from the empty word checks every word, of any
 * size. A candidate passes or is refused; nothing is assumed.
 *
 * Construction (the candidates). Adding heap n to a verified quotient Q:
 * first each x of Q as phi(n) (a conservative extension: Q is unchanged);
 * else Q x C, C the cyclic monoid {1, a, ..., a^(i+p-1)} with a^(i+p) =
 * a^i, phi(n) = a, for a few (i, p), its P-portion computed by the rules
 * over words in lexicographic order (mark_p: options come first in that
 * order). When none passes, recalibration (after MisereSolver, Siegel;
 * P&S appendix C): the verifier returns the lexicographically least word
 * the candidate gets wrong, and the candidate is refined so that this
 * word's heaps are counted apart (recalibrate()); every smaller word stays
 * right, so the least failure moves up, until the candidate passes or the
 * recalibrations allowed run out. Then every heap with options is counted
 * apart by a cyclic part of its own, decided exactly by the box of counts
 * (try_box, mquot_box.c: linear in the box) or, when even the first box
 * does not fit, by verify() (try_free), indices and periods climbing
 * while the memory and work limits allow; when nothing fits, the answer
 * is MQUOT_UNKNOWN, never a guess: every quotient this file returns
 * passed verify() or the box's check.
 *
 * One file of about 2,070 lines: construction, verification, the
 * P-portion, reduction and recalibration share the private monoid
 * representation (table, with products of cyclic parts computed when
 * asked) and one work budget; each candidate is built and judged in the
 * same loop. The verifier (the automaton of states, about 350 lines) is
 * the part that could stand alone (with the budget work done, it is the
 * next split); it stays for now because the budget spans both.
 */
#include "mquot.h"

#include "mquot_box.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest candidate (before reduction) built. */
#define MQUOT_MAX_CANDIDATE 8192

/* Largest table stored whole (its square of 4-byte products). */
#define MQUOT_MAX_TABLE 4096

/* Cyclic parts a product table may have. */
#define MQUOT_MAX_PARTS 64

/*
 * A finite commutative monoid with a P-portion: a multiplication table,
 * or (mul NULL) the product of a table `base` with cyclic monoids
 * C(idx[i], per[i]) = {1, a, ..., a^(idx+per-1)}, a^(idx+per) = a^idx,
 * computed when asked (candidates are large; only reduced tables are
 * stored whole). Element e of a product is (e / span in base, the parts'
 * exponents in the mixed radix of e % span).
 */
typedef struct table {
    size_t order;
    uint32_t *mul;        /* mul[x * order + y] */
    unsigned char *p;     /* P-portion */
    const struct table *base;
    size_t nc, span;
    unsigned idx[MQUOT_MAX_PARTS], per[MQUOT_MAX_PARTS];
    size_t radix[MQUOT_MAX_PARTS];
} table;

/* c copies of a cyclic generator, reduced by (index, period). */
static size_t
cyc(size_t c, unsigned index, unsigned period)
{
    return c < (size_t)index + period ? c : index + (c - index) % period;
}

/* The product x y in t. */
static inline uint32_t
tmul(const table *t, size_t x, size_t y)
{
    size_t s, cx, cy, v = 0;
    if (t->mul != NULL) {
        return t->mul[x * t->order + y];
    }
    s = t->span;
    cx = x % s;
    cy = y % s;
    for (size_t i = 0; i < t->nc; i++) {
        size_t sp = (size_t)t->idx[i] + t->per[i];
        v += cyc((cx / t->radix[i]) % sp + (cy / t->radix[i]) % sp,
                 t->idx[i], t->per[i]) * t->radix[i];
    }
    return (uint32_t)(t->base->mul[(x / s) * t->base->order + y / s] * s + v);
}

/*
 * The products x z for every z of t into out[0 .. order): tmul(t, x, z),
 * computed a whole row at a time. For a product table, z = (zb, v) with v
 * its cyclic parts' exponents (z = zb span + v), and x z = (x_b zb) span +
 * c(v), where c(v) combines x's exponents with v's and does not depend on
 * zb: c is computed once per row (into cv, span entries) instead of once
 * per z, so each product costs a lookup and an addition.
 */
static void
tmul_row(const table *t, size_t x, uint32_t *out, uint32_t *cv)
{
    size_t s, cx, bo, xb;
    if (t->mul != NULL) {
        memcpy(out, t->mul + x * t->order, t->order * sizeof *out);
        return;
    }
    s = t->span;
    cx = x % s;
    for (size_t v = 0; v < s; v++) {
        size_t c = 0;
        for (size_t i = 0; i < t->nc; i++) {
            size_t sp = (size_t)t->idx[i] + t->per[i];
            c += cyc((cx / t->radix[i]) % sp + (v / t->radix[i]) % sp,
                     t->idx[i], t->per[i]) * t->radix[i];
        }
        cv[v] = (uint32_t)c;
    }
    bo = t->base->order;
    xb = x / s;
    for (size_t zb = 0; zb < bo; zb++) {
        uint32_t h = t->base->mul[xb * bo + zb] * (uint32_t)s;
        uint32_t *o = out + zb * s;
        for (size_t v = 0; v < s; v++) {
            o[v] = h + cv[v];
        }
    }
}

/* The distinct images of each generator's options under some phi. */
typedef struct tsets {
    uint32_t *t;
    size_t *off;          /* generator g: t[off[g] .. off[g + 1]) */
} tsets;

struct mquot {
    table q;
    size_t ngen;
    uint32_t *phi;
    size_t capphi;
    uint32_t *wd;         /* option words: [len, gen, gen, ...] ... */
    size_t nwd, capwd;
    size_t *woff;         /* generator g: wd[woff[g] .. woff[g + 1]) */
    size_t capwoff;
    uint32_t *wit;        /* the word that broke the last candidate */
    size_t nwit, capwit;
    tsets opts;           /* each generator's option images, once asked */
    size_t nopts;         /* ... for generators 0 .. nopts - 1 */
    size_t capopt_t, capopt_off;   /* room in opts.t and opts.off */
    uint64_t epoch;       /* how many times phi was replaced */
    size_t memory;
    size_t held;          /* bytes of the live tables (the quotient's and
                           * every candidate's): with the arrays above and
                           * a verifier's states, one budget (memory) */
    uint64_t work, spent;
    size_t cand_max;  /* largest candidate with_cyclic builds */
    char why[256];
    int by_work;      /* the last MQUOT_LIMIT was the work limit's */
    size_t need;      /* ... else the bytes it needed in all */
    unsigned *boxk;   /* each generator's index and period in the last */
    unsigned *boxp;   /* box that passed (period 0: none yet), where the
                       * next box starts */
    size_t capboxk, capboxp;
};

/* Candidate cyclic parts (index, period) tried in turn. */
static const unsigned cyclic_try[][2] = {
    {1, 2}, {2, 2}, {3, 2}, {4, 2}, {6, 2}, {2, 4}, {8, 2}, {4, 4},
    {12, 2}, {8, 4}, {16, 2},
};

/* The verifier's step takes the union of the rows of the option images
 * S when |S| w <= MQUOT_ROWS_PER_Z o (step()). */
#define MQUOT_ROWS_PER_Z 4

/* Internal: a recalibration changed the candidate; verify it again. */
#define MQUOT_MOVED 3
/* Internal: a candidate too large to try (MQUOT_MAX_CANDIDATE). */
#define MQUOT_SKIP 4

#define BITS_WORDS(n) (((n) + 63) / 64)

static int
grow(void **p, size_t *cap, size_t need, size_t size)
{
    size_t c = *cap ? *cap : 16;
    void *q;
    if (need <= *cap) {
        return 0;
    }
    while (c < need) {
        c *= 2;
    }
    q = realloc(*p, c * size);
    if (q == NULL) {
        return -1;
    }
    *p = q;
    *cap = c;
    return 0;
}

/* Bytes table t holds: a whole table, or a product's P-portion. */
static size_t
table_held(const table *t)
{
    return t->mul != NULL ? t->order * t->order * sizeof *t->mul + t->order
           : t->p != NULL ? t->order : 0;
}

/* Frees t's arrays and gives its bytes back to m's budget. */
static void
table_free(mquot *m, table *t)
{
    size_t b = table_held(t);
    m->held -= b < m->held ? b : m->held;
    free(t->mul);
    free(t->p);
    t->mul = NULL;
    t->p = NULL;
    t->order = 0;
}

/* Bytes a table of `order` elements takes. */
static size_t
table_bytes(size_t order)
{
    return order * order * sizeof(uint32_t) + order;
}

/* Bytes m holds besides its tables (mquot_bytes counts the quotient's). */
static size_t
arrays_held(const mquot *m)
{
    return mquot_bytes(m) - table_bytes(m->q.order);
}

static int
budget(mquot *m, uint64_t steps)
{
    m->spent += steps;
    return m->work != 0 && m->spent > m->work;
}

static int
table_new(mquot *m, table *t, size_t order)
{
    /* The tables already live count too: a candidate is built while the
     * quotient and the trial it refines are held. */
    if (order > 65536 ||
        (m->memory != 0 &&
         (table_bytes(order) > m->memory ||
          mquot_bytes(m) - table_bytes(m->q.order) + m->held >
              m->memory - table_bytes(order)))) {
        m->by_work = 0;
        m->need = arrays_held(m) + m->held + table_bytes(order);
        snprintf(m->why, sizeof m->why,
                 "a candidate quotient of %zu elements needs %zu bytes, "
                 "more than the memory limit", order, table_bytes(order));
        return MQUOT_LIMIT;
    }
    t->order = order;
    t->mul = malloc(order * order * sizeof *t->mul);
    t->p = calloc(order, 1);
    if (t->mul == NULL || t->p == NULL) {
        free(t->mul);
        free(t->p);
        *t = (table){0};
        return MQUOT_NOMEM;
    }
    m->held += table_held(t);
    return MQUOT_OK;
}

/* ---- options as elements ---------------------------------------------- */

static uint32_t
word_image(const table *q, const uint32_t *phi, const uint32_t *w)
{
    uint32_t x = 0;
    for (uint32_t i = 0; i < w[0]; i++) {
        x = tmul(q, x, phi[w[1 + i]]);
    }
    return x;
}

/* The distinct images of the options of generators 0 .. ng - 1. */
static int
tsets_build(const mquot *m, const table *q, const uint32_t *phi, size_t ng,
            tsets *ts)
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
            uint32_t x = word_image(q, phi, m->wd + i);
            if (seen[x]) {
                continue;
            }
            seen[x] = 1;
            if (grow((void **)&ts->t, &cap, n + 1, sizeof *ts->t) != 0) {
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

/* tsets_build charged to the work budget: its cost is one product per
 * letter of every option word, for each candidate image tried, and on a
 * long alphabet (Lasker's Nim to heap 400) that is most of the time.
 * MQUOT_LIMIT (nothing built) when the budget is spent. */
static int
tsets_charged(mquot *m, const table *q, const uint32_t *phi, size_t ng,
              tsets *ts)
{
    if (budget(m, 8 * (m->woff[ng] + ng))) {
        m->by_work = 1;
        snprintf(m->why, sizeof m->why, "verifying a candidate quotient "
                 "of %zu elements passes the work limit", q->order);
        return MQUOT_LIMIT;
    }
    return tsets_build(m, q, phi, ng, ts);
}

static void
tsets_free(tsets *ts)
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

static uint64_t
state_hash(const uint64_t *s, size_t sw)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < sw; i++) {
        h = (h ^ s[i]) * 0x100000001b3u;
        h ^= h >> 31;
    }
    return h;
}

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
            i = state_hash(st->s + k * st->sw, st->sw) & (nh - 1);
            while (h[i] != 0) {
                i = (i + 1) & (nh - 1);
            }
            h[i] = k + 1;
        }
        free(st->hash);
        st->hash = h;
        st->hsize = nh;
    }
    i = state_hash(s, st->sw) & (st->hsize - 1);
    while (st->hash[i] != 0) {
        if (memcmp(st->s + (st->hash[i] - 1) * st->sw, s,
                   st->sw * sizeof *s) == 0) {
            return 0;
        }
        i = (i + 1) & (st->hsize - 1);
    }
    if (grow((void **)&st->s, &st->cap, (st->n + 1) * st->sw,
             sizeof *st->s) != 0) {
        return -1;
    }
    memcpy(st->s + st->n * st->sw, s, st->sw * sizeof *s);
    st->hash[i] = ++st->n;
    return 1;
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
    uint32_t *prod;       /* scratch: one row of products (tmul_row) ... */
    uint32_t *cv;         /* ... and its cyclic combinations */
    states seen;
    size_t w, sw;
    size_t fixed;         /* bytes the arrays above hold, besides seen */
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
        tmul_row(c->q, y, c->prod, c->cv);
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
 * The state of word + gens[i] from the state of word (head of the file),
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
            if (grow((void **)&m->wit, &m->capwit, m->nwit + 1,
                     sizeof *m->wit) != 0) {
                return MQUOT_NOMEM;
            }
            m->wit[m->nwit++] = (uint32_t)c->gens[i];
        }
    }
    return MQUOT_UNKNOWN;
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
        int has_option = (int)(cur[0] >> 32), p_option = (int)(cur[1] & 1);
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
        /* A step costs about a row of the table, a product per option
         * image of its generator, and the copies of the state at every
         * level below (d of them): some 4 steps a word or product. On a
         * long alphabet with a small quotient (Lasker's Nim to heap 400)
         * the last two are most of the time. */
        size_t g = c->gens[d - 1];
        if (budget(c->m, c->q->order + 4 * (d * c->sw + c->ts->off[g + 1] -
                                            c->ts->off[g])) ||
            (c->m->memory != 0 &&
             states_next_bytes(&c->seen) + c->fixed + c->m->held +
                     arrays_held(c->m) > c->m->memory)) {
            c->m->by_work = c->m->work != 0 && c->m->spent > c->m->work;
            c->m->need = states_next_bytes(&c->seen) + c->fixed +
                         c->m->held + arrays_held(c->m);
            snprintf(c->m->why, sizeof c->m->why, "verifying a candidate "
                     "quotient of %zu elements passes the %s limit",
                     c->q->order, c->m->by_work ? "work" : "memory");
            return MQUOT_LIMIT;
        }
        step(c, mine, smine, d - 1, c->scratch, c->sscratch);
        r = states_add(&c->seen, c->scratch);
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
        tmul_row(c->q, c->phi[c->gens[i]], c->times[i], c->cv);
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

/*
 * Checks that (q, phi) is faithful for generators 0 .. ng - 1 (see the
 * head of the file), over every word: MQUOT_OK; MQUOT_UNKNOWN with the
 * lexicographically least word that breaks it in m->wit; MQUOT_LIMIT,
 * MQUOT_NOMEM.
 */
static int
verify(mquot *m, const table *q, const uint32_t *phi, const tsets *ts,
       size_t ng)
{
    size_t o = q->order, w = BITS_WORDS(o), sw = 1 + w;
    checker c = {m, q, phi, ts, malloc((ng + 1) * sizeof(size_t)), 0,
                 calloc(o * w, sizeof(uint64_t)), calloc(o, 1),
                 malloc((ng + 1) * sw * sizeof(uint64_t)),
                 calloc(2 * sw, sizeof(uint64_t)),
                 malloc((ng + 1) * w * sizeof(uint64_t)),
                 calloc(2 * w, sizeof(uint64_t)),
                 calloc(ng + 1, sizeof(uint32_t)),
                 calloc(ng + 1, sizeof(uint32_t *)),
                 malloc(o * sizeof(uint32_t)),
                 malloc((q->mul != NULL ? 1 : q->span) * sizeof(uint32_t)),
                 {NULL, 0, 0, sw, NULL, 0}, w, sw, 0};
    int r = MQUOT_NOMEM;

    /* The verifier's arrays count with the tables (one budget): rows
     * and the multiplication maps are the large ones. */
    c.fixed = (ng + 1) * (2 * sizeof(size_t) + sizeof(uint32_t *) +
                          (sw + w) * sizeof(uint64_t)) +
              o * (w * sizeof(uint64_t) + 1 + sizeof(uint32_t)) +
              (ng + 1) * o * sizeof(uint32_t);
    if (m->memory != 0 && c.fixed + m->held + arrays_held(m) > m->memory) {
        m->by_work = 0;
        m->need = c.fixed + m->held + arrays_held(m);
        snprintf(m->why, sizeof m->why, "verifying a candidate quotient "
                 "of %zu elements passes the memory limit", o);
        r = MQUOT_LIMIT;
    } else if (c.gens != NULL && c.rows != NULL && c.have != NULL &&
        c.stack != NULL &&
        c.scratch != NULL && c.count != NULL && c.times != NULL &&
        c.prod != NULL && c.cv != NULL && c.sstack != NULL &&
        c.sscratch != NULL &&
        times_build(&c, ng) == 0) {
        /* the empty word: its state is all zero (scratch + sw) */
        if (states_add(&c.seen, c.scratch + sw) >= 0) {
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
    times_free(&c);
    free(c.seen.s);
    free(c.seen.hash);
    return r;
}

/* ---- P-portion of a candidate ----------------------------------------- */

typedef struct marker {
    const table *q;
    unsigned char *p, *marked;
    const uint32_t *phi;
    const tsets *ts;
    const size_t *gens;   /* generators with options, ascending */
    uint64_t *tb;         /* one option set per depth */
    uint64_t *scratch;
    size_t w;
} marker;

/* Marks the elements of the words whose generators gens[0 .. d) vary
 * (the rest fixed, giving x and option images t): the lexicographic
 * order puts every option of a word before it, so options are marked. */
static int
mark_from(marker *mk, size_t d, uint32_t x, const uint64_t *t)
{
    size_t w = mk->w;
    uint64_t *mine;
    size_t g;
    if (d == 0) {
        int p = 0, any = 0;
        if (mk->marked[x]) {
            return 0;
        }
        for (size_t b = 0; b < w; b++) {
            for (uint64_t bits = t[b]; bits != 0; bits &= bits - 1) {
                size_t e = b * 64 + (size_t)__builtin_ctzll(bits);
                if (!mk->marked[e]) {
                    return 1;   /* cannot happen for a monoid: refuse */
                }
                any = 1;
                p |= mk->p[e];
            }
        }
        mk->p[x] = (unsigned char)(any && !p);
        mk->marked[x] = 1;
        return 0;
    }
    mine = mk->tb + (d - 1) * w;
    g = mk->gens[d - 1];
    memcpy(mine, t, w * sizeof *mine);
    for (;;) {
        uint32_t a = mk->phi[g], nx;
        uint64_t *tmp = mk->scratch;
        int r = mark_from(mk, d - 1, x, mine);
        if (r != 0) {
            return r;
        }
        nx = tmul(mk->q, x, a);
        if (mk->marked[nx]) {
            return 0;
        }
        /* Options of word + g: (options of word) + g, word + (options
         * of g). */
        memset(tmp, 0, w * sizeof *tmp);
        for (size_t b = 0; b < w; b++) {
            for (uint64_t bits = mine[b]; bits != 0; bits &= bits - 1) {
                size_t e = b * 64 + (size_t)__builtin_ctzll(bits);
                uint32_t f = tmul(mk->q, e, a);
                tmp[f / 64] |= 1ull << (f % 64);
            }
        }
        for (size_t j = mk->ts->off[g]; j < mk->ts->off[g + 1]; j++) {
            uint32_t f = tmul(mk->q, x, mk->ts->t[j]);
            tmp[f / 64] |= 1ull << (f % 64);
        }
        memcpy(mine, tmp, w * sizeof *mine);
        x = nx;
    }
}

/* Fills q->p by the misere rules: MQUOT_OK, MQUOT_UNKNOWN, MQUOT_NOMEM. */
static int
mark_p(table *q, const uint32_t *phi, const tsets *ts, size_t ng)
{
    size_t w = BITS_WORDS(q->order), k = 0;
    marker mk = {q, q->p, calloc(q->order, 1), phi, ts,
                 malloc((ng + 1) * sizeof(size_t)),
                 calloc((ng + 2) * w, sizeof(uint64_t)),
                 malloc(w * sizeof(uint64_t)), w};
    int r = MQUOT_NOMEM;
    if (mk.marked != NULL && mk.gens != NULL && mk.tb != NULL &&
        mk.scratch != NULL) {
        size_t *gens = (size_t *)mk.gens;
        for (size_t g = 0; g < ng; g++) {
            if (ts->off[g + 1] > ts->off[g]) {
                gens[k++] = g;
            }
        }
        memset(q->p, 0, q->order);
        /* The empty set of options sits in the top slot. */
        r = mark_from(&mk, k, 0, mk.tb + (ng + 1) * w) ? MQUOT_UNKNOWN
                                                        : MQUOT_OK;
    }
    free(mk.marked);
    free((void *)mk.gens);
    free(mk.tb);
    free(mk.scratch);
    return r;
}

/* ---- reduction --------------------------------------------------------- */

/*
 * Classes of indistinguishability over the submonoid elts[0 .. n) (x ~ y
 * when xz and yz agree on P for every z of it), numbered by first
 * element: cls[i]. Every z is a product of generator images, so x ~ y
 * exactly when no word of generators leads x and y apart on P: the
 * Myhill-Nerode equivalence of the automaton whose states are the
 * elements, whose letters are the distinct images a (x -> xa) and whose
 * accepting states are P. Moore's refinement computes it: start from
 * {P, not P}, split by (class of x, class of xa for each letter a) until
 * the number of classes stays; each round costs n times the letters,
 * where comparing rows of P cost n^2 products. Returns the number of
 * classes, or 0 when out of memory.
 */
static size_t
nerode_classes(const table *q, const uint32_t *elts, const uint32_t *at,
               size_t n, const uint32_t *letter, size_t nl, uint32_t *cls)
{
    size_t sw = nl + 1, hsize = 1, ncls = 0, prev = 0;
    uint32_t *next = malloc((n * nl + 1) * sizeof *next);
    uint32_t *sig = malloc(n * sw * sizeof *sig);
    uint32_t *rep = malloc(n * sizeof *rep), *fresh = malloc(n * sizeof *fresh);
    size_t *hash;
    while (hsize < 2 * n) {
        hsize *= 2;
    }
    hash = malloc(hsize * sizeof *hash);
    if (next == NULL || sig == NULL || rep == NULL || fresh == NULL ||
        hash == NULL) {
        ncls = 0;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t a = 0; a < nl; a++) {
            next[i * nl + a] = at[tmul(q, elts[i], letter[a])];
        }
    }
    /* Round 0: the classes of "in P", numbered by first element. */
    {
        uint32_t first[2] = {UINT32_MAX, UINT32_MAX};
        for (size_t i = 0; i < n; i++) {
            unsigned b = q->p[elts[i]] != 0;
            if (first[b] == UINT32_MAX) {
                first[b] = (uint32_t)ncls++;
            }
            cls[i] = first[b];
        }
    }
    while (ncls != prev) {
        prev = ncls;
        ncls = 0;
        for (size_t h = 0; h < hsize; h++) {
            hash[h] = 0;
        }
        for (size_t i = 0; i < n; i++) {
            uint32_t *g = sig + i * sw;
            uint64_t hv = 0x9e3779b97f4a7c15u;
            size_t h;
            g[0] = cls[i];
            for (size_t a = 0; a < nl; a++) {
                g[1 + a] = cls[next[i * nl + a]];
            }
            for (size_t k = 0; k < sw; k++) {
                hv = (hv ^ g[k]) * 0x100000001b3u;
                hv ^= hv >> 29;
            }
            for (h = (size_t)hv & (hsize - 1); hash[h] != 0;
                 h = (h + 1) & (hsize - 1)) {
                if (memcmp(sig + rep[hash[h] - 1] * sw, g,
                           sw * sizeof *g) == 0) {
                    break;
                }
            }
            if (hash[h] == 0) {
                rep[ncls] = (uint32_t)i;
                hash[h] = ++ncls;
            }
            fresh[i] = (uint32_t)(hash[h] - 1);
        }
        /* Refinements only split classes: the same count means stable. */
        memcpy(cls, fresh, n * sizeof *cls);
    }
done:
    free(next);
    free(sig);
    free(rep);
    free(fresh);
    free(hash);
    return ncls;
}

/*
 * The quotient of (q, phi) by indistinguishability: keeps the submonoid
 * the generators make, then merges x and y when xz and yz agree on P for
 * every z of it (a congruence: equal rows stay equal under any product;
 * nerode_classes). Writes the reduced table to out and the new images
 * into phi.
 */
static int
reduce(mquot *m, const table *q, uint32_t *phi, size_t ng, table *out)
{
    size_t o = q->order, n = 0, ncls = 0, nl = 0;
    uint32_t *elts = malloc(o * sizeof *elts), *at = malloc(o * sizeof *at);
    uint32_t *cls = NULL, *rep = NULL, *letter = malloc((ng + 1) *
                                                         sizeof *letter);
    int r = MQUOT_NOMEM;

    if (elts == NULL || at == NULL || letter == NULL) {
        goto done;
    }
    for (size_t x = 0; x < o; x++) {
        at[x] = UINT32_MAX;
    }
    for (size_t g = 0; g < ng; g++) {          /* the distinct images */
        size_t a = 0;
        while (a < nl && letter[a] != phi[g]) {
            a++;
        }
        if (a == nl) {
            letter[nl++] = phi[g];
        }
    }
    elts[n++] = 0;
    at[0] = 0;
    for (size_t i = 0; i < n; i++) {           /* generated submonoid */
        for (size_t a = 0; a < nl; a++) {
            uint32_t y = tmul(q, elts[i], letter[a]);
            if (at[y] == UINT32_MAX) {
                at[y] = (uint32_t)n;
                elts[n++] = y;
            }
        }
    }
    {
        /* Its scratch and nerode_classes' (maps by each letter, the
         * signatures, their hash) count with the tables held. */
        size_t scratch = o * 2 * sizeof(uint32_t) +
                         n * ((2 * nl + 5) * sizeof(uint32_t) +
                              4 * sizeof(size_t));
        if (m->memory != 0 &&
            arrays_held(m) + m->held + scratch > m->memory) {
            m->by_work = 0;
            m->need = arrays_held(m) + m->held + scratch;
            snprintf(m->why, sizeof m->why, "reducing a candidate quotient "
                     "of %zu elements passes the memory limit", o);
            r = MQUOT_LIMIT;
            goto done;
        }
    }
    cls = malloc(n * sizeof *cls);
    rep = malloc(n * sizeof *rep);
    if (cls == NULL || rep == NULL ||
        (ncls = nerode_classes(q, elts, at, n, letter, nl, cls)) == 0) {
        goto done;
    }
    for (size_t i = n; i-- > 0;) {
        rep[cls[i]] = (uint32_t)i;   /* ends at each class's first */
    }
    if ((r = table_new(m, out, ncls)) != MQUOT_OK) {
        goto done;
    }
    for (size_t a = 0; a < ncls; a++) {
        out->p[a] = q->p[elts[rep[a]]];
        for (size_t b = 0; b < ncls; b++) {
            uint32_t y = tmul(q, elts[rep[a]], elts[rep[b]]);
            out->mul[a * ncls + b] = cls[at[y]];
        }
    }
    for (size_t g = 0; g < ng; g++) {
        phi[g] = cls[at[phi[g]]];
    }
done:
    free(elts);
    free(at);
    free(cls);
    free(rep);
    free(letter);
    return r;
}

/* ---- the candidates ---------------------------------------------------- */

/*
 * base x C(idx[0], per[0]) x ... into out (a product table: base must
 * stay while out lives): every image x becomes (x, 1, ..., 1) and
 * generator gens[i]'s image gets the part i's generator too, so that
 * words are told apart by their counts of gens[i] as well.
 */
static int
with_cyclic(const table *base, const unsigned *idx,
            const unsigned *per, const size_t *gens, size_t nc,
            uint32_t *phi, size_t ng, size_t max, table *out)
{
    size_t span = 1;
    *out = (table){0};
    for (size_t i = 0; i < nc; i++) {
        out->radix[i] = span;
        out->idx[i] = idx[i];
        out->per[i] = per[i];
        span *= (size_t)idx[i] + per[i];
        if (nc > MQUOT_MAX_PARTS || span > max || base->order > max / span) {
            /* not a setting's limit: this candidate is not tried */
            return MQUOT_SKIP;
        }
    }
    out->order = base->order * span;
    out->base = base;
    out->nc = nc;
    out->span = span;
    out->p = calloc(out->order, 1);
    if (out->p == NULL) {
        return MQUOT_NOMEM;
    }
    for (size_t g = 0; g < ng; g++) {
        size_t v = phi[g] * span;
        for (size_t i = 0; i < nc; i++) {
            v += gens[i] == g ? out->radix[i] : 0;
        }
        phi[g] = (uint32_t)v;
    }
    return MQUOT_OK;
}

/* Tries x as the image of the new generator, Q unchanged. */
static int
try_conservative(mquot *m, uint32_t *phi, size_t ng, uint32_t *chosen)
{
    const table *q = &m->q;
    size_t o = q->order;
    int r = MQUOT_UNKNOWN, p_alone = 1;
    for (size_t i = m->woff[ng - 1]; i < m->woff[ng]; i += 1 + m->wd[i]) {
        p_alone &= !q->p[word_image(q, phi, m->wd + i)];
    }
    for (uint32_t x = 0; x < o && r == MQUOT_UNKNOWN; x++) {
        tsets ts;
        int quick = 1;
        phi[ng - 1] = x;
        if ((r = tsets_charged(m, q, phi, ng, &ts)) != MQUOT_OK) {
            return r;
        }
        r = MQUOT_UNKNOWN;
        /* Quick necessary test on the words W + n: when W n is in P, no
         * W t may be (t an option of n). */
        for (size_t y = 0; y < o && quick; y++) {
            if (!q->p[tmul(q, y, x)]) {
                continue;
            }
            for (size_t j = ts.off[ng - 1]; j < ts.off[ng] && quick; j++) {
                quick = !q->p[tmul(q, y, ts.t[j])];
            }
        }
        /* The heap alone: P iff none of its options is. */
        quick = quick && q->p[x] == p_alone;
        if (quick) {
            r = verify(m, q, phi, &ts, ng);
            if (r == MQUOT_OK) {
                *chosen = x;
            }
        }
        tsets_free(&ts);
    }
    return r;
}

/* The outcome (1: P) the pretension (q, phi) gives the word w. */
static int
predict(const table *q, const uint32_t *phi, const uint32_t *w, size_t n)
{
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        x = tmul(q, x, phi[w[i]]);
    }
    return q->p[x];
}

/* The end of every candidate: its P-portion by the rules, verification,
 * reduction into *out (phi updated) whatever the verdict; cur freed when
 * owned. Returns the verdict, or an error (out then empty). */
static int
finish(mquot *m, table *cur, int owned, uint32_t *phi, size_t ng,
       table *out)
{
    tsets ts;
    int r = tsets_charged(m, cur, phi, ng, &ts), verdict;
    if (r == MQUOT_OK) {
        r = mark_p(cur, phi, &ts, ng);
        if (r == MQUOT_OK) {
            r = verify(m, cur, phi, &ts, ng);
        }
        tsets_free(&ts);
    }
    verdict = r;
    if (r == MQUOT_OK || r == MQUOT_UNKNOWN) {
        r = reduce(m, cur, phi, ng, out);
    }
    if (owned) {
        table_free(m, cur);
    }
    return r != MQUOT_OK ? r : verdict;
}

/* 1 when the word m->wit (a new candidate's least failure) comes after
 * w (n generators) in the lexicographic order: more of the highest heap
 * where they differ. Words list their heaps highest first. */
static int
later_failure(const mquot *m, const uint32_t *w, size_t n)
{
    size_t i = 0;
    while (i < n && i < m->nwit && w[i] == m->wit[i]) {
        i++;
    }
    if (i == n || i == m->nwit) {
        return m->nwit > n;   /* w is a subword: the longer is later */
    }
    return m->wit[i] > w[i];
}

/*
 * A candidate: base, with generators gens[0 .. ns) told apart by a cyclic
 * part each (index idx[i], period 2), its P-portion by the rules, then
 * verified. Whatever the verdict, *out receives the reduced candidate and
 * phi its images (the next recalibration starts from it). MQUOT_OK when
 * verified; MQUOT_UNKNOWN with the breaking word in m->wit; MQUOT_SKIP
 * when it would be too large to try; else an error (out empty then).
 */
static int
candidate(mquot *m, const table *base, uint32_t *phi, size_t ng,
          const size_t *gens, const unsigned *idx, const unsigned *per,
          size_t ns, table *out)
{
    table cur;
    int r = with_cyclic(base, idx, per, gens, ns, phi, ng, m->cand_max,
                        &cur);
    if (r != MQUOT_OK) {
        return r;
    }
    m->held += table_held(&cur);
    return finish(m, &cur, 1, phi, ng, out);
}


/* The verdict r on a rebuilt candidate red, for the recalibration of the
 * word w (want: its true outcome): MQUOT_MOVED when red fails but gets w
 * right or fails only later. */
static int
judged(const mquot *m, int r, const table *red, const uint32_t *phi,
       const uint32_t *w, size_t n, int want)
{
    if (r == MQUOT_UNKNOWN && (predict(red, phi, w, n) == want ||
                               later_failure(m, w, n))) {
        return MQUOT_MOVED;
    }
    return r;
}

/* Replaces the trial by red (images phi) when the verdict r says it is
 * better (MQUOT_OK or MQUOT_MOVED); frees red otherwise. */
static void
keep_if_better(mquot *m, table *trial, uint32_t *tphi, table *red,
               const uint32_t *phi, size_t ng, int r)
{
    if (r == MQUOT_OK || r == MQUOT_MOVED) {
        table_free(m, trial);
        *trial = *red;
        memcpy(tphi, phi, ng * sizeof *phi);
    } else {
        table_free(m, red);
    }
    *red = (table){0};
}

/* Tries the refinement of trial by the counts of the heaps hs[0 .. ns)
 * (each up to past its count cnt in w); MQUOT_MOVED when it gets w right
 * (trial replaced), MQUOT_OK when it passes verification (trial
 * replaced), MQUOT_UNKNOWN when it does not help. */
static int
refine_by(mquot *m, table *trial, uint32_t *tphi, size_t ng,
          const size_t *hs, const unsigned *cnt, size_t ns,
          const uint32_t *w, size_t n, int want)
{
    unsigned idx[64], per[64];
    size_t size = trial->order;
    uint32_t *phi = malloc(ng * sizeof *phi);
    table red = {0};
    int r;
    if (phi == NULL) {
        return MQUOT_NOMEM;
    }
    for (size_t i = 0; i < ns; i++) {
        idx[i] = cnt[i] + 1 > 2 ? cnt[i] + 1 : 2;
        per[i] = 2;
        size = size > MQUOT_MAX_CANDIDATE ? size : size * (idx[i] + 2);
    }
    if (size > MQUOT_MAX_CANDIDATE) {
        free(phi);
        return MQUOT_UNKNOWN;
    }
    /* First without the heaps' old images (MisereSolver's choice: the
     * candidate stays small), then keeping them (a refinement: every
     * smaller word stays right); either is kept only when it passes or
     * its least failure comes later. */
    for (int drop = 1; drop >= 0; drop--) {
        memcpy(phi, tphi, ng * sizeof *phi);
        for (size_t i = 0; drop && i < ns; i++) {
            phi[hs[i]] = 0;
        }
        r = candidate(m, trial, phi, ng, hs, idx, per, ns, &red);
        if (r == MQUOT_SKIP) {
            r = MQUOT_UNKNOWN;
            continue;
        }
        r = judged(m, r, &red, phi, w, n, want);
        if (r != MQUOT_UNKNOWN || drop == 0) {
            break;
        }
        table_free(m, &red);
    }
    keep_if_better(m, trial, tphi, &red, phi, ng, r);
    free(phi);
    return r;
}

/* Index and period of the powers of x in q. */
static void
power_cycle(const table *q, uint32_t x, unsigned *index, unsigned *period)
{
    uint32_t seen[256], y = 0;
    unsigned n = 0;
    for (;;) {
        for (unsigned i = 0; i < n; i++) {
            if (seen[i] == y) {
                *index = i;
                *period = n - i;
                return;
            }
        }
        if (n == 256) {
            *index = 0;
            *period = 0;    /* too long: refused by the caller */
            return;
        }
        seen[n++] = y;
        y = q->mul[(size_t)y * q->order + x];
    }
}


/*
 * The trial with the words made of w's heaps alone as elements of their
 * own, counted per heap up to an index past w's count and then by a
 * period (both multiples of the trial's own for that heap, so that the
 * trial's image of such a word is well defined): psi(V) = those counts
 * when V has no other heap, else phi(V) in the trial. A monoid (the
 * trial's part is an ideal) that maps onto the trial, so it refines it;
 * and w's element holds w alone among smaller words (a smaller word with
 * w's counts on w's heaps has some other heap, above w's). After mark_p,
 * w is right (MisereSolver's first recalibration, subwords of the
 * failure, in a periodic form that also covers larger counts).
 */
static int
refine_by_subwords(mquot *m, table *trial, uint32_t *tphi, size_t ng,
                   const size_t *hs, const unsigned *cnt, size_t nh,
                   const uint32_t *w, size_t n, int want)
{
    size_t radix[65], o = trial->order, ns = 1, order;
    unsigned idx[64], per[64];
    uint32_t *phi = malloc(ng * sizeof *phi), *img = NULL;
    table ext = {0}, red = {0};
    int r;
    for (size_t i = 0; i < nh; i++) {
        unsigned ti, tp;
        power_cycle(trial, tphi[hs[i]], &ti, &tp);
        idx[i] = ti > cnt[i] + 1 ? ti : cnt[i] + 1;
        per[i] = tp % 2 ? 2 * tp : tp;
        radix[i] = ns;
        ns *= (size_t)idx[i] + per[i];
        if (tp == 0 || ns + o > MQUOT_MAX_TABLE) {
            free(phi);
            return MQUOT_UNKNOWN;
        }
    }
    radix[nh] = ns;
    order = ns + o;
    img = malloc(ns * sizeof *img);
    if (phi == NULL || img == NULL) {
        free(phi);
        free(img);
        return MQUOT_NOMEM;
    }
    if ((r = table_new(m, &ext, order)) != MQUOT_OK) {
        free(phi);
        free(img);
        return r;
    }
    for (size_t u = 0; u < ns; u++) {        /* the trial's image */
        uint32_t x = 0;
        for (size_t i = 0; i < nh; i++) {
            for (size_t c = (u / radix[i]) % (idx[i] + per[i]); c > 0; c--) {
                x = trial->mul[(size_t)x * o + tphi[hs[i]]];
            }
        }
        img[u] = x;
    }
    for (size_t a = 0; a < order; a++) {
        for (size_t b = 0; b < order; b++) {
            size_t v = 0;
            if (a < ns && b < ns) {
                for (size_t i = 0; i < nh; i++) {
                    size_t span = (size_t)idx[i] + per[i];
                    v += cyc((a / radix[i]) % span + (b / radix[i]) % span,
                             idx[i], per[i]) * radix[i];
                }
            } else {
                uint32_t x = a < ns ? img[a] : (uint32_t)(a - ns);
                uint32_t y = b < ns ? img[b] : (uint32_t)(b - ns);
                v = ns + trial->mul[(size_t)x * o + y];
            }
            ext.mul[a * order + b] = (uint32_t)v;
        }
    }
    for (size_t g = 0; g < ng; g++) {
        size_t i = 0;
        while (i < nh && hs[i] != g) {
            i++;
        }
        /* a heap without options is the empty game: the identity */
        phi[g] = m->woff[g + 1] == m->woff[g] ? 0
                 : (uint32_t)(i < nh ? radix[i] : ns + tphi[g]);
    }
    free(img);
    r = judged(m, finish(m, &ext, 1, phi, ng, &red), &red, phi, w, n,
               want);
    keep_if_better(m, trial, tphi, &red, phi, ng, r);
    free(phi);
    return r;
}

/*
 * Recalibration: w = m->wit, the lexicographically least word the trial
 * gets wrong. Every smaller word is right, so w's true outcome is the
 * opposite of the trial's. Telling apart the counts of w's heaps makes
 * any refinement keep every smaller word right (each element's P comes
 * from its least word, whose outcome it shares with the smaller words of
 * that element). One heap, then two (for short words), each first
 * without its old image; then w's own sub-sums as elements of their own,
 * which gets w right (no smaller word has its element), so the least
 * failure moves up: small candidates first.
 */
static int
recalibrate(mquot *m, table *trial, uint32_t *tphi, size_t ng)
{
    size_t n = m->nwit, hs[64], nh = 0;
    uint32_t *w = malloc((n + 1) * sizeof *w);
    unsigned cnt[64];
    int want, r = MQUOT_UNKNOWN;
    if (w == NULL) {
        return MQUOT_NOMEM;
    }
    memcpy(w, m->wit, n * sizeof *w);
    want = !predict(trial, tphi, w, n);
    for (size_t i = 0; i < n; i++) {      /* w lists its heaps highest first */
        if (nh > 0 && hs[nh - 1] == w[i]) {
            cnt[nh - 1]++;
        } else if (nh < 64) {
            hs[nh] = w[i];
            cnt[nh++] = 1;
        }
    }
    for (size_t a = 0; a < nh && r == MQUOT_UNKNOWN; a++) {
        r = refine_by(m, trial, tphi, ng, &hs[a], &cnt[a], 1, w, n, want);
    }
    for (size_t a = 0; a < nh && nh <= 4 && r == MQUOT_UNKNOWN; a++) {
        for (size_t b = a + 1; b < nh && r == MQUOT_UNKNOWN; b++) {
            size_t h2[2] = {hs[a], hs[b]};
            unsigned c2[2] = {cnt[a], cnt[b]};
            r = refine_by(m, trial, tphi, ng, h2, c2, 2, w, n, want);
        }
    }
    if (r == MQUOT_UNKNOWN && nh > 2) {
        r = refine_by(m, trial, tphi, ng, hs, cnt, nh, w, n, want);
    }
    if (r == MQUOT_UNKNOWN) {
        r = refine_by_subwords(m, trial, tphi, ng, hs, cnt, nh, w, n, want);
    }
    free(w);
    return r;
}

/* Recalibrations before every heap is counted apart (try_box): they
 * find small quotients fast, but nothing bounds how long they may take. */
#define MQUOT_MAX_RECAL 16

/* ---- twins -------------------------------------------------------------- */

/* Makes m->opts the option images of generators 0 .. m->ngen - 1 under
 * the quotient's phi: kept as generators are added, built again only
 * after a recalibration changed phi. */
static int
opts_current(mquot *m)
{
    if (m->nopts == m->ngen && m->opts.off != NULL) {
        return MQUOT_OK;
    }
    tsets_free(&m->opts);
    m->opts = (tsets){0};
    m->nopts = 0;
    if (tsets_build(m, &m->q, m->phi, m->ngen, &m->opts) != MQUOT_OK) {
        m->opts = (tsets){0};
        m->capopt_t = m->capopt_off = 0;
        return MQUOT_NOMEM;
    }
    m->nopts = m->ngen;
    m->capopt_t = m->opts.off[m->ngen];
    m->capopt_off = m->ngen + 1;
    return MQUOT_OK;
}

/* Appends the images of generator ng - 1's options (phi[ng - 1] set) to
 * m->opts, which holds generators 0 .. ng - 2. */
static int
opts_append(mquot *m, size_t ng)
{
    size_t g = ng - 1, n;
    if (m->nopts != g || m->opts.off == NULL) {
        return MQUOT_NOMEM;   /* not kept: the caller builds them again */
    }
    n = m->opts.off[g];
    for (size_t i = m->woff[g]; i < m->woff[g + 1]; i += 1 + m->wd[i]) {
        uint32_t x = word_image(&m->q, m->phi, m->wd + i);
        size_t j = m->opts.off[g];
        while (j < n && m->opts.t[j] != x) {
            j++;
        }
        if (j < n) {
            continue;
        }
        if (grow((void **)&m->opts.t, &m->capopt_t, n + 1,
                 sizeof *m->opts.t) != 0) {
            return MQUOT_NOMEM;
        }
        m->opts.t[n++] = x;
    }
    if (grow((void **)&m->opts.off, &m->capopt_off, ng + 1,
             sizeof *m->opts.off) != 0) {
        return MQUOT_NOMEM;
    }
    m->opts.off[ng] = n;
    m->nopts = ng;
    return MQUOT_OK;
}

/*
 * An earlier generator whose options have exactly the images of the new
 * one's (m->opts holds both): its twin. The automaton of verify() reads a
 * generator h only through phi(h) and its option images T_h, so with
 * phi(new) = phi(twin) every word's state is the state of the word with
 * the twin in its place: no new state, and the verified quotient stays
 * verified (and exact) without a search. Returns the twin, or ng - 1 when
 * there is none.
 */
static size_t
find_twin(const mquot *m, size_t ng, unsigned char *mark)
{
    size_t g = ng - 1, lo = m->opts.off[g], hi = m->opts.off[g + 1];
    size_t twin = g;
    for (size_t j = lo; j < hi; j++) {
        mark[m->opts.t[j]] = 1;
    }
    for (size_t h = 0; h < g && twin == g; h++) {
        size_t a = m->opts.off[h], b = m->opts.off[h + 1];
        if (b - a != hi - lo || m->woff[h + 1] == m->woff[h]) {
            continue;
        }
        while (a < b && mark[m->opts.t[a]]) {
            a++;
        }
        twin = a == b ? h : g;
    }
    for (size_t j = lo; j < hi; j++) {
        mark[m->opts.t[j]] = 0;
    }
    return twin;
}

/* Gives the new generator its twin's element when it has one: 1 done, 0
 * not (m->opts then holds generators 0 .. ng - 2 only), or MQUOT_NOMEM. */
static int
try_twin(mquot *m, size_t ng)
{
    unsigned char *mark;
    size_t twin;
    if (opts_current(m) != MQUOT_OK) {
        return MQUOT_NOMEM;
    }
    m->phi[ng - 1] = 0;   /* opts_append reads only the older ones */
    if (opts_append(m, ng) != MQUOT_OK ||
        (mark = calloc(m->q.order, 1)) == NULL) {
        return MQUOT_NOMEM;
    }
    twin = find_twin(m, ng, mark);
    free(mark);
    if (twin == ng - 1) {
        m->nopts = ng - 1;
        return 0;
    }
    m->phi[ng - 1] = m->phi[twin];
    return 1;
}

/* Installs the verified candidate (q, phi) as the quotient. */
static void
install(mquot *m, table *q, const uint32_t *phi, size_t ng)
{
    table_free(m, &m->q);
    m->q = *q;
    *q = (table){0};
    memcpy(m->phi, phi, ng * sizeof *phi);
    tsets_free(&m->opts);      /* the images changed */
    m->opts = (tsets){0};
    m->nopts = 0;
    m->capopt_t = m->capopt_off = 0;
    m->epoch++;
}

/* MQUOT_UNKNOWN when C(idx[0], 2) x ... x C(idx[s - 1], 2) is small
 * enough for verify()'s rows (order^2 / 8 bytes) under --memory; else
 * MQUOT_LIMIT, naming its size. */
static int
free_fits(mquot *m, const unsigned *idx, size_t s)
{
    size_t order = 1, big = (size_t)1 << 31, rows;
    for (size_t i = 0; i < s && order <= big; i++) {
        order *= (size_t)idx[i] + 2;
    }
    rows = order > big ? SIZE_MAX : order / 8 * order;
    if (m->memory != 0 && rows > m->memory) {
        m->by_work = 0;
        m->need = rows == SIZE_MAX ? SIZE_MAX
                                   : rows + m->held + arrays_held(m);
        snprintf(m->why, sizeof m->why, "every candidate failed "
                 "verification, and the next one (each of %zu heaps "
                 "counted apart, period 2) has %s%zu elements, more than "
                 "the memory limit lets verify", s,
                 order > big ? "over " : "", order > big ? big : order);
        return MQUOT_LIMIT;
    }
    return MQUOT_UNKNOWN;
}

/* After C(idx, 2)^s failed at the word m->wit: each heap of it counted
 * at least its index gets the index past that count (a word whose
 * counts are all below their indices is its element's only word, which
 * mark_p and verify() read alike: so one heap at least moves), and every
 * index reaches `round` (so that they all climb). */
static void
free_raise(const mquot *m, const size_t *gens, size_t s, unsigned *idx,
           unsigned round)
{
    for (size_t i = 0; i < s; i++) {
        unsigned c = 0;
        for (size_t j = 0; j < m->nwit; j++) {
            c += m->wit[j] == gens[i];
        }
        idx[i] = c >= idx[i] ? c + 1 : idx[i];
        idx[i] = idx[i] < round ? round : idx[i];
    }
}

/*
 * The candidate C(idx_1, 2) x ... x C(idx_s, 2), one cyclic part per heap
 * with options (phi(h) its part's generator, nothing else), verified word
 * by word (try_box does the same exactly in less; this is its fallback).
 * When the misere quotient Q of heaps 0 .. ng - 1 is finite and each
 * heap's element has period 2, the map from words to Q factors through
 * the candidate once every idx_h passes heap h's index: mark_p gives each
 * element the outcome of its least word, and verify() passes it. Neither
 * is certain (0.354's heap 5 has period 6): the indices climb (free_raise:
 * past the failing word's counts, and all of them by one a round) until
 * the size passes --memory (free_fits) or the steps --work, named, never
 * a guess: verify() refuses a candidate that is wrong.
 */
static int
try_free(mquot *m, size_t ng)
{
    static const uint32_t zero = 0;
    const table one = {1, (uint32_t *)&zero, NULL, NULL, 0, 0, {0}, {0},
                       {0}};
    uint32_t *phi = malloc(ng * sizeof *phi);
    size_t gens[MQUOT_MAX_PARTS], s = 0, saved = m->cand_max;
    unsigned idx[MQUOT_MAX_PARTS], per[MQUOT_MAX_PARTS];
    int r = MQUOT_UNKNOWN;
    if (phi == NULL) {
        return MQUOT_NOMEM;
    }
    for (size_t g = 0; g < ng && s <= MQUOT_MAX_PARTS; g++) {
        if (m->woff[g + 1] > m->woff[g]) {
            if (s < MQUOT_MAX_PARTS) {
                idx[s] = 1;
                per[s] = 2;
                gens[s] = g;
            }
            s++;
        }
    }
    /* Any size: free_fits and verify() weigh it against --memory. */
    m->cand_max = (size_t)1 << 31;
    for (unsigned round = 1; r == MQUOT_UNKNOWN && s <= MQUOT_MAX_PARTS;
         round++) {
        table red = {0};
        if ((r = free_fits(m, idx, s)) != MQUOT_UNKNOWN) {
            if (round == 1) {
                /* too many heaps for it at all: the recalibrations' verdict */
                m->why[0] = '\0';
                r = MQUOT_UNKNOWN;
            }
            break;
        }
        memset(phi, 0, ng * sizeof *phi);
        r = candidate(m, &one, phi, ng, gens, idx, per, s, &red);
        if (r == MQUOT_OK) {
            install(m, &red, phi, ng);
        } else if (r == MQUOT_SKIP) {
            s = MQUOT_MAX_PARTS + 1;
        } else {
            table_free(m, &red);
            free_raise(m, gens, s, idx, round / 8 + 1);
        }
    }
    m->cand_max = saved;
    free(phi);
    return r;
}

/* The option words of the generators with options, as mquot_box.h
 * wants them: dims numbered in order, generators without options left
 * out (they are the game 0). dim[g] is g's dimension. */
static int
box_words(const mquot *m, size_t ng, const size_t *dim, size_t s,
          size_t **off, uint32_t **w)
{
    size_t n = 0, d = 0;
    *off = malloc((s + 1) * sizeof **off);
    *w = malloc((m->woff[ng] + 1) * sizeof **w);
    if (*off == NULL || *w == NULL) {
        return MQUOT_NOMEM;
    }
    for (size_t g = 0; g < ng; g++) {
        if (m->woff[g + 1] == m->woff[g]) {
            continue;
        }
        (*off)[d++] = n;
        for (size_t i = m->woff[g]; i < m->woff[g + 1]; i += 1 + m->wd[i]) {
            size_t at = n++;
            for (size_t j = 0; j < m->wd[i]; j++) {
                uint32_t h = m->wd[i + 1 + j];
                if (m->woff[h + 1] > m->woff[h]) {
                    (*w)[n++] = (uint32_t)dim[h];
                }
            }
            (*w)[at] = (uint32_t)(n - at - 1);
        }
    }
    (*off)[s] = n;
    return MQUOT_OK;
}

/* Installs the box's quotient (b's tables taken over) and remembers its
 * indices for the next box. */
static int
box_install(mquot *m, mquot_box *b, const size_t *dim, size_t ng)
{
    table t = {0};
    uint32_t *phi = malloc(ng * sizeof *phi);
    if (phi == NULL ||
        grow((void **)&m->boxk, &m->capboxk, ng, sizeof *m->boxk) != 0 ||
        grow((void **)&m->boxp, &m->capboxp, ng, sizeof *m->boxp) != 0) {
        free(phi);
        return MQUOT_NOMEM;
    }
    t.order = b->order;
    t.mul = b->mul;
    t.p = b->p;
    b->mul = NULL;
    b->p = NULL;
    m->held += table_held(&t);
    for (size_t g = 0; g < ng; g++) {
        int has = m->woff[g + 1] > m->woff[g];
        phi[g] = has ? b->phi[dim[g]] : 0;
        m->boxk[g] = has ? b->k[dim[g]] : 0;
        m->boxp[g] = has ? b->per[dim[g]] : 0;
    }
    install(m, &t, phi, ng);
    free(phi);
    return MQUOT_OK;
}

/*
 * Every heap with options counted apart, decided by the box of counts
 * (mquot_box.c: exact, in time linear in the box): each heap with
 * options a dimension, indices and periods from the last box that passed
 * (a heap's index in a quotient of fewer heaps is at most, and its
 * period divides, its index and period in this one: that quotient is a
 * quotient of a submonoid of this one).
 * When even the first box does not fit the memory left, try_free's
 * verdict stands (the same candidate verified word by word, which needs
 * more). On MQUOT_LIMIT the box's reason is kept.
 */
static int
try_box(mquot *m, size_t ng)
{
    mquot_box b = {0};
    size_t *dim = malloc(ng * sizeof *dim), *off = NULL, s = 0;
    size_t used = arrays_held(m) + m->held;
    uint32_t *w = NULL;
    unsigned *k = malloc(ng * sizeof *k), *p = malloc(ng * sizeof *p);
    int r = MQUOT_NOMEM;
    if (dim == NULL || k == NULL || p == NULL) {
        goto out;
    }
    for (size_t g = 0; g < ng; g++) {
        int known = g < m->capboxp && m->boxp[g] != 0;
        dim[g] = s;
        if (m->woff[g + 1] > m->woff[g]) {
            k[s] = known ? m->boxk[g] : 1;
            p[s++] = known ? m->boxp[g] : 2;
        }
    }
    if ((r = box_words(m, ng, dim, s, &off, &w)) != MQUOT_OK) {
        goto out;
    }
    b = (mquot_box){.s = s, .off = off, .w = w, .k = k, .per = p};
    b.memory = m->memory == 0 ? 0 : m->memory > used ? m->memory - used : 1;
    b.work = m->work == 0 ? 0 : m->work > m->spent ? m->work - m->spent : 1;
    if (mquot_box_bytes(&b) == SIZE_MAX ||
        (m->memory != 0 && mquot_box_bytes(&b) > b.memory)) {
        r = try_free(m, ng);
        goto out;
    }
    b.phi = malloc((s + 1) * sizeof *b.phi);
    r = b.phi == NULL ? MQUOT_NOMEM : mquot_box_solve(&b);
    m->spent += b.spent;
    if (r == MQUOT_OK) {
        r = box_install(m, &b, dim, ng);
    } else if (r == MQUOT_LIMIT) {
        m->by_work = b.by_work;
        m->need = b.need == SIZE_MAX ? SIZE_MAX : b.need + used;
        memcpy(m->why, b.why, sizeof m->why);
    }
    free(b.phi);
    free(b.mul);
    free(b.p);
out:
    free(dim);
    free(k);
    free(p);
    free(off);
    free(w);
    return r;
}

/* Extends the quotient by a new element for the last generator: q x C
 * for the listed cyclic parts, then recalibrations from q x C(2, 2). On
 * success replaces m->q and m->phi. */
static int
try_extend(mquot *m, size_t ng)
{
    uint32_t *phi = malloc(ng * sizeof *phi), *tphi = malloc(ng * sizeof *phi);
    table trial = {0};
    size_t gen = ng - 1;
    int r = MQUOT_UNKNOWN;
    if (phi == NULL || tphi == NULL) {
        free(phi);
        free(tphi);
        return MQUOT_NOMEM;
    }
    for (size_t c = 0; c < sizeof cyclic_try / sizeof cyclic_try[0] &&
                       r == MQUOT_UNKNOWN; c++) {
        table red = {0};
        unsigned idx = cyclic_try[c][0], per = cyclic_try[c][1];
        memcpy(phi, m->phi, ng * sizeof *phi);
        phi[gen] = 0;
        r = candidate(m, &m->q, phi, ng, &gen, &idx, &per, 1, &red);
        if (r == MQUOT_SKIP) {
            r = MQUOT_UNKNOWN;
            continue;
        }
        if (r == MQUOT_OK) {
            install(m, &red, phi, ng);
        } else if (r == MQUOT_UNKNOWN && trial.mul == NULL && c == 1) {
            trial = red;       /* C(2, 2): where recalibration starts */
            memcpy(tphi, phi, ng * sizeof *phi);
        } else {
            table_free(m, &red);
        }
    }
    if (r == MQUOT_UNKNOWN && trial.mul != NULL) {
        tsets ts;
        r = tsets_charged(m, &trial, tphi, ng, &ts);
        if (r == MQUOT_OK) {
            r = verify(m, &trial, tphi, &ts, ng);   /* sets m->wit */
            tsets_free(&ts);
        }
    }
    for (int k = 0; k < MQUOT_MAX_RECAL && r == MQUOT_UNKNOWN; k++) {
        r = recalibrate(m, &trial, tphi, ng);   /* m->wit: the next one */
        if (r == MQUOT_MOVED) {
            r = MQUOT_UNKNOWN;
        } else if (r == MQUOT_UNKNOWN) {
            break;   /* no refinement of a size we allow gets w right */
        }
    }
    if (r == MQUOT_OK && trial.mul != NULL) {
        install(m, &trial, tphi, ng);
    }
    free(phi);
    free(tphi);
    table_free(m, &trial);
    return r == MQUOT_UNKNOWN || r == MQUOT_MOVED ? try_box(m, ng) : r;
}

/* ---- public ------------------------------------------------------------ */

mquot *
mquot_new(size_t memory, uint64_t work)
{
    mquot *m = calloc(1, sizeof *m);
    if (m == NULL) {
        return NULL;
    }
    m->memory = memory;
    m->work = work;
    m->cand_max = MQUOT_MAX_CANDIDATE;
    m->woff = malloc(16 * sizeof *m->woff);
    m->capwoff = 16;
    /* The empty alphabet: one element, the identity, an N-position (the
     * player to move cannot move and so wins misere play). */
    if (m->woff == NULL || table_new(m, &m->q, 1) != MQUOT_OK) {
        mquot_free(m);
        return NULL;
    }
    m->woff[0] = 0;
    m->q.mul[0] = 0;
    return m;
}

uint64_t
mquot_set_work(mquot *m, uint64_t work)
{
    uint64_t was = m->work;
    m->work = work;
    return was;
}

uint64_t
mquot_spent(const mquot *m)
{
    return m->spent;
}

void
mquot_set_memory(mquot *m, size_t memory)
{
    m->memory = memory;
}

size_t
mquot_need(const mquot *m)
{
    return m->need;
}

size_t
mquot_bytes(const mquot *m)
{
    return sizeof *m + table_bytes(m->q.order) +
           m->capphi * sizeof *m->phi + m->capwd * sizeof *m->wd +
           m->capwoff * sizeof *m->woff + m->capwit * sizeof *m->wit +
           m->capopt_t * sizeof(uint32_t) + m->capopt_off * sizeof(size_t) +
           m->capboxk * sizeof *m->boxk + m->capboxp * sizeof *m->boxp;
}

void
mquot_free(mquot *m)
{
    if (m == NULL) {
        return;
    }
    table_free(m, &m->q);
    free(m->phi);
    free(m->wd);
    free(m->woff);
    free(m->wit);
    free(m->boxk);
    free(m->boxp);
    tsets_free(&m->opts);
    free(m);
}

int
mquot_add(mquot *m, size_t nwords, const size_t *len, const uint32_t *gens)
{
    size_t ng = m->ngen + 1, need = m->nwd, k = 0;
    uint32_t chosen = 0;
    int r;

    for (size_t i = 0; i < nwords; i++) {
        need += 1 + len[i];
    }
    if (grow((void **)&m->wd, &m->capwd, need, sizeof *m->wd) != 0 ||
        grow((void **)&m->woff, &m->capwoff, ng + 1, sizeof *m->woff) != 0 ||
        grow((void **)&m->phi, &m->capphi, ng, sizeof *m->phi) != 0) {
        return MQUOT_NOMEM;
    }
    for (size_t i = 0, at = m->nwd; i < nwords; i++) {
        m->wd[at++] = (uint32_t)len[i];
        for (size_t j = 0; j < len[i]; j++) {
            if (gens[k] >= m->ngen) {
                snprintf(m->why, sizeof m->why, "an option names a "
                         "generator not yet added");
                return MQUOT_UNKNOWN;
            }
            m->wd[at++] = gens[k++];
        }
    }
    m->woff[ng] = need;
    m->spent = 0;
    m->why[0] = '\0';
    if (nwords == 0) {
        /* A heap without options is the game 0 itself. */
        m->phi[m->ngen] = 0;
        r = MQUOT_OK;
    } else if ((r = try_twin(m, ng)) == 1) {
        r = MQUOT_OK;
    } else if (r == 0) {
        r = try_conservative(m, m->phi, ng, &chosen);
        if (r == MQUOT_OK) {
            m->phi[m->ngen] = chosen;
            if (opts_append(m, ng) != MQUOT_OK) {
                m->nopts = 0;   /* built again when next asked */
            }
        } else if (r == MQUOT_UNKNOWN) {
            r = try_extend(m, ng);
        }
    }
    if (r != MQUOT_OK) {
        if (m->why[0] == '\0') {
            snprintf(m->why, sizeof m->why, r == MQUOT_UNKNOWN
                     ? "no candidate quotient passed verification after "
                       "%d recalibrations (a wild game whose quotient grows "
                       "fast)" : "out of memory", MQUOT_MAX_RECAL);
        }
        return r;
    }
    m->nwd = need;
    m->ngen = ng;
    return MQUOT_OK;
}

size_t
mquot_order(const mquot *m)
{
    return m->q.order;
}

uint32_t
mquot_phi(const mquot *m, size_t gen)
{
    return m->phi[gen];
}

uint32_t
mquot_mul(const mquot *m, uint32_t x, uint32_t y)
{
    return m->q.mul[(size_t)x * m->q.order + y];
}

int
mquot_is_p(const mquot *m, uint32_t x)
{
    return m->q.p[x];
}

uint64_t
mquot_epoch(const mquot *m)
{
    return m->epoch;
}

const char *
mquot_why(const mquot *m)
{
    return m->why;
}

int
mquot_by_work(const mquot *m)
{
    return m->by_work;
}

const uint32_t *
mquot_option_images(mquot *m, size_t gen, size_t *n)
{
    if (opts_current(m) != MQUOT_OK) {
        return NULL;
    }
    *n = m->opts.off[gen + 1] - m->opts.off[gen];
    /* no option anywhere yet: t is NULL, and NULL + 0 is undefined */
    return *n == 0 ? (const uint32_t *)m->opts.off
                   : m->opts.t + m->opts.off[gen];
}
