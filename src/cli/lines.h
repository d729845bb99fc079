/*
 * lines.h - what the files of the line mode share (not the rest of the
 * command, which sees run_lines in cli.h alone): sequential.c answers
 * lines one after another with the main context and reports bad ones as
 * FILE:LINE; rounds.c streams closed forms on worker threads, on top of
 * it; lines.c opens the input and picks one of the two.
 */
#ifndef GRUNDY_CLI_LINES_H
#define GRUNDY_CLI_LINES_H

#include "cli.h"
#include "reader.h"

/* ---- sequential.c: one line after another, the main context ---------- */

/* 1, said once on stderr, when stdout leads nowhere any more (its
 * reader has gone); never with -q. The run then stops. */
int output_gone(const cli *c, const char *name, unsigned long long lineno);
/* Reports a line the reader cannot hold (rc: LINE_TOO_LONG or
 * LINE_NOMEM) at FILE:LINE, then skips the rest of it. Returns status
 * merged with the line's; *stop set when the run ends here (a read
 * error, stdout gone, or no line end long after the limit). */
int long_line(cli *c, reader *r, const char *name, unsigned long long lineno,
              int rc, int status, int *stop);
/* The line-mode status after one more failed line: invalid input (2)
 * outranks a limit (3). */
int merge_status(int status, grundy_status st);
/* Answers one trimmed line with the main context on stdout, or reports
 * it as FILE:LINE with its error record. Returns status merged with the
 * line's, EXIT_IO when writing failed or stdout is gone. */
int line_answer(cli *c, const char *name, unsigned long long lineno,
                grundy_game *fixed, char *line, size_t len, int status);
/* Every line of r, one after another, with the main context: the
 * reference the threaded rounds are held to. Returns the exit status. */
int run_lines_sequential(cli *c, reader *r, const char *name,
                         grundy_game *fixed);

/* ---- rounds.c: closed forms on n worker threads ----------------------- */

/* Every line of r in rounds solved by n threads, records in input order,
 * when the game (fixed, or each line's) is a closed form; else, without
 * threads or without memory for the workers, run_lines_sequential.
 * Returns the exit status, the same as run_lines_sequential's. */
int run_lines_rounds(cli *c, reader *r, const char *name,
                     grundy_game *fixed, int n);

#endif
