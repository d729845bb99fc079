/*
 * graph.h - the explicit game graph of graph:FILE, shared by the files
 * of the graph family alone: graph_read.c builds it from the rules file,
 * graph_label.c gives every vertex its (generalised) Sprague-Grundy
 * value, graph.c is the family (parse, print, values, options).
 */
#ifndef GRUNDY_GAMES_GRAPH_H
#define GRUNDY_GAMES_GRAPH_H

#include "family.h"

/* A move's part token in graph.tok: the vertex index in the low 31 bits;
 * GRAPH_JOIN set when the next token is the next part of the same sum
 * ("b+c" is b|JOIN, c). */
#define GRAPH_JOIN 0x80000000u
#define GRAPH_MAX_VERTICES 0x7fffffffu

/* A vertex's value: finite values are below GRAPH_INF; GRAPH_INF marks
 * Smith's infinite value infinity(K), K the finite values among its
 * options (graph_kset). */
#define GRAPH_INF UINT32_MAX

typedef struct graph {
    char *file;          /* the FILE as the spec gives it */
    char *shown;         /* ... as messages show it: unprintable bytes as
                          * \xNN (util_quote_token, unquoted) */
    uint32_t nv;         /* vertices */
    uint32_t vcap;       /* room of the per-vertex arrays */
    char *names;         /* every name, NUL-terminated, one after another */
    size_t namelen, namecap;
    size_t *name_at;     /* nv entries: offset of vertex v's name */
    uint64_t *hash;      /* open addressing: vertex + 1 and the name's
                          * hash above (graph_read.c), 0 free */
    size_t hashcap;      /* a power of two */
    uint32_t *first;     /* nv entries: v's moves are tok[first[v] ..
                          * first[v] + ntok[v]) */
    uint32_t *ntok;
    uint32_t *line;      /* nv entries: the line listing v's moves, 0:
                          * not listed (for messages) */
    uint32_t *tok;       /* every move's parts, line after line */
    size_t ntoks, tokcap;
    uint32_t *val;       /* nv entries: the value (GRAPH_INF: infinite) */
    unsigned char *loopy;/* nv entries: 1 when a cycle can be reached
                          * from v (play may go on for ever) */
    int has_cycle;       /* some vertex is loopy */
    uint32_t maxdeg;     /* most tokens of one vertex */
} graph;

/* Bytes the graph holds now (the game's footprint). */
size_t graph_bytes(const graph *g);
/* Frees g and everything it holds; NULL is a no-op. */
void graph_free(graph *g);

/* The vertex named name[0..len), or UINT32_MAX when there is none. */
uint32_t graph_find(const graph *g, const char *name, size_t len);
/* 1 when name[0..len) is a vertex name: letters, digits, '_', '.', '-'. */
int graph_name_ok(const char *name, size_t len);

/*
 * Reads the rules file `file` (as the spec gives it: relative to the
 * current directory) into a new graph *out, within `memory` bytes.
 * GRUNDY_ESPEC with "FILE:LINE: reason" for a bad line or "cannot read
 * FILE: reason"; GRUNDY_ELIMIT (memory limit) when it needs more;
 * GRUNDY_ENOMEM. Values are not computed (graph_label).
 */
grundy_status graph_read(const char *file, size_t len, size_t memory,
                         graph **out, grundy_error *err);

/*
 * Every vertex's value: Grundy values in reverse topological order
 * (Kahn) where no cycle can be reached, Smith's generalised function on
 * the rest (docs/theory.md 10). GRUNDY_ESPEC naming the line of a move to a
 * sum whose part can reach a cycle (not supported); GRUNDY_ELIMIT when
 * the work arrays pass `memory`, or Smith's stages would take more than
 * `work` steps (0: no bound); GRUNDY_ENOMEM.
 */
grundy_status graph_label(graph *g, size_t memory, uint64_t work,
                          grundy_error *err);

/* The value of the move of tokens tok[at..*end) (one vertex, or a sum:
 * the XOR of its parts' finite values; GRAPH_INF when a part is
 * infinite); *end is set past the move. */
uint32_t graph_move_value(const graph *g, size_t at, size_t *end);

#endif
