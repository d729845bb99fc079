/*
 * testnim.c - a family that exists only in the test build grundy-extra
 * (tests/extra_family.sh): Nim under another name, registered by
 * compiling src/registry.c with GRUNDY_EXTRA_FAMILY=testnim. Its slots
 * put it in the lists of games that take numbers of any size and of heap
 * games (misere quotients), so that the test sees it appear in every list
 * the registry feeds: 'grundy games', --help, the messages and the
 * completions.
 */
#include "family.h"
#include "bignum.h"

static grundy_status
tn_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    (void)game;
    (void)n;
    (void)err;
    *sg = v[0];   /* Bouton: a heap of Nim is worth its size */
    return GRUNDY_OK;
}

static int
tn_emit(move_sink *sink, const component *c, uint64_t m)
{
    char buf[128], *p = buf;
    p = put_str(p, "take ");
    p = put_u64(p, c->v[0] - m);
    p = put_str(p, " from heap ");
    p = put_u64(p, c->index);
    p = put_str(p, " (");
    p = put_u64(p, c->v[0]);
    p = put_str(p, " -> ");
    p = put_u64(p, m);
    p = put_str(p, ")");
    *p = '\0';
    return move_emit1(sink, c, m, buf);
}

static grundy_status
tn_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    (void)game;
    if (want != GRUNDY_ANY_VALUE) {
        /* The one option worth want < n: the heap want itself. */
        return want < c->v[0] && tn_emit(sink, c, want) < 0
                   ? GRUNDY_ENOMEM : GRUNDY_OK;
    }
    if (c->v[0] > ((uint64_t)1 << 20)) {
        return err_set(err, GRUNDY_ELIMIT, -1, "testnim: heap %llu has "
                       "too many options to list",
                       (unsigned long long)c->v[0]);
    }
    for (uint64_t m = c->v[0]; m-- > 0;) {
        int r = tn_emit(sink, c, m);
        if (r != 0) {
            return r < 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
    }
    return GRUNDY_OK;
}

static grundy_status
tn_big_value(grundy_game *game, const big_component *c, bignum *sg,
             grundy_error *err)
{
    (void)game;
    if (bignum_copy(sg, c->v[0]) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static grundy_status
tn_big_options(grundy_game *game, const big_component *c,
               const bignum *want, move_sink *sink, grundy_error *err)
{
    (void)game;
    if (bignum_cmp(want, c->v[0]) < 0 &&
        move_emit_take_big(sink, c, want) < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static const family_big tn_big = {
    .value = tn_big_value,
    .options = tn_big_options,
};

const family testnim_family = {
    .name = "testnim",
    .info = {"testnim", "test build only: Nim under another name",
             "heap size n"},
    .unit = "heap",
    .flags = FAMILY_CLOSED_FORM | FAMILY_HEAP_GAME,
    .max_numbers = 1,
    .param = FAMILY_PARAM_NONE,
    .value = tn_value,
    .options = tn_options,
    .big = &tn_big,
};
