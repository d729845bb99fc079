/*
 * seqfile.c - a game's computed Grundy sequence as bytes, to save a long
 * run and resume it later (grundy sg ... --save FILE). The format, all
 * integers little-endian:
 *
 *   "GRUNDYSQ"           8 bytes, the magic
 *   version              u32, SEQFILE_VERSION
 *   spec length L        u32, then L bytes: the game's canonical spec
 *   count N              u64, then N values G(0..N-1), u16 each
 *   checksum             u64, FNV-1a over every byte before it
 *
 * The library encodes bytes, or writes them to a FILE the caller opened
 * (seqfile_write, a chunk at a time: no second copy of a table of
 * gigabytes), and reads the chunks the caller hands it (seqfile_reader:
 * the caller opens and reads the file, and no copy of it is held);
 * where the bytes go or come from, and how a write is made atomic, is
 * the caller's business (the CLI writes a temporary file and renames
 * it).
 */
#include "family.h"
#include "sgseq.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEQFILE_MAGIC "GRUNDYSQ"
#define SEQFILE_VERSION 1u
#define SEQFILE_HEAD (8 + 4 + 4) /* magic, version, spec length */
#define SEQFILE_MIN (SEQFILE_HEAD + 8 + 8) /* no spec, no values */

static uint64_t
seqfile_fnv(const unsigned char *p, size_t n)
{
    return util_fnv1a(UTIL_FNV_BASIS, p, n);
}

static void
seqfile_put(unsigned char *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static uint64_t
seqfile_get(const unsigned char *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

static grundy_status
seqfile_no_sequence(const grundy_game *game, grundy_error *err)
{
    char seq[256];
    registry_list(REGISTRY_SEQUENCE, REGISTRY_AND, seq, sizeof seq);
    return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                   "%s has no computed Grundy sequence to save (a closed "
                   "form, or not a heap game): saving works for %s, with "
                   "finitely many digits or moves",
                   game->label, seq);
}

/* The header of a file of n values of game: its bytes into p (which has
 * room for SEQFILE_HEAD + speclen + 8), returning their number. */
static size_t
seqfile_head(const grundy_game *game, uint64_t n, unsigned char *p)
{
    size_t speclen = strlen(game->spec);
    memcpy(p, SEQFILE_MAGIC, 8);
    seqfile_put(p + 8, SEQFILE_VERSION, 4);
    seqfile_put(p + 12, speclen, 4);
    memcpy(p + SEQFILE_HEAD, game->spec, speclen);
    seqfile_put(p + SEQFILE_HEAD + speclen, n, 8);
    return SEQFILE_HEAD + speclen + 8;
}

/* Values encoded per fwrite by seqfile_write: 128 KiB of bytes. */
#define SEQFILE_CHUNK 65536u

/* G(from .. from + m) of s as little-endian u16 at p, m <= SEQFILE_CHUNK,
 * through the scratch buf of SEQFILE_CHUNK values. */
static void
seqfile_put_values(const sgseq *s, uint64_t from, size_t m, uint16_t *buf,
                   unsigned char *p)
{
    sgseq_get_values(s, from, m, buf);
    for (size_t j = 0; j < m; j++) {
        seqfile_put(p + 2 * j, buf[j], 2);
    }
}

grundy_status
seqfile_encode(grundy_game *game, format_buffer *out, grundy_error *err)
{
    sgseq_env env;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    uint16_t *buf;
    uint64_t n;
    size_t speclen = strlen(game->spec), size, head;
    unsigned char *p;

    if (s == NULL) {
        return seqfile_no_sequence(game, err);
    }
    n = sgseq_length(s);
    if (n > (SIZE_MAX - SEQFILE_HEAD - speclen - 16) / 2) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    size = SEQFILE_HEAD + speclen + 8 + (size_t)n * 2 + 8;
    p = malloc(size);
    buf = malloc(SEQFILE_CHUNK * sizeof *buf);
    if (p == NULL || buf == NULL) {
        free(p);
        free(buf);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    head = seqfile_head(game, n, p);
    for (uint64_t i = 0; i < n; i += SEQFILE_CHUNK) {
        size_t m = n - i < SEQFILE_CHUNK ? (size_t)(n - i) : SEQFILE_CHUNK;
        seqfile_put_values(s, i, m, buf, p + head + 2 * i);
    }
    free(buf);
    seqfile_put(p + size - 8, seqfile_fnv(p, size - 8), 8);
    free(out->data);
    out->data = (char *)p;
    out->len = out->cap = size;
    return GRUNDY_OK;
}

grundy_status
seqfile_write(grundy_game *game, FILE *f, int *io_failed, grundy_error *err)
{
    sgseq_env env;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    uint16_t *buf;
    uint64_t n, h;
    size_t len, size;
    unsigned char *p;

    *io_failed = 0;
    if (s == NULL) {
        return seqfile_no_sequence(game, err);
    }
    n = sgseq_length(s);
    /* One buffer for the header or a chunk of values, whichever is
     * longer; the spec is short (a game's canonical text). */
    size = SEQFILE_HEAD + strlen(game->spec) + 8;
    p = malloc(size > 2 * SEQFILE_CHUNK ? size : 2 * SEQFILE_CHUNK);
    buf = malloc(SEQFILE_CHUNK * sizeof *buf);
    if (p == NULL || buf == NULL) {
        free(p);
        free(buf);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    len = seqfile_head(game, n, p);
    h = util_fnv1a(UTIL_FNV_BASIS, p, len);
    *io_failed = fwrite(p, 1, len, f) != len;
    for (uint64_t i = 0; i < n && !*io_failed; i += SEQFILE_CHUNK) {
        size_t m = n - i < SEQFILE_CHUNK ? (size_t)(n - i) : SEQFILE_CHUNK;
        seqfile_put_values(s, i, m, buf, p);
        h = util_fnv1a(h, p, 2 * m);
        *io_failed = fwrite(p, 1, 2 * m, f) != 2 * m;
    }
    seqfile_put(p, h, 8);
    *io_failed = *io_failed || fwrite(p, 1, 8, f) != 8;
    free(p);
    free(buf);
    return GRUNDY_OK;
}

/*
 * Reading a file a chunk at a time. Two passes over the same bytes: the
 * first checks the whole file (header, length, checksum, spec) keeping
 * only the few bytes the checks need, so that a damaged file is refused
 * before anything is loaded; the second hands the values to the table
 * and hashes the bytes again, so that a file that changed between the
 * passes is caught (seqfile_load_end) rather than loaded as a mix.
 */
struct seqfile_reader {
    grundy_game *game;
    sgseq *s;              /* the game's sequence (pass 2) */
    sgseq_env env;
    uint64_t pos;          /* bytes seen in this pass */
    uint64_t hash;         /* FNV-1a of them but the last 8 */
    unsigned char last[8]; /* their last nlast (<= 8) bytes */
    size_t nlast;
    unsigned char head[SEQFILE_HEAD]; /* magic, version, spec length */
    unsigned char countb[8];          /* the count, after the spec */
    uint64_t speclen;      /* from head, once pos >= SEQFILE_HEAD */
    unsigned char *spec;   /* its first speccap bytes at most */
    size_t speccap;
    unsigned top;          /* the values' bits ORed (pass 1) */
    uint64_t count;        /* values (pass 1's check) */
    uint64_t len1, hash1;  /* pass 1's length and hash */
    int checked;           /* pass 1 found a sound file of game */
    unsigned char odd;     /* pass 2: the low byte of a value split
                              between two chunks */
};

seqfile_reader *
seqfile_reader_new(grundy_game *game)
{
    seqfile_reader *r = calloc(1, sizeof *r);
    size_t n = strlen(game->spec);
    if (r == NULL) {
        return NULL;
    }
    /* The whole spec when it may be game's, 64 bytes of it for the
     * message otherwise. */
    r->speccap = n > 64 ? n : 64;
    if ((r->spec = malloc(r->speccap)) == NULL) {
        free(r);
        return NULL;
    }
    r->game = game;
    r->hash = UTIL_FNV_BASIS;
    return r;
}

void
seqfile_reader_free(seqfile_reader *r)
{
    if (r != NULL) {
        free(r->spec);
        free(r);
    }
}

/* The bytes of p (n of them, the stream's from pos on) that fall in the
 * stream's [off, off + len), copied to dst + (their place - off). */
static void
seqfile_capture(unsigned char *dst, uint64_t off, uint64_t len,
                const unsigned char *p, uint64_t pos, size_t n)
{
    uint64_t a = pos > off ? pos : off;
    uint64_t b = pos + n < off + len ? pos + n : off + len;
    if (a < b) {
        memcpy(dst + (a - off), p + (a - pos), (size_t)(b - a));
    }
}

/* n more bytes into the running hash and length. The checksum covers
 * every byte but the last 8, and where the stream ends is known only
 * at its end: the last 8 bytes seen are held back from the hash. */
static void
seqfile_hash_more(seqfile_reader *r, const unsigned char *p, size_t n)
{
    size_t out, from_last;
    r->pos += n;
    if (r->nlast + n <= 8) {
        memcpy(r->last + r->nlast, p, n);
        r->nlast += n;
        return;
    }
    out = r->nlast + n - 8; /* bytes that leave the held-back 8 */
    from_last = out < r->nlast ? out : r->nlast;
    r->hash = util_fnv1a(r->hash, r->last, from_last);
    r->hash = util_fnv1a(r->hash, p, out - from_last);
    memmove(r->last, r->last + from_last, r->nlast - from_last);
    memcpy(r->last + r->nlast - from_last, p + (out - from_last),
           n - (out - from_last));
    r->nlast = 8;
}

/* Where the values start: after the header, the spec and the count. */
static uint64_t
seqfile_values_at(const seqfile_reader *r)
{
    return SEQFILE_HEAD + r->speclen + 8;
}

static grundy_status seqfile_check(seqfile_reader *r, uint64_t len,
                                   grundy_error *err);

/* The magic's first bytes seen, or the length the header gives passed:
 * the stream is refused before the rest of it is read, with the reason
 * seqfile_check would give first. */
static grundy_status
seqfile_check_early(seqfile_reader *r, grundy_error *err)
{
    size_t seen = r->pos < 8 ? (size_t)r->pos : 8;
    uint64_t count, len;
    if (memcmp(r->head, SEQFILE_MAGIC, seen) != 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "not a grundy sequence file (no GRUNDYSQ header)");
    }
    if (r->pos < SEQFILE_MIN) {
        return GRUNDY_OK;   /* as seqfile_check: "too short" first */
    }
    if (seqfile_get(r->head + 8, 4) != SEQFILE_VERSION) {
        return seqfile_check(r, r->pos, err);   /* its version message */
    }
    if (r->pos < seqfile_values_at(r)) {
        return GRUNDY_OK;
    }
    count = seqfile_get(r->countb, 8);
    /* speclen < 2^32: only the count's bytes can overflow the length */
    len = count > (UINT64_MAX - SEQFILE_MIN - r->speclen) / 2
              ? UINT64_MAX
              : SEQFILE_MIN + r->speclen + 2 * count;
    if (r->pos > len) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file has bytes after its end (more "
                       "than the %llu bytes its header gives)",
                       (unsigned long long)len);
    }
    return GRUNDY_OK;
}

grundy_status
seqfile_check_more(seqfile_reader *r, const unsigned char *p, size_t n,
                   grundy_error *err)
{
    uint64_t pos = r->pos, v, end;
    seqfile_capture(r->head, 0, SEQFILE_HEAD, p, pos, n);
    if (pos + n >= SEQFILE_HEAD) {
        r->speclen = seqfile_get(r->head + 12, 4);
        seqfile_capture(r->spec, SEQFILE_HEAD,
                        r->speclen < r->speccap ? r->speclen : r->speccap,
                        p, pos, n);
        seqfile_capture(r->countb, SEQFILE_HEAD + r->speclen, 8, p, pos, n);
        v = seqfile_values_at(r);
        /* The count is read before the first value: the values' bytes
         * are known, and their high bytes (at odd offsets from v) OR
         * into top's high bits. A damaged count only spoils top, which
         * is used only once the checks have passed. */
        end = v + 2 * seqfile_get(r->countb, 8);
        end = end < v ? UINT64_MAX : end;
        for (uint64_t i = pos > v ? pos : v; i < pos + n && i < end; i++) {
            r->top |= (unsigned)p[i - pos] << ((i - v) % 2 * 8);
        }
    }
    seqfile_hash_more(r, p, n);
    return seqfile_check_early(r, err);
}

/* The checks of the stream's bytes, in the order a damaged file fails
 * them; len is its length. */
static grundy_status
seqfile_check(seqfile_reader *r, uint64_t len, grundy_error *err)
{
    if (memcmp(r->head, SEQFILE_MAGIC, len < 8 ? (size_t)len : 8) != 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "not a grundy sequence file (no GRUNDYSQ header)");
    }
    /* An empty file, or one cut inside its header: no version to
     * report, only that it is too short (issue 22.8). */
    if (len < SEQFILE_MIN) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "too short to be a grundy sequence file: %llu "
                       "byte%s, where a sequence file has at least %d "
                       "(header, version, game, count and checksum)",
                       (unsigned long long)len, len == 1 ? "" : "s",
                       SEQFILE_MIN);
    }
    if (seqfile_get(r->head + 8, 4) != SEQFILE_VERSION) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "a grundy sequence file of version %llu; this "
                       "grundy reads version %u",
                       (unsigned long long)seqfile_get(r->head + 8, 4),
                       SEQFILE_VERSION);
    }
    /* speclen < 2^32 and len >= SEQFILE_MIN: no sum below overflows. */
    r->count = len >= SEQFILE_MIN + r->speclen ? seqfile_get(r->countb, 8)
                                               : 0;
    if (len < SEQFILE_MIN + r->speclen ||
        r->count > (len - SEQFILE_MIN - r->speclen) / 2 ||
        len != SEQFILE_MIN + r->speclen + r->count * 2) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file is truncated or has bytes after "
                       "its end (%llu bytes)", (unsigned long long)len);
    }
    if (seqfile_get(r->last, 8) != r->hash) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file fails its checksum: it was "
                       "damaged; delete it to start over");
    }
    return GRUNDY_OK;
}

grundy_status
seqfile_check_end(seqfile_reader *r, uint64_t *count, grundy_error *err)
{
    const char *spec = r->game->spec;
    grundy_status st = seqfile_check(r, r->pos, err);
    *count = 0;
    if (st != GRUNDY_OK) {
        return st;
    }
    if (r->speclen != strlen(spec) ||
        memcmp(r->spec, spec, (size_t)r->speclen) != 0) {
        /* The file's spec is any bytes: quoted as a token is, and
         * marked cut where the reader kept only its first bytes. */
        char q[96];
        size_t kept = r->speclen < r->speccap ? (size_t)r->speclen
                                              : r->speccap;
        util_quote_token(q, sizeof q - 3, (const char *)r->spec, kept);
        if (kept < r->speclen && strstr(q, "...'") == NULL) {
            strcpy(q + strlen(q) - 1, "...'");
        }
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file holds the values of %s, "
                       "not of %s", q, spec);
    }
    *count = r->count;
    r->len1 = r->pos;
    r->hash1 = r->hash;
    r->checked = 1;
    return GRUNDY_OK;
}

grundy_status
seqfile_load_begin(seqfile_reader *r, grundy_error *err)
{
    grundy_game *game = r->game;
    assert(r->checked); /* seqfile_check_end accepted the file */
    r->s = game->family->sequence != NULL
               ? game->family->sequence(game, &r->env) : NULL;
    if (r->s == NULL) {
        return seqfile_no_sequence(game, err);
    }
    r->pos = 0;
    r->nlast = 0;
    r->hash = UTIL_FNV_BASIS;
    return sgseq_load_begin(r->s, r->count, r->top, &r->env, err);
}

grundy_status
seqfile_load_more(seqfile_reader *r, const unsigned char *p, size_t n,
                  grundy_error *err)
{
    uint64_t v = seqfile_values_at(r), end = v + 2 * r->count;
    uint64_t a = r->pos > v ? r->pos : v;
    uint64_t b = r->pos + n < end ? r->pos + n : end;
    grundy_status st = GRUNDY_OK;

    /* Values start at an odd offset when the spec's length is odd: a
     * chunk may end between a value's two bytes. */
    if (a < b && (a - v) % 2 == 1) {
        unsigned char pair[2] = {r->odd, p[a - r->pos]};
        st = sgseq_load_more(r->s, (a - v) / 2, pair, 1, err);
        a++;
    }
    if (st == GRUNDY_OK && a + 1 < b) {
        st = sgseq_load_more(r->s, (a - v) / 2, p + (a - r->pos),
                             (size_t)(b - a) / 2, err);
    }
    if (a < b && (b - a) % 2 == 1) {
        r->odd = p[b - 1 - r->pos];
    }
    seqfile_hash_more(r, p, n);
    return st;
}

grundy_status
seqfile_load_end(seqfile_reader *r, grundy_error *err)
{
    if (r->pos != r->len1 || r->hash != r->hash1 ||
        seqfile_get(r->last, 8) != r->hash) {
        return err_set(err, GRUNDY_EIO, -1,
                       "the sequence file changed while it was read (%llu "
                       "bytes when checked, %llu when loaded, or other "
                       "bytes): another program wrote to it",
                       (unsigned long long)r->len1,
                       (unsigned long long)r->pos);
    }
    sgseq_load_end(r->s);
    return GRUNDY_OK;
}

int
seqfile_supported(grundy_game *game, grundy_error *err)
{
    sgseq_env env;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    if (s == NULL) {
        seqfile_no_sequence(game, err);
        return 0;
    }
    if (!sgseq_loadable(s)) {
        err_set(err, GRUNDY_EUNSUPPORTED, -1,
                "%s: its values come from removal classes (a long or "
                "repeating move set), which cannot be saved yet",
                game->label);
        return 0;
    }
    return 1;
}

uint64_t
seqfile_length(grundy_game *game)
{
    sgseq_env env;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    uint64_t n = 0;
    if (s != NULL) {
        n = sgseq_length(s);
    }
    return n;
}
