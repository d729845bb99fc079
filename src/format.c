/*
 * format.c - one output record per position, as text or JSON Lines,
 * written to a FILE * the caller passes (the library never picks stdout).
 * Records are assembled from fwrite pieces: no printf on the hot path.
 */
#include "family.h"

#include <stdlib.h>
#include <string.h>

/* A record is assembled in a local buffer and handed to stdio in few
 * fwrite calls: stdio's per-call locking dominated small writes. */
typedef struct obuf {
    FILE *out;           /* the stream, or NULL to append to mem */
    grundy_buffer *mem;
    int oom;             /* appending to mem failed */
    size_t n;
    char buf[8192];
} obuf;

static void
append(obuf *o, const char *s, size_t n)
{
    grundy_buffer *m = o->mem;
    if (o->out != NULL) {
        fwrite(s, 1, n, o->out);
        return;
    }
    if (n > m->cap - m->len) {
        size_t cap = m->cap != 0 ? m->cap : 65536;
        char *p;
        while (cap - m->len < n) {
            if (cap > SIZE_MAX / 2) {
                o->oom = 1;
                return;
            }
            cap *= 2;
        }
        if ((p = realloc(m->data, cap)) == NULL) {
            o->oom = 1;
            return;
        }
        m->data = p;
        m->cap = cap;
    }
    memcpy(m->data + m->len, s, n);
    m->len += n;
}

static void
flush(obuf *o)
{
    append(o, o->buf, o->n);
    o->n = 0;
}

static void
put(obuf *o, const char *s, size_t n)
{
    if (n > sizeof o->buf - o->n) {
        flush(o);
        if (n > sizeof o->buf) {
            append(o, s, n);
            return;
        }
    }
    memcpy(o->buf + o->n, s, n);
    o->n += n;
}

static void
putch(obuf *o, char ch)
{
    if (o->n == sizeof o->buf) {
        flush(o);
    }
    o->buf[o->n++] = ch;
}

static void
puts_(obuf *o, const char *s)
{
    put(o, s, strlen(s));
}

static void
put_num(obuf *o, uint64_t v)
{
    char buf[24];
    put(o, buf, u64_to_dec(v, buf));
}

/* 1 when one of the 8 bytes of x needs a JSON escape: a control byte
 * (< 0x20), a byte >= 0x80, '"' or '\\' (zero-byte tests, SWAR). */
static int
needs_escape8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t quote = x ^ (ones * '"'), slash = x ^ (ones * '\\');
    uint64_t control = (x - ones * 0x20) & ~x;
    uint64_t quotes = (quote - ones) & ~quote;
    uint64_t slashes = (slash - ones) & ~slash;
    return ((control | quotes | slashes | x) & highs) != 0;
}

/* A JSON string: quotes, escapes for '"', '\\' and control bytes; bytes
 * >= 0x80 (only in invalid input) as \u00XX so the record stays valid
 * UTF-8. */
static void
put_json_string(obuf *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t run = 0, i = 0;
    putch(out, '"');
    while (i < n) {
        unsigned char ch;
        uint64_t x;
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
    puts_(out, grundy_result_win(res) ? "win" : "lose");
    if (!grundy_result_misere(res) && grundy_result_sg(res, &sg)) {
        puts_(out, " sg=");
        put_num(out, sg);
    } else if (grundy_result_misere(res)) {
        puts_(out, " (misere)");
    }
    for (size_t i = 0; i < nmoves; i++) {
        puts_(out, i == 0 ? ": " : "; ");
        puts_(out, grundy_result_move_explain(res, i));
        const char *after = grundy_result_move_position(res, i);
        puts_(out, " -> ");
        /* Every row taken: say so rather than end the line on "-> ". */
        puts_(out, after[0] != '\0' ? after : "(nothing left)");
    }
    putch(out, '\n');
}

static void
put_json_array(obuf *out, const grundy_result *res,
               const char *(*get)(const grundy_result *, size_t))
{
    size_t nmoves = grundy_result_move_count(res);
    putch(out, '[');
    for (size_t i = 0; i < nmoves; i++) {
        const char *s = get(res, i);
        if (i > 0) {
            putch(out, ',');
        }
        put_json_string(out, s, strlen(s));
    }
    putch(out, ']');
}

static void
format_json(obuf *out, const char *input, size_t input_len,
            const grundy_result *res, int all)
{
    uint64_t sg;
    puts_(out, "{\"input\":");
    put_json_string(out, input, input_len);
    puts_(out, grundy_result_win(res) ? ",\"outcome\":\"win\""
                                      : ",\"outcome\":\"lose\"");
    if (grundy_result_misere(res)) {
        puts_(out, ",\"misere\":true");
    }
    if (grundy_result_sg(res, &sg)) {
        puts_(out, ",\"sg\":");
        put_num(out, sg);
    }
    if (grundy_result_move_count(res) > 0) {
        const char *m = grundy_result_move_position(res, 0);
        const char *e = grundy_result_move_explain(res, 0);
        puts_(out, ",\"move\":");
        put_json_string(out, m, strlen(m));
        puts_(out, ",\"explain\":");
        put_json_string(out, e, strlen(e));
    }
    if (all && grundy_result_win(res)) {
        puts_(out, ",\"moves\":");
        put_json_array(out, res, grundy_result_move_position);
        puts_(out, ",\"explains\":");
        put_json_array(out, res, grundy_result_move_explain);
    }
    puts_(out, "}\n");
}

static void
format_result(obuf *o, unsigned format, const char *input, size_t input_len,
              const grundy_result *res)
{
    if (format & GRUNDY_FORMAT_JSON) {
        format_json(o, input, input_len, res,
                    (format & GRUNDY_FORMAT_ALL) != 0);
    } else {
        format_text(o, res);
    }
    flush(o);
}

static void
format_error(obuf *o, unsigned format, const char *input, size_t input_len,
             const char *message)
{
    if (!(format & GRUNDY_FORMAT_JSON)) {
        return;
    }
    puts_(o, "{\"input\":");
    put_json_string(o, input, input_len);
    puts_(o, ",\"error\":");
    put_json_string(o, message, strlen(message));
    puts_(o, "}\n");
    flush(o);
}

grundy_status
grundy_format_result(FILE *out, unsigned format, const char *input,
                     size_t input_len, const grundy_result *res)
{
    obuf o;
    o.out = out;
    o.n = 0;
    format_result(&o, format, input, input_len, res);
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
grundy_format_error(FILE *out, unsigned format, const char *input,
                    size_t input_len, const char *message)
{
    obuf o;
    o.out = out;
    o.n = 0;
    format_error(&o, format, input, input_len, message);
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
grundy_format_result_mem(grundy_buffer *out, unsigned format,
                         const char *input, size_t input_len,
                         const grundy_result *res)
{
    obuf o;
    o.out = NULL;
    o.mem = out;
    o.oom = 0;
    o.n = 0;
    format_result(&o, format, input, input_len, res);
    return o.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

grundy_status
grundy_format_error_mem(grundy_buffer *out, unsigned format,
                        const char *input, size_t input_len,
                        const char *message)
{
    obuf o;
    o.out = NULL;
    o.mem = out;
    o.oom = 0;
    o.n = 0;
    format_error(&o, format, input, input_len, message);
    return o.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}
