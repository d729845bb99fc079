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
 * w < x(*)y, that is for every T in S(x(*)y); nimmul_factor finds it.
 */
static uint64_t
nimdiv(uint64_t a, uint64_t b)
{
    return nimmul_mul(a, nimmul_inv(b));
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
        nimmul_factor(x, y, t, &u, &v)) {
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
    small = (component){.v = v, .n = 2, .index = c->index};
    return corners_options(game, &small, w, sink, err);
}

static const family_big corners_big = {
    .value = corners_big_value,
    .options = corners_big_options,
    .words_only = 1,
};

const family corners_family = {
    .name = "corners",
    .info = {"corners", "Turning Corners: turn the corners of a rectangle, "
             "the far one (x,y) from heads to tails", "heads coin x,y"},
    .unit = "coin",
    .flags = FAMILY_CLOSED_FORM | FAMILY_COINS | FAMILY_OPTIONS_TO_TOP,
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
