/*
 * solve_big.c - positions holding a number beyond 2^64 - 1: the rules of
 * solve.c (a lone component's rule, Sprague-Grundy's XOR in normal play,
 * the misere Nim rule) with exact numbers of any size (bignum.h). Big
 * components are answered by their family's `big` operations; the 64-bit
 * components of the same position by the usual ones. Nothing here costs
 * a position whose numbers all fit in 64 bits: solve.c comes here only
 * when the parser marked one big.
 */
#include "solve_big.h"
#include "bignum.h"

#include <stdlib.h>
#include <string.h>

/* The components of a position as exact numbers. */
typedef struct big_pos {
    bignum **num;       /* every number of every component */
    size_t nnum;
    big_component *comp;
    bignum **value;     /* Grundy value of each component */
    size_t ncomp;
    int all_big;        /* every component goes by the big rules */
} big_pos;

static void
big_pos_free(big_pos *bp)
{
    for (size_t i = 0; i < bp->nnum; i++) {
        bignum_free(bp->num[i]);
    }
    for (size_t i = 0; bp->value != NULL && i < bp->ncomp; i++) {
        bignum_free(bp->value[i]);
    }
    free(bp->num);
    free(bp->comp);
    free(bp->value);
}

static grundy_status
nomem(grundy_error *err)
{
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

/* Reads the numbers of every component: a big one from its token (the
 * parser checked its digits and commas), a 64-bit one from vals. */
static grundy_status
big_pos_read(const grundy_position *pos, big_pos *bp, grundy_error *err)
{
    memset(bp, 0, sizeof *bp);
    bp->num = calloc(pos->nvals + 1, sizeof *bp->num);
    bp->comp = calloc(pos->ncomps + 1, sizeof *bp->comp);
    bp->value = calloc(pos->ncomps + 1, sizeof *bp->value);
    if (bp->num == NULL || bp->comp == NULL || bp->value == NULL) {
        return nomem(err);
    }
    bp->ncomp = pos->ncomps;
    for (size_t i = 0; i < pos->ncomps; i++) {
        const pos_comp *pc = &pos->comps[i];
        const char *s = pos->text + pc->tok;
        size_t at = 0;
        if ((bp->value[i] = bignum_new()) == NULL) {
            return nomem(err);
        }
        for (size_t k = 0; k < pc->n; k++) {
            bignum *x = bignum_new();
            size_t end = at;
            int r;
            if (x == NULL) {
                return nomem(err);
            }
            bp->num[bp->nnum++] = x;
            while (end < pc->toklen && s[end] != ',') {
                end++;
            }
            r = pc->big ? bignum_parse_dec(x, s + at, end - at)
                        : bignum_set_u64(x, pos->vals[pc->off + k]);
            if (r != 0) {
                return nomem(err);
            }
            at = end + 1;
        }
        bp->comp[i] = (big_component){bp->num + pc->off, pc->n, i + 1};
    }
    return GRUNDY_OK;
}

/* 1 when component i goes by its family's big operations. */
static int
is_big(const grundy_position *pos, const big_pos *bp, size_t i)
{
    return pos->comps[i].big || (bp->all_big && !pos->comps[i].ring);
}

static component
small_comp(const grundy_position *pos, size_t i)
{
    const pos_comp *pc = &pos->comps[i];
    const char *tok = pos->text + pc->tok;
    int own = pc->n == 1 && (pc->toklen == 1 || tok[0] != '0');
    return (component){pos->vals + pc->off, pc->n, i + 1,
                       own ? tok : NULL, own ? pc->toklen : 0, pc->ring};
}

static grundy_status
no_big_rule(const grundy_game *game, const char *what, grundy_error *err)
{
    return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                   "%s of %s with numbers beyond 2^64 - 1 is not "
                   "supported", what, game->label);
}

/* Grundy value of component i into bp->value[i]; the XOR into x. */
static grundy_status
big_values(const grundy_position *pos, big_pos *bp, bignum *x,
           grundy_error *err)
{
    if (bignum_set_u64(x, 0) != 0) {
        return nomem(err);
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        grundy_game *game = pos->terms[t].game;
        const family *fam = game->family;
        for (size_t i = pos->terms[t].first;
             i < pos->terms[t].first + pos->terms[t].count; i++) {
            const pos_comp *pc = &pos->comps[i];
            grundy_status st;
            uint64_t g;
            if (is_big(pos, bp, i)) {
                if (fam->big == NULL || fam->big->value == NULL) {
                    return no_big_rule(game, "the Grundy value", err);
                }
                st = fam->big->value(game, &bp->comp[i], bp->value[i], err);
            } else if (pc->ring) {
                st = fam->ring_value(game, pos->vals[pc->off], &g, err);
            } else {
                st = fam->value(game, pos->vals + pc->off, pc->n, &g, err);
            }
            if (st != GRUNDY_OK) {
                return st;
            }
            if ((!is_big(pos, bp, i) && bignum_set_u64(bp->value[i], g) != 0) ||
                bignum_xor(x, x, bp->value[i]) != 0) {
                return nomem(err);
            }
        }
    }
    return GRUNDY_OK;
}

/* The options of component i worth want. */
static grundy_status
big_options(const grundy_position *pos, const big_pos *bp, grundy_game *game,
            size_t i, const bignum *want, move_sink *sink, grundy_error *err)
{
    grundy_status st;
    if (is_big(pos, bp, i)) {
        if (game->family->big->options == NULL) {
            return no_big_rule(game, "a winning move", err);
        }
        st = game->family->big->options(game, &bp->comp[i], want, sink,
                                        err);
    } else {
        component c = small_comp(pos, i);
        uint64_t w;
        /* A 64-bit component has no option beyond 64 bits' values. */
        if (!bignum_to_u64(want, &w) || w == GRUNDY_ANY_VALUE) {
            return GRUNDY_OK;
        }
        st = game->family->options(game, &c, w, sink, err);
    }
    return sink->oom ? move_sink_error(sink, err) : st;
}

/* 1 when component i repeats an earlier one (same game and numbers): with
 * --all, its moves leave the positions the earlier one's leave. */
static int
repeats(const grundy_position *pos, const big_pos *bp, size_t t, size_t i)
{
    for (size_t j = pos->terms[t].first; j < i; j++) {
        int same = pos->comps[j].n == pos->comps[i].n &&
                   pos->comps[j].ring == pos->comps[i].ring;
        for (size_t k = 0; same && k < pos->comps[i].n; k++) {
            same = bignum_cmp(bp->comp[j].v[k], bp->comp[i].v[k]) == 0;
        }
        if (same) {
            return 1;
        }
    }
    return 0;
}

/* The result's value x, in 64 bits or in decimal. */
static grundy_status
set_value(grundy_result *res, const bignum *x, grundy_error *err)
{
    res->sg_known = 1;
    res->sg_big = !bignum_to_u64(x, &res->sg);
    if (res->sg_big) {
        size_t need = bignum_dec_size(x) + 1;
        if (res->sg_textcap < need) {
            char *p = realloc(res->sg_text, need);
            if (p == NULL) {
                return nomem(err);
            }
            res->sg_text = p;
            res->sg_textcap = need;
        }
        if (bignum_to_dec(x, res->sg_text) == 0) {
            return nomem(err);
        }
    }
    return GRUNDY_OK;
}

/* The target value for component i (value g) under the rule in use:
 * normal play g ^ x; misere Nim rule as in solve.c. */
static int
target(const bignum *g, const bignum *x, int misere, size_t nbig,
       bignum *want)
{
    if (bignum_xor(want, x, g) != 0) {
        return -1;
    }
    if (misere && nbig - (bignum_cmp_u64(g, 2) >= 0) == 0 &&
        bignum_cmp_u64(want, 1) <= 0) {
        uint64_t w;
        bignum_to_u64(want, &w);
        return bignum_set_u64(want, w ^ 1);
    }
    return 0;
}

/*
 * The sum rules: Sprague-Grundy (normal play) or the misere Nim rule
 * (every family nim-like): as solve_normal and solve_misere_nimlike in
 * solve.c, on exact values.
 */
static grundy_status
big_sum(const grundy_position *pos, big_pos *bp, int misere, move_sink *sink,
        grundy_error *err)
{
    grundy_result *res = sink->res;
    bignum *x = bignum_new(), *want = bignum_new();
    size_t nbig = 0;
    grundy_status st = x == NULL || want == NULL ? nomem(err)
                                                 : big_values(pos, bp, x, err);
    for (size_t i = 0; st == GRUNDY_OK && i < pos->ncomps; i++) {
        nbig += bignum_cmp_u64(bp->value[i], 2) >= 0;
    }
    if (st == GRUNDY_OK) {
        st = set_value(res, x, err);
        res->win = misere && nbig == 0 ? bignum_cmp_u64(x, 1) != 0
                                       : !bignum_is_zero(x);
    }
    for (size_t t = 0; st == GRUNDY_OK && res->win && t < pos->nterms; t++) {
        for (size_t i = pos->terms[t].first;
             st == GRUNDY_OK && i < pos->terms[t].first + pos->terms[t].count &&
             (sink->all || res->nmoves == 0); i++) {
            if (target(bp->value[i], x, misere, nbig, want) != 0) {
                st = nomem(err);
            } else if ((sink->all || misere ||
                        bignum_cmp(want, bp->value[i]) < 0) &&
                       !(sink->all && repeats(pos, bp, t, i))) {
                st = big_options(pos, bp, pos->terms[t].game, i, want, sink,
                                 err);
            }
        }
    }
    bignum_free(x);
    bignum_free(want);
    return st;
}

/* A lone big component whose family has its own rule (fib, wythoff). */
static grundy_status
big_alone(const grundy_position *pos, big_pos *bp, int misere,
          move_sink *sink, grundy_error *err)
{
    grundy_game *game = pos->terms[0].game;
    grundy_status st = game->family->big->solve_alone(
        game, &bp->comp[0], misere, sink, &sink->res->win, err);
    if (sink->oom) {
        return move_sink_error(sink, err);
    }
    if (st == GRUNDY_OK && !misere && !sink->res->win) {
        /* A P-position is worth 0 (Sprague-Grundy). */
        sink->res->sg_known = 1;
        sink->res->sg = 0;
    }
    return st;
}

static int
all_nimlike(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        if (!(pos->terms[t].game->family->flags & FAMILY_MISERE_NIMLIKE)) {
            return 0;
        }
    }
    return 1;
}

grundy_status
solve_big_position(const grundy_position *pos, int misere, move_sink *sink,
          grundy_error *err)
{
    const family *fam = pos->terms[0].game->family;
    big_pos bp;
    grundy_status st = big_pos_read(pos, &bp, err);
    bp.all_big = solve_big_needed(pos);
    if (st == GRUNDY_OK && pos->ncomps == 1 && fam->big != NULL &&
        fam->big->solve_alone != NULL) {
        st = big_alone(pos, &bp, misere, sink, err);
        if (st != GRUNDY_EUNSUPPORTED) {
            big_pos_free(&bp);
            return st;
        }
        st = GRUNDY_OK;
        move_result_clear(sink->res);
    }
    if (st == GRUNDY_OK && misere && !all_nimlike(pos)) {
        st = err_set(err, GRUNDY_EUNSUPPORTED, -1,
                     "misere play of numbers beyond 2^64 - 1 is answered "
                     "for sums of nim and bounded heaps, and for a lone "
                     "fib pile or Wythoff pair; normal play of this "
                     "position is");
    }
    if (st == GRUNDY_OK) {
        st = big_sum(pos, &bp, misere, sink, err);
    }
    big_pos_free(&bp);
    return st;
}

grundy_status
solve_big_value(const grundy_position *pos, grundy_result *res,
                grundy_error *err)
{
    big_pos bp;
    bignum *x = bignum_new();
    grundy_status st = big_pos_read(pos, &bp, err);
    bp.all_big = solve_big_needed(pos);
    if (st == GRUNDY_OK && x == NULL) {
        st = nomem(err);
    }
    if (st == GRUNDY_OK) {
        st = big_values(pos, &bp, x, err);
    }
    if (st == GRUNDY_OK) {
        st = set_value(res, x, err);
        res->win = !bignum_is_zero(x);
    }
    bignum_free(x);
    big_pos_free(&bp);
    return st;
}

int
solve_big_needed(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        const grundy_game *game = pos->terms[t].game;
        const family_big *big = game->family->big;
        if (big == NULL || big->fits == NULL) {
            continue;
        }
        for (size_t i = pos->terms[t].first;
             i < pos->terms[t].first + pos->terms[t].count; i++) {
            const pos_comp *pc = &pos->comps[i];
            if (!pc->big && !pc->ring &&
                !big->fits(game, pos->vals + pc->off, pc->n)) {
                return 1;
            }
        }
    }
    return 0;
}
