/*
 * cli.c - the grundy command's entry, grundy_cli(): options, help, the
 * choice of mode, and one position given on the command line. The whole
 * command line is validated before any work starts. The only code (with
 * output.c, modes.c and the line mode's files) that talks to the
 * terminal; all game logic is in libgrundy.
 */
#include "cli.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define HAVE_ISATTY 1
#endif

/* Writes text to stdout as lines of at most 72 columns, broken at
 * blanks (a word longer than a line stands alone), ending in a newline:
 * for the paragraphs of --help that hold lists from the registry, whose
 * length the code cannot know. */
static void
put_wrapped(const char *text)
{
    size_t col = 0;
    while (*text != '\0') {
        size_t n;
        while (*text == ' ') {
            text++;
        }
        n = strcspn(text, " ");
        if (n == 0) {
            break;
        }
        if (col > 0 && col + 1 + n > 72) {
            putchar('\n');
            col = 0;
        } else if (col > 0) {
            putchar(' ');
            col++;
        }
        fwrite(text, 1, n, stdout);
        col += n;
        text += n;
    }
    putchar('\n');
}

/* --help on numbers: which games take numbers of any size, listed from
 * the registry. */
static void
help_numbers(void)
{
    char closed[512], period[512], text[1536];
    registry_list(REGISTRY_BIG | REGISTRY_NO_SEQUENCE, REGISTRY_AND, closed,
                  sizeof closed);
    registry_list(REGISTRY_BIG | REGISTRY_SEQUENCE, REGISTRY_AND, period,
                  sizeof period);
    snprintf(text, sizeof text, "Numbers are decimal, 0 up to 2^64 - 1, "
             "and of any size (up to 10^6 digits; docs/guide.md gives each "
             "game's bounds) in %s, and in %s with a certified period or a "
             "closed form (docs/guide.md), in sg too; a range A..B of sg spans at "
             "most 2^64 - 1. bounded:M takes an M of any size; the moves "
             "of sub:S and stripes:K are at most 2^64 - 1.", closed,
             period);
    put_wrapped(text);
}

/* --help on misere play: the games of each rule, from the registry. */
static void
help_misere(void)
{
    char nimlike[512], alone[512], heaps[512], refused[512], text[3072];
    registry_list(REGISTRY_NIMLIKE, REGISTRY_AND, nimlike, sizeof nimlike);
    registry_list(REGISTRY_ALONE | REGISTRY_NOT_NIMLIKE,
                  REGISTRY_OR | REGISTRY_UNITS, alone, sizeof alone);
    registry_list(REGISTRY_HEAP_GAME, REGISTRY_AND, heaps, sizeof heaps);
    registry_list(REGISTRY_NO_MISERE, REGISTRY_AND, refused,
                  sizeof refused);
    snprintf(text, sizeof text, "Misere play (--misere): the misere Nim "
             "rule for %s; closed forms for one %s; sums of heaps of %s by "
             "their misere quotient, built and verified as needed (heaps "
             "up to 1000; heaps of any size, past 64 bits too, once the "
             "heaps' elements are proven periodic) ('grundy quotient GAME "
             "N' prints it: order, each heap's element, the period, the "
             "P-portion, the products); else an exhaustive search of "
             "200000 positions, which the quotient cuts short where it "
             "covers the heaps (a heap that is slow to join, as in dawson "
             "from 25, is built only when the search cannot answer). "
             "Misere play of %s is refused: their positions are not sums "
             "of their components (the message says why).", nimlike, alone,
             heaps, refused);
    put_wrapped(text);
}

static void
help(void)
{
    char list[512], text[1024];
    fputs(
"Usage: grundy [OPTIONS] GAME COMPONENT... [+ GAME COMPONENT...]\n"
"       grundy [OPTIONS] GAME        one position of GAME per input line\n"
"       grundy [OPTIONS]             one 'GAME COMPONENT...' per input line\n"
"       grundy sg GAME N|A..B...     Grundy values of single components\n"
"       grundy period GAME [N]       certified period of a heap game\n"
"       grundy quotient GAME N       misere quotient of heaps up to N\n"
"       grundy plot GAME N           G(0..N) of a heap game as an SVG picture\n"
"       grundy nimmul A B            the nim product of two 64-bit numbers\n"
"       grundy games                 the supported games and their syntax\n"
"\n"
"Solves impartial games exactly: says whether the player to move wins or\n"
"loses, the Sprague-Grundy value of the position and a winning move.\n"
"\n"
"Options:\n"
"  -j, --json      one JSON object per line (JSON Lines)\n"
"  --big-strings   numbers of 2^53 and more (sg, n, period fields) as\n"
"                  strings of digits in --json, for readers that would\n"
"                  round them (JavaScript, jq 1.6)\n"
"  -a, --all       every winning move, not just one\n"
"  -m, --misere    misere play: whoever makes the last move loses\n"
"  --every         Every-SG: each turn a move in every component that has\n"
"                  one; the largest suspense number decides\n"
"  --conjunctive   conjunctive play: each turn a move in every component;\n"
"                  who cannot loses; the smallest remoteness decides\n"
"  -q, --quiet     print nothing on stdout; only the exit status tells\n"
"  -f, --file FILE read positions from FILE ('-' is stdin)\n"
"  --memory SIZE   memory one game's tables, one position or one input\n"
"                  line may use (default 1G; suffixes K, M, G, T; at\n"
"                  most 128T); raise it when grundy says so\n"
"  --work STEPS    steps one Grundy-sequence computation may take\n"
"                  (default 2^42, minutes to an hour; 1e14 style\n"
"                  allowed; 0 for no limit); raise it when grundy says so\n"
"  --threads N     threads for streaming lines (closed-form games, and\n"
"                  lines naming their games); default: one per CPU.\n"
"                  Long Grundy-sequence tables use two, one with 1\n"
"  --progress      show progress on stderr in pipes too: a line every 5 s\n"
"                  with the rate over the last minute and the time left\n"
"                  at it (a terminal always shows it, on one line); the\n"
"                  limit messages then say how long a raised limit takes\n"
"                  at the whole computation's rate\n"
"  --save FILE     with sg: go on from the values saved in FILE (if it\n"
"                  exists) and save them there as the run goes, at its\n"
"                  end and on Ctrl-C; a damaged file is refused\n"
"  -h, --help      this help\n"
"  -V, --version   the version\n"
"Short options combine: -qa is -q -a, -qfFILE is -q -f FILE. Long\n"
"options take a unique prefix (--mis). Options may stand anywhere before\n"
"'--', which ends them (grundy -- nim 3). 'grundy help', 'grundy version'.\n"
"\n", stdout);
    fputs(
"Positions: whitespace separates components, commas join the numbers of\n"
"one component (wythoff 3,5; a whole staircase 3,0,2; every heap of one\n"
"moore:K game), '+' joins terms of different games\n"
"(nim 3 4 + bounded:3 7).\n", stdout);
    help_numbers();
    fputs(
"With no COMPONENT, positions are read from stdin (or -f FILE), one per\n"
"line; there a '#' starts a comment and a UTF-8 byte-order mark is skipped\n"
"(UTF-16 input is refused with the iconv command that converts it).\n",
          stdout);
    registry_list(REGISTRY_RINGS, REGISTRY_AND, list, sizeof list);
    snprintf(text, sizeof text, "In take-and-break games (%s) @n is a "
             "ring of n stones (kayles @12 5 7); a move on it leaves one "
             "row.", list);
    put_wrapped(text);
    fputs(
"A hackenbush component is a picture: edges a-b joined by commas, vertex\n"
"0 the ground (hackenbush 0-1,1-2,1-3); a move names the edge it cuts and\n"
"shows the picture left, what fell away gone.\n"
"Where values are out of reach, equal components still cancel in normal\n"
"play (G + G = 0: stripes:1..7 123456789 123456789 is lose sg=0), and a\n"
"row with a move leaving two equal rows is a win by it (sg=?).\n"
"Codes: octal:0.07, hex:0.8 (bit 8: leave three heaps), a repeating group\n"
"at the end: octal:4.(3); lists take ranges: sub:1..100, stripes:1..10.\n"
"Input lines that are blank or only a comment are skipped; every other\n"
"line gives exactly one output record, in input order.\n"
"\n"
"Output: text lines start with 'win' or 'lose' (or 'draw' in a loopy\n"
"graph:FILE game, docs/graph.md), then 'sg=' the Grundy value ('inf'\n"
"for an infinite one), then the winning move in words and the position\n"
"it leaves:\n"
"  win sg=2: take 2 from heap 1 (3 -> 1) -> 1 4 5\n"
"'sg=?' where the value is out of reach (huge fib piles, wythoff pairs\n"
"past its tables, moore:K with K >= 2 past a small search): the outcome\n"
"and the move are still exact; such a game is refused in a sum.\n"
"JSON fields: input, outcome, sg, move, explain, and with --all move_count,\n"
"moves and explains (arrays); error (instead of outcome) for an invalid\n"
"line, with kind (input, limit, unsupported) and limit (memory, work) to\n"
"raise. --all lists a move on each of equal components (nim 1 1 1: three).\n"
"\n"
"Exit status: one position: 0 the player to move wins, 1 loses, 5 a\n"
"draw (a loopy graph:FILE game: neither player can force a win).\n"
"Line mode: 0 every line answered. period: 0 found, 1 none found.\n"
"Always: 2 invalid spec, position, line or usage (also 'period nim');\n"
"3 no exact answer within the limits (the message names the limit to\n"
"raise); 4 reading input (a missing -f FILE) or writing output failed.\n"
"\n", stdout);
    /* Several strings: C99 compilers need not take literals over 4095. */
    fputs(
"'period' looks for a period up to N values, or as far as --memory and\n"
"--work allow; the answer says which limit ended a search that found none.\n"
"An arithmetic period G(n+p) = G(n)+s adds s=; codes with a repeating\n"
"group certify one when no move splits a heap; codes that split heaps\n"
"(finite ones in three, repeating groups in two or three) when s is a\n"
"power of two (hex:0.c, hex:0.f8, octal:4.(7), hex:8.(3); docs/theory.md\n"
"3b). A saltus no test proves (hex:0.3f: s=3) is named and refused.\n"
"\n", stdout);
    help_misere();
    fputs("\n"
"--every and --conjunctive (Winning Ways ch. 9) print suspense= or\n"
"remoteness= instead of sg= (JSON: suspense, remoteness) and a move in\n"
"every component; for nim, bounded, euclid by closed forms, for the\n"
"other games (take-and-break codes too: a heap's parts become components\n"
"of their own; graph tokens, hackenbush pictures) by a search within\n"
"--memory and --work. Rings, coin games, loopy tokens and hackenbush\n"
"with --conjunctive are refused; so are --misere and --all with them.\n"
"\n"
"Run 'grundy games' for the list of games.\n", stdout);
}

/* The largest --memory: the address space a process can have (x86-64
 * and arm64 Linux give user space 2^47 bytes, 128T); more could never be
 * used, and is most likely a typo. */
#if SIZE_MAX > 0xFFFFFFFFu
#define MEMORY_MAX ((size_t)1 << 47)
#define MEMORY_MAX_TEXT "128T"
#else
#define MEMORY_MAX ((size_t)1 << 31)
#define MEMORY_MAX_TEXT "2G"
#endif

/* Parses SIZE: a number with an optional K, M, G or T (powers of 1024). */
static int
parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v;
    int shift = 0;
    if (parse_leading(s, &end, &v) != 0) {
        return -1;
    }
    switch (*end) {
    case 'K': case 'k': shift = 10; end++; break;
    case 'M': case 'm': shift = 20; end++; break;
    case 'G': case 'g': shift = 30; end++; break;
    case 'T': case 't': shift = 40; end++; break;
    default: break;
    }
    if (*end != '\0' || v > (MEMORY_MAX >> shift)) {
        return -1;
    }
    *out = (size_t)v << shift;
    return 0;
}

/* The long options; those with a value take it as "--name=value" or
 * "--name value". */
static const struct long_option {
    const char *name;
    int takes_value;
} long_options[] = {
    {"--all", 0},      {"--big-strings", 0}, {"--conjunctive", 0},
    {"--every", 0},    {"--file", 1},        {"--help", 0},
    {"--json", 0},     {"--memory", 1},      {"--misere", 0},
    {"--progress", 0}, {"--quiet", 0},       {"--save", 1},
    {"--threads", 1},  {"--version", 0},     {"--work", 1},
};
#define NLONG (sizeof long_options / sizeof long_options[0])

/* The optimal-string-alignment distance between a[0..n) and b, for
 * "did you mean": adjacent swaps count one, as a slip of the fingers. */
static size_t
option_distance(const char *a, size_t n, const char *b)
{
    size_t m = strlen(b), d[24][24];
    if (n >= 24 || m >= 24) {
        return SIZE_MAX;
    }
    for (size_t i = 0; i <= n; i++) {
        for (size_t j = 0; j <= m; j++) {
            size_t v;
            if (i == 0 || j == 0) {
                d[i][j] = i + j;
                continue;
            }
            v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v) {
                v = d[i - 1][j] + 1;
            }
            if (d[i][j - 1] + 1 < v) {
                v = d[i][j - 1] + 1;
            }
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v) {
                v = d[i - 2][j - 2] + 1;
            }
            d[i][j] = v;
        }
    }
    return d[n][m];
}

/* The long option that a ("--name" or "--name=value") names: its exact
 * name, or a prefix of exactly one (--mem is --memory, as in GNU
 * getopt). NULL, with the usage error said, for an unknown option (with
 * the closest name within two slips) or an ambiguous prefix. */
static const struct long_option *
long_option(const char *a)
{
    size_t n = strcspn(a, "=");
    const struct long_option *hit = NULL, *near = NULL;
    size_t hits = 0, best = 3;
    char what[128];
    for (size_t i = 0; i < NLONG; i++) {
        const char *name = long_options[i].name;
        size_t d;
        if (strlen(name) == n && strncmp(a, name, n) == 0) {
            return &long_options[i];
        }
        if (n > 2 && strncmp(a, name, n) == 0) {
            hit = &long_options[i];
            hits++;
        }
        if ((d = option_distance(a, n, name)) < best) {
            best = d;
            near = &long_options[i];
        }
    }
    if (hits == 1) {
        return hit;
    }
    if (hits > 1) {
        size_t at = (size_t)snprintf(what, sizeof what, "%.*s' is ambiguous:",
                                     (int)(n < 40 ? n : 40), a);
        for (size_t i = 0; i < NLONG && at < sizeof what; i++) {
            if (strncmp(a, long_options[i].name, n) == 0) {
                at += (size_t)snprintf(what + at, sizeof what - at, " %s",
                                       long_options[i].name);
            }
        }
        usage_error("option '%s", what);
    } else if (near != NULL) {
        snprintf(what, sizeof what, "%.60s': did you mean '%s'?", a,
                 near->name);
        usage_error("unknown option '%s", what);
    } else {
        usage_error("unknown option '%s'", a);
    }
    return NULL;
}

/* -f FILE: one file per run; a second -f is an error rather than
 * reading only the last one. */
static int
set_file(cli *c, const char *file)
{
    if (c->file != NULL) {
        usage_error("%s", "-f is given twice: grundy reads one FILE; to "
                    "read several in order, 'cat A B | grundy -f -'");
        return EXIT_INVALID;
    }
    c->file = file;
    return -1;
}

/* A cluster of short options, argv[*i] ("-q", "-qa", "-qfFILE"): each
 * letter is an option; f takes the rest of the cluster, or else the next
 * argument, as its FILE. Returns -1 to go on, or an exit status. */
static int
short_options(cli *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    char what[64];
    for (size_t k = 1; a[k] != '\0'; k++) {
        switch (a[k]) {
        case 'h':
            help();
            return EXIT_WIN;
        case 'V':
            puts("grundy " GRUNDY_VERSION);
            return EXIT_WIN;
        case 'j':
            c->format |= GRUNDY_FORMAT_JSON;
            break;
        case 'a':
            c->flags |= GRUNDY_ALL_MOVES;
            c->format |= GRUNDY_FORMAT_ALL;
            break;
        case 'm':
            c->flags |= GRUNDY_MISERE;
            break;
        case 'q':
            c->quiet = 1;
            break;
        case 'f':
            if (a[k + 1] != '\0') {
                return set_file(c, a + k + 1);
            } else if (*i + 1 < argc) {
                return set_file(c, argv[++*i]);
            }
            usage_error("option '%s' needs a FILE", "-f");
            return EXIT_INVALID;
        default:
            if (k == 1) {
                usage_error("unknown option '%s'", a);
            } else {
                snprintf(what, sizeof what, "-%c' in '%.40s", a[k], a);
                usage_error("unknown option '%s'", what);
            }
            return EXIT_INVALID;
        }
    }
    return -1;
}

/* One long option, argv[*i], with its value. Returns -1 to go on, or
 * an exit status. */
static int
long_options_one(cli *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v = NULL, *eq = strchr(a, '=');
    const struct long_option *o = long_option(a);
    const char *name;

    if (o == NULL) {
        return EXIT_INVALID;
    }
    name = o->name;
    if (o->takes_value) {
        v = eq != NULL ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
    } else if (eq != NULL) {
        usage_error("option '%s' takes no value", name);
        return EXIT_INVALID;
    }
    if (strcmp(name, "--help") == 0) {
        help();
        return EXIT_WIN;
    } else if (strcmp(name, "--version") == 0) {
        puts("grundy " GRUNDY_VERSION);
        return EXIT_WIN;
    } else if (strcmp(name, "--json") == 0) {
        c->format |= GRUNDY_FORMAT_JSON;
    } else if (strcmp(name, "--big-strings") == 0) {
        c->format |= GRUNDY_FORMAT_BIG_STRINGS;
    } else if (strcmp(name, "--all") == 0) {
        c->flags |= GRUNDY_ALL_MOVES;
        c->format |= GRUNDY_FORMAT_ALL;
    } else if (strcmp(name, "--misere") == 0) {
        c->flags |= GRUNDY_MISERE;
    } else if (strcmp(name, "--every") == 0) {
        c->flags |= GRUNDY_EVERY;
    } else if (strcmp(name, "--conjunctive") == 0) {
        c->flags |= GRUNDY_CONJUNCTIVE;
    } else if (strcmp(name, "--quiet") == 0) {
        c->quiet = 1;
    } else if (strcmp(name, "--progress") == 0) {
        c->progress_lines = 1;
    } else if (strcmp(name, "--file") == 0) {
        if (v == NULL) {
            usage_error("option '%s' needs a FILE", a);
            return EXIT_INVALID;
        }
        return set_file(c, v);
    } else if (strcmp(name, "--threads") == 0) {
        char *end;
        long n = v != NULL ? strtol(v, &end, 10) : 0;
        if (v == NULL || *v < '0' || *v > '9' || *end != '\0' || n < 1 ||
            n > MAX_THREADS) {
            usage_error("--threads needs a number from 1 to 64, got "
                        "'%s'", v != NULL ? v : "");
            return EXIT_INVALID;
        }
        c->threads = (int)n;
    } else if (strcmp(name, "--save") == 0) {
        if (v == NULL || v[0] == '\0') {
            usage_error("option '%s' needs a FILE", a);
            return EXIT_INVALID;
        }
        if (c->save != NULL) {
            /* one file per run, as -f: not the last one silently */
            usage_error("%s", "--save is given twice: a run saves its "
                        "values in one FILE");
            return EXIT_INVALID;
        }
        c->save = v;
    } else if (strcmp(name, "--work") == 0) {
        if (v == NULL || parse_steps(v, &c->work) != 0) {
            usage_error("--work needs a number of STEPS such as "
                        "100000000000000 or 1e14 (0: no limit), got "
                        "'%s'", v != NULL ? v : "");
            return EXIT_INVALID;
        }
        c->work_set = 1;
    } else if (v == NULL) {
        usage_error("option '%s' needs a SIZE such as 512M or 4G", a);
        return EXIT_INVALID;
    } else if (parse_size(v, &c->memory) != 0 || c->memory == 0) {
        usage_error("--memory needs a SIZE such as 512M or 4G (a "
                    "number of bytes, at least 1 and at most "
                    MEMORY_MAX_TEXT " (the address space), with an "
                    "optional K, M, G or T suffix), got '%s'", v);
        return EXIT_INVALID;
    }
    return -1;
}

/* Options may stand anywhere before "--"; "-5" is a (bad) number, not an
 * option, so that it is reported as a negative number. Returns -1 to go
 * on, or an exit status. */
static int
parse_options(cli *c, int argc, char **argv)
{
    int dashdash = 0;
    c->args = calloc((size_t)argc + 1, sizeof *c->args);
    if (c->args == NULL) {
        fputs("grundy: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (dashdash || a[0] != '-' || a[1] == '\0' ||
            (a[1] >= '0' && a[1] <= '9')) {
            c->args[c->nargs++] = argv[i];
        } else if (strcmp(a, "--") == 0) {
            dashdash = 1;
        } else if (a[1] != '-') {
            int status = short_options(c, argc, argv, &i);
            if (status >= 0) {
                return status;
            }
        } else {
            int status = long_options_one(c, argc, argv, &i);
            if (status >= 0) {
                return status;
            }
        }
    }
    return -1;
}

/* The arguments joined by spaces (the position as one line), or NULL
 * when out of memory; *len without the last space. */
static char *
joined_args(const cli *c, size_t *len)
{
    size_t n = 0, at = 0;
    char *text;
    for (int i = 0; i < c->nargs; i++) {
        n += strlen(c->args[i]) + 1;
    }
    if ((text = malloc(n)) == NULL) {
        return NULL;
    }
    for (int i = 0; i < c->nargs; i++) {
        size_t k = strlen(c->args[i]);
        memcpy(text + at, c->args[i], k);
        at += k;
        text[at++] = ' ';
    }
    *len = n - 1;
    return text;
}

/* With --json, the error record of the position on the command line:
 * scripts read stdout, and it says what went wrong there too. */
static void
json_error(const cli *c, const grundy_error *err, error_tag tag)
{
    size_t len;
    char *text;
    const char *at;
    if (!(c->format & GRUNDY_FORMAT_JSON) || c->quiet ||
        (text = joined_args(c, &len)) == NULL) {
        return;
    }
    /* Trimmed, as line mode's "input" is ("grundy '' 3" gives "3"). */
    at = text;
    while (len > 0 && (*at == ' ' || *at == '\t')) {
        at++;
        len--;
    }
    while (len > 0 && (at[len - 1] == ' ' || at[len - 1] == '\t')) {
        len--;
    }
    format_error_tagged(stdout, c->format, at, len, err->message, tag.kind,
                        tag.limit);
    free(text);
}

/* The position given on the command line: args joined by spaces. */
static int
run_args(cli *c)
{
    grundy_error err;
    grundy_status st;
    size_t len;
    char *text = joined_args(c, &len);

    const char *at;

    if (text == NULL) {
        fputs("grundy: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    /* Trimmed as a line is: 'grundy " nim 3 "' quotes "nim 3". */
    for (at = text; len > 0 && (*at == ' ' || *at == '\t'); at++) {
        len--;
    }
    while (len > 0 && (at[len - 1] == ' ' || at[len - 1] == '\t')) {
        len--;
    }
    c->rate_seconds = 0;   /* a rate is measured by this solve or none */
    st = grundy_position_parse(c->ctx, c->pos, NULL, at, len, &err);
    if (st == GRUNDY_OK) {
        st = solve_and_print(c, at, len, &err);
    }
    free(text);
    if (output_failed(c) || st == GRUNDY_EIO) {
        return EXIT_IO;
    }
    if (st != GRUNDY_OK) {
        error_tag tag = error_tag_of(st, &err);
        word_advice(c, st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        json_error(c, &err, tag);
        return exit_for(st);
    }
    if (grundy_result_draw(c->res)) {
        return EXIT_DRAW;
    }
    return grundy_result_win(c->res) ? EXIT_WIN : EXIT_LOSE;
}

/* Options that mean nothing to the sub-command `mode` (sg, period,
 * games) are errors, not silently ignored. */
static int
mode_options(const cli *c, const char *mode)
{
    static char what[160];
    const char *opt = (c->flags & GRUNDY_MISERE) ? "--misere"
                      : (c->flags & GRUNDY_EVERY) ? "--every"
                      : (c->flags & GRUNDY_CONJUNCTIVE) ? "--conjunctive"
                      : (c->flags & GRUNDY_ALL_MOVES) ? "--all"
                      : c->file != NULL ? "-f" : NULL;
    const char *why = (c->flags & GRUNDY_MISERE)
                          ? "its values are normal-play Grundy values; "
                            "for misere play ask about positions: "
                            "grundy --misere GAME COMPONENT..."
                      : (c->flags & (GRUNDY_EVERY | GRUNDY_CONJUNCTIVE))
                          ? "its values are Grundy values of sums; ask "
                            "about positions: grundy --every GAME "
                            "COMPONENT..."
                      : (c->flags & GRUNDY_ALL_MOVES)
                          ? "it lists the winning moves of positions"
                          : "it reads positions, one per line";
    if (opt == NULL) {
        return -1;
    }
    snprintf(what, sizeof what, "%s does not apply to '%s': %s", opt, mode,
             why);
    usage_error("%s", what);
    return EXIT_INVALID;
}

/* --every and --conjunctive play other games than the sum: each alone,
 * without --misere (no theory of misere compounds here) and without
 * --all (a winning move is a choice in every component: too many). */
static int
compound_options(const cli *c, const char *first)
{
    const char *opt = (c->flags & GRUNDY_EVERY) ? "--every" : "--conjunctive";
    char what[96];
    if (!(c->flags & (GRUNDY_EVERY | GRUNDY_CONJUNCTIVE))) {
        return -1;
    }
    if (first != NULL && (strcmp(first, "quotient") == 0 ||
                          strcmp(first, "nimmul") == 0)) {
        snprintf(what, sizeof what, "%s does not apply to '%s'", opt, first);
        usage_error("%s: it is played on positions: grundy --every GAME "
                    "COMPONENT...", what);
    } else if ((c->flags & GRUNDY_EVERY) &&
               (c->flags & GRUNDY_CONJUNCTIVE)) {
        usage_error("%s", "--every and --conjunctive are two different "
                          "games: give one of them");
    } else if (c->flags & GRUNDY_MISERE) {
        usage_error("%s and --misere do not go together: grundy has no "
                    "misere theory of compounds", opt);
    } else if (c->flags & GRUNDY_ALL_MOVES) {
        usage_error("%s and --all do not go together: a winning move "
                    "moves in every component, and the combinations are "
                    "too many to list; one is shown", opt);
    } else {
        return -1;
    }
    return EXIT_INVALID;
}

#ifdef HAVE_ISATTY
/* What a component of game is, in words ("heap size n"). */
static const char *
component_of(const grundy_game *game)
{
    const char *spec = grundy_game_spec(game);
    const grundy_family_info *f;
    size_t n = strcspn(spec, ":");
    for (size_t i = 0; (f = grundy_family_at(i)) != NULL; i++) {
        if (strcspn(f->usage, ":") == n && strncmp(f->usage, spec, n) == 0) {
            return f->component;
        }
    }
    return "numbers joined by commas";
}
#endif

/* Says on a terminal what the silent wait is for. */
static void
prompt(const cli *c, const grundy_game *fixed)
{
#ifdef HAVE_ISATTY
    if (c->file != NULL || !isatty(0)) {
        return;
    }
    if (fixed == NULL) {
        fputs("grundy: reading positions from the terminal, one "
              "'GAME COMPONENT...' per line (Ctrl-D ends; 'grundy "
              "--help' for more)\n", stderr);
    } else {
        fprintf(stderr, "grundy: reading positions of %s from the "
                "terminal, one per line, components only (%s; Ctrl-D "
                "ends; 'grundy --help' for more)\n",
                grundy_game_spec(fixed), component_of(fixed));
    }
#else
    (void)c;
    (void)fixed;
#endif
}

/* Validates the mode and its arguments, then runs it. */
static int
run(cli *c)
{
    const char *first = c->nargs > 0 ? c->args[0] : NULL;
    grundy_game *game;
    grundy_error err;
    grundy_status st;
    int status;

    if ((c->format & GRUNDY_FORMAT_BIG_STRINGS) &&
        !(c->format & GRUNDY_FORMAT_JSON)) {
        usage_error("%s", "--big-strings goes with --json: text output "
                          "writes every number in full");
        return EXIT_INVALID;
    }
    if ((status = compound_options(c, first)) >= 0) {
        return status;
    }
    if (c->save != NULL && (first == NULL || strcmp(first, "sg") != 0)) {
        usage_error("%s", "--save FILE goes with 'sg': grundy sg GAME A..B "
                          "--save FILE");
        return EXIT_INVALID;
    }
    if (first != NULL && (strcmp(first, "games") == 0 ||
                          strcmp(first, "sg") == 0 ||
                          strcmp(first, "period") == 0 ||
                          strcmp(first, "plot") == 0) &&
        (status = mode_options(c, first)) >= 0) {
        return status;
    }
    if (first != NULL && c->nargs == 1 && strcmp(first, "help") == 0) {
        help();
        return EXIT_WIN;
    }
    if (first != NULL && c->nargs == 1 && strcmp(first, "version") == 0) {
        puts("grundy " GRUNDY_VERSION);
        return EXIT_WIN;
    }
    if (first != NULL && strcmp(first, "games") == 0) {
        if (c->nargs > 1) {
            usage_error("%s", "games takes no arguments");
            return EXIT_INVALID;
        }
        return run_games(c);
    }
    if (first != NULL && strcmp(first, "sg") == 0) {
        return run_sg(c);
    }
    if (first != NULL && strcmp(first, "period") == 0) {
        return run_period(c);
    }
    if (first != NULL && strcmp(first, "quotient") == 0) {
        return run_quotient(c);
    }
    if (first != NULL && strcmp(first, "plot") == 0) {
        return run_plot(c);
    }
    if (first != NULL && strcmp(first, "nimmul") == 0) {
        return run_nimmul(c);
    }
    if (first != NULL && strcmp(first, "-") == 0) {
        usage_error("%s", "'-' is not a game: positions come from standard "
                    "input when none is given on the command line ('grundy "
                    "< FILE', or 'grundy nim < FILE'); '-f -' names "
                    "standard input");
        return EXIT_INVALID;
    }
    if (c->nargs == 0) {
        prompt(c, NULL);
        return run_lines(c, NULL);
    }
    if (c->file == NULL && strpbrk(first, " \t") != NULL) {
        /* 'grundy "nim 3 4 5"': the quotes made one argument of a whole
         * position; it is read as the line it is. */
        return run_args(c);
    }
    if ((c->nargs > 1 || strpbrk(first, " \t") != NULL) && c->file != NULL) {
        usage_error("%s", "-f reads positions from a file: give only the "
                    "GAME on the command line, not components");
        return EXIT_INVALID;
    }
    if ((st = grundy_game_parse(c->ctx, first, strlen(first), &game,
                                &err)) != GRUNDY_OK) {
        error_tag tag = error_tag_of(st, &err);
        word_advice(NULL, st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        if (c->nargs > 1) {
            json_error(c, &err, tag);
        }
        return exit_for(st);
    }
    if (c->nargs > 1) {
        grundy_game_free(game);
        return run_args(c);
    }
    prompt(c, game);
    status = run_lines(c, game);
    grundy_game_free(game);
    return status;
}

int
grundy_cli(int argc, char **argv)
{
    cli c = {0};
    int status = parse_options(&c, argc, argv);

    if (status < 0) {
        c.ctx = grundy_ctx_new();
        c.pos = grundy_position_new();
        c.res = grundy_result_new();
        if (c.ctx == NULL || c.pos == NULL || c.res == NULL) {
            fputs("grundy: out of memory\n", stderr);
            status = EXIT_LIMIT;
        } else {
            if (c.memory != 0) {
                grundy_ctx_set_memory_limit(c.ctx, c.memory);
            }
            if (c.work_set) {
                grundy_ctx_set_work_limit(c.ctx, c.work);
            }
            if (c.threads == 1) {
                /* One thread means one, in the sequence engine too. */
                grundy_ctx_set_threads(c.ctx, 1);
            }
#ifdef HAVE_ISATTY
            c.progress_tty = isatty(2);
#endif
            if (c.progress_tty || c.progress_lines) {
                grundy_ctx_set_progress(c.ctx, progress, &c);
                c.save_tty = 1;
            }
            status = run(&c);
        }
        grundy_result_free(c.res);
        grundy_position_free(c.pos);
        grundy_ctx_free(c.ctx);
    }
    free(c.args);
    /* Output is buffered: a failed final flush (a full disk) is an error,
     * reported unless a failed write was reported already. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        output_failed(&c);
        return EXIT_IO;
    }
    return status;
}
