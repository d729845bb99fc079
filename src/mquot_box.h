/*
 * mquot_box.h - the misere quotient of finitely many heaps from the box
 * of counts (mquot_box.c; docs/theory.md 7b, "The box"): exact, in time
 * linear in the box. Pure algebra on count vectors; never prints.
 */
#ifndef GRUNDY_MQUOT_BOX_H
#define GRUNDY_MQUOT_BOX_H

#include <stddef.h>
#include <stdint.h>

/*
 * The heaps with options are dimensions 0 .. s - 1, in the order they
 * were added: dimension d's options are the words w[off[d] .. off[d + 1])
 * written [len, dim, dim, ...], every dim below d (heaps without options
 * left out: they are the game 0). Dimension d's candidate part is the
 * cyclic monoid a^(k[d] + per[d]) = a^k[d]; k[d] >= 0 and per[d] (2, 6, 12
 * or 60) are where its search starts, and on MQUOT_OK they hold the
 * index and period that passed.
 * memory (bytes, 0: none) and work (steps, 0: none) bound the call.
 *
 * On MQUOT_OK: the misere quotient of these heaps, order elements, 0 the
 * identity, mul (order x order, mul[x * order + y]) and p (1: in the
 * P-portion) malloc'ed for the caller, phi[d] dimension d's element
 * (phi has s entries, the caller's). On MQUOT_LIMIT: by_work says which
 * limit stopped it, need the bytes it asked for (memory), why in words.
 * MQUOT_NOMEM when malloc failed. spent: the steps taken, always.
 */
typedef struct mquot_box {
    size_t s;
    const size_t *off;
    const uint32_t *w;
    unsigned *k;
    unsigned *per;
    size_t memory;
    uint64_t work;
    /* results */
    uint64_t spent;
    size_t order;
    uint32_t *mul;
    unsigned char *p;
    uint32_t *phi;
    int by_work;
    size_t need;
    char why[256];
} mquot_box;

/* Bytes the first box (indices k as given) takes: a caller that cannot
 * afford it keeps to other candidates. SIZE_MAX when it overflows. */
size_t mquot_box_bytes(const mquot_box *b);

int mquot_box_solve(mquot_box *b);

#endif
