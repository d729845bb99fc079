/*
 * test_symmetry.c - equal components cancel and mirror strategies
 * (docs/theory.md 8), and --all listing a move on each of equal
 * components. The solver is made to miss values on purpose: the game of a
 * parsed position is swapped for a copy whose value() refuses every row
 * (ring) from a bound on, as a value beyond a table does, while its moves
 * stay the real ones. Its answers are then checked against values from a
 * reference written from the rules (every k, every way to leave 0, 1, 2 or
 * 3 heaps, mex), on random take-and-break codes and random sums with
 * duplicated components.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "family.h"
#include "fixture.h"
#include "position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXROW 30   /* rows 0..MAXROW-1 in the reference */
#define MAXOPT 20000
#define MAXC 6      /* components of the octal term */

/* ---- the reference: a move set by its digits, values by mex ----------- */

/* d(k) = fin[k] for k < nfin, then grp[0..ngrp) repeating. */
typedef struct rules {
    unsigned fin[MAXROW + 2];
    size_t nfin;
    unsigned grp[4];
    size_t ngrp;
    int sub;            /* sub: a heap never splits, 0 stays a heap */
    char spec[256];
    uint64_t g[MAXROW];
    uint64_t ring[MAXROW];
} rules;

static unsigned
digit(const rules *r, size_t k)
{
    if (k < r->nfin) {
        return r->fin[k];
    }
    return r->ngrp > 0 ? r->grp[(k - r->nfin) % r->ngrp] : 0;
}

/* The values of heap n's options, by the rules, literally. */
static size_t
option_values(const rules *r, unsigned n, uint64_t *out)
{
    size_t no = 0;
    for (unsigned k = 0; k <= n; k++) {
        unsigned d = digit(r, k), m = n - k;
        if ((d & 1u) && k >= 1 && m == 0) {
            out[no++] = 0;
        }
        if ((d & 2u) && k >= 1 && m >= 1) {
            out[no++] = r->g[m];
        }
        for (unsigned a = 1; (d & 4u) && a <= m / 2; a++) {
            out[no++] = r->g[a] ^ r->g[m - a];
        }
        for (unsigned a = 1; (d & 8u) && 3 * a <= m; a++) {
            for (unsigned b = a; a + 2 * b <= m; b++) {
                out[no++] = r->g[a] ^ r->g[b] ^ r->g[m - a - b];
            }
        }
        assert_true(no < MAXOPT - 400);
    }
    return no;
}

/* A ring of n: removing k adjacent stones leaves a row of n - k (bit 2,
 * k < n) or nothing (bit 1, k = n). */
static size_t
ring_option_values(const rules *r, unsigned n, uint64_t *out)
{
    size_t no = 0;
    for (unsigned k = 1; k <= n; k++) {
        unsigned d = digit(r, k);
        if ((d & 2u) && k < n) {
            out[no++] = r->g[n - k];
        }
        if ((d & 1u) && k == n) {
            out[no++] = 0;
        }
    }
    return no;
}

static void
compute_values(rules *r)
{
    static uint64_t vals[MAXOPT];
    for (unsigned n = 0; n < MAXROW; n++) {
        r->g[n] = brute_mex(vals, option_values(r, n, vals));
    }
    for (unsigned n = 0; n < MAXROW; n++) {
        r->ring[n] = brute_mex(vals, ring_option_values(r, n, vals));
    }
}

/* The mirror move of the theorem, from the rules: some k >= 0 whose digit
 * may leave two heaps, with n - k even and at least 2. */
static int
has_mirror(const rules *r, unsigned n)
{
    for (unsigned k = 0; !r->sub && k + 2 <= n; k++) {
        if ((digit(r, k) & 4u) && (n - k) % 2 == 0) {
            return 1;
        }
    }
    return 0;
}

/* A ring none of whose options is worth 0 by the theorem: no move takes
 * it all, every row it leaves has a mirror move. */
static int
ring_mirror(const rules *r, unsigned n)
{
    for (unsigned k = 1; k <= n; k++) {
        unsigned d = digit(r, k);
        if (((d & 1u) && k == n) || ((d & 2u) && k < n &&
                                     !has_mirror(r, n - k))) {
            return 0;
        }
    }
    return 1;
}

static char
hexdigit(unsigned d)
{
    return "0123456789abcdef"[d & 15u];
}

/* A random octal or hexadecimal code (a group repeating half the time),
 * or a stripes / sub list. */
static void
random_rules(uint64_t *rng, rules *r)
{
    size_t at = 0;
    unsigned kind = (unsigned)brute_below(rng, 4);
    memset(r, 0, sizeof *r);
    if (kind <= 1) {
        unsigned top = kind == 0 ? 8 : 16;
        r->fin[0] = 4u * (unsigned)brute_below(rng, kind == 0 ? 2 : 4);
        if (brute_below(rng, 2) == 0) {
            r->fin[0] = 0;   /* rings need d0 = 0 */
        }
        r->nfin = 1 + (size_t)brute_below(rng, 5);
        at = (size_t)snprintf(r->spec, sizeof r->spec, "%s:%c.",
                              kind == 0 ? "octal" : "hex",
                              hexdigit(r->fin[0]));
        for (size_t i = 1; i < r->nfin; i++) {
            r->fin[i] = (unsigned)brute_below(rng, top);
            r->spec[at++] = hexdigit(r->fin[i]);
        }
        if (brute_below(rng, 2) == 0 || r->nfin == 1) {
            r->ngrp = 1 + (size_t)brute_below(rng, 3);
            r->spec[at++] = '(';
            for (size_t i = 0; i < r->ngrp; i++) {
                r->grp[i] = (unsigned)brute_below(rng, top) & 7u;
                r->spec[at++] = hexdigit(r->grp[i]);
            }
            r->spec[at++] = ')';
        }
        r->spec[at] = '\0';
    } else {
        unsigned d = kind == 2 ? 7u : 3u;
        size_t items = 1 + (size_t)brute_below(rng, 3);
        r->nfin = MAXROW + 1;
        r->sub = kind == 3;
        at = (size_t)snprintf(r->spec, sizeof r->spec, "%s:",
                              kind == 2 ? "stripes" : "sub");
        for (size_t i = 0; i < items; i++) {
            unsigned lo = 1 + (unsigned)brute_below(rng, 8);
            unsigned hi = lo + (unsigned)brute_below(rng, 6);
            at += (size_t)snprintf(r->spec + at, sizeof r->spec - at,
                                   "%s%u..%u", i ? "," : "", lo, hi);
            for (unsigned k = lo; k <= hi && k < r->nfin; k++) {
                r->fin[k] = d;
            }
        }
    }
    compute_values(r);
}

/* ---- a game whose values run out at a bound --------------------------- */

static const family *real_family;
static family hiding_family;
static uint64_t hide_from;   /* rows and rings from here on: no value */

static grundy_status
hiding_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
             grundy_error *err)
{
    if (v[0] >= hide_from) {
        return err_set(err, GRUNDY_ELIMIT, -1, "row %llu hidden",
                       (unsigned long long)v[0]);
    }
    return real_family->value(game, v, n, sg, err);
}

static grundy_status
hiding_ring_value(grundy_game *game, uint64_t n, uint64_t *sg,
                  grundy_error *err)
{
    if (n >= hide_from) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1, "ring %llu hidden",
                       (unsigned long long)n);
    }
    return real_family->ring_value(game, n, sg, err);
}

/* Solves pos with its first term's game replaced by a copy that hides
 * values from hide_from on (its rules, options and mirror moves are the
 * real ones). */
static grundy_status
solve_hiding(fixture *f, unsigned flags, grundy_error *err)
{
    grundy_game *real = f->pos->terms[0].game, copy = *real;
    grundy_status st;
    real_family = real->family;
    hiding_family = *real->family;
    hiding_family.value = hiding_value;
    hiding_family.ring_value = hiding_ring_value;
    copy.family = &hiding_family;
    f->pos->terms[0].game = &copy;
    st = grundy_solve(f->ctx, f->pos, flags, f->res, err);
    f->pos->terms[0].game = real;
    /* A misere quotient the copy built is kept by the context (f->ctx),
     * which frees it. */
    return st;
}

/* ---- positions -------------------------------------------------------- */

typedef struct pos {
    unsigned row[MAXC];
    int ring[MAXC];
    int n;
    int nim;   /* -1: no nim term */
} pos;

static void
pos_text(const rules *r, const pos *p, char *buf, size_t cap)
{
    size_t at = (size_t)snprintf(buf, cap, "%s", r->spec);
    for (int i = 0; i < p->n; i++) {
        at += (size_t)snprintf(buf + at, cap - at, " %s%u",
                               p->ring[i] ? "@" : "", p->row[i]);
    }
    if (p->nim >= 0) {
        snprintf(buf + at, cap - at, " + nim %d", p->nim);
    }
}

static uint64_t
comp_value(const rules *r, const pos *p, int i)
{
    return p->ring[i] ? r->ring[p->row[i]] : r->g[p->row[i]];
}

/* The value, by the reference, of a position the solver wrote: terms
 * "SPEC n @n ..." and "nim k" joined by " + ". */
static uint64_t
text_value(const rules *r, const char *text)
{
    uint64_t x = 0;
    int nim = 0;
    const char *p = text;
    while (*p != '\0') {
        if (*p == ' ' || *p == '+') {
            p++;
            continue;
        }
        if (strncmp(p, "nim ", 4) == 0) {
            nim = 1;
            p += 3;
            continue;
        }
        if (strncmp(p, r->spec, strlen(r->spec)) == 0 &&
            (p[strlen(r->spec)] == ' ' || p[strlen(r->spec)] == '\0')) {
            nim = 0;
            p += strlen(r->spec);
            continue;
        }
        {
            int ring = *p == '@';
            char *end;
            unsigned long v = strtoul(p + ring, &end, 10);
            assert_true(end != p + ring);
            assert_true(v < MAXROW || nim);
            x ^= nim ? v : ring ? r->ring[v] : r->g[v];
            p = end;
        }
    }
    return x;
}

/* ---- the theorems on small rows --------------------------------------- */

/* Theorems 2 and 3 by the reference, and the family's mirror test
 * against the rules: a row with a mirror move is worth non-zero; a ring
 * whose options all have one is worth 0; octal_mirror says so exactly
 * for those rows and rings. */
static void
test_mirror_theorem(void **state)
{
    fixture *f = *state;
    uint64_t rng = 2024;
    int rows = 0, rings = 0;
    for (int trial = 0; trial < 400; trial++) {
        rules r;
        grundy_game *game;
        random_rules(&rng, &r);
        char text[300];
        snprintf(text, sizeof text, "%s 1", r.spec);
        fixture_solve_ok(f, text, 0);   /* the game, parsed */
        game = f->pos->terms[0].game;
        for (unsigned n = 0; n < MAXROW; n++) {
            uint64_t v = n;
            component c = {&v, 1, 1, NULL, 0, 0};
            int m = has_mirror(&r, n);
            if (m && r.g[n] == 0) {
                fail_msg("%s %u: a mirror move, but worth 0", r.spec, n);
            }
            assert_int_equal(game->family->mirror(game, &c, NULL), m);
            rows += m;
            if (r.fin[0] != 0) {
                continue;   /* no rings */
            }
            c.ring = 1;
            m = ring_mirror(&r, n);
            if (m && r.ring[n] != 0) {
                fail_msg("%s @%u: every option a mirror row, but worth "
                         "%llu", r.spec, n, (unsigned long long)r.ring[n]);
            }
            assert_int_equal(game->family->mirror(game, &c, NULL), m);
            rings += m;
        }
    }
    /* the checks met both kinds many times */
    assert_true(rows > 1000);
    assert_true(rings > 50);
}

/* ---- random sums with duplicated components --------------------------- */

/*
 * What the theorems promise for p when every row (ring) from hide_from on
 * has no value: 1 answered exactly (and *x is the value the answer must
 * have, *mirror 1 when it is a mirror win of unknown value, *opaque 1
 * when some component's moves cannot be judged), 0 refused.
 */
static int
promised(const rules *r, const pos *p, int *mirror, int *opaque)
{
    int odd = -1;
    uint64_t rest = p->nim >= 0 ? (uint64_t)p->nim : 0;
    *mirror = *opaque = 0;
    for (int i = 0; i < p->n; i++) {
        int count = 0, first = i;
        for (int j = 0; j < p->n; j++) {
            if (p->row[j] == p->row[i] && p->ring[j] == p->ring[i]) {
                count++;
                first = j < first ? j : first;
            }
        }
        if (p->row[i] < hide_from) {
            rest ^= comp_value(r, p, i);
        } else if (p->ring[i] && ring_mirror(r, p->row[i])) {
            *opaque = 1;   /* worth 0 */
        } else if (count % 2 == 0) {
            *opaque = 1;   /* cancels */
        } else if (first == i) {
            if (odd >= 0) {
                return 0;
            }
            odd = i;
        }
    }
    if (odd >= 0) {
        if (p->ring[odd] || rest != 0 || !has_mirror(r, p->row[odd])) {
            return 0;
        }
        *mirror = 1;
    }
    return 1;
}

static void
random_pos(uint64_t *rng, const rules *r, pos *p)
{
    p->n = 1 + (int)brute_below(rng, MAXC);
    for (int i = 0; i < p->n; i++) {
        if (i > 0 && brute_below(rng, 2) == 0) {
            int j = (int)brute_below(rng, (uint64_t)i);
            p->row[i] = p->row[j];
            p->ring[i] = p->ring[j];
        } else {
            p->row[i] = (unsigned)brute_below(rng, MAXROW);
            p->ring[i] = r->fin[0] == 0 && brute_below(rng, 4) == 0;
        }
    }
    p->nim = brute_below(rng, 3) == 0 ? (int)brute_below(rng, 8) : -1;
}

/* Each move the solver gives leaves a position worth 0 by the
 * reference; none is given for a loss. */
static void
check_moves(const rules *r, const char *text, const grundy_result *res)
{
    size_t n = grundy_result_move_count(res);
    if (!grundy_result_win(res)) {
        assert_int_equal(n, 0);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *after = grundy_result_move_position(res, i);
        if (text_value(r, after) != 0) {
            fail_msg("%s: the move to %s does not win", text, after);
        }
    }
}

/* Random sums with duplicated components whose values from a random bound
 * on are hidden: exactly what the theorems promise is answered, and each
 * answer (outcome, value, every move, with and without --all) agrees
 * with the reference; the rest is refused. */
static void
test_random_sums(void **state)
{
    fixture *f = *state;
    uint64_t rng = 31337;
    int answered = 0, mirrors = 0, refused = 0, all_refused = 0;
    for (int trial = 0; trial < 400; trial++) {
        rules r;
        random_rules(&rng, &r);
        for (int game = 0; game < 12; game++) {
            pos p;
            char text[512];
            uint64_t x = 0, sg;
            int mirror, opaque, promise;
            grundy_error err;
            grundy_status st;
            random_pos(&rng, &r, &p);
            hide_from = brute_below(&rng, MAXROW + 1);
            pos_text(&r, &p, text, sizeof text);
            for (int i = 0; i < p.n; i++) {
                x ^= comp_value(&r, &p, i);
            }
            x ^= p.nim >= 0 ? (uint64_t)p.nim : 0;
            promise = promised(&r, &p, &mirror, &opaque);

            assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL,
                                                   text, strlen(text), &err),
                             GRUNDY_OK);
            st = solve_hiding(f, 0, &err);
            if (!promise) {
                if (st != GRUNDY_ELIMIT && st != GRUNDY_EUNSUPPORTED) {
                    fail_msg("%s (hidden from %llu): answered, not "
                             "promised", text,
                             (unsigned long long)hide_from);
                }
                refused++;
                continue;
            }
            if (st != GRUNDY_OK) {
                fail_msg("%s (hidden from %llu): %s", text,
                         (unsigned long long)hide_from, err.message);
            }
            answered++;
            assert_int_equal(grundy_result_win(f->res), x != 0);
            if (mirror) {
                mirrors++;
                assert_false(grundy_result_sg(f->res, &sg));
            } else {
                assert_true(grundy_result_sg(f->res, &sg));
                assert_true(sg == x);
            }
            assert_int_equal(grundy_result_move_count(f->res), x != 0);
            check_moves(&r, text, f->res);

            st = solve_hiding(f, GRUNDY_ALL_MOVES, &err);
            if (x != 0 && (mirror || opaque)) {
                /* the moves on an unknown component cannot be judged */
                assert_true(st == GRUNDY_ELIMIT ||
                            st == GRUNDY_EUNSUPPORTED);
                all_refused++;
                continue;
            }
            if (st != GRUNDY_OK) {
                fail_msg("%s --all: %s", text, err.message);
            }
            assert_int_equal(grundy_result_win(f->res), x != 0);
            check_moves(&r, text, f->res);
        }
    }
    assert_true(answered > 1000);
    assert_true(mirrors > 50);
    assert_true(refused > 200);
    assert_true(all_refused > 100);
}

/* --all: a move on each of equal components, those of one component that
 * leave the same parts once (interface.md, issue 24.7). */
static void
test_all_equal_components(void **state)
{
    fixture *f = *state;
    fixture_solve_ok(f, "nim 1 1 1", GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_move_count(f->res), 3);
    assert_string_equal(grundy_result_move_position(f->res, 0), "nim 0 1 1");
    assert_string_equal(grundy_result_move_position(f->res, 1), "nim 1 0 1");
    assert_string_equal(grundy_result_move_position(f->res, 2), "nim 1 1 0");
    fixture_solve_ok(f, "kayles 5", GRUNDY_ALL_MOVES);
    assert_int_equal(grundy_result_move_count(f->res), 1);
    fixture_solve_ok(f, "nim 1 1 1", GRUNDY_ALL_MOVES | GRUNDY_MISERE);
    assert_int_equal(grundy_result_move_count(f->res), 0);
    fixture_solve_ok(f, "nim 2 2 2", GRUNDY_ALL_MOVES | GRUNDY_MISERE);
    assert_int_equal(grundy_result_move_count(f->res), 3);
    fixture_solve_ok(f, "kayles 3 3 3", GRUNDY_ALL_MOVES | GRUNDY_MISERE);
    assert_true(grundy_result_move_count(f->res) % 3 == 0);
}

/* Misere play never cancels: G + G is not 0 there (nim 1 1 is a win). */
static void
test_misere_no_cancel(void **state)
{
    fixture *f = *state;
    grundy_error err;
    uint64_t rng = 5;
    fixture_solve_ok(f, "nim 1 1", GRUNDY_MISERE);
    assert_true(grundy_result_win(f->res));
    for (int trial = 0; trial < 50; trial++) {
        rules r;
        char text[512];
        random_rules(&rng, &r);
        snprintf(text, sizeof text, "%s 1 1", r.spec);
        if (r.fin[0] != 0 || r.sub) {
            continue;
        }
        hide_from = 0;
        assert_int_equal(grundy_position_parse(f->ctx, f->pos, NULL, text,
                                               strlen(text), &err),
                         GRUNDY_OK);
        /* Answered by search, never by cancelling: two rows of one
         * stone are a misere win (take one, or have no move). */
        assert_int_equal(solve_hiding(f, GRUNDY_MISERE, &err), GRUNDY_OK);
        assert_true(grundy_result_win(f->res));
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_mirror_theorem, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_random_sums, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_all_equal_components,
                                        fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_misere_no_cancel, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
