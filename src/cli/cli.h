/*
 * cli.h - state and helpers shared by the files of the grundy command
 * (cli.c: entry, options, the choice of mode; modes.c: sg, period, games;
 * plot.c: grundy plot, an SVG picture of a heap game's values;
 * lines.c: the line mode, over rounds.c, sequential.c and reader.c (their
 * header lines.h); output.c: exit statuses, messages, progress, one
 * answer; args.c: number arguments; main.c: main() alone). Calls go one
 * way: cli.c above modes.c and lines.c, modes.c above save.c, all of
 * them above output.c and args.c. Not part of libgrundy.
 */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include "grundy_private.h"

enum {
    EXIT_WIN = 0,      /* one position: the player to move wins */
    EXIT_LOSE = 1,     /* one position: the player to move loses */
    EXIT_INVALID = 2,  /* invalid spec, position, line or usage */
    EXIT_LIMIT = 3,    /* no exact answer within the limits */
    EXIT_IO = 4,       /* reading input or writing output failed */
    EXIT_DRAW = 5      /* one position: a draw (a loopy game) */
};

/* Lines longer than this, or than the memory limit, are reported as
 * errors, not read into memory. */
#define MAX_LINE ((size_t)1 << 30)

/* Most worker threads for streaming closed-form games. */
#define MAX_THREADS 64

/* Which file a name stood for when this run last read or wrote it: a
 * file another run renamed over it since then differs (save.c). */
typedef struct save_ident {
    unsigned long long dev, ino, size; /* st_dev, st_ino, st_size */
    long long mtime_s, mtime_ns;       /* st_mtim */
    int known;                         /* 0: no file was seen */
} save_ident;

/* A long computation's rate over its last minute, from the progress
 * reports: the time left shown follows a rate that changes along the run
 * (a sequence slows as its scans lengthen), and a run stopped and
 * resumed (Ctrl-Z, fg) shows its true rate again at most a minute later.
 * A ring of reports taken a second apart at least. */
#define RATE_WINDOW 60.0
#define RATE_SAMPLES 64   /* a second apart: more than RATE_WINDOW s */
typedef struct rate_window {
    double t[RATE_SAMPLES];       /* seconds, ascending */
    uint64_t done[RATE_SAMPLES];  /* units done then */
    size_t next, count;           /* the slot to write next, reports held */
} rate_window;

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
    double progress_start;    /* first progress report of the current
                                 computation, 0: none yet */
    rate_window progress_rate; /* its recent reports, for the rate shown */
    double progress_last;     /* last progress line, 0: none shown */
    double progress_at;       /* the latest progress report */
    uint64_t progress_from;   /* units done at the first report */
    uint64_t progress_units;  /* units done at the latest report */
    uint64_t progress_total;  /* units the work needs, latest report */
    double rate_seconds;      /* the last computation's whole work at its
                                 rate measured over a second or more;
                                 0: none measured */
    int progress_lines;       /* --progress: progress lines on stderr,
                                 in pipes too */
    int progress_tty;         /* stderr is a terminal: one line redrawn */
    int write_failed;         /* a failed write to stdout was reported */
    const char *save;         /* --save FILE of `sg`; NULL: none */
    grundy_game *save_game;   /* the game whose sequence is saved */
    uint64_t saved_len;       /* values in FILE after the last write */
    uint64_t save_tried;      /* values at the last attempt to write */
    double saved_at;          /* when FILE was last written (or tried) */
    int save_tty;             /* also show progress (a terminal or
                                 --progress) */
    int save_failed;          /* a write failed: exit 4; 2: FILE is
                                 another run's now, no more writes */
    int save_last_ok;         /* the last write (or the read) succeeded */
    save_ident save_id;       /* FILE as this run last read or wrote it */
    size_t freed;             /* bytes the main context gave back to the
                                 --memory account since the allocator
                                 last returned memory (give_back) */
} cli;

/* The grundy command: parses and checks the whole command line, runs
 * the mode it asks for, flushes stdout and returns the exit status
 * (EXIT_* above). Runs in-process as often as called (fuzz_line). */
int grundy_cli(int argc, char **argv);

/* ---- args.c: number arguments ---------------------------------------- */

/* A count such as 100000000000000 or 1e14 (decimal, optionally times a
 * power of ten) into *out; -1 when malformed or past 2^64 - 1. */
int parse_steps(const char *s, unsigned long long *out);
/* The decimal number starting s (a digit first: no sign, no blank) into
 * *v, *end past it; -1 when there is none or it passes 2^64 - 1. */
int parse_leading(const char *s, char **end, unsigned long long *v);

/* "grundy: " fmt (with arg) and the hint to try --help, on stderr. */
void usage_error(const char *fmt, const char *arg);
/* Forgets every report (a new computation). */
void rate_reset(rate_window *w);
/* Records done units at time t (seconds, not before the last report's):
 * kept when it is a second or more after the last kept one. */
void rate_add(rate_window *w, double t, uint64_t done);
/* Units a second at time t with done units: from the oldest report kept
 * within RATE_WINDOW seconds before t and a second or more before it;
 * when there is none (a pause, or reports minutes apart), from the last
 * report a second or more before t; 0 when none is (not measured). */
double rate_recent(const rate_window *w, double t, uint64_t done);
/* A grundy_progress_fn (user is the cli): on a terminal one line redrawn
 * at most five times a second, with --progress in a pipe one line every
 * PROGRESS_EVERY seconds; both from a second into the work on, with the
 * rate (rate_recent) and the time left once a rate is measured. */
void progress(void *user, const char *what, uint64_t done, uint64_t total);

/* Appends to err->message, after a library call failed with st, the
 * command's advice for the limit the error names (err->limit): the
 * option to raise, with the value err->needed asks for ("; raise it
 * with --memory 573M"); nothing for other errors. Once per error. When
 * c (may be NULL) measured the rate of the computation that stopped
 * (progress shown, over a second: c->rate_seconds), the memory advice
 * adds how long the whole work takes at that rate ("(about 40 s at the
 * rate measured)"); never otherwise, so that messages stay the same
 * from run to run. */
void word_advice(const cli *c, grundy_status st, grundy_error *err);

/* What the JSON error record of a failure says besides the message:
 * "kind" (input: invalid spec, position or line, exit 2; limit: a limit
 * ended it, exit 3; unsupported: no exact method, no setting helps, exit
 * 3; io: exit 4) and, for a limit, its name ("memory", "work"; NULL when
 * none can be raised). Take it before word_advice, which clears
 * err->limit. */
typedef struct error_tag {
    const char *kind;
    const char *limit;
} error_tag;
error_tag error_tag_of(grundy_status st, const grundy_error *err);

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

/* The sub-commands (modes.c): grundy sg GAME N|A..B..., grundy period
 * GAME, grundy games. Each returns the exit status. */
int run_sg(cli *c);

/* --save FILE (save.c): save_start continues game's sequence from FILE
 * when it exists and installs the checkpoints and the SIGINT/SIGTERM
 * handlers (progress is still shown when c->save_tty); save_finish writes FILE a
 * last time and returns status, or the write's failure. On a signal the
 * command saves, says so and stops (save_stop), exit status 128 + the
 * signal. Each returns an exit status; EXIT_WIN when all went well. */
int save_start(cli *c, grundy_game *game);
int save_finish(cli *c, int status);
int save_interrupted(void);
void save_stop(cli *c);
int run_period(cli *c);
/* grundy plot GAME N: G(0..N) as an SVG picture (plot.c). */
int run_plot(cli *c);
/* grundy quotient GAME N: the misere quotient of heaps up to N. */
int run_quotient(cli *c);
int run_games(cli *c);
/* `grundy nimmul A B`: the nim product of two 64-bit numbers. */
int run_nimmul(cli *c);

/* Line mode: one position per line of -f FILE or stdin; `fixed` is the
 * game named on the command line, or NULL when lines name their games. */
int run_lines(cli *c, grundy_game *fixed);

#endif
