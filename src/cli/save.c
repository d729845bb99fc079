/*
 * save.c - `grundy sg GAME A..B --save FILE`: long runs that resume. The
 * game's computed sequence is read from FILE when it exists, a chunk at
 * a time, checked whole before it is loaded (a file that is damaged or
 * of another game is refused and left as it was: never used, never
 * written), written back as the run goes (each time the table has
 * doubled, or a minute after the last write) and at its end, and on
 * SIGINT or SIGTERM before the command stops. Every write goes to
 * a temporary file of its own beside FILE (FILE.tmp-PID-N, created
 * exclusively), is flushed to the disk and renamed over FILE: a run
 * killed at any moment (even by SIGKILL) leaves FILE complete, from the
 * last write, or as it was. Runs sharing FILE never write into one
 * another's temporary file, and a FILE that another run has replaced
 * since this one read or wrote it is written over only when it holds
 * fewer values of the same game. A write that fails is reported and the
 * command exits 4.
 */
#define _POSIX_C_SOURCE 200809L /* fsync, fileno, fstat, getpid */

#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#include <unistd.h>
#define HAVE_POSIX 1
#endif

#define SAVE_SECONDS 60.0

static volatile sig_atomic_t save_signal; /* the signal that asked to stop */

static void
save_on_signal(int sig)
{
    save_signal = sig;
}

static double
save_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The identity of the open file f into *id (unknown where there is no
 * fstat). */
static void
save_ident_of(FILE *f, save_ident *id)
{
    memset(id, 0, sizeof *id);
#ifdef HAVE_POSIX
    {
        struct stat st;
        if (fstat(fileno(f), &st) == 0) {
            id->dev = (unsigned long long)st.st_dev;
            id->ino = (unsigned long long)st.st_ino;
            id->size = (unsigned long long)st.st_size;
            id->mtime_s = (long long)st.st_mtim.tv_sec;
            id->mtime_ns = (long long)st.st_mtim.tv_nsec;
            id->known = 1;
        }
    }
#else
    (void)f;
#endif
}

/* 1 when the file now named name is the one id was taken of. */
static int
save_ident_same(const char *name, const save_ident *id)
{
#ifdef HAVE_POSIX
    struct stat st;
    return id->known && stat(name, &st) == 0 &&
           id->dev == (unsigned long long)st.st_dev &&
           id->ino == (unsigned long long)st.st_ino &&
           id->size == (unsigned long long)st.st_size &&
           id->mtime_s == (long long)st.st_mtim.tv_sec &&
           id->mtime_ns == (long long)st.st_mtim.tv_nsec;
#else
    (void)name;
    (void)id;
    return 0;
#endif
}

/* Bytes read from FILE at a time: a resume holds this much of FILE,
 * never the whole of it, beside the table it loads (256 KiB: a table of
 * 2^24 values is 19 MB; the two passes over a file of 2^32 values, 8
 * GiB, are 65,536 reads, little beside the checksum's work). */
#define SAVE_CHUNK ((size_t)1 << 18)

/* Hands open FILE f, from its first byte, to r a chunk at a time through
 * buf: pass 1 (load 0) checks it, pass 2 loads it; *st the reader's
 * status (with *count, pass 1's number of values). -1 with errno when
 * FILE cannot be read. */
static int
save_pass(FILE *f, seqfile_reader *r, int load, unsigned char *buf,
          uint64_t *count, grundy_status *st, grundy_error *err)
{
    size_t n;
    *st = GRUNDY_OK;
    if (fseek(f, 0, SEEK_SET) != 0) {
        return -1;
    }
    do {
        n = fread(buf, 1, SAVE_CHUNK, f);
        if (load) {
            *st = seqfile_load_more(r, buf, n, err);
        } else {
            *st = seqfile_check_more(r, buf, n, err);
        }
    } while (n == SAVE_CHUNK && *st == GRUNDY_OK);
    if (ferror(f)) {
        return -1;
    }
    if (*st == GRUNDY_OK) {
        *st = load ? seqfile_load_end(r, err)
                   : seqfile_check_end(r, count, err);
    }
    return 0;
}

/* A sequence file open for reading, checked whole by pass 1. */
typedef struct save_file {
    FILE *f;
    seqfile_reader *r;
    unsigned char *buf; /* SAVE_CHUNK bytes */
    save_ident id;      /* FILE when pass 1 began */
} save_file;

static void
save_file_close(save_file *sf)
{
    if (sf->f != NULL) {
        fclose(sf->f);
    }
    seqfile_reader_free(sf->r);
    free(sf->buf);
    memset(sf, 0, sizeof *sf);
}

/* Opens FILE name into *sf and checks it as a file of game (pass 1),
 * *count its values. -1 with errno when it cannot be opened or read
 * (ENOENT: there is none; sf closed); else 0 and *st the check's status,
 * sf open for pass 2 (closed by the caller). */
static int
save_file_check(const char *name, grundy_game *game, save_file *sf,
                uint64_t *count, grundy_status *st, grundy_error *err)
{
    int e;
    memset(sf, 0, sizeof *sf);
    if ((sf->f = fopen(name, "rb")) == NULL) {
        return -1;
    }
    save_ident_of(sf->f, &sf->id);
    sf->r = seqfile_reader_new(game);
    sf->buf = malloc(SAVE_CHUNK);
    if (sf->r == NULL || sf->buf == NULL) {
        errno = ENOMEM;
    } else if (save_pass(sf->f, sf->r, 0, sf->buf, count, st, err) == 0) {
        return 0;
    }
    e = errno;
    save_file_close(sf);
    errno = e;
    return -1;
}

/* 1 when the open file is still as pass 1 found it (size, time). */
static int
save_file_same(save_file *sf)
{
    save_ident now;
    save_ident_of(sf->f, &now);
    return now.known == sf->id.known && now.size == sf->id.size &&
           now.mtime_s == sf->id.mtime_s && now.mtime_ns == sf->id.mtime_ns;
}

/* Creates a temporary file of this run beside FILE, FILE.tmp-PID-N with
 * the first N not taken ("x": created, never opened if it exists), open
 * for writing; its malloc'd name in *tmp. NULL with errno (and *tmp, the
 * last name tried, for the message) when it cannot. */
static FILE *
save_tmp_open(const char *save, char **tmp)
{
    static unsigned long counter; /* names this process has used */
    size_t n = strlen(save) + 64;
    unsigned long pid;
    FILE *f = NULL;
#ifdef HAVE_POSIX
    pid = (unsigned long)getpid();
#else
    pid = (unsigned long)time(NULL);
#endif
    if ((*tmp = malloc(n)) == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    for (int tries = 0; tries < 100 && f == NULL; tries++) {
        snprintf(*tmp, n, "%s.tmp-%lu-%lu", save, pid, counter++);
        errno = 0;
        f = fopen(*tmp, "wbx");
        if (f == NULL && errno != EEXIST) {
            break;
        }
    }
    return f;
}

enum { SAVE_REPLACE, SAVE_KEEP, SAVE_REFUSE };

/* Whether a write of len values may be renamed over FILE: yes when FILE
 * is gone or is the file this run read or last wrote; when another run
 * has replaced it since, yes if the file it left holds fewer values of
 * the same game, no (SAVE_KEEP, not a failure) if at least as many:
 * they are the same values and more; and a file this run would refuse
 * is left as it is (SAVE_REFUSE, reported). A run that renames over
 * FILE between this check and the rename is not seen: FILE is still a
 * whole file of one run, never a mix. */
static int
save_target(cli *c, uint64_t len)
{
    save_file sf;
    save_ident now;
    uint64_t count = 0;
    grundy_error err;
    grundy_status st;

    if (save_ident_same(c->save, &c->save_id)) {
        return SAVE_REPLACE;
    }
    /* Checked a chunk at a time: beside the table, SAVE_CHUNK bytes,
     * not a copy of the file. */
    if (save_file_check(c->save, c->save_game, &sf, &count, &st,
                        &err) != 0) {
        if (errno == ENOENT) {
            return SAVE_REPLACE;
        }
        fprintf(stderr, "grundy: cannot save %s: another run replaced it "
                "and it cannot be read (%s); it is left as it is\n",
                c->save, strerror(errno));
        return SAVE_REFUSE;
    }
    now = sf.id;
    save_file_close(&sf);
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: cannot save %s: another run replaced it "
                "by a file this run does not write over (%s); it is left "
                "as it is\n", c->save, err.message);
        return SAVE_REFUSE;
    }
    if (count >= len) {
        c->save_id = now;
        return SAVE_KEEP;
    }
    return SAVE_REPLACE;
}

/* Writes the game's sequence to c->save atomically. EXIT_WIN or the exit
 * status of the failure (reported, and remembered in c->save_failed). */
static int
save_write(cli *c)
{
    grundy_error err;
    grundy_status st = GRUNDY_OK;
    uint64_t len = seqfile_length(c->save_game);
    char *tmp = NULL;
    const char *what = NULL; /* the step that failed */
    save_ident id;
    FILE *f;
    int ok, e = 0, target = SAVE_REPLACE, io_failed = 1;

    c->save_tried = len;
    c->saved_at = save_now();
    c->save_last_ok = 0;
    if (c->save_failed == 2) {
        return EXIT_IO; /* FILE is another's now: said once, not again */
    }
    /* FILE, as this run read or wrote it, holds these values already
     * (and perhaps more: a sequence certified on loading stops there):
     * never write fewer. */
    if (len <= c->saved_len && save_ident_same(c->save, &c->save_id)) {
        c->save_last_ok = 1;
        return EXIT_WIN;
    }
    /* No value computed (a heap refused before any, or answered by a
     * theorem): no file is made, and none is written over. */
    if (len == 0) {
        c->save_last_ok = 1;
        return EXIT_WIN;
    }
    /* Written a chunk at a time: no copy of the table in memory. */
    f = save_tmp_open(c->save, &tmp);
    if (f != NULL) {
        st = seqfile_write(c->save_game, f, &io_failed, &err);
    }
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: cannot save %s: %s\n", c->save, err.message);
        fclose(f);
        remove(tmp);
        free(tmp);
        c->save_failed = 1;
        return exit_for(st);
    }
    ok = f != NULL && !io_failed && fflush(f) == 0;
#ifdef HAVE_POSIX
    ok = ok && fsync(fileno(f)) == 0;
#endif
    e = errno;
    if (f != NULL) {
        save_ident_of(f, &id);
        if (fclose(f) != 0 && ok) {
            ok = 0;
            e = errno;
        }
    }
    if (ok) {
        target = save_target(c, len);
        if (target == SAVE_REPLACE && rename(tmp, c->save) != 0) {
            ok = 0;
            e = errno;
            what = "renaming it";
        }
    }
    if (!ok) {
        fprintf(stderr, "grundy: cannot save %s: %s%s%s: %s\n", c->save,
                tmp != NULL ? tmp : "a temporary file",
                what != NULL ? " " : "", what != NULL ? what : "",
                strerror(e));
    }
    if (f != NULL && (!ok || target != SAVE_REPLACE)) {
        remove(tmp);
    }
    free(tmp);
    if (!ok || target == SAVE_REFUSE) {
        c->save_failed = target == SAVE_REFUSE ? 2 : 1;
        return EXIT_IO;
    }
    if (target == SAVE_REPLACE) {
        c->save_id = id;
    }
    c->saved_len = len;
    c->save_last_ok = 1;
    return EXIT_WIN;
}

/* The progress hook while saving: checkpoints, and stops on a signal. */
static void
save_progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    cli *c = user;
    uint64_t len;
    if (c->save_tty) {
        progress(user, what, done, total);
    }
    len = seqfile_length(c->save_game);
    if (save_signal != 0 ||
        (len >= 2 * c->save_tried && len >= ((uint64_t)1 << 16)) ||
        save_now() - c->saved_at >= SAVE_SECONDS) {
        save_write(c);
    }
    if (save_signal != 0) {
        save_stop(c);
    }
}

/* Continues game's sequence from FILE when there is one: pass 1 checks
 * it whole, pass 2 loads it, both a chunk at a time (the peak is the
 * table's, not the file's beside it). EXIT_WIN, or the exit status of
 * the refusal (reported; FILE left as it is). */
static int
save_load(cli *c, grundy_game *game)
{
    save_file sf;
    uint64_t count = 0;
    grundy_error err;
    grundy_status st = GRUNDY_OK;
    int rd = save_file_check(c->save, game, &sf, &count, &st, &err);
    int changed = 0;

    if (rd != 0 && errno == ENOENT) {
        c->save_id.known = 0;
        return EXIT_WIN;
    }
    if (rd == 0 && st == GRUNDY_OK) {
        c->save_id = sf.id;
        st = seqfile_load_begin(sf.r, &err);
        /* Pass 2 reads the file pass 1 checked (the same open file: a
         * run that renames another over FILE meanwhile does not change
         * it); a file written to in place meanwhile is refused, never
         * loaded as a mix: its size or time differ, or its bytes
         * (seqfile_load_end). */
        changed = st == GRUNDY_OK && !save_file_same(&sf);
        if (st == GRUNDY_OK && !changed) {
            rd = save_pass(sf.f, sf.r, 1, sf.buf, &count, &st, &err);
            changed = rd == 0 && !save_file_same(&sf);
        }
    }
    if (rd != 0 || changed) {
        fprintf(stderr, "grundy: cannot read %s: %s; it is left as it is\n",
                c->save, changed ? "it changed while it was read (another "
                                   "program wrote to it): nothing of it is "
                                   "used"
                                 : strerror(errno));
        save_file_close(&sf);
        return EXIT_IO;
    }
    save_file_close(&sf);
    if (st != GRUNDY_OK) {
        word_advice(NULL, st, &err);
        /* A table past --memory is refused as a file too large to read
         * was before resuming streamed it, and a file that changed
         * between the passes as one that cannot be read: "cannot
         * read", exit 4. */
        fprintf(stderr, "grundy: %s%s: %s; it is left as it is\n",
                st == GRUNDY_ELIMIT || st == GRUNDY_EIO ? "cannot read "
                                                        : "",
                c->save, err.message);
        return st == GRUNDY_EPOSITION ? EXIT_INVALID
               : st == GRUNDY_ELIMIT  ? EXIT_IO
                                      : exit_for(st);
    }
    return EXIT_WIN;
}

int
save_start(cli *c, grundy_game *game)
{
    char *tmp = NULL;
    FILE *f;
    grundy_error err;
    int status;

    /* Nothing is recorded before FILE is accepted: a refused file is
     * never written (save_finish writes only once c->save_game is set). */
    if (!seqfile_supported(game, &err)) {
        fprintf(stderr, "grundy: --save %s: %s\n", c->save, err.message);
        return EXIT_INVALID;
    }
    if ((status = save_load(c, game)) != EXIT_WIN) {
        return status;
    }
    /* A directory where no file can be made fails now, not after the
     * run. */
    if ((f = save_tmp_open(c->save, &tmp)) == NULL) {
        fprintf(stderr, "grundy: cannot save %s: %s: %s\n", c->save,
                tmp != NULL ? tmp : "a temporary file", strerror(errno));
        free(tmp);
        return EXIT_IO;
    }
    fclose(f);
    remove(tmp);
    free(tmp);
    c->save_game = game;
    c->saved_len = c->save_tried = seqfile_length(game);
    c->saved_at = save_now();
    c->save_last_ok = 1;
    save_signal = 0;
    signal(SIGINT, save_on_signal);
    signal(SIGTERM, save_on_signal);
    grundy_ctx_set_progress(c->ctx, save_progress, c);
    return EXIT_WIN;
}

int
save_finish(cli *c, int status)
{
    save_write(c);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (save_signal != 0) {
        save_stop(c);
    }
    return status != EXIT_WIN ? status : c->save_failed ? EXIT_IO : EXIT_WIN;
}

int
save_interrupted(void)
{
    return save_signal != 0;
}

void
save_stop(cli *c)
{
    int sig = save_signal;
    fflush(stdout);
    progress_done(c);
    if (c->save_last_ok) {
        fprintf(stderr, "grundy: stopped by signal %d; %llu values saved in "
                "%s: run the same command again to go on\n", sig,
                (unsigned long long)c->saved_len, c->save);
    } else {
        fprintf(stderr, "grundy: stopped by signal %d; the last save to %s "
                "failed (see above)\n", sig, c->save);
    }
    signal(sig, SIG_DFL);
    raise(sig);
    exit(128 + sig);
}
