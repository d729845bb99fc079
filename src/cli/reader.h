/*
 * reader.h - the line mode's input reader (reader.c): buffered lines of
 * any length (NUL bytes included) from a FILE, every line ending made
 * '\n', handed out one at a time or as blocks of whole lines. It solves
 * nothing and writes no record; its few messages are about the input.
 */
#ifndef GRUNDY_CLI_READER_H
#define GRUNDY_CLI_READER_H

#include <stddef.h>
#include <stdio.h>

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

/* What a read gives: a line (or block), the end, or why not. */
enum {
    LINE_EOF = 0,
    LINE_OK = 1,
    LINE_TOO_LONG = 2,        /* longer than max: to be skipped */
    LINE_NOMEM = 3,           /* the system refused a bigger buffer */
    LINE_REFUSED = 4,         /* no line end long after the limit */
    LINE_ERROR = -1
};

/* Trims blanks at both ends of line[0..*len); 1 when anything is left. */
int reader_trim_blanks(char **line, size_t *len);
/* Cuts a comment ('#' to the end of the line) and trims blanks; 1 when
 * a position is left. */
int reader_trim_line(char **line, size_t *len);

/* The next line, without its '\n', into *line (inside r's buffer, valid
 * until the next call) and *len. LINE_OK, LINE_EOF, LINE_ERROR (errno
 * set), or LINE_TOO_LONG / LINE_NOMEM for a line the buffer cannot hold:
 * the caller reports it, then calls reader_skip_line. */
int reader_line(reader *r, char **line, size_t *len);
/* Skips the rest of an overlong line: LINE_OK, LINE_ERROR, or
 * LINE_REFUSED when no line end comes within MAX_LINE more bytes. */
int reader_skip_line(reader *r);
/* Reads once more into room for `want` bytes in all (at most max):
 * LINE_OK, LINE_ERROR, LINE_TOO_LONG or LINE_NOMEM. */
int reader_fill(reader *r, size_t want);

/* The next block of whole lines, about `bytes` bytes (or max, if lower),
 * or the whole lines a pipe has given so far, into *block (inside r's
 * buffer) and *len. Returns as reader_line does. */
int reader_round(reader *r, size_t bytes, const char **block, size_t *len);
/* Makes *spare (grown to r's capacity, PLAIN_LINE_PAD included) r's
 * buffer, holding the unread bytes, and hands r's old buffer back in
 * *spare, so that blocks handed out stay in place. -1 when *spare
 * cannot grow; r is then unchanged. */
int reader_swap(reader *r, char **spare, size_t *spare_cap);
/* 1 when r reads a regular file: reading ahead cannot wait on a writer
 * who waits for our answers. */
int reader_ahead_safe(const reader *r);

/* Skips a UTF-8 byte-order mark at the start; -1, with the message said
 * on stderr under `name`, for UTF-16 input. */
int reader_skip_bom(reader *r, const char *name);
/* 1, with the message said on stderr, when f is a directory. */
int reader_is_directory(FILE *f, const char *name);

#endif
