/*
 * hackenbush_cuts.c - the winning cuts of a Green Hackenbush picture:
 * which edges to cut to leave a given value. Linear over the tree of
 * blocks; inside a block, by its 2-edge cuts (docs/hackenbush.md).
 */
#include "hackenbush.h"

#include <stdlib.h>
#include <string.h>

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
 *    joined by new bridges, those that form a 2-edge cut with it: the
 *    pieces form a path valued by the colon principle (hb_class_block);
 *    small blocks are solved again without the edge (hb_local_block),
 *    their child branches hanging on their vertices as weights.
 */

void
hackenbush_moves_free(hb_moves *m)
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

int
hackenbush_moves_alloc(hb_moves *m, hb_pic *p)
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
        hackenbush_moves_free(m);
        return -1;
    }
    for (size_t b = 0; b < nb; b++) {
        m->need[b] = UINT64_MAX;
    }
    return 0;
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

/* Block b's non-bridge edges but its loops, the literal way: each is cut
 * from a copy of the block, solved again from the block's root with its
 * child branches as weights on their vertices. Quadratic: for blocks of
 * at most HB_SMALL edges, and where hb_class_block cannot vouch for its
 * classes. */
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
        m->win[e] = hackenbush_core_value(lc, 0) == need;
    }
}

/* Blocks of more non-loop edges than this go by their 2-edge cuts
 * (hb_class_block); smaller ones are solved again per edge. Both run on
 * the tests' small pictures, against the literal rules. */
#define HB_SMALL 4

/*
 * The 2-edge cuts of a block, from its DFS tree (the block's tree edges
 * and its back edges, the search's non-tree edges). Cutting a non-bridge
 * edge e of block B leaves B - e connected; its bridges are the edges f
 * with {e, f} a cut of B. "e ~ f iff {e, f} is a cut" is an equivalence
 * on the edges of a 2-edge-connected graph, and removing a class of k
 * edges leaves k pieces joined in a cycle by the class's edges; so B - e
 * is a path of pieces, each 2-edge-connected, worth (fusion) its edge
 * count mod 2 plus the child branches on its vertices, and the colon
 * principle values the path from the piece holding the block's root.
 * An edge in no cut pair just flips the block's parity: val(B) ^ 1.
 *
 * Finding the classes: a back edge covers the tree edges on its path; the
 * set S(t) of back edges covering tree edge t decides (two back edges
 * never disconnect the tree): {t, t'} is a cut iff S(t) = S(t'), and
 * {t, b} iff S(t) = {b}. Equal sets are found by XORing a 64-bit label of
 * each back edge over the subtree (equal sets have equal sums, so no class
 * is ever split), and every member is then checked exactly: S(u) = S(v),
 * u above v, iff |S(u)| = |S(v)| = the number of back edges leaving v's
 * subtree above u (a Fenwick tree over the preorder, offline). A check
 * that fails (labels that collide) sends the block to the literal way.
 */
typedef struct hb_key {
    uint64_t key;    /* h(v), or a back edge's label */
    size_t at;       /* tin(v), or the edge */
    size_t v;
} hb_key;

typedef struct hb_query {
    size_t above;    /* tin(u): back edges landing above u count */
    size_t lo, hi;   /* v's subtree: tin range */
    size_t want;     /* |S(v)| */
} hb_query;

typedef struct hb_agg {
    uint64_t *h;     /* per vertex, over its subtree in its block: XOR of
                      * the labels of back edges with an end there */
    uint64_t *w;     /* XOR of the child branches hanging there */
    size_t *cnt;     /* back edges leaving the subtree: |S(pe(v))| */
    size_t *esub;    /* block edges with their upper end there */
    size_t *bit;     /* Fenwick tree over tin, 1-based */
    hb_key *keys;    /* a block's tree vertices, by (h, tin) */
    hb_key *backs;   /* a block's back edges, by label */
    size_t *bys;     /* a block's back edges, by tin of the upper end */
    hb_query *q;
    uint64_t *cq;    /* a class's pieces: edge count mod 2 ^ weight */
    size_t *ce;      /* a class's edges in cyclic order */
} hb_agg;

/* A label per edge: splitmix64 of its number, a bijection, so distinct
 * back edges get distinct labels. */
static uint64_t
hb_label(size_t e)
{
    uint64_t z = (uint64_t)e + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int
hb_tree_edge(const hb_core *g, size_t e)
{
    return g->pe[hackenbush_child(g, e)] == e;
}

/* The upper (ancestor) end of edge e. */
static size_t
hb_upper(const hb_core *g, size_t e)
{
    return g->tin[g->eu[e]] < g->tin[g->ev[e]] ? g->eu[e] : g->ev[e];
}

/* Subtree sums of every block (each vertex adds into its parent when the
 * tree edge between them is not a bridge: sums stop at blocks). */
static void
hb_aggregate(const hb_moves *m, hb_agg *a)
{
    const hb_core *g = &m->p->g;
    for (size_t i = 0; i < g->norder; i++) {
        size_t x = g->order[i];
        a->h[x] = 0;
        a->cnt[x] = a->esub[x] = 0;
        a->w[x] = m->weight[x];
    }
    for (size_t e = 0; e < g->ne; e++) {
        size_t up;
        if (!hb_reached(g, e) || g->bridge[e]) {
            continue;
        }
        up = hb_upper(g, e);
        a->esub[up]++;
        if (g->eu[e] != g->ev[e] && !hb_tree_edge(g, e)) {
            size_t low = hb_other(g, e, up);
            a->h[up] ^= hb_label(e);
            a->h[low] ^= hb_label(e);
            a->cnt[low]++;
            a->cnt[up]--;   /* modulo 2^64: the sums come out right */
        }
    }
    for (size_t i = g->norder; i-- > 1;) {
        size_t x = g->order[i], p;
        if (g->bridge[g->pe[x]]) {
            continue;
        }
        p = hb_other(g, g->pe[x], x);
        a->h[p] ^= a->h[x];
        a->w[p] ^= a->w[x];
        a->cnt[p] += a->cnt[x];
        a->esub[p] += a->esub[x];
    }
}

static int
hb_key_cmp(const void *x, const void *y)
{
    const hb_key *a = x, *b = y;
    if (a->key != b->key) {
        return a->key < b->key ? -1 : 1;
    }
    return (a->at > b->at) - (a->at < b->at);
}

static int
hb_query_cmp(const void *x, const void *y)
{
    const hb_query *a = x, *b = y;
    return (a->above > b->above) - (a->above < b->above);
}

static void
hb_bit_add(size_t *bit, size_t n, size_t at, size_t d)
{
    for (size_t i = at + 1; i <= n; i += i & (~i + 1)) {
        bit[i] += d;
    }
}

static size_t
hb_bit_sum(const size_t *bit, size_t end)
{
    size_t s = 0;
    for (size_t i = end; i > 0; i -= i & (~i + 1)) {
        s += bit[i];
    }
    return s;
}

/* 1 when u is an ancestor of v (or v itself) in the search tree. */
static int
hb_above(const hb_core *g, size_t u, size_t v)
{
    return g->tin[u] <= g->tin[v] && g->tin[v] < g->tin[u] + g->it[u];
}

/* Block b's back edges (by label and by the tin of their upper end) and
 * tree vertices (by h, then tin); returns how many back edges. */
static size_t
hb_block_lists(const hb_moves *m, hb_agg *a, size_t b, size_t *nt)
{
    const hb_core *g = &m->p->g;
    size_t nb = 0;
    *nt = 0;
    for (size_t i = m->bstart[b] + 1; i < m->bstart[b + 1]; i++) {
        size_t v = m->vby[i];
        a->keys[(*nt)++] = (hb_key){a->h[v], g->tin[v], v};
    }
    for (size_t i = m->estart[b]; i < m->estart[b + 1]; i++) {
        size_t e = m->eby[i];
        if (g->eu[e] != g->ev[e] && !hb_tree_edge(g, e)) {
            a->backs[nb] = (hb_key){hb_label(e), e, 0};
            a->bys[nb++] = e;
        }
    }
    qsort(a->keys, *nt, sizeof *a->keys, hb_key_cmp);
    qsort(a->backs, nb, sizeof *a->backs, hb_key_cmp);
    for (size_t i = 0; i < nb; i++) {
        a->q[i] = (hb_query){g->tin[hb_upper(g, a->bys[i])], a->bys[i], 0, 0};
    }
    qsort(a->q, nb, sizeof *a->q, hb_query_cmp);
    for (size_t i = 0; i < nb; i++) {
        a->bys[i] = a->q[i].lo;
    }
    return nb;
}

/* Checks S(u) = S(v) for each pair of neighbours u, v in a group of
 * equal h (u first by tin): 1 when every one holds. */
static int
hb_verify(const hb_moves *m, hb_agg *a, size_t nt, size_t nb)
{
    const hb_core *g = &m->p->g;
    size_t nq = 0, j = 0;
    int ok = 1;
    for (size_t i = 0; i + 1 < nt; i++) {
        size_t u = a->keys[i].v, v = a->keys[i + 1].v;
        if (a->keys[i].key != a->keys[i + 1].key) {
            continue;
        }
        if (!hb_above(g, u, v) || a->cnt[u] != a->cnt[v]) {
            return 0;
        }
        a->q[nq++] = (hb_query){g->tin[u], g->tin[v], g->tin[v] + g->it[v],
                                a->cnt[v]};
    }
    qsort(a->q, nq, sizeof *a->q, hb_query_cmp);
    for (size_t i = 0; i < nq && ok; i++) {
        for (; j < nb && g->tin[hb_upper(g, a->bys[j])] < a->q[i].above;
             j++) {
            size_t low = hb_other(g, a->bys[j], hb_upper(g, a->bys[j]));
            hb_bit_add(a->bit, g->norder, g->tin[low], 1);
        }
        ok = hb_bit_sum(a->bit, a->q[i].hi) - hb_bit_sum(a->bit, a->q[i].lo) ==
             a->q[i].want;
    }
    while (j-- > 0) {
        size_t low = hb_other(g, a->bys[j], hb_upper(g, a->bys[j]));
        hb_bit_add(a->bit, g->norder, g->tin[low], SIZE_MAX); /* -1 */
    }
    return ok;
}

/* The back edge of label key covering tree vertices first..last of a
 * class with |S| = 1, or HB_NONE when there is none (labels collided). */
static size_t
hb_lone_back(const hb_moves *m, const hb_agg *a, size_t nb, uint64_t key,
             size_t first, size_t last)
{
    const hb_core *g = &m->p->g;
    size_t lo = 0, hi = nb, e, up;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a->backs[mid].key < key) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo == nb || a->backs[lo].key != key) {
        return HB_NONE;
    }
    e = a->backs[lo].at;
    up = hb_upper(g, e);
    if (!hb_above(g, last, hb_other(g, e, up)) ||
        g->tin[up] >= g->tin[first]) {
        return HB_NONE;
    }
    return e;
}

/* The value of block b's branch after cutting class edge j (1-based) of
 * the cycle of k pieces cq[0..k) (piece 0 holds the root; edge j joins
 * pieces j-1 and j mod k): the two arms from piece 0, colon-added. */
static uint64_t
hb_cycle_cut(const uint64_t *cq, size_t k, size_t j)
{
    uint64_t v = cq[0];
    if (j >= 2) {
        uint64_t arm = cq[j - 1];
        for (size_t i = j - 1; i-- > 1;) {
            arm = cq[i] ^ (arm + 1);
        }
        v ^= arm + 1;
    }
    if (j <= k - 1) {
        uint64_t arm = cq[j];
        for (size_t i = j + 1; i < k; i++) {
            arm = cq[i] ^ (arm + 1);
        }
        v ^= arm + 1;
    }
    return v;
}

/* The pieces of the class of tree vertices keys[f..l] (by tin) and its
 * lone back edge lone (or HB_NONE), into a->cq and a->ce; returns k. */
static size_t
hb_pieces(const hb_moves *m, hb_agg *a, size_t b, size_t f, size_t l,
          size_t lone)
{
    const hb_core *g = &m->p->g;
    size_t r = m->vby[m->bstart[b]], n = l - f + 1, k = 0;
    size_t v1 = a->keys[f].v, vm = a->keys[l].v, c = a->cnt[v1];
    /* the top piece: the block outside v1's subtree; t_1 and S cross */
    size_t e0 = a->esub[r] - a->esub[v1] - 1 - c;
    uint64_t w0 = a->w[r] ^ a->w[v1];
    if (lone == HB_NONE) {
        /* |S| >= 2: the bottom piece and the top one are one piece */
        e0 += a->esub[vm] + c;
        w0 ^= a->w[vm];
    }
    a->cq[k++] = (e0 & 1) ^ w0;
    for (size_t i = f; i < l; i++) {
        size_t u = a->keys[i].v, v = a->keys[i + 1].v;
        a->cq[k++] = ((a->esub[u] - a->esub[v] - 1) & 1) ^ (a->w[u] ^ a->w[v]);
    }
    if (lone != HB_NONE) {
        a->cq[k++] = (a->esub[vm] & 1) ^ a->w[vm];
    }
    for (size_t i = 0; i < n; i++) {
        a->ce[i] = g->pe[a->keys[f + i].v];
    }
    if (lone != HB_NONE) {
        a->ce[n] = lone;
    }
    return k;
}

/* Block b by its 2-edge cuts: 1 when done, 0 when a class could not be
 * vouched for (the caller goes the literal way). *work counts the
 * steps of the cycles, checked against limit (2: beyond it). */
static int
hb_class_block(hb_moves *m, hb_agg *a, size_t b, uint64_t *work,
               uint64_t limit)
{
    const hb_core *g = &m->p->g;
    size_t nt, nb = hb_block_lists(m, a, b, &nt);
    uint64_t need = m->need[b], flip = g->val[b] ^ 1;
    if (!hb_verify(m, a, nt, nb)) {
        return 0;
    }
    for (size_t i = m->estart[b]; i < m->estart[b + 1]; i++) {
        size_t e = m->eby[i];
        if (g->eu[e] != g->ev[e]) {
            m->win[e] = flip == need;
        }
    }
    for (size_t f = 0, l; f < nt; f = l + 1) {
        size_t lone = HB_NONE, k, n;
        for (l = f; l + 1 < nt && a->keys[l + 1].key == a->keys[f].key; l++) {
        }
        n = l - f + 1;
        if (a->cnt[a->keys[f].v] == 1) {
            lone = hb_lone_back(m, a, nb, a->keys[f].key, a->keys[f].v,
                                a->keys[l].v);
            if (lone == HB_NONE) {
                return 0;
            }
        } else if (n == 1) {
            continue;   /* in no cut pair */
        }
        k = hb_pieces(m, a, b, f, l, lone);
        *work += (uint64_t)k * k;
        if (limit != 0 && *work > limit) {
            return 2;
        }
        for (size_t j = 1; j <= k; j++) {
            m->win[a->ce[j - 1]] = hb_cycle_cut(a->cq, k, j) == need;
        }
    }
    return 1;
}

static void
hb_agg_free(hb_agg *a)
{
    free(a->h);
    free(a->w);
    free(a->cnt);
    free(a->esub);
    free(a->bit);
    free(a->keys);
    free(a->backs);
    free(a->bys);
    free(a->q);
    free(a->cq);
    free(a->ce);
}

/* Room for the class method: per vertex of the picture, and per vertex
 * or edge of its largest block (lv, le). -1 when out of memory. */
static int
hb_agg_alloc(hb_agg *a, size_t nv, size_t lv, size_t le)
{
    size_t lq = (lv > le ? lv : le) + 1;
    memset(a, 0, sizeof *a);
    a->h = malloc((nv + 1) * sizeof *a->h);
    a->w = malloc((nv + 1) * sizeof *a->w);
    a->cnt = malloc((nv + 1) * sizeof *a->cnt);
    a->esub = malloc((nv + 1) * sizeof *a->esub);
    a->bit = calloc(nv + 2, sizeof *a->bit);
    a->keys = malloc((lv + 1) * sizeof *a->keys);
    a->backs = malloc((le + 1) * sizeof *a->backs);
    a->bys = malloc((le + 1) * sizeof *a->bys);
    a->q = malloc(lq * sizeof *a->q);
    a->cq = malloc((lv + 2) * sizeof *a->cq);
    a->ce = malloc((lv + 2) * sizeof *a->ce);
    if (a->h == NULL || a->w == NULL || a->cnt == NULL || a->esub == NULL ||
        a->bit == NULL || a->keys == NULL || a->backs == NULL ||
        a->bys == NULL || a->q == NULL || a->cq == NULL || a->ce == NULL) {
        hb_agg_free(a);
        return -1;
    }
    return 0;
}

/* Scratch of the literal way for blocks up to lv vertices, le edges. */
typedef struct hb_lit {
    hb_core lc;
    size_t *lends;
    uint64_t *lw;
} hb_lit;

static void
hb_lit_free(hb_lit *l)
{
    free(l->lc.off);
    free(l->lends);
    free(l->lw);
}

static int
hb_lit_alloc(hb_lit *l, size_t lv, size_t le)
{
    memset(l, 0, sizeof *l);
    if (hackenbush_core_alloc(&l->lc, lv, le) != 0) {
        return -1;
    }
    l->lends = malloc((2 * le + 1) * sizeof *l->lends);
    l->lw = malloc((lv + 1) * sizeof *l->lw);
    if (l->lends == NULL || l->lw == NULL) {
        hb_lit_free(l);
        return -1;
    }
    l->lc.weight = l->lw;
    return 0;
}

static grundy_status
hb_work_error(const component *c, uint64_t limit, grundy_error *err)
{
    return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, 0,
                         "hackenbush: the moves of picture %zu inside its "
                         "cycles take more than %llu steps, the work limit",
                         c->index, (unsigned long long)limit);
}

/* Each block with a need and more than one vertex: by its 2-edge cuts
 * when it is large, else (or when they cannot be vouched for) the
 * literal way, within the work limit. */
static grundy_status
hb_blocks_cut(hb_moves *m, hb_agg *a, hb_lit *l, uint64_t limit,
              const component *c, grundy_error *err)
{
    const hb_core *g = &m->p->g;
    uint64_t work = 0;
    for (size_t b = 0; b < g->nblocks; b++) {
        size_t nv = m->bstart[b + 1] - m->bstart[b];
        size_t ne = m->estart[b + 1] - m->estart[b];
        int r = 0;
        if (m->need[b] == UINT64_MAX || nv < 2) {
            continue;   /* no need, or only loops (hb_loops) */
        }
        if (ne > HB_SMALL) {
            r = hb_class_block(m, a, b, &work, limit);
        }
        if (r == 0) {
            work += (uint64_t)ne * (nv + ne);
            r = limit != 0 && work > limit ? 2 : 1;
            if (r == 1) {
                hb_local_block(m, &l->lc, l->lends, l->lw, b);
            }
        }
        if (r == 2) {
            return hb_work_error(c, limit, err);
        }
    }
    return GRUNDY_OK;
}

static grundy_status
hb_local(grundy_game *game, hb_moves *m, const component *c,
         grundy_error *err)
{
    const hb_core *g = &m->p->g;
    uint64_t limit = game->limits != NULL ? game->limits->work : 0;
    size_t lv = 0, le = 0;
    hb_agg a;
    hb_lit l;
    grundy_status st;
    for (size_t b = 0; b < g->nblocks; b++) {
        size_t nv = m->bstart[b + 1] - m->bstart[b];
        size_t ne = m->estart[b + 1] - m->estart[b];
        if (m->need[b] != UINT64_MAX && nv >= 2) {
            lv = nv > lv ? nv : lv;
            le = ne > le ? ne : le;
        }
    }
    if (lv == 0) {
        return GRUNDY_OK;
    }
    if (hb_lit_alloc(&l, lv, le) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (hb_agg_alloc(&a, g->nv, lv, le) != 0) {
        hb_lit_free(&l);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    hb_aggregate(m, &a);
    st = hb_blocks_cut(m, &a, &l, limit, c, err);
    hb_agg_free(&a);
    hb_lit_free(&l);
    return st;
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

/* Marks the cuts leaving value want (every cut for GRUNDY_ANY_VALUE). */
grundy_status
hackenbush_winners(grundy_game *game, hb_moves *m, const component *c,
                   uint64_t want, grundy_error *err)
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
    hackenbush_sizes(&m->p->g);
    hb_top_down(m, want);
    hb_group(m);
    hb_loops(m);
    return hb_local(game, m, c, err);
}
