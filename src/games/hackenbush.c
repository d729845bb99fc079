/*
 * hackenbush.c - Green Hackenbush: a picture of edges between numbered
 * vertices, vertex 0 the ground; a move cuts one edge, and whatever no
 * longer connects to the ground falls away. Values by the colon and fusion
 * principles (docs/hackenbush.md), in linear time after one sort; no
 * recursion (pictures of 10^5 edges and deep paths).
 */
#include "hackenbush.h"

#include <stdlib.h>
#include <string.h>

/* The value of a picture (hackenbush_graph.c: fusion, then colon). */
static grundy_status
hb_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    hb_pic p;
    grundy_status st = hackenbush_pic_build(game, v, n, &p, err);
    if (st == GRUNDY_OK) {
        *sg = p.value;
        hackenbush_pic_free(&p);
    }
    return st;
}

/* ---- the picture a cut leaves ------------------------------------------- */

/* The words of the picture left by cutting edge e: the edges still at
 * the ground, in the order written (what fell away, at the start or now,
 * is gone). Returns how many words; *fell counts the edges that fall. */
static size_t
hb_cut(const hb_core *g, const uint64_t *v, size_t e, uint64_t *out,
       size_t *fell)
{
    size_t k = 0, lo = 0, hi = 0;
    *fell = 0;
    if (g->bridge[e]) {
        size_t x = hackenbush_child(g, e);
        lo = g->tin[x];
        hi = lo + g->it[x];
    }
    for (size_t f = 0; f < g->ne; f++) {
        if (f == e || !hb_reached(g, f)) {
            continue;
        }
        if (g->tin[g->eu[f]] >= lo && g->tin[g->eu[f]] < hi) {
            (*fell)++;
            continue;
        }
        out[k++] = v[2 * f];
        out[k++] = v[2 * f + 1];
    }
    return k;
}

/* Pictures already emitted by one options() call: two cuts may leave
 * the same picture (one of two equal edges); each is emitted once. An
 * open-addressed set of hashes, each with the edge that gave it, so that
 * a hash seen again is checked against that picture word by word. */
typedef struct hb_seen {
    uint64_t *hash;
    size_t *edge;   /* edge + 1; 0: empty slot */
    size_t cap, n;
} hb_seen;

static int
hb_seen_grow(hb_seen *s)
{
    hb_seen t = {0};
    t.cap = s->cap != 0 ? 2 * s->cap : 64;
    t.hash = malloc(t.cap * sizeof *t.hash);
    t.edge = calloc(t.cap, sizeof *t.edge);
    if (t.hash == NULL || t.edge == NULL) {
        free(t.hash);
        free(t.edge);
        return -1;
    }
    for (size_t i = 0; i < s->cap; i++) {
        if (s->edge[i] != 0) {
            size_t j = (size_t)s->hash[i] & (t.cap - 1);
            while (t.edge[j] != 0) {
                j = (j + 1) & (t.cap - 1);
            }
            t.hash[j] = s->hash[i];
            t.edge[j] = s->edge[i];
        }
    }
    t.n = s->n;
    free(s->hash);
    free(s->edge);
    *s = t;
    return 0;
}

static int
hb_edge_cmp(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0])
                        : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The picture w[0 .. k) as a multiset of edges, in place: each edge's
 * ends in order, the edges sorted. Two cuts leave the same picture when
 * these agree (0-1,1-0 and 1-0,0-1 are one picture). */
static void
hb_canonical(uint64_t *w, size_t k)
{
    for (size_t i = 0; i + 1 < k; i += 2) {
        if (w[i] > w[i + 1]) {
            uint64_t t = w[i];
            w[i] = w[i + 1];
            w[i + 1] = t;
        }
    }
    qsort(w, k / 2, 2 * sizeof *w, hb_edge_cmp);
}

/* 1 when picture w[0..k) (cut e) was emitted already, else records it
 * (0); -1 when out of memory. tmp and canon have room for a picture. */
static int
hb_seen_check(hb_seen *s, const hb_core *g, const uint64_t *v,
              const uint64_t *w, size_t k, size_t e, uint64_t *tmp,
              uint64_t *canon)
{
    uint64_t h;
    size_t j, fell;
    if (2 * (s->n + 1) > s->cap && hb_seen_grow(s) != 0) {
        return -1;
    }
    memcpy(canon, w, k * sizeof *w);
    hb_canonical(canon, k);
    h = util_words_hash(canon, k);
    for (j = (size_t)h & (s->cap - 1); s->edge[j] != 0;
         j = (j + 1) & (s->cap - 1)) {
        if (s->hash[j] == h &&
            hb_cut(g, v, s->edge[j] - 1, tmp, &fell) == k) {
            hb_canonical(tmp, k);
            if (memcmp(tmp, canon, k * sizeof *w) == 0) {
                return 1;
            }
        }
    }
    s->hash[j] = h;
    s->edge[j] = e + 1;
    s->n++;
    return 0;
}

/* ---- options ------------------------------------------------------------ */

/* "cut edge 3 (1-2) of picture 1", and how many edges fall with it. */
static int
hb_emit(move_sink *sink, const component *c, size_t e, const uint64_t *w,
        size_t k, size_t fell)
{
    strbuf b = {0};
    int r = -1;
    util_sb_put(&b, "cut edge ");
    util_sb_put_u64(&b, e + 1);
    util_sb_put(&b, " (");
    util_sb_put_u64(&b, c->v[2 * e]);
    util_sb_put(&b, "-");
    util_sb_put_u64(&b, c->v[2 * e + 1]);
    util_sb_put(&b, ") of picture ");
    util_sb_put_u64(&b, c->index);
    if (fell > 0) {
        util_sb_put(&b, ", and ");
        util_sb_put_u64(&b, fell);
        util_sb_put(&b, fell == 1 ? " edge falls away" : " edges fall away");
    }
    if (!b.oom) {
        r = move_emit(sink, c, k > 0, &k, w, b.s);
    }
    free(b.s);
    return r;
}

/* Emits the cut of every edge marked in win, in the order written, each
 * resulting picture once. */
static grundy_status
hb_emit_all(const hb_moves *m, const component *c, move_sink *sink,
            grundy_error *err)
{
    const hb_core *g = &m->p->g;
    uint64_t *w = malloc((c->n + 1) * sizeof *w);
    uint64_t *tmp = malloc((c->n + 1) * sizeof *tmp);
    uint64_t *canon = malloc((c->n + 1) * sizeof *canon);
    hb_seen seen = {0};
    int r = 0;
    if (w == NULL || tmp == NULL || canon == NULL) {
        r = -1;
    }
    for (size_t e = 0; e < g->ne && r == 0; e++) {
        size_t k, fell;
        if (!m->win[e]) {
            continue;
        }
        k = hb_cut(g, c->v, e, w, &fell);
        r = hb_seen_check(&seen, g, c->v, w, k, e, tmp, canon);
        if (r == 0) {
            r = hb_emit(sink, c, e, w, k, fell);
        } else if (r == 1) {
            r = 0;
        }
    }
    free(w);
    free(tmp);
    free(canon);
    free(seen.hash);
    free(seen.edge);
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static grundy_status
hb_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    hb_pic p;
    hb_moves m;
    grundy_status st = hackenbush_pic_build(game, c->v, c->n, &p, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (!p.grounded || p.value == want) {
        /* no edge, or no cut keeps the value (mex) */
        hackenbush_pic_free(&p);
        return GRUNDY_OK;
    }
    if (hackenbush_moves_alloc(&m, &p) != 0) {
        hackenbush_pic_free(&p);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st = hackenbush_winners(game, &m, c, want, err);
    if (st == GRUNDY_OK) {
        hackenbush_sizes(&p.g);
        st = hb_emit_all(&m, c, sink, err);
    }
    hackenbush_moves_free(&m);
    hackenbush_pic_free(&p);
    return st;
}

/* ---- the picture's syntax ----------------------------------------------- */

/* Reads vertex number s[0..len) of edge `edge` (1-based, text item). The
 * messages quote the text as every token is quoted (util_quote_token:
 * unprintable bytes as \xNN, long items cut with "..."). */
static grundy_status
hb_vertex(const char *s, size_t len, size_t edge, const char *item,
          size_t ilen, uint64_t *out, grundy_error *err)
{
    char qi[72], qs[48];
    int r = util_parse_u64(s, len, out);
    if (r == 0) {
        return GRUNDY_OK;
    }
    util_quote_token(qi, sizeof qi, item, ilen);
    if (r == -2) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu %s: vertex number beyond "
                       "18446744073709551615", edge, qi);
    }
    util_quote_token(qs, sizeof qs, s, len);
    return err_set(err, GRUNDY_EPOSITION, -1,
                   "edge %zu %s: %s is not a vertex number "
                   "(edges are a-b, vertex numbers joined by '-', "
                   "0 the ground)", edge, qi, qs);
}

/* One edge item "a-b" into out[0..2). */
static grundy_status
hb_edge(const char *s, size_t len, size_t edge, uint64_t *out,
        grundy_error *err)
{
    const char *dash = memchr(s, '-', len);
    char q[72];
    grundy_status st;
    if (len == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu is empty (two commas in a row, or a comma "
                       "at an end): edges are a-b joined by commas", edge);
    }
    if (dash == NULL) {
        util_quote_token(q, sizeof q, s, len);
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu %s is not a-b (two vertex numbers "
                       "joined by '-', 0 the ground)", edge, q);
    }
    if (dash == s || dash == s + len - 1) {
        util_quote_token(q, sizeof q, s, len);
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu %s lacks its %s vertex (write a-b)",
                       edge, q, dash == s ? "first" : "second");
    }
    st = hb_vertex(s, (size_t)(dash - s), edge, s, len, &out[0], err);
    if (st == GRUNDY_OK) {
        st = hb_vertex(dash + 1, len - (size_t)(dash - s) - 1, edge, s, len,
                       &out[1], err);
    }
    return st;
}

static grundy_status
hb_parse(const grundy_game *game, const char *tok, size_t len, uint64_t *out,
         size_t cap, size_t *n, grundy_error *err)
{
    size_t edges = 1, k = 0, start = 0;
    (void)game;
    for (size_t i = 0; i < len; i++) {
        edges += tok[i] == ',';
    }
    *n = 2 * edges;
    for (size_t i = 0; i <= len; i++) {
        uint64_t ends[2];
        grundy_status st;
        if (i < len && tok[i] != ',') {
            continue;
        }
        st = hb_edge(tok + start, i - start, k / 2 + 1, ends, err);
        if (st != GRUNDY_OK) {
            return st;
        }
        if (*n <= cap) {
            out[k] = ends[0];
            out[k + 1] = ends[1];
        }
        k += 2;
        start = i + 1;
    }
    return GRUNDY_OK;
}

static size_t
hb_print(const grundy_game *game, const uint64_t *v, size_t n, char *buf,
         size_t cap)
{
    size_t len = 0;
    char num[24];
    (void)game;
    for (size_t i = 0; i < n; i++) {
        size_t d = util_u64_to_dec(v[i], num);
        if (i > 0) {
            /* buf is NULL when print only measures (cap 0) */
            if (len < cap) {
                buf[len] = i % 2 == 1 ? '-' : ',';
            }
            len++;
        }
        if (d <= cap && len <= cap - d) {
            memcpy(buf + len, num, d);
        }
        len += d;
    }
    return len;
}

/* No misere rule is claimed: misere play goes to the exhaustive search
 * (theory.md 8: misere Hackenbush has no general theory), exact within
 * its limits. */
const family hackenbush_family = {
    .name = "hackenbush",
    .info = {"hackenbush",
             "Green Hackenbush: cut one edge; whatever no longer connects "
             "to the ground, vertex 0, falls away (0-1,1-2,1-3: a stalk "
             "of one edge with two leaves on top)",
             "picture a-b,c-d,..."},
    .unit = "picture",
    .flags = FAMILY_CLOSED_FORM,
    .param = FAMILY_PARAM_NONE,
    .value = hb_value,
    .options = hb_options,
    .parse = hb_parse,
    .print = hb_print,
    .no_conjunctive = "a picture cut to nothing ends a conjunctive game "
                      "but leaves no token to show it in the position "
                      "after the move (Every-SG play of pictures is answered)",
};
