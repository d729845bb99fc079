/*
 * peak_rss.c - runs a command and prints its peak resident memory in
 * bytes, its wall time and its CPU time, user and system ("BYTES
 * SECONDS CPU-SECONDS" on stderr), with the command's
 * own output left alone. Used by bench/period.sh (GNU time is not on
 * every machine). Usage: peak_rss CMD [ARG...]
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
    struct rusage ru;
    struct timespec t0, t1;
    int status;
    pid_t pid;
    if (argc < 2) {
        fputs("usage: peak_rss CMD [ARG...]\n", stderr);
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid) {
        perror("peak_rss");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* ru_maxrss is in KiB on Linux. */
    fprintf(stderr, "%ld %.2f %.2f\n", ru.ru_maxrss * 1024L,
            (double)(t1.tv_sec - t0.tv_sec) +
                (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
            (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
