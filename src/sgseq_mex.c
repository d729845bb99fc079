/*
 * sgseq_mex.c - the value of one heap: the definition (every option, the
 * mex) for short tables and the sparse-space method for long ones (the
 * common values from the rare heaps, then the rare values below the
 * candidate by a scan of the splits, vectorised where the compiler has
 * vector types; SGSEQ_PORTABLE builds the plain C scan).
 * One file of about a thousand lines on purpose: the mark, compare and
 * bitmap kernels share the static inline table readers, the hot-copy
 * bounds and the AVX-512 dispatch, and every kernel must mark and count
 * alike (sgseq_scan_last), which is easiest to keep true side by side.
 */
#include "sgseq_impl.h"

#include <stdlib.h>
#include <string.h>

#if SGSEQ_VECTOR
typedef uint16_t sgseq_v8 __attribute__((vector_size(16)));
typedef uint32_t sgseq_v4 __attribute__((vector_size(16)));
typedef unsigned char sgseq_b16 __attribute__((vector_size(16)));
#endif

/* Eight bits of a plane as eight 16-bit lanes, all ones where the bit
 * is set: lane i bit i (sgseq_up, also phase A's), or bit 7 - i
 * (sgseq_down, for the values read going down). Tables, since plain
 * SSE2 has no per-lane shift and a bit reversal takes a dozen
 * operations. */
#define SGSEQ_L(n, b) (((n) >> (b) & 1) ? 0xffffu : 0u)
#define SGSEQ_UP(n)                                                        \
    {SGSEQ_L(n, 0), SGSEQ_L(n, 1), SGSEQ_L(n, 2), SGSEQ_L(n, 3),           \
     SGSEQ_L(n, 4), SGSEQ_L(n, 5), SGSEQ_L(n, 6), SGSEQ_L(n, 7)}
#define SGSEQ_DOWN(n)                                                      \
    {SGSEQ_L(n, 7), SGSEQ_L(n, 6), SGSEQ_L(n, 5), SGSEQ_L(n, 4),           \
     SGSEQ_L(n, 3), SGSEQ_L(n, 2), SGSEQ_L(n, 1), SGSEQ_L(n, 0)}
#define SGSEQ_T4(f, n) f(n), f((n) + 1), f((n) + 2), f((n) + 3)
#define SGSEQ_T16(f, n)                                                    \
    SGSEQ_T4(f, n), SGSEQ_T4(f, (n) + 4), SGSEQ_T4(f, (n) + 8),            \
        SGSEQ_T4(f, (n) + 12)
#define SGSEQ_T64(f, n)                                                    \
    SGSEQ_T16(f, n), SGSEQ_T16(f, (n) + 16), SGSEQ_T16(f, (n) + 32),       \
        SGSEQ_T16(f, (n) + 48)
#define SGSEQ_T256(f)                                                      \
    SGSEQ_T64(f, 0), SGSEQ_T64(f, 64), SGSEQ_T64(f, 128), SGSEQ_T64(f, 192)
const uint16_t sgseq_up[256][8] = {SGSEQ_T256(SGSEQ_UP)};
static const uint16_t sgseq_down[256][8] = {SGSEQ_T256(SGSEQ_DOWN)};

/* Plane p of the table. */
static inline const uint64_t *
sgseq_tab_plane(const sgseq_tab *t, unsigned p)
{
    return p == 0 ? t->h0 : p == 1 ? t->h1 : t->s->ghi[p];
}

#if SGSEQ_VECTOR
/* The eight lanes of v in reverse order: the halves of each 32-bit lane
 * swapped, then the four 32-bit lanes reversed (two shuffles plain SSE2
 * has; a 16-bit reversal of its own became sixteen lane moves). */
static inline sgseq_v8
sgseq_reverse8(sgseq_v8 v)
{
    sgseq_v4 w;
    memcpy(&w, &v, sizeof w);
    w = (w << 16) | (w >> 16);
    w = __builtin_shufflevector(w, w, 3, 2, 1, 0);
    memcpy(&v, &w, sizeof v);
    return v;
}
#endif

/*
 * x[i] = G(a + i) ^ G(m - a - i) for i < 16 (a + 15 <= m / 2), from the
 * compact table: the low bytes, 16 at a time (one read going up, one
 * going down, reversed), widened to 16 bits, then each plane's 16 bits
 * spread over the lanes.
 */
#if SGSEQ_VECTOR
/* The planes' bits of x[0..16) added to x0 and x1. */
static inline void
sgseq_xor_hi(const sgseq_tab *t, size_t m, size_t a, sgseq_v8 *x0,
             sgseq_v8 *x1)
{
    const sgseq_v8 zero = {0};
    for (unsigned p = 0; p < t->planes; p++) {
        /* Lane i of x0 takes bit i going up and bit 15 - i going down
         * (XOR works bit by bit: each plane XORs on its own). */
        const uint64_t *plane = sgseq_tab_plane(t, p);
        unsigned hu = (unsigned)sgseq_plane_bits32(plane, a);
        unsigned hd = (unsigned)sgseq_plane_bits32(plane, m - a - 15);
        sgseq_v8 u0, u1, v0, v1,
            bit = zero + (uint16_t)(1u << (SGSEQ_LO_BITS + p));
        memcpy(&u0, sgseq_up[hu & 0xffu], sizeof u0);
        memcpy(&u1, sgseq_up[hu >> 8 & 0xffu], sizeof u1);
        memcpy(&v0, sgseq_down[hd >> 8 & 0xffu], sizeof v0);
        memcpy(&v1, sgseq_down[hd & 0xffu], sizeof v1);
        *x0 |= (u0 ^ v0) & bit;
        *x1 |= (u1 ^ v1) & bit;
    }
}

/* The 16 bytes of v in reverse order: the bytes of each 16-bit lane
 * swapped, then the lanes reversed. */
static inline sgseq_b16
sgseq_reverse16(sgseq_b16 v)
{
    sgseq_v8 w;
    memcpy(&w, &v, sizeof w);
    w = sgseq_reverse8((sgseq_v8)(w << 8 | w >> 8));
    memcpy(&v, &w, sizeof v);
    return v;
}

/* The low bytes of x[0..16) as 16 byte lanes: half the lanes' work of
 * the widened form, and exact while the table has no planes. */
static inline sgseq_b16
sgseq_xor_bytes(const sgseq_tab *t, size_t m, size_t a)
{
    sgseq_b16 up, down;
    memcpy(&up, t->lo + a, sizeof up);
    memcpy(&down, t->lo + m - a - 15, sizeof down);
    return up ^ sgseq_reverse16(down);
}

static inline void
sgseq_xor16(const sgseq_tab *t, size_t m, size_t a, uint16_t x[16])
{
    /* The low bytes XORed as bytes, then widened: fewer operations than
     * widening both reads first (12 against 16). */
    sgseq_b16 lo = sgseq_xor_bytes(t, m, a);
    sgseq_v8 x0 = __builtin_convertvector(
                 __builtin_shufflevector(lo, lo, 0, 1, 2, 3, 4, 5, 6, 7),
                 sgseq_v8),
             x1 = __builtin_convertvector(
                 __builtin_shufflevector(lo, lo, 8, 9, 10, 11, 12, 13, 14, 15),
                 sgseq_v8);
    sgseq_xor_hi(t, m, a, &x0, &x1);
    memcpy(x, &x0, sizeof x0);
    memcpy(x + 8, &x1, sizeof x1);
}
#else
static inline void
sgseq_xor16(const sgseq_tab *t, size_t m, size_t a, uint16_t x[16])
{
    const unsigned char *up = t->lo + a, *down = t->lo + m - a;
    for (size_t i = 0; i < 16; i++) {
        x[i] = (uint16_t)(up[i] ^ *(down - i));
    }
    for (unsigned p = 0; p < t->planes; p++) {
        const uint64_t *plane = sgseq_tab_plane(t, p);
        unsigned hu = (unsigned)sgseq_plane_bits32(plane, a);
        unsigned hd = (unsigned)sgseq_plane_bits32(plane, m - a - 15);
        uint16_t bit = (uint16_t)(1u << (SGSEQ_LO_BITS + p));
        for (size_t i = 0; i < 8; i++) {
            x[i] |= (sgseq_up[hu & 0xffu][i] ^
                     sgseq_down[hd >> 8 & 0xffu][i]) & bit;
            x[i + 8] |= (sgseq_up[hu >> 8 & 0xffu][i] ^
                         sgseq_down[hd & 0xffu][i]) & bit;
        }
    }
}
#endif

/*
 * Marks G(a) ^ G(m - a) for lo <= a <= hi. Runs of 16 values are formed
 * first (sgseq_xor16) and marked after: the stores are then the only
 * work left per split.
 */
static void
sgseq_mark_runc(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
                unsigned char *mark)
{
    size_t a = lo;
#if SGSEQ_VECTOR
    for (; t->planes == 0 && a + 15 <= hi; a += 16) {
        unsigned char x[16];
        sgseq_b16 v = sgseq_xor_bytes(t, m, a);
        memcpy(x, &v, sizeof x);
        for (size_t i = 0; i < 16; i++) {
            mark[x[i]] = 1;
        }
    }
#endif
    for (; a + 15 <= hi; a += 16) {
        uint16_t x[16];
        sgseq_xor16(t, m, a, x);
        for (size_t i = 0; i < 16; i++) {
            mark[x[i]] = 1;
        }
    }
    for (; a <= hi; a++) {
        mark[sgseq_tab_get(t, a) ^ sgseq_tab_get(t, m - a)] = 1;
    }
}

#if SGSEQ_VECTOR
static unsigned
sgseq_run_hasc(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
              const uint16_t w[4])
{
    const sgseq_v8 zero = {0};
    const sgseq_b16 zb = {0};
    sgseq_v8 w0 = zero + w[0], w1 = zero + w[1], w2 = zero + w[2],
             w3 = zero + w[3], h0 = zero, h1 = zero, h2 = zero, h3 = zero;
    sgseq_b16 l0 = zb + (unsigned char)(w[0] & SGSEQ_LO_MASK),
              l1 = zb + (unsigned char)(w[1] & SGSEQ_LO_MASK),
              l2 = zb + (unsigned char)(w[2] & SGSEQ_LO_MASK),
              l3 = zb + (unsigned char)(w[3] & SGSEQ_LO_MASK), hb = zb;
    uint64_t lanes[2];
    unsigned found = 0;
    size_t a = lo;
    for (; a + 15 <= hi; a += 16) {
        sgseq_b16 x = sgseq_xor_bytes(t, m, a);
        sgseq_b16 e0 = (sgseq_b16)(x == l0), e1 = (sgseq_b16)(x == l1),
                  e2 = (sgseq_b16)(x == l2), e3 = (sgseq_b16)(x == l3), any;
        sgseq_v8 x0, x1;
        if (t->planes == 0) {
            /* Every value is its low byte. */
            hb |= (e0 & 1) | (e1 & 2) | (e2 & 4) | (e3 & 8);
            continue;
        }
        /* A lane can equal w[b] only if its low byte does (about one
         * group of 16 in four): the planes only then. */
        any = e0 | e1 | e2 | e3;
        memcpy(lanes, &any, sizeof lanes);
        if ((lanes[0] | lanes[1]) == 0) {
            continue;
        }
        x0 = __builtin_convertvector(__builtin_shufflevector(x, x, 0, 1, 2, 3,
                                                             4, 5, 6, 7),
                                     sgseq_v8);
        x1 = __builtin_convertvector(__builtin_shufflevector(x, x, 8, 9, 10,
                                                             11, 12, 13, 14,
                                                             15),
                                     sgseq_v8);
        sgseq_xor_hi(t, m, a, &x0, &x1);
        h0 |= (sgseq_v8)(x0 == w0) | (sgseq_v8)(x1 == w0);
        h1 |= (sgseq_v8)(x0 == w1) | (sgseq_v8)(x1 == w1);
        h2 |= (sgseq_v8)(x0 == w2) | (sgseq_v8)(x1 == w2);
        h3 |= (sgseq_v8)(x0 == w3) | (sgseq_v8)(x1 == w3);
    }
    /* Bit b of each lane: w[b] seen there; then the lanes are folded. */
    h0 = (h0 & 1) | (h1 & 2) | (h2 & 4) | (h3 & 8);
    memcpy(lanes, &h0, sizeof lanes);
    lanes[0] |= lanes[1];
    lanes[0] |= lanes[0] >> 32;
    found = (unsigned)((lanes[0] | lanes[0] >> 16) & 15);
    memcpy(lanes, &hb, sizeof lanes);
    lanes[0] |= lanes[1];
    lanes[0] |= lanes[0] >> 32;
    lanes[0] |= lanes[0] >> 16;
    found |= (unsigned)((lanes[0] | lanes[0] >> 8) & 15);
    for (; a <= hi; a++) {
        unsigned x = sgseq_tab_get(t, a) ^ sgseq_tab_get(t, m - a);
        found |= (unsigned)((x == w[0]) | (x == w[1]) << 1 |
                            (x == w[2]) << 2 | (x == w[3]) << 3);
    }
    return found;
}
#else
static unsigned
sgseq_run_hasc(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
               const uint16_t w[4])
{
    unsigned found = 0;
    for (size_t a = lo; a <= hi; a++) {
        unsigned x = sgseq_tab_get(t, a) ^ sgseq_tab_get(t, m - a);
        found |= (unsigned)((x == w[0]) | (x == w[1]) << 1 |
                            (x == w[2]) << 2 | (x == w[3]) << 3);
    }
    return found;
}
#endif

/*
 * The hot copies (SGSEQ_HOT): the splits a of lo <= a <= hi whose two
 * parts are both there, a < nlow and m - a >= wbase, are lo .. the
 * returned bound (below lo: none). The scans read those in 16 bits.
 */
static size_t
sgseq_hot_end(const sgseq_tab *t, size_t m, size_t lo, size_t hi)
{
    size_t e = hi;
    if (t->nlow == 0 || m < t->wbase + lo || lo >= t->nlow) {
        return lo - 1;
    }
    e = e < t->nlow - 1 ? e : t->nlow - 1;
    return e < m - t->wbase ? e : m - t->wbase;
}

/* Marks up[a] ^ down[-a] for lo <= a <= hi: the 16-bit table's kernel,
 * 16 values formed (one read going up, one going down, vectorised by the
 * compiler) then marked. */
static void
sgseq_mark_run16(const uint16_t *up, const uint16_t *down, size_t lo,
                 size_t hi, unsigned char *mark)
{
    size_t a = lo;
    for (; a + 15 <= hi; a += 16) {
        const uint16_t *u = up + a, *d = down - a;
        uint16_t x[16];
        for (size_t i = 0; i < 16; i++) {
            x[i] = (uint16_t)(u[i] ^ *(d - i));
        }
        for (size_t i = 0; i < 16; i++) {
            mark[x[i]] = 1;
        }
    }
    for (; a <= hi; a++) {
        mark[up[a] ^ *(down - a)] = 1;
    }
}

/* Which of w[0..4) are among up[a] ^ down[-a], lo <= a <= hi, one split
 * at a time: bit b for w[b]. The portable kernel, and the vector
 * kernels' last splits. */
static unsigned
sgseq_run_has16_plain(const uint16_t *up, const uint16_t *down, size_t lo,
                      size_t hi, const uint16_t w[4])
{
    unsigned found = 0;
    for (size_t a = lo; a <= hi; a++) {
        unsigned x = up[a] ^ *(down - a);
        found |= (unsigned)((x == w[0]) | (x == w[1]) << 1 |
                            (x == w[2]) << 2 | (x == w[3]) << 3);
    }
    return found;
}

#if SGSEQ_AVX512
/*
 * sgseq_run_has16 with 32 lanes: one permutation reverses the values read
 * going down, and each compare leaves a mask of 32 bits.
 */
__attribute__((target("avx512f,avx512bw"))) static unsigned
sgseq_run_has16_avx512(const uint16_t *up, const uint16_t *down, size_t lo,
                       size_t hi, const uint16_t w[4])
{
    const __m512i rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
        19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m512i w0 = _mm512_set1_epi16((short)w[0]),
                  w1 = _mm512_set1_epi16((short)w[1]),
                  w2 = _mm512_set1_epi16((short)w[2]),
                  w3 = _mm512_set1_epi16((short)w[3]);
    __mmask32 h0 = 0, h1 = 0, h2 = 0, h3 = 0;
    unsigned found;
    size_t a = lo;
    for (; a + 31 <= hi; a += 32) {
        __m512i u = _mm512_loadu_si512(up + a);
        __m512i d = _mm512_loadu_si512(down - a - 31);
        __m512i x = _mm512_xor_si512(u, _mm512_permutexvar_epi16(rev, d));
        h0 |= _mm512_cmpeq_epi16_mask(x, w0);
        h1 |= _mm512_cmpeq_epi16_mask(x, w1);
        h2 |= _mm512_cmpeq_epi16_mask(x, w2);
        h3 |= _mm512_cmpeq_epi16_mask(x, w3);
    }
    found = (unsigned)(h0 != 0) | (unsigned)(h1 != 0) << 1 |
            (unsigned)(h2 != 0) << 2 | (unsigned)(h3 != 0) << 3;
    return found | sgseq_run_has16_plain(up, down, a, hi, w);
}
#endif

/* Which of w[0..4) are among up[a] ^ down[-a], lo <= a <= hi: bit b for
 * w[b]. */
#if SGSEQ_VECTOR
static unsigned
sgseq_run_has16(const uint16_t *up, const uint16_t *down, size_t lo,
                size_t hi, const uint16_t w[4])
{
#if SGSEQ_AVX512
    if (sgseq_have_avx512()) {
        return sgseq_run_has16_avx512(up, down, lo, hi, w);
    }
#endif
    const sgseq_v8 zero = {0};
    sgseq_v8 w0 = zero + w[0], w1 = zero + w[1], w2 = zero + w[2],
             w3 = zero + w[3], h0 = zero, h1 = zero, h2 = zero, h3 = zero;
    uint64_t lanes[2];
    unsigned found = 0;
    size_t a = lo;
    for (; a + 7 <= hi; a += 8) {
        sgseq_v8 u, x;
        sgseq_v4 d;
        memcpy(&u, up + a, sizeof u);
        memcpy(&d, down - a - 7, sizeof d);
        d = (d << 16) | (d >> 16);
        d = __builtin_shufflevector(d, d, 3, 2, 1, 0);
        x = u ^ (sgseq_v8)d;
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
    return found | sgseq_run_has16_plain(up, down, a, hi, w);
}
#else
static unsigned
sgseq_run_has16(const uint16_t *up, const uint16_t *down, size_t lo,
                size_t hi, const uint16_t w[4])
{
    return sgseq_run_has16_plain(up, down, lo, hi, w);
}
#endif

/* Marks G(a) ^ G(m - a) for lo <= a <= hi: the hot copies' splits in 16
 * bits, the rest from the compact table. */
static void
sgseq_mark_run(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
               unsigned char *mark)
{
    size_t e = sgseq_hot_end(t, m, lo, hi);
    if (e + 1 > lo) {
        sgseq_mark_run16(t->wlow, t->wtop + (m - t->wbase), lo, e, mark);
        lo = e + 1;
    }
    if (lo <= hi) {
        sgseq_mark_runc(t, m, lo, hi, mark);
    }
}

/* Which of w[0..4) are among G(a) ^ G(m - a), lo <= a <= hi. */
static unsigned
sgseq_run_has(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
              const uint16_t w[4])
{
    unsigned found = 0;
    size_t e = sgseq_hot_end(t, m, lo, hi);
    if (e + 1 > lo) {
        found = sgseq_run_has16(t->wlow, t->wtop + (m - t->wbase), lo, e, w);
        lo = e + 1;
    }
    if (lo <= hi) {
        found |= sgseq_run_hasc(t, m, lo, hi, w);
    }
    return found;
}

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
 * The last values of a scan. Once at most SGSEQ_COMPARE values are
 * missing, the splits are only tested against them, and only the values
 * found are marked: four at a time (sgseq_run_has, in groups of four
 * while more are missing), or, with AVX-512 and values below
 * SGSEQ_WANT_VALUES, against a bitmap of them all (sgseq_want16_avx512).
 * Both take the same values, and both count the splits up to the end of
 * the run of SGSEQ_RUN_COMPARE (from the first split tested) in which the
 * last value was found, so the marks and the work counted do not depend
 * on the machine.
 */

/* Marks those of miss[0..nmiss) that are among G(a) ^ G(m - a),
 * lo <= a <= hi; returns how many are still missing, compacted in their
 * order. Four at a time; or, with more than four and a scratch row
 * (zeroed, of 2^vbits bytes), by marking every split there and reading
 * the missing values back, as fast as the scan's marks and with the same
 * marks left in mark. */
static size_t
sgseq_run_groups(const sgseq_tab *t, size_t m, size_t lo, size_t hi,
                 unsigned char *mark, uint16_t *miss, size_t nmiss,
                 unsigned char *scratch)
{
    if (nmiss > 4 && scratch != NULL) {
        sgseq_mark_run(t, m, lo, hi, scratch);
        for (size_t i = 0; i < nmiss; i++) {
            mark[miss[i]] |= scratch[miss[i]];
        }
        return sgseq_compact(miss, nmiss, mark);
    }
    for (size_t g = 0; g < nmiss; g += 4) {
        uint16_t w[4];
        unsigned found;
        for (size_t i = 0; i < 4; i++) {
            w[i] = miss[g + i < nmiss ? g + i : g];
        }
        found = sgseq_run_has(t, m, lo, hi, w);
        for (unsigned b = 0; b < 4; b++) {
            if (found >> b & 1) {
                mark[w[b]] = 1;
            }
        }
    }
    return sgseq_compact(miss, nmiss, mark);
}

/* Values of a scratch row (sgseq_run_groups) on the stack: tables of
 * vbits <= 12, every table a block can hold. */
#define SGSEQ_SCRATCH_VALUES ((size_t)1 << 12)

/* The last values by sgseq_run_groups, run by run over every removal.
 * Adds the splits tested to *count; returns as sgseq_scan. */
static size_t
sgseq_scan_groups(const sgseq *s, const sgseq_tab *t, size_t n, size_t lo,
                  unsigned char *mark, uint16_t *miss, size_t nmiss,
                  uint64_t *count)
{
    size_t top = sgseq_top(s, n), size = (size_t)1 << s->vbits;
    unsigned char scratch[SGSEQ_SCRATCH_VALUES], *row = NULL;
    if (nmiss > 4 && size <= SGSEQ_SCRATCH_VALUES) {
        memset(scratch, 0, size);
        row = scratch;
    }
    for (; nmiss > 0 && lo <= top; lo += SGSEQ_RUN_COMPARE) {
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2;
            size_t hi = lo + SGSEQ_RUN_COMPARE - 1 < half
                            ? lo + SGSEQ_RUN_COMPARE - 1
                            : half;
            if (hi >= lo) {
                if (nmiss > 0) {
                    nmiss = sgseq_run_groups(t, m, lo, hi, mark, miss, nmiss,
                                             row);
                }
                *count += hi - lo + 1;
            }
        }
    }
    return nmiss;
}

#if SGSEQ_AVX512
/*
 * The values a scan still looks for, as a bitmap: bit v & 63 of word
 * v >> 6 is set while v is missing. One permutation reads 32 lanes'
 * 16-bit words of it at once, so 32 splits are tested against every
 * missing value in a few operations, where a mark costs a store a split
 * (about a cycle, the mark kernels' limit) and sgseq_run_has a compare a
 * value.
 */
#define SGSEQ_WANT_VALUES 1024u
#define SGSEQ_WANT_WORDS (SGSEQ_WANT_VALUES / 64u)

/* The bitmap of miss[0..nmiss). */
static void
sgseq_want_of(uint64_t want[SGSEQ_WANT_WORDS], const uint16_t *miss,
              size_t nmiss)
{
    memset(want, 0, SGSEQ_WANT_WORDS * sizeof *want);
    for (size_t i = 0; i < nmiss; i++) {
        want[miss[i] >> 6] |= (uint64_t)1 << (miss[i] & 63);
    }
}

/* Takes v: when it is still wanted, clears it and marks it; returns 1
 * then, 0 otherwise. */
static inline size_t
sgseq_want_take(uint64_t *want, unsigned v, unsigned char *mark)
{
    uint64_t bit = (uint64_t)1 << (v & 63);
    if ((want[v >> 6] & bit) == 0) {
        return 0;
    }
    want[v >> 6] &= ~bit;
    mark[v] = 1;
    return 1;
}

/*
 * Takes up[a] ^ down[-a] for lo <= a <= hi until none of the left values
 * of want is missing: each value seen is cleared and marked, and *last
 * is the a of the last one (when none is left). Returns how many are
 * still missing. The bitmap's 16 words are two registers, a permutation
 * of the two reads each lane's 16-bit word, and a hit clears its bit in
 * the registers too (a masked AND-NOT on its 32-bit pair of words), since
 * reading the bitmap back after the scalar stores would wait for them.
 */
__attribute__((target("avx512f,avx512bw"))) static size_t
sgseq_want16_avx512(const uint16_t *up, const uint16_t *down, size_t lo,
                    size_t hi, uint64_t *want, unsigned char *mark,
                    size_t left, size_t *last)
{
    const __m512i rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
        19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m512i one = _mm512_set1_epi16(1), low = _mm512_set1_epi16(15);
    __m512i t0 = _mm512_loadu_si512(want), t1 = _mm512_loadu_si512(want + 8);
    size_t a = lo;
    for (; a + 31 <= hi; a += 32) {
        __m512i u = _mm512_loadu_si512(up + a);
        __m512i d = _mm512_loadu_si512(down - a - 31);
        __m512i x = _mm512_xor_si512(u, _mm512_permutexvar_epi16(rev, d));
        __m512i w =
            _mm512_permutex2var_epi16(t0, _mm512_srli_epi16(x, 4), t1);
        __m512i bit = _mm512_sllv_epi16(one, _mm512_and_si512(x, low));
        __mmask32 hit = _mm512_test_epi16_mask(w, bit);
        uint16_t xs[32];
        if (hit == 0) {
            continue;
        }
        _mm512_storeu_si512(xs, x);
        for (; hit != 0; hit &= hit - 1) {
            unsigned lane = (unsigned)__builtin_ctz(hit), v = xs[lane];
            __mmask16 pair;
            __m512i clear;
            if (sgseq_want_take(want, v, mark) == 0) {
                continue;   /* a second lane with the same value */
            }
            if (--left == 0) {
                *last = a + lane;
                return 0;
            }
            /* Word v >> 4 is a half of 32-bit lane (v >> 5) & 15 of t0
             * (v < 512) or t1. */
            pair = (__mmask16)(1u << (v >> 5 & 15));
            clear = _mm512_set1_epi32((int)(1u << ((v & 15) + (v & 16))));
            if (v < 512) {
                t0 = _mm512_mask_andnot_epi32(t0, pair, clear, t0);
            } else {
                t1 = _mm512_mask_andnot_epi32(t1, pair, clear, t1);
            }
        }
    }
    for (; a <= hi; a++) {
        left -= sgseq_want_take(want, (unsigned)(up[a] ^ *(down - a)), mark);
        if (left == 0) {
            *last = a;
            return 0;
        }
    }
    return left;
}

/*
 * The last values through the bitmap. One removal: the hot copies'
 * splits in one call, then the rest by sgseq_run_groups in pieces within
 * the runs; several: run by run as sgseq_scan_groups. Adds the splits
 * tested to *count as sgseq_scan_groups would; returns as sgseq_scan.
 */
static size_t
sgseq_scan_want(const sgseq *s, const sgseq_tab *t, size_t n, size_t lo,
                unsigned char *mark, uint16_t *miss, size_t nmiss,
                uint64_t *count)
{
    uint64_t want[SGSEQ_WANT_WORDS];
    size_t top = sgseq_top(s, n), origin = lo, stop = top;
    sgseq_want_of(want, miss, nmiss);
    for (; nmiss > 0 && lo <= top; lo += SGSEQ_RUN_COMPARE) {
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2, a = lo, last = 0;
            size_t hi = s->n4 == 1 ? top
                        : lo + SGSEQ_RUN_COMPARE - 1 < half
                            ? lo + SGSEQ_RUN_COMPARE - 1
                            : half;
            size_t e = sgseq_hot_end(t, m, lo, hi);
            if (hi < lo || nmiss == 0) {
                *count += hi >= lo ? hi - lo + 1 : 0;
                continue;
            }
            if (e + 1 > a) {
                size_t left = sgseq_want16_avx512(
                    t->wlow, t->wtop + (m - t->wbase), a, e, want, mark,
                    nmiss, &last);
                if (left != nmiss) {
                    nmiss = sgseq_compact(miss, nmiss, mark);
                }
                a = e + 1;
            }
            /* The rest in pieces within the runs from origin. */
            while (nmiss > 0 && a <= hi) {
                size_t b = a + (SGSEQ_RUN_COMPARE - 1) -
                           (a - origin) % SGSEQ_RUN_COMPARE;
                b = b < hi ? b : hi;
                nmiss = sgseq_run_groups(t, m, a, b, mark, miss, nmiss, NULL);
                sgseq_want_of(want, miss, nmiss);
                last = b;
                a = b + 1;
            }
            if (s->n4 == 1) {
                /* Counted to the end of the run where the last was found. */
                if (nmiss == 0) {
                    stop = origin + ((last - origin) / SGSEQ_RUN_COMPARE + 1) *
                                        SGSEQ_RUN_COMPARE - 1;
                    stop = stop < top ? stop : top;
                }
                *count += stop - origin + 1;
                return nmiss;
            }
            *count += hi - lo + 1;
        }
    }
    return nmiss;
}
#endif

/* The last values of a scan, from lo (see above). */
static size_t
sgseq_scan_last(const sgseq *s, const sgseq_tab *t, size_t n, size_t lo,
                unsigned char *mark, uint16_t *miss, size_t nmiss,
                uint64_t *count)
{
#if SGSEQ_AVX512
    if (sgseq_have_avx512() &&
        ((size_t)1 << s->vbits) <= (size_t)SGSEQ_WANT_VALUES) {
        return sgseq_scan_want(s, t, n, lo, mark, miss, nmiss, count);
    }
#endif
    return sgseq_scan_groups(s, t, n, lo, mark, miss, nmiss, count);
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
 * scan visits). A check reads marks just stored, and waits for them:
 * where one removal splits (Officers, Grundy's game), chunks of 16
 * splits a missing value, not 8, halve the checks and took 7% less CPU
 * for Officers to 2^22 (32 a value: level; 64: 30% more splits). With
 * several removals a chunk is that many runs, so the overshoot grows
 * with them: 16 took stripes:1..7 40% more splits, and 8 stays.
 *
 * The last values take most of a scan (each is one value among
 * hundreds: on Officers at 2^21, 2,737 splits a heap for 58 values, of
 * which 1,247 while more than four were missing and 467 while more than
 * 16), so from SGSEQ_COMPARE missing on, sgseq_scan_last tests the splits
 * against them and marks only the values found.
 * *front is the last a up to which every split's value is marked.
 */
size_t
sgseq_scan(const sgseq *s, size_t n, size_t lo, unsigned char *mark,
           uint16_t *miss, size_t nmiss, uint64_t *scanned, size_t *front)
{
    size_t top = sgseq_top(s, n);
    sgseq_tab t = sgseq_tab_of(s);
    /* Counted locally: the two threads' counters share a cache line, and
     * writing them per chunk made the cores fight over it. */
    uint64_t count = 0;

    while (nmiss > SGSEQ_COMPARE && lo <= top) {
        size_t chunk = SGSEQ_CHUNK + (s->n4 == 1 ? 16 : 8) * nmiss;
        for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
            size_t m = n - (size_t)s->k4[i], half = m / 2;
            size_t hi = lo + chunk - 1 < half ? lo + chunk - 1 : half;
            if (hi >= lo) {
                sgseq_mark_run(&t, m, lo, hi, mark);
                count += hi - lo + 1;
            }
        }
        lo += chunk;
        nmiss = sgseq_compact(miss, nmiss, mark);
    }
    *front = lo - 1;
    if (nmiss > 0 && lo <= top) {
        nmiss = sgseq_scan_last(s, &t, n, lo, mark, miss, nmiss, &count);
    }
    *scanned += count;
    return nmiss;
}

/* Marks G(a) ^ G(m - a) for lo <= a <= hi (hi <= m / 2), 16 splits at a
 * time as sgseq_scan does: phase B's splits with a part in the block. */
void
sgseq_mark_range(const sgseq *s, size_t m, size_t lo, size_t hi,
                 unsigned char *mark)
{
    sgseq_tab t = sgseq_tab_of(s);
    sgseq_mark_run(&t, m, lo, hi, mark);
}

/* Marks the values of every split a + b = n - k with lo <= a <= b. */
void
sgseq_mark_splits(const sgseq *s, size_t n, size_t lo, unsigned char *mark)
{
    sgseq_tab t = sgseq_tab_of(s);
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i];
        sgseq_mark_run(&t, m, lo, m / 2, mark);
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
    size_t size = (size_t)1 << s->vbits;
    sgseq_tab t = sgseq_tab_of(s);

    for (size_t i = 0; i < s->n4; i++) {
        uint64_t k = s->k4[i];
        if (sgseq_splits(k, n)) {
            size_t m = n - (size_t)k;
            sgseq_mark_run(&t, m, 1, m / 2, mark);
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
    sgseq_tab t = sgseq_tab_of(s);
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
                mark[sgseq_tab_get(&t, m - rpos[j]) ^ rval[j]] = 1;
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
    const unsigned char *g = s->glo; /* values below 64: no planes */
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
            const unsigned char *p = g + (n - rpos[j]);
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
    const unsigned char *g = s->glo; /* values below 64: no planes */
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
    /* Values below 64: the low bytes are the values (no planes). */
    const unsigned char *g = s->glo;
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
            for (size_t a = lo; a <= hi; a++) {
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
int
sgseq_equal_pair(const sgseq *s, size_t n, size_t lo, size_t hi)
{
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i];
        for (size_t a = lo > 1 ? lo : 1; a <= hi && 2 * a < m; a++) {
            /* The planes only where the low bytes agree. */
            if (s->glo[a] == s->glo[m - a] &&
                sgseq_getc(s, a) == sgseq_getc(s, m - a)) {
                return 1;
            }
        }
    }
    return 0;
}

uint32_t
sgseq_unequal(const sgseq *s, size_t n, uint32_t v)
{
    if (!sgseq_unequal_rule(s, n)) {
        return v;
    }
    return sgseq_equal_pair(s, n, 1, SIZE_MAX) ? v : 0;
}

uint32_t
sgseq_mex(sgseq *s, size_t n)
{
    if (s->cls != NULL) {
        int64_t v = sgclass_mex(s->cls, s->g, n, s->vbits);
        return v < 0 ? SGSEQ_OOM : (uint32_t)v;
    }
    if (s->mask != 0 && s->vbits <= 6 && s->planes == 0) {
        return sgseq_unequal(s, n, sgseq_sparse64(s, n));
    }
    memset(s->mark, 0, (size_t)1 << s->vbits);
    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            s->mark[sgseq_getc(s, n - (size_t)s->k2[i])] = 1;
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
