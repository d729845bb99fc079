/*
 * registry.c - the list of game families, looked up by spec name.
 * Adding a game: one file in src/games/ and one line below.
 */
#include "family.h"

#include <string.h>

extern const family nim_family;
extern const family bounded_family;
extern const family sub_family;
extern const family stripes_family;
extern const family octal_family;
extern const family kayles_family;
extern const family dawson_family;
extern const family fib_family;
extern const family wythoff_family;
extern const family ferguson_family;
extern const family division_family;

static const family *const families[] = {
    &nim_family,
    &bounded_family,
    &sub_family,
    &stripes_family,
    &octal_family,
    &kayles_family,
    &dawson_family,
    &fib_family,
    &wythoff_family,
    &ferguson_family,
    &division_family,
};

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
