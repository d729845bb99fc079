/*
 * graph_ref.c - for bench/graph.sh: writes a random acyclic rules file
 * for graph:FILE, and computes a vertex's Grundy value by the plain
 * definition (the file read naively, names found by a linear scan, mex
 * by memoised recursion), the reference grundy is timed beside.
 *   graph_ref gen N D SEED   N vertices v0..v{N-1}, each with up to D
 *                            moves to random later vertices
 *   graph_ref ref FILE V     the value of vertex V
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng;

static unsigned long long
next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int
gen(long n, long d, unsigned long long seed)
{
    rng = seed * 2654435761u + 88172645463325252u;
    for (long v = 0; v < n; v++) {
        printf("v%ld:", v);
        for (long k = 0; k < d && v + 1 < n; k++) {
            printf(" v%lld", (long long)(v + 1 + (long)(next() %
                                                        (unsigned long long)(n - v - 1))));
        }
        putchar('\n');
    }
    return 0;
}

static char **names;
static long nv, cap;
static long **moves;
static long *nmoves;
static long *memo;

static long
find(const char *s)
{
    for (long i = 0; i < nv; i++) {
        if (strcmp(names[i], s) == 0) {
            return i;
        }
    }
    if (nv == cap) {
        cap = cap * 2 + 16;
        names = realloc(names, (size_t)cap * sizeof *names);
        moves = realloc(moves, (size_t)cap * sizeof *moves);
        nmoves = realloc(nmoves, (size_t)cap * sizeof *nmoves);
    }
    names[nv] = strdup(s);
    moves[nv] = NULL;
    nmoves[nv] = 0;
    return nv++;
}

static long
value(long v)
{
    long m = 0;
    if (memo[v] >= 0) {
        return memo[v];
    }
    for (;; m++) {
        long k = 0;
        while (k < nmoves[v] && value(moves[v][k]) != m) {
            k++;
        }
        if (k == nmoves[v]) {
            break;
        }
    }
    return memo[v] = m;
}

static int
ref(const char *file, const char *vertex)
{
    static char line[1 << 20];
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        perror(file);
        return 2;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':'), *tok;
        long key;
        if (colon == NULL) {
            continue;
        }
        *colon = '\0';
        key = find(line);
        for (tok = strtok(colon + 1, " \n"); tok != NULL;
             tok = strtok(NULL, " \n")) {
            long w = find(tok);
            moves[key] = realloc(moves[key],
                                 (size_t)(nmoves[key] + 1) * sizeof **moves);
            moves[key][nmoves[key]++] = w;
        }
    }
    fclose(f);
    memo = malloc((size_t)nv * sizeof *memo);
    memset(memo, -1, (size_t)nv * sizeof *memo);
    printf("%ld\n", value(find(vertex)));
    return 0;
}

int
main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "gen") == 0) {
        return gen(atol(argv[2]), atol(argv[3]),
                   strtoull(argv[4], NULL, 10));
    }
    if (argc == 4 && strcmp(argv[1], "ref") == 0) {
        return ref(argv[2], argv[3]);
    }
    fprintf(stderr, "usage: graph_ref gen N D SEED | ref FILE V\n");
    return 2;
}
