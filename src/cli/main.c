/*
 * main.c - the grundy command: everything is in grundy_cli() (cli.c), so
 * that tests and fuzz harnesses can run the command in-process.
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* isatty */
#include <unistd.h>
#define HAVE_ISATTY 1
#endif
#include "cli.h"

#include <stdio.h>

int
main(int argc, char **argv)
{
#ifdef HAVE_ISATTY
    /* Into a file or a pipe, records go out in writes of 1 MiB, not of
     * 4 KiB: a stream of 10^6 Nim lines spent 7% of its time in write(2)
     * (bench/nim.sh, perf). Set here, before anything is written, as
     * setvbuf must be; in-process callers of grundy_cli keep their
     * stdout as it is. glibc takes the size only with a buffer given;
     * this one lives as long as stdout. A terminal keeps its line
     * buffering, and line mode flushes before it waits for input, so a
     * program that writes a line and waits for the answer gets it. */
    static char out[(size_t)1 << 20];
    if (!isatty(1)) {
        setvbuf(stdout, out, _IOFBF, sizeof out);
    }
#endif
    return grundy_cli(argc, argv);
}
