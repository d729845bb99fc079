/*
 * test_takebreak.c - take-and-break games beyond finite octal codes:
 * hexadecimal codes (splits in three), repeating digit groups, ranges in
 * sub and stripes, Lasker's Nim. Values, outcomes and every winning move
 * of random sums against a reference written from the rules (every k,
 * every way to leave 0, 1, 2 or 3 heaps, mex); the engine's removal
 * classes against its per-k kernels; published values; limits; errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "fixture.h"
#include "grundy.h"
#include "sgseq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXROW 36   /* rows 0..MAXROW-1 in the references */
#define MAXOPT 20000

/* A move set by its digits: d(k) = fin[k] for k < nfin, then the group
 * grp[0..ngrp) repeating (none when ngrp == 0). */
typedef struct rules {
    unsigned fin[80];
    size_t nfin;
    unsigned grp[4];
    size_t ngrp;
    int sub;            /* sub: taking a whole heap leaves a heap of 0 */
    char spec[256];
    uint64_t g[MAXROW];
    uint64_t ring[MAXROW];   /* values of rings @n */
} rules;

static unsigned
digit(const rules *r, size_t k)
{
    if (k < r->nfin) {
        return r->fin[k];
    }
    return r->ngrp > 0 ? r->grp[(k - r->nfin) % r->ngrp] : 0;
}

/* One option: what is left, 0 to 3 heaps, ascending. */
typedef struct opt {
    int parts;
    unsigned h[3];
} opt;

/* Every option of heap n by the rules, literally. */
static size_t
options(const rules *r, unsigned n, opt *out)
{
    size_t no = 0;
    for (unsigned k = 0; k <= n; k++) {
        unsigned d = digit(r, k), m = n - k;
        if ((d & 1u) && k >= 1 && m == 0) {
            out[no].parts = 0;
            no++;
        }
        if ((d & 2u) && k >= 1 && m >= 1) {
            out[no].parts = 1;
            out[no].h[0] = m;
            no++;
        }
        if (d & 4u) {
            for (unsigned a = 1; a <= m / 2; a++) {
                out[no].parts = 2;
                out[no].h[0] = a;
                out[no].h[1] = m - a;
                no++;
            }
        }
        if (d & 8u) {
            for (unsigned a = 1; 3 * a <= m; a++) {
                for (unsigned b = a; a + 2 * b <= m; b++) {
                    out[no].parts = 3;
                    out[no].h[0] = a;
                    out[no].h[1] = b;
                    out[no].h[2] = m - a - b;
                    no++;
                }
            }
        }
    }
    assert_true(no <= MAXOPT);
    return no;
}

static uint64_t
opt_value(const rules *r, const opt *o)
{
    uint64_t v = 0;
    for (int i = 0; i < o->parts; i++) {
        v ^= r->g[o->h[i]];
    }
    return v;
}

/* Options of the ring of n stones: removing k adjacent stones leaves
 * one row of n - k (bit 2, k < n) or nothing (bit 1, k = n). */
static size_t
ring_options(const rules *r, unsigned n, opt *out)
{
    size_t no = 0;
    for (unsigned k = 1; k <= n; k++) {
        unsigned d = digit(r, k);
        if ((d & 2u) && k < n) {
            out[no].parts = 1;
            out[no++].h[0] = n - k;
        }
        if ((d & 1u) && k == n) {
            out[no++].parts = 0;
        }
    }
    return no;
}

static void
compute_values(rules *r)
{
    static opt os[MAXOPT];
    static uint64_t vals[MAXOPT];
    for (unsigned n = 0; n < MAXROW; n++) {
        size_t no = options(r, n, os);
        for (size_t i = 0; i < no; i++) {
            vals[i] = opt_value(r, &os[i]);
        }
        r->g[n] = brute_mex(vals, no);
    }
    for (unsigned n = 0; n < MAXROW; n++) {
        size_t no = ring_options(r, n, os);
        for (size_t i = 0; i < no; i++) {
            vals[i] = opt_value(r, &os[i]);
        }
        r->ring[n] = brute_mex(vals, no);
    }
}

static char
hexdigit(unsigned d)
{
    return "0123456789abcdef"[d & 15u];
}

/* A random hexadecimal or octal code, with a repeating group half the
 * time; or a stripes / sub list with ranges. */
static void
random_rules(uint64_t *rng, rules *r)
{
    size_t at = 0;
    unsigned kind = (unsigned)brute_below(rng, 4);
    memset(r, 0, sizeof *r);
    if (kind <= 1) {
        /* A code: octal (kind 0) or hexadecimal (kind 1). */
        unsigned top = kind == 0 ? 8 : 16;
        r->fin[0] = 4u * (unsigned)brute_below(rng, kind == 0 ? 2 : 4);
        r->nfin = 1 + (size_t)brute_below(rng, 4);
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
                /* Splits in three from every k are slow to list: rarer. */
                r->grp[i] = (unsigned)brute_below(rng, top);
                if (r->grp[i] & 8u && brute_below(rng, 2) == 0) {
                    r->grp[i] &= 7u;
                }
                r->spec[at++] = hexdigit(r->grp[i]);
            }
            r->spec[at++] = ')';
        }
        r->spec[at] = '\0';
    } else {
        /* stripes (digit 7) or sub (digit 3) with sizes and ranges. */
        unsigned d = kind == 2 ? 7u : 3u;
        size_t items = 1 + (size_t)brute_below(rng, 3);
        r->nfin = MAXROW + 1;
        r->sub = kind == 3;
        at = (size_t)snprintf(r->spec, sizeof r->spec, "%s:",
                              kind == 2 ? "stripes" : "sub");
        for (size_t i = 0; i < items; i++) {
            unsigned lo = 1 + (unsigned)brute_below(rng, 12);
            unsigned hi = lo + (unsigned)brute_below(rng, 25);
            if (brute_below(rng, 3) == 0) {
                hi = lo;
                at += (size_t)snprintf(r->spec + at, sizeof r->spec - at,
                                       "%s%u", i ? "," : "", lo);
            } else {
                at += (size_t)snprintf(r->spec + at, sizeof r->spec - at,
                                       "%s%u..%u", i ? "," : "", lo, hi);
            }
            for (unsigned k = lo; k <= hi && k < r->nfin; k++) {
                r->fin[k] = d;
            }
        }
    }
    compute_values(r);
}

/* ---- positions and their moves as text -------------------------------- */

typedef struct pos {
    unsigned row[3];
    int ring[3];      /* row i is a ring @n */
    int nrows;
    int nim;   /* -1: no nim term */
} pos;

static void
pos_text(const rules *r, const pos *p, int changed, const opt *o, char *buf,
         size_t cap)
{
    char rows[160];
    size_t at = 0;
    rows[0] = '\0';
    for (int i = 0; i < p->nrows; i++) {
        if (i != changed) {
            at += (size_t)snprintf(rows + at, sizeof rows - at, " %s%u",
                                   p->ring[i] ? "@" : "", p->row[i]);
        } else if (r->sub && o->parts == 0) {
            at += (size_t)snprintf(rows + at, sizeof rows - at, " 0");
        } else {
            for (int j = 0; j < o->parts; j++) {
                at += (size_t)snprintf(rows + at, sizeof rows - at, " %u",
                                       o->h[j]);
            }
        }
    }
    /* The rows' term is dropped when it has none left, unless nothing
     * else is left: the empty position is the game alone. */
    at = at > 0 || p->nim < 0
             ? (size_t)snprintf(buf, cap, "%s%s", r->spec, rows)
             : 0;
    buf[at] = '\0';
    if (p->nim >= 0) {
        snprintf(buf + at, cap - at, "%snim %d", at > 0 ? " + " : "",
                 p->nim);
    }
}

/* The positions the winning moves leave, by the rules: each once per
 * component (the solver keeps moves of different components apart even
 * when two equal rows leave the same position). */
static size_t
expected_moves(const rules *r, const pos *p, char (*out)[192], size_t cap)
{
    static opt os[MAXOPT];
    uint64_t x = p->nim >= 0 ? (uint64_t)p->nim : 0;
    size_t nout = 0;
    for (int i = 0; i < p->nrows; i++) {
        x ^= p->ring[i] ? r->ring[p->row[i]] : r->g[p->row[i]];
    }
    for (int i = 0; i < p->nrows; i++) {
        uint64_t gi = p->ring[i] ? r->ring[p->row[i]] : r->g[p->row[i]];
        size_t no = p->ring[i] ? ring_options(r, p->row[i], os)
                               : options(r, p->row[i], os),
               first = nout;
        /* Moves on a row (ring) equal to another are moves of their own
         * (interface: `--all nim 1 1 1` lists three); only the moves of
         * one component that leave the same parts are listed once. */
        for (size_t j = 0; j < no; j++) {
            char buf[192];
            int dup = 0;
            if ((x ^ gi ^ opt_value(r, &os[j])) != 0) {
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
    if (p->nim >= 0 && (x ^ (uint64_t)p->nim) < (uint64_t)p->nim) {
        pos q = *p;
        q.nim = (int)(x ^ (uint64_t)p->nim);
        assert_true(nout < cap);
        pos_text(r, &q, -1, NULL, out[nout++], 192);
    }
    return nout;
}

/* Random sums against the rules: outcome, value, and with --all exactly
 * the winning moves (legal, each once, none missing). */
static void
test_random_positions(void **state)
{
    fixture *f = *state;
    static char want[8192][192];
    uint64_t rng = 77;
    for (int trial = 0; trial < 300; trial++) {
        rules r;
        random_rules(&rng, &r);
        for (int game = 0; game < 8; game++) {
            pos p;
            char text[256];
            uint64_t x, sg = 99;
            size_t nwant;
            p.nrows = 1 + (int)brute_below(&rng, 3);
            for (int i = 0; i < p.nrows; i++) {
                p.row[i] = (unsigned)brute_below(&rng, MAXROW);
                /* Rings where the code has no d0 (else refused, below). */
                p.ring[i] = r.fin[0] == 0 && brute_below(&rng, 3) == 0;
            }
            p.nim = brute_below(&rng, 3) == 0 ? (int)brute_below(&rng, 8)
                                              : -1;
            pos_text(&r, &p, -1, NULL, text, sizeof text);
            x = p.nim >= 0 ? (uint64_t)p.nim : 0;
            for (int i = 0; i < p.nrows; i++) {
                x ^= p.ring[i] ? r.ring[p.row[i]] : r.g[p.row[i]];
            }
            nwant = expected_moves(&r, &p, want, 8192);

            fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
            assert_int_equal(grundy_result_win(f->res), x != 0);
            assert_int_equal(grundy_result_sg(f->res, &sg), 1);
            if (sg != x) {
                fail_msg("%s: sg %llu, want %llu", text,
                         (unsigned long long)sg, (unsigned long long)x);
            }
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
            }
            fixture_solve_ok(f, text, 0);
            assert_int_equal(grundy_result_move_count(f->res), x != 0);
            if (x != 0) {
                const char *got = grundy_result_move_position(f->res, 0);
                int found = 0;
                for (size_t j = 0; j < nwant; j++) {
                    found |= strcmp(got, want[j]) == 0;
                }
                if (!found) {
                    fail_msg("%s: move to '%s' is not a winning move", text,
                             got);
                }
            }
        }
        if (r.fin[0] != 0) {
            /* d0 removes nothing: no meaning on a circle, refused as an
             * invalid position (a ring of nim is one too). */
            char text[300];
            grundy_error err;
            snprintf(text, sizeof text, "%s @5", r.spec);
            assert_int_equal(fixture_solve(f, text, 0, &err),
                             GRUNDY_EPOSITION);
            assert_non_null(strstr(err.message, "no rings"));
        }
    }
}

/* ---- the engine: removal classes against per-k kernels ---------------- */

static const sgseq_env env_default = {.memory_limit = (size_t)1 << 30,
                                      .name = "test"};

static uint64_t
seq_value(sgseq *s, uint64_t n)
{
    uint64_t v = 0;
    grundy_error err;
    assert_int_equal(sgseq_value(s, n, &env_default, &v, &err), GRUNDY_OK);
    return v;
}

/*
 * The same finite octal code twice, as random runs of sizes (windows of up
 * to 40 sizes): through the per-k kernels (sparse space past 256 heaps)
 * and through removal classes. Long tables, so that windows drop sizes
 * and values grow past 64.
 */
static void
test_classes_vs_kernels(void **state)
{
    uint64_t rng = 9;
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        sgseq_run run[8];
        size_t nrun = 0;
        uint64_t next = 1;
        sgseq_rules r;
        sgseq *kern, *cls;
        const size_t len = 1200;
        memset(&r, 0, sizeof r);
        if (brute_below(&rng, 3) == 0) {
            run[nrun].lo = run[nrun].hi = 0;
            run[nrun++].bits = SGSEQ_TWO;
        }
        while (nrun < 4) {
            uint64_t lo = next + brute_below(&rng, 4);
            uint64_t width = brute_below(&rng, 3) == 0 ? 0
                                                       : brute_below(&rng, 20);
            run[nrun].lo = lo;
            run[nrun].hi = lo + width;
            run[nrun++].bits = 1 + (unsigned)brute_below(&rng, 7);
            next = lo + width + 1;
        }
        r.run = run;
        r.nrun = nrun;
        kern = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
        r.classes = 1;
        cls = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
        assert_non_null(kern);
        assert_non_null(cls);
        sgseq_set_certify(kern, 0);
        sgseq_set_certify(cls, 0);
        for (size_t n = len; n-- > 0;) {
            if (seq_value(kern, n) != seq_value(cls, n)) {
                fail_msg("trial %d heap %zu: kernels %llu, classes %llu",
                         trial, n, (unsigned long long)seq_value(kern, n),
                         (unsigned long long)seq_value(cls, n));
            }
        }
        sgseq_free(kern);
        sgseq_free(cls);
    }
}

/*
 * Periods of finite hexadecimal codes, certified with 3 n0 + 3 p + t
 * values (Guy-Smith's argument on the largest of three parts): once
 * certified, values answered by the period must be the values computed
 * from the rules, checked far beyond the certificate.
 */
static void
test_hex_certificates(void **state)
{
    uint64_t rng = 17;
    int certified = 0;
    (void)state;
    static const unsigned first[6] = {3, 7, 9, 11, 13, 15};
    for (int trial = 0; trial < 200; trial++) {
        sgseq_run run[4];
        size_t nrun = 0;
        sgseq_rules r;
        sgseq *cert, *plain;
        uint64_t p, n0;
        memset(&r, 0, sizeof r);
        for (uint64_t k = 1; k <= 3; k++) {
            /* Removing one and leaving one heap keeps many of these
             * periodic; splits in three come from any digit 8-f. */
            unsigned d = k == 1 ? first[brute_below(&rng, 6)]
                                : (unsigned)brute_below(&rng, 16);
            if (k == 3 && !((run[0].bits | run[nrun - 1].bits | d) & 8u)) {
                d |= 8u;
            }
            if (d != 0) {
                run[nrun].lo = run[nrun].hi = k;
                run[nrun++].bits = d;
            }
        }
        r.run = run;
        r.nrun = nrun;
        cert = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
        plain = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
        assert_non_null(cert);
        assert_non_null(plain);
        sgseq_set_certify(plain, 0);
        (void)seq_value(cert, 2000);
        if (sgseq_certified(cert, &p, &n0)) {
            certified++;
            /* Heaps up to 2500 then come from the certificate: an ordinary
             * period is certified within 2000 values; a saltus (the test of
             * sgseq_arith3.c) may read the table up to 2048. */
            assert_true(sgseq_length(cert) <
                        (sgseq_saltus(cert) == 0 ? 2000u : 2500u));
            for (uint64_t n = 0; n < 2500; n++) {
                if (seq_value(cert, n) != seq_value(plain, n)) {
                    fail_msg("trial %d: heap %llu: period %llu from %llu "
                             "says %llu, the rules %llu", trial,
                             (unsigned long long)n, (unsigned long long)p,
                             (unsigned long long)n0,
                             (unsigned long long)seq_value(cert, n),
                             (unsigned long long)seq_value(plain, n));
                }
            }
        }
        sgseq_free(cert);
        sgseq_free(plain);
    }
    /* Most of these codes are periodic: the test checks something. */
    print_message("%d of 200 codes certified\n", certified);
    assert_true(certified > 20);
}

/* Long ranges (windows of 30 to 300 sizes, classes) against the same
 * sizes listed one by one in the per-k kernels where they are few. */
static void
test_ranges_vs_lists(void **state)
{
    fixture *f = *state;
    uint64_t rng = 11;
    for (int trial = 0; trial < 30; trial++) {
        unsigned lo = 1 + (unsigned)brute_below(&rng, 20);
        unsigned hi = lo + 30 + (unsigned)brute_below(&rng, 270);
        const char *fam = trial % 2 ? "stripes" : "sub";
        char spec[64], *list = malloc(4096);
        size_t at;
        grundy_game *a, *b;
        grundy_error err;
        snprintf(spec, sizeof spec, "%s:%u..%u", fam, lo, hi);
        at = (size_t)snprintf(list, 4096, "%s:", fam);
        for (unsigned k = lo; k <= hi; k++) {
            at += (size_t)snprintf(list + at, 4096 - at, "%s%u",
                                   k > lo ? "," : "", k);
        }
        assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &a,
                                           &err), GRUNDY_OK);
        assert_int_equal(grundy_game_parse(f->ctx, list, strlen(list), &b,
                                           &err), GRUNDY_OK);
        for (uint64_t n = 0; n < 3 * hi; n += 1 + n / 50) {
            uint64_t va, vb;
            assert_int_equal(grundy_component_value(a, &n, 1, &va, &err),
                             GRUNDY_OK);
            assert_int_equal(grundy_component_value(b, &n, 1, &vb, &err),
                             GRUNDY_OK);
            assert_int_equal(va, vb);
        }
        grundy_game_free(a);
        grundy_game_free(b);
        free(list);
    }
}

/* ---- known values ----------------------------------------------------- */

static uint64_t
value_of(fixture *f, const char *spec, uint64_t n)
{
    grundy_game *game;
    grundy_error err;
    uint64_t v = 0;
    assert_int_equal(grundy_game_parse(f->ctx, spec, strlen(spec), &game,
                                       &err), GRUNDY_OK);
    if (grundy_component_value(game, &n, 1, &v, &err) != GRUNDY_OK) {
        fail_msg("%s %llu: %s", spec, (unsigned long long)n, err.message);
    }
    grundy_game_free(game);
    return v;
}

/* Lasker's Nim: the closed form (Winning Ways) against the table the
 * engine computes from the rules 4.(3), and the family's answers. */
static void
test_lasker(void **state)
{
    fixture *f = *state;
    sgseq_run run = {0, 0, SGSEQ_TWO};
    unsigned grp[1] = {3};
    sgseq_rules r = {&run, 1, grp, 1, 1, 0, 0};
    sgseq *s = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
    assert_non_null(s);
    for (uint64_t n = 3000; n-- > 0;) {
        uint64_t want = n == 0 ? 0 : n % 4 == 3 ? n + 1 : n % 4 == 0 ? n - 1
                                                                   : n;
        assert_int_equal(seq_value(s, n), want);
        if (n < 200 || n % 97 == 0) {
            assert_int_equal(value_of(f, "lasker", n), want);
            assert_int_equal(value_of(f, "octal:4.(3)", n), want);
        }
    }
    sgseq_free(s);
    {
        grundy_game *game;
        grundy_error err;
        grundy_period per;
        assert_int_equal(grundy_game_parse(f->ctx, "lasker", 6, &game, &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
        assert_int_equal(per.found, 1);
        assert_int_equal(per.period, 4);
        assert_int_equal(per.preperiod, 1);
        assert_int_equal(per.saltus, 4);
        assert_non_null(per.theorem);
        grundy_game_free(game);
    }
    /* hex:4.(3) is the same game, and takes the closed form too. */
    assert_int_equal(value_of(f, "hex:4.(3)", UINT64_MAX - 1),
                     UINT64_MAX - 1);
    assert_int_equal(value_of(f, "lasker", UINT64_MAX - 3), UINT64_MAX - 4);
    assert_int_equal(value_of(f, "lasker", UINT64_MAX - 4), UINT64_MAX - 3);
}

/* Huge heaps of Lasker's Nim: the winning move is legal and leaves 0. */
static void
test_lasker_huge(void **state)
{
    fixture *f = *state;
    uint64_t rng = 3;
    grundy_error err;
    for (int trial = 0; trial < 2000; trial++) {
        uint64_t a = brute_rand(&rng) >> (brute_below(&rng, 60));
        uint64_t b = brute_rand(&rng) >> (brute_below(&rng, 60));
        char text[96];
        const char *move;
        char *end;
        uint64_t h[3], v = 0;
        size_t nh = 0;
        if (a == UINT64_MAX || b == UINT64_MAX) {
            continue;
        }
        snprintf(text, sizeof text, "lasker %llu %llu",
                 (unsigned long long)a, (unsigned long long)b);
        fixture_solve_ok(f, text, 0);
        if (!grundy_result_win(f->res)) {
            assert_int_equal(value_of(f, "lasker", a),
                             value_of(f, "lasker", b));
            continue;
        }
        move = grundy_result_move_position(f->res, 0);
        if (strcmp(move, "") == 0) {
            continue;   /* nothing left: a legal move to a loss */
        }
        assert_memory_equal(move, "lasker ", 7);
        end = (char *)move + 7;
        while (*end != '\0') {
            assert_true(nh < 3);
            h[nh++] = strtoull(end, &end, 10);
        }
        /* Legal: one heap changed, by a take or a split of it. */
        if (nh == 3) {
            int ok = (h[0] + h[1] == a && h[2] == b) ||
                     (h[0] == a && h[1] + h[2] == b);
            assert_true(ok);
        } else if (nh == 2) {
            int ok = (h[0] < a && h[1] == b) || (h[0] == a && h[1] < b);
            assert_true(ok);
        } else {
            assert_true(h[0] == a || h[0] == b);
        }
        for (size_t i = 0; i < nh; i++) {
            v ^= value_of(f, "lasker", h[i]);
        }
        assert_int_equal(v, 0);
    }
    /* Heap 2^64 - 1 is worth 2^64: answered exactly, not wrapped. */
    assert_int_equal(fixture_solve(f, "lasker 18446744073709551615", 0, &err),
                     GRUNDY_OK);
    assert_false(grundy_result_sg(f->res, NULL));
    assert_string_equal(grundy_result_sg_decimal(f->res),
                        "18446744073709551616");
    assert_int_equal(fixture_solve(f, "lasker 1000000", GRUNDY_ALL_MOVES,
                                   &err), GRUNDY_ELIMIT);
}

/*
 * Codes where every k >= 1 may leave one heap or none (digits 3, 7, b, f)
 * and d0 = 0 have G(n) = n (octal_rules.c's proof): the closed form against
 * the table the engine computes from the same rules, rings too, then
 * huge heaps and rings whose winning move must leave value 0.
 */
static void
test_identity_codes(void **state)
{
    fixture *f = *state;
    static const char *specs[] = {
        "octal:0.(7)", "octal:0.(3)", "hex:0.(f)", "hex:0.3(7bf)",
        "octal:0.37(73)", "sub:1..18446744073709551615",
    };
    static const unsigned digits[4] = {3, 7, 11, 15};
    uint64_t rng = 8;
    grundy_error err;
    for (int trial = 0; trial < 20; trial++) {
        /* A random such code through the engine (classes, no closed
         * form) against n. */
        sgseq_run run[3];
        unsigned grp[3];
        sgseq_rules r;
        sgseq *s;
        memset(&r, 0, sizeof r);
        for (size_t i = 0; i < 3; i++) {
            run[i].lo = run[i].hi = i + 1;
            run[i].bits = digits[brute_below(&rng, 4)];
            grp[i] = digits[brute_below(&rng, 4)];
        }
        r.run = run;
        r.nrun = (size_t)brute_below(&rng, 4);
        r.rep = grp;
        r.nrep = 1 + (size_t)brute_below(&rng, 3);
        r.rep_from = r.nrun + 1;
        s = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
        assert_non_null(s);
        for (uint64_t n = 1500; n-- > 0;) {
            assert_int_equal(seq_value(s, n), n);
        }
        sgseq_free(s);
    }
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_game *game;
        grundy_period per;
        assert_int_equal(grundy_game_parse(f->ctx, specs[i],
                                           strlen(specs[i]), &game, &err),
                         GRUNDY_OK);
        assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
        assert_int_equal(per.found, 1);
        assert_int_equal(per.period, 1);
        assert_int_equal(per.saltus, 1);
        assert_int_equal(per.preperiod, 0);
        grundy_game_free(game);
        for (int t = 0; t < 200; t++) {
            uint64_t a = brute_rand(&rng) >> brute_below(&rng, 64);
            uint64_t b = brute_rand(&rng) >> brute_below(&rng, 64);
            int ring = t % 2;
            char text[160];
            const char *to, *p;
            uint64_t x = 0;
            snprintf(text, sizeof text, "%s %s%llu %llu", specs[i],
                     ring ? "@" : "", (unsigned long long)a,
                     (unsigned long long)b);
            fixture_solve_ok(f, text, 0);
            assert_int_equal(grundy_result_win(f->res), a != b);
            if (a == b) {
                continue;
            }
            /* The move leaves rows (or a heap) worth their sizes: XOR 0,
             * and the stones only fall, in one component. */
            to = grundy_result_move_position(f->res, 0);
            p = to + strlen(specs[i]);
            while (*p != '\0') {
                char *end;
                uint64_t v;
                while (*p == ' ' || *p == '@') {
                    p++;   /* a ring left as it was: worth its size too */
                }
                v = strtoull(p, &end, 10);
                assert_true(end != p);
                x ^= v;
                p = end;
            }
            assert_int_equal(x, 0);
        }
    }
}

/* hex:0.8: G(n) = floor((n - 1) / 3) for n >= 1 (theory.md 3b), the
 * closed form grundy answers it by, against the table computed from the
 * rules (take 1, leave three heaps); 8.(3): n + 1 for n = 7 mod 8, n - 1
 * for n = 0 mod 8, else n (n >= 1). */
static void
test_hex_known(void **state)
{
    fixture *f = *state;
    sgseq_run run = {1, 1, SGSEQ_THREE};
    sgseq_rules r = {&run, 1, NULL, 0, 2, 0, 0};
    sgseq *s = sgseq_new_rules(&r, SGSEQ_GUY_SMITH);
    grundy_game *game;
    grundy_error err;
    grundy_period per;
    assert_non_null(s);
    for (uint64_t n = 1200; n-- > 0;) {
        assert_int_equal(seq_value(s, n), n == 0 ? 0 : (n - 1) / 3);
    }
    sgseq_free(s);
    assert_int_equal(grundy_game_parse(f->ctx, "hex:0.8", 7, &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
    assert_true(per.found && per.period == 3 && per.preperiod == 1 &&
                per.saltus == 1 && per.theorem != NULL);
    grundy_game_free(game);
    /* Huge heaps: the winning move is legal (three parts of n - 1) and
     * leaves a position of value 0. */
    for (uint64_t n = 5000; n < UINT64_MAX / 2; n = n * 3 + 7) {
        char text[96], after[96];
        uint64_t p[3], x = 2;
        snprintf(text, sizeof text, "hex:0.8 %llu 2", (unsigned long long)n);
        fixture_solve_ok(f, text, 0);
        if (!grundy_result_win(f->res)) {
            assert_true((n - 1) / 3 == 0);
            continue;
        }
        snprintf(after, sizeof after, "%s",
                 grundy_result_move_position(f->res, 0));
        assert_int_equal(sscanf(after, "hex:0.8 %llu %llu %llu %llu",
                                (unsigned long long *)&p[0],
                                (unsigned long long *)&p[1],
                                (unsigned long long *)&p[2],
                                (unsigned long long *)&x), 4);
        assert_true(p[0] + p[1] + p[2] == n - 1 && p[0] >= 1 && p[1] >= 1 &&
                    p[2] >= 1 && x == 2);
        fixture_solve_ok(f, after, 0);
        assert_false(grundy_result_win(f->res));
    }
    for (uint64_t n = 1; n < 300; n++) {
        uint64_t want = n % 8 == 7 ? n + 1 : n % 8 == 0 ? n - 1 : n;
        assert_int_equal(value_of(f, "hex:0.8", n), (n - 1) / 3);
        if (n < 120) {
            assert_int_equal(value_of(f, "hex:8.(3)", n), want);
        }
    }
    /* octal digits in hex: the same game. */
    for (uint64_t n = 0; n < 200; n++) {
        assert_int_equal(value_of(f, "hex:0.137", n),
                         value_of(f, "octal:0.137", n));
        assert_int_equal(value_of(f, "octal:0.(7)", n), n);
    }
    /* A split in three in words and in the position left. */
    fixture_solve_ok(f, "hex:0.8 8", 0);
    assert_int_equal(grundy_result_win(f->res), 1);
    assert_non_null(strstr(grundy_result_move_explain(f->res, 0), " + "));
}

/* An uncertified infinite code beyond its table: an error naming the
 * limit, never a value. (hex:8.(1), take all or split in three, shows no
 * period; octal:0.1(3) and octal:0.4(3), the codes this test used
 * before, are now certified: test_arith*.) */
static void
test_uncertified_limit(void **state)
{
    fixture *f = *state;
    grundy_error err;
    grundy_game *game;
    grundy_period per;
    grundy_ctx_set_memory_limit(f->ctx, (size_t)1 << 16);
    assert_int_equal(fixture_solve(f, "hex:8.(1) 1000000000", 0, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    assert_true(err.needed > (size_t)1 << 16);
    assert_int_equal(fixture_solve(f, "hex:8.(1) 18446744073709551615", 0,
                                   &err), GRUNDY_ELIMIT);
    /* Within its table's memory the period search stops at the limit and
     * says so: found = 0, never a guess. */
    assert_int_equal(grundy_game_parse(f->ctx, "hex:8.(1)", 9, &game,
                                       &err), GRUNDY_OK);
    assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
    assert_false(per.found);
    assert_int_equal(per.stopped_by, GRUNDY_LIMIT_MEMORY);
    grundy_game_free(game);
    grundy_ctx_set_memory_limit(f->ctx, GRUNDY_DEFAULT_MEMORY_LIMIT);
    /* hex:8.(3) is certified (p = 8, s = 8): heap 2^64 - 1 is worth 2^64
     * exactly, answered, not wrapped. */
    fixture_solve_ok(f, "hex:8.(3) 18446744073709551615", 0);
    assert_string_equal(grundy_result_sg_decimal(f->res),
                        "18446744073709551616");
    /* Splits in three cost rows of words per split: the work estimate
     * counts them, so a long hex:0.e table is refused at once (hex:0.8
     * has a closed form, hex:0.c a certified arithmetic period, so their
     * heaps need no long table). */
    grundy_ctx_set_work_limit(f->ctx, 1000000000);
    assert_int_equal(fixture_solve(f, "hex:0.c 50000", 0, &err), GRUNDY_OK);
    assert_int_equal(fixture_solve(f, "hex:0.e 50000", 0, &err),
                     GRUNDY_ELIMIT);
    assert_int_equal(err.limit, GRUNDY_LIMIT_WORK);
    assert_true(err.needed > 1000000000);
    grundy_ctx_set_work_limit(f->ctx, GRUNDY_DEFAULT_WORK_LIMIT);
    /* Finite hexadecimal codes certify ordinary periods: 3 n0 + 3 p + t
     * values. hex:0.f = take 1, leave 0 to 3 heaps. */
    assert_int_equal(grundy_game_parse(f->ctx, "sub:1..100", 10, &game,
                                       &err), GRUNDY_OK);
    assert_int_equal(grundy_game_period(game, &per, &err), GRUNDY_OK);
    assert_int_equal(per.found, 1);
    assert_int_equal(per.period, 101);
    grundy_game_free(game);
}

static void
test_spec_errors(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *spec, *says;
    } bad[] = {
        {"hex:0.g", "'g'"},
        {"hex:1.8", "0, 4, 8 or c"},
        {"octal:8.1", "0 or 4"},
        {"octal:0.(8)", "'8'"},
        {"octal:0.()", "empty repeating group"},
        {"octal:0.(3", "no ')'"},
        {"octal:0.3)", "unbalanced"},
        {"octal:0.(3)1", "must end the code"},
        {"octal:0.(3)(3)", "must end the code"},
        {"hex", "hex needs a code"},
        {"lasker:1", "no parameter"},
        {"sub:5..1", "empty"},
        {"sub:0..3", "0 is not allowed"},
        {"sub:1...3", "neither a number nor a range"},
        {"stripes:..3", "neither a number nor a range"},
        {"stripes:1..", "neither a number nor a range"},
        {"sub:1..99999999999999999999", "larger than"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *game = NULL;
        grundy_error err;
        memset(&err, 0, sizeof err);
        assert_int_equal(grundy_game_parse(f->ctx, bad[i].spec,
                                           strlen(bad[i].spec), &game, &err),
                         GRUNDY_ESPEC);
        if (strstr(err.message, bad[i].says) == NULL) {
            fail_msg("%s: message '%s' does not say '%s'", bad[i].spec,
                     err.message, bad[i].says);
        }
    }
}

/* ---- misere play: splits in three through the exhaustive search -------- */

#define MIS_MAXSUM 18
#define MIS_SLOTS 8192

/* A position as counts of heaps of each size 1..MIS_MAXSUM. */
typedef struct mis_memo {
    unsigned char key[MIS_SLOTS][MIS_MAXSUM + 1];
    signed char val[MIS_SLOTS];   /* 0 empty, 1 lose, 2 win */
} mis_memo;

static size_t
mis_slot(const mis_memo *m, const unsigned char *c)
{
    size_t h = 0;
    for (int i = 1; i <= MIS_MAXSUM; i++) {
        h = h * 31 + c[i];
    }
    h %= MIS_SLOTS;
    while (m->val[h] != 0 && memcmp(m->key[h], c, MIS_MAXSUM + 1) != 0) {
        h = (h + 1) % MIS_SLOTS;
    }
    return h;
}

/* Misere: the mover wins iff there is no move at all, or some move leads
 * to a position whose mover loses. */
static int
mis_win(const rules *r, mis_memo *m, unsigned char *c)
{
    static opt buf[MAXOPT];
    size_t slot = mis_slot(m, c);
    int win = 0, any = 0;
    if (m->val[slot] != 0) {
        return m->val[slot] == 2;
    }
    for (unsigned n = 1; n <= MIS_MAXSUM && !win; n++) {
        size_t no;
        opt *os;
        if (c[n] == 0) {
            continue;
        }
        /* Copied out of the shared buffer: the recursion reuses it. */
        no = options(r, n, buf);
        os = malloc((no + 1) * sizeof *os);
        assert_non_null(os);
        memcpy(os, buf, no * sizeof *os);
        for (size_t j = 0; j < no && !win; j++) {
            unsigned char d[MIS_MAXSUM + 1];
            memcpy(d, c, sizeof d);
            d[n]--;
            for (int q = 0; q < os[j].parts; q++) {
                d[os[j].h[q]]++;
            }
            any = 1;
            win = !mis_win(r, m, d);
        }
        free(os);
    }
    win |= !any;
    slot = mis_slot(m, c);
    memcpy(m->key[slot], c, MIS_MAXSUM + 1);
    m->val[slot] = (signed char)(win ? 2 : 1);
    return win;
}

/* Random hexadecimal codes in misere play, one to three heaps: the
 * outcome against the exhaustive reference, and the winning move leads
 * to a position the reference says the opponent loses. */
static void
test_misere_hex(void **state)
{
    fixture *f = *state;
    static mis_memo memo;
    uint64_t rng = 41;
    for (int trial = 0; trial < 60; trial++) {
        rules r;
        memset(&r, 0, sizeof r);
        r.nfin = 1 + 1 + (size_t)brute_below(&rng, 3);
        snprintf(r.spec, sizeof r.spec, "hex:0.");
        for (size_t i = 1; i < r.nfin; i++) {
            size_t at = strlen(r.spec);
            r.fin[i] = (unsigned)brute_below(&rng, 16);
            r.spec[at] = hexdigit(r.fin[i]);
            r.spec[at + 1] = '\0';
        }
        memset(&memo, 0, sizeof memo);
        for (int game = 0; game < 10; game++) {
            unsigned char c[MIS_MAXSUM + 1];
            unsigned h[3], sum = 0;
            int nh = 1 + (int)brute_below(&rng, 3);
            char text[128];
            size_t at = (size_t)snprintf(text, sizeof text, "%s", r.spec);
            memset(c, 0, sizeof c);
            for (int i = 0; i < nh; i++) {
                h[i] = 1 + (unsigned)brute_below(&rng, 6);
                sum += h[i];
                c[h[i]]++;
                at += (size_t)snprintf(text + at, sizeof text - at, " %u",
                                       h[i]);
            }
            assert_true(sum <= MIS_MAXSUM);
            fixture_solve_ok(f, text, GRUNDY_MISERE);
            if (grundy_result_win(f->res) != mis_win(&r, &memo, c)) {
                fail_msg("%s: misere %s, reference says otherwise", text,
                         grundy_result_win(f->res) ? "win" : "lose");
            }
            if (grundy_result_move_count(f->res) > 0) {
                const char *to = grundy_result_move_position(f->res, 0);
                unsigned char d[MIS_MAXSUM + 1];
                char *end;
                memset(d, 0, sizeof d);
                if (*to != '\0') {
                    end = (char *)to + strlen(r.spec);
                    while (*end != '\0') {
                        unsigned long v = strtoul(end, &end, 10);
                        assert_true(v >= 1 && v <= MIS_MAXSUM);
                        d[v]++;
                    }
                }
                /* The opponent loses there (legality: the reference's
                 * options of the changed heap include it, as the sum of
                 * the stones can only fall). */
                assert_false(mis_win(&r, &memo, d));
            }
        }
    }
}

/* ---- Grundy's game ---------------------------------------------------- */

/* G by the rules: every split a + b = n with a < b, mex. */
static uint64_t *
grundy_reference(size_t len)
{
    uint64_t *g = calloc(len, sizeof *g), *ov = malloc(len * sizeof *ov);
    assert_non_null(g);
    assert_non_null(ov);
    for (size_t n = 0; n < len; n++) {
        size_t no = 0;
        for (size_t a = 1; 2 * a < n; a++) {
            ov[no++] = g[a] ^ g[n - a];
        }
        g[n] = brute_mex(ov, no);
    }
    free(ov);
    return g;
}

/* OEIS A002188 (the brief's first 21 values) and the heaps of value 0
 * below 1300 (OEIS A001443... the P-positions of Grundy's game); then the
 * family against the literal reference to 2500 heaps. */
static void
test_grundy_values(void **state)
{
    fixture *f = *state;
    static const uint64_t start[21] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                       2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
    static const uint64_t zeros[] = {
        0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285,
        288, 316, 334, 337, 340, 346, 359, 362, 365, 386, 389, 392, 566,
        630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222,
    };
    const size_t len = 2500;
    uint64_t *ref = grundy_reference(len);
    grundy_game *game;
    grundy_error err;
    size_t z = 0;

    assert_int_equal(grundy_game_parse(f->ctx, "grundy", 6, &game, &err),
                     GRUNDY_OK);
    for (uint64_t n = 0; n < len; n++) {
        uint64_t v = 99;
        assert_int_equal(grundy_component_value(game, &n, 1, &v, &err),
                         GRUNDY_OK);
        if (v != ref[n]) {
            fail_msg("grundy %llu: %llu, rules say %llu",
                     (unsigned long long)n, (unsigned long long)v,
                     (unsigned long long)ref[n]);
        }
        if (n < 21) {
            assert_int_equal(v, start[n]);
        }
        if (n < 1300) {
            int zero = z < sizeof zeros / sizeof zeros[0] && zeros[z] == n;
            assert_int_equal(v == 0, zero);
            z += (size_t)zero;
        }
    }
    grundy_game_free(game);
    free(ref);
}

/* The engine's fast paths for unequal splits (sparse space from 256 heaps,
 * two threads in blocks from 2^13) against the definition, one thread. */
static void
test_grundy_sparse_vs_plain(void **state)
{
    static const sgseq_run split = {0, 0, SGSEQ_TWO};
    sgseq_rules r = {&split, 1, NULL, 0, 0, 1, 0};
    sgseq *fast = sgseq_new_rules(&r, SGSEQ_NONE);
    sgseq *plain = sgseq_new_rules(&r, SGSEQ_NONE);
    sgseq *sparse = sgseq_new_rules(&r, SGSEQ_NONE);
    (void)state;
    assert_non_null(fast);
    assert_non_null(plain);
    assert_non_null(sparse);
    sgseq_set_method(plain, SGSEQ_PLAIN);
    sgseq_set_threads(plain, 1);
    sgseq_set_method(sparse, SGSEQ_SPARSE);
    sgseq_set_threads(sparse, 1);
    for (uint64_t n = 40000; n-- > 0;) {
        uint64_t a = seq_value(fast, n), b = seq_value(plain, n),
                 c = seq_value(sparse, n);
        if (a != b || c != b) {
            fail_msg("heap %llu: auto %llu, sparse %llu, plain %llu",
                     (unsigned long long)n, (unsigned long long)a,
                     (unsigned long long)c, (unsigned long long)b);
        }
    }
    sgseq_free(fast);
    sgseq_free(plain);
    sgseq_free(sparse);
}

/* Random sums of Grundy's game and nim: outcome, value and every winning
 * move (legal: one heap split unequally; leaves value 0). */
static void
test_grundy_moves(void **state)
{
    fixture *f = *state;
    uint64_t *g = grundy_reference(200);
    uint64_t rng = 21;
    for (int trial = 0; trial < 3000; trial++) {
        uint64_t h[3], x = 0, sg;
        int nh = 1 + (int)brute_below(&rng, 3);
        char text[128];
        size_t at, nwant = 0;
        at = (size_t)snprintf(text, sizeof text, "grundy");
        for (int i = 0; i < nh; i++) {
            h[i] = brute_below(&rng, 200);
            x ^= g[h[i]];
            at += (size_t)snprintf(text + at, sizeof text - at, " %llu",
                                   (unsigned long long)h[i]);
        }
        for (int i = 0; i < nh; i++) {
            /* every heap's moves, equal heaps too (interface) */
            for (uint64_t a = 1; 2 * a < h[i]; a++) {
                nwant += (x ^ g[h[i]] ^ g[a] ^ g[h[i] - a]) == 0;
            }
        }
        fixture_solve_ok(f, text, GRUNDY_ALL_MOVES);
        assert_int_equal(grundy_result_win(f->res), x != 0);
        assert_int_equal(grundy_result_sg(f->res, &sg), 1);
        assert_int_equal(sg, x);
        assert_int_equal(grundy_result_move_count(f->res), nwant);
        for (size_t m = 0; m < nwant; m++) {
            const char *to = grundy_result_move_position(f->res, m);
            uint64_t left[4], v = 0, total = 0, before = 0;
            size_t nl = 0;
            char *end = (char *)to + 6;
            assert_memory_equal(to, "grundy", 6);
            while (*end != '\0') {
                assert_true(nl < 4);
                left[nl++] = strtoull(end, &end, 10);
            }
            /* One more heap than before, the same stones. */
            assert_int_equal(nl, (size_t)nh + 1);
            for (size_t i = 0; i < nl; i++) {
                v ^= g[left[i]];
                total += left[i];
            }
            for (int i = 0; i < nh; i++) {
                before += h[i];
            }
            assert_int_equal(total, before);
            assert_int_equal(v, 0);
        }
    }
    free(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_random_positions, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test(test_classes_vs_kernels),
        cmocka_unit_test(test_hex_certificates),
        cmocka_unit_test_setup_teardown(test_ranges_vs_lists, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_lasker, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_lasker_huge, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_hex_known, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_identity_codes, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_uncertified_limit, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_spec_errors, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_grundy_values, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test(test_grundy_sparse_vs_plain),
        cmocka_unit_test_setup_teardown(test_misere_hex, fixture_setup,
                                        fixture_teardown),
        cmocka_unit_test_setup_teardown(test_grundy_moves, fixture_setup,
                                        fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
