/*
 * sgseq_bench.c - times the Grundy-sequence engine on one game: values of
 * heaps 0..N-1 by a chosen method, or the period search of many codes.
 * Prints figures only; bench/octal.sh runs it against its baselines.
 */
#include "sgseq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Rules of "0.d1d2..." / "4.d1d2..." or "stripes:k,k" into k/bits. */
static size_t
rules(const char *spec, uint64_t *k, unsigned *bits, size_t cap)
{
    size_t n = 0;
    if (strcmp(spec, "grundy") == 0) {
        return 0;   /* no digits: values() gives it its own rules */
    }
    if (strncmp(spec, "stripes:", 8) == 0) {
        const char *p = spec + 8;
        while (*p != '\0' && n < cap) {
            char *end;
            k[n] = strtoull(p, &end, 10);
            bits[n++] = 7;
            p = *end == ',' ? end + 1 : end;
        }
        return n;
    }
    if (spec[0] == '4') {
        k[n] = 0;
        bits[n++] = 4;
    }
    for (const char *p = spec + 2; *p != '\0' && n < cap; p++) {
        k[n] = (uint64_t)(p - spec - 1);
        bits[n++] = (unsigned)(*p - '0');
    }
    return n;
}

static int
values(const char *spec, uint64_t n, const char *method)
{
    uint64_t k[64], v;
    unsigned bits[64];
    size_t nk = rules(spec, k, bits, 64);
    /* "grundy": Grundy's game (d0 = 4, unequal splits), as grundy.c. */
    static const sgseq_run split = {0, 0, SGSEQ_TWO};
    sgseq_rules gr = {&split, 1, NULL, 0, 0, 1, 0};
    sgseq *s = strcmp(spec, "grundy") == 0
                   ? sgseq_new_rules(&gr, SGSEQ_NONE)
                   : sgseq_new(k, bits, nk, SGSEQ_GUY_SMITH);
    sgseq_env env = {(size_t)1 << 34, NULL, NULL, spec, 0};
    grundy_error err;
    sgseq_stats st;
    uint64_t len, fnv = UINT64_C(0xcbf29ce484222325);
    double t0, t1;
    clock_t c0, c1;

    if (s == NULL) {
        return 1;
    }
    sgseq_set_method(s, strcmp(method, "plain") == 0 ? SGSEQ_PLAIN
                                                     : SGSEQ_AUTO);
    /* "auto1": the engine on one thread. */
    sgseq_set_threads(s, strcmp(method, "auto1") == 0 ? 1 : 2);
    /* No period shortcut: the figure is for computing n values. */
    sgseq_set_certify(s, 0);
    t0 = now();
    c0 = clock();
    for (uint64_t x = 1024; ; x *= 2) {
        uint64_t target = x < n ? x : n;
        if (sgseq_value(s, target - 1, &env, &v, &err) != 0) {
            fprintf(stderr, "%s\n", err.message);
            return 1;
        }
        if (target == n || sgseq_length(s) < target) {
            break;
        }
    }
    t1 = now();
    c1 = clock();
    sgseq_get_stats(s, &st);
    /* FNV-1a of the values: two builds compared value by value. */
    len = sgseq_length(s);
    for (uint64_t i = 0; i < len; i++) {
        (void)sgseq_known(s, i, &v);
        fnv = (fnv ^ v) * UINT64_C(0x100000001b3);
    }
    printf("%-12s %-6s heaps=%llu computed=%llu time=%.3fs cpu=%.3fs "
           "rate=%.0f/s "
           "mask=%#x%s rare=%llu full_scans=%llu scanned=%llu max=%u "
           "fnv=%016llx\n",
           spec, method, (unsigned long long)n,
           (unsigned long long)sgseq_length(s), t1 - t0,
           (double)(c1 - c0) / CLOCKS_PER_SEC,
           (double)sgseq_length(s) / (t1 - t0), st.mask,
           st.heap_parity ? "+parity" : "", (unsigned long long)st.rare, (unsigned long long)st.full_scans,
           (unsigned long long)st.scanned,
           (unsigned)st.max_value, (unsigned long long)fnv);
    sgseq_free(s);
    return 0;
}

/* Period search of every code 0.d1d2, d1d2 from 01 to 77. */
static int
periods(uint64_t search, const char *method)
{
    double t0 = now(), t1;
    int found = 0, total = 0;
    for (unsigned code = 1; code < 64; code++) {
        char spec[8];
        uint64_t k[4];
        unsigned bits[4];
        size_t nk;
        sgseq *s;
        sgseq_env env = {(size_t)1 << 30, NULL, NULL, spec, 0};
        grundy_period per;
        grundy_error err;

        snprintf(spec, sizeof spec, "0.%u%u", code / 8, code % 8);
        nk = rules(spec, k, bits, 4);
        s = sgseq_new(k, bits, nk, SGSEQ_GUY_SMITH);
        if (s == NULL) {
            return 1;
        }
        sgseq_set_search_limit(s, search);
        if (strcmp(method, "plain") == 0) {
            sgseq_set_method(s, SGSEQ_PLAIN);
        }
        if (sgseq_period(s, &env, &per, &err) != 0) {
            fprintf(stderr, "%s: %s\n", spec, err.message);
            return 1;
        }
        total++;
        if (per.found) {
            found++;
            printf("%s p=%llu n0=%llu certified=%llu\n", spec,
                   (unsigned long long)per.period,
                   (unsigned long long)per.preperiod,
                   (unsigned long long)per.certified);
        } else {
            printf("%s no period up to %llu\n", spec,
                   (unsigned long long)per.searched);
        }
        sgseq_free(s);
    }
    t1 = now();
    printf("%s: codes=%d certified=%d time=%.3fs\n", method, total, found,
           t1 - t0);
    return 0;
}

int
main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "periods") == 0) {
        return periods(strtoull(argv[2], NULL, 10), argv[3]);
    }
    if (argc == 4) {
        return values(argv[1], strtoull(argv[2], NULL, 10), argv[3]);
    }
    fprintf(stderr, "usage: sgseq_bench CODE|stripes:K|grundy N plain|auto|auto1\n"
                    "       sgseq_bench periods SEARCH plain|auto\n");
    return 2;
}
