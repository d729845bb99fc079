/*
 * replay.c - a main() for the fuzz harnesses without libFuzzer: runs
 * LLVMFuzzerTestOneInput on each file named on the command line, so that
 * ctest replays the seed corpus and every crash input found (gcc or clang,
 * with or without sanitizers). A harness that detects a bug aborts.
 *
 *     replay [-t SECONDS] FILE...
 *
 * Each input must finish within SECONDS (default 60; 0: no bound) of
 * wall-clock time: a slow input a fuzzer found stays a test of the bound
 * that was put on it. Past it, the replay names the input and the bound
 * and fails (exit 3), whatever the harness.
 */
#define _POSIX_C_SOURCE 200809L /* alarm, write */

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define HAVE_ALARM 1
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#if defined(__GNUC__)
__attribute__((weak))
#endif
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

#ifdef HAVE_ALARM
static const char *volatile current; /* the input being replayed */
static char bound[24];               /* SECONDS as given */

/* SIGALRM: the input took too long. Only async-signal-safe calls. */
static void
too_slow(int sig)
{
    const char *name = current != NULL ? current : "?";
    (void)sig;
    (void)!write(2, "replay: ", 8);
    (void)!write(2, name, strlen(name));
    (void)!write(2, ": still running after ", 22);
    (void)!write(2, bound, strlen(bound));
    (void)!write(2, " s, past the time bound of each input\n", 38);
    _exit(3);
}
#endif

int
main(int argc, char **argv)
{
    int ran = 0, first = 1;
    unsigned long seconds = 60;
    if (argc > 2 && strcmp(argv[1], "-t") == 0) {
        char *end;
        seconds = strtoul(argv[2], &end, 10);
        if (*argv[2] == '\0' || *end != '\0' || seconds > 86400) {
            fprintf(stderr, "replay: -t needs SECONDS from 0 to 86400, "
                    "got '%s'\n", argv[2]);
            return 2;
        }
        first = 3;
    }
#ifdef HAVE_ALARM
    snprintf(bound, sizeof bound, "%lu", seconds);
    signal(SIGALRM, too_slow);
#endif
    if (LLVMFuzzerInitialize(&argc, &argv) != 0) {
        fputs("replay: harness initialisation failed\n", stderr);
        return 2;
    }
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        uint8_t *buf;
        long n;
        if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
            fseek(f, 0, SEEK_SET) != 0) {
            fprintf(stderr, "replay: cannot read %s\n", argv[i]);
            return 2;
        }
        /* Exactly n bytes, as libFuzzer gives them: a harness or parser
         * that reads data[size] must fault under AddressSanitizer here
         * too (malloc(0) may return NULL, so an empty input gets 1). */
        if ((buf = malloc(n > 0 ? (size_t)n : 1)) == NULL ||
            fread(buf, 1, (size_t)n, f) != (size_t)n) {
            fprintf(stderr, "replay: cannot read %s\n", argv[i]);
            return 2;
        }
        fclose(f);
#ifdef HAVE_ALARM
        current = argv[i];
        alarm((unsigned)seconds);
#endif
        LLVMFuzzerTestOneInput(buf, (size_t)n);
#ifdef HAVE_ALARM
        alarm(0);
#endif
        free(buf);
        ran++;
    }
    fprintf(stderr, "replay: %d inputs, no failure\n", ran);
    return ran > 0 ? 0 : 2;
}
