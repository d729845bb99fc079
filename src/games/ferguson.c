/*
 * ferguson.c - Ferguson's game: two boxes; a move empties one box and
 * splits the other into two non-empty boxes. Closed forms for every 64-bit
 * pair: Grundy values (normal play) and misere outcomes, proved below.
 */
#include "family.h"

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
    u64_to_dec(n, s[0]);
    u64_to_dec(x, s[1]);
    u64_to_dec(n - x, s[2]);
    u64_to_dec(c->v[0], s[3]);
    u64_to_dec(c->v[1], s[4]);
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
        return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
fg_too_many(const component *c, grundy_error *err)
{
    return set_error(err, GRUNDY_ELIMIT, -1,
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
            for (uint64_t x = 1; x < n && !e.stop; x++) {
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
            fg_put(&e, box, 1);
            fg_put(&e, box, n - 1);
        } else if (n >= 4 && n % 3 == 1) {
            if (all && n / 3 > FG_LIST_MAX) {
                return fg_too_many(c, err);
            }
            for (uint64_t x = 2; x <= n - 2 && !e.stop; x += 3) {
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
fg_create(grundy_game *game, const char *param, size_t len,
          grundy_error *err)
{
    (void)len;
    game->state = NULL;
    if (param != NULL) {
        return set_error(err, GRUNDY_ESPEC, -1,
                         "ferguson takes no parameter (write 'ferguson')");
    }
    return GRUNDY_OK;
}

static grundy_status
fg_check(const grundy_game *game, const uint64_t *v, size_t n,
         grundy_error *err)
{
    (void)game;
    if (n != 2) {
        return set_error(err, GRUNDY_EPOSITION, -1,
                         "ferguson: a position is a pair of boxes 'a,b', "
                         "not %zu number%s", n, n == 1 ? "" : "s");
    }
    if (v[0] == 0 || v[1] == 0) {
        return set_error(err, GRUNDY_EPOSITION, -1,
                         "ferguson: box %d of %llu,%llu is empty; every box "
                         "holds at least 1", v[0] == 0 ? 1 : 2,
                         (unsigned long long)v[0], (unsigned long long)v[1]);
    }
    return GRUNDY_OK;
}

const family ferguson_family = {
    "ferguson",
    {"ferguson",
     "empty one box and split the other into two non-empty boxes",
     "boxes a,b (each >= 1)"},
    "pair",
    FAMILY_CLOSED_FORM,
    fg_create,
    NULL,
    fg_check,
    fg_value_op,
    fg_options,
    fg_solve_alone,
    NULL,
    NULL,
    NULL,
};
