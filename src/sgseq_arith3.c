/*
 * sgseq_arith3.c - the arithmetic-periodicity test for codes whose moves
 * split heaps: finite codes that may split a heap in three (hexadecimal
 * digits with bit 8), and codes with a repeating group that split in two
 * or three, whose removals from the group on are *free* (k0 + p q_k); the
 * ordinary-period test of the latter; and the winning moves they
 * guarantee on heaps of any size. The theorems and their proofs are in
 * docs/theory.md 3b ("Arithmetic periods of finite codes that split in
 * three", "Repeating groups that split: free removals"); the names here
 * follow them.
 *
 * With a saltus s = 2^m every value splits as G = Q s + R, R < s, and a
 * nim-sum of values splits the same way: the high parts XOR, the low parts
 * XOR (no carries cross bit m). A part of size b + p q (b in [n0, n0 + p),
 * q >= 0) has high part e(b) + q and low part r(b) once G(n + p) = G(n) + s
 * from n0 on; a part below n0 ("tiny") has fixed parts. So the options of a
 * heap N = n0 + rho + p D are grouped by *configurations*: the removal k,
 * the tiny parts, and the bases b of the other ("periodic") parts. A
 * configuration has a fixed low part R, a fixed XOR E of its tiny high
 * parts, and leaves K = D - delta to share among its periodic parts:
 * its options have high parts E ^ (XOR of the levels e(b_i) + q_i) over
 * every q >= 0 with sum K. The test proves, for every class rho, that the
 * mex of all of them is (D + e(n0 + rho)) s + r(n0 + rho) for every large
 * D, by bounding (XOR <= sum, parity) and by explicit witnesses.
 *
 * One file of about 1,100 lines, on purpose: the test, the ordinary-period
 * test of free removals, and the witnesses for 64-bit and any-size heaps
 * all walk the same configurations (a3_cfg, a3_par, a3_list and twenty
 * static helpers over them); splitting would make those shared internals
 * global names of the engine. The any-size witnesses (the last part) are
 * the candidate to leave once they share the 64-bit code (issue 23.3).
 */
#include "sgseq_impl.h"
#include "bignum.h"
#include "intmath.h"

#include <stdlib.h>
#include <string.h>

/* The test gives up (no certificate) past these sizes. */
#define A3_MAX_CFG (1u << 18)   /* configurations of one class */
#define A3_MAX_WORK ((uint64_t)1 << 27) /* (t + 1) p^3 */
#define A3_MAX_L 14u            /* 2^L residues of D examined */
#define A3_MAX_P 512u           /* p^3 below the work bound (no overflow) */
#define A3_MAX_N0 4096u         /* tiny parts below n0: their choices */
#define A3_MAX_ENUM ((uint64_t)1 << 34) /* a3_too_costly's estimate */

/* One configuration (see above). lv: levels e(b_i) of its periodic parts. */
typedef struct a3_cfg {
    uint64_t k;        /* the removal; for a free one, its least size k0 */
    uint64_t delta;
    uint64_t tiny[3], base[3];
    uint32_t lv[3];
    uint32_t e;        /* XOR of the tiny parts' high parts */
    uint32_t r;        /* XOR of every part's low part */
    unsigned ntiny, jp;
    int free;          /* the removal is k0 + p q_k, any q_k >= 0 */
} a3_cfg;

typedef struct a3_list {
    a3_cfg *c;
    size_t n, cap;
    int full;          /* more than A3_MAX_CFG: the test gives up */
} a3_list;

/* The certificate's parameters. */
typedef struct a3_par {
    const sgseq *s;    /* the rules */
    const uint16_t *g; /* the values read */
    uint64_t n0, p;
    unsigned m;        /* s = 2^m */
    uint64_t kfree;    /* removals from here on are free (a repeating
                          group: its start); UINT64_MAX for a finite code */
} a3_par;

static uint32_t
a3_hi(const a3_par *a, uint64_t x)
{
    return (uint32_t)(a->g[x] >> a->m);
}

static uint32_t
a3_lo(const a3_par *a, uint64_t x)
{
    return (uint32_t)(a->g[x] & ((1u << a->m) - 1));
}

/* d(k) for k >= 1, from the rules kept by sgseq_keep_rules. */
unsigned
sgseq_digit(const sgseq_run *run, size_t nrun, const unsigned *rep,
            size_t nrep, uint64_t rep_from, uint64_t k)
{
    if (nrep > 0 && k >= rep_from) {
        return rep[(k - rep_from) % nrep];
    }
    for (size_t i = 0; i < nrun && run[i].lo <= k; i++) {
        if (k <= run[i].hi) {
            return run[i].bits;
        }
    }
    return 0;
}

static unsigned
a3_digit(const sgseq *s, uint64_t k)
{
    return sgseq_digit(s->arun, s->narun, s->arep, s->narep, s->arep_from,
                       k);
}

/* The removals with fixed sizes: all of a finite code's, those below a
 * repeating group's start. */
static uint64_t
a3_fixed_end(const a3_par *a)
{
    return a->kfree == UINT64_MAX ? a->s->t + 1 : a->kfree;
}

static void
a3_push(a3_list *l, const a3_cfg *c)
{
    if (l->full) {
        return;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        a3_cfg *t;
        if (cap > A3_MAX_CFG || (t = realloc(l->c, cap * sizeof *t)) == NULL) {
            l->full = 1;
            return;
        }
        l->c = t;
        l->cap = cap;
    }
    l->c[l->n++] = *c;
}

/* The low and high parts of c's tiny parts. */
static void
a3_tiny_parts(const a3_par *a, a3_cfg *c)
{
    c->r = 0;
    c->e = 0;
    for (unsigned i = 0; i < c->ntiny; i++) {
        c->e ^= a3_hi(a, c->tiny[i]);
        c->r ^= a3_lo(a, c->tiny[i]);
    }
}

/* Completes a free configuration without periodic parts (its removal k0
 * and tiny parts sum to tot): it is in class rho when tot = n0 + rho
 * (mod p), and then takes the least removal k0 + p j that reaches the
 * class's first heap, the rest of any heap going to q_k. */
static void
a3_close_free_tiny(const a3_par *a, uint64_t rho, a3_cfg *c, uint64_t tot,
                   a3_list *l)
{
    if (tot % a->p != (a->n0 + rho) % a->p) {
        return;
    }
    while (tot < a->n0 + rho) {
        tot += a->p;
        c->k += a->p;
    }
    c->delta = (tot - a->n0 - rho) / a->p;
    a3_tiny_parts(a, c);
    a3_push(l, c);
}

/* Completes c (its tiny parts set, jp - 1 bases chosen) with the base that
 * puts it in class rho, if that base is the largest (each multiset once). */
static void
a3_close(const a3_par *a, uint64_t rho, a3_cfg *c, a3_list *l)
{
    uint64_t tot = c->k, b;
    for (unsigned i = 0; i < c->ntiny; i++) {
        tot += c->tiny[i];
    }
    for (unsigned i = 0; i + 1 < c->jp; i++) {
        tot += c->base[i];
    }
    if (c->jp == 0) {
        a3_close_free_tiny(a, rho, c, tot, l);
        return;
    }
    b = a->n0 + (rho + a->p - tot % a->p) % a->p;
    if (c->jp >= 2 && b < c->base[c->jp - 2]) {
        return;
    }
    c->base[c->jp - 1] = b;
    /* tot + b = n0 + rho (mod p), and tot + b >= n0 + rho: the parts of a
     * heap N = n0 + rho + p D leave K = D - delta for the levels. */
    c->delta = (tot + b - a->n0 - rho) / a->p;
    a3_tiny_parts(a, c);
    for (unsigned i = 0; i < c->jp; i++) {
        c->lv[i] = a3_hi(a, c->base[i]);
        c->r ^= a3_lo(a, c->base[i]);
    }
    a3_push(l, c);
}

/* Chooses bases i.. of c (nondecreasing), then closes it. */
static void
a3_bases(const a3_par *a, uint64_t rho, a3_cfg *c, unsigned i, a3_list *l)
{
    if (i + 1 >= c->jp || i >= 2) {
        a3_close(a, rho, c, l);
        return;
    }
    for (uint64_t b = i > 0 ? c->base[i - 1] : a->n0;
         b < a->n0 + a->p && !l->full; b++) {
        c->base[i] = b;
        a3_bases(a, rho, c, i + 1, l);
    }
}

/* Chooses tiny parts i.. of c (nondecreasing, below n0), then bases. */
static void
a3_tiny(const a3_par *a, uint64_t rho, a3_cfg *c, unsigned i, a3_list *l)
{
    if (i >= c->ntiny || i >= 3) {
        a3_bases(a, rho, c, 0, l);
        return;
    }
    for (uint64_t x = i > 0 ? c->tiny[i - 1] : 1; x < a->n0 && !l->full;
         x++) {
        c->tiny[i] = x;
        a3_tiny(a, rho, c, i + 1, l);
    }
}

/* Every configuration of class rho: removal k, j parts (bit 2^j of d(k)),
 * j - jp of them tiny, jp >= 1 periodic (a heap of class rho beyond the
 * certificate is larger than a fixed removal and j tiny parts). A
 * repeating group of r digits from f on (r divides p) adds the free
 * removals k0 + p q_k, k0 in [f, f + p), d(k0 + p q_k) = d(k0): those
 * may leave only tiny parts (jp = 0), or nothing (bit 1, j = 0). */
static void
a3_configs(const a3_par *a, uint64_t rho, a3_list *l)
{
    uint64_t kfix = a3_fixed_end(a),
             kend = a->kfree == UINT64_MAX ? kfix : a->kfree + a->p;
    l->n = 0;
    for (uint64_t k = 0; k < kend; k++) {
        unsigned d = a3_digit(a->s, k);
        int fr = k >= kfix;
        for (unsigned j = fr ? 0 : 1; j <= 3; j++) {
            if (!(d & (1u << j)) || (k == 0 && j == 1)) {
                continue;
            }
            for (unsigned nt = 0; nt < j + (fr ? 1u : 0u); nt++) {
                a3_cfg c;
                memset(&c, 0, sizeof c);
                c.k = k;
                c.ntiny = nt;
                c.jp = j - nt;
                c.free = fr;
                a3_tiny(a, rho, &c, 0, l);
            }
        }
    }
}

/* Configurations that behave alike (same jp, delta, e, levels, r) are
 * kept once: the test reads nothing else. */
static int
a3_cmp(const void *x, const void *y)
{
    const a3_cfg *a = x, *b = y;
    uint64_t ka[8] = {a->jp, a->delta, a->e, a->lv[0], a->lv[1], a->lv[2],
                      a->r, (uint64_t)a->free},
             kb[8] = {b->jp, b->delta, b->e, b->lv[0], b->lv[1], b->lv[2],
                      b->r, (uint64_t)b->free};
    for (int i = 0; i < 8; i++) {
        if (ka[i] != kb[i]) {
            return ka[i] < kb[i] ? -1 : 1;
        }
    }
    return 0;
}

static void
a3_unique(a3_list *l)
{
    size_t w = 0;
    /* The levels as a sorted multiset: the order of the parts is free. */
    for (size_t i = 0; i < l->n; i++) {
        a3_cfg *c = &l->c[i];
        for (unsigned x = 0; x < c->jp; x++) {
            for (unsigned y = x + 1; y < c->jp; y++) {
                if (c->lv[y] < c->lv[x]) {
                    uint32_t t = c->lv[x];
                    uint64_t tb = c->base[x];
                    c->lv[x] = c->lv[y];
                    c->base[x] = c->base[y];
                    c->lv[y] = t;
                    c->base[y] = tb;
                }
            }
        }
    }
    qsort(l->c, l->n, sizeof *l->c, a3_cmp);
    for (size_t i = 0; i < l->n; i++) {
        if (w == 0 || a3_cmp(&l->c[w - 1], &l->c[i]) != 0) {
            l->c[w++] = l->c[i];
        }
    }
    l->n = w;
}

/* K' = K + sum of the levels' floors, K = D - delta (D >= delta). */
static uint64_t
a3_kp(const a3_cfg *c, uint64_t D)
{
    uint64_t kp = D - c->delta;
    for (unsigned i = 0; i < c->jp; i++) {
        kp += c->lv[i];
    }
    return kp;
}

/*
 * A free configuration's levels for y: every part at its floor lv[i] but
 * part big, which takes what the XOR needs (y ^ the others), and part o
 * (the first other) raised by w (w = 0: not raised). The removal takes
 * the rest, so the levels need only sum to at most K'. 1 when they do
 * and part big is at least its floor.
 */
static int
a3_free_try(const a3_cfg *c, uint64_t kp, uint64_t y, unsigned big,
            uint64_t w, uint64_t out[3])
{
    unsigned o = big == 0 ? 1 : 0;
    uint64_t x = 0, sum = 0;
    for (unsigned i = 0; i < c->jp; i++) {
        if (i != big) {
            out[i] = c->lv[i] + (i == o ? w : 0);
            x ^= out[i];
            sum += out[i];
        }
    }
    out[big] = y ^ x;
    return out[big] >= c->lv[big] && out[big] <= kp && sum <= kp - out[big];
}

/*
 * Levels out[0..jp) (out[i] >= lv[i], XOR y) of a free configuration:
 * sum at most K' (the removal k0 + p q_k takes the rest). No periodic
 * part: y = 0. One: lv[0] <= y <= K'. More: a3_free_try, each part in
 * turn the one that adjusts, the others at their floors, then with one
 * of them raised by w (w = 0: not tried).
 */
static int
a3_levels_free(const a3_cfg *c, uint64_t D, uint64_t y, uint64_t w,
               uint64_t out[3])
{
    uint64_t kp = a3_kp(c, D);
    if (c->jp == 0) {
        return y == 0;
    }
    if (c->jp == 1) {
        out[0] = y;
        return y >= c->lv[0] && y <= kp;
    }
    for (unsigned big = 0; big < c->jp; big++) {
        if (a3_free_try(c, kp, y, big, 0, out) ||
            (w != 0 && a3_free_try(c, kp, y, big, w, out))) {
            return 1;
        }
    }
    return 0;
}

/*
 * Levels out[0..jp) (out[i] >= lv[i], sum K + sum lv, XOR y) of one of the
 * witness forms the theorem uses, for D >= delta: one part (y = K');
 * two parts (c + y, c) or (c, c + y) with c = (K' - y) / 2 sharing no bit
 * with y; three parts (y, c, c) in any order. A free configuration:
 * a3_levels_free with w. 0 when none applies.
 */
static int
a3_levels(const a3_cfg *c, uint64_t D, uint64_t y, uint64_t w,
          uint64_t out[3])
{
    uint64_t kp = a3_kp(c, D), h;
    if (c->free) {
        return a3_levels_free(c, D, y, w, out);
    }
    if (y > kp || ((kp - y) & 1u)) {
        return 0;
    }
    h = (kp - y) / 2;
    if (c->jp == 1) {
        out[0] = y;
        return y == kp;
    }
    if (c->jp == 2) {
        if (h & y) {
            return 0;
        }
        for (int sw = 0; sw < 2; sw++) {
            out[sw] = h + y;
            out[1 - sw] = h;
            if (out[0] >= c->lv[0] && out[1] >= c->lv[1]) {
                return 1;
            }
        }
        return 0;
    }
    for (unsigned at = 0; at < 3; at++) {
        int ok = 1;
        for (unsigned i = 0; i < 3; i++) {
            out[i] = i == at ? y : h;
            ok &= out[i] >= c->lv[i];
        }
        if (ok) {
            return 1;
        }
    }
    return 0;
}

/* 1 when no option of c has high part E ^ y = y ^ c->e...: y (already
 * XORed with c->e) is proved absent from the levels' XORs: above their
 * sum K', of the other parity, not K' itself for one part, or for two
 * parts A ^ B = y with A & B = (K' - y) / 2 sharing a bit with y (A + B =
 * (A ^ B) + 2 (A & B), and A ^ B never shares a bit with A & B). A free
 * configuration's levels sum to anything up to K'. */
static int
a3_excluded(const a3_cfg *c, uint64_t D, uint64_t y)
{
    uint64_t kp = a3_kp(c, D);
    if (c->free) {
        /* Its levels take every sum up to K': only y above K' is proved
         * absent (and y != 0 without periodic parts). */
        return c->jp == 0 ? y != 0 : y > kp;
    }
    if (y > kp || ((kp - y) & 1u)) {
        return 1;
    }
    if (c->jp == 1) {
        return y != kp;
    }
    return c->jp == 2 && (((kp - y) / 2) & y) != 0;
}

/* The constants of the bands (docs/theory.md 3b): tb, the top band; bb,
 * the bottom band; both below 2^L. */
typedef struct a3_bands {
    uint64_t tb, bb;
    uint64_t w;        /* free configurations' raise: a power of two above
                          every level floor, tiny XOR and bottom row */
    unsigned L;
} a3_bands;

/*
 * The test for class rho at the 2^(L+1) representatives D = 2^(L+3) + d,
 * each standing for every D >= 2^(L+2) with D = d mod 2^(L+1): (i) the
 * value (D + e*) s + r* is no option (a3_excluded on every configuration
 * of low part r*); (ii) every value of the top rows Q* - tb .. Q* (row Q*
 * below r* only) and of the bottom rows 0 .. bb - 1 has a witness
 * (a3_levels); (iii) the middle rows, which take three-part witnesses
 * (y, c, c) of the right parity, are full for both parities of Q* - Q.
 * A free configuration with a periodic part fills its low part's middle
 * rows at both parities: one part at level y ^ (the others' floors).
 */
static int
a3_class_holds(const a3_par *a, const a3_list *l, uint64_t rho,
               const a3_bands *bd, unsigned char *mark)
{
    uint64_t s = (uint64_t)1 << a->m, rows = bd->tb + 1 + bd->bb;
    uint32_t es = a3_hi(a, a->n0 + rho), rs = a3_lo(a, a->n0 + rho);

    for (unsigned par = 0; par < 2; par++) {
        memset(mark, 0, (size_t)s);
        for (size_t i = 0; i < l->n; i++) {
            const a3_cfg *c = &l->c[i];
            uint64_t sum = es + c->e + c->delta + par;
            for (unsigned j = 0; j < c->jp; j++) {
                sum += c->lv[j];   /* parity of es + e + delta - sum lv */
            }
            if ((c->jp == 3 && sum % 2 == 0) || (c->free && c->jp >= 1)) {
                mark[c->r] = 1;
            }
        }
        if (memchr(mark, 0, (size_t)s) != NULL) {
            return 0;
        }
    }
    for (uint64_t d = 0; d < ((uint64_t)2 << bd->L); d++) {
        uint64_t D = ((uint64_t)8 << bd->L) + d, qs = D + es, lv[3];
        memset(mark, 0, (size_t)(rows * s));
        for (size_t i = 0; i < l->n; i++) {
            const a3_cfg *c = &l->c[i];
            if (c->r == rs && !a3_excluded(c, D, qs ^ c->e)) {
                return 0;
            }
            for (uint64_t t = 0; t <= bd->tb; t++) {
                if (a3_levels(c, D, (qs - t) ^ c->e, bd->w, lv)) {
                    mark[t * s + c->r] = 1;
                }
            }
            for (uint64_t q = 0; q < bd->bb; q++) {
                if (a3_levels(c, D, q ^ c->e, bd->w, lv)) {
                    mark[(bd->tb + 1 + q) * s + c->r] = 1;
                }
            }
        }
        if (memchr(mark, 0, (size_t)rs) != NULL ||
            memchr(mark + s, 0, (size_t)((rows - 1) * s)) != NULL) {
            return 0;
        }
    }
    return 1;
}

/* The bands' constants over every class; 0 when they pass A3_MAX_L or a
 * class has too many configurations. */
static int
a3_bands_of(const a3_par *a, a3_list *ls, a3_bands *bd)
{
    uint64_t emax = 0, emaxt = 0, cst = 0, b;
    int has_free = 0;
    for (uint64_t x = 1; x < a->n0 + a->p; x++) {
        emax = a3_hi(a, x) > emax ? a3_hi(a, x) : emax;
    }
    for (uint64_t rho = 0; rho < a->p; rho++) {
        uint64_t es = a3_hi(a, a->n0 + rho);
        if (ls[rho].full) {
            return 0;
        }
        for (size_t i = 0; i < ls[rho].n; i++) {
            const a3_cfg *c = &ls[rho].c[i];
            uint64_t v = c->delta + c->e + es + 2 * emax;
            for (unsigned j = 0; j < c->jp; j++) {
                v += c->lv[j];
            }
            cst = v > cst ? v : cst;
            emaxt = c->e > emaxt ? c->e : emaxt;
            has_free |= c->free;
        }
    }
    bd->tb = cst + 1;
    bd->bb = emax + emaxt + 1;
    bd->w = 0;
    b = bd->tb + bd->bb + 1;
    if (has_free) {
        /* The middle rows start at a power of two above every floor and
         * tiny XOR (there y = Q ^ E has a bit above them all), and w,
         * the bottom witnesses' raise, is a power of two above the bottom
         * rows too: their levels stay below 2 w, their sums below 6 w <
         * 2^L, whatever D >= 2^(L+2). */
        uint64_t w0 = 1;
        while (w0 <= emax || w0 <= emaxt) {
            w0 <<= 1;
        }
        bd->bb = bd->bb > w0 ? bd->bb : w0;
        for (bd->w = 1; bd->w < bd->bb; bd->w <<= 1) {
        }
        b = bd->tb + bd->bb + 1;
        b = b > 8 * bd->w ? b : 8 * bd->w;
    }
    /* 2^L above every constant of the proof: the top band's offsets
     * (tb), the halved gaps (K' - y) / 2 < tb, the tiny XORs and the bottom
     * band (< bb). */
    for (bd->L = 1; ((uint64_t)1 << bd->L) <= b; bd->L++) {
        if (bd->L >= A3_MAX_L) {
            return 0;
        }
    }
    return 1;
}

/* 1 when enumerating the configurations costs too much: kend removals
 * (fixed, then free) times p classes times the choices of up to three
 * parts below n0 + p. The enumeration also stops once a class passes
 * A3_MAX_CFG, but choices that close no configuration are not counted
 * there. */
static int
a3_too_costly(uint64_t kend, uint64_t p, uint64_t n0)
{
    uint64_t w = n0 + p;
    return p > A3_MAX_P || n0 > A3_MAX_N0 ||
           kend * p * (w * w * w / 6 + 1) > A3_MAX_ENUM;
}

/* The whole test for (n0, p, 2^m) on the values g[0..len) (sgseq.h). */
uint64_t
sgseq_arith3_check(const sgseq *s, const uint16_t *g, uint64_t len,
                   uint64_t n0, uint64_t p, unsigned m)
{
    a3_par a = {s, g, n0, p, m, s->narep > 0 ? s->arep_from : UINT64_MAX};
    a3_list *ls;
    a3_bands bd;
    unsigned char *mark = NULL;
    uint64_t t0, need = 0, sal = (uint64_t)1 << m;
    int ok;

    /* A repeating group must repeat within the period (d(k0 + p q) =
     * d(k0)) and start past d0. */
    if (s->narep > 0 && (p % s->narep != 0 || s->arep_from == 0)) {
        return 0;
    }
    ls = calloc((size_t)p, sizeof *ls);
    ok = ls != NULL;
    for (uint64_t rho = 0; ok && rho < p; rho++) {
        a3_configs(&a, rho, &ls[rho]);
        a3_unique(&ls[rho]);
    }
    ok = ok && a3_bands_of(&a, ls, &bd);
    if (ok) {
        /* N >= t0 has D >= 2^(L+2): every configuration is available
         * (delta < 2^L) and the bands lie where the proof puts them. */
        t0 = n0 + p * (((uint64_t)4 << bd.L) + 1);
        /* ... and no option of such N leaves tiny parts only after a
         * fixed removal (all of them below kfix + 3 n0). */
        if (t0 < a3_fixed_end(&a) + 3 * n0) {
            t0 = a3_fixed_end(&a) + 3 * n0;
        }
        ok = t0 + p <= len;
        for (uint64_t n = n0; ok && n < t0; n++) {
            ok = g[n + p] == g[n] + sal;
        }
        mark = ok ? malloc((size_t)((bd.tb + 1 + bd.bb) * sal)) : NULL;
        ok = ok && mark != NULL;
        for (uint64_t rho = 0; ok && rho < p; rho++) {
            ok = a3_class_holds(&a, &ls[rho], rho, &bd, mark);
        }
        need = ok ? t0 + p : 0;
    }
    for (uint64_t rho = 0; ls != NULL && rho < p; rho++) {
        free(ls[rho].c);
    }
    free(ls);
    free(mark);
    return need;
}

/*
 * Tries the test on the table for the candidate of sgseq_cert.c: the least
 * period q of the differences at the top of the table and its saltus
 * sal = G(n-1) - G(n-1-q) > 0, which must be a power of two (the split
 * into high and low parts needs it) and, for a finite code, at most q
 * (then every 64-bit heap's value fits; a repeating group's values may
 * outgrow that, and sgseq_known says so), and n0 the start of the run of
 * G(n + q) = G(n) + sal back from the top.
 */
int
sgseq_arith3_takes(const sgseq *s, uint64_t q, uint64_t sal, uint64_t *p)
{
    /* s <= q keeps a finite code's values of 64-bit heaps within 64 bits
     * (sgseq_known's reduction); a repeating group's may outgrow them
     * (octal:4.(7): p = 1, s = 2), and the reduction says so. */
    if (sal == 0 || (sal & (sal - 1)) != 0 || (s->narep == 0 && sal > q) ||
        sal > ((uint64_t)1 << 15)) {
        return 0;
    }
    /* A repeating group of r digits: the test's period p is q 2^j, a
     * multiple of r (its saltus sal 2^j, still a power of two); none when
     * r has an odd factor q lacks. */
    *p = q;
    while (s->narep > 0 && *p % s->narep != 0 && *p < ((uint64_t)1 << 20)) {
        *p *= 2;
    }
    return s->narep == 0 || *p % s->narep == 0;
}

void
sgseq_try_certify_arith3(sgseq *s, size_t q, uint64_t sal, size_t n0)
{
    uint64_t need, p, kfix;
    unsigned m = 0;
    if (!sgseq_arith3_takes(s, q, sal, &p)) {
        return;
    }
    while (((uint64_t)1 << m) < sal * (p / q)) {
        m++;
    }
    if (n0 == 0) {
        n0 = 1;
    }
    /* The test reads at least n0 + p (2^(L+2) + 2) values, L >= 2 (the
     * bands are never narrower), and enumerates about (t + 1) p^3
     * configurations (t + 1 fixed removals; a group adds p free ones):
     * a candidate the table cannot yet certify, or one too costly to
     * enumerate, waits or is skipped. */
    kfix = s->narep > 0 ? s->arep_from + p : s->t + 1;
    if (p > A3_MAX_P || s->len < n0 + 18 * p + q ||
        p * p * p * kfix > A3_MAX_WORK || a3_too_costly(kfix, p, n0)) {
        return;
    }
    /* With p = q 2^j, G(n + p) = G(n) + sal 2^j for n >= n0 and the
     * table's G(n + q) = G(n) + sal over [n0, n0 + p) (the run of q from
     * n0 reaches the top) give G(n + q) - G(n) = sal for every n >= n0:
     * that difference is p-periodic from n0 on. */
    if ((need = sgseq_arith3_check(s, s->g, s->len, n0, p, m)) != 0) {
        s->certified = 1;
        s->p = q;
        s->n0 = n0;
        s->saltus = sal;
        s->cert_len = need;
        s->a3_p = p;
    }
}

/*
 * The ordinary-period test for codes with a repeating group that split
 * heaps (docs/theory.md 3b), on values g[0..len): the configurations of
 * the saltus test with every value a low part (m = 16, nothing grows).
 * An option's value is then its configuration's R alone, whatever the
 * levels, and a configuration is available at every D >= delta (fixed:
 * any q with sum K; free: q_k takes the rest). So past D = max delta + 1
 * a heap's options have the values of the heap p below it, and G(n + p)
 * = G(n) read up to there holds for ever. The number of values read when
 * it certifies, else 0.
 */
uint64_t
sgseq_split_period_check(const sgseq *s, const uint16_t *g, uint64_t len,
                         uint64_t n0, uint64_t p)
{
    a3_par a = {s, g, n0, p, 16, s->arep_from};
    a3_list l = {NULL, 0, 0, 0};
    uint64_t dmax = 0, t0;
    int ok = s->narep > 0 && p % s->narep == 0 && s->arep_from >= 1 &&
             n0 >= 1;
    for (uint64_t rho = 0; ok && rho < p; rho++) {
        a3_configs(&a, rho, &l);
        ok = !l.full;
        for (size_t i = 0; ok && i < l.n; i++) {
            dmax = l.c[i].delta > dmax ? l.c[i].delta : dmax;
        }
    }
    free(l.c);
    t0 = n0 + p * (dmax + 1);
    if (t0 < a3_fixed_end(&a) + 3 * n0) {
        t0 = a3_fixed_end(&a) + 3 * n0;
    }
    ok = ok && t0 + p <= len;
    for (uint64_t n = n0; ok && n < t0; n++) {
        ok = g[n + p] == g[n];
    }
    return ok ? t0 + p : 0;
}

void
sgseq_try_certify_split_period(sgseq *s, size_t q, size_t n0)
{
    uint64_t p = q / im_gcd(q, s->narep) * s->narep, need;
    if (n0 == 0) {
        n0 = 1;
    }
    if (p > A3_MAX_P || p * p * p * (s->arep_from + p) > A3_MAX_WORK ||
        a3_too_costly(s->arep_from + p, p, n0) ||
        s->len < n0 + 4 * p + q) {
        return;
    }
    /* The test proves G(n + p) = G(n) for a multiple p of the group's
     * length; q divides p and the table's run of G(n + q) = G(n) from n0
     * covers a whole p, so G(n + q) = G(n) for every n >= n0. */
    if ((need = sgseq_split_period_check(s, s->g, s->len, n0, p)) != 0) {
        s->certified = 1;
        s->p = q;
        s->n0 = n0;
        s->saltus = 0;
        s->cert_len = need;
        s->a3_p = p;
    }
}

int
sgseq_split_certified(const sgseq *s)
{
    return s->arith3 && s->certified && (s->saltus != 0 || s->narep > 0);
}

/* The parameters of the certified period of s (its saltus a power of
 * two): what the option finders read. */
static void
a3_par_of(const sgseq *s, a3_par *a)
{
    a->s = s;
    a->g = s->g;
    a->n0 = s->n0;
    a->p = s->a3_p;
    for (a->m = 0; ((uint64_t)1 << a->m) < s->saltus * (s->a3_p / s->p);
         a->m++) {
    }
    if (s->saltus == 0) {
        a->m = 16;   /* an ordinary period: every value a low part */
    }
    a->kfree = s->narep > 0 ? s->arep_from : UINT64_MAX;
}

/*
 * An option of heap n worth want, by the witness forms of the test:
 * *k removed, parts[0..*nparts) ascending. Every want below G(n) has one
 * when n is at least the certificate's length (the test's conclusion);
 * below, there may be none here (0).
 */
/* A witness of c for y at D: the forms of the test, and for a free
 * configuration every raise w = 2^i (the test's w among them). flat (an
 * ordinary period): the levels do not matter (y = 0), a fixed removal's
 * first periodic part takes all of K, a free removal takes it. */
static int
a3_witness(const a3_cfg *c, uint64_t D, uint64_t y, int flat,
           uint64_t out[3])
{
    if (flat) {
        for (unsigned i = 0; i < c->jp; i++) {
            out[i] = c->lv[i] + (i == 0 && !c->free ? D - c->delta : 0);
        }
        return y == 0;
    }
    if (!c->free || c->jp < 2) {
        return a3_levels(c, D, y, 0, out);
    }
    for (unsigned i = 0; i < 63; i++) {
        if (a3_levels_free(c, D, y, i == 0 ? 0 : (uint64_t)1 << (i - 1),
                           out)) {
            return 1;
        }
    }
    return 0;
}

int
sgseq_arith3_option(const sgseq *s, uint64_t n, uint64_t want, uint64_t *k,
                    uint64_t parts[3], unsigned *nparts)
{
    a3_par a;
    a3_list l = {NULL, 0, 0, 0};
    uint64_t rho, D, y, lv[3];
    int found = 0;

    if (!s->arith3 || !s->certified || n < s->n0 + s->a3_p) {
        return 0;
    }
    a3_par_of(s, &a);
    rho = (n - a.n0) % a.p;
    D = (n - a.n0) / a.p;
    a3_configs(&a, rho, &l);
    for (size_t i = 0; i < l.n && !found; i++) {
        const a3_cfg *c = &l.c[i];
        if (c->r != (want & (((uint64_t)1 << a.m) - 1)) || c->delta > D) {
            continue;
        }
        y = (want >> a.m) ^ c->e;
        if (a3_witness(c, D, y, s->saltus == 0, lv)) {
            unsigned np = 0;
            uint64_t qk = D - c->delta;
            for (unsigned j = 0; j < c->ntiny; j++) {
                parts[np++] = c->tiny[j];
            }
            for (unsigned j = 0; j < c->jp; j++) {
                parts[np++] = c->base[j] + a.p * (lv[j] - c->lv[j]);
                qk -= lv[j] - c->lv[j];
            }
            for (unsigned x = 1; x < np; x++) {
                for (unsigned z = x; z > 0 && parts[z] < parts[z - 1]; z--) {
                    uint64_t t = parts[z];
                    parts[z] = parts[z - 1];
                    parts[z - 1] = t;
                }
            }
            /* A free removal takes what the parts leave: k0 + p q_k. */
            *k = c->k + (c->free ? a.p * qk : 0);
            *nparts = np;
            found = 1;
        }
    }
    free(l.c);
    return found;
}

/* ---- heaps beyond 64 bits ------------------------------------------- */

/* K' = D - delta + sum of the floors, into kp (D >= delta). */
static int
a3_kp_big(const a3_cfg *c, const bignum *D, bignum *kp, bignum *x)
{
    uint64_t lam = 0;
    for (unsigned i = 0; i < c->jp; i++) {
        lam += c->lv[i];
    }
    return bignum_add_u64(kp, D, lam) != 0 ||
           bignum_set_u64(x, c->delta) != 0 || bignum_sub(kp, kp, x) != 0;
}

/* a3_levels with D and y of any size: the levels in lv[0..jp). -1 when
 * out of memory. */
static int
a3_levels_big(const a3_cfg *c, const bignum *D, const bignum *y,
              bignum **lv, bignum **tmp)
{
    bignum *kp = tmp[0], *h = tmp[1], *x = tmp[2];
    if (a3_kp_big(c, D, kp, x) != 0) {
        return -1;
    }
    if (bignum_cmp(y, kp) > 0) {
        return 0;
    }
    if (bignum_sub(h, kp, y) != 0) {
        return -1;
    }
    if (bignum_bit(h, 0)) {
        return 0;
    }
    if (bignum_shr(h, h, 1) != 0) {
        return -1;
    }
    if (c->jp == 1) {
        return bignum_is_zero(h) ? (bignum_copy(lv[0], y) ? -1 : 1) : 0;
    }
    if (c->jp == 2) {
        /* h & y = 0 exactly when h ^ y = h + y. */
        if (bignum_xor(x, h, y) != 0 || bignum_add(kp, h, y) != 0) {
            return -1;
        }
        if (bignum_cmp(x, kp) != 0) {
            return 0;
        }
        for (int sw = 0; sw < 2; sw++) {
            if (bignum_copy(lv[sw], kp) != 0 || bignum_copy(lv[1 - sw], h)) {
                return -1;
            }
            if (bignum_cmp_u64(lv[0], c->lv[0]) >= 0 &&
                bignum_cmp_u64(lv[1], c->lv[1]) >= 0) {
                return 1;
            }
        }
        return 0;
    }
    for (unsigned at = 0; at < 3; at++) {
        int ok = 1;
        for (unsigned i = 0; i < 3; i++) {
            if (bignum_copy(lv[i], i == at ? y : h) != 0) {
                return -1;
            }
            ok &= bignum_cmp_u64(lv[i], c->lv[i]) >= 0;
        }
        if (ok) {
            return 1;
        }
    }
    return 0;
}

/* a3_witness of a free configuration with D and y of any size: the
 * levels in lv[0..jp). -1 when out of memory. */
static int
a3_levels_free_big(const a3_cfg *c, const bignum *D, const bignum *y,
                   bignum **lv, bignum **tmp)
{
    bignum *kp = tmp[0], *x = tmp[1], *sum = tmp[2];
    if (a3_kp_big(c, D, kp, x) != 0) {
        return -1;
    }
    if (c->jp == 0) {
        return bignum_is_zero(y);
    }
    if (c->jp == 1) {
        if (bignum_cmp_u64(y, c->lv[0]) < 0 || bignum_cmp(y, kp) > 0) {
            return 0;
        }
        return bignum_copy(lv[0], y) != 0 ? -1 : 1;
    }
    for (unsigned big = 0; big < c->jp; big++) {
        unsigned o = big == 0 ? 1 : 0;
        for (unsigned i = 0; i < 63; i++) {
            uint64_t w = i == 0 ? 0 : (uint64_t)1 << (i - 1), xs = 0,
                     small = 0;
            for (unsigned j = 0; j < c->jp; j++) {
                if (j != big) {
                    uint64_t v = c->lv[j] + (j == o ? w : 0);
                    xs ^= v;
                    small += v;
                    if (bignum_set_u64(lv[j], v) != 0) {
                        return -1;
                    }
                }
            }
            if (bignum_set_u64(x, xs) != 0 || bignum_xor(lv[big], y, x) != 0 ||
                bignum_add_u64(sum, lv[big], small) != 0) {
                return -1;
            }
            if (bignum_cmp_u64(lv[big], c->lv[big]) >= 0 &&
                bignum_cmp(sum, kp) <= 0) {
                return 1;
            }
        }
    }
    return 0;
}

/* a3_witness's flat levels with D of any size: a fixed removal's first
 * periodic part at D - delta above its floor. */
static int
a3_levels_flat_big(const a3_cfg *c, const bignum *D, const bignum *y,
                   bignum **lv, bignum **tmp)
{
    if (!bignum_is_zero(y)) {
        return 0;
    }
    for (unsigned i = 0; i < c->jp; i++) {
        if (bignum_set_u64(lv[i], c->lv[i]) != 0) {
            return -1;
        }
    }
    if (c->jp >= 1 && !c->free &&
        (bignum_set_u64(tmp[0], c->delta) != 0 ||
         bignum_sub(lv[0], D, tmp[0]) != 0 ||
         bignum_add_u64(lv[0], lv[0], c->lv[0]) != 0)) {
        return -1;
    }
    return 1;
}

/* The free removal of a witness: k0 + p q_k, q_k = K' - sum of the
 * levels, into k. */
static int
a3_free_k_big(const a3_cfg *c, const a3_par *a, const bignum *D,
              bignum **lv, bignum *k, bignum *x)
{
    if (a3_kp_big(c, D, k, x) != 0) {
        return -1;
    }
    for (unsigned j = 0; j < c->jp; j++) {
        if (bignum_sub(k, k, lv[j]) != 0) {
            return -1;
        }
    }
    return bignum_mul_u64(k, k, a->p) != 0 ||
           bignum_add_u64(k, k, c->k) != 0;
}

int
sgseq_arith3_option_big(const sgseq *s, const bignum *n, const bignum *want,
                        bignum *k, bignum *parts[3], unsigned *nparts)
{
    a3_par a;
    a3_list l = {NULL, 0, 0, 0};
    bignum *D = bignum_new(), *y = bignum_new(), *lv[3], *tmp[3];
    uint64_t rho, r;
    int found = 0, bad = D == NULL || y == NULL;

    for (int i = 0; i < 3; i++) {
        bad |= (lv[i] = bignum_new()) == NULL;
        bad |= (tmp[i] = bignum_new()) == NULL;
    }
    if (!sgseq_split_certified(s) ||
        bignum_cmp_u64(n, s->n0 + s->a3_p) < 0) {
        bad = bad ? 1 : 2;
    }
    if (!bad) {
        a3_par_of(s, &a);
        /* n = n0 + rho + p D; want = Q s + r. */
        bad = bignum_set_u64(tmp[0], a.n0) != 0 ||
              bignum_sub(D, n, tmp[0]) != 0 ||
              bignum_divmod_u64(D, D, a.p, &rho) != 0 ||
              bignum_divmod_u64(NULL, want, (uint64_t)1 << a.m, &r) != 0;
    }
    if (!bad) {
        a3_configs(&a, rho, &l);
        bad = l.full;
    }
    for (size_t i = 0; !bad && i < l.n && !found; i++) {
        const a3_cfg *c = &l.c[i];
        if (c->r != r || bignum_cmp_u64(D, c->delta) < 0) {
            continue;
        }
        if (bignum_shr(y, want, a.m) != 0 || bignum_set_u64(tmp[0], c->e) ||
            bignum_xor(y, y, tmp[0]) != 0) {
            bad = 1;
            break;
        }
        found = s->saltus == 0 ? a3_levels_flat_big(c, D, y, lv, tmp)
                : c->free      ? a3_levels_free_big(c, D, y, lv, tmp)
                               : a3_levels_big(c, D, y, lv, tmp);
        if (found < 0) {
            bad = 1;
            found = 0;
            break;
        }
        if (found) {
            unsigned np = 0;
            bad = c->free ? a3_free_k_big(c, &a, D, lv, k, tmp[1]) != 0
                          : bignum_set_u64(k, c->k) != 0;
            for (unsigned j = 0; j < c->ntiny && !bad; j++) {
                bad = bignum_set_u64(parts[np++], c->tiny[j]) != 0;
            }
            for (unsigned j = 0; j < c->jp && !bad; j++) {
                /* part = b + p (level - lambda) */
                bad = bignum_set_u64(tmp[0], c->lv[j]) != 0 ||
                      bignum_sub(parts[np], lv[j], tmp[0]) != 0 ||
                      bignum_mul_u64(parts[np], parts[np], a.p) != 0 ||
                      bignum_add_u64(parts[np], parts[np], c->base[j]) != 0;
                np++;
            }
            for (unsigned x = 1; x < np && !bad; x++) {
                for (unsigned z = x; z > 0 &&
                                     bignum_cmp(parts[z], parts[z - 1]) < 0;
                     z--) {
                    bignum *t = parts[z];
                    parts[z] = parts[z - 1];
                    parts[z - 1] = t;
                }
            }
            *nparts = np;
        }
    }
    free(l.c);
    bignum_free(D);
    bignum_free(y);
    for (int i = 0; i < 3; i++) {
        bignum_free(lv[i]);
        bignum_free(tmp[i]);
    }
    return bad == 1 ? -1 : found;
}
