/*
 * hackenbush.h - the Green Hackenbush family's own header, seen by its
 * three files alone: the picture as a graph and its values
 * (hackenbush_graph.c), the winning cuts (hackenbush_cuts.c), and the
 * family: syntax, options, words (hackenbush.c).
 */
#ifndef GRUNDY_HACKENBUSH_H
#define GRUNDY_HACKENBUSH_H

#include "family.h"

#define HB_NONE SIZE_MAX

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

/* A picture's words are its edges in the order written, two words each:
 * the vertex numbers of its ends as written (equal words: the same
 * picture, the same game). */
typedef struct hb_pic {
    hb_core g;
    size_t *ends;        /* 2 ne dense vertex ids: eu = ends, ev = +ne */
    int grounded;        /* vertex 0 appears */
    uint64_t value;
} hb_pic;

/* The other end of edge e from x. */
static inline size_t
hb_other(const hb_core *g, size_t e, size_t x)
{
    return g->eu[e] == x ? g->ev[e] : g->eu[e];
}

/* 1 when edge e has an end the root reached (then both ends: only the
 * cut edge skip is missing from the search). */
static inline int
hb_reached(const hb_core *g, size_t e)
{
    return e != g->skip && g->tin[g->eu[e]] != HB_NONE;
}
/* The child end of tree edge e (its end found later by the search). */
size_t hackenbush_child(const hb_core *g, size_t e);
/* Scratch arrays for nv vertices and ne edges, one allocation: -1 when
 * out of memory. Free with free(g->off). */
int hackenbush_core_alloc(hb_core *g, size_t nv, size_t ne);
/* The value of the graph in g seen from root, g->skip left out. */
uint64_t hackenbush_core_value(hb_core *g, size_t root);
/* Subtree sizes of the search tree into g->it (free after the search):
 * the edges beyond a cut bridge are those with an end in its child's
 * subtree, the tin range [tin(x), tin(x) + size(x)). */
void hackenbush_sizes(hb_core *g);
/* Builds the graph of picture v[0..n) (2 words an edge) and its value,
 * within game's memory limit; release with hackenbush_pic_free. */
grundy_status hackenbush_pic_build(grundy_game *game, const uint64_t *v,
                                   size_t n, hb_pic *p, grundy_error *err);
void hackenbush_pic_free(hb_pic *p);

/* ---- winning cuts (hackenbush_cuts.c) ---------------------------------- */

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

/* Room for the cuts of picture p (built, grounded); -1: out of memory. */
int hackenbush_moves_alloc(hb_moves *m, hb_pic *p);
void hackenbush_moves_free(hb_moves *m);
/* Marks in m->win the cuts of component c (picture m->p) that leave
 * value want, every cut for GRUNDY_ANY_VALUE (refused beyond
 * HB_LIST_MAX edges); GRUNDY_ELIMIT beyond the game's work limit. */
grundy_status hackenbush_winners(grundy_game *game, hb_moves *m,
                                 const component *c, uint64_t want,
                                 grundy_error *err);

/* Listing every move (the misere search) builds one picture per edge:
 * beyond this many edges at the ground it is refused. */
#define HB_LIST_MAX 4096

#endif
