/*
 * fuzz_graph.c - libFuzzer harness for graph:FILE rules files: the bytes
 * are written to a real file, read as graph:FILE, and positions made of
 * the words of the input (alone, in pairs, beside a Nim heap) are
 * solved. A bad file or position must give a message; a solved win must
 * have a move whose position is a loss (never a draw), a loss or a draw
 * none.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */

#include "grundy.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
name_char(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
}

/* Up to 4 words (runs of name characters, at most 40 bytes) of data. */
static size_t
words(const uint8_t *data, size_t size, char w[4][41])
{
    size_t n = 0;
    for (size_t i = 0; i < size && n < 4;) {
        size_t j = i;
        while (j < size && name_char(data[j])) {
            j++;
        }
        if (j > i && j - i <= 40) {
            memcpy(w[n], data + i, j - i);
            w[n++][j - i] = '\0';
        }
        i = j + 1;
    }
    return n;
}

/* Solves text; checks the answer's invariants. */
static void
solve_one(grundy_ctx *ctx, grundy_position *pos, grundy_result *res,
          const char *text)
{
    grundy_error err;
    grundy_status st = grundy_position_parse(ctx, pos, NULL, text,
                                             strlen(text), &err);
    if (st != GRUNDY_OK) {
        if (err.message[0] == '\0') {
            abort();
        }
        return;
    }
    st = grundy_solve(ctx, pos, 0, res, &err);
    if (st != GRUNDY_OK) {
        if (err.message[0] == '\0') {
            abort();
        }
        return;
    }
    if (grundy_result_win(res) && grundy_result_draw(res)) {
        abort();
    }
    if (grundy_result_win(res) != (grundy_result_move_count(res) > 0)) {
        abort();
    }
    if (grundy_result_win(res)) {
        char *after = strdup(grundy_result_move_position(res, 0));
        if (after == NULL) {
            return;
        }
        if (grundy_position_parse(ctx, pos, NULL, after, strlen(after),
                                  &err) != GRUNDY_OK ||
            grundy_solve(ctx, pos, 0, res, &err) != GRUNDY_OK ||
            grundy_result_win(res) || grundy_result_draw(res)) {
            abort();
        }
        free(after);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[] = "/tmp/fuzz_graph_XXXXXX", spec[64], text[256], w[4][41];
    grundy_ctx *ctx;
    grundy_position *pos;
    grundy_result *res;
    grundy_game *game;
    grundy_error err;
    size_t nw;
    FILE *f;
    int fd;
    if (size > 1 << 16 || (fd = mkstemp(path)) < 0) {
        return 0;
    }
    f = fdopen(fd, "wb");
    if (f == NULL) {
        close(fd);
        unlink(path);
        return 0;
    }
    fwrite(data, 1, size, f);
    fclose(f);
    snprintf(spec, sizeof spec, "graph:%s", path);
    ctx = grundy_ctx_new();
    pos = grundy_position_new();
    res = grundy_result_new();
    if (ctx != NULL && pos != NULL && res != NULL) {
        grundy_ctx_set_memory_limit(ctx, (size_t)16 << 20);
        if (grundy_game_parse(ctx, spec, strlen(spec), &game, &err) !=
            GRUNDY_OK) {
            if (err.message[0] == '\0') {
                abort();
            }
        } else {
            grundy_game_free(game);
            nw = words(data, size, w);
            for (size_t i = 0; i < nw; i++) {
                snprintf(text, sizeof text, "%s %s", spec, w[i]);
                solve_one(ctx, pos, res, text);
                snprintf(text, sizeof text, "%s %s %s + nim 1", spec, w[i],
                         w[(i + 1) % nw]);
                solve_one(ctx, pos, res, text);
            }
        }
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    unlink(path);
    return 0;
}
