/*
 * mquot_table.c - the monoid representation of the misere quotient
 * (mquot.c has the theory; mquot_impl.h the struct table and tmul): the
 * products of one element with all, a row at a time, tables made and
 * freed, and the memory and work budget every part is charged to (the
 * bytes a quotient holds, mquot_bytes, are counted here).
 */
#include "mquot_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The products x z for every z of t into out[0 .. order): tmul(t, x, z),
 * computed a whole row at a time. For a product table, z = (zb, v) with v
 * its cyclic parts' exponents (z = zb span + v), and x z = (x_b zb) span +
 * c(v), where c(v) combines x's exponents with v's and does not depend on
 * zb: c is computed once per row (into cv, span entries) instead of once
 * per z, so each product costs a lookup and an addition.
 */
void
mquot_tmul_row(const table *t, size_t x, uint32_t *out, uint32_t *cv)
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

/* Makes room for need elements of size bytes in *p (capacity *cap,
 * doubled from 16): 0, or -1 when out of memory (*p kept). */
int
mquot_grow(void **p, size_t *cap, size_t need, size_t size)
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
size_t
mquot_table_held(const table *t)
{
    return t->mul != NULL ? t->order * t->order * sizeof *t->mul + t->order
           : t->p != NULL ? t->order : 0;
}

/* Frees t's arrays and gives its bytes back to m's budget. */
void
mquot_table_free(mquot *m, table *t)
{
    size_t b = mquot_table_held(t);
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

/* (mquot.h) Here, beside the budget that reads it. */
size_t
mquot_bytes(const mquot *m)
{
    return sizeof *m + table_bytes(m->q.order) +
           m->capphi * sizeof *m->phi + m->capwd * sizeof *m->wd +
           m->capwoff * sizeof *m->woff + m->capwit * sizeof *m->wit +
           m->capmet * sizeof *m->met +
           m->capopt_t * sizeof(uint32_t) + m->capopt_off * sizeof(size_t) +
           m->capboxk * sizeof *m->boxk + m->capboxp * sizeof *m->boxp;
}

/* Bytes m holds besides its tables (mquot_bytes counts the quotient's). */
size_t
mquot_arrays_held(const mquot *m)
{
    return mquot_bytes(m) - table_bytes(m->q.order);
}

/* Charges steps to m's work: 1 when that passes the work limit. */
int
mquot_budget(mquot *m, uint64_t steps)
{
    m->spent += steps;
    return m->work != 0 && m->spent > m->work;
}

/* A whole table of order elements into t (products and P-portion to be
 * filled), charged to m's memory: MQUOT_OK, MQUOT_LIMIT (m->why says
 * why), MQUOT_NOMEM. */
int
mquot_table_new(mquot *m, table *t, size_t order)
{
    /* The tables already live count too: a candidate is built while the
     * quotient and the trial it refines are held. */
    if (order > 65536 ||
        (m->memory != 0 &&
         (table_bytes(order) > m->memory ||
          mquot_bytes(m) - table_bytes(m->q.order) + m->held >
              m->memory - table_bytes(order)))) {
        m->by_work = 0;
        m->need = mquot_arrays_held(m) + m->held + table_bytes(order);
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
    m->held += mquot_table_held(t);
    return MQUOT_OK;
}

/* ---- the bounds (mquot_impl.h) ----------------------------------------- */

/* Bytes mquot_verify() takes for a candidate of `order` elements and ng
 * generators before its first state: a stack level per generator, the
 * rows (a bit per pair), the P marks, a map per generator. mquot_verify()
 * charges exactly this; the caps below judge a candidate by it. */
size_t
mquot_verify_fixed(size_t order, size_t ng)
{
    size_t w = BITS_WORDS(order), sw = 1 + w;
    return (ng + 1) * (2 * sizeof(size_t) + sizeof(uint32_t *) +
                       (sw + w) * sizeof(uint64_t)) +
           order * (w * sizeof(uint64_t) + 1 + sizeof(uint32_t)) +
           (ng + 1) * order * sizeof(uint32_t);
}

/* ... for the heap being added (generator m->ngen). */
static size_t
verify_bytes(const mquot *m, size_t order)
{
    return mquot_verify_fixed(order, m->ngen + 1);
}

/* The memory a new candidate may take: --memory less what is held. */
static size_t
memory_left(const mquot *m)
{
    size_t used = m->held + mquot_arrays_held(m);
    return m->memory == 0 ? SIZE_MAX
           : m->memory > used ? m->memory - used : 0;
}

/* The largest order in [0, ceiling] whose bytes (stored: a whole table
 * as well as the verifier's) fit in left. Bytes grow with the order. */
static size_t
largest_fitting(const mquot *m, size_t left, size_t ceiling, int stored)
{
    size_t lo = 0, hi = ceiling;
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        size_t b = verify_bytes(m, mid) + (stored ? table_bytes(mid) : mid);
        if (b <= left) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

/* The largest candidate (a product: its P-portion, and the verifier)
 * the memory left lets be tried. */
size_t
mquot_candidate_cap(const mquot *m)
{
    return largest_fitting(m, memory_left(m), MQUOT_CANDIDATE_CEILING, 0);
}

/* The largest candidate stored whole (refine_by_subwords: its products
 * and the verifier's) the memory left lets be tried. */
size_t
mquot_stored_cap(const mquot *m)
{
    return largest_fitting(m, memory_left(m), MQUOT_STORED_CEILING, 1);
}

/* A candidate of `order` elements (stored: whole) not tried. When only
 * the memory stopped it (order within ceiling), remembers the bytes it
 * would have needed in all, the least of this heap's. */
void
mquot_skipped(mquot *m, size_t order, size_t ceiling, int stored)
{
    size_t need;
    if (order > ceiling || m->memory == 0) {
        return;
    }
    need = verify_bytes(m, order) + (stored ? table_bytes(order) : order) +
           m->held + mquot_arrays_held(m);
    if (m->skip_need == 0 || need < m->skip_need) {
        m->skip_need = need;
        m->skip_order = order;
    }
}
