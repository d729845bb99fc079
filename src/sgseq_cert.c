/*
 * sgseq_cert.c - period certificates of the Grundy-sequence engine: the
 * candidate period from a window at the top of the table, checked value
 * by value back to its start, and the theorem that turns the checked run
 * into a proof (Guy-Smith for codes, the window test for subtraction
 * sets, the arithmetic-periodicity test for repeating groups whose moves
 * leave one heap). A candidate no theorem proves is never certified.
 */
#include "sgseq_impl.h"
#include "intmath.h"

#include <stdlib.h>
#include <string.h>

/* The least period of the window w = G[h, n) of the table (KMP border
 * array); with diff, of its differences G(i + 1) - G(i), i in [h, n - 1).
 * 0 when the scratch cannot be allocated (the attempt is postponed). */
static size_t
sgseq_window_period(const sgseq *s, size_t h, int diff)
{
    size_t len = s->len - h - (diff ? 1 : 0), i, k = 0, q;
    uint32_t *fail;

#define SGSEQ_G(i) ((int32_t)sgseq_get(s, h + (i)))
#define SGSEQ_W(i) (diff ? SGSEQ_G((i) + 1) - SGSEQ_G(i) : SGSEQ_G(i))
    if (len < 2 || (fail = malloc(len * sizeof *fail)) == NULL) {
        return 0;
    }
    fail[0] = 0;
    for (i = 1; i < len; i++) {
        while (k > 0 && SGSEQ_W(i) != SGSEQ_W(k)) {
            k = fail[k - 1];
        }
        if (SGSEQ_W(i) == SGSEQ_W(k)) {
            k++;
        }
        fail[i] = (uint32_t)k;
    }
#undef SGSEQ_W
#undef SGSEQ_G
    q = len - fail[len - 1];
    free(fail);
    return q;
}

/* ---- the arithmetic-periodicity test ---------------------------------- */

static unsigned
sgseq_arith_digit(const sgseq *s, uint64_t k)
{
    return sgseq_digit(s->arun, s->narun, s->arep, s->narep, s->arep_from,
                       k);
}

/* 1 when heap n has a move to heap m < n: taking all (bit 1 of d(n))
 * for m = 0, taking n - m and leaving one heap (bit 2) for m >= 1. */
static int
sgseq_arith_moves(const sgseq *s, uint64_t n, uint64_t m)
{
    return m == 0 ? (sgseq_arith_digit(s, n) & SGSEQ_NOTHING) != 0
                  : (sgseq_arith_digit(s, n - m) & SGSEQ_ONE) != 0;
}

/*
 * The finite condition of the test at heap N (docs/theory.md 3b), with a
 * the test's n0 (>= 1), p, the saltus sal and three scratch sets of nv
 * bytes (every value of the table is below nv):
 *   L  = { G(m) : m < a + p, N -> m a move }
 *   L' = { G(m) : m < a, N - p -> m a move }
 *   U0 = { G(m) : a <= m < a + p, N - p -> m a move }
 * It holds when (c1) every v < sal is in L; (c2) every v in L' is in U0
 * or has v + sal in L; (c3) every v >= sal in L has v - sal in L' or U0.
 */
static int
sgseq_arith_holds(const sgseq *s, uint64_t n, uint64_t a, uint64_t p,
                  uint64_t sal, unsigned char *set, size_t nv)
{
    unsigned char *l = set, *lp = set + nv, *u0 = set + 2 * nv;
    memset(set, 0, 3 * nv);
    for (uint64_t m = 0; m < a + p; m++) {
        unsigned v = sgseq_get(s, (size_t)m);
        l[v] |= (unsigned char)sgseq_arith_moves(s, n, m);
        if (m < a) {
            lp[v] |= (unsigned char)sgseq_arith_moves(s, n - p, m);
        } else {
            u0[v] |= (unsigned char)sgseq_arith_moves(s, n - p, m);
        }
    }
    for (uint64_t v = 0; v < sal; v++) {
        if (v >= nv || !l[v]) {
            return 0;
        }
    }
    for (uint64_t v = 0; v < nv; v++) {
        if (lp[v] && !u0[v] && (v + sal >= nv || !l[v + sal])) {
            return 0;
        }
        if (l[v] && v >= sal && !lp[v - sal] && !u0[v - sal]) {
            return 0;
        }
    }
    return 1;
}

/* The least i such that G(j + p) = G(j) + sal for every j in [i, len -
 * p): the start of the run back from the top of the table. */
static size_t
sgseq_arith_start(const sgseq *s, size_t p, int64_t sal)
{
    size_t i = s->len - p;
    while (i > 0 && (int64_t)sgseq_get(s, i - 1 + p) - sgseq_get(s, i - 1) == sal) {
        i--;
    }
    return i;
}

/*
 * The arithmetic-periodicity test (docs/theory.md 3b, where the theorem
 * is proved): rules with a repeating group of r digits from f = arep_from
 * on, and no move that leaves two heaps or more. If, for some p that r
 * divides, sal >= 0 and a >= 1,
 *   (a) G(n + p) = G(n) + sal for a <= n < a + p + f, and
 *   (b) the condition of sgseq_arith_holds holds at the r heaps N in
 *       [T, T + r), T = a + 2 p + f,
 * then G(n + p) = G(n) + sal for every n >= a. The candidate comes from
 * the differences G(i + 1) - G(i) at the top of the table: their least
 * period q (a sequence with G(n + q) = G(n) + s has q-periodic
 * differences), made a multiple of r as p = lcm(q, r). The proof is for
 * p; q is reported when the table shows G(n + q) = G(n) + s over a whole
 * period p from its start n0 (then, both sides moving by the same amount
 * from one period to the next, for ever). Candidates that fail are
 * refused: the table grows, and the test is tried again.
 */
static void
sgseq_try_certify_arith(sgseq *s, size_t h)
{
    size_t n = s->len, q = sgseq_window_period(s, h, 1), n0q, n0p;
    uint64_t p, a, t_end, q_end, nv = (uint64_t)s->vmax + 1;
    int64_t sq, sal;
    unsigned char *set;
    int ok = 1;

    if (q == 0 || q >= n || (sq = (int64_t)sgseq_get(s, n - 1) -
                                  (int64_t)sgseq_get(s, n - 1 - q)) < 0) {
        return;
    }
    p = q / im_gcd(q, s->narep) * s->narep;
    sal = sq * (int64_t)(p / q);
    /* G(n) <= n (at most n options) makes sal <= p necessary; the
     * reduction in sgseq_known relies on it. */
    if (p >= n || (uint64_t)sal > p) {
        return;
    }
    n0q = sgseq_arith_start(s, q, sq);
    n0p = sgseq_arith_start(s, (size_t)p, sal);
    a = n0p > 0 ? n0p : 1;
    t_end = a + 2 * p + s->arep_from;
    /* q's run checked over [max(n0q, a), + p): n0p <= n0q, so that is
     * max(n0q, 1). */
    q_end = (n0q > 0 ? n0q : 1) + p + q;
    if (t_end > n || q_end > n || (set = malloc(3 * (size_t)nv)) == NULL) {
        return;
    }
    for (uint64_t m = t_end; m < t_end + s->narep && ok; m++) {
        ok = sgseq_arith_holds(s, m, a, p, (uint64_t)sal, set, (size_t)nv);
    }
    free(set);
    if (ok) {
        s->certified = 1;
        s->p = q;
        s->n0 = n0q;
        s->saltus = (uint64_t)sq;
        s->cert_len = t_end > q_end ? t_end : q_end;
    }
}

/* The candidate of the test for codes that split in three (sgseq_arith3.c):
 * the least period q of the differences at the top, when the values grow
 * over it. 1 when it certified. */
static int
sgseq_try_arith3(sgseq *s, size_t h)
{
    size_t n = s->len, q = sgseq_window_period(s, h, 1);
    int64_t sal;
    if (q == 0 || q >= n ||
        (sal = (int64_t)sgseq_get(s, n - 1) - (int64_t)sgseq_get(s, n - 1 - q)) < 0) {
        return 0;
    }
    if (sal == 0) {
        /* An ordinary period: a finite code's goes to Guy-Smith, a
         * repeating group's to the same configurations without levels. */
        if (s->narep > 0) {
            sgseq_try_certify_split_period(s, q, sgseq_arith_start(s, q, 0));
        }
        return s->certified;
    }
    sgseq_try_certify_arith3(s, q, (uint64_t)sal,
                             sgseq_arith_start(s, q, sal));
    return s->certified;
}

/* ---- ordinary periods: the last copy of the top block --------------- */

/* Fingerprints are polynomial hashes modulo the Mersenne prime 2^61 - 1:
 * two different blocks of length L agree for at most L of the 2^61 - 1
 * bases (a nonzero polynomial of degree < L has fewer roots), and a
 * match is compared value by value before it counts. */
#define SGSEQ_FP_MOD (((uint64_t)1 << 61) - 1)

/* x mod 2^61 - 1 up to one subtraction: 2^61 = 1 folds the high bits
 * onto the low (below 2^61 + 2^(b - 61) for x < 2^b). */
static uint64_t
sgseq_fp_fold(uint64_t x)
{
    return (x & SGSEQ_FP_MOD) + (x >> 61);
}

static uint64_t
sgseq_fp_canon(uint64_t x)
{
    x = sgseq_fp_fold(x);
    return x >= SGSEQ_FP_MOD ? x - SGSEQ_FP_MOD : x;
}

/* a b mod 2^61 - 1, for a < 2^62 and b < 2^61: below 2^62 + 2^61. */
static uint64_t
sgseq_fp_mul(uint64_t a, uint64_t b)
{
    im_u128 r = (im_u128)a * b;
    return (uint64_t)(r & SGSEQ_FP_MOD) + (uint64_t)(r >> 61);
}

/* 1 when G[a, a + len) = G[b, b + len). */
static int
sgseq_same(const sgseq *s, size_t a, size_t b, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (sgseq_get(s, a + i) != sgseq_get(s, b + i)) {
            return 0;
        }
    }
    return 1;
}

/*
 * The largest j in [lo, m) with G[j, j + len) = G[m, m + len), the block
 * at m (m + len <= s->len); SIZE_MAX when there is none. One pass down
 * the table with a rolling fingerprint F(j) = sum G(j + k) b^k, k < len:
 * F(j) = G(j) + b F(j + 1) - G(j + len) b^len, kept below 2^62 (folded,
 * not reduced: the loop's chain is one product and a few additions). A
 * fingerprint equal to the block's only proposes j; the values decide.
 * No scratch memory: time linear in m + len, plus the values compared
 * where a fingerprint agrees falsely.
 */
static size_t
sgseq_last_copy(const sgseq *s, size_t lo, size_t m, size_t len)
{
    uint64_t b = s->fp_base % SGSEQ_FP_MOD, want = 0, bl = 1, f;

    for (size_t k = len; k-- > 0;) {
        want = sgseq_fp_canon(sgseq_fp_mul(want, b) + sgseq_get(s, m + k));
        bl = sgseq_fp_canon(sgseq_fp_mul(bl, b));
    }
    f = want;
    for (size_t j = m; j-- > lo;) {
        /* f < 2^62 on entry: the product folds below 2^62 + 2^61, the
         * value and 2 (2^61 - 1) - (a value below 2^61) keep the sum
         * below 2^64 (2^62 + 2^61 + 2^16 + 2^62), and the fold brings
         * it back below 2^61 + 8. */
        f = sgseq_fp_fold(sgseq_fp_mul(f, b) + sgseq_get(s, j) +
                          2 * SGSEQ_FP_MOD -
                          sgseq_fp_canon(sgseq_fp_mul(bl,
                                                      sgseq_get(s, j + len))));
        if (sgseq_fp_canon(f) == want && sgseq_same(s, j, m, len)) {
            return j;
        }
    }
    return SIZE_MAX;
}

/*
 * Tries to certify an ordinary period G(n + p) = G(n), n >= n0, from the
 * table G[0, N). Every theorem here asks for a run: G(i) = G(i + p) for
 * n0 <= i < N - p, with
 *   Guy-Smith (heaps split in up to c >= 2 parts):
 *     c (max(n0, 1) + p) + t <= N: the induction maps a split of n + p
 *     to one of n through its largest part, at least (n + p - k) / c, so
 *     it needs that part >= n0 + p (2 n0 + 2 p + t values for octal
 *     codes);
 *   Window (subtraction sets, and codes that never split):
 *     n0 + p + t <= N: t consecutive equal values determine all later
 *     ones.
 * Either way, with m = floor((N - t) / c) (c = 1 for the window), the
 * certificate of some p fits in N exactly when the block G[m, N) occurs
 * again at j = m - p >= 1 (>= 0 for the window): the run then covers [j,
 * N - p). So the search is complete: the last earlier copy of that block
 * gives the least such p, found whenever any certificate fits in N, and
 * it is the least period of the sequence (a certified p' is a multiple
 * of it, and the least period's run is as long). n0 is then the exact
 * start of p's run, found value by value back from j.
 */
static void
sgseq_try_certify_plain(sgseq *s)
{
    size_t n = s->len, c = 1, lo = 0, m, j, i, p;
    uint64_t n0, need;

    if (s->cert == SGSEQ_NONE || s->t >= n) {
        return;
    }
    if (s->cert == SGSEQ_GUY_SMITH && s->parts >= 2) {
        c = s->parts;
        lo = 1;
    }
    m = (n - (size_t)s->t) / c;
    if (m <= lo || n - m == 0 ||
        (j = sgseq_last_copy(s, lo, m, n - m)) == SIZE_MAX) {
        return;
    }
    p = m - j;
    for (i = j; i > 0 && sgseq_get(s, i - 1) == sgseq_get(s, i - 1 + p); i--) {
    }
    n0 = i;
    need = c >= 2 ? c * ((n0 > 0 ? n0 : 1) + (uint64_t)p) + s->t
                  : n0 + p + s->t;
    if (need <= n) {
        s->certified = 1;
        s->p = p;
        s->n0 = n0;
        s->cert_len = need;
    }
}

/*
 * Tries to certify a period from the table: the arithmetic-periodicity
 * tests first where they apply (their candidate is the least period q of
 * a window W = G[h, N) at the top of the table, its second half or, past
 * SGSEQ_WINDOW_FROM values, its last 1/SGSEQ_WINDOW: KMP border array,
 * 4 bytes a value of W, a quarter of a byte a value of the table), then
 * an ordinary period by the complete search above.
 * Scratch that cannot be allocated just postpones the attempt.
 */
void
sgseq_try_certify(sgseq *s)
{
    size_t n = s->len,
           h = n < SGSEQ_WINDOW_FROM ? n / 2 : n - n / SGSEQ_WINDOW;

    if (s->certified || !s->certify || n == s->tried) {
        return;
    }
    /* The same table gives the same answer: once at each length. */
    s->tried = n;
    if ((s->arith || s->arith3) && n < 4) {
        return;
    }
    if (s->arith) {
        sgseq_try_certify_arith(s, h);
        return;
    }
    if (s->arith3 && sgseq_try_arith3(s, h)) {
        return;
    }
    sgseq_try_certify_plain(s);
}

/*
 * 1 when the table has settled into a growth no test here can prove: a
 * code that splits heaps (the test of sgseq_arith3.c), its values from
 * *n0 up to the top, over at least 1024 values and three quarters of the
 * table, following G(n + q) = G(n) + sal with sal > 0 a saltus that test
 * refuses (sgseq_arith3_takes). The values grow,
 * so no ordinary period is in sight either: the period search stops and
 * says so rather than running to its limits.
 */
int
sgseq_unprovable_saltus(const sgseq *s, uint64_t *q, uint64_t *sal,
                        uint64_t *n0)
{
    size_t n = s->len, w;
    uint64_t p;
    int64_t d;
    if (!s->arith3 || s->certified || n < 1024) {
        return 0;
    }
    w = sgseq_window_period(s, n / 2, 1);
    if (w == 0 || w >= n / 8 ||
        (d = (int64_t)sgseq_get(s, n - 1) - (int64_t)sgseq_get(s, n - 1 - w)) <= 0) {
        return 0;
    }
    *q = w;
    *sal = (uint64_t)d;
    *n0 = sgseq_arith_start(s, w, d);
    if (*n0 > n / 4) {
        return 0;
    }
    return !sgseq_arith3_takes(s, *q, *sal, &p);
}

/* 0 when no certificate can ever hold: no theorem for the rules
 * (SGSEQ_NONE), or a repeating group (t infinite) that neither test
 * takes (unequal splits, a group too long or starting too far). Searching
 * further for a period would then only cost time. */
int
sgseq_can_certify(const sgseq *s)
{
    return s->cert != SGSEQ_NONE &&
           (s->t != UINT64_MAX || s->arith || s->arith3);
}
