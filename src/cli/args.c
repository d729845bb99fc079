/*
 * args.c - number arguments of the grundy command: the leading decimal of
 * an option value and counts such as 1e14 (--work, grundy sg's count),
 * strictly parsed with range checks. Writes no message (the caller words
 * the usage error) and calls no other file of the command.
 */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

/* The decimal number starting s (a digit first: no sign, no blank) into
 * *v, *end past it; -1 when there is none or it passes 2^64 - 1. */
int
parse_leading(const char *s, char **end, unsigned long long *v)
{
    if (*s < '0' || *s > '9') {
        return -1;
    }
    errno = 0;
    *v = strtoull(s, end, 10);
    return errno != 0 ? -1 : 0;
}

/* Parses STEPS: a decimal number, optionally times a power of ten
 * written e<digits> (1e14). */
int
parse_steps(const char *s, unsigned long long *out)
{
    char *end;
    unsigned long long v;
    if (parse_leading(s, &end, &v) != 0) {
        return -1;
    }
    if (*end == 'e' || *end == 'E') {
        unsigned long exp;
        if (end[1] < '0' || end[1] > '9') {
            return -1;
        }
        exp = strtoul(end + 1, &end, 10);
        /* A product that would pass 2^64 - 1 is an error; 0 stays 0. */
        for (unsigned long e = 0; e < exp && v != 0; e++) {
            if (v > ULLONG_MAX / 10) {
                return -1;
            }
            v *= 10;
        }
    }
    if (*end != '\0') {
        return -1;
    }
    *out = v;
    return 0;
}
