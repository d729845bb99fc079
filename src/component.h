/*
 * component.h - a component of a position as its family sees it: its
 * numbers (64-bit, or exact beyond 64 bits) and its place; and the
 * helper that copies its number into a move's words. The family decides
 * what the numbers mean; the solver never looks inside.
 */
#ifndef GRUNDY_COMPONENT_H
#define GRUNDY_COMPONENT_H

#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct bignum;

/* One component of a position: its numbers and its 1-based place among all
 * components of the position (for words like "heap 3"). */
typedef struct component {
    const uint64_t *v;
    size_t n;
    size_t index;
    const char *text;   /* a single number as the input wrote it, when
                           that is its decimal form (no leading zero):
                           words may copy it; else NULL */
    size_t textlen;
    int ring;           /* a circle of v[0] stones ("@n"): only in
                           families with ring_value */
} component;

/* A component with a number beyond 2^64 - 1: all its numbers, exact
 * (bignum.h), and its 1-based place among the position's components. */
typedef struct big_component {
    struct bignum *const *v;
    size_t n;
    size_t index;
} big_component;

/* The single number of c: copied from the input where c->text has it,
 * else formatted. */
static inline char *
put_heap(char *p, const component *c)
{
    if (c->text != NULL) {
        memcpy(p, c->text, c->textlen);
        return p + c->textlen;
    }
    return put_u64(p, c->v[0]);
}

/* The words of the move heap c -> m (m below c's one number), "take K
 * from heap I (N -> M)", into buf (128 bytes), NUL-terminated; returns
 * their length. Inline: families answer plain lines with it. */
static inline int
put_take_words(char *buf, const component *c, uint64_t m)
{
    char *p = buf;
    p = put_str(p, "take ");
    p = put_u64(p, c->v[0] - m);
    p = put_str(p, " from heap ");
    p = put_u64(p, c->index);
    p = put_str(p, " (");
    p = put_heap(p, c);
    p = put_str(p, " -> ");
    p = put_u64(p, m);
    p = put_str(p, ")");
    *p = '\0';
    return (int)(p - buf);
}

#endif
