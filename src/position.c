/*
 * position.c - position text -> terms and components, strictly: every
 * number is decimal and fits in 64 bits, every component is checked by its
 * family, and an error names the offending token. Memory is reused from
 * line to line, so streaming input allocates nothing once warmed up.
 */
#include "position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

grundy_position *
grundy_position_new(void)
{
    return calloc(1, sizeof(grundy_position));
}

static void
position_reset(grundy_position *pos)
{
    for (size_t i = 0; i < pos->nterms; i++) {
        grundy_game_free(pos->terms[i].game);
    }
    pos->nterms = pos->ncomps = pos->nvals = pos->textlen = 0;
    pos->rings = 0;
    pos->big = pos->big_pending = 0;
}

void
grundy_position_free(grundy_position *pos)
{
    if (pos == NULL) {
        return;
    }
    position_reset(pos);
    free(pos->text);
    free(pos->vals);
    free(pos->comps);
    free(pos->terms);
    free(pos);
}

void
position_force_big(grundy_position *pos)
{
    for (size_t i = 0; i < pos->ncomps; i++) {
        pos->comps[i].big = !pos->comps[i].ring;
        pos->big |= pos->comps[i].big;
    }
}

int
position_misere_nimlike(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        if (!(pos->terms[t].game->family->flags & FAMILY_MISERE_NIMLIKE)) {
            return 0;
        }
    }
    return 1;
}

int
position_closed_form(const grundy_position *pos)
{
    for (size_t i = 0; i < pos->nterms; i++) {
        if (!ctx_game_closed_form(pos->terms[i].game)) {
            return 0;
        }
    }
    return 1;
}

size_t
grundy_position_size(const grundy_position *pos)
{
    return pos->ncomps;
}

/* Bytes the position's arrays hold now. */
static size_t
footprint(const grundy_position *pos)
{
    return pos->textcap + pos->valcap * sizeof *pos->vals +
           pos->compcap * sizeof *pos->comps +
           pos->termcap * sizeof *pos->terms;
}

enum { GROW_NOMEM = -1, GROW_LIMIT = -2 };

/* Makes room for `need` elements of `size` bytes in *p (capacity *cap),
 * doubling, within pos->budget bytes for the whole position: a line of
 * 10^8 heaps is refused with a message, not left to the OOM killer.
 * 0 on success, GROW_LIMIT over the budget, GROW_NOMEM when the system
 * refuses the memory. */
static int
grow(grundy_position *pos, void **p, size_t *cap, size_t need, size_t size)
{
    size_t ncap = *cap != 0 ? *cap : 16, used = footprint(pos);
    if (need <= *cap) {
        return 0;
    }
    /* The capacity util_grow_array will ask for: doubling up to need. */
    while (ncap < need && ncap <= SIZE_MAX / 2) {
        ncap *= 2;
    }
    if (ncap < need || ncap > SIZE_MAX / size || used > pos->budget ||
        ncap * size - *cap * size > pos->budget - used) {
        pos->wanted = ncap > SIZE_MAX / size ||
                              ncap * size - *cap * size > SIZE_MAX - used
                          ? SIZE_MAX
                          : used + (ncap * size - *cap * size);
        return GROW_LIMIT;
    }
    if (pos->lim != NULL &&
        limits_charge(pos->lim, ncap * size - *cap * size) != 0) {
        return GROW_NOMEM;
    }
    return util_grow_array(p, cap, need, size) == 0 ? 0 : GROW_NOMEM;
}

/* The error of a failed grow(): over the budget, or the system said no
 * before the budget was reached (ulimit -v lower than the limit). */
static grundy_status
oom(const grundy_position *pos, int why, size_t textlen, grundy_error *err)
{
    char have[32], want[32];
    util_size_text(have, sizeof have, pos->budget);
    util_size_text(want, sizeof want, pos->wanted);
    if (why == GROW_LIMIT && pos->ncomps == 0) {
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                             pos->wanted,
                             "position too large for the memory limit of "
                             "%s: reading its %zu bytes of text needs at "
                             "least %s", have, textlen, want);
    }
    if (why == GROW_LIMIT) {
        /* No figure: the components still unread need more again. */
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, 0,
                             "position too large: %zu bytes of text need "
                             "more than the memory limit of %s (the limit "
                             "was reached at component %zu)", textlen,
                             have, pos->ncomps + 1);
    }
    return err_set_limit(err, GRUNDY_ENOMEM, GRUNDY_LIMIT_MEMORY, 0,
                         "out of memory reading a position of %zu "
                         "components: the system gives less than the "
                         "memory limit of %s (ulimit -v?)", pos->ncomps,
                         have);
}

/* ' ' or one of '\t', '\n', '\v', '\f', '\r' (9 to 13). */
static int
is_blank(char ch)
{
    unsigned c = (unsigned char)ch;
    return c == ' ' || c - 9u <= 4u;
}

#define ONES 0x0101010101010101u
#define HIGHS 0x8080808080808080u

static uint64_t
load8(const char *s)
{
    unsigned char b[8];
    memcpy(b, s, 8);
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 |
           (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32 |
           (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
}

/* Index of the lowest byte whose high bit is set in m != 0. */
static unsigned
first_byte(uint64_t m)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(m) / 8;
#else
    unsigned i = 0;
    while (!(m >> (8 * i) & 0x80)) {
        i++;
    }
    return i;
#endif
}

/* The 8 bytes of x less '0' each; in *bad the high bit of each byte
 * that is not a digit. The subtraction borrows, and the test carries,
 * only out of a byte that is not a digit: below the lowest flagged byte
 * every byte is a digit's value, and that byte is flagged exactly. */
static uint64_t
digit_values8(uint64_t x, uint64_t *bad)
{
    uint64_t d = x - ONES * '0';
    *bad = (d | (d + ONES * 0x76)) & HIGHS;
    return d;
}

/* The value of 8 digit values (0..9, the first in the lowest byte), as
 * value8 without its first mask. */
static uint64_t
digits_value8(uint64_t d)
{
    d = (d * (1 + (10u << 8))) >> 8;
    d = ((d & 0x00ff00ff00ff00ffu) * (1 + (100u << 16))) >> 16;
    return ((d & 0x0000ffff0000ffffu) * (1 + ((uint64_t)10000 << 32))) >>
           32;
}

/* One number of 1 to 20 digits at s (at most 2^64 - 1) into *v; returns
 * its length, or 0 when there is none or it is too long or too large for
 * the fast path. One pass: whole octets while all are digits, then the
 * k < 8 digits left, shifted to the top of a word with zero digits below
 * them. Of 20 digits the first 16 are v and the last 4 the tail: they fit
 * iff v * 10^4 + tail <= 1844674407370955 * 10^4 + 1615. Inlined: the
 * line scanners call it for every number. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t
scan_number(const char *s, uint64_t *out)
{
    static const uint64_t pow10[8] = {1, 10, 100, 1000, 10000, 100000,
                                      1000000, 10000000};
    size_t i = 0;
    uint64_t v = 0, bad, d = digit_values8(load8(s), &bad), tail;
    unsigned k;
    while (bad == 0) {
        if (i == 16) {
            return 0;   /* 24 digits or more */
        }
        v = v * 100000000u + digits_value8(d);
        i += 8;
        d = digit_values8(load8(s + i), &bad);
    }
    k = first_byte(bad);
    if (k == 0) {
        *out = v;
        return i;
    }
    tail = digits_value8(d << (8 * (8 - k)));   /* the rest out */
    /* Random 64-bit numbers have 19 or 20 digits about equally often:
     * bitwise tests, not branches that would guess wrong half the time.
     * More than 20 digits are refused even when they fit (leading
     * zeros): the careful parser answers those. */
#if defined(__GNUC__)
    {
        /* The processor's overflow flags: fewer steps than comparing
         * with the digits of 2^64 - 1, on the hottest path of a stream. */
        uint64_t r;
        int over = __builtin_mul_overflow(v, pow10[k], &r);
        over |= __builtin_add_overflow(r, tail, &r);
        if ((i + k > 20) | over) {
            return 0;
        }
        *out = r;
    }
#else
    if ((i == 16) & ((k > 4) | ((k == 4) & ((v > 1844674407370955u) |
                                            ((v == 1844674407370955u) &
                                             (tail > 1615)))))) {
        return 0;
    }
    *out = v * pow10[k] + tail;
#endif
    return i + k;
}

/* The fast path for a component token at s (at most `limit` bytes, up to
 * the next blank): numbers joined by single commas. Appends the numbers
 * to pos->vals and sets *len to the token length; returns -1 without a
 * word when anything is unusual, so that the careful path can say what
 * is wrong. The text ends in a NUL and 8 more bytes, so loads of 8 never
 * leave it, and the NUL ends every run of digits. */
static int
scan_numbers(grundy_position *pos, const char *s, size_t limit, size_t *len)
{
    size_t i = 0;
    for (;;) {
        uint64_t v;
        size_t n = scan_number(s + i, &v);
        if (n == 0) {
            return -1;
        }
        i += n;
        if (pos->nvals == pos->valcap &&
            grow(pos, (void **)&pos->vals, &pos->valcap, pos->nvals + 1,
                 sizeof *pos->vals) != 0) {
            return -1;
        }
        pos->vals[pos->nvals++] = v;
        if (i == limit || is_blank(s[i])) {
            *len = i;
            return 0;
        }
        if (s[i] != ',') {
            return -1;
        }
        i++;
    }
}

size_t
position_scan_plain(const char *text, size_t len, uint64_t *vals,
                    size_t *toks, size_t max)
{
    size_t i = 0, n = 0;
    while (n < max) {
        size_t k = scan_number(text + i, &vals[n]);
        if (k == 0) {
            return 0;
        }
        toks[n++] = i;
        i += k;
        if (i == len) {
            toks[n] = len + 1;   /* where a next token would start */
            return n;
        }
        if (text[i] != ' ' || ++i == len) {
            return 0;
        }
    }
    return 0;
}

size_t
position_scan_line(const char *text, size_t limit, uint64_t *vals,
                   size_t *toks, size_t max, size_t *len)
{
    size_t i = 0, n = 0;
    while (n < max) {
        size_t k = scan_number(text + i, &vals[n]);
        if (k == 0) {
            return 0;
        }
        toks[n++] = i;
        i += k;
        /* Stop at the limit: the bytes past it are another line's (or
         * only readable), and the next number read would start beyond
         * the PLAIN_LINE_PAD bytes. */
        if (i >= limit) {
            return 0;
        }
        if (text[i] == '\n') {
            toks[n] = i + 1;
            *len = i;
            return n;
        }
        if (text[i] != ' ') {
            return 0;
        }
        i++;
    }
    return 0;
}

/* A token that is not numbers: when it names a game, the position most
 * likely repeats its fixed game ("nim 3" read as a line of nim) or
 * forgot the '+' between terms ("nim 3 kayles 4"). */
static grundy_status
not_a_component(const pos_term *term, const char *s, size_t len,
                const char *q, long column, grundy_error *err)
{
    const char *colon = memchr(s, ':', len);
    size_t namelen = colon != NULL ? (size_t)(colon - s) : len;
    if (registry_lookup(s, namelen) != NULL && !term->named) {
        return err_set(err, GRUNDY_EPOSITION, column,
                       "%s is not a component of %s: it repeats a game "
                       "name, but the game is given separately, so the "
                       "position holds only components (e.g. '3 4 5', "
                       "not 'nim 3 4 5')", q, term->game->label);
    }
    if (registry_lookup(s, namelen) != NULL) {
        return err_set(err, GRUNDY_EPOSITION, column,
                       "%s is not a component of %s: join the terms of "
                       "different games with '+' (nim 3 + kayles 4)", q,
                       term->game->label);
    }
    return err_set(err, GRUNDY_EPOSITION, column,
                   "%s is not a component of %s: expected decimal numbers "
                   "(%s)", q, term->game->label,
                   term->game->family->info.component);
}

/* A number of digits s[0..len) beyond 2^64 - 1 in a component of a
 * family that takes such numbers: marks the component big, or says why
 * not (too many digits). Returns 0 or the error status. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int
big_number(grundy_position *pos, const char *s, size_t len, size_t tok,
           grundy_error *err)
{
    size_t zeros = 0;
    while (zeros + 1 < len && s[zeros] == '0') {
        zeros++;
    }
    if (len - zeros > POSITION_MAX_DIGITS) {
        char q[128];
        util_quote_token(q, sizeof q, s, len);
        return (int)err_set(err, GRUNDY_ELIMIT, (long)tok,
                            "number too large in %s: %zu digits, and "
                            "numbers may have at most %u digits", q,
                            len - zeros, POSITION_MAX_DIGITS);
    }
    pos->big_pending = 1;
    return 0;
}

/* "number too large" in a game that takes no number beyond 2^64 - 1,
 * naming the games that do (from the registry: a new family that takes
 * them is named too); the lists share the room the rest leaves within
 * the 511 bytes of a message. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static grundy_status
too_large(grundy_error *err, size_t tok, const char *q, const char *label)
{
    char closed[256], period[256], msg[1024];
    size_t cap[2] = {sizeof closed, sizeof period};
    for (int pass = 0; pass < 2; pass++) {
        int n;
        registry_list(REGISTRY_BIG | REGISTRY_NO_SEQUENCE, 0, closed,
                      cap[0]);
        registry_list(REGISTRY_BIG | REGISTRY_SEQUENCE, 0, period, cap[1]);
        n = snprintf(msg, sizeof msg, "number too large in %s: %s takes "
                     "numbers up to 18446744073709551615 (any size: %s, "
                     "and %s with a certified period or a closed form such "
                     "as hex:0.8)", q, label, closed, period);
        if (n >= 0 && (size_t)n < sizeof err->message) {
            break;
        }
        {
            size_t lists = strlen(closed) + strlen(period);
            size_t over = (size_t)n - (sizeof err->message - 1);
            size_t room = lists > over ? lists - over : 0;
            cap[0] = room * 3 / 5;
            cap[1] = room * 2 / 5;
        }
    }
    return err_set(err, GRUNDY_EPOSITION, (long)tok, "%s", msg);
}

/* The careful path for a token scan_numbers declined: appends its numbers
 * or says exactly what is wrong with it. */
static grundy_status
parse_numbers(grundy_position *pos, const pos_term *term, size_t tok,
              size_t len, grundy_error *err)
{
    const char *s = pos->text + tok;
    size_t start = 0;
    char q[128];

    for (size_t i = 0; i <= len; i++) {
        uint64_t v;
        int r;
        if (i < len && s[i] != ',') {
            continue;
        }
        r = util_parse_u64(s + start, i - start, &v);
        if (r == -2 && term->game->family->big != NULL) {
            r = big_number(pos, s + start, i - start, tok, err);
            if (r != 0) {
                return (grundy_status)r;
            }
            v = UINT64_MAX;   /* the token holds the number */
        } else if (r != 0) {
            util_quote_token(q, sizeof q, s, len);
            if (r == -2) {
                return too_large(err, tok, q, term->game->label);
            }
            if (i == start && i == len && start > 0 &&
                term->game->family->max_numbers == 1) {
                /* '3, 4, 5': commas where spaces belong. */
                return err_set(err, GRUNDY_EPOSITION, (long)tok,
                               "%s: a %s %s is one number: separate "
                               "%ss with spaces, not commas (%s 3 4 5)", q,
                               term->game->label, term->game->family->unit,
                               term->game->family->unit, term->game->label);
            }
            if (i == start) {
                return err_set(err, GRUNDY_EPOSITION, (long)tok,
                               "empty number in %s: write numbers joined "
                               "by single commas, e.g. 3,5", q);
            }
            if (len == 1 && s[0] == '-') {
                /* Often meant as "standard input", as in many tools. */
                return err_set(err, GRUNDY_EPOSITION, (long)tok,
                               "'-' is not a number: a component of %s is "
                               "decimal numbers (%s); positions are read "
                               "from standard input only when none is "
                               "given", term->game->label,
                               term->game->family->info.component);
            }
            if (s[start] == '-') {
                return err_set(err, GRUNDY_EPOSITION, (long)tok,
                               "negative number in %s: numbers must be "
                               "non-negative", q);
            }
            return not_a_component(term, s, len, q, (long)tok, err);
        }
        if ((r = grow(pos, (void **)&pos->vals, &pos->valcap,
                      pos->nvals + 1, sizeof *pos->vals)) != 0) {
            return oom(pos, r, pos->textlen, err);
        }
        pos->vals[pos->nvals++] = v;
        start = i + 1;
    }
    return GRUNDY_OK;
}

/* Names the token that the family's rule rejected in err's message.
 * Apart from add_component (and never inlined into it) so that its
 * buffers do not weigh on every component. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static grundy_status
name_token(const grundy_position *pos, grundy_status st, size_t tok,
           size_t len, grundy_error *err)
{
    if (err != NULL) {
        char msg[sizeof err->message], q[128];
        memcpy(msg, err->message, sizeof msg);
        util_quote_token(q, sizeof q, pos->text + tok, len);
        snprintf(err->message, sizeof err->message, "%s: %.360s", q, msg);
        err->column = (long)tok;
    }
    return st;
}

/* add_component's general case: the family's rule, a bigger array. */
static grundy_status
add_checked(grundy_position *pos, size_t off, size_t tok, size_t len,
            grundy_error *err)
{
    pos_term *term = &pos->terms[pos->nterms - 1];
    const family *fam = term->game->family;
    int r;
    /* A single number needs no rule of a one-number family. */
    if (!family_one_number(fam) || pos->nvals - off != 1) {
        grundy_status st = registry_check(term->game, pos->vals + off,
                                          pos->nvals - off, err);
        if (st != GRUNDY_OK) {
            return name_token(pos, st, tok, len, err);
        }
    }
    if (pos->ncomps == pos->compcap &&
        (r = grow(pos, (void **)&pos->comps, &pos->compcap, pos->ncomps + 1,
                  sizeof *pos->comps)) != 0) {
        return oom(pos, r, pos->textlen, err);
    }
    pos->comps[pos->ncomps++] =
        (pos_comp){.off = off, .n = pos->nvals - off, .tok = tok,
                   .toklen = len, .big = (unsigned char)pos->big_pending};
    pos->big |= pos->big_pending;
    pos->big_pending = 0;
    term->count++;
    return GRUNDY_OK;
}

/* Checks the numbers vals[off..] of token text[tok..tok+len) with the
 * game's rules and records them as a component of the last term. The
 * common case (one number, no rule, room) stays free of calls, so that
 * the compiler saves no registers for it. */
static grundy_status
add_component(grundy_position *pos, size_t off, size_t tok, size_t len,
              grundy_error *err)
{
    pos_term *term = &pos->terms[pos->nterms - 1];
    if (family_one_number(term->game->family) &&
        pos->nvals - off == 1 && pos->ncomps < pos->compcap &&
        !pos->big_pending) {
        pos->comps[pos->ncomps++] = (pos_comp){.off = off, .n = 1, .tok = tok,
                                               .toklen = len};
        term->count++;
        return GRUNDY_OK;
    }
    return add_checked(pos, off, tok, len, err);
}

/* Parses token text[tok..tok+len) as a component of the last term. */
/* A ring "@n" of the last term's game: one number after '@'. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static grundy_status
parse_ring(grundy_position *pos, size_t tok, size_t len, grundy_error *err)
{
    const pos_term *term = &pos->terms[pos->nterms - 1];
    const char *s = pos->text + tok;
    uint64_t v;
    char q[128];
    int r;

    util_quote_token(q, sizeof q, s, len);
    if (term->game->family->ring_value == NULL) {
        char rings[160];
        registry_list(REGISTRY_RINGS, 0, rings, sizeof rings);
        return err_set(err, GRUNDY_EPOSITION, (long)tok,
                       "%s: %s has no rings (@n is a circle of n stones in "
                       "take-and-break games: %s)", q, term->game->label,
                       rings);
    }
    r = util_parse_u64(s + 1, len - 1, &v);
    if (r != 0) {
        return err_set(err, GRUNDY_EPOSITION, (long)tok,
                       r == -2 ? "%s: ring size too large: at most "
                                 "18446744073709551615"
                               : "%s: a ring is '@' and its size, e.g. @12",
                       q);
    }
    if ((r = grow(pos, (void **)&pos->vals, &pos->valcap, pos->nvals + 1,
                  sizeof *pos->vals)) != 0 ||
        (r = grow(pos, (void **)&pos->comps, &pos->compcap, pos->ncomps + 1,
                  sizeof *pos->comps)) != 0) {
        return oom(pos, r, pos->textlen, err);
    }
    pos->vals[pos->nvals] = v;
    pos->comps[pos->ncomps++] = (pos_comp){.off = pos->nvals, .n = 1,
                                           .tok = tok, .toklen = len,
                                           .ring = 1};
    pos->rings++;
    pos->nvals++;
    pos->terms[pos->nterms - 1].count++;
    return GRUNDY_OK;
}

/* A token of a family with its own component syntax (family.h,
 * parse): the family encodes it as words, asked again with room when
 * the first room was too small. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static grundy_status
parse_structured(grundy_position *pos, size_t tok, size_t len,
                 grundy_error *err)
{
    pos_term *term = &pos->terms[pos->nterms - 1];
    const grundy_game *game = term->game;
    size_t n = 0;
    grundy_status st;
    int r;
    for (;;) {
        size_t room = pos->valcap - pos->nvals;
        /* no array yet before the first component: room 0, no pointer
         * arithmetic on NULL */
        uint64_t *out = pos->vals != NULL ? pos->vals + pos->nvals : NULL;
        st = game->family->parse(game, pos->text + tok, len, out, room, &n,
                                 err);
        if (st != GRUNDY_OK) {
            return name_token(pos, st, tok, len, err);
        }
        if (n <= room) {
            break;
        }
        if ((r = grow(pos, (void **)&pos->vals, &pos->valcap,
                      pos->nvals + n, sizeof *pos->vals)) != 0) {
            return oom(pos, r, pos->textlen, err);
        }
    }
    if ((r = grow(pos, (void **)&pos->comps, &pos->compcap, pos->ncomps + 1,
                  sizeof *pos->comps)) != 0) {
        return oom(pos, r, pos->textlen, err);
    }
    pos->comps[pos->ncomps++] = (pos_comp){.off = pos->nvals, .n = n,
                                           .tok = tok, .toklen = len,
                                           .structured = 1};
    pos->nvals += n;
    term->count++;
    return GRUNDY_OK;
}

static grundy_status
parse_component(grundy_position *pos, size_t tok, size_t len,
                grundy_error *err)
{
    size_t off = pos->nvals;
    grundy_status st;
    if (pos->terms[pos->nterms - 1].game->family->parse != NULL) {
        return parse_structured(pos, tok, len, err);
    }
    if (pos->text[tok] == '@') {
        return parse_ring(pos, tok, len, err);
    }
    st = parse_numbers(pos, &pos->terms[pos->nterms - 1], tok, len, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    return add_component(pos, off, tok, len, err);
}

/* Starts a new term of game (a reference is taken). */
static grundy_status
start_term(grundy_position *pos, grundy_game *game, int named, size_t tok,
           size_t len, grundy_error *err)
{
    int r = grow(pos, (void **)&pos->terms, &pos->termcap, pos->nterms + 1,
                 sizeof *pos->terms);
    if (r != 0) {
        return oom(pos, r, pos->textlen, err);
    }
    game->refs++;
    pos->terms[pos->nterms++] =
        (pos_term){game, pos->ncomps, 0, named, tok, len};
    return GRUNDY_OK;
}

static grundy_status
empty_term(const pos_term *term, long column, const char *where,
           grundy_error *err)
{
    return err_set(err, GRUNDY_EPOSITION, column,
                   "game '%s' has no components %s: give at least one "
                   "(%s)", term->game->label, where,
                   term->game->family->info.component);
}

/* Parses one token at text[tok..tok+len); *want_game says a game name is
 * expected (at the start, after '+'). */
static grundy_status
parse_token(grundy_ctx *ctx, grundy_position *pos, size_t tok, size_t len,
            int *want_game, grundy_error *err)
{
    const char *s = pos->text + tok;
    grundy_game *game;
    grundy_status st;

    if (len == 1 && s[0] == '+') {
        if (*want_game) {
            return err_set(err, GRUNDY_EPOSITION, (long)tok,
                           "'+' where a game name was expected: write "
                           "GAME COMPONENT... + GAME COMPONENT...");
        }
        if (pos->terms[pos->nterms - 1].count == 0) {
            return empty_term(&pos->terms[pos->nterms - 1], (long)tok,
                              "before '+'", err);
        }
        *want_game = 1;
        return GRUNDY_OK;
    }
    if (!*want_game) {
        return parse_component(pos, tok, len, err);
    }
    st = grundy_game_parse(ctx, s, len, &game, err);
    if (st != GRUNDY_OK) {
        if (err != NULL) {
            err->column = (long)tok + (err->column > 0 ? err->column : 0);
        }
        return st;
    }
    st = start_term(pos, game, 1, tok, len, err);
    grundy_game_free(game);
    *want_game = 0;
    return st;
}

/* grundy_position_parse once the line's settle is done: inlined in
 * both callers (a call of its own cost a stream 27 instructions a
 * line). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline grundy_status
parse_settled(grundy_ctx *ctx, grundy_position *pos, grundy_game *game,
              const char *text, size_t len, grundy_error *err)
{
    int want_game = game == NULL, r;
    grundy_status st = GRUNDY_OK;
    size_t i = 0;

    pos->budget = ctx_memory_limit(ctx);
    pos->lim = ctx_limits(ctx);
    /* 8 bytes of slack past the NUL: scan_numbers reads 8 at a time. */
    if (len > SIZE_MAX - 9) {
        return oom(pos, GROW_LIMIT, len, err);
    }
    if ((r = grow(pos, (void **)&pos->text, &pos->textcap, len + 9, 1)) !=
        0) {
        return oom(pos, r, len, err);
    }
    memcpy(pos->text, text, len);
    memset(pos->text + len, 0, 9);
    pos->textlen = len;
    /* From here on only the padded copy is read: the caller's buffer may
     * end exactly at text[len - 1] (libFuzzer, mmap'd files), and the
     * scan below looks one byte past a number to see what follows it. */
    text = pos->text;
    if (game != NULL) {
        st = start_term(pos, game, 0, 0, 0, err);
    }
    pos->plain = 1;
    while (st == GRUNDY_OK) {
        size_t tok, blank = i;
        while (i < len && is_blank(text[i])) {
            i++;
        }
        /* Plain: no blank at either end, single spaces between tokens. */
        if (i == len ? i != blank
                     : i - blank != (blank != 0) ||
                           (blank != 0 && text[blank] != ' ')) {
            pos->plain = 0;
        }
        if (i == len) {
            break;
        }
        tok = i;
        if (!want_game &&
            pos->terms[pos->nterms - 1].game->family->parse == NULL) {
            size_t off = pos->nvals, n;
            if (scan_numbers(pos, pos->text + i, len - i, &n) == 0) {
                i += n;
                st = add_component(pos, off, tok, n, err);
                /* The common separator, one space before a digit: the
                 * text stays plain and the next token starts at once. */
                while (st == GRUNDY_OK && text[i] == ' ' && i + 1 < len &&
                       (unsigned)(unsigned char)text[i + 1] - '0' <= 9) {
                    off = pos->nvals;
                    tok = ++i;
                    if (scan_numbers(pos, pos->text + i, len - i, &n) != 0) {
                        pos->nvals = off;
                        i--;   /* the careful path from the blank */
                        break;
                    }
                    i += n;
                    st = add_component(pos, off, tok, n, err);
                }
                continue;
            }
            pos->nvals = off;
        }
        while (i < len && !is_blank(text[i])) {
            i++;
        }
        st = parse_token(ctx, pos, tok, i - tok, &want_game, err);
    }
    if (st != GRUNDY_OK) {
        util_note_unicode(err, text, len);
        return st;
    }
    if (pos->nterms == 0) {
        return err_set(err, GRUNDY_EPOSITION, 0,
                       "empty position: expected GAME COMPONENT...");
    }
    if (want_game) {
        return err_set(err, GRUNDY_EPOSITION, (long)len,
                       "'+' at the end: a game and its components must "
                       "follow it");
    }
    /* A game named alone is the empty position (interface.md: "an empty
     * position is written with the game alone on its line"), as a move
     * that takes the last component writes it; an empty term in a sum or
     * after a game given apart is a mistake. */
    if (pos->terms[pos->nterms - 1].count == 0 &&
        (pos->nterms > 1 || !pos->terms[0].named)) {
        return empty_term(&pos->terms[pos->nterms - 1], (long)len, "here", err);
    }
    return GRUNDY_OK;
}

grundy_status
grundy_position_parse(grundy_ctx *ctx, grundy_position *pos,
                      grundy_game *game, const char *text, size_t len,
                      grundy_error *err)
{
    position_reset(pos);
    /* A line starts: the last one's charges go back to the account. */
    ctx_line_settle(ctx);
    return parse_settled(ctx, pos, game, text, len, err);
}

grundy_status
position_parse_settled(grundy_ctx *ctx, grundy_position *pos,
                       grundy_game *game, const char *text, size_t len,
                       grundy_error *err)
{
    /* Freeing the last line's terms drops references, not tables: the
     * cache holds its own, so what it keeps is still what was settled. */
    position_reset(pos);
    ctx_line_settled(ctx);
    return parse_settled(ctx, pos, game, text, len, err);
}

grundy_status
position_parse_one(grundy_game *game, grundy_position *pos, const char *text,
                   size_t len, grundy_error *err)
{
    grundy_status st = grundy_position_parse(game->ctx, pos, game, text, len,
                                             err);
    char q[128];
    if (st == GRUNDY_OK && (pos->nterms != 1 || pos->ncomps != 1)) {
        util_quote_token(q, sizeof q, text, len);
        st = err_set(err, GRUNDY_EPOSITION, 0,
                     "%s is not one component of %s (%s)", q, game->label,
                     game->family->info.component);
    }
    if (st == GRUNDY_OK && pos->comps[0].ring) {
        util_quote_token(q, sizeof q, text, len);
        st = err_set(err, GRUNDY_EUNSUPPORTED, 0,
                     "%s: a ring is not a single component here; solve "
                     "a position holding it instead, e.g. grundy %s @12",
                     q, game->label);
    }
    return st;
}

grundy_status
grundy_component_parse(grundy_game *game, const char *text, size_t len,
                       uint64_t *v, size_t cap, size_t *n, grundy_error *err)
{
    grundy_position *pos = grundy_position_new();
    grundy_status st;
    char q[128];

    if (pos == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st = position_parse_one(game, pos, text, len, err);
    if (st == GRUNDY_OK && pos->comps[0].big) {
        /* Its vals entry is only a placeholder (pos_comp.big): copying it
         * would answer for another number. */
        util_quote_token(q, sizeof q, text, len);
        st = err_set(err, GRUNDY_EUNSUPPORTED, 0,
                     "%s holds a number beyond 2^64 - 1, which a 64-bit "
                     "component cannot hold (grundy_component_value_text "
                     "takes numbers of any size)", q);
    }
    if (st == GRUNDY_OK && pos->comps[0].n > cap) {
        util_quote_token(q, sizeof q, text, len);
        st = err_set(err, GRUNDY_ELIMIT, 0,
                     "%s has more than %zu numbers: a single component "
                     "here may have at most %zu", q, cap, cap);
    }
    if (st == GRUNDY_OK) {
        *n = pos->comps[0].n;
        memcpy(v, pos->vals, *n * sizeof *v);
    }
    grundy_position_free(pos);
    return st;
}
