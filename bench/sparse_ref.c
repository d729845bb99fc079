/*
 * sparse_ref.c - a second, independent and deliberately simple sparse-
 * space computation of octal Grundy sequences, written for bench/octal.sh
 * to measure grundy's engine against (and to check its values). Only the
 * textbook method (docs/theory.md 3): a mask chosen from the value counts
 * at each power of two from 4096 on; a value is rare when
 * popcount(v & mask) is even. For heap n and a removal k with m = n - k:
 * the splits with a rare part give every common value (loop over the rare
 * heaps), the least common value not seen is the candidate c, and the
 * rare values below c are looked for in a plain scan of the splits.
 * No blocks, no vectors, no threads.
 *
 * Usage: sparse_ref CODE N   (CODE like 0.6; prints "N-1 G(N-1) SUM" where
 * SUM is the sum of i * G(i) mod 2^64, and "values/s" on stderr).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXV 4096u   /* values stay below this for the codes measured */

static int
parity(unsigned v)
{
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (int)(v & 1u);
}

int
main(int argc, char **argv)
{
    unsigned digit[32] = {0}, ndig = 0, mask = 0, nvals = 1;
    uint16_t *g;
    uint32_t *rare;
    size_t nrare = 0;
    uint64_t n, len, sum = 0, hist[MAXV] = {0};
    static unsigned char seen[MAXV];
    struct timespec t0, t1;
    const char *p;

    if (argc != 3 || strncmp(argv[1], "0.", 2) != 0) {
        fputs("usage: sparse_ref 0.DIGITS N\n", stderr);
        return 2;
    }
    for (p = argv[1] + 2; *p != '\0' && ndig < 31; p++) {
        digit[++ndig] = (unsigned)(*p - '0') & 7u;
    }
    len = strtoull(argv[2], NULL, 10);
    g = calloc(len + 1, sizeof *g);
    rare = malloc((len + 1) * sizeof *rare);
    if (g == NULL || rare == NULL) {
        return 3;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (n = 0; n < len; n++) {
        unsigned c, v, need = 0, span = 1;
        /* XORs of values below nvals stay below the power of two above. */
        while (span <= nvals) {
            span *= 2;
        }
        memset(seen, 0, span);
        for (unsigned k = 1; k <= ndig; k++) {
            if ((digit[k] & 1u) && k == n) {
                seen[0] = 1;
            }
            if ((digit[k] & 2u) && k < n) {
                seen[g[n - k]] = 1;
            }
            if ((digit[k] & 4u) && k + 2 <= n) {
                uint64_t m = n - k;
                if (mask == 0) {
                    for (uint64_t a = 1; 2 * a <= m; a++) {
                        seen[g[a] ^ g[m - a]] = 1;
                    }
                    continue;
                }
                /* A rare part: every common value comes from these. */
                for (size_t i = 0; i < nrare && rare[i] < m; i++) {
                    seen[g[rare[i]] ^ g[m - rare[i]]] = 1;
                }
            }
        }
        if (mask == 0) {
            for (v = 0; seen[v]; v++) {
            }
        } else {
            /* The candidate: the least common value not seen. */
            for (c = 0; c < MAXV && (seen[c] || !parity(c & mask)); c++) {
            }
            for (v = 0; v < c; v++) {
                need += !seen[v];
            }
            /* Rare values below c: scan the splits until all are seen. */
            for (unsigned k = 1; need > 0 && k <= ndig; k++) {
                uint64_t m = n - k;
                if (!(digit[k] & 4u) || k + 2 > n) {
                    continue;
                }
                for (uint64_t a = 1; need > 0 && 2 * a <= m; a++) {
                    unsigned x = g[a] ^ g[m - a];
                    if (x < c && !seen[x]) {
                        seen[x] = 1;
                        need--;
                    }
                }
            }
            for (v = 0; v < c && seen[v]; v++) {
            }
        }
        if (v >= MAXV) {
            fputs("sparse_ref: value too large\n", stderr);
            return 3;
        }
        g[n] = (uint16_t)v;
        hist[v]++;
        nvals = v + 1 > nvals ? v + 1 : nvals;
        sum += n * v;
        if (mask != 0 && n > 0 && !parity(v & mask)) {
            rare[nrare++] = (uint32_t)n;
        }
        if (n + 1 >= 4096 && ((n + 1) & n) == 0) {
            /* At each power of two: the mask with the fewest rare heaps
             * so far (the values grow, and the best mask with them). */
            uint64_t best = UINT64_MAX;
            for (unsigned m = 1; m < MAXV && m < 2 * nvals; m++) {
                uint64_t r = 0;
                for (unsigned x = 0; x < nvals; x++) {
                    r += parity(x & m) ? 0 : hist[x];
                }
                if (r < best) {
                    best = r;
                    mask = m;
                }
            }
            nrare = 0;
            for (uint64_t i = 1; i <= n; i++) {
                if (!parity(g[i] & mask)) {
                    rare[nrare++] = (uint32_t)i;
                }
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    {
        double s = (double)(t1.tv_sec - t0.tv_sec) +
                   (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("%llu %u %llu\n", (unsigned long long)(len - 1), g[len - 1],
               (unsigned long long)sum);
        fprintf(stderr, "sparse_ref: %llu values in %.2f s, %.0f values/s, "
                "mask %u, %zu rare heaps\n", (unsigned long long)len, s,
                (double)len / s, mask, nrare);
    }
    free(g);
    free(rare);
    return 0;
}
