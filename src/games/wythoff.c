/*
 * wythoff.c - Wythoff's game: two piles, take any number from one pile or
 * the same number from both. Outcomes and every winning move for any 64-bit
 * pair by the Beatty pairs (floor(j phi), floor(j phi) + j), integers only;
 * Grundy values from a table and, for small rows, a periodicity certificate.
 */
#include "family.h"
#include "intmath.h"
#include "bignum.h"

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

/* ---- outcome and winning moves ---------------------------------------- */

/* 1 when (a, b) is a normal-play P-position: with lo <= hi,
 * lo == floor((hi - lo) * phi) (Wythoff 1907). */
static int
wy_normal_lose(uint64_t a, uint64_t b)
{
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    return im_floor_phi(hi - lo) == lo;
}

/* The partner of x in its P-pair (docs/theory.md 5): with
 * j = floor((x+1)/phi), either x = floor(j phi) is the lower value of pair
 * j (partner x + j), or x is an upper value whose partner is x - i with
 * i = 2(x+1) - floor((x+1) phi) - 1 = x - j (docs/theory.md 5), since
 * floor((x+1) phi) = x + 1 + j; so the partner is j. May exceed 2^64. */
static im_u128
wy_partner(uint64_t x)
{
    uint64_t j = im_floor_inv_phi((im_u128)x + 1);
    if (im_floor_phi(j) == x) {
        return (im_u128)x + j;
    }
    return j;
}

static int
wy_misere_lose(uint64_t a, uint64_t b)
{
    /* docs/theory.md 7: the normal P-positions with (0,0), (1,2), (2,1)
     * replaced by (0,1), (1,0), (2,2). */
    if ((a == 0 && b == 1) || (a == 1 && b == 0) || (a == 2 && b == 2)) {
        return 1;
    }
    if ((a == 0 && b == 0) || (a == 1 && b == 2) || (a == 2 && b == 1)) {
        return 0;
    }
    return wy_normal_lose(a, b);
}

/* Emits the move (a, b) -> (na, nb) of pair c. */
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

/* Collects the normal-play winning moves of (a, b) (at most three,
 * docs/theory.md 5) as target pairs: reduce b to the partner of a, reduce
 * a to the partner of b, or take the same from both down to the pair with
 * difference d. With `one`, stops after the first found (cheapest
 * first). */
static size_t
wy_normal_targets(uint64_t a, uint64_t b, int one, uint64_t t[3][2])
{
    uint64_t lo = a < b ? a : b, d = a < b ? b - a : a - b;
    im_u128 f = im_floor_phi(d);
    size_t n = 0;
    int diag = f < lo;

    if (one && diag) {
        t[0][0] = a - (lo - (uint64_t)f);
        t[0][1] = b - (lo - (uint64_t)f);
        return 1;
    }
    {
        im_u128 pa = wy_partner(a);
        if (pa < b) {
            t[n][0] = a;
            t[n][1] = (uint64_t)pa;
            n++;
            if (one) {
                return n;
            }
        }
    }
    {
        im_u128 pb = wy_partner(b);
        if (pb < a) {
            t[n][0] = (uint64_t)pb;
            t[n][1] = b;
            n++;
            if (one) {
                return n;
            }
        }
    }
    if (diag) {
        t[n][0] = a - (lo - (uint64_t)f);
        t[n][1] = b - (lo - (uint64_t)f);
        n++;
    }
    return n;
}

static int
wy_reachable(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    return (c == a && d < b) || (d == b && c < a) ||
           (c < a && d < b && a - c == b - d);
}

static grundy_status
wy_emit_targets(move_sink *sink, const component *c, uint64_t a, uint64_t b,
                uint64_t t[][2], size_t n, grundy_error *err)
{
    for (size_t i = 0; i < n; i++) {
        int r = wy_emit(sink, c, a, b, t[i][0], t[i][1]);
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
wy_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    uint64_t a = c->v[0], b = c->v[1];
    uint64_t t[6][2];
    size_t n;
    int one = !move_sink_wants_all(sink);

    (void)game;
    if (!misere) {
        if (wy_normal_lose(a, b)) {
            *win = 0;
            return GRUNDY_OK;
        }
        *win = 1;
        n = wy_normal_targets(a, b, one, t);
        return wy_emit_targets(sink, c, a, b, t, n, err);
    }
    if (a == 0 && b == 0) {
        *win = 1; /* no move: the previous player moved last */
        return GRUNDY_OK;
    }
    if (wy_misere_lose(a, b)) {
        *win = 0;
        return GRUNDY_OK;
    }
    *win = 1;
    {
        /* Moves to misere P-positions: the normal ones except the three
         * replaced targets, plus the three new targets where reachable. */
        static const uint64_t added[3][2] = {{0, 1}, {1, 0}, {2, 2}};
        uint64_t nt[3][2];
        size_t k = wy_normal_targets(a, b, 0, nt);
        n = 0;
        for (size_t i = 0; i < k; i++) {
            if (wy_misere_lose(nt[i][0], nt[i][1])) {
                t[n][0] = nt[i][0];
                t[n][1] = nt[i][1];
                n++;
            }
        }
        for (size_t i = 0; i < 3; i++) {
            if (wy_reachable(a, b, added[i][0], added[i][1])) {
                t[n][0] = added[i][0];
                t[n][1] = added[i][1];
                n++;
            }
        }
    }
    return wy_emit_targets(sink, c, a, b, t, one && n > 0 ? 1 : n, err);
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
        uint64_t t[3][2];
        size_t n = wy_normal_targets(a, b, 0, t);
        return wy_emit_targets(sink, c, a, b, t, n, err);
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

/* ---- piles beyond 64 bits --------------------------------------------- */

/* Most decimal digits of a pile answered exactly: the integer square
 * root below is quadratic in the length (about a second at this size);
 * beyond, the answer would take minutes, so it is refused, naming this
 * limit. */
#define WY_BIG_DIGITS 30000u

/* Scratch numbers of one big answer. */
typedef struct wy_big {
    bignum *t[6];
    int oom;
} wy_big;

/* r = floor(d phi) = floor((d + isqrt(5 d^2)) / 2): d sqrt 5 is
 * irrational for d > 0, so its fraction never carries the halving past
 * an integer (docs/theory.md 5). r must not be d. */
static void
wy_big_floor_phi(wy_big *w, bignum *r, const bignum *d)
{
    bignum *sq = w->t[5];
    if (w->oom || bignum_mul(sq, d, d) != 0 ||
        bignum_mul_u64(sq, sq, 5) != 0 || bignum_isqrt(sq, sq) != 0 ||
        bignum_add(r, sq, d) != 0 || bignum_shr(r, r, 1) != 0) {
        w->oom = 1;
    }
}

/* 1 when (a, b) is a normal-play P-position (wy_normal_lose). */
static int
wy_big_lose(wy_big *w, const bignum *a, const bignum *b)
{
    const bignum *lo = bignum_cmp(a, b) <= 0 ? a : b, *hi = lo == a ? b : a;
    bignum *d = w->t[0], *f = w->t[1];
    if (w->oom || bignum_sub(d, hi, lo) != 0) {
        w->oom = 1;
        return 0;
    }
    wy_big_floor_phi(w, f, d);
    return !w->oom && bignum_cmp(f, lo) == 0;
}

/* r = the partner of x in its P-pair (wy_partner): with j = floor((x+1)
 * / phi) = floor((x+1) phi) - (x+1), x + j when floor(j phi) = x, else j. */
static void
wy_big_partner(wy_big *w, bignum *r, const bignum *x)
{
    bignum *x1 = w->t[2], *j = w->t[3], *f = w->t[4];
    if (w->oom || bignum_add_u64(x1, x, 1) != 0) {
        w->oom = 1;
        return;
    }
    wy_big_floor_phi(w, j, x1);
    if (w->oom || bignum_sub(j, j, x1) != 0) {
        w->oom = 1;
        return;
    }
    wy_big_floor_phi(w, f, j);
    if (!w->oom && (bignum_cmp(f, x) == 0 ? bignum_add(r, x, j)
                                          : bignum_copy(r, j)) != 0) {
        w->oom = 1;
    }
}

/* Emits (a, b) -> (na, nb) in wy_emit's words. */
static int
wy_big_emit(move_sink *sink, const big_component *c, bignum *na,
            bignum *nb, bignum *k)
{
    const bignum *a = c->v[0], *b = c->v[1];
    bignum *vals[2] = {na, nb};
    size_t arity = 2;
    strbuf e = {0};
    int both = bignum_cmp(na, a) != 0 && bignum_cmp(nb, b) != 0, r = -1;
    if (bignum_sub(k, bignum_cmp(na, a) != 0 ? a : b,
                   bignum_cmp(na, a) != 0 ? na : nb) == 0) {
        util_sb_put(&e, "take ");
        util_sb_put_big(&e, k);
        util_sb_put(&e, both ? " from both piles of pair "
                    : bignum_cmp(na, a) != 0 ? " from pile 1 of pair "
                                             : " from pile 2 of pair ");
        util_sb_put_u64(&e, c->index);
        util_sb_put(&e, " (");
        util_sb_put_big(&e, a);
        util_sb_put(&e, ",");
        util_sb_put_big(&e, b);
        util_sb_put(&e, " -> ");
        util_sb_put_big(&e, na);
        util_sb_put(&e, ",");
        util_sb_put_big(&e, nb);
        util_sb_put(&e, ")");
        r = e.oom ? -1 : move_emit_big(sink, c, 1, &arity, vals, e.s);
    }
    free(e.s);
    return r;
}

/* The misere P-positions that differ from the normal ones
 * (wy_misere_lose): 1 lost, 0 won, -1 as in normal play. */
static int
wy_big_misere_special(const bignum *a, const bignum *b)
{
    uint64_t x, y;
    if (!bignum_to_u64(a, &x) || !bignum_to_u64(b, &y) || x > 2 || y > 2) {
        return -1;
    }
    return wy_misere_lose(x, y);
}

/* Emits target (na, nb) when it is lost for the mover (under the rule in
 * use) and reachable; returns the sink's answer (0 when not emitted). */
static int
wy_big_try(wy_big *w, move_sink *sink, const big_component *c, int misere,
           bignum *na, bignum *nb, bignum *k)
{
    const bignum *a = c->v[0], *b = c->v[1];
    int sa = bignum_cmp(na, a), sb = bignum_cmp(nb, b), lost, sp;
    /* Reachable: one pile lowered, or both by the same amount. */
    if (!((sa == 0 && sb < 0) || (sb == 0 && sa < 0))) {
        bignum *da = w->t[0], *db = w->t[1];
        if (sa >= 0 || sb >= 0) {
            return 0;
        }
        if (bignum_sub(da, a, na) != 0 || bignum_sub(db, b, nb) != 0) {
            return -1;
        }
        if (bignum_cmp(da, db) != 0) {
            return 0;
        }
    }
    sp = misere ? wy_big_misere_special(na, nb) : -1;
    lost = sp >= 0 ? sp : wy_big_lose(w, na, nb);
    if (w->oom) {
        return -1;
    }
    return lost ? wy_big_emit(sink, c, na, nb, k) : 0;
}

/* The winning moves of a big pair, in wy_solve_alone's order: to the
 * partner of either pile, then the diagonal move to the pair of the same
 * difference (wy_normal_targets; the diagonal first when one normal-play
 * move is enough), and in misere play the three small targets that
 * replace normal ones. */
static int
wy_big_diagonal(wy_big *w, move_sink *sink, const big_component *c,
                int misere, bignum *na, bignum *nb, bignum *k)
{
    const bignum *a = c->v[0], *b = c->v[1];
    const bignum *lo = bignum_cmp(a, b) <= 0 ? a : b, *hi = lo == a ? b : a;
    if (bignum_sub(k, hi, lo) != 0) {
        return -1;
    }
    wy_big_floor_phi(w, na, k);
    if (w->oom || bignum_cmp(na, lo) >= 0) {
        return w->oom ? -1 : 0;
    }
    if (bignum_sub(k, lo, na) != 0 || bignum_sub(na, a, k) != 0 ||
        bignum_sub(nb, b, k) != 0) {
        return -1;
    }
    return wy_big_try(w, sink, c, misere, na, nb, k);
}

static int
wy_big_moves(wy_big *w, move_sink *sink, const big_component *c, int misere)
{
    bignum *na = bignum_new(), *nb = bignum_new(), *k = bignum_new();
    int r = na == NULL || nb == NULL || k == NULL ? -1 : 0;
    int diag_first = !misere && !move_sink_wants_all(sink);
    if (r == 0 && diag_first) {
        r = wy_big_diagonal(w, sink, c, misere, na, nb, k);
    }
    for (int pile = 0; r == 0 && pile < 2; pile++) {
        bignum *keep = pile == 0 ? na : nb, *move = pile == 0 ? nb : na;
        if (bignum_copy(keep, c->v[pile]) != 0) {
            r = -1;
            break;
        }
        wy_big_partner(w, move, c->v[pile]);
        if (!w->oom) {
            r = wy_big_try(w, sink, c, misere, na, nb, k);
        }
    }
    if (r == 0 && !diag_first) {
        r = wy_big_diagonal(w, sink, c, misere, na, nb, k);
    }
    for (uint64_t i = 0; misere && r == 0 && i < 3; i++) {
        static const uint64_t added[3][2] = {{0, 1}, {1, 0}, {2, 2}};
        if (bignum_set_u64(na, added[i][0]) != 0 ||
            bignum_set_u64(nb, added[i][1]) != 0) {
            r = -1;
            break;
        }
        r = wy_big_try(w, sink, c, misere, na, nb, k);
    }
    bignum_free(na);
    bignum_free(nb);
    bignum_free(k);
    return w->oom ? -1 : r;
}

static grundy_status
wy_big_solve_alone(grundy_game *game, const big_component *c, int misere,
                   move_sink *sink, int *win, grundy_error *err)
{
    wy_big w = {{NULL}, 0};
    int sp, r = 0;
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
    for (int i = 0; i < 6; i++) {
        w.oom |= (w.t[i] = bignum_new()) == NULL;
    }
    sp = misere ? wy_big_misere_special(c->v[0], c->v[1]) : -1;
    *win = !(sp >= 0 ? sp : wy_big_lose(&w, c->v[0], c->v[1]));
    if (!w.oom && *win) {
        r = wy_big_moves(&w, sink, c, misere);
    }
    for (int i = 0; i < 6; i++) {
        bignum_free(w.t[i]);
    }
    return w.oom || r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                          : GRUNDY_OK;
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
