/*
 * cli.h - state and helpers shared by the files of the grundy command
 * (main.c: options and modes; lines.c: the line loop). Not part of
 * libgrundy.
 */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include "grundy.h"

enum {
    EXIT_WIN = 0,      /* one position: the player to move wins */
    EXIT_LOSE = 1,     /* one position: the player to move loses */
    EXIT_INVALID = 2,  /* invalid spec, position, line or usage */
    EXIT_LIMIT = 3,    /* no exact answer within the limits */
    EXIT_IO = 4        /* reading input or writing output failed */
};

/* Lines longer than this, or than the memory limit, are reported as
 * errors, not read into memory. */
#define MAX_LINE ((size_t)1 << 30)

/* Most worker threads for streaming closed-form games. */
#define MAX_THREADS 64

typedef struct cli {
    unsigned flags;           /* GRUNDY_MISERE | GRUNDY_ALL_MOVES */
    unsigned format;          /* GRUNDY_FORMAT_* */
    int quiet;                /* -q: nothing on stdout */
    const char *file;         /* -f FILE; NULL: stdin */
    size_t memory;            /* --memory; 0: library default */
    unsigned long long work;  /* --work; 0: none */
    int work_set;             /* --work was given */
    int threads;              /* --threads; 0: one per CPU */
    char **args;              /* positional arguments */
    int nargs;
    grundy_ctx *ctx;
    grundy_position *pos;
    grundy_result *res;
    double progress_start;    /* when the current computation began */
    double progress_last;     /* last progress line, 0: none shown */
    int write_failed;         /* a failed write to stdout was reported */
} cli;

/* The exit status for a library status. */
int exit_for(grundy_status st);
/* 1 when writing stdout failed; the first time with a message, unless a
 * closed pipe. */
int output_failed(cli *c);
/* Clears a progress line, if one was shown. */
void progress_done(cli *c);
/* Solves c->pos and writes its record to stdout (unless -q). */
grundy_status solve_and_print(cli *c, const char *input, size_t len,
                              grundy_error *err);

/* Line mode: one position per line of -f FILE or stdin; `fixed` is the
 * game named on the command line, or NULL when lines name their games. */
int run_lines(cli *c, grundy_game *fixed);

#endif
