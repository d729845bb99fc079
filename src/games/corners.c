/*
 * corners.c - Turning Corners (Winning Ways ch. 14): a heads coin (x,y)
 * on a quarter plane; a move turns the four corners of a rectangle whose
 * far corner (x,y) goes from heads to tails, near corner (a,b), a < x,
 * b < y. By the Tartan theorem the coin is worth the nim product x (*) y
 * (nimmul.c); winning moves are found in the field of nimbers.
 */
#include "family.h"
#include "bignum.h"
#include "nimmul.h"

/* Most moves one coin lists, or candidates one search tries. */
#define CORNERS_MAX_LISTED ((uint64_t)1 << 20)

/*
 * The options. Turning (x,y), (a,y), (x,b), (a,b) changes the value by
 * x(*)y ^ a(*)y ^ x(*)b ^ a(*)b = (x^a) (*) (y^b) (distributivity), so
 * with u = x ^ a and v = y ^ b the option (a,b) is worth
 * x(*)y ^ u(*)v, and a < x exactly when u != 0 and the highest bit of u
 * is a one bit of x: write u in S(x). The option of value w is a
 * factorisation u (*) v = T = w ^ x(*)y with u in S(x), v in S(y); by
 * the mex definition of x (*) y (ONAG ch. 6) one exists for every
 * w < x(*)y, that is for every T in S(x(*)y).
 */
static int
in_s(uint64_t x, uint64_t u)
{
    return u != 0 && (x ^ u) < x;
}

static uint64_t
nimdiv(uint64_t a, uint64_t b)
{
    return nimmul_mul(a, nimmul_inv(b));
}

/* Y with Y (*) Y ^ Y = d among the nimbers below 2^m (the subfield
 * GF(2^m), m = 8, 16, 32): the map is GF(2)-linear, so Gaussian
 * elimination on the images of the bits. 0 when there is none (half of
 * the d: those of trace 1). */
static int
artin_schreier(uint64_t d, unsigned m, uint64_t *y)
{
    uint64_t row[32], comb[32], v, c;
    unsigned nr = 0;
    for (unsigned i = 0; i < m; i++) {
        uint64_t e = (uint64_t)1 << i;
        v = nimmul_mul(e, e) ^ e;
        c = e;
        for (unsigned r = 0; r < nr; r++) {
            if (v & ((uint64_t)1 << (63 - __builtin_clzll(row[r])))) {
                v ^= row[r];
                c ^= comb[r];
            }
        }
        if (v != 0) {
            uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(v));
            for (unsigned r = 0; r < nr; r++) {
                if (row[r] & top) {
                    row[r] ^= v;
                    comb[r] ^= c;
                }
            }
            row[nr] = v;
            comb[nr++] = c;
        }
    }
    v = d;
    c = 0;
    for (unsigned r = 0; r < nr; r++) {
        if (v & ((uint64_t)1 << (63 - __builtin_clzll(row[r])))) {
            v ^= row[r];
            c ^= comb[r];
        }
    }
    *y = c;
    return v == 0;
}

/*
 * A factorisation u (*) v = t with u in S(x), v in S(y), all below 2^w
 * (w = 4, 8, ..., 64): 1 with *u, *v, or 0 when this search finds none.
 * With F = 2^h, h = w/2, numbers split as z = z1 F ^ z0, and F (*) F =
 * F ^ F/2 gives
 *   u (*) v = (u1v1 ^ u1v0 ^ u0v1) F ^ (u1v1 (*) F/2 ^ u0v0).
 * When x1 = 0 then u1 = 0 (and the same for y): one half-size problem,
 * exactly. Otherwise the cases u1 = 0 or v1 = 0 are half-size problems,
 * and for u1, v1 != 0, with u0 = u1 s, v0 = v1 t and P = u1 v1, the
 * equations become s ^ t = t1/P ^ 1 and s t = t0/P ^ F/2: a quadratic
 * over the subfield below F, solved by Artin-Schreier, with (u1, v1) a
 * half-size problem for P. The search tries P = t1 (always solvable)
 * and the small P; every answer is checked by the caller, and
 * test_coins.c checks that it finds one for every target of every coin
 * below 256 (and for random 64-bit coins); corners_options falls back
 * to an exhaustive search if it ever does not.
 */
static int
factor(uint64_t x, uint64_t y, uint64_t t, unsigned w, uint64_t *u,
       uint64_t *v)
{
    unsigned h = w / 2;
    uint64_t mask, x1, x0, y1, y0, t1, t0, u1, u0, v1, v0, half;
    if (t == 0 || x == 0 || y == 0) {
        return 0;
    }
    if (w == 4) {
        for (uint64_t a = 1; a < 16; a++) {
            for (uint64_t b = 1; in_s(x, a) && b < 16; b++) {
                if (in_s(y, b) && nimmul_mul(a, b) == t) {
                    *u = a;
                    *v = b;
                    return 1;
                }
            }
        }
        return 0;
    }
    mask = ((uint64_t)1 << h) - 1;
    x1 = x >> h;
    x0 = x & mask;
    y1 = y >> h;
    y0 = y & mask;
    t1 = t >> h;
    t0 = t & mask;
    if (x1 == 0 && y1 == 0) {
        return t1 == 0 && factor(x0, y0, t0, h, u, v);
    }
    if (y1 == 0) {
        /* v < F: u (*) v = (u1 v) F ^ u0 v */
        if (t1 == 0) {
            return factor(x0, y, t0, h, u, v);
        }
        if (!factor(x1, y, t1, h, &u1, v)) {
            return 0;
        }
        *u = (u1 << h) | nimdiv(t0, *v);
        return 1;
    }
    if (x1 == 0) {
        if (t1 == 0) {
            return factor(x, y0, t0, h, u, v);
        }
        if (!factor(x, y1, t1, h, u, &v1)) {
            return 0;
        }
        *v = (v1 << h) | nimdiv(t0, *u);
        return 1;
    }
    if (t1 == 0 && factor(x0, y0, t0, h, u, v)) {
        return 1;
    }
    if (t1 != 0 && factor(x0, y1, t1, h, &u0, &v1)) {
        *u = u0;
        *v = (v1 << h) | nimdiv(t0, u0);
        return 1;
    }
    if (t1 != 0 && factor(x1, y0, t1, h, &u1, &v0)) {
        *v = v0;
        *u = (u1 << h) | nimdiv(t0, v0);
        return 1;
    }
    half = (uint64_t)1 << (h - 1);
    for (uint64_t k = 0; k < 64; k++) {
        uint64_t p = k == 0 ? t1 : k, c1, c0, s, tt, y2;
        if (p == 0 || (k != 0 && p == t1)) {
            continue;
        }
        c1 = nimdiv(t1, p) ^ 1;
        c0 = nimdiv(t0, p) ^ half;
        if (c1 == 0) {
            /* s = t = sqrt(c0) = c0^(2^(h-1)) in GF(2^h) */
            s = c0;
            for (unsigned i = 0; i + 1 < h; i++) {
                s = nimmul_mul(s, s);
            }
            tt = s;
        } else {
            if (!artin_schreier(nimdiv(c0, nimmul_mul(c1, c1)), h, &y2)) {
                continue;
            }
            s = nimmul_mul(c1, y2);
            tt = s ^ c1;
        }
        if (factor(x1, y1, p, h, &u1, &v1)) {
            *u = (u1 << h) | nimmul_mul(u1, s);
            *v = (v1 << h) | nimmul_mul(v1, tt);
            return 1;
        }
    }
    return 0;
}

static grundy_status
corners_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
              grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = nimmul_mul(v[0], v[1]);
    return GRUNDY_OK;
}

/* Emits the move on coin c = (x,y) with near corner (a,b). */
static int
corners_emit(move_sink *sink, const component *c, uint64_t a, uint64_t b)
{
    char buf[200], *p = buf;
    uint64_t x = c->v[0], y = c->v[1], vals[6] = {a, y, x, b, a, b};
    size_t arity[3] = {2, 2, 2};
    p = put_str(p, "turn coins (");
    p = put_u64(p, x);
    p = put_str(p, ",");
    p = put_u64(p, y);
    p = put_str(p, "), (");
    p = put_u64(p, a);
    p = put_str(p, ",");
    p = put_u64(p, y);
    p = put_str(p, "), (");
    p = put_u64(p, x);
    p = put_str(p, ",");
    p = put_u64(p, b);
    p = put_str(p, ") and (");
    p = put_u64(p, a);
    p = put_str(p, ",");
    p = put_u64(p, b);
    p = put_str(p, ")");
    *p = '\0';
    return move_emit(sink, c, 3, arity, vals, buf);
}

static grundy_status
corners_too_many(const component *c, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "corners: coin %zu (%llu,%llu) has too many candidate "
                   "moves to search them all (the smaller coordinate is "
                   "above %llu)", c->index, (unsigned long long)c->v[0],
                   (unsigned long long)c->v[1],
                   (unsigned long long)CORNERS_MAX_LISTED);
}

static grundy_status
corners_options(grundy_game *game, const component *c, uint64_t want,
                move_sink *sink, grundy_error *err)
{
    uint64_t x = c->v[0], y = c->v[1], g = nimmul_mul(x, y), t, u, v;
    int r = 0;
    (void)game;
    if (want == GRUNDY_ANY_VALUE) {
        if (x != 0 && y > CORNERS_MAX_LISTED / x) {
            return corners_too_many(c, err);
        }
        for (uint64_t a = x; r == 0 && a-- > 0;) {
            for (uint64_t b = y; r == 0 && b-- > 0;) {
                r = corners_emit(sink, c, a, b);
            }
        }
        return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                     : GRUNDY_OK;
    }
    t = want ^ g;
    if (t == 0) {
        return GRUNDY_OK;   /* u (*) v != 0 for u, v != 0 */
    }
    if (!move_sink_wants_all(sink) && want < g &&
        factor(x, y, t, 64, &u, &v) && in_s(x, u) && in_s(y, v) &&
        nimmul_mul(u, v) == t) {
        r = corners_emit(sink, c, x ^ u, y ^ v);
        return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                     : GRUNDY_OK;
    }
    /* Every factorisation: for each u in S(x) (each a < x) the one v,
     * along the smaller coordinate. */
    if ((x < y ? x : y) > CORNERS_MAX_LISTED) {
        return corners_too_many(c, err);
    }
    if (x <= y) {
        for (uint64_t a = x; r == 0 && a-- > 0;) {
            uint64_t b = y ^ nimdiv(t, x ^ a);
            if (b < y) {
                r = corners_emit(sink, c, a, b);
            }
        }
    } else {
        for (uint64_t b = y; r == 0 && b-- > 0;) {
            uint64_t a = x ^ nimdiv(t, y ^ b);
            if (a < x) {
                r = corners_emit(sink, c, a, b);
            }
        }
    }
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

/* ---- beside numbers beyond 64 bits ----------------------------------
 * A position holding a big number (of another game, or a mock coin past
 * 2^63) is answered by the exact rules for every component: a coin of
 * 64-bit coordinates goes by the operations above; coordinates beyond
 * 2^64 - 1 are refused (nim products are computed on 64-bit words). */

static grundy_status
corners_big_coin(const big_component *c, uint64_t v[2], grundy_error *err)
{
    if (!bignum_to_u64(c->v[0], &v[0]) || !bignum_to_u64(c->v[1], &v[1])) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "corners: coin %zu has a coordinate beyond 2^64 - 1; "
                       "nim products are computed for 64-bit coordinates",
                       c->index);
    }
    return GRUNDY_OK;
}

static grundy_status
corners_big_value(grundy_game *game, const big_component *c, bignum *sg,
                  grundy_error *err)
{
    uint64_t v[2];
    grundy_status st = corners_big_coin(c, v, err);
    (void)game;
    if (st == GRUNDY_OK && bignum_set_u64(sg, nimmul_mul(v[0], v[1])) != 0) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return st;
}

static grundy_status
corners_big_options(grundy_game *game, const big_component *c,
                    const bignum *want, move_sink *sink, grundy_error *err)
{
    uint64_t v[2], w;
    component small;
    grundy_status st = corners_big_coin(c, v, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    /* Every option of a 64-bit coin is worth less than 2^64. */
    if (!bignum_to_u64(want, &w) || w == GRUNDY_ANY_VALUE) {
        return GRUNDY_OK;
    }
    small = (component){v, 2, c->index, NULL, 0, 0};
    return corners_options(game, &small, w, sink, err);
}

static const family_big corners_big = {
    .value = corners_big_value,
    .options = corners_big_options,
};

const family corners_family = {
    .name = "corners",
    .info = {"corners", "Turning Corners: turn the corners of a rectangle, "
             "the far one (x,y) from heads to tails", "heads coin x,y"},
    .unit = "coin",
    .flags = FAMILY_CLOSED_FORM | FAMILY_COINS,
    .min_numbers = 2,
    .max_numbers = 2,
    .arity_text = "a coin is a pair 'x,y' (its column and row, from 0)",
    .param = FAMILY_PARAM_NONE,
    .value = corners_value,
    .options = corners_options,
    .big = &corners_big,
    .no_misere = "a position is a set of coins, where a coin turned twice "
                 "is back to tails, not a sum of single-coin games, so the "
                 "misere rules of sums do not apply",
};
