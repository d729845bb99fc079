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

/* Bytes charged per heap: the table and lists, and sgclass's rows. */
uint64_t
sgseq_heap_bytes(const sgseq *s)
{
    return SGSEQ_BYTES_PER_VALUE +
           (s->cls != NULL ? sgclass_bytes_per_heap(s->cls, s->vbits) : 0);
}

/* Table length the memory limit allows. */
uint64_t
sgseq_max_len(const sgseq *s, const sgseq_env *env)
{
    uint64_t m = env->memory_limit / sgseq_heap_bytes(s);
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
