/*
 * graph_read.c - reads the rules file of graph:FILE into compact arrays
 * (graph.h): names in one pool with a hash table, every vertex's moves
 * as one run of tokens. It checks every line and names FILE:LINE and the
 * token of a bad one; it computes no value (graph_label.c does).
 */
#include "graph.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    graph *g;
    size_t memory;      /* the memory limit */
    size_t extra;       /* bytes held besides g: the file's text */
    uint32_t *stamp;    /* per vertex: 1 + the key of the line that
                         * last moved to it alone (repeated moves) */
    size_t lineno;
    grundy_error *err;
} reader;

int
graph_name_ok(const char *name, size_t len)
{
    if (len == 0) {
        return 0;
    }
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
              (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' ||
              ch == '-')) {
            return 0;
        }
    }
    return 1;
}

/* FNV-1a with a final mix (names like v1, v2, ... differ in their last
 * bytes only); the table is kept at most half full. */
static uint64_t
name_hash(const char *s, size_t len)
{
    uint64_t h = util_fnv1a(UTIL_FNV_BASIS, s, len);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

/* A table entry: the vertex + 1 in the low half, the hash's high half
 * above, so that a probe compares names only when those agree. */
static uint64_t
entry(uint64_t h, uint32_t v)
{
    return (h & 0xffffffff00000000u) | ((uint64_t)v + 1);
}

uint32_t
graph_find(const graph *g, const char *name, size_t len)
{
    size_t mask = g->hashcap - 1;
    if (g->hashcap == 0) {
        return UINT32_MAX;
    }
    uint64_t h = name_hash(name, len);
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        uint64_t e = g->hash[i];
        uint32_t v = (uint32_t)e;
        const char *s;
        if (e == 0) {
            return UINT32_MAX;
        }
        s = g->names + g->name_at[v - 1];
        if ((e ^ h) >> 32 == 0 && memcmp(s, name, len) == 0 &&
            s[len] == '\0') {
            return v - 1;
        }
    }
}

size_t
graph_bytes(const graph *g)
{
    size_t per = sizeof *g->name_at + sizeof *g->first + sizeof *g->ntok +
                 sizeof *g->line;
    size_t b = sizeof *g + g->namecap + g->hashcap * sizeof *g->hash +
               g->tokcap * sizeof *g->tok;
    b += (size_t)g->vcap * per;
    if (g->val != NULL) {
        b += (size_t)g->nv * (sizeof *g->val + sizeof *g->loopy);
    }
    return b;
}

void
graph_free(graph *g)
{
    if (g == NULL) {
        return;
    }
    free(g->file);
    free(g->shown);
    free(g->names);
    free(g->name_at);
    free(g->hash);
    free(g->first);
    free(g->ntok);
    free(g->line);
    free(g->tok);
    free(g->val);
    free(g->loopy);
    free(g);
}

/* The memory limit refuses `more` bytes on top of what is held. */
static grundy_status
over_limit(reader *rd, size_t more)
{
    size_t held = graph_bytes(rd->g) + rd->extra;
    char have[32];
    if (held + more >= held && held + more <= rd->memory) {
        return GRUNDY_OK;
    }
    util_size_text(have, sizeof have, rd->memory);
    /* How much the whole file needs is not known before it is read: the
     * amount is left out (0), never a figure that would fail again. */
    if (rd->lineno == 0) {
        return err_set_limit(rd->err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, 0,
                             "reading %s needs more than the memory limit "
                             "of %s", rd->g->shown, have);
    }
    return err_set_limit(rd->err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, 0,
                         "the game graph of %s needs more than the memory "
                         "limit of %s (at line %zu)", rd->g->shown, have,
                         rd->lineno);
}

static grundy_status
nomem(reader *rd)
{
    return err_set(rd->err, GRUNDY_ENOMEM, -1, "out of memory");
}

/* Grows an array of g to `need` elements within the memory limit. */
static grundy_status
grow(reader *rd, void **p, size_t *cap, size_t need, size_t size)
{
    size_t old = *cap;
    grundy_status st;
    if (need <= old) {
        return GRUNDY_OK;
    }
    /* The doubling util_grow_array will make, counted before it is made. */
    st = over_limit(rd, (need > 2 * old ? need : 2 * old) * size - old * size);
    if (st != GRUNDY_OK) {
        return st;
    }
    return util_grow_array(p, cap, need, size) == 0 ? GRUNDY_OK : nomem(rd);
}

/* Room for one more vertex in every per-vertex array (doubling). */
static grundy_status
grow_vertices(reader *rd)
{
    graph *g = rd->g;
    size_t c = g->vcap != 0 ? 2 * (size_t)g->vcap : 64;
    size_t per = sizeof *g->name_at + sizeof *g->first + sizeof *g->ntok +
                 sizeof *g->line + sizeof *rd->stamp;
    grundy_status st;
    void *p;
    if (g->nv < g->vcap) {
        return GRUNDY_OK;
    }
    if (g->nv == GRAPH_MAX_VERTICES) {
        return err_set(rd->err, GRUNDY_ESPEC, -1,
                       "%s:%zu: more than %u vertices", g->shown, rd->lineno,
                       GRAPH_MAX_VERTICES);
    }
    c = c > GRAPH_MAX_VERTICES ? GRAPH_MAX_VERTICES : c;
    if ((st = over_limit(rd, (c - g->vcap) * per)) != GRUNDY_OK) {
        return st;
    }
#define GRAPH_REALLOC(a)                                                   \
    if ((p = realloc((a), c * sizeof *(a))) == NULL) {                     \
        return nomem(rd);                                                  \
    }                                                                      \
    (a) = p;
    GRAPH_REALLOC(g->name_at)
    GRAPH_REALLOC(g->first)
    GRAPH_REALLOC(g->ntok)
    GRAPH_REALLOC(g->line)
    GRAPH_REALLOC(rd->stamp)
#undef GRAPH_REALLOC
    rd->extra += (c - g->vcap) * sizeof *rd->stamp;
    g->vcap = (uint32_t)c;
    return GRUNDY_OK;
}

static grundy_status
rehash(reader *rd)
{
    graph *g = rd->g;
    size_t cap = g->hashcap != 0 ? 2 * g->hashcap : 128, mask = cap - 1;
    uint64_t *h;
    grundy_status st = over_limit(rd, cap * sizeof *h);
    if (st != GRUNDY_OK) {
        return st;
    }
    if ((h = calloc(cap, sizeof *h)) == NULL) {
        return nomem(rd);
    }
    for (uint32_t v = 0; v < g->nv; v++) {
        const char *s = g->names + g->name_at[v];
        uint64_t x = name_hash(s, strlen(s));
        size_t i = (size_t)x & mask;
        while (h[i] != 0) {
            i = (i + 1) & mask;
        }
        h[i] = entry(x, v);
    }
    free(g->hash);
    g->hash = h;
    g->hashcap = cap;
    return GRUNDY_OK;
}

/* The vertex named s[0..len), added (with no moves) when new. */
static grundy_status
intern(reader *rd, const char *s, size_t len, uint32_t *v)
{
    graph *g = rd->g;
    grundy_status st;
    uint64_t x;
    size_t i;
    if ((*v = graph_find(g, s, len)) != UINT32_MAX) {
        return GRUNDY_OK;
    }
    if ((st = grow_vertices(rd)) != GRUNDY_OK ||
        (st = grow(rd, (void **)&g->names, &g->namecap,
                   g->namelen + len + 1, 1)) != GRUNDY_OK) {
        return st;
    }
    if (2 * ((size_t)g->nv + 1) > g->hashcap &&
        (st = rehash(rd)) != GRUNDY_OK) {
        return st;
    }
    *v = g->nv++;
    memcpy(g->names + g->namelen, s, len);
    g->names[g->namelen + len] = '\0';
    g->name_at[*v] = g->namelen;
    g->namelen += len + 1;
    g->first[*v] = 0;
    g->ntok[*v] = 0;
    g->line[*v] = 0;
    rd->stamp[*v] = 0;
    x = name_hash(s, len);
    i = (size_t)x & (g->hashcap - 1);
    while (g->hash[i] != 0) {
        i = (i + 1) & (g->hashcap - 1);
    }
    g->hash[i] = entry(x, *v);
    return GRUNDY_OK;
}

static int
blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static grundy_status
bad_name(reader *rd, const char *s, size_t len, const char *what)
{
    char q[96];
    util_quote_token(q, sizeof q, s, len);
    return err_set(rd->err, GRUNDY_ESPEC, -1,
                   "%s:%zu: %s %s is not a vertex name (letters, digits, "
                   "'_', '.', '-')", rd->g->shown, rd->lineno, what, q);
}

/* Sorts the parts of a sum (a sum is a multiset of tokens: b+c and c+b
 * are one position), insertion sort: sums are short. */
static void
sort_parts(uint32_t *t, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        uint32_t x = t[i];
        size_t j = i;
        while (j > 0 && t[j - 1] > x) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = x;
    }
}

/* 1 when the sum at tok[at .. at+n) (parts, JOIN bits clear) already
 * is among the moves of this line, tok[from .. at): listed once. Sums
 * are short and few; single moves go by their stamp (read_move). */
static int
repeated(const graph *g, size_t from, size_t at, size_t n)
{
    for (size_t i = from; i < at;) {
        size_t e = i;
        while (g->tok[e] & GRAPH_JOIN) {
            e++;
        }
        e++;
        if (e - i == n) {
            size_t k = 0;
            while (k < n && (g->tok[i + k] & ~GRAPH_JOIN) == g->tok[at + k]) {
                k++;
            }
            if (k == n) {
                return 1;
            }
        }
        i = e;
    }
    return 0;
}

/* One move "W" or "W1+W2+..." of the line being read, appended to tok. */
static grundy_status
read_move(reader *rd, const char *s, size_t len, uint32_t key,
          size_t line_from)
{
    graph *g = rd->g;
    size_t at = g->ntoks, n = 0;
    grundy_status st;
    for (size_t i = 0; i <= len;) {
        size_t j = i;
        uint32_t v;
        while (j < len && s[j] != '+') {
            j++;
        }
        if (j == i || !graph_name_ok(s + i, j - i)) {
            char q[96];
            util_quote_token(q, sizeof q, s, len);
            if (j == i) {
                return err_set(rd->err, GRUNDY_ESPEC, -1,
                               "%s:%zu: the move %s has an empty part "
                               "(a sum is written W1+W2)", g->shown,
                               rd->lineno, q);
            }
            return bad_name(rd, s + i, j - i, "in the move");
        }
        if ((st = intern(rd, s + i, j - i, &v)) != GRUNDY_OK ||
            (st = grow(rd, (void **)&g->tok, &g->tokcap, g->ntoks + 1,
                       sizeof *g->tok)) != GRUNDY_OK) {
            return st;
        }
        if (g->ntoks == GRAPH_MAX_VERTICES) {
            return err_set(rd->err, GRUNDY_ESPEC, -1,
                           "%s:%zu: more than %u move tokens in the file",
                           g->shown, rd->lineno, GRAPH_MAX_VERTICES);
        }
        g->tok[g->ntoks++] = v;
        n++;
        i = j + 1;
    }
    sort_parts(g->tok + at, n);
    /* The same option twice is one option. */
    if (n == 1 ? rd->stamp[g->tok[at]] == key + 1
               : repeated(g, line_from, at, n)) {
        g->ntoks = at;
        return GRUNDY_OK;
    }
    if (n == 1) {
        rd->stamp[g->tok[at]] = key + 1;
    }
    for (size_t k = at; k + 1 < at + n; k++) {
        g->tok[k] |= GRAPH_JOIN;
    }
    return GRUNDY_OK;
}

/* One line s[0..len) without its newline. */
static grundy_status
read_line(reader *rd, const char *s, size_t len)
{
    graph *g = rd->g;
    const char *hash = memchr(s, '#', len), *colon;
    size_t a = 0, b, from;
    uint32_t key;
    grundy_status st;
    if (hash != NULL) {
        len = (size_t)(hash - s);
    }
    while (a < len && blank(s[a])) {
        a++;
    }
    if (a == len) {
        return GRUNDY_OK;
    }
    if ((colon = memchr(s, ':', len)) == NULL) {
        char q[96];
        util_quote_token(q, sizeof q, s + a, len - a);
        return err_set(rd->err, GRUNDY_ESPEC, -1,
                       "%s:%zu: %s: expected 'V: W1 W2 ...' (a vertex, a "
                       "colon, the vertices it moves to)", g->shown,
                       rd->lineno, q);
    }
    b = (size_t)(colon - s);
    while (b > a && blank(s[b - 1])) {
        b--;
    }
    if (!graph_name_ok(s + a, b - a)) {
        return bad_name(rd, s + a, b - a, "the key");
    }
    if ((st = intern(rd, s + a, b - a, &key)) != GRUNDY_OK) {
        return st;
    }
    if (g->line[key] != 0) {
        char q[96];
        util_quote_token(q, sizeof q, s + a, b - a);
        return err_set(rd->err, GRUNDY_ESPEC, -1,
                       "%s:%zu: vertex %s is listed again (first on line "
                       "%u): give each vertex's moves on one line",
                       g->shown, rd->lineno, q, g->line[key]);
    }
    g->line[key] = rd->lineno > UINT32_MAX ? UINT32_MAX
                                           : (uint32_t)rd->lineno;
    from = g->ntoks;
    for (size_t i = (size_t)(colon - s) + 1; i < len;) {
        size_t j;
        while (i < len && blank(s[i])) {
            i++;
        }
        for (j = i; j < len && !blank(s[j]); j++) {
        }
        if (j > i && (st = read_move(rd, s + i, j - i, key, from)) !=
                         GRUNDY_OK) {
            return st;
        }
        i = j;
    }
    g->first[key] = (uint32_t)from;
    g->ntok[key] = (uint32_t)(g->ntoks - from);
    if (g->ntok[key] > g->maxdeg) {
        g->maxdeg = g->ntok[key];
    }
    return GRUNDY_OK;
}

/* The whole file into *text (*len bytes), within the memory limit. */
static grundy_status
slurp(reader *rd, FILE *f, char **text, size_t *len)
{
    size_t cap = 0, n = 0;
    char *buf = NULL;
    grundy_status st = GRUNDY_OK;
    for (;;) {
        size_t got;
        if (cap - n < 4096) {
            /* util_grow_array doubles: count what it will make. */
            size_t more = cap + 4096 > 2 * cap ? cap + 4096 : 2 * cap;
            rd->extra = cap;
            if ((st = over_limit(rd, more - cap)) != GRUNDY_OK) {
                break;
            }
            if (util_grow_array((void **)&buf, &cap, n + 4096, 1) != 0) {
                st = nomem(rd);
                break;
            }
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    if (st == GRUNDY_OK && ferror(f)) {
        st = err_set(rd->err, GRUNDY_ESPEC, -1, "cannot read %s: %s",
                     rd->g->shown, strerror(errno));
    }
    if (st != GRUNDY_OK) {
        free(buf);
        return st;
    }
    rd->extra = cap;
    *text = buf;
    *len = n;
    return GRUNDY_OK;
}

static grundy_status
read_lines(reader *rd, const char *text, size_t len)
{
    grundy_status st = GRUNDY_OK;
    for (size_t i = 0; st == GRUNDY_OK && i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;
        rd->lineno++;
        if (memchr(text + i, '\0', end - i) != NULL) {
            return err_set(rd->err, GRUNDY_ESPEC, -1,
                           "%s:%zu: a NUL byte: the rules file is text",
                           rd->g->shown, rd->lineno);
        }
        st = read_line(rd, text + i, end - i);
        i = end + 1;
    }
    return st;
}

grundy_status
graph_read(const char *file, size_t len, size_t memory, graph **out,
           grundy_error *err)
{
    reader rd = {.memory = memory, .err = err};
    char *text = NULL;
    size_t textlen = 0;
    grundy_status st;
    FILE *f;
    graph *g = calloc(1, sizeof *g);
    /* Room for every byte as \xNN, and util_quote_token's quotes. */
    size_t shown_cap = len < SIZE_MAX / 8 ? 4 * len + 16 : 0;
    if (g == NULL || shown_cap == 0 || (g->file = malloc(len + 1)) == NULL ||
        (g->shown = malloc(shown_cap)) == NULL) {
        graph_free(g);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    memcpy(g->file, file, len);
    g->file[len] = '\0';
    util_quote_token(g->shown, shown_cap, file, len);
    /* the name without util_quote_token's quotes */
    memmove(g->shown, g->shown + 1, strlen(g->shown) - 2);
    g->shown[strlen(g->shown) - 2] = '\0';
    rd.g = g;
    if (len == 0 || memchr(file, '\0', len) != NULL) {
        graph_free(g);
        return err_set(err, GRUNDY_ESPEC, -1,
                       "graph needs a rules file: graph:FILE");
    }
    if ((f = fopen(g->file, "rb")) == NULL) {
        st = err_set(err, GRUNDY_ESPEC, -1, "cannot read %s: %s", g->shown,
                     strerror(errno));
        graph_free(g);
        return st;
    }
    st = slurp(&rd, f, &text, &textlen);
    fclose(f);
    if (st == GRUNDY_OK) {
        st = read_lines(&rd, text, textlen);
    }
    free(text);
    free(rd.stamp);
    if (st != GRUNDY_OK) {
        graph_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}
