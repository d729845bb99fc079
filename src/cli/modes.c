/*
 * modes.c - the grundy command's sub-commands other than solving
 * positions: `sg` (values of single components), `period` (a heap game's
 * certified period) and `games` (the list of families). Each validates
 * its arguments before any output.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Prints "N G" (or a JSON record) for one component given as text. */
static int
print_value(cli *c, grundy_game *game, const char *tok, const uint64_t *v,
            size_t n)
{
    grundy_error err;
    uint64_t sg;
    grundy_status st = grundy_component_value(game, v, n, &sg, &err);
    progress_done(c);
    if (st != GRUNDY_OK) {
        word_advice(st, &err);
        fprintf(stderr, "grundy: sg %s %s: %s\n", grundy_game_spec(game), tok,
                err.message);
        return exit_for(st);
    }
    if (c->quiet) {
        return EXIT_WIN;
    }
    if (c->format & GRUNDY_FORMAT_JSON) {
        /* The numbers as parsed, not the token ("007" would not be valid
         * JSON): one number, or an array for a component of several
         * ("3,5" is [3,5]). */
        fputs(n == 1 ? "{\"n\":" : "{\"n\":[", stdout);
        for (size_t i = 0; i < n; i++) {
            printf(i > 0 ? ",%llu" : "%llu", (unsigned long long)v[i]);
        }
        printf(n == 1 ? ",\"sg\":%llu}\n" : "],\"sg\":%llu}\n",
               (unsigned long long)sg);
    } else {
        printf("%s %llu\n", tok, (unsigned long long)sg);
    }
    return output_failed(c) ? EXIT_IO : EXIT_WIN;
}

/* Splits "A..B" into its two numbers: 1 if it is a range, 0 if not,
 * -1 if malformed or A > B. */
static int
parse_range(const char *s, uint64_t *a, uint64_t *b)
{
    const char *dots = strstr(s, "..");
    char *end;
    if (dots == NULL) {
        return 0;
    }
    if (s[0] < '0' || s[0] > '9' || dots[2] < '0' || dots[2] > '9') {
        return -1;
    }
    errno = 0;
    *a = strtoull(s, &end, 10);
    if (errno != 0 || end != dots) {
        return -1;
    }
    *b = strtoull(dots + 2, &end, 10);
    if (errno != 0 || *end != '\0') {
        return -1;
    }
    return *a <= *b ? 1 : -1;
}

/* grundy sg GAME N|A..B...: every argument is checked before any output. */
int
run_sg(cli *c)
{
    grundy_game *game;
    grundy_error err;
    grundy_status st;
    uint64_t v[64], a, b;
    size_t n;
    int status = EXIT_WIN;

    if (c->nargs < 3) {
        usage_error("%s", "sg needs a GAME and at least one N or A..B");
        return EXIT_INVALID;
    }
    if ((st = grundy_game_parse(c->ctx, c->args[1], strlen(c->args[1]),
                                &game, &err)) != GRUNDY_OK) {
        word_advice(st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        return exit_for(st);
    }
    for (int i = 2; i < c->nargs && status == EXIT_WIN; i++) {
        int r = parse_range(c->args[i], &a, &b);
        if (r < 0) {
            fprintf(stderr, "grundy: sg: bad range '%s': write A..B with "
                    "decimal A <= B, both at most 18446744073709551615\n",
                    c->args[i]);
            status = EXIT_INVALID;
        } else if (r == 0 &&
                   grundy_component_parse(game, c->args[i],
                                          strlen(c->args[i]), v, 64, &n,
                                          &err) != GRUNDY_OK) {
            fprintf(stderr, "grundy: sg: %s\n", err.message);
            status = EXIT_INVALID;
        }
    }
    if (status == EXIT_WIN && c->save != NULL) {
        status = save_start(c, game);
    }
    for (int i = 2; i < c->nargs && status == EXIT_WIN; i++) {
        if (parse_range(c->args[i], &a, &b) == 0) {
            grundy_component_parse(game, c->args[i], strlen(c->args[i]), v,
                                   64, &n, &err);
            status = print_value(c, game, c->args[i], v, n);
            continue;
        }
        for (uint64_t x = a; status == EXIT_WIN; x++) {
            char tok[24];
            snprintf(tok, sizeof tok, "%llu", (unsigned long long)x);
            status = print_value(c, game, tok, &x, 1);
            if (x == b) {
                break;
            }
            if (c->save != NULL && save_interrupted()) {
                save_finish(c, status);
            }
        }
    }
    if (c->save != NULL && c->save_game != NULL) {
        status = save_finish(c, status);
    }
    grundy_game_free(game);
    return status;
}

/* grundy period GAME */
int
run_period(cli *c)
{
    grundy_game *game;
    grundy_error err;
    grundy_period p;
    grundy_status st;

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
    if ((st = grundy_game_parse(c->ctx, c->args[1], strlen(c->args[1]),
                                &game, &err)) != GRUNDY_OK) {
        word_advice(st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        return exit_for(st);
    }
    /* Without N, the limits say how far to look (progress is shown on a
     * terminal, and the answer says which limit ended the search). */
    grundy_ctx_set_period_search(c->ctx, values);
    st = grundy_game_period(game, &p, &err);
    progress_done(c);
    grundy_game_free(game);
    if (st != GRUNDY_OK) {
        word_advice(st, &err);
        fprintf(stderr, "grundy: period %s: %s\n", c->args[1], err.message);
        return exit_for(st);
    }
    if (c->quiet) {
        return p.found ? EXIT_WIN : EXIT_LOSE;
    }
    if (p.found && p.saltus != 0 && (c->format & GRUNDY_FORMAT_JSON)) {
        printf("{\"game\":\"%s\",\"period\":%llu,\"preperiod\":%llu,"
               "\"saltus\":%llu,\"proof\":\"%s\"}\n", c->args[1],
               (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.saltus, p.theorem);
    } else if (p.found && p.saltus != 0) {
        printf("%s: p=%llu n0=%llu s=%llu (G(n+p) = G(n)+s for n >= n0, "
               "by %s)\n", c->args[1], (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.saltus, p.theorem);
    } else if (p.found && (c->format & GRUNDY_FORMAT_JSON)) {
        printf("{\"game\":\"%s\",\"period\":%llu,\"preperiod\":%llu,"
               "\"certified\":%llu}\n", c->args[1],
               (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.certified);
    } else if (p.found) {
        printf("%s: p=%llu n0=%llu (certified by the first %llu values)\n",
               c->args[1], (unsigned long long)p.period,
               (unsigned long long)p.preperiod,
               (unsigned long long)p.certified);
    } else if (c->format & GRUNDY_FORMAT_JSON) {
        printf("{\"game\":\"%s\",\"period\":null,\"searched\":%llu,"
               "\"stopped_by\":%s}\n", c->args[1],
               (unsigned long long)p.searched,
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
