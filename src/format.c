/*
 * format.c - one output record per position, as text or JSON Lines,
 * written to a FILE * the caller passes (the library never picks stdout).
 * Records are assembled from fwrite pieces: no printf on the hot path.
 */
#include "family.h"

#include <string.h>

static void
put(FILE *out, const char *s, size_t n)
{
    fwrite(s, 1, n, out);
}

static void
puts_(FILE *out, const char *s)
{
    fwrite(s, 1, strlen(s), out);
}

static void
put_num(FILE *out, uint64_t v)
{
    char buf[24];
    fwrite(buf, 1, u64_to_dec(v, buf), out);
}

/* A JSON string: quotes, escapes for '"', '\\' and control bytes; bytes
 * >= 0x80 (only in invalid input) as \u00XX so the record stays valid
 * UTF-8. */
static void
put_json_string(FILE *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t run = 0;
    putc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        char esc[6] = {'\\', 'u', '0', '0', 0, 0};
        if (ch >= 0x20 && ch < 0x80 && ch != '"' && ch != '\\') {
            continue;
        }
        put(out, s + run, i - run);
        run = i + 1;
        if (ch == '"' || ch == '\\') {
            esc[1] = (char)ch;
            put(out, esc, 2);
            continue;
        }
        esc[4] = hex[ch >> 4];
        esc[5] = hex[ch & 15];
        put(out, esc, 6);
    }
    put(out, s + run, n - run);
    putc('"', out);
}

static void
format_text(FILE *out, const grundy_result *res)
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
        puts_(out, " -> ");
        puts_(out, grundy_result_move_position(res, i));
    }
    putc('\n', out);
}

static void
put_json_array(FILE *out, const grundy_result *res,
               const char *(*get)(const grundy_result *, size_t))
{
    size_t nmoves = grundy_result_move_count(res);
    putc('[', out);
    for (size_t i = 0; i < nmoves; i++) {
        const char *s = get(res, i);
        if (i > 0) {
            putc(',', out);
        }
        put_json_string(out, s, strlen(s));
    }
    putc(']', out);
}

static void
format_json(FILE *out, const char *input, size_t input_len,
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

grundy_status
grundy_format_result(FILE *out, unsigned format, const char *input,
                     size_t input_len, const grundy_result *res)
{
    if (format & GRUNDY_FORMAT_JSON) {
        format_json(out, input, input_len, res,
                    (format & GRUNDY_FORMAT_ALL) != 0);
    } else {
        format_text(out, res);
    }
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}

grundy_status
grundy_format_error(FILE *out, unsigned format, const char *input,
                    size_t input_len, const char *message)
{
    if (!(format & GRUNDY_FORMAT_JSON)) {
        return GRUNDY_OK;
    }
    puts_(out, "{\"input\":");
    put_json_string(out, input, input_len);
    puts_(out, ",\"error\":");
    put_json_string(out, message, strlen(message));
    puts_(out, "}\n");
    return ferror(out) ? GRUNDY_EIO : GRUNDY_OK;
}
