/*
 * lines.c - line mode of the grundy command: a buffered reader that takes
 * lines of any length (NUL bytes included), one output record per line in
 * input order, bad lines reported as FILE:LINE and skipped. Closed-form
 * games are streamed by several threads, each with its own context.
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(__STDC_NO_THREADS__)
#include <threads.h>
#define HAVE_THREADS 1
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

static int
is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' ||
           ch == '\v' || ch == '\f';
}

/* Trims blanks; 1 when the line holds a position (not blank, not '#'). */
static int
trim_line(char **line, size_t *len)
{
    while (*len > 0 && is_blank((*line)[*len - 1])) {
        (*len)--;
    }
    while (*len > 0 && is_blank(**line)) {
        (*line)++;
        (*len)--;
    }
    return *len > 0 && (*line)[0] != '#';
}

/* Buffered line reader over fread: lines of any length up to MAX_LINE,
 * NUL bytes included, the buffer reused from line to line. */
typedef struct reader {
    FILE *f;
    char *buf;
    size_t cap, start, end;   /* unread bytes are buf[start..end) */
    int eof;
} reader;

enum { LINE_EOF = 0, LINE_OK = 1, LINE_TOO_LONG = 2, LINE_ERROR = -1 };

/* Skips the rest of an overlong line. */
static int
skip_line(reader *r)
{
    for (;;) {
        char *p = memchr(r->buf + r->start, '\n', r->end - r->start);
        size_t n;
        if (p != NULL) {
            r->start = (size_t)(p - r->buf) + 1;
            return LINE_TOO_LONG;
        }
        r->start = r->end = 0;
        n = fread(r->buf, 1, r->cap, r->f);
        if (n == 0) {
            r->eof = 1;
            return ferror(r->f) ? LINE_ERROR : LINE_TOO_LONG;
        }
        r->end = n;
    }
}

/* Moves the unread bytes to the front, makes room for `want` bytes in
 * all and reads once more. LINE_OK, LINE_ERROR, or LINE_TOO_LONG when the
 * room cannot be had (past MAX_LINE, or out of memory). */
static int
reader_fill(reader *r, size_t want)
{
    size_t avail = r->end - r->start, n;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, avail);
        r->start = 0;
        r->end = avail;
    }
    if (want > r->cap) {
        char *nb;
        if (want > MAX_LINE || (nb = realloc(r->buf, want)) == NULL) {
            return LINE_TOO_LONG;
        }
        r->buf = nb;
        r->cap = want;
    }
    n = fread(r->buf + r->end, 1, r->cap - r->end, r->f);
    if (n == 0) {
        if (ferror(r->f)) {
            return LINE_ERROR;
        }
        r->eof = 1;
    }
    r->end += n;
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
            return rc == LINE_TOO_LONG ? skip_line(r) : rc;
        }
    }
}

/* Reports an invalid or unanswerable line and writes its error record. */
static void
line_error(cli *c, const char *name, unsigned long long lineno,
           const char *input, size_t len, const char *message)
{
    fprintf(stderr, "grundy: %s:%llu: %s\n", name, lineno, message);
    if (!c->quiet) {
        grundy_format_error(stdout, c->format, input, len, message);
    }
}

/* Line mode: one position per line, game given (fixed) or named per line. */
/* The line-mode status after one more failed line: invalid input (2)
 * outranks a limit (3); I/O errors end the run elsewhere. */
static int
merge_status(int status, grundy_status st)
{
    int e = exit_for(st);
    return status == EXIT_WIN || e == EXIT_INVALID ? e : status;
}

static int
run_lines_sequential(cli *c, reader *r, const char *name, grundy_game *fixed)
{
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc;
    char *line;
    size_t len;

    while ((rc = read_line(r, &line, &len)) != LINE_EOF) {
        grundy_error err;
        grundy_status st;
        lineno++;
        if (rc == LINE_ERROR) {
            fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name, lineno,
                    strerror(errno));
            return EXIT_IO;
        }
        if (rc == LINE_TOO_LONG) {
            line_error(c, name, lineno, "", 0,
                       "line longer than 1 GiB: not read");
            status = EXIT_INVALID;
            continue;
        }
        if (!trim_line(&line, &len)) {
            continue;
        }
        st = grundy_position_parse(c->ctx, c->pos, fixed, line, len, &err);
        if (st == GRUNDY_OK) {
            st = solve_and_print(c, line, len, &err);
        }
        if (st == GRUNDY_EIO || output_failed()) {
            return EXIT_IO;
        }
        if (st != GRUNDY_OK) {
            line_error(c, name, lineno, line, len, err.message);
            status = merge_status(status, st);
        }
    }
    return status;
}

#ifdef HAVE_THREADS

/* Bytes of input each parallel round hands out, split between workers. */
#define ROUND_BYTES ((size_t)1 << 22)

/* One worker of the parallel path: its own context, game copy, position
 * and result; it formats its share of a round's lines into memory. */
typedef struct worker {
    cli *c;
    grundy_ctx *ctx;
    grundy_game *game;
    grundy_position *pos;
    grundy_result *res;
    const char *lines;         /* its share: whole lines */
    size_t len;
    grundy_buffer out;         /* its records, in order */
    grundy_buffer errors;      /* failed lines: 8-byte line number within
                                  the share, then the message and a NUL */
    unsigned long long nlines; /* lines in its share */
    int status;                /* merged status of its lines */
} worker;

static void
worker_error(worker *w, const char *line, size_t len, const char *message)
{
    size_t mlen = strlen(message) + 1, need = sizeof w->nlines + mlen;
    grundy_buffer *e = &w->errors;
    if (!w->c->quiet) {
        grundy_format_error_mem(&w->out, w->c->format, line, len, message);
    }
    if (need > e->cap - e->len) {
        size_t cap = e->cap != 0 ? e->cap : 4096;
        char *p;
        while (cap - e->len < need) {
            cap *= 2;
        }
        if ((p = realloc(e->data, cap)) == NULL) {
            w->status = EXIT_LIMIT;
            return;
        }
        e->data = p;
        e->cap = cap;
    }
    memcpy(e->data + e->len, &w->nlines, sizeof w->nlines);
    memcpy(e->data + e->len + sizeof w->nlines, message, mlen);
    e->len += need;
}

/* Solves every line of the worker's share (thrd_start_t). */
static int
worker_run(void *arg)
{
    worker *w = arg;
    const char *p = w->lines, *end = w->lines + w->len;
    w->out.len = w->errors.len = 0;
    w->nlines = 0;
    w->status = EXIT_WIN;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        char *line = (char *)p;
        size_t len = (size_t)((nl != NULL ? nl : end) - p);
        grundy_error err;
        grundy_status st;
        p = nl != NULL ? nl + 1 : end;
        w->nlines++;
        if (!trim_line(&line, &len)) {
            continue;
        }
        st = grundy_position_parse(w->ctx, w->pos, w->game, line, len, &err);
        if (st == GRUNDY_OK) {
            st = grundy_solve(w->ctx, w->pos, w->c->flags, w->res, &err);
        }
        if (st == GRUNDY_OK && !w->c->quiet) {
            st = grundy_format_result_mem(&w->out, w->c->format, line, len,
                                          w->res);
            if (st != GRUNDY_OK) {
                snprintf(err.message, sizeof err.message, "out of memory");
            }
        }
        if (st != GRUNDY_OK) {
            worker_error(w, line, len, err.message);
            w->status = merge_status(w->status, st);
        }
    }
    return 0;
}

static void
workers_free(worker *w, int n)
{
    for (int i = 0; i < n; i++) {
        grundy_result_free(w[i].res);
        grundy_position_free(w[i].pos);
        grundy_game_free(w[i].game);
        grundy_ctx_free(w[i].ctx);
        free(w[i].out.data);
        free(w[i].errors.data);
    }
}

static int
workers_new(cli *c, worker *w, int n, const grundy_game *fixed)
{
    const char *spec = grundy_game_spec(fixed);
    grundy_error err;
    memset(w, 0, (size_t)n * sizeof *w);
    for (int i = 0; i < n; i++) {
        w[i].c = c;
        w[i].ctx = grundy_ctx_new();
        w[i].pos = grundy_position_new();
        w[i].res = grundy_result_new();
        if (w[i].ctx == NULL || w[i].pos == NULL || w[i].res == NULL ||
            grundy_game_parse(w[i].ctx, spec, strlen(spec), &w[i].game,
                              &err) != GRUNDY_OK) {
            return -1;
        }
    }
    return 0;
}

/* Gives out the next round: whole lines, about ROUND_BYTES. Returns
 * LINE_OK, LINE_EOF, LINE_ERROR, or LINE_TOO_LONG when a line exceeds
 * MAX_LINE (it is skipped). */
static int
read_round(reader *r, const char **block, size_t *len)
{
    size_t want = ROUND_BYTES;
    for (;;) {
        size_t avail = r->end - r->start;
        const char *base = r->buf + r->start;
        int rc;
        if (r->eof || avail >= want) {
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
            want = 2 * avail;   /* one line longer than a round */
        }
        rc = reader_fill(r, want);
        if (rc != LINE_OK) {
            return rc == LINE_TOO_LONG ? skip_line(r) : rc;
        }
    }
}

/* Splits a round into n shares at line ends. */
static void
split_round(worker *w, int n, const char *block, size_t len)
{
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        size_t end = i == n - 1 ? len : at + (len - at) / (size_t)(n - i);
        while (end < len && end > at && block[end - 1] != '\n') {
            end++;
        }
        w[i].lines = block + at;
        w[i].len = end - at;
        at = end;
    }
}

/* Writes the workers' records in order and reports their failed lines
 * with line numbers counted from *lineno. */
static int
emit_round(worker *w, int n, const char *name, unsigned long long *lineno,
           int status)
{
    for (int i = 0; i < n; i++) {
        size_t at = 0;
        fwrite(w[i].out.data, 1, w[i].out.len, stdout);
        while (at < w[i].errors.len) {
            unsigned long long rel;
            memcpy(&rel, w[i].errors.data + at, sizeof rel);
            at += sizeof rel;
            fprintf(stderr, "grundy: %s:%llu: %s\n", name, *lineno + rel,
                    w[i].errors.data + at);
            at += strlen(w[i].errors.data + at) + 1;
        }
        *lineno += w[i].nlines;
        if (w[i].status != EXIT_WIN &&
            (status == EXIT_WIN || w[i].status == EXIT_INVALID)) {
            status = w[i].status;
        }
    }
    return output_failed() ? EXIT_IO : status;
}

/*
 * Closed-form games stream in rounds: the round's lines are split between
 * n workers (the main thread is worker 0), each solves its share into
 * memory, and the shares are written in input order.
 */
static int
run_lines_parallel(cli *c, reader *r, const char *name,
                   grundy_game *fixed, int n)
{
    worker w[MAX_THREADS];
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc;
    const char *block;
    size_t len;

    if (workers_new(c, w, n, fixed) != 0) {
        workers_free(w, n);
        fputs("grundy: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    while (status != EXIT_IO && (rc = read_round(r, &block, &len)) != LINE_EOF) {
        thrd_t tid[MAX_THREADS];
        int started = 1;
        if (rc == LINE_ERROR) {
            fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name,
                    lineno + 1, strerror(errno));
            status = EXIT_IO;
            break;
        }
        if (rc == LINE_TOO_LONG) {
            line_error(c, name, ++lineno, "", 0,
                       "line longer than 1 GiB: not read");
            status = merge_status(status, GRUNDY_EPOSITION);
            continue;
        }
        split_round(w, n, block, len);
        while (started < n && thrd_create(&tid[started], worker_run,
                                          &w[started]) == thrd_success) {
            started++;
        }
        worker_run(&w[0]);
        for (int i = 1; i < n; i++) {
            if (i < started) {
                thrd_join(tid[i], NULL);
            } else {
                worker_run(&w[i]);   /* no thread: do it here */
            }
        }
        status = emit_round(w, n, name, &lineno, status);
    }
    workers_free(w, n);
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
    r.cap = (size_t)1 << 16;
    if ((r.buf = malloc(r.cap)) == NULL) {
        fputs("grundy: out of memory\n", stderr);
        status = EXIT_LIMIT;
    }
#ifdef HAVE_THREADS
    /* Tables would be built once per thread: only closed forms go wide. */
    else if (fixed != NULL && n > 1 && grundy_game_closed_form(fixed)) {
        status = run_lines_parallel(c, &r, name, fixed, n);
    }
#endif
    else {
        (void)n;
        status = run_lines_sequential(c, &r, name, fixed);
    }
    free(r.buf);
    if (r.f != stdin) {
        fclose(r.f);
    }
    return status;
}
