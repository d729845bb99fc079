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
 *    joined by new bridges: the block is solved again without that edge
 *    (hb_local), its child branches hanging on their vertices as weights.
 */

void
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

int
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

/* Marks the cuts leaving value want (every cut for GRUNDY_ANY_VALUE). */
grundy_status
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
