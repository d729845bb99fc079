/*
 * nim.c - Nim: take any positive number of stones from one heap.
 * G(n) = n (Bouton), so the option of value t < n is the heap t itself.
 */
#include "family.h"
#include "bignum.h"

/* Listing every option of a heap is for exhaustive searches over small
 * positions; beyond this many options it is refused. */
#define NIM_MAX_LISTED ((uint64_t)1 << 20)

static grundy_status
nim_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
          grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = v[0];
    return GRUNDY_OK;
}

/* Emits the move heap c -> m (m < heap). */
static int
nim_emit(move_sink *sink, const component *c, uint64_t m)
{
    char buf[128];
    put_take_words(buf, c, m);
    return move_emit1(sink, c, m, buf);
}

/* The one option of value want < heap: the heap want itself. */
static int
nim_option_one(grundy_game *game, const component *c, uint64_t want,
               uint64_t *to, char *explain)
{
    (void)game;
    if (want >= c->v[0]) {
        return 0;
    }
    *to = want;
    return put_take_words(explain, c, want);
}

static grundy_status
nim_options(grundy_game *game, const component *c, uint64_t want,
            move_sink *sink, grundy_error *err)
{
    uint64_t n = c->v[0];
    (void)game;
    if (want != GRUNDY_ANY_VALUE) {
        if (want < n && nim_emit(sink, c, want) < 0) {
            return GRUNDY_ENOMEM;
        }
        return GRUNDY_OK;
    }
    if (n > NIM_MAX_LISTED) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "heap %llu has too many options to list (more "
                       "than %llu)", (unsigned long long)n,
                       (unsigned long long)NIM_MAX_LISTED);
    }
    for (uint64_t m = n; m-- > 0;) {
        int r = nim_emit(sink, c, m);
        if (r != 0) {
            return r < 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
    }
    return GRUNDY_OK;
}

/* ---- heaps beyond 64 bits -------------------------------------------- */

static grundy_status
nim_big_value(grundy_game *game, const big_component *c, bignum *sg,
              grundy_error *err)
{
    (void)game;
    if (bignum_copy(sg, c->v[0]) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
nim_big_options(grundy_game *game, const big_component *c,
                const bignum *want, move_sink *sink, grundy_error *err)
{
    (void)game;
    if (bignum_cmp(want, c->v[0]) < 0 &&
        move_emit_take_big(sink, c, want) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/*
 * Every-SG and conjunctive play (Winning Ways ch. 9): a heap n > 0 can be
 * taken whole, to 0 (number 0, even), and every other option is a heap
 * m > 0 whose number is odd by induction: so the remoteness is 1 + 0 and
 * the suspense 1 + max of the even numbers {0}, both 1; heap 0 has none.
 * The move to the number one less takes the heap whole.
 */
static grundy_status
nim_compound(grundy_game *game, const component *c, move_sink *sink,
             uint64_t *number, grundy_error *err)
{
    (void)game;
    *number = c->v[0] > 0;
    if (*number > 0 && sink != NULL && nim_emit(sink, c, 0) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static const family_big nim_big = {
    .value = nim_big_value,
    .options = nim_big_options,
};

const family nim_family = {
    .name = "nim",
    .info = {"nim", "take any positive number of stones from one heap",
             "heap size n"},
    .unit = "heap",
    .flags = FAMILY_MISERE_NIMLIKE | FAMILY_CLOSED_FORM | FAMILY_HEAP_GAME |
             FAMILY_VALUE_IS_NUMBER,
    .max_numbers = 1,
    .param = FAMILY_PARAM_NONE,
    .param_text = "write just 'nim'; for a take limit use bounded:M",
    .value = nim_value,
    .options = nim_options,
    .option_one = nim_option_one,
    .big = &nim_big,
    .suspense = nim_compound,
    .remoteness = nim_compound,
};
