/*
 * solve.c - using libgrundy from C: parse a game and a position of it,
 * solve the position, print the outcome and a winning move.
 *
 *   cc solve.c $(pkg-config --cflags --libs grundy) -o solve
 *   ./solve kayles 7 4        # GAME COMPONENT...; default: nim 3 4 5
 *
 * Exit status: 0 the player to move wins, 1 loses, 5 a draw (a loopy
 * graph:FILE game), 2 invalid input or no exact answer (the message says
 * why).
 */
#include <grundy.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : "nim";
    char text[4096] = "3 4 5";
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_game *game = NULL;
    grundy_error err;
    uint64_t sg;
    int status = 2;

    /* The components: the remaining arguments, joined by blanks. */
    if (argc > 2) {
        size_t at = 0;
        text[0] = '\0';
        for (int i = 2; i < argc; i++) {
            size_t n = strlen(argv[i]);
            if (at + n + 2 > sizeof text) {
                fputs("solve: position too long\n", stderr);
                goto out;
            }
            memcpy(text + at, argv[i], n);
            at += n;
            text[at++] = i + 1 < argc ? ' ' : '\0';
        }
    }
    if (ctx == NULL || pos == NULL || res == NULL) {
        fputs("solve: out of memory\n", stderr);
        goto out;
    }
    if (grundy_game_parse(ctx, spec, strlen(spec), &game, &err) !=
            GRUNDY_OK ||
        grundy_position_parse(ctx, pos, game, text, strlen(text), &err) !=
            GRUNDY_OK ||
        grundy_solve(ctx, pos, 0, res, &err) != GRUNDY_OK) {
        fprintf(stderr, "solve: %s\n", err.message);
        goto out;
    }
    printf("%s %s: %s", grundy_game_spec(game), text,
           grundy_result_win(res)    ? "win"
           : grundy_result_draw(res) ? "draw"
                                     : "lose");
    if (grundy_result_sg(res, &sg)) {
        printf(", Grundy value %llu", (unsigned long long)sg);
    }
    putchar('\n');
    if (grundy_result_move_count(res) > 0) {
        printf("winning move: %s, leaving %s\n",
               grundy_result_move_explain(res, 0),
               grundy_result_move_position(res, 0));
    }
    status = grundy_result_win(res) ? 0 : grundy_result_draw(res) ? 5 : 1;
out:
    grundy_game_free(game);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    return status;
}
