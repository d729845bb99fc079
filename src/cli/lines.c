/*
 * lines.c - line mode of the grundy command: a buffered reader that takes
 * lines of any length (NUL bytes included), one output record per line in
 * input order, bad lines reported as FILE:LINE and skipped. Closed-form
 * games are streamed by several threads, each with its own context, all
 * within one --memory. One file of about 1,300 lines: the reader, the
 * quick path's blocks and the threaded rounds share the loop's state
 * (buffers, record order, error counts, the workers' memory); the reader (reader_*) could stand alone, and stays while
 * the streaming work on this file is under way.
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* read(2) and fileno for reader_read */
#endif
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_trim for give_back, mallopt */
#endif
/* GRUNDY_CLI_SEQUENTIAL compiles the rounds and workers out: every line
 * goes through run_lines_sequential, the reference the thread tests
 * compare against (tests/determinism.sh, tests/parallel_stream.sh). */
#if !defined(__STDC_NO_THREADS__) && !defined(GRUNDY_CLI_SEQUENTIAL)
#include <threads.h>
#define HAVE_THREADS 1
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#define HAVE_READ 1
#endif

static int
is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' ||
           ch == '\v' || ch == '\f';
}

/* Trims blanks at both ends; 1 when anything is left. */
static int
trim_blanks(char **line, size_t *len)
{
    while (*len > 0 && is_blank((*line)[*len - 1])) {
        (*len)--;
    }
    while (*len > 0 && is_blank(**line)) {
        (*line)++;
        (*len)--;
    }
    return *len > 0;
}

/* Cuts a comment ('#' to the end of the line) and trims blanks; 1 when
 * a position is left. */
static int
trim_line(char **line, size_t *len)
{
    const char *hash = memchr(*line, '#', *len);
    if (hash != NULL) {
        *len = (size_t)(hash - *line);
    }
    return trim_blanks(line, len);
}

/* Buffered line reader over fread: lines of any length up to `max`,
 * NUL bytes included, the buffer reused from line to line. Its buffers
 * have PLAIN_LINE_PAD bytes more than cap, so that answer_plain_line
 * may read past the last line of a round. */
typedef struct reader {
    FILE *f;
    char *buf;
    size_t cap, start, end;   /* unread bytes are buf[start..end) */
    size_t max;               /* longest line read: MAX_LINE or --memory */
    size_t memory;            /* the memory limit, for messages */
    int eof;
    int drained;              /* the last read got less than asked: no
                                 more input is waiting right now */
    int cr_end;               /* the last read ended in a CR, made '\n':
                                 an LF first in the next is its CRLF's */
} reader;

/* Reads up to n bytes: what is there now, as read(2) gives it, so that a
 * line typed at a terminal or written into a pipe is answered at once
 * (fread would wait for n bytes). 0 at the end; -1 on error. */
static long
read_some(reader *r, char *dst, size_t n)
{
    /* Nothing was waiting last time, so this read may block: let whoever
     * feeds us line by line (a terminal, a coprocess) see the answers so
     * far first. A file never gets here before its end. */
    if (r->drained) {
        fflush(stdout);
    }
#ifdef HAVE_READ
    for (;;) {
        ssize_t got = read(fileno(r->f), dst, n);
        if (got >= 0 || errno != EINTR) {
            /* Short, and nothing more waiting: the writer is pausing. */
            struct pollfd more = {fileno(r->f), POLLIN, 0};
            r->drained = got > 0 && (size_t)got < n && poll(&more, 1, 0) == 0;
            return (long)got;
        }
    }
#else
    size_t got = fread(dst, 1, n, r->f);
    r->drained = got < n;
    return ferror(r->f) ? -1 : (long)got;
#endif
}

/* read_some with every line ending made one '\n': a lone CR (old Mac
 * files) ends a line as LF and CRLF do. A CR becomes '\n' unless an LF
 * follows it (CRLF keeps its CR, a blank trimmed off the line); a CR
 * last in a read cannot wait for the next byte (a terminal's line would
 * wait for the next one), so it becomes '\n' at once and an LF first in
 * the next read, the rest of its CRLF, is dropped. */
static long
reader_read(reader *r, char *dst, size_t n)
{
    for (;;) {
        long got = read_some(r, dst, n);
        char *cr, *end;
        if (got <= 0) {
            return got;
        }
        if (r->cr_end && dst[0] == '\n') {
            memmove(dst, dst + 1, (size_t)--got);
        }
        r->cr_end = 0;
        if (got == 0) {
            continue;
        }
        end = dst + got;
        for (cr = memchr(dst, '\r', (size_t)got); cr != NULL;
             cr = memchr(cr + 1, '\r', (size_t)(end - cr - 1))) {
            if (cr + 1 == end) {
                *cr = '\n';
                r->cr_end = 1;
                break;
            }
            if (cr[1] != '\n') {
                *cr = '\n';
            }
        }
        return got;
    }
}

enum {
    LINE_EOF = 0,
    LINE_OK = 1,
    LINE_TOO_LONG = 2,        /* longer than max: to be skipped */
    LINE_NOMEM = 3,           /* the system refused a bigger buffer */
    LINE_REFUSED = 4,         /* no line end long after the limit */
    LINE_ERROR = -1
};

/* Skips the rest of an overlong line, once it is reported: LINE_OK at
 * its end (or the input's), LINE_ERROR, or LINE_REFUSED when no line end
 * comes within the next 1 GiB (MAX_LINE, a second or so of reading).
 * Input without line ends (/dev/zero, a binary file) would be skipped
 * for ever: it ends the run, in bounded time, instead. */
static int
skip_line(reader *r)
{
    size_t skipped = 0;
    for (;;) {
        char *p = memchr(r->buf + r->start, '\n', r->end - r->start);
        long n;
        if (p != NULL) {
            r->start = (size_t)(p - r->buf) + 1;
            return LINE_OK;
        }
        r->start = r->end = 0;
        if (skipped > MAX_LINE) {
            return LINE_REFUSED;
        }
        n = reader_read(r, r->buf, r->cap);
        if (n <= 0) {
            r->eof = 1;
            return n < 0 ? LINE_ERROR : LINE_OK;
        }
        r->end = (size_t)n;
        skipped += (size_t)n;
    }
}

/* Moves the unread bytes to the front, makes room for `want` bytes in
 * all (at most max) and reads once more. LINE_OK, LINE_ERROR, or when the
 * buffer is full and cannot grow LINE_TOO_LONG (it is at max already) or
 * LINE_NOMEM (the system refused more). */
static int
reader_fill(reader *r, size_t want)
{
    size_t avail = r->end - r->start;
    long n;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, avail);
        r->start = 0;
        r->end = avail;
    }
    if (want > r->max) {
        want = r->max;
    }
    if (want > r->cap) {
        char *nb = realloc(r->buf, want + PLAIN_LINE_PAD);
        if (nb != NULL) {
            r->buf = nb;
            r->cap = want;
        } else if (r->end == r->cap) {
            return LINE_NOMEM;
        }
        /* Refused, it reads into the room it has: a bigger round was
         * asked for, and short lines must not be lost for want of it. */
    }
    if (r->end == r->cap) {
        return LINE_TOO_LONG;
    }
    n = reader_read(r, r->buf + r->end, r->cap - r->end);
    if (n < 0) {
        return LINE_ERROR;
    }
    r->eof = n == 0;
    r->end += (size_t)n;
    return LINE_OK;
}

static int
read_line(reader *r, char **line, size_t *len)
{
    size_t scanned = 0;
    for (;;) {
        size_t avail = r->end - r->start;
        char *base = r->buf + r->start;
        char *p = memchr(base + scanned, '\n', avail - scanned);
        int rc;
        if (p != NULL) {
            *line = base;
            *len = (size_t)(p - base);
            r->start += *len + 1;
            return LINE_OK;
        }
        scanned = avail;
        if (r->eof) {
            if (avail == 0) {
                return LINE_EOF;
            }
            *line = base;
            *len = avail;
            r->start = r->end;
            return LINE_OK;
        }
        /* A full buffer holds part of one line: double it. */
        rc = reader_fill(r, avail == r->cap ? 2 * r->cap : r->cap);
        if (rc != LINE_OK) {
            return rc;
        }
    }
}

/* 1, said once on stderr, when stdout leads nowhere any more: the
 * reader of its pipe, socket or terminal has gone. Records written then
 * fail (EPIPE ends the run), but bad lines in text output write none,
 * and their messages would go on for ever. Not with -q: stdout is not
 * used. */
static int
output_gone(const cli *c, const char *name, unsigned long long lineno)
{
#ifdef HAVE_READ
    struct pollfd out = {fileno(stdout), 0, 0};
    if (!c->quiet && poll(&out, 1, 0) == 1 &&
        (out.revents & (POLLERR | POLLHUP)) != 0) {
        fprintf(stderr, "grundy: %s:%llu: stdout is closed (its reader has "
                "gone): stopped\n", name, lineno);
        return 1;
    }
#else
    (void)c;
    (void)name;
    (void)lineno;
#endif
    return 0;
}

/* Reports an invalid or unanswerable line and writes its error record.
 * -1 when the run is to stop there: nobody reads stdout any more. */
static int
line_error(cli *c, const char *name, unsigned long long lineno,
           const char *input, size_t len, const char *message,
           error_tag tag)
{
    fprintf(stderr, "grundy: %s:%llu: %s\n", name, lineno, message);
    if (!c->quiet) {
        format_error_tagged(stdout, c->format, input, len, message,
                            tag.kind, tag.limit);
    }
    return output_gone(c, name, lineno) ? -1 : 0;
}

/* Reports a line the reader skipped (LINE_TOO_LONG or LINE_NOMEM) and
 * returns the exit status it calls for: past 1 GiB the line is invalid
 * input (2); past the memory limit or out of memory it is a limit (3);
 * EXIT_IO when stdout is gone. */
static int
long_line_error(cli *c, const reader *r, const char *name,
                unsigned long long lineno, int rc)
{
    char limit[32], msg[256];
    if (rc == LINE_TOO_LONG && r->max == MAX_LINE) {
        return line_error(c, name, lineno, "", 0,
                          "line longer than 1 GiB, the longest line grundy "
                          "reads: skipped; split the position over several "
                          "lines", (error_tag){"input", NULL}) != 0
                   ? EXIT_IO
                   : EXIT_INVALID;
    }
    util_size_text(limit, sizeof limit, r->memory);
    snprintf(msg, sizeof msg, rc == LINE_TOO_LONG
             ? "line longer than the memory limit of %s: skipped; raise it "
               "with --memory"
             : "out of memory reading a long line: skipped; the system "
               "gives less than the memory limit of %s (ulimit -v?); lower "
               "it with --memory", limit);
    return line_error(c, name, lineno, "", 0, msg,
                      (error_tag){"limit", "memory"}) != 0
               ? EXIT_IO
               : EXIT_LIMIT;
}

/* Reports a line the reader cannot hold (rc: LINE_TOO_LONG or
 * LINE_NOMEM) as soon as the limit is passed, not when its end comes at
 * last, then skips the rest of it. Returns the merged status; *stop set
 * when the run ends here: a read error (EXIT_IO), or no line end long
 * after the limit (the input refused, the status kept). */
static int
long_line(cli *c, reader *r, const char *name, unsigned long long lineno,
          int rc, int status, int *stop)
{
    int e = long_line_error(c, r, name, lineno, rc);
    char limit[32];
    if (e == EXIT_IO) {
        *stop = 1;
        return EXIT_IO;
    }
    status = status == EXIT_WIN || e == EXIT_INVALID ? e : status;
    fflush(stdout);
    rc = skip_line(r);
    if (rc == LINE_ERROR) {
        fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name, lineno,
                strerror(errno));
        *stop = 1;
        return EXIT_IO;
    }
    if (rc == LINE_REFUSED) {
        util_size_text(limit, sizeof limit, MAX_LINE);
        fprintf(stderr, "grundy: %s:%llu: no line end in the next %s "
                "either: stopped, the rest of the input is not read (not "
                "a file of positions?)\n", name, lineno, limit);
        *stop = 1;
    }
    return status;
}

/* The line-mode status after one more failed line: invalid input (2)
 * outranks a limit (3); I/O errors end the run elsewhere. */
static int
merge_status(int status, grundy_status st)
{
    int e = exit_for(st);
    return status == EXIT_WIN || e == EXIT_INVALID ? e : status;
}

/* Answers one (trimmed) line with the main context, on stdout, or
 * reports it as a bad line. Returns the merged status, EXIT_IO when
 * writing failed. */
static int
answer_line(cli *c, const char *name, unsigned long long lineno,
            grundy_game *fixed, char *line, size_t len, int status)
{
    grundy_error err;
    grundy_status st;
    c->rate_seconds = 0;   /* a rate is measured by this solve or none */
    st = grundy_position_parse(c->ctx, c->pos, fixed, line, len, &err);
    if (st == GRUNDY_OK) {
        st = solve_and_print(c, line, len, &err);
    }
    if (output_failed(c) || st == GRUNDY_EIO) {
        return EXIT_IO;
    }
    if (st != GRUNDY_OK) {
        error_tag tag = error_tag_of(st, &err);
        word_advice(c, st, &err);
        if (line_error(c, name, lineno, line, len, err.message, tag) !=
            0) {
            return EXIT_IO;
        }
        status = merge_status(status, st);
    }
    return status;
}

static int
run_lines_sequential(cli *c, reader *r, const char *name, grundy_game *fixed)
{
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc;
    char *line = NULL;
    size_t len = 0;

    while ((rc = read_line(r, &line, &len)) != LINE_EOF) {
        lineno++;
        if (rc == LINE_ERROR) {
            fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name, lineno,
                    strerror(errno));
            return EXIT_IO;
        }
        if (rc == LINE_TOO_LONG || rc == LINE_NOMEM) {
            int stop = 0;
            status = long_line(c, r, name, lineno, rc, status, &stop);
            if (stop) {
                return status;
            }
            continue;
        }
        if (trim_line(&line, &len) &&
            (status = answer_line(c, name, lineno, fixed, line, len,
                                  status)) == EXIT_IO) {
            return EXIT_IO;
        }
    }
    return status;
}

#ifdef HAVE_THREADS

/* Bytes of input each parallel round hands out, split between workers:
 * small enough that two rounds' lines and records stay in the caches
 * (bench/nim.sh took a fifth longer with rounds of 4 MiB than with
 * 256 KiB). A round costs a wake-up or two, not a thread. */
#define ROUND_BYTES ((size_t)1 << 18)

/* A round is cut into this many shares per worker; the workers take
 * them one after another, so that one slowed by the machine's other
 * work does not hold the round up. */
#define SHARES_PER_WORKER 8
#define MAX_SHARES (MAX_THREADS * SHARES_PER_WORKER)

/* A share of a round: whole lines, and what solving them gave. */
typedef struct share {
    const char *lines;
    size_t len;
    format_buffer out;         /* its records, in order */
    format_buffer errors;      /* failed lines: 8-byte line number within
                                  the share, then the message and a NUL */
    unsigned long long nlines; /* lines in the share solved by a worker */
    const char *rest;          /* NULL, or the first line a worker left to
                                  the main context (a game with tables) */
    int status;                /* merged status of its lines */
} share;

/* The shares of one round, taken in turn by the workers. */
typedef struct round {
    share s[MAX_SHARES];
    int n;                     /* shares in this round */
    int next;                  /* the next one to take, under lock */
    int done;                  /* shares solved, under lock */
} round;

/* Where the main thread hands rounds to the workers, which live as long
 * as the stream. Two rounds are in flight at most: the workers solve one
 * while the main thread writes the one before and reads the next, so
 * that no worker waits for the writing and reading. */
typedef struct pool {
    round r[2];                /* round k is r[k % 2] */
    unsigned long published;   /* rounds handed out so far */
    unsigned long taking;      /* the round shares are taken from */
    int quit;                  /* the workers are to return */
    mtx_t lock;
    cnd_t work;                /* a round was published, or quit */
    cnd_t done;                /* a round's last share was solved */
} pool;

/* One worker of the parallel path: its own context, game copy, position
 * and result; it formats the shares it takes into their memory. */
typedef struct worker {
    cli *c;
    size_t freed;              /* for give_back */
    grundy_ctx *ctx;
    grundy_game *game;
    grundy_position *pos;
    grundy_result *res;
    pool *pool;
} worker;

/* Stores the error record of a failed line (its record in sh->out, its
 * message in sh->errors). -1, with both buffers as they were, when
 * either cannot grow: the caller then leaves the line to the main
 * thread, which writes straight to stdout and needs no memory for it. */
static int
share_error(const worker *w, share *sh, const char *line, size_t len,
            const char *message, error_tag tag)
{
    size_t mlen = strlen(message) + 1, need = sizeof sh->nlines + mlen;
    format_buffer *e = &sh->errors;
    if (need > e->cap - e->len) {
        size_t cap = e->cap != 0 ? e->cap : 4096;
        char *p;
        while (cap - e->len < need) {
            cap *= 2;
        }
        if ((p = realloc(e->data, cap)) == NULL) {
            return -1;
        }
        e->data = p;
        e->cap = cap;
    }
    if (!w->c->quiet &&
        format_error_mem(&sh->out, w->c->format, line, len, message,
                         tag.kind, tag.limit) != GRUNDY_OK) {
        return -1;
    }
    memcpy(e->data + e->len, &sh->nlines, sizeof sh->nlines);
    memcpy(e->data + e->len + sizeof sh->nlines, message, mlen);
    e->len += need;
    return 0;
}

/* The next line of a block in memory (*p up to end): its start and
 * length without the newline, *p moved past it. */
static char *
next_line(const char **p, const char *end, size_t *len)
{
    const char *start = *p, *nl = memchr(start, '\n', (size_t)(end - start));
    *len = (size_t)((nl != NULL ? nl : end) - start);
    *p = nl != NULL ? nl + 1 : end;
    return (char *)start;
}

/* Memory is handed back once a thread has freed at least this much. */
#define GIVE_BACK_BYTES ((size_t)1 << 22)

/* Hands freed memory back to the system once a thread's lines have
 * freed `at_least` (and GIVE_BACK_BYTES): *freed counts what its context
 * gave back to the --memory account (`bytes` more now). glibc keeps freed blocks in the allocation
 * arena of the thread that freed them, for that thread, so each worker's
 * largest line would stay resident while the others use the budget (8
 * workers of 10 to 22 MB lines, fib piles of 2,500 to 4,300 digits, at
 * --memory 64M peaked at 120 MB; 69 to 83 MB with this); malloc_trim
 * returns the free pages of every arena. Each call walks the arenas and
 * the pages are faulted in again when reused: after every line of 1,000
 * fib:R lines of 1 to 2 MB tables it doubled the stream's CPU time;
 * workers hand back at an eighth of --memory, which adds about a third.
 * The main thread, which answers one line after another, hands back at
 * half of --memory: that stream peaked at 99 MB on one thread and
 * --memory 64M, 84 MB with it, for a third more CPU time. Since kept
 * tables make room before a table is built (ctx.c), the main thread
 * drops tables line by line as the workers do, and hands back at an
 * eighth too (that stream on one thread: 78 MB at a half, 73 MB at an
 * eighth, with big_blocks_apart). Other allocators: nothing to do. */
static void
give_back(size_t *freed, size_t bytes, size_t at_least)
{
    *freed += bytes;
#if defined(__GLIBC__)
    if (*freed >= GIVE_BACK_BYTES && *freed >= at_least) {
        malloc_trim(0);
        *freed = 0;
    }
#else
    (void)at_least;
    *freed = 0;
#endif
}

/* Solves every line of one share. */
static void
share_run(worker *w, share *sh)
{
    const char *p = sh->lines, *end = sh->lines + sh->len;
    char *start = NULL;
    int quick = w->game != NULL && !w->c->quiet;
    sh->out.len = sh->errors.len = 0;
    sh->nlines = 0;
    sh->rest = NULL;
    sh->status = EXIT_WIN;
    while (p < end) {
        size_t len;
        char *line;
        grundy_error err;
        grundy_status st;
        sh->nlines++;
        /* Plain lines of a family that answers them directly, read where
         * they are (the reader's buffers are padded for it); any other
         * line is cut out first. */
        if (quick && (len = answer_plain_line(w->game, w->c->flags,
                                              w->c->format, p,
                                              (size_t)(end - p),
                                              &sh->out)) != 0) {
            p += len;
            continue;
        }
        start = next_line(&p, end, &len);
        line = start;
        if (!trim_blanks(&line, &len)) {
            continue;
        }
        /* Plain lines of a family that answers them directly (digits and
         * single spaces: no comment in them); any other line (errors
         * included) goes the general way, its comment cut first. */
        if (w->game != NULL && !w->c->quiet &&
            answer_plain(w->game, w->c->flags, w->c->format, line, len,
                         &sh->out)) {
            continue;
        }
        if (!trim_line(&line, &len)) {
            continue;
        }
        st = grundy_position_parse(w->ctx, w->pos, w->game, line, len, &err);
        if (st == GRUNDY_OK && !position_closed_form(w->pos)) {
            /* Lines naming their games: one with Grundy-sequence tables
             * is solved with the main context (one table, computed
             * once), with the rest of the share, in order. */
            goto leave;
        }
        if (st == GRUNDY_OK) {
            st = grundy_solve(w->ctx, w->pos, w->c->flags, w->res, &err);
        }
        if (st == GRUNDY_OK && !w->c->quiet) {
            st = format_result_mem(&sh->out, w->c->format, line, len,
                                   w->res);
        }
        /* A worker the system refuses memory (its context, or the room
         * for a record), or whose line does not fit beside what the
         * other threads hold of --memory, leaves the line and the rest
         * of the share to the main thread: it answers with the whole of
         * --memory, as one thread would, so that no answer depends on
         * the other threads, and writes each record straight to stdout,
         * through a buffer it has already, so that no line goes without
         * its record or its error record (main.c). */
        if (st == GRUNDY_ENOMEM) {
            goto leave;
        }
        if (st != GRUNDY_OK) {
            error_tag tag = error_tag_of(st, &err);
            word_advice(NULL, st, &err);
            if (share_error(w, sh, line, len, err.message, tag) != 0) {
                goto leave;
            }
            sh->status = merge_status(sh->status, st);
        }
        /* The line's memory goes back to the other threads. */
        give_back(&w->freed, ctx_line_settle(w->ctx),
                  grundy_ctx_memory_limit(w->ctx) / 8);
    }
    return;
leave:
    sh->nlines--;
    sh->rest = start;
    give_back(&w->freed, ctx_line_settle(w->ctx),
              grundy_ctx_memory_limit(w->ctx) / 8);
}

/* The next share to solve, under the lock: from the oldest published
 * round with shares left; NULL when there is none. */
static share *
pool_next(pool *pl, round **rd)
{
    while (pl->taking < pl->published) {
        round *r = &pl->r[pl->taking % 2];
        if (r->next < r->n) {
            *rd = r;
            return &r->s[r->next++];
        }
        pl->taking++;
    }
    return NULL;
}

/* Solves shares while there are any, with the lock held on entry and
 * on return; `wait`: a worker thread, that waits for more until quit,
 * else the main thread, that returns when none is left. */
static void
pool_work(worker *w, int wait)
{
    pool *pl = w->pool;
    while (!pl->quit) {
        round *rd = NULL;
        share *sh = pool_next(pl, &rd);
        if (sh == NULL) {
            if (!wait) {
                return;
            }
            cnd_wait(&pl->work, &pl->lock);
            continue;
        }
        mtx_unlock(&pl->lock);
        share_run(w, sh);
        mtx_lock(&pl->lock);
        if (++rd->done == rd->n) {
            cnd_broadcast(&pl->done);
        }
    }
}

/* A worker thread (thrd_start_t): takes shares until told to quit. */
static int
worker_run(void *arg)
{
    worker *w = arg;
    mtx_lock(&w->pool->lock);
    pool_work(w, 1);
    mtx_unlock(&w->pool->lock);
    return 0;
}


static void
workers_free(worker *w, int n, pool *pl)
{
    for (int i = 0; i < n; i++) {
        grundy_result_free(w[i].res);
        grundy_position_free(w[i].pos);
        grundy_game_free(w[i].game);
        grundy_ctx_free(w[i].ctx);
    }
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < MAX_SHARES; i++) {
            free(pl->r[k].s[i].out.data);
            free(pl->r[k].s[i].errors.data);
        }
    }
}

static int
workers_new(cli *c, worker *w, int n, const grundy_game *fixed, pool *pl)
{
    const char *spec = fixed != NULL ? grundy_game_spec(fixed) : NULL;
    grundy_error err;
    memset(w, 0, (size_t)n * sizeof *w);
    for (int i = 0; i < n; i++) {
        w[i].c = c;
        w[i].pool = pl;
        w[i].ctx = grundy_ctx_new();
        w[i].pos = grundy_position_new();
        w[i].res = grundy_result_new();
        /* One --memory for the whole run: the workers charge what they
         * hold to the main context's account, and a line that does not
         * fit beside what the others hold comes back to the main thread
         * as out of memory does (share_run). A copy of the game that
         * does not fit beside the others' (each worker makes its own
         * tables): the main thread answers every line. */
        if (w[i].ctx == NULL || w[i].pos == NULL || w[i].res == NULL ||
            ctx_memory_share(w[i].ctx, c->ctx) != 0 ||
            (spec != NULL &&
             grundy_game_parse(w[i].ctx, spec, strlen(spec), &w[i].game,
                               &err) != GRUNDY_OK)) {
            return -1;
        }
        ctx_line_settle(w[i].ctx);
    }
    return 0;
}

/* Gives out the next round: whole lines, about ROUND_BYTES (or the line
 * limit, if lower). Returns LINE_OK, LINE_EOF, LINE_ERROR, or LINE_TOO_LONG
 * or LINE_NOMEM for a line too long to hold (the caller skips it). */
static int
read_round(reader *r, const char **block, size_t *len)
{
    size_t want = ROUND_BYTES < r->max ? ROUND_BYTES : r->max;
    for (;;) {
        size_t avail = r->end - r->start;
        const char *base = r->buf + r->start;
        int rc;
        /* A round is about ROUND_BYTES of a file, or the whole lines a
         * pipe or terminal has given so far: never wait for more input
         * while complete lines could be answered. */
        if (r->eof || avail >= want || (r->drained && avail > 0 &&
                                        memchr(base, '\n', avail) != NULL)) {
            size_t k = avail;
            while (!r->eof && k > 0 && base[k - 1] != '\n') {
                k--;
            }
            if (k > 0) {
                *block = base;
                *len = k;
                r->start += k;
                return LINE_OK;
            }
            if (r->eof) {
                return LINE_EOF;
            }
            /* One line longer than a round (reader_fill stops at max). */
            want = 2 * avail;
        }
        rc = reader_fill(r, want);
        /* No room for a bigger round: the whole lines there are make a
         * smaller one; only a line longer than the room is skipped. */
        if (rc == LINE_NOMEM && memchr(r->buf, '\n', r->end) != NULL) {
            want = r->end;
            continue;
        }
        if (rc != LINE_OK) {
            return rc;
        }
    }
}

/* Moves the unread bytes into *spare and makes it the reader's buffer,
 * so that the lines handed out so far stay where they are while the next
 * round is read. -1 when the spare cannot grow to the buffer's size. */
static int
reader_swap(reader *r, char **spare, size_t *spare_cap)
{
    size_t avail = r->end - r->start;
    char *old = r->buf;
    if (*spare_cap < r->cap) {
        char *p = realloc(*spare, r->cap + PLAIN_LINE_PAD);
        if (p == NULL) {
            return -1;
        }
        *spare = p;
        *spare_cap = r->cap;
    }
    memcpy(*spare, r->buf + r->start, avail);
    r->buf = *spare;
    *spare = old;
    avail = r->cap;
    r->cap = *spare_cap;
    *spare_cap = avail;
    r->end -= r->start;
    r->start = 0;
    return 0;
}

/* 1 when reading ahead cannot wait on a writer who waits for our
 * answers: a regular file (a pipe or terminal is read only once the
 * answers so far are out). */
static int
read_ahead_safe(const reader *r)
{
#ifdef HAVE_READ
    struct stat st;
    return fstat(fileno(r->f), &st) == 0 && S_ISREG(st.st_mode);
#else
    (void)r;
    return 0;
#endif
}

/* Splits a round into rd->n shares at line ends. */
static void
split_round(round *rd, const char *block, size_t len)
{
    size_t at = 0;
    int n = rd->n;
    for (int i = 0; i < n; i++) {
        size_t end = i == n - 1 ? len : at + (len - at) / (size_t)(n - i);
        while (end < len && end > at && block[end - 1] != '\n') {
            end++;
        }
        rd->s[i].lines = block + at;
        rd->s[i].len = end - at;
        at = end;
    }
    rd->next = rd->done = 0;
}

/* Answers the lines a worker left (sh->rest to the end of the share) with
 * the main context, counting them in *lineno. */
static int
answer_rest(cli *c, const share *sh, const char *name, grundy_game *fixed,
            unsigned long long *lineno, int status)
{
    const char *p = sh->rest, *end = sh->lines + sh->len;
    while (p < end) {
        size_t len;
        char *line = next_line(&p, end, &len);
        ++*lineno;
        if (trim_line(&line, &len) &&
            (status = answer_line(c, name, *lineno, fixed, line, len,
                                  status)) == EXIT_IO) {
            return EXIT_IO;
        }
        /* Tables it dropped go back to the system too, now and then
         * (give_back: its arena would keep them among the kept ones). */
        give_back(&c->freed, ctx_line_settle(c->ctx),
                  grundy_ctx_memory_limit(c->ctx) / 8);
    }
    return status;
}

/* Before the main thread answers lines the workers left: waits until
 * the round in flight (busy, or NULL) is solved, so that no worker is
 * busy, and gives back what the n workers keep. The main thread then has
 * the whole of --memory, as one thread would: --memory bounds the run,
 * and the left lines' answers are those of one thread. */
static void pool_wait(pool *pl, round *rd, worker *help);

static void
workers_quiet(worker *w, int n, round *busy)
{
    size_t freed = 0;
    if (busy != NULL) {
        pool_wait(w[0].pool, busy, NULL);
    }
    for (int i = 0; i < n; i++) {
        freed += ctx_memory_release(w[i].ctx);
    }
    give_back(&w[0].c->freed, freed,
              grundy_ctx_memory_limit(w[0].c->ctx) / 8);
}

/* Writes the shares' records in order and reports their failed lines
 * with line numbers counted from *lineno; lines a worker left to the main
 * context are answered there, in their place, once the n workers are
 * quiet (workers_quiet: busy is the round they may be solving). */
static int
emit_round(cli *c, round *rd, const char *name, grundy_game *fixed,
           unsigned long long *lineno, int status, worker *w, int n,
           round *busy)
{
    int quiet = 0;
    for (int i = 0; i < rd->n; i++) {
        share *sh = &rd->s[i];
        size_t at = 0;
        unsigned long long rel = 0;
        /* A share with no record (-q, only bad lines, empty) has no
         * buffer: fwrite(NULL, ...) is undefined even for 0 bytes. */
        if (sh->out.len > 0) {
            fwrite(sh->out.data, 1, sh->out.len, stdout);
        }
        while (at < sh->errors.len) {
            memcpy(&rel, sh->errors.data + at, sizeof rel);
            at += sizeof rel;
            fprintf(stderr, "grundy: %s:%llu: %s\n", name, *lineno + rel,
                    sh->errors.data + at);
            at += strlen(sh->errors.data + at) + 1;
        }
        if (sh->errors.len > 0 && output_gone(c, name, *lineno + rel)) {
            return EXIT_IO;
        }
        *lineno += sh->nlines;
        if (sh->status != EXIT_WIN &&
            (status == EXIT_WIN || sh->status == EXIT_INVALID)) {
            status = sh->status;
        }
        if (sh->rest != NULL && !quiet) {
            workers_quiet(w, n, busy);
            quiet = 1;
        }
        if (sh->rest != NULL &&
            (status = answer_rest(c, sh, name, fixed, lineno, status)) ==
                EXIT_IO) {
            ctx_line_settle(c->ctx);
            return EXIT_IO;
        }
    }
    /* The workers may go on: the main context holds only its tables. */
    ctx_line_settle(c->ctx);
    return output_failed(c) ? EXIT_IO : status;
}

/* Hands out the lines block[0..len) as the next round; returns it. The
 * round it reuses was written out before. */
static round *
pool_publish(pool *pl, const char *block, size_t len)
{
    round *rd;
    mtx_lock(&pl->lock);
    rd = &pl->r[pl->published % 2];
    split_round(rd, block, len);
    pl->published++;
    cnd_broadcast(&pl->work);
    mtx_unlock(&pl->lock);
    return rd;
}

/* Waits until every share of rd is solved; the main thread, when it has
 * a worker of its own (help), solves shares meanwhile. */
static void
pool_wait(pool *pl, round *rd, worker *help)
{
    mtx_lock(&pl->lock);
    if (help != NULL) {
        pool_work(help, 0);
    }
    while (rd->done < rd->n) {
        cnd_wait(&pl->done, &pl->lock);
    }
    mtx_unlock(&pl->lock);
}
/* Starts the worker threads: for w[0..n) when the main thread only
 * reads and writes (ahead), else for w[1..n), w[0] being the main
 * thread's own. Returns how many started. */
static int
pool_start(worker *w, int n, thrd_t *tid, int ahead)
{
    int first = ahead ? 0 : 1, started = 0;
    while (first + started < n &&
           thrd_create(&tid[started], worker_run, &w[first + started]) ==
               thrd_success) {
        started++;
    }
    return started;
}

static void
pool_stop(pool *pl, thrd_t *tid, int started)
{
    mtx_lock(&pl->lock);
    pl->quit = 1;
    cnd_broadcast(&pl->work);
    mtx_unlock(&pl->lock);
    for (int i = 0; i < started; i++) {
        thrd_join(tid[i], NULL);
    }
}

static pool *
pool_new(int n)
{
    pool *pl = calloc(1, sizeof *pl);
    if (pl == NULL) {
        return NULL;
    }
    if (mtx_init(&pl->lock, mtx_plain) != thrd_success) {
        free(pl);
        return NULL;
    }
    if (cnd_init(&pl->work) != thrd_success) {
        mtx_destroy(&pl->lock);
        free(pl);
        return NULL;
    }
    if (cnd_init(&pl->done) != thrd_success) {
        cnd_destroy(&pl->work);
        mtx_destroy(&pl->lock);
        free(pl);
        return NULL;
    }
    pl->r[0].n = pl->r[1].n = n * SHARES_PER_WORKER;
    return pl;
}

static void
pool_free(pool *pl)
{
    cnd_destroy(&pl->done);
    cnd_destroy(&pl->work);
    mtx_destroy(&pl->lock);
    free(pl);
}

/* The main thread's loop over rounds. From a regular file (ahead) it
 * writes round k - 1 and reads round k + 1 while the workers solve
 * round k; the reader's buffer is swapped with a spare, so that round
 * k stays in place (the spare held round k - 1, written by then).
 * Otherwise it solves shares with the workers and writes each round
 * before it reads again: a writer who waits for our answers gets them.
 * Skipped lines and read errors are reported after the records before
 * them, as one thread would. */
static int
pool_rounds(cli *c, reader *r, const char *name, grundy_game *fixed,
            worker *w, int n, int ahead)
{
    pool *pl = w[0].pool;
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc, read_errno;
    const char *block = NULL;
    size_t len = 0, spare_cap = 0;
    char *spare = NULL;
    round *prev = NULL;   /* a round in flight not yet written */

    rc = read_round(r, &block, &len);
    read_errno = errno;
    while (status != EXIT_IO && rc != LINE_EOF) {
        round *cur;
        if (rc != LINE_OK && prev != NULL) {
            pool_wait(pl, prev, NULL);
            status = emit_round(c, prev, name, fixed, &lineno, status,
                                w, n, NULL);
            prev = NULL;
            continue;
        }
        if (rc == LINE_ERROR) {
            fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name,
                    lineno + 1, strerror(read_errno));
            status = EXIT_IO;
            break;
        }
        if (rc == LINE_TOO_LONG || rc == LINE_NOMEM) {
            int stop = 0;
            status = long_line(c, r, name, ++lineno, rc, status, &stop);
            if (stop) {
                break;
            }
            rc = read_round(r, &block, &len);
            read_errno = errno;
            continue;
        }
        cur = pool_publish(pl, block, len);
        if (!ahead) {
            pool_wait(pl, cur, &w[0]);
            status = emit_round(c, cur, name, fixed, &lineno, status,
                                w, n, NULL);
        } else {
            if (prev != NULL) {
                pool_wait(pl, prev, NULL);
                status = emit_round(c, prev, name, fixed, &lineno, status,
                                    w, n, cur);
            }
            prev = cur;
            /* Without a spare buffer, the round is written before the
             * reader moves its lines. */
            if (status != EXIT_IO && reader_swap(r, &spare, &spare_cap) != 0) {
                pool_wait(pl, cur, NULL);
                status = emit_round(c, cur, name, fixed, &lineno, status,
                                    w, n, NULL);
                prev = NULL;
            }
        }
        if (status != EXIT_IO) {
            rc = read_round(r, &block, &len);
            read_errno = errno;
        }
    }
    if (prev != NULL) {
        pool_wait(pl, prev, NULL);
        if (status != EXIT_IO) {
            status = emit_round(c, prev, name, fixed, &lineno, status,
                                w, n, NULL);
        }
    }
    free(spare);
    return status;
}

/*
 * Closed-form games stream in rounds: the round's lines are cut into
 * shares, worker threads (started once) take shares until none is left
 * and solve each into its memory, and the shares are written in input
 * order (pool_rounds).
 */
static int
run_lines_parallel(cli *c, reader *r, const char *name,
                   grundy_game *fixed, int n)
{
    worker w[MAX_THREADS];
    thrd_t tid[MAX_THREADS];
    int status, started, ahead = n > 1 && read_ahead_safe(r);
    pool *pl = pool_new(n);

    /* Without memory for the workers, the main context answers every
     * line itself: slower, but each line still gets its record. */
    if (pl == NULL) {
        return run_lines_sequential(c, r, name, fixed);
    }
    if (workers_new(c, w, n, fixed, pl) != 0) {
        workers_free(w, n, pl);
        pool_free(pl);
        return run_lines_sequential(c, r, name, fixed);
    }
    started = pool_start(w, n, tid, ahead);
    if (ahead && started == 0) {
        /* No thread at all: the main thread solves every share, and
         * w[0] is free for it. */
        ahead = 0;
    }
    status = pool_rounds(c, r, name, fixed, w, n, ahead);
    pool_stop(pl, tid, started);
    workers_free(w, n, pl);
    pool_free(pl);
    return status;
}

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

/* Skips a UTF-8 byte-order mark at the start of the input (editors on
 * some systems write one); it would otherwise be part of the first
 * game's name. Read errors are left to the line loop. Returns -1, with
 * the message said, for UTF-16 input (its byte-order mark FF FE or FE
 * FF, or a NUL byte among the first two): every line would be garbage. */
static int
skip_bom(reader *r, const char *name)
{
    static const char bom[3] = {'\xEF', '\xBB', '\xBF'};
    while (!r->eof && r->end - r->start < sizeof bom &&
           memcmp(r->buf + r->start, bom, r->end - r->start) == 0) {
        if (reader_fill(r, r->cap) != LINE_OK) {
            return 0;
        }
    }
    if (r->end - r->start >= sizeof bom &&
        memcmp(r->buf + r->start, bom, sizeof bom) == 0) {
        r->start += sizeof bom;
    }
    if (r->end - r->start >= 2) {
        const unsigned char *b = (const unsigned char *)r->buf + r->start;
        int le = (b[0] == 0xFF && b[1] == 0xFE) || (b[0] != 0 && b[1] == 0);
        if (le || (b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0 && b[1] != 0)) {
            fprintf(stderr, "grundy: %s: the input is UTF-16 (%s), not "
                    "UTF-8 or ASCII: convert it, e.g. 'iconv -f UTF-16%s -t "
                    "UTF-8 %s | grundy'\n", name,
                    b[0] == 0xFF && b[1] == 0xFE   ? "byte-order mark FF FE"
                    : b[0] == 0xFE && b[1] == 0xFF ? "byte-order mark FE FF"
                                                   : "NUL bytes",
                    b[0] >= 0xFE ? "" : le ? "LE" : "BE",
                    name[0] == '<' ? "FILE" : name);
            return -1;
        }
    }
    return 0;
}

/* 1 (with a message) when FILE is a directory: reading it fails at
 * once, and "FILE:1: read error" would point at a line it does not have. */
static int
is_directory(FILE *f, const char *name)
{
#ifdef HAVE_READ
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "grundy: %s: is a directory, not a file of "
                "positions\n", name);
        return 1;
    }
#else
    (void)f;
    (void)name;
#endif
    return 0;
}

/* Closed forms stream in rounds, their records gathered in memory and
 * written a round at a time, on n threads. Tables would be built once
 * per thread: a fixed game with tables goes line by line, and lines
 * naming such games are handed to the main context. */
static int
run_lines_reader(cli *c, reader *r, const char *name, grundy_game *fixed,
                 int n)
{
#ifdef HAVE_THREADS
    if (fixed == NULL || ctx_game_closed_form(fixed)) {
        return run_lines_parallel(c, r, name, fixed, n);
    }
#endif
    (void)n;
    return run_lines_sequential(c, r, name, fixed);
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
    if (is_directory(r.f, name)) {
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
        status = skip_bom(&r, name) != 0
                     ? EXIT_INVALID
                     : run_lines_reader(c, &r, name, fixed, n);
    }
    free(r.buf);
    if (r.f != stdin) {
        fclose(r.f);
    }
    return status;
}
