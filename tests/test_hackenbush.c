/*
 * test_hackenbush.c - Green Hackenbush against a literal search of the
 * rules written here (cut an edge, drop what no longer reaches the ground
 * by a plain graph search, mex over the options, memoised on the sorted
 * edge list): values, every winning move (legal: the exact picture the
 * cut leaves; losing), misere, sums, published values, large pictures
 * against the colon principle computed here, and syntax errors.
 */
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

#define MAXV 16  /* vertices 0..15 in the literal search */
#define MAXE 14  /* edges in one literal picture */
#define HBITS 20

typedef struct pic {
    unsigned char a[MAXE], b[MAXE];
    size_t n;
} pic;

/* The edges of p that reach the ground, in their order: a breadth-first
 * search from vertex 0 over p's edges, done over and over until nothing
 * new is reached (plain and slow on purpose). */
static pic
grounded(const pic *p)
{
    int reach[MAXV] = {1};
    int grew = 1;
    pic q = {.n = 0};
    while (grew) {
        grew = 0;
        for (size_t i = 0; i < p->n; i++) {
            if (reach[p->a[i]] != reach[p->b[i]]) {
                reach[p->a[i]] = reach[p->b[i]] = 1;
                grew = 1;
            }
        }
    }
    for (size_t i = 0; i < p->n; i++) {
        if (reach[p->a[i]]) {
            q.a[q.n] = p->a[i];
            q.b[q.n] = p->b[i];
            q.n++;
        }
    }
    return q;
}

/* 1 when edge e of p reaches the ground (an edge equal to it does). */
static int
edge_at_ground(const pic *p, size_t e)
{
    pic q = grounded(p);
    for (size_t i = 0; i < q.n; i++) {
        if (q.a[i] == p->a[e] && q.b[i] == p->b[e]) {
            return 1;
        }
    }
    return 0;
}

/* The picture left by cutting edge e of p (what fell away is gone). */
static pic
cut(const pic *p, size_t e)
{
    pic q = {.n = 0};
    for (size_t i = 0; i < p->n; i++) {
        if (i != e) {
            q.a[q.n] = p->a[i];
            q.b[q.n] = p->b[i];
            q.n++;
        }
    }
    return grounded(&q);
}

static struct {
    uint64_t k0, k1;
    unsigned char used, g, mwin;
} memo[(size_t)1 << HBITS];
static size_t memo_n;

/* The memo's key: the edges as unordered pairs, sorted (the same game
 * whatever the order written). */
static void
key_of(const pic *p, uint64_t *k0, uint64_t *k1)
{
    unsigned char e[MAXE];
    for (size_t i = 0; i < p->n; i++) {
        unsigned lo = p->a[i] < p->b[i] ? p->a[i] : p->b[i];
        unsigned hi = p->a[i] ^ p->b[i] ^ lo;
        e[i] = (unsigned char)(lo << 4 | hi);
    }
    for (size_t i = 1; i < p->n; i++) {
        for (size_t j = i; j > 0 && e[j - 1] > e[j]; j--) {
            unsigned char t = e[j];
            e[j] = e[j - 1];
            e[j - 1] = t;
        }
    }
    *k0 = 0;
    *k1 = (uint64_t)p->n << 56;
    for (size_t i = 0; i < p->n; i++) {
        if (i < 8) {
            *k0 |= (uint64_t)e[i] << (8 * i);
        } else {
            *k1 |= (uint64_t)e[i] << (8 * (i - 8));
        }
    }
}

static size_t
slot_of(uint64_t k0, uint64_t k1)
{
    uint64_t h = (k0 * 0x9e3779b97f4a7c15u) ^ (k1 * 0xc2b2ae3d27d4eb4fu);
    size_t at = (size_t)(h >> (64 - HBITS));
    while (memo[at].used &&
           (memo[at].k0 != k0 || memo[at].k1 != k1)) {
        at = (at + 1) & (((size_t)1 << HBITS) - 1);
    }
    return at;
}

/* Value (normal play) and misere outcome of grounded picture p: mex of
 * the options; misere, the player who cannot move wins. */
static void
brute(const pic *p, uint64_t *g, int *mwin)
{
    uint64_t k0, k1, opts[MAXE];
    size_t at;
    int win = 0;
    key_of(p, &k0, &k1);
    at = slot_of(k0, k1);
    if (memo[at].used) {
        *g = memo[at].g;
        *mwin = memo[at].mwin;
        return;
    }
    for (size_t e = 0; e < p->n; e++) {
        pic q = cut(p, e);
        int ow;
        brute(&q, &opts[e], &ow);
        win |= !ow;
    }
    *g = brute_mex(opts, p->n);
    *mwin = p->n == 0 ? 1 : win;
    if (memo_n > ((size_t)1 << HBITS) / 2) {
        memset(memo, 0, sizeof memo);
        memo_n = 0;
    }
    at = slot_of(k0, k1);
    memo[at].used = 1;
    memo[at].k0 = k0;
    memo[at].k1 = k1;
    memo[at].g = (unsigned char)*g;
    memo[at].mwin = (unsigned char)*mwin;
    memo_n++;
}

static uint64_t
value_of(const pic *p)
{
    pic q = grounded(p);
    uint64_t g;
    int w;
    brute(&q, &g, &w);
    return g;
}

static int
misere_win(const pic *p)
{
    pic q = grounded(p);
    uint64_t g;
    int w;
    brute(&q, &g, &w);
    return w;
}

/* ---- pictures as text, with vertex numbers relabelled ----------------- */

/* The number written for each literal vertex (0 stays the ground). */
typedef struct labels {
    uint64_t of[MAXV];
} labels;

static void
random_labels(labels *l, uint64_t *seed)
{
    l->of[0] = 0;
    for (size_t v = 1; v < MAXV; v++) {
        int fresh;
        do {
            switch (brute_below(seed, 3)) {
            case 0:
                l->of[v] = v;
                break;
            case 1:
                l->of[v] = 1 + brute_below(seed, 40);
                break;
            default:
                l->of[v] = brute_rand(seed) | 1;
            }
            fresh = 1;
            for (size_t u = 0; u < v; u++) {
                fresh &= l->of[u] != l->of[v];
            }
        } while (!fresh);
    }
}

static size_t
put_pic(char *text, size_t cap, const pic *p, const labels *l)
{
    size_t at = 0;
    for (size_t i = 0; i < p->n; i++) {
        at += (size_t)snprintf(text + at, cap - at, "%s%llu-%llu",
                               i ? "," : "",
                               (unsigned long long)l->of[p->a[i]],
                               (unsigned long long)l->of[p->b[i]]);
    }
    return at;
}

static unsigned char
unlabel(const labels *l, uint64_t x)
{
    for (size_t v = 0; v < MAXV; v++) {
        if (l->of[v] == x) {
            return (unsigned char)v;
        }
    }
    fail_msg("vertex %llu was not in the picture", (unsigned long long)x);
    return 0;
}

/* Reads one picture token from *s (advanced past it). */
static pic
read_pic(const char **s, const labels *l)
{
    pic p = {.n = 0};
    char *end;
    for (;;) {
        uint64_t a = strtoull(*s, &end, 10), b;
        assert_int_equal(*end, '-');
        b = strtoull(end + 1, &end, 10);
        assert_true(p.n < MAXE);
        p.a[p.n] = unlabel(l, a);
        p.b[p.n] = unlabel(l, b);
        p.n++;
        *s = end;
        if (*end != ',') {
            return p;
        }
        (*s)++;
    }
}

/* A position "hackenbush P1 P2 ... [+ nim h]" (or "hackenbush" alone,
 * the empty position, when nothing is left) into its pictures; *h the
 * heap, or -1 when there is none. */
static size_t
read_position(const char *s, const labels *l, pic *out, size_t cap, long *h)
{
    size_t n = 0;
    *h = -1;
    if (strcmp(s, "hackenbush") == 0) {
        return 0;
    }
    if (strncmp(s, "hackenbush ", 11) == 0) {
        s += 11;
        while (*s >= '0' && *s <= '9') {
            assert_true(n < cap);
            out[n++] = read_pic(&s, l);
            if (*s == ' ' && s[1] >= '0' && s[1] <= '9') {
                s++;
            }
        }
        if (*s == ' ') {
            assert_int_equal(strncmp(s, " + ", 3), 0);
            s += 3;
        }
    }
    if (strncmp(s, "nim ", 4) == 0) {
        *h = strtol(s + 4, NULL, 10);
        s += strlen(s);
    }
    assert_int_equal(*s, '\0');
    return n;
}

/* A picture of up to MEDE edges on any vertex numbers (the medium
 * pictures below, and same_picture's comparisons). */
#define MEDE 72

typedef struct mpic {
    unsigned a[MEDE], b[MEDE];
    size_t n;
} mpic;

/* q's edges as a multiset: each edge's ends in order, the edges sorted
 * (insertion sort: at most MEDE edges). */
static mpic
m_canon(const mpic *q)
{
    mpic c = *q;
    for (size_t i = 0; i < c.n; i++) {
        if (c.a[i] > c.b[i]) {
            unsigned t = c.a[i];
            c.a[i] = c.b[i];
            c.b[i] = t;
        }
    }
    for (size_t i = 1; i < c.n; i++) {
        for (size_t j = i; j > 0 && (c.a[j - 1] > c.a[j] ||
                                     (c.a[j - 1] == c.a[j] &&
                                      c.b[j - 1] > c.b[j])); j--) {
            unsigned ta = c.a[j], tb = c.b[j];
            c.a[j] = c.a[j - 1];
            c.b[j] = c.b[j - 1];
            c.a[j - 1] = ta;
            c.b[j - 1] = tb;
        }
    }
    return c;
}

static int
m_same_picture(const mpic *p, const mpic *q)
{
    return p->n == q->n && memcmp(p->a, q->a, p->n * sizeof *p->a) == 0 &&
           memcmp(p->b, q->b, p->n * sizeof *p->b) == 0;
}

static int
same_pic(const pic *p, const pic *q)
{
    return p->n == q->n && memcmp(p->a, q->a, p->n) == 0 &&
           memcmp(p->b, q->b, p->n) == 0;
}

/* One picture: the same edges in any order, each edge's ends either way
 * round (--all lists the cuts that leave one picture once). */
static int
same_picture(const pic *p, const pic *q)
{
    mpic x = {.n = p->n}, y = {.n = q->n};
    for (size_t i = 0; i < p->n; i++) {
        x.a[i] = p->a[i];
        x.b[i] = p->b[i];
    }
    for (size_t i = 0; i < q->n; i++) {
        y.a[i] = q->a[i];
        y.b[i] = q->b[i];
    }
    x = m_canon(&x);
    y = m_canon(&y);
    return m_same_picture(&x, &y);
}

/* ---- random small pictures ------------------------------------------- */

static void
add_edge(pic *p, unsigned a, unsigned b)
{
    if (p->n < MAXE) {
        p->a[p->n] = (unsigned char)a;
        p->b[p->n] = (unsigned char)b;
        p->n++;
    }
}

/* A picture on vertices 0..nv-1 of one of several shapes: a tree, a
 * tree with extra edges (cycles), loops, doubled edges, a part away from
 * the ground, or anything at all. */
static pic
random_pic(uint64_t *seed, unsigned nv, size_t ne)
{
    pic p = {.n = 0};
    unsigned kind = (unsigned)brute_below(seed, 5);
    if (kind < 4) {
        for (unsigned v = 1; v < nv && p.n < ne; v++) {
            unsigned parent = (unsigned)brute_below(seed, v);
            if (brute_below(seed, 2)) {
                add_edge(&p, parent, v);
            } else {
                add_edge(&p, v, parent);
            }
        }
    }
    while (p.n < ne) {
        unsigned a = (unsigned)brute_below(seed, nv), b;
        switch (kind) {
        case 1:
            b = a;
            break;
        case 2:
            b = p.n > 0 ? p.b[brute_below(seed, p.n)] : a;
            a = p.n > 0 ? p.a[brute_below(seed, p.n)] : a;
            break;
        case 3:
            /* away from the ground: falls at the start */
            a = nv > 1 ? 1 + (unsigned)brute_below(seed, nv - 1) : 0;
            b = nv > 1 ? 1 + (unsigned)brute_below(seed, nv - 1) : 0;
            break;
        default:
            b = (unsigned)brute_below(seed, nv);
        }
        add_edge(&p, a, b);
    }
    /* shuffle the order written */
    for (size_t i = p.n; i > 1; i--) {
        size_t j = (size_t)brute_below(seed, i);
        unsigned char ta = p.a[i - 1], tb = p.b[i - 1];
        p.a[i - 1] = p.a[j];
        p.b[i - 1] = p.b[j];
        p.a[j] = ta;
        p.b[j] = tb;
    }
    return p;
}

/* The edge number K of "cut edge K (x-y) of picture I ..." (1-based),
 * checking that x-y is that edge as written. */
static size_t
cut_edge_of(const char *explain, const pic *p, const labels *l, size_t pi)
{
    unsigned long k, i;
    unsigned long long x, y;
    assert_int_equal(sscanf(explain, "cut edge %lu (%llu-%llu) of picture %lu",
                            &k, &x, &y, &i), 4);
    assert_true(k >= 1 && k <= p->n);
    assert_true(i == pi);
    assert_true(x == l->of[p->a[k - 1]] && y == l->of[p->b[k - 1]]);
    return k - 1;
}

/* One picture alone, every winning move: the exact distinct pictures
 * of value 0 among the cuts, each named by its edge. */
static void
check_alone(fixture *f, const pic *p, const labels *l)
{
    char text[512];
    pic wins[MAXE];
    size_t nwins = 0;
    uint64_t g = value_of(p), sg;
    strcpy(text, "hackenbush ");
    put_pic(text + 11, sizeof text - 11, p, l);
    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
    assert_true(grundy_result_sg(f->res, &sg));
    if (sg != g) {
        fail_msg("%s: sg %llu, literal %llu", text, (unsigned long long)sg,
                 (unsigned long long)g);
    }
    for (size_t e = 0; e < p->n; e++) {
        pic q = cut(p, e);
        int seen = 0;
        /* only an edge that reaches the ground can be cut */
        if (!edge_at_ground(p, e) || value_of(&q) != 0) {
            continue;
        }
        for (size_t i = 0; i < nwins; i++) {
            seen |= same_picture(&wins[i], &q);
        }
        if (!seen) {
            wins[nwins++] = q;
        }
    }
    if (grundy_result_move_count(f->res) != nwins) {
        fail_msg("%s: %zu winning moves, literal %zu", text,
                 grundy_result_move_count(f->res), nwins);
    }
    for (size_t m = 0; m < nwins; m++) {
        pic got[2], want;
        long h;
        size_t e = cut_edge_of(grundy_result_move_explain(f->res, m), p, l, 1);
        size_t n = read_position(grundy_result_move_position(f->res, m), l,
                                 got, 2, &h);
        want = cut(p, e);
        assert_true(h == -1);
        assert_true(n == (want.n > 0));
        if (n == 1) {
            assert_true(same_pic(&got[0], &want));
        }
        assert_true(value_of(&want) == 0);
    }
}

/* Thousands of small pictures of every shape alone. */
static void
test_random_alone(void **state)
{
    fixture *f = *state;
    uint64_t seed = 2024;
    for (int t = 0; t < 6000; t++) {
        labels l;
        unsigned nv = 1 + (unsigned)brute_below(&seed, 8);
        size_t ne = 1 + (size_t)brute_below(&seed, 9);
        pic p = random_pic(&seed, nv, ne);
        random_labels(&l, &seed);
        check_alone(f, &p, &l);
    }
}

/* Pictures on vertices 0 and 8..15, apart from those of random_pic. */
static pic
shifted(pic p)
{
    for (size_t i = 0; i < p.n; i++) {
        p.a[i] = (unsigned char)(p.a[i] != 0 ? p.a[i] + 8 : 0);
        p.b[i] = (unsigned char)(p.b[i] != 0 ? p.b[i] + 8 : 0);
    }
    return p;
}

/* Two pictures side by side are one picture on their union (they share
 * only the ground): the literal misere outcome of the sum. */
static pic
joined(const pic *ps, size_t n)
{
    pic u = {.n = 0};
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < ps[k].n; i++) {
            add_edge(&u, ps[k].a[i], ps[k].b[i]);
        }
    }
    return u;
}

/* The expected position after cutting edge e of picture k of ps: that
 * picture replaced by the cut, or gone when nothing is left. */
static size_t
after_cut(const pic *ps, size_t n, size_t k, size_t e, pic *out)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        pic q = i == k ? cut(&ps[i], e) : ps[i];
        if (i != k || q.n > 0) {
            out[m++] = q;
        }
    }
    return m;
}

static int
same_pics(const pic *a, size_t na, const pic *b, size_t nb)
{
    if (na != nb) {
        return 0;
    }
    for (size_t i = 0; i < na; i++) {
        if (!same_picture(&a[i], &b[i])) {
            return 0;
        }
    }
    return 1;
}

/* 1 when the position of pictures ps and heap h (-1: none) is lost for
 * the player to move: normal play by values, misere by the joined
 * picture (a heap of h is a stalk of h edges: vertices 16.. are not
 * needed, misere sums here have no heap). */
static int
lost(const pic *ps, size_t n, long h, int mis)
{
    uint64_t x = h > 0 ? (uint64_t)h : 0;
    if (mis) {
        pic u = joined(ps, n);
        return !misere_win(&u);
    }
    for (size_t i = 0; i < n; i++) {
        x ^= value_of(&ps[i]);
    }
    return x == 0;
}

/* Every winning move of a sum of two pictures (and a nim heap in normal
 * play), counted and checked against the literal rules. */
static void
check_sum(fixture *f, const pic *ps, long h, const labels *l, int mis)
{
    char text[1024];
    size_t at = 0, want = 0;
    uint64_t sg;
    at += (size_t)snprintf(text, sizeof text, "hackenbush ");
    at += put_pic(text + at, sizeof text - at, &ps[0], l);
    text[at++] = ' ';
    at += put_pic(text + at, sizeof text - at, &ps[1], l);
    if (h >= 0) {
        snprintf(text + at, sizeof text - at, " + nim %ld", h);
    } else {
        text[at] = '\0';
    }
    fixture_solve_ok(f, text, GRUNDY_ALL_MOVES | (mis ? GRUNDY_MISERE : 0));
    if (grundy_result_win(f->res) != !lost(ps, 2, h, mis)) {
        fail_msg("%s%s: outcome differs from the literal search", text,
                 mis ? " (misere)" : "");
    }
    if (!mis) {
        uint64_t x = (h > 0 ? (uint64_t)h : 0) ^ value_of(&ps[0]) ^
                     value_of(&ps[1]);
        assert_true(grundy_result_sg(f->res, &sg) && sg == x);
        want += h > 0 && (x ^ (uint64_t)h) < (uint64_t)h;
    }
    for (size_t k = 0; k < 2; k++) {
        pic seen[MAXE][2];
        size_t nseen[MAXE], ns = 0;
        for (size_t e = 0; e < ps[k].n; e++) {
            pic q[2];
            size_t nq = after_cut(ps, 2, k, e, q);
            int dup = 0;
            if (!edge_at_ground(&ps[k], e) || !lost(q, nq, h, mis)) {
                continue;
            }
            for (size_t i = 0; i < ns; i++) {
                dup |= same_pics(seen[i], nseen[i], q, nq);
            }
            if (!dup) {
                memcpy(seen[ns], q, sizeof q);
                nseen[ns++] = nq;
            }
        }
        want += ns;
    }
    if (grundy_result_move_count(f->res) != want) {
        fail_msg("%s%s: %zu winning moves, literal %zu", text,
                 mis ? " (misere)" : "", grundy_result_move_count(f->res),
                 want);
    }
    for (size_t m = 0; m < want; m++) {
        const char *ex = grundy_result_move_explain(f->res, m);
        pic got[2], exp[2];
        long nh;
        size_t ng = read_position(grundy_result_move_position(f->res, m), l,
                                  got, 2, &nh), ne;
        if (strncmp(ex, "take ", 5) == 0) {
            assert_true(h > 0 && nh >= 0 && nh < h);
            assert_true(same_pics(got, ng, ps, 2));
        } else {
            size_t k = strstr(ex, "of picture 2") != NULL;
            size_t e = cut_edge_of(ex, &ps[k], l, k + 1);
            ne = after_cut(ps, 2, k, e, exp);
            assert_true(same_pics(got, ng, exp, ne));
            assert_true(nh == (h > 0 ? h : -1) || (h == 0 && nh == -1));
        }
        assert_true(lost(got, ng, nh, mis));
    }
}

static void
test_random_sums(void **state)
{
    fixture *f = *state;
    uint64_t seed = 99;
    for (int t = 0; t < 3000; t++) {
        labels l;
        pic ps[2];
        long h = (long)brute_below(&seed, 6) - 1;
        ps[0] = random_pic(&seed, 1 + (unsigned)brute_below(&seed, 6),
                           1 + (size_t)brute_below(&seed, 6));
        ps[1] = shifted(random_pic(&seed, 1 + (unsigned)brute_below(&seed, 6),
                                   1 + (size_t)brute_below(&seed, 6)));
        random_labels(&l, &seed);
        check_sum(f, ps, h == 0 ? -1 : h, &l, 0);
    }
}

/* Misere: one picture alone, and two side by side, against the literal
 * misere search (no general theory: the library searches too). */
static void
test_random_misere(void **state)
{
    fixture *f = *state;
    uint64_t seed = 7;
    char text[512];
    for (int t = 0; t < 2500; t++) {
        labels l;
        pic ps[2];
        ps[0] = random_pic(&seed, 1 + (unsigned)brute_below(&seed, 7),
                           1 + (size_t)brute_below(&seed, 7));
        random_labels(&l, &seed);
        strcpy(text, "hackenbush ");
        put_pic(text + 11, sizeof text - 11, &ps[0], &l);
        fixture_solve_ok(f, text, GRUNDY_MISERE);
        if (grundy_result_win(f->res) != misere_win(&ps[0])) {
            fail_msg("%s: misere outcome differs", text);
        }
        if (t % 2 == 0) {
            ps[1] = shifted(random_pic(&seed,
                                       1 + (unsigned)brute_below(&seed, 6),
                                       1 + (size_t)brute_below(&seed, 5)));
            check_sum(f, ps, -1, &l, 1);
        }
    }
}

/* ---- published values ------------------------------------------------- */

static uint64_t
sg_of(fixture *f, const char *text)
{
    uint64_t sg;
    fixture_solve_ok(f, text, 0);
    assert_true(grundy_result_sg(f->res, &sg));
    return sg;
}

/* Winning Ways ch. 7: a stalk of n edges is Nim heap n; the colon
 * principle (two leaves on a stalk: *1 : (*1 + *1) = *1); the fusion
 * principle (a cycle at the ground is worth its edge count mod 2; a loop
 * is a stalk of one edge; a triangle on a stalk of one is *2). */
static void
test_published(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *text;
        uint64_t sg;
    } known[] = {
        {"hackenbush 0-1", 1},
        {"hackenbush 0-1,1-2,2-3,3-4,4-5", 5},
        {"hackenbush 0-1,1-2,1-3", 1},
        {"hackenbush 0-1,1-2,1-3,1-4", 2},
        {"hackenbush 0-1,0-2,2-3", 3},
        {"hackenbush 0-1,1-2,2-0", 1},
        {"hackenbush 0-1,1-2,2-3,3-0", 0},
        {"hackenbush 0-1,0-1", 0},
        {"hackenbush 0-1,0-1,1-2", 1},
        {"hackenbush 0-0", 1},
        {"hackenbush 0-1,1-1", 2},
        {"hackenbush 0-1,1-2,2-3,3-1", 2},
        {"hackenbush 5-6,6-7", 0},
        {"hackenbush 0-1,1-2,2-3 0-1,1-2,2-3", 0},
        {"hackenbush 0-1,1-2 + nim 2", 0},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        uint64_t sg = sg_of(f, known[i].text);
        if (sg != known[i].sg) {
            fail_msg("%s: %llu, published %llu", known[i].text,
                     (unsigned long long)sg,
                     (unsigned long long)known[i].sg);
        }
    }
}

/* ---- large pictures --------------------------------------------------- */

/* A text of up to n edges a-b (appended to buf). */
typedef struct bigtext {
    char *s;
    size_t len, cap;
} bigtext;

static void
bt_edge(bigtext *b, size_t a, size_t c)
{
    if (b->len + 48 > b->cap) {
        b->cap = 2 * b->cap + 4096;
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
    }
    b->len += (size_t)snprintf(b->s + b->len, b->cap - b->len, "%s%zu-%zu",
                               b->s[b->len - 1] == ' ' ? "" : ",", a, c);
}

static char *
copy_text(const char *s)
{
    char *c = malloc(strlen(s) + 1);
    assert_non_null(c);
    return strcpy(c, s);
}

static bigtext
bt_new(void)
{
    bigtext b = {malloc(4096), 0, 4096};
    assert_non_null(b.s);
    b.len = (size_t)snprintf(b.s, b.cap, "hackenbush ");
    return b;
}

/* A stalk of 10^5 edges is worth 10^5 and is won by cutting it at the
 * ground; a random tree of 10^5 edges is worth its colon-principle value
 * computed here, and its reported cut is the named edge with exactly its
 * subtree gone, leaving value 0. */
static void
test_large_trees(void **state)
{
    fixture *f = *state;
    enum { N = 100000 };
    bigtext b = bt_new();
    size_t *parent = malloc(N * sizeof *parent);
    uint64_t *val = calloc(N + 1, sizeof *val), sg, seed = 3;
    assert_non_null(parent);
    assert_non_null(val);
    for (size_t i = 0; i < N; i++) {
        bt_edge(&b, i, i + 1);
    }
    assert_true(sg_of(f, b.s) == N);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "cut edge 1 (0-1) of picture 1, and 99999 edges "
                        "fall away");

    b.len = 11;
    for (size_t v = 1; v <= N; v++) {
        parent[v - 1] = (size_t)brute_below(&seed, v);
        bt_edge(&b, parent[v - 1], v);
    }
    for (size_t v = N; v >= 1; v--) {
        val[parent[v - 1]] ^= val[v] + 1;
    }
    sg = sg_of(f, b.s);
    assert_true(sg == val[0]);
    if (sg != 0) {
        unsigned long k, p;
        unsigned long long x, y;
        char *after;
        size_t kept = 0;
        const char *s;
        assert_true(sscanf(grundy_result_move_explain(f->res, 0),
                           "cut edge %lu (%llu-%llu) of picture %lu", &k, &x,
                           &y, &p) == 4);
        assert_true(x == parent[k - 1] && y == k);
        after = copy_text(grundy_result_move_position(f->res, 0));
        assert_non_null(after);
        /* the edges kept: every v whose path to the ground avoids k */
        s = after + strlen("hackenbush ");
        for (size_t v = 1; v <= N; v++) {
            size_t u = v;
            while (u != 0 && u != k) {
                u = parent[u - 1];
            }
            if (u == 0) {
                char want[48];
                int w = snprintf(want, sizeof want, "%s%zu-%zu",
                                 kept++ ? "," : "", parent[v - 1], v);
                assert_true(strncmp(s, want, (size_t)w) == 0);
                s += w;
            }
        }
        assert_int_equal(*s, '\0');
        assert_true(sg_of(f, after) == 0);
        free(after);
    }
    free(b.s);
    free(parent);
    free(val);
}

/* A tree of cycles: block i is a cycle of len[i] edges (1: a loop, 2: a
 * doubled edge) hung by a bridge from a vertex of an earlier block (block
 * 0 holds the ground). By the fusion principle block i is worth len[i]
 * mod 2 plus, by the colon principle, value + 1 of each block below it. */
static void
test_large_cycles(void **state)
{
    fixture *f = *state;
    enum { B = 3000 };
    bigtext b = bt_new();
    size_t *first = malloc((B + 1) * sizeof *first);
    size_t *up = malloc(B * sizeof *up);
    size_t nv = 1;
    uint64_t *val = calloc(B, sizeof *val), seed = 17;
    assert_non_null(first);
    assert_non_null(val);
    assert_non_null(up);
    for (size_t i = 0; i < B; i++) {
        size_t len = 1 + (size_t)brute_below(&seed, 6);
        first[i] = i == 0 ? 0 : nv++;
        if (i > 0) {
            size_t p = (size_t)brute_below(&seed, i);
            size_t at = first[p] + (size_t)brute_below(&seed, first[p + 1] -
                                                             first[p]);
            at = p == 0 && at == first[1] ? 0 : at;
            up[i] = p;
            bt_edge(&b, at, first[i]);
        }
        /* the cycle first[i] -> new vertices -> first[i] */
        {
            size_t prev = first[i];
            for (size_t j = 1; j < len; j++) {
                bt_edge(&b, prev, nv);
                prev = nv++;
            }
            bt_edge(&b, prev, first[i]);
        }
        first[i + 1] = nv;
        val[i] = len % 2;
    }
    for (size_t i = B; i-- > 1;) {
        val[up[i]] ^= val[i] + 1;
    }
    assert_true(sg_of(f, b.s) == val[0]);
    if (val[0] != 0) {
        char *after = copy_text(grundy_result_move_position(f->res, 0));
        assert_non_null(after);
        assert_true(after[0] == '\0' || sg_of(f, after) == 0);
        free(after);
    }
    free(b.s);
    free(first);
    free(up);
    free(val);
}

/* ---- medium pictures: every cut against the library's own values -------- */

/* The picture left by cutting edge e (HB: none) of p, what no longer
 * reaches the ground dropped: the same plain search as grounded(). */
static mpic
m_cut(const mpic *p, size_t e)
{
    int reach[64] = {1}, grew = 1;
    mpic q = {.n = 0};
    while (grew) {
        grew = 0;
        for (size_t i = 0; i < p->n; i++) {
            if (i != e && reach[p->a[i]] != reach[p->b[i]]) {
                reach[p->a[i]] = reach[p->b[i]] = 1;
                grew = 1;
            }
        }
    }
    for (size_t i = 0; i < p->n; i++) {
        if (i != e && reach[p->a[i]]) {
            q.a[q.n] = p->a[i];
            q.b[q.n] = p->b[i];
            q.n++;
        }
    }
    return q;
}

static size_t
m_text(char *text, size_t cap, const mpic *p)
{
    size_t at = 0;
    for (size_t i = 0; i < p->n; i++) {
        at += (size_t)snprintf(text + at, cap - at, "%s%u-%u", i ? "," : "",
                               p->a[i], p->b[i]);
    }
    text[at] = '\0';
    return at;
}

/* Dense random pictures of 12 to 72 edges (large blocks: the cuts go by
 * the classes of 2-edge cuts) with a nim heap beside: every cut leaving
 * the value the heap needs, against the literal cut valued by the
 * library (whose values the small and large tests check). */
static void
test_medium_graphs(void **state)
{
    fixture *f = *state;
    uint64_t seed = 31;
    static char text[4096], want_text[MEDE][1024];
    static mpic want_pic[MEDE];   /* each as a multiset (m_canon) */
    for (int t = 0; t < 400; t++) {
        mpic p = {.n = 0};
        unsigned nv = 4 + (unsigned)brute_below(&seed, 30);
        size_t ne = 12 + (size_t)brute_below(&seed, MEDE - 12), nwant = 0;
        uint64_t h = brute_below(&seed, 4), g;
        for (unsigned v = 1; v < nv && p.n < ne; v++) {
            p.a[p.n] = (unsigned)brute_below(&seed, v);
            p.b[p.n++] = v;
        }
        while (p.n < ne) {
            /* short chords make many small cycles; some long ones */
            unsigned a = (unsigned)brute_below(&seed, nv);
            unsigned b = brute_below(&seed, 3) == 0
                             ? (unsigned)brute_below(&seed, nv)
                             : (a + 1 + (unsigned)brute_below(&seed, 3)) % nv;
            p.a[p.n] = a;
            p.b[p.n++] = b;
        }
        strcpy(text, "hackenbush ");
        m_text(text + 11, sizeof text - 11, &p);
        g = sg_of(f, text);
        if (g == h) {
            continue;
        }
        for (size_t e = 0; e < p.n; e++) {
            mpic q = m_cut(&p, e);
            char *w = want_text[nwant];
            int dup = 0;
            if (m_cut(&p, MEDE).n == q.n) {
                continue;   /* the edge was away from the ground */
            }
            strcpy(w, "hackenbush ");
            m_text(w + 11, 1024 - 11, &q);
            if (q.n == 0 ? h != 0 : sg_of(f, w) != h) {
                continue;
            }
            /* one picture: the same edges in any order, ends either way */
            want_pic[nwant] = m_canon(&q);
            for (size_t i = 0; i < nwant; i++) {
                dup |= m_same_picture(&want_pic[i], &want_pic[nwant]);
            }
            if (!dup) {
                if (q.n == 0) {
                    w[0] = '\0';
                }
                nwant++;
            }
        }
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 " + nim %llu", (unsigned long long)h);
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        /* the heap's own move, when it has one, comes besides */
        {
            size_t cuts = 0;
            for (size_t m = 0; m < grundy_result_move_count(f->res); m++) {
                const char *pos = grundy_result_move_position(f->res, m);
                char picture[1024];
                const char *plus = strstr(pos, " + nim ");
                int found = 0;
                if (strncmp(grundy_result_move_explain(f->res, m), "take ",
                            5) == 0) {
                    continue;
                }
                cuts++;
                assert_non_null(plus);
                assert_true(strtoull(plus + 7, NULL, 10) == h);
                snprintf(picture, sizeof picture, "%.*s", (int)(plus - pos),
                         pos);
                if (strcmp(picture, "hackenbush") == 0 || pos == plus) {
                    picture[0] = '\0';
                }
                for (size_t i = 0; i < nwant; i++) {
                    found |= strcmp(want_text[i], picture) == 0;
                }
                if (!found) {
                    fail_msg("%s: move to '%s' is not a literal cut of "
                             "value %llu", text, pos, (unsigned long long)h);
                }
            }
            if (cuts != nwant) {
                fail_msg("%s: %zu cuts, literal %zu", text, cuts, nwant);
            }
        }
    }
}

/* One block of 3 * 10^4 edges (cycles of 3 to 5 edges sharing vertices):
 * the class method answers in about 10^5 steps where solving the block
 * again per edge would take 10^9: within a work limit of 10^7. A cycle of
 * 10^4 edges is one class of 10^4 cuts (10^8 steps): beyond it, refused
 * with the work limit named. */
static void
test_work_limit(void **state)
{
    fixture *f = *state;
    bigtext b = bt_new();
    uint64_t seed = 41, sg;
    size_t nv = 1;
    grundy_error err;
    grundy_ctx_set_work_limit(f->ctx, 10000000);
    while (nv < 10000) {
        size_t at = (size_t)brute_below(&seed, nv), prev = at;
        size_t len = 3 + (size_t)brute_below(&seed, 3);
        for (size_t j = 1; j < len; j++) {
            bt_edge(&b, prev, nv);
            prev = nv++;
        }
        bt_edge(&b, prev, at);
    }
    /* a heap making the sum worth 1: the picture must move to value
     * sg ^ 1, so every cut of the block is asked */
    sg = sg_of(f, b.s);
    snprintf(b.s + b.len, b.cap - b.len, " + nim %llu",
             (unsigned long long)(sg ^ 1));
    fixture_solve_ok(f, b.s, GRUNDY_ALL_MOVES);
    assert_true(grundy_result_sg(f->res, &sg) && sg == 1);
    assert_true(grundy_result_move_count(f->res) >= 1);
    for (size_t m = 0; m < grundy_result_move_count(f->res); m++) {
        char *after = copy_text(grundy_result_move_position(f->res, m));
        assert_true(sg_of(f, after) == 0);
        free(after);
    }
    b.len = 11;
    for (size_t i = 0; i < 10000; i++) {
        bt_edge(&b, i, (i + 1) % 10000);
    }
    snprintf(b.s + b.len, b.cap - b.len, " + nim 1");
    assert_int_equal(fixture_solve(f, b.s, GRUNDY_ALL_MOVES, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_WORK);
    assert_non_null(strstr(err.message, "the work limit"));
    grundy_ctx_set_work_limit(f->ctx, 0);
    fixture_solve_ok(f, b.s, GRUNDY_ALL_MOVES);
    free(b.s);
}

/* Listing every move of a picture (the misere search) stops at 4096
 * edges at the ground, and a picture's graph is built within --memory:
 * both refused with what was exceeded. */
static void
test_listing_and_memory(void **state)
{
    fixture *f = *state;
    bigtext b = bt_new();
    grundy_error err;
    for (size_t v = 1; v <= 5000; v++) {
        bt_edge(&b, 0, v);
    }
    assert_int_equal(fixture_solve(f, b.s, GRUNDY_MISERE, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many to list every move"));
    /* normal play of the same picture: 5000 leaves are worth 0 */
    assert_true(sg_of(f, b.s) == 0);
    grundy_ctx_set_memory_limit(f->ctx, 400000);
    assert_int_equal(fixture_solve(f, b.s, 0, &err), GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_non_null(strstr(err.message, "a picture of 5000 edges needs"));
    free(b.s);
}

/* ---- syntax ----------------------------------------------------------- */

static void
expect_error(fixture *f, const char *text, const char *part)
{
    grundy_error err;
    assert_int_equal(fixture_solve(f, text, 0, &err), GRUNDY_EPOSITION);
    if (strstr(err.message, part) == NULL) {
        fail_msg("%s: '%s' lacks '%s'", text, err.message, part);
    }
}

static void
test_errors(void **state)
{
    fixture *f = *state;
    expect_error(f, "hackenbush 0-", "'0-': edge 1 '0-' lacks its second");
    expect_error(f, "hackenbush -1", "lacks its first vertex");
    expect_error(f, "hackenbush 0-1,a-b", "edge 2 'a-b': 'a' is not a vertex");
    expect_error(f, "hackenbush 0-1,1-x", "'x' is not a vertex number");
    /* bytes shown as every token's are: no escape reaches the terminal */
    expect_error(f, "hackenbush 0-1,1-\x1b[31m",
                 "edge 2 '1-\\x1b[31m': '\\x1b[31m' is not a vertex");
    expect_error(f, "hackenbush 0-18446744073709551616",
                 "vertex number beyond 18446744073709551615");
    expect_error(f, "hackenbush 0-1,,1-2", "edge 2 is empty");
    expect_error(f, "hackenbush 0-1,", "edge 2 is empty");
    expect_error(f, "hackenbush 01", "edge 1 '01' is not a-b");
    expect_error(f, "hackenbush 0-1-2", "'1-2' is not a vertex number");
    /* the largest vertex number is a vertex like any other */
    assert_true(sg_of(f, "hackenbush 0-18446744073709551615,"
                         "18446744073709551615-18446744073709551615") == 2);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_published, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_errors, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_random_alone, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_random_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_random_misere, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_large_trees, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_large_cycles, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_medium_graphs, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_work_limit, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_listing_and_memory,
                                        fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
