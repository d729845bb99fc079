/*
 * test_every.c - Every-SG (--every) and conjunctive play (--conjunctive)
 * against a literal search of the compound games, written from their
 * rules and not from the theory: a position is a tuple of components;
 * in Every-SG a move moves in every component that has a move and who
 * cannot move loses; in the conjunctive compound a move moves in every
 * component and who cannot move in every component loses. On thousands
 * of tuples of nim, bounded, sub, octal:0.123, euclid, wythoff and
 * ferguson components (and sums of different games) the outcome, the
 * deciding number (against the suspense and remoteness recursions
 * computed here) and every reported move (legal, leaving a loss) are
 * checked. Then games whose moves split a heap (kayles, dawson, lasker,
 * grundy, octal and hex codes, and sums of two) against a search over
 * multisets of heaps, where a split heap's parts are components of
 * their own; then refusals and errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fixture.h"
#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SLOTS 3
#define MAX_OPTS 64

/* A game of the test, by its rules: a component is a heap n (pair 0) or
 * a pair a,b (pair 1) with numbers up to max; state = n or a*(max+1)+b. */
typedef struct tgame {
    const char *spec;
    int pair;
    unsigned max;
    unsigned sub[4];   /* the subtraction set (sub), M (bounded), the
                        * octal digits d1 d2 ... (octal) */
    size_t nsub;
    int kind;          /* K_* below */
} tgame;

enum { K_NIM, K_BOUNDED, K_SUB, K_OCTAL, K_EUCLID, K_FERGUSON, K_WYTHOFF };

static unsigned
states(const tgame *g)
{
    return g->pair ? (g->max + 1) * (g->max + 1) : g->max + 1;
}

/* The options of state s of g, literally from the game's rules. */
static size_t
options(const tgame *g, unsigned s, unsigned *out)
{
    size_t n = 0;
    unsigned w = g->max + 1, a = g->pair ? s / w : s, b = g->pair ? s % w : 0;
    switch (g->kind) {
    case K_NIM:
        for (unsigned m = 0; m < a; m++) {
            out[n++] = m;
        }
        break;
    case K_BOUNDED:
        for (unsigned k = 1; k <= g->sub[0] && k <= a; k++) {
            out[n++] = a - k;
        }
        break;
    case K_SUB:
        for (size_t i = 0; i < g->nsub; i++) {
            if (g->sub[i] <= a) {
                out[n++] = a - g->sub[i];
            }
        }
        break;
    case K_OCTAL:
        /* Digit dk: bit 1 takes k from a heap of exactly k, leaving
         * nothing; bit 2 takes k and leaves one non-empty heap. */
        for (size_t k = 1; k <= g->nsub; k++) {
            if ((g->sub[k - 1] & 1) && a == k) {
                out[n++] = 0;
            }
            if ((g->sub[k - 1] & 2) && a > k) {
                out[n++] = a - (unsigned)k;
            }
        }
        break;
    case K_EUCLID:
        /* Subtract a positive multiple of the smaller from the larger,
         * leaving it >= 0; a pair with a 0 is over. */
        if (a >= b && b > 0) {
            for (unsigned k = 1; k * b <= a; k++) {
                out[n++] = (a - k * b) * w + b;
            }
        }
        if (b >= a && a > 0 && a != b) {
            for (unsigned k = 1; k * a <= b; k++) {
                out[n++] = a * w + (b - k * a);
            }
        }
        if (a == b && a > 0) {
            out[n++] = a * w;   /* the other number taken whole */
        }
        break;
    case K_FERGUSON:
        /* Empty one box and split the other into two non-empty boxes. */
        for (unsigned x = 1; b >= 2 && x < b; x++) {
            out[n++] = x * w + (b - x);
        }
        for (unsigned x = 1; a >= 2 && x < a; x++) {
            out[n++] = x * w + (a - x);
        }
        break;
    default:
        /* Wythoff: take from one pile, or the same from both. */
        for (unsigned k = 1; k <= a; k++) {
            out[n++] = (a - k) * w + b;
        }
        for (unsigned k = 1; k <= b; k++) {
            out[n++] = a * w + (b - k);
        }
        for (unsigned k = 1; k <= a && k <= b; k++) {
            out[n++] = (a - k) * w + (b - k);
        }
        break;
    }
    assert_true(n <= MAX_OPTS);
    return n;
}

/* 0 for a state the game has no component for (a Ferguson box holds at
 * least 1). */
static int
valid(const tgame *g, unsigned s)
{
    unsigned w = g->max + 1;
    return g->kind != K_FERGUSON || (s / w >= 1 && s % w >= 1);
}

/* The remoteness (every 0) or suspense number (every 1) of s by the
 * recursion of Winning Ways ch. 9, with its own memo (-1: unknown). */
static long
number(const tgame *g, unsigned s, int every, long *memo)
{
    unsigned o[MAX_OPTS];
    size_t n;
    long even = -1, any = -1;
    if (memo[s] >= 0) {
        return memo[s];
    }
    n = options(g, s, o);
    for (size_t i = 0; i < n; i++) {
        long x = number(g, o[i], every, memo);
        if (x % 2 == 0 && (even < 0 || (every ? x > even : x < even))) {
            even = x;
        }
        if (any < 0 || (every ? x < any : x > any)) {
            any = x;
        }
    }
    memo[s] = n == 0 ? 0 : 1 + (even >= 0 ? even : any);
    return memo[s];
}

/* A compound of slots: games and the literal search's memo over tuples
 * (0 unknown, 1 the mover loses, 2 wins). */
typedef struct compound {
    const tgame *g[MAX_SLOTS];
    size_t k;
    int every;
    unsigned char *memo;
    long *num[MAX_SLOTS];  /* each slot's numbers (number()) */
} compound;

static size_t
tuple_index(const compound *c, const unsigned *t)
{
    size_t x = 0;
    for (size_t i = 0; i < c->k; i++) {
        x = x * states(c->g[i]) + t[i];
    }
    return x;
}

/* 1 when the mover wins the tuple t, by trying every move of the rules:
 * a choice of an option in each moving component. */
static int
literal_win(compound *c, const unsigned *t)
{
    unsigned o[MAX_SLOTS][MAX_OPTS], u[MAX_SLOTS];
    size_t n[MAX_SLOTS], at[MAX_SLOTS] = {0}, live = 0;
    size_t x = tuple_index(c, t);
    int win = 0;
    if (c->memo[x] != 0) {
        return c->memo[x] == 2;
    }
    for (size_t i = 0; i < c->k; i++) {
        n[i] = options(c->g[i], t[i], o[i]);
        live += n[i] > 0;
    }
    /* Every-SG ends when no component has a move; the conjunctive
     * compound as soon as one has none. */
    if (c->every ? live == 0 : live < c->k) {
        c->memo[x] = 1;
        return 0;
    }
    for (;;) {
        size_t i;
        for (i = 0; i < c->k; i++) {
            u[i] = n[i] > 0 ? o[i][at[i]] : t[i];
        }
        if (!literal_win(c, u)) {
            win = 1;
            break;
        }
        /* The next choice (an odometer over the moving components). */
        for (i = 0; i < c->k; i++) {
            if (n[i] == 0) {
                continue;
            }
            if (++at[i] < n[i]) {
                break;
            }
            at[i] = 0;
        }
        if (i == c->k) {
            break;
        }
    }
    c->memo[x] = win ? 2 : 1;
    return win;
}

/* The text of component state s of g into p; returns the end. */
static char *
put_comp(char *p, const tgame *g, unsigned s)
{
    unsigned w = g->max + 1;
    return p + (g->pair ? sprintf(p, " %u,%u", s / w, s % w)
                        : sprintf(p, " %u", s));
}

/* The position's text: one game for all slots, or terms joined by '+'. */
static void
tuple_text(const compound *c, const unsigned *t, char *buf)
{
    char *p = buf;
    for (size_t i = 0; i < c->k; i++) {
        if (i == 0 || c->g[i] != c->g[i - 1]) {
            p += sprintf(p, "%s%s", i == 0 ? "" : " + ", c->g[i]->spec);
        }
        p = put_comp(p, c->g[i], t[i]);
    }
}

/* The tuple a move's position text names (game names and '+' skipped). */
static void
parse_tuple(const compound *c, const char *text, unsigned *t)
{
    char buf[256], *tok;
    size_t i = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (tok = strtok(buf, " "); tok != NULL;
         tok = strtok(NULL, " ")) {
        unsigned a, b;
        if (strcmp(tok, "+") == 0 || (tok[0] < '0' || tok[0] > '9')) {
            continue;
        }
        assert_true(i < c->k);
        if (c->g[i]->pair) {
            assert_int_equal(sscanf(tok, "%u,%u", &a, &b), 2);
            assert_true(a <= c->g[i]->max && b <= c->g[i]->max);
            t[i] = a * (c->g[i]->max + 1) + b;
        } else {
            assert_int_equal(sscanf(tok, "%u", &a), 1);
            t[i] = a;
        }
        i++;
    }
    assert_int_equal(i, c->k);
}

/* 1 when u is a move of the rules from t. */
static int
legal_move(const compound *c, const unsigned *t, const unsigned *u)
{
    for (size_t i = 0; i < c->k; i++) {
        unsigned o[MAX_OPTS];
        size_t n = options(c->g[i], t[i], o), j;
        if (n == 0) {
            if (!c->every || u[i] != t[i]) {
                return 0;
            }
            continue;
        }
        for (j = 0; j < n && o[j] != u[i]; j++) {
        }
        if (j == n) {
            return 0;
        }
    }
    return 1;
}

/* Solves tuple t with the library and checks it against the search. */
static void
check_tuple(fixture *f, compound *c, const unsigned *t)
{
    char text[256];
    unsigned u[MAX_SLOTS];
    long want = 0;
    int win = literal_win(c, t);
    unsigned flag = c->every ? GRUNDY_EVERY : GRUNDY_CONJUNCTIVE;

    tuple_text(c, t, text);
    for (size_t i = 0; i < c->k; i++) {
        long x = c->num[i][t[i]];
        if (i == 0 || (c->every ? x > want : x < want)) {
            want = x;
        }
    }
    fixture_check_compound(f, text, flag, want, win);
    if (!win) {
        return;
    }
    parse_tuple(c, grundy_result_move_position(f->res, 0), u);
    if (!legal_move(c, t, u) || literal_win(c, u)) {
        fail_msg("%s (%s): the move to %s is %s", text,
                 c->every ? "every" : "conjunctive",
                 grundy_result_move_position(f->res, 0),
                 legal_move(c, t, u) ? "not winning" : "not legal");
    }
}

/* Every tuple of the slots' games, in both compounds. Returns how many
 * positions were checked. */
static size_t
check_all(fixture *f, const tgame *const *g, size_t k)
{
    size_t total = 0;
    for (int every = 0; every <= 1; every++) {
        compound c = {.k = k, .every = every};
        size_t count = 1;
        unsigned t[MAX_SLOTS] = {0};
        for (size_t i = 0; i < k; i++) {
            c.g[i] = g[i];
            count *= states(g[i]);
            c.num[i] = malloc(states(g[i]) * sizeof *c.num[i]);
            assert_non_null(c.num[i]);
            for (unsigned s = 0; s < states(g[i]); s++) {
                c.num[i][s] = -1;
            }
            for (unsigned s = 0; s < states(g[i]); s++) {
                (void)number(g[i], s, every, c.num[i]);
            }
        }
        c.memo = calloc(count, 1);
        assert_non_null(c.memo);
        for (size_t x = 0; x < count; x++) {
            size_t y = x;
            for (size_t i = k; i-- > 0;) {
                t[i] = (unsigned)(y % states(g[i]));
                y /= states(g[i]);
            }
            for (y = 0; y < k && valid(g[y], t[y]); y++) {
            }
            if (y < k) {
                continue;
            }
            check_tuple(f, &c, t);
            total++;
        }
        free(c.memo);
        for (size_t i = 0; i < k; i++) {
            free(c.num[i]);
        }
    }
    return total;
}

static const tgame nim7 = {"nim", 0, 7, {0}, 0, K_NIM};
static const tgame bounded2 = {"bounded:2", 0, 9, {2}, 1, K_BOUNDED};
static const tgame bounded1 = {"bounded:1", 0, 6, {1}, 1, K_BOUNDED};
static const tgame sub134 = {"sub:1,3,4", 0, 11, {1, 3, 4}, 3, K_SUB};
static const tgame sub25 = {"sub:2,5", 0, 16, {2, 5}, 2, K_SUB};
static const tgame sub134_long = {"sub:1,3,4", 0, 60, {1, 3, 4}, 3, K_SUB};
static const tgame octal123 = {"octal:0.123", 0, 12, {1, 2, 3}, 3, K_OCTAL};
static const tgame euclid7 = {"euclid", 1, 7, {0}, 0, K_EUCLID};
static const tgame euclid4 = {"euclid", 1, 4, {0}, 0, K_EUCLID};
static const tgame euclid40 = {"euclid", 1, 40, {0}, 0, K_EUCLID};
static const tgame ferguson7 = {"ferguson", 1, 7, {0}, 0, K_FERGUSON};
static const tgame wythoff5 = {"wythoff", 1, 5, {0}, 0, K_WYTHOFF};

static void
test_nim(void **state)
{
    const tgame *g[] = {&nim7, &nim7, &nim7};
    assert_int_equal(check_all(*state, g, 3), 2 * 512);
}

static void
test_bounded(void **state)
{
    const tgame *g[] = {&bounded2, &bounded2, &bounded2};
    assert_int_equal(check_all(*state, g, 3), 2 * 1000);
}

/* sub:1,3,4 and sub:2,5 have heaps whose suspense number and remoteness
 * differ (heap 3 of sub:1,3,4: 3 and 1), so the search's two recursions
 * are both put to the test. */
static void
test_sub(void **state)
{
    const tgame *g3[] = {&sub134, &sub134, &sub134};
    const tgame *g2[] = {&sub25, &sub25};
    const tgame *g1[] = {&sub134_long};
    assert_int_equal(check_all(*state, g3, 3), 2 * 1728);
    assert_int_equal(check_all(*state, g2, 2), 2 * 289);
    assert_int_equal(check_all(*state, g1, 1), 2 * 61);
}

/* A code whose moves take a row whole (the row vanishes; the move's
 * position keeps it as an empty heap "0", so that a conjunctive compound
 * still sees the component that is over). */
static void
test_octal(void **state)
{
    const tgame *g[] = {&octal123, &octal123, &octal123};
    assert_int_equal(check_all(*state, g, 3), 2 * 13 * 13 * 13);
}

static void
test_euclid(void **state)
{
    const tgame *g2[] = {&euclid7, &euclid7};
    const tgame *g3[] = {&euclid4, &euclid4, &euclid4};
    const tgame *g1[] = {&euclid40};
    assert_int_equal(check_all(*state, g2, 2), 2 * 4096);
    assert_int_equal(check_all(*state, g3, 3), 2 * 15625);
    assert_int_equal(check_all(*state, g1, 1), 2 * 1681);
}

static void
test_wythoff(void **state)
{
    const tgame *g[] = {&wythoff5, &wythoff5};
    assert_int_equal(check_all(*state, g, 2), 2 * 1296);
}

/* A family whose components have a rule beyond their numbers (every
 * box holds at least 1), searched like wythoff. */
static void
test_ferguson(void **state)
{
    const tgame *g[] = {&ferguson7, &ferguson7};
    assert_int_equal(check_all(*state, g, 2), 2 * 49 * 49);
}

/* Sums of different games ('+' terms), where one compound's verdict
 * differs from the other's (nim 1 + bounded:1 2: remoteness 1 and 2,
 * suspense 1 and 2). */
static void
test_mixed(void **state)
{
    const tgame *g[] = {&nim7, &bounded1, &sub134};
    const tgame *h[] = {&sub25, &euclid4};
    assert_int_equal(check_all(*state, g, 3), 2 * 8 * 7 * 12);
    assert_int_equal(check_all(*state, h, 2), 2 * 17 * 25);
}

/* Positions where the largest suspense and the smallest remoteness give
 * different verdicts: the two games are not the same. */
static void
test_verdicts_differ(void **state)
{
    fixture *f = *state;
    uint64_t n = 0;
    fixture_solve_ok(f, "nim 1 + bounded:1 2", GRUNDY_CONJUNCTIVE);
    assert_true(grundy_result_win(f->res));
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_CONJUNCTIVE);
    assert_int_equal(n, 1);
    fixture_solve_ok(f, "nim 1 + bounded:1 2", GRUNDY_EVERY);
    assert_false(grundy_result_win(f->res));
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_EVERY);
    assert_int_equal(n, 2);
    /* Heap 3 of sub:1,3,4: remoteness 1 (take 3), suspense 3 (take 1,
     * and win slowly). */
    fixture_solve_ok(f, "sub:1,3,4 3", GRUNDY_CONJUNCTIVE);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_CONJUNCTIVE);
    assert_int_equal(n, 1);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "sub:1,3,4 0");
    fixture_solve_ok(f, "sub:1,3,4 3", GRUNDY_EVERY);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_EVERY);
    assert_int_equal(n, 3);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "sub:1,3,4 2");
    /* A plain sum is not a compound. */
    fixture_solve_ok(f, "nim 1 2", 0);
    assert_int_equal(grundy_result_compound(f->res, NULL), 0);
}

/* Closed forms on numbers far past any search: bounded's 2q + (r != 0)
 * and Euclid's fold over the quotients (Fibonacci neighbours lose). */
static void
test_large(void **state)
{
    fixture *f = *state;
    uint64_t n = 0;
    fixture_solve_ok(f, "bounded:3 18446744073709551615", GRUNDY_EVERY);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_EVERY);
    assert_int_equal(n, UINT64_C(9223372036854775807));
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "bounded:3 18446744073709551612");
    /* F(92)/F(91) < phi < F(93)/F(92) (Cassini's identity). */
    fixture_solve_ok(f, "euclid 7540113804746346429,4660046610375530309",
                     GRUNDY_CONJUNCTIVE);
    assert_false(grundy_result_win(f->res));
    fixture_solve_ok(f, "euclid 12200160415121876738,7540113804746346429",
                     GRUNDY_EVERY);
    assert_true(grundy_result_win(f->res));
    fixture_solve_ok(f, "nim 18446744073709551615 5", GRUNDY_CONJUNCTIVE);
    assert_true(grundy_result_win(f->res));
    assert_string_equal(grundy_result_move_position(f->res, 0), "nim 0 0");
}

/* ---- games whose moves split a heap ------------------------------------ */

/* A take-and-break game by its rules: octal or hex digits d0 d1 ...
 * (digit dk: bit 1 takes k from a heap of exactly k, bit 2 takes k and
 * leaves one non-empty heap, bit 4 takes k and leaves two, bit 8 takes k
 * and leaves three), or Grundy's game (split
 * a heap into two unequal non-empty heaps). In a position of the
 * compound a split heap's parts are components of their own, and a heap
 * taken whole stays as a finished component 0. */
typedef struct bgame {
    const char *spec;
    int grundy;
    unsigned char digit[16];
    size_t ndigit;
} bgame;

#define B_HEAPS 40        /* heaps a position of the search may hold */
#define B_OPTS 64
#define B_SLOTS ((size_t)1 << 20)

/* An option of one heap: the parts it leaves (none: taken whole). */
typedef struct bopt {
    unsigned n;
    unsigned h[3];
} bopt;

static size_t
boptions(const bgame *g, unsigned a, bopt *out)
{
    size_t n = 0;
    if (g->grundy) {
        for (unsigned x = 1; 2 * x < a; x++) {
            out[n++] = (bopt){2, {x, a - x, 0}};
        }
        return n;
    }
    for (unsigned k = 0; k < g->ndigit && k <= a; k++) {
        unsigned d = g->digit[k], r = a - k;
        if ((d & 1) && r == 0 && k > 0) {
            out[n++] = (bopt){0, {0, 0, 0}};
        }
        if ((d & 2) && r > 0 && k > 0) {
            out[n++] = (bopt){1, {r, 0, 0}};
        }
        for (unsigned x = 1; (d & 4) && 2 * x <= r; x++) {
            out[n++] = (bopt){2, {x, r - x, 0}};
        }
        for (unsigned x = 1; (d & 8) && 3 * x <= r; x++) {
            for (unsigned y = x; 2 * y <= r - x; y++) {
                out[n++] = (bopt){3, {x, y, r - x - y}};
            }
        }
    }
    assert_true(n <= B_OPTS);
    return n;
}

/* A position of the search: its heaps, sorted, largest first; a heap
 * of the second game of a mixed position carries B_TAG. */
#define B_TAG 128u
typedef struct bpos {
    unsigned n;
    unsigned char h[B_HEAPS];
} bpos;

static int
cmp_desc(const void *a, const void *b)
{
    return (int)*(const unsigned char *)b - (int)*(const unsigned char *)a;
}

/* The literal search's memo (open addressing over sorted positions). */
typedef struct bsrch {
    const bgame *g[2];   /* the games of untagged and tagged heaps */
    int every;
    bpos *key;
    unsigned char *win;    /* 0 empty, 1 the mover loses, 2 wins */
} bsrch;

static size_t
bslot(const bsrch *s, const bpos *p)
{
    uint64_t h = 1469598103934665603u ^ p->n;
    size_t at;
    for (unsigned i = 0; i < p->n; i++) {
        h = (h ^ p->h[i]) * 1099511628211u;
    }
    at = (size_t)(h & (B_SLOTS - 1));
    while (s->win[at] != 0 && (s->key[at].n != p->n ||
                               memcmp(s->key[at].h, p->h, p->n) != 0)) {
        at = (at + 1) & (B_SLOTS - 1);
    }
    return at;
}

static int bwin(bsrch *s, const bpos *p);

/* The options of heap h (tagged or not) by its own game's rules. */
static size_t
bheap_options(const bsrch *s, unsigned h, bopt *out)
{
    return boptions(s->g[h / B_TAG], h % B_TAG, out);
}

/* 1 when some move of the rules from p, whose heaps i.. choose next
 * (options o, counts no), leaves a loss; q holds the choices so far. */
static int
bmove(bsrch *s, const bpos *p, bopt (*o)[B_OPTS], const size_t *no,
      unsigned i, const bpos *q)
{
    if (i == p->n) {
        bpos r = *q;
        qsort(r.h, r.n, 1, cmp_desc);
        return !bwin(s, &r);
    }
    if (no[i] == 0) {
        bpos r = *q;
        r.h[r.n++] = p->h[i];   /* Every-SG: it has no move and stays */
        return bmove(s, p, o, no, i + 1, &r);
    }
    for (size_t j = 0; j < no[i]; j++) {
        bpos r = *q;
        unsigned tag = p->h[i] & B_TAG;
        if (o[i][j].n == 0) {
            r.h[r.n++] = (unsigned char)tag;
        }
        for (unsigned x = 0; x < o[i][j].n; x++) {
            r.h[r.n++] = (unsigned char)(tag | o[i][j].h[x]);
        }
        assert_true(r.n <= B_HEAPS);
        if (bmove(s, p, o, no, i + 1, &r)) {
            return 1;
        }
    }
    return 0;
}

/* 1 when the mover wins p: Every-SG moves every heap with a move and
 * ends when none has one; the conjunctive compound moves every heap and
 * ends when one has none. */
static int
bwin(bsrch *s, const bpos *p)
{
    static bopt o[B_HEAPS][B_OPTS];
    bopt (*mine)[B_OPTS];
    size_t no[B_HEAPS], live = 0, at = bslot(s, p);
    bpos q = {0};
    int win;
    if (s->win[at] != 0) {
        return s->win[at] == 2;
    }
    for (unsigned i = 0; i < p->n; i++) {
        no[i] = bheap_options(s, p->h[i], o[i]);
        live += no[i] > 0;
    }
    if (s->every ? live == 0 : live < p->n) {
        win = 0;
    } else {
        /* The options of the deeper searches overwrite o: keep ours. */
        mine = malloc(p->n * sizeof *mine);
        assert_non_null(mine);
        memcpy(mine, o, p->n * sizeof *mine);
        win = bmove(s, p, mine, no, 0, &q);
        free(mine);
    }
    at = bslot(s, p);   /* the table moved on meanwhile */
    s->key[at] = *p;
    s->win[at] = win ? 2 : 1;
    return win;
}

/* The number of heap a by the rule of docs/theory.md 9: an option's is
 * the largest suspense number (smallest remoteness) of its parts, 0 for
 * a heap taken whole; then the recursion of Winning Ways ch. 9. */
static long
bnumber(const bgame *g, unsigned a, int every, long *memo)
{
    bopt o[B_OPTS];
    size_t n;
    long even = -1, any = -1;
    if (memo[a] >= 0) {
        return memo[a];
    }
    n = boptions(g, a, o);
    for (size_t i = 0; i < n; i++) {
        long x = 0;
        for (unsigned j = 0; j < o[i].n; j++) {
            long y = bnumber(g, o[i].h[j], every, memo);
            if (j == 0 || (every ? y > x : y < x)) {
                x = y;
            }
        }
        if (x % 2 == 0 && (even < 0 || (every ? x > even : x < even))) {
            even = x;
        }
        if (any < 0 || (every ? x < any : x > any)) {
            any = x;
        }
    }
    memo[a] = n == 0 ? 0 : 1 + (even >= 0 ? even : any);
    return memo[a];
}

/* 1 when the heaps of u (sorted) are what a move of the rules leaves
 * from heaps i.. of p: each heap replaced by one of its options' parts
 * (0 for one taken whole), or kept when it has none in Every-SG. */
static int
blegal(const bsrch *s, const bpos *p, unsigned i, bpos u)
{
    bopt o[B_OPTS];
    size_t no;
    if (i == p->n) {
        return u.n == 0;
    }
    no = bheap_options(s, p->h[i], o);
    if (no == 0) {
        o[0] = (bopt){1, {p->h[i] % B_TAG, 0, 0}};
        if (!s->every) {
            return 0;
        }
        no = 1;
    }
    for (size_t j = 0; j < no; j++) {
        bpos r = u;
        unsigned tag = p->h[i] & B_TAG;
        unsigned want[3] = {tag | o[j].h[0], tag | o[j].h[1],
                            tag | o[j].h[2]};
        unsigned k = o[j].n ? o[j].n : 1;
        unsigned x;
        for (x = 0; x < k; x++) {
            unsigned y;
            for (y = 0; y < r.n && r.h[y] != want[x]; y++) {
            }
            if (y == r.n) {
                break;
            }
            memmove(r.h + y, r.h + y + 1, r.n - y - 1);
            r.n--;
        }
        if (x == k && blegal(s, p, i + 1, r)) {
            return 1;
        }
    }
    return 0;
}

/* The heaps a move's position text names, sorted (those after '+'
 * tagged). */
static bpos
bparse(const char *text)
{
    char buf[512], *tok;
    bpos p = {0};
    unsigned tag = 0;
    snprintf(buf, sizeof buf, "%s", text);
    for (tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " ")) {
        unsigned a;
        if (strcmp(tok, "+") == 0) {
            tag = B_TAG;
        }
        if (tok[0] < '0' || tok[0] > '9') {
            continue;
        }
        assert_int_equal(sscanf(tok, "%u", &a), 1);
        assert_true(p.n < B_HEAPS && a < B_TAG);
        p.h[p.n++] = (unsigned char)(tag | a);
    }
    qsort(p.h, p.n, 1, cmp_desc);
    return p;
}

/* Checks position p (heaps of both games present when mixed) with the
 * library against the search; num[t][a]: heap a's number in game t. */
static void
bcheck(fixture *f, bsrch *s, long (*num)[B_TAG], const bpos *p)
{
    char text[256], *at = text;
    const char *kind = s->every ? "every" : "conjunctive";
    long want = 0;
    int win = bwin(s, p);
    bpos u;

    for (unsigned t = 0; t < 2 && s->g[t] != NULL; t++) {
        at += sprintf(at, "%s%s", t > 0 ? " + " : "", s->g[t]->spec);
        for (unsigned i = 0; i < p->n; i++) {
            if (p->h[i] / B_TAG == t) {
                at += sprintf(at, " %u", p->h[i] % B_TAG);
            }
        }
    }
    for (unsigned i = 0; i < p->n; i++) {
        long x = num[p->h[i] / B_TAG][p->h[i] % B_TAG];
        if (i == 0 || (s->every ? x > want : x < want)) {
            want = x;
        }
    }
    fixture_check_compound(f, text,
                           s->every ? GRUNDY_EVERY : GRUNDY_CONJUNCTIVE,
                           want, win);
    if (!win) {
        return;
    }
    u = bparse(grundy_result_move_position(f->res, 0));
    if (!blegal(s, p, 0, u) || bwin(s, &u)) {
        fail_msg("%s (%s): the move to %s is %s", text, kind,
                 grundy_result_move_position(f->res, 0),
                 blegal(s, p, 0, u) ? "not winning" : "not legal");
    }
}

/* Every position of 1 heap up to max1, 2 up to max2 and 3 up to max3
 * (heaps from 0, largest first), in both compounds; how many checked. */
static size_t
bcheck_all(fixture *f, const bgame *g, unsigned max1, unsigned max2,
           unsigned max3)
{
    size_t total = 0;
    for (int every = 0; every <= 1; every++) {
        bsrch s = {{g, NULL}, every, calloc(B_SLOTS, sizeof(bpos)),
                   calloc(B_SLOTS, 1)};
        long num[2][B_TAG];
        assert_true(s.key != NULL && s.win != NULL);
        for (unsigned a = 0; a < B_TAG; a++) {
            num[0][a] = num[1][a] = -1;
        }
        for (unsigned a = 0; a <= max1; a++) {
            bpos p = {1, {(unsigned char)a}};
            (void)bnumber(g, a, every, num[0]);
            bcheck(f, &s, num, &p);
            total++;
        }
        for (unsigned a = 0; a <= max2; a++) {
            for (unsigned b = 0; b <= a; b++) {
                bpos p = {2, {(unsigned char)a, (unsigned char)b}};
                bcheck(f, &s, num, &p);
                total++;
            }
        }
        for (unsigned a = 0; a <= max3; a++) {
            for (unsigned b = 0; b <= a; b++) {
                for (unsigned c = 0; c <= b; c++) {
                    bpos p = {3, {(unsigned char)a, (unsigned char)b,
                                  (unsigned char)c}};
                    bcheck(f, &s, num, &p);
                    total++;
                }
            }
        }
        free(s.key);
        free(s.win);
    }
    return total;
}

/* Every position of one or two heaps of g0 and one of g1 (written
 * "g0 ... + g1 ..."), heaps up to max, in both compounds: the parts of
 * a split stay in their own game's term. How many checked. */
static size_t
bcheck_mixed(fixture *f, const bgame *g0, const bgame *g1, unsigned max)
{
    size_t total = 0;
    for (int every = 0; every <= 1; every++) {
        bsrch s = {{g0, g1}, every, calloc(B_SLOTS, sizeof(bpos)),
                   calloc(B_SLOTS, 1)};
        long num[2][B_TAG];
        assert_true(s.key != NULL && s.win != NULL);
        for (unsigned a = 0; a < B_TAG; a++) {
            num[0][a] = num[1][a] = -1;
        }
        for (unsigned a = 0; a <= max; a++) {
            (void)bnumber(g0, a, every, num[0]);
            (void)bnumber(g1, a, every, num[1]);
        }
        for (unsigned c = 0; c <= max; c++) {
            for (unsigned a = 0; a <= max; a++) {
                bpos p = {2, {(unsigned char)(B_TAG | c), (unsigned char)a}};
                bcheck(f, &s, num, &p);
                total++;
                for (unsigned b = 0; b <= a; b++) {
                    bpos q = {3, {(unsigned char)(B_TAG | c),
                                  (unsigned char)a, (unsigned char)b}};
                    bcheck(f, &s, num, &q);
                    total++;
                }
            }
        }
        free(s.key);
        free(s.win);
    }
    return total;
}

static const bgame kayles_g = {"kayles", 0, {0, 7, 7}, 3};
static const bgame dawson_g = {"dawson", 0, {0, 0, 7}, 3};
static const bgame lasker_g = {"lasker", 0, {4, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                             3, 3, 3, 3, 3, 3}, 16};
static const bgame grundy_g = {"grundy", 1, {0}, 0};
static const bgame stripes2_g = {"stripes:2", 0, {0, 0, 7}, 3};
static const bgame o137_g = {"octal:0.137", 0, {0, 1, 3, 7}, 4};
static const bgame o6_g = {"octal:0.6", 0, {0, 6}, 2};
static const bgame o4_3_g = {"octal:4.3", 0, {4, 3}, 2};
static const bgame hF_g = {"hex:0.F", 0, {0, 15}, 2};
static const bgame h8C_g = {"hex:8.C", 0, {8, 12}, 2};

/* Games whose moves split a heap: the parts become components of the
 * compound, and the literal search over multisets of heaps is the
 * judge of the rule (an option's number is its parts' largest suspense
 * number, smallest remoteness). */
static void
test_split(void **state)
{
    const bgame *g[] = {&kayles_g, &dawson_g, &lasker_g, &grundy_g,
                        &stripes2_g, &o137_g, &o6_g, &o4_3_g, &hF_g, &h8C_g};
    for (size_t i = 0; i < sizeof g / sizeof *g; i++) {
        /* 13 + 66 + 120 positions, in both compounds. */
        assert_int_equal(bcheck_all(*state, g[i], 12, 10, 7),
                         2 * (13 + 66 + 120));
    }
}

/* Sums of two splitting games, each term searched with its own memo. */
static void
test_split_mixed(void **state)
{
    /* 9 heaps of g1 times (9 + 45) of g0, in both compounds. */
    assert_int_equal(bcheck_mixed(*state, &kayles_g, &grundy_g, 8),
                     2 * 9 * 54);
    assert_int_equal(bcheck_mixed(*state, &dawson_g, &hF_g, 8), 2 * 9 * 54);
    assert_int_equal(bcheck_mixed(*state, &lasker_g, &o137_g, 8),
                     2 * 9 * 54);
}

/* A split's parts are shown as heaps of their own, next to the other
 * components' moves; the games refused before are answered. */
static void
test_split_text(void **state)
{
    fixture *f = *state;
    uint64_t n = 0;
    fixture_solve_ok(f, "kayles 7 3", GRUNDY_EVERY);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_EVERY);
    assert_int_equal(n, 3);
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "kayles 3 3 2");
    fixture_solve_ok(f, "grundy 7", GRUNDY_CONJUNCTIVE);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_CONJUNCTIVE);
    assert_int_equal(n, 1);
    assert_string_equal(grundy_result_move_position(f->res, 0), "grundy 1 6");
    fixture_solve_ok(f, "stripes:2 4 5", GRUNDY_CONJUNCTIVE);
    assert_true(grundy_result_win(f->res));
    fixture_solve_ok(f, "sub:1,2 4 + kayles 5", GRUNDY_EVERY);
    assert_int_equal(grundy_result_compound(f->res, &n), GRUNDY_EVERY);
}

static void
expect_error(fixture *f, const char *text, unsigned flags,
             grundy_status want, const char *words)
{
    grundy_error err;
    grundy_status st = fixture_solve(f, text, flags, &err);
    if (st != want || strstr(err.message, words) == NULL) {
        fail_msg("%s: status %d, message '%s'; want %d with '%s'", text,
                 (int)st, st != GRUNDY_OK ? err.message : "", (int)want,
                 words);
    }
    assert_true(strlen(err.message) < 511);
}

static void
test_refused(void **state)
{
    fixture *f = *state;
    expect_error(f, "mock 3 5", GRUNDY_EVERY, GRUNDY_EUNSUPPORTED,
                 "set of coins");
    expect_error(f, "sub:1,2 @5", GRUNDY_EVERY, GRUNDY_EUNSUPPORTED,
                 "rings");
    expect_error(f, "nim 3 4", GRUNDY_EVERY | GRUNDY_MISERE,
                 GRUNDY_EUNSUPPORTED, "misere");
    expect_error(f, "nim 3 4", GRUNDY_CONJUNCTIVE | GRUNDY_ALL_MOVES,
                 GRUNDY_EUNSUPPORTED, "one is shown");
    expect_error(f, "nim 3 4", GRUNDY_CONJUNCTIVE | GRUNDY_EVERY,
                 GRUNDY_EUNSUPPORTED, "two different games");
    expect_error(f, "nim 100000000000000000000", GRUNDY_EVERY,
                 GRUNDY_EUNSUPPORTED, "beyond 2^64 - 1");
}

/* A search past the memory limit fails with the limit named, and a
 * small one goes through under it. */
static void
test_limits(void **state)
{
    fixture *f = *state;
    grundy_ctx_set_memory_limit(f->ctx, (size_t)1 << 20);
    expect_error(f, "sub:1,3,4 10000000", GRUNDY_EVERY, GRUNDY_ELIMIT,
                 "memory limit");
    fixture_solve_ok(f, "sub:1,3,4 1000", GRUNDY_EVERY);
    grundy_ctx_set_work_limit(f->ctx, 1000);
    expect_error(f, "sub:1,3,4 5000", GRUNDY_CONJUNCTIVE, GRUNDY_ELIMIT,
                 "work limit");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_nim, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_bounded, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sub, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_octal, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_euclid, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_wythoff, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_ferguson, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_mixed, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_verdicts_differ, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_large, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_split, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_split_mixed, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_split_text, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_refused, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_limits, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
