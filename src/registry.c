/*
 * registry.c - the list of game families, looked up by spec name.
 * Adding a game: one file in src/games/ defining NAME_family, and its
 * name in GRUNDY_FAMILIES below.
 */
#include "family.h"

#include <stdio.h>
#include <string.h>

/* A test build may register one family more at the end (tests/extra:
 * -DGRUNDY_EXTRA_FAMILY=NAME), to see it join every list of games. */
#ifdef GRUNDY_EXTRA_FAMILY
#define GRUNDY_EXTRA_NAMED(X, name) X(name) /* name expanded first */
#define GRUNDY_EXTRA(X) GRUNDY_EXTRA_NAMED(X, GRUNDY_EXTRA_FAMILY)
#else
#define GRUNDY_EXTRA(X)
#endif

/* Each family, in the order `grundy games` lists them. */
#define GRUNDY_FAMILIES(X)                                                 \
    X(nim) X(bounded) X(sub) X(stripes) X(octal) X(hex) X(kayles)         \
    X(dawson) X(lasker) X(grundy)                                          \
    X(fib) X(wythoff) X(ferguson) X(division)                             \
    X(staircase) X(moore) X(euclid)                                   \
    X(mock) X(ruler) X(corners) X(hackenbush) X(half) X(graph)           \
    GRUNDY_EXTRA(X)

#define GRUNDY_DECLARE(name) extern const family name##_family;
GRUNDY_FAMILIES(GRUNDY_DECLARE)

#define GRUNDY_ENTRY(name) &name##_family,
static const family *const families[] = {GRUNDY_FAMILIES(GRUNDY_ENTRY)};

#define NFAMILIES (sizeof families / sizeof families[0])

const family *
registry_lookup(const char *name, size_t len)
{
    for (size_t i = 0; i < NFAMILIES; i++) {
        if (strlen(families[i]->name) == len &&
            memcmp(families[i]->name, name, len) == 0) {
            return families[i];
        }
    }
    return NULL;
}

static int
fold(char ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

/* The optimal-string-alignment distance between a (any case) and b:
 * insertions, deletions, substitutions and swaps of neighbours, the
 * usual typing slips; capped at 9 (names longer than 15 are far off). */
static size_t
edit_distance(const char *a, size_t n, const char *b)
{
    size_t m = strlen(b), d[17][17];
    if (n > 15 || m > 15) {
        return 9;
    }
    for (size_t i = 0; i <= n; i++) {
        for (size_t j = 0; j <= m; j++) {
            size_t best = i > j ? i : j;
            if (i > 0 && j > 0) {
                size_t sub = d[i - 1][j - 1] + (fold(a[i - 1]) != b[j - 1]);
                size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
                best = sub < del ? sub : del;
                best = ins < best ? ins : best;
                if (i > 1 && j > 1 && fold(a[i - 1]) == b[j - 2] &&
                    fold(a[i - 2]) == b[j - 1] && d[i - 2][j - 2] + 1 < best) {
                    best = d[i - 2][j - 2] + 1;
                }
            }
            d[i][j] = best;
        }
    }
    return d[n][m];
}

const char *
registry_suggest(const char *name, size_t len)
{
    const char *best = NULL;
    /* One slip in a short name, two in a longer one; more is a guess. */
    size_t best_d = len <= 4 ? 2 : 3;
    for (size_t i = 0; i < NFAMILIES; i++) {
        size_t d = edit_distance(name, len, families[i]->name);
        if (d < best_d) {
            best = families[i]->name;
            best_d = d;
        }
    }
    return best;
}

grundy_status
registry_param(const family *fam, const char *param, size_t len,
               grundy_error *err)
{
    if (fam->param == FAMILY_PARAM_NONE && param != NULL) {
        if (fam->param_text != NULL) {
            return err_set(err, GRUNDY_ESPEC, 0, "%s takes no parameter (%s)",
                           fam->name, fam->param_text);
        }
        return err_set(err, GRUNDY_ESPEC, 0,
                       "%s takes no parameter (write '%s')", fam->name,
                       fam->name);
    }
    if (fam->param == FAMILY_PARAM_REQUIRED && (param == NULL || len == 0)) {
        return err_set(err, GRUNDY_ESPEC, 0, "%s needs %s", fam->name,
                       fam->param_text != NULL ? fam->param_text
                                               : "a parameter after ':'");
    }
    return GRUNDY_OK;
}

grundy_status
registry_check(const grundy_game *game, const uint64_t *v, size_t n,
               grundy_error *err)
{
    const family *fam = game->family;
    size_t lo = fam->min_numbers != 0 ? fam->min_numbers : 1;
    if (n < lo || (fam->max_numbers != 0 && n > fam->max_numbers)) {
        if (fam->max_numbers == 1) {
            return err_set(err, GRUNDY_EPOSITION, -1,
                           "a %s %s is one number, not %zu joined by "
                           "commas: separate %ss with spaces (%s 3 4)",
                           game->label, fam->unit, n, fam->unit,
                           game->label);
        }
        if (fam->arity_text != NULL) {
            return err_set(err, GRUNDY_EPOSITION, -1,
                           "%s: %s, not %zu number%s", fam->name,
                           fam->arity_text, n, n == 1 ? "" : "s");
        }
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "a %s %s is %zu to %zu numbers joined by commas, "
                       "not %zu", game->label, fam->unit, lo,
                       fam->max_numbers, n);
    }
    return fam->check != NULL ? fam->check(game, v, n, err) : GRUNDY_OK;
}

/* 1 when fam is of every class in `want` (REGISTRY_* in
 * grundy_private.h): classes are read from the family's flags and slots,
 * never from its name, so that a new family joins every list it belongs
 * to by what it provides. */
static int
of_class(const family *fam, unsigned want)
{
    int nimlike = (fam->flags & FAMILY_MISERE_NIMLIKE) != 0;
    const struct {
        unsigned bit;
        int has;
    } test[] = {
        {REGISTRY_BIG, fam->big != NULL && !fam->big->words_only},
        {REGISTRY_BIG_ALONE,
         fam->big != NULL && !fam->big->words_only &&
             fam->big->solve_alone != NULL},
        {REGISTRY_SEQUENCE, fam->sequence != NULL},
        {REGISTRY_NO_SEQUENCE, fam->sequence == NULL},
        {REGISTRY_NIMLIKE, nimlike},
        {REGISTRY_NOT_NIMLIKE, !nimlike},
        {REGISTRY_ALONE, fam->solve_alone != NULL},
        {REGISTRY_HEAP_GAME, (fam->flags & FAMILY_HEAP_GAME) != 0},
        {REGISTRY_RINGS, fam->ring_value != NULL},
        {REGISTRY_NO_MISERE, fam->no_misere != NULL},
    };
    for (size_t i = 0; i < sizeof test / sizeof test[0]; i++) {
        if ((want & test[i].bit) && !test[i].has) {
            return 0;
        }
    }
    return 1;
}

/* A list being written into b[0..cap): len counts every byte asked for,
 * also past cap (snprintf's rule), so the caller sees what did not fit;
 * b stays NUL-terminated. */
typedef struct list_out {
    char *b;
    size_t cap, len;
} list_out;

static void
list_put(list_out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->cap > 0 && o->len < o->cap - 1) {
        size_t k = o->cap - 1 - o->len;
        k = n < k ? n : k;
        memcpy(o->b + o->len, s, k);
        o->b[o->len + k] = '\0';
    }
    o->len += n;
}

/* The separator before item i of n: ", ", and the style's word before
 * the last (" and ", " or "; ", or " when comma is set). */
static void
list_sep(list_out *o, size_t i, size_t n, unsigned style, int comma)
{
    if (i == 0) {
        return;
    }
    if (i + 1 < n || !(style & (REGISTRY_AND | REGISTRY_OR))) {
        list_put(o, ", ");
        return;
    }
    list_put(o, comma ? ", " : " ");
    list_put(o, style & REGISTRY_OR ? "or " : "and ");
}

/* The families m[0..n) as the style says: names, or with
 * REGISTRY_UNITS the families of one unit as one item, in the order of
 * their first ("fib pile, wythoff, ferguson or euclid pair, or moore
 * game"). */
static void
list_full(list_out *o, const family *const *m, size_t n, unsigned style)
{
    const family *order[sizeof families / sizeof families[0]];
    size_t start[sizeof families / sizeof families[0] + 1], groups = 0;
    size_t k = 0;
    int multi = 0;
    for (size_t i = 0; i < n; i++) {
        int first = 1;
        for (size_t j = 0; j < i && (style & REGISTRY_UNITS); j++) {
            first &= strcmp(m[j]->unit, m[i]->unit) != 0;
        }
        if (!first) {
            continue;
        }
        start[groups++] = k;
        for (size_t j = i; j < n; j++) {
            if (j == i || ((style & REGISTRY_UNITS) &&
                           strcmp(m[j]->unit, m[i]->unit) == 0)) {
                order[k++] = m[j];
            }
        }
    }
    start[groups] = k;
    for (size_t g = 0; g + 1 < groups; g++) {
        multi |= start[g + 1] - start[g] > 1;
    }
    for (size_t g = 0; g < groups; g++) {
        size_t size = start[g + 1] - start[g];
        list_sep(o, g, groups, style,
                 (style & REGISTRY_UNITS) && (groups > 2 || multi));
        for (size_t i = 0; i < size; i++) {
            list_sep(o, i, size, style, 0);
            list_put(o, order[start[g] + i]->name);
        }
        if (style & REGISTRY_UNITS) {
            list_put(o, " ");
            list_put(o, order[start[g]]->unit);
        }
    }
}

size_t
registry_list(unsigned want, unsigned style, char *buf, size_t cap)
{
    const family *m[sizeof families / sizeof families[0]];
    size_t n = 0;
    list_out o = {buf, cap, 0};
    for (size_t i = 0; i < NFAMILIES; i++) {
        if (of_class(families[i], want)) {
            m[n++] = families[i];
        }
    }
    if (cap > 0) {
        buf[0] = '\0';
    }
    list_full(&o, m, n, style);
    /* Too long for the room given (a message within its 511 bytes): the
     * first names that fit and how many more there are, never a name cut
     * in the middle. */
    for (size_t k = n; o.len >= cap && k-- > 0;) {
        char more[48];
        snprintf(more, sizeof more, "%s%zu more", k > 0 ? " and " : "",
                 n - k);
        o.len = 0;
        if (cap > 0) {
            buf[0] = '\0';
        }
        for (size_t i = 0; i < k; i++) {
            list_put(&o, i > 0 ? ", " : "");
            list_put(&o, m[i]->name);
        }
        list_put(&o, more);
    }
    return o.len < cap ? o.len : (cap > 0 ? cap - 1 : 0);
}

const grundy_family_info *
grundy_family_at(size_t i)
{
    return i < NFAMILIES ? &families[i]->info : NULL;
}
