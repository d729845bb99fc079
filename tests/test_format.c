/*
 * test_format.c - output records: JSON strings escaped exactly as a
 * byte-by-byte reference does (random bytes, every length), and the text
 * and JSON records of a solved position, written to a FILE and to a
 * caller's buffer of every size (snprintf's rules).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads back what was written to f. */
static char *
slurp(FILE *f)
{
    long n = ftell(f);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    rewind(f);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    return s;
}

/* The length of the UTF-8 character at s[0..n), 0 when none, by the
 * table of well-formed byte sequences of RFC 3629 section 4. */
static size_t
reference_utf8(const unsigned char *s, size_t n)
{
    unsigned lo = 0x80, hi = 0xBF;
    size_t len;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        len = 3;
        lo = s[0] == 0xE0 ? 0xA0 : 0x80;
        hi = s[0] == 0xED ? 0x9F : 0xBF;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        lo = s[0] == 0xF0 ? 0x90 : 0x80;
        hi = s[0] == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi) {
        return 0;
    }
    for (size_t i = 2; i < len; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF) {
            return 0;
        }
    }
    return len;
}

/* The reference: the JSON record of an error, byte by byte; valid UTF-8
 * characters are kept, stray bytes escaped. */
static void
reference_record(const unsigned char *in, size_t n, char *out)
{
    static const char hex[] = "0123456789abcdef";
    char *p = out;
    p += sprintf(p, "{\"input\":\"");
    for (size_t i = 0; i < n; i++) {
        size_t u = in[i] >= 0x80 ? reference_utf8(in + i, n - i) : 0;
        if (u != 0) {
            memcpy(p, in + i, u);
            p += u;
            i += u - 1;
        } else if (in[i] == '"' || in[i] == '\\') {
            *p++ = '\\';
            *p++ = (char)in[i];
        } else if (in[i] < 0x20 || in[i] >= 0x80) {
            p += sprintf(p, "\\u00%c%c", hex[in[i] >> 4], hex[in[i] & 15]);
        } else {
            *p++ = (char)in[i];
        }
    }
    sprintf(p, "\",\"error\":\"x\"}\n");
}

static void
test_json_escaping(void **state)
{
    uint64_t seed = 4242;
    unsigned char in[64];
    char want[64 * 6 + 64];
    (void)state;
    for (int trial = 0; trial < 20000; trial++) {
        size_t n = (size_t)brute_below(&seed, sizeof in);
        FILE *f = tmpfile();
        char *got;
        assert_non_null(f);
        for (size_t i = 0; i < n; i++) {
            /* Mostly printable, with every special byte now and then. */
            uint64_t r = brute_below(&seed, 16);
            in[i] = (unsigned char)(r == 0 ? brute_below(&seed, 256)
                                    : r == 1 ? '"' : r == 2 ? '\\'
                                    : 0x20 + brute_below(&seed, 0x5f));
            if (r == 3 && i + 3 <= n) {
                /* A character (U+FF13), or one cut or spoiled. */
                memcpy(in + i, "\xef\xbc\x93", 3);
                in[i + brute_below(&seed, 3)] ^=
                    (unsigned char)(brute_below(&seed, 4) == 0 ? 0x40 : 0);
                i += 2;
            }
        }
        assert_int_equal(grundy_format_error(f, GRUNDY_FORMAT_JSON,
                                             (const char *)in, n, "x"),
                         GRUNDY_OK);
        got = slurp(f);
        reference_record(in, n, want);
        assert_string_equal(got, want);
        free(got);
        fclose(f);
    }
}

/* Long clean runs (the escaper tests 16 and 8 bytes at a time) at every
 * length, with an escapable byte just past the end that must not be
 * read, and a special byte at each place in turn. */
static void
test_json_escaping_clean_runs(void **state)
{
    unsigned char in[101];
    char want[100 * 6 + 64];
    (void)state;
    for (size_t n = 0; n < 100; n++) {
        for (size_t at = 0; at <= n; at++) {
            FILE *f = tmpfile();
            char *got;
            assert_non_null(f);
            for (size_t i = 0; i < n; i++) {
                in[i] = (unsigned char)('a' + i % 26);
            }
            if (at < n) {
                in[at] = at % 3 == 0 ? '"' : at % 3 == 1 ? 0x01 : 0xc3;
            }
            in[n] = '"';
            assert_int_equal(grundy_format_error(f, GRUNDY_FORMAT_JSON,
                                                 (const char *)in, n, "x"),
                             GRUNDY_OK);
            got = slurp(f);
            reference_record(in, n, want);
            assert_string_equal(got, want);
            free(got);
            fclose(f);
        }
    }
}

static void
check_record(const char *text, unsigned flags, unsigned format,
             const char *want)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    FILE *f = tmpfile();
    char *got;
    assert_int_equal(grundy_position_parse(ctx, pos, NULL, text, strlen(text),
                                           &err), GRUNDY_OK);
    assert_int_equal(grundy_solve(ctx, pos, flags, res, &err), GRUNDY_OK);
    assert_int_equal(grundy_format_result(f, format, text, strlen(text), res),
                     GRUNDY_OK);
    got = slurp(f);
    assert_string_equal(got, want);
    /* The same record into buffers of every size: the full length each
     * time, the record cut to cap - 1 bytes and NUL-terminated. */
    for (size_t cap = 0; cap <= strlen(want) + 2; cap++) {
        char buf[512];
        size_t len = 0, cut = cap > 0 ? cap - 1 : 0;
        memset(buf, '#', sizeof buf);
        assert_int_equal(grundy_format_result_buf(cap > 0 ? buf : NULL, cap,
                                                  &len, format, text,
                                                  strlen(text), res),
                         GRUNDY_OK);
        assert_int_equal(len, strlen(want));
        if (cap > 0) {
            cut = cut < len ? cut : len;
            assert_int_equal(strlen(buf), cut);
            assert_memory_equal(buf, want, cut);
        }
        assert_int_equal(buf[cap], '#');
    }
    free(got);
    fclose(f);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

static void
test_records(void **state)
{
    (void)state;
    check_record("nim 3 4 5", 0, 0,
                 "win sg=2: take 2 from heap 1 (3 -> 1) -> nim 1 4 5\n");
    check_record("nim 1 2 3", 0, GRUNDY_FORMAT_JSON,
                 "{\"input\":\"nim 1 2 3\",\"outcome\":\"lose\",\"sg\":0}\n");
    check_record("nim 2 2 1", GRUNDY_MISERE, 0,
                 "win (misere): take 1 from heap 3 (1 -> 0) -> nim 2 2 0\n");
    check_record("nim 007 1", GRUNDY_ALL_MOVES,
                 GRUNDY_FORMAT_JSON | GRUNDY_FORMAT_ALL,
                 "{\"input\":\"nim 007 1\",\"outcome\":\"win\",\"sg\":6,"
                 "\"move\":\"nim 1 1\",\"explain\":\"take 6 from heap 1 "
                 "(7 -> 1)\",\"move_count\":1,\"moves\":[\"nim 1 1\"],"
                 "\"explains\":[\"take 6 from heap 1 (7 -> 1)\"]}\n");
}

/* Error records into a buffer: JSON as written to a FILE, text empty. */
static void
test_error_buf(void **state)
{
    char buf[64];
    size_t len = 99;
    (void)state;
    assert_int_equal(grundy_format_error_buf(buf, sizeof buf, &len,
                                             GRUNDY_FORMAT_JSON, "x\"", 2,
                                             "bad"), GRUNDY_OK);
    assert_string_equal(buf, "{\"input\":\"x\\\"\",\"error\":\"bad\"}\n");
    assert_int_equal(len, strlen(buf));
    buf[0] = 'z';
    assert_int_equal(grundy_format_error_buf(buf, sizeof buf, &len, 0, "x", 1,
                                             "bad"), GRUNDY_OK);
    assert_string_equal(buf, "");
    assert_int_equal(len, 0);
}

/* A write error is reported, not ignored. */
static void
test_write_error(void **state)
{
    FILE *f = fopen("/dev/full", "w");
    grundy_status st = GRUNDY_OK;
    (void)state;
    if (f == NULL) {
        skip();
    }
    setvbuf(f, NULL, _IONBF, 0);
    st = grundy_format_error(f, GRUNDY_FORMAT_JSON, "x", 1, "y");
    assert_int_equal(st, GRUNDY_EIO);
    fclose(f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_escaping),
        cmocka_unit_test(test_json_escaping_clean_runs),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_error_buf),
        cmocka_unit_test(test_write_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
