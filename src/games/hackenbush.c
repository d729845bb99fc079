/*
 * hackenbush.c - Green Hackenbush: a picture of edges between numbered
 * vertices, vertex 0 the ground; a move cuts one edge, and whatever no
 * longer connects to the ground falls away. Values by the colon and fusion
 * principles (docs/hackenbush.md), in linear time after one sort; no
 * recursion (pictures of 10^5 edges and deep paths).
 */
#include "family.h"

#include <stdlib.h>
#include <string.h>

#define HB_NONE SIZE_MAX

/* Listing every move (the misere search) builds one picture per edge:
 * beyond this many edges at the ground it is refused. */
#define HB_LIST_MAX 4096

/* ---- the picture as a graph ------------------------------------------- */

/*
 * One run of the fusion principle over a graph of nv vertices (dense ids)
 * and ne edges eu[i]-ev[i], from a root: which vertices the root reaches,
 * the bridges (Tarjan's low-link, by an explicit stack), the 2-edge-
 * connected blocks (the DFS tree cut at its bridges) and their values.
 * The arrays are scratch owned by the caller, sized for nv and ne.
 */
typedef struct hb_core {
    size_t nv, ne;
    const size_t *eu, *ev;    /* edge ends */
    const uint64_t *weight;   /* per vertex, XORed into its block, or NULL */
    size_t skip;              /* an edge left out (cut), or HB_NONE */
    size_t *off, *adj;        /* adjacency: nv + 1 offsets, 2 ne edges */
    size_t *tin, *low, *pe;   /* preorder time, low-link, tree edge in */
    size_t *it, *order;       /* next adjacency slot; vertices by tin */
    size_t *comp;             /* block of each reached vertex */
    unsigned char *bridge;    /* per edge */
    uint64_t *val;            /* per block: value of the block's branch */
    size_t norder, nblocks;
} hb_core;

static size_t
hb_other(const hb_core *g, size_t e, size_t x)
{
    return g->eu[e] == x ? g->ev[e] : g->eu[e];
}

/* The adjacency lists of every edge but skip and the loops (a loop is
 * never a bridge and joins nothing: it only counts in its block). */
static void
hb_adjacency(hb_core *g)
{
    memset(g->off, 0, (g->nv + 1) * sizeof *g->off);
    for (size_t e = 0; e < g->ne; e++) {
        if (e != g->skip && g->eu[e] != g->ev[e]) {
            g->off[g->eu[e] + 1]++;
            g->off[g->ev[e] + 1]++;
        }
    }
    for (size_t x = 0; x < g->nv; x++) {
        g->off[x + 1] += g->off[x];
        g->it[x] = g->off[x];
    }
    for (size_t e = 0; e < g->ne; e++) {
        if (e != g->skip && g->eu[e] != g->ev[e]) {
            g->adj[g->it[g->eu[e]]++] = e;
            g->adj[g->it[g->ev[e]]++] = e;
        }
    }
}

/* Depth-first search from root with an explicit stack (order doubles as
 * it: a vertex is on the stack from its visit until its list is done).
 * A tree edge pe[x] is a bridge iff low[x] > tin[parent]: no edge from
 * x's subtree climbs above x (Tarjan 1974). Parallel edges are told
 * apart by their ids, so a doubled edge is never a bridge. */
static void
hb_dfs(hb_core *g, size_t root)
{
    size_t top = 0, *stack = g->comp; /* comp is free until hb_blocks */
    for (size_t x = 0; x < g->nv; x++) {
        g->tin[x] = HB_NONE;
        g->it[x] = g->off[x];
    }
    memset(g->bridge, 0, g->ne);
    g->norder = 0;
    g->tin[root] = g->low[root] = 0;
    g->pe[root] = HB_NONE;
    g->order[g->norder++] = root;
    stack[top++] = root;
    while (top > 0) {
        size_t x = stack[top - 1];
        if (g->it[x] < g->off[x + 1]) {
            size_t e = g->adj[g->it[x]++], y = hb_other(g, e, x);
            if (e == g->pe[x]) {
                continue;
            }
            if (g->tin[y] == HB_NONE) {
                g->tin[y] = g->low[y] = g->norder;
                g->pe[y] = e;
                g->order[g->norder++] = y;
                stack[top++] = y;
            } else if (g->tin[y] < g->low[x]) {
                g->low[x] = g->tin[y];
            }
            continue;
        }
        top--;
        if (g->pe[x] != HB_NONE) {
            size_t p = hb_other(g, g->pe[x], x);
            if (g->low[x] < g->low[p]) {
                g->low[p] = g->low[x];
            }
            if (g->low[x] > g->tin[p]) {
                g->bridge[g->pe[x]] = 1;
            }
        }
    }
}

/* 1 when edge e has an end the root reached (then both ends: only the
 * cut edge skip is missing from the search). */
static int
hb_reached(const hb_core *g, size_t e)
{
    return e != g->skip && g->tin[g->eu[e]] != HB_NONE;
}

/*
 * Blocks and values. The 2-edge-connected blocks are the pieces of the
 * DFS tree between bridges; by the fusion principle (Winning Ways ch. 7)
 * a block is worth one vertex carrying its non-bridge edges as loops, a
 * loop being a stalk of one edge: so a block starts at its edge count
 * mod 2, plus its vertices' weights. The colon principle then adds, for
 * each bridge to a child block C, value(C) + 1, children first (reverse
 * preorder: a block's DFS subtree follows its first vertex).
 */
static uint64_t
hb_blocks(hb_core *g)
{
    g->nblocks = 0;
    for (size_t i = 0; i < g->norder; i++) {
        size_t x = g->order[i];
        if (g->pe[x] == HB_NONE || g->bridge[g->pe[x]]) {
            g->val[g->nblocks] = 0;
            g->comp[x] = g->nblocks++;
        } else {
            g->comp[x] = g->comp[hb_other(g, g->pe[x], x)];
        }
        if (g->weight != NULL) {
            g->val[g->comp[x]] ^= g->weight[x];
        }
    }
    for (size_t e = 0; e < g->ne; e++) {
        if (hb_reached(g, e) && !g->bridge[e]) {
            g->val[g->comp[g->eu[e]]] ^= 1;
        }
    }
    for (size_t i = g->norder; i-- > 1;) {
        size_t x = g->order[i];
        if (g->bridge[g->pe[x]]) {
            size_t p = hb_other(g, g->pe[x], x);
            g->val[g->comp[p]] ^= g->val[g->comp[x]] + 1;
        }
    }
    return g->val[0];
}

/* The value of the graph in g seen from root, skip left out. */
static uint64_t
hb_core_value(hb_core *g, size_t root)
{
    hb_adjacency(g);
    hb_dfs(g, root);
    return hb_blocks(g);
}

/* Scratch arrays for nv vertices and ne edges, one allocation; NULL when
 * out of memory. Free with free(g->off). */
static int
hb_core_alloc(hb_core *g, size_t nv, size_t ne)
{
    size_t per_v = 8 * (nv + 1), per_e = 2 * ne;
    size_t words = per_v + per_e + (nv + 1);
    char *p;
    if (nv > SIZE_MAX / 16 || ne > SIZE_MAX / 64) {
        return -1;
    }
    p = malloc(words * sizeof(size_t) + ne + 1);
    if (p == NULL) {
        return -1;
    }
    g->nv = nv;
    g->ne = ne;
    g->off = (size_t *)(void *)p;
    g->tin = g->off + (nv + 1);
    g->low = g->tin + (nv + 1);
    g->pe = g->low + (nv + 1);
    g->it = g->pe + (nv + 1);
    g->order = g->it + (nv + 1);
    g->comp = g->order + (nv + 1);
    g->val = (uint64_t *)(void *)(g->comp + (nv + 1));
    g->adj = (size_t *)(void *)(g->val + (nv + 1));
    g->bridge = (unsigned char *)(void *)(g->adj + per_e);
    g->skip = HB_NONE;
    g->weight = NULL;
    return 0;
}

/* ---- a picture: words to graph ------------------------------------------ */

/* A picture's words are its edges in the order written, two words each:
 * the vertex numbers of its ends as written (equal words: the same
 * picture, the same game). */
typedef struct hb_pic {
    hb_core g;
    size_t *ends;        /* 2 ne dense vertex ids: eu = ends, ev = +ne */
    int grounded;        /* vertex 0 appears */
    uint64_t value;
} hb_pic;

static int
hb_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static size_t
hb_find(const uint64_t *sorted, size_t n, uint64_t key)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (sorted[mid] <= key) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

static void
hb_pic_free(hb_pic *p)
{
    free(p->g.off);
    free(p->ends);
}

/* Bytes hb_pic_build needs for ne edges (the memory limit's measure). */
static size_t
hb_bytes(size_t ne)
{
    return ne * (2 * sizeof(uint64_t) + 2 * sizeof(size_t)) +
           (2 * ne + 1) * 8 * sizeof(size_t) + 2 * ne * sizeof(size_t) +
           ne + 64;
}

/* Builds the graph of picture v[0..2 ne) and its value. */
static grundy_status
hb_pic_build(grundy_game *game, const uint64_t *v, size_t n, hb_pic *p,
             grundy_error *err)
{
    size_t ne = n / 2, nv = 0;
    uint64_t *sorted;
    memset(p, 0, sizeof *p);
    if (n % 2 != 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "hackenbush: a picture is 2 words per edge, not %zu",
                       n);
    }
    if (game->limits != NULL && game->limits->memory != 0 &&
        hb_bytes(ne) > game->limits->memory) {
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                             hb_bytes(ne),
                             "hackenbush: a picture of %zu edges needs %zu "
                             "bytes, more than the memory limit (%zu bytes)",
                             ne, hb_bytes(ne), game->limits->memory);
    }
    sorted = malloc((n + 1) * sizeof *sorted);
    p->ends = malloc((n + 1) * sizeof *p->ends);
    if (sorted == NULL || p->ends == NULL) {
        goto oom;
    }
    memcpy(sorted, v, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, hb_cmp_u64);
    for (size_t i = 0; i < n; i++) {
        if (nv == 0 || sorted[i] != sorted[nv - 1]) {
            sorted[nv++] = sorted[i];
        }
    }
    for (size_t e = 0; e < ne; e++) {
        p->ends[e] = hb_find(sorted, nv, v[2 * e]);
        p->ends[ne + e] = hb_find(sorted, nv, v[2 * e + 1]);
    }
    p->grounded = nv > 0 && sorted[0] == 0;
    free(sorted);
    sorted = NULL;
    if (hb_core_alloc(&p->g, nv, ne) != 0) {
        goto oom;
    }
    p->g.eu = p->ends;
    p->g.ev = p->ends + ne;
    hb_adjacency(&p->g);
    if (p->grounded) {
        /* the ground is the smallest number, 0: dense id 0 */
        hb_dfs(&p->g, 0);
        p->value = hb_blocks(&p->g);
    }
    return GRUNDY_OK;
oom:
    free(sorted);
    hb_pic_free(p);
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

static grundy_status
hb_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    hb_pic p;
    grundy_status st = hb_pic_build(game, v, n, &p, err);
    if (st == GRUNDY_OK) {
        *sg = p.value;
        hb_pic_free(&p);
    }
    return st;
}

/* ---- winning moves ------------------------------------------------------ */

/*
 * Which edges of picture p to cut for a value of want (any cut when want
 * is GRUNDY_ANY_VALUE): win[e] set for each. Top-down over the tree of
 * blocks: need[B] is the value block B's branch must take.
 *  - Cutting the bridge to child C of B changes val(B) to
 *    t = val(B) ^ (val(C) + 1): a winner when t = need(B); otherwise C
 *    needs val(C) + 1 = need(B) ^ t, i.e. need(B) ^ t - 1 (never below
 *    0: t != need(B)). One value per block, so this is linear.
 *  - Cutting a loop flips its block's parity: val(B) ^ 1.
 *  - Cutting any other edge of a block may split it into smaller blocks
 *    joined by new bridges: the block is solved again without that edge
 *    (hb_local), its child branches hanging on their vertices as weights.
 */
typedef struct hb_moves {
    hb_pic *p;
    unsigned char *win;   /* per edge */
    uint64_t *need;       /* per block; UINT64_MAX: none */
    size_t *bstart;       /* per block: its vertices in vby (nblocks + 1) */
    size_t *vby;          /* vertices grouped by block, in preorder */
    size_t *estart, *eby; /* non-bridge edges grouped by block */
    size_t *loc;          /* per vertex: its id in the local graph */
    uint64_t *weight;     /* per vertex: its child branches, colon-added */
} hb_moves;

static void
hb_moves_free(hb_moves *m)
{
    free(m->win);
    free(m->need);
    free(m->bstart);
    free(m->vby);
    free(m->estart);
    free(m->eby);
    free(m->loc);
    free(m->weight);
}

static int
hb_moves_alloc(hb_moves *m, hb_pic *p)
{
    size_t nv = p->g.nv + 1, ne = p->g.ne + 1, nb = p->g.nblocks + 1;
    memset(m, 0, sizeof *m);
    m->p = p;
    m->win = calloc(ne, 1);
    m->need = malloc(nb * sizeof *m->need);
    m->bstart = calloc(nb + 1, sizeof *m->bstart);
    m->vby = malloc(nv * sizeof *m->vby);
    m->estart = calloc(nb + 1, sizeof *m->estart);
    m->eby = malloc(ne * sizeof *m->eby);
    m->loc = malloc(nv * sizeof *m->loc);
    m->weight = calloc(nv, sizeof *m->weight);
    if (m->win == NULL || m->need == NULL || m->bstart == NULL ||
        m->vby == NULL || m->estart == NULL || m->eby == NULL ||
        m->loc == NULL || m->weight == NULL) {
        hb_moves_free(m);
        return -1;
    }
    for (size_t b = 0; b < nb; b++) {
        m->need[b] = UINT64_MAX;
    }
    return 0;
}

/* The child end of tree edge e (its end found later by the search). */
static size_t
hb_child(const hb_core *g, size_t e)
{
    return g->tin[g->eu[e]] > g->tin[g->ev[e]] ? g->eu[e] : g->ev[e];
}

/* The bridges: winners and the values the child blocks need. */
static void
hb_top_down(hb_moves *m, uint64_t want)
{
    hb_core *g = &m->p->g;
    m->need[0] = want;
    for (size_t i = 1; i < g->norder; i++) {
        size_t x = g->order[i], e = g->pe[x], b, c;
        uint64_t t;
        if (!g->bridge[e]) {
            continue;
        }
        b = g->comp[hb_other(g, e, x)];
        c = g->comp[x];
        if (m->need[b] == UINT64_MAX) {
            continue;
        }
        t = g->val[b] ^ (g->val[c] + 1);
        if (t == m->need[b]) {
            m->win[e] = 1;
        } else {
            m->need[c] = (m->need[b] ^ t) - 1;
        }
        m->weight[hb_other(g, e, x)] ^= g->val[c] + 1;
    }
}

/* Groups the vertices and the non-bridge edges by block (counting sort:
 * vertices keep their preorder, so a block's first is its root). */
static void
hb_group(hb_moves *m)
{
    hb_core *g = &m->p->g;
    size_t nb = g->nblocks;
    for (size_t i = 0; i < g->norder; i++) {
        m->bstart[g->comp[g->order[i]] + 1]++;
    }
    for (size_t e = 0; e < g->ne; e++) {
        if (hb_reached(g, e) && !g->bridge[e]) {
            m->estart[g->comp[g->eu[e]] + 1]++;
        }
    }
    for (size_t b = 0; b < nb; b++) {
        m->bstart[b + 1] += m->bstart[b];
        m->estart[b + 1] += m->estart[b];
    }
    for (size_t i = 0; i < g->norder; i++) {
        size_t b = g->comp[g->order[i]];
        m->vby[m->bstart[b]++] = g->order[i];
    }
    for (size_t e = 0; e < g->ne; e++) {
        if (hb_reached(g, e) && !g->bridge[e]) {
            size_t b = g->comp[g->eu[e]];
            m->eby[m->estart[b]++] = e;
        }
    }
    for (size_t b = nb; b > 0; b--) {
        m->bstart[b] = m->bstart[b - 1];
        m->estart[b] = m->estart[b - 1];
    }
    m->bstart[0] = m->estart[0] = 0;
}

/* Steps hb_local takes: each non-loop edge of a block with a need solves
 * the block again. */
static uint64_t
hb_local_work(const hb_moves *m, size_t *largest_v, size_t *largest_e)
{
    const hb_core *g = &m->p->g;
    uint64_t work = 0;
    *largest_v = *largest_e = 0;
    for (size_t b = 0; b < g->nblocks; b++) {
        size_t nv = m->bstart[b + 1] - m->bstart[b];
        size_t ne = m->estart[b + 1] - m->estart[b];
        if (m->need[b] == UINT64_MAX || nv < 2) {
            continue;   /* no need, or only loops */
        }
        work += (uint64_t)ne * (uint64_t)(nv + ne);
        *largest_v = nv > *largest_v ? nv : *largest_v;
        *largest_e = ne > *largest_e ? ne : *largest_e;
    }
    return work;
}

/* Block b's non-bridge edges but its loops: each is cut from a copy of the block, solved again from the block's root with
 * its child branches as weights on their vertices. */
static void
hb_local_block(hb_moves *m, hb_core *lc, size_t *lends, uint64_t *lw,
               size_t b)
{
    hb_core *g = &m->p->g;
    size_t v0 = m->bstart[b], nv = m->bstart[b + 1] - v0;
    size_t e0 = m->estart[b], ne = m->estart[b + 1] - e0;
    uint64_t need = m->need[b];
    for (size_t i = 0; i < nv; i++) {
        m->loc[m->vby[v0 + i]] = i;
        lw[i] = m->weight[m->vby[v0 + i]];
    }
    for (size_t i = 0; i < ne; i++) {
        size_t e = m->eby[e0 + i];
        lends[i] = m->loc[g->eu[e]];
        lends[ne + i] = m->loc[g->ev[e]];
    }
    lc->nv = nv;
    lc->ne = ne;
    lc->eu = lends;
    lc->ev = lends + ne;
    for (size_t i = 0; i < ne; i++) {
        size_t e = m->eby[e0 + i];
        if (g->eu[e] == g->ev[e]) {
            continue;   /* hb_loops */
        }
        lc->skip = i;
        m->win[e] = hb_core_value(lc, 0) == need;
    }
}

/* Runs hb_local_block on every block with a need, within the work limit. */
static grundy_status
hb_local(grundy_game *game, hb_moves *m, const component *c,
         grundy_error *err)
{
    hb_core lc;
    size_t lv, le, *lends;
    uint64_t *lw, work = hb_local_work(m, &lv, &le);
    uint64_t limit = game->limits != NULL ? game->limits->work : 0;
    if (limit != 0 && work > limit) {
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, work,
                             "hackenbush: the moves of picture %zu inside "
                             "its cycles (a block of %zu edges) take %llu "
                             "steps, more than the work limit (%llu)",
                             c->index, le, (unsigned long long)work,
                             (unsigned long long)limit);
    }
    if (lv == 0) {
        return GRUNDY_OK;
    }
    if (hb_core_alloc(&lc, lv, le) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    lends = malloc(2 * le * sizeof *lends);
    lw = malloc(lv * sizeof *lw);
    if (lends == NULL || lw == NULL) {
        free(lends);
        free(lw);
        free(lc.off);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    lc.weight = lw;
    for (size_t b = 0; b < m->p->g.nblocks; b++) {
        if (m->need[b] != UINT64_MAX && m->bstart[b + 1] - m->bstart[b] > 1) {
            hb_local_block(m, &lc, lends, lw, b);
        }
    }
    free(lends);
    free(lw);
    free(lc.off);
    return GRUNDY_OK;
}

/* A loop flips its block's parity: val(B) ^ 1. */
static void
hb_loops(hb_moves *m)
{
    hb_core *g = &m->p->g;
    for (size_t e = 0; e < g->ne; e++) {
        if (hb_reached(g, e) && g->eu[e] == g->ev[e]) {
            size_t b = g->comp[g->eu[e]];
            m->win[e] = m->need[b] != UINT64_MAX &&
                        (g->val[b] ^ 1) == m->need[b];
        }
    }
}

/* ---- the picture a cut leaves ------------------------------------------- */

/* Subtree sizes of the search tree into g->it (free after hb_dfs): the
 * edges beyond a cut bridge are those with an end in its child's
 * subtree, the tin range [tin(x), tin(x) + size(x)). */
static void
hb_sizes(hb_core *g)
{
    for (size_t i = 0; i < g->norder; i++) {
        g->it[g->order[i]] = 1;
    }
    for (size_t i = g->norder; i-- > 1;) {
        size_t x = g->order[i];
        g->it[hb_other(g, g->pe[x], x)] += g->it[x];
    }
}

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
        size_t x = hb_child(g, e);
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

static uint64_t
hb_hash(const uint64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ w[i]) * 0xff51afd7ed558ccdu;
        h ^= h >> 29;
    }
    return h;
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

/* 1 when picture w[0..k) (cut e) was emitted already, else records it
 * (0); -1 when out of memory. tmp has room for a picture. */
static int
hb_seen_check(hb_seen *s, const hb_core *g, const uint64_t *v,
              const uint64_t *w, size_t k, size_t e, uint64_t *tmp)
{
    uint64_t h = hb_hash(w, k);
    size_t j, fell;
    if (2 * (s->n + 1) > s->cap && hb_seen_grow(s) != 0) {
        return -1;
    }
    for (j = (size_t)h & (s->cap - 1); s->edge[j] != 0;
         j = (j + 1) & (s->cap - 1)) {
        if (s->hash[j] == h &&
            hb_cut(g, v, s->edge[j] - 1, tmp, &fell) == k &&
            memcmp(tmp, w, k * sizeof *w) == 0) {
            return 1;
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
    hb_seen seen = {0};
    int r = 0;
    if (w == NULL || tmp == NULL) {
        r = -1;
    }
    for (size_t e = 0; e < g->ne && r == 0; e++) {
        size_t k, fell;
        if (!m->win[e]) {
            continue;
        }
        k = hb_cut(g, c->v, e, w, &fell);
        r = hb_seen_check(&seen, g, c->v, w, k, e, tmp);
        if (r == 0) {
            r = hb_emit(sink, c, e, w, k, fell);
        } else if (r == 1) {
            r = 0;
        }
    }
    free(w);
    free(tmp);
    free(seen.hash);
    free(seen.edge);
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

/* Marks the cuts leaving value want (every cut for GRUNDY_ANY_VALUE). */
static grundy_status
hb_winners(grundy_game *game, hb_moves *m, const component *c, uint64_t want,
           grundy_error *err)
{
    hb_core *g = &m->p->g;
    if (want == GRUNDY_ANY_VALUE) {
        size_t reached = 0;
        for (size_t e = 0; e < g->ne; e++) {
            m->win[e] = (unsigned char)hb_reached(g, e);
            reached += m->win[e];
        }
        if (reached > HB_LIST_MAX) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "hackenbush: picture %zu has %zu edges at the "
                           "ground, too many to list every move (at most "
                           "%d)", c->index, reached, HB_LIST_MAX);
        }
        return GRUNDY_OK;
    }
    hb_top_down(m, want);
    hb_group(m);
    hb_loops(m);
    return hb_local(game, m, c, err);
}

static grundy_status
hb_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    hb_pic p;
    hb_moves m;
    grundy_status st = hb_pic_build(game, c->v, c->n, &p, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (!p.grounded || p.value == want) {
        hb_pic_free(&p);   /* no edge, or no cut keeps the value (mex) */
        return GRUNDY_OK;
    }
    if (hb_moves_alloc(&m, &p) != 0) {
        hb_pic_free(&p);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st = hb_winners(game, &m, c, want, err);
    if (st == GRUNDY_OK) {
        hb_sizes(&p.g);
        st = hb_emit_all(&m, c, sink, err);
    }
    hb_moves_free(&m);
    hb_pic_free(&p);
    return st;
}

/* ---- the picture's syntax ----------------------------------------------- */

/* Reads vertex number s[0..len) of edge `edge` (1-based, text item). */
static grundy_status
hb_vertex(const char *s, size_t len, size_t edge, const char *item,
          size_t ilen, uint64_t *out, grundy_error *err)
{
    switch (util_parse_u64(s, len, out)) {
    case 0:
        return GRUNDY_OK;
    case -2:
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu '%.*s': vertex number beyond "
                       "18446744073709551615", edge,
                       (int)(ilen > 60 ? 60 : ilen), item);
    default:
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu '%.*s': '%.*s' is not a vertex number "
                       "(edges are a-b, vertex numbers joined by '-', "
                       "0 the ground)", edge,
                       (int)(ilen > 60 ? 60 : ilen), item,
                       (int)(len > 40 ? 40 : len), s);
    }
}

/* One edge item "a-b" into out[0..2). */
static grundy_status
hb_edge(const char *s, size_t len, size_t edge, uint64_t *out,
        grundy_error *err)
{
    const char *dash = memchr(s, '-', len);
    grundy_status st;
    if (len == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu is empty (two commas in a row, or a comma "
                       "at an end): edges are a-b joined by commas", edge);
    }
    if (dash == NULL) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu '%.*s' is not a-b (two vertex numbers "
                       "joined by '-', 0 the ground)", edge,
                       (int)(len > 60 ? 60 : len), s);
    }
    if (dash == s || dash == s + len - 1) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "edge %zu '%.*s' lacks its %s vertex (write a-b)",
                       edge, (int)(len > 60 ? 60 : len), s,
                       dash == s ? "first" : "second");
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
        const char *sep = i == 0 ? "" : i % 2 == 1 ? "-" : ",";
        size_t sl = strlen(sep);
        if (len + sl <= cap) {
            memcpy(buf + len, sep, sl);
        }
        len += sl;
        if (len + d <= cap) {
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
};
