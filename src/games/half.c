/*
 * half.c - At-Least-Half: a move takes at least half of one heap, so a
 * heap of n leaves any m <= floor(n/2). G(n) = the number of binary
 * digits of n (T. S. Ferguson, Game Theory, Part I, 3.3; proof in
 * docs/theory.md 2b). Every heap is misere-equivalent to the nim heap of
 * its value, so sums follow the misere Nim rule.
 */
#include "family.h"

/* Listing more options of one heap than this is refused (--all, the
 * misere search); a single winning move never needs a list. */
#define HALF_MAX_LISTED ((uint64_t)1 << 20)

/* Binary digits of n: 0 for 0, k for 2^(k-1) <= n < 2^k. */
static uint64_t
half_bits(uint64_t n)
{
    uint64_t k = 0;
    for (; n != 0; n >>= 1) {
        k++;
    }
    return k;
}

static grundy_status
half_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
           grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = half_bits(v[0]);
    return GRUNDY_OK;
}

/* The heaps m <= floor(n/2) worth want (every one when want is
 * GRUNDY_ANY_VALUE), [*lo, *hi], largest first when emitted; 0 when none.
 * A heap worth w >= 1 is one of 2^(w-1) .. 2^w - 1. */
static int
half_range(uint64_t n, uint64_t want, uint64_t *lo, uint64_t *hi)
{
    uint64_t top = n / 2;
    if (n == 0) {
        return 0;
    }
    if (want == GRUNDY_ANY_VALUE) {
        *lo = 0;
        *hi = top;
        return 1;
    }
    if (want >= half_bits(n)) {
        return 0;   /* every option has fewer digits than n */
    }
    *lo = want == 0 ? 0 : (uint64_t)1 << (want - 1);
    *hi = want == 0 ? 0 : ((uint64_t)1 << (want - 1)) * 2 - 1;
    *hi = *hi < top ? *hi : top;
    return *lo <= *hi;
}

/* The first option options() emits for want: the largest heap left. */
static int
half_option_one(grundy_game *game, const component *c, uint64_t want,
                uint64_t *to, char *explain)
{
    uint64_t lo, hi;
    (void)game;
    if (!half_range(c->v[0], want, &lo, &hi)) {
        return 0;
    }
    *to = hi;
    return put_take_words(explain, c, hi);
}

static grundy_status
half_options(grundy_game *game, const component *c, uint64_t want,
             move_sink *sink, grundy_error *err)
{
    uint64_t lo, hi;
    char buf[128];
    (void)game;
    if (!half_range(c->v[0], want, &lo, &hi)) {
        return GRUNDY_OK;
    }
    if ((want == GRUNDY_ANY_VALUE || move_sink_wants_all(sink)) &&
        hi - lo >= HALF_MAX_LISTED) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "half: heap %zu has too many options to list (more "
                       "than %llu)", c->index,
                       (unsigned long long)HALF_MAX_LISTED);
    }
    for (uint64_t m = hi;; m--) {
        int r;
        put_take_words(buf, c, m);
        if ((r = move_emit1(sink, c, m, buf)) != 0) {
            return r < 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
        if (m == lo) {
            return GRUNDY_OK;
        }
    }
}

const family half_family = {
    .name = "half",
    .info = {"half", "At-Least-Half: take at least half of the stones of "
             "one heap", "heap size n"},
    .unit = "heap",
    .flags = FAMILY_MISERE_NIMLIKE | FAMILY_CLOSED_FORM,
    .max_numbers = 1,
    .param = FAMILY_PARAM_NONE,
    .value = half_value,
    .options = half_options,
    .option_one = half_option_one,
};
