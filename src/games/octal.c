/*
 * octal.c - the take-and-break families' tables: octal and hexadecimal
 * codes (octal:0.07, hex:8.(3)), stripes (digit 7 at each k), the
 * subtraction games sub:S (digit 3 at each s), and the aliases kayles
 * (0.77), dawson (0.07) and lasker (4.(3), by its closed form). Each spec
 * becomes rules (octal_rules.c); the operations are shared by all (octal.h
 * lists the layer's files). Computes nothing itself.
 */
#include "octal.h"

#include <stdio.h>
#include <string.h>

/* The rules as data, in text (family.h, canon): every spelling of one
 * code gives the same runs and group, so they share their tables. */
static size_t
octal_canon(const grundy_game *game, char *buf, size_t cap)
{
    const octal *o = game->state;
    size_t at = 0;
    int w;
    char none[1];
    if (buf == NULL) {
        buf = none;   /* measuring (cap 0): no offset on a null pointer */
        cap = 0;
    }
#define OCTAL_PUT(...)                                                    \
    (w = snprintf(buf + (at < cap ? at : cap), at < cap ? cap - at : 0,   \
                  __VA_ARGS__),                                           \
     at += w > 0 ? (size_t)w : 0)
    OCTAL_PUT("%d%d%d%d;", o->sub, o->lasker, o->identity, o->thirds);
    for (size_t i = 0; i < o->nrun; i++) {
        OCTAL_PUT("%llu-%llu:%u,", (unsigned long long)o->run[i].lo,
                  (unsigned long long)o->run[i].hi, o->run[i].bits);
    }
    OCTAL_PUT(";%llu:", (unsigned long long)o->rep_from);
    for (size_t i = 0; i < o->nrep; i++) {
        OCTAL_PUT("%u,", o->rep[i]);
    }
#undef OCTAL_PUT
    return at;
}

static grundy_status
octal_create(grundy_game *game, const char *param, size_t len,
             grundy_error *err)
{
    /* FAMILY_PARAM_REQUIRED: param is there. */
    return octal_from_code(game, param, len, 8, err);
}

static grundy_status
hex_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    return octal_from_code(game, param, len, 16, err);
}

static grundy_status
stripes_create(grundy_game *game, const char *param, size_t len,
               grundy_error *err)
{
    /* Taking k adjacent stones leaves 0, 1 or 2 rows: octal digit 7. */
    return octal_from_list(game, param, len, "stripes lengths K",
                           SGSEQ_NOTHING | SGSEQ_ONE | SGSEQ_TWO, 0, err);
}

static grundy_status
sub_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    /* Taking s from a heap leaves that heap, possibly empty: digit 3. */
    return octal_from_list(game, param, len, "subtraction set",
                           SGSEQ_NOTHING | SGSEQ_ONE, 1, err);
}

/* A named code (FAMILY_PARAM_NONE: no parameter reaches create). */
static grundy_status
octal_alias(grundy_game *game, const char *code, grundy_error *err)
{
    return octal_from_code(game, code, strlen(code), 8, err);
}

static grundy_status
kayles_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "0.77", err);
}

static grundy_status
dawson_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "0.07", err);
}

static grundy_status
lasker_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)param;
    (void)len;
    return octal_alias(game, "4.(3)", err);
}

/* ---- the families ----------------------------------------------------- */

/* Every family of this file is a sequence of heap values: they differ in
 * name, rules and how the spec becomes rules, and share the rest. */
#define OCTAL_OPERATIONS                                                   \
    .destroy = octal_destroy, .max_numbers = 1, .value = octal_value,      \
    .flags = FAMILY_HEAP_GAME,                                             \
    .options = octal_component_options, .period = octal_period,            \
    .ring_value = octal_ring_value, .footprint = octal_footprint,          \
    .canon = octal_canon,                                                  \
    .sequence = octal_sequence, .big = &octal_big_ops,                     \
    .heap_span = octal_heap_span, .mirror = octal_mirror

const family octal_family = {
    .name = "octal",
    .info = {"octal:CODE",
             "take-and-break: digit dk of 0.d1d2... or 4.d1d2... says what "
             "removing k may leave (1 nothing, 2 one heap, 4 two); a "
             "group at the end repeats: 4.(3), 0.1(3)",
             "heap size n"},
    .unit = "row",
    .create = octal_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "a code, e.g. octal:0.07",
    OCTAL_OPERATIONS,
};

const family hex_family = {
    .name = "hex",
    .info = {"hex:CODE",
             "hexadecimal take-and-break: as octal, digits 0-f, bit 8 "
             "leaves three heaps; d0 in 0, 4, 8, c; e.g. hex:0.8, "
             "hex:8.(3)",
             "heap size n"},
    .unit = "row",
    .create = hex_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "a code, e.g. hex:0.8 or hex:8.(3)",
    OCTAL_OPERATIONS,
};

const family lasker_family = {
    .name = "lasker",
    .info = {"lasker", "Lasker's Nim: take any number from a heap, or split "
                       "a heap in two (= octal:4.(3))",
             "heap size n"},
    .unit = "row",
    .create = lasker_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:4.(3)",
    OCTAL_OPERATIONS,
};

const family stripes_family = {
    .name = "stripes",
    .info = {"stripes:K",
             "take exactly k in K adjacent stones from a row; the row may "
             "split in two (K = comma list, ranges a..b)",
             "row length n"},
    .unit = "row",
    .create = stripes_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "its lengths K, e.g. stripes:2 or stripes:1,5,6 or "
                  "stripes:1..10",
    OCTAL_OPERATIONS,
};

const family sub_family = {
    .name = "sub",
    .info = {"sub:S", "take s in S stones from one heap (S = comma list, "
                      "ranges a..b)",
             "heap size n"},
    .unit = "heap",
    .create = sub_create,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "its subtraction set S, e.g. sub:1,3,4 or sub:1..100",
    OCTAL_OPERATIONS,
};

const family kayles_family = {
    .name = "kayles",
    .info = {"kayles", "Kayles: knock down one pin or two adjacent pins "
                       "(= octal:0.77)",
             "row length n"},
    .unit = "row",
    .create = kayles_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:0.77",
    OCTAL_OPERATIONS,
};

const family dawson_family = {
    .name = "dawson",
    .info = {"dawson", "Dawson's Kayles: knock down two adjacent pins "
                       "(= octal:0.07)",
             "row length n"},
    .unit = "row",
    .create = dawson_create,
    .param = FAMILY_PARAM_NONE,
    .param_text = "it is octal:0.07",
    OCTAL_OPERATIONS,
};
