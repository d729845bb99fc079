/*
 * test_misere.c - the exhaustive misere search (used where no misere rule
 * is known) against the misere Nim rule on nim/bounded sums, which
 * test_nim checks against a literal game-tree search; the search cut
 * short by a partly built misere quotient, and whole misere solves of
 * wild games (Dawson's Kayles rows to 40), against a literal game-tree
 * search by the octal rules written here; and the search's bound.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "misere.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
parse(grundy_ctx *ctx, grundy_position *pos, const char *text)
{
    grundy_error err;
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, strlen(text),
                                           &err), GRUNDY_OK);
}

/* res emptied by a trivial solve, so that a direct call can fill it. */
static void
reset_result(grundy_result *res)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *none = grundy_position_new();
    grundy_error err;
    parse(ctx, none, "nim 1 1");
    assert_int_equal(grundy_solve(ctx, none, 0, res, &err), GRUNDY_OK);
    grundy_position_free(none);
    grundy_ctx_free(ctx);
}

/* Runs the search directly on pos, all moves into res, skipping the
 * components flagged in repeats (NULL: none). */
static grundy_status
search(const grundy_position *pos, const unsigned char *repeats,
       grundy_result *res, int all, int *win, grundy_error *err)
{
    move_sink sink = {res, pos, all, 0, NULL, NULL, SIZE_MAX, NULL, 0, 0,
                      NULL};
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *none = grundy_position_new();
    /* Reset res through a trivial solve, then search. */
    parse(ctx, none, "nim 1 1");
    assert_int_equal(grundy_solve(ctx, none, 0, res, err), GRUNDY_OK);
    grundy_position_free(none);
    grundy_ctx_free(ctx);
    return misere_search(pos, repeats, &sink, win, err);
}

static void
test_search_matches_misere_nim_rule(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *rule = grundy_result_new();
    grundy_result *found = grundy_result_new();
    uint64_t seed = 777;
    grundy_error err;
    (void)state;
    for (int trial = 0; trial < 1500; trial++) {
        char text[128];
        size_t at = 0;
        int k = 1 + (int)brute_below(&seed, 4), win;
        for (int i = 0; i < k; i++) {
            unsigned m = (unsigned)brute_below(&seed, 4);
            unsigned n = (unsigned)brute_below(&seed, 7);
            /* --all lists the moves of equal components each (interface:
             * `--all nim 1 1 1` lists three): the search skips none. */
            at += (size_t)(m == 0
                ? snprintf(text + at, sizeof text - at, "%snim %u",
                           i > 0 ? " + " : "", n)
                : snprintf(text + at, sizeof text - at, "%sbounded:%u %u",
                           i > 0 ? " + " : "", m, n));
        }
        parse(ctx, pos, text);
        assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE |
                                      GRUNDY_ALL_MOVES, rule, &err),
                         GRUNDY_OK);
        assert_int_equal(search(pos, NULL, found, 1, &win, &err), GRUNDY_OK);
        assert_int_equal(win, grundy_result_win(rule));
        assert_int_equal(grundy_result_move_count(found),
                         grundy_result_move_count(rule));
        for (size_t i = 0; i < grundy_result_move_count(found); i++) {
            int same = 0;
            for (size_t j = 0; j < grundy_result_move_count(rule); j++) {
                same |= strcmp(grundy_result_move_position(found, i),
                               grundy_result_move_position(rule, j)) == 0;
            }
            assert_true(same);
        }
    }
    grundy_result_free(found);
    grundy_result_free(rule);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* Past the documented bound the search stops with a message, no guess. */
static void
test_search_bound(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    int win = -1;
    (void)state;
    parse(ctx, pos, "nim 60 61 62 63 64");
    assert_int_equal(search(pos, NULL, res, 0, &win, &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "200000 positions"));
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* The levels of the search count against the memory limit: a sum of
 * 20,000 Euclid pairs is a key of some 500 KB a level, and the first
 * move on each pair is a level of its own (20,000 deep). Refused on the
 * memory limit (not the position bound after gigabytes: 1.7 GB at
 * --memory 8M before the path counted). */
static void
test_search_path_memory(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    size_t n = 20000, len = 0;
    char *text = malloc(8 + 4 * n);
    (void)state;
    assert_non_null(text);
    len += (size_t)sprintf(text, "euclid");
    for (size_t i = 0; i < n; i++) {
        len += (size_t)sprintf(text + len, " 2,1");
    }
    grundy_ctx_set_memory_limit(ctx, (size_t)8 << 20);
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, len, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE, res, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_non_null(strstr(err.message, "memory limit"));
    free(text);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* ---- a literal reference: octal games by their rules ------------------- */

/*
 * An octal code d0.d1d2...: removing k stones from a heap of n is allowed
 * when digit dk has bit 1 and k = n (the heap goes), bit 2 and k < n (one
 * heap of n - k stays), bit 4 and n - k >= 2 (two non-empty heaps of n - k
 * in all stay). A position is a multiset of heaps, kept sorted; the
 * misere outcome is the definition: the player to move wins when there
 * is no move, or when some move leaves a position the opponent loses.
 * Nothing is left out or merged (heaps with no move stay).
 */
#define REF_MAX_PARTS 48
#define REF_TABLE (1u << 20)

typedef struct ref_game {
    unsigned d[8];
    size_t nd;
    unsigned char *keys;   /* REF_TABLE slots of REF_MAX_PARTS + 2 bytes:
                            * [used + 1 + win, n, parts...] */
} ref_game;

static void
ref_init(ref_game *r, const char *code)
{
    const char *dot = strchr(code, '.');
    r->nd = 0;
    r->d[r->nd++] = (unsigned)(code[0] - '0');
    for (const char *c = dot + 1; *c != '\0'; c++) {
        r->d[r->nd++] = (unsigned)(*c - '0');
    }
    r->keys = calloc(REF_TABLE, REF_MAX_PARTS + 2);
    assert_non_null(r->keys);
}

static int ref_win(ref_game *r, const unsigned char *h, size_t n);

/* The outcome for the player to move after heap i of h becomes the parts
 * a (and b when two): 1 when the opponent, to move there, wins. */
static int
ref_child(ref_game *r, const unsigned char *h, size_t n, size_t i,
          unsigned a, unsigned b, int two)
{
    unsigned char c[REF_MAX_PARTS];
    size_t m = 0;
    for (size_t j = 0; j < n; j++) {
        if (j != i) {
            c[m++] = h[j];
        }
    }
    if (a > 0) {
        c[m++] = (unsigned char)a;
    }
    if (two) {
        c[m++] = (unsigned char)b;
    }
    assert_true(m <= REF_MAX_PARTS);
    for (size_t x = 1; x < m; x++) {       /* insertion sort */
        unsigned char v = c[x];
        size_t y = x;
        while (y > 0 && c[y - 1] > v) {
            c[y] = c[y - 1];
            y--;
        }
        c[y] = v;
    }
    return ref_win(r, c, m);
}

static int
ref_win(ref_game *r, const unsigned char *h, size_t n)
{
    uint64_t hash = 1469598103934665603u ^ n;
    unsigned char *slot;
    int win = 0, moved = 0;
    for (size_t i = 0; i < n; i++) {
        hash = (hash ^ h[i]) * 1099511628211u;
    }
    for (size_t at = (size_t)(hash % REF_TABLE);; at = (at + 1) % REF_TABLE) {
        slot = r->keys + at * (REF_MAX_PARTS + 2);
        if (slot[0] == 0) {
            break;
        }
        if (slot[1] == n && memcmp(slot + 2, h, n) == 0) {
            return slot[0] - 1;
        }
    }
    for (size_t i = 0; i < n && !win; i++) {
        unsigned v = h[i];
        if (i > 0 && h[i - 1] == v) {
            continue;   /* the same heap again: the same children */
        }
        for (unsigned k = 0; k < r->nd && k <= v && !win; k++) {
            unsigned d = r->d[k];
            if ((d & 1) && k == v) {
                moved = 1;
                win |= !ref_child(r, h, n, i, 0, 0, 0);
            }
            if ((d & 2) && k < v) {
                moved = 1;
                win |= !ref_child(r, h, n, i, v - k, 0, 0);
            }
            for (unsigned a = 1; (d & 4) && 2 * a <= v - k && !win; a++) {
                moved = 1;
                win |= !ref_child(r, h, n, i, a, v - k - a, 1);
            }
        }
    }
    win |= !moved;
    slot[0] = (unsigned char)(1 + win);
    slot[1] = (unsigned char)n;
    memcpy(slot + 2, h, n);
    return win;
}

/* The reference's outcome of the heaps written in text after its first
 * word (a position or a move's result "dawson 1 10 14"). */
static int
ref_text(ref_game *r, const char *text)
{
    unsigned char h[REF_MAX_PARTS];
    size_t n = 0;
    const char *p = strchr(text, ' ');
    while (p != NULL && *p != '\0') {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p) {
            break;
        }
        assert_true(n < REF_MAX_PARTS && v < 256);
        if (v > 0) {
            h[n++] = (unsigned char)v;
        }
        p = end;
    }
    for (size_t x = 1; x < n; x++) {
        unsigned char v = h[x];
        size_t y = x;
        while (y > 0 && h[y - 1] > v) {
            h[y] = h[y - 1];
            y--;
        }
        h[y] = v;
    }
    return ref_win(r, h, n);
}

/* The number of different positions the winning moves of the heaps in
 * text leave (as multisets), by the reference. */
static size_t
ref_winning_children(ref_game *r, const char *text, char (*seen)[160],
                     size_t cap)
{
    unsigned v[8];
    size_t n = 0, found = 0;
    const char *p = strchr(text, ' ');
    while (p != NULL && *p != '\0' && n < 8) {
        char *end;
        v[n] = (unsigned)strtoul(p, &end, 10);
        if (end == p) {
            break;
        }
        n++;
        p = end;
    }
    for (size_t i = 0; i < n; i++) {
        for (unsigned k = 0; k < r->nd && k <= v[i]; k++) {
            unsigned d = r->d[k], rest = v[i] - k;
            for (unsigned a = 0; a <= rest; a++) {
                unsigned b = rest - a;
                int legal = (a == 0 && b == 0 && (d & 1)) ||
                            (a == 0 && b > 0 && (d & 2)) ||
                            (a > 0 && a <= b && (d & 4));
                unsigned w[9];
                size_t m = 0, len = 0;
                char key[160];
                if (!legal) {
                    continue;
                }
                for (size_t j = 0; j < n; j++) {
                    if (j != i && v[j] > 0) {
                        w[m++] = v[j];
                    }
                }
                if (a > 0) {
                    w[m++] = a;
                }
                if (b > 0) {
                    w[m++] = b;
                }
                for (size_t x = 1; x < m; x++) {
                    unsigned t = w[x];
                    size_t y = x;
                    while (y > 0 && w[y - 1] > t) {
                        w[y] = w[y - 1];
                        y--;
                    }
                    w[y] = t;
                }
                len += (size_t)snprintf(key, sizeof key, "x");
                for (size_t j = 0; j < m; j++) {
                    len += (size_t)snprintf(key + len, sizeof key - len,
                                            " %u", w[j]);
                }
                if (ref_text(r, key)) {
                    continue;   /* the opponent wins there */
                }
                {
                    size_t f = 0;
                    while (f < found && strcmp(seen[f], key) != 0) {
                        f++;
                    }
                    if (f == found && found < cap) {
                        snprintf(seen[found++], 160, "%s", key);
                    }
                }
            }
        }
    }
    return found;
}

/* A move's resulting position as the reference writes its keys. */
static void
canonical_text(const char *text, char *out, size_t cap)
{
    unsigned w[64];
    size_t m = 0, len;
    const char *p = strchr(text, ' ');
    while (p != NULL && *p != '\0' && m < 64) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p) {
            break;
        }
        if (v > 0) {
            w[m++] = (unsigned)v;
        }
        p = end;
    }
    for (size_t x = 1; x < m; x++) {
        unsigned t = w[x];
        size_t y = x;
        while (y > 0 && w[y - 1] > t) {
            w[y] = w[y - 1];
            y--;
        }
        w[y] = t;
    }
    len = (size_t)snprintf(out, cap, "x");
    for (size_t j = 0; j < m; j++) {
        len += (size_t)snprintf(out + len, cap - len, " %u", w[j]);
    }
}

/* The answer res gives for text (outcome win) against the reference: the
 * same outcome, every move leaves a position the reference says the
 * opponent loses, and with all set the moves leave exactly the positions
 * the reference's winning moves leave. */
static void
assert_matches_rules(ref_game *r, const char *text, int win,
                     const grundy_result *res, int all)
{
    static char want[4096][160];
    size_t nwant;
    if (win != ref_text(r, text)) {
        fail_msg("%s: %s, by the rules %s", text, win ? "win" : "lose",
                 win ? "lose" : "win");
    }
    for (size_t i = 0; i < grundy_result_move_count(res); i++) {
        const char *to = grundy_result_move_position(res, i);
        if (ref_text(r, to)) {
            fail_msg("%s: the move to '%s' leaves a win", text, to);
        }
    }
    nwant = ref_winning_children(r, text, want, 4096);
    if (nwant > 0) {
        assert_true(grundy_result_move_count(res) > 0);
    }
    if (!all) {
        return;
    }
    for (size_t j = 0; j < nwant; j++) {
        int found = 0;
        for (size_t i = 0; i < grundy_result_move_count(res) && !found; i++) {
            char key[160];
            canonical_text(grundy_result_move_position(res, i), key,
                           sizeof key);
            found = strcmp(key, want[j]) == 0;
        }
        if (!found) {
            fail_msg("%s: the winning move to '%s' is missing", text,
                     want[j]);
        }
    }
}

/* The search with a quotient built only to heap n, on positions whose
 * heaps go past it (so it searches some positions and judges the rest
 * by the quotient), and the plain search: both against the rules, on
 * wild and tame codes. */
static void
test_search_known_matches_rules(void **state)
{
    static const char *const codes[][2] = {
        {"dawson", "0.07"}, {"octal:0.6", "0.6"}, {"octal:0.57", "0.57"},
        {"kayles", "0.77"}, {"octal:0.137", "0.137"}, {"octal:4.7", "4.7"},
    };
    uint64_t seed = 20261126;
    size_t compared = 0, judged_part = 0;
    (void)state;
    for (size_t g = 0; g < sizeof codes / sizeof codes[0]; g++) {
        ref_game r;
        ref_init(&r, codes[g][1]);
        for (uint64_t n = 0; n <= 12; n += 4) {
            grundy_ctx *ctx = grundy_ctx_new();
            grundy_position *pos = grundy_position_new();
            grundy_result *res = grundy_result_new();
            grundy_game *game;
            misere_cache *mc;
            grundy_error err;
            assert_int_equal(grundy_game_parse(ctx, codes[g][0],
                                               strlen(codes[g][0]), &game,
                                               &err), GRUNDY_OK);
            assert_int_equal(misere_q_build(&game, 1, &n, &mc, &err),
                             GRUNDY_OK);
            grundy_game_free(game);   /* the context keeps it */
            for (int trial = 0; trial < 25; trial++) {
                char text[96];
                size_t at = (size_t)snprintf(text, sizeof text, "%s",
                                             codes[g][0]);
                int k = 1 + (int)brute_below(&seed, 3), win, big = 0;
                unsigned top = k == 1 ? 22 : k == 2 ? 14 : 10;
                for (int i = 0; i < k; i++) {
                    unsigned v = (unsigned)brute_below(&seed, top + 1);
                    big |= v > n;
                    at += (size_t)snprintf(text + at, sizeof text - at,
                                           " %u", v);
                }
                parse(ctx, pos, text);
                assert_ptr_equal(misere_q_peek(pos), mc);
                for (int all = 0; all <= 1; all++) {
                    move_sink sink = {res, pos, all, 0, NULL, NULL,
                                      SIZE_MAX, NULL, 0, 0, NULL};
                    reset_result(res);
                    assert_int_equal(misere_search_known(pos, NULL, mc,
                                                         &sink, &win, &err),
                                     GRUNDY_OK);
                    assert_matches_rules(&r, text, win, res, all);
                    assert_int_equal(search(pos, NULL, res, all, &win,
                                            &err), GRUNDY_OK);
                    assert_matches_rules(&r, text, win, res, all);
                    compared++;
                }
                judged_part += (size_t)big;
            }
            grundy_result_free(res);
            grundy_position_free(pos);
            grundy_ctx_free(ctx);
        }
        free(r.keys);
    }
    assert_true(compared >= 1000);
    assert_true(judged_part >= 200);
}

/* Whole misere solves of Dawson's Kayles rows 20 to 40 and a few sums in
 * one context, as the command does them: the quotient is built in quick
 * steps (it stops at heap 25, which takes a second to join), the
 * rest is searched with it; every answer, and every winning move with
 * --all, against the rules. Before, a row of 34 or more waited a minute
 * for the quotient to give up. */
static void
test_dawson_rows_by_rules(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    ref_game r;
    static const char *const sums[] = {
        "dawson 27 5", "dawson 30 2 3", "dawson 31 9 1", "dawson 26 26",
        "dawson 29 14", "dawson 34 3 3",
    };
    (void)state;
    ref_init(&r, "0.07");
    for (unsigned n = 20; n <= 40 + sizeof sums / sizeof sums[0]; n++) {
        char text[64];
        grundy_error err;
        if (n <= 40) {
            snprintf(text, sizeof text, "dawson %u", n);
        } else {
            snprintf(text, sizeof text, "%s", sums[n - 41]);
        }
        parse(ctx, pos, text);
        for (int all = 0; all <= 1; all++) {
            if (grundy_solve(ctx, pos, GRUNDY_MISERE |
                             (all ? GRUNDY_ALL_MOVES : 0), res, &err) !=
                GRUNDY_OK) {
                fail_msg("%s: %s", text, err.message);
            }
            assert_matches_rules(&r, text, grundy_result_win(res), res, all);
        }
    }
    free(r.keys);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_matches_misere_nim_rule),
        cmocka_unit_test(test_search_bound),
        cmocka_unit_test(test_search_path_memory),
        cmocka_unit_test(test_search_known_matches_rules),
        cmocka_unit_test(test_dawson_rows_by_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
