/*
 * test_seqfile.c - a sequence file read a chunk at a time (seqfile.c's
 * reader, which `grundy sg --save` resumes with) against the file read
 * whole: files written by seqfile_encode, handed over in chunks of many
 * sizes (a value split between two chunks, the header cut anywhere), load
 * the very values (re-encoded byte for byte); damaged files are refused
 * by the first pass exactly when a literal reading of the format here
 * says so, with the same message whatever the chunks; a file that
 * changed between the passes is refused; the memory check counts the
 * table of every value before the first is stored, as sgseq_load does
 * on the whole file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "family.h"
#include "grundy_private.h"
#include "sgseq.h"

/* The bytes of a sequence file of spec holding at least heaps 0..top,
 * as seqfile_encode writes them; their number in *len. */
static unsigned char *
encode(const char *spec, uint64_t top, size_t *len)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_game *game = NULL;
    grundy_error err;
    format_buffer out = {0};
    uint64_t sg;
    assert_non_null(ctx);
    assert_int_equal(grundy_game_parse(ctx, spec, strlen(spec), &game, &err),
                     GRUNDY_OK);
    assert_int_equal(grundy_component_value(game, &top, 1, &sg, &err),
                     GRUNDY_OK);
    assert_int_equal(seqfile_encode(game, &out, &err), GRUNDY_OK);
    grundy_game_free(game);
    grundy_ctx_free(ctx);
    *len = out.len;
    return (unsigned char *)out.data;
}

static uint64_t
get(const unsigned char *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

/* The checksum of a file of n bytes, FNV-1a over all but its last 8,
 * put right (after a test changed a byte on purpose). */
static void
fix_checksum(unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i + 8 < n; i++) {
        h = (h ^ p[i]) * 0x100000001b3u;
    }
    for (unsigned i = 0; i < 8; i++) {
        p[n - 8 + i] = (unsigned char)(h >> (8 * i));
    }
}

/* The format read literally, whole: 1 when p[0..n) is a sound version 1
 * file of spec. */
static int
sound(const unsigned char *p, size_t n, const char *spec)
{
    uint64_t h = 0xcbf29ce484222325u, speclen, count;
    if (n < 32 || memcmp(p, "GRUNDYSQ", 8) != 0 || get(p + 8, 4) != 1) {
        return 0;
    }
    speclen = get(p + 12, 4);
    if (speclen > n - 32) {
        return 0;
    }
    count = get(p + 16 + speclen, 8);
    if (count > (n - 32 - speclen) / 2 || n != 32 + speclen + 2 * count) {
        return 0;
    }
    for (size_t i = 0; i + 8 < n; i++) {
        h = (h ^ p[i]) * 0x100000001b3u;
    }
    return get(p + n - 8, 8) == h && speclen == strlen(spec) &&
           memcmp(p + 16, spec, speclen) == 0;
}

/* Pass 1 over p[0..n) in chunks of `chunk` bytes (the last shorter),
 * stopping where a chunk is refused, as the command does. */
static grundy_status
check(seqfile_reader *r, const unsigned char *p, size_t n, size_t chunk,
      uint64_t *count, grundy_error *err)
{
    grundy_status st = GRUNDY_OK;
    for (size_t i = 0; i < n && st == GRUNDY_OK; i += chunk) {
        st = seqfile_check_more(r, p + i, n - i < chunk ? n - i : chunk,
                                err);
    }
    return st != GRUNDY_OK ? st : seqfile_check_end(r, count, err);
}

/* Pass 2 over p[0..n) in chunks of `chunk` bytes. */
static grundy_status
load(seqfile_reader *r, const unsigned char *p, size_t n, size_t chunk,
     grundy_error *err)
{
    grundy_status st = seqfile_load_begin(r, err);
    for (size_t i = 0; i < n && st == GRUNDY_OK; i += chunk) {
        st = seqfile_load_more(r, p + i, n - i < chunk ? n - i : chunk, err);
    }
    return st != GRUNDY_OK ? st : seqfile_load_end(r, err);
}

/* A game of spec in a context of its own (memory limit `memory`, 0: the
 * default) and a reader for it. */
typedef struct reading {
    grundy_ctx *ctx;
    grundy_game *game;
    seqfile_reader *r;
} reading;

static void
reading_open(reading *rd, const char *spec, size_t memory)
{
    grundy_error err;
    rd->ctx = grundy_ctx_new();
    assert_non_null(rd->ctx);
    if (memory != 0) {
        grundy_ctx_set_memory_limit(rd->ctx, memory);
    }
    assert_int_equal(grundy_game_parse(rd->ctx, spec, strlen(spec),
                                       &rd->game, &err), GRUNDY_OK);
    rd->r = seqfile_reader_new(rd->game);
    assert_non_null(rd->r);
}

static void
reading_close(reading *rd)
{
    seqfile_reader_free(rd->r);
    grundy_game_free(rd->game);
    grundy_ctx_free(rd->ctx);
}

/* Files of three games (a spec of odd length, whose values start at an
 * odd offset; values past 255; a spec of even length), longer than a
 * write chunk of 64Ki values for Officers: loaded in chunks of every
 * kind of size, different in the two passes, they hold what they held
 * (the game re-encodes them byte for byte). */
static void
test_chunks_load_the_values(void **state)
{
    static const struct {
        const char *spec;
        uint64_t top;
    } files[] = {{"octal:0.6", 70000}, {"octal:0.7777777", 3000},
                 {"octal:0.16", 5000}};
    static const size_t chunks[] = {1, 2, 3, 7, 8, 9, 31, 32, 33, 4096,
                                    65537, SIZE_MAX};
    (void)state;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t n, again_n;
        unsigned char *p = encode(files[f].spec, files[f].top, &n);
        uint64_t want = get(p + 16 + strlen(files[f].spec), 8);
        for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            reading rd;
            grundy_error err;
            format_buffer again = {0};
            uint64_t count = 0;
            reading_open(&rd, files[f].spec, 0);
            assert_int_equal(check(rd.r, p, n, chunks[c], &count, &err),
                             GRUNDY_OK);
            assert_int_equal(count, want);
            assert_int_equal(load(rd.r, p, n,
                                  chunks[(c + 5) % (sizeof chunks /
                                                    sizeof chunks[0])],
                                  &err), GRUNDY_OK);
            assert_int_equal(seqfile_encode(rd.game, &again, &err),
                             GRUNDY_OK);
            again_n = again.len;
            if (again_n != n || memcmp(again.data, p, n) != 0) {
                fail_msg("%s, chunks of %zu: %zu bytes re-encoded, %zu "
                         "read", files[f].spec, chunks[c], again_n, n);
            }
            free(again.data);
            reading_close(&rd);
        }
        free(p);
    }
}

/* 3000 damaged copies of a file (a byte changed, with or without the
 * checksum put right; cut short; bytes added; the count changed): pass
 * 1 accepts exactly the sound ones, and a refusal says the same in
 * chunks of any size as over the whole file. */
static void
test_damaged_files_refused(void **state)
{
    const char *spec = "octal:0.6";
    size_t n;
    unsigned char *p = encode(spec, 2000, &n);
    unsigned char *m = malloc(n + 64);
    uint64_t rng = 26;
    int refused = 0, accepted = 0;
    (void)state;
    assert_non_null(m);
    for (int t = 0; t < 3000; t++) {
        size_t len = n, chunk = 1 + (size_t)brute_below(&rng, 100);
        uint64_t kind = brute_below(&rng, 5), count;
        grundy_error whole, parts;
        grundy_status st_whole, st_parts;
        reading a, b;
        memcpy(m, p, n);
        if (kind == 0 || kind == 1) {
            size_t at = (size_t)brute_below(&rng, n);
            m[at] = (unsigned char)(m[at] ^ (1 + brute_below(&rng, 255)));
            if (kind == 1 && at + 8 < n) {
                fix_checksum(m, n);
            }
        } else if (kind == 2) {
            len = (size_t)brute_below(&rng, n);
        } else if (kind == 3) {
            len = n + 1 + (size_t)brute_below(&rng, 64);
            for (size_t i = n; i < len; i++) {
                m[i] = (unsigned char)brute_below(&rng, 256);
            }
        } else {
            m[16 + strlen(spec) + brute_below(&rng, 8)] ^= 1;
            fix_checksum(m, n);
        }
        reading_open(&a, spec, 0);
        reading_open(&b, spec, 0);
        st_whole = check(a.r, m, len, len + 1, &count, &whole);
        st_parts = check(b.r, m, len, chunk, &count, &parts);
        if ((st_whole == GRUNDY_OK) != sound(m, len, spec)) {
            fail_msg("try %d (kind %u, %zu bytes): pass 1 says %d, the "
                     "format %d", t, (unsigned)kind, len, st_whole,
                     sound(m, len, spec));
        }
        assert_int_equal(st_parts, st_whole);
        if (st_whole != GRUNDY_OK) {
            assert_string_equal(parts.message, whole.message);
            refused++;
        } else {
            accepted++;
        }
        reading_close(&a);
        reading_close(&b);
    }
    /* Both ways out were taken: a changed value byte with its checksum
     * put right is a sound file. */
    assert_true(refused > 1000 && accepted > 100);
    free(m);
    free(p);
}

/* Streams with no end (--save /dev/zero, or a sound file followed by
 * bytes for ever) are refused within the chunk where they cannot be a
 * sequence file any more: the magic's first byte, or past the length the
 * header gives. */
static void
test_endless_stream_refused_early(void **state)
{
    static unsigned char zeros[4096];
    size_t n;
    unsigned char *p = encode("octal:0.6", 2000, &n);
    unsigned char *more = malloc(n + sizeof zeros);
    reading rd;
    grundy_error err;
    (void)state;
    assert_non_null(more);
    reading_open(&rd, "octal:0.6", 0);
    assert_int_equal(seqfile_check_more(rd.r, zeros, 1, &err),
                     GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "no GRUNDYSQ header"));
    reading_close(&rd);
    /* A sound file read in chunks of 4096, then zeros: accepted chunk
     * by chunk up to its end, refused in the chunk that passes it. */
    memcpy(more, p, n);
    memset(more + n, 0, sizeof zeros);
    reading_open(&rd, "octal:0.6", 0);
    for (size_t i = 0;; i += sizeof zeros) {
        size_t len = n + sizeof zeros - i < sizeof zeros
                         ? n + sizeof zeros - i : sizeof zeros;
        grundy_status st = seqfile_check_more(rd.r, more + i, len, &err);
        if (i + len <= n) {
            assert_int_equal(st, GRUNDY_OK);
            continue;
        }
        assert_int_equal(st, GRUNDY_EPOSITION);
        assert_non_null(strstr(err.message, "bytes after its end"));
        break;
    }
    reading_close(&rd);
    free(more);
    free(p);
}

/* A byte flipped in the middle of the values: the checksum refuses it,
 * in chunks of a MiB as read by the command. */
static void
test_flipped_byte_fails_checksum(void **state)
{
    size_t n;
    unsigned char *p = encode("octal:0.6", 70000, &n);
    reading rd;
    grundy_error err;
    uint64_t count;
    (void)state;
    p[n / 2] ^= 0x10;
    reading_open(&rd, "octal:0.6", 0);
    assert_int_equal(check(rd.r, p, n, (size_t)1 << 20, &count, &err),
                     GRUNDY_EPOSITION);
    assert_non_null(strstr(err.message, "fails its checksum"));
    reading_close(&rd);
    free(p);
}

/* Pass 2 over other bytes than pass 1's (another sound file, one byte
 * shorter, one longer): seqfile_load_end refuses; over the same bytes,
 * it accepts. */
static void
test_file_changed_between_passes(void **state)
{
    size_t n;
    unsigned char *p = encode("octal:0.6", 3000, &n);
    unsigned char *other = malloc(n + 1);
    struct {
        const unsigned char *bytes;
        size_t len;
        grundy_status want;
    } pass2[4];
    (void)state;
    assert_non_null(other);
    memcpy(other, p, n);
    other[n / 2] ^= 1;
    fix_checksum(other, n);
    assert_true(sound(other, n, "octal:0.6"));
    other[n] = 0;
    pass2[0].bytes = other, pass2[0].len = n, pass2[0].want = GRUNDY_EIO;
    pass2[1].bytes = p, pass2[1].len = n - 1, pass2[1].want = GRUNDY_EIO;
    pass2[2].bytes = other, pass2[2].len = n + 1, pass2[2].want = GRUNDY_EIO;
    pass2[3].bytes = p, pass2[3].len = n, pass2[3].want = GRUNDY_OK;
    for (size_t i = 0; i < 4; i++) {
        reading rd;
        grundy_error err;
        uint64_t count;
        grundy_status st;
        reading_open(&rd, "octal:0.6", 0);
        assert_int_equal(check(rd.r, p, n, 1000, &count, &err), GRUNDY_OK);
        st = load(rd.r, pass2[i].bytes, pass2[i].len, 999, &err);
        assert_int_equal(st, pass2[i].want);
        if (st != GRUNDY_OK) {
            assert_non_null(strstr(err.message, "changed while it was read"));
        }
        reading_close(&rd);
    }
    free(other);
    free(p);
}

/* The memory check of pass 2 counts the table of every value, its
 * planes from the largest value anywhere in the file (here the last
 * alone passes 255), before any is stored: what sgseq_load asks of the
 * same values read whole, in chunks of any size. */
static void
test_memory_counts_the_whole_table(void **state)
{
    size_t n, spec = strlen("octal:0.6");
    unsigned char *p = encode("octal:0.6", 3000, &n);
    const unsigned char *values = p + 16 + spec + 8;
    uint64_t len = get(p + 16 + spec, 8);
    (void)state;
    p[n - 9] = 1; /* the last value's high byte: 256 or more */
    fix_checksum(p, n);
    for (size_t chunk = 1; chunk < 40; chunk += 3) {
        reading rd, whole;
        grundy_error err, ref;
        uint64_t count;
        sgseq_env env;
        sgseq *s;
        reading_open(&rd, "octal:0.6", 2000);
        reading_open(&whole, "octal:0.6", 2000);
        assert_int_equal(check(rd.r, p, n, chunk, &count, &err), GRUNDY_OK);
        assert_int_equal(seqfile_load_begin(rd.r, &err), GRUNDY_ELIMIT);
        /* Nothing was stored. */
        assert_int_equal(seqfile_length(rd.game), 0);
        s = whole.game->family->sequence(whole.game, &env);
        assert_non_null(s);
        assert_int_equal(sgseq_load(s, values, len, &env, &ref),
                         GRUNDY_ELIMIT);
        assert_true(err.needed == ref.needed);
        assert_true(err.needed > len); /* a plane past the low byte */
        reading_close(&rd);
        reading_close(&whole);
    }
    free(p);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks_load_the_values),
        cmocka_unit_test(test_damaged_files_refused),
        cmocka_unit_test(test_endless_stream_refused_early),
        cmocka_unit_test(test_flipped_byte_fails_checksum),
        cmocka_unit_test(test_file_changed_between_passes),
        cmocka_unit_test(test_memory_counts_the_whole_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
