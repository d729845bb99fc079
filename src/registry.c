/*
 * registry.c - the list of game families, looked up by spec name.
 * Adding a game: one file in src/games/ defining NAME_family, and its
 * name in GRUNDY_FAMILIES below.
 */
#include "family.h"

#include <string.h>

/* Each family, in the order `grundy games` lists them. */
#define GRUNDY_FAMILIES(X)                                                 \
    X(nim) X(bounded) X(sub) X(stripes) X(octal) X(hex) X(kayles)         \
    X(dawson) X(lasker) X(grundy)                                          \
    X(fib) X(wythoff) X(ferguson) X(division)                             \
    X(staircase) X(moore) X(euclid)                                   \
    X(mock) X(ruler) X(corners) X(graph)

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

const grundy_family_info *
grundy_family_at(size_t i)
{
    return i < NFAMILIES ? &families[i]->info : NULL;
}
