/*
 * test_graph.c - graph:FILE against references written here from the
 * rules alone: on thousands of random small graphs (rules files with
 * comments, blank lines, sums W1+W2), the values of acyclic graphs by
 * mex recursion, and the outcome of every position (1-3 tokens, with Nim
 * heaps) by a retrograde analysis of the whole sum game (win, lose or
 * draw; misere too where play must end); every reported winning move is
 * checked to be a move of the sum game leaving a loss (never a draw),
 * and with --all to be every such move. Then the file's errors, long
 * chains (no recursion) and the memory limit.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXV 10      /* vertices of a random graph */
#define MAXM 5       /* moves of a vertex */
#define MAXP 3       /* parts of a move */
#define MAXC 14      /* components of a reference state */
#define MAXS 30000   /* reference states explored */

static const char *const NAMES[MAXV] = {"a", "b_2", "c.3", "D-4", "e5",
                                        "f", "g.h", "x", "y_y", "Z9"};

typedef struct rgraph {
    int n;
    int nmoves[MAXV];
    int nparts[MAXV][MAXM];
    int part[MAXV][MAXM][MAXP];
    int named[MAXV];        /* appears in the file */
} rgraph;

static uint64_t rng = 88172645463325252u;

static unsigned
rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* A random graph: when loopy, vertices below `tail` move anywhere by
 * single moves, and every sum's parts lie in the tail, which moves only
 * upwards (play in it must end, as graph:FILE requires of sums inside
 * loopy graphs); when acyclic, every move goes upwards. */
static void
make_graph(rgraph *g, int loopy)
{
    int tail;
    memset(g, 0, sizeof *g);
    g->n = 2 + (int)rnd(MAXV - 1);
    tail = loopy ? 1 + (int)rnd((unsigned)g->n) : 0;
    for (int v = 0; v < g->n; v++) {
        int m = (int)rnd(MAXM);
        for (int k = 0; k < m; k++) {
            int lo = v < tail ? 0 : v + 1, parts = 1;
            if (lo >= g->n) {
                break;
            }
            if (rnd(4) == 0) {
                parts = 2 + (int)rnd(MAXP - 1);
                lo = v < tail ? tail : v + 1;
                if (lo >= g->n) {
                    continue;
                }
            }
            for (int p = 0; p < parts; p++) {
                g->part[v][g->nmoves[v]][p] =
                    lo + (int)rnd((unsigned)(g->n - lo));
            }
            g->nparts[v][g->nmoves[v]++] = parts;
        }
    }
}

/* Writes g as a rules file (comments, blank lines, spacing, keys of
 * vertices without moves sometimes left out) into path. */
static void
write_graph(rgraph *g, const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "# random graph\n\n");
    for (int v = 0; v < g->n; v++) {
        if (v > 0 && g->nmoves[v] == 0 && rnd(2) == 0) {
            continue;
        }
        g->named[v] = 1;
        fprintf(f, rnd(3) == 0 ? "  %s :" : "%s:", NAMES[v]);
        for (int k = 0; k < g->nmoves[v]; k++) {
            fputc(' ', f);
            for (int p = 0; p < g->nparts[v][k]; p++) {
                int w = g->part[v][k][p];
                g->named[w] = 1;
                fprintf(f, "%s%s", p > 0 ? "+" : "", NAMES[w]);
            }
        }
        fprintf(f, rnd(4) == 0 ? "   # a comment\r\n" : "\n");
    }
    fclose(f);
}

/* ---- reference: the sum game as a graph of states ------------------- */

/* A state: sorted components, vertex v as v, a Nim heap h >= 1 as
 * 100 + h (heaps of 0 are dropped). */
typedef struct state {
    int n;
    int c[MAXC];
} state;

typedef struct ref {
    const rgraph *g;
    state *s;
    int ns;
    int *succ, nsucc, succcap;
    int *first;             /* ns + 1 */
    int *hash;
    int hashcap;
    signed char *out;       /* 1 win, -1 lose, 0 draw */
    signed char *mout;      /* misere */
    int acyclic;
    int overflow;
} ref;

static void
sort_state(state *s)
{
    for (int i = 1; i < s->n; i++) {
        int x = s->c[i], j = i;
        while (j > 0 && s->c[j - 1] > x) {
            s->c[j] = s->c[j - 1];
            j--;
        }
        s->c[j] = x;
    }
}

static unsigned
state_hash(const state *s)
{
    unsigned h = (unsigned)s->n * 2654435761u;
    for (int i = 0; i < s->n; i++) {
        h = (h ^ (unsigned)s->c[i]) * 16777619u;
    }
    return h;
}

/* Index of s, added when new; -1 when the reference is full. */
static int
state_id(ref *r, const state *s)
{
    unsigned i = state_hash(s) & (unsigned)(r->hashcap - 1);
    for (;; i = (i + 1) & (unsigned)(r->hashcap - 1)) {
        int k = r->hash[i];
        if (k < 0) {
            break;
        }
        if (r->s[k].n == s->n &&
            memcmp(r->s[k].c, s->c, sizeof(int) * (size_t)s->n) == 0) {
            return k;
        }
    }
    if (r->ns == MAXS) {
        r->overflow = 1;
        return -1;
    }
    r->s[r->ns] = *s;
    r->hash[i] = r->ns;
    return r->ns++;
}

/* Every successor of state k, appended to succ (duplicates kept: they
 * change no outcome). */
static void
expand(ref *r, int k)
{
    for (int i = 0; i < r->s[k].n && !r->overflow; i++) {
        int x = r->s[k].c[i], nm = x >= 100 ? x - 100 : r->g->nmoves[x];
        for (int m = 0; m < nm && !r->overflow; m++) {
            state t = r->s[k];
            int id;
            t.c[i] = t.c[--t.n];
            if (x >= 100) {
                if (m > 0) {
                    t.c[t.n++] = 100 + m;
                }
            } else {
                for (int p = 0; p < r->g->nparts[x][m]; p++) {
                    if (t.n == MAXC) {
                        r->overflow = 1;
                        return;
                    }
                    t.c[t.n++] = r->g->part[x][m][p];
                }
            }
            sort_state(&t);
            if ((id = state_id(r, &t)) < 0) {
                return;
            }
            if (r->nsucc == r->succcap) {
                r->succcap = r->succcap * 2 + 1024;
                r->succ = realloc(r->succ, sizeof(int) * (size_t)r->succcap);
                assert_non_null(r->succ);
            }
            r->succ[r->nsucc++] = id;
        }
    }
}

/* Retrograde analysis: a state without moves is lost (won in misere);
 * a state with a lost successor is won; a state all of whose successors
 * are won is lost; what is left is a draw. acyclic: no cycle among
 * the states. */
static void
retrograde(ref *r, signed char *out, int terminal)
{
    int *left = malloc(sizeof(int) * (size_t)r->ns);
    int *rcount = calloc((size_t)r->ns + 1, sizeof(int));
    int *rev = malloc(sizeof(int) * ((size_t)r->nsucc + 1));
    int *queue = malloc(sizeof(int) * (size_t)r->ns);
    int head = 0, tail = 0;
    assert_true(left && rcount && rev && queue);
    for (int k = 0; k < r->ns; k++) {
        out[k] = 0;
        left[k] = r->first[k + 1] - r->first[k];
        for (int e = r->first[k]; e < r->first[k + 1]; e++) {
            rcount[r->succ[e] + 1]++;
        }
    }
    for (int k = 0; k < r->ns; k++) {
        rcount[k + 1] += rcount[k];
    }
    for (int k = 0; k < r->ns; k++) {
        for (int e = r->first[k]; e < r->first[k + 1]; e++) {
            rev[rcount[r->succ[e]]++] = k;
        }
    }
    for (int k = r->ns; k > 0; k--) {
        rcount[k] = rcount[k - 1];
    }
    rcount[0] = 0;
    for (int k = 0; k < r->ns; k++) {
        if (left[k] == 0) {
            out[k] = (signed char)terminal;
            queue[tail++] = k;
        }
    }
    while (head < tail) {
        int k = queue[head++];
        for (int e = rcount[k]; e < rcount[k + 1]; e++) {
            int p = rev[e];
            if (out[p] != 0) {
                continue;
            }
            if (out[k] == -1) {
                out[p] = 1;
                queue[tail++] = p;
            } else if (--left[p] == 0) {
                out[p] = -1;
                queue[tail++] = p;
            }
        }
    }
    /* Acyclic: Kahn's order from the states without moves takes all. */
    head = tail = 0;
    for (int k = 0; k < r->ns; k++) {
        left[k] = r->first[k + 1] - r->first[k];
        if (left[k] == 0) {
            queue[tail++] = k;
        }
    }
    while (head < tail) {
        int k = queue[head++];
        for (int e = rcount[k]; e < rcount[k + 1]; e++) {
            if (--left[rev[e]] == 0) {
                queue[tail++] = rev[e];
            }
        }
    }
    r->acyclic = tail == r->ns;
    free(left);
    free(rcount);
    free(rev);
    free(queue);
}

/* Explores every state reachable from start; 0 when there are too many. */
static int
ref_build(ref *r, const rgraph *g, const state *start)
{
    memset(r, 0, sizeof *r);
    r->g = g;
    r->hashcap = 1 << 16;
    r->s = malloc(sizeof(state) * MAXS);
    r->hash = malloc(sizeof(int) * (size_t)r->hashcap);
    r->first = malloc(sizeof(int) * (MAXS + 1));
    assert_true(r->s && r->hash && r->first);
    memset(r->hash, -1, sizeof(int) * (size_t)r->hashcap);
    state_id(r, start);
    for (int k = 0; k < r->ns && !r->overflow; k++) {
        r->first[k] = r->nsucc;
        expand(r, k);
    }
    if (r->overflow) {
        return 0;
    }
    r->first[r->ns] = r->nsucc;
    r->out = malloc((size_t)r->ns);
    r->mout = malloc((size_t)r->ns);
    assert_true(r->out && r->mout);
    retrograde(r, r->mout, 1);
    retrograde(r, r->out, -1);
    return 1;
}

static void
ref_free(ref *r)
{
    free(r->s);
    free(r->hash);
    free(r->first);
    free(r->succ);
    free(r->out);
    free(r->mout);
}

/* ---- reading grundy's answers -------------------------------------- */

static int
name_index(const char *s, size_t len)
{
    for (int v = 0; v < MAXV; v++) {
        if (strlen(NAMES[v]) == len && memcmp(NAMES[v], s, len) == 0) {
            return v;
        }
    }
    return -1;
}

/* The state a move's position text ("graph:P a b + nim 2") stands for. */
static state
parse_state(const char *text)
{
    state s = {0};
    int heaps = 0;
    const char *p = strchr(text, ' ');
    assert_non_null(p);
    while (*p != '\0') {
        const char *q;
        while (*p == ' ') {
            p++;
        }
        for (q = p; *q != '\0' && *q != ' '; q++) {
        }
        if (q - p == 1 && *p == '+') {
            heaps = 0;
        } else if (q - p == 3 && memcmp(p, "nim", 3) == 0) {
            heaps = 1;
        } else if (heaps) {
            int h = atoi(p);
            if (h > 0) {
                s.c[s.n++] = 100 + h;
            }
        } else if (q > p) {
            int v = name_index(p, (size_t)(q - p));
            assert_true(v >= 0);
            s.c[s.n++] = v;
        }
        p = q;
    }
    sort_state(&s);
    return s;
}

/* The position's text for start, and start itself (a random sum). */
static void
make_position(const rgraph *g, const char *spec, char *text, size_t cap,
              state *start)
{
    int tokens = 1 + (int)rnd(3), heaps = (int)rnd(3), at;
    at = snprintf(text, cap, "%s", spec);
    start->n = 0;
    for (int i = 0; i < tokens; i++) {
        int v;
        do {
            v = (int)rnd((unsigned)g->n);
        } while (!g->named[v]);
        at += snprintf(text + at, cap - (size_t)at, " %s", NAMES[v]);
        start->c[start->n++] = v;
    }
    if (heaps > 0) {
        at += snprintf(text + at, cap - (size_t)at, " + nim");
    }
    for (int i = 0; i < heaps; i++) {
        int h = 1 + (int)rnd(3);
        at += snprintf(text + at, cap - (size_t)at, " %d", h);
        start->c[start->n++] = 100 + h;
    }
    sort_state(start);
}

/* 1 when t is a successor of state 0 in r. */
static int
is_successor(const ref *r, const state *t)
{
    for (int e = r->first[0]; e < r->first[1]; e++) {
        const state *s = &r->s[r->succ[e]];
        if (s->n == t->n &&
            memcmp(s->c, t->c, sizeof(int) * (size_t)t->n) == 0) {
            return 1;
        }
    }
    return 0;
}

static int
state_index(const ref *r, const state *t)
{
    for (int k = 0; k < r->ns; k++) {
        if (r->s[k].n == t->n &&
            memcmp(r->s[k].c, t->c, sizeof(int) * (size_t)t->n) == 0) {
            return k;
        }
    }
    return -1;
}

/* Checks grundy's answer to text (state 0 of r) in normal or misere
 * play, with --all: the outcome, and the moves, each a move of the sum
 * game to a lost state, all winning successors covered. */
static void
check_answer(grundy_ctx *ctx, grundy_position *pos, grundy_result *res,
             const char *text, const ref *r, int misere)
{
    const signed char *out = misere ? r->mout : r->out;
    grundy_error err;
    grundy_status st = grundy_position_parse(ctx, pos, NULL, text,
                                             strlen(text), &err);
    size_t nm, winning = 0;
    if (st != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
    st = grundy_solve(ctx, pos, GRUNDY_ALL_MOVES | (misere ? GRUNDY_MISERE
                                                           : 0u),
                      res, &err);
    if (misere && !r->acyclic) {
        /* Play need not end: refused. */
        if (st != GRUNDY_EUNSUPPORTED) {
            fail_msg("%s: misere of a loopy position answered", text);
        }
        return;
    }
    if (st != GRUNDY_OK) {
        fail_msg("%s%s: %s", text, misere ? " (misere)" : "", err.message);
    }
    if (grundy_result_win(res) != (out[0] == 1) ||
        grundy_result_draw(res) != (out[0] == 0)) {
        fail_msg("%s%s: outcome win=%d draw=%d, reference %d", text,
                 misere ? " (misere)" : "", grundy_result_win(res),
                 grundy_result_draw(res), out[0]);
    }
    nm = grundy_result_move_count(res);
    for (size_t i = 0; i < nm; i++) {
        state t = parse_state(grundy_result_move_position(res, i));
        int k = state_index(r, &t);
        if (!is_successor(r, &t) || k < 0 || out[k] != -1) {
            fail_msg("%s: move %s is not a move to a loss", text,
                     grundy_result_move_position(res, i));
        }
    }
    for (int e = r->first[0]; e < r->first[1]; e++) {
        int k = r->succ[e], seen = 0;
        for (size_t i = 0; i < nm && out[k] == -1 && !seen; i++) {
            state t = parse_state(grundy_result_move_position(res, i));
            seen = state_index(r, &t) == k;
        }
        if (out[k] == -1 && !seen) {
            fail_msg("%s: --all misses the winning move to state %d", text,
                     k);
        }
        winning += out[k] == -1;
    }
    assert_true((nm > 0) == (winning > 0));
}

/* mex recursion on an acyclic graph (moves go upwards). */
static int
mex_value(const rgraph *g, int v, int *memo)
{
    int seen[MAXM + 2] = {0}, m = 0;
    if (memo[v] >= 0) {
        return memo[v];
    }
    for (int k = 0; k < g->nmoves[v]; k++) {
        int x = 0;
        for (int p = 0; p < g->nparts[v][k]; p++) {
            x ^= mex_value(g, g->part[v][k][p], memo);
        }
        if (x <= MAXM) {
            seen[x] = 1;
        }
    }
    while (seen[m]) {
        m++;
    }
    return memo[v] = m;
}

static void
tmp_path(char *path, size_t cap)
{
    int fd;
    snprintf(path, cap, "/tmp/grundy_graph_XXXXXX");
    fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

/* One random graph: values (acyclic: mex; any: the definition of the
 * generalised value read through sums with a Nim heap) and positions. */
static void
one_graph(int loopy, int positions)
{
    rgraph g;
    char path[64], spec[80], text[256];
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    int memo[MAXV];
    assert_true(ctx && pos && res);
    make_graph(&g, loopy);
    tmp_path(path, sizeof path);
    write_graph(&g, path);
    snprintf(spec, sizeof spec, "graph:%s", path);
    memset(memo, -1, sizeof memo);
    for (int v = 0; v < g.n; v++) {
        grundy_error err;
        uint64_t sg;
        int known;
        snprintf(text, sizeof text, "%s %s", spec, NAMES[v]);
        if (!g.named[v]) {
            /* Not in the file: no such vertex, and the message says so. */
            assert_int_equal(grundy_position_parse(ctx, pos, NULL, text,
                                                   strlen(text), &err),
                             GRUNDY_EPOSITION);
            assert_non_null(strstr(err.message, "not a vertex of"));
            continue;
        }
        assert_int_equal(grundy_position_parse(ctx, pos, NULL, text,
                                               strlen(text), &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
        known = grundy_result_sg(res, &sg);
        if (!loopy) {
            assert_true(known);
            assert_int_equal(sg, mex_value(&g, v, memo));
        }
        /* v is worth g exactly when v + *g is lost and v + *h won for
         * every h < g; infinite when no v + *h is lost (h up to 6). */
        for (int h = 0; h <= 6; h++) {
            ref r;
            state s = {.n = 1, .c = {v}};
            if (h > 0) {
                s.c[s.n++] = 100 + h;
            }
            sort_state(&s);
            if (!ref_build(&r, &g, &s)) {
                ref_free(&r);
                continue;
            }
            if (!known) {
                assert_true(grundy_result_loopy(res));
                assert_int_not_equal(r.out[0], -1);
            } else {
                assert_int_equal(r.out[0], (uint64_t)h == sg ? -1 : 1);
            }
            ref_free(&r);
        }
    }
    for (int i = 0; i < positions; i++) {
        ref r;
        state start;
        make_position(&g, spec, text, sizeof text, &start);
        if (ref_build(&r, &g, &start)) {
            check_answer(ctx, pos, res, text, &r, 0);
            check_answer(ctx, pos, res, text, &r, 1);
        }
        ref_free(&r);
    }
    unlink(path);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

static void
test_acyclic_random(void **unused)
{
    (void)unused;
    for (int i = 0; i < 1500; i++) {
        one_graph(0, 4);
    }
}

static void
test_loopy_random(void **unused)
{
    (void)unused;
    for (int i = 0; i < 2500; i++) {
        one_graph(1, 4);
    }
}

/* Writes text to a new temporary file; its path into path. */
static void
write_file(char *path, size_t cap, const char *text)
{
    FILE *f;
    tmp_path(path, cap);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Parsing "graph:FILE rest" (FILE holding text) fails with st, and the
 * message holds want (with FILE put for %s). */
static void
expect_error(const char *text, const char *rest, unsigned flags,
             grundy_status st, const char *want)
{
    char path[64], line[256], msg[256];
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    grundy_status got;
    write_file(path, sizeof path, text);
    snprintf(line, sizeof line, "graph:%s %s", path, rest);
    snprintf(msg, sizeof msg, want, path);
    got = grundy_position_parse(ctx, pos, NULL, line, strlen(line), &err);
    if (got == GRUNDY_OK) {
        got = grundy_solve(ctx, pos, flags, res, &err);
    }
    if (got != st || strstr(err.message, msg) == NULL) {
        fail_msg("%s: status %d, message '%s', wanted '%s'", text, got,
                 got != GRUNDY_OK ? err.message : "", msg);
    }
    unlink(path);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

static void
test_errors(void **unused)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *game;
    grundy_error err;
    (void)unused;
    expect_error("a b c\n", "a", 0, GRUNDY_ESPEC,
                 "%s:1: 'a b c': expected 'V: W1 W2 ...'");
    expect_error("a: b c\n\n# x\nx y: z\n", "a", 0, GRUNDY_ESPEC,
                 "%s:4: the key 'x y' is not a vertex name");
    expect_error("a: b+\n", "a", 0, GRUNDY_ESPEC,
                 "%s:1: the move 'b+' has an empty part");
    expect_error("a: b!\n", "a", 0, GRUNDY_ESPEC,
                 "%s:1: in the move 'b!' is not a vertex name");
    expect_error("a: b\na: c\n", "a", 0, GRUNDY_ESPEC,
                 "%s:2: vertex 'a' is listed again (first on line 1)");
    expect_error("a: b\nb: a+c\n", "a", 0, GRUNDY_ESPEC,
                 "%s:2: vertex 'b' moves to a sum with part 'a'");
    expect_error("a: b\n", "zz", 0, GRUNDY_EPOSITION,
                 "'zz': not a vertex of %s");
    expect_error("a: b\n", "a!", 0, GRUNDY_EPOSITION,
                 "'a!': not a vertex name");
    expect_error("a: b\nb: a\n", "a", GRUNDY_MISERE, GRUNDY_EUNSUPPORTED,
                 "misere play of loopy positions is not supported: a cycle "
                 "can be reached from 'a'");
    assert_int_equal(grundy_game_parse(ctx, "graph:/nonexistent/g.txt", 24,
                                       &game, &err), GRUNDY_ESPEC);
    assert_non_null(strstr(err.message, "cannot read /nonexistent/g.txt"));
    /* a file name's bytes shown as \xNN, as every token's */
    assert_int_equal(grundy_game_parse(ctx, "graph:/nonexistent/\x1b[31m",
                                       24, &game, &err), GRUNDY_ESPEC);
    assert_non_null(strstr(err.message,
                           "cannot read /nonexistent/\\x1b[31m: "));
    assert_int_equal(grundy_game_parse(ctx, "graph", 5, &game, &err),
                     GRUNDY_ESPEC);
    grundy_ctx_free(ctx);
}

/* A file larger than the memory limit is refused, naming the limit. */
static void
test_memory_limit(void **unused)
{
    char path[64], spec[80];
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *game = NULL;
    grundy_error err;
    FILE *f;
    (void)unused;
    tmp_path(path, sizeof path);
    f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < 20000; i++) {
        fprintf(f, "v%d: v%d v%d\n", i, i + 1, i + 2);
    }
    fclose(f);
    snprintf(spec, sizeof spec, "graph:%s", path);
    grundy_ctx_set_memory_limit(ctx, 64 * 1024);
    assert_int_equal(grundy_game_parse(ctx, spec, strlen(spec), &game, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_non_null(strstr(err.message, "memory limit of 64 KiB"));
    grundy_ctx_set_memory_limit(ctx, GRUNDY_DEFAULT_MEMORY_LIMIT);
    assert_int_equal(grundy_game_parse(ctx, spec, strlen(spec), &game, &err),
                     GRUNDY_OK);
    grundy_game_free(game);
    unlink(path);
    grundy_ctx_free(ctx);
}

/* Long chains and a long cycle: no recursion anywhere (a chain of
 * 300000 would overflow a recursive search's stack). v_i moves to
 * v_{i+1}: v_i is worth (N - 1 - i) mod 2. Closed into a cycle, every
 * vertex is infinite with K empty (a draw). With an exit from v_{N-1}
 * to a dead end as well, v_i = (N - i) mod 2 is Smith's function: the
 * last is worth 1 (options end and v0, both 0), and N is even. */
static void
chain(int cycle, int exit_at_end)
{
    enum { N = 300000 };
    char path[64], line[128];
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    uint64_t sg;
    FILE *f;
    tmp_path(path, sizeof path);
    f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i + 1 < N; i++) {
        fprintf(f, "v%d: v%d\n", i, i + 1);
    }
    fprintf(f, "v%d:%s%s\n", N - 1, cycle ? " v0" : "",
            exit_at_end ? " end" : "");
    fclose(f);
    snprintf(line, sizeof line, "graph:%s v0", path);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, line,
                                           strlen(line), &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, 0, res, &err), GRUNDY_OK);
    if (cycle && !exit_at_end) {
        assert_true(grundy_result_draw(res));
        assert_false(grundy_result_sg(res, NULL));
    } else {
        assert_true(grundy_result_sg(res, &sg));
        assert_int_equal(sg, exit_at_end ? N % 2 : (N - 1) % 2);
    }
    unlink(path);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

static void
test_long_chains(void **unused)
{
    (void)unused;
    chain(0, 0);
    chain(1, 0);
    chain(1, 1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_acyclic_random),
        cmocka_unit_test(test_loopy_random),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_long_chains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
