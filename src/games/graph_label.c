/*
 * graph_label.c - the value of every vertex of a game graph, without
 * recursion: Grundy values in reverse topological order (Kahn's
 * algorithm from the vertices without moves) where play must end, and
 * Smith's generalised Sprague-Grundy function on the vertices from which
 * a cycle can be reached (Fraenkel and Yesha's labelling, docs/theory.md 10).
 */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

/* A vertex not labelled yet (Smith's stages); never left after them. */
#define GRAPH_UNL (UINT32_MAX - 1)

typedef struct work {
    uint32_t *pend;     /* per vertex: tokens whose value is not known;
                         * in Smith's stages: uncovered followers */
    uint32_t *roff;     /* nv + 1 offsets into rev */
    uint32_t *rev;      /* the vertices moving to each vertex, once per
                         * token */
    uint32_t *queue;    /* nv entries */
    uint32_t *mark;     /* maxdeg + 2 entries: mex scratch */
    unsigned char *has; /* per vertex: a follower has the stage's value */
    uint32_t *rlist;    /* the vertices from which a cycle can be reached */
} work;

uint32_t
graph_move_value(const graph *g, size_t at, size_t *end)
{
    uint32_t x = 0;
    for (;; at++) {
        uint32_t w = g->tok[at] & ~GRAPH_JOIN, v = g->val[w];
        if (v == GRAPH_INF || v == GRAPH_UNL) {
            x = GRAPH_INF;
        } else if (x != GRAPH_INF) {
            x ^= v;
        }
        if (!(g->tok[at] & GRAPH_JOIN)) {
            *end = at + 1;
            return x;
        }
    }
}

static void
work_free(work *w)
{
    free(w->pend);
    free(w->roff);
    free(w->rev);
    free(w->queue);
    free(w->mark);
    free(w->has);
    free(w->rlist);
}

static grundy_status
work_new(const graph *g, size_t memory, work *w, grundy_error *err)
{
    size_t nv = g->nv;
    size_t need = graph_bytes(g) + nv * (4 * sizeof(uint32_t) + 2) +
                  (nv + 1 + g->ntoks + (size_t)g->maxdeg + 2) *
                      sizeof(uint32_t);
    memset(w, 0, sizeof *w);
    if (need > memory) {
        char have[32];
        util_size_text(have, sizeof have, memory);
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, need,
                             "the values of the game graph of %s need "
                             "more than the memory limit of %s", g->shown,
                             have);
    }
    w->pend = malloc((nv + 1) * sizeof *w->pend);
    w->roff = calloc(nv + 2, sizeof *w->roff);
    w->rev = malloc((g->ntoks + 1) * sizeof *w->rev);
    w->queue = malloc((nv + 1) * sizeof *w->queue);
    w->mark = calloc((size_t)g->maxdeg + 2, sizeof *w->mark);
    w->has = calloc(nv + 1, 1);
    w->rlist = malloc((nv + 1) * sizeof *w->rlist);
    if (w->pend == NULL || w->roff == NULL || w->rev == NULL ||
        w->queue == NULL || w->mark == NULL || w->has == NULL ||
        w->rlist == NULL) {
        work_free(w);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* The predecessors of every vertex (rev, by counting sort on targets). */
static void
build_reverse(const graph *g, work *w)
{
    for (size_t t = 0; t < g->ntoks; t++) {
        w->roff[(g->tok[t] & ~GRAPH_JOIN) + 2]++;
    }
    for (uint32_t v = 0; v < g->nv; v++) {
        w->roff[v + 2] += w->roff[v + 1];
    }
    for (uint32_t v = 0; v < g->nv; v++) {
        for (uint32_t t = g->first[v]; t < g->first[v] + g->ntok[v]; t++) {
            w->rev[w->roff[(g->tok[t] & ~GRAPH_JOIN) + 1]++] = v;
        }
    }
}

/* mex of the values of v's moves (all of them known). */
static uint32_t
mex_of(const graph *g, uint32_t v, uint32_t *mark)
{
    size_t end = g->first[v] + (size_t)g->ntok[v], t = g->first[v];
    uint32_t m = 0;
    while (t < end) {
        uint32_t x = graph_move_value(g, t, &t);
        if (x <= g->maxdeg) {
            mark[x] = v + 1;
        }
    }
    while (mark[m] == v + 1) {
        m++;
    }
    return m;
}

/* Kahn's algorithm: a vertex is valued once every part of every move is;
 * the vertices left (pend > 0) can reach a cycle. */
static void
kahn(graph *g, work *w)
{
    size_t head = 0, tail = 0;
    for (uint32_t v = 0; v < g->nv; v++) {
        w->pend[v] = g->ntok[v];
        g->val[v] = GRAPH_UNL;
        if (w->pend[v] == 0) {
            w->queue[tail++] = v;
        }
    }
    while (head < tail) {
        uint32_t v = w->queue[head++];
        g->val[v] = mex_of(g, v, w->mark);
        for (uint32_t r = w->roff[v]; r < w->roff[v + 1]; r++) {
            if (--w->pend[w->rev[r]] == 0) {
                w->queue[tail++] = w->rev[r];
            }
        }
    }
    for (uint32_t v = 0; v < g->nv; v++) {
        g->loopy[v] = w->pend[v] != 0;
        g->has_cycle |= g->loopy[v];
    }
}

/* Smith's rule for sums holds for sums of finite games; a move to a sum
 * with a part from which a cycle can be reached is refused, naming it. */
static grundy_status
check_sums(const graph *g, grundy_error *err)
{
    for (uint32_t v = 0; v < g->nv; v++) {
        for (uint32_t t = g->first[v]; g->loopy[v] &&
                                       t < g->first[v] + g->ntok[v]; t++) {
            uint32_t part = g->tok[t] & ~GRAPH_JOIN;
            int in_sum = (g->tok[t] & GRAPH_JOIN) ||
                         (t > g->first[v] && (g->tok[t - 1] & GRAPH_JOIN));
            if (in_sum && g->loopy[part]) {
                return err_set(err, GRUNDY_ESPEC, -1,
                               "%s:%u: vertex '%s' moves to a sum with "
                               "part '%s', from which a cycle can be "
                               "reached: moves to sums are supported only "
                               "where play in every part must end (Smith's "
                               "rule for sums does not cover them)",
                               g->shown, g->line[v],
                               g->names + g->name_at[v],
                               g->names + g->name_at[part]);
            }
        }
    }
    return GRUNDY_OK;
}

static int
open_label(uint32_t x)
{
    return x == GRAPH_UNL || x == GRAPH_INF;
}

/* Stage i of the labelling starts: has[v] for every open v of R (some
 * move of v has value i), then pend[v] for the unlabelled: how many of
 * its followers are open and not covered (have no follower labelled i). */
static size_t
stage_start(const graph *g, work *w, const uint32_t *r, size_t nr,
            uint32_t i)
{
    size_t tail = 0;
    for (size_t k = 0; k < nr; k++) {
        uint32_t v = r[k];
        size_t t = g->first[v], end = t + g->ntok[v];
        w->has[v] = 0;
        while (open_label(g->val[v]) && t < end && !w->has[v]) {
            w->has[v] = graph_move_value(g, t, &t) == i;
        }
    }
    for (size_t k = 0; k < nr; k++) {
        uint32_t v = r[k], c = 0;
        if (g->val[v] != GRAPH_UNL) {
            continue;
        }
        for (uint32_t t = g->first[v]; t < g->first[v] + g->ntok[v]; t++) {
            uint32_t f = g->tok[t] & ~GRAPH_JOIN;
            c += open_label(g->val[f]) && !w->has[f];
        }
        w->pend[v] = c;
        if (c == 0 && !w->has[v]) {
            w->queue[tail++] = v;
        }
    }
    return tail;
}

/* Labels v with i: its predecessors now have a follower labelled i (they
 * cannot take i, and the open ones are covered, which their own
 * predecessors count down). Returns the new queue tail. */
static size_t
label(graph *g, work *w, uint32_t v, uint32_t i, size_t tail)
{
    g->val[v] = i;
    for (uint32_t a = w->roff[v]; a < w->roff[v + 1]; a++) {
        uint32_t p = w->rev[a];
        if (!open_label(g->val[p]) || w->has[p]) {
            continue;
        }
        w->has[p] = 1;
        for (uint32_t b = w->roff[p]; b < w->roff[p + 1]; b++) {
            uint32_t q = w->rev[b];
            if (g->val[q] == GRAPH_UNL && --w->pend[q] == 0 && !w->has[q]) {
                w->queue[tail++] = q;
            }
        }
    }
    return tail;
}

/*
 * Smith's generalised Sprague-Grundy function on R, the vertices from
 * which a cycle can be reached (Fraenkel and Yesha 1986): at stage
 * i = 0, 1, ... an unlabelled vertex u takes the value i when (A) no
 * follower of u has value i and (B) every follower that is unlabelled
 * or infinite has a follower labelled i; when no more can, every
 * unlabelled vertex without a follower labelled i becomes infinite.
 * Vertices outside R are finite: one of value j is labelled at stage j
 * and, having followers of every smaller value, is covered at every
 * earlier stage, so only (A) needs them. An unlabelled vertex at stage
 * i has followers of i distinct values, so at most maxdeg + 1 stages;
 * each costs O(|R| + its moves): O(V E) in all.
 */
static grundy_status
smith(graph *g, work *w, uint64_t limit, grundy_error *err)
{
    uint32_t *r = w->rlist;
    size_t nr = 0, left;
    uint64_t steps = 0, stage;
    for (uint32_t v = 0; v < g->nv; v++) {
        if (g->loopy[v]) {
            r[nr++] = v;
            steps += 1 + g->ntok[v];
        }
    }
    stage = steps;
    left = nr;
    for (uint32_t i = 0; left > 0; i++) {
        /* The work limit bounds the O(V E) worst case (a loopy part
         * whose values run into the thousands). */
        if (limit != 0 && (steps += stage) > limit) {
            return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK,
                                 steps, "the generalised values of the "
                                 "loopy part of the game graph of %s "
                                 "take more than the work limit (%u "
                                 "vertices labelled, %zu left, at value "
                                 "%u)", g->shown,
                                 (uint32_t)(nr - left), left, i);
        }
        size_t head = 0, tail = stage_start(g, w, r, nr, i);
        while (head < tail) {
            uint32_t v = w->queue[head++];
            if (g->val[v] == GRAPH_UNL && !w->has[v]) {
                tail = label(g, w, v, i, tail);
                left--;
            }
        }
        for (size_t k = 0; k < nr; k++) {
            uint32_t v = r[k];
            if (g->val[v] == GRAPH_UNL && (!w->has[v] || i > g->maxdeg)) {
                g->val[v] = GRAPH_INF;
                left--;
            }
        }
    }
    return GRUNDY_OK;
}

grundy_status
graph_label(graph *g, size_t memory, uint64_t steps, grundy_error *err)
{
    work w;
    grundy_status st = work_new(g, memory, &w, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    g->val = malloc(((size_t)g->nv + 1) * sizeof *g->val);
    g->loopy = malloc((size_t)g->nv + 1);
    if (g->val == NULL || g->loopy == NULL) {
        work_free(&w);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    build_reverse(g, &w);
    kahn(g, &w);
    if (g->has_cycle) {
        st = check_sums(g, err);
        if (st == GRUNDY_OK) {
            st = smith(g, &w, steps, err);
        }
    }
    work_free(&w);
    return st;
}
