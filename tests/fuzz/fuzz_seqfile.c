/*
 * fuzz_seqfile.c - libFuzzer harness for the save-file reader: the input
 * is the whole content of a --save FILE (the seeds are real files saved
 * by grundy, so every byte of one gets mutated), written to a real file
 * that the real command reads: grundy_cli() runs
 *     grundy --memory=64M --work=1e8 sg GAME 0..60 --save FILE
 * in-process (src/cli/save.c reading, src/seqfile.c decoding, the run
 * going on from the values, the final write). GAME is the game the file
 * names when it is one of the games below, else kayles. An empty input
 * means no file at all. An input whose checksum is wrong runs a second
 * time with its checksum made right, so that a mutated count, spec or
 * value reaches the checks and the loading that come after it.
 *
 * What is checked, against this file's own reading of the format (see
 * src/seqfile.c): a file that is sound and of GAME is accepted (exit 0,
 * or 3 for a limit), the 61 values are printed, and the file left is a
 * sound file of GAME that starts with the values it held; any other file
 * is refused with exit 2, nothing printed, and left byte for byte as it
 * was; no temporary file is ever left beside it.
 */
#define _GNU_SOURCE /* memfd_create, mkdtemp */

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int grundy_cli(int argc, char **argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define TOP 60 /* grundy sg GAME 0..TOP */

static const char *const games[] = {
    "kayles", "dawson", "octal:0.6", "grundy", "sub:1,3,4", "stripes:2",
    "octal:4.07"
};

static char dir[64];     /* the directory of FILE, made once */
static char file[96];    /* FILE */

static void
clean_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    if (d == NULL) {
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            remove(path);
        }
    }
    closedir(d);
}

static void
remove_dir(void)
{
    clean_dir();
    rmdir(dir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    strcpy(dir, "/tmp/grundy-fuzz-seqfile-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        abort();
    }
    snprintf(file, sizeof file, "%s/f.seq", dir);
    atexit(remove_dir);
    return 0;
}

static uint64_t
get(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

/* The format read independently of src/seqfile.c: 1 when p[0..n) is a
 * sound version 1 file; *spec, *speclen, *values, *count its parts. */
static int
sound(const uint8_t *p, size_t n, const uint8_t **spec, size_t *speclen,
      const uint8_t **values, uint64_t *count)
{
    uint64_t h = 0xcbf29ce484222325u;
    if (n < 32 || memcmp(p, "GRUNDYSQ", 8) != 0 || get(p + 8, 4) != 1) {
        return 0;
    }
    *speclen = (size_t)get(p + 12, 4);
    if (*speclen > n - 32) {
        return 0;
    }
    *count = get(p + 16 + *speclen, 8);
    if (*count > (n - 32 - *speclen) / 2 ||
        n != 32 + *speclen + 2 * *count) {
        return 0;
    }
    for (size_t i = 0; i < n - 8; i++) {
        h = (h ^ p[i]) * 0x100000001b3u;
    }
    *spec = p + 16;
    *values = p + 16 + *speclen + 8;
    return get(p + n - 8, 8) == h;
}

static void
write_file(const char *name, const uint8_t *p, size_t n)
{
    FILE *f = fopen(name, "wb");
    if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        abort();
    }
}

/* The bytes of fd (from its start) or of a named file; *n its size. */
static uint8_t *
slurp_fd(int fd, size_t *n)
{
    off_t end = lseek(fd, 0, SEEK_END);
    uint8_t *buf;
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
    return buf;
}

static uint8_t *
slurp_file(const char *name, size_t *n)
{
    FILE *f = fopen(name, "rb");
    uint8_t *buf;
    if (f == NULL) {
        return NULL;
    }
    buf = slurp_fd(fileno(f), n);
    fclose(f);
    return buf;
}

/* Only FILE (or nothing) in its directory: no temporary file left. */
static void
check_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (d == NULL) {
        abort();
    }
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            strcmp(e->d_name, "f.seq") != 0) {
            fprintf(stderr, "fuzz_seqfile: %s left\n", e->d_name);
            abort();
        }
    }
    closedir(d);
}

/* Output of an accepted run: "n g" for n = 0..TOP. */
static void
check_values(const uint8_t *out, size_t n)
{
    size_t line = 0;
    for (size_t i = 0; i < n; line++) {
        unsigned long k = 0;
        size_t j = i;
        while (j < n && out[j] >= '0' && out[j] <= '9') {
            k = k * 10 + (unsigned long)(out[j++] - '0');
        }
        if (j == i || k != line || j >= n || out[j] != ' ') {
            abort();
        }
        for (i = ++j; j < n && out[j] >= '0' && out[j] <= '9'; j++) {
        }
        if (j == i || j >= n || out[j] != '\n') {
            abort();
        }
        i = j + 1;
    }
    if (line != TOP + 1) {
        abort();
    }
}

/* Runs the command on a FILE holding data[0..size) and checks it. */
static void
run_one(const uint8_t *data, size_t size)
{
    static char prog[] = "grundy", memory[] = "--memory=64M",
                work[] = "--work=1e8", sg[] = "sg", range[] = "0..60",
                save[] = "--save";
    const uint8_t *spec = NULL, *values = NULL, *nspec, *nvalues;
    size_t speclen = 0, nspeclen, outlen, after;
    uint64_t count = 0, ncount;
    const char *game = games[0];
    char gamebuf[16], *argv[9];
    uint8_t *out, *now;
    int ok, status, outfd, saved_out;

    clean_dir();
    ok = size > 0 && sound(data, size, &spec, &speclen, &values, &count);
    if (size >= 16) {
        size_t l = (size_t)get(data + 12, 4);
        for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
            if (l == strlen(games[i]) && l <= size - 16 &&
                memcmp(data + 16, games[i], l) == 0) {
                game = games[i];
            }
        }
    }
    ok = ok && speclen == strlen(game) && memcmp(spec, game, speclen) == 0;
    if (size > 0) {
        write_file(file, data, size);
    }
    strcpy(gamebuf, game);
    argv[0] = prog;
    argv[1] = memory;
    argv[2] = work;
    argv[3] = sg;
    argv[4] = gamebuf;
    argv[5] = range;
    argv[6] = save;
    argv[7] = file;
    argv[8] = NULL;
    fflush(stdout);
    if ((outfd = memfd_create("fuzz_seqfile_out", 0)) < 0 ||
        (saved_out = dup(1)) < 0 || dup2(outfd, 1) != 1) {
        abort();
    }
    clearerr(stdout);
    status = grundy_cli(8, argv);
    fflush(stdout);
    if (dup2(saved_out, 1) != 1) {
        abort();
    }
    close(saved_out);
    out = slurp_fd(outfd, &outlen);
    close(outfd);
    now = slurp_file(file, &after);
    check_dir();
    if (ok || size == 0) {
        /* Accepted: every value printed (3: a limit cut the run short),
         * and the file left is a sound file of GAME that goes on from
         * the values it held. */
        if (status == 0) {
            check_values(out, outlen);
        } else if (status != 3) {
            fprintf(stderr, "fuzz_seqfile: a sound file of %s: exit %d\n",
                    game, status);
            abort();
        }
        if (now == NULL ||
            !sound(now, after, &nspec, &nspeclen, &nvalues, &ncount) ||
            nspeclen != strlen(game) || memcmp(nspec, game, nspeclen) != 0 ||
            ncount < count ||
            (count > 0 && memcmp(nvalues, values, 2 * count) != 0)) {
            fprintf(stderr, "fuzz_seqfile: the file left is not a sound "
                    "file of %s holding the values it held\n", game);
            abort();
        }
    } else {
        /* Refused: exit 2, nothing printed, the file as it was. */
        if (status != 2 || outlen != 0 || now == NULL || after != size ||
            memcmp(now, data, size) != 0) {
            fprintf(stderr, "fuzz_seqfile: a refused file: exit %d, %zu "
                    "bytes printed, the file %s\n", status, outlen,
                    now == NULL ? "gone"
                    : after != size || memcmp(now, data, size) != 0
                        ? "changed" : "kept");
            abort();
        }
    }
    free(out);
    free(now);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint64_t h = 0xcbf29ce484222325u;
    uint8_t *fixed;
    if (size > 65536) {
        return 0;
    }
    run_one(data, size);
    if (size < 32) {
        return 0;
    }
    for (size_t i = 0; i < size - 8; i++) {
        h = (h ^ data[i]) * 0x100000001b3u;
    }
    if (get(data + size - 8, 8) != h) {
        if ((fixed = malloc(size)) == NULL) {
            abort();
        }
        memcpy(fixed, data, size - 8);
        for (unsigned i = 0; i < 8; i++) {
            fixed[size - 8 + i] = (uint8_t)(h >> (8 * i));
        }
        run_one(fixed, size);
        free(fixed);
    }
    return 0;
}
