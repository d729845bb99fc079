/*
 * coins.c - coin turning on a row (Winning Ways ch. 14, "Turn and turn
 * about"): Mock Turtles (mock) and Ruler (ruler). A component is one heads
 * coin; a position's value is the XOR of its coins' values (equal coins
 * cancel). Closed forms only: no tables, no state.
 */
#include "family.h"
#include "bignum.h"

#include <stdlib.h>

/* Most options one coin lists (--all, or every option for a search):
 * beyond, the listing is refused with a limit message. */
#define COIN_MAX_LISTED ((uint64_t)1 << 20)
/* Most coins one move of Ruler turns over in a rendered move. */
#define RULER_MAX_RUN ((uint64_t)1 << 16)

static const char coin_no_misere[] =
    "a position is a row of coins, where a coin turned twice is back to "
    "tails, not a sum of single-coin games, so the misere rules of sums do "
    "not apply";

static int
parity64(uint64_t v)
{
    v ^= v >> 32;
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (int)(v & 1);
}

/* ---- Mock Turtles ----------------------------------------------------- */

/*
 * Winning Ways ch. 14: in Mock Turtles (turn one, two or three coins, the
 * rightmost from heads to tails), with coins numbered from 0 (coin 0 the
 * mock turtle), coin n is worth the n-th odious number (OEIS A000069):
 * 2n or 2n + 1, whichever has an odd number of one bits. Proof sketch:
 * the option values of coin n are 0, the values of single coins below
 * and the XORs of two of them; the odious numbers are closed under XOR of
 * three (parity adds up) and the XOR of two odious numbers is evil, so
 * the mex is the next odious number (checked against the literal rules
 * in test_coins.c). The value of n is 2n + 1 - parity(n): odious
 * numbers are 2n when n has odd parity, else 2n + 1; the index of an
 * odious value v is v >> 1.
 */
static uint64_t
mock_value_of(uint64_t n)
{
    return 2 * n + (uint64_t)(1 - parity64(n));
}

/* Coins from 2^63 on are worth 2^64 or more: they go by the exact
 * operations below (mock_fits), so that every 64-bit value here, and
 * every option's value of a 64-bit coin, is below 2^64 - 1 (never the
 * GRUNDY_ANY_VALUE sentinel). */
#define COIN_BIG ((uint64_t)1 << 63)

static grundy_status
mock_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
           grundy_error *err)
{
    (void)game;
    (void)n;
    if (v[0] >= COIN_BIG) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "mock: coin %llu is worth 2^64 or more",
                       (unsigned long long)v[0]);
    }
    *sg = mock_value_of(v[0]);
    return GRUNDY_OK;
}

/* Emits the move on coin c (heads to tails) turning the k other coins
 * o[0] > o[1] (k = 0, 1, 2; all below c). */
static int
mock_emit(move_sink *sink, const component *c, const uint64_t *o, size_t k)
{
    char buf[128], *p = buf;
    size_t arity[2] = {1, 1};
    p = put_str(p, k == 0 ? "turn coin " : "turn coins ");
    p = put_heap(p, c);
    for (size_t i = 0; i < k; i++) {
        p = put_str(p, i + 1 == k ? " and " : ", ");
        p = put_u64(p, o[i]);
    }
    *p = '\0';
    return move_emit(sink, c, k, arity, o, buf);
}

static grundy_status
mock_emitted(int r, grundy_error *err)
{
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static grundy_status
mock_too_many(const component *c, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "mock: coin %llu has too many such moves to list them "
                   "all (a coin above %llu)", (unsigned long long)c->v[0],
                   (unsigned long long)COIN_MAX_LISTED);
}

/* Every option of coin n: n alone, with one coin a < n, with two
 * b < a < n (for exhaustive searches over small positions). */
static grundy_status
mock_all_options(const component *c, move_sink *sink, grundy_error *err)
{
    uint64_t n = c->v[0], o[2] = {0, 0};
    int r;
    if (n > 1024) {
        return mock_too_many(c, err);
    }
    r = mock_emit(sink, c, o, 0);
    for (uint64_t a = n; r == 0 && a-- > 0;) {
        o[0] = a;
        r = mock_emit(sink, c, o, 1);
        for (uint64_t b = a; r == 0 && b-- > 0;) {
            o[1] = b;
            r = mock_emit(sink, c, o, 2);
        }
    }
    return mock_emitted(r, err);
}

static grundy_status
mock_options(grundy_game *game, const component *c, uint64_t want,
             move_sink *sink, grundy_error *err)
{
    uint64_t n = c->v[0], g = mock_value_of(n), o[2] = {0, 0};
    int r = 0;
    (void)game;
    if (want == GRUNDY_ANY_VALUE) {
        return mock_all_options(c, sink, err);
    }
    if (want == 0) {
        /* Two or three coins turned are worth a nonzero XOR (distinct
         * coins have distinct values): only coin n alone. */
        return mock_emitted(mock_emit(sink, c, o, 0), err);
    }
    if (parity64(want)) {
        /* Odious: one coin (an XOR of two odious values is evil). */
        o[0] = want >> 1;
        return want < g ? mock_emitted(mock_emit(sink, c, o, 1), err)
                        : GRUNDY_OK;
    }
    /* Evil: two coins a > b with odious(a) ^ odious(b) = want. */
    if (!move_sink_wants_all(sink) && want < g) {
        /* The lowest bit of want is a power of two, odious, and want
         * without it is odious and below want < g: coins
         * (want - low) >> 1 and low >> 1, both below n, distinct
         * (want has at least two one bits). */
        uint64_t low = want & (~want + 1);
        o[0] = (want - low) >> 1;
        o[1] = low >> 1;
        return mock_emitted(mock_emit(sink, c, o, 2), err);
    }
    if (n > COIN_MAX_LISTED) {
        return mock_too_many(c, err);
    }
    for (uint64_t a = n; r == 0 && a-- > 0;) {
        uint64_t ob = mock_value_of(a) ^ want;
        /* want is evil, so ob is odious: the value of coin ob >> 1 */
        if ((ob >> 1) < a) {
            o[0] = a;
            o[1] = ob >> 1;
            r = mock_emit(sink, c, o, 2);
        }
    }
    return mock_emitted(r, err);
}

/* ---- Mock Turtles beyond 64 bits ------------------------------------ */

static int
big_parity(const bignum *x)
{
    int p = 0;
    for (size_t i = 0, n = bignum_bits(x); i < n; i++) {
        p ^= bignum_bit(x, i);
    }
    return p;
}

/* *g = the value of coin n, 2n + 1 - parity(n). */
static int
mock_big_value_of(const bignum *n, bignum *g)
{
    return bignum_add(g, n, n) != 0 ||
           bignum_add_u64(g, g, (uint64_t)(1 - big_parity(n))) != 0 ? -1 : 0;
}

static int
mock_fits(grundy_game *game, const uint64_t *v, size_t n)
{
    (void)game;
    (void)n;
    return v[0] < COIN_BIG;
}

static grundy_status
mock_big_value(grundy_game *game, const big_component *c, bignum *sg,
               grundy_error *err)
{
    (void)game;
    if (mock_big_value_of(c->v[0], sg) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* Emits the move on coin c turning the k other coins o[0] > o[1]. */
static int
mock_emit_big(move_sink *sink, const big_component *c, bignum *const *o,
              size_t k)
{
    static const size_t arity[2] = {1, 1};
    strbuf b = {0};
    int r = -1;
    util_sb_put(&b, k == 0 ? "turn coin " : "turn coins ");
    util_sb_put_big(&b, c->v[0]);
    for (size_t i = 0; i < k; i++) {
        util_sb_put(&b, i + 1 == k ? " and " : ", ");
        util_sb_put_big(&b, o[i]);
    }
    if (!b.oom) {
        r = move_emit_big(sink, c, k, arity, o, b.s);
    }
    free(b.s);
    return r;
}

/* The options of a big coin worth want, by the rules of mock_options:
 * at most one for want 0 or odious; for an evil want below the coin's
 * value the one of the lowest bit (every one for --all is too many). */
static grundy_status
mock_big_options(grundy_game *game, const big_component *c,
                 const bignum *want, move_sink *sink, grundy_error *err)
{
    bignum *g = bignum_new(), *o[2] = {bignum_new(), bignum_new()};
    grundy_status st = GRUNDY_OK;
    int r = 0, below;
    (void)game;
    if (g == NULL || o[0] == NULL || o[1] == NULL ||
        mock_big_value_of(c->v[0], g) != 0) {
        r = -1;
        goto out;
    }
    below = bignum_cmp(want, g) < 0;
    if (bignum_is_zero(want)) {
        r = mock_emit_big(sink, c, o, 0);
    } else if (big_parity(want)) {
        if (below) {
            r = bignum_shr(o[0], want, 1) != 0 ? -1
                                                : mock_emit_big(sink, c, o, 1);
        }
    } else if (move_sink_wants_all(sink)) {
        st = err_set(err, GRUNDY_ELIMIT, -1,
                     "mock: a coin beyond 2^64 - 1 has too many such moves "
                     "to list them all (a coin above %llu)",
                     (unsigned long long)COIN_MAX_LISTED);
    } else if (below) {
        size_t low = 0;
        while (!bignum_bit(want, low)) {
            low++;
        }
        /* o[1] = 2^low >> 1, o[0] = (want - 2^low) >> 1 */
        r = bignum_set_u64(o[1], 1) != 0 || bignum_shl(o[1], o[1], low) != 0 ||
                    bignum_sub(o[0], want, o[1]) != 0 ||
                    bignum_shr(o[0], o[0], 1) != 0 ||
                    bignum_shr(o[1], o[1], 1) != 0
                ? -1
                : mock_emit_big(sink, c, o, 2);
    }
out:
    bignum_free(g);
    bignum_free(o[0]);
    bignum_free(o[1]);
    if (r < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return st;
}

static const family_big mock_big = {
    .value = mock_big_value,
    .options = mock_big_options,
    .fits = mock_fits,
};

const family mock_family = {
    .name = "mock",
    .info = {"mock", "Mock Turtles: turn 1, 2 or 3 coins, the rightmost "
             "from heads to tails (coins from 0)", "heads coin n"},
    .unit = "coin",
    .flags = FAMILY_CLOSED_FORM | FAMILY_COINS,
    .max_numbers = 1,
    .param = FAMILY_PARAM_NONE,
    .value = mock_value,
    .options = mock_options,
    .big = &mock_big,
    .no_misere = coin_no_misere,
};

/* ---- Ruler ------------------------------------------------------------ */

/*
 * Winning Ways ch. 14: in Ruler (turn any run of consecutive coins, the
 * rightmost from heads to tails), with coins numbered from 1, coin n is
 * worth the largest power of two dividing n. With n = 2^k m (m odd), the
 * run of n and the L coins below it, L < 2^k, is worth the XOR of the
 * values of 1 .. L (those of n - i and i agree for i < 2^k), which is the
 * Gray code L ^ (L >> 1) (induction on L: the value of L is the lowest
 * bit of L, the bit where the Gray codes of L - 1 and L differ); so the
 * option of value t < 2^k turns n and the L = Gray^-1(t) coins below it.
 */
static uint64_t
ruler_value_of(uint64_t n)
{
    return n & (~n + 1);
}

/* Coins from 2^63 on go by the exact operations (ruler_fits): every
 * option of a 64-bit coin below that is an XOR of powers of two below
 * 2^63, never the GRUNDY_ANY_VALUE sentinel. */
static grundy_status
ruler_check(const grundy_game *game, const uint64_t *v, size_t n,
            grundy_error *err)
{
    (void)game;
    (void)n;
    if (v[0] == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "ruler: there is no coin 0: ruler numbers its coins "
                       "from 1");
    }
    return GRUNDY_OK;
}

static grundy_status
ruler_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
            grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = ruler_value_of(v[0]);
    return GRUNDY_OK;
}

/* Emits the move turning coin c and the l coins below it. */
static grundy_status
ruler_emit(move_sink *sink, const component *c, uint64_t l, int *stop,
           grundy_error *err)
{
    char buf[128], *p = buf;
    uint64_t n = c->v[0], *coins;
    size_t *arity;
    int r;
    if (l > RULER_MAX_RUN) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "ruler: the move from coin %llu turns %llu coins, "
                       "more than grundy writes out (%llu)",
                       (unsigned long long)n, (unsigned long long)(l + 1),
                       (unsigned long long)RULER_MAX_RUN + 1);
    }
    coins = malloc((size_t)(l + 1) * sizeof *coins);
    arity = malloc((size_t)(l + 1) * sizeof *arity);
    if (coins == NULL || arity == NULL) {
        free(coins);
        free(arity);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t i = 0; i < l; i++) {
        coins[i] = n - 1 - i;
        arity[i] = 1;
    }
    p = put_str(p, l == 0 ? "turn coin " : "turn coins ");
    p = put_heap(p, c);
    if (l == 1) {
        p = put_str(p, " and ");
        p = put_u64(p, n - 1);
    } else if (l > 1) {
        p = put_str(p, " down to ");
        p = put_u64(p, n - l);
    }
    *p = '\0';
    r = move_emit(sink, c, (size_t)l, arity, coins, buf);
    free(coins);
    free(arity);
    if (r < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    *stop = r > 0;
    return GRUNDY_OK;
}

static grundy_status
ruler_options(grundy_game *game, const component *c, uint64_t want,
              move_sink *sink, grundy_error *err)
{
    uint64_t n = c->v[0], g = ruler_value_of(n), x = 0;
    int stop = 0;
    grundy_status st = GRUNDY_OK;
    (void)game;
    if (want < g && !move_sink_wants_all(sink)) {
        /* Gray^-1(want): the run's length below n (< g <= n). */
        uint64_t l = want;
        for (unsigned s = 1; s < 64; s <<= 1) {
            l ^= l >> s;
        }
        return ruler_emit(sink, c, l, &stop, err);
    }
    if (n > COIN_MAX_LISTED) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "ruler: coin %llu has too many moves to list them "
                       "all (a coin above %llu)", (unsigned long long)n,
                       (unsigned long long)COIN_MAX_LISTED);
    }
    /* Runs of every length l (coins n - l .. n), value the running XOR. */
    for (uint64_t l = 0; st == GRUNDY_OK && !stop && l < n; l++) {
        if (l > 0) {
            x ^= ruler_value_of(n - l);
        }
        if (want == GRUNDY_ANY_VALUE || x == want) {
            st = ruler_emit(sink, c, l, &stop, err);
        }
    }
    return st;
}

/* ---- Ruler beyond 64 bits -------------------------------------------- */

static int
ruler_fits(grundy_game *game, const uint64_t *v, size_t n)
{
    (void)game;
    (void)n;
    return v[0] < COIN_BIG;
}

/* The exponent of the largest power of two dividing n > 0. */
static size_t
big_low_bit(const bignum *n)
{
    size_t i = 0;
    while (!bignum_bit(n, i)) {
        i++;
    }
    return i;
}

static grundy_status
ruler_big_value(grundy_game *game, const big_component *c, bignum *sg,
                grundy_error *err)
{
    (void)game;
    if (bignum_set_u64(sg, 1) != 0 ||
        bignum_shl(sg, sg, big_low_bit(c->v[0])) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* The option of value want below the coin's value 2^k: the coin and the
 * Gray^-1(want) coins below it (as ruler_options), written out when they
 * are at most RULER_MAX_RUN. */
static grundy_status
ruler_big_options(grundy_game *game, const big_component *c,
                  const bignum *want, move_sink *sink, grundy_error *err)
{
    size_t k = big_low_bit(c->v[0]);
    uint64_t w, l;
    bignum **coins = NULL;
    size_t *arity = NULL;
    strbuf b = {0};
    int r = -1;
    (void)game;
    if (move_sink_wants_all(sink) || bignum_bits(want) > k) {
        /* Only --all asks for want >= 2^k; runs longer than 2^k may have
         * any value, and a big coin has too many to list them all. */
        if (!move_sink_wants_all(sink)) {
            return GRUNDY_OK;
        }
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "ruler: a coin beyond 2^64 - 1 has too many moves to "
                       "list them all (a coin above %llu)",
                       (unsigned long long)COIN_MAX_LISTED);
    }
    l = 0;
    if (bignum_to_u64(want, &w)) {
        l = w;
        for (unsigned s = 1; s < 64; s <<= 1) {
            l ^= l >> s;
        }
    }
    if (!bignum_to_u64(want, &w) || l > RULER_MAX_RUN) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "ruler: the move from a coin beyond 2^64 - 1 turns "
                       "more coins than grundy writes out (%llu)",
                       (unsigned long long)RULER_MAX_RUN + 1);
    }
    coins = calloc((size_t)l + 1, sizeof *coins);
    arity = malloc(((size_t)l + 1) * sizeof *arity);
    if (coins == NULL || arity == NULL) {
        goto out;
    }
    for (uint64_t i = 0; i < l; i++) {
        arity[i] = 1;
        if ((coins[i] = bignum_new()) == NULL ||
            bignum_set_u64(coins[i], i + 1) != 0 ||
            bignum_sub(coins[i], c->v[0], coins[i]) != 0) {
            goto out;
        }
    }
    util_sb_put(&b, l == 0 ? "turn coin " : "turn coins ");
    util_sb_put_big(&b, c->v[0]);
    if (l > 0) {
        util_sb_put(&b, l == 1 ? " and " : " down to ");
        util_sb_put_big(&b, coins[l - 1]);
    }
    if (!b.oom) {
        r = move_emit_big(sink, c, (size_t)l, arity, coins, b.s);
    }
out:
    for (uint64_t i = 0; coins != NULL && i < l; i++) {
        bignum_free(coins[i]);
    }
    free(coins);
    free(arity);
    free(b.s);
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static const family_big ruler_big = {
    .value = ruler_big_value,
    .options = ruler_big_options,
    .fits = ruler_fits,
};

const family ruler_family = {
    .name = "ruler",
    .info = {"ruler", "Ruler: turn a run of consecutive coins, the "
             "rightmost from heads to tails (coins from 1)", "heads coin n"},
    .unit = "coin",
    .flags = FAMILY_CLOSED_FORM | FAMILY_COINS,
    .max_numbers = 1,
    .param = FAMILY_PARAM_NONE,
    .check = ruler_check,
    .value = ruler_value,
    .options = ruler_options,
    .big = &ruler_big,
    .no_misere = coin_no_misere,
};
