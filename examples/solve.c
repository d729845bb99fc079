/*
 * solve.c - using libgrundy from C: parse a position, solve it, print the
 * outcome and a winning move. Build: see the grundy_example target in
 * CMakeLists.txt (cmake --build build --target grundy_example).
 */
#include <grundy.h>

#include <stdio.h>
#include <string.h>

int
main(void)
{
    const char *text = "nim 3 4 5 + bounded:3 7";
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    uint64_t sg;
    int status = 2;

    if (ctx == NULL || pos == NULL || res == NULL) {
        fputs("out of memory\n", stderr);
    } else if (grundy_position_parse(ctx, pos, NULL, text, strlen(text),
                                     &err) != GRUNDY_OK ||
               grundy_solve(ctx, pos, 0, res, &err) != GRUNDY_OK) {
        fprintf(stderr, "%s\n", err.message);
    } else {
        grundy_result_sg(res, &sg);
        printf("%s: %s, Grundy value %llu\n", text,
               grundy_result_win(res) ? "win" : "lose",
               (unsigned long long)sg);
        if (grundy_result_move_count(res) > 0) {
            printf("%s, leaving %s\n", grundy_result_move_explain(res, 0),
                   grundy_result_move_position(res, 0));
        }
        status = 0;
    }
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    return status;
}
