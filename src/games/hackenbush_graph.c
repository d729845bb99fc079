/*
 * hackenbush_graph.c - a Green Hackenbush picture as a graph, and its
 * value by the fusion and colon principles (Winning Ways ch. 7): bridges
 * by one depth-first search on an explicit stack (no recursion: deep
 * paths of 10^5 edges), blocks, then the tree of blocks bottom-up.
 */
#include "hackenbush.h"

#include <stdlib.h>
#include <string.h>

/* ---- the picture as a graph ------------------------------------------- */

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
uint64_t
hackenbush_core_value(hb_core *g, size_t root)
{
    hb_adjacency(g);
    hb_dfs(g, root);
    return hb_blocks(g);
}

/* Scratch arrays for nv vertices and ne edges, one allocation; NULL when
 * out of memory. Free with free(g->off). */
int
hackenbush_core_alloc(hb_core *g, size_t nv, size_t ne)
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

void
hackenbush_pic_free(hb_pic *p)
{
    free(p->g.off);
    free(p->ends);
}

/* Bytes hackenbush_pic_build needs for ne edges (what the memory limit
 * measures). */
static size_t
hb_bytes(size_t ne)
{
    return ne * (2 * sizeof(uint64_t) + 2 * sizeof(size_t)) +
           (2 * ne + 1) * 8 * sizeof(size_t) + 2 * ne * sizeof(size_t) +
           ne + 64;
}

/* Builds the graph of picture v[0..2 ne) and its value. */
grundy_status
hackenbush_pic_build(grundy_game *game, const uint64_t *v, size_t n,
                     hb_pic *p, grundy_error *err)
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
    if (hackenbush_core_alloc(&p->g, nv, ne) != 0) {
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
    hackenbush_pic_free(p);
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

/* The child end of tree edge e (its end found later by the search). */
size_t
hackenbush_child(const hb_core *g, size_t e)
{
    return g->tin[g->eu[e]] > g->tin[g->ev[e]] ? g->eu[e] : g->ev[e];
}

/* Subtree sizes of the search tree into g->it (free after hb_dfs): the
 * edges beyond a cut bridge are those with an end in its child's
 * subtree, the tin range [tin(x), tin(x) + size(x)). */
void
hackenbush_sizes(hb_core *g)
{
    for (size_t i = 0; i < g->norder; i++) {
        g->it[g->order[i]] = 1;
    }
    for (size_t i = g->norder; i-- > 1;) {
        size_t x = g->order[i];
        g->it[hb_other(g, g->pe[x], x)] += g->it[x];
    }
}
