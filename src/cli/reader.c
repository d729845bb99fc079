/*
 * reader.c - the line mode's input reader: lines of any length (NUL bytes
 * included, CR, LF and CRLF alike), read as read(2) gives them so that a
 * pipe or terminal is answered at once, one line at a time or as rounds
 * of whole lines; overlong lines skipped in bounded time; a byte-order
 * mark, UTF-16 or a directory told apart. Apart from lines.c so that the
 * stream's drivers hold no buffer arithmetic; it solves nothing.
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* read(2) and fileno for reader_read */
#endif
#include "reader.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
int
reader_trim_blanks(char **line, size_t *len)
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
int
reader_trim_line(char **line, size_t *len)
{
    const char *hash = memchr(*line, '#', *len);
    if (hash != NULL) {
        *len = (size_t)(hash - *line);
    }
    return reader_trim_blanks(line, len);
}

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

/* Skips the rest of an overlong line, once it is reported: LINE_OK at
 * its end (or the input's), LINE_ERROR, or LINE_REFUSED when no line end
 * comes within the next 1 GiB (MAX_LINE, a second or so of reading).
 * Input without line ends (/dev/zero, a binary file) would be skipped
 * for ever: it ends the run, in bounded time, instead. */
int
reader_skip_line(reader *r)
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
int
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

int
reader_line(reader *r, char **line, size_t *len)
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

/* Gives out the next round: whole lines, about `bytes` bytes (or the line
 * limit, if lower). Returns LINE_OK, LINE_EOF, LINE_ERROR, or LINE_TOO_LONG
 * or LINE_NOMEM for a line too long to hold (the caller skips it). */
int
reader_round(reader *r, size_t bytes, const char **block, size_t *len)
{
    size_t want = bytes < r->max ? bytes : r->max;
    for (;;) {
        size_t avail = r->end - r->start;
        const char *base = r->buf + r->start;
        int rc;
        /* A round is about `bytes` bytes of a file, or the whole lines a
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
int
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
int
reader_ahead_safe(const reader *r)
{
#ifdef HAVE_READ
    struct stat st;
    return fstat(fileno(r->f), &st) == 0 && S_ISREG(st.st_mode);
#else
    (void)r;
    return 0;
#endif
}

/* Skips a UTF-8 byte-order mark at the start of the input (editors on
 * some systems write one); it would otherwise be part of the first
 * game's name. Read errors are left to the line loop. Returns -1, with
 * the message said, for UTF-16 input (its byte-order mark FF FE or FE
 * FF, or a NUL byte among the first two): every line would be garbage. */
int
reader_skip_bom(reader *r, const char *name)
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
int
reader_is_directory(FILE *f, const char *name)
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
