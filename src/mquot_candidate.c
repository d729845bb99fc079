/*
 * mquot_candidate.c - one candidate for a misere quotient, and its
 * recalibrations (the theory: mquot.c's first comment): a candidate is
 * built (a product with cyclic parts), given its P-portion by the rules,
 * verified and reduced (mquot_candidate, finish); when it fails, the
 * least word it gets wrong refines it (mquot_recalibrate, refine_by*)
 * until it passes or the refinements allowed run out; a refinement that
 * is a trial met before, failing on the same word, is refused, which is
 * what ends them (mquot_trial_seen). Which candidates are tried, and
 * when, is mquot.c's.
 */
#include "mquot_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- the candidates ---------------------------------------------------- */

/*
 * base x C(idx[0], per[0]) x ... into out (a product table: base must
 * stay while out lives): every image x becomes (x, 1, ..., 1) and
 * generator gens[i]'s image gets the part i's generator too, so that
 * words are told apart by their counts of gens[i] as well.
 */
static int
with_cyclic(const table *base, const unsigned *idx,
            const unsigned *per, const int32_t *part, size_t nc,
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
        v += part[g] >= 0 ? out->radix[part[g]] : 0;
        phi[g] = (uint32_t)v;
    }
    return MQUOT_OK;
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

/*
 * 1 when a recalibration's refinement, its P-portion just given by the
 * rules, gets the recalibration's word wrong: that word is the least the
 * trial gets wrong, so every smaller word, and with them its options,
 * were right, and its true outcome is the opposite of the trial's
 * (aim_want). A candidate that gets it wrong cannot pass verification,
 * and judged would refuse it (its least failure is not later), so it is
 * not verified: the same choices, without that verification's work. Its
 * failure is then the aim itself (m->wit), which judged reads.
 */
static int
misses_aim(mquot *m, const table *cur, const uint32_t *phi)
{
    if (m->naim == 0 || predict(cur, phi, m->aim, m->naim) == m->aim_want) {
        return 0;
    }
    if (mquot_grow((void **)&m->wit, &m->capwit, m->naim + 1,
                   sizeof *m->wit) != 0) {
        return 0;   /* verified as before */
    }
    memcpy(m->wit, m->aim, m->naim * sizeof *m->wit);
    m->nwit = m->naim;
    return 1;
}

/* The end of every candidate: its P-portion by the rules, verification,
 * reduction into *out (phi updated) whatever the verdict; cur freed when
 * owned. Returns the verdict, or an error (out then empty). */
static int
finish(mquot *m, table *cur, int owned, uint32_t *phi, size_t ng,
       table *out)
{
    tsets ts;
    int r = mquot_tsets_charged(m, cur, phi, ng, &ts), verdict;
    if (r == MQUOT_OK) {
        r = mquot_mark_p(cur, phi, &ts, ng);
        if (r == MQUOT_OK && misses_aim(m, cur, phi)) {
            r = MQUOT_UNKNOWN;   /* not verified: it cannot pass */
        } else if (r == MQUOT_OK) {
            r = mquot_verify(m, cur, phi, &ts, ng);
        }
        mquot_tsets_free(&ts);
    }
    verdict = r;
    if (r == MQUOT_OK || r == MQUOT_UNKNOWN) {
        r = mquot_reduce(m, cur, phi, ng, out);
    }
    if (owned) {
        mquot_table_free(m, cur);
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

/* part[g]: the cyclic part that counts heap g, -1 for none. Part i
 * counts heap hs[i]; with cls, also every heap with options whose image
 * in phi is hs[i]'s (a class the trial does not tell apart stays one). */
static void
parts_of(const mquot *m, const uint32_t *phi, size_t ng, const size_t *hs,
         size_t ns, int cls, int32_t *part)
{
    for (size_t g = 0; g < ng; g++) {
        part[g] = -1;
    }
    for (size_t i = 0; i < ns; i++) {
        part[hs[i]] = (int32_t)i;
    }
    for (size_t g = 0; cls && g < ng; g++) {
        for (size_t i = 0; i < ns && part[g] < 0; i++) {
            if (phi[g] == phi[hs[i]] && has_options(m, g)) {
                part[g] = (int32_t)i;
            }
        }
    }
}

/*
 * A candidate: base, with generators gens[0 .. ns) told apart by a cyclic
 * part each (index idx[i], period 2), its P-portion by the rules, then
 * verified. Whatever the verdict, *out receives the reduced candidate and
 * phi its images (the next recalibration starts from it). MQUOT_OK when
 * verified; MQUOT_UNKNOWN with the breaking word in m->wit; MQUOT_SKIP
 * when it would be too large to try; else an error (out empty then).
 */
int
mquot_candidate(mquot *m, const table *base, uint32_t *phi, size_t ng,
                const size_t *gens, const unsigned *idx,
                const unsigned *per, size_t ns, table *out)
{
    int32_t *part = malloc(ng * sizeof *part);
    int r;
    if (part == NULL) {
        return MQUOT_NOMEM;
    }
    parts_of(m, phi, ng, gens, ns, 0, part);
    r = mquot_candidate_parts(m, base, phi, ng, part, idx, per, ns, out);
    free(part);
    return r;
}

/* The same, heap g told apart by part part[g] (-1: none), so that a
 * part may count several heaps together. */
int
mquot_candidate_parts(mquot *m, const table *base, uint32_t *phi, size_t ng,
                      const int32_t *part, const unsigned *idx,
                      const unsigned *per, size_t ns, table *out)
{
    table cur;
    size_t max = m->cand_max != 0 ? m->cand_max : mquot_candidate_cap(m);
    int r = with_cyclic(base, idx, per, part, ns, phi, ng, max, &cur);
    if (r == MQUOT_SKIP) {
        size_t order = base->order;
        for (size_t i = 0; i < ns && order <= MQUOT_CANDIDATE_CEILING; i++) {
            order *= (size_t)idx[i] + per[i];
        }
        mquot_skipped(m, order, MQUOT_CANDIDATE_CEILING, 0);
    }
    if (r != MQUOT_OK) {
        return r;
    }
    m->held += mquot_table_held(&cur);
    return finish(m, &cur, 1, phi, ng, out);
}


/* ---- the trials met ---------------------------------------------------- */

/*
 * Why they are kept: a refinement that drops the old images of its heaps
 * may fail on a word below the one it mends, so the least failure can
 * move back, and nothing else would stop the recalibrations from coming
 * round to a trial they had, and from there going round again (under
 * --work 0 only --memory bounds them). So each trial is noted, with its
 * least failure, and a refinement that is a trial met before, failing on
 * the same word, is refused: the trials kept are then all different, and
 * within --memory they are finitely many (tables of a bounded order, and
 * failures whose count of each heap is below the states the verifier
 * holds), so the recalibrations end. Only a trial met before is refused:
 * octal 0.16's heap 16 meets a failure again with another trial, and
 * refusing that costs it 2.4 times the work (docs/theory.md 7b).
 * A trial is noted by a 128-bit fingerprint (mquot_trial_print): two
 * trials that differ but share it (about 2^-128 for a pair) would only
 * end the recalibrations sooner, never change an answer.
 */

/* Two 64-bit hashes of the trial (q, phi): its order, P-portion, images
 * and the products by each image, which fix every product (a trial is
 * commutative and generated by the images: mquot_reduce). */
void
mquot_trial_print(const table *q, const uint32_t *phi, size_t ng,
                  uint64_t fp[2])
{
    uint64_t a = 0xcbf29ce484222325u, b = 0x243f6a8885a308d3u;
    size_t o = q->order;
#define MQUOT_MIX(v)                                                        \
    do {                                                                    \
        uint64_t v_ = (v);                                                  \
        a = (a ^ v_) * 0x100000001b3u;                                      \
        b = (b + v_) * 0x9e3779b97f4a7c15u;                                 \
        b ^= b >> 29;                                                       \
    } while (0)
    MQUOT_MIX(o);
    MQUOT_MIX(ng);
    for (size_t x = 0; x < o; x++) {
        MQUOT_MIX(q->p[x]);
    }
    for (size_t g = 0; g < ng; g++) {
        MQUOT_MIX(phi[g]);
        for (size_t x = 0; x < o; x++) {
            MQUOT_MIX(tmul(q, x, phi[g]));
        }
    }
#undef MQUOT_MIX
    fp[0] = a;
    fp[1] = b;
}

/* Whether the trial fp, failing on m->wit, was noted. A note is [len,
 * the word, the fingerprint as four 32-bit halves]. */
int
mquot_trial_seen(const mquot *m, const uint64_t fp[2])
{
    for (size_t i = 0; i < m->nmet; i += 5 + (size_t)m->met[i]) {
        const uint32_t *f = m->met + i + 1 + m->met[i];
        if (m->met[i] == m->nwit &&
            f[0] == (uint32_t)fp[0] && f[1] == (uint32_t)(fp[0] >> 32) &&
            f[2] == (uint32_t)fp[1] && f[3] == (uint32_t)(fp[1] >> 32) &&
            (m->nwit == 0 || memcmp(m->met + i + 1, m->wit,
                                    m->nwit * sizeof *m->wit) == 0)) {
            return 1;
        }
    }
    return 0;
}

/* Notes the trial fp and its least failure m->wit: 0, or -1 when out of
 * memory. */
int
mquot_trial_note(mquot *m, const uint64_t fp[2])
{
    uint32_t *f;
    if (mquot_grow((void **)&m->met, &m->capmet,
                   m->nmet + 5 + m->nwit, sizeof *m->met) != 0) {
        return -1;
    }
    m->met[m->nmet] = (uint32_t)m->nwit;
    if (m->nwit > 0) {   /* m->wit may be NULL then */
        memcpy(m->met + m->nmet + 1, m->wit, m->nwit * sizeof *m->wit);
    }
    f = m->met + m->nmet + 1 + m->nwit;
    f[0] = (uint32_t)fp[0];
    f[1] = (uint32_t)(fp[0] >> 32);
    f[2] = (uint32_t)fp[1];
    f[3] = (uint32_t)(fp[1] >> 32);
    m->nmet += 5 + m->nwit;
    return 0;
}

/* The verdict r on a rebuilt candidate red (images phi, ng of them), for
 * the recalibration of the word w (want: its true outcome): MQUOT_MOVED
 * when red fails but gets w right or fails only later, and is no trial
 * met before with the same failure. */
static int
judged(mquot *m, int r, const table *red, const uint32_t *phi, size_t ng,
       const uint32_t *w, size_t n, int want)
{
    uint64_t fp[2];
    if (r != MQUOT_UNKNOWN || (predict(red, phi, w, n) != want &&
                               !later_failure(m, w, n))) {
        return r;
    }
    mquot_trial_print(red, phi, ng, fp);
    if (mquot_trial_seen(m, fp)) {
        m->met_again = 1;
        return MQUOT_UNKNOWN;
    }
    return MQUOT_MOVED;
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

/* Replaces the trial by red (images phi) when the verdict r says it is
 * better (MQUOT_OK or MQUOT_MOVED); frees red otherwise. */
static void
keep_if_better(mquot *m, table *trial, uint32_t *tphi, table *red,
               const uint32_t *phi, size_t ng, int r)
{
    if (r == MQUOT_OK || r == MQUOT_MOVED) {
        mquot_table_free(m, trial);
        *trial = *red;
        memcpy(tphi, phi, ng * sizeof *phi);
    } else {
        mquot_table_free(m, red);
    }
    *red = (table){0};
}

/* Tries the refinement of trial by the counts of the heaps hs[0 .. ns)
 * (each up to past its count cnt in w, and past the powers of its image
 * the trial already tells apart); with cls, each part counts every heap
 * with options whose image in the trial is hs[i]'s, together (a class
 * of heaps the trial does not tell apart stays one). MQUOT_MOVED when it
 * gets w right (trial replaced), MQUOT_OK when it passes verification
 * (trial replaced), MQUOT_UNKNOWN when it does not help. */
static int
refine_by(mquot *m, table *trial, uint32_t *tphi, size_t ng,
          const size_t *hs, const unsigned *cnt, size_t ns,
          const uint32_t *w, size_t n, int want, int cls)
{
    unsigned idx[64], per[64];
    size_t size = trial->order, ceiling = MQUOT_CANDIDATE_CEILING;
    uint32_t *phi = malloc(ng * sizeof *phi);
    int32_t *part = malloc(ng * sizeof *part);
    table red = {0};
    int r;
    if (phi == NULL || part == NULL) {
        free(phi);
        free(part);
        return MQUOT_NOMEM;
    }
    parts_of(m, tphi, ng, hs, ns, cls, part);
    for (size_t i = 0; i < ns; i++) {
        unsigned ti = 0, tp;
        /* a class: past the powers the trial already tells apart, so
         * that the part adds a distinction */
        if (cls) {
            power_cycle(trial, tphi[hs[i]], &ti, &tp);
        }
        idx[i] = cnt[i] + 1 > 2 ? cnt[i] + 1 : 2;
        idx[i] = ti + 1 > idx[i] ? ti + 1 : idx[i];
        per[i] = 2;
        size = size > ceiling ? size : size * (idx[i] + 2);
    }
    if (size > mquot_candidate_cap(m)) {
        mquot_skipped(m, size, ceiling, 0);
        free(phi);
        free(part);
        return MQUOT_UNKNOWN;
    }
    /* First without the heaps' old images (MisereSolver's choice: the
     * candidate stays small), then keeping them (a refinement: every
     * smaller word stays right); either is kept only when it passes or
     * its least failure comes later. */
    for (int drop = 1; drop >= 0; drop--) {
        memcpy(phi, tphi, ng * sizeof *phi);
        for (size_t g = 0; drop && g < ng; g++) {
            phi[g] = part[g] >= 0 ? 0 : phi[g];
        }
        r = mquot_candidate_parts(m, trial, phi, ng, part, idx, per, ns,
                                  &red);
        if (r == MQUOT_SKIP) {
            r = MQUOT_UNKNOWN;
            continue;
        }
        r = judged(m, r, &red, phi, ng, w, n, want);
        if (r != MQUOT_UNKNOWN || drop == 0) {
            break;
        }
        mquot_table_free(m, &red);
    }
    keep_if_better(m, trial, tphi, &red, phi, ng, r);
    free(phi);
    free(part);
    return r;
}


/*
 * The trial with the words made of w's heaps alone as elements of their
 * own, counted per heap up to an index past w's count and then by a
 * period (both multiples of the trial's own for that heap, so that the
 * trial's image of such a word is well defined): psi(V) = those counts
 * when V has no other heap, else phi(V) in the trial. A monoid (the
 * trial's part is an ideal) that maps onto the trial, so it refines it;
 * and w's element holds w alone among smaller words (a smaller word with
 * w's counts on w's heaps has some other heap, above w's). After mquot_mark_p,
 * w is right (MisereSolver's first recalibration, subwords of the
 * failure, in a periodic form that also covers larger counts).
 */
static int
refine_by_subwords(mquot *m, table *trial, uint32_t *tphi, size_t ng,
                   const size_t *hs, const unsigned *cnt, size_t nh,
                   const uint32_t *w, size_t n, int want)
{
    size_t radix[65], o = trial->order, ns = 1, order;
    size_t cap = mquot_stored_cap(m);
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
        if (tp == 0 || ns + o > cap) {
            if (tp != 0) {   /* at least this large */
                mquot_skipped(m, ns + o, MQUOT_STORED_CEILING, 1);
            }
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
    if ((r = mquot_table_new(m, &ext, order)) != MQUOT_OK) {
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
        phi[g] = !has_options(m, g) ? 0
                 : (uint32_t)(i < nh ? radix[i] : ns + tphi[g]);
    }
    free(img);
    r = judged(m, finish(m, &ext, 1, phi, ng, &red), &red, phi, ng, w, n,
               want);
    keep_if_better(m, trial, tphi, &red, phi, ng, r);
    free(phi);
    return r;
}

/* 1 when another heap with options has heap h's image in the trial. */
static int
shared_image(const mquot *m, const uint32_t *tphi, size_t ng, size_t h)
{
    for (size_t g = 0; g < ng; g++) {
        if (g != h && tphi[g] == tphi[h] && has_options(m, g)) {
            return 1;
        }
    }
    return 0;
}

/*
 * Recalibration: w = m->wit, the lexicographically least word the trial
 * gets wrong. Every smaller word is right, so w's true outcome is the
 * opposite of the trial's. Telling apart the counts of w's heaps makes
 * any refinement keep every smaller word right (each element's P comes
 * from its least word, whose outcome it shares with the smaller words of
 * that element). First each heap that w holds twice or more and whose
 * image other heaps share, counted together with them: a new heap that
 * tells apart the powers of an element (0.6's heap 17 tells 7 + 7 from
 * 0, and 10 + 10, 13 + 13 after it, 7, 10 and 13 having one image)
 * usually does so for every heap that has it, and counting one at a
 * time meets each in turn, each multiplying the trial's order (for a
 * heap w holds once, trying its class first cost Dawson's Kayles' heap
 * 30 twice the work: docs/theory.md 7b). Then one heap, then two (for short
 * words), each first without its old image; then w's own sub-sums as
 * elements of their own, which gets w right (no smaller word has its
 * element), so the least failure moves up: small candidates first.
 */
int
mquot_recalibrate(mquot *m, table *trial, uint32_t *tphi, size_t ng)
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
    m->met_again = 0;
    m->aim = w;
    m->naim = n;
    m->aim_want = want;
    for (size_t i = 0; i < n; i++) {      /* w lists its heaps highest first */
        if (nh > 0 && hs[nh - 1] == w[i]) {
            cnt[nh - 1]++;
        } else if (nh < 64) {
            hs[nh] = w[i];
            cnt[nh++] = 1;
        }
    }
    for (size_t a = 0; a < nh && r == MQUOT_UNKNOWN; a++) {
        if (cnt[a] > 1 && shared_image(m, tphi, ng, hs[a])) {
            r = refine_by(m, trial, tphi, ng, &hs[a], &cnt[a], 1, w, n,
                          want, 1);
        }
    }
    for (size_t a = 0; a < nh && r == MQUOT_UNKNOWN; a++) {
        r = refine_by(m, trial, tphi, ng, &hs[a], &cnt[a], 1, w, n, want, 0);
    }
    for (size_t a = 0; a < nh && nh <= 4 && r == MQUOT_UNKNOWN; a++) {
        for (size_t b = a + 1; b < nh && r == MQUOT_UNKNOWN; b++) {
            size_t h2[2] = {hs[a], hs[b]};
            unsigned c2[2] = {cnt[a], cnt[b]};
            r = refine_by(m, trial, tphi, ng, h2, c2, 2, w, n, want, 0);
        }
    }
    if (r == MQUOT_UNKNOWN && nh > 2) {
        r = refine_by(m, trial, tphi, ng, hs, cnt, nh, w, n, want, 0);
    }
    if (r == MQUOT_UNKNOWN) {
        r = refine_by_subwords(m, trial, tphi, ng, hs, cnt, nh, w, n, want);
    }
    m->aim = NULL;
    m->naim = 0;
    free(w);
    return r;
}
