/*
 * sgclass.h - Grundy values of take-and-break games whose move set is long
 * or infinite (ranges of removal sizes, repeating digit groups, splits into
 * three heaps), computed by removal classes instead of a scan of every k.
 * Internal to sgseq: it never prints and holds no global state.
 */
#ifndef GRUNDY_SGCLASS_H
#define GRUNDY_SGCLASS_H

#include "sgseq.h"

#include <stddef.h>
#include <stdint.h>

typedef struct sgclass sgclass;

/* A new computation for the rules r (r->unequal must be 0). NULL when out
 * of memory. sgclass_free(NULL) is a no-op. */
sgclass *sgclass_new(const sgseq_rules *r);
void sgclass_free(sgclass *c);

/*
 * G(n) from g[0..n) (all known): the mex of every option of heap n.
 * vbits: every value in g is below 1 << vbits (vbits >= 6); the result may
 * be 1 << vbits. Heaps must come in order 0, 1, 2, ...; the caller stores
 * the result as g[n] before asking for n + 1. Returns -1 when out of memory.
 */
int64_t sgclass_mex(sgclass *c, const uint16_t *g, size_t n, unsigned vbits);

/* Bytes per heap its stored rows take when values are below 1 << vbits
 * (0 for games whose moves leave at most one heap). */
uint64_t sgclass_bytes_per_heap(const sgclass *c, unsigned vbits);

#endif
