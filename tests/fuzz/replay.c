/*
 * replay.c - a main() for the fuzz harnesses without libFuzzer: runs
 * LLVMFuzzerTestOneInput on each file named on the command line, so that
 * ctest replays the seed corpus and every crash input found (gcc or clang,
 * with or without sanitizers). A harness that detects a bug aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

int
main(int argc, char **argv)
{
    int ran = 0;
    if (LLVMFuzzerInitialize(&argc, &argv) != 0) {
        fputs("replay: harness initialisation failed\n", stderr);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
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
        LLVMFuzzerTestOneInput(buf, (size_t)n);
        free(buf);
        ran++;
    }
    fprintf(stderr, "replay: %d inputs, no failure\n", ran);
    return ran > 0 ? 0 : 2;
}
