/*
 * staircase.c - Staircase Nim: c_i coins on step i of one staircase; a
 * move takes one or more coins from step i down to step i-1 (from step 1
 * they leave). Only the odd steps count: the value is the XOR of c_1, c_3,
 * c_5, ... (docs/theory.md 8), so values and moves are closed forms.
 */
#include "family.h"
#include "bignum.h"

#include <stdlib.h>
#include <string.h>

/*
 * Why only the odd steps count (theory.md 8), proved by induction on the
 * options: every move changes exactly one odd step --
 * coins from odd step i leave it (c_i falls, step i-1 is even or the
 * floor), coins from even step i arrive on odd step i-1 (c_{i-1} rises) --
 * so by induction an option's value is g ^ c_i ^ t for one odd step i
 * and some t != c_i: never g itself, and every w < g is reached by
 * lowering the odd step that Nim lowers (Bouton). Options worth more than
 * g (raises) do not change the mex, so G = g = c_1 ^ c_3 ^ ...
 */
static uint64_t
sc_xor(const uint64_t *v, size_t n)
{
    uint64_t x = 0;
    for (size_t i = 0; i < n; i += 2) {
        x ^= v[i];
    }
    return x;
}

/* 1 when the staircase v, worth g, or one of its options is worth
 * 2^64 - 1, the solver's "any value" (solve.c options_of): odd step i may
 * become any t <= c_i + c_{i+1}, giving g ^ c_i ^ t. Such a staircase is
 * answered by the exact path (sc_fits), in numbers of any size. */
static int
sc_reaches_max(const uint64_t *v, size_t n, uint64_t g)
{
    for (size_t i = 0; i < n; i += 2) {
        uint64_t up = i + 1 < n ? v[i + 1] : 0, all1 = ~(g ^ v[i]);
        if (all1 <= v[i] || all1 - v[i] <= up) {
            return 1;
        }
    }
    return 0;
}

static grundy_status
sc_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    uint64_t g = sc_xor(v, n);
    (void)game;
    if (sc_reaches_max(v, n, g)) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "staircase: this staircase or one of its options "
                       "is worth 2^64 - 1; values up to 2^64 - 2 are "
                       "answered");
    }
    *sg = g;
    return GRUNDY_OK;
}

/* Emits the move of k coins from step `from` (1-based) one step down:
 * after[] is the staircase afterwards. */
static int
sc_emit(move_sink *sink, const component *c, size_t from, uint64_t k,
        uint64_t *after)
{
    strbuf e = {0};
    size_t arity = c->n;
    int r = -1;
    util_sb_put(&e, from == 1 ? "take " : "move ");
    util_sb_put_u64(&e, k);
    util_sb_put(&e, k == 1 ? " coin " : " coins ");
    util_sb_put(&e, from == 1 ? "off step " : "from step ");
    util_sb_put_u64(&e, from);
    if (from > 1) {
        util_sb_put(&e, " to step ");
        util_sb_put_u64(&e, from - 1);
    }
    util_sb_put(&e, " of staircase ");
    util_sb_put_u64(&e, c->index);
    util_sb_put_change(&e, c->v, after, c->n);
    if (!e.oom) {
        r = move_emit(sink, c, 1, &arity, after, e.s);
    }
    free(e.s);
    return r;
}

/* Moves k coins from step `from` (0-based here) down, emits, undoes. */
static int
sc_try(move_sink *sink, const component *c, uint64_t *after, size_t from,
       uint64_t k)
{
    int r;
    after[from] -= k;
    if (from > 0) {
        after[from - 1] += k;
    }
    r = sc_emit(sink, c, from + 1, k, after);
    after[from] += k;
    if (from > 0) {
        after[from - 1] -= k;
    }
    return r;
}

/* Listing every option is for exhaustive searches over small staircases
 * (misere); beyond this many it is refused. */
#define SC_MAX_LISTED ((uint64_t)1 << 20)

static grundy_status
sc_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    uint64_t g = sc_xor(c->v, c->n), *after;
    grundy_status rc = GRUNDY_OK;
    int r = 0;
    (void)game;

    if (want == GRUNDY_ANY_VALUE) {
        uint64_t total = 0;
        for (size_t i = 0; i < c->n; i++) {
            total += c->v[i] > SC_MAX_LISTED ? SC_MAX_LISTED + 1 : c->v[i];
            if (total > SC_MAX_LISTED) {
                return err_set(err, GRUNDY_ELIMIT, -1,
                               "staircase %zu has too many options to list "
                               "(more than %llu)", c->index,
                               (unsigned long long)SC_MAX_LISTED);
            }
        }
    } else if (want == g) {
        return GRUNDY_OK; /* every move changes one odd step: never g */
    }
    after = malloc(c->n * sizeof *after);
    if (after == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    memcpy(after, c->v, c->n * sizeof *after);
    if (want == GRUNDY_ANY_VALUE) {
        for (size_t i = 0; i < c->n && r == 0; i++) {
            for (uint64_t k = 1; k <= c->v[i] && r == 0; k++) {
                r = sc_try(sink, c, after, i, k);
            }
        }
    } else {
        /* Odd step i (0-based even index) must become t = c_i ^ g ^ want:
         * down from step i when t < c_i, or up from the even step above
         * when it holds t - c_i coins. The positions differ (different
         * steps change), so each is emitted once. */
        for (size_t i = 0; i < c->n && r == 0; i += 2) {
            uint64_t t = c->v[i] ^ g ^ want;
            if (t < c->v[i]) {
                r = sc_try(sink, c, after, i, c->v[i] - t);
            } else if (i + 1 < c->n && t - c->v[i] <= c->v[i + 1]) {
                r = sc_try(sink, c, after, i + 1, t - c->v[i]);
            }
        }
    }
    if (r < 0) {
        rc = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    free(after);
    return rc;
}

/* ---- numbers beyond 64 bits ------------------------------------------- */

static int
sc_fits(grundy_game *game, const uint64_t *v, size_t n)
{
    (void)game;
    return !sc_reaches_max(v, n, sc_xor(v, n));
}

static grundy_status
sc_big_xor(const big_component *c, bignum *g, grundy_error *err)
{
    if (bignum_set_u64(g, 0) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i < c->n; i += 2) {
        if (bignum_xor(g, g, c->v[i]) != 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
    }
    return GRUNDY_OK;
}

static grundy_status
sc_big_value(grundy_game *game, const big_component *c, bignum *sg,
             grundy_error *err)
{
    (void)game;
    return sc_big_xor(c, sg, err);
}

/* Emits the move of k coins from step `from` (0-based) one step down,
 * after[] the staircase afterwards, in sc_emit's words. */
static int
sc_big_emit(move_sink *sink, const big_component *c, size_t from,
            const bignum *k, bignum *const *after)
{
    strbuf e = {0};
    size_t arity = c->n;
    int r = -1, one = bignum_cmp_u64(k, 1) == 0;
    util_sb_put(&e, from == 0 ? "take " : "move ");
    util_sb_put_big(&e, k);
    util_sb_put(&e, one ? " coin " : " coins ");
    util_sb_put(&e, from == 0 ? "off step " : "from step ");
    util_sb_put_u64(&e, from + 1);
    if (from > 0) {
        util_sb_put(&e, " to step ");
        util_sb_put_u64(&e, from);
    }
    util_sb_put(&e, " of staircase ");
    util_sb_put_u64(&e, c->index);
    util_sb_put(&e, " (");
    for (size_t i = 0; i < c->n; i++) {
        util_sb_put(&e, i > 0 ? "," : "");
        util_sb_put_big(&e, c->v[i]);
    }
    util_sb_put(&e, " -> ");
    for (size_t i = 0; i < c->n; i++) {
        util_sb_put(&e, i > 0 ? "," : "");
        util_sb_put_big(&e, after[i]);
    }
    util_sb_put(&e, ")");
    if (!e.oom) {
        r = move_emit_big(sink, c, 1, &arity, after, e.s);
    }
    free(e.s);
    return r;
}

/* sc_options for a value want != any, numbers of any size. */
static grundy_status
sc_big_options(grundy_game *game, const big_component *c, const bignum *want,
               move_sink *sink, grundy_error *err)
{
    bignum *g = bignum_new(), *t = bignum_new(), *k = bignum_new();
    bignum **after = calloc(c->n, sizeof *after);
    grundy_status st = GRUNDY_OK;
    int r = 0, oom = g == NULL || t == NULL || k == NULL || after == NULL;
    (void)game;
    for (size_t i = 0; !oom && i < c->n; i++) {
        oom = (after[i] = bignum_new()) == NULL ||
              bignum_copy(after[i], c->v[i]) != 0;
    }
    if (oom || (st = sc_big_xor(c, g, err)) != GRUNDY_OK) {
        goto out;
    }
    for (size_t i = 0; i < c->n && r == 0 && !oom; i += 2) {
        int cmp;
        size_t from, to;
        /* Odd step i must become t = c_i ^ g ^ want (sc_options). */
        oom = bignum_xor(t, c->v[i], g) != 0 || bignum_xor(t, t, want) != 0;
        cmp = oom ? 0 : bignum_cmp(t, c->v[i]);
        if (oom || cmp == 0) {
            continue;
        }
        if (cmp < 0) {
            from = i;
            oom = bignum_sub(k, c->v[i], t) != 0;
        } else {
            if (i + 1 >= c->n) {
                continue;
            }
            from = i + 1;
            oom = bignum_sub(k, t, c->v[i]) != 0;
            if (oom || bignum_cmp(k, c->v[i + 1]) > 0) {
                continue;
            }
        }
        to = from - (from > 0);
        oom = oom || bignum_sub(after[from], c->v[from], k) != 0 ||
              (from > 0 && bignum_add(after[to], c->v[to], k) != 0);
        if (!oom) {
            r = sc_big_emit(sink, c, from, k, after);
            oom = r < 0 || bignum_copy(after[from], c->v[from]) != 0 ||
                  bignum_copy(after[to], c->v[to]) != 0;
        }
    }
out:
    if (oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; after != NULL && i < c->n; i++) {
        bignum_free(after[i]);
    }
    free(after);
    bignum_free(g);
    bignum_free(t);
    bignum_free(k);
    return st;
}

static const family_big sc_big = {
    .value = sc_big_value,
    .options = sc_big_options,
    .fits = sc_fits,
};

/* No misere rule is claimed: misere play goes to the exhaustive search,
 * exact within its limits. */
const family staircase_family = {
    .name = "staircase",
    .info = {"staircase",
             "Staircase Nim: move one or more coins from step i to step "
             "i-1; from step 1 they leave (c_i coins on step i)",
             "steps c1,c2,..."},
    .unit = "staircase",
    .flags = FAMILY_CLOSED_FORM,
    .param = FAMILY_PARAM_NONE,
    .value = sc_value,
    .options = sc_options,
    .big = &sc_big,
};
