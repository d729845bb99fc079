/*
 * fuzz_position.c - libFuzzer harness for positions, with an oracle:
 * parse (optionally with a fixed game given on a first line), solve in the
 * mode the first byte picks, format the record, and check that every
 * winning move leads to a position the solver calls lost.
 */
#include "grundy.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static FILE *devnull;

/* What parsing and solving may answer besides GRUNDY_OK. */
#define PARSE_ERRORS                                                     \
    (1u << GRUNDY_ESPEC | 1u << GRUNDY_EPOSITION | 1u << GRUNDY_ELIMIT | \
     1u << GRUNDY_ENOMEM)
/* GRUNDY_EPOSITION: a ring of a code whose d0 splits (lasker @3) is
 * known to be invalid only once the solver asks its rules, as nim @3 is
 * when parsed: the same mistake, the same status. */
#define SOLVE_ERRORS                                                     \
    (1u << GRUNDY_ELIMIT | 1u << GRUNDY_EUNSUPPORTED | 1u << GRUNDY_ENOMEM | \
     1u << GRUNDY_EPOSITION)

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    devnull = fopen("/dev/null", "w");
    return devnull == NULL;
}

/* bit i of allowed: status i may come from the call. */
static void
check_error(grundy_status st, unsigned allowed, const grundy_error *err)
{
    if (!(allowed >> st & 1u) || err->message[0] == '\0' ||
        memchr(err->message, '\0', sizeof err->message) == NULL ||
        err->column < -1) {
        abort();
    }
}

/* Every winning move must leave a position that is lost for the player
 * then to move (when it can be solved within the limits at all). */
static void
check_moves(grundy_ctx *ctx, grundy_game *fixed, unsigned flags,
            const grundy_result *res)
{
    grundy_position *pos = grundy_position_new();
    grundy_result *after = grundy_result_new();
    size_t nmoves = grundy_result_move_count(res);
    grundy_error err;

    /* A lost position has no winning move; in normal play a won one
     * has at least one (in misere play a position with no move is won). */
    if (grundy_result_win(res) ? nmoves == 0 && !(flags & GRUNDY_MISERE)
                               : nmoves > 0) {
        abort();
    }
    for (size_t i = 0; pos != NULL && after != NULL && i < nmoves; i++) {
        const char *text = grundy_result_move_position(res, i);
        if (grundy_result_move_explain(res, i)[0] == '\0') {
            abort();
        }
        /* A move that empties a one-component position leaves no
         * component to write: nothing to solve. */
        if (grundy_position_parse(ctx, pos, fixed, text, strlen(text),
                                  &err) != GRUNDY_OK) {
            continue;
        }
        if (grundy_solve(ctx, pos, flags & GRUNDY_MISERE, after, &err) ==
                GRUNDY_OK &&
            grundy_result_win(after)) {
            abort();
        }
    }
    grundy_result_free(after);
    grundy_position_free(pos);
}

/* The record in a buffer: measured first, then written in full; one
 * line, of the shape its format promises. */
static void
check_record(unsigned format, const char *text, size_t len,
             const grundy_result *res)
{
    size_t need = 0, got = 0;
    char *rec;
    int win = grundy_result_win(res);
    /* a loopy graph:FILE position may be a draw */
    const char *word = win ? "win" : grundy_result_draw(res) ? "draw" : "lose";
    char outcome[32];
    snprintf(outcome, sizeof outcome, "\"outcome\":\"%s\"", word);
    if (grundy_format_result_buf(NULL, 0, &need, format, text, len, res) !=
            GRUNDY_OK ||
        need == 0 || (rec = malloc(need + 1)) == NULL) {
        abort();
    }
    if (grundy_format_result_buf(rec, need + 1, &got, format, text, len,
                                 res) != GRUNDY_OK ||
        got != need || rec[need] != '\0' || rec[need - 1] != '\n' ||
        memchr(rec, '\n', need - 1) != NULL) {
        abort();
    }
    if (format & GRUNDY_FORMAT_JSON) {
        if (strncmp(rec, "{\"input\":\"", 10) != 0 || need < 3 ||
            rec[need - 2] != '}' ||
            strstr(rec, outcome) == NULL) {
            abort();
        }
    } else if (strncmp(rec, word, strlen(word)) != 0) {
        abort();
    }
    free(rec);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data + 1, *nl;
    size_t len = size - 1;
    grundy_ctx *ctx;
    grundy_position *pos;
    grundy_result *res;
    grundy_game *fixed = NULL;
    grundy_error err;
    grundy_status st;
    unsigned flags, format;
    uint64_t sg;

    if (size < 1 || size > 8192) {
        return 0;
    }
    flags = data[0] & (GRUNDY_MISERE | GRUNDY_ALL_MOVES);
    format = (data[0] >> 2) & (GRUNDY_FORMAT_JSON | GRUNDY_FORMAT_ALL);
    ctx = grundy_ctx_new();
    pos = grundy_position_new();
    res = grundy_result_new();
    if (ctx == NULL || pos == NULL || res == NULL) {
        goto out;
    }
    /* Small tables: period searches stay short (their cost grows as the
     * square of the table for games such as stripes:72036). */
    grundy_ctx_set_memory_limit(ctx, (size_t)128 << 10);
    /* "SPEC\nPOSITION": SPEC is the game the command line would fix. */
    if ((data[0] & 16) && (nl = memchr(text, '\n', len)) != NULL) {
        size_t slen = (size_t)(nl - text);
        if ((st = grundy_game_parse(ctx, text, slen, &fixed, &err)) !=
            GRUNDY_OK) {
            check_error(st, PARSE_ERRORS, &err);
            goto out;
        }
        text = nl + 1;
        len -= slen + 1;
    }
    st = grundy_position_parse(ctx, pos, fixed, text, len, &err);
    if (st != GRUNDY_OK) {
        check_error(st, PARSE_ERRORS, &err);
        if (err.column > (long)len) {
            abort();
        }
        grundy_format_error(devnull, format, text, len, err.message);
        goto out;
    }
    st = grundy_solve(ctx, pos, flags, res, &err);
    if (st != GRUNDY_OK) {
        check_error(st, SOLVE_ERRORS, &err);
        goto out;
    }
    /* A game alone is the empty position (interface.md): no move, so a
     * loss in normal play and a win in misere play, with no move. */
    if (grundy_position_size(pos) == 0 &&
        (grundy_result_win(res) != ((flags & GRUNDY_MISERE) != 0) ||
         grundy_result_move_count(res) != 0)) {
        abort();
    }
    /* Normal play: the mover wins iff the value is not 0. */
    if (!(flags & GRUNDY_MISERE) && grundy_result_sg(res, &sg) &&
        (sg != 0) != grundy_result_win(res)) {
        abort();
    }
    if (grundy_format_result(devnull, format, text, len, res) != GRUNDY_OK) {
        abort();
    }
    check_record(format, text, len, res);
    check_moves(ctx, fixed, flags, res);
out:
    grundy_game_free(fixed);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    return 0;
}
