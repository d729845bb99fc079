/*
 * sgseq_arith3.c - the arithmetic-periodicity test for codes whose moves
 * split heaps: finite codes that may split a heap in three (hexadecimal
 * digits with bit 8), and codes with a repeating group that split in two
 * or three, whose removals from the group on are *free* (k0 + p q_k); the
 * ordinary-period test of the latter; and the winning moves they
 * guarantee on heaps of any size. The theorems and their proofs are in
 * docs/theory.md 3b ("Arithmetic periods of finite codes that split in
 * three", "Repeating groups that split: free removals"); the names here
 * follow them. One file of about 1,100 lines on purpose: the test's
 * proof and the winning moves read the same configurations and levels
 * (a3_configs, a3_levels, a3_free_at, a3_kp and their numbers), which
 * stay private to it; split, they would need a header of their own.
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
 * test of free removals, and the witnesses all walk the same
 * configurations (a3_cfg, a3_par, a3_list and twenty static helpers over
 * them); splitting would make those shared internals global names of the
 * engine. The witness forms are written once over nat (nat.h): the test,
 * 64-bit heaps and heaps of any size take the same path.
 */
#include "sgseq_impl.h"
#include "bignum.h"
#include "intmath.h"
#include "nat.h"

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

/* The numbers of one witness search over nat, so that the test (D below
 * 2^(L+4)), 64-bit heaps and heaps of any size take the same path: K',
 * the halved gap (K' - y) / 2, scratch, the levels found, and a free
 * configuration's bounds on its levels' excess over their floors (K, or
 * K - w when one part is raised by w). a3_kp sets K' once for the
 * configuration and D asked about, a3_free_at the bounds of a free one
 * (the test asks many y at one D): each y is then decided by comparisons,
 * nothing written but a witness. Below 2^128 nothing allocates;
 * a3_num_free after use. */
typedef struct a3_num {
    nat kp, h, x, lv[3];
    nat k, kw;         /* K = D - delta; K - w, when kw_ok (K >= w) */
    uint64_t w, fx;    /* the raise; the XOR of the floors */
    int kw_ok;
} a3_num;

static void
a3_num_free(a3_num *u)
{
    nat_free(&u->kp);
    nat_free(&u->h);
    nat_free(&u->x);
    for (unsigned i = 0; i < 3; i++) {
        nat_free(&u->lv[i]);
    }
    nat_free(&u->k);
    nat_free(&u->kw);
}

static int
a3_ge_u64(const nat *x, uint64_t v)
{
    nat y = {v, NULL, 0};
    return nat_cmp(x, &y) >= 0;
}

/* The bounds of free configuration c at D with raise w (w = 0: none). */
static int
a3_free_at(const a3_cfg *c, const nat *D, uint64_t w, a3_num *u)
{
    int rc;
    u->w = w;
    u->fx = 0;
    for (unsigned i = 0; i < c->jp; i++) {
        u->fx ^= c->lv[i];
    }
    if (nat_sub_u64(&u->k, D, c->delta) != 0) {
        return -1;
    }
    rc = nat_sub_u64(&u->kw, &u->k, w);
    u->kw_ok = rc == 0;
    return rc == -1 ? -1 : 0;
}

/* K' = K + sum of the levels' floors, K = D - delta (D >= delta), into
 * u->kp. */
static inline int
a3_kp(const a3_cfg *c, const nat *D, a3_num *u)
{
    uint64_t lam = 0;
    for (unsigned i = 0; i < c->jp; i++) {
        lam += c->lv[i];
    }
    return nat_sub_u64(&u->kp, D, c->delta) != 0 ||
                   nat_add_u64(&u->kp, &u->kp, lam) != 0
               ? -1
               : 0;
}

/*
 * The tries of a free configuration for y (docs/theory.md 3b, free
 * removals), in order: each part big in turn takes the level y ^ x the
 * XOR needs (x the XOR of the others), the others at their floors, then
 * with part o (the first other) raised by w. The removal k0 + p q_k takes
 * what the levels leave of K', so the try holds exactly when part big is
 * at least its floor lo and the levels' excess over their floors, (y ^ x
 * - lo) + (w when raised), is at most K = K' - (the floors' sum). Without
 * periodic parts the levels XOR to 0: y = 0. The first try that holds
 * (2 big + 1, + 1 when raised), 0 when none; -1 out of memory. y ^ x is
 * never written: bounds a3_free_at set once serve every y.
 */
static inline int
a3_free_which(const a3_cfg *c, const nat *y, const a3_num *u)
{
    if (c->jp == 0) {
        return nat_is_zero(y);
    }
    for (unsigned big = 0; big < c->jp; big++) {
        uint64_t lo = c->lv[big], x = u->fx ^ lo;
        uint64_t r = c->lv[big == 0 ? 1 : 0];
        int in = nat_xor_u64_in(y, x, lo, &u->k);
        if (in == 0 && u->w != 0 && c->jp >= 2 && u->kw_ok) {
            in = nat_xor_u64_in(y, x ^ r ^ (r + u->w), lo, &u->kw);
            in = in > 0 ? 2 : in;
        }
        if (in != 0) {
            return in < 0 ? -1 : (int)(2 * big) + in;
        }
    }
    return 0;
}

/*
 * Levels u->lv[0..jp) (lv[i] at least its floor, XOR y) of a free
 * configuration: sum at most K' (the removal k0 + p q_k takes the rest),
 * from the first of its tries that holds.
 */
static int
a3_levels_free(const a3_cfg *c, const nat *y, a3_num *u)
{
    int k = a3_free_which(c, y, u);
    unsigned big = k > 0 ? (unsigned)(k - 1) / 2 : 0, o = big == 0 ? 1 : 0;
    uint64_t raise = k > 0 && (k - 1) % 2 == 1 ? u->w : 0;
    if (k <= 0 || c->jp == 0) {
        return k;
    }
    for (unsigned i = 0; i < c->jp; i++) {
        nat_set_u64(&u->lv[i], c->lv[i] + (i == o ? raise : 0));
    }
    /* Part big: y ^ x, x the XOR of the others. */
    nat_set_u64(&u->x, u->fx ^ c->lv[big] ^ c->lv[o] ^ (c->lv[o] + raise));
    return nat_xor(&u->lv[big], y, &u->x) != 0 ? -1 : 1;
}

/* Sets u->lv to (a, b) or (b, a), the first whose parts are at least
 * their floors: 1, or 0 when neither. */
static int
a3_pair(const a3_cfg *c, const nat *a, const nat *b, a3_num *u)
{
    for (int sw = 0; sw < 2; sw++) {
        if (nat_copy(&u->lv[sw], a) != 0 || nat_copy(&u->lv[1 - sw], b)) {
            return -1;
        }
        if (a3_ge_u64(&u->lv[0], c->lv[0]) &&
            a3_ge_u64(&u->lv[1], c->lv[1])) {
            return 1;
        }
    }
    return 0;
}

/*
 * Levels u->lv[0..jp) (at least their floors, sum K + sum of the floors,
 * XOR y) of one of the witness forms the theorem uses, for D >= delta:
 * one part (y = K'); two parts (h + y, h) or (h, h + y) with h =
 * (K' - y) / 2 sharing no bit with y; three parts (y, h, h) in any
 * order. A free configuration: a3_levels_free (a3_free_at set its
 * bounds). 0 when none applies, -1 out of memory.
 */
static int
a3_levels(const a3_cfg *c, const nat *y, a3_num *u)
{
    if (c->free) {
        return a3_levels_free(c, y, u);
    }
    if (nat_cmp(y, &u->kp) > 0) {
        return 0;
    }
    if (nat_sub(&u->h, &u->kp, y) != 0) {
        return -1;
    }
    if (nat_bit(&u->h, 0)) {
        return 0;
    }
    if (nat_shr(&u->h, &u->h, 1) != 0) {
        return -1;
    }
    if (c->jp == 1) {
        return !nat_is_zero(&u->h) ? 0 : nat_copy(&u->lv[0], y) ? -1 : 1;
    }
    if (c->jp == 2) {
        if (nat_and(&u->x, &u->h, y) != 0) {
            return -1;
        }
        if (!nat_is_zero(&u->x)) {
            return 0;
        }
        return nat_add(&u->x, &u->h, y) != 0 ? -1
                                              : a3_pair(c, &u->x, &u->h, u);
    }
    for (unsigned at = 0; at < 3; at++) {
        int ok = 1;
        for (unsigned i = 0; i < 3; i++) {
            if (nat_copy(&u->lv[i], i == at ? y : &u->h) != 0) {
                return -1;
            }
            ok &= a3_ge_u64(&u->lv[i], c->lv[i]);
        }
        if (ok) {
            return 1;
        }
    }
    return 0;
}

/* Whether c has a witness for y: what the test asks, which reads no
 * levels (a free configuration's tries are only compared). */
static inline int
a3_holds(const a3_cfg *c, const nat *y, a3_num *u)
{
    return c->free ? a3_free_which(c, y, u) > 0 : a3_levels(c, y, u) > 0;
}

/* 1 when no option of c has high part E ^ y = y ^ c->e...: y (already
 * XORed with c->e) is proved absent from the levels' XORs: above their
 * sum K', of the other parity, not K' itself for one part, or for two
 * parts A ^ B = y with A & B = (K' - y) / 2 sharing a bit with y (A + B =
 * (A ^ B) + 2 (A & B), and A ^ B never shares a bit with A & B). A free
 * configuration's levels sum to anything up to K'. The test's D and y
 * are far below 2^128: nothing allocates, nothing fails. */
static int
a3_excluded(const a3_cfg *c, const nat *y, a3_num *u)
{
    int above;
    above = nat_cmp(y, &u->kp) > 0;
    if (c->free) {
        /* Its levels take every sum up to K': only y above K' is proved
         * absent (and y != 0 without periodic parts). */
        return c->jp == 0 ? !nat_is_zero(y) : above;
    }
    if (above) {
        return 1;
    }
    (void)nat_sub(&u->h, &u->kp, y);
    if (nat_bit(&u->h, 0)) {
        return 1;
    }
    if (c->jp == 1) {
        return !nat_is_zero(&u->h);
    }
    (void)nat_shr(&u->h, &u->h, 1);
    (void)nat_and(&u->x, &u->h, y);
    return c->jp == 2 && !nat_is_zero(&u->x);
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
    /* D < 2^(L+4) and y below it: these nats never allocate. */
    a3_num u = {.kp = NAT_ZERO}; /* every nat NAT_ZERO */
    nat Dn = NAT_ZERO, y = NAT_ZERO;

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
        uint64_t D = ((uint64_t)8 << bd->L) + d, qs = D + es;
        nat_set_u64(&Dn, D);
        memset(mark, 0, (size_t)(rows * s));
        for (size_t i = 0; i < l->n; i++) {
            const a3_cfg *c = &l->c[i];
            /* K' and a free configuration's bounds, for every y below. */
            (void)a3_kp(c, &Dn, &u);
            if (c->free) {
                (void)a3_free_at(c, &Dn, bd->w, &u);
            }
            nat_set_u64(&y, qs ^ c->e);
            if (c->r == rs && !a3_excluded(c, &y, &u)) {
                return 0;
            }
            for (uint64_t t = 0; t <= bd->tb; t++) {
                nat_set_u64(&y, (qs - t) ^ c->e);
                if (a3_holds(c, &y, &u)) {
                    mark[t * s + c->r] = 1;
                }
            }
            for (uint64_t q = 0; q < bd->bb; q++) {
                nat_set_u64(&y, q ^ c->e);
                if (a3_holds(c, &y, &u)) {
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

/* A witness of c for y at D, its levels in u->lv: the forms of the test,
 * and for a free configuration of two parts or more every raise w = 2^i
 * (the test's w among them), each tried on every part before the next.
 * flat (an ordinary period): the levels do not matter (y = 0), a fixed
 * removal's first periodic part takes all of K, a free removal takes it.
 * -1 out of memory. */
static int
a3_witness(const a3_cfg *c, const nat *D, const nat *y, int flat,
           a3_num *u)
{
    if (flat) {
        if (!nat_is_zero(y)) {
            return 0;
        }
        for (unsigned i = 0; i < c->jp; i++) {
            nat_set_u64(&u->lv[i], c->lv[i]);
        }
        return c->jp >= 1 && !c->free &&
                       (nat_sub_u64(&u->lv[0], D, c->delta) != 0 ||
                        nat_add_u64(&u->lv[0], &u->lv[0], c->lv[0]) != 0)
                   ? -1
                   : 1;
    }
    if (a3_kp(c, D, u) != 0 || (c->free && a3_free_at(c, D, 0, u) != 0)) {
        return -1;
    }
    if (!c->free || c->jp < 2) {
        return a3_levels(c, y, u);
    }
    for (unsigned i = 0; i < 63; i++) {
        int r = i > 0 && a3_free_at(c, D, (uint64_t)1 << (i - 1), u) != 0
                    ? -1
                    : a3_levels_free(c, y, u);
        if (r != 0) {
            return r;
        }
    }
    return 0;
}

/* The move of c's witness u at D: the removal into k, the parts into
 * parts[0..*nparts) ascending. A periodic part b + p q sits at level
 * e(b) + q, q its level above its floor; a free removal k0 + p q_k takes
 * what the levels leave of K' (q_k = K' - their sum). */
static int
a3_move(const a3_par *a, const a3_cfg *c, const nat *D, a3_num *u, nat *k,
        nat parts[3], unsigned *nparts)
{
    unsigned np = 0;
    for (unsigned j = 0; j < c->ntiny; j++) {
        nat_set_u64(&parts[np++], c->tiny[j]);
    }
    for (unsigned j = 0; j < c->jp; j++, np++) {
        if (nat_sub_u64(&parts[np], &u->lv[j], c->lv[j]) != 0 ||
            nat_mul_u64(&parts[np], &parts[np], a->p) != 0 ||
            nat_add_u64(&parts[np], &parts[np], c->base[j]) != 0) {
            return -1;
        }
    }
    for (unsigned x = 1; x < np; x++) {
        for (unsigned z = x; z > 0 && nat_cmp(&parts[z], &parts[z - 1]) < 0;
             z--) {
            nat t = parts[z];
            parts[z] = parts[z - 1];
            parts[z - 1] = t;
        }
    }
    *nparts = np;
    if (!c->free) {
        nat_set_u64(k, c->k);
        return 0;
    }
    if (a3_kp(c, D, u) != 0) {
        return -1;
    }
    for (unsigned j = 0; j < c->jp; j++) {
        if (nat_sub(&u->kp, &u->kp, &u->lv[j]) != 0) {
            return -1;
        }
    }
    return nat_mul_u64(k, &u->kp, a->p) != 0 || nat_add_u64(k, k, c->k) != 0
               ? -1
               : 0;
}

/*
 * The one search for 64-bit heaps and heaps of any size (sgseq.h): the
 * configurations of n's class rho (n = n0 + rho + p D) whose low part is
 * want's, each tried for a witness of want's high part. Every want below
 * G(n) has one when n is at least the certificate's length (the test's
 * conclusion); below, there may be none here (0).
 */
int
sgseq_arith3_option_nat(const sgseq *s, const nat *n, const nat *want,
                        nat *k, nat *parts, unsigned *nparts)
{
    a3_par a;
    a3_list l = {NULL, 0, 0, 0};
    a3_num u = {.kp = NAT_ZERO}; /* every nat NAT_ZERO */
    nat D = NAT_ZERO, hi = NAT_ZERO, y = NAT_ZERO, e = NAT_ZERO;
    uint64_t rho, r;
    int found = 0;

    if (!sgseq_split_certified(s) || !a3_ge_u64(n, s->n0 + s->a3_p)) {
        return 0;
    }
    a3_par_of(s, &a);
    /* want = hi 2^m + r, r < 2^m. */
    r = nat_low_u64(want) & (((uint64_t)1 << a.m) - 1);
    if (nat_sub_u64(&D, n, a.n0) != 0 ||
        nat_divmod_u64(&D, &D, a.p, &rho) != 0 ||
        nat_shr(&hi, want, a.m) != 0) {
        found = -1;
    } else {
        a3_configs(&a, rho, &l);
        found = l.full ? -1 : 0;
    }
    for (size_t i = 0; found == 0 && i < l.n; i++) {
        const a3_cfg *c = &l.c[i];
        if (c->r != r || !a3_ge_u64(&D, c->delta)) {
            continue;
        }
        nat_set_u64(&e, c->e);
        found = nat_xor(&y, &hi, &e) != 0
                    ? -1
                    : a3_witness(c, &D, &y, s->saltus == 0, &u);
        if (found > 0 && a3_move(&a, c, &D, &u, k, parts, nparts) != 0) {
            found = -1;
        }
    }
    free(l.c);
    nat_free(&D);
    nat_free(&hi);
    nat_free(&y);
    nat_free(&e);
    a3_num_free(&u);
    return found;
}

/* 64-bit heaps: the removal and the parts sum to at most n, so they fit;
 * nothing there reaches 2^128, so nothing allocates. */
int
sgseq_arith3_option(const sgseq *s, uint64_t n, uint64_t want, uint64_t *k,
                    uint64_t parts[3], unsigned *nparts)
{
    nat nn = {n, NULL, 0}, wn = {want, NULL, 0}, kn = NAT_ZERO;
    nat pn[3] = {NAT_ZERO, NAT_ZERO, NAT_ZERO};
    int found = sgseq_arith3_option_nat(s, &nn, &wn, &kn, pn, nparts);
    if (found > 0) {
        *k = nat_low_u64(&kn);
        for (unsigned i = 0; i < *nparts; i++) {
            parts[i] = nat_low_u64(&pn[i]);
        }
    }
    return found;
}

int
sgseq_arith3_option_big(const sgseq *s, const bignum *n, const bignum *want,
                        bignum *k, bignum *parts[3], unsigned *nparts)
{
    nat nn = NAT_ZERO, wn = NAT_ZERO, kn = NAT_ZERO;
    nat pn[3] = {NAT_ZERO, NAT_ZERO, NAT_ZERO};
    int found = nat_set_big(&nn, n) != 0 || nat_set_big(&wn, want) != 0
                    ? -1
                    : sgseq_arith3_option_nat(s, &nn, &wn, &kn, pn, nparts);
    if (found > 0) {
        found = nat_to_big(k, &kn) != 0 ? -1 : 1;
        for (unsigned i = 0; found > 0 && i < *nparts; i++) {
            found = nat_to_big(parts[i], &pn[i]) != 0 ? -1 : 1;
        }
    }
    nat_free(&nn);
    nat_free(&wn);
    nat_free(&kn);
    for (unsigned i = 0; i < 3; i++) {
        nat_free(&pn[i]);
    }
    return found;
}
