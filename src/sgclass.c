/*
 * sgclass.c - Grundy values of take-and-break games with long or infinite
 * move sets, by removal classes (theory.md section 3b): the option values
 * of heap n are unions of sets X(m) over arithmetic progressions of m, kept
 * as running bitsets, so a heap costs the number of classes, not of k.
 * Must not print, and knows nothing of families or specs.
 */
#include "sgclass.h"

#include <stdlib.h>
#include <string.h>

/* Kinds of option: removing k leaves one heap (i = 0, digit bit 2), two
 * heaps (i = 1, bit 4) or three heaps (i = 2, bit 8). */
#define SGCLASS_KINDS 3
#define SGCLASS_BIT(i) (2u << (i))

/*
 * A class of removal sizes k = lo, lo + 1, ... up to hi (UINT64_MAX: for
 * ever), the digit of k being bits[(k - lo) % r]. A finite run has r = 1;
 * a repeating group is one class with r = its length.
 *
 * For a kind i, the options of heap n by the class are the union of
 * X_i(m) over m = n - k, k in the class: X_0(m) = {G(m)} (m >= 1),
 * X_1(m) = S(m) = {G(a) ^ G(b) : a + b = m}, X_2(m) = T(m) (three parts).
 * Residue row q of set[i] holds the union of X_i(m) over the m = q mod r
 * added so far (every m <= n - lo). Offset j of the digits needs the m =
 * n - lo - j, n - lo - j - r, ...: exactly row (n - lo - j) mod r, whose
 * newest member is n - lo - j. A finite run (r = 1) also drops m = n - hi
 * - 1 as it leaves the window, so it keeps counts per value (count[i]).
 */
typedef struct sgclass_cls {
    uint64_t lo, hi, r;
    unsigned *bits;                   /* r digits */
    unsigned kinds;                   /* their union */
    uint64_t *set[SGCLASS_KINDS];     /* r rows of `words` words */
    uint32_t *count[SGCLASS_KINDS];   /* finite windows: one row of values */
} sgclass_cls;

struct sgclass {
    sgclass_cls *cls;
    size_t ncls;
    int need_s, need_t;   /* S rows (any split), T rows (three parts) */
    unsigned vbits;       /* rows cover values below 1 << vbits */
    size_t words;         /* 64-bit words per row */
    uint64_t *srow, *trow;/* S(m), T(m) for m < rows, `words` each */
    size_t rows, rowcap;
    uint64_t *opt;        /* option values of the current heap */
};

static unsigned
sgclass_ctz(uint64_t x)
{
    unsigned n = 0;
    while ((x & 1u) == 0) {
        x >>= 1;
        n++;
    }
    return n;
}

/* The word count for values below 1 << vbits (vbits >= 6). */
static size_t
sgclass_words(unsigned vbits)
{
    return ((size_t)1 << vbits) / 64;
}

static int
sgclass_add_class(sgclass *c, uint64_t lo, uint64_t hi, uint64_t r,
                  const unsigned *bits)
{
    sgclass_cls *k = &c->cls[c->ncls];
    memset(k, 0, sizeof *k);
    k->lo = lo;
    k->hi = hi;
    k->r = r;
    k->bits = malloc((size_t)r * sizeof *k->bits);
    if (k->bits == NULL) {
        return -1;
    }
    for (uint64_t j = 0; j < r; j++) {
        k->bits[j] = bits[j];
        k->kinds |= bits[j];
    }
    c->ncls++;
    if (k->kinds & (SGSEQ_TWO | SGSEQ_THREE)) {
        c->need_s = 1;
    }
    if (k->kinds & SGSEQ_THREE) {
        c->need_t = 1;
    }
    return 0;
}

void
sgclass_free(sgclass *c)
{
    if (c == NULL) {
        return;
    }
    for (size_t i = 0; i < c->ncls; i++) {
        free(c->cls[i].bits);
        for (int j = 0; j < SGCLASS_KINDS; j++) {
            free(c->cls[i].set[j]);
            free(c->cls[i].count[j]);
        }
    }
    free(c->cls);
    free(c->srow);
    free(c->trow);
    free(c->opt);
    free(c);
}

/* A class is a window (drops old m) when it ends and holds more than one k. */
static int
sgclass_window(const sgclass_cls *k)
{
    return k->hi != UINT64_MAX && k->hi > k->lo;
}

/* (Re)makes every per-value array for values below 1 << vbits, keeping
 * what the smaller arrays held. */
static int
sgclass_layout(sgclass *c, unsigned vbits)
{
    size_t w = sgclass_words(vbits), old = c->words;
    size_t v = (size_t)1 << vbits, oldv = c->vbits ? (size_t)1 << c->vbits : 0;
    uint64_t **rows[2] = {&c->srow, &c->trow};
    int need[2] = {c->need_s, c->need_t};

    for (int t = 0; t < 2; t++) {
        uint64_t *nr;
        if (!need[t] || c->rowcap == 0) {
            continue;
        }
        nr = calloc(c->rowcap * w, sizeof *nr);
        if (nr == NULL) {
            return -1;
        }
        for (size_t m = 0; m < c->rows; m++) {
            memcpy(nr + m * w, *rows[t] + m * old, old * sizeof *nr);
        }
        free(*rows[t]);
        *rows[t] = nr;
    }
    for (size_t i = 0; i < c->ncls; i++) {
        sgclass_cls *k = &c->cls[i];
        if (k->lo == k->hi) {
            continue;   /* a single k: no running sets */
        }
        for (int j = 0; j < SGCLASS_KINDS; j++) {
            uint64_t *ns;
            if (!(k->kinds & SGCLASS_BIT(j))) {
                continue;
            }
            ns = calloc((size_t)k->r * w, sizeof *ns);
            if (ns == NULL) {
                return -1;
            }
            for (uint64_t q = 0; k->set[j] != NULL && q < k->r; q++) {
                memcpy(ns + q * w, k->set[j] + q * old, old * sizeof *ns);
            }
            free(k->set[j]);
            k->set[j] = ns;
            if (sgclass_window(k)) {
                uint32_t *nc = calloc(v, sizeof *nc);
                if (nc == NULL) {
                    return -1;
                }
                if (k->count[j] != NULL) {
                    memcpy(nc, k->count[j], oldv * sizeof *nc);
                }
                free(k->count[j]);
                k->count[j] = nc;
            }
        }
    }
    free(c->opt);
    c->opt = malloc(w * sizeof *c->opt);
    if (c->opt == NULL) {
        return -1;
    }
    c->words = w;
    c->vbits = vbits;
    return 0;
}

sgclass *
sgclass_new(const sgseq_rules *r)
{
    sgclass *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return NULL;
    }
    c->cls = malloc((r->nrun + 1) * sizeof *c->cls);
    if (c->cls == NULL) {
        free(c);
        return NULL;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits != 0 &&
            sgclass_add_class(c, r->run[i].lo, r->run[i].hi, 1,
                              &r->run[i].bits) != 0) {
            sgclass_free(c);
            return NULL;
        }
    }
    if (r->nrep > 0 &&
        sgclass_add_class(c, r->rep_from, UINT64_MAX, r->nrep, r->rep) != 0) {
        sgclass_free(c);
        return NULL;
    }
    if (sgclass_layout(c, 6) != 0) {
        sgclass_free(c);
        return NULL;
    }
    return c;
}

uint64_t
sgclass_bytes_per_heap(const sgclass *c, unsigned vbits)
{
    return (uint64_t)(c->need_s + c->need_t) * sgclass_words(vbits) * 8;
}

/* dst |= { v ^ x : v in src } for rows of w words: the high bits of x
 * move whole words, the low six permute the bits inside a word (swapping
 * blocks of 1, 2, 4, ... 32 bits). */
static void
sgclass_or_xor(uint64_t *dst, const uint64_t *src, unsigned x, size_t w)
{
    static const uint64_t keep[6] = {
        0x5555555555555555u, 0x3333333333333333u, 0x0f0f0f0f0f0f0f0fu,
        0x00ff00ff00ff00ffu, 0x0000ffff0000ffffu, 0x00000000ffffffffu,
    };
    size_t hi = x >> 6;
    for (size_t i = 0; i < w; i++) {
        uint64_t v = src[i];
        if (v == 0) {
            continue;
        }
        for (unsigned b = 0; b < 6; b++) {
            if (x >> b & 1u) {
                unsigned sh = 1u << b;
                v = ((v & keep[b]) << sh) | ((v >> sh) & keep[b]);
            }
        }
        dst[i ^ hi] |= v;
    }
}

/* S(n) and T(n) from the values below n. */
static int
sgclass_rows(sgclass *c, const uint16_t *g, size_t n)
{
    size_t w = c->words;
    uint64_t *s, *t;

    if (!c->need_s) {
        return 0;
    }
    if (n >= c->rowcap) {
        size_t cap = c->rowcap ? 2 * c->rowcap : 1024;
        uint64_t *ns = realloc(c->srow, cap * w * sizeof *ns);
        if (ns == NULL) {
            return -1;
        }
        c->srow = ns;
        if (c->need_t) {
            uint64_t *nt = realloc(c->trow, cap * w * sizeof *nt);
            if (nt == NULL) {
                return -1;
            }
            c->trow = nt;
        }
        c->rowcap = cap;
    }
    s = c->srow + n * w;
    memset(s, 0, w * sizeof *s);
    for (size_t a = 1; a <= n / 2; a++) {
        unsigned v = (unsigned)(g[a] ^ g[n - a]);
        s[v >> 6] |= (uint64_t)1 << (v & 63u);
    }
    if (c->need_t) {
        /* Every split in three has a least part p <= n / 3; the other two
         * parts are a split of n - p, all of which are in S(n - p). */
        t = c->trow + n * w;
        memset(t, 0, w * sizeof *t);
        for (size_t p = 1; p <= n / 3; p++) {
            sgclass_or_xor(t, c->srow + (n - p) * w, g[p], w);
        }
    }
    c->rows = n + 1;
    return 0;
}

/* Calls f on each value of X_i(m). */
#define SGCLASS_EACH(c, g, i, m, body)                                     \
    do {                                                                   \
        if ((i) == 0) {                                                    \
            if ((m) >= 1) {                                                \
                unsigned v_ = (g)[m];                                      \
                body                                                       \
            }                                                              \
        } else {                                                           \
            const uint64_t *row_ = ((i) == 1 ? (c)->srow : (c)->trow) +    \
                                   (size_t)(m) * (c)->words;               \
            for (size_t w_ = 0; w_ < (c)->words; w_++) {                   \
                uint64_t bits_ = row_[w_];                                 \
                while (bits_ != 0) {                                       \
                    unsigned v_ = (unsigned)(w_ * 64 + sgclass_ctz(bits_)); \
                    bits_ &= bits_ - 1;                                    \
                    body                                                   \
                }                                                          \
            }                                                              \
        }                                                                  \
    } while (0)

/* opt |= X_i(m). */
static void
sgclass_or_x(sgclass *c, const uint16_t *g, int i, size_t m)
{
    if (i == 0) {
        if (m >= 1) {
            c->opt[g[m] >> 6] |= (uint64_t)1 << (g[m] & 63u);
        }
        return;
    }
    {
        const uint64_t *row = (i == 1 ? c->srow : c->trow) + m * c->words;
        for (size_t w = 0; w < c->words; w++) {
            c->opt[w] |= row[w];
        }
    }
}

/* The options heap n has through class k. */
static void
sgclass_apply(sgclass *c, sgclass_cls *k, const uint16_t *g, size_t n)
{
    size_t w = c->words, m_in = n - (size_t)k->lo;
    size_t q = (size_t)(m_in % k->r);

    if (k->lo == k->hi) {
        for (int i = 0; i < SGCLASS_KINDS; i++) {
            if (k->bits[0] & SGCLASS_BIT(i)) {
                sgclass_or_x(c, g, i, m_in);
            }
        }
        return;
    }
    for (int i = 0; i < SGCLASS_KINDS; i++) {
        uint64_t *set = k->set[i];
        uint32_t *count = k->count[i];
        if (!(k->kinds & SGCLASS_BIT(i))) {
            continue;
        }
        /* m_in = n - lo enters; a window drops n - hi - 1 (r = 1). */
        if (count == NULL) {
            uint64_t *row = set + q * w;
            SGCLASS_EACH(c, g, i, m_in,
                         row[v_ >> 6] |= (uint64_t)1 << (v_ & 63u););
        } else {
            SGCLASS_EACH(c, g, i, m_in, if (count[v_]++ == 0) {
                set[v_ >> 6] |= (uint64_t)1 << (v_ & 63u);
            });
            if (n >= k->hi + 1) {
                size_t m_out = n - (size_t)k->hi - 1;
                SGCLASS_EACH(c, g, i, m_out, if (--count[v_] == 0) {
                    set[v_ >> 6] &= ~((uint64_t)1 << (v_ & 63u));
                });
            }
        }
        for (uint64_t j = 0; j < k->r && j <= m_in; j++) {
            if (k->bits[j] & SGCLASS_BIT(i)) {
                const uint64_t *row = set + ((m_in - j) % k->r) * w;
                for (size_t x = 0; x < w; x++) {
                    c->opt[x] |= row[x];
                }
            }
        }
    }
}

int64_t
sgclass_mex(sgclass *c, const uint16_t *g, size_t n, unsigned vbits)
{
    size_t w;

    if (vbits != c->vbits && sgclass_layout(c, vbits) != 0) {
        return -1;
    }
    if (sgclass_rows(c, g, n) != 0) {
        return -1;
    }
    w = c->words;
    memset(c->opt, 0, w * sizeof *c->opt);
    for (size_t i = 0; i < c->ncls; i++) {
        sgclass_cls *k = &c->cls[i];
        if (n < k->lo) {
            continue;
        }
        /* Removing k = n leaves nothing (bit 1 of d(n)). */
        if (n >= 1 && n <= k->hi &&
            (k->bits[(size_t)((n - k->lo) % k->r)] & SGSEQ_NOTHING)) {
            c->opt[0] |= 1;
        }
        sgclass_apply(c, k, g, n);
    }
    for (size_t x = 0; x < w; x++) {
        if (~c->opt[x] != 0) {
            return (int64_t)(x * 64 + sgclass_ctz(~c->opt[x]));
        }
    }
    return (int64_t)(w * 64);
}
