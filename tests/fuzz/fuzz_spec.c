/*
 * fuzz_spec.c - libFuzzer harness for game specs: grundy_game_parse on
 * arbitrary bytes, then the parsed game's canonical spec and the values of
 * a few small components. Every family in the registry is reached through
 * the spec text alone, so families that land later are covered unchanged.
 */
#include "grundy.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failed call must leave a message for a user and a sane column, with
 * a status the call may give (bit i of allowed: status i). */
static void
check_error(grundy_status st, unsigned allowed, const grundy_error *err,
            size_t len)
{
    if (!(allowed >> st & 1u) || err->message[0] == '\0' ||
        memchr(err->message, '\0', sizeof err->message) == NULL ||
        err->column < -1 || err->column > (long)len) {
        abort();
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *spec = (const char *)data;
    grundy_ctx *ctx;
    grundy_game *game, *again;
    grundy_error err;
    grundy_status st;

    if (size > 4096) {
        return 0;
    }
    if ((ctx = grundy_ctx_new()) == NULL) {
        return 0;
    }
    /* Small tables: a spec must never make the fuzzer itself run out, and
     * period searches stay short (their cost grows as the square of the
     * table for games such as stripes:72036). */
    grundy_ctx_set_memory_limit(ctx, (size_t)128 << 10);
    st = grundy_game_parse(ctx, spec, size, &game, &err);
    if (st != GRUNDY_OK) {
        /* A bad spec, or one whose tables exceed the limits. */
        check_error(st,
                    1u << GRUNDY_ESPEC | 1u << GRUNDY_ELIMIT |
                        1u << GRUNDY_ENOMEM,
                    &err, size);
        grundy_ctx_free(ctx);
        return 0;
    }
    /* The canonical spec parses to the same game. */
    {
        const char *canon = grundy_game_spec(game);
        if (canon == NULL ||
            grundy_game_parse(ctx, canon, strlen(canon), &again, &err) !=
                GRUNDY_OK) {
            abort();
        }
        if (strcmp(grundy_game_spec(again), canon) != 0) {
            abort();
        }
        grundy_game_free(again);
    }
    /* Values of small components of one and two numbers: either a value
     * or an error with a message, never a crash. */
    for (uint64_t a = 0; a < 12; a++) {
        uint64_t v[2] = {a, 11 - a}, sg, again_sg;
        for (size_t n = 1; n <= 2; n++) {
            st = grundy_component_value(game, v, n, &sg, &err);
            if (st != GRUNDY_OK) {
                check_error(st,
                            1u << GRUNDY_EPOSITION | 1u << GRUNDY_ELIMIT |
                                1u << GRUNDY_EUNSUPPORTED |
                                1u << GRUNDY_ENOMEM,
                            &err, (size_t)LONG_MAX);
                continue;
            }
            /* Values come from tables kept in the game: asking again
             * answers the same. */
            if (grundy_component_value(game, v, n, &again_sg, &err) !=
                    GRUNDY_OK ||
                again_sg != sg) {
                abort();
            }
        }
    }
    grundy_game_free(game);
    grundy_ctx_free(ctx);
    return 0;
}
