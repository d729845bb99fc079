/*
 * format.c - one output record per position, as text or JSON Lines,
 * written to a FILE * the caller passes (the library never picks stdout).
 * Records are assembled from fwrite pieces: no printf on the hot path.
 * Formats answers it is given; parses and solves nothing (the quick path
 * that does all three for a plain line is answer.c).
 */
#include "format.h"

#include <stdlib.h>
#include <string.h>

/* Records are written into a window of free room: the spare capacity of
 * the caller's buffer (mem), or a local buffer handed to stdio in few
 * fwrite calls (stdio's per-call locking dominated small writes). */
typedef struct obuf {
    FILE *out;           /* the stream, or NULL to append to mem */
    format_buffer *mem;  /* the record so far is mem->data[len..at) */
    int oom;             /* growing mem failed: the record is dropped */
    char *at, *end;      /* the free room */
    char buf[8192];
} obuf;

static void
obuf_init(obuf *o, FILE *out, format_buffer *mem)
{
    o->out = out;
    o->mem = mem;
    o->oom = 0;
    o->at = o->buf;
    o->end = out != NULL ? o->buf + sizeof o->buf : o->buf;
    if (mem != NULL && mem->data != NULL) {
        o->at = mem->data + mem->len;
        o->end = mem->data + mem->cap;
    }
}

/* Ends a record: a stream gets what buf holds, mem keeps the record. */
static void
obuf_finish(obuf *o)
{
    if (o->out != NULL) {
        if (o->at > o->buf) {
            fwrite(o->buf, 1, (size_t)(o->at - o->buf), o->out);
        }
        o->at = o->buf;
    } else if (!o->oom && o->mem->data != NULL) {
        o->mem->len = (size_t)(o->at - o->mem->data);
    }
}

/* Doubles mem until the window holds n bytes, keeping the record so far.
 * Out of memory drops the record: later writes scribble in buf. */
static int
mem_grow(obuf *o, size_t n)
{
    format_buffer *m = o->mem;
    size_t used = m->data != NULL ? (size_t)(o->at - m->data) : 0;
    size_t cap = m->cap != 0 ? m->cap : 65536;
    char *p;
    while (cap - used < n) {
        if (cap > SIZE_MAX / 2) {
            goto fail;
        }
        cap *= 2;
    }
    if ((p = realloc(m->data, cap)) == NULL) {
        goto fail;
    }
    m->data = p;
    m->cap = cap;
    o->at = p + used;
    o->end = p + cap;
    return 0;
fail:
    o->oom = 1;
    o->at = o->buf;
    o->end = o->buf + sizeof o->buf;
    return n <= sizeof o->buf ? 0 : -1;
}

/* Makes the window hold at least n bytes; 0 when it does, -1 when a
 * stream's n bytes must bypass buf (or a dropped record's be skipped). */
static int
room(obuf *o, size_t n)
{
    if (o->out == NULL && !o->oom) {
        return mem_grow(o, n);
    }
    if (o->out != NULL && o->at > o->buf) {
        fwrite(o->buf, 1, (size_t)(o->at - o->buf), o->out);
    }
    o->at = o->buf;
    return n <= sizeof o->buf ? 0 : -1;
}

static void
put(obuf *o, const char *s, size_t n)
{
    if (n > (size_t)(o->end - o->at) && room(o, n) != 0) {
        if (o->out != NULL) {
            fwrite(s, 1, n, o->out);
        }
        return;
    }
    memcpy(o->at, s, n);
    o->at += n;
}

static void
putch(obuf *o, char ch)
{
    if (o->at == o->end && room(o, 1) != 0) {
        return;
    }
    *o->at++ = ch;
}

/* A string literal, its length known at compile time. */
#define PUT_LIT(o, lit) put((o), "" lit, sizeof(lit) - 1)

static void
put_num(obuf *o, uint64_t v)
{
    /* util_u64_to_dec writes up to 21 bytes. */
    if ((size_t)(o->end - o->at) < 21 && room(o, 21) != 0) {
        return;
    }
    o->at += util_u64_to_dec(v, o->at);
}

/* Nonzero high bits where a byte of x may need a JSON escape: a control
 * byte (< 0x20), a byte >= 0x80, '"' or '\\' (zero-byte tests, SWAR;
 * a borrow may flag a clean byte after a flagged one, never hide one). */
static uint64_t
escape_bits8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t quote = x ^ (ones * '"'), slash = x ^ (ones * '\\');
    uint64_t control = (x - ones * 0x20) & ~x;
    uint64_t quotes = (quote - ones) & ~quote;
    uint64_t slashes = (slash - ones) & ~slash;
    return (control | quotes | slashes | x) & highs;
}

/* 1 when one of the 8 bytes of x needs a JSON escape. */
static int
needs_escape8(uint64_t x)
{
    return escape_bits8(x) != 0;
}

/* 1 when none of s[0..n) needs an escape, n >= 8: a word at a time,
 * the last word overlapping the one before, so no byte is tested alone. */
static int
json_clean(const char *s, size_t n)
{
    uint64_t bits = 0, x;
    for (size_t i = 0; i + 8 < n; i += 8) {
        memcpy(&x, s + i, 8);
        bits |= escape_bits8(x);
    }
    memcpy(&x, s + n - 8, 8);
    return (bits | escape_bits8(x)) == 0;
}

/* A JSON string: quotes, escapes for '"', '\\' and control bytes; bytes
 * >= 0x80 (only in invalid input) as \u00XX so the record stays valid
 * UTF-8. */
static void
put_json_string(obuf *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t run = 0, i = 0;
    /* Clean text (a move's words, a line of numbers) in one copy. */
    if (n >= 8 && n + 2 <= (size_t)(out->end - out->at) && json_clean(s, n)) {
        *out->at = '"';
        memcpy(out->at + 1, s, n);
        out->at[n + 1] = '"';
        out->at += n + 2;
        return;
    }
    putch(out, '"');
    while (i < n) {
        unsigned char ch;
        uint64_t x, y;
        /* Clean text, the common case, 16 bytes per test. */
        while (i + 16 <= n) {
            memcpy(&x, s + i, 8);
            memcpy(&y, s + i + 8, 8);
            if ((escape_bits8(x) | escape_bits8(y)) != 0) {
                break;
            }
            i += 16;
        }
        if (i == n) {
            break;
        }
        if (i + 8 <= n) {
            memcpy(&x, s + i, 8);
            if (!needs_escape8(x)) {
                i += 8;
                continue;
            }
        }
        ch = (unsigned char)s[i++];
        if (ch >= 0x20 && ch < 0x80 && ch != '"' && ch != '\\') {
            continue;
        }
        if (ch >= 0x80) {
            /* A valid UTF-8 character goes out as it is (JSON text is
             * Unicode); only stray bytes are escaped, one by one. */
            uint32_t cp;
            size_t len = util_utf8_char(s + i - 1, n - i + 1, &cp);
            if (len != 0) {
                i += len - 1;
                continue;
            }
        }
        put(out, s + run, i - 1 - run);
        run = i;
        if (ch == '"' || ch == '\\') {
            char esc[2] = {'\\', (char)ch};
            put(out, esc, 2);
        } else {
            char esc[6] = {'\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15]};
            put(out, esc, 6);
        }
    }
    put(out, s + run, n - run);
    putch(out, '"');
}

static void
format_text(obuf *out, const grundy_result *res)
{
    uint64_t sg;
    size_t nmoves = grundy_result_move_count(res);
    if (grundy_result_win(res)) {
        PUT_LIT(out, "win");
    } else if (grundy_result_draw(res)) {
        PUT_LIT(out, "draw");
    } else {
        PUT_LIT(out, "lose");
    }
    if (res->compound != 0) {
        /* A compound has no Grundy value: its deciding number instead. */
        if (res->compound == GRUNDY_EVERY) {
            PUT_LIT(out, " suspense=");
        } else {
            PUT_LIT(out, " remoteness=");
        }
        put_num(out, res->compound_number);
    } else if (grundy_result_loopy(res)) {
        /* Smith's infinite value: not a number, not unknown. */
        PUT_LIT(out, " sg=inf");
    } else if (!grundy_result_misere(res) && grundy_result_sg(res, &sg)) {
        PUT_LIT(out, " sg=");
        put_num(out, sg);
    } else if (!grundy_result_misere(res) && res->sg_big) {
        PUT_LIT(out, " sg=");
        put(out, res->sg_text, strlen(res->sg_text));
    } else if (!grundy_result_misere(res)) {
        /* A win whose value is out of reach (a huge fib pile, a Wythoff
         * pair past any table): the outcome and move are exact, the
         * value is unknown, not 0 and not a guess. */
        PUT_LIT(out, " sg=?");
    } else {
        PUT_LIT(out, " (misere)");
    }
    for (size_t i = 0; i < nmoves; i++) {
        size_t elen, plen;
        const char *after, *e = move_result_text(res, i, &elen, &after, &plen);
        put(out, i == 0 ? ": " : "; ", 2);
        put(out, e, elen);
        PUT_LIT(out, " -> ");
        /* Every row taken: say so rather than end the line on "-> ". */
        if (plen > 0) {
            put(out, after, plen);
        } else {
            PUT_LIT(out, "(nothing left)");
        }
    }
    putch(out, '\n');
}

/* The JSON array of every move's position (which = 1) or words (0). */
static void
put_json_array(obuf *out, const grundy_result *res, int which)
{
    size_t nmoves = grundy_result_move_count(res);
    putch(out, '[');
    for (size_t i = 0; i < nmoves; i++) {
        size_t elen, plen;
        const char *after, *e = move_result_text(res, i, &elen, &after, &plen);
        if (i > 0) {
            putch(out, ',');
        }
        if (which) {
            put_json_string(out, after, plen);
        } else {
            put_json_string(out, e, elen);
        }
    }
    putch(out, ']');
}

/* 2^53 - 1: the largest integer every JSON reader that parses numbers
 * as doubles keeps exact (GRUNDY_FORMAT_BIG_STRINGS). */
#define JSON_SAFE_MAX ((UINT64_C(1) << 53) - 1)

static void
format_json(obuf *out, const char *input, size_t input_len,
            const grundy_result *res, int all, int big_strings)
{
    uint64_t sg;
    PUT_LIT(out, "{\"input\":");
    put_json_string(out, input, input_len);
    if (grundy_result_win(res)) {
        PUT_LIT(out, ",\"outcome\":\"win\"");
    } else if (grundy_result_draw(res)) {
        PUT_LIT(out, ",\"outcome\":\"draw\"");
    } else {
        PUT_LIT(out, ",\"outcome\":\"lose\"");
    }
    if (grundy_result_loopy(res)) {
        PUT_LIT(out, ",\"loopy\":true");
    }
    if (grundy_result_misere(res)) {
        PUT_LIT(out, ",\"misere\":true");
    }
    if (res->compound != 0) {
        if (res->compound == GRUNDY_EVERY) {
            PUT_LIT(out, ",\"suspense\":");
        } else {
            PUT_LIT(out, ",\"remoteness\":");
        }
        if (big_strings && res->compound_number > JSON_SAFE_MAX) {
            putch(out, '"');
            put_num(out, res->compound_number);
            putch(out, '"');
        } else {
            put_num(out, res->compound_number);
        }
    } else if (grundy_result_sg(res, &sg)) {
        PUT_LIT(out, ",\"sg\":");
        if (big_strings && sg > JSON_SAFE_MAX) {
            putch(out, '"');
            put_num(out, sg);
            putch(out, '"');
        } else {
            put_num(out, sg);
        }
    } else if (res->sg_known && res->sg_big) {
        /* Every digit: a JSON number of any size (readers that need it
         * exact must not parse it as a double), or a string of them. */
        PUT_LIT(out, ",\"sg\":");
        if (big_strings) {
            putch(out, '"');
        }
        put(out, res->sg_text, strlen(res->sg_text));
        if (big_strings) {
            putch(out, '"');
        }
    }
    if (grundy_result_move_count(res) > 0) {
        size_t elen, plen;
        const char *after, *e = move_result_text(res, 0, &elen, &after, &plen);
        PUT_LIT(out, ",\"move\":");
        put_json_string(out, after, plen);
        PUT_LIT(out, ",\"explain\":");
        put_json_string(out, e, elen);
    }
    if (all && grundy_result_win(res)) {
        /* How many winning moves, so that a reader need not count the
         * array (interface: --all lists every one). */
        PUT_LIT(out, ",\"move_count\":");
        put_num(out, grundy_result_move_count(res));
        PUT_LIT(out, ",\"moves\":");
        put_json_array(out, res, 1);
        PUT_LIT(out, ",\"explains\":");
        put_json_array(out, res, 0);
    }
    PUT_LIT(out, "}\n");
}

static void
format_result(obuf *o, unsigned format, const char *input, size_t input_len,
              const grundy_result *res)
{
    if (format & GRUNDY_FORMAT_JSON) {
        format_json(o, input, input_len, res,
                    (format & GRUNDY_FORMAT_ALL) != 0,
                    (format & GRUNDY_FORMAT_BIG_STRINGS) != 0);
    } else {
        format_text(o, res);
    }
    obuf_finish(o);
}

/* kind and limit (NULL: left out) are the fields "kind" and "limit"
 * the command adds (format_error_tagged). */
static void
format_error(obuf *o, unsigned format, const char *input, size_t input_len,
             const char *message, const char *kind, const char *limit)
{
    if (!(format & GRUNDY_FORMAT_JSON)) {
        return;
    }
    PUT_LIT(o, "{\"input\":");
    put_json_string(o, input, input_len);
    PUT_LIT(o, ",\"error\":");
    put_json_string(o, message, strlen(message));
    if (kind != NULL) {
        PUT_LIT(o, ",\"kind\":");
        put_json_string(o, kind, strlen(kind));
    }
    if (limit != NULL) {
        PUT_LIT(o, ",\"limit\":");
        put_json_string(o, limit, strlen(limit));
    }
    PUT_LIT(o, "}\n");
    obuf_finish(o);
}

grundy_status
grundy_format_result(FILE *out, unsigned format, const char *input,
                     size_t input_len, const grundy_result *res)
{
    obuf o;
    obuf_init(&o, out, NULL);
    format_result(&o, format, input, input_len, res);
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
grundy_format_error(FILE *out, unsigned format, const char *input,
                    size_t input_len, const char *message)
{
    obuf o;
    obuf_init(&o, out, NULL);
    format_error(&o, format, input, input_len, message, NULL, NULL);
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
format_error_tagged(FILE *out, unsigned format, const char *input,
                    size_t input_len, const char *message, const char *kind,
                    const char *limit)
{
    obuf o;
    obuf_init(&o, out, NULL);
    format_error(&o, format, input, input_len, message, kind, limit);
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
format_result_mem(format_buffer *out, unsigned format,
                  const char *input, size_t input_len,
                  const grundy_result *res)
{
    obuf o;
    obuf_init(&o, NULL, out);
    format_result(&o, format, input, input_len, res);
    return o.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

grundy_status
format_error_mem(format_buffer *out, unsigned format,
                 const char *input, size_t input_len,
                 const char *message, const char *kind, const char *limit)
{
    obuf o;
    obuf_init(&o, NULL, out);
    format_error(&o, format, input, input_len, message, kind, limit);
    return o.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

/* Copies a record assembled in mem to dst[0..cap) as snprintf would. */
static grundy_status
copy_out(char *dst, size_t cap, size_t *len, format_buffer *mem,
         grundy_status st)
{
    if (st == GRUNDY_OK) {
        if (len != NULL) {
            *len = mem->len;
        }
        if (cap > 0) {
            size_t n = mem->len < cap ? mem->len : cap - 1;
            if (n > 0) {
                memcpy(dst, mem->data, n);
            }
            dst[n] = '\0';
        }
    } else if (cap > 0) {
        dst[0] = '\0';
    }
    free(mem->data);
    return st;
}

grundy_status
grundy_format_result_buf(char *dst, size_t cap, size_t *len, unsigned format,
                         const char *input, size_t input_len,
                         const grundy_result *res)
{
    format_buffer mem = {0};
    grundy_status st = format_result_mem(&mem, format, input,
                                         input_len, res);
    return copy_out(dst, cap, len, &mem, st);
}

grundy_status
grundy_format_error_buf(char *dst, size_t cap, size_t *len, unsigned format,
                        const char *input, size_t input_len,
                        const char *message)
{
    format_buffer mem = {0};
    grundy_status st = format_error_mem(&mem, format, input,
                                        input_len, message, NULL, NULL);
    return copy_out(dst, cap, len, &mem, st);
}

/* Appends n bytes at p (room made by the caller); returns the end. A
 * record is a few short copies of any length: in chunks of 16, 8 or 4
 * bytes, the last chunk overlapping the one before, inline (a call into
 * the C library cost more than the copy). Touches no byte outside
 * s[0..n) and p[0..n). */
static char *
copy(char *p, const char *s, size_t n)
{
    if (n >= 16) {
        for (size_t i = 0; i + 16 < n; i += 16) {
            memcpy(p + i, s + i, 16);
        }
        memcpy(p + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        uint64_t head, tail;
        memcpy(&head, s, 8);
        memcpy(&tail, s + n - 8, 8);
        memcpy(p, &head, 8);
        memcpy(p + n - 8, &tail, 8);
    } else if (n >= 4) {
        uint32_t head, tail;
        memcpy(&head, s, 4);
        memcpy(&tail, s + n - 4, 4);
        memcpy(p, &head, 4);
        memcpy(p + n - 4, &tail, 4);
    } else {
        for (size_t i = 0; i < n; i++) {
            p[i] = s[i];
        }
    }
    return p + n;
}

/* A string literal: its length is known, memcpy is a few moves. */
static char *
copy_lit(char *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

#define COPY_LIT(p, lit) copy_lit((p), "" lit, sizeof(lit) - 1)

/* The new number of a plain answer, in decimal: the words end in it and
 * ')' (family.h, option_one), so it is copied rather than formatted a
 * second time; formatted when the words do not end that way. */
static char *
copy_to_digits(char *p, const plain_answer *a)
{
    size_t end = a->explain_len, start;
    if (end >= 2 && a->explain[end - 1] == ')') {
        start = --end;
        while (start > 0 && a->explain[start - 1] >= '0' &&
               a->explain[start - 1] <= '9') {
            start--;
        }
        if (start < end && (end - start == 1 || a->explain[start] != '0')) {
            return copy(p, a->explain + start, end - start);
        }
    }
    return p + util_u64_to_dec(a->to, p);
}

/* The record of a plain line, as format_text / format_json would write
 * it for the same answer: the position after the move is the line with
 * one token replaced, and the line (digits and spaces) and the words
 * need no JSON escapes. The room for the whole record is made at once:
 * the line twice, three numbers, the words and the fixed text. */
static void
format_plain(obuf *o, unsigned format, const char *line, size_t len,
             const size_t *toks, const plain_answer *a)
{
    int json = (format & GRUNDY_FORMAT_JSON) != 0;
    size_t need = 2 * len + 3 * 21 + sizeof a->explain + 64;
    char *p;
    if ((size_t)(o->end - o->at) < need && room(o, need) != 0) {
        return;
    }
    p = o->at;
    if (json) {
        p = COPY_LIT(p, "{\"input\":\"");
        p = copy(p, line, len);
        p = COPY_LIT(p, "\",\"outcome\":\"");
    }
    p = a->sg != 0 ? COPY_LIT(p, "win") : COPY_LIT(p, "lose");
    p = json ? COPY_LIT(p, "\",\"sg\":") : COPY_LIT(p, " sg=");
    if (json && (format & GRUNDY_FORMAT_BIG_STRINGS) &&
        a->sg > JSON_SAFE_MAX) {
        *p++ = '"';
        p += util_u64_to_dec(a->sg, p);
        *p++ = '"';
    } else {
        p += util_u64_to_dec(a->sg, p);
    }
    if (a->at != SIZE_MAX) {
        size_t tok = toks[a->at], after = toks[a->at + 1] - 1;
        if (json) {
            p = COPY_LIT(p, ",\"move\":\"");
        } else {
            p = COPY_LIT(p, ": ");
            p = copy(p, a->explain, a->explain_len);
            p = COPY_LIT(p, " -> ");
        }
        p = copy(p, line, tok);
        p = copy_to_digits(p, a);
        p = copy(p, line + after, len - after);
        if (json) {
            /* The words need no escape (family.h, option_one). */
            p = COPY_LIT(p, "\",\"explain\":\"");
            p = copy(p, a->explain, a->explain_len);
            p = COPY_LIT(p, "\"");
        }
    }
    p = json ? COPY_LIT(p, "}\n") : COPY_LIT(p, "\n");
    o->at = p;
}

int
format_plain_mem(format_buffer *out, unsigned format, const char *line,
                 size_t len, const size_t *toks, const plain_answer *a)
{
    obuf o;
    obuf_init(&o, NULL, out);
    format_plain(&o, format, line, len, toks, a);
    obuf_finish(&o);
    return !o.oom;
}
