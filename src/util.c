/*
 * util.c - strict number parsing, fast decimal formatting and quoting of
 * tokens for messages, shared by the parsers and the families. Pure
 * functions: no allocation except util_parse_u64_list's result and
 * util_grow_array's, no I/O.
 */
#include "util.h"
#include "error.h"
#include "bignum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
util_grow_array(void **p, size_t *cap, size_t need, size_t size)
{
    size_t ncap = *cap != 0 ? *cap : 16;
    void *np;
    if (need <= *cap) {
        return 0;
    }
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) {
            return -1;
        }
        ncap *= 2;
    }
    if (ncap > SIZE_MAX / size || (np = realloc(*p, ncap * size)) == NULL) {
        return -1;
    }
    *p = np;
    *cap = ncap;
    return 0;
}

/* 8 bytes to p, the lowest byte first: one store on a little-endian
 * machine (compilers do not merge the byte loop into one). */
static void
store8(char *p, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &x, 8);
#else
    for (int i = 0; i < 8; i++) {
        p[i] = (char)(unsigned char)(x >> (8 * i));
    }
#endif
}

/* The 8 decimal digits of v < 10^8 as byte values 0..9, the most
 * significant in the lowest byte (SWAR): v splits into two 4-digit lanes,
 * each into two 2-digit lanes, each into two digits, dividing all lanes
 * at once by multiply and shift. x * 10486 >> 20 == x / 100 for x < 10^4
 * and x * 103 >> 10 == x / 10 for x < 100 (test_util checks both), and
 * no lane's product reaches the next lane. */
static uint64_t
digit_lanes(uint32_t v)
{
    uint64_t x = (uint64_t)(v / 10000) | (uint64_t)(v % 10000) << 32;
    uint64_t q = (x * 10486 >> 20) & 0x0000007f0000007fu;
    x = q | (x - q * 100) << 16;
    q = (x * 103 >> 10) & 0x000f000f000f000fu;
    return q | (x - q * 10) << 8;
}

#define ASCII_ZEROS 0x3030303030303030u

/* The digits of v < 10^8 without leading zeros; writes 8 bytes (the
 * digits and then filler) and returns how many are digits. */
static size_t
put_lead(char *p, uint32_t v)
{
    uint64_t d = digit_lanes(v);
    unsigned zeros = 0;
    if (v == 0) {
        zeros = 7;
    } else {
#if defined(__GNUC__)
        zeros = (unsigned)__builtin_ctzll(d) / 8;
#else
        while ((d >> (8 * zeros) & 0xff) == 0) {
            zeros++;
        }
#endif
    }
    store8(p, (d >> (8 * zeros)) + ASCII_ZEROS);
    return 8 - zeros;
}

size_t
util_u64_to_dec(uint64_t v, char *buf)
{
    /* Output formatting is on the hot path: v splits into chunks of 8
     * digits, each formatted in one register. Every store stays within
     * the 21 bytes: a chunk of 8 at offset n <= 12, the NUL at <= 20. */
    size_t n;
    if (v < 100000000u) {
        n = put_lead(buf, (uint32_t)v);
    } else if (v < 10000000000000000u) {
        n = put_lead(buf, (uint32_t)(v / 100000000u));
        store8(buf + n, digit_lanes((uint32_t)(v % 100000000u)) +
                        ASCII_ZEROS);
        n += 8;
    } else {
        uint64_t rest = v % 10000000000000000u;
        n = put_lead(buf, (uint32_t)(v / 10000000000000000u));
        store8(buf + n, digit_lanes((uint32_t)(rest / 100000000u)) +
                        ASCII_ZEROS);
        store8(buf + n + 8, digit_lanes((uint32_t)(rest % 100000000u)) +
                            ASCII_ZEROS);
        n += 16;
    }
    buf[n] = '\0';
    return n;
}

int
util_parse_u64(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    size_t i;
    if (len == 0) {
        return -1;
    }
    /* Up to 19 digits cannot overflow: no check per digit. */
    for (i = 0; i < len && i < 19; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9) {
            return -1;
        }
        v = v * 10 + d;
    }
    for (; i < len; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9) {
            return -1;
        }
        /* v * 10 + d must stay within 2^64 - 1; past it, keep scanning:
         * a non-digit later makes the token "not a number". */
        if (v > (UINT64_MAX - d) / 10) {
            for (size_t j = i + 1; j < len; j++) {
                if ((unsigned)(unsigned char)s[j] - '0' > 9) {
                    return -1;
                }
            }
            return -2;
        }
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

grundy_status
util_parse_u64_list(const char *s, size_t len, const char *what,
                    uint64_t **out, size_t *count, grundy_error *err)
{
    size_t n = 1, k = 0, start = 0;
    uint64_t *list;
    char q[96];

    for (size_t i = 0; i < len; i++) {
        n += s[i] == ',';
    }
    list = malloc(n * sizeof *list);
    if (list == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s[i] != ',') {
            continue;
        }
        util_quote_token(q, sizeof q, s + start, i - start);
        switch (util_parse_u64(s + start, i - start, &list[k])) {
        case 0:
            break;
        case -2:
            free(list);
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           "%s: number %s is larger than "
                           "18446744073709551615", what, q);
        default:
            free(list);
            return err_set(err, GRUNDY_ESPEC, (long)start,
                           i == start ? "%s: empty item in list" :
                           "%s: %s is not a non-negative decimal number",
                           what, q);
        }
        k++;
        start = i + 1;
    }
    *out = list;
    *count = k;
    return GRUNDY_OK;
}

size_t
util_utf8_char(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n;
    uint32_t v, min;
    if (len == 0 || u[0] < 0xC2 || u[0] > 0xF4) {
        return 0;
    }
    n = u[0] < 0xE0 ? 2 : u[0] < 0xF0 ? 3 : 4;
    min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (len < n) {
        return 0;
    }
    v = u[0] & (0x7Fu >> n);
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            return 0;
        }
        v = v << 6 | (u[i] & 0x3Fu);
    }
    /* Overlong forms, surrogates and code points past U+10FFFF are not
     * UTF-8 (RFC 3629). */
    if (v < min || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF) {
        return 0;
    }
    *cp = v;
    return n;
}

/* The characters most often typed or pasted where ASCII belongs: their
 * Unicode names and what to write instead. */
static const struct confusable {
    uint32_t cp;
    const char *name;
    const char *instead;
} confusables[] = {
    {0x00A0, "NO-BREAK SPACE", "write a plain space"},
    {0x2002, "EN SPACE", "write a plain space"},
    {0x2003, "EM SPACE", "write a plain space"},
    {0x2009, "THIN SPACE", "write a plain space"},
    {0x200B, "ZERO WIDTH SPACE", "remove it"},
    {0x2010, "HYPHEN", "write '-'"},
    {0x2013, "EN DASH", "write '-'"},
    {0x2014, "EM DASH", "write '-'"},
    {0x2212, "MINUS SIGN", "write '-'"},
    {0x202F, "NARROW NO-BREAK SPACE", "write a plain space"},
    {0x3000, "IDEOGRAPHIC SPACE", "write a plain space"},
    {0xFEFF, "ZERO WIDTH NO-BREAK SPACE (a byte-order mark)",
     "remove it"},
    {0xFF03, "FULLWIDTH NUMBER SIGN", "write '#'"},
    {0xFF08, "FULLWIDTH LEFT PARENTHESIS", "write '('"},
    {0xFF09, "FULLWIDTH RIGHT PARENTHESIS", "write ')'"},
    {0xFF0B, "FULLWIDTH PLUS SIGN", "write '+'"},
    {0xFF0C, "FULLWIDTH COMMA", "write ','"},
    {0xFF0D, "FULLWIDTH HYPHEN-MINUS", "write '-'"},
    {0xFF0E, "FULLWIDTH FULL STOP", "write '.'"},
    {0xFF1A, "FULLWIDTH COLON", "write ':'"},
};

void
util_unicode_note(char *dst, size_t cap, const char *tok, size_t len)
{
    static const char *const digits[] = {"ZERO", "ONE", "TWO", "THREE",
                                         "FOUR", "FIVE", "SIX", "SEVEN",
                                         "EIGHT", "NINE"};
    uint32_t cp = 0;
    size_t i = 0, n = 0;
    if (cap == 0) {
        return;
    }
    dst[0] = '\0';
    while (i < len && (n = util_utf8_char(tok + i, len - i, &cp)) == 0) {
        i++;
    }
    if (n == 0) {
        return;
    }
    if (cp >= 0xFF10 && cp <= 0xFF19) {
        snprintf(dst, cap, "U+%04lX FULLWIDTH DIGIT %s is not ASCII: write "
                 "'%c'", (unsigned long)cp, digits[cp - 0xFF10],
                 (char)('0' + (cp - 0xFF10)));
        return;
    }
    if ((cp >= 0xFF21 && cp <= 0xFF3A) || (cp >= 0xFF41 && cp <= 0xFF5A)) {
        char c = (char)(cp <= 0xFF3A ? 'A' + (cp - 0xFF21)
                                      : 'a' + (cp - 0xFF41));
        snprintf(dst, cap, "U+%04lX FULLWIDTH LATIN %s LETTER %c is not "
                 "ASCII: write '%c'", (unsigned long)cp,
                 cp <= 0xFF3A ? "CAPITAL" : "SMALL",
                 (char)(cp <= 0xFF3A ? c : c - 'a' + 'A'), c);
        return;
    }
    for (size_t k = 0; k < sizeof confusables / sizeof confusables[0]; k++) {
        if (confusables[k].cp == cp) {
            snprintf(dst, cap, "U+%04lX %s is not ASCII: %s",
                     (unsigned long)cp, confusables[k].name,
                     confusables[k].instead);
            return;
        }
    }
    snprintf(dst, cap, "U+%04lX is not ASCII: games, numbers and separators "
             "are written in ASCII", (unsigned long)cp);
}

void
util_note_unicode(grundy_error *err, const char *text, size_t len)
{
    char note[160];
    size_t at, end, n;
    /* Once: a line's game spec is noted by grundy_game_parse already. */
    if (err == NULL || err->column < 0 || (size_t)err->column >= len ||
        strstr(err->message, " is not ASCII") != NULL) {
        return;
    }
    at = (size_t)err->column;
    /* The token ends at a blank (as position.c's is_blank reads one). */
    for (end = at; end < len && text[end] != ' ' &&
                   (unsigned)(unsigned char)text[end] - 9u > 4u;
         end++) {
    }
    util_unicode_note(note, sizeof note, text + at, end - at);
    n = strlen(err->message);
    if (note[0] != '\0' && n + 3 < sizeof err->message) {
        snprintf(err->message + n, sizeof err->message - n, "; %s", note);
    }
}

void
util_quote_token(char *dst, size_t cap, const char *tok, size_t len)
{
    /* Room for the closing quote, "..." and NUL. */
    size_t j = 0, limit = cap > 8 ? cap - 6 : 0;
    if (cap == 0) {
        return;
    }
    dst[j++] = '\'';
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)tok[i];
        if (j + 4 >= limit) {
            memcpy(dst + j, "...", 3);
            j += 3;
            break;
        }
        uint32_t cp;
        size_t n;
        if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
            dst[j++] = (char)ch;
        } else if ((n = util_utf8_char(tok + i, len - i, &cp)) != 0) {
            /* A character, named by its code point rather than as the
             * bytes of its encoding (util_unicode_note names it). */
            if (j + 10 >= limit) {
                memcpy(dst + j, "...", 3);
                j += 3;
                break;
            }
            j += (size_t)snprintf(dst + j, cap - j, "<U+%04lX>",
                                  (unsigned long)cp);
            i += n - 1;
        } else {
            j += (size_t)snprintf(dst + j, cap - j, "\\x%02x", ch);
        }
    }
    dst[j++] = '\'';
    dst[j] = '\0';
}

void
util_size_text(char *dst, size_t cap, size_t bytes)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB",
                                        "PiB", "EiB"};
    size_t u = 0;
    /* Exact multiples only: 1536 MiB stays 1536 MiB, not "1.5 GiB". */
    while (u + 1 < sizeof units / sizeof units[0] && bytes >= 1024 &&
           bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    snprintf(dst, cap, "%zu %s", bytes, units[u]);
}

/* Room for n more bytes and a NUL; 0, or -1 (oom set). */
static int
util_sb_room(strbuf *b, size_t n)
{
    size_t cap = b->cap != 0 ? b->cap : 128;
    char *p;
    if (b->oom) {
        return -1;
    }
    if (n < b->cap - b->len) {
        return 0;
    }
    if (n > SIZE_MAX / 4 - b->len) {
        b->oom = 1;
        return -1;
    }
    while (cap - b->len <= n) {
        cap *= 2;
    }
    if ((p = realloc(b->s, cap)) == NULL) {
        b->oom = 1;
        return -1;
    }
    b->s = p;
    b->cap = cap;
    return 0;
}

void
util_sb_put(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (util_sb_room(b, n) == 0) {
        memcpy(b->s + b->len, s, n + 1);
        b->len += n;
    }
}

void
util_sb_put_u64(strbuf *b, uint64_t v)
{
    if (util_sb_room(b, 21) == 0) {
        b->len += util_u64_to_dec(v, b->s + b->len);
    }
}

void
util_sb_put_big(strbuf *b, const bignum *x)
{
    size_t n = bignum_dec_size(x), got;
    if (util_sb_room(b, n + 1) != 0) {
        return;
    }
    if ((got = bignum_to_dec(x, b->s + b->len)) == 0) {
        b->oom = 1;
        return;
    }
    b->len += got;
}

void
util_sb_put_change(strbuf *b, const uint64_t *from, const uint64_t *to,
                   size_t n)
{
    util_sb_put(b, " (");
    for (size_t i = 0; i < n; i++) {
        util_sb_put(b, i > 0 ? "," : "");
        util_sb_put_u64(b, from[i]);
    }
    util_sb_put(b, " -> ");
    for (size_t i = 0; i < n; i++) {
        util_sb_put(b, i > 0 ? "," : "");
        util_sb_put_u64(b, to[i]);
    }
    util_sb_put(b, ")");
}
