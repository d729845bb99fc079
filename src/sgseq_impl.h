/*
 * sgseq_impl.h - what the files of the Grundy-sequence engine share (not
 * part of libgrundy's interface): the sequence struct, its constants, a
 * few one-line helpers, and what each part offers the others.
 *   sgseq.c         driver and public API (sgseq.h): rules, the compute
 *                   loop, values, periods, saved tables, error texts
 *   sgseq_sparse.c  sparse-space bookkeeping: value classes, the rare
 *                   heaps, the choice of the mask
 *   sgseq_mex.c     mex kernels: the definition, sparse space, the
 *                   vectorised scans
 *   sgseq_cert.c    period certificates (Guy-Smith, window test, the
 *                   arithmetic-periodicity test of repeating groups)
 *   sgseq_arith3.c  the arithmetic-periodicity test of codes that split
 *                   heaps (finite in three; repeating groups, with free
 *                   removals), and the winning moves it guarantees
 *   sgseq_block.c   blocks of heaps on one thread or two (the only file
 *                   with threads and atomics)
 *   sgseq_budget.c  budgets: bytes and steps as numbers, never as text
 */
#ifndef GRUNDY_SGSEQ_IMPL_H
#define GRUNDY_SGSEQ_IMPL_H

#include "sgseq.h"
#include "error.h"
#include "util.h"
#include "sgclass.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* SGSEQ_PORTABLE: plain C only (the test suite builds the engine both
 * ways). Otherwise the kernels use the compiler's vector types. */
#if !defined(SGSEQ_PORTABLE) &&                                            \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12))
#define SGSEQ_VECTOR 1
#else
#define SGSEQ_VECTOR 0
#endif

/* AVX-512 kernels, chosen at run time where the processor has them
 * (SGSEQ_NO_AVX512: never, so that a test build keeps the SSE2 ones). */
#if SGSEQ_VECTOR && !defined(SGSEQ_NO_AVX512) && defined(__x86_64__)
#define SGSEQ_AVX512 1
#include <immintrin.h>
/* __builtin_cpu_supports reads what the runtime found at start-up. */
static inline int
sgseq_have_avx512(void)
{
    return __builtin_cpu_supports("avx512bw");
}
#else
#define SGSEQ_AVX512 0
#endif

/* The arithmetic-periodicity tests take their candidate from the last
 * 1/SGSEQ_WINDOW of a long table (of a shorter one, its second half):
 * see sgseq_try_certify. Ordinary periods search the whole table. */
#define SGSEQ_WINDOW 16u
#define SGSEQ_WINDOW_FROM ((size_t)1 << 16)
/* The base of the block fingerprints of the period search: any fixed
 * number below 2^61 - 1 far from 0 and 1 (see sgseq_last_copy). */
#define SGSEQ_FP_BASE UINT64_C(0x1b873593cc9e2d51)
/* From this length on the period search grows its table by half rather
 * than doubling it (sgseq_search_step). */
#define SGSEQ_SEARCH_FINE ((uint64_t)1 << 20)
/* Table lengths stay below 2^32 so rare heap positions fit in 32 bits. */
#define SGSEQ_MAX_LEN ((uint64_t)UINT32_MAX)
#define SGSEQ_MAX_VALUE 65535u
/* Bits of a value in the low byte of a compact table: 8; a test build
 * (test_sgseq_narrow) takes fewer, so that the values of short tables
 * already need several planes. */
#ifndef SGSEQ_LO_BITS
#define SGSEQ_LO_BITS 8u
#endif
#define SGSEQ_LO_MASK ((1u << SGSEQ_LO_BITS) - 1u)
/* Bit planes above the low byte: 8 for 16 bits. */
#define SGSEQ_MAX_PLANES (16u - SGSEQ_LO_BITS)
/* Words of a plane past its last value's: sgseq_plane_bits reads the
 * word after the one holding a bit. */
#define SGSEQ_PLANE_PAD 2u
/* Heaps of each of the compact table's hot copies in 16 bits (at most
 * SGSEQ_HOT, a 1/SGSEQ_HOT_SHARE of the room): the lowest values (read
 * going up by every scan) and at least the last ones (read going down,
 * and by the rare heaps' partners), in a window of twice that which
 * slides by half when full. 6 bytes a hot heap: 0.047 bytes a value, 3
 * MB at 2^26 heaps. The scans on them are the 16-bit table's
 * (sgseq_mex.c). */
#ifndef SGSEQ_HOT
#define SGSEQ_HOT ((size_t)1 << 19)
#endif
#define SGSEQ_HOT_SHARE 128u
#define SGSEQ_DEFAULT_SEARCH ((uint64_t)1 << 20)
/* The test of sgseq_arith3.c enumerates every removal: at most this. */
#define SGSEQ_ARITH3_MAX_T 64u
/* Work (split visits) a value query may spend looking for a period before
 * it gives up on a heap beyond the memory limit: a few seconds. */
#define SGSEQ_QUERY_SEARCH_WORK ((uint64_t)1 << 33)
/* Below this length the definition is cheap enough; no mask is chosen. */
#define SGSEQ_SPARSE_FROM 256u
/* From this length on, the method is settled enough (several mask
 * choices made) for the work estimate of a long extension to hold. */
#define SGSEQ_WORK_FROM ((size_t)1 << 16)
/* Splits scanned between two checks of the missing rare values (the
 * register path; sgseq_scan grows its chunks with the list). */
#define SGSEQ_CHUNK 32u
/* With at most this many missing values (and four where they do not fit
 * the bitmap of sgseq_mex.c), a scan tests splits against them and
 * marks only the values it finds (sgseq_scan): 16 took 8% less time than
 * four for Officers to 2^22 on one thread; 8, 12, 24 and 32 between. */
#define SGSEQ_COMPARE 16u
#define SGSEQ_RUN_COMPARE 128u
/* Blocks of heaps computed by two threads (see sgseq_block). */
#define SGSEQ_BLOCK 256u
/* Heaps of a block whose rare-heap marks are made together (phase A). */
#define SGSEQ_RUN 32u
/* Polls of a shared word before a thread goes to sleep on it: about a
 * tenth of a millisecond, longer than a block's phase B on Officers, so
 * that the worker is still awake when the next block is posted (at 20000
 * it fell asleep and two threads took 0.62x one thread's time to 2^22;
 * now about 0.57x). */
#define SGSEQ_SPIN 200000L
#define SGSEQ_BLOCK_FROM ((size_t)1 << 13)
#define SGSEQ_BLOCK_MAXBITS 12u

/* A move set with more removal sizes than this in one list (or with a
 * repeating group, or splits into three) goes to the removal classes of
 * sgclass.c instead of the per-k kernels below. */
#define SGSEQ_KERNEL_MAX_K 64u

struct sgseq {
    uint64_t *k1, *k2, *k4;  /* removals leaving nothing, one, two heaps */
    size_t n1, n2, n4;
    sgclass *cls;            /* long or infinite move sets: values come
                                from sgclass, and k1, k2, k4 are empty */
    int unequal;             /* splits in two leave different heaps */
    unsigned parts;          /* most heaps one move leaves (1, 2 or 3) */
    uint64_t t;              /* largest k with a move (Guy-Smith's t);
                                UINT64_MAX for a repeating group */
    sgseq_cert cert;
    sgseq_method method;
    uint64_t search_limit;
    uint32_t max_value;      /* larger values are an error */
    int overflow;            /* G(len) > max_value: the table stops */

    /* The table G(0 .. len), room for cap. Removal classes read 16-bit
     * values (sgclass.c, sgseq_arith3.c): g. The kernels' games keep
     * G(n) in 1 byte and a bit a plane (docs/benchmarks.md, issue
     * 26.2): glo[n] its low 8 bits, bit n % 64 of ghi[p][n / 64] its
     * bit 8 + p, with planes = max(0, vbits - 8): 1.125 bytes a value
     * below 512, 1.25 below 1024. Read it through sgseq_get. */
    uint16_t *g;             /* NULL for the kernels' games */
    unsigned char *glo;
    uint64_t *ghi[SGSEQ_MAX_PLANES];
    unsigned planes;
    /* The hot copies (SGSEQ_HOT) of the compact table: G(n) for
     * n < nlow in wlow[n], for wbase <= n < len in wtop[n - wbase]. */
    uint16_t *wlow, *wtop;
    size_t nlow, wbase, whot; /* whot: heaps of wlow, half of wtop's */
    size_t len, cap;
    unsigned vbits;          /* every value so far is < 1 << vbits */
    uint16_t vmax;
    unsigned char *mark;     /* option values seen, 1 << vbits bytes */
    uint64_t *hist;          /* hist[v] = heaps with value v */
    uint16_t *common, *rare; /* values < 1 << vbits by class, ascending */
    size_t ncommon, nrarev;
    uint64_t common64;       /* the common values below 64, as bits */
    uint16_t *miss;          /* rare values still missing (scratch) */

    unsigned mask;           /* sparse-space mask; 0: the definition */
    unsigned heap_parity;    /* 1: a heap's class also counts its parity
                                (sgseq_heap_rare); only when every removal
                                that splits has the same parity */
    unsigned rare_class;     /* the class of the rare heaps (0 or 1) */
    unsigned rare_epoch;     /* counts the rebuilds of the rare list (a
                                list read ahead is stale after one; here
                                it fills padding, and the struct's size
                                counts against --memory) */
    uint64_t *hist_odd;      /* hist_odd[v] = odd heaps with value v */
    uint64_t rare64;         /* the rare values below 64, as bits */
    uint32_t *rpos;          /* heaps >= 1 with a rare value, ascending */
    uint16_t *rval;          /* their values */
    size_t nrare, rcap;
    uint64_t full_scans;
    uint64_t scanned;        /* splits looked at by those scans */
    uint64_t scan_avg;       /* per value, over the last sparse stretch */
    uint64_t seg_len, seg_scanned; /* len and scanned at the last choice */
    size_t rare_chosen;      /* nrare after the last choice */

    int certify;             /* try period certificates (default 1) */
    uint64_t fp_base;        /* base of the block fingerprints of the
                                period search (sgseq_cert.c); tests pick
                                bad ones to see the values decide */
    unsigned threads;        /* 1 or 2 (default) */
    int certified;
    size_t tried;            /* table length of the last attempt */
    uint64_t p, n0, cert_len;
    uint64_t saltus;         /* G(n + p) = G(n) + saltus for n >= n0 */

    /* The arithmetic-periodicity test (sgseq_cert.c, docs/theory.md 3b)
     * applies: a repeating group and no move leaves two heaps or more.
     * Then the rules are kept (d(k) of any k) for its check. */
    int arith;
    sgseq_run *arun;         /* the runs below arep_from, ascending */
    size_t narun;
    unsigned *arep;          /* the repeating group, narep >= 1 digits */
    size_t narep;
    uint64_t arep_from;
    /* The arithmetic-periodicity test of codes that split heaps
     * (sgseq_arith3.c, docs/theory.md 3b) applies: finite codes that
     * split in three, or a repeating group (arep) that splits; the rules
     * are kept in arun and arep for it. */
    int arith3;
    uint64_t a3_p;           /* that test's period: p, or p 2^j when a
                                repeating group's length asks for it */
};


/* 64 bits of a plane from bit `at` on (bit i: heap at + i); the words
 * after the last value's are zero (SGSEQ_PLANE_PAD). */
static inline uint64_t
sgseq_plane_bits(const uint64_t *plane, size_t at)
{
    size_t w = at >> 6;
    unsigned sh = (unsigned)(at & 63u);
    /* Two shifts for the second word: by 64 - sh in one would be
     * undefined at sh = 0. */
    return plane[w] >> sh | (plane[w + 1] << 1) << (63 - sh);
}

/* sgseq_up[b][i]: all ones if bit i of b is set, else 0 (sgseq_mex.c):
 * eight bits of a plane as eight 16-bit lanes. */
extern const uint16_t sgseq_up[256][8];

/* 32 bits of a plane from bit `at` on, as sgseq_plane_bits: on a
 * little-endian machine bit i of the plane is bit i % 8 of byte i / 8, so
 * one unaligned read and a shift do (the kernels' hot loops; the padding
 * words cover the bytes read past the last value's). */
static inline uint32_t
sgseq_plane_bits32(const uint64_t *plane, size_t at)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, (const unsigned char *)plane + (at >> 3), sizeof w);
    return (uint32_t)(w >> (at & 7u));
#else
    return (uint32_t)sgseq_plane_bits(plane, at);
#endif
}

/* G(n) of the compact table (the kernels' games): the low byte and one
 * bit of each plane. */
static inline unsigned
sgseq_getc(const sgseq *s, size_t n)
{
    unsigned v = s->glo[n];
    for (unsigned p = 0; p < s->planes; p++) {
        v |= (unsigned)(s->ghi[p][n >> 6] >> (n & 63u) & 1u)
             << (SGSEQ_LO_BITS + p);
    }
    return v;
}

/*
 * The compact table as locals for the kernels: their marks are stores
 * through char pointers, which may alias any field of s, so a kernel
 * reading s->glo or s->ghi[p] reloaded them after every mark. Planes 0
 * and 1 (values below 1024) are read here; more come from s.
 */
typedef struct sgseq_tab {
    const unsigned char *lo;
    const uint64_t *h0, *h1;  /* NULL when the values have no such bit */
    unsigned planes;
    const sgseq *s;
    const uint16_t *wlow, *wtop; /* the hot copies, as in sgseq */
    size_t nlow, wbase;
} sgseq_tab;

static inline sgseq_tab
sgseq_tab_of(const sgseq *s)
{
    sgseq_tab t;
    t.lo = s->glo;
    t.h0 = s->planes > 0 ? s->ghi[0] : NULL;
    t.h1 = s->planes > 1 ? s->ghi[1] : NULL;
    t.planes = s->planes;
    t.s = s;
    t.wlow = s->wlow;
    t.wtop = s->wtop;
    t.nlow = s->nlow;
    t.wbase = s->wbase;
    return t;
}

/* G(n) for n < len: from the recent hot copy, else the low one, else
 * the compact table. */
static inline unsigned
sgseq_tab_get(const sgseq_tab *t, size_t n)
{
    if (n >= t->wbase) {
        return t->wtop[n - t->wbase];
    }
    if (n < t->nlow) {
        return t->wlow[n];
    }
    unsigned v = t->lo[n];
    if (t->h0 != NULL) {
        v |= (unsigned)(t->h0[n >> 6] >> (n & 63u) & 1u) << SGSEQ_LO_BITS;
        if (t->h1 != NULL) {
            v |= (unsigned)(t->h1[n >> 6] >> (n & 63u) & 1u)
                 << (SGSEQ_LO_BITS + 1);
            for (unsigned p = 2; p < t->planes; p++) {
                v |= (unsigned)(t->s->ghi[p][n >> 6] >> (n & 63u) & 1u)
                     << (SGSEQ_LO_BITS + p);
            }
        }
    }
    return v;
}

/* G(n) for n < len, whichever the table. */
static inline unsigned
sgseq_get(const sgseq *s, size_t n)
{
    return s->g != NULL ? s->g[n] : sgseq_getc(s, n);
}

/* sgseq_mex's "out of memory" (no value is this large). */
#define SGSEQ_OOM UINT32_MAX

static inline int
sgseq_parity(unsigned v)
{
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (int)(v & 1u);
}

/* Index of the lowest set bit of x != 0 (de Bruijn, portable C). */
static inline unsigned
sgseq_ctz(uint64_t x)
{
    static const unsigned char pos[64] = {
        0, 1, 2, 53, 3, 7, 54, 27, 4, 38, 41, 8, 34, 55, 48, 28,
        62, 5, 39, 46, 44, 42, 22, 9, 24, 35, 59, 56, 49, 18, 29, 11,
        63, 52, 6, 26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
        51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
    };
    return pos[((x & (~x + 1)) * UINT64_C(0x022fdd63cc95386d)) >> 58];
}

/* 1 when removing k from heap n can leave two non-empty heaps (written
 * so that a k near 2^64 cannot wrap around). */
static inline int
sgseq_splits(uint64_t k, size_t n)
{
    return k < n && n - k >= 2;
}

/* Largest part a <= b over the splits of heap n (0: none). */
static inline size_t
sgseq_top(const sgseq *s, size_t n)
{
    /* k4 is ascending: the smallest removal leaves the most. */
    if (s->n4 == 0 || !sgseq_splits(s->k4[0], n)) {
        return 0;
    }
    return (n - (size_t)s->k4[0]) / 2;
}

static inline int
sgseq_is_pow2(size_t n)
{
    return n != 0 && (n & (n - 1)) == 0;
}

/*
 * Sparse space with heap parity (docs/theory.md 3): the class of heap x is
 * parity(G(x) & mask) ^ (heap_parity & x), and the heaps of one class,
 * rare_class, are the rare ones. For a split a + b = m, parity(w & mask)
 * of w = G(a) ^ G(b) is class(a) ^ class(b) ^ (heap_parity & m): a pair
 * with exactly one rare heap gives a value of parity 1 ^ (heap_parity &
 * m), the "common" values for this m, whichever class is rare; every
 * other pair gives the other parity. With all splitting removals of one
 * parity, m's parity follows n's: sgseq_swapped(s, n) says the roles of
 * the two value lists are exchanged for heap n. (Without heap parity,
 * class 0 is rare, as in the textbook method.)
 */
static inline int
sgseq_heap_rare(const sgseq *s, size_t n, unsigned v)
{
    unsigned odd = s->heap_parity & (unsigned)n & 1u;
    return ((unsigned)sgseq_parity(v & s->mask) ^ odd) == s->rare_class;
}

static inline int
sgseq_swapped(const sgseq *s, size_t n)
{
    return s->heap_parity && ((n ^ (size_t)s->k4[0]) & 1u);
}

/* The value lists for heap n: common (from pairs with one rare heap) and
 * rare, as sgseq_swapped says. */
typedef struct sgseq_view {
    const uint16_t *common, *rare;
    size_t ncommon, nrare;
    uint64_t common64;
} sgseq_view;

static inline sgseq_view
sgseq_view_of(const sgseq *s, size_t n)
{
    sgseq_view v;
    if (sgseq_swapped(s, n)) {
        v.common = s->rare;
        v.ncommon = s->nrarev;
        v.rare = s->common;
        v.nrare = s->ncommon;
        v.common64 = s->rare64;
    } else {
        v.common = s->common;
        v.ncommon = s->ncommon;
        v.rare = s->rare;
        v.nrare = s->nrarev;
        v.common64 = s->common64;
    }
    return v;
}

/* ---- sgseq_sparse.c: value classes and rare heaps ---------------------- */

/* (Re)builds the value-class lists for the current mask and vbits. */
void sgseq_classes(sgseq *s);
/* Makes the per-value arrays cover values < 1 << bits; -1: no memory. */
int sgseq_set_vbits(sgseq *s, unsigned bits);
/* Makes room for cap values in the table (16-bit with removal classes,
 * compact otherwise; planes zero past len); -1: no memory. */
int sgseq_reserve(sgseq *s, size_t cap);
/* Bytes the table takes with room for cap values. */
size_t sgseq_table_room(const sgseq *s, size_t cap);
/* Records G(n) = v for n = len. Returns 0, 1 when v does not fit (the
 * table stops: s->overflow), -1 when out of memory. */
int sgseq_store(sgseq *s, size_t n, uint32_t v);
/* Appends heap n (value v) to the rare list; -1: no memory. */
int sgseq_add_rare(sgseq *s, size_t n, uint16_t v);
/* Puts the rare heaps of the table (current mask) in the list. */
int sgseq_rebuild_rare(sgseq *s);
/* Chooses the sparse-space mask (0: the definition) from the value counts
 * and rebuilds the lists; -1: no memory. */
int sgseq_choose_mask(sgseq *s);
/* sgseq_choose_mask when one is due before heap n (-1: no memory). */
int sgseq_mask_choice(sgseq *s, size_t n);
/* Number of rare heaps below m. */
size_t sgseq_rare_below(const sgseq *s, size_t m);

/* ---- sgseq_mex.c: the value of one heap -------------------------------- */

/* Scans the splits of heap n with a >= lo until each value of miss[0 ..
 * nmiss) is seen (marking what it sees); returns how many are still
 * missing, adds the splits looked at to *scanned, and sets *front to the
 * last a up to which every split's value is marked. */
size_t sgseq_scan(const sgseq *s, size_t n, size_t lo, unsigned char *mark,
                  uint16_t *miss, size_t nmiss, uint64_t *scanned,
                  size_t *front);
/* Marks G(a) ^ G(m - a) for lo <= a <= hi <= m / 2. */
void sgseq_mark_range(const sgseq *s, size_t m, size_t lo, size_t hi,
                      unsigned char *mark);
/* Marks the values of every split a + b = n - k with lo <= a <= b. */
void sgseq_mark_splits(const sgseq *s, size_t n, size_t lo,
                       unsigned char *mark);
/* Whether the unequal-split rule (Grundy's game) bears on heap n: an even
 * heap, whose kernels' value counted the equal split. */
static inline int
sgseq_unequal_rule(const sgseq *s, size_t n)
{
    return s->unequal && n % 2 == 0 && n != 0 && s->n4 != 0;
}
/* Whether some split a < b of heap n (after a removal), lo <= a <= hi,
 * has G(a) = G(b): then 0 is an option without the equal split. */
int sgseq_equal_pair(const sgseq *s, size_t n, size_t lo, size_t hi);
/* v, the kernels' value of heap n, under the unequal-split rule: 0 when
 * only the equal split gave 0. */
uint32_t sgseq_unequal(const sgseq *s, size_t n, uint32_t v);
/* G(n) from the table below n; SGSEQ_OOM when out of memory. */
uint32_t sgseq_mex(sgseq *s, size_t n);

/* ---- sgseq_cert.c: period certificates --------------------------------- */

/* Tries to certify a period from the table (sets s->certified, p, n0). */
void sgseq_try_certify(sgseq *s);
/* 0 when no certificate can ever hold for these rules. */
int sgseq_can_certify(const sgseq *s);

/* ---- sgseq_arith3.c: arithmetic periods of codes that split in three --- */

/* The test for the candidate period q (differences at the top of the
 * table), its saltus sal > 0, from n0: sets s->certified, p, n0, saltus
 * and cert_len when it holds. */
/* 1 when that test can take a candidate of period q and saltus sal > 0
 * (a power of two; at most q for a finite code; a group's length
 * dividing q 2^j): the period it proves, q 2^j, in *p. */
int sgseq_arith3_takes(const sgseq *s, uint64_t q, uint64_t sal,
                       uint64_t *p);
void sgseq_try_certify_arith3(sgseq *s, size_t q, uint64_t sal, size_t n0);
/* The same configurations for an ordinary period G(n + q) = G(n) of a code
 * with a repeating group that splits heaps (docs/theory.md 3b). */
void sgseq_try_certify_split_period(sgseq *s, size_t q, size_t n0);
/* 1 when the values grow by a saltus no test here proves (sgseq_cert.c):
 * its period, saltus and start. */
int sgseq_unprovable_saltus(const sgseq *s, uint64_t *q, uint64_t *sal,
                            uint64_t *n0);

/* ---- sgseq_budget.c: bytes and steps ----------------------------------- */

/* bytes rounded up to what a --memory style limit would be asked for. */
uint64_t sgseq_need_bytes(uint64_t bytes);
/* a * b, or UINT64_MAX when it does not fit. */
uint64_t sgseq_mul_sat(uint64_t a, uint64_t b);
/* Cost of the splits of one heap relative to one split visit. */
uint64_t sgseq_split_weight(const sgseq *s);
/* Estimated steps to extend the table from `from` to `to` values. */
uint64_t sgseq_work_estimate(const sgseq *s, uint64_t from, uint64_t to);
/* Bytes charged for a table of len values: the table and lists, and
 * sgclass's rows (rounded up; UINT64_MAX when past 64 bits). */
uint64_t sgseq_table_bytes(const sgseq *s, uint64_t len);
/* Table length the memory limit allows. */
uint64_t sgseq_max_len(const sgseq *s, const sgseq_env *env);
/* 1 when doubling the table would take a value query's period search
 * past its work allowance. */
int sgseq_search_costly(const sgseq *s);

/* ---- sgseq_block.c: blocks of heaps ------------------------------------ */

typedef struct sgseq_pool sgseq_pool;
/* A pool for blocks (its thread starts with the first block that wants
 * two); NULL when out of memory. sgseq_pool_free stops and frees it (NULL
 * is a no-op). */
sgseq_pool *sgseq_pool_new(void);
void sgseq_pool_free(sgseq_pool *pool);
/* Whether heap n starts a block. */
int sgseq_use_block(const sgseq *s, size_t n);
/* Heaps base .. base + count - 1; returns as sgseq_store, or 2 when the
 * block cannot run (the caller goes on one heap at a time). */
int sgseq_block(sgseq *s, sgseq_pool *pool, size_t base, size_t count);

#endif
