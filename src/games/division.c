/*
 * division.c - the division game: a row of integers >= 1; a move picks one
 * or more numbers of the row and replaces each by a proper divisor. A row
 * is a Nim heap of size Omega(product) (prime factors with multiplicity);
 * 64-bit numbers are factored exactly (Miller-Rabin + Pollard rho).
 */
#include "family.h"
#include "intmath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DV_LIST_MAX 100000u /* most options listed for one row */

/* One prime power slot p^e of one number of the row. */
typedef struct dv_slot {
    size_t num;   /* index of the number in the row */
    uint64_t p;
    unsigned e;
} dv_slot;

typedef struct dv_row {
    size_t m;          /* numbers in the row */
    const uint64_t *x;
    dv_slot *slot;     /* all prime powers, number by number */
    size_t nslot;
    unsigned *take;    /* exponent removed from each slot */
    unsigned *suffix;  /* suffix[i]: exponents in slots i.. */
    uint64_t total;    /* Omega of the product */
} dv_row;

static void
dv_row_free(dv_row *row)
{
    free(row->slot);
    free(row->take);
    free(row->suffix);
}

static grundy_status
dv_row_init(dv_row *row, const uint64_t *x, size_t m, grundy_error *err)
{
    uint64_t p[64];
    memset(row, 0, sizeof *row);
    row->m = m;
    row->x = x;
    /* A 64-bit number has at most 15 distinct prime factors. */
    row->slot = malloc(m * 15 * sizeof *row->slot);
    row->take = calloc(m * 15 + 1, sizeof *row->take);
    row->suffix = calloc(m * 15 + 1, sizeof *row->suffix);
    if (row->slot == NULL || row->take == NULL || row->suffix == NULL) {
        dv_row_free(row);
        return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i < m; i++) {
        size_t k = im_factor(x[i], p);
        row->total += k;
        for (size_t j = 0; j < k; j++) {
            if (j > 0 && p[j] == p[j - 1]) {
                row->slot[row->nslot - 1].e++;
            } else {
                row->slot[row->nslot].num = i;
                row->slot[row->nslot].p = p[j];
                row->slot[row->nslot].e = 1;
                row->nslot++;
            }
        }
    }
    for (size_t i = row->nslot; i-- > 0;) {
        row->suffix[i] = row->suffix[i + 1] + row->slot[i].e;
    }
    return GRUNDY_OK;
}

/* Number of ways to remove exactly r exponents from slots i.. (saturating
 * at cap + 1). */
static uint64_t
dv_count(const dv_row *row, size_t i, uint64_t r, uint64_t cap)
{
    uint64_t n = 0;
    if (r > row->suffix[i]) {
        return 0;
    }
    if (i == row->nslot) {
        return 1;
    }
    for (uint64_t k = 0; k <= row->slot[i].e && k <= r; k++) {
        n += dv_count(row, i + 1, r - k, cap);
        if (n > cap) {
            return cap + 1;
        }
    }
    return n;
}

typedef struct dv_emit {
    move_sink *sink;
    const component *c;
    uint64_t *y;     /* resulting numbers */
    char *buf;       /* explanation text */
    size_t cap;
    int stop, nomem;
} dv_emit;

static void
dv_append(dv_emit *e, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n < e->cap) {
        memcpy(e->buf + *len, s, n + 1);
        *len += n;
    }
}

static void
dv_append_row(dv_emit *e, size_t *len, const uint64_t *v, size_t m)
{
    char d[24];
    for (size_t i = 0; i < m; i++) {
        if (i > 0) {
            dv_append(e, len, ",");
        }
        u64_to_dec(v[i], d);
        dv_append(e, len, d);
    }
}

/* Emits the option described by row->take. */
static void
dv_put(dv_row *row, dv_emit *e)
{
    size_t len = 0, arity = row->m, changed = 0;
    char d[24];
    int r;

    for (size_t i = 0; i < row->m; i++) {
        e->y[i] = row->x[i];
    }
    for (size_t s = 0; s < row->nslot; s++) {
        for (unsigned k = 0; k < row->take[s]; k++) {
            e->y[row->slot[s].num] /= row->slot[s].p;
        }
    }
    e->buf[0] = '\0';
    for (size_t i = 0; i < row->m; i++) {
        if (e->y[i] == row->x[i]) {
            continue;
        }
        dv_append(e, &len, changed++ == 0 ? "divide " : " and ");
        u64_to_dec(row->x[i], d);
        dv_append(e, &len, d);
        dv_append(e, &len, " by ");
        u64_to_dec(row->x[i] / e->y[i], d);
        dv_append(e, &len, d);
    }
    snprintf(d, sizeof d, "%zu", e->c->index);
    dv_append(e, &len, " in row ");
    dv_append(e, &len, d);
    dv_append(e, &len, " (");
    dv_append_row(e, &len, row->x, row->m);
    dv_append(e, &len, " -> ");
    dv_append_row(e, &len, e->y, row->m);
    dv_append(e, &len, ")");
    r = move_emit(e->sink, e->c, 1, &arity, e->y, e->buf);
    if (r != 0) {
        e->stop = 1;
        e->nomem = r < 0;
    }
}

/* Every way to remove exactly r exponents from slots i.., the largest
 * removals from the leftmost slots first (so the first option divides the
 * leftmost numbers by their smallest primes). */
static void
dv_walk(dv_row *row, dv_emit *e, size_t i, uint64_t r)
{
    if (e->stop || r > row->suffix[i]) {
        return;
    }
    if (i == row->nslot) {
        dv_put(row, e);
        return;
    }
    for (uint64_t k = row->slot[i].e < r ? row->slot[i].e : r;; k--) {
        row->take[i] = (unsigned)k;
        dv_walk(row, e, i + 1, r - k);
        if (k == 0 || e->stop) {
            break;
        }
    }
    row->take[i] = 0;
}

static grundy_status
dv_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    dv_row row;
    dv_emit e;
    uint64_t lo, hi, count = 0;
    grundy_status rc;
    (void)game;

    rc = dv_row_init(&row, c->v, c->n, err);
    if (rc != GRUNDY_OK) {
        return rc;
    }
    if (want == GRUNDY_ANY_VALUE) {
        lo = 1;
        hi = row.total;
    } else if (want < row.total) {
        lo = hi = row.total - want;
    } else {
        dv_row_free(&row);
        return GRUNDY_OK; /* options only have smaller totals */
    }
    if (move_sink_wants_all(sink) || want == GRUNDY_ANY_VALUE) {
        for (uint64_t r = lo; r <= hi && count <= DV_LIST_MAX; r++) {
            count += dv_count(&row, 0, r, DV_LIST_MAX);
        }
        if (count > DV_LIST_MAX) {
            dv_row_free(&row);
            return set_error(err, GRUNDY_ELIMIT, -1,
                             "division: row %zu has more than %u such moves; "
                             "they are not listed", c->index, DV_LIST_MAX);
        }
    }
    e.sink = sink;
    e.c = c;
    e.stop = 0;
    e.nomem = 0;
    /* Per number at most "divide X by Y and " plus X and Y in both
     * rows: under 110 bytes. */
    e.cap = 64 + c->n * 110;
    e.y = malloc(c->n * sizeof *e.y);
    e.buf = malloc(e.cap);
    if (e.y == NULL || e.buf == NULL) {
        rc = set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
        goto out;
    }
    for (uint64_t r = lo; r <= hi && !e.stop; r++) {
        dv_walk(&row, &e, 0, r);
    }
    if (e.nomem) {
        rc = set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
out:
    free(e.y);
    free(e.buf);
    dv_row_free(&row);
    return rc;
}

static grundy_status
dv_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    uint64_t total = 0, p[64];
    (void)game;
    (void)err;
    for (size_t i = 0; i < n; i++) {
        total += im_factor(v[i], p);
    }
    *sg = total;
    return GRUNDY_OK;
}

static grundy_status
dv_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    uint64_t t;
    grundy_status rc = dv_value(game, c->v, c->n, &t, err);
    if (rc != GRUNDY_OK) {
        return rc;
    }
    if (!misere) {
        /* A Nim heap of size t: win iff t > 0, by taking it to 0. */
        *win = t != 0;
        return *win ? dv_options(game, c, 0, sink, err) : GRUNDY_OK;
    }
    /* Misere: every row of total t has options of every total below t
     * and only those, so by induction it plays like a Nim heap of size t
     * in misere too: the mover loses iff t == 1 (t == 0: no move, the
     * mover wins); from t >= 2 the winning moves leave total 1. */
    *win = t != 1;
    return t >= 2 ? dv_options(game, c, 1, sink, err) : GRUNDY_OK;
}

static grundy_status
dv_create(grundy_game *game, const char *param, size_t len,
          grundy_error *err)
{
    (void)len;
    game->state = NULL;
    if (param != NULL) {
        return set_error(err, GRUNDY_ESPEC, -1,
                         "division takes no parameter (write 'division')");
    }
    return GRUNDY_OK;
}

static grundy_status
dv_check(const grundy_game *game, const uint64_t *v, size_t n,
         grundy_error *err)
{
    (void)game;
    for (size_t i = 0; i < n; i++) {
        if (v[i] == 0) {
            return set_error(err, GRUNDY_EPOSITION, -1,
                             "division: number %zu of the row is 0; every "
                             "number is at least 1", i + 1);
        }
    }
    return GRUNDY_OK;
}

/* Rows are Nim heaps of size Omega in misere play as well (see
 * dv_solve_alone), so misere sums follow the misere Nim rule. */
const family division_family = {
    "division",
    {"division",
     "replace one or more numbers of the row by proper divisors",
     "row x1,x2,... (>= 1)"},
    "row",
    FAMILY_MISERE_NIMLIKE | FAMILY_CLOSED_FORM,
    dv_create,
    NULL,
    dv_check,
    dv_value,
    dv_options,
    dv_solve_alone,
    NULL,
    NULL,
    NULL,
};
