/*
 * lines.c - line mode of the grundy command: one position per line of
 * -f FILE or stdin, one output record per line in input order, bad lines
 * reported as FILE:LINE and skipped. It opens the input, sets up the
 * reader (reader.c) and hands the lines to the threaded rounds
 * (rounds.c), which fall back on one line after another (sequential.c).
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* sysconf for thread_count */
#endif
#include "lines.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h> /* mallopt for big_blocks_apart */
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

/* Worker threads for a stream: --threads, else one per online CPU. */
static int
thread_count(const cli *c)
{
    long n = c->threads;
#if defined(_SC_NPROCESSORS_ONLN)
    if (n == 0) {
        n = sysconf(_SC_NPROCESSORS_ONLN);
    }
#endif
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

/* Blocks from this size on are mapped apart from the arenas. */
#define BIG_BLOCK ((size_t)1 << 18)

/* glibc maps a block of 128 KiB or more apart from its arenas, and
 * returns it to the system when it is freed, but raises that threshold
 * to the largest such block freed (up to 32 MiB): after the first table
 * dropped, tables came from the arenas, and the ones a stream drops
 * stayed resident there beside the kept ones until a malloc_trim. A
 * fixed threshold keeps every table of 256 KiB or more apart, so that a
 * dropped table goes back at once. The stream of tests/memory_rss.sh at
 * --memory 64M peaked at 80 to 82 MB on one thread and 94 to 110 MB on
 * eight; with this and the main thread's give_back at an eighth, 73 MB
 * and 77 to 89 MB, for about half a second more system time (1.2 to 1.8
 * s of CPU in all): each of its 1,000 tables of 1 to 2 MB is faulted in
 * afresh instead of reusing the arena's pages. */
static void
big_blocks_apart(void)
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)BIG_BLOCK);
#endif
}

int
run_lines(cli *c, grundy_game *fixed)
{
    reader r = {0};
    const char *name = c->file != NULL && strcmp(c->file, "-") != 0
                           ? c->file : "<stdin>";
    int status, n = thread_count(c);

    r.f = name[0] == '<' ? stdin : fopen(c->file, "rb");
    if (r.f == NULL) {
        fprintf(stderr, "grundy: cannot open %s: %s\n", c->file,
                strerror(errno));
        return EXIT_IO;
    }
    if (reader_is_directory(r.f, name)) {
        if (r.f != stdin) {
            fclose(r.f);
        }
        return EXIT_IO;
    }
    big_blocks_apart();
    r.memory = grundy_ctx_memory_limit(c->ctx);
    r.max = r.memory < MAX_LINE ? r.memory : MAX_LINE;
    r.cap = r.max < ((size_t)1 << 16) ? r.max : (size_t)1 << 16;
    if ((r.buf = malloc(r.cap + PLAIN_LINE_PAD)) == NULL) {
        fprintf(stderr, "grundy: %s:1: out of memory: stopped before this "
                "line\n", name);
        status = EXIT_LIMIT;
    } else {
        status = reader_skip_bom(&r, name) != 0
                     ? EXIT_INVALID
                     : run_lines_rounds(c, &r, name, fixed, n);
    }
    free(r.buf);
    if (r.f != stdin) {
        fclose(r.f);
    }
    return status;
}
