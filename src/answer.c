/*
 * answer.c - the quick path of line mode: a plain line (single numbers
 * joined by single spaces) scanned (position.c), solved (solve_plain) and
 * its record written (format.c) without a position or a result. It
 * answers only what it answers byte for byte as the general path would;
 * anything else is left to the caller, which alone reports errors.
 */
#include "format.h"
#include "position.h"

#include <string.h>

/* Longest line the quick path copies (64 numbers of 20 digits fit). */
#define PLAIN_MAX_TEXT 2048

/* Misere, every move, a compound (Every-SG, conjunctive play), a family
 * without the quick path, or a memory limit so low that the general path
 * might refuse the line: not for the quick path. */
static int
plain_possible(grundy_game *game, unsigned flags, unsigned format)
{
    return flags == 0 &&
           (format & GRUNDY_FORMAT_ALL) == 0 &&
           solve_plain_possible(game) &&
           ctx_memory_limit(game->ctx) >= ((size_t)1 << 20);
}

int
answer_plain_possible(grundy_game *game, unsigned flags, unsigned format)
{
    return plain_possible(game, flags, format);
}

/* Solves and formats the n numbers of a scanned plain line. */
static int
answer_scanned(grundy_game *game, unsigned format, const char *text,
               size_t len, const uint64_t *v, const size_t *toks, size_t n,
               format_buffer *out)
{
    plain_answer a;
    if (n == 0 || !solve_plain(game, text, v, toks, n, &a)) {
        return 0;
    }
    return format_plain_mem(out, format, text, len, toks, &a);
}

int
answer_plain(grundy_game *game, unsigned flags, unsigned format,
             const char *line, size_t len, format_buffer *out)
{
    char text[PLAIN_MAX_TEXT + 9];
    uint64_t v[PLAIN_MAX_HEAPS];
    size_t toks[PLAIN_MAX_HEAPS + 1], n;

    /* A line too long to copy is not for the quick path either. */
    if (len == 0 || len > PLAIN_MAX_TEXT ||
        !plain_possible(game, flags, format)) {
        return 0;
    }
    memcpy(text, line, len);
    memset(text + len, 0, 9);
    n = position_scan_plain(text, len, v, toks, PLAIN_MAX_HEAPS);
    return answer_scanned(game, format, text, len, v, toks, n, out);
}

size_t
answer_plain_line(grundy_game *game, unsigned flags, unsigned format,
                  const char *text, size_t limit, format_buffer *out)
{
    uint64_t v[PLAIN_MAX_HEAPS];
    size_t toks[PLAIN_MAX_HEAPS + 1], n, len = 0;

    /* Read in place: no copy of the line, no search for its end first
     * (the scan finds it). */
    if (!plain_possible(game, flags, format)) {
        return 0;
    }
    n = position_scan_line(text, limit, v, toks, PLAIN_MAX_HEAPS, &len);
    return answer_scanned(game, format, text, len, v, toks, n, out)
               ? len + 1 : 0;
}
