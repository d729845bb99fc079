/*
 * test_octal.c - the octal, stripes, sub, kayles and dawson families through
 * the public API: values, outcomes and every winning move of random sums
 * against a reference written from the rules (every removal, every split),
 * published periods, huge heaps, limits and spec errors.
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

#define MAXROW 40   /* rows are 0..MAXROW-1 in random positions */
#define MAXK 8

/* A game by its rules: kind 's' stripes (take k adjacent stones), 'o'
 * octal digits, 'u' subtraction set. */
typedef struct rules {
    char kind;
    unsigned d[MAXK];   /* octal: d[0..nd) with d[0] in {0, 4} */
    size_t nd;
    unsigned k[MAXK];   /* stripes / sub sizes */
    size_t nk;
    char spec[64];
    uint64_t g[MAXROW];
} rules;

/* One option of a row: what is left, 0, 1 or 2 rows (a <= b). */
typedef struct opt {
    int parts;
    unsigned a, b;
} opt;

/* Every option of row n by the rules, as the player sees them. */
static size_t
options(const rules *r, unsigned n, opt *out)
{
    size_t no = 0;
    if (r->kind == 's') {
        /* Take stones i+1..i+k: i stones stay left, n-i-k right. */
        for (size_t j = 0; j < r->nk; j++) {
            unsigned k = r->k[j];
            for (unsigned i = 0; k <= n && i + k <= n; i++) {
                unsigned x = i, y = n - i - k;
                opt o = {0, 0, 0};
                if (x > y) {
                    unsigned t = x;
                    x = y;
                    y = t;
                }
                o.parts = (x > 0) + (y > 0);
                o.a = x > 0 ? x : y;
                o.b = y;
                out[no++] = o;
            }
        }
    } else if (r->kind == 'u') {
        for (size_t j = 0; j < r->nk; j++) {
            if (r->k[j] <= n) {
                opt o = {1, n - r->k[j], 0};
                out[no++] = o;
            }
        }
    } else {
        for (unsigned k = 0; k < r->nd; k++) {
            unsigned d = r->d[k];
            if (k > n) {
                break;
            }
            if ((d & 1u) && k >= 1 && n == k) {
                opt o = {0, 0, 0};
                out[no++] = o;
            }
            if ((d & 2u) && k >= 1 && n > k) {
                opt o = {1, n - k, 0};
                out[no++] = o;
            }
            if (d & 4u) {
                for (unsigned a = 1; a + 1 <= n - k; a++) {
                    unsigned b = n - k - a;
                    opt o = {2, a < b ? a : b, a < b ? b : a};
                    out[no++] = o;
                }
            }
        }
    }
    return no;
}

static uint64_t
opt_value(const rules *r, const opt *o)
{
    return o->parts == 0 ? 0 : o->parts == 1 ? r->g[o->a]
                                             : r->g[o->a] ^ r->g[o->b];
}

static void
compute_values(rules *r)
{
    static opt os[MAXK * MAXROW * MAXROW];
    uint64_t vals[MAXK * MAXROW * MAXROW];
    for (unsigned n = 0; n < MAXROW; n++) {
        size_t no = options(r, n, os);
        for (size_t i = 0; i < no; i++) {
            vals[i] = opt_value(r, &os[i]);
        }
        r->g[n] = brute_mex(vals, no);
    }
}

static void
random_rules(uint64_t *rng, rules *r)
{
    size_t at = 0;
    memset(r, 0, sizeof *r);
    switch (brute_below(rng, 3)) {
    case 0:
        r->kind = 's';
        r->nk = 1 + (size_t)brute_below(rng, 3);
        at = (size_t)snprintf(r->spec, sizeof r->spec, "stripes:");
        for (size_t i = 0; i < r->nk; i++) {
            r->k[i] = 1 + (unsigned)brute_below(rng, 5);
            at += (size_t)snprintf(r->spec + at, sizeof r->spec - at, "%s%u",
                                   i ? "," : "", r->k[i]);
        }
        break;
    case 1:
        r->kind = 'u';
        r->nk = 1 + (size_t)brute_below(rng, 3);
        at = (size_t)snprintf(r->spec, sizeof r->spec, "sub:");
        for (size_t i = 0; i < r->nk; i++) {
            r->k[i] = 1 + (unsigned)brute_below(rng, 7);
            at += (size_t)snprintf(r->spec + at, sizeof r->spec - at, "%s%u",
                                   i ? "," : "", r->k[i]);
        }
        break;
    default:
        r->kind = 'o';
        r->d[0] = brute_below(rng, 4) == 0 ? 4u : 0u;
        r->nd = 2 + (size_t)brute_below(rng, 3);
        at = (size_t)snprintf(r->spec, sizeof r->spec, "octal:%u.", r->d[0]);
        for (size_t i = 1; i < r->nd; i++) {
            r->d[i] = (unsigned)brute_below(rng, 8);
            at += (size_t)snprintf(r->spec + at, sizeof r->spec - at, "%u",
                                   r->d[i]);
        }
        break;
    }
    compute_values(r);
}

/* ---- positions and their moves as text -------------------------------- */

typedef struct pos {
    unsigned row[4];
    int nrows;
    int nim;          /* -1: no nim term, else the nim heap */
} pos;

static void
pos_text(const rules *r, const pos *p, int changed, const opt *o, char *buf,
         size_t cap)
{
    /* The game's name goes with its rows: a term whose rows all vanished
     * is dropped from the position, name and all, unless nothing else is
     * left: the empty position is the game alone. */
    char rows[128];
    size_t at = 0;
    rows[0] = '\0';
    for (int i = 0; i < p->nrows; i++) {
        if (i != changed) {
            at += (size_t)snprintf(rows + at, sizeof rows - at, " %u",
                                   p->row[i]);
        } else if (r->kind == 'u') {
            at += (size_t)snprintf(rows + at, sizeof rows - at, " %u", o->a);
        } else if (o->parts >= 1) {
            at += (size_t)snprintf(rows + at, sizeof rows - at, " %u", o->a);
            if (o->parts == 2) {
                at += (size_t)snprintf(rows + at, sizeof rows - at, " %u",
                                       o->b);
            }
        }
    }
    at = at > 0 || p->nim < 0
             ? (size_t)snprintf(buf, cap, "%s%s", r->spec, rows)
             : 0;
    buf[at] = '\0';
    if (p->nim >= 0) {
        snprintf(buf + at, cap - at, "%snim %d", at > 0 ? " + " : "",
                 p->nim);
    }
}

/* The distinct positions a winning move leaves, by the rules. */
static size_t
expected_moves(const rules *r, const pos *p, char (*out)[128], size_t cap)
{
    static opt os[MAXK * MAXROW * MAXROW];
    uint64_t x = p->nim >= 0 ? (uint64_t)p->nim : 0;
    size_t nout = 0;
    for (int i = 0; i < p->nrows; i++) {
        x ^= r->g[p->row[i]];
    }
    for (int i = 0; i < p->nrows; i++) {
        size_t no = options(r, p->row[i], os), first = nout;
        /* Moves on a row equal to another are moves of their own
         * (interface: `--all nim 1 1 1` lists three); only the moves of
         * one row that leave the same parts are listed once. */
        for (size_t j = 0; j < no; j++) {
            char buf[128];
            int dup = 0;
            if ((x ^ r->g[p->row[i]] ^ opt_value(r, &os[j])) != 0) {
                continue;
            }
            pos_text(r, p, i, &os[j], buf, sizeof buf);
            for (size_t m = first; m < nout; m++) {
                dup |= strcmp(out[m], buf) == 0;
            }
            if (!dup) {
                assert_true(nout < cap);
                strcpy(out[nout++], buf);
            }
        }
    }
    if (p->nim >= 0) {
        uint64_t want = x ^ (uint64_t)p->nim;
        if (want < (uint64_t)p->nim) {
            char buf[128];
            pos q = *p;
            q.nim = (int)want;
            pos_text(r, &q, -1, NULL, buf, sizeof buf);
            strcpy(out[nout++], buf);
        }
    }
    return nout;
}


/* Random sums against the rules: outcome, value, and with --all exactly
 * the winning moves (each legal, each once, none missing). */
static void
test_random_positions(void **state)
{
    fixture *f = *state;
    static char want[4096][128];
    uint64_t rng = 2024;
    for (int trial = 0; trial < 400; trial++) {
        rules r;
        pos p;
        char text[256];
        uint64_t x = 0, sg = 99;
        size_t nwant;
        random_rules(&rng, &r);
        for (int game = 0; game < 8; game++) {
            p.nrows = 1 + (int)brute_below(&rng, 4);
            for (int i = 0; i < p.nrows; i++) {
                p.row[i] = (unsigned)brute_below(&rng, MAXROW);
            }
            p.nim = brute_below(&rng, 3) == 0 ? (int)brute_below(&rng, 8)
                                              : -1;
            pos_text(&r, &p, -1, NULL, text, sizeof text);
            x = p.nim >= 0 ? (uint64_t)p.nim : 0;
            for (int i = 0; i < p.nrows; i++) {
                x ^= r.g[p.row[i]];
            }
            nwant = expected_moves(&r, &p, want, 4096);

            fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
            assert_int_equal(grundy_result_win(f->res), x != 0);
            assert_int_equal(grundy_result_sg(f->res, &sg), 1);
            assert_int_equal(sg, x);
            if (grundy_result_move_count(f->res) != nwant) {
                fail_msg("%s: %zu moves, want %zu", text,
                         grundy_result_move_count(f->res), nwant);
            }
            for (size_t i = 0; i < nwant; i++) {
                const char *got = grundy_result_move_position(f->res, i);
                int found = 0;
                for (size_t j = 0; j < nwant; j++) {
                    found |= strcmp(got, want[j]) == 0;
                }
                if (!found) {
                    fail_msg("%s: move to '%s' is not a winning move", text,
                             got);
                }
                assert_non_null(grundy_result_move_explain(f->res, i));
            }

            /* Without --all: one move, one of those. */
            fixture_solve_ok(f, text, 0);
            assert_int_equal(grundy_result_move_count(f->res),
                             x != 0 ? 1 : 0);
            if (x != 0) {
                const char *got = grundy_result_move_position(f->res, 0);
                int found = 0;
                for (size_t j = 0; j < nwant; j++) {
                    found |= strcmp(got, want[j]) == 0;
                }
                assert_true(found);
            }
        }
    }
}

/* Component values against the rules, one family each. */
static void
test_values(void **state)
{
    fixture *f = *state;
    uint64_t rng = 5;
    for (int trial = 0; trial < 100; trial++) {
        rules r;
        grundy_game *game;
        grundy_error err;
        random_rules(&rng, &r);
        assert_int_equal(grundy_game_parse(f->ctx, r.spec, strlen(r.spec),
                                           &game, &err), GRUNDY_OK);
        for (uint64_t n = 0; n < MAXROW; n++) {
            uint64_t v = 999;
            assert_int_equal(grundy_component_value(game, &n, 1, &v, &err),
                             GRUNDY_OK);
            assert_int_equal(v, r.g[n]);
        }
        grundy_game_free(game);
    }
}

/* The seed: stripes:2 has G(0..7) = 0 0 1 1 2 0 3 1; 7 3 3 wins, 3 4 6
 * loses; the explain text numbers the stones from the left. */
static void
test_seed_examples(void **state)
{
    fixture *f = *state;
    static const uint64_t want[] = {0, 0, 1, 1, 2, 0, 3, 1};
    grundy_game *game;
    grundy_error err;
    int seen = 0;

    assert_int_equal(grundy_game_parse(f->ctx, "stripes:2", 9, &game, &err),
                     GRUNDY_OK);
    for (uint64_t n = 0; n < 8; n++) {
        uint64_t v;
        assert_int_equal(grundy_component_value(game, &n, 1, &v, &err),
                         GRUNDY_OK);
        assert_int_equal(v, want[n]);
    }
    grundy_game_free(game);
    fixture_solve_ok(f, "stripes:2 7 3 3", 0);
    assert_int_equal(grundy_result_win(f->res), 1);
    fixture_solve_ok(f, "stripes:2 3 4 6", 0);
    assert_int_equal(grundy_result_win(f->res), 0);
    fixture_solve_ok(f, "stripes:2 7 3 3", GRUNDY_ALL_MOVES);
    for (size_t i = 0; i < grundy_result_move_count(f->res); i++) {
        if (strcmp(grundy_result_move_explain(f->res, i),
                   "take stones 3-4 of row 1 (7 -> 2 + 3)") == 0) {
            assert_string_equal(grundy_result_move_position(f->res, i),
                                "stripes:2 2 3 3 3");
            seen = 1;
        }
    }
    assert_true(seen);
    /* Units: sub speaks of heaps, and a heap taken to 0 stays. */
    fixture_solve_ok(f, "sub:3 3 + nim 0", GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_move_count(f->res), 1);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "take 3 from heap 1 (3 -> 0)");
    assert_string_equal(grundy_result_move_position(f->res, 0),
                        "sub:3 0 + nim 0");
    /* A row taken whole vanishes. */
    fixture_solve_ok(f, "dawson 2", 0);
    assert_string_equal(grundy_result_move_explain(f->res, 0),
                        "take stones 1-2 of row 1 (2 -> 0)");
    assert_string_equal(grundy_result_move_position(f->res, 0), "dawson");
    fixture_solve_ok(f, "dawson 2 + nim 0", 0);
    assert_string_equal(grundy_result_move_position(f->res, 0), "nim 0");
}

/*
 * POI 2000 "Stripes" (Paski): stripes of lengths c, z, n are laid on a
 * 1 x p board; the sample has lengths 1 5 1 and boards 1, 5, 6, answered
 * 1 1 2 (first player wins, wins, loses).
 */
static void
test_poi_stripes_sample(void **state)
{
    fixture *f = *state;
    fixture_solve_ok(f, "stripes:1,5,1 1", 0);
    assert_int_equal(grundy_result_win(f->res), 1);
    fixture_solve_ok(f, "stripes:1,5,1 5", 0);
    assert_int_equal(grundy_result_win(f->res), 1);
    fixture_solve_ok(f, "stripes:1,5,1 6", 0);
    assert_int_equal(grundy_result_win(f->res), 0);
}

static void
period_of(fixture *f, const char *spec, uint64_t p, uint64_t n0)
{
    grundy_game *game;
    grundy_period per;
    grundy_error err;
    assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &game,
                                       &err), GRUNDY_OK);
    assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 1);
    assert_int_equal(per.period, p);
    assert_int_equal(per.preperiod, n0);
    grundy_game_free(game);
}

/* Published periods (Winning Ways; Guy and Smith 1956). */
static void
test_published_periods(void **state)
{
    fixture *f = *state;
    period_of(f, "kayles", 12, 71);
    period_of(f, "octal:0.77", 12, 71);
    period_of(f, "stripes:1,2", 12, 71);
    period_of(f, "dawson", 34, 53);
    period_of(f, "octal:0.07", 34, 53);
    period_of(f, "stripes:2", 34, 53);
    period_of(f, "octal:0.137", 34, 52);
    period_of(f, "octal:4.07", 4, 1);
    period_of(f, "sub:1,3,4", 7, 0);
}

/* Huge Kayles rows: the value by the period, a winning move that is legal
 * and leaves value 0, and --all refused rather than listed forever. */
static void
test_huge_rows(void **state)
{
    fixture *f = *state;
    grundy_game *game;
    grundy_error err;
    uint64_t n = UINT64_MAX, v, a, b, va, vb, sg;
    char *end;
    const char *move;

    assert_int_equal(grundy_game_parse(f->ctx, "kayles", 6, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value(game, &n, 1, &v, &err),
                     GRUNDY_OK);
    /* Kayles: G(n) = G(n - 12) for n >= 83; G(71..82). */
    {
        static const uint64_t cycle[12] = {4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2,
                                           7};
        uint64_t m = 72 + (UINT64_MAX - 72) % 12;
        uint64_t small;
        assert_int_equal(grundy_component_value(game, &m, 1, &small, &err),
                         GRUNDY_OK);
        assert_int_equal(v, small);
        assert_int_equal(v, cycle[(UINT64_MAX - 72) % 12]);
    }
    fixture_solve_ok(f, "kayles 18446744073709551615", 0);
    assert_int_equal(grundy_result_win(f->res), 1);
    move = grundy_result_move_position(f->res, 0);
    assert_memory_equal(move, "kayles ", 7);
    a = strtoull(move + 7, &end, 10);
    b = strtoull(end, &end, 10);
    assert_string_equal(end, "");
    assert_true(a <= b);
    assert_true(a + b == UINT64_MAX - 1 || a + b == UINT64_MAX - 2);
    assert_int_equal(grundy_component_value(game, &a, 1, &va, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value(game, &b, 1, &vb, &err),
                     GRUNDY_OK);
    assert_int_equal(va ^ vb, 0);
    grundy_game_free(game);

    assert_int_equal(fixture_solve(f, "kayles 18446744073709551615", GRUNDY_ALL_MOVES,
                           &err), GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "too many"));

    /* In a sum with another family. */
    fixture_solve_ok(f, "kayles 1000000000000 + nim 5", 0);
    assert_int_equal(grundy_result_sg(f->res, &sg), 1);
}

/* Officers (0.6) is not known to be periodic: beyond the memory limit the
 * answer is an error naming the limit, never a value or a verdict. */
static void
test_memory_limit(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    grundy_period per;

    grundy_ctx_set_memory_limit(f->ctx, (size_t)1 << 17);
    assert_int_equal(fixture_solve(f, "octal:0.6 10000000 + nim 1", 0, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "10000000"));
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_true(err.needed > (size_t)1 << 17);
    assert_int_equal(fixture_solve(f, "stripes:3 5000000", 0, &err), GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_true(err.needed > (size_t)1 << 17);
    /* Small heaps of the same game are still answered. */
    fixture_solve_ok(f, "octal:0.6 100 + nim 1", 0);
    assert_int_equal(grundy_game_parse(f->ctx, "octal:0.6", 9, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 0);
    assert_true(per.searched > 0);
    grundy_game_free(game);
    grundy_ctx_set_memory_limit(f->ctx, GRUNDY_DEFAULT_MEMORY_LIMIT);
}

/* Sizes near 2^64 are legal and must not wrap: such a move never fits a
 * heap in reach, so these games play like their small sizes alone. */
static void
test_huge_sizes(void **state)
{
    fixture *f = *state;
    grundy_game *big, *small;
    grundy_error err;
    assert_int_equal(grundy_game_parse(f->ctx,
                                       "stripes:2,18446744073709551615", 30,
                                       &big, &err), GRUNDY_OK);
    assert_int_equal(grundy_game_parse(f->ctx, "stripes:2", 9, &small, &err),
                     GRUNDY_OK);
    for (uint64_t n = 0; n < 3000; n += 7) {
        uint64_t a, b;
        assert_int_equal(grundy_component_value(big, &n, 1, &a, &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_component_value(small, &n, 1, &b, &err),
                         GRUNDY_OK);
        assert_int_equal(a, b);
    }
    grundy_game_free(big);
    grundy_game_free(small);
    fixture_solve_ok(f, "sub:18446744073709551615,1 5", GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_win(f->res), 1);
    assert_int_equal(grundy_result_move_count(f->res), 1);
    fixture_solve_ok(f, "octal:4.0000000000000000000000000000007 9", 0);
    assert_int_equal(grundy_result_sg(f->res, NULL), 1);
}

static void
test_spec_errors(void **state)
{
    fixture *f = *state;
    static const char *bad[] = {
        "octal", "octal:", "octal:0.8", "octal:1.07", "octal:0,07",
        "octal:07", "octal:0.", "stripes", "stripes:", "stripes:0",
        "stripes:1,,2", "stripes:x", "sub", "sub:", "sub:0,1", "sub:-1",
        "kayles:1", "dawson:2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *game = NULL;
        grundy_error err;
        memset(&err, 0, sizeof err);
        assert_int_equal(grundy_game_parse(f->ctx, bad[i], strlen(bad[i]),
                                           &game, &err), GRUNDY_ESPEC);
        assert_true(strlen(err.message) > 10);
    }
    {
        grundy_error err;
        assert_int_equal(fixture_solve(f, "kayles 3,4", 0, &err), GRUNDY_EPOSITION);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_random_positions, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_values, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_seed_examples, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_poi_stripes_sample, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_published_periods, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_huge_rows, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_memory_limit, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_huge_sizes, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_spec_errors, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
