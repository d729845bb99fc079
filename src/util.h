/*
 * util.h - small helpers shared by every layer (util.c): decimal text,
 * growable arrays and strings, strict number parsing, quoting tokens for
 * messages. Knows nothing of games.
 */
#ifndef GRUNDY_UTIL_H
#define GRUNDY_UTIL_H

#include "grundy.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct bignum;

/* Decimal digits of v into buf (at least 21 bytes), NUL-terminated;
 * returns the number of digits. Fast: used on every output line. */
size_t util_u64_to_dec(uint64_t v, char *buf);

/* Makes room for `need` elements of `size` bytes in the array *p of
 * capacity *cap (doubling, so appends are amortised O(1)). 0 on success;
 * -1 on overflow or out of memory, the array left as it was. */
int util_grow_array(void **p, size_t *cap, size_t need, size_t size);

/* Append helpers for building move texts without printf: each copies its
 * argument to p and returns the end; the caller provides the room (a
 * number takes at most 20 bytes and util_u64_to_dec writes 21) and writes the
 * final NUL. Inline, so that a literal's length is known when compiled. */
static inline char *
put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

static inline char *
put_u64(char *p, uint64_t v)
{
    return p + util_u64_to_dec(v, p);
}

/* A growable string for move words holding numbers of any length: start
 * it zeroed; appends never fail (a failed growth sets oom and later
 * appends do nothing); release s with free(). */
typedef struct strbuf {
    char *s;
    size_t len, cap;
    int oom;
} strbuf;
void util_sb_put(strbuf *b, const char *s);
void util_sb_put_u64(strbuf *b, uint64_t v);
/* Appends " (a,b,c -> x,y,z)": the numbers of a component before and after
 * a move, for the words of families whose components are vectors. */
void util_sb_put_change(strbuf *b, const uint64_t *from, const uint64_t *to,
                        size_t n);
void util_sb_put_big(strbuf *b, const struct bignum *x);

/* Parses the whole of s[0..len) as a decimal uint64 (digits only, no sign,
 * no blanks). Returns 0 on success, -1 if not a number, -2 if too large. */
int util_parse_u64(const char *s, size_t len, uint64_t *out);

/* Parses a comma list of uint64 ("1,3,4") into a new malloc'd array.
 * Returns GRUNDY_ESPEC with a message naming the bad item (what names the
 * list, e.g. "subtraction set"). */
grundy_status util_parse_u64_list(const char *s, size_t len, const char *what,
                                  uint64_t **out, size_t *count,
                                  grundy_error *err);

/* Writes a printable, length-capped quotation of token into dst (for error
 * messages: binary garbage and megabyte tokens stay readable). */
void util_quote_token(char *dst, size_t cap, const char *tok, size_t len);
/* The length (2 to 4) of the valid UTF-8 character at s[0..len), its
 * code point in *cp; 0 when s does not start with one (ASCII included). */
size_t util_utf8_char(const char *s, size_t len, uint32_t *cp);
/* A note naming the first non-ASCII character of tok[0..len) by code
 * point and, for the usual look-alikes (fullwidth digits and signs,
 * no-break and thin spaces, dashes, the byte-order mark), by its Unicode
 * name with what to write instead: "U+FF13 FULLWIDTH DIGIT THREE is not
 * ASCII: write 3". Empty when tok holds no valid UTF-8 character. */
void util_unicode_note(char *dst, size_t cap, const char *tok, size_t len);
/* Appends "; " and util_unicode_note's note on the token of text[0..len)
 * that err->column points at (up to a blank) to err's message, when that
 * token holds a non-ASCII character: the quote shows it only as <U+FF13>. */
void util_note_unicode(grundy_error *err, const char *text, size_t len);

/* A byte count as grundy's messages write it: "1 GiB", "64 MiB", or
 * "1536 MiB" (exact multiples only), NUL-terminated in dst[0..cap).
 * (grundy_private.h declares it too, for the command.) */
void util_size_text(char *dst, size_t cap, size_t bytes);

/* Hashes for look-up tables (open addressing: a table indexes by the low
 * bits, so every bit of every word must reach them). util_mix folds one
 * word into a hash (an odd 64-bit multiplier, MurmurHash3's finaliser
 * constant, then the high half brought down); util_words_hash hashes n
 * words, seeded by n, and util_words32_hash n 32-bit words the same way.
 * Only look-ups depend on them: nothing stores them. */
static inline uint64_t
util_mix(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

static inline uint64_t
util_words_hash(const uint64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    for (size_t i = 0; i < n; i++) {
        h = util_mix(h, w[i]);
    }
    return h;
}

static inline uint64_t
util_words32_hash(const uint32_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    for (size_t i = 0; i < n; i++) {
        h = util_mix(h, w[i]);
    }
    return h;
}

/* FNV-1a of n more bytes, from the hash h of those before them
 * (UTIL_FNV_BASIS before the first). The save files' checksum is this
 * hash (seqfile.c), so it must stay FNV-1a exactly. */
#define UTIL_FNV_BASIS 0xcbf29ce484222325u
static inline uint64_t
util_fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 0x100000001b3u;
    }
    return h;
}

#endif
