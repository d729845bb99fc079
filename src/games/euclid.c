/*
 * euclid.c - Euclid's game (Cole and Davie 1969): a pair a,b; a move
 * subtracts a positive multiple of the smaller number from the larger,
 * leaving it >= 0; a pair with a 0 is over. Exact for every 64-bit pair:
 * values, outcomes (normal and misere) and moves follow the Euclidean
 * algorithm's quotients, O(log) steps, integers only.
 */
#include "family.h"
#include "intmath.h"

#include <stdlib.h>
#include <string.h>

/* Most options listed one by one (the misere search of sums). */
#define EU_LIST_MAX ((uint64_t)1 << 20)

/*
 * The chain. With a >= b > 0, q = a / b and r = a % b, the options of
 * (a, b) are x_j = (r + j b, b) for j = 0 .. q-1, and the options of x_j
 * for j >= 1 are exactly x_0 .. x_{j-1} (r + j b >= b is still the
 * larger number). So with v_0 = G(b, r) (G = 0 when r = 0: the pair is
 * over), v_j = mex {v_0, ..., v_{j-1}} for j >= 1, which gives
 *   v_0 = 0: v_j = j;   v_0 = c > 0: v_j = j - 1 for j <= c, j above.
 * G(a, b) = v_q, and the v_j (j < q) are distinct, so at most one option
 * has a given value. Applied along the Euclidean algorithm's quotients
 * q_1, ..., q_m from the last one up, this is the definition of the
 * Grundy value, exact, in at most 93 steps for 64-bit numbers (Lame).
 * (Nivasch's closed form floor(|x/y - y/x|), Discrete Math. 306 (2006),
 * is for Grossman's variant that stops at (d, d); this game's values
 * differ, e.g. G(2, 1) = 2 here; test_euclid checks the chain against the
 * literal definition.)
 */
static uint64_t
eu_chain(uint64_t q, uint64_t v0)
{
    return v0 != 0 && q <= v0 ? q - 1 : q;
}

/* The quotients of the Euclidean algorithm on hi >= lo > 0, into q
 * (room for 96); returns how many. */
static size_t
eu_quotients(uint64_t hi, uint64_t lo, uint64_t *q)
{
    size_t m = 0;
    while (lo != 0) {
        uint64_t r = hi % lo;
        q[m++] = hi / lo;
        hi = lo;
        lo = r;
    }
    return m;
}

/* G(hi, lo) with hi >= lo, and into *v0 the value of the chain's bottom
 * G(lo, hi % lo) (0 when lo == 0 or lo divides hi). */
static uint64_t
eu_grundy(uint64_t hi, uint64_t lo, uint64_t *v0)
{
    uint64_t q[96], v = 0;
    size_t m = eu_quotients(hi, lo, q);
    *v0 = 0;
    for (size_t i = m; i-- > 0;) {
        if (i == 0) {
            *v0 = v;
        }
        v = eu_chain(q[i], v);
    }
    return v;
}

/* Misere outcome of (hi, lo): 1 when the mover wins. Over (lo == 0): the
 * mover, who cannot move, wins. On the chain, x_j with j >= 1 wins iff
 * some x_i (i < j) loses; so x_q loses iff x_0 wins and q == 1. *w0 gets
 * the bottom's outcome. */
static int
eu_misere_win(uint64_t hi, uint64_t lo, int *w0)
{
    uint64_t q[96];
    size_t m = eu_quotients(hi, lo, q);
    int w = 1;
    *w0 = 1;
    for (size_t i = m; i-- > 0;) {
        if (i == 0) {
            *w0 = w;
        }
        w = !(w && q[i] == 1);
    }
    return w;
}

/* Cole and Davie (Math. Gazette 53, 1969): with a >= b > 0 the mover
 * wins iff a == b or a / b > phi, i.e. a^2 - ab > b^2, i.e.
 * a (a - b) > b^2, both sides below 2^128. phi is irrational, so a / b
 * never equals it. */
static int
eu_cole_davie_win(uint64_t a, uint64_t b)
{
    return a == b || (im_u128)a * (a - b) > (im_u128)b * b;
}

static grundy_status
eu_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    uint64_t hi = v[0] > v[1] ? v[0] : v[1], lo = v[0] ^ v[1] ^ hi, v0;
    (void)game;
    (void)n;
    *sg = eu_grundy(hi, lo, &v0);
    if (*sg == UINT64_MAX) {
        /* Only (2^64 - 1, 1) is worth it (G <= q): the solver's "any
         * value" (solve.c options_of). */
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "euclid: the pair is worth 2^64 - 1; values up to "
                       "2^64 - 2 are answered");
    }
    return GRUNDY_OK;
}

/* Emits (a, b) -> (na, nb): k times the smaller subtracted from the
 * larger, which is number `which` (0 or 1) of the pair. */
static int
eu_emit(move_sink *sink, const component *c, int which, uint64_t k)
{
    uint64_t a = c->v[0], b = c->v[1], vals[2] = {a, b};
    uint64_t small = which == 0 ? b : a;
    size_t arity = 2;
    char buf[200], *e = buf;
    vals[which] -= k * small;
    e = put_str(e, "subtract ");
    if (k != 1) {
        e = put_u64(e, k);
        e = put_str(e, " x ");
    }
    e = put_u64(e, small);
    e = put_str(e, " from ");
    e = put_u64(e, c->v[which]);
    e = put_str(e, " in pair ");
    e = put_u64(e, c->index);
    e = put_str(e, " (");
    e = put_u64(e, a);
    e = put_str(e, ",");
    e = put_u64(e, b);
    e = put_str(e, " -> ");
    e = put_u64(e, vals[0]);
    e = put_str(e, ",");
    e = put_u64(e, vals[1]);
    e = put_str(e, ")");
    *e = '\0';
    return move_emit(sink, c, 1, &arity, vals, buf);
}

/* Emits the move that leaves x_j, j in the chain of c (q multiples of the
 * smaller leave x_0): from the larger number. When a == b, taking a from
 * the second number leaves a,0, the same position up to order as 0,a, so
 * only the first is a move of its own (the guide: moves that leave the
 * same parts are listed once). */
static int
eu_emit_chain(move_sink *sink, const component *c, uint64_t q, uint64_t j)
{
    return eu_emit(sink, c, c->v[0] >= c->v[1] ? 0 : 1, q - j);
}

static grundy_status
eu_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    uint64_t hi = c->v[0] > c->v[1] ? c->v[0] : c->v[1];
    uint64_t lo = c->v[0] ^ c->v[1] ^ hi, q, v0, j;
    int r = 0;
    (void)game;
    if (lo == 0) {
        return GRUNDY_OK; /* over: no move */
    }
    q = hi / lo;
    (void)eu_grundy(hi, lo, &v0);
    if (want == GRUNDY_ANY_VALUE) {
        if (q > EU_LIST_MAX) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "euclid: pair %zu (%llu,%llu) has too many "
                           "options to list (more than %llu)", c->index,
                           (unsigned long long)c->v[0],
                           (unsigned long long)c->v[1],
                           (unsigned long long)EU_LIST_MAX);
        }
        for (j = 0; j < q && r == 0; j++) {
            r = eu_emit_chain(sink, c, q, j);
        }
        return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                     : GRUNDY_OK;
    }
    /* The one j < q with v_j == want (eu_chain). */
    if (want == v0) {
        j = 0;
    } else if (v0 == 0) {
        j = want;
    } else {
        j = want < v0 ? want + 1 : want;
    }
    if (j < q && eu_emit_chain(sink, c, q, j) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/*
 * Every-SG and conjunctive play (Winning Ways ch. 9) on the chain above.
 * With N0 the number of x_0 = (b, r) (0 when r = 0: over), the numbers
 * N_j of x_j (j >= 1, options x_0 .. x_{j-1}) are, by induction on j:
 *   N0 even: x_0 is the only even option (N_1 .. N_{j-1} = N0 + 1 are
 *            odd), so N_j = N0 + 1;
 *   N0 odd:  x_1 has the one option x_0, so N_1 = N0 + 1 (even); for
 *            j >= 2, x_1 is the only even option (N_i = N0 + 2 odd for
 *            2 <= i < j), so N_j = N0 + 2.
 * Every position thus has one even option or a single option, where
 * least and largest agree: the remoteness and the suspense number are
 * equal. Folded from the last quotient up (at most 93 steps); the move
 * one lower leaves x_0, or x_1 when N0 is odd and q >= 2. test_every
 * checks it against the recursion on the literal moves.
 */
static uint64_t
eu_compound_number(uint64_t hi, uint64_t lo, uint64_t *n0)
{
    uint64_t q[96], n = 0;
    size_t m = eu_quotients(hi, lo, q);
    *n0 = 0;
    for (size_t i = m; i-- > 0;) {
        if (i == 0) {
            *n0 = n;
        }
        n = n % 2 == 0 || q[i] == 1 ? n + 1 : n + 2;
    }
    return n;
}

static grundy_status
eu_compound(grundy_game *game, const component *c, move_sink *sink,
            uint64_t *number, grundy_error *err)
{
    uint64_t hi = c->v[0] > c->v[1] ? c->v[0] : c->v[1];
    uint64_t lo = c->v[0] ^ c->v[1] ^ hi, n0;
    (void)game;
    *number = eu_compound_number(hi, lo, &n0);
    if (*number > 0 && sink != NULL &&
        eu_emit_chain(sink, c, hi / lo,
                      n0 % 2 == 1 && hi / lo >= 2 ? 1 : 0) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* A lone pair: the outcome by Cole and Davie (normal play) or the chain
 * (misere), and its one winning move on the chain (two when a == b). */
static grundy_status
eu_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    uint64_t hi = c->v[0] > c->v[1] ? c->v[0] : c->v[1];
    uint64_t lo = c->v[0] ^ c->v[1] ^ hi, q, v0;
    int w0, r;
    (void)game;
    if (lo == 0) {
        *win = misere; /* over: in misere play the mover wins */
        return GRUNDY_OK;
    }
    q = hi / lo;
    if (!misere) {
        *win = eu_cole_davie_win(hi, lo);
        if (!*win) {
            return GRUNDY_OK;
        }
        /* The loss on the chain: x_0 when it has value 0, else x_1. */
        (void)eu_grundy(hi, lo, &v0);
        r = eu_emit_chain(sink, c, q, v0 == 0 ? 0 : 1);
    } else {
        *win = eu_misere_win(hi, lo, &w0);
        if (!*win) {
            return GRUNDY_OK;
        }
        r = eu_emit_chain(sink, c, q, w0 ? 1 : 0);
    }
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

const family euclid_family = {
    .name = "euclid",
    .info = {"euclid",
             "Euclid's game: subtract a positive multiple of the smaller "
             "number from the larger, leaving it >= 0",
             "pair a,b"},
    .unit = "pair",
    .flags = FAMILY_CLOSED_FORM,
    .min_numbers = 2,
    .max_numbers = 2,
    .arity_text = "a position is a pair 'a,b'",
    .param = FAMILY_PARAM_NONE,
    .value = eu_value,
    .options = eu_options,
    .solve_alone = eu_solve_alone,
    .suspense = eu_compound,
    .remoteness = eu_compound,
};
