/*
 * fuzz_line.c - libFuzzer harness for the whole line-processing path of
 * the command: the real src/cli (reader, trimming, comments, parse, solve,
 * text/JSON records, error records, the threaded stream) on stdin made
 * from the input. The first byte picks the options; with bit 4 the first
 * line is the GAME. The command is grundy_cli() (src/cli/cli.c).
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int grundy_cli(int argc, char **argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* Records go nowhere; run.sh passes -close_fd_mask=2 so that error
     * messages do not flood the log (sanitizer reports still appear). */
    return freopen("/dev/null", "w", stdout) == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char opt_json[] = "--json", opt_all[] = "--all",
                opt_misere[] = "--misere", opt_quiet[] = "-q",
                opt_memory[] = "--memory=128K", opt_one[] = "--threads=1",
                opt_two[] = "--threads=2", prog[] = "grundy";
    char *argv[10], *game = NULL;
    const uint8_t *in = data + 1;
    size_t inlen = size - 1;
    FILE *saved = stdin, *f;
    int argc = 0, status;

    if (size < 1 || size > 16384) {
        return 0;
    }
    argv[argc++] = prog;
    argv[argc++] = opt_memory;
    /* Bit 5: the threaded stream (closed-form games with a fixed GAME). */
    argv[argc++] = data[0] & 32 ? opt_two : opt_one;
    if (data[0] & 1) {
        argv[argc++] = opt_json;
    }
    if (data[0] & 2) {
        argv[argc++] = opt_all;
    }
    if (data[0] & 4) {
        argv[argc++] = opt_misere;
    }
    if (data[0] & 8) {
        argv[argc++] = opt_quiet;
    }
    if (data[0] & 16) {
        const uint8_t *nl = memchr(in, '\n', inlen);
        size_t glen = nl != NULL ? (size_t)(nl - in) : inlen;
        /* An argument is a C string: it ends at the first NUL. */
        if ((game = malloc(glen + 1)) == NULL) {
            return 0;
        }
        memcpy(game, in, glen);
        game[glen] = '\0';
        argv[argc++] = game;
        in += nl != NULL ? glen + 1 : glen;
        inlen -= nl != NULL ? glen + 1 : glen;
    }
    argv[argc] = NULL;
    /* fmemopen needs a non-empty buffer: an empty stdin is "\n". */
    f = inlen > 0 ? fmemopen((void *)(uintptr_t)in, inlen, "r")
                  : fmemopen((void *)(uintptr_t)"\n", 1, "r");
    if (f == NULL) {
        free(game);
        return 0;
    }
    stdin = f;
    clearerr(stdout);
    status = grundy_cli(argc, argv);
    stdin = saved;
    fclose(f);
    free(game);
    /* The documented exit statuses only (0..4). */
    if (status < 0 || status > 4) {
        abort();
    }
    return 0;
}
