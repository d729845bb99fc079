/*
 * sgseq_budget.c - the engine's budgets as numbers: bytes a table of a
 * given length takes, the length the memory limit allows, and the steps
 * a longer table would cost. The driver words the errors.
 */
#include "sgseq_impl.h"

/* A table size for a message and for grundy_error.needed: rounded up to
 * whole MiB (a memory limit that suffices, and reads well). */
uint64_t
sgseq_need_bytes(uint64_t bytes)
{
    const uint64_t mib = (uint64_t)1 << 20;
    return bytes < mib ? bytes : (bytes + mib - 1) / mib * mib;
}

/* a * b, or UINT64_MAX when the product does not fit. */
uint64_t
sgseq_mul_sat(uint64_t a, uint64_t b)
{
    return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* Removals whose splits the definition visits per heap: removal classes
 * compute S(n) once per heap, like one removal. */
uint64_t
sgseq_split_weight(const sgseq *s)
{
    if (s->cls == NULL) {
        return s->n4;
    }
    /* Splits in three: T(n) ORs n / 3 rows of S, each of 2^vbits / 64
     * words, about 8 operations per word (measured: hex:0.8 to 2^16). */
    return (s->parts >= 2) +
           (s->parts >= 3 ? 8 * (((uint64_t)1 << s->vbits) / 64) : 0);
}

uint64_t
sgseq_work_estimate(const sgseq *s, uint64_t from, uint64_t to)
{
    uint64_t per_heap;
    if (s->mask == 0) {
        uint64_t quarter = sgseq_mul_sat(to - from, (to + from) / 4);
        return sgseq_mul_sat(quarter, sgseq_split_weight(s));
    }
    per_heap = s->scanned / (from > 0 ? from : 1) +
               sgseq_mul_sat(s->nrare, s->n4);
    return sgseq_mul_sat(per_heap, to - from);
}

/*
 * Sixteenths of a byte charged per heap:
 *   the table: 2 bytes with removal classes; otherwise the compact table,
 *     1 byte and 1/8 for each plane (each bit of the values past 8) it
 *     has so far (a plane more as the values pass a power of two from
 *     256 on: sgseq_compute checks the footprint when one is added);
 *   the rare heap lists (6 bytes a rare heap, in arrays that double):
 *     under a mask, twice the share of rare heaps so far; before one is
 *     chosen, 1.5 bytes (the definition gives way to sparse space only
 *     while at most about a quarter of the heaps are rare);
 *   the arithmetic-periodicity tests' window (a 4-byte border array
 *     over up to half the table): 4 bytes in all for those games, as
 *     before;
 *   and the rows of removal classes.
 * An ordinary period needs no scratch (sgseq_cert.c). sgseq_compute
 * checks what the lists really take as they grow.
 */
static uint64_t
sgseq_heap_sixteenths(const sgseq *s)
{
    uint64_t b = s->cls != NULL ? 32 : 16 + 2 * (uint64_t)s->planes;
    if (s->arith || s->arith3) {
        b = 64;
    } else if (s->cls == NULL && s->n4 > 0) {
        b += s->mask == 0 || s->len == 0
                 ? 24
                 : (192 * (uint64_t)s->nrare + s->len - 1) / s->len;
    }
    if (s->cls != NULL) {
        b += 16 * sgclass_bytes_per_heap(s->cls, s->vbits);
    }
    return b;
}

/* Bytes charged for a table of len values (rounded up). */
uint64_t
sgseq_table_bytes(const sgseq *s, uint64_t len)
{
    uint64_t b = sgseq_heap_sixteenths(s);
    return len > (UINT64_MAX - 15) / b ? UINT64_MAX : (len * b + 15) / 16;
}

/* Table length the memory limit allows. */
uint64_t
sgseq_max_len(const sgseq *s, const sgseq_env *env)
{
    /* The limit is at most 128 TiB (2^47): times 16 fits. */
    uint64_t m = (uint64_t)env->memory_limit * 16 / sgseq_heap_sixteenths(s);
    return m < SGSEQ_MAX_LEN ? m : SGSEQ_MAX_LEN;
}

/* 1 when doubling the table once more would take the period search of a
 * value query past SGSEQ_QUERY_SEARCH_WORK: the definition visits about
 * len^2 / 2 splits per removal that splits (quadratic), sparse space
 * counts its visits, and games without splits are linear. */
int
sgseq_search_costly(const sgseq *s)
{
    uint64_t next = 2 * (uint64_t)s->len;
    if (s->mask != 0) {
        return s->scanned > SGSEQ_QUERY_SEARCH_WORK / 4;
    }
    return sgseq_split_weight(s) != 0 &&
           next / 2 * next >
               SGSEQ_QUERY_SEARCH_WORK / sgseq_split_weight(s);
}
