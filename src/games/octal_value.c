/*
 * octal_value.c - values of single heaps of take-and-break games: the
 * sequence engine (sgseq) run with the context's settings, the closed
 * forms (Lasker's Nim, G(n) = n, hex:0.8), periods, and what saving a
 * sequence and the misere quotient ask of the rules. Lists no option and
 * parses no text.
 */
#include "octal.h"

/* The context's settings (game->limits) for a computation of the
 * game's sequence (limits_sgseq_env). */
sgseq_env
octal_env(grundy_game *game)
{
    octal *o = game->state;
    sgseq_env env;
    limits_sgseq_env(game, o->seq, &env);
    return env;
}

/*
 * Lasker's Nim (octal 4.(3): take any number, or split a heap in two):
 * G(n) = n for n = 1, 2 mod 4, n + 1 for n = 3 mod 4, n - 1 for n = 0 mod
 * 4 (n >= 1). A theorem (Berlekamp, Conway and Guy, Winning Ways, ch. 4;
 * by induction on n: the options reach every smaller value, and never
 * G(n) because takes give G(m) for m < n and splits a + b = n give
 * G(a) ^ G(b)). test_takebreak checks it against the table computed
 * from the rules. For a heap of any size (nat.h: heap 2^64 - 1 is worth
 * 2^64).
 */
static int
octal_lasker_nat(nat *sg, const nat *n)
{
    uint64_t r;
    if (nat_divmod_u64(NULL, n, 4, &r) != 0) {
        return -1;
    }
    if (r == 0 && nat_is_zero(n)) {
        nat_set_u64(sg, 0);
        return 0;
    }
    if (r == 0) {
        return nat_sub_u64(sg, n, 1);
    }
    return r == 3 ? nat_add_u64(sg, n, 1) : nat_copy(sg, n);
}

/*
 * hex:0.8 (remove 1, leave exactly three non-empty heaps): G(n) =
 * floor((n - 1) / 3) for n >= 1, G(0) = 0. Proof (docs/theory.md 3b), by
 * induction: an option a + b + c = n - 1 is worth G(a) ^ G(b) ^ G(c) <=
 * G(a) + G(b) + G(c) <= (n - 4) / 3 < G(n), so G(n) is no option; and
 * every v < G(n) is one: a in {3v + 1, 3v + 2} (both worth v) with n - 1
 * - a even and at least 2, b = c = (n - 1 - a) / 2, G(b) ^ G(c) = 0.
 */
static int
octal_thirds_nat(nat *sg, const nat *n)
{
    uint64_t r;
    if (nat_is_zero(n)) {
        nat_set_u64(sg, 0);
        return 0;
    }
    return nat_sub_u64(sg, n, 1) != 0 || nat_divmod_u64(sg, sg, 3, &r) != 0
               ? -1
               : 0;
}

/* The heap of Lasker's Nim worth v (G is a bijection on the naturals). */
int
octal_lasker_inverse_nat(nat *m, const nat *v)
{
    uint64_t r;
    if (nat_divmod_u64(NULL, v, 4, &r) != 0) {
        return -1;
    }
    if (r == 0 && nat_is_zero(v)) {
        nat_set_u64(m, 0);
        return 0;
    }
    if (r == 0) {
        return nat_sub_u64(m, v, 1);
    }
    return r == 3 ? nat_add_u64(m, v, 1) : nat_copy(m, v);
}

int
octal_closed_g(const octal *o, const nat *n, nat *sg)
{
    return o->identity ? nat_copy(sg, n)
           : o->thirds ? octal_thirds_nat(sg, n)
                       : octal_lasker_nat(sg, n);
}

/* The 64-bit forms (octal_g's inner loops): numbers within 128 bits
 * never allocate, so these cannot fail. Heap 2^64 - 1 of Lasker's Nim is
 * worth 2^64: *ok is 0 there. */
uint64_t
octal_lasker_g(uint64_t n, int *ok)
{
    nat x = NAT_ZERO, g = NAT_ZERO;
    uint64_t v = 0;
    nat_set_u64(&x, n);
    (void)octal_lasker_nat(&g, &x);
    *ok = nat_to_u64(&g, &v);
    return v;
}

uint64_t
octal_thirds_g(uint64_t n)
{
    nat x = NAT_ZERO, g = NAT_ZERO;
    uint64_t v = 0;
    nat_set_u64(&x, n);
    (void)octal_thirds_nat(&g, &x);
    (void)nat_to_u64(&g, &v);
    return v;
}

grundy_status
octal_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
            grundy_error *err)
{
    octal *o = game->state;
    sgseq_env env;
    (void)n;
    if (o->lasker || o->identity || o->thirds) {
        nat x = NAT_ZERO, g = NAT_ZERO;
        nat_set_u64(&x, v[0]);
        (void)octal_closed_g(o, &x, &g);   /* 128 bits: cannot fail */
        if (!nat_to_u64(&g, sg)) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "the Grundy value of heap %llu of %s is 2^64, "
                           "which does not fit in 64 bits",
                           (unsigned long long)v[0], game->label);
        }
        return GRUNDY_OK;
    }
    if (sgseq_known(o->seq, v[0], sg)) {
        return GRUNDY_OK;   /* nothing to compute: no settings to read */
    }
    env = octal_env(game);
    return sgseq_value(o->seq, v[0], &env, sg, err);
}

/*
 * The periods the closed forms give, read off them: Lasker's Nim G(n + 4)
 * = G(n) + 4 for n >= 1; G(n) = n; hex:0.8 G(n + 3) = G(n) + 1 for n >= 1.
 */
static const grundy_period lasker_period = {
    .found = 1, .period = 4, .preperiod = 1, .saltus = 4,
    .theorem = "the closed form of Lasker's Nim (Winning Ways, ch. 4)"};
static const grundy_period identity_period = {
    .found = 1, .period = 1, .saltus = 1,
    .theorem = "G(n) = n: every removal may leave one heap or none, and a "
               "split is worth at most its size"};
static const grundy_period thirds_period = {
    .found = 1, .period = 3, .preperiod = 1, .saltus = 1,
    .theorem = "G(n) = floor((n - 1) / 3), proved in docs/theory.md 3b"};

/* The period of o's closed form, or NULL when its values come from the
 * sequence engine. */
static const grundy_period *
closed_period(const octal *o)
{
    return o->lasker     ? &lasker_period
           : o->identity ? &identity_period
           : o->thirds   ? &thirds_period
                         : NULL;
}

grundy_status
octal_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    octal *o = game->state;
    const grundy_period *closed = closed_period(o);
    sgseq_env env;
    if (closed != NULL) {
        *out = *closed;
        return GRUNDY_OK;
    }
    env = octal_env(game);
    return sgseq_period(o->seq, &env, out, err);
}

/*
 * The largest removal and the most heaps a move leaves (family.h): finite
 * codes only. A repeating group has no largest removal, and the closed
 * forms (Lasker's Nim, G(n) = n, hex:0.8) come from such groups or need
 * no quotient certificate of this kind.
 */
int
octal_heap_span(const grundy_game *game, uint64_t *k, unsigned *parts)
{
    const octal *o = game->state;
    if (o->nrep > 0 || closed_period(o) != NULL || o->nrun == 0) {
        return 0;
    }
    *k = o->run[o->nrun - 1].hi;   /* runs ascend */
    *parts = 1;
    for (size_t i = 0; i < o->nrun; i++) {
        unsigned t = (o->run[i].bits & SGSEQ_THREE) ? 3u
                     : (o->run[i].bits & SGSEQ_TWO) ? 2u : 1u;
        *parts = t > *parts ? t : *parts;
    }
    return 1;
}

/* The sequence to save or resume; none for the closed forms. */
sgseq *
octal_sequence(grundy_game *game, sgseq_env *env)
{
    octal *o = game->state;
    if (closed_period(o) != NULL) {
        return NULL;
    }
    *env = octal_env(game);
    return o->seq;
}
