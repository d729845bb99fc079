/*
 * takebreak_bench.c - times the sequence engine on long and infinite move
 * sets (removal classes, sgclass.c) and on Grundy's game (unequal splits,
 * sparse space), each next to the plain definition (every k, every split,
 * mex) in the same run; the values of both are compared where both ran.
 * Usage: takebreak_bench GAME N [DEFN]   GAME: stripes-range K (stripes:
 * 1..K), repeat7 (octal:0.(7)), repeat13 (octal:0.1(3)), hex-repeat
 * (hex:0.(f)), grundy. N heaps by the engine, DEFN by the definition.
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

/* The digit of removal size k in the game. */
static unsigned
digit(const char *game, uint64_t kmax, uint64_t k)
{
    if (strcmp(game, "stripes-range") == 0) {
        return k >= 1 && k <= kmax ? 7u : 0u;
    }
    if (strcmp(game, "repeat7") == 0) {
        return k >= 1 ? 7u : 0u;
    }
    if (strcmp(game, "repeat13") == 0) {
        return k == 1 ? 1u : k >= 2 ? 3u : 0u;
    }
    if (strcmp(game, "hex-repeat") == 0) {
        return k >= 1 ? 15u : 0u;
    }
    return k == 0 ? 4u : 0u;   /* grundy: split, unequal below */
}

/* The definition: every k <= n, every way to leave 0..3 heaps, mex. */
static uint16_t *
definition(const char *game, uint64_t kmax, size_t len)
{
    uint16_t *g = calloc(len, sizeof *g);
    unsigned char *mark = calloc(1 << 16, 1);
    int unequal = strcmp(game, "grundy") == 0;
    if (g == NULL || mark == NULL) {
        exit(1);
    }
    for (size_t n = 0; n < len; n++) {
        unsigned v = 0;
        memset(mark, 0, 1 << 16);
        for (size_t k = 0; k <= n; k++) {
            unsigned d = digit(game, kmax, k);
            size_t m = n - k;
            if ((d & 1u) && k >= 1 && m == 0) {
                mark[0] = 1;
            }
            if ((d & 2u) && k >= 1 && m >= 1) {
                mark[g[m]] = 1;
            }
            if (d & 4u) {
                for (size_t a = 1; 2 * a <= m; a++) {
                    if (!(unequal && 2 * a == m)) {
                        mark[g[a] ^ g[m - a]] = 1;
                    }
                }
            }
            if (d & 8u) {
                for (size_t a = 1; 3 * a <= m; a++) {
                    for (size_t b = a; a + 2 * b <= m; b++) {
                        mark[g[a] ^ g[b] ^ g[m - a - b]] = 1;
                    }
                }
            }
        }
        while (mark[v]) {
            v++;
        }
        g[n] = (uint16_t)v;
    }
    free(mark);
    return g;
}

int
main(int argc, char **argv)
{
    const char *game;
    uint64_t kmax = 0, n, defn;
    sgseq_run run = {0, 0, 0};
    unsigned grp[1];
    sgseq_rules r;
    sgseq *s;
    sgseq_env env = {(size_t)1 << 33, NULL, NULL, "bench", 0};
    grundy_error err;
    uint64_t v = 0, mismatch = 0;
    double t0, t1;
    int arg = 1;

    if (argc < 3) {
        fprintf(stderr, "usage: takebreak_bench GAME [K] N [DEFN]\n");
        return 2;
    }
    game = argv[arg++];
    if (strcmp(game, "stripes-range") == 0) {
        kmax = strtoull(argv[arg++], NULL, 10);
    }
    n = strtoull(argv[arg++], NULL, 10);
    defn = arg < argc ? strtoull(argv[arg], NULL, 10) : 0;
    memset(&r, 0, sizeof r);
    if (strcmp(game, "stripes-range") == 0) {
        run.lo = 1;
        run.hi = kmax;
        run.bits = 7;
        r.run = &run;
        r.nrun = 1;
    } else if (strcmp(game, "grundy") == 0) {
        run.bits = 4;
        r.run = &run;
        r.nrun = 1;
        r.unequal = 1;
    } else {
        grp[0] = strcmp(game, "hex-repeat") == 0 ? 15u : 7u;
        if (strcmp(game, "repeat13") == 0) {
            run.lo = run.hi = 1;
            run.bits = 1;
            r.run = &run;
            r.nrun = 1;
            grp[0] = 3;
        }
        r.rep = grp;
        r.nrep = 1;
        r.rep_from = r.nrun > 0 ? 2 : 1;
    }
    s = sgseq_new_rules(&r, SGSEQ_NONE);
    if (s == NULL) {
        return 1;
    }
    sgseq_set_certify(s, 0);
    t0 = now();
    if (sgseq_value(s, n - 1, &env, &v, &err) != GRUNDY_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    t1 = now();
    printf("%s engine: %llu heaps in %.3fs (%.0f values/s)\n", game,
           (unsigned long long)n, t1 - t0, (double)n / (t1 - t0));
    if (defn > 0) {
        uint16_t *g;
        t0 = now();
        g = definition(game, kmax, (size_t)defn);
        t1 = now();
        for (uint64_t i = 0; i < defn && i < n; i++) {
            uint64_t e = UINT64_MAX;
            sgseq_known(s, i, &e);
            mismatch += e != g[i];
        }
        printf("%s definition: %llu heaps in %.3fs; %llu values differ\n",
               game, (unsigned long long)defn, t1 - t0,
               (unsigned long long)mismatch);
        free(g);
    }
    sgseq_free(s);
    return mismatch != 0;
}
