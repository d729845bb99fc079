/*
 * test_every_structured.c - Every-SG (--every) and conjunctive play
 * (--conjunctive) of graph:FILE tokens and hackenbush pictures against
 * literal searches of the compound games written here from their rules,
 * as tests/test_every.c does for heaps: a position is a multiset of
 * components; in Every-SG a move moves in every component that has a
 * move and who cannot move loses; in the conjunctive compound a move
 * moves in every component and who cannot loses. On thousands of
 * positions of random acyclic graphs (a move to a sum W1+W2 leaves
 * tokens of their own) and of random pictures (trees and graphs, sums of
 * one or two) the outcome, the deciding number (against the suspense
 * and remoteness recursions of Winning Ways ch. 9, computed here) and
 * the reported move (legal, leaving a loss) are checked; then that
 * conjunctive play of pictures is refused.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t seed = 88172645463325252u;

static unsigned
rnd(unsigned n)
{
    return (unsigned)brute_below(&seed, n);
}

static int
cmp_desc(const void *a, const void *b)
{
    return (int)*(const unsigned char *)b - (int)*(const unsigned char *)a;
}

/* The deciding number of a position from its components' numbers: the
 * largest suspense number (every) or the smallest remoteness. */
static long
decide(long have, long x, int first, int every)
{
    return first || (every ? x > have : x < have) ? x : have;
}

/* One step of the recursion of Winning Ways ch. 9 (docs/theory.md 9):
 * even and any are the options' extreme even number and extreme number
 * so far (-1: none yet); folds option number x in. */
static void
fold_option(long x, int every, long *even, long *any)
{
    if (x % 2 == 0 && (*even < 0 || (every ? x > *even : x < *even))) {
        *even = x;
    }
    if (*any < 0 || (every ? x < *any : x > *any)) {
        *any = x;
    }
}

/* ---- graph:FILE tokens ---------------------------------------------- */

#define GV 8                /* vertices of a random graph */
#define GM 3                /* moves of a vertex */
#define GP 2                /* parts of a move */
#define GT 6                /* tokens a position may come to hold */
/* Memo slots: more than the multisets of at most GT tokens on GV
 * vertices, C(GV + GT, GT) = 3003. */
#define GSLOTS 8192u

/* A random acyclic graph: every move goes to higher vertices. */
typedef struct dgraph {
    unsigned n;
    unsigned nmoves[GV];
    unsigned nparts[GV][GM];
    unsigned part[GV][GM][GP];
    unsigned most[GV];      /* tokens a token on v may come to be */
} dgraph;

/* A position of the search: its tokens' vertices, largest first. */
typedef struct gpos {
    unsigned n;
    unsigned char v[GT];
} gpos;

/* The literal search's memo (open addressing over sorted positions). */
typedef struct gsrch {
    const dgraph *g;
    int every;
    gpos *key;
    unsigned char *win;     /* 0 empty, 1 the mover loses, 2 wins */
} gsrch;

static void
make_dgraph(dgraph *g)
{
    memset(g, 0, sizeof *g);
    g->n = 2 + rnd(GV - 1);
    for (unsigned v = g->n; v-- > 0;) {
        unsigned m = rnd(GM + 1);
        g->most[v] = 1;
        for (unsigned k = 0; k < m && v + 1 < g->n; k++) {
            unsigned parts = rnd(4) == 0 ? GP : 1, most = 0;
            for (unsigned p = 0; p < parts; p++) {
                unsigned w = v + 1 + rnd(g->n - v - 1);
                g->part[v][k][p] = w;
                most += g->most[w];
            }
            g->nparts[v][k] = parts;
            g->nmoves[v]++;
            if (most > g->most[v]) {
                g->most[v] = most;
            }
        }
    }
}

static void
write_dgraph(const dgraph *g, const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (unsigned v = 0; v < g->n; v++) {
        fprintf(f, "v%u:", v);
        for (unsigned k = 0; k < g->nmoves[v]; k++) {
            for (unsigned p = 0; p < g->nparts[v][k]; p++) {
                fprintf(f, "%sv%u", p > 0 ? "+" : " ", g->part[v][k][p]);
            }
        }
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);
}

static size_t
gslot(const gsrch *s, const gpos *p)
{
    uint64_t h = 1469598103934665603u ^ p->n;
    size_t at;
    for (unsigned i = 0; i < p->n; i++) {
        h = (h ^ p->v[i]) * 1099511628211u;
    }
    at = (size_t)(h & (GSLOTS - 1));
    while (s->win[at] != 0 && (s->key[at].n != p->n ||
                               memcmp(s->key[at].v, p->v, p->n) != 0)) {
        at = (at + 1) & (GSLOTS - 1);
    }
    return at;
}

/* 1 when the mover wins p, by trying every move of the rules: a choice
 * of a move for each token that has one (Every-SG: the others stay;
 * the conjunctive compound is over when one token has none). */
static int
gwin(gsrch *s, const gpos *p)
{
    const dgraph *g = s->g;
    unsigned at[GT] = {0}, live = 0, i;
    size_t slot = gslot(s, p);
    int win = 0;
    if (s->win[slot] != 0) {
        return s->win[slot] == 2;
    }
    for (i = 0; i < p->n; i++) {
        live += g->nmoves[p->v[i]] > 0;
    }
    while (s->every ? live > 0 : live == p->n) {
        gpos r = {0};
        for (i = 0; i < p->n; i++) {
            unsigned v = p->v[i];
            if (g->nmoves[v] == 0) {
                r.v[r.n++] = (unsigned char)v;
                continue;
            }
            for (unsigned x = 0; x < g->nparts[v][at[i]]; x++) {
                assert_true(r.n < GT);
                r.v[r.n++] = (unsigned char)g->part[v][at[i]][x];
            }
        }
        qsort(r.v, r.n, 1, cmp_desc);
        if (!gwin(s, &r)) {
            win = 1;
            break;
        }
        /* The next choice (an odometer over the moving tokens). */
        for (i = 0; i < p->n; i++) {
            if (g->nmoves[p->v[i]] > 0 && ++at[i] < g->nmoves[p->v[i]]) {
                break;
            }
            at[i] = 0;
        }
        if (i == p->n) {
            break;
        }
    }
    slot = gslot(s, p);   /* the table moved on meanwhile */
    s->key[slot] = *p;
    s->win[slot] = win ? 2 : 1;
    return win;
}

/* The number of a token on v: an option's is the largest suspense
 * number (smallest remoteness) of its parts, as for a heap that splits
 * (docs/theory.md 9), then the recursion. */
static long
gnumber(const dgraph *g, unsigned v, int every, long *memo)
{
    long even = -1, any = -1;
    if (memo[v] >= 0) {
        return memo[v];
    }
    for (unsigned k = 0; k < g->nmoves[v]; k++) {
        long x = 0;
        for (unsigned p = 0; p < g->nparts[v][k]; p++) {
            x = decide(x, gnumber(g, g->part[v][k][p], every, memo), p == 0,
                       every);
        }
        fold_option(x, every, &even, &any);
    }
    memo[v] = g->nmoves[v] == 0 ? 0 : 1 + (even >= 0 ? even : any);
    return memo[v];
}

/* 1 when the tokens of u (sorted) are what a move of the rules leaves
 * from tokens i.. of p: each replaced by the parts of one of its moves,
 * or kept when it has none in Every-SG. */
static int
glegal(const gsrch *s, const gpos *p, unsigned i, gpos u)
{
    const dgraph *g = s->g;
    unsigned v, nm;
    if (i == p->n) {
        return u.n == 0;
    }
    v = p->v[i];
    nm = g->nmoves[v];
    if (nm == 0 && !s->every) {
        return 0;
    }
    for (unsigned k = 0; k < (nm ? nm : 1); k++) {
        gpos r = u;
        unsigned parts = nm ? g->nparts[v][k] : 1, x;
        for (x = 0; x < parts; x++) {
            unsigned want = nm ? g->part[v][k][x] : v, y;
            for (y = 0; y < r.n && r.v[y] != want; y++) {
            }
            if (y == r.n) {
                break;
            }
            memmove(r.v + y, r.v + y + 1, r.n - y - 1);
            r.n--;
        }
        if (x == parts && glegal(s, p, i + 1, r)) {
            return 1;
        }
    }
    return 0;
}

/* The tokens a move's position text ("graph:P v1 v3") names, sorted. */
static gpos
gparse(const char *text)
{
    char buf[512], *tok;
    gpos p = {0};
    snprintf(buf, sizeof buf, "%s", text);
    tok = strtok(buf, " ");
    assert_non_null(tok);
    assert_int_equal(strncmp(tok, "graph:", 6), 0);
    for (tok = strtok(NULL, " "); tok != NULL; tok = strtok(NULL, " ")) {
        unsigned v;
        assert_int_equal(sscanf(tok, "v%u", &v), 1);
        assert_true(p.n < GT && v < GV);
        p.v[p.n++] = (unsigned char)v;
    }
    qsort(p.v, p.n, 1, cmp_desc);
    return p;
}

/* Solves position p of graph spec with the library and checks it
 * against the search; num[v]: v's number. */
static void
gcheck(fixture *f, gsrch *s, const char *spec, const long *num,
       const gpos *p)
{
    char text[256];
    const char *kind = s->every ? "every" : "conjunctive";
    unsigned flag = s->every ? GRUNDY_EVERY : GRUNDY_CONJUNCTIVE;
    int at = snprintf(text, sizeof text, "%s", spec), win = gwin(s, p);
    long want = 0;
    gpos u;

    for (unsigned i = 0; i < p->n; i++) {
        at += snprintf(text + at, sizeof text - (size_t)at, " v%u", p->v[i]);
        want = decide(want, num[p->v[i]], i == 0, s->every);
    }
    fixture_check_compound(f, text, flag, want, win);
    if (!win) {
        return;
    }
    u = gparse(grundy_result_move_position(f->res, 0));
    if (!glegal(s, p, 0, u) || gwin(s, &u)) {
        fail_msg("%s (%s): the move to %s is %s", text, kind,
                 grundy_result_move_position(f->res, 0),
                 glegal(s, p, 0, u) ? "not winning" : "not legal");
    }
}

/* Every position of 1 to 3 tokens of one random graph (those that may
 * come to hold at most GT tokens), in both compounds: how many checked. */
static size_t
gcheck_graph(void)
{
    dgraph g;
    char path[64], spec[80];
    size_t total = 0;
    void *state = NULL;
    int fd;
    make_dgraph(&g);
    snprintf(path, sizeof path, "/tmp/grundy_every_XXXXXX");
    fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_dgraph(&g, path);
    snprintf(spec, sizeof spec, "graph:%s", path);
    /* A context of its own: the game of a path is kept with it. */
    fixture_setup(&state);
    for (int every = 0; every <= 1; every++) {
        gsrch s = {&g, every, calloc(GSLOTS, sizeof(gpos)),
                   calloc(GSLOTS, 1)};
        long num[GV];
        assert_true(s.key != NULL && s.win != NULL);
        for (unsigned v = 0; v < GV; v++) {
            num[v] = -1;
        }
        for (unsigned v = 0; v < g.n; v++) {
            (void)gnumber(&g, v, every, num);
        }
        for (unsigned x = 0; x < 3 * g.n * g.n * g.n; x++) {
            /* k tokens a >= b >= c, those past the k-th 0. */
            unsigned k = 1 + x / (g.n * g.n * g.n), a = x % g.n,
                     b = x / g.n % g.n, c = x / (g.n * g.n) % g.n;
            gpos p = {k, {(unsigned char)a, (unsigned char)b,
                          (unsigned char)c}};
            unsigned most = 0;
            for (unsigned i = 0; i < 3; i++) {
                most += i < k ? g.most[p.v[i]] : 0;
            }
            if (a < b || b < c || (k < 3 && c > 0) || (k < 2 && b > 0) ||
                most > GT) {
                continue;
            }
            gcheck(state, &s, spec, num, &p);
            total++;
        }
        free(s.key);
        free(s.win);
    }
    fixture_teardown(&state);
    unlink(path);
    return total;
}

static void
test_graph(void **unused)
{
    size_t total = 0;
    (void)unused;
    for (int i = 0; i < 600; i++) {
        total += gcheck_graph();
    }
    print_message("graph: %zu positions checked\n", total);
    assert_true(total >= 20000);
}

/* ---- hackenbush pictures -------------------------------------------- */

#define HE 6                /* edges of a random picture */
#define HV 5                /* vertices of a random graph picture */
#define HMASKS (1u << HE)

/* A picture: its edges as written (ends by index, written by label;
 * label[0] = 0 is the ground). A state is the mask of edges left. */
typedef struct pic {
    unsigned ne;
    unsigned a[HE], b[HE];
    unsigned label[HE + 1];
} pic;

/* A random tree (edge i hangs vertex i + 1 from an earlier one) or a
 * random graph on HV vertices (loops, repeated edges and edges that do
 * not reach the ground come with it), ends written in either order. */
static void
make_pic(pic *p)
{
    int tree = rnd(2) == 0;
    p->ne = 1 + rnd(HE);
    p->label[0] = 0;
    for (unsigned v = 1; v <= HE; v++) {
        p->label[v] = v + 7 * rnd(3);   /* distinct: 1..6, 8..13, 15..20 */
    }
    for (unsigned e = 0; e < p->ne; e++) {
        unsigned x = tree ? e + 1 : rnd(HV), y = tree ? rnd(e + 1) : rnd(HV);
        int swap = rnd(2) == 0;
        p->a[e] = swap ? y : x;
        p->b[e] = swap ? x : y;
    }
}

/* The edges of mask that still reach the ground. */
static unsigned
ground_part(const pic *p, unsigned mask)
{
    unsigned reached = 1, kept = 0, grew = 1;
    while (grew) {
        grew = 0;
        for (unsigned e = 0; e < p->ne; e++) {
            unsigned ends = (1u << p->a[e]) | (1u << p->b[e]);
            if ((mask >> e & 1) && !(kept >> e & 1) && (reached & ends)) {
                kept |= 1u << e;
                reached |= ends;
                grew = 1;
            }
        }
    }
    return kept;
}

/* The picture's text for mask: its edges in the order written. */
static void
pic_text(const pic *p, unsigned mask, char *buf, size_t cap)
{
    int at = 0;
    buf[0] = '\0';
    for (unsigned e = 0; e < p->ne; e++) {
        if (mask >> e & 1) {
            at += snprintf(buf + at, cap - (size_t)at, "%s%u-%u",
                           at > 0 ? "," : "", p->label[p->a[e]],
                           p->label[p->b[e]]);
        }
    }
}

/* The suspense number of state mask (edges reaching the ground) by the
 * recursion; an option cuts one edge, and what no longer reaches the
 * ground falls away. */
static long
hnumber(const pic *p, unsigned mask, long *memo)
{
    long even = -1, any = -1;
    if (memo[mask] >= 0) {
        return memo[mask];
    }
    for (unsigned e = 0; e < p->ne; e++) {
        if (mask >> e & 1) {
            fold_option(hnumber(p, ground_part(p, mask & ~(1u << e)), memo),
                        1, &even, &any);
        }
    }
    memo[mask] = mask == 0 ? 0 : 1 + (even >= 0 ? even : any);
    return memo[mask];
}

/* A sum of one or two pictures in Every-SG, with the literal search's
 * memo over pairs of states (0 unknown, 1 the mover loses, 2 wins). */
typedef struct hsum {
    const pic *p[2];
    unsigned k;
    unsigned char win[HMASKS * HMASKS];
    long num[2][HMASKS];
} hsum;

/* 1 when the mover wins states m[0], m[1] (the second 0 for one
 * picture): every picture with an edge left cuts one; play ends when
 * none has. */
static int
hwin(hsum *h, const unsigned *m)
{
    unsigned x = m[0] * HMASKS + m[1];
    int win = 0;
    if (h->win[x] != 0) {
        return h->win[x] == 2;
    }
    for (unsigned e0 = 0; e0 <= HE && !win && (m[0] | m[1]) != 0; e0++) {
        for (unsigned e1 = 0; e1 <= HE && !win; e1++) {
            /* e == HE: the picture has no edge left and stays out. */
            unsigned u[2];
            if ((m[0] == 0) != (e0 == HE) || (m[1] == 0) != (e1 == HE) ||
                (e0 < HE && !(m[0] >> e0 & 1)) ||
                (e1 < HE && !(m[1] >> e1 & 1))) {
                continue;
            }
            u[0] = e0 < HE ? ground_part(h->p[0], m[0] & ~(1u << e0)) : 0;
            u[1] = e1 < HE ? ground_part(h->p[1], m[1] & ~(1u << e1)) : 0;
            win = !hwin(h, u);
        }
    }
    h->win[x] = win ? 2 : 1;
    return win;
}

/* The state picture i is left in when the move's position shows it as
 * shown (NULL: left out), from state m given as text given; -1 when no
 * cut of the rules leaves that. A picture without an edge reaching the
 * ground has no move: it stays as given, or is left out. */
static long
hafter(const hsum *h, unsigned i, unsigned m, const char *given,
       const char *shown)
{
    char buf[128];
    if (m == 0) {
        return shown == NULL || strcmp(shown, given) == 0 ? 0 : -1;
    }
    for (unsigned e = 0; e < h->p[i]->ne; e++) {
        unsigned u;
        if (!(m >> e & 1)) {
            continue;
        }
        u = ground_part(h->p[i], m & ~(1u << e));
        pic_text(h->p[i], u, buf, sizeof buf);
        if (u == 0 ? shown == NULL : shown != NULL && strcmp(shown, buf) == 0) {
            return u;
        }
    }
    return -1;
}

/* Checks the move's position text from states m (written given[]):
 * the pictures shown, in order, stand for the pictures left (one
 * shown of two may be either); 1 when some reading is a move of the
 * rules, 2 when it also leaves a loss. */
static int
hmove_ok(hsum *h, const unsigned *m, char (*given)[128], const char *text)
{
    char buf[512], *shown[3] = {NULL, NULL, NULL}, *tok;
    unsigned n = 0;
    int best = 0;
    snprintf(buf, sizeof buf, "%s", text);
    tok = strtok(buf, " ");
    assert_non_null(tok);
    assert_string_equal(tok, "hackenbush");
    while ((tok = strtok(NULL, " ")) != NULL) {
        assert_true(n < h->k);
        shown[n++] = tok;
    }
    for (unsigned skip = 0; skip <= h->k; skip++) {
        /* The shown pictures are pictures 0.. of the sum, picture skip
         * left out when one fewer is shown. */
        const char *at[2];
        long u[2];
        unsigned um[2];
        if ((n == h->k) != (skip == h->k) || (n + 1 < h->k && skip > 0)) {
            continue;
        }
        for (unsigned i = 0, j = 0; i < 2; i++) {
            at[i] = i < h->k && i != skip && j < n ? shown[j++] : NULL;
            u[i] = i < h->k ? hafter(h, i, m[i], given[i], at[i]) : 0;
        }
        if (u[0] < 0 || u[1] < 0) {
            continue;
        }
        um[0] = (unsigned)u[0];
        um[1] = (unsigned)u[1];
        best = hwin(h, um) ? (best > 1 ? best : 1) : 2;
    }
    return best;
}

/* Solves the sum in states m (written as given[i], "" for a picture
 * with no edge written) in Every-SG and checks it against the search. */
static void
hcheck(fixture *f, hsum *h, const unsigned *m, char (*given)[128])
{
    char text[300];
    int at = snprintf(text, sizeof text, "hackenbush");
    int win = hwin(h, m), ok;
    long want = 0;
    for (unsigned i = 0; i < h->k; i++) {
        if (given[i][0] != '\0') {
            at += snprintf(text + at, sizeof text - (size_t)at, " %s",
                           given[i]);
        }
        want = decide(want, h->num[i][m[i]], i == 0, 1);
    }
    fixture_check_compound(f, text, GRUNDY_EVERY, want, win);
    if (!win) {
        return;
    }
    ok = hmove_ok(h, m, given, grundy_result_move_position(f->res, 0));
    if (ok != 2) {
        fail_msg("%s: the move to %s is %s", text,
                 grundy_result_move_position(f->res, 0),
                 ok == 1 ? "not winning" : "not legal");
    }
}

/* Every state of one random picture, or of a pair, with each picture
 * written by the edges reaching the ground, and once more as generated
 * (edges that never reach the ground included): how many checked. */
static size_t
hcheck_sum(fixture *f, unsigned k)
{
    static hsum h;
    pic p[2];
    size_t total = 0;
    unsigned n[2];
    memset(&h, 0, sizeof h);
    h.k = k;
    for (unsigned i = 0; i < 2; i++) {
        make_pic(&p[i]);
        h.p[i] = &p[i];
        n[i] = i < k ? 1u << p[i].ne : 1;
        for (unsigned m = 0; m < HMASKS; m++) {
            h.num[i][m] = -1;
        }
    }
    for (unsigned x = 0; x < (n[0] + 1) * (n[1] + 1); x++) {
        /* State n[i]: the picture as generated, whole. */
        unsigned w[2] = {x % (n[0] + 1), x / (n[0] + 1)}, m[2];
        char given[2][128];
        for (unsigned i = 0; i < 2; i++) {
            unsigned raw = w[i] == n[i] ? n[i] - 1 : w[i];
            m[i] = i < k ? ground_part(&p[i], raw) : 0;
            pic_text(&p[i], i < k ? raw : 0, given[i], sizeof given[i]);
            if (i < k && w[i] < n[i] && ground_part(&p[i], raw) != raw) {
                m[i] = HMASKS;   /* not a state: skipped below */
            }
            if (i < k && m[i] < HMASKS) {
                (void)hnumber(&p[i], m[i], h.num[i]);
            }
        }
        if (m[0] == HMASKS || m[1] == HMASKS || (k == 1 && w[1] > 0) ||
            (w[0] == n[0] && ground_part(&p[0], n[0] - 1) == n[0] - 1) ||
            (k == 2 && w[1] == n[1] &&
             ground_part(&p[1], n[1] - 1) == n[1] - 1)) {
            /* Not a state, or the whole picture once more. */
            continue;
        }
        hcheck(f, &h, m, given);
        total++;
    }
    return total;
}

static void
test_hackenbush(void **state)
{
    size_t total = 0;
    for (int i = 0; i < 300; i++) {
        total += hcheck_sum(*state, 1);
    }
    for (int i = 0; i < 300; i++) {
        total += hcheck_sum(*state, 2);
    }
    print_message("hackenbush: %zu positions checked\n", total);
    assert_true(total >= 20000);
}

/* Conjunctive play of pictures is refused with the reason: a picture
 * cut to nothing ends the game and leaves nothing to show it. */
static void
test_hackenbush_conjunctive(void **state)
{
    fixture *f = *state;
    const char *text[] = {"hackenbush 0-1", "hackenbush 0-1,1-2 0-1",
                          "hackenbush 0-1 + nim 1",
                          "nim 2 + hackenbush 0-1,0-2",
                          "hackenbush 5-6 0-1,1-1"};
    for (size_t i = 0; i < sizeof text / sizeof *text; i++) {
        grundy_error err;
        grundy_status st = fixture_solve(f, text[i], GRUNDY_CONJUNCTIVE, &err);
        if (st != GRUNDY_EUNSUPPORTED ||
            strstr(err.message, "conjunctive play of hackenbush is not "
                                "supported") == NULL) {
            fail_msg("%s: status %d, message '%s'", text[i], (int)st,
                     st != GRUNDY_OK ? err.message : "");
        }
        assert_true(strlen(err.message) < 511);
        /* The same position in Every-SG is answered. */
        fixture_solve_ok(f, text[i], GRUNDY_EVERY);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_graph),
        cmocka_unit_test_setup_teardown(test_hackenbush, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_hackenbush_conjunctive,
                                        fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
