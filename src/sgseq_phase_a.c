/*
 * sgseq_phase_a.c - phase A of a block (sgseq_block.c): for a run of
 * SGSEQ_RUN heaps, the marks of their pairs with rare heaps older than
 * the block, a sample marked and the rest tested against each heap's
 * slots; then, heap by heap, c and the scan for the rare values below
 * it. Whichever thread runs a piece, its marks are the same.
 */
#include "sgseq_pool.h"

#include <stdlib.h>
#include <string.h>

/*
 * The rare heaps r that pair with an older heap m - r for every heap of
 * the run base + j0 .. base + j1 - 1 (base: the block's) and removal k:
 * [*from, *to) of the rare list (empty when *from >= *to). Partner
 * m - r is older than the block iff r > j - k, and r must be below
 * m = base + j - k.
 */
void
sgseq_run_shared(const sgseq *s, size_t base, size_t j0, size_t j1,
                 size_t k, size_t *from, size_t *to)
{
    size_t last = j1 - 1;
    *from = k <= last ? sgseq_rare_below(s, last - k + 1) : 0;
    *to = sgseq_splits(k, base + j0) ? sgseq_rare_below(s, base + j0 - k)
                                     : 0;
}

/* Bit j of sgseq_lane[j]: a plane's 32 bits spread over a run. */
static const uint32_t sgseq_lane[SGSEQ_RUN] = {
    0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400,
    0x800, 0x1000, 0x2000, 0x4000, 0x8000, 0x10000, 0x20000, 0x40000,
    0x80000, 0x100000, 0x200000, 0x400000, 0x800000, 0x1000000,
    0x2000000, 0x4000000, 0x8000000, 0x10000000, 0x20000000,
    0x40000000, 0x80000000,
};

/* row[idx[j]] = 1 for the run's 32 places, written out eight a step:
 * then the compiler takes each place from a vector register, where a
 * loop over j stored the places on the stack and read them back (0.52
 * against 0.35 ns a mark in a test of this loop alone on Officers'
 * values). */
static inline void
sgseq_mark32(unsigned char *row, const uint32_t idx[SGSEQ_RUN])
{
    for (size_t j = 0; j < SGSEQ_RUN; j += 8) {
        row[idx[j]] = 1;
        row[idx[j + 1]] = 1;
        row[idx[j + 2]] = 1;
        row[idx[j + 3]] = 1;
        row[idx[j + 4]] = 1;
        row[idx[j + 5]] = 1;
        row[idx[j + 6]] = 1;
        row[idx[j + 7]] = 1;
    }
}

/*
 * The marks of a run of SGSEQ_RUN heaps for the rare heaps r of [from,
 * to): heap j of the run pairs r with heap at - rpos[r] + j, so row j
 * gets G(at - rpos[r] + j) ^ rval[r], at off[j] ^ that value (every
 * value is below the rows' length, a power of two, so offset and value
 * share no bit and XOR adds them). For each r, the 32 places are formed
 * first in loops of a fixed length the compiler unrolls and vectorises
 * (the low bytes or the recent hot copy's 16-bit values, then each
 * plane's bit j moved to bit SGSEQ_LO_BITS + q of lane j by a compare
 * with sgseq_lane), then stored by sgseq_mark32. The row offsets and the
 * hot copy are locals: through t or a parameter, the compiler would read
 * them again after every store through row (a char pointer, which may
 * alias them) and keep the places on the stack; Officers to 2^22 on one
 * thread took 11.3 s of CPU that way, 8.6 s now.
 * (A table look-up for eight lanes of a plane into 16-bit values, then a
 * loop of the run's length for the marks, took 4.4G instructions of
 * phase A at 2^18 heaps of Officers, main's 16-bit table 3.0G; this
 * 2.2G.)
 */
void
sgseq_run_marks(const sgseq_tab *t, unsigned char *row, size_t size,
                size_t at, const uint32_t *rpos, const uint16_t *rval,
                size_t from, size_t to)
{
    const uint16_t *wtop = t->wtop;
    const size_t wbase = t->wbase;
    uint32_t off[SGSEQ_RUN];
    size_t r = from;

    for (size_t j = 0; j < SGSEQ_RUN; j++) {
        off[j] = (uint32_t)(j * size);
    }
    /* Rare heaps ascending: partners descending, the hot copy's first. */
    for (; r < to && at - rpos[r] >= wbase; r++) {
        const uint16_t *h = wtop + (at - rpos[r] - wbase);
        uint32_t idx[SGSEQ_RUN], v = rval[r];
        for (size_t j = 0; j < SGSEQ_RUN; j++) {
            idx[j] = off[j] ^ v ^ h[j];
        }
        sgseq_mark32(row, idx);
    }
    for (; r < to; r++) {
        uint32_t idx[SGSEQ_RUN], v = rval[r];
        size_t a = at - rpos[r];
        const unsigned char *p = t->lo + a;
        for (size_t j = 0; j < SGSEQ_RUN; j++) {
            idx[j] = off[j] ^ v ^ p[j];
        }
        for (unsigned q = 0; q < t->planes; q++) {
            const uint64_t *plane = q == 0   ? t->h0
                                    : q == 1 ? t->h1
                                             : t->s->ghi[q];
            uint32_t hb = sgseq_plane_bits32(plane, a);
            uint32_t bit = 1u << (SGSEQ_LO_BITS + q);
            for (size_t j = 0; j < SGSEQ_RUN; j++) {
                idx[j] ^= (hb & sgseq_lane[j]) != 0 ? bit : 0;
            }
        }
        sgseq_mark32(row, idx);
    }
}

/*
 * A sample of the rare heaps, and slots. A common value is an option
 * once one rare heap's pair has it, and most of the values below c (the
 * least common value that is no option) are had by many pairs: Officers'
 * 1583 rare heaps give each some six times. So the first SGSEQ_SAMPLE
 * rare heaps of a run are marked as above, and the rest only tested
 * against the first SGSEQ_SLOTS common values the sample left unmarked
 * in each heap's row (its slots): a compare a slot where a mark is a
 * store. The values found are marked; the first slot none of the pairs
 * has is c, and the row is exact for the common values up to its last
 * slot (cexact). A heap whose every slot is found (c lies beyond them)
 * has the rest of its pairs marked one by one, as is a heap whose phase
 * B fills its row past cexact (sgseq_phase_b). Which values are marked
 * follows from the rules alone, whichever kernel runs, so the work
 * counted is the same on every machine.
 * One splitting removal only (Officers, Grundy's game: most of the rare
 * heaps); with several the runs mark every pair.
 */
#ifndef SGSEQ_SAMPLE
#define SGSEQ_SAMPLE 1024u
#endif
#ifndef SGSEQ_SLOTS
#define SGSEQ_SLOTS 8u
#endif
/* A slot's value when a heap has fewer unmarked common values: above
 * every value a block's table holds (SGSEQ_BLOCK_MAXBITS). */
#define SGSEQ_NO_SLOT 0xffffu

/* The end of a run's sample in the rare list [from, to): to when the
 * whole run is marked. */
size_t
sgseq_sample_end(const sgseq *s, size_t from, size_t to)
{
    if (s->n4 != 1 || to <= from || to - from <= SGSEQ_SAMPLE + SGSEQ_RUN) {
        return to;
    }
    return from + SGSEQ_SAMPLE;
}

/* Marks G(m - rpos[r]) ^ rval[r] for the rare heaps r of [from, to): a
 * heap's pairs one by one. (Local copies of the table: stores through
 * row, a char pointer, could alias s.) */
void
sgseq_rare_pairs(const sgseq *s, size_t m, size_t from, size_t to,
                 unsigned char *row)
{
    sgseq_tab t = sgseq_tab_of(s);
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    for (size_t r = from; r < to; r++) {
        row[sgseq_tab_get(&t, m - rpos[r]) ^ rval[r]] = 1;
    }
}

/*
 * The slot test: hit[q][j] becomes all ones when some rare heap r of
 * [from, to) has G(at - rpos[r] + j) ^ rval[r] = slot[q][j], else 0.
 * With AVX-512, a compare a slot for the run's 32 heaps at once, each
 * narrowing a mask of the heaps that have not had the value; elsewhere
 * the pairs are marked in scratch rows (as many stores as before the
 * slots) and the slots read from them, so both take the same values.
 */
#if SGSEQ_AVX512
/* G(a + j) for j < SGSEQ_RUN, from the compact table. */
static void
sgseq_run_values(const sgseq_tab *t, size_t a, uint16_t x[SGSEQ_RUN])
{
    const unsigned char *p = t->lo + a;
    for (size_t j = 0; j < SGSEQ_RUN; j++) {
        x[j] = p[j];
    }
    for (unsigned q = 0; q < t->planes; q++) {
        const uint64_t *plane = q == 0   ? t->h0
                                : q == 1 ? t->h1
                                         : t->s->ghi[q];
        uint32_t hb = sgseq_plane_bits32(plane, a);
        for (size_t j = 0; j < SGSEQ_RUN; j++) {
            x[j] = (uint16_t)(x[j] | (hb >> j & 1u) << (SGSEQ_LO_BITS + q));
        }
    }
}

__attribute__((target("avx512f,avx512bw"))) static void
sgseq_slots_avx512(const sgseq_tab *t, size_t at, const uint32_t *rpos,
                   const uint16_t *rval, size_t from, size_t to,
                   uint16_t slot[SGSEQ_SLOTS][SGSEQ_RUN],
                   uint16_t hit[SGSEQ_SLOTS][SGSEQ_RUN])
{
    __m512i w[SGSEQ_SLOTS];
    __mmask32 none[SGSEQ_SLOTS];
    size_t r = from;
    for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
        w[q] = _mm512_loadu_si512(slot[q]);
        none[q] = ~(__mmask32)0;
    }
    for (; r < to && at - rpos[r] >= t->wbase; r++) {
        __m512i x = _mm512_xor_si512(
            _mm512_loadu_si512(t->wtop + (at - rpos[r] - t->wbase)),
            _mm512_set1_epi16((short)rval[r]));
        for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
            none[q] = _mm512_mask_cmpneq_epi16_mask(none[q], x, w[q]);
        }
    }
    for (; r < to; r++) {
        uint16_t v[SGSEQ_RUN];
        __m512i x;
        sgseq_run_values(t, at - rpos[r], v);
        x = _mm512_xor_si512(_mm512_loadu_si512(v),
                             _mm512_set1_epi16((short)rval[r]));
        for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
            none[q] = _mm512_mask_cmpneq_epi16_mask(none[q], x, w[q]);
        }
    }
    for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
        _mm512_storeu_si512(hit[q], _mm512_movm_epi16(~none[q]));
    }
}
#endif

static void
sgseq_slots_test(const sgseq_tab *t, unsigned char *scratch, size_t size,
                 size_t at, const uint32_t *rpos, const uint16_t *rval,
                 size_t from, size_t to,
                 uint16_t slot[SGSEQ_SLOTS][SGSEQ_RUN],
                 uint16_t hit[SGSEQ_SLOTS][SGSEQ_RUN])
{
#if SGSEQ_AVX512
    if (sgseq_have_avx512()) {
        sgseq_slots_avx512(t, at, rpos, rval, from, to, slot, hit);
        return;
    }
#endif
    memset(scratch, 0, SGSEQ_RUN * size);
    sgseq_run_marks(t, scratch, size, at, rpos, rval, from, to);
    for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
        for (size_t j = 0; j < SGSEQ_RUN; j++) {
            hit[q][j] = slot[q][j] != SGSEQ_NO_SLOT &&
                                scratch[j * size + slot[q][j]] != 0
                            ? 0xffffu
                            : 0u;
        }
    }
}

/* The place of z's lowest nonzero byte in memory (z != 0, read from
 * there by memcpy; its bytes are 0 or 1). */
static inline size_t
sgseq_low_byte(uint64_t z)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) &&                        \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (size_t)__builtin_ctzll(z) >> 3;
#else
    unsigned char b[8];
    size_t i = 0;
    memcpy(b, &z, sizeof b);
    while (b[i] == 0) {
        i++;
    }
    return i;
#endif
}

/* The first SGSEQ_SLOTS common values of cmap that row leaves unmarked,
 * into slot[q][j]; returns how many there are. Eight values a step: the
 * common and unmarked ones are the nonzero bytes of cmap & ~row (rows
 * hold 0 and 1). */
static size_t
sgseq_first_slots_plain(const unsigned char *cmap, const unsigned char *row,
                        size_t size, uint16_t slot[][SGSEQ_RUN], size_t j)
{
    size_t q = 0;
    for (size_t v = 0; v < size && q < SGSEQ_SLOTS; v += 8) {
        uint64_t c, r, z;
        memcpy(&c, cmap + v, sizeof c);
        memcpy(&r, row + v, sizeof r);
        for (z = c & ~r; z != 0 && q < SGSEQ_SLOTS; z &= z - 1) {
            slot[q++][j] = (uint16_t)(v + sgseq_low_byte(z));
        }
    }
    return q;
}

#if SGSEQ_AVX512
/* The same, 64 values a step (size is a multiple of 64: blocks have
 * values of 7 bits or more, sgseq_use_block). The first slot lies near
 * c, a hundred values and more up for Officers, so eight a step took
 * most of the slots' own time. */
__attribute__((target("avx512f,avx512bw"))) static size_t
sgseq_first_slots_avx512(const unsigned char *cmap, const unsigned char *row,
                         size_t size, uint16_t slot[][SGSEQ_RUN], size_t j)
{
    size_t q = 0;
    for (size_t v = 0; v < size && q < SGSEQ_SLOTS; v += 64) {
        __m512i c = _mm512_loadu_si512(cmap + v);
        __m512i r = _mm512_loadu_si512(row + v);
        __mmask64 z =
            _mm512_mask_testn_epi8_mask(_mm512_test_epi8_mask(c, c), r, r);
        for (; z != 0 && q < SGSEQ_SLOTS; z &= z - 1) {
            slot[q++][j] = (uint16_t)(v + (size_t)__builtin_ctzll(z));
        }
    }
    return q;
}
#endif

static size_t
sgseq_first_slots(const unsigned char *cmap, const unsigned char *row,
                  size_t size, uint16_t slot[][SGSEQ_RUN], size_t j)
{
#if SGSEQ_AVX512
    if (size % 64 == 0 && sgseq_have_avx512()) {
        return sgseq_first_slots_avx512(cmap, row, size, slot, j);
    }
#endif
    return sgseq_first_slots_plain(cmap, row, size, slot, j);
}

/* The slots of the run of SGSEQ_RUN heaps from j0 (after its sample's
 * marks and each heap's own): see above. */
static void
sgseq_phase_a_slots(const sgseq *s, sgseq_pool *pool, size_t j0,
                    unsigned char *scratch)
{
    size_t from = pool->tfrom[j0 / SGSEQ_RUN], to = pool->tto[j0 / SGSEQ_RUN];
    size_t size = pool->size, k = (size_t)s->k4[0];
    uint16_t slot[SGSEQ_SLOTS][SGSEQ_RUN], hit[SGSEQ_SLOTS][SGSEQ_RUN];
    sgseq_tab t = sgseq_tab_of(s);

    if (from >= to) {
        return;
    }
    for (size_t j = 0; j < SGSEQ_RUN; j++) {
        const unsigned char *row = pool->part + (j0 + j) * size;
        const unsigned char *cmap =
            pool->cmap[sgseq_swapped(s, pool->base + j0 + j)];
        size_t q = sgseq_first_slots(cmap, row, size, slot, j);
        pool->cexact[j0 + j] =
            q < SGSEQ_SLOTS ? SIZE_MAX : slot[SGSEQ_SLOTS - 1][j];
        for (; q < SGSEQ_SLOTS; q++) {
            slot[q][j] = SGSEQ_NO_SLOT;
        }
    }
    sgseq_slots_test(&t, scratch, size, pool->base - k + j0, s->rpos,
                     s->rval, from, to, slot, hit);
    for (size_t j = 0; j < SGSEQ_RUN; j++) {
        unsigned char *row = pool->part + (j0 + j) * size;
        size_t found = 0;
        for (size_t q = 0; q < SGSEQ_SLOTS; q++) {
            if (hit[q][j] != 0) {
                row[slot[q][j]] = 1;
                found++;
            }
        }
        if (found == SGSEQ_SLOTS) {
            /* c lies beyond the slots: the heap's other pairs. */
            sgseq_rare_pairs(s, pool->base + j0 + j - k, from, to, row);
            pool->cexact[j0 + j] = SIZE_MAX;
        }
    }
}

/* Whether the run of len heaps from j0 was cleared and marked ahead
 * (sgseq_ahead). Marks ahead are posted only under a mask and with one
 * splitting removal, and taken only with the rare list they were made
 * from (a new mask rebuilds it), so started[] says it all. */
static int
sgseq_ahead_holds(const sgseq_pool *pool, size_t j0, size_t len)
{
    return len == SGSEQ_RUN && pool->ahead.started[j0 / SGSEQ_RUN];
}

/* The marks of the sample [from, mid) of the full run from j0 (table
 * position at), without those the worker made ahead. */
static void
sgseq_run_sample(const sgseq *s, const sgseq_tab *t, sgseq_pool *pool,
                 size_t j0, size_t at, size_t from, size_t mid)
{
    const sgseq_ahead *ah = &pool->ahead;
    size_t q = j0 / SGSEQ_RUN, size = pool->size;
    unsigned char *row = pool->part + j0 * size;

    if (sgseq_ahead_holds(pool, j0, SGSEQ_RUN)) {
        if (ah->from[q] == from && ah->mid[q] == mid) {
            size_t far = ah->far[q] < mid ? ah->far[q] : mid;
            sgseq_run_marks(t, row, size, at, s->rpos, s->rval, from, far);
            sgseq_run_marks(t, row, size, at, s->rpos, s->rval,
                            ah->done[q], mid);
            return;
        }
        /* Phase B added rare heaps that moved the sample: all again. */
        memset(row, 0, SGSEQ_RUN * size);
    }
    sgseq_run_marks(t, row, size, at, s->rpos, s->rval, from, mid);
}

/*
 * Phase A's rare-heap marks for a run of SGSEQ_RUN heaps at once: for
 * each rare heap r, the partners m - r of consecutive heaps are
 * consecutive in the table, so the run reads the table in order, and its
 * rows stay in the first-level cache. Heap by heap, each rare heap was a
 * read far from the last one, and those reads were half of phase A.
 */
static void
sgseq_phase_a_run(const sgseq *s, sgseq_pool *pool, size_t j0, size_t j1)
{
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    sgseq_tab t = sgseq_tab_of(s);
    size_t size = pool->size, len = j1 - j0;
    unsigned char *row = pool->part + j0 * size;

    if (!sgseq_ahead_holds(pool, j0, len)) {
        memset(row, 0, len * size);
    }
    pool->tfrom[j0 / SGSEQ_RUN] = pool->tto[j0 / SGSEQ_RUN] = 0;
    if (s->mask == 0) {
        return;
    }
    for (size_t i = 0; i < s->n4; i++) {
        size_t k = (size_t)s->k4[i], from, to;
        /* Heap base + j pairs r with base + j - k - r. */
        size_t at = pool->base - k + j0;
        sgseq_run_shared(s, pool->base, j0, j1, k, &from, &to);
        if (len == SGSEQ_RUN) {
            size_t mid = sgseq_sample_end(s, from, to);
            pool->tfrom[j0 / SGSEQ_RUN] = mid;
            pool->tto[j0 / SGSEQ_RUN] = to;
            sgseq_run_sample(s, &t, pool, j0, at, from, mid);
            continue;
        }
        /* A short run: a block's last, never with SGSEQ_BLOCK heaps a
         * block. */
        for (size_t r = from; r < to; r++) {
            for (size_t j = 0; j < len; j++) {
                row[j * size +
                    (sgseq_tab_get(&t, at - rpos[r] + j) ^ rval[r])] = 1;
            }
        }
    }
}

/*
 * Phase A for heap base + j (of the run j0 .. j1 - 1) into row: the
 * option values of the splits with a > j, as in sgseq_sparse: every rare
 * heap pairing with a heap known before the block (those shared by the
 * whole run were marked by sgseq_phase_a_run), then splits from a = j + 1
 * up until each rare value below the least missing common value has been
 * seen. Phase B may fill that value and then scans on for the few rare
 * values above it.
 */
static void
sgseq_phase_a_own(const sgseq *s, sgseq_pool *pool, size_t j, size_t j0,
                  size_t j1)
{
    size_t n = pool->base + j;
    unsigned char *row = pool->part + j * pool->size;

    pool->cexact[j] = SIZE_MAX;
    if (s->mask == 0) {
        return;
    }
    for (size_t i = 0; i < s->n4; i++) {
        size_t k = (size_t)s->k4[i], from, to;
        if (sgseq_splits(k, n)) {
            size_t m = n - k, nr = sgseq_rare_below(s, m);
            /* Partner m - r is older than the block iff r > j - k. */
            size_t first = k <= j ? sgseq_rare_below(s, j - k + 1) : 0;
            sgseq_run_shared(s, pool->base, j0, j1, k, &from, &to);
            if (from >= to) {
                from = to = nr;
            }
            sgseq_rare_pairs(s, m, first, from, row);
            sgseq_rare_pairs(s, m, to > first ? to : first, nr, row);
        }
    }
}

/*
 * Heap base + j's row after its rare-heap marks: c, its least unmarked
 * common value (the size when none is), the common values below c
 * (cfrom[j]) and the rare ones (rfrom[j]), and the rare values below c
 * left unmarked, ascending, into miss; returns how many.
 */
static size_t
sgseq_below_c_plain(const sgseq *s, sgseq_pool *pool, size_t j,
                    uint16_t *miss)
{
    const unsigned char *row = pool->part + j * pool->size;
    sgseq_view cl = sgseq_view_of(s, pool->base + j);
    size_t limit = pool->size, nmiss = 0;

    pool->cfrom[j] = cl.ncommon;
    for (size_t i = 0; i < cl.ncommon; i++) {
        if (!row[cl.common[i]]) {
            limit = cl.common[i];
            pool->cfrom[j] = i;
            break;
        }
    }
    pool->rfrom[j] = 0;
    for (size_t i = 0; i < cl.nrare && cl.rare[i] < limit; i++) {
        if (!row[cl.rare[i]]) {
            miss[nmiss++] = cl.rare[i];
        }
        pool->rfrom[j] = i + 1;
    }
    return nmiss;
}

#if SGSEQ_AVX512
/* The same from the block's maps of common values (one view's common
 * values are the other's rare ones), 64 values a step: the lists were
 * read a value at a time, a hundred and more of each below c. */
__attribute__((target("avx512f,avx512bw"))) static size_t
sgseq_below_c_avx512(const sgseq *s, sgseq_pool *pool, size_t j,
                     uint16_t *miss)
{
    const unsigned char *row = pool->part + j * pool->size;
    int view = sgseq_swapped(s, pool->base + j) != 0;
    const unsigned char *cmap = pool->cmap[view], *rmap = pool->cmap[!view];
    size_t ncommon = 0, nrare = 0, nmiss = 0;

    for (size_t v = 0; v < pool->size; v += 64) {
        __m512i c = _mm512_loadu_si512(cmap + v);
        __m512i r = _mm512_loadu_si512(rmap + v);
        __m512i m = _mm512_loadu_si512(row + v);
        __mmask64 cm = _mm512_test_epi8_mask(c, c);
        __mmask64 rm = _mm512_test_epi8_mask(r, r);
        __mmask64 marked = _mm512_test_epi8_mask(m, m);
        __mmask64 open = cm & ~marked, below = ~(__mmask64)0;
        if (open != 0) {
            /* c = v + the first open place: only the places below it. */
            below = ((__mmask64)1 << __builtin_ctzll(open)) - 1;
        }
        ncommon += (size_t)__builtin_popcountll(cm & below);
        nrare += (size_t)__builtin_popcountll(rm & below);
        for (__mmask64 z = rm & ~marked & below; z != 0; z &= z - 1) {
            miss[nmiss++] = (uint16_t)(v + (size_t)__builtin_ctzll(z));
        }
        if (open != 0) {
            break;
        }
    }
    pool->cfrom[j] = ncommon;
    pool->rfrom[j] = nrare;
    return nmiss;
}
#endif

static size_t
sgseq_below_c(const sgseq *s, sgseq_pool *pool, size_t j, uint16_t *miss)
{
#if SGSEQ_AVX512
    /* The maps are made for one splitting removal (sgseq_block). */
    if (s->n4 == 1 && pool->size % 64 == 0 && sgseq_have_avx512()) {
        return sgseq_below_c_avx512(s, pool, j, miss);
    }
#endif
    return sgseq_below_c_plain(s, pool, j, miss);
}

/* The rest of phase A for heap base + j, after the marks of its pairs
 * with rare heaps (sgseq_phase_a_own, sgseq_phase_a_slots). */
void
sgseq_phase_a(const sgseq *s, sgseq_pool *pool, size_t j, uint64_t *scanned)
{
    size_t n = pool->base + j, size = pool->size, nmiss;
    unsigned char *row = pool->part + j * size;
    uint16_t miss[(size_t)1 << SGSEQ_BLOCK_MAXBITS];

    /* Grundy's game: the splits a > j for the unequal-split rule here,
     * on both threads, where a pair is almost always found; phase B
     * looks at a <= j only when none is (sgseq_block). */
    pool->equal[j] = (unsigned char)(sgseq_unequal_rule(s, n) &&
                                     sgseq_equal_pair(s, n, j + 1, SIZE_MAX));
    if (s->mask == 0) {
        /* The definition: every split with a > j. */
        sgseq_mark_splits(s, n, j + 1, row);
        pool->front[j] = sgseq_top(s, n);
        return;
    }
    nmiss = sgseq_below_c(s, pool, j, miss);
    nmiss = sgseq_scan(s, n, j + 1, row, miss, nmiss, scanned,
                       &pool->front[j]);
    /* Values still missing were looked for over every split a > j: they
     * are options only if a split of phase B has them. */
    pool->absent[j] = nmiss > 0;
}

/* The rare-heap marks of the run j0 .. j1 - 1, together and heap by
 * heap, and its slots: all that its heaps' scans start from. */
void
sgseq_phase_a_marks(sgseq_pool *pool, size_t j0, size_t j1,
                    unsigned char *scratch)
{
    sgseq_phase_a_run(pool->s, pool, j0, j1);
    for (size_t j = j0; j < j1; j++) {
        sgseq_phase_a_own(pool->s, pool, j, j0, j1);
    }
    sgseq_phase_a_slots(pool->s, pool, j0, scratch);
}

