/*
 * fib.c - Fibonacci take (fib, fib:R): take 1..n-1 stones first, then at
 * most R times the previous take. Outcomes and winning moves for any 64-bit
 * pile by the greedy representation in the losing sequence H
 * (docs/theory.md 4); Grundy values by closed forms where known, else from
 * a computed table.
 */
#include "family.h"
#include "intmath.h"
#include "bignum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends a string literal with one memcpy (error texts built per line). */
#define FIB_LIT(p, lit) \
    (memcpy((p), (lit), sizeof(lit) - 1), (p) + sizeof(lit) - 1)

#define FIB_R_MAX 100000u        /* largest multiplier R accepted */
#define FIB_TABLE_MAX 16384u     /* Grundy table covers piles n < this */
#define FIB_LIST_MAX (1u << 20)  /* most options listed one by one */
#define FIB_TERMS_MAX 128        /* greedy terms of a 64-bit n (<= 64) */

typedef struct fib_step {
    uint32_t k; /* from this limit on ... */
    uint32_t g; /* ... G(n, k) is this value */
} fib_step;

typedef struct fib_state {
    uint64_t r;      /* multiplier R */
    uint64_t *h;     /* losing fresh sizes H1 < H2 < ... < 2^64 */
    size_t nh;
    /* Grundy table for piles n < tab_n: G(n, .) is a non-decreasing step
     * function of the limit, steps[off[n] .. off[n+1]). */
    uint32_t tab_n;
    uint32_t *off;
    fib_step *steps;
    size_t nsteps, capsteps;
    /* Cache of the last greedy representation (fib_terms). */
    uint64_t last_n;
    size_t last_m;
    uint64_t last_t[FIB_TERMS_MAX];
} fib_state;

/* A pile: n stones, at most k (already capped at n) may be taken now. */
typedef struct fib_pile {
    uint64_t n, k;
} fib_pile;

static fib_pile
fib_pile_of(const uint64_t *v, size_t n)
{
    fib_pile p;
    p.n = v[0];
    if (n == 1) {
        /* A fresh pile: the first move may take anything but the whole. */
        p.k = p.n == 0 ? 0 : p.n - 1;
    } else {
        p.k = v[1] < p.n ? v[1] : p.n;
    }
    return p;
}

/* min(R * x, m) without overflow. */
static uint64_t
fib_limit(const fib_state *st, uint64_t x, uint64_t m)
{
    im_u128 rx = (im_u128)st->r * x;
    return rx < m ? (uint64_t)rx : m;
}

/* Bytes of memory limit that let fib_create hold every term of H below
 * 2^64 for multiplier r: its array doubles from 256 terms, asking for the
 * doubled size each time. The count is bounded from above without
 * storing a term: H(j+1) = H(j) + H(m) with R*H(m) >= H(j), so
 * H(j+1) >= H(j) + ceil(H(j)/R), and the sequence L(1) = 1,
 * L(j+1) = L(j) + ceil(L(j)/R), which grows no faster, has at least as
 * many terms below 2^64 (by induction H(j) >= L(j), x + ceil(x/R) being
 * increasing). About 33*R steps: a few milliseconds for R = 10^5. */
static uint64_t
fib_sequence_bytes(uint64_t r)
{
    uint64_t x = 1, terms = 1, cap = 256;
    while (x <= UINT64_MAX - (x / r + (x % r != 0))) {
        x += x / r + (x % r != 0);
        terms++;
    }
    while (cap < terms) {
        cap *= 2;
    }
    return cap * sizeof(uint64_t);
}

static grundy_status
fib_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    fib_state *st;
    uint64_t r = 2;
    size_t cap = 256, m = 0;
    char q[96];

    if (param != NULL) {
        int pr = util_parse_u64(param, len, &r);
        util_quote_token(q, sizeof q, param, len);
        if (pr == -1 || (pr == 0 && r == 0)) {
            return err_set(err, GRUNDY_ESPEC, -1,
                           "fib:R: the multiplier %s is not an integer "
                           ">= 1", q);
        }
        /* Past 2^64 (util_parse_u64 -2) it is too large, not "not an
         * integer". */
        if (pr == -2 || r > FIB_R_MAX) {
            return err_set(err, GRUNDY_ESPEC, -1,
                           "fib:R: the multiplier %s is larger than the "
                           "supported maximum %u", q, FIB_R_MAX);
        }
    }
    st = calloc(1, sizeof *st);
    if (st == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st->r = r;
    st->h = malloc(cap * sizeof *st->h);
    if (st->h == NULL) {
        free(st);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    /* H1 = 1, H(j+1) = H(j) + H(m) with m the least index such that
     * R*H(m) >= H(j) (docs/theory.md 4); m only moves forward. About 36*R
     * terms stay below 2^64. */
    st->h[0] = 1;
    st->nh = 1;
    for (;;) {
        uint64_t last = st->h[st->nh - 1];
        while ((im_u128)r * st->h[m] < last) {
            m++;
        }
        if (st->h[m] > UINT64_MAX - last) {
            break;
        }
        if (st->nh == cap) {
            uint64_t *nh;
            if ((cap * 2) * sizeof *st->h > game->limits->memory) {
                uint64_t need = fib_sequence_bytes(r);
                char lim[32];
                free(st->h);
                free(st);
                util_size_text(lim, sizeof lim, game->limits->memory);
                return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                                     need,
                                     "fib:%llu: the losing sequence needs "
                                     "more than the memory limit of %s",
                                     (unsigned long long)r, lim);
            }
            /* Both blocks are held while realloc copies: the old one is
             * given back after. */
            nh = limits_charge(game->limits, cap * 2 * sizeof *st->h) == 0
                     ? realloc(st->h, cap * 2 * sizeof *st->h)
                     : NULL;
            if (nh != NULL) {
                limits_release(game->limits, cap * sizeof *st->h);
            }
            if (nh == NULL) {
                free(st->h);
                free(st);
                return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            }
            st->h = nh;
            cap *= 2;
        }
        st->h[st->nh++] = last + st->h[m];
    }
    /* Only the terms stay (the footprint counts them): up to half the
     * doubled block would be held and not counted. */
    {
        uint64_t *fit = realloc(st->h, st->nh * sizeof *st->h);
        st->h = fit != NULL ? fit : st->h;
    }
    game->state = st;
    return GRUNDY_OK;
}

static size_t
fib_footprint(const grundy_game *game)
{
    const fib_state *st = game->state;
    if (st == NULL) {
        return 0;
    }
    return sizeof *st + st->nh * sizeof *st->h +
           (st->off != NULL ? ((size_t)st->tab_n + 1) * sizeof *st->off
                            : 0) +
           st->capsteps * sizeof *st->steps;
}

static void
fib_destroy(grundy_game *game)
{
    fib_state *st = game->state;
    if (st != NULL) {
        free(st->h);
        free(st->off);
        free(st->steps);
        free(st);
    }
    game->state = NULL;
}

/* Greedy representation of n >= 1 in the H terms, smallest term first;
 * returns the number of terms. Consecutive terms t, t' satisfy t' > R*t,
 * so a 64-bit n has at most 64 terms. The last answer is cached: a line
 * asks for the same pile's terms for its outcome and for its value. */
static size_t
fib_terms(fib_state *st, uint64_t n, uint64_t *t)
{
    uint64_t tmp[FIB_TERMS_MAX];
    size_t m = 0, hi = st->nh;

    if (n == st->last_n && st->last_m != 0) {
        memcpy(t, st->last_t, st->last_m * sizeof *t);
        return st->last_m;
    }
    st->last_n = n;
    if (hi <= 128) {
        /* Short sequences (R <= 3): one branch-free downward pass takes
         * every H that still fits, which is the greedy choice. */
        for (size_t i = hi; i-- > 0;) {
            uint64_t h = st->h[i];
            size_t take = h <= n;
            n -= take ? h : 0;
            tmp[m] = h;
            m += take;
        }
    }
    /* Long sequences: the largest H <= n among h[0..hi) by bisection. */
    while (n != 0 && m < FIB_TERMS_MAX) {
        size_t lo = 0, top = hi;
        while (top - lo > 1) {
            size_t mid = lo + (top - lo) / 2;
            if (st->h[mid] <= n) {
                lo = mid;
            } else {
                top = mid;
            }
        }
        tmp[m++] = st->h[lo];
        n -= st->h[lo];
        hi = lo;
    }
    for (size_t i = 0; i < m; i++) {
        t[i] = tmp[m - 1 - i];
    }
    memcpy(st->last_t, t, m * sizeof *t);
    st->last_m = m;
    return m;
}

/* Winning moves of (n, k) in normal play (docs/theory.md 4): with S_j the
 * sum of the j smallest terms, taking S_j wins iff S_j <= k and (j is the
 * last term or the next term exceeds R*S_j). Writes the takes in
 * increasing order into x and returns how many (0: the pile loses). */
static size_t
fib_winning_takes(fib_state *st, fib_pile p, uint64_t *x)
{
    uint64_t t[FIB_TERMS_MAX];
    size_t m, cnt = 0;
    uint64_t s = 0;

    if (p.n == 0 || p.k == 0) {
        return 0;
    }
    m = fib_terms(st, p.n, t);
    for (size_t j = 0; j < m; j++) {
        s += t[j];
        if (s > p.k) {
            break;
        }
        if (j + 1 == m || (im_u128)st->r * s < t[j + 1]) {
            x[cnt++] = s;
        }
    }
    return cnt;
}

/* ---- Grundy table ------------------------------------------------------ */

static uint64_t
fib_tab_get(const fib_state *st, uint64_t n, uint64_t k)
{
    uint32_t lo = st->off[n], hi = st->off[n + 1];
    /* Few steps per pile, and most lookups ask a large limit: scan down
     * from the top (faster here than a binary search). */
    while (hi > lo) {
        hi--;
        if (st->steps[hi].k <= k) {
            return st->steps[hi].g;
        }
    }
    return 0;
}

/* Steps of the whole Grundy table (piles below FIB_TABLE_MAX) for
 * multiplier r, rounded up to the step array's capacity (4096 doubled).
 * Counted by building the table for every R from 1 to 3,200, every
 * 97th R from 2,500 to 16,274, and R = 16383 (every larger R plays
 * alike below 16384 piles: R x >= n - x for every take x): R = 1 has
 * 323,929 steps, R = 2 124,319, and no other more (the counts fall as
 * R grows: below 35,000 from R = 100 on, 16,383 for R = 16383). Should
 * an R pass it, fib_table_bytes still names more than the limit
 * refused, so that a second refusal names a larger figure. */
#define FIB_TABLE_STEPS(r) ((r) == 1 ? (size_t)1 << 19 : (size_t)1 << 17)

/* A memory limit under which fib_tab_grow builds the whole table, so
 * every pile below FIB_TABLE_MAX, for multiplier r: the step array at
 * its largest beside off and the stamps (8 bytes a pile), as its check
 * counts them. ncap steps were just refused: the figure is never below
 * what that check asked for either. */
static uint64_t
fib_table_bytes(uint64_t r, size_t ncap)
{
    size_t steps = FIB_TABLE_STEPS(r) > ncap ? FIB_TABLE_STEPS(r) : ncap;
    return (uint64_t)steps * sizeof(fib_step) +
           ((uint64_t)FIB_TABLE_MAX + 1) * 8;
}

/* Extends the table to piles n < want (want <= FIB_TABLE_MAX) by
 * G(n, k) = mex{G(n-x, min(R x, n-x)) : 1 <= x <= k}, all k at once: the
 * values for growing k are running mexes of one sequence. */
static grundy_status
fib_tab_grow(grundy_game *game, uint32_t want, grundy_error *err)
{
    fib_state *st = game->state;
    uint32_t *stamp = NULL, *off;
    size_t limit = game->limits->memory;
    grundy_status rc = GRUNDY_OK;

    if (want <= st->tab_n) {
        return GRUNDY_OK;
    }
    if (limits_charge(game->limits,
                      ((size_t)want + 1) * sizeof *off +
                          ((size_t)want + 2) * sizeof *stamp) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    off = realloc(st->off, ((size_t)want + 1) * sizeof *off);
    stamp = calloc((size_t)want + 2, sizeof *stamp);
    if (off == NULL || stamp == NULL) {
        if (off != NULL) {
            st->off = off;
        }
        free(stamp);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st->off = off;
    if (st->tab_n == 0) {
        off[0] = 0;
        off[1] = 0; /* G(0, .) = 0: no steps */
        st->tab_n = 1;
    }
    for (uint32_t n = st->tab_n; n < want; n++) {
        uint32_t mex = 0;
        /* Drop the steps of a row left half done by a failed growth. */
        st->nsteps = off[n];
        for (uint32_t x = 1; x <= n; x++) {
            uint32_t m = n - x;
            /* (m, m): the whole pile may go, G is the last step's value. */
            uint64_t v = fib_limit(st, x, m) == m
                             ? (st->off[m] == st->off[m + 1]
                                    ? 0
                                    : st->steps[st->off[m + 1] - 1].g)
                             : fib_tab_get(st, m, fib_limit(st, x, m));
            stamp[v] = n;
            if (v != mex) {
                continue;
            }
            while (stamp[mex] == n) {
                mex++;
            }
            if (st->nsteps == st->capsteps) {
                size_t ncap = st->capsteps ? st->capsteps * 2 : 4096;
                fib_step *ns;
                if (ncap * sizeof *ns + ((size_t)want + 1) * 8 > limit) {
                    char lim[32];
                    util_size_text(lim, sizeof lim, limit);
                    rc = err_set_limit(err, GRUNDY_ELIMIT,
                                       GRUNDY_LIMIT_MEMORY,
                                       fib_table_bytes(st->r, ncap),
                                       "%s: the Grundy table for piles up "
                                       "to %u needs more than the memory "
                                       "limit of %s", game->label, want,
                                       lim);
                    goto out;
                }
                ns = limits_charge(game->limits, ncap * sizeof *ns) == 0
                         ? realloc(st->steps, ncap * sizeof *ns)
                         : NULL;
                if (ns != NULL) {
                    limits_release(game->limits,
                                   st->capsteps * sizeof *ns);
                }
                if (ns == NULL) {
                    rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
                    goto out;
                }
                st->steps = ns;
                st->capsteps = ncap;
            }
            st->steps[st->nsteps].k = x;
            st->steps[st->nsteps].g = mex;
            st->nsteps++;
        }
        off[n + 1] = (uint32_t)st->nsteps;
        st->tab_n = n + 1;
        if ((n & 1023) == 0) {
            limits_progress(game->limits, "fib Grundy table", n, want);
        }
    }
out:
    free(stamp);
    limits_release(game->limits, ((size_t)want + 2) * sizeof *stamp);
    return rc;
}

/* Grundy value of pile p (k already capped at n). */
static grundy_status
fib_pile_value(grundy_game *game, fib_pile p, uint64_t *sg, grundy_error *err)
{
    fib_state *st = game->state;
    uint64_t t[FIB_TERMS_MAX];
    size_t m;
    grundy_status rc;

    if (p.n == 0 || p.k == 0) {
        *sg = 0;
        return GRUNDY_OK;
    }
    m = fib_terms(st, p.n, t);
    /* G = 0 iff the pile loses iff k < z1 (docs/theory.md 4). */
    if (p.k < t[0]) {
        *sg = 0;
        return GRUNDY_OK;
    }
    if (st->r == 2) {
        /* Closed forms for G <= 3 (docs/theory.md 4, checked to n = 2500
         * and against the table in tests/test_fib.c). */
        uint64_t z2 = m > 1 ? t[1] : UINT64_MAX;
        uint64_t z3 = m > 2 ? t[2] : UINT64_MAX;
        if (t[0] == 1 && p.k < z2) {
            *sg = 1;
            return GRUNDY_OK;
        }
        if (t[0] == 2 && p.k < z2) {
            *sg = 2;
            return GRUNDY_OK;
        }
        if ((t[0] == 3 && p.k >= 3 && p.k < z2 - 1) ||
            (t[0] == 1 && z2 == 3 && p.k >= 3 && p.k < z3)) {
            *sg = 3;
            return GRUNDY_OK;
        }
    }
    if (p.n >= FIB_TABLE_MAX) {
        /* Built without printf: a stream of single huge piles asks for
         * (and drops) this message on every line. */
        if (err != NULL) {
            char *e = err->message;
            e = FIB_LIT(e, "fib: the Grundy value of pile ");
            e = put_u64(e, p.n);
            e = FIB_LIT(e, ",");
            e = put_u64(e, p.k);
            e = FIB_LIT(e, " has no closed form and the computed table "
                           "stops at piles below ");
            e = put_u64(e, FIB_TABLE_MAX);
            e = FIB_LIT(e, " (its cost grows with the square of n); only "
                           "a pile alone can be solved");
            *e = '\0';
            err->column = -1;
            err->limit = GRUNDY_LIMIT_NONE;
            err->needed = 0;
        }
        return GRUNDY_ELIMIT;
    }
    if (p.n >= st->tab_n) {
        /* The table grows incrementally: extend it just past n. */
        uint64_t want = (p.n + 1024) & ~(uint64_t)1023;
        if (want > FIB_TABLE_MAX) {
            want = FIB_TABLE_MAX;
        }
        rc = fib_tab_grow(game, (uint32_t)want, err);
        if (rc != GRUNDY_OK) {
            return rc;
        }
    }
    *sg = fib_tab_get(st, p.n, p.k);
    return GRUNDY_OK;
}

static grundy_status
fib_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
          grundy_error *err)
{
    return fib_pile_value(game, fib_pile_of(v, n), sg, err);
}

/* Emits the move taking x from pile p (component c). */
static int
fib_emit(const fib_state *st, move_sink *sink, const component *c,
         fib_pile p, uint64_t x)
{
    char buf[160], *e;
    size_t arity = 2;
    uint64_t vals[2];

    vals[0] = p.n - x;
    vals[1] = fib_limit(st, x, vals[0]);
    e = put_str(buf, "take ");
    e = put_u64(e, x);
    e = put_str(e, " from pile ");
    e = put_u64(e, c->index);
    e = put_str(e, " (");
    e = put_u64(e, p.n);
    e = put_str(e, " -> ");
    e = put_u64(e, vals[0]);
    e = put_str(e, ")");
    *e = '\0';
    return move_emit(sink, c, vals[0] == 0 ? 0 : 1, &arity, vals, buf);
}

/* Emits each take in x[0..cnt); maps the sink's answer to a status. */
static grundy_status
fib_emit_takes(const fib_state *st, move_sink *sink, const component *c,
               fib_pile p, const uint64_t *x, size_t cnt, grundy_error *err)
{
    for (size_t i = 0; i < cnt; i++) {
        int r = fib_emit(st, sink, c, p, x[i]);
        if (r < 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (r > 0) {
            break;
        }
    }
    return GRUNDY_OK;
}

static grundy_status
fib_options(grundy_game *game, const component *c, uint64_t want,
            move_sink *sink, grundy_error *err)
{
    fib_state *st = game->state;
    fib_pile p = fib_pile_of(c->v, c->n);
    uint64_t x[FIB_TERMS_MAX];

    if (want == 0) {
        /* The options of value 0 are the winning takes. */
        size_t cnt = fib_winning_takes(st, p, x);
        return fib_emit_takes(st, sink, c, p, x, cnt, err);
    }
    if (p.k > FIB_LIST_MAX) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "fib: pile %zu (%llu,%llu) has more than %u "
                       "options; they are listed only up to that many",
                       c->index, (unsigned long long)p.n,
                       (unsigned long long)p.k, FIB_LIST_MAX);
    }
    for (uint64_t t = 1; t <= p.k; t++) {
        fib_pile o;
        uint64_t g;
        grundy_status rc;
        int r;

        o.n = p.n - t;
        o.k = fib_limit(st, t, o.n);
        if (want != GRUNDY_ANY_VALUE) {
            rc = fib_pile_value(game, o, &g, err);
            if (rc != GRUNDY_OK) {
                return rc;
            }
            if (g != want) {
                continue;
            }
        }
        r = fib_emit(st, sink, c, p, t);
        if (r < 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (r > 0) {
            break;
        }
    }
    return GRUNDY_OK;
}

static grundy_status
fib_solve_alone(grundy_game *game, const component *c, int misere,
                move_sink *sink, int *win, grundy_error *err)
{
    fib_state *st = game->state;
    fib_pile p = fib_pile_of(c->v, c->n);
    uint64_t x[FIB_TERMS_MAX];
    size_t cnt;

    if (!misere) {
        cnt = fib_winning_takes(st, p, x);
        *win = cnt != 0;
        return fib_emit_takes(st, sink, c, p, x, cnt, err);
    }
    /* Misere (docs/theory.md 7): a player with no move wins; (1, k >= 1) loses
     * (the only move takes the last stone). For n >= 2 and k >= 1, taking
     * the last stone never wins, and every other take x maps misere
     * (n, k) to normal (n - 1, k) move for move ((1, .) <-> (0, .)), so
     * the winning takes are those of the normal pile (n - 1, min(k, n-1)). */
    if (p.k == 0) {
        *win = 1;
        return GRUNDY_OK;
    }
    if (p.n == 1) {
        *win = 0;
        return GRUNDY_OK;
    }
    {
        fib_pile q;
        q.n = p.n - 1;
        q.k = p.k < q.n ? p.k : q.n;
        cnt = fib_winning_takes(st, q, x);
    }
    *win = cnt != 0;
    return fib_emit_takes(st, sink, c, p, x, cnt, err);
}

/* ---- piles beyond 64 bits --------------------------------------------- */

/* The losing sequence H up to a big pile, exact: every term is kept (the
 * greedy representation walks it downwards), so its memory is about the
 * pile's length times the number of terms, checked against --memory. */
typedef struct fib_big {
    bignum **h;
    size_t nh, cap;
} fib_big;

static void
fib_big_free(fib_big *b)
{
    for (size_t i = 0; i < b->nh; i++) {
        bignum_free(b->h[i]);
    }
    free(b->h);
}

/* Bytes one term costs besides its limbs: its struct's and its limbs'
 * allocator headers, its slot in the sequence and in fib_big_takes'
 * terms. */
#define FIB_BIG_TERM_EXTRA (4 * sizeof(void *) + 2 * sizeof(size_t))

/* The memory the whole sequence up to a pile of nbits bits needs, from
 * the bytes its first nh terms took (held) and their growth: terms grow
 * by about the same number of bits each, so the rest is the count of
 * terms left times their mean size, plus an eighth for the estimate. */
static double
fib_big_estimate(const fib_big *b, size_t held, size_t nbits)
{
    size_t k = b->nh, mid = k / 2;
    size_t top = bignum_bits(b->h[k - 1]);
    size_t low = bignum_bits(b->h[mid]);
    double grow = k - 1 > mid && top > low
                      ? (double)(top - low) / (double)(k - 1 - mid)
                      : 1.0;
    double left = top < nbits ? (double)(nbits + 1 - top) / grow + 1 : 1;
    double mean = ((double)top + (double)nbits) / 2 / 8 +
                  (double)(sizeof(bignum *) * 3) + FIB_BIG_TERM_EXTRA;
    return ((double)held + left * mean) * 9 / 8;
}

/* H1 < H2 < ... up to the first term above n (fib_create's recurrence,
 * on exact numbers). Every byte held counts against --memory: the terms
 * (each trimmed to its value), the arrays of them and fib_big_takes'
 * scratch (four numbers the size of n). GRUNDY_ELIMIT when that would
 * pass the memory limit, naming about what the whole sequence needs. */
static grundy_status
fib_big_sequence(grundy_game *game, const bignum *n, fib_big *b,
                 grundy_error *err)
{
    const fib_state *st = game->state;
    size_t m = 0, terms = 0, limit = game->limits->memory, charged = 0;
    size_t nbits = bignum_bits(n);
    size_t scratch = 4 * (nbits / 8 + 2 * sizeof(uint64_t) + 64);
    bignum *rh = bignum_new();
    grundy_status rc = GRUNDY_OK;
    memset(b, 0, sizeof *b);
    for (;;) {
        size_t held;
        bignum *next = bignum_new();
        if (next == NULL || rh == NULL ||
            util_grow_array((void **)&b->h, &b->cap, b->nh + 1,
                            sizeof *b->h) != 0) {
            bignum_free(next);
            rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        b->h[b->nh++] = next;
        if (b->nh == 1) {
            rc = bignum_set_u64(next, 1) != 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
        } else {
            const bignum *last = b->h[b->nh - 2];
            /* m: the least index with R * H(m) >= the last term. */
            for (;;) {
                if (bignum_mul_u64(rh, b->h[m], st->r) != 0) {
                    rc = GRUNDY_ENOMEM;
                    break;
                }
                if (bignum_cmp(rh, last) >= 0) {
                    break;
                }
                m++;
            }
            if (rc == GRUNDY_OK && bignum_add(next, last, b->h[m]) != 0) {
                rc = GRUNDY_ENOMEM;
            }
        }
        if (rc != GRUNDY_OK) {
            rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        bignum_fit(next);
        terms += bignum_bytes(next) + FIB_BIG_TERM_EXTRA;
        held = scratch + terms + b->cap * (sizeof *b->h + sizeof(size_t));
        if (held > limit) {
            char lim[32], need[32];
            double est = fib_big_estimate(b, held, nbits);
            /* --memory takes at most 128T (the address space). */
            uint64_t needed = est < 0x1p47 ? (uint64_t)est + 1 : 0;
            util_size_text(lim, sizeof lim, limit);
            if (needed == 0) {
                rc = err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_NONE, 0,
                                   "%s: the losing sequence up to a pile of "
                                   "%zu digits needs more than 128 TiB (the "
                                   "address space), more than any memory "
                                   "limit", game->label,
                                   bignum_dec_size(n));
                break;
            }
            if (needed <= limit) {
                needed = (uint64_t)limit + limit / 8 + 1;
            }
            /* Rounded up to whole KiB, or MiB from 1 MiB on: an
             * estimate worded as one. */
            {
                uint64_t unit = needed >= (1u << 20) ? 1u << 20 : 1u << 10;
                needed = (needed + unit - 1) / unit * unit;
            }
            util_size_text(need, sizeof need, (size_t)needed);
            rc = err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                               needed,
                               "%s: the losing sequence up to a pile of "
                               "%zu digits needs about %s, more than the "
                               "memory limit of %s", game->label,
                               bignum_dec_size(n), need, lim);
            break;
        }
        /* What is held, counted for the other threads' room. */
        if (held > charged) {
            if (limits_charge(game->limits, held - charged) != 0) {
                rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
                break;
            }
            charged = held;
        }
        if (bignum_cmp(next, n) > 0) {
            break;
        }
    }
    bignum_free(rh);
    return rc;
}

/* Emits the take x from big pile c (n stones): leaves (n - x, min(R x,
 * n - x)), or nothing, in fib_emit's words. */
static int
fib_big_emit(const fib_state *st, move_sink *sink, const big_component *c,
             const bignum *x)
{
    bignum *left = bignum_new(), *lim = bignum_new();
    bignum *vals[2] = {left, lim};
    size_t arity = 2;
    strbuf e = {0};
    int r = -1;
    if (left != NULL && lim != NULL && bignum_sub(left, c->v[0], x) == 0 &&
        bignum_mul_u64(lim, x, st->r) == 0 &&
        (bignum_cmp(lim, left) <= 0 || bignum_copy(lim, left) == 0)) {
        util_sb_put(&e, "take ");
        util_sb_put_big(&e, x);
        util_sb_put(&e, " from pile ");
        util_sb_put_u64(&e, c->index);
        util_sb_put(&e, " (");
        util_sb_put_big(&e, c->v[0]);
        util_sb_put(&e, " -> ");
        util_sb_put_big(&e, left);
        util_sb_put(&e, ")");
        if (!e.oom) {
            r = move_emit_big(sink, c, bignum_is_zero(left) ? 0 : 1, &arity,
                              vals, e.s);
        }
    }
    bignum_free(left);
    bignum_free(lim);
    free(e.s);
    return r;
}

/* The winning takes of pile (n, k) in normal play (fib_winning_takes):
 * the partial sums S_j of the greedy terms, smallest first, with S_j <= k
 * and the next term above R S_j. Emits them; *win says if any. */
static grundy_status
fib_big_takes(grundy_game *game, const big_component *c, const bignum *n,
              const bignum *k, move_sink *sink, int *win, grundy_error *err)
{
    const fib_state *st = game->state;
    fib_big b = {NULL, 0, 0};
    size_t nt = 0, *terms = NULL;
    bignum *rest = bignum_new(), *sum = bignum_new(), *rs = bignum_new();
    grundy_status rc = rest == NULL || sum == NULL || rs == NULL
                           ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                           : fib_big_sequence(game, n, &b, err);
    *win = 0;
    if (rc == GRUNDY_OK &&
        ((terms = malloc(b.nh * sizeof *terms)) == NULL ||
         bignum_copy(rest, n) != 0)) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    /* Greedy, largest first: the largest H not above what is left. */
    for (size_t i = b.nh; rc == GRUNDY_OK && i-- > 0 && !bignum_is_zero(rest);) {
        if (bignum_cmp(b.h[i], rest) <= 0) {
            terms[nt++] = i;
            if (bignum_sub(rest, rest, b.h[i]) != 0) {
                rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            }
        }
    }
    if (rc == GRUNDY_OK && bignum_set_u64(sum, 0) != 0) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t j = nt; rc == GRUNDY_OK && j-- > 0;) {
        int r = 0;
        if (bignum_add(sum, sum, b.h[terms[j]]) != 0 ||
            bignum_mul_u64(rs, sum, st->r) != 0) {
            rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        if (bignum_cmp(sum, k) > 0) {
            break;
        }
        if (j == 0 || bignum_cmp(rs, b.h[terms[j - 1]]) < 0) {
            *win = 1;
            r = fib_big_emit(st, sink, c, sum);
        }
        if (r < 0) {
            rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (r != 0) {
            break;
        }
    }
    free(terms);
    bignum_free(rest);
    bignum_free(sum);
    bignum_free(rs);
    fib_big_free(&b);
    return rc;
}

/* fib_solve_alone for a big pile: normal play from the greedy terms;
 * misere as the normal pile (n - 1, min(k, n - 1)) (docs/theory.md 7;
 * a big pile has n >= 2 and k >= 1 unless k was given as 0). */
static grundy_status
fib_big_solve_alone(grundy_game *game, const big_component *c, int misere,
                    move_sink *sink, int *win, grundy_error *err)
{
    bignum *n = bignum_new(), *k = bignum_new(), *one = bignum_new();
    grundy_status rc = GRUNDY_OK;
    int ok = n != NULL && k != NULL && one != NULL &&
             bignum_copy(n, c->v[0]) == 0 && bignum_set_u64(one, 1) == 0;
    /* k: n - 1 for a fresh pile (n is big), else the limit capped at n. */
    if (ok && c->n == 1) {
        ok = bignum_sub(k, n, one) == 0;
    } else if (ok) {
        ok = bignum_copy(k, bignum_cmp(c->v[1], n) < 0 ? c->v[1] : n) == 0;
    }
    if (!ok) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    } else if (bignum_is_zero(k)) {
        *win = misere;   /* no move: normal play loses, misere wins */
    } else if (misere && bignum_cmp_u64(n, 1) == 0) {
        *win = 0;        /* the only move takes the last stone */
    } else if (misere && (bignum_sub(n, n, one) != 0 ||
                          (bignum_cmp(k, n) > 0 && bignum_copy(k, n) != 0))) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    } else {
        rc = fib_big_takes(game, c, n, k, sink, win, err);
    }
    bignum_free(n);
    bignum_free(k);
    bignum_free(one);
    return rc;
}

static const family_big fib_big_ops = {
    .solve_alone = fib_big_solve_alone,
};

const family fib_family = {
    .name = "fib",
    .info = {"fib, fib:R",
             "first take 1..n-1 stones, then at most R times the "
             "previous take (R = 2; R <= 100000); n,k: n left, at most k "
             "now",
             "pile n or n,k"},
    .unit = "pile",
    /* Its table (piles below FIB_TABLE_MAX) is small: copies per thread
     * cost little. */
    .flags = FAMILY_CLOSED_FORM,
    .min_numbers = 1,
    .max_numbers = 2,
    .arity_text = "a pile is 'n' (fresh) or 'n,k' (n left, at most k may "
                  "be taken)",
    .param = FAMILY_PARAM_OPTIONAL,
    .create = fib_create,
    .destroy = fib_destroy,
    .value = fib_value,
    .options = fib_options,
    .solve_alone = fib_solve_alone,
    .footprint = fib_footprint,
    .big = &fib_big_ops,
};
