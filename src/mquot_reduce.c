/*
 * mquot_reduce.c - a misere quotient candidate's P-portion and its
 * reduction (the theory: mquot.c's first comment): the P-portion by the
 * misere rules over words in lexicographic order (options first), and
 * the quotient by indistinguishability, the Nerode classes of the
 * generated submonoid.
 */
#include "mquot_impl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
int
mquot_mark_p(table *q, const uint32_t *phi, const tsets *ts, size_t ng)
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
            size_t h;
            g[0] = cls[i];
            for (size_t a = 0; a < nl; a++) {
                g[1 + a] = cls[next[i * nl + a]];
            }
            h = (size_t)util_words32_hash(g, sw) & (hsize - 1);
            for (; hash[h] != 0; h = (h + 1) & (hsize - 1)) {
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
int
mquot_reduce(mquot *m, const table *q, uint32_t *phi, size_t ng, table *out)
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
            mquot_arrays_held(m) + m->held + scratch > m->memory) {
            m->by_work = 0;
            m->need = mquot_arrays_held(m) + m->held + scratch;
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
    if ((r = mquot_table_new(m, out, ncls)) != MQUOT_OK) {
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
