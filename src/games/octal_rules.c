/*
 * octal_rules.c - take-and-break rules as data (struct octal, octal.h):
 * an octal or hexadecimal code with an optional repeating group, or a
 * list of removal sizes (stripes:K, sub:S), parsed into digit runs, with
 * the closed form they have if any. Computes no value, lists no option.
 */
#include "octal.h"

#include <stdlib.h>
#include <string.h>

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
int
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
grundy_status
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
grundy_status
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
             * proven here (docs/guide.md, numbers beyond 64 bits). */
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

size_t
octal_footprint(const grundy_game *game)
{
    const octal *o = game->state;
    return o == NULL ? 0 : sizeof *o + sgseq_footprint(o->seq);
}

void
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
