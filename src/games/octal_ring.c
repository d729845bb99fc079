/*
 * octal_ring.c - rings @n of take-and-break games (a circle of n stones,
 * docs/theory.md 3b): which codes have them, their values from the row
 * values, and their options (one removal opens the circle into a row).
 * Rows are octal_options.c's.
 */
#include "octal.h"
#include "intmath.h"

#include <stdlib.h>

/*
 * A ring @n is a circle of n stones (theory.md 3b). Removing k adjacent
 * stones leaves one arc, a row of n - k: a move of digit bit 2 (k < n) or
 * bit 1 (k = n, nothing left). A circle cannot split in one removal, so
 * bits 4 and 8 give it no move. Removing nothing (d0) does not open a
 * circle either: codes with d0 != 0 have no rings, and say so.
 */
static grundy_status
octal_ring_rules(grundy_game *game, uint64_t n, grundy_error *err)
{
    octal *o = game->state;
    /* The same mistake as a ring of nim: an invalid position. */
    if (o->nrun > 0 && o->run[0].lo == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "'@%llu': %s has no rings (its digit d0 splits a "
                       "heap without removing anything, which is not "
                       "defined on a circle)", (unsigned long long)n,
                       game->label);
    }
    return GRUNDY_OK;
}

/* The least removal size >= *k and <= n that has a move (its digit in
 * *bits, possibly 0 inside a repeating group): 1, or 0 when none. */
static int
octal_next_k(const octal *o, uint64_t *k, uint64_t n, unsigned *bits)
{
    for (size_t i = 0; i < o->nrun; i++) {
        if (o->run[i].hi >= *k) {
            uint64_t at = o->run[i].lo > *k ? o->run[i].lo : *k;
            if (at > n) {
                return 0;
            }
            *k = at;
            *bits = o->run[i].bits;
            return 1;
        }
    }
    if (o->nrep > 0) {
        uint64_t at = o->rep_from > *k ? o->rep_from : *k;
        if (at <= n) {
            *k = at;
            *bits = o->rep[(at - o->rep_from) % o->nrep];
            return 1;
        }
    }
    return 0;
}

/* One run of option values of a ring: c + t ds for t in [lo, hi] (a
 * single value when ds = 0 or lo = hi). */
typedef struct octal_span {
    uint64_t c, lo, hi;
} octal_span;

static int
octal_span_cmp(const void *x, const void *y)
{
    const octal_span *a = x, *b = y;
    if (a->c != b->c) {
        return a->c < b->c ? -1 : 1;
    }
    return (a->lo > b->lo) - (a->lo < b->lo);
}

/* Adds the option values v, v + ds, ..., v + more ds to spans (one value
 * when more = 0 or ds = 0). */
static void
octal_span_add(octal_span *sp, size_t *n, uint64_t v, uint64_t more,
               uint64_t ds)
{
    sp[*n].c = ds == 0 ? v : v % ds;
    sp[*n].lo = ds == 0 ? 0 : v / ds;
    sp[*n].hi = sp[*n].lo + (ds == 0 ? 0 : more);
    (*n)++;
}

/*
 * The value of a large ring of a repeating code that splits heaps, its
 * period certified (G(m + p) = G(m) + s from n0 on): a cut leaves one row
 * m, but the heap's own moves split, so the ring is not worth the heap.
 * Its options are rows m < n0 it reaches, the rows n - k for k below the
 * group's start f (bit 2 of d(k)), nothing (bit 1 of d(n)), and for each
 * residue i of P = lcm(p, r) the rows n0 + i + j P up to n - f, reached
 * all or none (n - m mod r is fixed), worth G(n0 + i) + j ds (ds = P/p s):
 * runs of one class mod ds. The mex is the least value of a class its
 * runs, sorted, leave uncovered: no scan of the n options.
 */
static grundy_status
octal_ring_value_far(grundy_game *game, uint64_t n, uint64_t *sg,
                     grundy_error *err)
{
    const octal *o = game->state;
    uint64_t p, n0, big, ds, f = o->rep_from, v, best = UINT64_MAX;
    octal_span *sp;
    size_t ns = 0;

    sgseq_certified(o->seq, &p, &n0);
    big = p / im_gcd(p, o->nrep) * o->nrep;
    ds = big / p * sgseq_saltus(o->seq);
    sp = malloc((size_t)(n0 + f + big + 1) * sizeof *sp);
    if (sp == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t m = 1; m < n0; m++) {
        if (octal_reaches(o, n, m)) {
            octal_span_add(sp, &ns, octal_g(o, m), 0, ds);
        }
    }
    for (uint64_t k = 1; k < f; k++) {
        if (!(octal_digit(o, k) & SGSEQ_ONE)) {
            continue;
        }
        if (!sgseq_known(o->seq, n - k, &v)) {
            free(sp);
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "ring %llu of %s: the row of %llu it leaves is "
                           "worth more than 2^64 - 1",
                           (unsigned long long)n, game->label,
                           (unsigned long long)(n - k));
        }
        octal_span_add(sp, &ns, v, 0, ds);
    }
    if (octal_digit(o, n) & SGSEQ_NOTHING) {
        octal_span_add(sp, &ns, 0, 0, ds);
    }
    for (uint64_t i = 0; i < big && n0 + i + f <= n; i++) {
        uint64_t m = n0 + i;
        if (octal_digit(o, n - m) & SGSEQ_ONE) {
            octal_span_add(sp, &ns, octal_g(o, m), (n - f - m) / big, ds);
        }
    }
    qsort(sp, ns, sizeof *sp, octal_span_cmp);
    if (ds == 0) {
        /* An ordinary period: the values themselves, sorted. */
        best = 0;
        for (size_t i = 0; i < ns && sp[i].c <= best; i++) {
            best = sp[i].c == best ? best + 1 : best;
        }
    }
    for (uint64_t c = 0, i = 0; ds != 0 && c < ds && c < best; c++) {
        uint64_t t = 0;   /* the least t with c + t ds not yet covered */
        for (; i < ns && sp[i].c == c; i++) {
            if (sp[i].lo <= t && sp[i].hi >= t) {
                t = sp[i].hi + 1;
            }
        }
        if (t <= (best - c) / ds) {
            best = c + t * ds;
        }
    }
    free(sp);
    *sg = best;
    return GRUNDY_OK;
}

grundy_status
octal_ring_value(grundy_game *game, uint64_t n, uint64_t *sg,
                 grundy_error *err)
{
    octal *o = game->state;
    unsigned char *seen;
    uint64_t g, below = n > 0 ? n - 1 : 0;
    grundy_status st = octal_ring_rules(game, n, err);
    unsigned bits;

    if (st == GRUNDY_OK && o->identity) {
        /* Every row m < n is one cut away, and rows are worth their
         * length: the ring of n is worth n. */
        *sg = n;
        return GRUNDY_OK;
    }

    /* Every row below n known (table or period). */
    if (st == GRUNDY_OK) {
        st = octal_value(game, &below, 1, &g, err);
    }
    if (st != GRUNDY_OK) {
        return st;
    }
    if (octal_by_certificate(o, n) && sgseq_split_certified(o->seq)) {
        return octal_ring_value_far(game, n, sg, err);
    }
    if (octal_by_certificate(o, n)) {
        /* A ring has the moves of the heap (octal_by_certificate: moves
         * that leave at most one heap). */
        return octal_value(game, &n, 1, sg, err);
    }
    /* Row values are 16-bit: a mex over them is at most 65536. */
    seen = calloc((size_t)1 << 16 | 1, 1);
    if (seen == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t k = 1; n > 0 && octal_next_k(o, &k, n, &bits); k++) {
        if ((bits & SGSEQ_ONE) && k < n) {
            seen[octal_g(o, n - k)] = 1;
        }
        if ((bits & SGSEQ_NOTHING) && k == n) {
            seen[0] = 1;
        }
        if (k == n) {
            break;
        }
    }
    for (g = 0; seen[g]; g++) {
        continue;
    }
    free(seen);
    *sg = g;
    return GRUNDY_OK;
}

/* Every option of ring c of value want: a row of n - k, or nothing. */
static grundy_status
octal_ring_options(grundy_game *game, octal_walk *w, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t n = w->c->v[0], g;
    grundy_status st = octal_ring_value(game, n, &g, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (octal_by_certificate(o, n)) {
        return octal_cert_options(w, n, err);
    }
    if (o->identity && n > OCTAL_LASKER_DIRECT) {
        /* The options are the rows m < n, worth m: one per value. */
        if (w->want < n) {
            octal_ring_cut(w, n - w->want, n);
        } else if (w->want == GRUNDY_ANY_VALUE) {
            return octal_all_refused(err, "ring", n, w->spec,
                                     OCTAL_LASKER_DIRECT);
        }
        return w->oom ? GRUNDY_ENOMEM : GRUNDY_OK;
    }
    unsigned bits;
    for (uint64_t k = 1;
         n > 0 && !w->stop && !w->oom && octal_next_k(o, &k, n, &bits); k++) {
        uint64_t m = n - k;
        int one = (bits & SGSEQ_ONE) && k < n &&
                  octal_matches_parts(w, m, 0);
        int all = (bits & SGSEQ_NOTHING) && k == n && octal_matches(w, 0);
        if (one || all) {
            octal_ring_cut(w, k, n);
        }
        if (k == n) {
            break;
        }
    }
    return w->oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

/* The options operation of the take-and-break families: a ring's here,
 * a row's in octal_options. */
grundy_status
octal_component_options(grundy_game *game, const component *c,
                        uint64_t want, move_sink *sink, grundy_error *err)
{
    if (c->ring) {
        octal_walk w = {.o = game->state, .spec = game->label, .c = c,
                        .sink = sink, .want = want};
        return octal_ring_options(game, &w, err);
    }
    return octal_options(game, c, want, sink, err);
}

/* ---- mirror strategies (docs/theory.md 8) ---------------------------- */

/* Checks of rows a ring's mirror test may make (each O(runs + group)). */
#define OCTAL_MIRROR_CHECKS ((uint64_t)1 << 16)

/* The least k (0 when d0 splits) whose move may take k stones from the
 * middle of row n and leave two equal non-empty rows (n - k)/2: bit 4 of
 * d(k) (two heaps), n - k even and at least 2. A subtraction game never
 * splits. d(k) and the parity of k repeat with period 2 nrep in the
 * group, so two rounds of it decide. */
static int
octal_mirror_k(const octal *o, uint64_t n, uint64_t *k)
{
    if (o->sub || n < 2) {
        return 0;
    }
    for (size_t i = 0; i < o->nrun; i++) {
        uint64_t lo = o->run[i].lo, hi = o->run[i].hi;
        if (!(o->run[i].bits & SGSEQ_TWO) || lo > n - 2) {
            continue;
        }
        hi = hi < n - 2 ? hi : n - 2;
        lo += (lo ^ n) & 1;
        if (lo <= hi) {
            *k = lo;
            return 1;
        }
    }
    for (uint64_t j = 0; o->nrep > 0 && j < 2 * o->nrep; j++) {
        uint64_t at = o->rep_from + j;
        if (at > n - 2) {
            break;
        }
        if ((o->rep[j % o->nrep] & SGSEQ_TWO) && ((at ^ n) & 1) == 0) {
            *k = at;
            return 1;
        }
    }
    return 0;
}

/*
 * The mirror strategy (family.h): a row with a central move leaving two
 * equal rows H + H = 0 is a win by it; a ring none of whose options is
 * worth 0 (no move takes it all, every move leaves a row with such a
 * move) is worth mex = 0. A ring's options are rows n - k (bit 2 of
 * d(k), k < n) or nothing (bit 1 of d(n)); a group reaching far below n
 * is not walked (0: not shown).
 */
int
octal_mirror(grundy_game *game, const component *c, move_sink *sink)
{
    const octal *o = game->state;
    uint64_t n = c->v[0], k, checks = 0;
    unsigned bits;
    if (!c->ring) {
        octal_walk w = {.o = o, .spec = game->label, .c = c, .sink = sink,
                        .want = GRUNDY_ANY_VALUE};
        if (!octal_mirror_k(o, n, &k)) {
            return 0;
        }
        if (sink != NULL) {
            octal_emit_split(&w, k, (n - k) / 2, (n - k) / 2);
        }
        return w.oom ? -1 : 1;
    }
    if ((o->nrun > 0 && o->run[0].lo == 0) ||
        (o->nrep > 0 && n > o->rep_from &&
         n - o->rep_from > OCTAL_MIRROR_CHECKS)) {
        return 0;   /* no rings (d0), or a group too long to walk */
    }
    for (k = 1; octal_next_k(o, &k, n, &bits); k++) {
        uint64_t mk;
        if (++checks > OCTAL_MIRROR_CHECKS ||
            (k == n && (bits & SGSEQ_NOTHING))) {
            return 0;   /* too many, or taking the whole ring leaves 0 */
        }
        if (k < n && (bits & SGSEQ_ONE) && !octal_mirror_k(o, n - k, &mk)) {
            return 0;
        }
        if (k == n) {
            break;
        }
    }
    return 1;
}
