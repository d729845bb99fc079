/*
 * grundy.c - Grundy's game: split one heap into two unequal non-empty
 * heaps. Its move set is data for the sequence engine (d0 = 4 with
 * unequal splits); no period is known, so values come from the table and
 * heaps beyond it are an error naming the limit. Lists options in words.
 */
#include "family.h"
#include "sgseq.h"

#include <stdlib.h>

/* --all never lists more options of one heap than this. */
#define GGAME_MAX_LISTED ((uint64_t)1 << 20)

static grundy_status
ggame_create(grundy_game *game, const char *param, size_t len,
                   grundy_error *err)
{
    static const sgseq_run split = {0, 0, SGSEQ_TWO};
    sgseq_rules r = {&split, 1, NULL, 0, 0, 1, 0};
    (void)param;   /* none: registry_param */
    (void)len;
    /* No theorem certifies a period of Grundy's game: none is tried. */
    game->state = sgseq_new_rules(&r, SGSEQ_NONE);
    if (game->state == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

static sgseq_env ggame_env(grundy_game *game);

static sgseq *
ggame_sequence(grundy_game *game, sgseq_env *env)
{
    *env = ggame_env(game);
    return game->state;
}

static size_t
ggame_footprint(const grundy_game *game)
{
    return sgseq_footprint(game->state);
}

static void
ggame_destroy(grundy_game *game)
{
    sgseq_free(game->state);
}

static sgseq_env
ggame_env(grundy_game *game)
{
    sgseq_env env;
    limits_sgseq_env(game, game->state, &env);
    return env;
}

static grundy_status
ggame_value(grundy_game *game, const uint64_t *v, size_t n,
                  uint64_t *sg, grundy_error *err)
{
    sgseq_env env = ggame_env(game);
    (void)n;
    return sgseq_value(game->state, v[0], &env, sg, err);
}

static grundy_status
ggame_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    sgseq_env env = ggame_env(game);
    return sgseq_period(game->state, &env, out, err);
}

/* Every split a + b = n, a < b, whose value G(a) ^ G(b) is want. */
static grundy_status
ggame_options(grundy_game *game, const component *c, uint64_t want,
                    move_sink *sink, grundy_error *err)
{
    uint64_t n = c->v[0], g, listed = 0;
    grundy_status st = ggame_value(game, c->v, 1, &g, err);

    if (st != GRUNDY_OK) {
        return st;
    }
    /* Heap n is in the table, so is every smaller heap. */
    for (uint64_t a = 1; 2 * a < n; a++) {
        static const size_t arity[2] = {1, 1};
        uint64_t ga = 0, gb = 0;
        uint64_t vals[2] = {a, n - a};
        char buf[128], *p = buf;
        int r;
        sgseq_known(game->state, a, &ga);
        sgseq_known(game->state, n - a, &gb);
        if (want != GRUNDY_ANY_VALUE && (ga ^ gb) != want) {
            continue;
        }
        if (listed++ >= GGAME_MAX_LISTED) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "heap %llu of %s has more than %llu winning "
                           "moves, too many to list (one can be shown)",
                           (unsigned long long)n, game->label,
                           (unsigned long long)GGAME_MAX_LISTED);
        }
        p = put_str(p, "split heap ");
        p = put_u64(p, c->index);
        p = put_str(p, " (");
        p = put_heap(p, c);
        p = put_str(p, " -> ");
        p = put_u64(p, a);
        p = put_str(p, " + ");
        p = put_u64(p, n - a);
        p = put_str(p, ")");
        *p = '\0';
        r = move_emit(sink, c, 2, arity, vals, buf);
        if (r < 0) {
            return GRUNDY_ENOMEM;
        }
        if (r > 0) {
            break;
        }
    }
    return GRUNDY_OK;
}

const family grundy_family = {
    .name = "grundy",
    .info = {"grundy", "Grundy's game: split one heap into two unequal "
                       "non-empty heaps",
             "heap size n"},
    .unit = "heap",
    .max_numbers = 1,
    .flags = FAMILY_HEAP_GAME,
    .param = FAMILY_PARAM_NONE,
    .param_text = "Grundy's game: split a heap into two unequal heaps",
    .create = ggame_create,
    .destroy = ggame_destroy,
    .value = ggame_value,
    .options = ggame_options,
    .period = ggame_period,
    .footprint = ggame_footprint,
    .sequence = ggame_sequence,
};
