/*
 * sgseq.c - Grundy sequences of take-and-break heap games: the definition
 * for small heaps, the sparse-space (rare/common values) method for long
 * tables, and period certificates (Guy-Smith, window test).
 * Every value is exact; limits are reported, never worked around by guessing.
 */
#include "sgseq.h"
#include "family.h"
#include "sgclass.h"

#include <stdio.h>
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
 * Memory charged per heap size: 2 bytes of table, up to 1.5 bytes of rare
 * heap lists (at most a quarter of the heaps, 6 bytes each) and a quarter
 * of a byte of scratch while a period certificate is tried (a 4-byte
 * border array over the last sixteenth of the table), rounded up. The
 * lists are that long only for games with many rare heaps; a game whose
 * rare heaps die out, the kind whose period can be certified, peaks below
 * 2.5 bytes (bench/period.sh measures it).
 */
#define SGSEQ_BYTES_PER_VALUE 4u
/* Long tables look for their period in the last 1/SGSEQ_WINDOW of the
 * values (shorter ones in the second half): see sgseq_try_certify. */
#define SGSEQ_WINDOW 16u
#define SGSEQ_WINDOW_FROM ((size_t)1 << 16)
/* Table lengths stay below 2^32 so rare heap positions fit in 32 bits. */
#define SGSEQ_MAX_LEN ((uint64_t)UINT32_MAX)
#define SGSEQ_MAX_VALUE 65535u
#define SGSEQ_DEFAULT_SEARCH ((uint64_t)1 << 20)
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
/* At most this many missing values are looked for by comparison alone
 * (sgseq_scan), in runs of SGSEQ_RUN_COMPARE splits. */
#define SGSEQ_COMPARE 4u
/* sgseq_run_has compares with four values at once. */
_Static_assert(SGSEQ_COMPARE <= 4, "sgseq_run_has takes four values");
#define SGSEQ_RUN_COMPARE 128u
/* Blocks of heaps computed by two threads (see sgseq_block). */
#define SGSEQ_BLOCK 256u
/* Heaps of a block whose rare-heap marks are made together (phase A). */
#define SGSEQ_RUN 32u
/* Polls of a shared word before a thread goes to sleep on it. */
#define SGSEQ_SPIN 20000L
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

    uint16_t *g;             /* g[n] = G(n) for n < len */
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
    uint32_t *rpos;          /* heaps >= 1 with a rare value, ascending */
    uint16_t *rval;          /* their values */
    size_t nrare, rcap;
    uint64_t full_scans;
    uint64_t scanned;        /* splits looked at by those scans */
    uint64_t scan_avg;       /* per value, over the last sparse stretch */
    uint64_t seg_len, seg_scanned; /* len and scanned at the last choice */

    int certify;             /* try period certificates (default 1) */
    unsigned threads;        /* 1 or 2 (default) */
    int certified;
    uint64_t p, n0, cert_len;
};

static int
sgseq_parity(unsigned v)
{
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (int)(v & 1u);
}

/* (Re)builds the value-class lists for the current mask and vbits. */
static void
sgseq_classes(sgseq *s)
{
    size_t size = (size_t)1 << s->vbits;
    s->ncommon = 0;
    s->nrarev = 0;
    s->common64 = 0;
    for (size_t v = 0; v < size; v++) {
        /* Sparse space: rare iff popcount(v & mask) is even. */
        if (s->mask != 0 && sgseq_parity((unsigned)v & s->mask)) {
            s->common[s->ncommon++] = (uint16_t)v;
            s->common64 |= v < 64 ? (uint64_t)1 << v : 0;
        } else {
            s->rare[s->nrarev++] = (uint16_t)v;
        }
    }
}

/* Makes the per-value arrays cover values < 1 << bits. */
static int
sgseq_set_vbits(sgseq *s, unsigned bits)
{
    size_t size = (size_t)1 << bits, old = s->mark ? (size_t)1 << s->vbits : 0;
    unsigned char *mark = realloc(s->mark, size);
    uint64_t *hist;
    uint16_t *common, *rare, *miss;

    if (mark == NULL) {
        return -1;
    }
    s->mark = mark;
    hist = realloc(s->hist, size * sizeof *hist);
    if (hist == NULL) {
        return -1;
    }
    memset(hist + old, 0, (size - old) * sizeof *hist);
    s->hist = hist;
    common = realloc(s->common, size * sizeof *common);
    if (common == NULL) {
        return -1;
    }
    s->common = common;
    rare = realloc(s->rare, size * sizeof *rare);
    if (rare == NULL) {
        return -1;
    }
    s->rare = rare;
    miss = realloc(s->miss, size * sizeof *miss);
    if (miss == NULL) {
        return -1;
    }
    s->miss = miss;
    s->vbits = bits;
    sgseq_classes(s);
    return 0;
}

/* The sizes k of the runs whose digit has bit, ascending, expanded (the
 * caller made sure there are few). */
static uint64_t *
sgseq_klist(const sgseq_rules *r, unsigned bit, size_t *count)
{
    size_t n = 0, at = 0;
    uint64_t *out;
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits & bit) {
            n += (size_t)(r->run[i].hi - r->run[i].lo + 1);
        }
    }
    out = malloc((n + 1) * sizeof *out);
    if (out == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits & bit) {
            for (uint64_t k = r->run[i].lo; k <= r->run[i].hi; k++) {
                out[at++] = k;
                if (k == UINT64_MAX) {
                    break;
                }
            }
        }
    }
    *count = at;
    return out;
}

/* 1 when the per-k kernels suit the rules: finitely many sizes, few per
 * list, at most two parts. */
static int
sgseq_kernel_rules(const sgseq_rules *r)
{
    uint64_t count[3] = {0, 0, 0};
    if (r->nrep > 0) {
        return 0;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        uint64_t len = r->run[i].hi - r->run[i].lo;
        if (r->run[i].bits & SGSEQ_THREE) {
            return 0;
        }
        for (unsigned b = 0; b < 3; b++) {
            if (r->run[i].bits & (1u << b)) {
                if (len >= SGSEQ_KERNEL_MAX_K) {
                    return 0;
                }
                count[b] += len + 1;
            }
        }
    }
    return count[0] <= SGSEQ_KERNEL_MAX_K && count[1] <= SGSEQ_KERNEL_MAX_K &&
           count[2] <= SGSEQ_KERNEL_MAX_K;
}

sgseq *
sgseq_new_rules(const sgseq_rules *r, sgseq_cert cert)
{
    sgseq *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    s->cert = cert;
    s->method = SGSEQ_AUTO;
    s->search_limit = SGSEQ_DEFAULT_SEARCH;
    s->max_value = SGSEQ_MAX_VALUE;
    s->certify = 1;
    s->threads = 2;
    s->unequal = r->unequal;
    s->parts = 1;
    if (!r->classes && sgseq_kernel_rules(r)) {
        s->k1 = sgseq_klist(r, SGSEQ_NOTHING, &s->n1);
        s->k2 = sgseq_klist(r, SGSEQ_ONE, &s->n2);
        s->k4 = sgseq_klist(r, SGSEQ_TWO, &s->n4);
        if (s->k1 == NULL || s->k2 == NULL || s->k4 == NULL) {
            sgseq_free(s);
            return NULL;
        }
    } else if (r->unequal || (s->cls = sgclass_new(r)) == NULL) {
        /* Unequal splits are known to the kernels only. */
        sgseq_free(s);
        return NULL;
    }
    if (sgseq_set_vbits(s, 6) != 0) {
        sgseq_free(s);
        return NULL;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits != 0 && r->run[i].hi > s->t) {
            s->t = r->run[i].hi;
        }
        if (r->run[i].bits & SGSEQ_TWO && s->parts < 2) {
            s->parts = 2;
        }
        if (r->run[i].bits & SGSEQ_THREE) {
            s->parts = 3;
        }
    }
    for (size_t i = 0; i < r->nrep; i++) {
        if (r->rep[i] != 0) {
            s->t = UINT64_MAX;
        }
        if (r->rep[i] & SGSEQ_TWO && s->parts < 2) {
            s->parts = 2;
        }
        if (r->rep[i] & SGSEQ_THREE) {
            s->parts = 3;
        }
    }
    return s;
}

sgseq *
sgseq_new(const uint64_t *k, const unsigned *bits, size_t n, sgseq_cert cert)
{
    /* Sorted by k, equal sizes merged: one run per size. */
    sgseq_run *run = malloc((n + 1) * sizeof *run);
    size_t m = 0;
    sgseq_rules r;
    sgseq *s;

    if (run == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        size_t j = m;
        if (bits[i] == 0) {
            continue;
        }
        while (j > 0 && run[j - 1].lo > k[i]) {
            j--;
        }
        if (j > 0 && run[j - 1].lo == k[i]) {
            run[j - 1].bits |= bits[i];
            continue;
        }
        memmove(run + j + 1, run + j, (m - j) * sizeof *run);
        run[j].lo = run[j].hi = k[i];
        run[j].bits = bits[i];
        m++;
    }
    memset(&r, 0, sizeof r);
    r.run = run;
    r.nrun = m;
    s = sgseq_new_rules(&r, cert);
    free(run);
    return s;
}

void
sgseq_free(sgseq *s)
{
    if (s == NULL) {
        return;
    }
    free(s->k1);
    free(s->k2);
    free(s->k4);
    sgclass_free(s->cls);
    free(s->g);
    free(s->mark);
    free(s->hist);
    free(s->common);
    free(s->rare);
    free(s->miss);
    free(s->rpos);
    free(s->rval);
    free(s);
}

void
sgseq_set_method(sgseq *s, sgseq_method method)
{
    s->method = method;
}

void
sgseq_set_threads(sgseq *s, unsigned threads)
{
    s->threads = threads >= 2 ? 2 : 1;
}

void
sgseq_set_certify(sgseq *s, int on)
{
    s->certify = on;
}

void
sgseq_set_max_value(sgseq *s, uint32_t max)
{
    s->max_value = max < SGSEQ_MAX_VALUE ? max : SGSEQ_MAX_VALUE;
}

void
sgseq_set_search_limit(sgseq *s, uint64_t values)
{
    s->search_limit = values;
}

uint64_t
sgseq_length(const sgseq *s)
{
    return s->len;
}

size_t
sgseq_footprint(const sgseq *s)
{
    if (s == NULL) {
        return 0;
    }
    return sizeof *s + s->cap * sizeof *s->g +
           s->rcap * (sizeof *s->rpos + sizeof *s->rval);
}

int
sgseq_certified(const sgseq *s, uint64_t *p, uint64_t *n0)
{
    if (!s->certified) {
        return 0;
    }
    *p = s->p;
    *n0 = s->n0;
    return 1;
}

int
sgseq_known(const sgseq *s, uint64_t n, uint16_t *out)
{
    if (n < s->len) {
        *out = s->g[n];
        return 1;
    }
    if (s->certified) {
        /* G(n) = G(n - p) for every n >= n0 + p, proven by the certificate. */
        *out = s->g[s->n0 + (n - s->n0) % s->p];
        return 1;
    }
    return 0;
}

void
sgseq_get_stats(const sgseq *s, sgseq_stats *out)
{
    out->mask = s->mask;
    out->rare = s->nrare;
    out->full_scans = s->full_scans;
    out->scanned = s->scanned;
    out->max_value = s->vmax;
}

/* ---- computing values ------------------------------------------------- */

/* Appends heap n (value v) to the rare list. */
static int
sgseq_add_rare(sgseq *s, size_t n, uint16_t v)
{
    if (s->nrare == s->rcap) {
        size_t cap = s->rcap ? 2 * s->rcap : 256;
        uint32_t *pos = realloc(s->rpos, cap * sizeof *pos);
        uint16_t *val;
        if (pos == NULL) {
            return -1;
        }
        s->rpos = pos;
        val = realloc(s->rval, cap * sizeof *val);
        if (val == NULL) {
            return -1;
        }
        s->rval = val;
        s->rcap = cap;
    }
    s->rpos[s->nrare] = (uint32_t)n;
    s->rval[s->nrare] = v;
    s->nrare++;
    return 0;
}

/* Puts the rare heaps of the table (under the current mask) in the list. */
static int
sgseq_rebuild_rare(sgseq *s)
{
    s->nrare = 0;
    if (s->mask == 0) {
        return 0;
    }
    for (size_t n = 1; n < s->len; n++) {
        if (!sgseq_parity(s->g[n] & s->mask) &&
            sgseq_add_rare(s, n, s->g[n]) != 0) {
            return -1;
        }
    }
    return 0;
}

/*
 * Chooses the sparse-space mask from the value counts: the number of rare
 * heaps under mask m is (total + W[m]) / 2, W the Walsh-Hadamard transform
 * of the histogram. Keeps the definition when sparse space would cost more
 * (many rare heaps, or long scans for the rare values).
 */
static int
sgseq_choose_mask(sgseq *s)
{
    size_t size = (size_t)1 << s->vbits;
    int64_t *w = malloc(size * sizeof *w);
    uint64_t total = s->len, best = UINT64_MAX, current;
    unsigned best_mask = 0;

    if (w == NULL) {
        return -1;
    }
    if (s->n4 == 0 || s->cls != NULL) {
        /* Without splits every value costs |K| anyway; removal classes
         * have no sparse space. */
        free(w);
        return 0;
    }
    for (size_t v = 0; v < size; v++) {
        w[v] = (int64_t)s->hist[v];
    }
    for (size_t h = 1; h < size; h <<= 1) {
        for (size_t i = 0; i < size; i += 2 * h) {
            for (size_t j = i; j < i + h; j++) {
                int64_t x = w[j], y = w[j + h];
                w[j] = x + y;
                w[j + h] = x - y;
            }
        }
    }
    for (size_t m = 1; m < size; m++) {
        uint64_t rare = (uint64_t)((int64_t)total + w[m]) / 2;
        if (rare < best) {
            best = rare;
            best_mask = (unsigned)m;
        }
    }
    current = s->mask ? (uint64_t)((int64_t)total + w[s->mask]) / 2 : total;
    free(w);
    /* Cost per value: sparse space loops over the rare heaps and scans for
     * rare values (measured on the last stretch, ~1.5 times the cost of a
     * split of the definition's loop); the definition looks at every
     * split, about 3/8 len of them per removal over the next stretch. */
    if (s->mask != 0 && s->len > s->seg_len) {
        s->scan_avg = (s->scanned - s->seg_scanned) / (s->len - s->seg_len);
    } else if (s->mask == 0) {
        /* Not measured yet: a coupon collector over the 2^vbits values
         * needs about 2^vbits ln(2^vbits / 4) random splits. */
        s->scan_avg = ((uint64_t)size * (s->vbits > 1 ? s->vbits - 1 : 1) *
                       7) / 10;
    }
    s->seg_len = s->len;
    s->seg_scanned = s->scanned;
    if (s->method != SGSEQ_SPARSE &&
        3 * (best * s->n4 + s->scan_avg) / 2 >= s->n4 * total * 3 / 8) {
        best_mask = 0;
    } else if (s->mask != 0 && best * 4 > current * 3) {
        /* Not clearly better: keep the current lists. */
        return 0;
    }
    if (best_mask == s->mask) {
        return 0;
    }
    s->mask = best_mask;
    sgseq_classes(s);
    return sgseq_rebuild_rare(s);
}

/* Index of the lowest set bit of x != 0 (de Bruijn, portable C). */
static unsigned
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
static int
sgseq_splits(uint64_t k, size_t n)
{
    return k < n && n - k >= 2;
}

/* Largest part a <= b over the splits of heap n (0: none). */
static size_t
sgseq_top(const sgseq *s, size_t n)
{
    /* k4 is ascending: the smallest removal leaves the most. */
    if (s->n4 == 0 || !sgseq_splits(s->k4[0], n)) {
        return 0;
    }
    return (n - (size_t)s->k4[0]) / 2;
}

/* Number of rare heaps below m (the list is ascending). */
static size_t
sgseq_rare_below(const sgseq *s, size_t m)
{
    size_t lo = 0, hi = s->nrare;
    if (hi == 0 || s->rpos[hi - 1] < m) {
        return hi;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->rpos[mid] < m) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/*
 * Marks G(a) ^ G(m - a) for lo <= a <= hi. Runs of 16 values are formed
 * first, in a loop the compiler vectorises (one read of the table going
 * up, one going down), and marked after: the stores are then the only
 * work left per split.
 */
static void
sgseq_mark_run(const uint16_t *g, size_t m, size_t lo, size_t hi,
               unsigned char *mark)
{
    size_t a = lo;
    for (; a + 15 <= hi; a += 16) {
        const uint16_t *up = g + a, *down = g + m - a;
        uint16_t x[16];
        for (size_t i = 0; i < 16; i++) {
            x[i] = (uint16_t)(up[i] ^ *(down - i));
        }
        for (size_t i = 0; i < 16; i++) {
            mark[x[i]] = 1;
        }
    }
    for (; a <= hi; a++) {
        mark[g[a] ^ g[m - a]] = 1;
    }
}

/*
 * Which of w[0..3] splits a + b = m with lo <= a <= hi have, as bits 0..3
 * (no marks). The test runs on eight splits at a time where the compiler
 * has vector types: the eight values below m - a, read as one vector,
 * are reversed (16-bit halves swapped, then the four 32-bit lanes) to
 * line up with the eight above a.
 */
/* SGSEQ_PORTABLE: plain C only (the test suite builds the engine both ways). */
#if !defined(SGSEQ_PORTABLE) &&                                            \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12))
typedef uint16_t sgseq_v8 __attribute__((vector_size(16)));
typedef uint32_t sgseq_v4 __attribute__((vector_size(16)));

static unsigned
sgseq_run_has(const uint16_t *g, size_t m, size_t lo, size_t hi,
              const uint16_t w[4])
{
    const sgseq_v8 zero = {0};
    sgseq_v8 w0 = zero + w[0], w1 = zero + w[1], w2 = zero + w[2],
             w3 = zero + w[3], h0 = zero, h1 = zero, h2 = zero, h3 = zero;
    uint64_t lanes[2];
    unsigned found = 0;
    size_t a = lo;
    for (; a + 7 <= hi; a += 8) {
        sgseq_v8 up, x;
        sgseq_v4 down;
        memcpy(&up, g + a, sizeof up);
        memcpy(&down, g + m - a - 7, sizeof down);
        down = (down << 16) | (down >> 16);
        down = __builtin_shufflevector(down, down, 3, 2, 1, 0);
        x = up ^ (sgseq_v8)down;
        h0 |= (sgseq_v8)(x == w0);
        h1 |= (sgseq_v8)(x == w1);
        h2 |= (sgseq_v8)(x == w2);
        h3 |= (sgseq_v8)(x == w3);
    }
    /* Bit b of each lane: w[b] seen there; then the lanes are folded. */
    h0 = (h0 & 1) | (h1 & 2) | (h2 & 4) | (h3 & 8);
    memcpy(lanes, &h0, sizeof lanes);
    lanes[0] |= lanes[1];
    lanes[0] |= lanes[0] >> 32;
    found = (unsigned)((lanes[0] | lanes[0] >> 16) & 15);
    for (; a <= hi; a++) {
        unsigned x = g[a] ^ g[m - a];
        found |= (unsigned)((x == w[0]) | (x == w[1]) << 1 |
                            (x == w[2]) << 2 | (x == w[3]) << 3);
    }
    return found;
}
#else
static unsigned
sgseq_run_has(const uint16_t *g, size_t m, size_t lo, size_t hi,
              const uint16_t w[4])
{
    unsigned found = 0;
    for (size_t a = lo; a <= hi; a++) {
        unsigned x = g[a] ^ g[m - a];
        found |= (unsigned)((x == w[0]) | (x == w[1]) << 1 |
                            (x == w[2]) << 2 | (x == w[3]) << 3);
    }
    return found;
}
#endif

/* Drops the values of miss[0..nmiss) that are marked; returns how many
 * are left, in their order. */
static size_t
sgseq_compact(uint16_t *miss, size_t nmiss, const unsigned char *mark)
{
    size_t keep = 0;
    for (size_t i = 0; i < nmiss; i++) {
        miss[keep] = miss[i];
        keep += !mark[miss[i]];
    }
    return keep;
}

/*
 * Scans the splits a + b = n - k (a <= b) of every removal k side by side,
 * a from lo up, until each value of miss[0..nmiss) has been seen or every
 * split has been. Returns how many are still missing, compacted at the
 * front of miss in their (ascending) order; the values found are marked.
 *
 * While many values are missing, every split's value is marked, and the
 * list is checked between chunks that grow with it, so that the checks
 * cost a small part of the splits (a scan overshoots its last value by
 * half a chunk at most, little next to the thousands of splits a typical
 * scan visits). The last few values take most of a scan (each is one
 * value among hundreds), so once at most four are left the splits are
 * only compared with them, eight at a time, and the ones seen are marked.
 * *front is the last a up to which every split's value is marked.
 */
static size_t
sgseq_scan(const sgseq *s, size_t n, size_t lo, unsigned char *mark,
           uint16_t *miss, size_t nmiss, uint64_t *scanned, size_t *front)
{
    const uint16_t *g = s->g;
    size_t top = sgseq_top(s, n);
    /* Counted locally: the two threads' counters share a cache line, and
     * writing them per chunk made the cores fight over it. */
    uint64_t count = 0;

    while (nmiss > SGSEQ_COMPARE && lo <= top) {
        size_t chunk = SGSEQ_CHUNK + 8 * nmiss;
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2;
            size_t hi = lo + chunk - 1 < half ? lo + chunk - 1 : half;
            if (hi >= lo) {
                sgseq_mark_run(g, m, lo, hi, mark);
                count += hi - lo + 1;
            }
        }
        lo += chunk;
        nmiss = sgseq_compact(miss, nmiss, mark);
    }
    *front = lo - 1;
    while (nmiss > 0 && lo <= top) {
        uint16_t w[4];
        for (size_t i = 0; i < 4; i++) {
            w[i] = miss[i < nmiss ? i : 0];
        }
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2;
            size_t hi = lo + SGSEQ_RUN_COMPARE - 1 < half
                            ? lo + SGSEQ_RUN_COMPARE - 1
                            : half;
            if (hi >= lo) {
                unsigned found = sgseq_run_has(g, m, lo, hi, w);
                for (unsigned b = 0; b < 4; b++) {
                    if (found >> b & 1) {
                        mark[w[b]] = 1;
                    }
                }
                count += hi - lo + 1;
            }
        }
        lo += SGSEQ_RUN_COMPARE;
        nmiss = sgseq_compact(miss, nmiss, mark);
    }
    *scanned += count;
    return nmiss;
}

/* Marks the values of every split a + b = n - k with lo <= a <= b. */
static void
sgseq_mark_splits(const sgseq *s, size_t n, size_t lo, unsigned char *mark)
{
    const uint16_t *g = s->g;
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i], a = lo;
        for (; a + 1 <= m / 2; a += 2) {
            uint32_t x, y;
            memcpy(&x, g + a, sizeof x);
            memcpy(&y, g + m - a - 1, sizeof y);
            x ^= (y >> 16) | (y << 16);
            mark[x & 0xffffu] = 1;
            mark[x >> 16] = 1;
        }
        for (; a <= m / 2; a++) {
            mark[g[a] ^ g[m - a]] = 1;
        }
    }
}

/*
 * mex of the options of heap n by the definition: every single-heap option
 * and every split. Returns the value, which may be 1 << vbits (a new top).
 */
static uint32_t
sgseq_plain(sgseq *s, size_t n)
{
    unsigned char *mark = s->mark;
    const uint16_t *g = s->g;
    size_t size = (size_t)1 << s->vbits;

    for (size_t i = 0; i < s->n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k;
            for (size_t a = 1; a <= m / 2; a++) {
                mark[g[a] ^ g[m - a]] = 1;
            }
        }
    }
    for (size_t v = 0; v < size; v++) {
        if (!mark[v]) {
            return (uint32_t)v;
        }
    }
    return (uint32_t)size;
}

/*
 * Sparse space (docs/theory.md 3): with rare = even popcount(v & mask),
 * rare ^ common is common and the other pairings are rare. So every common
 * option value of a split comes from a pair holding a rare heap; looping
 * over the rare heaps finds all of them, hence c, the least common value
 * that is not an option. G(n) is c unless a rare value below c is missing;
 * those are looked for over all splits, stopping once each has been seen.
 */
static uint32_t
sgseq_sparse(sgseq *s, size_t n)
{
    unsigned char *mark = s->mark;
    const uint16_t *g = s->g;
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    size_t size = (size_t)1 << s->vbits, nmiss = 0, front;
    uint32_t c = (uint32_t)size;

    for (size_t i = 0; i < s->n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k, nr = sgseq_rare_below(s, m);
            for (size_t j = 0; j < nr; j++) {
                mark[g[m - rpos[j]] ^ rval[j]] = 1;
            }
        }
    }
    for (size_t i = 0; i < s->ncommon; i++) {
        if (!mark[s->common[i]]) {
            c = s->common[i];
            break;
        }
    }
    for (size_t i = 0; i < s->nrarev && s->rare[i] < c; i++) {
        if (!mark[s->rare[i]]) {
            s->miss[nmiss++] = s->rare[i];
        }
    }
    if (nmiss == 0) {
        return c;
    }
    s->full_scans++;
    nmiss = sgseq_scan(s, n, 1, mark, s->miss, nmiss, &s->scanned, &front);
    /* The missing values stay in ascending order: the least is G(n). */
    return nmiss > 0 ? s->miss[0] : c;
}

/*
 * The sparse-space method of sgseq_sparse for games whose values are all
 * below 64: the option values seen live in one 64-bit word, so marking is
 * a shift and an OR in a register.
 */
static uint32_t
sgseq_sparse64(sgseq *s, size_t n)
{
    const uint16_t *g = s->g;
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    unsigned size = 1u << s->vbits;
    uint64_t all = size == 64 ? ~(uint64_t)0 : ((uint64_t)1 << size) - 1;
    uint64_t seen = 0, common = s->common64, need, low;
    unsigned c;

    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            seen |= (uint64_t)1 << g[n - (size_t)s->k2[i]];
        }
    }
    for (size_t i = 0; i < s->n1; i++) {
        if (s->k1[i] == n) {
            seen |= 1;
        }
    }
    for (size_t i = 0; i < s->n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k, nr = sgseq_rare_below(s, m);
            for (size_t j = 0; j < nr; j++) {
                seen |= (uint64_t)1 << (g[m - rpos[j]] ^ rval[j]);
            }
        }
    }
    need = ~seen & common & all;
    c = need != 0 ? sgseq_ctz(need) : size;
    low = c >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << c) - 1;
    need = ~seen & ~common & all & low;
    if (need == 0) {
        return c;
    }
    s->full_scans++;
    /* All removals k side by side: a needed value may come from one k
     * only, and each k's splits are scanned from a = 1 up. */
    for (size_t lo = 1; lo <= sgseq_top(s, n); lo += SGSEQ_CHUNK) {
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2;
            size_t hi = lo + SGSEQ_CHUNK - 1 < half ? lo + SGSEQ_CHUNK - 1
                                                    : half;
            size_t a = lo;
            /* Two splits per step, as in sgseq_phase_a. */
            for (; a + 1 <= hi; a += 2) {
                uint32_t x, y;
                memcpy(&x, g + a, sizeof x);
                memcpy(&y, g + m - a - 1, sizeof y);
                x ^= (y >> 16) | (y << 16);
                seen |= (uint64_t)1 << (x & 0xffffu);
                seen |= (uint64_t)1 << (x >> 16);
            }
            for (; a <= hi; a++) {
                seen |= (uint64_t)1 << (g[a] ^ g[m - a]);
            }
            s->scanned += hi >= lo ? hi - lo + 1 : 0;
        }
        if ((need & ~seen) == 0) {
            return c;
        }
    }
    return sgseq_ctz(need & ~seen);
}

/*
 * Grundy's game (unequal splits) through the kernels, which also count the
 * equal split a = b of an even heap. That split is worth G(a) ^ G(a) = 0
 * and nothing else, so the kernels compute the mex of the options plus 0:
 * the right value whenever 0 is an option anyway (some unequal split a < b
 * has G(a) = G(b)), and never 0. Otherwise 0 is missing and G(n) = 0.
 */
static uint32_t
sgseq_unequal(const sgseq *s, size_t n, uint32_t v)
{
    if (!s->unequal || n % 2 != 0 || n == 0 || s->n4 == 0) {
        return v;
    }
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i];
        for (size_t a = 1; 2 * a < m; a++) {
            if (s->g[a] == s->g[m - a]) {
                return v;
            }
        }
    }
    return 0;
}

/* An impossible value: out of memory in sgclass. */
#define SGSEQ_OOM UINT32_MAX

static uint32_t
sgseq_mex(sgseq *s, size_t n)
{
    if (s->cls != NULL) {
        int64_t v = sgclass_mex(s->cls, s->g, n, s->vbits);
        return v < 0 ? SGSEQ_OOM : (uint32_t)v;
    }
    if (s->mask != 0 && s->vbits <= 6) {
        return sgseq_unequal(s, n, sgseq_sparse64(s, n));
    }
    memset(s->mark, 0, (size_t)1 << s->vbits);
    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            s->mark[s->g[n - (size_t)s->k2[i]]] = 1;
        }
    }
    for (size_t i = 0; i < s->n1; i++) {
        if (s->k1[i] == n) {
            s->mark[0] = 1;
        }
    }
    return sgseq_unequal(s, n, s->mask ? sgseq_sparse(s, n)
                                       : sgseq_plain(s, n));
}

/* ---- period certificates ---------------------------------------------- */

/*
 * Tries to certify a period from the table. The candidate is the least
 * period q of a window W = G[h, N) at the top of the table, its second
 * half or, past SGSEQ_WINDOW_FROM values, its last 1/SGSEQ_WINDOW (KMP
 * border array, 4 bytes a value of W: a quarter of a byte a value of
 * the table).
 * A certified period p of the sequence makes W p-periodic, and once W is
 * longer than p + q (Fine-Wilf) q divides p, so q is the minimal period;
 * if not yet, the next, longer attempt finds it. The window only proposes:
 * the certificate rests on the run G(n) = G(n + q) checked value by value
 * back from the window to its exact start n0, whatever the window.
 *   Guy-Smith: G(n + p) = G(n) for n0 <= n < 2 n0 + p + t (n0 >= 1) implies
 *     it for all n >= n0: 2 n0 + 2 p + t values certify.
 *   Window (subtraction sets): max(S) consecutive equal values determine all
 *     later ones: n0 + p + max(S) values certify.
 * Scratch that cannot be allocated just postpones the attempt.
 */
static void
sgseq_try_certify(sgseq *s)
{
    size_t n = s->len,
           h = n < SGSEQ_WINDOW_FROM ? n / 2 : n - n / SGSEQ_WINDOW,
           len = n - h;
    const uint16_t *w = s->g + h;
    uint32_t *fail;
    size_t q, i, k = 0;
    uint64_t n0, need;

    if (s->certified || !s->certify || n < 4 || s->t >= n) {
        return;
    }
    fail = malloc(len * sizeof *fail);
    if (fail == NULL) {
        return;
    }
    fail[0] = 0;
    for (i = 1; i < len; i++) {
        while (k > 0 && w[i] != w[k]) {
            k = fail[k - 1];
        }
        if (w[i] == w[k]) {
            k++;
        }
        fail[i] = (uint32_t)k;
    }
    q = len - fail[len - 1];
    free(fail);
    i = h;
    while (i > 0 && s->g[i - 1] == s->g[i - 1 + q]) {
        i--;
    }
    n0 = i;
    if (s->cert == SGSEQ_NONE) {
        return;
    }
    if (s->cert == SGSEQ_GUY_SMITH && s->parts >= 2) {
        /* Guy-Smith's induction maps a split of n + p to one of n through
         * its largest part, at least (n + p - k) / parts: it needs that
         * part >= n0 + p, hence parts (n0 + p) + t values (3 for the
         * splits in three of hexadecimal codes). */
        need = s->parts * ((n0 > 0 ? n0 : 1) + (uint64_t)q) + s->t;
    } else {
        need = n0 + q + s->t;
    }
    if (need <= n) {
        s->certified = 1;
        s->p = q;
        s->n0 = n0;
        s->cert_len = need;
    }
}

/* ---- growing the table ------------------------------------------------ */

/* A table size for a message and for grundy_error.needed: rounded up to
 * whole MiB (a memory limit that suffices, and reads well). */
static uint64_t
sgseq_need_bytes(uint64_t bytes)
{
    const uint64_t mib = (uint64_t)1 << 20;
    return bytes < mib ? bytes : (bytes + mib - 1) / mib * mib;
}

/* The same in util_size_text's units. */
static void
sgseq_need_text(char *buf, size_t cap, uint64_t bytes)
{
    uint64_t up = sgseq_need_bytes(bytes);
    util_size_text(buf, cap, up > SIZE_MAX ? SIZE_MAX : (size_t)up);
}

/* a * b, or UINT64_MAX when the product does not fit. */
static uint64_t
sgseq_mul_sat(uint64_t a, uint64_t b)
{
    return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/*
 * Steps (pairs of heaps visited) to extend the table from heap `from` to
 * `to` by the method in use. The definition visits about m / 2 splits of
 * heap m per removal that splits, (to^2 - from^2) / 4 in all; sparse space
 * about as many per heap as so far: its rare heaps per removal, and its
 * scans. Saturates at UINT64_MAX.
 */
/* Removals whose splits the definition visits per heap: removal classes
 * compute S(n) once per heap, like one removal. */
static uint64_t
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

static uint64_t
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

static grundy_status
sgseq_work_error(const sgseq *s, const sgseq_env *env, uint64_t to,
                 uint64_t steps, grundy_error *err)
{
    return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, steps,
                         "%s: no period is proven up to heap %zu, and "
                         "computing values up to heap %llu takes about "
                         "%llu steps, more than the work limit of %llu",
                         env->name ? env->name : "the game", s->len,
                         (unsigned long long)(to - 1),
                         (unsigned long long)steps,
                         (unsigned long long)env->work_limit);
}

/* Bytes charged per heap: the table and lists, and sgclass's rows. */
static uint64_t
sgseq_heap_bytes(const sgseq *s)
{
    return SGSEQ_BYTES_PER_VALUE +
           (s->cls != NULL ? sgclass_bytes_per_heap(s->cls, s->vbits) : 0);
}

/* Table length the memory limit allows. */
static uint64_t
sgseq_max_len(const sgseq *s, const sgseq_env *env)
{
    uint64_t m = env->memory_limit / sgseq_heap_bytes(s);
    return m < SGSEQ_MAX_LEN ? m : SGSEQ_MAX_LEN;
}

static int
sgseq_is_pow2(size_t n)
{
    return n != 0 && (n & (n - 1)) == 0;
}

/* Records G(n) = v for n = len. Returns 0, 1 when v does not fit (the
 * table stops: s->overflow), -1 when out of memory. */
static int
sgseq_store(sgseq *s, size_t n, uint32_t v)
{
    if (v == SGSEQ_OOM) {
        return -1;
    }
    if (v > s->max_value) {
        s->overflow = 1;
        return 1;
    }
    if ((v >> s->vbits) != 0 && sgseq_set_vbits(s, s->vbits + 1) != 0) {
        return -1;
    }
    s->g[n] = (uint16_t)v;
    s->len = n + 1;
    s->hist[v]++;
    if (v > s->vmax) {
        s->vmax = (uint16_t)v;
    }
    if (s->mask != 0 && n >= 1 && !sgseq_parity(v & s->mask) &&
        sgseq_add_rare(s, n, (uint16_t)v) != 0) {
        return -1;
    }
    return 0;
}

/*
 * Blocks. For heap n = base + j of a block starting at base, a split
 * a + b = n - k (a <= b) involves a heap of the block only when
 * b >= base, that is a <= j - k <= j. So all splits with a > j use values
 * known before the block: phase A does that work for every heap of the
 * block, two threads side by side; phase B then finishes the heaps in
 * order with the few splits a <= j and the single-heap options.
 */
typedef struct sgseq_pool {
    sgseq *s;
    unsigned char *part;  /* phase A marks, SGSEQ_BLOCK rows of `size` */
    size_t front[SGSEQ_BLOCK]; /* splits a <= front[j] marked */
    size_t cfrom[SGSEQ_BLOCK]; /* common[i] marked in phase A for i below */
    size_t rfrom[SGSEQ_BLOCK]; /* rare[i] settled in phase A for i below */
    unsigned char absent[SGSEQ_BLOCK]; /* some of them are no option */
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
    thrd_t worker;
#endif
} sgseq_pool;

/*
 * The rare heaps r that pair with an older heap m - r for every heap of
 * the run base + j0 .. base + j1 - 1 and removal k: [*from, *to) of the
 * rare list (empty when *from >= *to). Partner m - r is older than the
 * block iff r > j - k, and r must be below m = base + j - k.
 */
static void
sgseq_run_shared(const sgseq *s, const sgseq_pool *pool, size_t j0,
                 size_t j1, size_t k, size_t *from, size_t *to)
{
    size_t last = j1 - 1;
    *from = k <= last ? sgseq_rare_below(s, last - k + 1) : 0;
    *to = sgseq_splits(k, pool->base + j0)
              ? sgseq_rare_below(s, pool->base + j0 - k)
              : 0;
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
    const uint16_t *g = s->g;
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    size_t size = pool->size, len = j1 - j0;
    unsigned char *part = pool->part;

    memset(part + j0 * size, 0, len * size);
    if (s->mask == 0) {
        return;
    }
    for (size_t i = 0; i < s->n4; i++) {
        size_t k = (size_t)s->k4[i], from, to;
        sgseq_run_shared(s, pool, j0, j1, k, &from, &to);
        for (size_t r = from; r < to; r++) {
            /* Heap base + j pairs r with base + j - k - r. The values are
             * formed first, in a loop the compiler vectorises. */
            const uint16_t *p = g + pool->base - k - rpos[r] + j0;
            uint16_t v = rval[r], x[SGSEQ_RUN];
            unsigned char *row = part + j0 * size;
            for (size_t j = 0; j < len; j++) {
                x[j] = (uint16_t)(p[j] ^ v);
            }
            for (size_t j = 0; j < len; j++) {
                row[j * size + x[j]] = 1;
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
sgseq_phase_a(const sgseq *s, sgseq_pool *pool, size_t j, size_t j0,
              size_t j1, uint64_t *scanned)
{
    /* Local copies: stores through row (a char pointer) could alias s. */
    const uint16_t *g = s->g;
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    size_t n = pool->base + j, size = pool->size, nmiss = 0;
    unsigned char *row = pool->part + j * size;
    unsigned limit = (unsigned)size;
    uint16_t miss[(size_t)1 << SGSEQ_BLOCK_MAXBITS];

    if (s->mask == 0) {
        /* The definition: every split with a > j. */
        sgseq_mark_splits(s, n, j + 1, row);
        pool->front[j] = sgseq_top(s, n);
        return;
    }
    for (size_t i = 0; i < s->n4; i++) {
        size_t k = (size_t)s->k4[i], from, to;
        if (sgseq_splits(k, n)) {
            size_t m = n - k, nr = sgseq_rare_below(s, m);
            /* Partner m - r is older than the block iff r > j - k. */
            size_t first = k <= j ? sgseq_rare_below(s, j - k + 1) : 0;
            const uint16_t *gm = g + m;
            sgseq_run_shared(s, pool, j0, j1, k, &from, &to);
            if (from >= to) {
                from = to = nr;
            }
            for (size_t r = first; r < from; r++) {
                row[*(gm - rpos[r]) ^ rval[r]] = 1;
            }
            for (size_t r = to > first ? to : first; r < nr; r++) {
                row[*(gm - rpos[r]) ^ rval[r]] = 1;
            }
        }
    }
    pool->cfrom[j] = s->ncommon;
    for (size_t i = 0; i < s->ncommon; i++) {
        if (!row[s->common[i]]) {
            limit = s->common[i];
            pool->cfrom[j] = i;
            break;
        }
    }
    pool->rfrom[j] = 0;
    for (size_t i = 0; i < s->nrarev && s->rare[i] < limit; i++) {
        if (!row[s->rare[i]]) {
            miss[nmiss++] = s->rare[i];
        }
        pool->rfrom[j] = i + 1;
    }
    nmiss = sgseq_scan(s, n, j + 1, row, miss, nmiss, scanned,
                       &pool->front[j]);
    /* Values still missing were looked for over every split a > j: they
     * are options only if a split of phase B has them. */
    pool->absent[j] = nmiss > 0;
}

/* Phase A for runs of heaps of the posted block, taken from a shared
 * counter: when one thread is slowed (a busy machine), the other does
 * more of the block. */
static void
sgseq_phase_a_share(sgseq_pool *pool, uint64_t *scanned)
{
    size_t j0;
#if SGSEQ_THREADS
    while ((j0 = atomic_fetch_add(&pool->next, SGSEQ_RUN)) < pool->count) {
#else
    for (j0 = 0; j0 < pool->count; j0 += SGSEQ_RUN) {
#endif
        size_t j1 = j0 + SGSEQ_RUN < pool->count ? j0 + SGSEQ_RUN
                                                 : pool->count;
        sgseq_phase_a_run(pool->s, pool, j0, j1);
        for (size_t j = j0; j < j1; j++) {
            sgseq_phase_a(pool->s, pool, j, j0, j1, scanned);
        }
    }
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
        sgseq_phase_a_share(pool, &pool->scanned[1]);
        sgseq_signal(pool, &pool->finished, seen);
    }
    return 0;
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
    free(pool->part);
    pool->part = NULL;
}

/* Starts the worker; 0, or -1 when threads are not available. */
static int
sgseq_pool_start(sgseq_pool *pool)
{
    pool->part = malloc((size_t)SGSEQ_BLOCK << SGSEQ_BLOCK_MAXBITS);
    if (pool->part == NULL) {
        return -1;
    }
    atomic_init(&pool->next, 0);
    atomic_init(&pool->posted, 0);
    atomic_init(&pool->finished, 0);
    atomic_init(&pool->quit, 0);
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
static void
sgseq_pool_stop(sgseq_pool *pool)
{
    free(pool->part);
    pool->part = NULL;
}

static int
sgseq_pool_start(sgseq_pool *pool)
{
    (void)pool;
    return -1;
}
#endif

/* Phase B for heap base + j: the splits with a <= j, the single-heap
 * options, then c and the rare values below it as in sgseq_sparse,
 * scanning on from where phase A stopped if one is still missing. */
static uint32_t
sgseq_phase_b(sgseq *s, const sgseq_pool *pool, size_t j)
{
    unsigned char *mark = s->mark;
    const uint16_t *g = s->g;
    size_t n = pool->base + j, size = (size_t)1 << s->vbits;
    size_t nmiss = 0, front;
    uint32_t c = (uint32_t)size;

    memcpy(mark, pool->part + j * pool->size, pool->size);
    memset(mark + pool->size, 0, size - pool->size);
    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            mark[g[n - (size_t)s->k2[i]]] = 1;
        }
    }
    for (size_t i = 0; i < s->n1; i++) {
        if (s->k1[i] == n) {
            mark[0] = 1;
        }
    }
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i], hi = j < m / 2 ? j : m / 2;
        for (size_t a = 1; a <= hi; a++) {
            mark[g[a] ^ g[m - a]] = 1;
        }
    }
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
    for (size_t i = pool->cfrom[j]; i < s->ncommon; i++) {
        if (!mark[s->common[i]]) {
            c = s->common[i];
            break;
        }
    }
    for (size_t i = 0; pool->absent[j] && i < pool->rfrom[j]; i++) {
        if (!mark[s->rare[i]]) {
            return s->rare[i];
        }
    }
    /* Rare values from rfrom up to c were not looked for in phase A: the
     * splits marked there have some, and the scan goes on after them. */
    for (size_t i = pool->rfrom[j]; i < s->nrarev && s->rare[i] < c; i++) {
        if (!mark[s->rare[i]]) {
            s->miss[nmiss++] = s->rare[i];
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

/* Whether heap n starts a block computed with two threads. */
static int
sgseq_use_block(const sgseq *s, size_t n)
{
    /* SGSEQ_PLAIN stays the literal definition, one heap at a time. */
    return s->threads >= 2 && s->method != SGSEQ_PLAIN && s->cls == NULL &&
           (s->mask == 0 || s->vbits > 6) &&
           s->vbits <= SGSEQ_BLOCK_MAXBITS && n >= SGSEQ_BLOCK_FROM &&
           n % SGSEQ_BLOCK == 0;
}

/* Heaps base .. base + count - 1 by phases A and B. Returns as
 * sgseq_store; on failure to start threads, 2 (the caller goes on one
 * heap at a time). */
static int
sgseq_block(sgseq *s, sgseq_pool *pool, size_t base, size_t count)
{
    if (!pool->running && sgseq_pool_start(pool) != 0) {
        s->threads = 1;
        return 2;
    }
    pool->s = s;
    pool->base = base;
    pool->count = count;
    pool->size = (size_t)1 << s->vbits;
#if SGSEQ_THREADS
    {
        unsigned job = atomic_load(&pool->posted) + 1;
        atomic_store(&pool->next, 0);
        sgseq_signal(pool, &pool->posted, job);
        sgseq_phase_a_share(pool, &pool->scanned[0]);
        while (sgseq_wait(pool, &pool->finished, job - 1) != job) {
            continue;
        }
    }
#else
    sgseq_phase_a_share(pool, &pool->scanned[0]);
#endif
    s->scanned += pool->scanned[0] + pool->scanned[1];
    pool->scanned[0] = pool->scanned[1] = 0;
    for (size_t j = 0; j < count; j++) {
        int r = sgseq_store(s, base + j,
                            sgseq_unequal(s, base + j,
                                          sgseq_phase_b(s, pool, j)));
        if (r != 0) {
            return r;
        }
    }
    return 0;
}

/*
 * Computes values up to (not including) target, trying a certificate at
 * each power of two and stopping early when one holds.
 */
static grundy_status
sgseq_overflow_error(const sgseq *s, const sgseq_env *env, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "the Grundy value of heap %zu of %s exceeds %lu, the "
                   "largest value the tables hold", s->len,
                   env->name ? env->name : "the game",
                   (unsigned long)s->max_value);
}

static grundy_status
sgseq_compute(sgseq *s, size_t target, const sgseq_env *env,
              grundy_error *err)
{
    char what[160];
    sgseq_pool pool;
    grundy_status st = GRUNDY_OK;
    unsigned vbits = s->vbits;

    memset(&pool, 0, sizeof pool);
    snprintf(what, sizeof what, "Grundy values of %s",
             env->name ? env->name : "the game");
    if (target > s->cap) {
        uint16_t *g = realloc(s->g, target * sizeof *g);
        if (g == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        s->g = g;
        s->cap = target;
    }
    while (s->len < target && !s->certified && !s->overflow) {
        size_t n = s->len;
        int r = 2;

        if (sgseq_is_pow2(n) &&
            ((s->method == SGSEQ_AUTO && n >= SGSEQ_SPARSE_FROM) ||
             (s->method == SGSEQ_SPARSE && n >= 16)) &&
            sgseq_choose_mask(s) != 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        if (s->cls != NULL && (sgseq_is_pow2(n) || s->vbits != vbits) &&
            (n + 1) * sgseq_heap_bytes(s) > env->memory_limit) {
            /* Removal classes keep rows that widen with the values: the
             * limit is checked as they widen, not only per query. */
            char need[32], have[32];
            sgseq_need_text(need, sizeof need,
                            (target + 1) * sgseq_heap_bytes(s));
            util_size_text(have, sizeof have, env->memory_limit);
            st = err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                               sgseq_need_bytes((target + 1) *
                                                sgseq_heap_bytes(s)),
                               "%s: no period is proven up to heap %zu, "
                               "and computing values up to heap %zu needs "
                               "about %s of tables, more than the memory "
                               "limit of %s",
                               env->name ? env->name : "the game", n,
                               target - 1, need, have);
            break;
        }
        vbits = s->vbits;
        /* Removal classes have no method to settle: their estimate holds
         * from short tables on. */
        if (sgseq_is_pow2(n) &&
            n >= (s->cls != NULL ? SGSEQ_SPARSE_FROM : SGSEQ_WORK_FROM) &&
            env->work_limit != 0) {
            uint64_t steps = sgseq_work_estimate(s, n, target);
            if (steps > env->work_limit) {
                st = sgseq_work_error(s, env, target, steps, err);
                break;
            }
        }
        if (target - n >= SGSEQ_BLOCK && sgseq_use_block(s, n)) {
            r = sgseq_block(s, &pool, n, SGSEQ_BLOCK);
        }
        if (r == 2) {
            r = sgseq_store(s, n, sgseq_mex(s, n));
        }
        if (r < 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        if ((s->len >> 16) != (n >> 16) && env->progress != NULL) {
            env->progress(env->progress_user, what, s->len, target);
        }
        /* Blocks are aligned: a power of two can only be the new end. */
        if (sgseq_is_pow2(s->len) && s->len >= 16) {
            sgseq_try_certify(s);
        }
    }
    sgseq_pool_stop(&pool);
    if (st == GRUNDY_OK && !s->certified) {
        sgseq_try_certify(s);
    }
    return st;
}

/* 1 when doubling the table once more would take the period search of a
 * value query past SGSEQ_QUERY_SEARCH_WORK: the definition visits about
 * len^2 / 2 splits per removal that splits (quadratic), sparse space
 * counts its visits, and games without splits are linear. */
static int
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

/* 0 when no certificate can ever hold: no theorem for the rules
 * (SGSEQ_NONE), or a repeating group (t infinite). Searching further for a
 * period would then only cost time. */
static int
sgseq_can_certify(const sgseq *s)
{
    return s->cert != SGSEQ_NONE && s->t != UINT64_MAX;
}

grundy_status
sgseq_value(sgseq *s, uint64_t n, const sgseq_env *env, uint64_t *out,
            grundy_error *err)
{
    uint64_t max = sgseq_max_len(s, env);
    uint16_t v;

    while (!sgseq_known(s, n, &v)) {
        uint64_t target;
        grundy_status st;

        if (s->overflow) {
            return sgseq_overflow_error(s, env, err);
        }
        if (n >= max || s->len >= max) {
            /* Beyond the memory limit: only a period could answer. Look
             * for one over a bounded search, then give up loudly. */
            uint64_t search = s->search_limit < max ? s->search_limit : max;
            char need[32], have[32], why[160];
            if (s->len < search && sgseq_can_certify(s) &&
                !sgseq_search_costly(s)) {
                target = s->len < 512 ? 1024 : 2 * (uint64_t)s->len;
                st = sgseq_compute(s, (size_t)(target < search ? target
                                                               : search),
                                   env, err);
                if (st != GRUNDY_OK) {
                    return st;
                }
                continue;
            }
            util_size_text(have, sizeof have, env->memory_limit);
            if (sgseq_can_certify(s)) {
                snprintf(why, sizeof why, "no period is proven (none found "
                         "up to heap %llu%s)", (unsigned long long)s->len,
                         s->len < search ? "; 'grundy period' searches "
                                           "further" : "");
            } else {
                snprintf(why, sizeof why, "no period theorem applies "
                         "(values known up to heap %llu)",
                         (unsigned long long)s->len);
            }
            if (n >= SGSEQ_MAX_LEN) {
                return err_set(err, GRUNDY_ELIMIT, -1,
                               "heap %llu of %s: %s, and tables stop "
                               "below heap %llu",
                               (unsigned long long)n,
                               env->name ? env->name : "the game", why,
                               (unsigned long long)SGSEQ_MAX_LEN);
            }
            sgseq_need_text(need, sizeof need,
                            (n + 1) * sgseq_heap_bytes(s));
            return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                                 sgseq_need_bytes((n + 1) *
                                                  sgseq_heap_bytes(s)),
                                 "heap %llu of %s: %s, and computing its "
                                 "value needs %s of tables, more than the "
                                 "memory limit of %s",
                                 (unsigned long long)n,
                                 env->name ? env->name : "the game", why,
                                 need, have);
        }
        /* Amortised doubling, up to the heap asked for at least. */
        target = s->len < 512 ? 1024 : 2 * (uint64_t)s->len;
        if (target < n + 1) {
            target = n + 1;
        }
        if (target > max) {
            target = max;
        }
        /* Doubling amortises, but not past the work limit when the heap
         * asked for is within it. */
        if (env->work_limit != 0 && s->len >= SGSEQ_WORK_FROM &&
            sgseq_work_estimate(s, s->len, target) > env->work_limit) {
            target = n + 1;
        }
        st = sgseq_compute(s, (size_t)target, env, err);
        if (st != GRUNDY_OK) {
            return st;
        }
    }
    *out = v;
    return GRUNDY_OK;
}

/* 1 when err is a limit that a period search governed by the limits
 * stops at (rather than fails on): the work or the memory limit. */
static int
sgseq_search_stop(grundy_status st, const grundy_error *err)
{
    return st == GRUNDY_ELIMIT && err != NULL &&
           (err->limit == GRUNDY_LIMIT_WORK ||
            err->limit == GRUNDY_LIMIT_MEMORY);
}

/*
 * The period search: doubles the table until a certificate holds or the
 * search length is reached. With env->period_search = UINT64_MAX the
 * length is what the limits allow: the table the memory limit holds, and
 * no doubling whose estimated steps pass the work limit (the search stops
 * there, found = 0 and stopped_by naming the limit, rather than failing:
 * how far to look is exactly what the limits are for here).
 */
grundy_status
sgseq_period(sgseq *s, const sgseq_env *env, grundy_period *out,
             grundy_error *err)
{
    uint64_t max = sgseq_max_len(s, env);
    int by_limits = env->period_search == UINT64_MAX;
    uint64_t bound = env->period_search == 0 ? s->search_limit
                                              : env->period_search;
    uint64_t search = bound < max ? bound : max;
    grundy_limit stop = bound > max ? GRUNDY_LIMIT_MEMORY : GRUNDY_LIMIT_NONE;

    memset(out, 0, sizeof *out);
    if (!sgseq_can_certify(s)) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "%s: no theorem certifies a period of this game (a "
                       "repeating group has no largest removal; Grundy's "
                       "game has none known): values are computed up to "
                       "the heap asked", env->name ? env->name : "the game");
    }
    while (!s->certified && s->len < search) {
        uint64_t target = s->len < 512 ? 1024 : 2 * (uint64_t)s->len;
        grundy_error why;
        grundy_status st;
        if (target > search) {
            target = search;
        }
        if (by_limits && env->work_limit != 0 && s->len >= 1024 &&
            sgseq_work_estimate(s, s->len, target) > env->work_limit) {
            stop = GRUNDY_LIMIT_WORK;
            break;
        }
        st = sgseq_compute(s, (size_t)target, env, by_limits ? &why : err);
        if (by_limits && sgseq_search_stop(st, &why)) {
            stop = why.limit;
            break;
        }
        if (st != GRUNDY_OK) {
            if (by_limits && err != NULL) {
                *err = why;
            }
            return st;
        }
        if (s->overflow) {
            return sgseq_overflow_error(s, env, err);
        }
    }
    if (s->certified) {
        out->found = 1;
        out->period = s->p;
        out->preperiod = s->n0;
        out->certified = s->cert_len;
    } else {
        out->found = 0;
        out->searched = s->len;
        out->stopped_by = stop;
    }
    return GRUNDY_OK;
}

/* ---- saved sequences ------------------------------------------------- */

int
sgseq_loadable(const sgseq *s)
{
    return s->cls == NULL;
}

const uint16_t *
sgseq_values(const sgseq *s, uint64_t *len)
{
    *len = s->len;
    return s->g;
}

grundy_status
sgseq_load(sgseq *s, const uint16_t *g, uint64_t len, const sgseq_env *env,
           grundy_error *err)
{
    if (s->cls != NULL) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "%s: its values come from removal classes, which "
                       "are not saved", env->name ? env->name : "the game");
    }
    if (len > SIZE_MAX / sizeof *g || len * sizeof *g > env->memory_limit) {
        char need[32], have[32];
        sgseq_need_text(need, sizeof need, len * sizeof *g);
        util_size_text(have, sizeof have, env->memory_limit);
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                             sgseq_need_bytes(len * sizeof *g),
                             "%s: the saved values need %s, more than the "
                             "memory limit of %s",
                             env->name ? env->name : "the game", need, have);
    }
    /* What the table holds already must agree with the saved values. */
    for (size_t n = 0; n < s->len && n < len; n++) {
        if (s->g[n] != g[n]) {
            return err_set(err, GRUNDY_EPOSITION, -1,
                           "the saved value of heap %zu (%u) differs from "
                           "the computed one (%u)", n, (unsigned)g[n],
                           (unsigned)s->g[n]);
        }
    }
    if (len > s->cap) {
        uint16_t *ng = realloc(s->g, (size_t)len * sizeof *ng);
        if (ng == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        s->g = ng;
        s->cap = (size_t)len;
    }
    /* The values are stored as sgseq_compute stores them (histogram,
     * rare lists, mask choices at powers of two, certificates), without
     * the mex: the sequence then goes on from len as if it had computed
     * them itself. */
    while (s->len < len && !s->certified && !s->overflow) {
        size_t n = s->len;
        int r;
        if (sgseq_is_pow2(n) &&
            ((s->method == SGSEQ_AUTO && n >= SGSEQ_SPARSE_FROM) ||
             (s->method == SGSEQ_SPARSE && n >= 16)) &&
            sgseq_choose_mask(s) != 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if ((r = sgseq_store(s, n, g[n])) < 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (sgseq_is_pow2(s->len) && s->len >= 16) {
            sgseq_try_certify(s);
        }
    }
    if (!s->certified) {
        sgseq_try_certify(s);
    }
    return GRUNDY_OK;
}
