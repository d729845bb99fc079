/*
 * mquot_impl.h - what the files of the misere quotient share (not
 * installed; no file but these include it): the monoid representation
 * (table, its products), the option images (tsets), the quotient's
 * struct, the shared constants, and what each file offers the others.
 * The theory is mquot.c's first comment.
 *   mquot.c            the construction: the candidates mquot_add tries
 *                      in turn (try_*), and the public API (mquot.h)
 *   mquot_candidate.c  one candidate built, verified and reduced; the
 *                      recalibrations that refine it
 *   mquot_verify.c     the verifier: the automaton of states
 *   mquot_reduce.c     the P-portion by the rules, and the reduction
 *                      (Nerode classes)
 *   mquot_table.c      products a row at a time, tables, and the memory
 *                      and work budget they are charged to
 * Each file calls only files listed below it (the box of counts,
 * mquot_box.c, stands apart; mquot.c calls it). Each function's comment
 * is at its definition.
 */
#ifndef GRUNDY_MQUOT_IMPL_H
#define GRUNDY_MQUOT_IMPL_H

#include "mquot.h"

#include <stddef.h>
#include <stdint.h>

/*
 * The construction's bounds, gathered here (docs/theory.md 7b measures
 * what they reach). The candidates and recalibrations of mquot.c's
 * try_extend are a heuristic: nothing says how many or how large they
 * must be, so they are bounded by the budget. A candidate is tried when
 * the memory left lets verify it (mquot_table.c: mquot_candidate_cap,
 * mquot_stored_cap); one that does not fit is remembered
 * (mquot_skipped), so that when nothing passes the refusal names the
 * memory that lets it be tried, not "no setting helps". A heap gets
 * MQUOT_MAX_RECAL recalibrations before every heap is counted apart (the
 * box); when the box cannot be built at all, they go on as far as
 * --memory and --work allow.
 */
#define MQUOT_MAX_RECAL 64
/* Largest candidate whatever the memory (its verifier's rows: 2 GiB). */
#define MQUOT_CANDIDATE_CEILING ((size_t)1 << 17)
/* Largest table stored whole (mquot_table_new; 16 GiB of products). */
#define MQUOT_STORED_CEILING ((size_t)1 << 16)

/* Cyclic parts a product table may have. */
#define MQUOT_MAX_PARTS 64

/* Internal: a recalibration changed the candidate; verify it again. */
#define MQUOT_MOVED 3
/* Internal: a candidate too large to try (mquot_candidate_cap). */
#define MQUOT_SKIP 4

#define BITS_WORDS(n) (((n) + 63) / 64)

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
static inline size_t
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
    const uint32_t *aim;  /* a recalibration's word: its refinements must
                           * get it right, outcome aim_want (1: P); naim
                           * 0 outside a recalibration */
    size_t naim;
    int aim_want;
    uint32_t *met;        /* the trials met since the last fresh start,
                           * with their least failures (mquot_trial_note),
                           * nmet words of capmet */
    size_t nmet, capmet;
    int met_again;        /* the last recalibration refused a refinement:
                           * a trial met before, failing on the same word */
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
    size_t skip_need; /* bytes the least candidate not tried for memory
                       * needed, this heap (0: none) */
    size_t skip_order;/* ... and its elements */
    char why[256];
    int by_work;      /* the last MQUOT_LIMIT was the work limit's */
    size_t need;      /* ... else the bytes it needed in all */
    unsigned *boxk;   /* each generator's index and period in the last */
    unsigned *boxp;   /* box that passed (period 0: none yet), where the
                       * next box starts */
    size_t capboxk, capboxp;
    int verify_both;  /* tests: every verification made both ways, */
    size_t verify_compared, verify_differed;  /* ... and compared: how */
    size_t verify_failed;  /* many, how many differed, how many failed */
};

/* 1 when generator g (a heap) has an option; one without is the empty
 * game, whose image is the identity. */
static inline int
has_options(const mquot *m, size_t g)
{
    return m->woff[g + 1] > m->woff[g];
}

/* ---- mquot_table.c: products, tables, the budget ----------------------- */

void mquot_tmul_row(const table *t, size_t x, uint32_t *out, uint32_t *cv);
int mquot_grow(void **p, size_t *cap, size_t need, size_t size);
size_t mquot_table_held(const table *t);
void mquot_table_free(mquot *m, table *t);
size_t mquot_arrays_held(const mquot *m);
int mquot_budget(mquot *m, uint64_t steps);
int mquot_table_new(mquot *m, table *t, size_t order);
size_t mquot_verify_fixed(size_t order, size_t ng);
size_t mquot_candidate_cap(const mquot *m);
size_t mquot_stored_cap(const mquot *m);
void mquot_skipped(mquot *m, size_t order, size_t ceiling, int stored);

/* ---- mquot_verify.c: option images, the verifier ----------------------- */

uint32_t mquot_word_image(const table *q, const uint32_t *phi,
                          const uint32_t *w);
int mquot_tsets_build(const mquot *m, const table *q, const uint32_t *phi,
                      size_t ng, tsets *ts);
int mquot_tsets_charged(mquot *m, const table *q, const uint32_t *phi,
                        size_t ng, tsets *ts);
void mquot_tsets_free(tsets *ts);
int mquot_verify(mquot *m, const table *q, const uint32_t *phi,
                 const tsets *ts, size_t ng);

/* ---- mquot_reduce.c: the P-portion, reduction -------------------------- */

int mquot_mark_p(table *q, const uint32_t *phi, const tsets *ts, size_t ng);
int mquot_reduce(mquot *m, const table *q, uint32_t *phi, size_t ng,
                 table *out);

/* ---- mquot_candidate.c: a candidate, recalibration --------------------- */

int mquot_candidate(mquot *m, const table *base, uint32_t *phi, size_t ng,
                    const size_t *gens, const unsigned *idx,
                    const unsigned *per, size_t ns, table *out);
int mquot_candidate_parts(mquot *m, const table *base, uint32_t *phi,
                          size_t ng, const int32_t *part,
                          const unsigned *idx, const unsigned *per,
                          size_t ns, table *out);
int mquot_recalibrate(mquot *m, table *trial, uint32_t *tphi, size_t ng);
void mquot_trial_print(const table *q, const uint32_t *phi, size_t ng,
                       uint64_t fp[2]);
int mquot_trial_seen(const mquot *m, const uint64_t fp[2]);
int mquot_trial_note(mquot *m, const uint64_t fp[2]);

#endif
