/*
 * sequential.c - the line mode one line after another with the main
 * context: a line answered on stdout, or reported as FILE:LINE with its
 * error record, overlong lines reported and skipped, the status merged.
 * The worker threads' rounds (rounds.c) hand it the lines they leave and
 * fall back on its loop; it knows nothing of threads.
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* fileno for output_gone */
#endif
#include "lines.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <poll.h>
#define HAVE_READ 1
#endif

/* 1, said once on stderr, when stdout leads nowhere any more: the
 * reader of its pipe, socket or terminal has gone. Records written then
 * fail (EPIPE ends the run), but bad lines in text output write none,
 * and their messages would go on for ever. Not with -q: stdout is not
 * used. */
int
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
int
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
    rc = reader_skip_line(r);
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
int
merge_status(int status, grundy_status st)
{
    int e = exit_for(st);
    return status == EXIT_WIN || e == EXIT_INVALID ? e : status;
}

/* Answers one (trimmed) line with the main context, on stdout, or
 * reports it as a bad line. Returns the merged status, EXIT_IO when
 * writing failed. */
int
line_answer(cli *c, const char *name, unsigned long long lineno,
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

int
run_lines_sequential(cli *c, reader *r, const char *name, grundy_game *fixed)
{
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc;
    char *line = NULL;
    size_t len = 0;

    while ((rc = reader_line(r, &line, &len)) != LINE_EOF) {
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
        if (reader_trim_line(&line, &len) &&
            (status = line_answer(c, name, lineno, fixed, line, len,
                                  status)) == EXIT_IO) {
            return EXIT_IO;
        }
    }
    return status;
}
