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
 * checked; then refusals and errors.
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
    uint64_t got = 0;
    long want = 0;
    int win = literal_win(c, t);
    unsigned flag = c->every ? GRUNDY_EVERY : GRUNDY_CONJUNCTIVE;

    tuple_text(c, t, text);
    fixture_solve_ok(f, text, flag);
    for (size_t i = 0; i < c->k; i++) {
        long x = c->num[i][t[i]];
        if (i == 0 || (c->every ? x > want : x < want)) {
            want = x;
        }
    }
    /* The theory against the rules: the deciding number's parity is the
     * literal outcome. */
    if ((want % 2 == 1) != win) {
        fail_msg("%s (%s): the literal search says %s, the number %ld",
                 text, c->every ? "every" : "conjunctive",
                 win ? "win" : "lose", want);
    }
    assert_int_equal(grundy_result_compound(f->res, &got), flag);
    if (got != (uint64_t)want || grundy_result_win(f->res) != win) {
        fail_msg("%s (%s): got %s %llu, want %s %ld", text,
                 c->every ? "every" : "conjunctive",
                 grundy_result_win(f->res) ? "win" : "lose",
                 (unsigned long long)got, win ? "win" : "lose", want);
    }
    assert_int_equal(grundy_result_sg(f->res, NULL), 0);
    assert_int_equal(grundy_result_move_count(f->res), win ? 1 : 0);
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
    expect_error(f, "kayles 5", GRUNDY_EVERY, GRUNDY_EUNSUPPORTED,
                 "split a heap");
    expect_error(f, "stripes:2 4 5", GRUNDY_CONJUNCTIVE, GRUNDY_EUNSUPPORTED,
                 "split a heap");
    expect_error(f, "grundy 7", GRUNDY_CONJUNCTIVE, GRUNDY_EUNSUPPORTED,
                 "never split");
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
        cmocka_unit_test_setup_teardown(test_refused, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_limits, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
