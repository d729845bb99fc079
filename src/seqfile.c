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
 * The library encodes and decodes bytes, or writes them to a FILE the
 * caller opened (seqfile_write, a chunk at a time: no second copy of a
 * table of gigabytes); where they go, and how a write is made atomic, is
 * the caller's business (the CLI writes a temporary file and renames
 * it).
 */
#include "family.h"
#include "sgseq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEQFILE_MAGIC "GRUNDYSQ"
#define SEQFILE_VERSION 1u
#define SEQFILE_HEAD (8 + 4 + 4) /* magic, version, spec length */
#define SEQFILE_MIN (SEQFILE_HEAD + 8 + 8) /* no spec, no values */

/* FNV-1a of n more bytes, from the hash h of those before them. */
static uint64_t
seqfile_fnv_more(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 0x100000001b3u;
    }
    return h;
}

static uint64_t
seqfile_fnv(const unsigned char *p, size_t n)
{
    return seqfile_fnv_more(0xcbf29ce484222325u, p, n);
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
    h = seqfile_fnv_more(0xcbf29ce484222325u, p, len);
    *io_failed = fwrite(p, 1, len, f) != len;
    for (uint64_t i = 0; i < n && !*io_failed; i += SEQFILE_CHUNK) {
        size_t m = n - i < SEQFILE_CHUNK ? (size_t)(n - i) : SEQFILE_CHUNK;
        seqfile_put_values(s, i, m, buf, p);
        h = seqfile_fnv_more(h, p, 2 * m);
        *io_failed = fwrite(p, 1, 2 * m, f) != 2 * m;
    }
    seqfile_put(p, h, 8);
    *io_failed = *io_failed || fwrite(p, 1, 8, f) != 8;
    free(p);
    free(buf);
    return GRUNDY_OK;
}

/* The checks of a file's bytes, in the order a damaged file fails them;
 * on success *spec, *speclen, *values and *count locate its parts. */
static grundy_status
seqfile_check(const unsigned char *p, size_t len, const unsigned char **spec,
              size_t *speclen, const unsigned char **values, uint64_t *count,
              grundy_error *err)
{
    if (memcmp(p, SEQFILE_MAGIC, len < 8 ? len : 8) != 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "not a grundy sequence file (no GRUNDYSQ header)");
    }
    /* An empty file, or one cut inside its header: no version to
     * report, only that it is too short (issue 22.8). */
    if (len < SEQFILE_MIN) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "too short to be a grundy sequence file: %zu byte%s, "
                       "where a sequence file has at least %d (header, "
                       "version, game, count and checksum)", len,
                       len == 1 ? "" : "s", SEQFILE_MIN);
    }
    if (seqfile_get(p + 8, 4) != SEQFILE_VERSION) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "a grundy sequence file of version %llu; this "
                       "grundy reads version %u",
                       (unsigned long long)seqfile_get(p + 8, 4),
                       SEQFILE_VERSION);
    }
    /* speclen < 2^32 and len >= SEQFILE_MIN: no sum below overflows. */
    *speclen = (size_t)seqfile_get(p + 12, 4);
    *count = len >= SEQFILE_MIN + *speclen
                 ? seqfile_get(p + SEQFILE_HEAD + *speclen, 8) : 0;
    if (len < SEQFILE_MIN + *speclen ||
        *count > (len - SEQFILE_MIN - *speclen) / 2 ||
        len != SEQFILE_MIN + *speclen + *count * 2) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file is truncated or has bytes after "
                       "its end (%zu bytes)", len);
    }
    if (seqfile_get(p + len - 8, 8) != seqfile_fnv(p, len - 8)) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file fails its checksum: it was "
                       "damaged; delete it to start over");
    }
    *spec = p + SEQFILE_HEAD;
    *values = p + SEQFILE_HEAD + *speclen + 8;
    return GRUNDY_OK;
}

/* seqfile_check, then that the file is game's: its spec is game's. */
static grundy_status
seqfile_check_game(const grundy_game *game, const unsigned char *p,
                   size_t len, const unsigned char **values, uint64_t *count,
                   grundy_error *err)
{
    const unsigned char *spec = NULL;
    size_t speclen = 0;
    grundy_status st = seqfile_check(p, len, &spec, &speclen, values, count,
                                     err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (speclen != strlen(game->spec) ||
        memcmp(spec, game->spec, speclen) != 0) {
        return err_set(err, GRUNDY_EPOSITION, -1,
                       "the sequence file holds the values of '%.*s', "
                       "not of %s", (int)(speclen < 64 ? speclen : 64),
                       (const char *)spec, game->spec);
    }
    return GRUNDY_OK;
}

grundy_status
seqfile_inspect(const grundy_game *game, const unsigned char *p, size_t len,
                uint64_t *count, grundy_error *err)
{
    const unsigned char *values = NULL;
    *count = 0;
    return seqfile_check_game(game, p, len, &values, count, err);
}

grundy_status
seqfile_decode(grundy_game *game, const unsigned char *p, size_t len,
               grundy_error *err)
{
    const unsigned char *values = NULL;
    uint64_t count = 0;
    sgseq_env env;
    sgseq *s = game->family->sequence != NULL
                   ? game->family->sequence(game, &env) : NULL;
    grundy_status st = seqfile_check_game(game, p, len, &values, &count,
                                          err);

    if (st != GRUNDY_OK) {
        return st;
    }
    if (s == NULL) {
        return seqfile_no_sequence(game, err);
    }
    return sgseq_load(s, values, count, &env, err);
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
