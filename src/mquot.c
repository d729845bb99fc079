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
 * Verification (mquot_verify.c, exact, finite). By induction over the
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
 * over words in lexicographic order (mquot_mark_p: options come first in
 * that order). When none passes, recalibration (after MisereSolver, Siegel;
 * P&S appendix C): the verifier returns the lexicographically least word
 * the candidate gets wrong, and the candidate is refined so that this
 * word's heaps are counted apart (mquot_recalibrate()); when the heaps'
 * old images are kept every smaller word stays right, so the least
 * failure moves up (when they are dropped, it may move back: docs/theory.md
 * 7b; a refinement that is a candidate met before, failing on the same
 * word, is refused, so they end), until the candidate passes or
 * MQUOT_MAX_RECAL recalibrations are made. Then every heap with options is
 * counted apart by a cyclic part of its own, decided exactly by the box of
 * counts (try_box, mquot_box.c: linear in the box) or, when even the first
 * box does not fit, by mquot_verify() (try_free), indices and periods
 * climbing while the memory and work limits allow; when nothing of that
 * fits at all, the recalibrations go on as far as the limits allow
 * (try_extend). Candidates are as large as the memory left lets verify
 * (mquot_impl.h). When nothing passes, the answer is MQUOT_LIMIT naming
 * the limit that stopped it, or MQUOT_UNKNOWN, never a guess: every
 * quotient this file returns passed mquot_verify() or the box's check.
 *
 * The construction and the public API are this file's; one candidate
 * and its recalibrations are mquot_candidate.c's, the verifier
 * mquot_verify.c's, the P-portion and reduction mquot_reduce.c's, the
 * monoid's tables and the budget mquot_table.c's (mquot_impl.h).
 */
#include "mquot_impl.h"

#include "mquot_box.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Candidate cyclic parts (index, period) tried in turn. */
static const unsigned cyclic_try[][2] = {
    {1, 2}, {2, 2}, {3, 2}, {4, 2}, {6, 2}, {2, 4}, {8, 2}, {4, 4},
    {12, 2}, {8, 4}, {16, 2},
};

/* ---- conservative extensions ------------------------------------------ */

/* Tries x as the image of the new generator, Q unchanged. */
static int
try_conservative(mquot *m, uint32_t *phi, size_t ng, uint32_t *chosen)
{
    const table *q = &m->q;
    size_t o = q->order;
    int r = MQUOT_UNKNOWN, p_alone = 1;
    for (size_t i = m->woff[ng - 1]; i < m->woff[ng]; i += 1 + m->wd[i]) {
        p_alone &= !q->p[mquot_word_image(q, phi, m->wd + i)];
    }
    for (uint32_t x = 0; x < o && r == MQUOT_UNKNOWN; x++) {
        tsets ts;
        int quick = 1;
        phi[ng - 1] = x;
        if ((r = mquot_tsets_charged(m, q, phi, ng, &ts)) != MQUOT_OK) {
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
            r = mquot_verify(m, q, phi, &ts, ng);
            if (r == MQUOT_OK) {
                *chosen = x;
            }
        }
        mquot_tsets_free(&ts);
    }
    return r;
}

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
    mquot_tsets_free(&m->opts);
    m->opts = (tsets){0};
    m->nopts = 0;
    if (mquot_tsets_build(m, &m->q, m->phi, m->ngen, &m->opts) != MQUOT_OK) {
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
        uint32_t x = mquot_word_image(&m->q, m->phi, m->wd + i);
        size_t j = m->opts.off[g];
        while (j < n && m->opts.t[j] != x) {
            j++;
        }
        if (j < n) {
            continue;
        }
        if (mquot_grow((void **)&m->opts.t, &m->capopt_t, n + 1,
                       sizeof *m->opts.t) != 0) {
            return MQUOT_NOMEM;
        }
        m->opts.t[n++] = x;
    }
    if (mquot_grow((void **)&m->opts.off, &m->capopt_off, ng + 1,
                   sizeof *m->opts.off) != 0) {
        return MQUOT_NOMEM;
    }
    m->opts.off[ng] = n;
    m->nopts = ng;
    return MQUOT_OK;
}

/*
 * An earlier generator whose options have exactly the images of the new
 * one's (m->opts holds both): its twin. The automaton of mquot_verify()
 * reads a generator h only through phi(h) and its option images T_h, so
 * with phi(new) = phi(twin) every word's state is the state of the word
 * with the twin in its place: no new state, and the verified quotient
 * stays verified (and exact) without a search. Returns the twin, or
 * ng - 1 when there is none.
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
        if (b - a != hi - lo || !has_options(m, h)) {
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
    mquot_table_free(m, &m->q);
    m->q = *q;
    *q = (table){0};
    memcpy(m->phi, phi, ng * sizeof *phi);
    mquot_tsets_free(&m->opts);      /* the images changed */
    m->opts = (tsets){0};
    m->nopts = 0;
    m->capopt_t = m->capopt_off = 0;
    m->epoch++;
}

/* MQUOT_UNKNOWN when C(idx[0], 2) x ... x C(idx[s - 1], 2) is small
 * enough for mquot_verify()'s rows (order^2 / 8 bytes) under --memory; else
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
                                   : rows + m->held + mquot_arrays_held(m);
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
 * mquot_mark_p and mquot_verify() read alike: so one heap at least
 * moves), and every index reaches `round` (so that they all climb). */
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
 * the candidate once every idx_h passes heap h's index: mquot_mark_p
 * gives each element the outcome of its least word, and mquot_verify()
 * passes it. Neither is certain (0.354's heap 5 has period 6): the
 * indices climb (free_raise: past the failing word's counts, and all of
 * them by one a round) until the size passes --memory (free_fits) or the
 * steps --work, named, never a guess: mquot_verify() refuses a candidate
 * that is wrong.
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
        if (has_options(m, g)) {
            if (s < MQUOT_MAX_PARTS) {
                idx[s] = 1;
                per[s] = 2;
                gens[s] = g;
            }
            s++;
        }
    }
    /* Any size: free_fits and mquot_verify() weigh it against --memory. */
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
        r = mquot_candidate(m, &one, phi, ng, gens, idx, per, s, &red);
        if (r == MQUOT_OK) {
            install(m, &red, phi, ng);
        } else if (r == MQUOT_SKIP) {
            s = MQUOT_MAX_PARTS + 1;
        } else {
            mquot_table_free(m, &red);
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
        if (!has_options(m, g)) {
            continue;
        }
        (*off)[d++] = n;
        for (size_t i = m->woff[g]; i < m->woff[g + 1]; i += 1 + m->wd[i]) {
            size_t at = n++;
            for (size_t j = 0; j < m->wd[i]; j++) {
                uint32_t h = m->wd[i + 1 + j];
                if (has_options(m, h)) {
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
        mquot_grow((void **)&m->boxk, &m->capboxk, ng, sizeof *m->boxk) != 0 ||
        mquot_grow((void **)&m->boxp, &m->capboxp, ng, sizeof *m->boxp) != 0) {
        free(phi);
        return MQUOT_NOMEM;
    }
    t.order = b->order;
    t.mul = b->mul;
    t.p = b->p;
    b->mul = NULL;
    b->p = NULL;
    m->held += mquot_table_held(&t);
    for (size_t g = 0; g < ng; g++) {
        int has = has_options(m, g);
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
    size_t used = mquot_arrays_held(m) + m->held;
    uint32_t *w = NULL;
    unsigned *k = malloc(ng * sizeof *k), *p = malloc(ng * sizeof *p);
    int r = MQUOT_NOMEM;
    if (dim == NULL || k == NULL || p == NULL) {
        goto out;
    }
    for (size_t g = 0; g < ng; g++) {
        int known = g < m->capboxp && m->boxp[g] != 0;
        dim[g] = s;
        if (has_options(m, g)) {
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

/* The memory limit the candidates met, kept while the box is tried. */
typedef struct limit_seen {
    int hit;
    size_t need;
    char why[sizeof ((mquot *)0)->why];
} limit_seen;

/* The candidates and recalibrations of try_extend: q x C for the
 * listed cyclic parts, then up to max recalibrations from q x C(2, 2)
 * (*done of them made). On success replaces m->q and m->phi. */
static int
try_candidates(mquot *m, size_t ng, uint64_t max, uint64_t *done)
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
        r = mquot_candidate(m, &m->q, phi, ng, &gen, &idx, &per, 1, &red);
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
            mquot_table_free(m, &red);
        }
    }
    m->nmet = 0;   /* a fresh start: the trial below is C(2, 2) */
    if (r == MQUOT_UNKNOWN && trial.mul != NULL) {
        tsets ts;
        r = mquot_tsets_charged(m, &trial, tphi, ng, &ts);
        if (r == MQUOT_OK) {
            r = mquot_verify(m, &trial, tphi, &ts, ng);   /* sets m->wit */
            mquot_tsets_free(&ts);
        }
    }
    /* Without a trial (C(2, 2) not tried: too large for the memory
     * left) there is nothing to recalibrate. Each trial is noted with its
     * least failure: a refinement that is one of them again is refused
     * (mquot_trial_seen: so the recalibrations end). */
    for (*done = 0; *done < max && r == MQUOT_UNKNOWN && trial.mul != NULL;
         ++*done) {
        uint64_t fp[2];
        mquot_trial_print(&trial, tphi, ng, fp);
        if (mquot_trial_note(m, fp) != 0) {
            r = MQUOT_NOMEM;
            break;
        }
        r = mquot_recalibrate(m, &trial, tphi, ng);   /* m->wit: the next */
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
    mquot_table_free(m, &trial);
    return r == MQUOT_MOVED ? MQUOT_UNKNOWN : r;
}

/*
 * Extends the quotient by a new element for the last generator: the
 * candidates (try_candidates) with MQUOT_MAX_RECAL recalibrations; when
 * they fail, or meet the memory limit (their tables are freed by then),
 * every heap counted apart (try_box), which decides exactly. When the
 * box meets a limit too, its reason is given (the last resort, it names
 * the most); when it does not fit at all, the candidates' limit: raising
 * it lets them go further. The work limit ends the heap where it is met:
 * nothing is left for the box.
 * When nothing exact fits and only their count stopped the
 * recalibrations, they go on without one (go_on), so that a refusal names
 * --memory or --work whenever either would let the construction go
 * further; only a refinement that cannot be built at all ends it.
 */
static int
try_extend(mquot *m, size_t ng)
{
    limit_seen seen = {0};
    uint64_t done = 0;
    int r = try_candidates(m, ng, MQUOT_MAX_RECAL, &done);
    if (r == MQUOT_LIMIT && !m->by_work) {
        seen = (limit_seen){1, m->need, {0}};
        memcpy(seen.why, m->why, sizeof seen.why);
        m->why[0] = '\0';
        r = MQUOT_UNKNOWN;
    }
    if (r != MQUOT_UNKNOWN) {
        return r;
    }
    r = try_box(m, ng);
    if (seen.hit && r == MQUOT_UNKNOWN && m->why[0] == '\0') {
        m->by_work = 0;
        m->need = seen.need;
        memcpy(m->why, seen.why, sizeof m->why);
        r = MQUOT_LIMIT;
    }
    if (r == MQUOT_UNKNOWN && m->why[0] == '\0' && done == MQUOT_MAX_RECAL) {
        /* go_on: the same first recalibrations again (they are not
         * kept while the box has the memory), then as many more as the
         * limits allow (a finite number in any case: no trial comes
         * twice with the same failure, and within --memory both are
         * finitely many). */
        r = try_candidates(m, ng, UINT64_MAX, &done);
    }
    if (r == MQUOT_UNKNOWN && m->why[0] == '\0' && m->skip_need != 0) {
        /* Not the construction's end: a larger candidate would be tried
         * with more memory. */
        m->by_work = 0;
        m->need = m->skip_need;
        snprintf(m->why, sizeof m->why, "no candidate quotient passed "
                 "verification, and the next one (%zu elements) was not "
                 "tried: verifying it passes the memory limit",
                 m->skip_order);
        r = MQUOT_LIMIT;
    } else if (r == MQUOT_UNKNOWN && m->why[0] == '\0') {
        snprintf(m->why, sizeof m->why, "no candidate quotient passed "
                 "verification after %llu recalibrations, and none "
                 "refines the last%s (a wild game whose quotient grows "
                 "fast)", (unsigned long long)done,
                 m->met_again ? " without coming back to an earlier "
                                 "candidate" : "");
    }
    return r;
}

/* ---- public ------------------------------------------------------------ */

mquot *
mquot_new(size_t memory, uint64_t work)
{
    mquot *m = calloc(1, sizeof *m);
    if (m == NULL) {
        return NULL;
    }
    m->work = work;
    m->cand_max = 0;   /* mquot_candidate_cap */
    m->woff = malloc(16 * sizeof *m->woff);
    m->capwoff = 16;
    /* The empty alphabet: one element, the identity, an N-position (the
     * player to move cannot move and so wins misere play). Made before
     * the memory limit is set: under --memory 1K it would be refused, and
     * the refusal would read as the system's "out of memory", where the
     * first candidate's names the memory to give. */
    if (m->woff == NULL || mquot_table_new(m, &m->q, 1) != MQUOT_OK) {
        mquot_free(m);
        return NULL;
    }
    m->memory = memory;
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

void
mquot_free(mquot *m)
{
    if (m == NULL) {
        return;
    }
    mquot_table_free(m, &m->q);
    free(m->phi);
    free(m->wd);
    free(m->woff);
    free(m->wit);
    free(m->met);
    free(m->boxk);
    free(m->boxp);
    mquot_tsets_free(&m->opts);
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
    if (mquot_grow((void **)&m->wd, &m->capwd, need, sizeof *m->wd) != 0 ||
        mquot_grow((void **)&m->woff, &m->capwoff, ng + 1,
                   sizeof *m->woff) != 0 ||
        mquot_grow((void **)&m->phi, &m->capphi, ng, sizeof *m->phi) != 0) {
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
    m->skip_need = 0;
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
            snprintf(m->why, sizeof m->why, "%s", r == MQUOT_UNKNOWN
                     ? "no candidate quotient passed verification"
                     : "out of memory");
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
