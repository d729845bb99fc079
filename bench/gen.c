/*
 * gen.c - writes benchmark inputs: LINES lines of K random 64-bit numbers,
 * each line prefixed by PREFIX and numbers joined by SEP (a space for
 * heaps, a comma for wythoff pairs). Deterministic (fixed seed).
 * usage: gen LINES K [PREFIX] [SEP]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t
next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

int
main(int argc, char **argv)
{
    uint64_t seed = 88172645463325252ULL;
    unsigned long lines, k;
    const char *prefix, *sep;
    if (argc < 3) {
        fputs("usage: gen LINES K [PREFIX] [SEP]\n", stderr);
        return 2;
    }
    lines = strtoul(argv[1], NULL, 10);
    k = strtoul(argv[2], NULL, 10);
    prefix = argc > 3 ? argv[3] : "";
    sep = argc > 4 ? argv[4] : " ";
    for (unsigned long i = 0; i < lines; i++) {
        fputs(prefix, stdout);
        for (unsigned long j = 0; j < k; j++) {
            printf("%s%llu", j > 0 ? sep : "",
                   (unsigned long long)next(&seed));
        }
        putchar('\n');
    }
    return 0;
}
