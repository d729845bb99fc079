/*
 * sgseq_sparse.c - sparse-space bookkeeping of the Grundy-sequence engine:
 * a value is rare when popcount(v & mask) is even (docs/theory.md 3); the
 * value-class lists, the list of rare heaps, the choice of the mask from
 * the value counts (a Walsh-Hadamard transform of the histogram), and
 * recording a heap's value in the table (sgseq_store, for the driver and
 * the blocks alike).
 */
#include "sgseq_impl.h"

#include <stdlib.h>
#include <string.h>

/* (Re)builds the value-class lists for the current mask and vbits. */
void
sgseq_classes(sgseq *s)
{
    size_t size = (size_t)1 << s->vbits;
    s->ncommon = 0;
    s->nrarev = 0;
    s->common64 = 0;
    s->rare64 = 0;
    for (size_t v = 0; v < size; v++) {
        /* Sparse space: rare iff popcount(v & mask) is even. */
        if (s->mask != 0 && sgseq_parity((unsigned)v & s->mask)) {
            s->common[s->ncommon++] = (uint16_t)v;
            s->common64 |= v < 64 ? (uint64_t)1 << v : 0;
        } else {
            s->rare[s->nrarev++] = (uint16_t)v;
            s->rare64 |= v < 64 ? (uint64_t)1 << v : 0;
        }
    }
}

static size_t
sgseq_min(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* Heaps of each hot copy for a table of cap values: 1/SGSEQ_HOT_SHARE
 * of them (a power of two), at least 64, at most SGSEQ_HOT. */
static size_t
sgseq_hot_size(size_t cap)
{
    size_t h = 64;
    while (h < SGSEQ_HOT && 2 * h <= cap / SGSEQ_HOT_SHARE) {
        h *= 2;
    }
    return h < SGSEQ_HOT ? h : SGSEQ_HOT;
}

/* Words of a plane with room for cap values. */
static size_t
sgseq_plane_words(size_t cap)
{
    return cap / 64 + SGSEQ_PLANE_PAD;
}

size_t
sgseq_table_room(const sgseq *s, size_t cap)
{
    if (s->cls != NULL) {
        return cap * sizeof *s->g;
    }
    return cap + s->planes * sgseq_plane_words(cap) * sizeof(uint64_t) +
           3 * sgseq_hot_size(cap) * sizeof(uint16_t);
}

/* A zeroed plane for bit 8 + planes of the compact table; -1: no
 * memory. */
static int
sgseq_add_plane(sgseq *s)
{
    uint64_t *plane = calloc(sgseq_plane_words(s->cap), sizeof *plane);
    if (plane == NULL) {
        return -1;
    }
    s->ghi[s->planes++] = plane;
    return 0;
}

/* The hot copies sized for a table of cap values; when they grow, they
 * are filled again from the compact table (-1: no memory). */
static int
sgseq_reserve_hot(sgseq *s, size_t cap)
{
    size_t h = sgseq_hot_size(cap);
    if (h <= s->whot) {
        return 0;
    }
    uint16_t *low = realloc(s->wlow, h * sizeof *low);
    if (low == NULL) {
        return -1;
    }
    s->wlow = low;
    uint16_t *top = realloc(s->wtop, 2 * h * sizeof *top);
    if (top == NULL) {
        return -1;
    }
    s->wtop = top;
    s->whot = h;
    s->nlow = sgseq_min(s->len, h);
    for (size_t n = 0; n < s->nlow; n++) {
        low[n] = (uint16_t)sgseq_getc(s, n);
    }
    s->wbase = s->len > h ? s->len - h : 0;
    for (size_t n = s->wbase; n < s->len; n++) {
        top[n - s->wbase] = (uint16_t)sgseq_getc(s, n);
    }
    return 0;
}

/* G(n) = v into the hot copies: the recent window slides by half when
 * full, keeping the last whot values at least. */
static void
sgseq_store_hot(sgseq *s, size_t n, uint16_t v)
{
    size_t h = s->whot;
    if (n < h) {
        s->wlow[n] = v;
        s->nlow = n + 1;
    }
    if (n - s->wbase == 2 * h) {
        memmove(s->wtop, s->wtop + h, h * sizeof *s->wtop);
        s->wbase += h;
    }
    s->wtop[n - s->wbase] = v;
}

int
sgseq_reserve(sgseq *s, size_t cap)
{
    size_t old = sgseq_plane_words(s->cap), words = sgseq_plane_words(cap);
    if (cap <= s->cap) {
        return 0;
    }
    if (s->cls != NULL) {
        uint16_t *g = realloc(s->g, cap * sizeof *g);
        if (g == NULL) {
            return -1;
        }
        s->g = g;
        s->cap = cap;
        return 0;
    }
    unsigned char *lo = realloc(s->glo, cap);
    if (lo == NULL) {
        return -1;
    }
    s->glo = lo;
    if (sgseq_reserve_hot(s, cap) != 0) {
        return -1;
    }
    for (unsigned p = 0; p < s->planes; p++) {
        uint64_t *plane = realloc(s->ghi[p], words * sizeof *plane);
        if (plane == NULL) {
            return -1;
        }
        /* sgseq_plane_bits reads past the last value: zeros there. */
        memset(plane + old, 0, (words - old) * sizeof *plane);
        s->ghi[p] = plane;
    }
    s->cap = cap;
    return 0;
}

/* Makes the per-value arrays cover values < 1 << bits. */
int
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
    hist = realloc(s->hist_odd, size * sizeof *hist);
    if (hist == NULL) {
        return -1;
    }
    memset(hist + old, 0, (size - old) * sizeof *hist);
    s->hist_odd = hist;
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
    /* The compact table holds bits 8 and up in planes. */
    while (s->cls == NULL && s->planes + SGSEQ_LO_BITS < bits) {
        if (sgseq_add_plane(s) != 0) {
            return -1;
        }
    }
    s->vbits = bits;
    sgseq_classes(s);
    return 0;
}

/* Appends heap n (value v) to the rare list. */
int
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
int
sgseq_rebuild_rare(sgseq *s)
{
    s->nrare = 0;
    s->rare_epoch++;
    if (s->mask == 0) {
        return 0;
    }
    for (size_t n = 1; n < s->len; n++) {
        unsigned v = sgseq_get(s, n);
        if (sgseq_heap_rare(s, n, v) &&
            sgseq_add_rare(s, n, (uint16_t)v) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The Walsh-Hadamard transform of w[0 .. size), in place. */
static void
sgseq_walsh(int64_t *w, size_t size)
{
    for (size_t h = 1; h < size; h <<= 1) {
        for (size_t i = 0; i < size; i += 2 * h) {
            for (size_t j = i; j < i + h; j++) {
                int64_t x = w[j], y = w[j + h];
                w[j] = x + y;
                w[j + h] = x - y;
            }
        }
    }
}

/* 1 when every removal that splits has the same parity: then the parity
 * of the split heap m follows n's, and the heap-parity classes apply. */
static int
sgseq_parity_allowed(const sgseq *s)
{
    for (size_t i = 1; i < s->n4; i++) {
        if ((s->k4[i] ^ s->k4[0]) & 1u) {
            return 0;
        }
    }
    return s->n4 > 0;
}

/* Rare heaps that may join the list before their growth asks for a new
 * choice of mask (a few, so that small tables do not choose every
 * block). */
#define SGSEQ_RARE_SLACK 64u

/* The growth of the rare heaps that asks for a choice between powers of
 * two, and the fewer rare heaps another mask must make there to be
 * taken (sgseq_mask_choice): a sixteenth, at least SGSEQ_RARE_SLACK. */
static uint64_t
sgseq_rare_margin(uint64_t nrare)
{
    return nrare / 16 > SGSEQ_RARE_SLACK ? nrare / 16 : SGSEQ_RARE_SLACK;
}

/* Whether a mask making best rare heaps is clearly better than the
 * current one, which makes current: under 3/4 of them at powers of two;
 * between them, where the choice follows a new top bit
 * (sgseq_mask_choice), fewer by the margin, so that the new mask is
 * taken soon after the bit comes. */
static int
sgseq_clearly_fewer(const sgseq *s, uint64_t best, uint64_t current)
{
    if (sgseq_is_pow2(s->len)) {
        return best * 4 <= current * 3;
    }
    return best + sgseq_rare_margin(best) < current;
}

/*
 * Chooses the sparse-space mask, whether heaps count their parity, and
 * which class is rare, from the value counts: with E and O the
 * histograms of the even and odd heaps and WE, WO their Walsh-Hadamard
 * transforms, mask m makes (T + WE[m] + WO[m]) / 2 heaps rare; with heap
 * parity (T + WE[m] - WO[m]) / 2 heaps are of class 0 and the rest of
 * class 1, either of which may be the rare one (0.127 at 2^17: 2804 rare
 * heaps without, 693 with). The fewest rare heaps win. Keeps the definition when sparse
 * space would cost more (many rare heaps, or long scans for the rare
 * values). Any choice is exact; a good one is only faster.
 */
int
sgseq_choose_mask(sgseq *s)
{
    size_t size = (size_t)1 << s->vbits;
    int64_t *we, *wo;
    uint64_t total = s->len, best = UINT64_MAX, current = total;
    unsigned best_mask = 0, best_parity = 0, best_class = 0;
    int parity_ok = sgseq_parity_allowed(s);

    if (s->n4 == 0 || s->cls != NULL) {
        /* Without splits every value costs |K| anyway; removal classes
         * have no sparse space. */
        return 0;
    }
    we = malloc(2 * size * sizeof *we);
    if (we == NULL) {
        return -1;
    }
    wo = we + size;
    for (size_t v = 0; v < size; v++) {
        wo[v] = (int64_t)s->hist_odd[v];
        we[v] = (int64_t)(s->hist[v] - s->hist_odd[v]);
    }
    sgseq_walsh(we, size);
    sgseq_walsh(wo, size);
    for (size_t m = 1; m < size; m++) {
        uint64_t plain = (uint64_t)((int64_t)total + we[m] + wo[m]) / 2;
        /* Heaps of class 0 with heap parity; class 1 is the rest. */
        uint64_t odd0 = (uint64_t)((int64_t)total + we[m] - wo[m]) / 2;
        if (plain < best) {
            best = plain;
            best_mask = (unsigned)m;
            best_parity = best_class = 0;
        }
        if (parity_ok && odd0 < best) {
            best = odd0;
            best_mask = (unsigned)m;
            best_parity = 1;
            best_class = 0;
        }
        if (parity_ok && total - odd0 < best) {
            best = total - odd0;
            best_mask = (unsigned)m;
            best_parity = best_class = 1;
        }
    }
    if (s->mask != 0) {
        current = (uint64_t)((int64_t)total + we[s->mask] +
                             (s->heap_parity ? -wo[s->mask] : wo[s->mask])) /
                  2;
        current = s->rare_class ? total - current : current;
    }
    free(we);
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
        best_mask = best_parity = best_class = 0;
    } else if (s->mask != 0 && !sgseq_clearly_fewer(s, best, current)) {
        /* Not clearly better: keep the current lists. */
        return 0;
    }
    if (best_mask == s->mask && best_parity == s->heap_parity &&
        best_class == s->rare_class) {
        return 0;
    }
    s->mask = best_mask;
    s->heap_parity = best_parity;
    s->rare_class = best_class;
    sgseq_classes(s);
    return sgseq_rebuild_rare(s);
}

/* Number of rare heaps below m (the list is ascending). */
size_t
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

/* Records G(n) = v for n = len. Returns 0, 1 when v does not fit (the
 * table stops: s->overflow), -1 when out of memory. */
int
sgseq_store(sgseq *s, size_t n, uint32_t v)
{
    if (v == SGSEQ_OOM) {
        return -1;
    }
    if (v > s->max_value) {
        s->overflow = 1;
        return 1;
    }
    /* A computed value takes at most one bit more than the largest so
     * far (a mex of values below 2^b is at most 2^b); a loaded one
     * (sgseq_load, a saved file) may take any number more. */
    while ((v >> s->vbits) != 0) {
        if (sgseq_set_vbits(s, s->vbits + 1) != 0) {
            return -1;
        }
    }
    if (s->g != NULL) {
        s->g[n] = (uint16_t)v;
    } else {
        s->glo[n] = (unsigned char)(v & SGSEQ_LO_MASK);
        for (unsigned p = 0; p < s->planes; p++) {
            uint64_t bit = (uint64_t)1 << (n & 63u);
            uint64_t *w = &s->ghi[p][n >> 6];
            *w = v >> (SGSEQ_LO_BITS + p) & 1u ? *w | bit : *w & ~bit;
        }
        sgseq_store_hot(s, n, (uint16_t)v);
    }
    s->len = n + 1;
    s->hist[v]++;
    s->hist_odd[v] += n & 1u;
    if (v > s->vmax) {
        s->vmax = (uint16_t)v;
    }
    if (s->mask != 0 && n >= 1 && sgseq_heap_rare(s, n, v) &&
        sgseq_add_rare(s, n, (uint16_t)v) != 0) {
        return -1;
    }
    return 0;
}

/*
 * The mask is chosen at powers of two, and again when the rare heaps
 * have grown by more than a sixteenth (and SGSEQ_RARE_SLACK) since the
 * last choice. A new top bit of the values is why they would: a mask
 * chosen before the bit does not hold it, and the heaps whose values have
 * it fall in the wrong class, while under the right mask the rare heaps
 * stay about as many as before. Between powers of two a choice takes
 * another mask when it makes fewer rare heaps by the same margin
 * (sgseq_choose_mask), so a growth of a sixteenth is about the least
 * that can change it; at powers of two, only under 3/4 of them.
 * Grundy's game's values pass 256 after 2^25: under the mask chosen
 * there (0xfe, without bit 8) its rare heaps went from 1,274 to 6,617 by
 * 2^26, where the choice took 0x1fe (Flammenkamp's m = 0111...10), and
 * its scans looked at 1.56 times the splits they need with 0x1fe. A
 * growth of a third and a choice under 3/4 took 0x1fe at heap 48,154,880
 * (1,765 rare heaps under 0xfe); a sixteenth takes it at 47,453,696
 * (1,354), before the blocks whose long scans made the two threads wait
 * (Grundy's game to 2^26: 4% fewer splits, and 52 to 55 s where it took
 * 64 to 67 on this machine, docs/benchmarks.md). Any mask is exact
 * (docs/theory.md 3): the choice only changes the speed.
 */
int
sgseq_mask_choice(sgseq *s, size_t n)
{
    int r;
    if (!((s->method == SGSEQ_AUTO && n >= SGSEQ_SPARSE_FROM) ||
          (s->method == SGSEQ_SPARSE && n >= 16))) {
        return 0;
    }
    /* Between blocks only (sgseq_block.c), and so at the same heaps when
     * the values are loaded from a file (sgseq_load_more). */
    if (!sgseq_is_pow2(n) &&
        (n % SGSEQ_BLOCK != 0 || s->mask == 0 ||
         s->nrare <= s->rare_chosen + sgseq_rare_margin(s->rare_chosen))) {
        return 0;
    }
    r = sgseq_choose_mask(s);
    s->rare_chosen = s->nrare;
    return r;
}
