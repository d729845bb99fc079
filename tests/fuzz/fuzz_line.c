/*
 * fuzz_line.c - libFuzzer harness for the whole line-processing path of
 * the command: the real src/cli (reader, trimming, comments, parse, solve,
 * text/JSON records, error records, the threaded stream) run by
 * grundy_cli() (src/cli/cli.c) on a real file descriptor 0 holding the
 * input, with file descriptor 1 captured so that every record is checked.
 *
 * The first byte picks the options:
 *   bit 0 --json, bit 1 --all, bit 2 --misere, bit 3 -q,
 *   bit 4 the first line is the GAME argument,
 *   bit 5 --threads=2 (the threaded stream) instead of --threads=1,
 *   bit 6 stdin is a pipe instead of a memfd (a regular-like file: the
 *         reader then reads ahead; through a pipe it reads as it comes).
 * What is checked: the exit status is one line mode can give (0, 2 or 3:
 * never 1, and 4, an I/O error, never happens on these descriptors);
 * every output line is a whole record of the right shape; an error record
 * means a non-zero status; -q prints nothing.
 */
#define _GNU_SOURCE /* memfd_create */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int grundy_cli(int argc, char **argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

enum {
    OPT_JSON = 1, OPT_ALL = 2, OPT_MISERE = 4, OPT_QUIET = 8, OPT_GAME = 16,
    OPT_THREADS = 32, OPT_PIPE = 64
};

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static void
write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w <= 0) {
            abort();
        }
        p += w;
        n -= (size_t)w;
    }
}

/* Makes file descriptor 0 read in[0..n): a memfd or a pipe (the input is
 * at most 16 KiB, less than a pipe holds, so it is written at once). */
static void
stdin_from(const uint8_t *in, size_t n, int pipe_it)
{
    int fd, p[2];
    if (pipe_it) {
        if (pipe(p) != 0) {
            abort();
        }
        write_all(p[1], in, n);
        close(p[1]);
        fd = p[0];
    } else {
        if ((fd = memfd_create("fuzz_line_in", 0)) < 0) {
            abort();
        }
        write_all(fd, in, n);
        if (lseek(fd, 0, SEEK_SET) != 0) {
            abort();
        }
    }
    if (dup2(fd, 0) != 0) {
        abort();
    }
    close(fd);
    clearerr(stdin);
}

/* The bytes written to fd (from its start), NUL-terminated; *n its size. */
static char *
slurp(int fd, size_t *n)
{
    off_t end = lseek(fd, 0, SEEK_END);
    char *buf;
    if (end < 0 || lseek(fd, 0, SEEK_SET) != 0 ||
        (buf = malloc((size_t)end + 1)) == NULL) {
        abort();
    }
    *n = 0;
    while (*n < (size_t)end) {
        ssize_t r = read(fd, buf + *n, (size_t)end - *n);
        if (r <= 0) {
            abort();
        }
        *n += (size_t)r;
    }
    buf[*n] = '\0';
    return buf;
}

static int
starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "sg=N" with N a number without leading zeros; *pos past it. */
static int
sg_value(const char *s, size_t *pos, int *zero)
{
    size_t i = 0;
    if (!starts(s, "sg=") || s[3] < '0' || s[3] > '9' ||
        (s[3] == '0' && s[4] >= '0' && s[4] <= '9')) {
        return 0;
    }
    *zero = s[3] == '0';
    for (i = 3; s[i] >= '0' && s[i] <= '9'; i++) {
    }
    *pos = i;
    return 1;
}

/* A text record: "win sg=N: MOVE" (N > 0), "win sg=?: MOVE" (a huge
 * Fibonacci or Wythoff component, whose value is out of reach),
 * "lose sg=0", and in misere play "win (misere): MOVE", "win (misere)"
 * (no move is left) or "lose (misere)". */
static void
check_text(const char *line, unsigned opts)
{
    size_t at = 0;
    int zero = 0;
    if (opts & OPT_MISERE) {
        /* A position with no move at all is won in misere play. */
        if (strcmp(line, "lose (misere)") == 0 ||
            strcmp(line, "win (misere)") == 0) {
            return;
        }
        if (!starts(line, "win (misere): ") || line[14] == '\0') {
            abort();
        }
        return;
    }
    if (strcmp(line, "lose sg=0") == 0 || strcmp(line, "draw sg=inf") == 0) {
        return;   /* a draw: a loopy graph:FILE position, no move */
    }
    if (starts(line, "win sg=?")) {
        at = 8;
    } else if (starts(line, "win sg=inf")) {
        at = 10;   /* Smith's infinite value, a win by a move */
    } else if (!starts(line, "win ") || !sg_value(line + 4, &at, &zero) ||
               zero) {
        abort();
    } else {
        at += 4;
    }
    if (line[at] != ':' || line[at + 1] != ' ' || line[at + 2] == '\0') {
        abort();
    }
}

/* A JSON record: an object with "input" first, then an outcome or an
 * error; a loss in normal play has value 0, a win a move. */
static int
check_json(const char *line, unsigned opts)
{
    size_t n = strlen(line);
    const char *sg = strstr(line, "\"sg\":");
    if (!starts(line, "{\"input\":\"") || n < 2 || line[n - 1] != '}') {
        abort();
    }
    if (strstr(line, "\",\"error\":\"") != NULL &&
        strstr(line, "\"outcome\":") == NULL) {
        return 1;
    }
    if (strstr(line, "\",\"outcome\":\"lose\"") != NULL) {
        if (!(opts & OPT_MISERE) && (sg == NULL || sg[5] != '0')) {
            abort();
        }
        if (strstr(line, "\"move\":") != NULL) {
            abort();
        }
        return 0;
    }
    if (strstr(line, "\",\"outcome\":\"draw\"") != NULL) {
        /* a loopy graph:FILE position: no value, no move */
        if (sg != NULL || strstr(line, "\"move\":") != NULL) {
            abort();
        }
        return 0;
    }
    if (strstr(line, "\",\"outcome\":\"win\"") == NULL) {
        abort();
    }
    if (!(opts & OPT_MISERE) &&
        (strstr(line, "\"move\":") == NULL || (sg != NULL && sg[5] == '0'))) {
        abort();
    }
    return 0;
}

static void
check_output(char *out, size_t n, unsigned opts, int status)
{
    size_t errors = 0;
    if ((opts & OPT_QUIET) && n > 0) {
        abort();
    }
    if (n > 0 && out[n - 1] != '\n') {
        abort(); /* a record cut short */
    }
    for (char *line = out, *nl; line < out + n; line = nl + 1) {
        nl = strchr(line, '\n');
        *nl = '\0';
        if (memchr(line, '\0', (size_t)(nl - line)) != NULL) {
            abort();
        }
        if (opts & OPT_JSON) {
            errors += (size_t)check_json(line, opts);
        } else {
            check_text(line, opts);
        }
    }
    if (errors > 0 && status == 0) {
        abort();
    }
}

/* 1 unless the GAME argument turns the run into something else. */
/* A GAME argument holding a space or a tab is a whole position quoted as
 * one argument ('grundy "nim 3 4 5"'): one answer, stdin unread. */
static int
is_one_position(const char *game)
{
    return strpbrk(game, " \t") != NULL;
}

static int
game_is_line_mode(const char *game, unsigned opts)
{
    if (!(opts & OPT_GAME)) {
        return 1;
    }
    return game[0] != '-' && strcmp(game, "games") != 0 &&
           strcmp(game, "sg") != 0 && strcmp(game, "period") != 0 &&
           !is_one_position(game);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char opt_json[] = "--json", opt_all[] = "--all",
                opt_misere[] = "--misere", opt_quiet[] = "-q",
                opt_memory[] = "--memory=128K", opt_one[] = "--threads=1",
                opt_two[] = "--threads=2", prog[] = "grundy";
    char *argv[10], *game = NULL, *out;
    const uint8_t *in = data + 1;
    size_t inlen = size - 1, outlen;
    unsigned opts;
    int argc = 0, status, outfd, saved_out;

    if (size < 1 || size > 16384) {
        return 0;
    }
    opts = data[0];
    argv[argc++] = prog;
    argv[argc++] = opt_memory;
    argv[argc++] = opts & OPT_THREADS ? opt_two : opt_one;
    if (opts & OPT_JSON) {
        argv[argc++] = opt_json;
    }
    if (opts & OPT_ALL) {
        argv[argc++] = opt_all;
    }
    if (opts & OPT_MISERE) {
        argv[argc++] = opt_misere;
    }
    if (opts & OPT_QUIET) {
        argv[argc++] = opt_quiet;
    }
    if (opts & OPT_GAME) {
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
    stdin_from(in, inlen, (opts & OPT_PIPE) != 0);
    /* Records go to a memfd on descriptor 1, read back after the run. */
    fflush(stdout);
    if ((outfd = memfd_create("fuzz_line_out", 0)) < 0 ||
        (saved_out = dup(1)) < 0 || dup2(outfd, 1) != 1) {
        abort();
    }
    clearerr(stdout);
    status = grundy_cli(argc, argv);
    fflush(stdout);
    if (dup2(saved_out, 1) != 1) {
        abort();
    }
    close(saved_out);
    /* Line mode answers 0 (all answered), 2 (bad lines) or 3 (limits);
     * 1 belongs to one position, 4 to a failed read or write, which a
     * memfd or a pipe written in full never gives. A GAME argument that
     * is an option may name a file ('-fNAME'): opening it can fail (4).
     * A GAME argument that is a whole position answers it alone: 1 for a
     * loss, 5 for a draw as well. */
    if (status != 0 && status != 2 && status != 3 &&
        !(status == 4 && game != NULL && game[0] == '-') &&
        !((status == 1 || status == 5) && game != NULL &&
          is_one_position(game))) {
        fprintf(stderr, "fuzz_line: exit status %d\n", status);
        abort();
    }
    out = slurp(outfd, &outlen);
    close(outfd);
    /* A GAME argument that is an option or a sub-command (--help, games)
     * is not line mode: its output has other shapes. */
    if (game_is_line_mode(argv[argc - 1], opts)) {
        check_output(out, outlen, opts, status);
    }
    free(out);
    free(game);
    return 0;
}
