/*
 * ferguson.c - Ferguson's game: two boxes; a move empties one box and
 * splits the other into two non-empty boxes. Closed forms for every 64-bit
 * pair: Grundy values (normal play) and misere outcomes, proved below.
 */
#include "family.h"
#include "bignum.h"

#include <stdio.h>
#include <stdlib.h>

#define FG_LIST_MAX (1u << 20) /* most splits of one box listed */

/*
 * Grundy values. Let S(n) be the set of values of the pairs (x, n - x).
 * Then G(a, b) = mex(S(a) u S(b)), and by induction S(n) is the set of bit
 * positions of n - 1, so G(a, b) = number of trailing one bits of
 * (a-1) | (b-1). Induction step: with u + v = n - 2 (u = x - 1, v = n-1-x)
 * and j the trailing ones of u | v, bits 0..j-1 of u|v are set and bit j
 * of u, v is clear, so adding 1 to u + v carries exactly into bit j of
 * n - 1 (whatever u & v holds below j); conversely each set bit j of
 * m = n - 1 is reached by u = (m with bits 0..j cleared) + 2^j - 1,
 * v = m mod 2^j. (Also checked against brute force in test_ferguson.c.)
 */
static uint64_t
fg_value(uint64_t a, uint64_t b)
{
    uint64_t x = ~((a - 1) | (b - 1));
    uint64_t n = 0;
    if (x == 0) {
        return 64; /* (a-1) | (b-1) has all 64 bits set */
    }
    while ((x & 1) == 0) {
        x >>= 1;
        n++;
    }
    return n;
}

/*
 * Misere: the mover loses iff (a, b) != (1, 1) and both a and b lie in
 * Q = {1} u {n : n = 2 mod 3}. Proof: a box n admits a split into a pair
 * of Q-values other than (1, 1) iff n >= 3 and n != 2 mod 3: n = 0 mod 3
 * gives 1 + (n-1), n = 1 mod 3 gives 2 + (n-2); for n = 2 mod 3 the
 * residues of Q (1 only for the value 1, else 2) cannot sum to 2 except
 * as 1 + 1. (1, 1) has no move, so its mover wins.
 */
static int
fg_in_q(uint64_t n)
{
    return n == 1 || n % 3 == 2;
}

static int
fg_misere_lose(uint64_t a, uint64_t b)
{
    return !(a == 1 && b == 1) && fg_in_q(a) && fg_in_q(b);
}

/* Emits the split of box `box` (1 or 2, holding n) into x + (n - x),
 * emptying the other box. */
static int
fg_emit(move_sink *sink, const component *c, int box, uint64_t x)
{
    char buf[320], s[5][24];
    size_t arity = 2;
    uint64_t n = c->v[box - 1], vals[2];

    vals[0] = x;
    vals[1] = n - x;
    util_u64_to_dec(n, s[0]);
    util_u64_to_dec(x, s[1]);
    util_u64_to_dec(n - x, s[2]);
    util_u64_to_dec(c->v[0], s[3]);
    util_u64_to_dec(c->v[1], s[4]);
    snprintf(buf, sizeof buf,
             "empty box %d and split box %d of pair %zu: %s -> %s + %s "
             "(%s,%s -> %s,%s)", 3 - box, box, c->index, s[0], s[1], s[2],
             s[3], s[4], s[1], s[2]);
    return move_emit(sink, c, 1, &arity, vals, buf);
}

typedef struct fg_emitter {
    move_sink *sink;
    const component *c;
    int stop;   /* the sink wants no more */
    int nomem;
} fg_emitter;

static void
fg_put(fg_emitter *e, int box, uint64_t x)
{
    int r;
    if (e->stop) {
        return;
    }
    r = fg_emit(e->sink, e->c, box, x);
    if (r < 0) {
        e->nomem = 1;
        e->stop = 1;
    } else if (r > 0) {
        e->stop = 1;
    }
}

/* Boxes whose splits are distinct positions: with a == b, splitting
 * either box gives the same pairs, so only box 1 is used. */
static int
fg_boxes(const component *c)
{
    return c->v[0] == c->v[1] ? 1 : 2;
}

static grundy_status
fg_finish(const fg_emitter *e, grundy_error *err)
{
    if (e->nomem) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
fg_too_many(const component *c, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "ferguson: pair %zu (%llu,%llu) has too many such "
                   "moves to list them all (a box above %u)", c->index,
                   (unsigned long long)c->v[0],
                   (unsigned long long)c->v[1], FG_LIST_MAX);
}

static grundy_status
fg_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    fg_emitter e = {sink, c, 0, 0};
    int nb = fg_boxes(c);
    (void)game;

    for (int box = 1; box <= nb && !e.stop; box++) {
        uint64_t n = c->v[box - 1], m = n - 1;
        if (n < 2) {
            continue;
        }
        if (m <= FG_LIST_MAX) {
            /* x + (n - x) and (n - x) + x are one split: x <= n - x */
            for (uint64_t x = 1; x <= n / 2 && !e.stop; x++) {
                if (want == GRUNDY_ANY_VALUE || fg_value(x, n - x) == want) {
                    fg_put(&e, box, x);
                }
            }
            continue;
        }
        /* A huge box: only one move per value can be produced (the
         * construction in the proof of fg_value); listing is refused. */
        if (want == GRUNDY_ANY_VALUE || move_sink_wants_all(sink)) {
            return fg_too_many(c, err);
        }
        if (want < 64 && ((m >> want) & 1)) {
            uint64_t high = want == 63 ? 0 : (m >> (want + 1)) << (want + 1);
            uint64_t low = ((uint64_t)1 << want) - 1;
            fg_put(&e, box, high + low + 1);
        }
    }
    return fg_finish(&e, err);
}

static grundy_status
fg_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    fg_emitter e = {sink, c, 0, 0};
    int nb = fg_boxes(c);
    int all = move_sink_wants_all(sink);
    uint64_t a = c->v[0], b = c->v[1];

    if (!misere) {
        *win = fg_value(a, b) != 0;
        return *win ? fg_options(game, c, 0, sink, err) : GRUNDY_OK;
    }
    if (a == 1 && b == 1) {
        *win = 1; /* no move: the previous player moved last */
        return GRUNDY_OK;
    }
    *win = !fg_misere_lose(a, b);
    if (!*win) {
        return GRUNDY_OK;
    }
    for (int box = 1; box <= nb && !e.stop; box++) {
        uint64_t n = c->v[box - 1];
        if (n >= 3 && n % 3 == 0) {
            fg_put(&e, box, 1);   /* 1 + (n - 1): one split, not two */
        } else if (n >= 4 && n % 3 == 1) {
            if (all && n / 3 > FG_LIST_MAX) {
                return fg_too_many(c, err);
            }
            for (uint64_t x = 2; x <= n / 2 && !e.stop; x += 3) {
                fg_put(&e, box, x);
            }
        }
    }
    return fg_finish(&e, err);
}

static grundy_status
fg_value_op(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
            grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = fg_value(v[0], v[1]);
    return GRUNDY_OK;
}

static grundy_status
fg_check(const grundy_game *game, const uint64_t *v, size_t n,
         grundy_error *err)
{
    (void)game;
    (void)n;   /* 2: registry_check applied the arity */
    if (v[0] == 0 || v[1] == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "ferguson: box %d of %llu,%llu is empty; every box "
                       "holds at least 1", v[0] == 0 ? 1 : 2,
                       (unsigned long long)v[0], (unsigned long long)v[1]);
    }
    return GRUNDY_OK;
}

/* ---- boxes beyond 64 bits --------------------------------------------- */

/* Emits the split of box `box` of big pair c into x + (n - x) (fg_emit's
 * words); 0, 1 as move_emit, -1 when out of memory. */
static int
fg_big_emit(move_sink *sink, const big_component *c, int box, bignum *x)
{
    bignum *y = bignum_new();
    bignum *vals[2] = {x, y};
    size_t arity = 2;
    strbuf e = {0};
    int r = -1;
    if (y != NULL && bignum_sub(y, c->v[box - 1], x) == 0) {
        util_sb_put(&e, "empty box ");
        util_sb_put_u64(&e, (uint64_t)(3 - box));
        util_sb_put(&e, " and split box ");
        util_sb_put_u64(&e, (uint64_t)box);
        util_sb_put(&e, " of pair ");
        util_sb_put_u64(&e, c->index);
        util_sb_put(&e, ": ");
        util_sb_put_big(&e, c->v[box - 1]);
        util_sb_put(&e, " -> ");
        util_sb_put_big(&e, x);
        util_sb_put(&e, " + ");
        util_sb_put_big(&e, y);
        util_sb_put(&e, " (");
        util_sb_put_big(&e, c->v[0]);
        util_sb_put(&e, ",");
        util_sb_put_big(&e, c->v[1]);
        util_sb_put(&e, " -> ");
        util_sb_put_big(&e, x);
        util_sb_put(&e, ",");
        util_sb_put_big(&e, y);
        util_sb_put(&e, ")");
        r = e.oom ? -1 : move_emit_big(sink, c, 1, &arity, vals, e.s);
    }
    bignum_free(y);
    free(e.s);
    return r;
}

/* m = n - 1 of box i (n >= 1: checked by fg_check). */
static int
fg_big_less_one(bignum *m, const bignum *n)
{
    bignum *one = bignum_new();
    int r = one == NULL || bignum_set_u64(one, 1) != 0 ||
            bignum_sub(m, n, one) != 0;
    bignum_free(one);
    return r ? -1 : 0;
}

/* fg_value: the trailing one bits of (a - 1) | (b - 1). */
static grundy_status
fg_big_value(grundy_game *game, const big_component *c, bignum *sg,
             grundy_error *err)
{
    bignum *a = bignum_new(), *b = bignum_new();
    uint64_t n = 0;
    int ok = a != NULL && b != NULL && fg_big_less_one(a, c->v[0]) == 0 &&
             fg_big_less_one(b, c->v[1]) == 0;
    (void)game;
    while (ok && (bignum_bit(a, n) || bignum_bit(b, n))) {
        n++;
    }
    ok = ok && bignum_set_u64(sg, n) == 0;
    bignum_free(a);
    bignum_free(b);
    return ok ? GRUNDY_OK : err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

static grundy_status
fg_big_too_many(const big_component *c, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "ferguson: pair %zu has too many such moves to list "
                   "them all (a box above %u)", c->index, FG_LIST_MAX);
}

/* The split of value want of each box (fg_options' huge-box rule): with
 * m = n - 1 and bit w = want of m set, x = (m >> (w+1) << (w+1)) + 2^w
 * leaves x - 1 and n - x - 1 = m mod 2^w, whose OR has exactly w trailing
 * ones. One move per box; a list of all is refused (far too many). */
static grundy_status
fg_big_options(grundy_game *game, const big_component *c, const bignum *want,
               move_sink *sink, grundy_error *err)
{
    bignum *m = bignum_new(), *x = bignum_new(), *bit = bignum_new();
    uint64_t w;
    int r = m == NULL || x == NULL || bit == NULL ? -1 : 0;
    int nb = bignum_cmp(c->v[0], c->v[1]) == 0 ? 1 : 2;
    (void)game;
    if (move_sink_wants_all(sink)) {
        r = -2;
    }
    for (int box = 1; r == 0 && box <= nb && bignum_to_u64(want, &w);
         box++) {
        if (fg_big_less_one(m, c->v[box - 1]) != 0) {
            r = -1;
        } else if (w < bignum_bits(m) && bignum_bit(m, (size_t)w)) {
            r = bignum_shr(x, m, (size_t)w + 1) != 0 ||
                        bignum_shl(x, x, (size_t)w + 1) != 0 ||
                        bignum_set_u64(bit, 1) != 0 ||
                        bignum_shl(bit, bit, (size_t)w) != 0 ||
                        bignum_add(x, x, bit) != 0
                    ? -1
                    : fg_big_emit(sink, c, box, x);
        }
    }
    bignum_free(m);
    bignum_free(x);
    bignum_free(bit);
    if (r == -2) {
        return fg_big_too_many(c, err);
    }
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

/* Misere (fg_misere_lose, Q = {1} u {n = 2 mod 3}): a big box n = 0 mod
 * 3 splits into 1 + (n - 1), one = 1 mod 3 into 2 + (n - 2) (the first of
 * many such moves: listing all is refused). Normal play goes by value. */
static grundy_status
fg_big_solve_alone(grundy_game *game, const big_component *c, int misere,
                   move_sink *sink, int *win, grundy_error *err)
{
    bignum *x = bignum_new();
    uint64_t res[2];
    int q[2] = {0, 0}, r = x == NULL ? -1 : 0;
    int nb = bignum_cmp(c->v[0], c->v[1]) == 0 ? 1 : 2;
    (void)game;
    if (!misere) {
        bignum_free(x);
        return GRUNDY_EUNSUPPORTED;
    }
    for (int i = 0; r == 0 && i < 2; i++) {
        r = bignum_divmod_u64(NULL, c->v[i], 3, &res[i]);
        q[i] = bignum_cmp_u64(c->v[i], 1) == 0 || res[i] == 2;
    }
    /* A big pair is never (1, 1). */
    *win = !(q[0] && q[1]);
    for (int box = 1; r == 0 && *win && box <= nb; box++) {
        if (bignum_cmp_u64(c->v[box - 1], 3) < 0 || res[box - 1] == 2) {
            continue;
        }
        if (res[box - 1] == 1 && move_sink_wants_all(sink)) {
            r = -2;
            break;
        }
        r = bignum_set_u64(x, res[box - 1] == 0 ? 1 : 2) != 0
                ? -1
                : fg_big_emit(sink, c, box, x);
        if (r != 0 && !move_sink_wants_all(sink)) {
            break;
        }
    }
    bignum_free(x);
    if (r == -2) {
        return fg_big_too_many(c, err);
    }
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static const family_big fg_big_ops = {
    .value = fg_big_value,
    .options = fg_big_options,
    .solve_alone = fg_big_solve_alone,
};

const family ferguson_family = {
    .name = "ferguson",
    .info = {"ferguson",
             "empty one box and split the other into two non-empty boxes",
             "boxes a,b (each >= 1)"},
    .unit = "pair",
    .flags = FAMILY_CLOSED_FORM,
    .min_numbers = 2,
    .max_numbers = 2,
    .arity_text = "a position is a pair of boxes 'a,b'",
    .param = FAMILY_PARAM_NONE,
    .check = fg_check,
    .value = fg_value_op,
    .options = fg_options,
    .solve_alone = fg_solve_alone,
    .big = &fg_big_ops,
};
