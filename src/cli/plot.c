/*
 * plot.c - `grundy plot GAME N`: the Grundy values of heaps 0..N of a heap
 * game as a standalone SVG picture on stdout. Output only: the values,
 * the sparse-space split and the period come from libgrundy. Geometry is
 * integer arithmetic; a long range is thinned to pixel columns, so the
 * file stays small (docs/plot.md says what the picture shows).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define PLOT_MAX_HEAP 1000000000ull   /* each heap's value is computed */
#define PLOT_W 720u                   /* plot area: one column per pixel */
#define PLOT_H 360u
#define PLOT_LEFT 70u
#define PLOT_TOP 50u
#define SVG_W (PLOT_LEFT + PLOT_W + 30u)
#define SVG_H (PLOT_TOP + PLOT_H + 110u)
#define LOG_FROM 10000u      /* from N = this on, heaps on a log scale */
#define SEGMENTS_MAX 4000u   /* segments of a thinned picture */
#define COL_WORDS ((PLOT_W + 63u) / 64u)
#define VALUES_COUNTED 65536u /* values a frequency split counts */

enum { SPLIT_NONE, SPLIT_ENGINE, SPLIT_FREQUENCY };

typedef struct plot {
    grundy_game *game;
    const char *spec;      /* GAME as given */
    uint64_t n;            /* heaps 0..n */
    uint64_t vmax;         /* largest value, at least 1 */
    int log_x;             /* heaps on a log scale of n + 1 */
    uint64_t log_n;        /* log2(n + 1) * 2^16 when log_x */
    int split;             /* SPLIT_* */
    ctx_split sp;          /* SPLIT_ENGINE: the engine's classes */
    uint32_t *count;       /* SPLIT_FREQUENCY: heaps of each value */
    int period_state;      /* 0: no search, 1: found, 2: none found,
                              3: the search failed (err) */
    grundy_period period;
    grundy_error period_err; /* period_state 3: why */
    uint64_t *rows;        /* thinned: [row][class][COL_WORDS] bits */
} plot;

/* log2(v) * 2^16 for v >= 1: the integer part is the top bit's index; each
 * fraction bit comes from squaring the mantissa m in [1, 2), which doubles
 * log2(m) (kept in Q31 so that m * m fits in 64 bits). */
static uint64_t
log2_fixed(uint64_t v)
{
    unsigned e = 0;
    uint64_t m, r;
    while ((v >> e) > 1) {
        e++;
    }
    m = e >= 31 ? v >> (e - 31) : v << (31 - e);
    r = (uint64_t)e << 16;
    for (int bit = 15; bit >= 0; bit--) {
        m = (m * m) >> 31;
        if (m >= (UINT64_C(1) << 32)) {
            m >>= 1;
            r |= UINT64_C(1) << bit;
        }
    }
    return r;
}

/* The pixel column (0 .. PLOT_W - 1) of heap x. */
static unsigned
column_of(const plot *p, uint64_t x)
{
    if (p->n == 0) {
        return 0;
    }
    if (p->log_x) {
        return (unsigned)((PLOT_W - 1) * log2_fixed(x + 1) / p->log_n);
    }
    return (unsigned)((PLOT_W - 1) * x / p->n);
}

/* The pixel row (0 at the top) of value v: 0 .. PLOT_H. */
static unsigned
row_of(const plot *p, uint64_t v)
{
    uint64_t h = p->vmax <= UINT64_MAX / PLOT_H
                     ? v * PLOT_H / p->vmax
                     : v / (p->vmax / PLOT_H + 1);
    return PLOT_H - (unsigned)(h > PLOT_H ? PLOT_H : h);
}

/* G(x) into *v, or the library's message on stderr and the exit status. */
static int
value_of(plot *p, uint64_t x, uint64_t *v)
{
    grundy_error err;
    int exact;
    grundy_status st = solve_component_value_u64(p->game, x, &exact, v,
                                                  &err);
    if (exact) {
        fprintf(stderr, "grundy: plot %s: G(%llu) does not fit in 64 "
                "bits: 'grundy sg %s %llu' prints it\n", p->spec,
                (unsigned long long)x, p->spec, (unsigned long long)x);
        return EXIT_LIMIT;
    }
    if (st != GRUNDY_OK) {
        word_advice(NULL, st, &err);
        fprintf(stderr, "grundy: plot %s: %s\n", p->spec, err.message);
        return exit_for(st);
    }
    return EXIT_WIN;
}

/* 1 when heap x of value v is drawn as rare. */
static int
is_rare(const plot *p, uint64_t x, uint64_t v)
{
    if (p->split == SPLIT_ENGINE) {
        /* sgseq.h: the class of heap x is parity(G(x) & mask) ^
         * (heap_parity & x); one class is the rare one. */
        uint64_t w = v & p->sp.mask;
        unsigned cls = (unsigned)(x & 1u) & p->sp.heap_parity;
        while (w != 0) {
            cls ^= 1u;
            w &= w - 1;
        }
        return cls == p->sp.rare_class;
    }
    if (p->split == SPLIT_FREQUENCY) {
        /* Taken by fewer than 1% of the heaps. */
        return (uint64_t)p->count[v] * 100 < p->n + 1;
    }
    return 0;
}

/* First pass: the largest value and, for a frequency split, how many
 * heaps take each value. Heap N
 * first, so that a limit is named with what the whole range needs. */
static int
survey(plot *p)
{
    int status;
    uint64_t v;
    if ((status = value_of(p, p->n, &v)) != EXIT_WIN) {
        return status;
    }
    p->vmax = 1;
    p->count = calloc(VALUES_COUNTED, sizeof *p->count);
    if (p->count == NULL) {
        fputs("grundy: plot: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    for (uint64_t x = 0;; x++) {
        if ((status = value_of(p, x, &v)) != EXIT_WIN) {
            return status;
        }
        p->vmax = v > p->vmax ? v : p->vmax;
        if (v < VALUES_COUNTED) {
            p->count[v]++;
        }
        if (x == p->n) {
            break;
        }
    }
    return EXIT_WIN;
}

/* Which split draws rare values: the engine's sparse space where its
 * table uses one (read after the period search, which may have grown
 * the table), else the values fewer than 1% of the heaps take. */
static void
choose_split(plot *p)
{
    uint64_t rare_heaps = 0;
    int big = p->vmax >= VALUES_COUNTED;
    if (ctx_game_sparse_split(p->game, &p->sp)) {
        p->split = SPLIT_ENGINE;
        return;
    }
    p->split = big ? SPLIT_NONE : SPLIT_FREQUENCY;
    for (uint32_t w = 0; !big && w < VALUES_COUNTED; w++) {
        rare_heaps += is_rare(p, 0, w) ? p->count[w] : 0;
    }
    if (2 * rare_heaps > p->n + 1) {
        /* Most heaps take values that few others take (nim: each value
         * once): nothing is rare among them. */
        p->split = SPLIT_NONE;
    }
}

/* The certified period where the game has one to search: over the drawn
 * heaps, or the first 4096 when fewer (a short range still shows a
 * period found a little further on). A failed search is told in the
 * caption, never an error: the values drawn are exact all the same. */
static void
find_period(cli *c, plot *p)
{
    if (!ctx_game_has_period(p->game)) {
        return;
    }
    grundy_ctx_set_period_search(c->ctx, p->n + 1 > 4096 ? p->n + 1 : 4096);
    if (grundy_game_period(p->game, &p->period, &p->period_err) !=
        GRUNDY_OK) {
        p->period_state = 3;
    } else {
        p->period_state = p->period.found ? 1 : 2;
    }
    progress_done(c);
}

/* s with the XML specials escaped. */
static void
put_xml(const char *s)
{
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '&': fputs("&amp;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*s);
        }
    }
}

/* A heap count as a tick label: 1e4 style from 10^4 on powers of ten. */
static void
put_tick_x(const plot *p, uint64_t x, const char *label)
{
    unsigned cx = PLOT_LEFT + column_of(p, x);
    printf("<path class=\"grid\" d=\"M%u %uV%u\"/>\n", cx, PLOT_TOP,
           PLOT_TOP + PLOT_H);
    printf("<text x=\"%u\" y=\"%u\" text-anchor=\"middle\">%s</text>\n", cx,
           PLOT_TOP + PLOT_H + 18, label);
}

static void
put_axes(const plot *p)
{
    char label[24];
    printf("<path class=\"axis\" d=\"M%u %uV%uH%u\"/>\n", PLOT_LEFT,
           PLOT_TOP, PLOT_TOP + PLOT_H, PLOT_LEFT + PLOT_W);
    if (p->log_x) {
        put_tick_x(p, 0, "0");
        for (uint64_t t = 10, k = 1; t <= p->n; t *= 10, k++) {
            if (k < 4) {
                snprintf(label, sizeof label, "%llu", (unsigned long long)t);
            } else {
                snprintf(label, sizeof label, "1e%llu", (unsigned long long)k);
            }
            put_tick_x(p, t, label);
        }
    } else {
        for (uint64_t q = 0; q <= 4 && (q == 0 || p->n > 0); q++) {
            snprintf(label, sizeof label, "%llu",
                     (unsigned long long)(p->n / 4 * q + p->n % 4 * q / 4));
            put_tick_x(p, p->n / 4 * q + p->n % 4 * q / 4, label);
        }
    }
    for (uint64_t q = 0; q <= 2; q++) {
        uint64_t v = p->vmax / 2 * q + p->vmax % 2 * q / 2;
        unsigned cy = PLOT_TOP + row_of(p, v);
        printf("<path class=\"grid\" d=\"M%u %uH%u\"/>\n", PLOT_LEFT, cy,
               PLOT_LEFT + PLOT_W);
        printf("<text x=\"%u\" y=\"%u\" text-anchor=\"end\">%llu</text>\n",
               PLOT_LEFT - 6, cy + 4, (unsigned long long)v);
    }
    printf("<text x=\"%u\" y=\"%u\" text-anchor=\"middle\">heap n%s</text>\n",
           PLOT_LEFT + PLOT_W / 2, PLOT_TOP + PLOT_H + 38,
           p->log_x ? " (log scale of n + 1)" : "");
    printf("<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" transform=\""
           "rotate(-90 %u %u)\">G(n)</text>\n", PLOT_LEFT - 45,
           PLOT_TOP + PLOT_H / 2, PLOT_LEFT - 45, PLOT_TOP + PLOT_H / 2);
}

/* The pre-period n0 as a dashed line, the first period after it as a
 * band, where they fall in the range. */
static void
put_period(const plot *p)
{
    const grundy_period *q = &p->period;
    unsigned x0, x1;
    if (p->period_state != 1 || q->preperiod > p->n) {
        return;
    }
    x0 = PLOT_LEFT + column_of(p, q->preperiod);
    x1 = PLOT_LEFT + column_of(p, q->period <= p->n - q->preperiod
                                      ? q->preperiod + q->period : p->n);
    printf("<rect class=\"period\" x=\"%u\" y=\"%u\" width=\"%u\" "
           "height=\"%u\"/>\n", x0, PLOT_TOP, x1 > x0 ? x1 - x0 : 1, PLOT_H);
    printf("<path class=\"preperiod\" d=\"M%u %uV%u\"/>\n", x0, PLOT_TOP,
           PLOT_TOP + PLOT_H);
    printf("<text x=\"%u\" y=\"%u\">n0 = %llu, p = %llu</text>\n", x0 + 3,
           PLOT_TOP + 12, (unsigned long long)q->preperiod,
           (unsigned long long)q->period);
}

/* Second pass, N + 1 <= PLOT_W: one point per heap, its value in its
 * title. */
static int
put_points(plot *p)
{
    int status;
    for (uint64_t x = 0;; x++) {
        uint64_t v;
        if ((status = value_of(p, x, &v)) != EXIT_WIN) {
            return status;
        }
        printf("<circle class=\"%s\" cx=\"%u\" cy=\"%u\" r=\"2.5\">"
               "<title>G(%llu) = %llu</title></circle>\n",
               is_rare(p, x, v) ? "rare" : "common",
               PLOT_LEFT + column_of(p, x), PLOT_TOP + row_of(p, v),
               (unsigned long long)x, (unsigned long long)v);
        if (x == p->n) {
            return EXIT_WIN;
        }
    }
}

/* The runs of set columns of one row (bits of PLOT_W columns) as
 * horizontal segments, runs apart by at most gap empty columns joined;
 * counts them, and writes them when put. */
static unsigned
row_runs(unsigned row, const uint64_t *bits, unsigned gap, int put)
{
    unsigned runs = 0;
    for (unsigned col = 0; col < PLOT_W; col++) {
        unsigned end = col, next;
        if (!((bits[col / 64] >> (col % 64)) & 1u)) {
            continue;
        }
        for (next = end + 1; next < PLOT_W && next <= end + gap + 1; next++) {
            if ((bits[next / 64] >> (next % 64)) & 1u) {
                end = next;
            }
        }
        if (put) {
            printf("M%u %uH%u", PLOT_LEFT + col, PLOT_TOP + row,
                   PLOT_LEFT + end);
        }
        runs++;
        col = end;
    }
    return runs;
}

/* Second pass, longer ranges: each pixel row of a class (a value, when
 * the values fit the height) is drawn where the columns of its heaps
 * take it, as horizontal runs. Runs join across gaps of 0, 1, 3, 7, ...
 * empty columns until at most SEGMENTS_MAX remain, so that the file
 * stays small whatever the sequence. */
static int
put_columns(plot *p)
{
    int status;
    unsigned gap = 0, total;
    p->rows = calloc((size_t)(PLOT_H + 1) * 2 * COL_WORDS, sizeof *p->rows);
    if (p->rows == NULL) {
        fputs("grundy: plot: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    for (uint64_t x = 0;; x++) {
        uint64_t v;
        unsigned col;
        size_t at;
        if ((status = value_of(p, x, &v)) != EXIT_WIN) {
            return status;
        }
        col = column_of(p, x);
        at = ((size_t)row_of(p, v) * 2 + (size_t)is_rare(p, x, v)) *
             COL_WORDS;
        p->rows[at + col / 64] |= UINT64_C(1) << (col % 64);
        if (x == p->n) {
            break;
        }
    }
    for (;; gap = 2 * gap + 1) {
        total = 0;
        for (size_t i = 0; i < (size_t)(PLOT_H + 1) * 2; i++) {
            total += row_runs(0, p->rows + i * COL_WORDS, gap, 0);
        }
        if (total <= SEGMENTS_MAX) {
            break;
        }
    }
    for (unsigned cls = 0; cls < 2; cls++) {
        printf("<path class=\"%s\" d=\"", cls ? "rare" : "common");
        for (unsigned row = 0; row <= PLOT_H; row++) {
            row_runs(row, p->rows + ((size_t)row * 2 + cls) * COL_WORDS, gap,
                     1);
        }
        fputs("\"/>\n", stdout);
    }
    return EXIT_WIN;
}

/* The legend and what the picture rests on: the split and the period. */
static void
put_caption(const plot *p)
{
    unsigned y = PLOT_TOP + PLOT_H + 62;
    const grundy_period *q = &p->period;
    printf("<circle class=\"common\" cx=\"%u\" cy=\"%u\" r=\"4\"/>"
           "<text x=\"%u\" y=\"%u\">common</text>\n", PLOT_LEFT + 4, y - 4,
           PLOT_LEFT + 12, y);
    printf("<circle class=\"rare\" cx=\"%u\" cy=\"%u\" r=\"4\"/>"
           "<text x=\"%u\" y=\"%u\">rare: ", PLOT_LEFT + 84, y - 4,
           PLOT_LEFT + 92, y);
    if (p->split == SPLIT_ENGINE) {
        printf("heaps n with parity(G(n) &amp; %u)%s = %u (the sparse-space "
               "split of the computation)", p->sp.mask,
               p->sp.heap_parity ? " xor parity(n)" : "", p->sp.rare_class);
    } else if (p->split == SPLIT_FREQUENCY) {
        fputs("values taken by fewer than 1% of the heaps drawn", stdout);
    } else {
        fputs("none told apart (most heaps take values that fewer than "
              "1% of the heaps take, or values pass 65535)", stdout);
    }
    fputs("</text>\n", stdout);
    printf("<text x=\"%u\" y=\"%u\">", PLOT_LEFT, y + 22);
    if (p->period_state == 1 && q->saltus != 0) {
        printf("arithmetic period: G(n + %llu) = G(n) + %llu from n0 = %llu",
               (unsigned long long)q->period, (unsigned long long)q->saltus,
               (unsigned long long)q->preperiod);
    } else if (p->period_state == 1) {
        printf("period p = %llu from n0 = %llu", (unsigned long long)q->period,
               (unsigned long long)q->preperiod);
    }
    if (p->period_state == 1 && q->theorem != NULL) {
        fputs(", proven by ", stdout);
        put_xml(q->theorem);
    } else if (p->period_state == 1) {
        printf(", certified by the first %llu values",
               (unsigned long long)q->certified);
    } else if (p->period_state == 2) {
        printf("no period found in the first %llu values",
               (unsigned long long)q->searched);
    } else if (p->period_state == 3) {
        fputs("no period: ", stdout);
        put_xml(p->period_err.message);
    } else {
        fputs("no period search ('grundy period' does not take this game)",
              stdout);
    }
    fputs("</text>\n", stdout);
}

static void
put_head(const plot *p)
{
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
           "height=\"%u\" viewBox=\"0 0 %u %u\" font-family=\"sans-serif\" "
           "font-size=\"12\">\n", SVG_W, SVG_H, SVG_W, SVG_H);
    fputs("<style>.common{fill:#1f5fa8;stroke:#1f5fa8}"
          ".rare{fill:#d62728;stroke:#d62728}"
          "path.common,path.rare{fill:none;stroke-width:2.5;"
          "stroke-linecap:round}"
          ".axis{fill:none;stroke:#000}.grid{fill:none;stroke:#ddd}"
          ".period{fill:#fdf0c4}.preperiod{fill:none;stroke:#b8860b;"
          "stroke-dasharray:4 3}</style>\n", stdout);
    fputs("<title>Grundy values of ", stdout);
    put_xml(p->spec);
    printf(", heaps 0 to %llu</title>\n", (unsigned long long)p->n);
    printf("<rect width=\"%u\" height=\"%u\" fill=\"#fff\"/>\n", SVG_W,
           SVG_H);
    printf("<text x=\"%u\" y=\"26\" text-anchor=\"middle\" font-size=\"15\">",
           SVG_W / 2);
    put_xml(p->spec);
    printf(": G(n) for n = 0 to %llu</text>\n", (unsigned long long)p->n);
}

/* GAME and N checked, the game parsed into p->game; or the message and
 * the exit status. */
static int
plot_args(cli *c, plot *p)
{
    grundy_error err;
    grundy_status st;
    char *end;
    const char *a = c->nargs == 3 ? c->args[2] : "";
    if (c->nargs != 3) {
        usage_error("%s", "plot needs a GAME and the largest heap N, e.g. "
                    "'grundy plot kayles 1000 > kayles.svg'");
        return EXIT_INVALID;
    }
    if (c->format & GRUNDY_FORMAT_JSON) {
        usage_error("%s", "--json does not apply to 'plot': it writes an "
                    "SVG picture");
        return EXIT_INVALID;
    }
    p->n = strtoull(a, &end, 10);
    if (a[0] < '0' || a[0] > '9' || *end != '\0' || p->n > PLOT_MAX_HEAP) {
        fprintf(stderr, "grundy: plot: bad largest heap '%.40s': write a "
                "number from 0 to %llu (each heap's value is computed)\n",
                a, PLOT_MAX_HEAP);
        return EXIT_INVALID;
    }
    p->spec = c->args[1];
    st = grundy_game_parse(c->ctx, p->spec, strlen(p->spec), &p->game, &err);
    if (st != GRUNDY_OK) {
        word_advice(c, st, &err);
        fprintf(stderr, "grundy: %s\n", err.message);
        return exit_for(st);
    }
    if (!ctx_game_heap_game(p->game)) {
        /* As for period: no setting would give an answer. */
        fprintf(stderr, "grundy: plot: %s is not a heap game: plot draws "
                "the Grundy values of single heaps, of games such as "
                "kayles, octal:0.07 or sub:1,3,4\nTry 'grundy --help' for "
                "more information.\n", p->spec);
        return EXIT_INVALID;
    }
    return EXIT_WIN;
}

/* grundy plot GAME N: every value is computed before anything is
 * written, so an error leaves stdout empty. */
int
run_plot(cli *c)
{
    plot p;
    int status;
    memset(&p, 0, sizeof p);
    if ((status = plot_args(c, &p)) != EXIT_WIN ||
        (status = survey(&p)) != EXIT_WIN) {
        goto out;
    }
    find_period(c, &p);
    choose_split(&p);
    if (c->quiet) {
        goto out;
    }
    p.log_x = p.n >= LOG_FROM;
    p.log_n = p.log_x ? log2_fixed(p.n + 1) : 0;
    put_head(&p);
    put_period(&p);
    put_axes(&p);
    status = p.n + 1 <= PLOT_W ? put_points(&p) : put_columns(&p);
    if (status != EXIT_WIN) {
        goto out;
    }
    put_caption(&p);
    fputs("</svg>\n", stdout);
    status = output_failed(c) ? EXIT_IO : EXIT_WIN;
out:
    free(p.count);
    free(p.rows);
    grundy_game_free(p.game);
    return status;
}
