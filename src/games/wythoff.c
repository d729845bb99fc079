/*
 * wythoff.c - Wythoff's game: two piles, take any number from one pile or
 * the same number from both. Outcomes and every winning move for pairs of
 * any size (written once over nat.h) by the Beatty pairs (floor(j phi),
 * floor(j phi) + j), integers only;
 * Grundy values from a table and, for small rows, a periodicity certificate.
 */
#include "family.h"
#include "bignum.h"
#include "nat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends a string literal with one memcpy (error texts built per line). */
#define WY_LIT(p, lit) \
    (memcpy((p), (lit), sizeof(lit) - 1), (p) + sizeof(lit) - 1)

#define WY_CERT_ROWS_MAX 32u       /* rows certified for any column */
#define WY_CERT_COLS_MAX (1u << 22) /* columns searched for a certificate */
#define WY_TABLE_WORK ((uint64_t)1 << 27) /* cell-steps of a plain table */
#define WY_LIST_MAX (1u << 20)     /* most options listed one by one */

/*
 * Grundy values G(r, b) for rows r < rows and columns b < cols, computed
 * column by column. When `cert` is set, the state of rows 0..rows-1 before
 * column b0 + p equals the state before b0 shifted by p, so
 * G(r, b + p) = G(r, b) + p for every b >= b0 and r < rows.
 */
typedef struct wy_block {
    uint32_t rows, cols;
    uint32_t *g;      /* g[b * rows + r] */
    int cert;
    uint64_t p, b0;
} wy_block;

typedef struct wy_state {
    wy_block small;   /* few rows, run until certified */
    wy_block big;     /* many rows, as many columns as asked */
    uint64_t spent;   /* cell-steps spent building big so far */
} wy_state;

/* ---- outcome and winning moves, piles of any size ---------------------- */

/* Most decimal digits of a pile answered exactly: the integer square
 * root of floor(k phi) is quadratic in the length (about a second at
 * this size); beyond, the answer would take minutes, so it is refused,
 * naming this limit. */
#define WY_BIG_DIGITS 30000u

/* A pair being answered, its piles as numbers of any size (nat.h: held
 * in 128 bits while they fit, so 64-bit piles never allocate), and the
 * component its moves are emitted for: c for 64-bit piles, else bc. The
 * mathematics below is written once for both. */
typedef struct wy_pair {
    nat a, b;
    const component *c;
    const big_component *bc;
} wy_pair;

/* Target pairs of winning moves: at most three in normal play, six in
 * misere play (docs/theory.md 5, 7). Slots are made as they are reached
 * (no clearing of the whole array: a stream answers a pair per line). */
typedef struct wy_targets {
    nat t[6][2];
    size_t n;      /* targets kept */
    size_t made;   /* slots made, given back by wy_targets_free */
} wy_targets;

/* The slot of the next target, made 0 when first reached. */
static nat *
wy_slot(wy_targets *ts)
{
    nat *t = ts->t[ts->n];
    if (ts->made == ts->n) {
        nat zero = NAT_ZERO;
        t[0] = zero;
        t[1] = zero;
        ts->made++;
    }
    return t;
}

static void
wy_targets_free(wy_targets *ts)
{
    for (size_t i = 0; i < ts->made; i++) {
        nat_free(&ts->t[i][0]);
        nat_free(&ts->t[i][1]);
    }
}

/* 1 when (a, b) is a normal-play P-position: with lo <= hi,
 * lo == floor((hi - lo) * phi) (Wythoff 1907); -1 when out of memory. */
static int
wy_normal_lose(const nat *a, const nat *b)
{
    const nat *lo = nat_cmp(a, b) <= 0 ? a : b, *hi = lo == a ? b : a;
    nat f = NAT_ZERO;
    int r = nat_sub(&f, hi, lo) != 0 || nat_floor_phi(&f, &f) != 0
                ? -1
                : nat_cmp(&f, lo) == 0;
    nat_free(&f);
    return r;
}

/* r = the partner of x in its P-pair (docs/theory.md 5): with
 * j = floor((x+1)/phi), either x = floor(j phi) is the lower value of pair
 * j (partner x + j), or x is an upper value whose partner is x - i with
 * i = 2(x+1) - floor((x+1) phi) - 1 = x - j, since
 * floor((x+1) phi) = x + 1 + j; so the partner is j. */
static int
wy_partner(nat *r, const nat *x)
{
    nat j = NAT_ZERO, f = NAT_ZERO;
    int rc = nat_add_u64(&j, x, 1) != 0 || nat_floor_inv_phi(&j, &j) != 0 ||
                     nat_floor_phi(&f, &j) != 0 ||
                     (nat_cmp(&f, x) == 0 ? nat_add(r, x, &j)
                                          : nat_copy(r, &j)) != 0
                 ? -1
                 : 0;
    nat_free(&j);
    nat_free(&f);
    return rc;
}

/* The misere P-positions (docs/theory.md 7): the normal ones with (0,0),
 * (1,2), (2,1) replaced by (0,1), (1,0), (2,2). 1, 0, or -1 when out of
 * memory. */
static int
wy_misere_lose(const nat *a, const nat *b)
{
    uint64_t x, y;
    if (nat_to_u64(a, &x) && nat_to_u64(b, &y)) {
        if ((x == 0 && y == 1) || (x == 1 && y == 0) || (x == 2 && y == 2)) {
            return 1;
        }
        if ((x == 0 && y == 0) || (x == 1 && y == 2) || (x == 2 && y == 1)) {
            return 0;
        }
    }
    return wy_normal_lose(a, b);
}

/* Emits the move (a, b) -> (na, nb) of pair c: 64-bit piles (the words
 * built on the stack: a stream of pairs allocates nothing per line). */
static int
wy_emit(move_sink *sink, const component *c, uint64_t a, uint64_t b,
        uint64_t na, uint64_t nb)
{
    char buf[240], *e;
    size_t arity = 2;
    uint64_t vals[2];

    vals[0] = na;
    vals[1] = nb;
    e = put_str(buf, "take ");
    if (na != a && nb != b) {
        e = put_u64(e, a - na);
        e = put_str(e, " from both piles of pair ");
    } else {
        e = put_u64(e, na != a ? a - na : b - nb);
        e = put_str(e, na != a ? " from pile 1 of pair "
                               : " from pile 2 of pair ");
    }
    e = put_u64(e, c->index);
    e = put_str(e, " (");
    e = put_u64(e, a);
    e = put_str(e, ",");
    e = put_u64(e, b);
    e = put_str(e, " -> ");
    e = put_u64(e, na);
    e = put_str(e, ",");
    e = put_u64(e, nb);
    e = put_str(e, ")");
    *e = '\0';
    return move_emit(sink, c, 1, &arity, vals, buf);
}

/* wy_emit's words for piles beyond 64 bits, in a growing string. */
static int
wy_emit_big(move_sink *sink, const wy_pair *p, const nat *na, const nat *nb)
{
    int both = nat_cmp(na, &p->a) != 0 && nat_cmp(nb, &p->b) != 0, r = -1;
    int first = nat_cmp(na, &p->a) != 0;
    bignum *vals[2] = {bignum_new(), bignum_new()};
    size_t arity = 2;
    strbuf e = {0};
    nat k = NAT_ZERO;
    if (vals[0] != NULL && vals[1] != NULL && nat_to_big(vals[0], na) == 0 &&
        nat_to_big(vals[1], nb) == 0 &&
        nat_sub(&k, first ? &p->a : &p->b, first ? na : nb) == 0) {
        util_sb_put(&e, "take ");
        nat_put(&e, &k);
        util_sb_put(&e, both    ? " from both piles of pair "
                        : first ? " from pile 1 of pair "
                                : " from pile 2 of pair ");
        util_sb_put_u64(&e, p->bc->index);
        util_sb_put(&e, " (");
        nat_put(&e, &p->a);
        util_sb_put(&e, ",");
        nat_put(&e, &p->b);
        util_sb_put(&e, " -> ");
        nat_put(&e, na);
        util_sb_put(&e, ",");
        nat_put(&e, nb);
        util_sb_put(&e, ")");
        r = e.oom ? -1 : move_emit_big(sink, p->bc, 1, &arity, vals, e.s);
    }
    free(e.s);
    nat_free(&k);
    bignum_free(vals[0]);
    bignum_free(vals[1]);
    return r;
}

/* Emits the first n targets (a move each), until the sink says stop. */
static grundy_status
wy_emit_targets(move_sink *sink, const wy_pair *p, const wy_targets *ts,
                size_t n, grundy_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const nat *na = &ts->t[i][0], *nb = &ts->t[i][1];
        uint64_t a, b, x, y;
        int r;
        if (p->c != NULL && nat_to_u64(&p->a, &a) && nat_to_u64(&p->b, &b) &&
            nat_to_u64(na, &x) && nat_to_u64(nb, &y)) {
            r = wy_emit(sink, p->c, a, b, x, y);
        } else {
            r = wy_emit_big(sink, p, na, nb);
        }
        if (r < 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (r > 0) {
            break;
        }
    }
    return GRUNDY_OK;
}

/* Appends the target (a - k, b - k) to ts. */
static int
wy_add_diagonal(wy_targets *ts, const wy_pair *p, const nat *k)
{
    nat *t = wy_slot(ts);
    ts->n++;
    return nat_sub(&t[0], &p->a, k) != 0 || nat_sub(&t[1], &p->b, k) != 0
               ? -1
               : 0;
}

/* Appends (x, the partner of x) in the order of the piles (pile 1 when
 * first) when the partner is below the other pile. */
static int
wy_add_partner(wy_targets *ts, const nat *x, const nat *other, int first)
{
    nat *t = wy_slot(ts);
    if (nat_copy(&t[first ? 0 : 1], x) != 0 ||
        wy_partner(&t[first ? 1 : 0], x) != 0) {
        return -1;
    }
    ts->n += nat_cmp(&t[first ? 1 : 0], other) < 0;
    return 0;
}

/* Collects the normal-play winning moves of (a, b) (at most three,
 * docs/theory.md 5) as target pairs: reduce b to the partner of a, reduce
 * a to the partner of b, or take the same from both down to the pair with
 * difference d. With `one`, stops after the first found (cheapest
 * first). 1 when (a, b) is itself a P-position (Wythoff 1907: lo =
 * floor(d phi); it has none), -1 when out of memory. */
static int
wy_normal_targets(const wy_pair *p, int one, wy_targets *ts)
{
    const nat *lo = nat_cmp(&p->a, &p->b) <= 0 ? &p->a : &p->b;
    const nat *hi = lo == &p->a ? &p->b : &p->a;
    nat k = NAT_ZERO;
    int diag, rc = -1;

    ts->n = 0;
    if (nat_sub(&k, hi, lo) != 0 || nat_floor_phi(&k, &k) != 0) {
        goto out;
    }
    /* The diagonal move takes k = lo - floor(d phi) from both piles,
     * down to the P-pair of difference d (when floor(d phi) < lo). */
    diag = nat_cmp(&k, lo);
    if (diag == 0) {
        rc = 1;   /* a P-position: no move to another */
        goto out;
    }
    diag = diag < 0;
    if (diag && nat_sub(&k, lo, &k) != 0) {
        goto out;
    }
    if (one && diag) {
        rc = wy_add_diagonal(ts, p, &k);
        goto out;
    }
    if (wy_add_partner(ts, &p->a, &p->b, 1) != 0 ||
        (!(one && ts->n > 0) && wy_add_partner(ts, &p->b, &p->a, 0) != 0)) {
        goto out;
    }
    rc = !(one && ts->n > 0) && diag ? wy_add_diagonal(ts, p, &k) : 0;
out:
    nat_free(&k);
    return rc;
}

/* 1 when (a, b) -> (x, y) is a move: one pile lowered, or both by the
 * same amount. */
static int
wy_reachable(const wy_pair *p, uint64_t x, uint64_t y)
{
    nat na = NAT_ZERO, nb = NAT_ZERO, da = NAT_ZERO, db = NAT_ZERO;
    int sa, sb, r;
    nat_set_u64(&na, x);
    nat_set_u64(&nb, y);
    sa = nat_cmp(&na, &p->a);
    sb = nat_cmp(&nb, &p->b);
    if ((sa == 0 && sb < 0) || (sb == 0 && sa < 0)) {
        return 1;
    }
    r = sa < 0 && sb < 0 && nat_sub(&da, &p->a, &na) == 0 &&
        nat_sub(&db, &p->b, &nb) == 0 && nat_cmp(&da, &db) == 0;
    nat_free(&da);
    nat_free(&db);
    return r;
}

/* 0 when no target (x, y) with x, y <= 2 can be reached: lowering one
 * pile leaves the other, so one pile is at most 2; lowering both alike
 * keeps |a - b| = |x - y| <= 1. */
static int
wy_near_small(const wy_pair *p)
{
    const nat *lo = nat_cmp(&p->a, &p->b) <= 0 ? &p->a : &p->b;
    const nat *hi = lo == &p->a ? &p->b : &p->a;
    nat d = NAT_ZERO;
    uint64_t v;
    int near;
    if (nat_to_u64(lo, &v) && v <= 2) {
        return 1;
    }
    near = nat_sub(&d, hi, lo) != 0 || (nat_to_u64(&d, &v) && v <= 1);
    nat_free(&d);
    return near;
}

/* The winning moves of a pair in misere play: the normal ones except the
 * three replaced targets, plus the three new targets where reachable
 * (docs/theory.md 7). */
static int
wy_misere_targets(const wy_pair *p, wy_targets *ts)
{
    static const uint64_t added[3][2] = {{0, 1}, {1, 0}, {2, 2}};
    size_t n = 0;
    int rc = wy_normal_targets(p, 0, ts) < 0 ? -1 : 0;   /* 1: none */

    /* A normal target is a normal P-position: lost in misere play too
     * unless it is one of the three replaced ones. Kept in place (a swap
     * moves a slot's room with it). */
    for (size_t i = 0; rc == 0 && i < ts->n; i++) {
        uint64_t x, y;
        if (!(nat_to_u64(&ts->t[i][0], &x) && nat_to_u64(&ts->t[i][1], &y) &&
              ((x == 0 && y == 0) || (x == 1 && y == 2) ||
               (x == 2 && y == 1)))) {
            for (int k = 0; k < 2 && i != n; k++) {
                nat keep = ts->t[n][k];
                ts->t[n][k] = ts->t[i][k];
                ts->t[i][k] = keep;
            }
            n++;
        }
    }
    ts->n = n;
    if (rc == 0 && !wy_near_small(p)) {
        return 0;
    }
    for (size_t i = 0; rc == 0 && i < 3; i++) {
        if (wy_reachable(p, added[i][0], added[i][1])) {
            nat *t = wy_slot(ts);
            nat_set_u64(&t[0], added[i][0]);
            nat_set_u64(&t[1], added[i][1]);
            ts->n++;
        }
    }
    return rc;
}

/* The outcome of a lone pair and its winning moves, for piles of any
 * size. */
static grundy_status
wy_solve_pair(const wy_pair *p, int misere, move_sink *sink, int *win,
              grundy_error *err)
{
    wy_targets ts;
    int one = !move_sink_wants_all(sink), lose, rc;
    uint64_t x, y;
    grundy_status st = GRUNDY_OK;

    if (misere && nat_to_u64(&p->a, &x) && nat_to_u64(&p->b, &y) &&
        x == 0 && y == 0) {
        *win = 1; /* no move: the previous player moved last */
        return GRUNDY_OK;
    }
    ts.n = ts.made = 0;
    if (misere) {
        lose = wy_misere_lose(&p->a, &p->b);
        rc = lose != 0 ? lose : wy_misere_targets(p, &ts);
    } else {
        /* One floor(d phi) decides the outcome and the first move. */
        rc = wy_normal_targets(p, one, &ts);
        lose = rc;
    }
    *win = !lose;
    if (rc < 0) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    } else if (!lose) {
        st = wy_emit_targets(sink, p, &ts, one && ts.n > 0 ? 1 : ts.n, err);
    }
    wy_targets_free(&ts);
    return st;
}

static grundy_status
wy_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    wy_pair p = {NAT_ZERO, NAT_ZERO, c, NULL};
    (void)game;
    nat_set_u64(&p.a, c->v[0]);
    nat_set_u64(&p.b, c->v[1]);
    return wy_solve_pair(&p, misere, sink, win, err);
}

static grundy_status
wy_big_solve_alone(grundy_game *game, const big_component *c, int misere,
                   move_sink *sink, int *win, grundy_error *err)
{
    wy_pair p = {NAT_ZERO, NAT_ZERO, NULL, c};
    grundy_status st;
    (void)game;
    for (int i = 0; i < 2; i++) {
        if (bignum_dec_size(c->v[i]) > WY_BIG_DIGITS) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "Wythoff piles of more than %u digits are not "
                           "answered: the exact square root of 5k^2 they "
                           "need grows with the square of the length",
                           WY_BIG_DIGITS);
        }
    }
    if (nat_set_big(&p.a, c->v[0]) != 0 || nat_set_big(&p.b, c->v[1]) != 0) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    } else {
        st = wy_solve_pair(&p, misere, sink, win, err);
    }
    nat_free(&p.a);
    nat_free(&p.b);
    return st;
}

/* ---- Grundy values ----------------------------------------------------- */

static void
wy_block_free(wy_block *blk)
{
    free(blk->g);
    memset(blk, 0, sizeof *blk);
}

/* State hashing and comparison for the certificate. The state before
 * column b is, for each row r: the lowest value L_r not yet in the row,
 * the row's values above it, and the values of the previous rows-1
 * columns (the diagonal moves look back that far), all relative to b. */
typedef struct wy_build {
    uint32_t rows, cols;
    size_t words;       /* bitmap words per row */
    uint32_t *g;        /* g[b * rows + r] */
    uint64_t *pres;     /* pres[r * words ...]: values present in row r */
    uint64_t *low;      /* L_r */
    uint32_t *lh;       /* lh[b * rows + r]: L_r before column b */
    uint64_t *stamp;    /* per value: id of the cell that excluded it */
    uint64_t stamp_id;
    uint64_t *ht_key;   /* open-addressing table: state hash ... */
    uint32_t *ht_col;   /* ... -> column + 1 (0: empty) */
    size_t ht_mask;
} wy_build;

static int
wy_bit(const wy_build *w, uint32_t r, uint64_t v)
{
    return (int)((w->pres[r * w->words + v / 64] >> (v % 64)) & 1);
}

static uint64_t
wy_mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

static uint64_t
wy_state_hash(const wy_build *w, uint32_t b)
{
    uint64_t h = 0;
    for (uint32_t r = 0; r < w->rows; r++) {
        uint64_t top = (uint64_t)b + 2 * r; /* values stay below b + 2r */
        h = wy_mix(h, w->low[r] - b);
        for (uint64_t v = w->low[r]; v < top; v++) {
            if (wy_bit(w, r, v)) {
                h = wy_mix(h, v - w->low[r]);
            }
        }
    }
    for (uint32_t t = 1; t < w->rows; t++) {
        for (uint32_t r = 0; r < w->rows; r++) {
            h = wy_mix(h, w->g[(size_t)(b - t) * w->rows + r] - (uint64_t)b);
        }
    }
    return h;
}

/* Exact comparison of the states before columns b1 < b2 (b2 is the
 * current column, so pres holds the rows' values before b2; the values
 * before b1 are those minus the ones of columns b1..b2-1). */
static int
wy_state_equal(wy_build *w, uint32_t b1, uint32_t b2)
{
    uint64_t p = b2 - b1;
    for (uint32_t t = 1; t < w->rows; t++) {
        for (uint32_t r = 0; r < w->rows; r++) {
            if (w->g[(size_t)(b2 - t) * w->rows + r] !=
                w->g[(size_t)(b1 - t) * w->rows + r] + p) {
                return 0;
            }
        }
    }
    for (uint32_t r = 0; r < w->rows; r++) {
        uint64_t l1 = w->lh[(size_t)b1 * w->rows + r];
        uint64_t id = ++w->stamp_id;
        if (w->low[r] != l1 + p) {
            return 0;
        }
        for (uint32_t c = b1; c < b2; c++) {
            w->stamp[w->g[(size_t)c * w->rows + r]] = id;
        }
        for (uint64_t v = l1; v < (uint64_t)b1 + 2 * r; v++) {
            int in1 = wy_bit(w, r, v) && w->stamp[v] != id;
            if (in1 != wy_bit(w, r, v + p)) {
                return 0;
            }
        }
    }
    return 1;
}

/* Computes blk afresh for `rows` rows and up to `cols` columns; with
 * want_cert, stops at the first certified repetition. */
static grundy_status
wy_compute(grundy_game *game, wy_block *blk, uint32_t rows, uint32_t cols,
           int want_cert, grundy_error *err)
{
    wy_build w;
    size_t limit = game->limits->memory;
    size_t vmax = (size_t)cols + 2 * (size_t)rows + 2;
    size_t cells = (size_t)rows * cols;
    size_t ht = 1;
    grundy_status rc = GRUNDY_OK;
    size_t need;

    memset(&w, 0, sizeof w);
    w.rows = rows;
    w.cols = cols;
    w.words = (vmax + 64) / 64;
    while (ht < 2 * (size_t)cols) {
        ht <<= 1;
    }
    need = cells * 4 + (size_t)rows * w.words * 8 + vmax * 8 + rows * 8;
    if (want_cert) {
        need += cells * 4 + ht * 12;
    }
    if (need > limit) {
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, need,
                             "wythoff: a Grundy table of %u rows by %u "
                             "columns needs %zu bytes, more than the "
                             "memory limit %zu", rows, cols, need, limit);
    }
    if (limits_charge(game->limits, need) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    w.g = malloc(cells * sizeof *w.g);
    w.pres = calloc((size_t)rows * w.words, sizeof *w.pres);
    w.low = calloc(rows, sizeof *w.low);
    w.stamp = calloc(vmax, sizeof *w.stamp);
    if (want_cert) {
        w.lh = malloc(cells * sizeof *w.lh);
        w.ht_key = malloc(ht * sizeof *w.ht_key);
        w.ht_col = calloc(ht, sizeof *w.ht_col);
        w.ht_mask = ht - 1;
    }
    if (w.g == NULL || w.pres == NULL || w.low == NULL || w.stamp == NULL ||
        (want_cert && (w.lh == NULL || w.ht_key == NULL ||
                       w.ht_col == NULL))) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        goto out;
    }
    wy_block_free(blk);
    blk->rows = rows;
    for (uint32_t b = 0; b < cols; b++) {
        if (want_cert) {
            for (uint32_t r = 0; r < rows; r++) {
                w.lh[(size_t)b * rows + r] = (uint32_t)w.low[r];
            }
        }
        if (want_cert && b >= rows) {
            uint64_t h = wy_state_hash(&w, b);
            size_t i = (size_t)h & w.ht_mask;
            while (w.ht_col[i] != 0) {
                if (w.ht_key[i] == h &&
                    wy_state_equal(&w, w.ht_col[i] - 1, b)) {
                    blk->cert = 1;
                    blk->b0 = w.ht_col[i] - 1;
                    blk->p = b - blk->b0;
                    cols = b;
                    break;
                }
                i = (i + 1) & w.ht_mask;
            }
            if (blk->cert) {
                break;
            }
            w.ht_key[i] = h;
            w.ht_col[i] = b + 1;
        }
        for (uint32_t r = 0; r < rows; r++) {
            uint64_t id = ++w.stamp_id, v;
            uint32_t *col = w.g + (size_t)b * rows;
            /* Options of (r, b): the row to the left (in pres), the column
             * above, and the diagonal; G is the mex of their values. */
            for (uint32_t q = 0; q < r; q++) {
                w.stamp[col[q]] = id;
            }
            for (uint32_t t = 1; t <= r && t <= b; t++) {
                w.stamp[w.g[(size_t)(b - t) * rows + (r - t)]] = id;
            }
            v = w.low[r];
            while (wy_bit(&w, r, v) || w.stamp[v] == id) {
                v++;
            }
            col[r] = (uint32_t)v;
            w.pres[r * w.words + v / 64] |= (uint64_t)1 << (v % 64);
            while (wy_bit(&w, r, w.low[r])) {
                w.low[r]++;
            }
        }
        if ((b & 4095) == 0) {
            limits_progress(game->limits, "wythoff Grundy table", b, cols);
        }
    }
    blk->cols = cols;
    blk->g = w.g;
    w.g = NULL;
out:
    free(w.g);
    free(w.pres);
    free(w.low);
    free(w.stamp);
    free(w.lh);
    free(w.ht_key);
    free(w.ht_col);
    return rc;
}

/* Reads G(r, b) (r <= b) from the small block, by its certificate when b
 * is beyond the computed columns. Returns 1 when known. */
static int
wy_small_get(const wy_block *blk, uint64_t r, uint64_t b, uint64_t *sg,
             int *overflow)
{
    uint64_t red, g;
    if (r >= blk->rows || blk->g == NULL) {
        return 0;
    }
    if (b < blk->cols) {
        *sg = blk->g[b * blk->rows + r];
        return 1;
    }
    if (!blk->cert) {
        return 0;
    }
    /* G(r, b + p) = G(r, b) + p for b >= b0 (certificate). */
    red = blk->b0 + (b - blk->b0) % blk->p;
    g = blk->g[red * blk->rows + r];
    if (g > UINT64_MAX - (b - red)) {
        *overflow = 1;
        return 0;
    }
    *sg = g + (b - red);
    return 1;
}

static grundy_status
wy_pair_value(grundy_game *game, uint64_t a, uint64_t b, uint64_t *sg,
              grundy_error *err)
{
    wy_state *st = game->state;
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    int overflow = 0, fits;
    grundy_status rc = GRUNDY_OK;

    if (lo == 0) {
        *sg = hi; /* row 0 is a Nim heap */
        return GRUNDY_OK;
    }
    if (wy_small_get(&st->small, lo, hi, sg, &overflow)) {
        return GRUNDY_OK;
    }
    /* The plain table answers a pair whose own table is within
     * WY_TABLE_WORK, and only such a pair, even when a table kept from
     * earlier pairs covers more: the answer must not depend on what was
     * asked before (each thread of a stream has its own tables). */
    fits = hi < UINT32_MAX / 2 &&
           (uint64_t)(lo + 1) * (lo + 1) / 2 * (hi + 1) <= WY_TABLE_WORK;
    if (fits && lo < st->big.rows && hi < st->big.cols) {
        *sg = st->big.g[hi * st->big.rows + lo];
        return GRUNDY_OK;
    }
    if (!overflow && lo < WY_CERT_ROWS_MAX &&
        !(st->small.cert && lo < st->small.rows)) {
        /* Rows in steps of 8: the work grows with the square of rows. */
        uint32_t rows = lo < 16 ? 16 : (uint32_t)(lo + 8) & ~7u;
        for (uint32_t cols = 1024; cols <= WY_CERT_COLS_MAX; cols *= 4) {
            rc = wy_compute(game, &st->small, rows, cols, 1, err);
            if (rc != GRUNDY_OK || st->small.cert) {
                break;
            }
        }
        if (rc == GRUNDY_ENOMEM) {
            return rc;
        }
        if (wy_small_get(&st->small, lo, hi, sg, &overflow)) {
            return GRUNDY_OK;
        }
    }
    if (overflow) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "wythoff: the Grundy value of pair %llu,%llu is "
                       "larger than 18446744073709551615",
                       (unsigned long long)a, (unsigned long long)b);
    }
    if (fits) {
        uint64_t rows = lo + 1 + lo / 4, cols = hi + 1 + hi / 4;
        /* Keep what the old table covered, so that pairs asked in turn
         * do not rebuild different tables in turn: when the work allows,
         * or once the rebuilds so far have cost as much as the union
         * (then all rebuilds together cost at most about twice the
         * final table). rows < 2^15 and cols < 2^31 here: no overflow. */
        uint64_t r2 = rows > st->big.rows ? rows : st->big.rows;
        uint64_t c2 = cols > st->big.cols ? cols : st->big.cols;
        uint64_t own = rows * rows / 2 * cols, both = r2 * r2 / 2 * c2;
        int merged = both <= 2 * WY_TABLE_WORK || both <= st->spent + own;
        rc = wy_compute(game, &st->big, (uint32_t)(merged ? r2 : rows),
                        (uint32_t)(merged ? c2 : cols), 0, err);
        if (rc == GRUNDY_ELIMIT && merged) {
            /* The union exceeds the memory limit: the pair's own table. */
            merged = 0;
            rc = wy_compute(game, &st->big, (uint32_t)rows, (uint32_t)cols,
                            0, err);
        }
        if (rc != GRUNDY_OK) {
            return rc;
        }
        st->spent += merged ? both : own;
        *sg = st->big.g[hi * st->big.rows + lo];
        return GRUNDY_OK;
    }
    /* Built without printf: a stream of single huge pairs asks for (and
     * drops) this message on every line. */
    if (err != NULL) {
        char *e = err->message;
        e = WY_LIT(e, "wythoff: the Grundy value of pair ");
        e = put_u64(e, a);
        e = WY_LIT(e, ",");
        e = put_u64(e, b);
        e = WY_LIT(e, " is out of reach (no closed form; rows below ");
        e = put_u64(e, WY_CERT_ROWS_MAX);
        e = WY_LIT(e, " are certified for any column");
        if (lo < WY_CERT_ROWS_MAX) {
            e = WY_LIT(e, " when the memory limit allows");
        }
        e = WY_LIT(e, ", other tables stop at about 10^8 steps, e.g. both "
                       "piles below 500); only the outcome of a pair "
                       "standing alone is known");
        *e = '\0';
        err->column = -1;
        /* A row under the certified ones may fit a higher memory limit. */
        err->limit = lo < WY_CERT_ROWS_MAX ? GRUNDY_LIMIT_MEMORY
                                           : GRUNDY_LIMIT_NONE;
        err->needed = 0;
    }
    return GRUNDY_ELIMIT;
}

static grundy_status
wy_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    (void)n;
    return wy_pair_value(game, v[0], v[1], sg, err);
}

/* Emits (a, b) -> (na, nb) when want is any value or G(na, nb) == want.
 * Returns -1 on error (err set), 1 to stop, 0 to go on. */
static int
wy_try(grundy_game *game, move_sink *sink, const component *c, uint64_t want,
       uint64_t na, uint64_t nb, grundy_status *rc, grundy_error *err)
{
    int r;
    if (want != GRUNDY_ANY_VALUE) {
        uint64_t g;
        *rc = wy_pair_value(game, na, nb, &g, err);
        if (*rc != GRUNDY_OK) {
            return -1;
        }
        if (g != want) {
            return 0;
        }
    }
    r = wy_emit(sink, c, c->v[0], c->v[1], na, nb);
    if (r < 0) {
        *rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        return -1;
    }
    return r;
}

static grundy_status
wy_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    wy_state *st = game->state;
    uint64_t a = c->v[0], b = c->v[1];
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    grundy_status rc = GRUNDY_OK;
    int r = 0;

    if (want == 0) {
        /* The options of value 0: the winning moves of normal play. */
        wy_pair p = {NAT_ZERO, NAT_ZERO, c, NULL};
        wy_targets ts;
        ts.n = ts.made = 0;
        nat_set_u64(&p.a, a);
        nat_set_u64(&p.b, b);
        rc = wy_normal_targets(&p, 0, &ts) < 0
                 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : wy_emit_targets(sink, &p, &ts, ts.n, err);
        wy_targets_free(&ts);
        return rc;
    }
    if (want != GRUNDY_ANY_VALUE && lo < st->small.rows && st->small.cert &&
        hi >= st->small.cols) {
        /* A certified row with a huge other pile: the moves in the short
         * pile and on the diagonal are few; in the long pile the row's
         * values are distinct, so at most one option has value want, found
         * through the certificate G(lo, x + q p) = G(lo, x) + q p. */
        const wy_block *blk = &st->small;
        uint64_t found = UINT64_MAX;
        for (uint64_t x = 0; x < lo && r == 0; x++) {
            r = a == lo ? wy_try(game, sink, c, want, x, b, &rc, err)
                        : wy_try(game, sink, c, want, a, x, &rc, err);
        }
        for (uint64_t x = 0; x < blk->cols && found == UINT64_MAX; x++) {
            if (blk->g[x * blk->rows + lo] == want) {
                found = x;
            }
        }
        for (uint64_t s = 0; s < blk->p && found == UINT64_MAX; s++) {
            uint64_t base = blk->g[(blk->b0 + s) * blk->rows + lo];
            if (want >= base && (want - base) % blk->p == 0) {
                found = blk->b0 + s + (want - base);
            }
        }
        if (r == 0 && found < hi) {
            r = a == lo ? wy_try(game, sink, c, GRUNDY_ANY_VALUE, a, found,
                                 &rc, err)
                        : wy_try(game, sink, c, GRUNDY_ANY_VALUE, found, b,
                                 &rc, err);
        }
        for (uint64_t t = 1; t <= lo && r == 0; t++) {
            r = wy_try(game, sink, c, want, a - t, b - t, &rc, err);
        }
        return r < 0 ? rc : GRUNDY_OK;
    }
    if (a > WY_LIST_MAX || b > WY_LIST_MAX) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "wythoff: pair %zu (%llu,%llu) has too many options "
                       "to list (piles above %u)", c->index,
                       (unsigned long long)a, (unsigned long long)b,
                       WY_LIST_MAX);
    }
    for (uint64_t x = 0; x < a && r == 0; x++) {
        r = wy_try(game, sink, c, want, x, b, &rc, err);
    }
    for (uint64_t x = 0; x < b && r == 0; x++) {
        r = wy_try(game, sink, c, want, a, x, &rc, err);
    }
    for (uint64_t t = 1; t <= lo && r == 0; t++) {
        r = wy_try(game, sink, c, want, a - t, b - t, &rc, err);
    }
    return r < 0 ? rc : GRUNDY_OK;
}

static grundy_status
wy_create(grundy_game *game, const char *param, size_t len,
          grundy_error *err)
{
    wy_state *st;
    (void)param;   /* none: registry_param */
    (void)len;
    st = calloc(1, sizeof *st);
    if (st == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    game->state = st;
    return GRUNDY_OK;
}

static size_t
wy_footprint(const grundy_game *game)
{
    const wy_state *st = game->state;
    if (st == NULL) {
        return 0;
    }
    return sizeof *st + ((size_t)st->small.rows * st->small.cols +
                         (size_t)st->big.rows * st->big.cols) *
                            sizeof *st->big.g;
}

static void
wy_destroy(grundy_game *game)
{
    wy_state *st = game->state;
    if (st != NULL) {
        wy_block_free(&st->small);
        wy_block_free(&st->big);
        free(st);
    }
    game->state = NULL;
}

static const family_big wy_big_ops = {
    .solve_alone = wy_big_solve_alone,
};

const family wythoff_family = {
    .name = "wythoff",
    .info = {"wythoff",
             "take any number from one pile, or the same number from both",
             "pair of piles a,b"},
    .unit = "pair",
    /* Its tables are bounded (WY_TABLE_WORK, the certified rows): copies
     * per thread cost little. */
    .flags = FAMILY_CLOSED_FORM,
    .min_numbers = 2,
    .max_numbers = 2,
    .arity_text = "a position is a pair 'a,b' of pile sizes",
    .param = FAMILY_PARAM_NONE,
    .create = wy_create,
    .destroy = wy_destroy,
    .value = wy_value,
    .options = wy_options,
    .solve_alone = wy_solve_alone,
    .footprint = wy_footprint,
    .big = &wy_big_ops,
};
