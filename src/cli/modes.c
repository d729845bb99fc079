/*
 * modes.c - the grundy command's sub-commands other than solving
 * positions: `sg` (values of single components), `period` (a heap game's
 * certified period), `nimmul` (a nim product) and `games` (the list of
 * families). Each validates its arguments before any output.
 */
#include "cli.h"
#include "nimmul.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The decimal number s[0..len) (no leading zeros) as a JSON number or,
 * with --big-strings and beyond 2^53 - 1, as a string of its digits. */
static void
put_json_decimal(const cli *c, const char *s, size_t len)
{
    static const char safe[] = "9007199254740991";   /* 2^53 - 1 */
    int quote = (c->format & GRUNDY_FORMAT_BIG_STRINGS) &&
                (len > sizeof safe - 1 ||
                 (len == sizeof safe - 1 && memcmp(s, safe, len) > 0));
    if (quote) {
        putchar('"');
    }
    fwrite(s, 1, len, stdout);
    if (quote) {
        putchar('"');
    }
}

/* A 64-bit count as put_json_decimal writes it, into buf (for printf). */
static const char *
json_u64(const cli *c, char buf[24], uint64_t v)
{
    int quote = (c->format & GRUNDY_FORMAT_BIG_STRINGS) &&
                v > (UINT64_C(1) << 53) - 1;
    snprintf(buf, 24, quote ? "\"%llu\"" : "%llu", (unsigned long long)v);
    return buf;
}

/* The numbers of a component token in JSON: each without leading zeros
 * ("007" would not be valid JSON), one number, or an array for a
 * component of several ("3,5" is [3,5]). The token was parsed: digits,
 * commas and blanks at its ends only. */
static void
put_json_numbers(const cli *c, const char *tok)
{
    const char *p = tok, *comma;
    int many = strchr(tok, ',') != NULL;
    if (many) {
        putchar('[');
    }
    for (;;) {
        const char *d = p;
        size_t n = (comma = strchr(p, ',')) != NULL ? (size_t)(comma - p)
                                                    : strlen(p), k = 0;
        while (d < p + n && (*d < '0' || *d > '9')) {
            d++;
        }
        while (d + k < p + n && d[k] >= '0' && d[k] <= '9') {
            k++;
        }
        while (k > 1 && *d == '0') {
            d++;
            k--;
        }
        put_json_decimal(c, d, k);
        if (comma == NULL) {
            break;
        }
        putchar(',');
        p = comma + 1;
    }
    if (many) {
        putchar(']');
    }
}

/* s as a JSON string (the family texts are ASCII; quotes and
 * backslashes escaped all the same). */
static void
put_json_text(const char *s)
{
    putchar('"');
    for (; *s != '\0'; s++) {
        if (*s == '"' || *s == '\\') {
            putchar('\\');
        }
        putchar(*s);
    }
    putchar('"');
}

/* Prints "N G" (or a JSON record) for component tok whose value came
 * with status st: sg its value in decimal, or err the reason. */
static int
put_value(cli *c, grundy_game *game, const char *tok, grundy_status st,
          grundy_error *err, const char *sg)
{
    progress_done(c);
    if (st != GRUNDY_OK) {
        word_advice(c, st, err);
        fprintf(stderr, "grundy: sg %s %s: %s\n", grundy_game_spec(game), tok,
                err->message);
        return exit_for(st);
    }
    if (c->quiet) {
        return EXIT_WIN;
    }
    if (c->format & GRUNDY_FORMAT_JSON) {
        fputs("{\"n\":", stdout);
        if (tok[strspn(tok, "0123456789, ")] == '\0') {
            put_json_numbers(c, tok);
        } else {
            /* a vertex name or a picture: the component as written */
            put_json_text(tok);
        }
        fputs(",\"sg\":", stdout);
        put_json_decimal(c, sg, strlen(sg));
        fputs("}\n", stdout);
    } else {
        /* Not printf: long ranges spend most of their time here. */
        fputs(tok, stdout);
        putchar(' ');
        fputs(sg, stdout);
        putchar('\n');
    }
    return output_failed(c) ? EXIT_IO : EXIT_WIN;
}

/* Prints "N G" (or a JSON record) for one component given as text, its
 * value exact whatever its size. */
static int
print_value(cli *c, grundy_game *game, const char *tok)
{
    grundy_error err;
    grundy_status st = solve_component_value(game, c->pos, tok, strlen(tok),
                                             c->res, &err);
    const char *sg = NULL;
    if (st == GRUNDY_OK && (sg = grundy_result_sg_decimal(c->res)) == NULL) {
        progress_done(c);
        fprintf(stderr, "grundy: sg %s %s: out of memory\n",
                grundy_game_spec(game), tok);
        return exit_for(GRUNDY_ENOMEM);
    }
    return put_value(c, game, tok, st, &err, sg);
}

/* x in decimal at the end of buf, NUL-terminated; returns its start. */
static char *
u64_text(char buf[21], uint64_t x)
{
    char *p = buf + 20;
    *p = '\0';
    do {
        *--p = (char)('0' + x % 10);
        x /= 10;
    } while (x != 0);
    return p;
}

/* A range A..B of decimal numbers of any size: its first number, without
 * leading zeros, in room for B's digits, and B - A. */
typedef struct range {
    char *cur;             /* the number to print next (malloc'd) */
    unsigned long long left; /* numbers after cur: B - A, at most
                              * 2^64 - 1 as for 64-bit ranges */
} range;

/* s[0..len) without its leading zeros (one digit stays). */
static const char *
skip_zeros(const char *s, size_t *len)
{
    while (*len > 1 && s[0] == '0') {
        s++;
        (*len)--;
    }
    return s;
}

static int
all_digits(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return 0;
        }
    }
    return len > 0;
}

/* B - A of digit strings without leading zeros, B >= A, into *diff; -1
 * when it passes 2^64 - 1. Schoolbook subtraction from the last digit;
 * only the last 20 digits of the difference may be non-zero. */
static int
range_diff(const char *a, size_t alen, const char *b, size_t blen,
           unsigned long long *diff)
{
    char d[21];
    int borrow = 0;
    size_t nd = 0;
    unsigned long long v = 0;
    for (size_t i = 0; i < blen; i++) {
        int x = b[blen - 1 - i] - '0' - borrow -
                (i < alen ? a[alen - 1 - i] - '0' : 0);
        borrow = x < 0;
        x += borrow ? 10 : 0;
        if (i >= 20 && x != 0) {
            return -1;
        }
        if (i < 20) {
            d[nd++] = (char)('0' + x);
        }
    }
    while (nd > 0) {
        unsigned digit = (unsigned)(d[--nd] - '0');
        if (v > (ULLONG_MAX - digit) / 10) {
            return -1;
        }
        v = v * 10 + digit;
    }
    *diff = v;
    return 0;
}

/* Splits "A..B" into r: 1 if it is a range, 0 if not, -1 if malformed,
 * A > B, or B - A beyond 2^64 - 1 (the length a 64-bit range may have). */
static int
parse_range(const char *s, range *r)
{
    const char *dots = strstr(s, ".."), *a, *b;
    size_t alen, blen;
    r->cur = NULL;
    if (dots == NULL) {
        return 0;
    }
    alen = (size_t)(dots - s);
    blen = strlen(dots + 2);
    if (!all_digits(s, alen) || !all_digits(dots + 2, blen)) {
        return -1;
    }
    a = skip_zeros(s, &alen);
    b = skip_zeros(dots + 2, &blen);
    if (alen > blen || (alen == blen && memcmp(a, b, alen) > 0) ||
        range_diff(a, alen, b, blen, &r->left) != 0) {
        return -1;
    }
    /* The numbers of the range never have more digits than B. */
    if ((r->cur = malloc(blen + 1)) == NULL) {
        return -2;
    }
    memcpy(r->cur, a, alen);
    r->cur[alen] = '\0';
    return 1;
}

/* cur + 1 in decimal; the caller knows it has no more digits than B. */
static void
range_next(range *r)
{
    size_t len = strlen(r->cur), i = len;
    while (i > 0 && r->cur[i - 1] == '9') {
        r->cur[--i] = '0';
    }
    if (i > 0) {
        r->cur[i - 1]++;
    } else {
        memmove(r->cur + 1, r->cur, len + 1);
        r->cur[0] = '1';
    }
}

/* 1 when the digits s[0..len) (no leading zero) pass 2^64 - 1. */
static int
beyond_64(const char *s, size_t len)
{
    return len > 20 ||
           (len == 20 && memcmp(s, "18446744073709551615", 20) > 0);
}

/* Checks one component text of sg with the game's rules. EXIT_WIN, or
 * the message and EXIT_INVALID (EXIT_LIMIT for a number past the limit
 * on digits). */
static int
check_component(cli *c, grundy_game *game, const char *s, size_t len)
{
    grundy_error err;
    grundy_status st = position_parse_one(game, c->pos, s, len, &err);
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: sg: %s\n", err.message);
        return st == GRUNDY_ELIMIT || st == GRUNDY_ENOMEM ? EXIT_LIMIT
                                                          : EXIT_INVALID;
    }
    return EXIT_WIN;
}

/* Checks argument arg of sg: a component, or a range. The ends of a
 * range that pass 64 bits are checked as components, so that a game
 * without big numbers says so before any output (every number between
 * is as long as one of them). */
static int
check_sg_arg(cli *c, grundy_game *game, const char *arg)
{
    range r;
    int kind = parse_range(arg, &r), status = EXIT_WIN;
    if (kind == -2) {
        fputs("grundy: sg: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    if (kind < 0) {
        fprintf(stderr, "grundy: sg: bad range '%s': write A..B with "
                "decimal A <= B, at most 18446744073709551615 apart\n",
                arg);
        return EXIT_INVALID;
    }
    if (kind == 0) {
        return check_component(c, game, arg, strlen(arg));
    }
    for (int end = 0; end < 2 && status == EXIT_WIN; end++) {
        const char *dots = strstr(arg, "..");
        const char *s = end == 0 ? arg : dots + 2;
        size_t len = end == 0 ? (size_t)(dots - arg) : strlen(dots + 2);
        const char *digits = skip_zeros(s, &len);
        if (beyond_64(digits, len)) {
            status = check_component(c, game, digits, len);
        }
    }
    free(r.cur);
    return status;
}

/* Prints the values of a..b, numbers that fit in 64 bits, by the 64-bit
 * path: no decimal text to parse for each (long ranges of sg spend their
 * time there otherwise). A number that path does not answer (its value
 * passes 64 bits, or the game refuses it) goes by print_value, so that
 * every line and message is the one the exact path gives. */
static int
print_range_64(cli *c, grundy_game *game, uint64_t a, uint64_t b)
{
    int status;
    for (uint64_t x = a;; x++) {
        char num[21], val[21];
        const char *tok = u64_text(num, x);
        grundy_error err;
        uint64_t sg = 0;
        int exact;
        grundy_status st = solve_component_value_u64(game, x, &exact, &sg,
                                                     &err);
        status = exact ? print_value(c, game, tok)
                       : put_value(c, game, tok, st, &err,
                                   u64_text(val, sg));
        if (status != EXIT_WIN || x == b) {
            break;
        }
        if (c->save != NULL && save_interrupted()) {
            save_finish(c, status);
        }
    }
    return status;
}

/* Prints the values of range arg (checked): by the 64-bit path as far as
 * its numbers fit in 64 bits, by their text beyond. */
static int
print_range(cli *c, grundy_game *game, const char *arg)
{
    range r;
    int status = EXIT_WIN;
    if (parse_range(arg, &r) != 1) {
        fputs("grundy: sg: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    if (!beyond_64(r.cur, strlen(r.cur))) {
        uint64_t a = strtoull(r.cur, NULL, 10), b = UINT64_MAX;
        if (r.left <= UINT64_MAX - a) {
            b = a + r.left;
        }
        status = print_range_64(c, game, a, b);
        if (status != EXIT_WIN || b - a == r.left) {
            free(r.cur);
            return status;
        }
        /* The range goes on past 2^64 - 1; r.cur has room for B's digits,
         * 20 or more. */
        r.left -= b - a + 1;
        strcpy(r.cur, "18446744073709551616");
        if (c->save != NULL && save_interrupted()) {
            save_finish(c, status);
        }
    }
    for (;;) {
        status = print_value(c, game, r.cur);
        if (status != EXIT_WIN || r.left == 0) {
            break;
        }
        r.left--;
        range_next(&r);
        if (c->save != NULL && save_interrupted()) {
            save_finish(c, status);
        }
    }
    free(r.cur);
    return status;
}

/* The GAME argument of a sub-command (c->args[1]) into *game; on a bad
 * spec the message is printed and the exit status returned. */
static int
parse_game_arg(cli *c, grundy_game **game)
{
    grundy_error err;
    grundy_status st = grundy_game_parse(c->ctx, c->args[1],
                                         strlen(c->args[1]), game, &err);
    if (st != GRUNDY_OK) {
        word_advice(NULL, st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        return exit_for(st);
    }
    return EXIT_WIN;
}

/* grundy sg GAME N|A..B...: every argument is checked before any output;
 * numbers of any size where the game takes them, values exact. */
int
run_sg(cli *c)
{
    grundy_game *game;
    int status = EXIT_WIN;

    if (c->nargs < 3) {
        usage_error("%s", "sg needs a GAME and at least one N or A..B");
        return EXIT_INVALID;
    }
    if ((status = parse_game_arg(c, &game)) != EXIT_WIN) {
        return status;
    }
    for (int i = 2; i < c->nargs && status == EXIT_WIN; i++) {
        status = check_sg_arg(c, game, c->args[i]);
    }
    if (status == EXIT_WIN && c->save != NULL) {
        status = save_start(c, game);
    }
    for (int i = 2; i < c->nargs && status == EXIT_WIN; i++) {
        status = strstr(c->args[i], "..") == NULL
                     ? print_value(c, game, c->args[i])
                     : print_range(c, game, c->args[i]);
    }
    if (c->save != NULL && c->save_game != NULL) {
        status = save_finish(c, status);
    }
    grundy_game_free(game);
    return status;
}

/* A period proven by a theorem's finite test: p, n0, the saltus (when
 * not 0), how many values the test used, and the theorem. */
static void
period_tested(const cli *c, const grundy_period *p)
{
    char b[4][24];
    if (c->format & GRUNDY_FORMAT_JSON) {
        printf("{\"game\":\"%s\",\"period\":%s,\"preperiod\":%s,"
               "\"saltus\":%s,\"certified\":%s,\"proof\":\"%s\"}\n",
               c->args[1], json_u64(c, b[0], p->period),
               json_u64(c, b[1], p->preperiod), json_u64(c, b[2], p->saltus),
               json_u64(c, b[3], p->certified), p->theorem);
    } else if (p->saltus != 0) {
        printf("%s: p=%llu n0=%llu s=%llu (G(n+p) = G(n)+s for n >= n0, "
               "certified by the first %llu values: %s)\n", c->args[1],
               (unsigned long long)p->period,
               (unsigned long long)p->preperiod,
               (unsigned long long)p->saltus,
               (unsigned long long)p->certified, p->theorem);
    } else {
        printf("%s: p=%llu n0=%llu (certified by the first %llu values: "
               "%s)\n", c->args[1], (unsigned long long)p->period,
               (unsigned long long)p->preperiod,
               (unsigned long long)p->certified, p->theorem);
    }
}

/* grundy period GAME */
int
run_period(cli *c)
{
    grundy_game *game;
    grundy_error err;
    grundy_period p;
    grundy_status st;
    int status;
    char b[3][24];

    unsigned long long values = GRUNDY_PERIOD_SEARCH_LIMITS;

    if (c->nargs != 2 && c->nargs != 3) {
        usage_error("%s", "period needs a GAME and at most a number of "
                    "values to search, e.g. 'grundy period kayles' or "
                    "'grundy period octal:0.376 1e7'");
        return EXIT_INVALID;
    }
    if (c->nargs == 3 && (parse_steps(c->args[2], &values) != 0 ||
                          values == 0)) {
        fprintf(stderr, "grundy: period: bad number of values '%s': write "
                "a count such as 10000000 or 1e7, at least 1\n",
                c->args[2]);
        return EXIT_INVALID;
    }
    if ((status = parse_game_arg(c, &game)) != EXIT_WIN) {
        return status;
    }
    if (!ctx_game_has_period(game)) {
        /* Asking for what does not exist is a usage error, not a limit:
         * no setting would give an answer. */
        grundy_game_free(game);
        fprintf(stderr, "grundy: period: %s has no sequence to search: "
                "'grundy period' takes a heap game whose Grundy sequence "
                "may be periodic, such as kayles or octal:0.07\nTry 'grundy --help' for more information.\n",
                c->args[1]);
        return EXIT_INVALID;
    }
    /* Without N, the limits say how far to look (progress is shown on a
     * terminal, and the answer says which limit ended the search). */
    grundy_ctx_set_period_search(c->ctx, values);
    st = grundy_game_period(game, &p, &err);
    progress_done(c);
    grundy_game_free(game);
    if (st != GRUNDY_OK) {
        word_advice(c, st, &err);
        fprintf(stderr, "grundy: period %s: %s\n", c->args[1], err.message);
        return exit_for(st);
    }
    if (c->quiet) {
        return p.found ? EXIT_WIN : EXIT_LOSE;
    }
    if (p.found && p.certified != 0 && p.theorem != NULL) {
        period_tested(c, &p);
    } else if (p.found && p.saltus != 0 && (c->format & GRUNDY_FORMAT_JSON)) {
        printf("{\"game\":\"%s\",\"period\":%s,\"preperiod\":%s,"
               "\"saltus\":%s,\"proof\":\"%s\"}\n", c->args[1],
               json_u64(c, b[0], p.period), json_u64(c, b[1], p.preperiod),
               json_u64(c, b[2], p.saltus), p.theorem);
    } else if (p.found && p.saltus != 0) {
        printf("%s: p=%llu n0=%llu s=%llu (G(n+p) = G(n)+s for n >= n0, "
               "by %s)\n", c->args[1], (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.saltus, p.theorem);
    } else if (p.found && (c->format & GRUNDY_FORMAT_JSON)) {
        printf("{\"game\":\"%s\",\"period\":%s,\"preperiod\":%s,"
               "\"certified\":%s}\n", c->args[1],
               json_u64(c, b[0], p.period), json_u64(c, b[1], p.preperiod),
               json_u64(c, b[2], p.certified));
    } else if (p.found) {
        printf("%s: p=%llu n0=%llu (certified by the first %llu values)\n",
               c->args[1], (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.certified);
    } else if (c->format & GRUNDY_FORMAT_JSON) {
        printf("{\"game\":\"%s\",\"period\":null,\"searched\":%s,"
               "\"stopped_by\":%s}\n", c->args[1],
               json_u64(c, b[0], p.searched),
               p.stopped_by == GRUNDY_LIMIT_MEMORY ? "\"memory\""
               : p.stopped_by == GRUNDY_LIMIT_WORK ? "\"work\"" : "null");
    } else {
        printf("%s: no period found up to n=%llu%s\n", c->args[1],
               (unsigned long long)p.searched,
               p.stopped_by == GRUNDY_LIMIT_MEMORY
                   ? " (the memory limit ends the search there: raise "
                     "--memory to look further)"
               : p.stopped_by == GRUNDY_LIMIT_WORK
                   ? " (the work limit ends the search there: raise --work "
                     "to look further)"
                   : "");
    }
    return output_failed(c) ? EXIT_IO : p.found ? EXIT_WIN : EXIT_LOSE;
}

int
run_games(cli *c)
{
    const grundy_family_info *f;
    if (c->quiet) {
        return EXIT_WIN;
    }
    if (c->format & GRUNDY_FORMAT_JSON) {
        for (size_t i = 0; (f = grundy_family_at(i)) != NULL; i++) {
            fputs("{\"game\":", stdout);
            put_json_text(f->usage);
            fputs(",\"component\":", stdout);
            put_json_text(f->component);
            fputs(",\"rule\":", stdout);
            put_json_text(f->summary);
            fputs("}\n", stdout);
        }
        return output_failed(c) ? EXIT_IO : EXIT_WIN;
    }
    printf("%-14s %-22s %s\n", "GAME", "COMPONENT", "RULE");
    for (size_t i = 0; (f = grundy_family_at(i)) != NULL; i++) {
        printf("%-14s %-22s %s\n", f->usage, f->component, f->summary);
    }
    puts("\nJoin different games with '+': nim 3 4 + bounded:3 7");
    return output_failed(c) ? EXIT_IO : EXIT_WIN;
}

/* Element x as the sum of heaps that gives it ("2+2+1"; "0" for the
 * empty position), in text or as a JSON array. */
static void
put_sum(const quotient_table *t, uint32_t x, int json)
{
    int first = 1;
    if (json) {
        putchar('[');
    } else if (x == 0) {
        putchar('0');
    }
    for (; x != 0; x = t->from[x]) {
        printf(json ? "%s%llu" : "%s%llu", first ? "" : json ? "," : "+",
               (unsigned long long)t->by[x]);
        first = 0;
    }
    if (json) {
        putchar(']');
    }
}

static void
quotient_json(const char *spec, const quotient_table *t)
{
    size_t np = 0;
    printf("{\"game\":\"%s\",\"heaps\":%llu,\"order\":%zu,", spec,
           (unsigned long long)t->heaps, t->order);
    for (size_t x = 0; x < t->order; x++) {
        np += t->p[x];
    }
    printf("\"p_portion_size\":%zu,", np);
    if (t->period != 0) {
        printf("\"period\":%llu,\"period_after\":%llu,\"certified_by\":%llu,",
               (unsigned long long)t->period, (unsigned long long)t->after,
               (unsigned long long)t->built);
    }
    printf("\"heap_elements\":[");
    for (uint64_t h = 0; h <= t->heaps; h++) {
        printf("%s%u", h ? "," : "", t->element[h]);
    }
    printf("],\"elements\":[");
    for (uint32_t x = 0; x < t->order; x++) {
        printf("%s{\"element\":%u,\"sum\":", x ? "," : "", x);
        put_sum(t, x, 1);
        printf(",\"p\":%s}", t->p[x] ? "true" : "false");
    }
    printf("],\"table\":[");
    for (size_t x = 0; x < t->order; x++) {
        printf("%s[", x ? "," : "");
        for (size_t y = 0; y < t->order; y++) {
            printf("%s%u", y ? "," : "", t->mul[x * t->order + y]);
        }
        putchar(']');
    }
    printf("]}\n");
}

static void
quotient_text(const char *spec, const quotient_table *t)
{
    size_t np = 0;
    for (size_t x = 0; x < t->order; x++) {
        np += t->p[x];
    }
    printf("%s: misere quotient of heaps up to %llu: order %zu, "
           "P-portion %zu\n", spec, (unsigned long long)t->heaps, t->order,
           np);
    printf("heaps:");
    for (uint64_t h = 0; h <= t->heaps; h++) {
        printf(" %llu:e%u", (unsigned long long)h, t->element[h]);
    }
    if (t->period != 0) {
        printf("\nperiod: every heap h > %llu has the element of heap "
               "h - %llu, certified by the heaps up to %llu: heaps of any "
               "size are answered", (unsigned long long)t->after,
               (unsigned long long)t->period, (unsigned long long)t->built);
    }
    printf("\nelements (each as a sum of heaps; P: a P-position):\n");
    for (uint32_t x = 0; x < t->order; x++) {
        printf("e%u = ", x);
        put_sum(t, x, 0);
        printf("%s\n", t->p[x] ? "  P" : "");
    }
    printf("products (row times column):\n");
    for (size_t x = 0; x < t->order; x++) {
        printf("e%zu:", x);
        for (size_t y = 0; y < t->order; y++) {
            printf(" e%u", t->mul[x * t->order + y]);
        }
        putchar('\n');
    }
}

int
run_quotient(cli *c)
{
    grundy_game *game;
    grundy_error err;
    grundy_status st;
    int status;
    quotient_table t;
    unsigned long long n;
    char *end;

    if (c->nargs != 3) {
        usage_error("%s", "quotient needs a GAME and the largest heap N, "
                    "e.g. 'grundy quotient kayles 100'");
        return EXIT_INVALID;
    }
    if ((c->flags & GRUNDY_ALL_MOVES) || c->file != NULL) {
        usage_error("%s", "quotient takes no --all or -f: it describes a "
                    "game's heaps, not positions");
        return EXIT_INVALID;
    }
    n = strtoull(c->args[2], &end, 10);
    if (c->args[2][0] < '0' || c->args[2][0] > '9' || *end != '\0' ||
        n > MISERE_QUOTIENT_MAX_HEAP) {
        fprintf(stderr, "grundy: quotient: bad largest heap '%s': write a "
                "number from 0 to %u\n", c->args[2],
                MISERE_QUOTIENT_MAX_HEAP);
        return EXIT_INVALID;
    }
    if ((status = parse_game_arg(c, &game)) != EXIT_WIN) {
        return status;
    }
    if (!ctx_game_heap_game(game)) {
        /* As for period: no setting would give an answer. */
        grundy_game_free(game);
        fprintf(stderr, "grundy: quotient: %s is not a heap game: misere "
                "quotients are built for heap games such as kayles or "
                "octal:0.07\nTry 'grundy --help' for more information.\n",
                c->args[1]);
        return EXIT_INVALID;
    }
    st = misere_q_table(game, (uint64_t)n, &t, &err);
    progress_done(c);
    grundy_game_free(game);
    if (st != GRUNDY_OK) {
        word_advice(c, st, &err);
        fprintf(stderr, "grundy: quotient %s: %s\n", c->args[1],
                err.message);
        return exit_for(st);
    }
    if (!c->quiet) {
        if (c->format & GRUNDY_FORMAT_JSON) {
            quotient_json(c->args[1], &t);
        } else {
            quotient_text(c->args[1], &t);
        }
    }
    misere_q_table_free(&t);
    return output_failed(c) ? EXIT_IO : EXIT_WIN;
}

/* `grundy nimmul A B`: the nim product of two 64-bit numbers (nimmul.c),
 * "A * B = P" or a JSON record. */
int
run_nimmul(cli *c)
{
    uint64_t v[2];
    if (c->nargs != 3) {
        usage_error("%s", "nimmul needs two numbers, e.g. 'grundy nimmul "
                    "8 8' (the nim product, 13)");
        return EXIT_INVALID;
    }
    if ((c->flags & (GRUNDY_ALL_MOVES | GRUNDY_MISERE)) || c->file != NULL) {
        usage_error("%s", "nimmul takes no --all, --misere or -f: it "
                    "multiplies two numbers");
        return EXIT_INVALID;
    }
    for (int i = 0; i < 2; i++) {
        const char *a = c->args[i + 1];
        size_t len = strlen(a);
        v[i] = 0;
        for (size_t k = 0; k <= len; k++) {
            unsigned d = (unsigned)(a[k] - '0');
            if (k == len ? len == 0 || len > 20 : d > 9 ||
                v[i] > (UINT64_MAX - d) / 10) {
                fprintf(stderr, "grundy: nimmul: bad number '%.40s%s': "
                        "write a decimal number from 0 to "
                        "18446744073709551615\n", a, len > 40 ? "..." : "");
                return EXIT_INVALID;
            }
            if (k < len) {
                v[i] = v[i] * 10 + d;
            }
        }
    }
    if (!c->quiet) {
        unsigned long long a = v[0], b = v[1], p = nimmul_mul(v[0], v[1]);
        if (c->format & GRUNDY_FORMAT_JSON) {
            printf("{\"a\":%llu,\"b\":%llu,\"product\":%llu}\n", a, b, p);
        } else {
            printf("%llu * %llu = %llu\n", a, b, p);
        }
    }
    return output_failed(c) ? EXIT_IO : EXIT_WIN;
}
