/*
 * hackenbush_literal.c - the value of one Green Hackenbush picture by its
 * definition, for bench/hackenbush.sh to set beside grundy: a position is
 * the set of edges still standing (a bit mask, pictures of at most 64
 * edges); its options cut one edge and drop, by a plain search from the
 * ground, whatever no longer reaches it; its value is the mex of theirs,
 * memoised in a hash table. Usage: hackenbush_literal 'a-b,c-d,...'
 * (vertex numbers below 4096). Prints the value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned ea[64], eb[64];
static int ne;
static uint64_t *keys;
static unsigned char *vals;
static size_t cap = (size_t)1 << 24;

/* The edges of mask that still reach the ground. */
static uint64_t
grounded(uint64_t mask)
{
    static unsigned char reach[4096];
    uint64_t out = 0;
    int grew = 1;
    memset(reach, 0, sizeof reach);
    reach[0] = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < ne; i++) {
            if ((mask >> i & 1) && reach[ea[i]] != reach[eb[i]]) {
                reach[ea[i]] = reach[eb[i]] = 1;
                grew = 1;
            }
        }
    }
    for (int i = 0; i < ne; i++) {
        if ((mask >> i & 1) && reach[ea[i]]) {
            out |= (uint64_t)1 << i;
        }
    }
    return out;
}

static unsigned
value(uint64_t mask)
{
    size_t at = (size_t)((mask * 0x9e3779b97f4a7c15u) >> 40) & (cap - 1);
    unsigned char seen[66] = {0};
    unsigned g = 0;
    if (mask == 0) {
        return 0;
    }
    for (; keys[at] != 0; at = (at + 1) & (cap - 1)) {
        if (keys[at] == mask) {
            return vals[at];
        }
    }
    for (int i = 0; i < ne; i++) {
        if (mask >> i & 1) {
            seen[value(grounded(mask & ~((uint64_t)1 << i)))] = 1;
        }
    }
    while (seen[g]) {
        g++;
    }
    at = (size_t)((mask * 0x9e3779b97f4a7c15u) >> 40) & (cap - 1);
    while (keys[at] != 0) {
        at = (at + 1) & (cap - 1);
    }
    keys[at] = mask;
    vals[at] = (unsigned char)g;
    return g;
}

int
main(int argc, char **argv)
{
    const char *s = argc > 1 ? argv[1] : "";
    char *end;
    keys = calloc(cap, sizeof *keys);
    vals = calloc(cap, 1);
    if (keys == NULL || vals == NULL) {
        return 1;
    }
    while (*s != '\0' && ne < 64) {
        ea[ne] = (unsigned)strtoul(s, &end, 10) % 4096;
        eb[ne] = (unsigned)strtoul(end + 1, &end, 10) % 4096;
        ne++;
        s = *end == ',' ? end + 1 : end;
    }
    printf("%u\n", value(grounded(ne == 64 ? ~(uint64_t)0
                                           : ((uint64_t)1 << ne) - 1)));
    return 0;
}
