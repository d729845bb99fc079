/*
 * sgseq_mex.c - the value of one heap: the definition (every option, the
 * mex) for short tables and the sparse-space method for long ones (the
 * common values from the rare heaps, then the rare values below the
 * candidate by a scan of the splits, vectorised where the compiler has
 * vector types; SGSEQ_PORTABLE builds the plain C scan).
 */
#include "sgseq_impl.h"

#include <stdlib.h>
#include <string.h>

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
size_t
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
void
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
    sgseq_view cl = sgseq_view_of(s, n);

    for (size_t i = 0; i < s->n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k, nr = sgseq_rare_below(s, m);
            for (size_t j = 0; j < nr; j++) {
                mark[g[m - rpos[j]] ^ rval[j]] = 1;
            }
        }
    }
    for (size_t i = 0; i < cl.ncommon; i++) {
        if (!mark[cl.common[i]]) {
            c = cl.common[i];
            break;
        }
    }
    for (size_t i = 0; i < cl.nrare && cl.rare[i] < c; i++) {
        if (!mark[cl.rare[i]]) {
            s->miss[nmiss++] = cl.rare[i];
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
 * The values G(r) ^ G(n - k - r) of the pairs of a rare heap r with the
 * heap a removal k leaves beside it, as bits. Once every rare heap pairs
 * for every k (the last one below n - max k: soon, as rare heaps are few
 * and early), rare heap by rare heap: its removals read neighbouring
 * values, and its position and value are loaded once, not once per k.
 */
static uint64_t
sgseq_rare_bits64(const sgseq *s, size_t n)
{
    const uint16_t *g = s->g;
    const uint32_t *rpos = s->rpos;
    const uint16_t *rval = s->rval;
    size_t n4 = s->n4, nr = s->nrare;
    uint64_t seen = 0;

    if (nr > 0 && n4 > 0 && n4 <= 3 && s->k4[n4 - 1] < n &&
        rpos[nr - 1] < n - (size_t)s->k4[n4 - 1]) {
        /* Missing removals repeat the first: a value marked twice. */
        size_t k0 = (size_t)s->k4[0];
        size_t k1 = n4 > 1 ? (size_t)s->k4[1] : k0;
        size_t k2 = n4 > 2 ? (size_t)s->k4[2] : k0;
        if (n4 == 1) {
            for (size_t j = 0; j < nr; j++) {
                seen |= (uint64_t)1 << (g[n - k0 - rpos[j]] ^ rval[j]);
            }
            return seen;
        }
        for (size_t j = 0; j < nr; j++) {
            const uint16_t *p = g + (n - rpos[j]);
            unsigned v = rval[j];
            seen |= (uint64_t)1 << (*(p - k0) ^ v) |
                    (uint64_t)1 << (*(p - k1) ^ v) |
                    (uint64_t)1 << (*(p - k2) ^ v);
        }
        return seen;
    }
    for (size_t i = 0; i < n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k, nrm = sgseq_rare_below(s, m);
            for (size_t j = 0; j < nrm; j++) {
                seen |= (uint64_t)1 << (g[m - rpos[j]] ^ rval[j]);
            }
        }
    }
    return seen;
}

/*
 * One chunk of the scan of sgseq_sparse64, a = lo .. lo + SGSEQ_CHUNK - 1,
 * for three removals at once when the chunk lies below every removal's
 * half (then it covers the splits of the loop by removal): G(a) is loaded
 * once for the three splits that share it, and need is checked after
 * every SGSEQ_CHUNK3_STEP values of a, 24 splits here. Most scans of
 * octal:0.1777 end within the first 32 values of a: the finer checks cut
 * the splits it looks at to 2^20 by 39% (docs/benchmarks.md, issue
 * 26.1). Returns 0, having done nothing, when it does not apply.
 */
#define SGSEQ_CHUNK3_STEP 8u
_Static_assert(SGSEQ_CHUNK % SGSEQ_CHUNK3_STEP == 0,
               "a chunk is whole steps");

static int
sgseq_chunk3(sgseq *s, size_t n, size_t lo, uint64_t need, uint64_t *seen)
{
    const uint16_t *g = s->g;
    size_t m0, m1, m2, from;
    uint64_t bits = *seen;

    if (s->n4 != 3 || s->k4[2] >= n ||
        lo + SGSEQ_CHUNK - 1 > (n - (size_t)s->k4[2]) / 2) {
        return 0;
    }
    m0 = n - (size_t)s->k4[0];
    m1 = n - (size_t)s->k4[1];
    m2 = n - (size_t)s->k4[2];
    for (from = lo; from < lo + SGSEQ_CHUNK && (need & ~bits) != 0;
         from += SGSEQ_CHUNK3_STEP) {
        for (size_t a = from; a < from + SGSEQ_CHUNK3_STEP; a++) {
            unsigned x = g[a];
            bits |= (uint64_t)1 << (x ^ g[m0 - a]) |
                    (uint64_t)1 << (x ^ g[m1 - a]) |
                    (uint64_t)1 << (x ^ g[m2 - a]);
        }
        s->scanned += 3 * SGSEQ_CHUNK3_STEP;
    }
    *seen = bits;
    return 1;
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
    unsigned size = 1u << s->vbits;
    uint64_t all = size == 64 ? ~(uint64_t)0 : ((uint64_t)1 << size) - 1;
    uint64_t seen = 0, common = sgseq_view_of(s, n).common64, need, low;
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
    seen |= sgseq_rare_bits64(s, n);
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
        if (sgseq_chunk3(s, n, lo, need, &seen)) {
            if ((need & ~seen) == 0) {
                return c;
            }
            continue;
        }
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
uint32_t
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

uint32_t
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
