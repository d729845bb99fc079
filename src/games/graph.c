/*
 * graph.c - graph:FILE, an explicit game: FILE lists each vertex's
 * moves, and a component is a token on a vertex (its index, one word).
 * The file is read and every value computed when the game is created
 * (graph_read.c, graph_label.c); the context keeps the game by its
 * footprint, so a stream of lines reads FILE once.
 */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

static graph *
gr_state(const grundy_game *game)
{
    return game->state;
}

static const char *
gr_name(const graph *g, uint64_t v)
{
    return g->names + g->name_at[v];
}

static grundy_status
gr_create(grundy_game *game, const char *param, size_t len,
          grundy_error *err)
{
    graph *g = NULL;
    grundy_status st = graph_read(param, len, game->limits->memory, &g, err);
    if (st == GRUNDY_OK &&
        (st = graph_label(g, game->limits->memory, game->limits->work,
                          err)) != GRUNDY_OK) {
        graph_free(g);
    }
    if (st == GRUNDY_OK) {
        game->state = g;
    }
    return st;
}

static void
gr_destroy(grundy_game *game)
{
    graph_free(game->state);
    game->state = NULL;
}

static size_t
gr_footprint(const grundy_game *game)
{
    return graph_bytes(gr_state(game));
}

static grundy_status
gr_parse(const grundy_game *game, const char *tok, size_t len, uint64_t *out,
         size_t cap, size_t *n, grundy_error *err)
{
    const graph *g = gr_state(game);
    uint32_t v;
    if (!graph_name_ok(tok, len)) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "not a vertex name (letters, digits, '_', '.', "
                       "'-')");
    }
    if ((v = graph_find(g, tok, len)) == UINT32_MAX) {
        return err_set(err, GRUNDY_EPOSITION, -1, "not a vertex of %s",
                       g->shown);
    }
    *n = 1;
    if (cap >= 1) {
        out[0] = v;
    }
    return GRUNDY_OK;
}

static size_t
gr_print(const grundy_game *game, const uint64_t *v, size_t n, char *buf,
         size_t cap)
{
    const char *s = gr_name(gr_state(game), v[0]);
    size_t len = strlen(s);
    (void)n;
    if (len <= cap) {
        memcpy(buf, s, len);
    }
    return len;
}

/* Vertex numbers come from gr_parse; the public grundy_component_value
 * takes any word, so it is checked. */
static grundy_status
gr_check(const grundy_game *game, const uint64_t *v, size_t n,
         grundy_error *err)
{
    const graph *g = gr_state(game);
    (void)n;
    if (v[0] >= g->nv) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "%s has no vertex %llu (it has %u)", g->shown,
                       (unsigned long long)v[0], g->nv);
    }
    return GRUNDY_OK;
}

static int
cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* "{0, 2, 5}": K, the finite values of v's options, into b. */
static void
put_kset(const graph *g, uint32_t v, strbuf *b)
{
    size_t nk = 0, t = g->first[v], end = t + g->ntok[v];
    uint32_t *k = malloc(((size_t)g->ntok[v] + 1) * sizeof *k);
    if (k == NULL) {
        b->oom = 1;
        return;
    }
    while (t < end) {
        uint32_t x = graph_move_value(g, t, &t);
        if (x != GRAPH_INF) {
            k[nk++] = x;
        }
    }
    qsort(k, nk, sizeof *k, cmp_u32);
    util_sb_put(b, "{");
    for (size_t i = 0, shown = 0; i < nk; i++) {
        if (i > 0 && k[i] == k[i - 1]) {
            continue;
        }
        if (shown == 20) {
            util_sb_put(b, ", ...");
            break;
        }
        util_sb_put(b, shown++ > 0 ? ", " : "");
        util_sb_put_u64(b, k[i]);
    }
    util_sb_put(b, "}");
    free(k);
}

static grundy_status
gr_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    const graph *g = gr_state(game);
    strbuf k = {0};
    grundy_status st;
    if (gr_check(game, v, n, err) != GRUNDY_OK) {
        return GRUNDY_EPOSITION;
    }
    if (g->val[v[0]] != GRAPH_INF) {
        *sg = g->val[v[0]];
        return GRUNDY_OK;
    }
    put_kset(g, (uint32_t)v[0], &k);
    if (k.oom) {
        free(k.s);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    /* Not a number: the value is Smith's infinity(K) (docs/theory.md 10). */
    st = err_set(err, GRUNDY_EUNSUPPORTED, -1,
                 "vertex '%.100s' of %.100s is loopy: its generalised "
                 "Sprague-Grundy value is infinite, inf(K) with K = %.200s "
                 "the values of its finite options, not a number",
                 gr_name(g, v[0]), g->shown, k.s);
    free(k.s);
    return st;
}

static int
gr_loopy(grundy_game *game, const uint64_t *v, size_t n)
{
    const graph *g = gr_state(game);
    (void)n;
    if (v[0] >= g->nv || !g->loopy[v[0]]) {
        return FAMILY_LOOPY_NONE;
    }
    return g->val[v[0]] == GRAPH_INF ? FAMILY_LOOPY_INFINITE
                                     : FAMILY_LOOPY_FINITE;
}

/* Emits the move of c to the parts tok[at..end): "move token 2 from a
 * to b+c", the token replaced by its parts in place. */
static int
gr_emit(move_sink *sink, const component *c, const graph *g, size_t at,
        size_t end)
{
    size_t k = end - at, one[8];
    uint64_t vals8[8];
    size_t *arity = k <= 8 ? one : malloc(k * sizeof *arity);
    uint64_t *vals = k <= 8 ? vals8 : malloc(k * sizeof *vals);
    strbuf e = {0};
    int r = -1;
    if (arity != NULL && vals != NULL) {
        util_sb_put(&e, "move token ");
        util_sb_put_u64(&e, c->index);
        util_sb_put(&e, " from ");
        util_sb_put(&e, gr_name(g, c->v[0]));
        util_sb_put(&e, " to ");
        for (size_t i = 0; i < k; i++) {
            arity[i] = 1;
            vals[i] = g->tok[at + i] & ~GRAPH_JOIN;
            util_sb_put(&e, i > 0 ? "+" : "");
            util_sb_put(&e, gr_name(g, vals[i]));
        }
        r = e.oom ? -1 : move_emit(sink, c, k, arity, vals, e.s);
    }
    if (arity != one) {
        free(arity);
    }
    if (vals != vals8) {
        free(vals);
    }
    free(e.s);
    return r;
}

static grundy_status
gr_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    const graph *g = gr_state(game);
    uint32_t v = (uint32_t)c->v[0];
    size_t t = g->first[v], end = t + g->ntok[v];
    (void)err;
    while (t < end) {
        size_t at = t;
        uint32_t x = graph_move_value(g, at, &t);
        if (want == GRUNDY_ANY_VALUE || (x != GRAPH_INF && x == want)) {
            int r = gr_emit(sink, c, g, at, t);
            if (r != 0) {
                return r < 0 ? GRUNDY_ENOMEM : GRUNDY_OK;
            }
        }
    }
    return GRUNDY_OK;
}

const family graph_family = {
    .name = "graph",
    .info = {"graph:FILE",
             "an explicit game: FILE has a line 'V: W1 W2 ...' per vertex "
             "(a move to a sum is W1+W2); cycles allowed: a loopy "
             "position may be a draw",
             "vertex V of FILE"},
    .unit = "token",
    .min_numbers = 1,
    .max_numbers = 1,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "a rules file, e.g. graph:g.txt",
    .create = gr_create,
    .destroy = gr_destroy,
    .check = gr_check,
    .value = gr_value,
    .options = gr_options,
    .footprint = gr_footprint,
    .parse = gr_parse,
    .print = gr_print,
    .loopy = gr_loopy,
};
