/*
 * bounded.c - bounded-take Nim: take 1..M stones from one heap.
 * G(n) = n mod (M+1): the options n-1 .. n-M cover every residue but n's
 * own, so the mex is n's residue (the classic Bachet game).
 */
#include "family.h"
#include "bignum.h"

#include <stdlib.h>
#include <string.h>

/* Digits M may have: as many as a number in a position (position.h). */
#define BOUNDED_MAX_DIGITS 1000000u

/* Beyond this many options a heap's options are not listed. */
#define BOUNDED_MAX_LISTED ((uint64_t)1 << 20)

typedef struct bounded {
    uint64_t m;      /* most stones one move may take, >= 1; 2^64 - 1
                      * also for an M beyond it (every 64-bit heap is
                      * then below M + 1, so that n mod (M + 1) = n and
                      * the 64-bit rules below read M as "more than the
                      * heap", which it is) */
    bignum *m1;      /* M + 1, exact: the modulus for big heaps */
    int big_m;       /* M is beyond 2^64 - 1 */
} bounded;

/* The parameter M of game as a number of any size (the rules of every
 * number: decimal digits only, at most POSITION_MAX_DIGITS of them). */
static grundy_status
bounded_parse_m(const grundy_game *game, bounded *b, const char *param,
                size_t len, grundy_error *err)
{
    char q[96], spec[128];
    int r = util_parse_u64(param, len, &b->m);
    util_quote_token(q, sizeof q, param, len);
    if (r == -1) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "M = %s is not a decimal number; write "
                       "e.g. bounded:3", q);
    }
    if (r == -2) {
        size_t zeros = 0;
        while (param[zeros] == '0') {
            zeros++;
        }
        if (len - zeros > BOUNDED_MAX_DIGITS) {
            /* A limit (exit status 3, as for a number of a position), so
             * the parser does not name the spec as for GRUNDY_ESPEC:
             * named here, in the same words. */
            util_quote_token(spec, sizeof spec, game->spec,
                             strlen(game->spec));
            return err_set(err, GRUNDY_ELIMIT, 0,
                           "bad game spec %s: M has %zu digits, and "
                           "numbers may have at most %u digits", spec,
                           len - zeros, BOUNDED_MAX_DIGITS);
        }
        b->m = UINT64_MAX;
        b->big_m = 1;
    }
    if (b->m == 0) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "M must be at least 1 (bounded:0 would allow no "
                       "move)");
    }
    if ((b->m1 = bignum_new()) == NULL ||
        (b->big_m ? bignum_parse_dec(b->m1, param, len)
                  : bignum_set_u64(b->m1, b->m)) != 0 ||
        bignum_add_u64(b->m1, b->m1, 1) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
bounded_create(grundy_game *game, const char *param, size_t len,
               grundy_error *err)
{
    bounded *b = calloc(1, sizeof *b);
    grundy_status st;
    if (b == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if ((st = bounded_parse_m(game, b, param, len, err)) != GRUNDY_OK) {
        bignum_free(b->m1);
        free(b);
        return st;
    }
    game->state = b;
    return GRUNDY_OK;
}

static void
bounded_destroy(grundy_game *game)
{
    bounded *b = game->state;
    bignum_free(b->m1);
    free(b);
}

/* n mod (M+1); with M = 2^64-1 every heap is below M+1. */
static uint64_t
bounded_residue(const bounded *b, uint64_t n)
{
    return b->m == UINT64_MAX ? n : n % (b->m + 1);
}

static grundy_status
bounded_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
              grundy_error *err)
{
    (void)n;
    (void)err;
    *sg = bounded_residue(game->state, v[0]);
    return GRUNDY_OK;
}

static int
bounded_emit(move_sink *sink, const component *c, uint64_t x)
{
    char buf[128];
    put_take_words(buf, c, c->v[0] - x);
    return move_emit1(sink, c, c->v[0] - x, buf);
}

/* The take of residue want, as bounded_options finds it: 0 when there
 * is none (want is the heap's own residue, or above M, or the take
 * exceeds the heap). */
static uint64_t
bounded_take(const bounded *b, uint64_t n, uint64_t want)
{
    uint64_t g = bounded_residue(b, n), x;
    /* The takes 1..M reach M consecutive residues, all but g; the one
     * of residue want is x = (g - want) mod (M+1). */
    if (want == g || (b->m != UINT64_MAX && want > b->m)) {
        return 0;
    }
    x = want < g ? g - want : g + (b->m - want) + 1;
    return x <= n ? x : 0;
}

static int
bounded_option_one(grundy_game *game, const component *c, uint64_t want,
                   uint64_t *to, char *explain)
{
    uint64_t x = bounded_take(game->state, c->v[0], want);
    if (x == 0) {
        return 0;
    }
    *to = c->v[0] - x;
    return put_take_words(explain, c, c->v[0] - x);
}

static grundy_status
bounded_options(grundy_game *game, const component *c, uint64_t want,
                move_sink *sink, grundy_error *err)
{
    const bounded *b = game->state;
    uint64_t n = c->v[0], x, most;

    if (want != GRUNDY_ANY_VALUE) {
        x = bounded_take(b, n, want);
        if (x != 0 && bounded_emit(sink, c, x) < 0) {
            return GRUNDY_ENOMEM;
        }
        return GRUNDY_OK;
    }
    most = n < b->m ? n : b->m;
    if (most > BOUNDED_MAX_LISTED) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "heap %llu has too many options to list (more "
                       "than %llu)", (unsigned long long)n,
                       (unsigned long long)BOUNDED_MAX_LISTED);
    }
    for (x = 1; x <= most; x++) {
        int r = bounded_emit(sink, c, x);
        if (r != 0) {
            return r < 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
    }
    return GRUNDY_OK;
}

/*
 * Every-SG and conjunctive play (Winning Ways ch. 9). With n = q(M+1) + r,
 * the remoteness and the suspense number are both 2q + (r != 0).
 * Induction on n: for r != 0 the options n-1 .. n-M (those >= 0) hold
 * exactly one multiple of M+1, q(M+1), of number 2q, even; every other
 * option has an odd number. So the one even option gives 1 + 2q for both
 * (min or max over one value). For r = 0 (n > 0) every option
 * (q-1)(M+1) + 1 .. n-1 has the odd number 2q - 1, so both are 2q. The
 * move to the number one less takes r (to q(M+1)), or 1 when r = 0
 * (every option is then alike). 2q + 1 <= n + 1 cannot wrap: 2q = n only
 * when M = 1 and r = 0.
 */
static grundy_status
bounded_compound(grundy_game *game, const component *c, move_sink *sink,
                 uint64_t *number, grundy_error *err)
{
    const bounded *b = game->state;
    uint64_t n = c->v[0], r = bounded_residue(b, n);
    uint64_t q = b->m == UINT64_MAX ? 0 : n / (b->m + 1);
    *number = 2 * q + (r != 0);
    if (*number > 0 && sink != NULL &&
        bounded_emit(sink, c, r != 0 ? r : 1) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
bounded_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    const bounded *b = game->state;
    if (b->big_m) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "the period of %s is M + 1, beyond 64-bit numbers",
                       game->label);
    }
    if (b->m == UINT64_MAX) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "the period of %s is 2^64, beyond 64-bit numbers",
                       game->label);
    }
    /* G(n) = n mod (M+1): purely periodic from 0, and the first M+1 values
     * are the whole certificate. */
    *out = (grundy_period){.found = 1, .period = b->m + 1,
                           .certified = b->m + 1, .searched = b->m + 1};
    return GRUNDY_OK;
}

/* ---- heaps beyond 64 bits -------------------------------------------- */

/* n mod (M + 1) of a big heap into g. */
static int
bounded_big_residue(const bounded *b, const bignum *n, bignum *g)
{
    return bignum_mod(g, n, b->m1);
}

static grundy_status
bounded_big_value(grundy_game *game, const big_component *c, bignum *sg,
                  grundy_error *err)
{
    if (bounded_big_residue(game->state, c->v[0], sg) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* The take of residue want from a big heap, or from any heap when M is
 * big (as bounded_take): the takes 1..M reach every residue mod M + 1
 * but the heap's own g, want by x = (g - want) mod (M + 1), when x is
 * at most the heap. Into x; 0 when there is none, 1 when there is one,
 * -1 when out of memory. */
static int
bounded_big_take(const bounded *b, const bignum *n, const bignum *want,
                 bignum *x)
{
    int r = 0;
    if (bounded_big_residue(b, n, x) != 0) {
        return -1;
    }
    if (bignum_cmp(want, x) == 0 || bignum_cmp(want, b->m1) >= 0) {
        return 0;
    }
    if (bignum_cmp(want, x) < 0) {
        r = bignum_sub(x, x, want);
    } else {
        r = bignum_add(x, x, b->m1) != 0 || bignum_sub(x, x, want) != 0;
    }
    if (r != 0) {
        return -1;
    }
    return bignum_cmp(x, n) <= 0;
}

static grundy_status
bounded_big_options(grundy_game *game, const big_component *c,
                    const bignum *want, move_sink *sink, grundy_error *err)
{
    bignum *x = bignum_new();
    int r = x == NULL ? -1 : bounded_big_take(game->state, c->v[0], want, x);
    /* A big heap has more than 2^20 options: only a wanted value's one
     * is listed (--all wants every winning move, each of one value). */
    if (r == 1) {
        r = bignum_sub(x, c->v[0], x) != 0 ||
                    move_emit_take_big(sink, c, x) < 0 ? -1 : 0;
    }
    bignum_free(x);
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static const family_big bounded_big = {
    .value = bounded_big_value,
    .options = bounded_big_options,
};

const family bounded_family = {
    .name = "bounded",
    .info = {"bounded:M", "take 1 to M stones from one heap (M >= 1)",
             "heap size n"},
    .unit = "heap",
    .flags = FAMILY_MISERE_NIMLIKE | FAMILY_CLOSED_FORM | FAMILY_HEAP_GAME,
    .max_numbers = 1,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "its take limit M >= 1, e.g. bounded:3",
    .create = bounded_create,
    .destroy = bounded_destroy,
    .value = bounded_value,
    .options = bounded_options,
    .period = bounded_period,
    .option_one = bounded_option_one,
    .big = &bounded_big,
    .suspense = bounded_compound,
    .remoteness = bounded_compound,
};
