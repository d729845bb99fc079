/*
 * sgseq_block.c - blocks of 256 heaps: phase A (the splits whose parts
 * are all older than the block, run by run so that the table is read in
 * order) for every heap of the block, on this thread or shared with a
 * second one, then phase B heap by heap. The engine's only file with
 * threads and atomics.
 */
#include "sgseq_impl.h"

#include <stdlib.h>
#include <string.h>
#if !defined(__STDC_NO_THREADS__) && !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#include <threads.h>
#define SGSEQ_THREADS 1
#else
#define SGSEQ_THREADS 0
#endif

/*
 * Blocks. For heap n = base + j of a block starting at base, a split
 * a + b = n - k (a <= b) involves a heap of the block only when
 * b >= base, that is a <= j - k <= j. So all splits with a > j use values
 * known before the block: phase A does that work for every heap of the
 * block, two threads side by side; phase B then finishes the heaps in
 * order with the few splits a <= j and the single-heap options.
 */
/* Runs of a block. */
#define SGSEQ_NRUN (SGSEQ_BLOCK / SGSEQ_RUN)

/*
 * The next block's far marks, made by the worker while this thread runs
 * phase B (sgseq_ahead_post): for each run, the sample's rare heaps whose
 * partners lie 64 heaps or more below the block in phase B, so that they
 * read only values that no store of phase B writes or moves. The
 * snapshot below is all the worker reads.
 */
typedef struct sgseq_ahead {
    sgseq_tab t;
    const uint32_t *rpos;
    const uint16_t *rval;
    size_t base, size, k;  /* the block marked ahead; size 0: none */
    unsigned epoch;        /* s->rare_epoch when it was posted */
    size_t from[SGSEQ_NRUN], mid[SGSEQ_NRUN]; /* the run's sample */
    size_t far[SGSEQ_NRUN];  /* its rare heaps from far on are far */
    size_t done[SGSEQ_NRUN]; /* [far, done) marked */
    unsigned char started[SGSEQ_NRUN]; /* rows cleared */
    int valid;             /* marked ahead for the block in phase A */
} sgseq_ahead;

#if SGSEQ_THREADS
/* A run's heaps for phase A's scans, shared by the threads
 * (sgseq_phase_a_share); a cache line each, so that the thread counting
 * through its own run does not fight the other over the line. */
typedef struct sgseq_run_share {
    atomic_size_t next;   /* the run's next heap to scan */
    atomic_uint ready;    /* the round whose marks of the run are made */
    char pad[64 - sizeof(atomic_size_t) - sizeof(atomic_uint)];
} sgseq_run_share;
#endif

typedef struct sgseq_pool {
    sgseq *s;
    unsigned char *part;  /* phase A marks, SGSEQ_BLOCK rows of `size` */
    unsigned char *ahead_rows; /* the next block's (sgseq_ahead) */
    sgseq_ahead ahead;
    int job_ahead;        /* the posted job is sgseq_ahead_marks */
    unsigned char *scratch; /* a run's rows for each thread (slots) */
    /* 1 at the common values of a heap's view (sgseq_swapped: 0, 1) */
    unsigned char cmap[2][(size_t)1 << SGSEQ_BLOCK_MAXBITS];
    size_t front[SGSEQ_BLOCK]; /* splits a <= front[j] marked */
    size_t cfrom[SGSEQ_BLOCK]; /* common[i] marked in phase A for i below */
    size_t rfrom[SGSEQ_BLOCK]; /* rare[i] settled in phase A for i below */
    unsigned char absent[SGSEQ_BLOCK]; /* some of them are no option */
    unsigned char equal[SGSEQ_BLOCK]; /* a split a > j has G(a) = G(b) */
    size_t cexact[SGSEQ_BLOCK]; /* common values up to this are settled in
                                   phase A's row (SIZE_MAX: all) */
    size_t tfrom[SGSEQ_NRUN], tto[SGSEQ_NRUN];
                          /* a run's rare heaps tested, not marked */
    size_t size;          /* 1 << vbits at phase A */
    size_t base, count;   /* the block */
    uint64_t scanned[2];
    int running;          /* the worker thread exists */
#if SGSEQ_THREADS
    atomic_size_t next;   /* next heap of the block for phase A */
    mtx_t mtx;
    cnd_t cnd;
    atomic_uint posted, finished; /* job numbers */
    atomic_int quit;
    atomic_int ahead_stop; /* phase B is over: sgseq_ahead_marks stops */
    sgseq_run_share runs[SGSEQ_NRUN];
    unsigned round;       /* the block's number, for runs[].ready */
    thrd_t worker;
#endif
} sgseq_pool;

/*
 * The rare heaps r that pair with an older heap m - r for every heap of
 * the run base + j0 .. base + j1 - 1 (base: the block's) and removal k:
 * [*from, *to) of the rare list (empty when *from >= *to). Partner
 * m - r is older than the block iff r > j - k, and r must be below
 * m = base + j - k.
 */
static void
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
static void
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
static size_t
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
static void
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
 * (sgseq_ahead). */
static int
sgseq_ahead_holds(const sgseq *s, const sgseq_pool *pool, size_t j0,
                  size_t len)
{
    return pool->ahead.valid && len == SGSEQ_RUN && s->mask != 0 &&
           s->n4 == 1 && pool->ahead.started[j0 / SGSEQ_RUN];
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

    if (sgseq_ahead_holds(s, pool, j0, SGSEQ_RUN)) {
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

    if (!sgseq_ahead_holds(s, pool, j0, len)) {
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
static void
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
static void
sgseq_phase_a_marks(sgseq_pool *pool, size_t j0, size_t j1,
                    unsigned char *scratch)
{
    sgseq_phase_a_run(pool->s, pool, j0, j1);
    for (size_t j = j0; j < j1; j++) {
        sgseq_phase_a_own(pool->s, pool, j, j0, j1);
    }
    sgseq_phase_a_slots(pool->s, pool, j0, scratch);
}

static size_t
sgseq_run_end(const sgseq_pool *pool, size_t j0)
{
    return j0 + SGSEQ_RUN < pool->count ? j0 + SGSEQ_RUN : pool->count;
}

#if SGSEQ_THREADS
/* The scans of the run from j0 whose marks are made, heap by heap from
 * its shared counter. */
static void
sgseq_phase_a_scans(sgseq_pool *pool, size_t j0, uint64_t *scanned)
{
    atomic_size_t *next = &pool->runs[j0 / SGSEQ_RUN].next;
    size_t len = sgseq_run_end(pool, j0) - j0, i;
    while ((i = atomic_fetch_add(next, 1)) < len) {
        sgseq_phase_a(pool->s, pool, j0 + i, scanned);
    }
}

/*
 * Phase A of the posted block: runs taken from a shared counter (when
 * one thread is slowed, a busy machine, the other does more of the
 * block), each marked and then scanned heap by heap. A thread that finds
 * no run left to take shares the scans of the runs still under way, so
 * that the threads end within a heap's scan of each other, where they
 * ended up to a run's apart (0.5 s of Officers' 13 s to 2^24). A heap's
 * scan starts from its run's marks: the thread that made them publishes
 * them (ready, a release) before any heap of the run is taken.
 */
static void
sgseq_phase_a_share(sgseq_pool *pool, unsigned thread)
{
    uint64_t *scanned = &pool->scanned[thread];
    unsigned char *scratch =
        pool->scratch + ((size_t)thread * SGSEQ_RUN << SGSEQ_BLOCK_MAXBITS);
    size_t j0;
    while ((j0 = atomic_fetch_add(&pool->next, SGSEQ_RUN)) < pool->count) {
        sgseq_phase_a_marks(pool, j0, sgseq_run_end(pool, j0), scratch);
        atomic_store_explicit(&pool->runs[j0 / SGSEQ_RUN].ready, pool->round,
                              memory_order_release);
        sgseq_phase_a_scans(pool, j0, scanned);
    }
    for (j0 = 0; j0 < pool->count; j0 += SGSEQ_RUN) {
        sgseq_run_share *run = &pool->runs[j0 / SGSEQ_RUN];
        if (atomic_load_explicit(&run->next, memory_order_relaxed) >=
            sgseq_run_end(pool, j0) - j0) {
            continue;   /* every heap of it taken */
        }
        while (atomic_load_explicit(&run->ready, memory_order_acquire) !=
               pool->round) {
            continue;   /* its marks are being made */
        }
        sgseq_phase_a_scans(pool, j0, scanned);
    }
}
#else
static void
sgseq_phase_a_share(sgseq_pool *pool, unsigned thread)
{
    unsigned char *scratch = pool->scratch;
    (void)thread;
    for (size_t j0 = 0; j0 < pool->count; j0 += SGSEQ_RUN) {
        size_t j1 = sgseq_run_end(pool, j0);
        sgseq_phase_a_marks(pool, j0, j1, scratch);
        for (size_t j = j0; j < j1; j++) {
            sgseq_phase_a(pool->s, pool, j, &pool->scanned[0]);
        }
    }
}
#endif

static void
sgseq_pool_rows_free(sgseq_pool *pool)
{
    free(pool->part);
    free(pool->ahead_rows);
    free(pool->scratch);
    pool->part = pool->ahead_rows = pool->scratch = NULL;
    pool->ahead.size = 0;
}

/* Phase A's rows, the next block's (sgseq_ahead) and the threads'
 * scratch rows: 0, or -1 when there is no memory for them. */
static int
sgseq_pool_rows(sgseq_pool *pool)
{
    if (pool->part == NULL) {
        pool->part = malloc((size_t)SGSEQ_BLOCK << SGSEQ_BLOCK_MAXBITS);
        pool->ahead_rows = malloc((size_t)SGSEQ_BLOCK << SGSEQ_BLOCK_MAXBITS);
        pool->scratch = malloc((size_t)2 * SGSEQ_RUN << SGSEQ_BLOCK_MAXBITS);
        if (pool->part == NULL || pool->ahead_rows == NULL ||
            pool->scratch == NULL) {
            sgseq_pool_rows_free(pool);
            return -1;
        }
    }
    return 0;
}

#if SGSEQ_THREADS
/*
 * Waits until *word differs from old: spins a little first (a block's
 * phase B is short, and waking a sleeping thread can take longer than
 * that on a busy machine), then sleeps on the condition variable. The
 * writer changes the word under the mutex and broadcasts, so no wakeup
 * is lost.
 */
static unsigned
sgseq_wait(sgseq_pool *pool, atomic_uint *word, unsigned old)
{
    unsigned now;
    for (long spin = 0; spin < SGSEQ_SPIN; spin++) {
        if ((now = atomic_load(word)) != old || atomic_load(&pool->quit)) {
            return now;
        }
    }
    mtx_lock(&pool->mtx);
    while ((now = atomic_load(word)) == old && !atomic_load(&pool->quit)) {
        cnd_wait(&pool->cnd, &pool->mtx);
    }
    mtx_unlock(&pool->mtx);
    return now;
}

static void
sgseq_signal(sgseq_pool *pool, atomic_uint *word, unsigned value)
{
    mtx_lock(&pool->mtx);
    atomic_store(word, value);
    cnd_broadcast(&pool->cnd);
    mtx_unlock(&pool->mtx);
}

/* Rare heaps marked between two looks at ahead_stop: about a
 * microsecond of marks for a run, so that phase B's end waits little. */
#define SGSEQ_AHEAD_CHUNK 64u

/* The worker's marks ahead (sgseq_ahead), run by run, until phase B is
 * over. */
static void
sgseq_ahead_marks(sgseq_pool *pool)
{
    sgseq_ahead *ah = &pool->ahead;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        unsigned char *row = pool->ahead_rows + q * SGSEQ_RUN * ah->size;
        size_t at = ah->base - ah->k + q * SGSEQ_RUN;
        if (atomic_load_explicit(&pool->ahead_stop, memory_order_relaxed)) {
            return;
        }
        memset(row, 0, SGSEQ_RUN * ah->size);
        ah->started[q] = 1;
        while (ah->done[q] < ah->mid[q]) {
            size_t end = ah->mid[q] - ah->done[q] > SGSEQ_AHEAD_CHUNK
                             ? ah->done[q] + SGSEQ_AHEAD_CHUNK
                             : ah->mid[q];
            if (atomic_load_explicit(&pool->ahead_stop,
                                     memory_order_relaxed)) {
                return;
            }
            sgseq_run_marks(&ah->t, row, ah->size, at, ah->rpos, ah->rval,
                            ah->done[q], end);
            ah->done[q] = end;
        }
    }
}

static int
sgseq_worker(void *arg)
{
    sgseq_pool *pool = arg;
    unsigned seen = 0;
    for (;;) {
        seen = sgseq_wait(pool, &pool->posted, seen);
        if (atomic_load(&pool->quit)) {
            break;
        }
        if (pool->job_ahead) {
            sgseq_ahead_marks(pool);
        } else {
            sgseq_phase_a_share(pool, 1);
        }
        sgseq_signal(pool, &pool->finished, seen);
    }
    return 0;
}

/*
 * Phase B is serial, and the worker would wait through it. It marks the
 * next block's far sample instead: the rare heaps r of each run's sample
 * whose partners (at - rpos[r] + j, read with a plane's 8-byte load) lie
 * 64 heaps or more below this block. Phase B writes only this block's
 * values, so those reads meet no store, provided nothing is moved while
 * they run: the table was reserved to its target (the next block within
 * it), the rare list has room for a block of rare heaps, the hot copy
 * does not slide in this block, and the values have at most two planes
 * (the snapshot holds both). Otherwise nothing is posted. The next block
 * takes the rows only when it is the one marked for, with the same row
 * size and rare list (sgseq_ahead_take); marks are ones set in a row, so
 * the row is the same whichever thread sets them and in which order.
 * Returns the job posted, 0 for none.
 */
static unsigned
sgseq_ahead_post(const sgseq *s, sgseq_pool *pool, size_t next)
{
    sgseq_ahead *ah = &pool->ahead;
    unsigned job;

    if (!pool->running || s->mask == 0 || s->n4 != 1 || s->planes > 2 ||
        next + SGSEQ_BLOCK > s->cap || s->rcap - s->nrare < SGSEQ_BLOCK ||
        s->wbase + 2 * s->whot < next) {
        return 0;
    }
    ah->t = sgseq_tab_of(s);
    ah->rpos = s->rpos;
    ah->rval = s->rval;
    ah->base = next;
    ah->size = pool->size;
    ah->k = (size_t)s->k4[0];
    ah->epoch = s->rare_epoch;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        size_t j0 = q * SGSEQ_RUN, to, far;
        sgseq_run_shared(s, next, j0, j0 + SGSEQ_RUN, ah->k, &ah->from[q],
                         &to);
        ah->mid[q] = sgseq_sample_end(s, ah->from[q], to);
        /* Partner + 64 <= next - SGSEQ_BLOCK, at = next - k + j0. */
        far = sgseq_rare_below(s, SGSEQ_BLOCK + 64 + j0);
        ah->far[q] = far > ah->from[q] ? far : ah->from[q];
        ah->done[q] = ah->far[q];
        ah->started[q] = 0;
    }
    atomic_store(&pool->ahead_stop, 0);
    pool->job_ahead = 1;
    job = atomic_load(&pool->posted) + 1;
    sgseq_signal(pool, &pool->posted, job);
    return job;
}

/* Phase B is over: the worker stops marking ahead. */
static void
sgseq_ahead_stop(sgseq_pool *pool, unsigned job)
{
    if (job != 0) {
        atomic_store(&pool->ahead_stop, 1);
        while (sgseq_wait(pool, &pool->finished, job - 1) != job) {
            continue;
        }
    }
}

static void
sgseq_pool_stop(sgseq_pool *pool)
{
    if (pool->running) {
        mtx_lock(&pool->mtx);
        atomic_store(&pool->quit, 1);
        cnd_broadcast(&pool->cnd);
        mtx_unlock(&pool->mtx);
        thrd_join(pool->worker, NULL);
        mtx_destroy(&pool->mtx);
        cnd_destroy(&pool->cnd);
        pool->running = 0;
    }
    sgseq_pool_rows_free(pool);
}

/* Starts the worker; 0, or -1 when threads are not available. */
static int
sgseq_pool_start(sgseq_pool *pool)
{
    if (sgseq_pool_rows(pool) != 0) {
        return -1;
    }
    atomic_init(&pool->next, 0);
    atomic_init(&pool->posted, 0);
    atomic_init(&pool->finished, 0);
    atomic_init(&pool->quit, 0);
    atomic_init(&pool->ahead_stop, 0);
    if (mtx_init(&pool->mtx, mtx_plain) != thrd_success) {
        return -1;
    }
    if (cnd_init(&pool->cnd) != thrd_success) {
        mtx_destroy(&pool->mtx);
        return -1;
    }
    if (thrd_create(&pool->worker, sgseq_worker, pool) != thrd_success) {
        cnd_destroy(&pool->cnd);
        mtx_destroy(&pool->mtx);
        return -1;
    }
    pool->running = 1;
    return 0;
}

#else
static unsigned
sgseq_ahead_post(const sgseq *s, sgseq_pool *pool, size_t next)
{
    (void)s;
    (void)pool;
    (void)next;
    return 0;
}

static void
sgseq_ahead_stop(sgseq_pool *pool, unsigned job)
{
    (void)pool;
    (void)job;
}

static void
sgseq_pool_stop(sgseq_pool *pool)
{
    sgseq_pool_rows_free(pool);
}

static int
sgseq_pool_start(sgseq_pool *pool)
{
    (void)pool;
    return -1;
}
#endif

/* The least common value of cl from index i on that is not marked; none
 * when all are. */
static uint32_t
sgseq_least_unmarked(const sgseq_view *cl, size_t i,
                     const unsigned char *mark, uint32_t none)
{
    for (; i < cl->ncommon; i++) {
        if (!mark[cl->common[i]]) {
            return cl->common[i];
        }
    }
    return none;
}

/*
 * Phase B's splits of heap n = base + j: a + b = n - k with a <= j (b in
 * the block or just before it). Every one when all is set; otherwise
 * only those with a rare part, a or b, which give every common value
 * these splits have: a pair of common heaps, or of two rare ones, gives
 * a rare value (docs/theory.md 3), and rare values are wanted only when
 * phase B looks below c for them, 2.7% of Officers' heaps to 2^24. The
 * rest then cost a mark each, 128 a heap on average.
 */
static void
sgseq_phase_b_splits(const sgseq *s, size_t n, size_t j, int all,
                     unsigned char *mark)
{
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i], hi = j < m / 2 ? j : m / 2;
        if (hi == 0) {
            continue;
        }
        if (all) {
            sgseq_mark_range(s, m, 1, hi, mark);
            continue;
        }
        /* a rare (1 <= a <= hi), then b rare (m - hi <= b < m). */
        sgseq_rare_pairs(s, m, 0, sgseq_rare_below(s, hi + 1), mark);
        sgseq_rare_pairs(s, m, sgseq_rare_below(s, m - hi),
                         sgseq_rare_below(s, m), mark);
    }
}

/* Phase B for heap base + j: the splits with a <= j (those with a rare
 * part first), the single-heap options, then c and the rare values below
 * it as in sgseq_sparse, scanning on from where phase A stopped if one is
 * still missing. */
static uint32_t
sgseq_phase_b(sgseq *s, const sgseq_pool *pool, size_t j)
{
    unsigned char *mark = s->mark;
    sgseq_tab t = sgseq_tab_of(s);
    size_t n = pool->base + j, size = (size_t)1 << s->vbits;
    size_t nmiss = 0, front;
    uint32_t c = (uint32_t)size;
    sgseq_view cl = sgseq_view_of(s, n);

    memcpy(mark, pool->part + j * pool->size, pool->size);
    memset(mark + pool->size, 0, size - pool->size);
    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            mark[sgseq_tab_get(&t, n - (size_t)s->k2[i])] = 1;
        }
    }
    for (size_t i = 0; i < s->n1; i++) {
        if (s->k1[i] == n) {
            mark[0] = 1;
        }
    }
    sgseq_phase_b_splits(s, n, j, s->mask == 0, mark);
    if (s->mask == 0) {
        /* The definition: every option is marked; the mex. */
        for (size_t v = 0; v < size; v++) {
            if (!mark[v]) {
                return (uint32_t)v;
            }
        }
        return c;
    }
    /* Phase A saw the common values before cfrom and settled the rare
     * values before rfrom (both lists ascending; a grown vbits only
     * appends): each was marked, or, when absent, seen in no split a > j.
     * One of those still unmarked is no option at all, and below c
     * (below the least unmarked common value of phase A), so the least
     * is G(n). */
    c = sgseq_least_unmarked(&cl, pool->cfrom[j], mark, c);
    if (c > pool->cexact[j]) {
        /* Past phase A's slots: the row needs the pairs only tested. */
        size_t run = j / SGSEQ_RUN;
        sgseq_rare_pairs(s, n - (size_t)s->k4[0], pool->tfrom[run],
                         pool->tto[run], mark);
        c = sgseq_least_unmarked(&cl, pool->cfrom[j], mark, (uint32_t)size);
    }
    if (pool->absent[j] ||
        (pool->rfrom[j] < cl.nrare && cl.rare[pool->rfrom[j]] < c)) {
        /* Rare values below c are looked for: the pairs of common heaps
         * have them too. */
        sgseq_phase_b_splits(s, n, j, 1, mark);
    }
    for (size_t i = 0; pool->absent[j] && i < pool->rfrom[j]; i++) {
        if (!mark[cl.rare[i]]) {
            return cl.rare[i];
        }
    }
    /* Rare values from rfrom up to c were not looked for in phase A: the
     * splits marked there have some, and the scan goes on after them. */
    for (size_t i = pool->rfrom[j]; i < cl.nrare && cl.rare[i] < c; i++) {
        if (!mark[cl.rare[i]]) {
            s->miss[nmiss++] = cl.rare[i];
        }
    }
    if (nmiss == 0) {
        return c;
    }
    s->full_scans++;
    nmiss = sgseq_scan(s, n, pool->front[j] + 1, mark, s->miss, nmiss,
                       &s->scanned, &front);
    return nmiss > 0 ? s->miss[0] : c;
}

/* Rare heaps from which a block pays on one thread: its phase A reads
 * the table in order for a run of heaps at once, which beats heap by heap
 * when there are many rare heaps (0.6 with 1583 at 2^20: 10% faster;
 * 0.007 with 22460: 20%), and costs a few per cent with few (0.161 with
 * 488). Two threads always share the blocks. */
#define SGSEQ_BLOCK_ONE_RARE 1024u

/* Whether heap n starts a block (phase A run by run over the block, on
 * one thread or two, then phase B heap by heap). */
int
sgseq_use_block(const sgseq *s, size_t n)
{
    if (s->threads < 2 && (s->mask == 0 || s->nrare < SGSEQ_BLOCK_ONE_RARE)) {
        return 0;
    }
    /* SGSEQ_PLAIN stays the literal definition, one heap at a time. */
    return s->method != SGSEQ_PLAIN && s->cls == NULL &&
           (s->mask == 0 || s->vbits > 6) &&
           s->vbits <= SGSEQ_BLOCK_MAXBITS && n >= SGSEQ_BLOCK_FROM &&
           n % SGSEQ_BLOCK == 0;
}

/* The block's maps of common values (the slots'), for both views. */
static void
sgseq_pool_cmap(sgseq_pool *pool)
{
    const sgseq *s = pool->s;
    memset(pool->cmap[0], 0, pool->size);
    memset(pool->cmap[1], 0, pool->size);
    for (size_t i = 0; i < s->ncommon; i++) {
        pool->cmap[0][s->common[i]] = 1;
    }
    for (size_t i = 0; i < s->nrarev; i++) {
        pool->cmap[1][s->rare[i]] = 1;
    }
}

/* The rows marked ahead become this block's when they were marked for
 * it, with its row size and rare list (sgseq_ahead_post). */
static void
sgseq_ahead_take(const sgseq *s, sgseq_pool *pool)
{
    sgseq_ahead *ah = &pool->ahead;
    ah->valid = ah->size != 0 && ah->base == pool->base &&
                ah->size == pool->size && ah->epoch == s->rare_epoch;
    if (ah->valid) {
        unsigned char *rows = pool->part;
        pool->part = pool->ahead_rows;
        pool->ahead_rows = rows;
    }
    ah->size = 0;
}

/* Heaps base .. base + count - 1 by phases A and B. Returns as
 * sgseq_store; on failure to start threads, 2 (the caller goes on one
 * heap at a time). */
int
sgseq_block(sgseq *s, sgseq_pool *pool, size_t base, size_t count)
{
    unsigned ahead;

    if (s->threads >= 2 && !pool->running && sgseq_pool_start(pool) != 0) {
        s->threads = 1;   /* no second thread: the block on this one */
    }
    if (sgseq_pool_rows(pool) != 0) {
        return 2;
    }
    pool->s = s;
    pool->base = base;
    pool->count = count;
    pool->size = (size_t)1 << s->vbits;
    if (s->mask != 0 && s->n4 == 1) {
        sgseq_pool_cmap(pool);
    }
    sgseq_ahead_take(s, pool);
#if SGSEQ_THREADS
    pool->round++;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        atomic_store(&pool->runs[q].next, 0);
    }
    if (pool->running) {
        unsigned job = atomic_load(&pool->posted) + 1;
        pool->job_ahead = 0;
        atomic_store(&pool->next, 0);
        sgseq_signal(pool, &pool->posted, job);
        sgseq_phase_a_share(pool, 0);
        while (sgseq_wait(pool, &pool->finished, job - 1) != job) {
            continue;
        }
    } else {
        atomic_store(&pool->next, 0);
        sgseq_phase_a_share(pool, 0);
    }
#else
    sgseq_phase_a_share(pool, 0);
#endif
    s->scanned += pool->scanned[0] + pool->scanned[1];
    pool->scanned[0] = pool->scanned[1] = 0;
    ahead = sgseq_ahead_post(s, pool, base + count);
    for (size_t j = 0; j < count; j++) {
        uint32_t v = sgseq_phase_b(s, pool, j);
        /* sgseq_unequal, with the splits a > j seen in phase A. */
        if (sgseq_unequal_rule(s, base + j) && !pool->equal[j] &&
            !sgseq_equal_pair(s, base + j, 1, j)) {
            v = 0;
        }
        int r = sgseq_store(s, base + j, v);
        if (r != 0) {
            sgseq_ahead_stop(pool, ahead);
            return r;
        }
    }
    sgseq_ahead_stop(pool, ahead);
    return 0;
}

sgseq_pool *
sgseq_pool_new(void)
{
    return calloc(1, sizeof(sgseq_pool));
}

void
sgseq_pool_free(sgseq_pool *pool)
{
    if (pool != NULL) {
        sgseq_pool_stop(pool);
        free(pool);
    }
}
