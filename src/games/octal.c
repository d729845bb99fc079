/*
 * octal.c - heap games given by take-and-break rules: octal and
 * hexadecimal codes with an optional repeating group (octal:0.07,
 * hex:8.(3)), stripes (digit 7 at each k), the subtraction games sub:S
 * (digit 3 at each s), and the aliases kayles (0.77), dawson (0.07) and
 * lasker (4.(3), by its closed form). Values come from sgseq; this file
 * parses the parameters into rules as data and lists options in words.
 */
#include "family.h"
#include "bignum.h"
#include "intmath.h"
#include "sgseq.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --all never lists more options of one component than this. */
#define OCTAL_MAX_LISTED ((uint64_t)1 << 20)
/* Splits of a certified heap are scanned directly up to this many. */
#define OCTAL_DIRECT_SPLITS ((uint64_t)1 << 16)
/* Splits in three are scanned directly (no period shortcut) up to this
 * remainder; beyond, listing them is refused. */
#define OCTAL_DIRECT_TRIPLES ((uint64_t)1 << 12)
/* Lasker's Nim lists its options by the closed form alone above this heap
 * (one winning move; --all is refused there). */
#define OCTAL_LASKER_DIRECT ((uint64_t)1 << 12)

/*
 * The move set as data (sgseq_rules): digit d(k) of every removal size,
 * given by runs below rep_from and a group repeating from rep_from on.
 */
typedef struct octal {
    sgseq *seq;
    sgseq_run *run;  /* ascending, disjoint, non-zero digits */
    size_t nrun;
    unsigned *rep;   /* repeating group (nrep digits), or none */
    size_t nrep;
    uint64_t rep_from;
    int sub;         /* subtraction game: heaps, never rows, never split */
    int lasker;      /* the rules are Lasker's Nim 4.(3): closed form */
    int identity;    /* every k >= 1 may leave one heap or none, d0 = 0:
                        G(n) = n (octal_is_identity) */
    int thirds;      /* hex:0.8 (take 1, split the rest in three):
                        G(n) = floor((n - 1) / 3) (octal_thirds_g) */
} octal;

/* ---- creating games --------------------------------------------------- */

static int
octal_cmp_run(const void *a, const void *b)
{
    const sgseq_run *x = a, *y = b;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

/*
 * Whether G(n) = n for every n: d0 = 0 and every k >= 1 has bits 1 and 2
 * (digits 3, 7, b, f: 0.(7), 0.(3), hex:0.(f), sub:1..18446744073709551615).
 * Proof, by induction on n: heap n has an option of every m < n (remove
 * n - m >= 1 and leave heap m, by bit 2, or nothing when m = 0, by bit 1);
 * every option leaves at most three heaps whose sizes sum to less than n,
 * each worth its size, and a XOR never exceeds the sum: no option is
 * worth n. So the mex is n. (With d0 != 0 a split a + b = n may be worth
 * a ^ b = n, as in Lasker's Nim.)
 */
static int
octal_is_identity(const sgseq_run *run, size_t nrun, const unsigned *rep,
                  size_t nrep, uint64_t rep_from)
{
    uint64_t next = 1;
    for (size_t i = 0; i < nrun; i++) {
        if (run[i].lo != next || (run[i].bits & 3u) != 3u) {
            return 0;
        }
        if (run[i].hi == UINT64_MAX) {
            return i + 1 == nrun && nrep == 0;
        }
        next = run[i].hi + 1;
    }
    if (nrep == 0 || next != rep_from) {
        return 0;
    }
    for (size_t i = 0; i < nrep; i++) {
        if ((rep[i] & 3u) != 3u) {
            return 0;
        }
    }
    return 1;
}

/*
 * Makes game->state from runs (taken over; sorted and merged here when
 * `merge`, all of one digit) and a repeating group (copied).
 */
static grundy_status
octal_make(grundy_game *game, sgseq_run *run, size_t nrun, int merge,
           const unsigned *rep, size_t nrep, uint64_t rep_from, int sub,
           grundy_error *err)
{
    octal *o = calloc(1, sizeof *o);
    sgseq_rules r;
    size_t m = 0;

    if (o == NULL || (nrep > 0 &&
                      (o->rep = malloc(nrep * sizeof *o->rep)) == NULL)) {
        free(o);
        free(run);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (merge) {
        /* Overlapping or touching ranges of one digit become one run. */
        qsort(run, nrun, sizeof *run, octal_cmp_run);
        for (size_t i = 0; i < nrun; i++) {
            if (m > 0 && (run[m - 1].hi == UINT64_MAX ||
                          run[i].lo <= run[m - 1].hi + 1)) {
                if (run[i].hi > run[m - 1].hi) {
                    run[m - 1].hi = run[i].hi;
                }
                continue;
            }
            run[m++] = run[i];
        }
        nrun = m;
    }
    if (nrep > 0) {
        memcpy(o->rep, rep, nrep * sizeof *rep);
    }
    o->run = run;
    o->nrun = nrun;
    o->nrep = nrep;
    o->rep_from = rep_from;
    o->sub = sub;
    /* Lasker's Nim: split in two (d0 = 4), or take any number (3...). */
    o->lasker = nrun == 1 && run[0].lo == 0 && run[0].hi == 0 &&
                run[0].bits == SGSEQ_TWO && nrep == 1 && rep[0] == 3 &&
                rep_from == 1;
    o->identity = octal_is_identity(run, nrun, rep, nrep, rep_from);
    o->thirds = nrun == 1 && run[0].lo == 1 && run[0].hi == 1 &&
                run[0].bits == SGSEQ_THREE && nrep == 0;
    memset(&r, 0, sizeof r);
    r.run = run;
    r.nrun = nrun;
    r.rep = o->rep;
    r.nrep = nrep;
    r.rep_from = rep_from;
    o->seq = sgseq_new_rules(&r, sub ? SGSEQ_WINDOW : SGSEQ_GUY_SMITH);
    if (o->seq == NULL) {
        free(o->run);
        free(o->rep);
        free(o);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    game->state = o;
    return GRUNDY_OK;
}

/* Value of one code digit in base `base`, or -1. */
static int
octal_digit_value(char ch, unsigned base)
{
    int v = -1;
    if (ch >= '0' && ch <= '9') {
        v = ch - '0';
    } else if (ch >= 'a' && ch <= 'f') {
        v = ch - 'a' + 10;
    } else if (ch >= 'A' && ch <= 'F') {
        v = ch - 'A' + 10;
    }
    return v >= 0 && (unsigned)v < base ? v : -1;
}

/*
 * A code "D0.d1d2...dm(e1...er)" in base 8 (octal:) or 16 (hex:): digit
 * dk at removal size k, d0 in {0, 4} (octal) or {0, 4, 8, c} (hex), and an
 * optional group at the end repeating for ever (d(m + i) = e(i mod r)).
 */
static grundy_status
octal_from_code(grundy_game *game, const char *s, size_t len, unsigned base,
                grundy_error *err)
{
    const char *kind = base == 8 ? "octal" : "hexadecimal";
    sgseq_run *run;
    unsigned *rep = NULL;
    size_t nrun = 0, nrep = 0, open = 0, i;
    int d0;
    grundy_status st;
    char q[96];

    util_quote_token(q, sizeof q, s, len);
    d0 = len >= 1 ? octal_digit_value(s[0], base) : -1;
    if (len < 3 || s[1] != '.' || d0 < 0 || (d0 & 3) != 0) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "%s code %s must read D.d1d2... with D = %s and "
                       "%s digits, and may end in a repeating group, "
                       "e.g. %s", kind, q,
                       base == 8 ? "0 or 4" : "0, 4, 8 or c",
                       kind, base == 8 ? "octal:0.07 or octal:4.(3)"
                                       : "hex:0.8 or hex:8.(3)");
    }
    for (i = 2; i < len; i++) {
        char d[96];
        if (s[i] == '(' && open == 0) {
            open = i;
            continue;
        }
        if (s[i] == ')' && open != 0) {
            if (i == open + 1) {
                return err_set(err, GRUNDY_ESPEC, (long)open,
                               "%s code %s: empty repeating group ()",
                               kind, q);
            }
            if (i + 1 != len) {
                return err_set(err, GRUNDY_ESPEC, (long)i + 1,
                               "%s code %s: the repeating group must end "
                               "the code", kind, q);
            }
            continue;
        }
        if (octal_digit_value(s[i], base) >= 0) {
            continue;
        }
        util_quote_token(d, sizeof d, s + i, 1);
        if (s[i] == '(' || s[i] == ')') {
            return err_set(err, GRUNDY_ESPEC, (long)i,
                           "%s code %s: unbalanced %s (one repeating "
                           "group, at the end: 0.1(3))", kind, q, d);
        }
        return err_set(err, GRUNDY_ESPEC, (long)i,
                       "%s code %s: %s is not %s digit (%s)", kind, q, d,
                       base == 8 ? "an octal" : "a hexadecimal",
                       base == 8 ? "0-7" : "0-9, a-f");
    }
    if (open != 0 && s[len - 1] != ')') {
        return err_set(err, GRUNDY_ESPEC, (long)open,
                       "%s code %s: the repeating group has no ')'", kind,
                       q);
    }
    run = malloc(len * sizeof *run);
    rep = malloc(len * sizeof *rep);
    if (run == NULL || rep == NULL) {
        free(run);
        free(rep);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (d0 != 0) {
        /* d0: split a heap without removing anything (bits 4 and 8). */
        run[nrun].lo = run[nrun].hi = 0;
        run[nrun++].bits = (unsigned)d0;
    }
    for (i = 2; i < (open != 0 ? open : len); i++) {
        int d = octal_digit_value(s[i], base);
        if (d != 0) {
            run[nrun].lo = run[nrun].hi = i - 1;
            run[nrun++].bits = (unsigned)d;
        }
    }
    if (open != 0) {
        int any = 0;
        for (i = open + 1; i + 1 < len; i++) {
            rep[nrep] = (unsigned)octal_digit_value(s[i], base);
            any |= rep[nrep++] != 0;
        }
        /* A group of zeros adds no move: the code is finite. */
        nrep = any ? nrep : 0;
    }
    st = octal_make(game, run, nrun, 0, rep, nrep, open != 0 ? open - 1 : 0,
                    0, err);
    free(rep);
    return st;
}

/*
 * A comma list of sizes >= 1 and ranges a..b (stripes K, subtraction
 * set S), each with the digit bits.
 */
static grundy_status
octal_from_list(grundy_game *game, const char *param, size_t len,
                const char *what, unsigned bits,
                int sub, grundy_error *err)
{
    sgseq_run *run;
    size_t n = 1, k = 0, start = 0;
    char q[96];

    /* FAMILY_PARAM_REQUIRED: param holds at least one byte. */
    for (size_t i = 0; i < len; i++) {
        n += param[i] == ',';
    }
    run = malloc(n * sizeof *run);
    if (run == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i <= len; i++) {
        const char *item = param + start, *dots;
        size_t ilen = i - start, alen;
        uint64_t v[2];
        int r1, r2 = 0;
        if (i < len && param[i] != ',') {
            continue;
        }
        util_quote_token(q, sizeof q, item, ilen);
        dots = NULL;
        for (size_t j = 0; j + 1 < ilen; j++) {
            if (item[j] == '.' && item[j + 1] == '.') {
                dots = item + j;
                break;
            }
        }
        alen = dots != NULL ? (size_t)(dots - item) : ilen;
        r1 = util_parse_u64(item, alen, &v[0]);
        if (dots != NULL) {
            r2 = util_parse_u64(dots + 2, ilen - alen - 2, &v[1]);
        } else {
            v[1] = v[0];
        }
        if (r1 == -2 || r2 == -2) {
            free(run);
            /* Not a limit to raise: values come from a table that must
             * reach past the largest move before a period can be
             * certified (Guy-Smith), and no closed form for such sets is
             * proven here (README, numbers beyond 64 bits). */
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           "%s: %s has a number larger than "
                           "18446744073709551615: the values of a game "
                           "with such a move cannot be tabulated (a "
                           "certified period needs values past its "
                           "largest move); heaps may be of any size",
                           what, q);
        }
        if (r1 != 0 || r2 != 0) {
            free(run);
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           ilen == 0 ? "%s: empty item in list"
                                     : "%s: %s is neither a number nor a "
                                       "range a..b of numbers",
                           what, q);
        }
        if (v[0] == 0) {
            free(run);
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           "%s: %s: 0 is not allowed (a move takes at "
                           "least one stone)", what, q);
        }
        if (v[1] < v[0]) {
            free(run);
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           "%s: range %s is empty (write a..b with a <= "
                           "b)", what, q);
        }
        run[k].lo = v[0];
        run[k].hi = v[1];
        run[k++].bits = bits;
        start = i + 1;
    }
    return octal_make(game, run, k, 1, NULL, 0, 0, sub, err);
}

static grundy_status
octal_create(grundy_game *game, const char *param, size_t len,
             grundy_error *err)
{
    /* FAMILY_PARAM_REQUIRED: param is there. */
    return octal_from_code(game, param, len, 8, err);
}

static grundy_status
hex_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    return octal_from_code(game, param, len, 16, err);
}

static grundy_status
stripes_create(grundy_game *game, const char *param, size_t len,
               grundy_error *err)
{
    /* Taking k adjacent stones leaves 0, 1 or 2 rows: octal digit 7. */
    return octal_from_list(game, param, len, "stripes lengths K",
                           SGSEQ_NOTHING | SGSEQ_ONE | SGSEQ_TWO, 0, err);
}

static grundy_status
sub_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    /* Taking s from a heap leaves that heap, possibly empty: digit 3. */
    return octal_from_list(game, param, len, "subtraction set",
                           SGSEQ_NOTHING | SGSEQ_ONE, 1, err);
}

/* A named code (FAMILY_PARAM_NONE: no parameter reaches create). */
static grundy_status
octal_alias(grundy_game *game, const char *code, grundy_error *err)
{
    return octal_from_code(game, code, strlen(code), 8, err);
}

static grundy_status
kayles_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "0.77", err);
}

static grundy_status
dawson_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "0.07", err);
}

static grundy_status
lasker_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "4.(3)", err);
}

static size_t
octal_footprint(const grundy_game *game)
{
    const octal *o = game->state;
    return o == NULL ? 0 : sizeof *o + sgseq_footprint(o->seq);
}

/* The rules as data, in text (family.h, canon): every spelling of one
 * code gives the same runs and group, so they share their tables. */
static size_t
octal_canon(const grundy_game *game, char *buf, size_t cap)
{
    const octal *o = game->state;
    size_t at = 0;
    int w;
#define OCTAL_PUT(...)                                                    \
    (w = snprintf(buf + (at < cap ? at : cap), at < cap ? cap - at : 0,   \
                  __VA_ARGS__),                                           \
     at += w > 0 ? (size_t)w : 0)
    OCTAL_PUT("%d%d%d%d;", o->sub, o->lasker, o->identity, o->thirds);
    for (size_t i = 0; i < o->nrun; i++) {
        OCTAL_PUT("%llu-%llu:%u,", (unsigned long long)o->run[i].lo,
                  (unsigned long long)o->run[i].hi, o->run[i].bits);
    }
    OCTAL_PUT(";%llu:", (unsigned long long)o->rep_from);
    for (size_t i = 0; i < o->nrep; i++) {
        OCTAL_PUT("%u,", o->rep[i]);
    }
#undef OCTAL_PUT
    return at;
}

static void
octal_destroy(grundy_game *game)
{
    octal *o = game->state;
    if (o == NULL) {
        return;
    }
    sgseq_free(o->seq);
    free(o->run);
    free(o->rep);
    free(o);
}

/* ---- values ----------------------------------------------------------- */

static void
octal_progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    limits_progress(user, what, done, total);
}

/* The context's settings for a computation of the game's sequence: its
 * limits and progress in the env, its thread count on the sequence. */
static sgseq_env
octal_env(grundy_game *game)
{
    octal *o = game->state;
    sgseq_env env;
    sgseq_set_threads(o->seq, game->limits->threads == 1 ? 1 : 2);
    env.memory_limit = game->limits->memory;
    env.progress = octal_progress;
    env.progress_user = game->limits;
    env.name = game->label;
    env.work_limit = game->limits->work;
    env.period_search = game->limits->period_search;
    return env;
}

/*
 * Lasker's Nim (octal 4.(3): take any number, or split a heap in two):
 * G(n) = n for n = 1, 2 mod 4, n + 1 for n = 3 mod 4, n - 1 for n = 0 mod
 * 4 (n >= 1). A theorem (Berlekamp, Conway and Guy, Winning Ways, ch. 4;
 * by induction on n: the options reach every smaller value, and never
 * G(n) because takes give G(m) for m < n and splits a + b = n give
 * G(a) ^ G(b)). test_takebreak checks it against the table computed
 * from the rules. Heap 2^64 - 1 is worth 2^64:
 * *ok is 0 there.
 */
static uint64_t
octal_lasker_g(uint64_t n, int *ok)
{
    *ok = 1;
    switch (n % 4) {
    case 0:
        return n == 0 ? 0 : n - 1;
    case 3:
        *ok = n != UINT64_MAX;
        return n + 1;
    default:
        return n;
    }
}

/*
 * hex:0.8 (remove 1, leave exactly three non-empty heaps): G(n) =
 * floor((n - 1) / 3) for n >= 1, G(0) = 0. Proof (docs/theory.md 3b), by
 * induction: an option a + b + c = n - 1 is worth G(a) ^ G(b) ^ G(c) <=
 * G(a) + G(b) + G(c) <= (n - 4) / 3 < G(n), so G(n) is no option; and
 * every v < G(n) is one: a in {3v + 1, 3v + 2} (both worth v) with n - 1
 * - a even and at least 2, b = c = (n - 1 - a) / 2, G(b) ^ G(c) = 0.
 */
static uint64_t
octal_thirds_g(uint64_t n)
{
    return n == 0 ? 0 : (n - 1) / 3;
}

/* The heap of Lasker's Nim worth v (G is a bijection on the naturals). */
static uint64_t
octal_lasker_inverse(uint64_t v)
{
    switch (v % 4) {
    case 0:
        return v == 0 ? 0 : v - 1;
    case 3:
        return v + 1;   /* v = 2^64 - 1 is nobody's value: callers check */
    default:
        return v;
    }
}

static grundy_status
octal_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
            grundy_error *err)
{
    octal *o = game->state;
    sgseq_env env;
    (void)n;
    if (o->lasker) {
        int ok;
        *sg = octal_lasker_g(v[0], &ok);
        if (!ok) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "the Grundy value of heap %llu of %s is 2^64, "
                           "which does not fit in 64 bits",
                           (unsigned long long)v[0], game->label);
        }
        return GRUNDY_OK;
    }
    if (o->identity) {
        *sg = v[0];
        return GRUNDY_OK;
    }
    if (o->thirds) {
        *sg = octal_thirds_g(v[0]);
        return GRUNDY_OK;
    }
    env = octal_env(game);
    return sgseq_value(o->seq, v[0], &env, sg, err);
}

static grundy_status
octal_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    octal *o = game->state;
    sgseq_env env;
    if (o->lasker) {
        /* G(n + 4) = G(n) + 4 for n >= 1, by the closed form. */
        memset(out, 0, sizeof *out);
        out->found = 1;
        out->period = 4;
        out->preperiod = 1;
        out->saltus = 4;
        out->theorem = "the closed form of Lasker's Nim (Winning Ways, "
                       "ch. 4)";
        return GRUNDY_OK;
    }
    if (o->identity) {
        memset(out, 0, sizeof *out);
        out->found = 1;
        out->period = 1;
        out->saltus = 1;
        out->theorem = "G(n) = n: every removal may leave one heap or "
                       "none, and a split is worth at most its size";
        return GRUNDY_OK;
    }
    if (o->thirds) {
        /* G(n + 3) = G(n) + 1 for n >= 1, by the closed form. */
        memset(out, 0, sizeof *out);
        out->found = 1;
        out->period = 3;
        out->preperiod = 1;
        out->saltus = 1;
        out->theorem = "G(n) = floor((n - 1) / 3), proved in "
                       "docs/theory.md 3b";
        return GRUNDY_OK;
    }
    env = octal_env(game);
    return sgseq_period(o->seq, &env, out, err);
}

/* ---- options ---------------------------------------------------------- */

/* State of one options() call. */
typedef struct octal_walk {
    const octal *o;
    const char *spec;    /* the game, for messages */
    const component *c;
    move_sink *sink;
    uint64_t want;
    uint64_t listed;     /* options emitted so far */
    int stop;            /* the sink wants no more */
    int oom;
} octal_walk;

/* G(x) for a heap known to the table or the certified period. */
static uint64_t
octal_g(const octal *o, uint64_t x)
{
    uint64_t v = 0;
    int known;
    if (o->lasker) {
        /* Callers ask below a heap whose value fits: so does this one. */
        return octal_lasker_g(x, &known);
    }
    if (o->identity) {
        return x;
    }
    if (o->thirds) {
        return octal_thirds_g(x);
    }
    known = sgseq_known(o->seq, x, &v);
    /* Callers ask only for x <= n once heap n's value is known: then the
     * table reaches n or a period is certified. */
    assert(known);
    (void)known;
    return v;
}

static int
octal_matches(const octal_walk *w, uint64_t v)
{
    return w->want == GRUNDY_ANY_VALUE || w->want == v;
}

/* Whether the option leaving heap a, or rows a and b (b = 0: one), has
 * the value wanted. Every option is wanted when any value is (misere
 * play): then no value is asked, so none need be known. */
static int
octal_matches_parts(const octal_walk *w, uint64_t a, uint64_t b)
{
    return w->want == GRUNDY_ANY_VALUE ||
           w->want == (octal_g(w->o, a) ^ (b ? octal_g(w->o, b) : 0));
}

/* Records the sink's answer; returns 1 when the walk must end. */
static int
octal_sent(octal_walk *w, int r)
{
    w->listed++;
    if (r < 0) {
        w->oom = 1;
    } else if (r > 0) {
        w->stop = 1;
    }
    return w->oom || w->stop;
}

/* "take stones i-j of row r (" or "take stone i of row r (", stripes
 * numbering: stones 1..n from the left. */
static char *
octal_take_words(char *p, const octal_walk *w, uint64_t first, uint64_t k)
{
    if (w->o->lasker) {
        /* Lasker's Nim is played on heaps: no stones in a row. */
        if (k == 0) {
            p = put_str(p, "split heap ");
        } else {
            p = put_str(p, "take ");
            p = put_u64(p, k);
            p = put_str(p, " from heap ");
        }
        p = put_u64(p, w->c->index);
        p = put_str(p, " (");
        return put_u64(p, w->c->v[0]);
    }
    if (k == 0) {
        p = put_str(p, "split row ");
    } else if (k == 1) {
        p = put_str(p, "take stone ");
        p = put_u64(p, first);
        p = put_str(p, " of row ");
    } else {
        p = put_str(p, "take stones ");
        p = put_u64(p, first);
        p = put_str(p, "-");
        p = put_u64(p, first + k - 1);
        p = put_str(p, " of row ");
    }
    p = put_u64(p, w->c->index);
    p = put_str(p, " (");
    return put_u64(p, w->c->v[0]);
}

/* The move leaving one heap m (m = 0 for a subtraction game taking all),
 * or nothing at all (vanish) for a row. */
static int
octal_emit_one(octal_walk *w, uint64_t k, uint64_t m, int vanish)
{
    char buf[192], *p = buf;
    int r;

    if (!move_wanted(w->sink, vanish ? 0 : 1, &m)) {
        return octal_sent(w, 0);   /* not wanted: no words to write */
    }
    if (w->o->sub) {
        p = put_str(p, "take ");
        p = put_u64(p, k);
        p = put_str(p, " from heap ");
        p = put_u64(p, w->c->index);
        p = put_str(p, " (");
        p = put_u64(p, w->c->v[0]);
        p = put_str(p, " -> ");
        p = put_u64(p, m);
        p = put_str(p, ")");
        *p = '\0';
        r = move_emit1(w->sink, w->c, m, buf);
    } else {
        p = octal_take_words(p, w, 1, k);
        p = put_str(p, " -> ");
        p = put_u64(p, m);
        p = put_str(p, ")");
        *p = '\0';
        r = vanish ? move_emit(w->sink, w->c, 0, NULL, NULL, buf)
                   : move_emit1(w->sink, w->c, m, buf);
    }
    return octal_sent(w, r);
}

/* The split leaving rows a <= b after taking stones a+1..a+k. */
static int
octal_emit_split(octal_walk *w, uint64_t k, uint64_t a, uint64_t b)
{
    static const size_t arity[2] = {1, 1};
    uint64_t vals[2] = {a, b};
    char buf[192], *p = buf;

    if (!move_wanted(w->sink, 2, vals)) {
        return octal_sent(w, 0);   /* not wanted: no words to write */
    }
    p = octal_take_words(p, w, a + 1, k);
    p = put_str(p, " -> ");
    p = put_u64(p, a);
    p = put_str(p, " + ");
    p = put_u64(p, b);
    p = put_str(p, ")");
    *p = '\0';
    return octal_sent(w, move_emit(w->sink, w->c, 2, arity, vals, buf));
}

static grundy_status
octal_too_many(const octal_walk *w, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "%s %llu of %s has more than %llu winning moves, too "
                   "many to list (one can be shown)",
                   w->o->sub ? "heap" : "row",
                   (unsigned long long)w->c->v[0], w->spec,
                   (unsigned long long)OCTAL_MAX_LISTED);
}

/* Whether the split into rows a and b is an option asked for: of the
 * value wanted, or (any value: misere play) one the sink wants. */
static int
octal_split_hit(const octal_walk *w, uint64_t a, uint64_t b)
{
    uint64_t vals[2] = {a, b};
    return w->want == GRUNDY_ANY_VALUE ? move_wanted(w->sink, 2, vals)
                                       : octal_matches_parts(w, a, b);
}

/* The period by which split verdicts repeat: the certified period of the
 * values when a value is wanted; the sink's own (the misere quotient's)
 * when any value is. 1 when there is one. */
static int
octal_split_period(const octal_walk *w, uint64_t *p, uint64_t *n0)
{
    if (w->want != GRUNDY_ANY_VALUE) {
        /* A saltus (codes that split in three) repeats no verdict. */
        return sgseq_certified(w->o->seq, p, n0) &&
               sgseq_saltus(w->o->seq) == 0;
    }
    if (!move_wanted_period(w->sink, p, n0)) {
        return 0;
    }
    *n0 += 1;   /* parts from *n0 on repeat */
    return 1;
}

/*
 * Splits of m = n - k into a + b, a <= b. Beyond the certified
 * preperiod both parts repeat with the period p: for n0 <= a and
 * n0 <= b = m - a, G(a) ^ G(b) depends only on a mod p (G(x) = G(x - p)
 * for x >= n0 + p, Guy-Smith). So a huge heap is scanned directly for
 * a < n0, then over one period of a, each matching residue standing for
 * a, a + p, a + 2p, ... up to m / 2. The same holds in misere play for
 * the sink's verdict when the misere quotient's heap elements repeat
 * (octal_split_period).
 */
static grundy_status
octal_splits(octal_walk *w, uint64_t k, uint64_t m, grundy_error *err)
{
    uint64_t half = m / 2, p, n0, direct = half;
    int periodic = octal_split_period(w, &p, &n0);

    if (periodic && half > OCTAL_DIRECT_SPLITS && half > n0 + p) {
        direct = n0 > 0 ? n0 - 1 : 0;
    } else {
        periodic = 0;
    }
    for (uint64_t a = 1; a <= direct; a++) {
        if (octal_split_hit(w, a, m - a)) {
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            if (octal_emit_split(w, k, a, m - a)) {
                return GRUNDY_OK;
            }
        }
    }
    if (!periodic) {
        return GRUNDY_OK;
    }
    {
        uint64_t start = n0 > 0 ? n0 : 1, total = 0, blocks;
        uint64_t *hit = malloc(p * sizeof *hit);
        size_t nhit = 0;
        if (hit == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        for (uint64_t a = start; a < start + p && a <= half; a++) {
            if (octal_split_hit(w, a, m - a)) {
                hit[nhit++] = a - start;
                total += (half - a) / p + 1;
            }
        }
        if (nhit > 0 && !move_sink_wants_all(w->sink)) {
            octal_emit_split(w, k, start + hit[0], m - start - hit[0]);
            free(hit);
            return GRUNDY_OK;
        }
        if (total > OCTAL_MAX_LISTED - w->listed) {
            free(hit);
            return octal_too_many(w, err);
        }
        /* total is small, so are the blocks holding a hit. */
        blocks = nhit > 0 ? (half - start) / p + 1 : 0;
        for (uint64_t j = 0; j < blocks; j++) {
            for (size_t i = 0; i < nhit; i++) {
                uint64_t a = start + j * p + hit[i];
                if (a <= half && octal_emit_split(w, k, a, m - a)) {
                    free(hit);
                    return GRUNDY_OK;
                }
            }
        }
        free(hit);
    }
    return GRUNDY_OK;
}

/* The split in three leaving a <= b <= c after taking k. */
static int
octal_emit_triple(octal_walk *w, uint64_t k, uint64_t a, uint64_t b,
                  uint64_t c)
{
    static const size_t arity[3] = {1, 1, 1};
    uint64_t vals[3] = {a, b, c};
    char buf[224], *p = buf;

    if (k == 0) {
        p = put_str(p, "split row ");
        p = put_u64(p, w->c->index);
    } else {
        p = put_str(p, "take ");
        p = put_u64(p, k);
        p = put_str(p, " from row ");
        p = put_u64(p, w->c->index);
        p = put_str(p, " and split it");
    }
    p = put_str(p, " in three (");
    p = put_u64(p, w->c->v[0]);
    p = put_str(p, " -> ");
    p = put_u64(p, a);
    p = put_str(p, " + ");
    p = put_u64(p, b);
    p = put_str(p, " + ");
    p = put_u64(p, c);
    p = put_str(p, ")");
    *p = '\0';
    return octal_sent(w, move_emit(w->sink, w->c, 3, arity, vals, buf));
}

/* Splits of m = n - k into a + b + c, a <= b <= c, each once. */
static grundy_status
octal_triples(octal_walk *w, uint64_t k, uint64_t m, grundy_error *err)
{
    const octal *o = w->o;
    if (m > OCTAL_DIRECT_TRIPLES) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "row %llu of %s: its splits in three after taking "
                       "%llu are too many to scan (more than %llu stones "
                       "left)", (unsigned long long)w->c->v[0], w->spec,
                       (unsigned long long)k,
                       (unsigned long long)OCTAL_DIRECT_TRIPLES);
    }
    int any = w->want == GRUNDY_ANY_VALUE;
    for (uint64_t a = 1; 3 * a <= m; a++) {
        uint64_t ga = any ? 0 : octal_g(o, a);
        for (uint64_t b = a; a + 2 * b <= m; b++) {
            uint64_t c = m - a - b;
            if (!any &&
                !octal_matches(w, ga ^ octal_g(o, b) ^ octal_g(o, c))) {
                continue;
            }
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            if (octal_emit_triple(w, k, a, b, c)) {
                return GRUNDY_OK;
            }
        }
    }
    return GRUNDY_OK;
}

/* Every option of heap n by removing k with digit bits. */
static grundy_status
octal_options_k(octal_walk *w, uint64_t n, uint64_t k, unsigned b,
                grundy_error *err)
{
    grundy_status st = GRUNDY_OK;
    if ((b & SGSEQ_NOTHING) && k == n && k > 0 && octal_matches(w, 0)) {
        octal_emit_one(w, k, 0, 1);
    }
    if ((b & SGSEQ_ONE) && k < n && k > 0 && !w->stop && !w->oom &&
        octal_matches_parts(w, n - k, 0)) {
        octal_emit_one(w, k, n - k, 0);
    }
    if ((b & SGSEQ_TWO) && k < n && n - k >= 2 && !w->stop && !w->oom) {
        st = octal_splits(w, k, n - k, err);
    }
    if (st == GRUNDY_OK && (b & SGSEQ_THREE) && k < n && n - k >= 3 &&
        !w->stop && !w->oom) {
        st = octal_triples(w, k, n - k, err);
    }
    return st;
}

/*
 * Lasker's Nim beyond OCTAL_LASKER_DIRECT, by the closed form: one option
 * of value want < 2^64 - 1. G is a bijection, so the take to heap
 * G^-1(want) is it when that heap is below n; else (n = 3 mod 4, want =
 * n) the split 1 + (n - 1): G(1) ^ G(n - 1) = 1 ^ (n - 1) = n.
 */
static grundy_status
octal_lasker_one(octal_walk *w, uint64_t n, grundy_error *err)
{
    uint64_t m = octal_lasker_inverse(w->want);
    int ok;
    if (w->want != UINT64_MAX && m < n) {
        octal_emit_one(w, n - m, m, m == 0);
        return GRUNDY_OK;
    }
    if (n % 4 == 3 && w->want == n) {
        octal_emit_split(w, 0, 1, n - 1);
        return GRUNDY_OK;
    }
    if (w->want < octal_lasker_g(n, &ok)) {
        /* Unreachable by the theorem: a mex has every smaller value. */
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "lasker: no option of value %llu found for heap "
                       "%llu", (unsigned long long)w->want,
                       (unsigned long long)n);
    }
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "heap %llu of %s: options of a value above its own are "
                   "listed up to heap %llu only",
                   (unsigned long long)n, w->spec,
                   (unsigned long long)OCTAL_LASKER_DIRECT);
}

/*
 * hex:0.8 beyond OCTAL_LASKER_DIRECT: the option of value want as in the
 * proof of octal_thirds_g (take 1, leave a + b + b); none when want is not
 * below G(n), since every option is worth less (no option is missed).
 */
static void
octal_thirds_one(octal_walk *w, uint64_t n)
{
    uint64_t v = w->want, a;
    if (v >= octal_thirds_g(n)) {
        return;
    }
    a = 3 * v + 1;
    if ((n - 1 - a) % 2 != 0) {
        a++;
    }
    /* Ascending parts: a and b = b. */
    if (a <= (n - 1 - a) / 2) {
        octal_emit_triple(w, 1, a, (n - 1 - a) / 2, (n - 1 - a) / 2);
    } else {
        octal_emit_triple(w, 1, (n - 1 - a) / 2, (n - 1 - a) / 2, a);
    }
}

/* ---- repeating codes with a certified period ---------------------------- */

static void octal_ring_cut(octal_walk *w, uint64_t k, uint64_t n);

/* d(k) of the code, k >= 1. */
static unsigned
octal_digit(const octal *o, uint64_t k)
{
    return sgseq_digit(o->run, o->nrun, o->rep, o->nrep, o->rep_from, k);
}

/* Whether heap (or ring) n can move to heap m < n: taking all (bit 1 of
 * d(n)) for m = 0, taking n - m and leaving one heap (bit 2) for m >= 1. */
static int
octal_reaches(const octal *o, uint64_t n, uint64_t m)
{
    return m == 0 ? (octal_digit(o, n) & SGSEQ_NOTHING) != 0
                  : (octal_digit(o, n - m) & SGSEQ_ONE) != 0;
}

/*
 * Whether heap n of a code with a repeating group is answered through its
 * certificate rather than by a scan of every k <= n: n is large and a
 * period is certified, which for a repeating group means the
 * arithmetic-periodicity test (docs/theory.md 3b), whose rules leave at
 * most one heap. A ring then has the moves of the heap: a cut leaves a
 * row of n - k, or nothing.
 */
static int
octal_by_certificate(const octal *o, uint64_t n)
{
    uint64_t p, n0;
    return o->nrep > 0 && n > OCTAL_LASKER_DIRECT &&
           sgseq_certified(o->seq, &p, &n0);
}

/* Emits the move from heap or ring n to heap m (nothing when m = 0). */
static void
octal_emit_to(octal_walk *w, uint64_t n, uint64_t m)
{
    if (w->c->ring) {
        octal_ring_cut(w, n - m, n);
    } else {
        octal_emit_one(w, n - m, m, m == 0);
    }
}

/* The heaps base + j step (0 <= j <= jmax) that n reaches, all of value
 * want: every one when the sink wants all (at most OCTAL_MAX_LISTED in
 * all), else the first. With k = n - m >= rep_from, whether n reaches m
 * depends on k mod nrep only, and step is a multiple of nrep: all of
 * j <= jfar share one answer, the few above are asked one by one. */
static grundy_status
octal_cert_run(octal_walk *w, uint64_t n, uint64_t base, uint64_t step,
               uint64_t jmax, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t rest = n - base, jfar, far;
    /* Any value wanted (misere play): the sink judges each option, so the
     * first is not enough; they are listed up to the limit. */
    int all = move_sink_wants_all(w->sink) || w->want == GRUNDY_ANY_VALUE;

    far = rest >= o->rep_from ? (rest - o->rep_from) / step + 1 : 0;
    jfar = far < jmax + 1 ? far : jmax + 1;  /* j < jfar: k >= rep_from */
    if (jfar > 0 && octal_reaches(o, n, base)) {
        if (all && jfar > OCTAL_MAX_LISTED - w->listed) {
            return octal_too_many(w, err);
        }
        for (uint64_t j = 0; j < (all ? jfar : 1) && !w->stop && !w->oom;
             j++) {
            octal_emit_to(w, n, base + j * step);
        }
        if (!all) {
            return GRUNDY_OK;
        }
    }
    for (uint64_t j = jfar; j <= jmax && !w->stop && !w->oom; j++) {
        if (octal_reaches(o, n, base + j * step)) {
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            octal_emit_to(w, n, base + j * step);
            if (!all) {
                break;
            }
        }
    }
    return GRUNDY_OK;
}

/* The refusal to list every option of a large heap or ring (numbered by
 * its size, or by its place when its size passes 64 bits): one winning
 * move is shown instead. */
static grundy_status
octal_all_refused(grundy_error *err, const char *kind, uint64_t n,
                  const char *spec, uint64_t limit)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "%s %llu of %s: every option is listed up to %s %llu "
                   "only (one winning move can be shown)", kind,
                   (unsigned long long)n, spec, kind,
                   (unsigned long long)limit);
}

/*
 * The options of value w->want of heap or ring n through the certificate
 * G(m + p) = G(m) + s for m >= n0 (octal_by_certificate). Taken with the
 * step P = lcm(p, nrep): the heaps m < n0 are tried one by one; above,
 * heap n0 + i + jP is worth G(n0 + i) + j (P / p) s, so for s > 0 at most
 * one j per i has the value wanted, and for s = 0 every j or none does
 * (octal_cert_run). Every option is listed up to heap
 * OCTAL_LASKER_DIRECT only.
 */
static grundy_status
octal_cert_options(octal_walk *w, uint64_t n, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t p, n0, s = sgseq_saltus(o->seq), step, ds;
    grundy_status st = GRUNDY_OK;

    if (w->want == GRUNDY_ANY_VALUE) {
        return octal_all_refused(err, w->c->ring ? "ring" : "heap", n,
                                 w->spec, OCTAL_LASKER_DIRECT);
    }
    sgseq_certified(o->seq, &p, &n0);
    step = p / im_gcd(p, o->nrep) * o->nrep;
    ds = step / p * s;
    for (uint64_t m = 0; m < n0 && m < n && !w->stop && !w->oom; m++) {
        if (octal_g(o, m) == w->want && octal_reaches(o, n, m)) {
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            octal_emit_to(w, n, m);
        }
    }
    for (uint64_t i = 0; i < step && n0 + i < n && st == GRUNDY_OK &&
                         !w->stop && !w->oom; i++) {
        uint64_t base = n0 + i, g0 = octal_g(o, base),
                 jmax = (n - 1 - base) / step, j;
        if (w->want < g0 || (ds == 0 && w->want != g0) ||
            (ds != 0 && (w->want - g0) % ds != 0)) {
            continue;
        }
        j = ds == 0 ? 0 : (w->want - g0) / ds;
        if (j <= jmax) {
            st = octal_cert_run(w, n, base + j * step, step,
                                ds == 0 ? jmax : 0, err);
        }
    }
    if (st == GRUNDY_OK && w->oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return st;
}

/* ---- rings ------------------------------------------------------------ */

/*
 * A ring @n is a circle of n stones (theory.md 3b). Removing k adjacent
 * stones leaves one arc, a row of n - k: a move of digit bit 2 (k < n) or
 * bit 1 (k = n, nothing left). A circle cannot split in one removal, so
 * bits 4 and 8 give it no move. Removing nothing (d0) does not open a
 * circle either: codes with d0 != 0 have no rings, and say so.
 */
static grundy_status
octal_ring_rules(grundy_game *game, uint64_t n, grundy_error *err)
{
    octal *o = game->state;
    /* The same mistake as a ring of nim: an invalid position. */
    if (o->nrun > 0 && o->run[0].lo == 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "'@%llu': %s has no rings (its digit d0 splits a "
                       "heap without removing anything, which is not "
                       "defined on a circle)", (unsigned long long)n,
                       game->label);
    }
    return GRUNDY_OK;
}

/* The least removal size >= *k and <= n that has a move (its digit in
 * *bits, possibly 0 inside a repeating group): 1, or 0 when none. */
static int
octal_next_k(const octal *o, uint64_t *k, uint64_t n, unsigned *bits)
{
    for (size_t i = 0; i < o->nrun; i++) {
        if (o->run[i].hi >= *k) {
            uint64_t at = o->run[i].lo > *k ? o->run[i].lo : *k;
            if (at > n) {
                return 0;
            }
            *k = at;
            *bits = o->run[i].bits;
            return 1;
        }
    }
    if (o->nrep > 0) {
        uint64_t at = o->rep_from > *k ? o->rep_from : *k;
        if (at <= n) {
            *k = at;
            *bits = o->rep[(at - o->rep_from) % o->nrep];
            return 1;
        }
    }
    return 0;
}

/* One run of option values of a ring: c + t ds for t in [lo, hi] (a
 * single value when ds = 0 or lo = hi). */
typedef struct octal_span {
    uint64_t c, lo, hi;
} octal_span;

static int
octal_span_cmp(const void *x, const void *y)
{
    const octal_span *a = x, *b = y;
    if (a->c != b->c) {
        return a->c < b->c ? -1 : 1;
    }
    return (a->lo > b->lo) - (a->lo < b->lo);
}

/* Adds the option values v, v + ds, ..., v + more ds to spans (one value
 * when more = 0 or ds = 0). */
static void
octal_span_add(octal_span *sp, size_t *n, uint64_t v, uint64_t more,
               uint64_t ds)
{
    sp[*n].c = ds == 0 ? v : v % ds;
    sp[*n].lo = ds == 0 ? 0 : v / ds;
    sp[*n].hi = sp[*n].lo + (ds == 0 ? 0 : more);
    (*n)++;
}

/*
 * The value of a large ring of a repeating code that splits heaps, its
 * period certified (G(m + p) = G(m) + s from n0 on): a cut leaves one row
 * m, but the heap's own moves split, so the ring is not worth the heap.
 * Its options are rows m < n0 it reaches, the rows n - k for k below the
 * group's start f (bit 2 of d(k)), nothing (bit 1 of d(n)), and for each
 * residue i of P = lcm(p, r) the rows n0 + i + j P up to n - f, reached
 * all or none (n - m mod r is fixed), worth G(n0 + i) + j ds (ds = P/p s):
 * runs of one class mod ds. The mex is the least value of a class its
 * runs, sorted, leave uncovered: no scan of the n options.
 */
static grundy_status
octal_ring_value_far(grundy_game *game, uint64_t n, uint64_t *sg,
                     grundy_error *err)
{
    const octal *o = game->state;
    uint64_t p, n0, big, ds, f = o->rep_from, v, best = UINT64_MAX;
    octal_span *sp;
    size_t ns = 0;

    sgseq_certified(o->seq, &p, &n0);
    big = p / im_gcd(p, o->nrep) * o->nrep;
    ds = big / p * sgseq_saltus(o->seq);
    sp = malloc((size_t)(n0 + f + big + 1) * sizeof *sp);
    if (sp == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t m = 1; m < n0; m++) {
        if (octal_reaches(o, n, m)) {
            octal_span_add(sp, &ns, octal_g(o, m), 0, ds);
        }
    }
    for (uint64_t k = 1; k < f; k++) {
        if (!(octal_digit(o, k) & SGSEQ_ONE)) {
            continue;
        }
        if (!sgseq_known(o->seq, n - k, &v)) {
            free(sp);
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "ring %llu of %s: the row of %llu it leaves is "
                           "worth more than 2^64 - 1",
                           (unsigned long long)n, game->label,
                           (unsigned long long)(n - k));
        }
        octal_span_add(sp, &ns, v, 0, ds);
    }
    if (octal_digit(o, n) & SGSEQ_NOTHING) {
        octal_span_add(sp, &ns, 0, 0, ds);
    }
    for (uint64_t i = 0; i < big && n0 + i + f <= n; i++) {
        uint64_t m = n0 + i;
        if (octal_digit(o, n - m) & SGSEQ_ONE) {
            octal_span_add(sp, &ns, octal_g(o, m), (n - f - m) / big, ds);
        }
    }
    qsort(sp, ns, sizeof *sp, octal_span_cmp);
    if (ds == 0) {
        /* An ordinary period: the values themselves, sorted. */
        best = 0;
        for (size_t i = 0; i < ns && sp[i].c <= best; i++) {
            best = sp[i].c == best ? best + 1 : best;
        }
    }
    for (uint64_t c = 0, i = 0; ds != 0 && c < ds && c < best; c++) {
        uint64_t t = 0;   /* the least t with c + t ds not yet covered */
        for (; i < ns && sp[i].c == c; i++) {
            if (sp[i].lo <= t && sp[i].hi >= t) {
                t = sp[i].hi + 1;
            }
        }
        if (t <= (best - c) / ds) {
            best = c + t * ds;
        }
    }
    free(sp);
    *sg = best;
    return GRUNDY_OK;
}

static grundy_status
octal_ring_value(grundy_game *game, uint64_t n, uint64_t *sg,
                 grundy_error *err)
{
    octal *o = game->state;
    unsigned char *seen;
    uint64_t g, below = n > 0 ? n - 1 : 0;
    grundy_status st = octal_ring_rules(game, n, err);
    unsigned bits;

    if (st == GRUNDY_OK && o->identity) {
        /* Every row m < n is one cut away, and rows are worth their
         * length: the ring of n is worth n. */
        *sg = n;
        return GRUNDY_OK;
    }

    /* Every row below n known (table or period). */
    if (st == GRUNDY_OK) {
        st = octal_value(game, &below, 1, &g, err);
    }
    if (st != GRUNDY_OK) {
        return st;
    }
    if (octal_by_certificate(o, n) && sgseq_split_certified(o->seq)) {
        return octal_ring_value_far(game, n, sg, err);
    }
    if (octal_by_certificate(o, n)) {
        /* A ring has the moves of the heap (octal_by_certificate: moves
         * that leave at most one heap). */
        return octal_value(game, &n, 1, sg, err);
    }
    /* Row values are 16-bit: a mex over them is at most 65536. */
    seen = calloc((size_t)1 << 16 | 1, 1);
    if (seen == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (uint64_t k = 1; n > 0 && octal_next_k(o, &k, n, &bits); k++) {
        if ((bits & SGSEQ_ONE) && k < n) {
            seen[octal_g(o, n - k)] = 1;
        }
        if ((bits & SGSEQ_NOTHING) && k == n) {
            seen[0] = 1;
        }
        if (k == n) {
            break;
        }
    }
    for (g = 0; seen[g]; g++) {
        continue;
    }
    free(seen);
    *sg = g;
    return GRUNDY_OK;
}

/* Emits the cut of ring w->c (n stones) removing k: a row of n - k, or
 * nothing when k = n (a heap of 0 in a subtraction game). */
static void
octal_ring_cut(octal_walk *w, uint64_t k, uint64_t n)
{
    char buf[160], *p = buf;
    uint64_t m = n - k;
    p = put_str(p, "take ");
    p = put_u64(p, k);
    p = put_str(p, w->o->sub ? " from ring "
                   : k == 1  ? " stone from ring "
                             : " adjacent stones from ring ");
    p = put_u64(p, w->c->index);
    p = put_str(p, " (@");
    p = put_u64(p, n);
    p = put_str(p, " -> ");
    p = put_u64(p, m);
    p = put_str(p, ")");
    *p = '\0';
    octal_sent(w, m == 0 && !w->o->sub
                      ? move_emit(w->sink, w->c, 0, NULL, NULL, buf)
                      : move_emit1(w->sink, w->c, m, buf));
}

/* Every option of ring c of value want: a row of n - k, or nothing. */
static grundy_status
octal_ring_options(grundy_game *game, octal_walk *w, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t n = w->c->v[0], g;
    grundy_status st = octal_ring_value(game, n, &g, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (octal_by_certificate(o, n)) {
        return octal_cert_options(w, n, err);
    }
    if (o->identity && n > OCTAL_LASKER_DIRECT) {
        /* The options are the rows m < n, worth m: one per value. */
        if (w->want < n) {
            octal_ring_cut(w, n - w->want, n);
        } else if (w->want == GRUNDY_ANY_VALUE) {
            return octal_all_refused(err, "ring", n, w->spec,
                                     OCTAL_LASKER_DIRECT);
        }
        return w->oom ? GRUNDY_ENOMEM : GRUNDY_OK;
    }
    unsigned bits;
    for (uint64_t k = 1;
         n > 0 && !w->stop && !w->oom && octal_next_k(o, &k, n, &bits); k++) {
        uint64_t m = n - k;
        int one = (bits & SGSEQ_ONE) && k < n &&
                  octal_matches_parts(w, m, 0);
        int all = (bits & SGSEQ_NOTHING) && k == n && octal_matches(w, 0);
        if (one || all) {
            octal_ring_cut(w, k, n);
        }
        if (k == n) {
            break;
        }
    }
    return w->oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

/*
 * A heap beyond the direct scans of a code whose certified period has a
 * saltus by the arithmetic-periodicity test for codes that split heaps
 * (docs/theory.md 3b): the option of value want comes from the
 * witness forms of the certificate (sgseq_arith3_option), which hold one
 * for every want below G(n) once n is past the certificate. No option is
 * worth G(n); options worth more are never asked for (a winning move
 * lowers the value), and listing them all is refused.
 */
static grundy_status
octal_arith3_options(octal_walk *w, uint64_t n, grundy_error *err)
{
    uint64_t k, parts[3], g = octal_g(w->o, n);
    unsigned np;
    if (w->want == GRUNDY_ANY_VALUE || move_sink_wants_all(w->sink) ||
        w->want > g) {
        return octal_all_refused(err, "heap", n, w->spec,
                                 OCTAL_DIRECT_TRIPLES);
    }
    if (w->want == g) {
        return GRUNDY_OK;
    }
    if (!sgseq_arith3_option(w->o->seq, n, w->want, &k, parts, &np)) {
        /* Only below the certificate's length, where direct scans stop
         * first: not expected, but said rather than guessed. */
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "heap %llu of %s: its options are scanned up to heap "
                       "%llu, and the period's witnesses hold from heap "
                       "%llu on", (unsigned long long)n, w->spec,
                       (unsigned long long)OCTAL_DIRECT_TRIPLES,
                       (unsigned long long)sgseq_length(w->o->seq));
    }
    if (np == 0) {
        octal_emit_one(w, k, 0, 1);
    } else if (np == 1) {
        octal_emit_one(w, k, parts[0], 0);
    } else if (np == 2) {
        octal_emit_split(w, k, parts[0], parts[1]);
    } else {
        octal_emit_triple(w, k, parts[0], parts[1], parts[2]);
    }
    return w->oom ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                  : GRUNDY_OK;
}

static grundy_status
octal_options(grundy_game *game, const component *c, uint64_t want,
              move_sink *sink, grundy_error *err)
{
    octal *o = game->state;
    octal_walk w = {o, game->label, c, sink, want, 0, 0, 0};
    uint64_t n = c->v[0], g;
    grundy_status st;

    if (c->ring) {
        return octal_ring_options(game, &w, err);
    }
    /* Makes every heap <= n known (table or period). Listing every
     * option (misere play) asks no value: none need be known. */
    st = want == GRUNDY_ANY_VALUE ? GRUNDY_OK
                                  : octal_value(game, c->v, c->n, &g, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (sgseq_split_certified(o->seq) && n > OCTAL_DIRECT_TRIPLES) {
        return octal_arith3_options(&w, n, err);
    }
    if (octal_by_certificate(o, n)) {
        return octal_cert_options(&w, n, err);
    }
    if ((o->lasker || o->identity || o->thirds) &&
        n > OCTAL_LASKER_DIRECT) {
        if (want == GRUNDY_ANY_VALUE || move_sink_wants_all(sink)) {
            return octal_all_refused(err, "heap", n, game->label,
                                     OCTAL_LASKER_DIRECT);
        }
        if (o->identity) {
            /* Heap want itself (k = n - want); no option is worth n or
             * more (octal_is_identity). */
            if (want < n) {
                octal_emit_one(&w, n - want, want, want == 0);
            }
            return w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
        if (o->thirds) {
            octal_thirds_one(&w, n);
            return w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
        }
        st = octal_lasker_one(&w, n, err);
        return st != GRUNDY_OK ? st : w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
    }
    for (size_t i = 0; i < o->nrun && !w.stop && !w.oom; i++) {
        for (uint64_t k = o->run[i].lo; k <= o->run[i].hi && k <= n; k++) {
            st = octal_options_k(&w, n, k, o->run[i].bits, err);
            if (st != GRUNDY_OK) {
                return st;
            }
            if (w.stop || w.oom || k == UINT64_MAX) {
                break;
            }
        }
    }
    for (uint64_t k = o->rep_from; o->nrep > 0 && k <= n && !w.stop && !w.oom;
         k++) {
        st = octal_options_k(&w, n, k, o->rep[(k - o->rep_from) % o->nrep],
                             err);
        if (st != GRUNDY_OK) {
            return st;
        }
    }
    return w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

/*
 * The largest removal and the most heaps a move leaves (family.h): finite
 * codes only. A repeating group has no largest removal, and the closed
 * forms (Lasker's Nim, G(n) = n, hex:0.8) come from such groups or need
 * no quotient certificate of this kind.
 */
static int
octal_heap_span(const grundy_game *game, uint64_t *k, unsigned *parts)
{
    const octal *o = game->state;
    if (o->nrep > 0 || o->lasker || o->identity || o->thirds ||
        o->nrun == 0) {
        return 0;
    }
    *k = o->run[o->nrun - 1].hi;   /* runs ascend */
    *parts = 1;
    for (size_t i = 0; i < o->nrun; i++) {
        unsigned t = (o->run[i].bits & SGSEQ_THREE) ? 3u
                     : (o->run[i].bits & SGSEQ_TWO) ? 2u : 1u;
        *parts = t > *parts ? t : *parts;
    }
    return 1;
}

/* The sequence to save or resume; none for the closed forms. */
static sgseq *
octal_sequence(grundy_game *game, sgseq_env *env)
{
    octal *o = game->state;
    if (o->lasker || o->identity || o->thirds) {
        return NULL;
    }
    *env = octal_env(game);
    return o->seq;
}

/* ---- heaps beyond 64 bits --------------------------------------------- */

/* Triples of a big heap are searched over pairs of representatives below
 * n0 + p: at most this many representatives. */
#define OCTAL_BIG_TRIPLE_SPAN 4096u

/* One big answer: the game, the component, the scratch numbers. */
typedef struct octal_big {
    grundy_game *game;
    const octal *o;
    const big_component *c;
    move_sink *sink;
    uint64_t p, n0;      /* the certified period (general codes) */
    bignum *t[4];
    int oom, stop;
} octal_big;

/* The words' start, as octal_take_words: "take stones i-j of row r (N",
 * "split row r (N", or heap words for Lasker's Nim and subtraction; k
 * (stones removed) of any size. */
static void
octal_big_take_words(strbuf *b, const octal_big *w, uint64_t first,
                     const bignum *k)
{
    if (w->o->lasker || w->o->sub) {
        util_sb_put(b, bignum_is_zero(k) ? "split heap " : "take ");
        if (!bignum_is_zero(k)) {
            util_sb_put_big(b, k);
            util_sb_put(b, " from heap ");
        }
    } else if (bignum_is_zero(k)) {
        util_sb_put(b, "split row ");
    } else if (bignum_cmp_u64(k, 1) == 0) {
        util_sb_put(b, "take stone ");
        util_sb_put_u64(b, first);
        util_sb_put(b, " of row ");
    } else {
        bignum *last = bignum_new();
        util_sb_put(b, "take stones ");
        util_sb_put_u64(b, first);
        util_sb_put(b, "-");
        if (last == NULL || bignum_add_u64(last, k, first - 1) != 0) {
            b->oom = 1;
        }
        util_sb_put_big(b, last);
        bignum_free(last);
        util_sb_put(b, " of row ");
    }
    util_sb_put_u64(b, w->c->index);
    util_sb_put(b, " (");
    util_sb_put_big(b, w->c->v[0]);
}

/* Emits the option leaving parts[0..nparts) (ascending) after removing
 * k (first: the first stone taken); nparts 0 leaves nothing. */
static void
octal_big_emit_k(octal_big *w, uint64_t first, const bignum *k,
                 bignum **parts, size_t nparts)
{
    static const size_t arity[3] = {1, 1, 1};
    strbuf b = {0};
    int r;
    if (nparts == 3) {
        util_sb_put(&b, bignum_is_zero(k) ? "split row " : "take ");
        if (!bignum_is_zero(k)) {
            util_sb_put_big(&b, k);
            util_sb_put(&b, " from row ");
        }
        util_sb_put_u64(&b, w->c->index);
        util_sb_put(&b, bignum_is_zero(k) ? " in three ("
                                          : " and split it in three (");
        util_sb_put_big(&b, w->c->v[0]);
    } else {
        octal_big_take_words(&b, w, first, k);
    }
    util_sb_put(&b, " -> ");
    for (size_t i = 0; i < nparts; i++) {
        util_sb_put(&b, i > 0 ? " + " : "");
        util_sb_put_big(&b, parts[i]);
    }
    util_sb_put(&b, nparts == 0 ? "0)" : ")");
    r = b.oom ? -1 : move_emit_big(w->sink, w->c, nparts, arity, parts, b.s);
    free(b.s);
    w->oom |= r < 0;
    w->stop |= r != 0;
}

/* The same for a small k. */
static void
octal_big_emit(octal_big *w, uint64_t first, uint64_t k, bignum **parts,
               size_t nparts)
{
    bignum *kb = bignum_new();
    if (kb == NULL || bignum_set_u64(kb, k) != 0) {
        w->oom = 1;
    } else {
        octal_big_emit_k(w, first, kb, parts, nparts);
    }
    bignum_free(kb);
}

/* The option leaving parts[0..np) (ascending) after taking k (of any
 * size): words as the 64-bit path writes them, the stones of a split in
 * two counted from the left (the first part, of any size, then the k
 * taken). */
static void
octal_big_emit_parts(octal_big *w, const bignum *k, bignum **parts,
                     unsigned np)
{
    static const size_t arity[3] = {1, 1, 1};
    strbuf b = {0};
    bignum *at;
    int r;
    if (np != 2 || bignum_is_zero(k)) {
        octal_big_emit_k(w, 1, k, parts, np);
        return;
    }
    at = bignum_new();
    if (at == NULL || bignum_add_u64(at, parts[0], 1) != 0) {
        bignum_free(at);
        w->oom = 1;
        return;
    }
    util_sb_put(&b, bignum_cmp_u64(k, 1) == 0 ? "take stone "
                                              : "take stones ");
    util_sb_put_big(&b, at);
    if (bignum_cmp_u64(k, 1) > 0) {
        util_sb_put(&b, "-");
        if (bignum_add(at, parts[0], k) != 0) {
            b.oom = 1;
        }
        util_sb_put_big(&b, at);
    }
    util_sb_put(&b, " of row ");
    util_sb_put_u64(&b, w->c->index);
    util_sb_put(&b, " (");
    util_sb_put_big(&b, w->c->v[0]);
    util_sb_put(&b, " -> ");
    util_sb_put_big(&b, parts[0]);
    util_sb_put(&b, " + ");
    util_sb_put_big(&b, parts[1]);
    util_sb_put(&b, ")");
    r = b.oom ? -1 : move_emit_big(w->sink, w->c, 2, arity, parts, b.s);
    free(b.s);
    bignum_free(at);
    w->oom |= r < 0;
    w->stop |= r != 0;
}

/* G of a heap of any size: the certified period reduces a big one to
 * n0 + ((x - n0) mod p) (Guy-Smith: G(x + p) = G(x) for x >= n0). */
static uint64_t
octal_big_g(octal_big *w, const bignum *x)
{
    uint64_t v, xr, n0r;
    if (bignum_to_u64(x, &v)) {
        return octal_g(w->o, v);
    }
    if (bignum_divmod_u64(NULL, x, w->p, &xr) != 0) {
        w->oom = 1;
        return 0;
    }
    n0r = w->n0 % w->p;
    return octal_g(w->o, w->n0 + (xr + w->p - n0r) % w->p);
}

/* x = n - k - s for small k and s (n is big: no borrow past zero). */
static int
octal_big_rest(bignum *x, const bignum *n, uint64_t k, uint64_t s)
{
    bignum *t = bignum_new();
    int r = t == NULL || bignum_set_u64(t, k) != 0 ||
            bignum_add_u64(t, t, s) != 0 || bignum_sub(x, n, t) != 0;
    bignum_free(t);
    return r ? -1 : 0;
}

/* The options of a big heap n removing k (digit bits b) worth want: one
 * heap n - k, splits a + (n - k - a) and triples a + b + (n - k - a - b),
 * the small parts over representatives below n0 + p (any larger small
 * part has the value of one p below it, and so the same option values).
 * With --all a split of a big heap repeats for every period: refused. */
static grundy_status
octal_big_k(octal_big *w, uint64_t k, unsigned bits, uint64_t want,
            grundy_error *err)
{
    const bignum *n = w->c->v[0];
    bignum **t = w->t;
    uint64_t span = w->n0 + w->p;
    if ((bits & SGSEQ_ONE) && !w->stop) {
        if (octal_big_rest(t[0], n, k, 0) != 0) {
            w->oom = 1;
        } else if (octal_big_g(w, t[0]) == want) {
            octal_big_emit(w, 1, k, t, 1);
        }
    }
    if ((bits & SGSEQ_TWO) && !w->stop && !w->oom) {
        for (uint64_t a = 1; a < span && !w->stop && !w->oom; a++) {
            if (octal_big_rest(t[1], n, k, a) != 0 ||
                bignum_set_u64(t[0], a) != 0) {
                w->oom = 1;
            } else if ((octal_g(w->o, a) ^ octal_big_g(w, t[1])) == want) {
                if (move_sink_wants_all(w->sink)) {
                    goto too_many;
                }
                octal_big_emit(w, a + 1, k, t, 2);
            }
        }
    }
    if ((bits & SGSEQ_THREE) && !w->stop && !w->oom) {
        if (span > OCTAL_BIG_TRIPLE_SPAN) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "%s: splits in three of heaps beyond 2^64 - 1 "
                           "are searched when the period and preperiod "
                           "sum to at most %u (here %llu)", w->game->label,
                           OCTAL_BIG_TRIPLE_SPAN, (unsigned long long)span);
        }
        for (uint64_t a = 1; a < span && !w->stop && !w->oom; a++) {
            for (uint64_t b = a; b < span && !w->stop && !w->oom; b++) {
                if (octal_big_rest(t[2], n, k, a + b) != 0 ||
                    bignum_set_u64(t[0], a) != 0 ||
                    bignum_set_u64(t[1], b) != 0) {
                    w->oom = 1;
                } else if ((octal_g(w->o, a) ^ octal_g(w->o, b) ^
                            octal_big_g(w, t[2])) == want) {
                    if (move_sink_wants_all(w->sink)) {
                        goto too_many;
                    }
                    octal_big_emit(w, 0, k, t, 3);
                }
            }
        }
    }
    return GRUNDY_OK;
too_many:
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "heap %zu of %s: a split of a heap beyond 2^64 - 1 "
                   "stands for more winning moves than can be listed (one "
                   "can be shown)", w->c->index, w->game->label);
}

/* The certified period of a code (general codes), computed or refused:
 * a heap beyond 64 bits is answered only by reduction. */
static grundy_status
octal_big_period(octal_big *w, grundy_error *err)
{
    octal *o = w->game->state;
    sgseq_env env = octal_env(w->game);
    grundy_error why;
    grundy_status st = GRUNDY_OK;
    uint64_t g;
    /* Asking for heap 2^64 - 1 runs the period search as far as the
     * limits allow; its refusal speaks of that probe, not of the heap
     * the user gave, so only a limit that stopped the search is passed
     * on as it is (its advice says what to raise), and running out of
     * memory as itself. */
    if (!sgseq_certified(o->seq, &w->p, &w->n0)) {
        st = sgseq_value(o->seq, UINT64_MAX, &env, &g, &why);
    }
    if (st == GRUNDY_ENOMEM) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (st != GRUNDY_OK && why.limit != GRUNDY_LIMIT_NONE) {
        return err_set(err, GRUNDY_ELIMIT, -1, "heaps beyond 2^64 - 1 need "
                       "a certified period: %s", why.message);
    }
    if (!sgseq_certified(o->seq, &w->p, &w->n0)) {
        char num[48], reason[160];
        /* The number itself while short (a digit bound: exact or one
         * more); the message must stay within err->message. */
        if (bignum_dec_size(w->c->v[0]) <= 40 &&
            bignum_to_dec(w->c->v[0], num) == 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        sgseq_why_no_period(o->seq, &env, reason, sizeof reason);
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "heap %zu of %s (%s) is beyond 2^64 - 1, where only "
                       "a certified period gives values, and %s has no "
                       "certified period: %s", w->c->index, w->game->label,
                       bignum_dec_size(w->c->v[0]) <= 40
                           ? num : "a number of 40 digits or more",
                       w->game->label, reason);
    }
    return GRUNDY_OK;
}

/* G of a heap of any size of a code whose period has a saltus s:
 * G(n0 + i) + k s for n = n0 + i + k p (the certificate). -1 when out of
 * memory. */
static int
octal_big_gv(octal_big *w, const bignum *x, bignum *sg)
{
    uint64_t v, i, s = sgseq_saltus(w->o->seq);
    if (bignum_to_u64(x, &v) && v < w->n0 + w->p) {
        return bignum_set_u64(sg, octal_g(w->o, v));
    }
    if (bignum_set_u64(sg, w->n0) != 0 || bignum_sub(sg, x, sg) != 0 ||
        bignum_divmod_u64(sg, sg, w->p, &i) != 0 ||
        bignum_mul_u64(sg, sg, s) != 0) {
        return -1;
    }
    return bignum_add_u64(sg, sg, octal_g(w->o, w->n0 + i));
}

/* d(k) for a removal of any size (a repeating group reads k mod r). */
static unsigned
octal_big_digit(const octal *o, const bignum *k, int *oom)
{
    uint64_t v, r;
    if (bignum_to_u64(k, &v)) {
        return v == 0 ? 0 : octal_digit(o, v);
    }
    if (o->nrep == 0) {
        return 0;
    }
    /* k > 2^64 - 1 > rep_from: (k - rep_from) mod r. */
    if (bignum_divmod_u64(NULL, k, o->nrep, &r) != 0) {
        *oom = 1;
        return 0;
    }
    return o->rep[(r + o->nrep - o->rep_from % o->nrep) % o->nrep];
}

/*
 * The option of value want of a heap beyond 64 bits of a code whose
 * period has a saltus, or of a repeating code. Codes that split heaps:
 * the certificate's witness (sgseq_arith3_option_big). Repeating codes
 * whose moves leave one heap: as octal_cert_options, the heap m worth
 * want is n0 + i + j P (P = lcm(p, r); at most one j per i with a
 * saltus, any j without) or below n0, and n reaches it when d(n - m)
 * allows. Listing every option is refused.
 */
static grundy_status
octal_big_saltus_far(octal_big *w, const bignum *want, grundy_error *err)
{
    const octal *o = w->o;
    const bignum *n = w->c->v[0];
    bignum **t = w->t;
    uint64_t want64, step, ds;
    unsigned np;
    if (move_sink_wants_all(w->sink)) {
        return octal_all_refused(err, "heap", w->c->index, w->game->label,
                                 OCTAL_DIRECT_TRIPLES);
    }
    if (sgseq_split_certified(o->seq)) {
        bignum *parts[3] = {t[0], t[1], t[2]};
        int r = sgseq_arith3_option_big(o->seq, n, want, t[3], parts, &np);
        if (r < 0) {
            w->oom = 1;
        } else if (r > 0) {
            octal_big_emit_parts(w, t[3], parts, np);
        }
        return GRUNDY_OK;
    }
    step = w->p / im_gcd(w->p, o->nrep) * o->nrep;
    ds = step / w->p * sgseq_saltus(o->seq);
    for (uint64_t m = 0; m < w->n0 && bignum_to_u64(want, &want64) &&
                         !w->oom && !w->stop; m++) {
        if (octal_g(o, m) == want64 && bignum_set_u64(t[0], m) == 0 &&
            bignum_sub(t[3], n, t[0]) == 0 &&
            (octal_big_digit(o, t[3], &w->oom) &
             (m == 0 ? SGSEQ_NOTHING : SGSEQ_ONE))) {
            octal_big_emit_k(w, 1, t[3], t, m == 0 ? 0 : 1);
        }
    }
    for (uint64_t i = 0; i < step && !w->oom && !w->stop; i++) {
        uint64_t base = w->n0 + i, g0 = octal_g(o, base), rem;
        if (ds == 0) {
            /* An ordinary period: every base + j step is worth g0, and
             * n reaches all of them or none (n - m mod r is fixed): the
             * first. */
            if (bignum_cmp_u64(want, g0) != 0) {
                continue;
            }
            w->oom |= bignum_set_u64(t[0], 0) != 0;
            rem = 0;
        } else if (bignum_cmp_u64(want, g0) < 0 ||
                   bignum_set_u64(t[0], g0) != 0 ||
                   bignum_sub(t[0], want, t[0]) != 0 ||
                   bignum_divmod_u64(t[0], t[0], ds, &rem) != 0) {
            w->oom |= bignum_cmp_u64(want, g0) >= 0;
            continue;
        }
        /* m = base + j step, j = (want - g0) / ds; n - m removed. */
        if (rem != 0 || bignum_mul_u64(t[0], t[0], step) != 0 ||
            bignum_add_u64(t[0], t[0], base) != 0 ||
            bignum_cmp(t[0], n) >= 0 || bignum_sub(t[3], n, t[0]) != 0) {
            continue;
        }
        if (octal_big_digit(o, t[3], &w->oom) &
            (bignum_is_zero(t[0]) ? SGSEQ_NOTHING : SGSEQ_ONE)) {
            octal_big_emit_k(w, 1, t[3], t, bignum_is_zero(t[0]) ? 0 : 1);
        }
    }
    return GRUNDY_OK;
}

/* The closed forms on big heaps: Lasker's Nim (n - 1, n, n, n + 1 by n
 * mod 4), G(n) = n, and hex:0.8's floor((n - 1) / 3). */
static int
octal_big_closed(const octal *o, const bignum *n, bignum *sg)
{
    uint64_t r;
    if (o->identity) {
        return bignum_copy(sg, n);
    }
    if (bignum_is_zero(n)) {
        /* The empty heap, worth 0 (n - 1 below would not exist): a heap
         * 0 comes here beside a Lasker heap of 2^64 - 1, whose value
         * sends the whole position by the exact path. */
        return bignum_set_u64(sg, 0);
    }
    if (o->thirds) {
        return bignum_set_u64(sg, 1) != 0 || bignum_sub(sg, n, sg) != 0 ||
                       bignum_divmod_u64(sg, sg, 3, &r) != 0
                   ? -1
                   : 0;
    }
    if (bignum_divmod_u64(NULL, n, 4, &r) != 0 || bignum_set_u64(sg, 1)) {
        return -1;
    }
    return r == 0 ? bignum_sub(sg, n, sg)
           : r == 3 ? bignum_add(sg, n, sg)
                    : bignum_copy(sg, n);
}

static int octal_big_fits(grundy_game *game, const uint64_t *v, size_t n);

/* 1 when component c of a position answered in exact arithmetic (a
 * bigger number, or a value past 2^64 - 1, elsewhere in it) is a 64-bit
 * heap whose own value fits (octal_big_fits): the 64-bit path answers it,
 * value and options, certified period or not; its number in *n. */
static int
octal_big_small(grundy_game *game, const big_component *c, uint64_t *n)
{
    return bignum_to_u64(c->v[0], n) && octal_big_fits(game, n, 1);
}

static grundy_status
octal_big_value(grundy_game *game, const big_component *c, bignum *sg,
                grundy_error *err)
{
    octal *o = game->state;
    octal_big w = {game, o, c, NULL, 0, 0, {NULL}, 0, 0};
    grundy_status st;
    uint64_t n64, g;
    if (octal_big_small(game, c, &n64)) {
        if ((st = octal_value(game, &n64, 1, &g, err)) != GRUNDY_OK) {
            return st;
        }
        return bignum_set_u64(sg, g) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if (o->lasker || o->identity || o->thirds) {
        return octal_big_closed(o, c->v[0], sg) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if ((st = octal_big_period(&w, err)) != GRUNDY_OK) {
        return st;
    }
    if (sgseq_saltus(o->seq) != 0) {
        return octal_big_gv(&w, c->v[0], sg) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if (bignum_set_u64(sg, octal_big_g(&w, c->v[0])) != 0 || w.oom) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* The closed forms' option of value want (octal_thirds_one,
 * octal_lasker_one and the identity's heap want, on exact numbers). */
static void
octal_big_closed_option(octal_big *w, const bignum *want)
{
    const bignum *n = w->c->v[0];
    bignum **t = w->t;
    uint64_t r;
    if (w->o->thirds) {
        /* Take 1, leave a + b + b: a = 3v + 1, or 3v + 2 when n - 1 - a
         * would be odd; b = (n - 1 - a) / 2. */
        if (octal_big_closed(w->o, n, t[3]) != 0) {
            w->oom = 1;
        }
        if (w->oom || bignum_cmp(want, t[3]) >= 0) {
            return;
        }
        if (bignum_mul_u64(t[0], want, 3) != 0 ||
            bignum_add_u64(t[0], t[0], 1) != 0 ||
            bignum_sub(t[1], n, t[0]) != 0 ||
            bignum_divmod_u64(NULL, t[1], 2, &r) != 0 ||
            (r == 0 && bignum_add_u64(t[0], t[0], 1) != 0) ||
            bignum_set_u64(t[2], 1) != 0 ||
            bignum_add(t[2], t[2], t[0]) != 0 ||
            bignum_sub(t[1], n, t[2]) != 0 ||
            bignum_shr(t[1], t[1], 1) != 0 || bignum_copy(t[2], t[1]) != 0) {
            w->oom = 1;
            return;
        }
        if (bignum_cmp(t[0], t[1]) > 0) {
            bignum *a = t[0];
            t[0] = t[1];
            t[1] = t[2];
            t[2] = a;
        }
        octal_big_emit(w, 0, 1, t, 3);
        return;
    }
    /* m: the heap worth want (identity: want; Lasker: G^-1(want)). */
    if (bignum_divmod_u64(NULL, want, 4, &r) != 0 ||
        bignum_set_u64(t[1], 1) != 0 ||
        (!w->o->lasker || r == 1 || r == 2 || bignum_is_zero(want)
             ? bignum_copy(t[0], want)
             : r == 0 ? bignum_sub(t[0], want, t[1])
                      : bignum_add(t[0], want, t[1])) != 0) {
        w->oom = 1;
        return;
    }
    if (bignum_cmp(t[0], n) < 0) {
        /* Take n - m, leaving heap m (nothing when m = 0). */
        if (bignum_sub(t[2], n, t[0]) != 0) {
            w->oom = 1;
            return;
        }
        octal_big_emit_k(w, 1, t[2], t, bignum_is_zero(t[0]) ? 0 : 1);
    } else if (w->o->lasker && bignum_cmp(want, n) == 0 &&
               bignum_divmod_u64(NULL, n, 4, &r) == 0 && r == 3) {
        /* G(1) ^ G(n - 1) = 1 ^ (n - 1) = n. */
        if (bignum_set_u64(t[0], 1) != 0 || bignum_sub(t[1], n, t[0]) != 0) {
            w->oom = 1;
            return;
        }
        octal_big_emit(w, 0, 0, t, 2);
    }
}

/*
 * The options of a heap octal_big_small lets the 64-bit path answer:
 * octal_options with the same sink (a move renders alike whatever the
 * size of the other components). 1 when it applied (*st says how it
 * ended); 0 for the exact operations.
 */
static int
octal_big_small_heap(grundy_game *game, const big_component *c,
                     const bignum *want, move_sink *sink, grundy_status *st,
                     grundy_error *err)
{
    uint64_t n, w;
    component c64;
    if (!octal_big_small(game, c, &n)) {
        return 0;
    }
    if (!bignum_to_u64(want, &w) || w == GRUNDY_ANY_VALUE) {
        *st = GRUNDY_OK;   /* no option of a 64-bit value is worth more */
        return 1;
    }
    c64 = (component){&n, 1, c->index, NULL, 0, 0};
    *st = octal_options(game, &c64, w, sink, err);
    return 1;
}

static grundy_status
octal_big_options(grundy_game *game, const big_component *c,
                  const bignum *want, move_sink *sink, grundy_error *err)
{
    octal *o = game->state;
    octal_big w = {game, o, c, sink, 0, 0, {NULL}, 0, 0};
    grundy_status st = GRUNDY_OK;
    uint64_t want64;
    for (int i = 0; i < 4; i++) {
        w.oom |= (w.t[i] = bignum_new()) == NULL;
    }
    if (!w.oom && octal_big_small_heap(game, c, want, sink, &st, err)) {
        /* answered by the 64-bit path */
    } else if (!w.oom && (o->lasker || o->identity || o->thirds)) {
        if (move_sink_wants_all(sink)) {
            st = octal_all_refused(err, "heap", c->index, game->label,
                                   OCTAL_LASKER_DIRECT);
        } else {
            octal_big_closed_option(&w, want);
        }
    } else if (!w.oom && (st = octal_big_period(&w, err)) == GRUNDY_OK &&
               (sgseq_saltus(o->seq) != 0 || o->nrep > 0)) {
        /* A repeating group: its removals are not in o->run, so the
         * general loop below would miss them. */
        st = octal_big_saltus_far(&w, want, err);
    } else if (!w.oom && st == GRUNDY_OK && bignum_to_u64(want, &want64)) {
        /* A general code's values are below 2^16: a bigger want has no
         * option. */
        for (size_t i = 0; i < o->nrun && st == GRUNDY_OK && !w.stop &&
                           !w.oom; i++) {
            for (uint64_t k = o->run[i].lo; k <= o->run[i].hi &&
                                            st == GRUNDY_OK && !w.stop &&
                                            !w.oom; k++) {
                st = octal_big_k(&w, k, o->run[i].bits, want64, err);
                if (k == UINT64_MAX) {
                    break;
                }
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        bignum_free(w.t[i]);
    }
    if (st == GRUNDY_OK && w.oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return st;
}

/* Lasker's Nim at 2^64 - 1 is worth 2^64 (octal_lasker_g). A code
 * whose splits let values outgrow heaps (G(n + p) = G(n) + s, s > p:
 * octal:4.(7) has G(n) = 2n - 2) passes 2^64 - 1 near the top: its
 * period, certified here if need be (the probe's failure is left to the
 * 64-bit path, which meets it again and says so), decides. */
static int
octal_big_fits(grundy_game *game, const uint64_t *v, size_t n)
{
    octal *o = game->state;
    sgseq_env env;
    uint64_t g;
    grundy_error why;
    (void)n;
    if (o->lasker) {
        return v[0] != UINT64_MAX;
    }
    if (o->identity || o->thirds || !sgseq_may_outgrow(o->seq)) {
        return 1;
    }
    if (!sgseq_fits(o->seq, v[0])) {
        return 0;
    }
    if (v[0] < sgseq_length(o->seq) || sgseq_saltus(o->seq) != 0) {
        return 1;
    }
    env = octal_env(game);
    (void)sgseq_value(o->seq, v[0], &env, &g, &why);
    return sgseq_fits(o->seq, v[0]);
}

static const family_big octal_big_ops = {
    .value = octal_big_value,
    .options = octal_big_options,
    .fits = octal_big_fits,
};

/* ---- mirror strategies (docs/theory.md 8) ---------------------------- */

/* Checks of rows a ring's mirror test may make (each O(runs + group)). */
#define OCTAL_MIRROR_CHECKS ((uint64_t)1 << 16)

/* The least k (0 when d0 splits) whose move may take k stones from the
 * middle of row n and leave two equal non-empty rows (n - k)/2: bit 4 of
 * d(k) (two heaps), n - k even and at least 2. A subtraction game never
 * splits. d(k) and the parity of k repeat with period 2 nrep in the
 * group, so two rounds of it decide. */
static int
octal_mirror_k(const octal *o, uint64_t n, uint64_t *k)
{
    if (o->sub || n < 2) {
        return 0;
    }
    for (size_t i = 0; i < o->nrun; i++) {
        uint64_t lo = o->run[i].lo, hi = o->run[i].hi;
        if (!(o->run[i].bits & SGSEQ_TWO) || lo > n - 2) {
            continue;
        }
        hi = hi < n - 2 ? hi : n - 2;
        lo += (lo ^ n) & 1;
        if (lo <= hi) {
            *k = lo;
            return 1;
        }
    }
    for (uint64_t j = 0; o->nrep > 0 && j < 2 * o->nrep; j++) {
        uint64_t at = o->rep_from + j;
        if (at > n - 2) {
            break;
        }
        if ((o->rep[j % o->nrep] & SGSEQ_TWO) && ((at ^ n) & 1) == 0) {
            *k = at;
            return 1;
        }
    }
    return 0;
}

/*
 * The mirror strategy (family.h): a row with a central move leaving two
 * equal rows H + H = 0 is a win by it; a ring none of whose options is
 * worth 0 (no move takes it all, every move leaves a row with such a
 * move) is worth mex = 0. A ring's options are rows n - k (bit 2 of
 * d(k), k < n) or nothing (bit 1 of d(n)); a group reaching far below n
 * is not walked (0: not shown).
 */
static int
octal_mirror(grundy_game *game, const component *c, move_sink *sink)
{
    const octal *o = game->state;
    uint64_t n = c->v[0], k, checks = 0;
    unsigned bits;
    if (!c->ring) {
        octal_walk w = {o, game->label, c, sink, GRUNDY_ANY_VALUE, 0, 0, 0};
        if (!octal_mirror_k(o, n, &k)) {
            return 0;
        }
        if (sink != NULL) {
            octal_emit_split(&w, k, (n - k) / 2, (n - k) / 2);
        }
        return w.oom ? -1 : 1;
    }
    if ((o->nrun > 0 && o->run[0].lo == 0) ||
        (o->nrep > 0 && n > o->rep_from &&
         n - o->rep_from > OCTAL_MIRROR_CHECKS)) {
        return 0;   /* no rings (d0), or a group too long to walk */
    }
    for (k = 1; octal_next_k(o, &k, n, &bits); k++) {
        uint64_t mk;
        if (++checks > OCTAL_MIRROR_CHECKS ||
            (k == n && (bits & SGSEQ_NOTHING))) {
            return 0;   /* too many, or taking the whole ring leaves 0 */
        }
        if (k < n && (bits & SGSEQ_ONE) && !octal_mirror_k(o, n - k, &mk)) {
            return 0;
        }
        if (k == n) {
            break;
        }
    }
    return 1;
}

/* ---- the families ----------------------------------------------------- */

/* Every family of this file is a sequence of heap values: they differ in
 * name, rules and how the spec becomes rules, and share the rest. */
#define OCTAL_OPERATIONS                                                   \
    .destroy = octal_destroy, .max_numbers = 1, .value = octal_value,      \
    .flags = FAMILY_HEAP_GAME,                                             \
    .options = octal_options, .period = octal_period,                      \
    .ring_value = octal_ring_value, .footprint = octal_footprint,       \
    .canon = octal_canon,                                               \
    .sequence = octal_sequence, .big = &octal_big_ops,                  \
    .heap_span = octal_heap_span, .mirror = octal_mirror

const family octal_family = {
    .name = "octal",
    .info = {"octal:CODE",
             "take-and-break: digit dk of 0.d1d2... or 4.d1d2... says what "
             "removing k may leave (1 nothing, 2 one heap, 4 two); a "
             "group at the end repeats: 4.(3), 0.1(3)",
             "heap size n"},
    .unit = "row",
    .create = octal_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "a code, e.g. octal:0.07",
    OCTAL_OPERATIONS,
};

const family hex_family = {
    .name = "hex",
    .info = {"hex:CODE",
             "hexadecimal take-and-break: as octal, digits 0-f, bit 8 "
             "leaves three heaps; d0 in 0, 4, 8, c; e.g. hex:0.8, "
             "hex:8.(3)",
             "heap size n"},
    .unit = "row",
    .create = hex_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "a code, e.g. hex:0.8 or hex:8.(3)",
    OCTAL_OPERATIONS,
};

const family lasker_family = {
    .name = "lasker",
    .info = {"lasker", "Lasker's Nim: take any number from a heap, or split "
                       "a heap in two (= octal:4.(3))",
             "heap size n"},
    .unit = "row",
    .create = lasker_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:4.(3)",
    OCTAL_OPERATIONS,
};

const family stripes_family = {
    .name = "stripes",
    .info = {"stripes:K",
             "take exactly k in K adjacent stones from a row; the row may "
             "split in two (K = comma list, ranges a..b)",
             "row length n"},
    .unit = "row",
    .create = stripes_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "its lengths K, e.g. stripes:2 or stripes:1,5,6 or "
                  "stripes:1..10",
    OCTAL_OPERATIONS,
};

const family sub_family = {
    .name = "sub",
    .info = {"sub:S", "take s in S stones from one heap (S = comma list, "
                      "ranges a..b)",
             "heap size n"},
    .unit = "heap",
    .create = sub_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "its subtraction set S, e.g. sub:1,3,4 or sub:1..100",
    OCTAL_OPERATIONS,
};

const family kayles_family = {
    .name = "kayles",
    .info = {"kayles", "Kayles: knock down one pin or two adjacent pins "
                       "(= octal:0.77)",
             "row length n"},
    .unit = "row",
    .create = kayles_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:0.77",
    OCTAL_OPERATIONS,
};

const family dawson_family = {
    .name = "dawson",
    .info = {"dawson", "Dawson's Kayles: knock down two adjacent pins "
                       "(= octal:0.07)",
             "row length n"},
    .unit = "row",
    .create = dawson_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:0.07",
    OCTAL_OPERATIONS,
};
