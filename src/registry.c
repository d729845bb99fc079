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
    X(fib) X(wythoff) X(ferguson) X(division)

#define GRUNDY_DECLARE(name) extern const family name##_family;
GRUNDY_FAMILIES(GRUNDY_DECLARE)

#define GRUNDY_ENTRY(name) &name##_family,
static const family *const families[] = {GRUNDY_FAMILIES(GRUNDY_ENTRY)};

#define NFAMILIES (sizeof families / sizeof families[0])

const family *
family_lookup(const char *name, size_t len)
{
    for (size_t i = 0; i < NFAMILIES; i++) {
        if (strlen(families[i]->name) == len &&
            memcmp(families[i]->name, name, len) == 0) {
            return families[i];
        }
    }
    return NULL;
}

const grundy_family_info *
grundy_family_at(size_t i)
{
    return i < NFAMILIES ? &families[i]->info : NULL;
}
