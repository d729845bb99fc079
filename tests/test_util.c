/*
 * test_util.c - the shared helpers: comma lists of numbers (errors name
 * the item), token quoting for messages (printable, bounded), sizes in
 * words, decimal formatting at the 64-bit edges; and the NULL-is-a-no-op
 * contracts of the public free functions; the registry's data rules
 * (every family table complete, arity and parameter rules enforced
 * with the family's words).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
test_list_parses(void **state)
{
    uint64_t *list = NULL;
    size_t n = 0;
    grundy_error err;
    const char *s = "1,3,18446744073709551615,0";
    (void)state;
    assert_int_equal(util_parse_u64_list(s, strlen(s), "set", &list, &n, &err),
                     GRUNDY_OK);
    assert_int_equal(n, 4);
    assert_true(list[0] == 1 && list[1] == 3 && list[2] == UINT64_MAX &&
                list[3] == 0);
    free(list);
    /* Only the len bytes given are read. */
    assert_int_equal(util_parse_u64_list("7,8,9", 3, "set", &list, &n, &err),
                     GRUNDY_OK);
    assert_int_equal(n, 2);
    assert_true(list[0] == 7 && list[1] == 8);
    free(list);
}

/* Each bad list fails with GRUNDY_ESPEC, the list's name, the bad item
 * quoted, and the column of the item. */
static void
test_list_errors(void **state)
{
    static const struct {
        const char *text;
        const char *says;
        long column;
    } cases[] = {
        {"1,,3", "subtraction set: empty item in list", 2},
        {"", "subtraction set: empty item in list", 0},
        {"1,3,", "subtraction set: empty item in list", 4},
        {"1,x", "subtraction set: 'x' is not a non-negative decimal number",
         2},
        {"-1", "subtraction set: '-1' is not a non-negative decimal number",
         0},
        {"5,18446744073709551616",
         "subtraction set: number '18446744073709551616' is larger than "
         "18446744073709551615", 2},
    };
    uint64_t *list = NULL;
    size_t n = 0;
    grundy_error err;
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(util_parse_u64_list(cases[i].text, strlen(cases[i].text),
                                             "subtraction set", &list, &n, &err),
                         GRUNDY_ESPEC);
        assert_string_equal(err.message, cases[i].says);
        assert_int_equal(err.column, cases[i].column);
    }
}

/* Quotes are printable ASCII, escape the rest, and stay within cap with
 * "..." when the token is long. */
static void
test_quote_token(void **state)
{
    char q[32], big[1000];
    (void)state;
    util_quote_token(q, sizeof q, "nim", 3);
    assert_string_equal(q, "'nim'");
    util_quote_token(q, sizeof q, "a\x01\xff\\", 4);
    assert_string_equal(q, "'a\\x01\\xff\\x5c'");
    memset(big, '7', sizeof big);
    util_quote_token(q, sizeof q, big, sizeof big);
    assert_true(strlen(q) < sizeof q);
    assert_non_null(strstr(q, "...'"));
    assert_int_equal(q[0], '\'');
    /* A zero-size buffer is left alone. */
    q[0] = 'x';
    util_quote_token(q, 0, "nim", 3);
    assert_int_equal(q[0], 'x');
}

/* Valid UTF-8 characters are named by code point in quotes and, for the
 * usual look-alikes, by name in the note; stray bytes stay \xNN. */
static void
test_unicode(void **state)
{
    char q[64], note[160];
    uint32_t cp = 0;
    (void)state;
    assert_int_equal(util_utf8_char("\xef\xbc\x93", 3, &cp), 3);
    assert_int_equal(cp, 0xFF13);
    assert_int_equal(util_utf8_char("\xc2\xa0", 2, &cp), 2);
    assert_int_equal(cp, 0xA0);
    assert_int_equal(util_utf8_char("\xc0\x80", 2, &cp), 0);  /* overlong */
    assert_int_equal(util_utf8_char("\xed\xa0\x80", 3, &cp), 0); /* surrogate */
    assert_int_equal(util_utf8_char("\xef\xbc", 2, &cp), 0);  /* cut short */
    assert_int_equal(util_utf8_char("a", 1, &cp), 0);
    util_quote_token(q, sizeof q, "3\xc2\xa0" "4\xff", 5);
    assert_string_equal(q, "'3<U+00A0>4\\xff'");
    util_unicode_note(note, sizeof note, "\xef\xbc\x93", 3);
    assert_string_equal(note, "U+FF13 FULLWIDTH DIGIT THREE is not ASCII: "
                              "write '3'");
    util_unicode_note(note, sizeof note, "3\xc2\xa0" "4", 4);
    assert_string_equal(note, "U+00A0 NO-BREAK SPACE is not ASCII: write a "
                              "plain space");
    util_unicode_note(note, sizeof note, "\xe2\x80\xaf", 3);
    assert_string_equal(note, "U+202F NARROW NO-BREAK SPACE is not ASCII: "
                              "write a plain space");
    util_unicode_note(note, sizeof note, "\xc3\xa9", 2);
    assert_non_null(strstr(note, "U+00E9 is not ASCII"));
    util_unicode_note(note, sizeof note, "nim\xff", 4);
    assert_string_equal(note, "");
}

static void
test_size_text(void **state)
{
    char s[32];
    (void)state;
    util_size_text(s, sizeof s, (size_t)1 << 30);
    assert_string_equal(s, "1 GiB");
    util_size_text(s, sizeof s, (size_t)64 << 20);
    assert_string_equal(s, "64 MiB");
    util_size_text(s, sizeof s, (size_t)1536 << 20);
    assert_string_equal(s, "1536 MiB");
    util_size_text(s, sizeof s, 1000);
    assert_string_equal(s, "1000 bytes");
    util_size_text(s, sizeof s, 0);
    assert_string_equal(s, "0 bytes");
}

static void
test_decimal(void **state)
{
    char buf[24], *end;
    (void)state;
    assert_int_equal(util_u64_to_dec(0, buf), 1);
    assert_string_equal(buf, "0");
    assert_int_equal(util_u64_to_dec(UINT64_MAX, buf), 20);
    assert_string_equal(buf, "18446744073709551615");
    assert_int_equal(util_u64_to_dec(10, buf), 2);
    assert_string_equal(buf, "10");
    end = put_u64(put_str(buf, "n="), 1234567);
    *end = '\0';
    assert_string_equal(buf, "n=1234567");
}

/* util_u64_to_dec divides 2- and 4-digit lanes by multiply and shift: the
 * identities hold for every lane value; and an ASCII counter run up to
 * 10^6 (every leading-zero count of the 8-digit chunks) agrees with it. */
static void
test_decimal_lanes(void **state)
{
    char want[24] = "0", got[24];
    size_t len = 1;
    (void)state;
    for (uint64_t x = 0; x < 10000; x++) {
        assert_true(x * 10486 >> 20 == x / 100);
    }
    for (uint64_t x = 0; x < 100; x++) {
        assert_true(x * 103 >> 10 == x / 10);
    }
    for (uint64_t v = 0; v < 1000000; v++) {
        size_t i = len;
        assert_int_equal(util_u64_to_dec(v, got), len);
        assert_memory_equal(got, want, len + 1);
        while (i > 0 && want[i - 1] == '9') {
            want[--i] = '0';
        }
        if (i == 0) {
            memmove(want + 1, want, len + 1);
            want[0] = '1';
            len++;
        } else {
            want[i - 1]++;
        }
    }
}

/* registry_list: every family of a class and no other, read from the
 * tables (checked here against each family's slots and flags), the
 * grouping by unit, and the cut to whole names with "and N more" in a
 * room too small, never past the room. */
static void
test_registry_list(void **state)
{
    const grundy_family_info *info;
    char buf[1024], small[40];
    size_t heaps = 0, len;
    (void)state;
    len = registry_list(REGISTRY_HEAP_GAME, 0, buf, sizeof buf);
    assert_int_equal(len, strlen(buf));
    for (size_t i = 0; (info = grundy_family_at(i)) != NULL; i++) {
        const family *fam =
            registry_lookup(info->usage, strcspn(info->usage, ":, "));
        char name[64];
        int heap = (fam->flags & FAMILY_HEAP_GAME) != 0;
        /* ", name," inside ", " + list + ",": a whole name, not part. */
        snprintf(name, sizeof name, ", %s,", fam->name);
        {
            char padded[1100];
            snprintf(padded, sizeof padded, ", %s,", buf);
            assert_int_equal(strstr(padded, name) != NULL, heap);
        }
        heaps += (size_t)heap;
    }
    assert_true(heaps >= 2);
    /* Families of one unit as one item, in the order of their first. */
    registry_list(REGISTRY_ALONE | REGISTRY_NOT_NIMLIKE,
                  REGISTRY_OR | REGISTRY_UNITS, buf, sizeof buf);
    assert_string_equal(buf, "fib pile, wythoff, ferguson or euclid pair, "
                             "or moore game");
    /* "a, b and c": the nim-like families in registry order. */
    {
        char want[1024] = "";
        size_t k = 0, count = 0;
        for (size_t i = 0; (info = grundy_family_at(i)) != NULL; i++) {
            const family *fam =
                registry_lookup(info->usage, strcspn(info->usage, ":, "));
            count += (fam->flags & FAMILY_MISERE_NIMLIKE) != 0;
        }
        for (size_t i = 0; (info = grundy_family_at(i)) != NULL; i++) {
            const family *fam =
                registry_lookup(info->usage, strcspn(info->usage, ":, "));
            if (fam->flags & FAMILY_MISERE_NIMLIKE) {
                k++;
                strcat(want, k == 1 ? "" : k == count ? " and " : ", ");
                strcat(want, fam->name);
            }
        }
        assert_true(count >= 2);
        registry_list(REGISTRY_NIMLIKE, REGISTRY_AND, buf, sizeof buf);
        assert_string_equal(buf, want);
    }
    /* corners' numbers stay within 64 bits (family_big.words_only). */
    registry_list(REGISTRY_BIG, 0, buf, sizeof buf);
    assert_null(strstr(buf, "corners"));
    assert_non_null(strstr(buf, "mock"));
    /* Too long for the room: whole names, then how many more. */
    len = registry_list(REGISTRY_HEAP_GAME, REGISTRY_AND, small,
                        sizeof small);
    assert_true(len < sizeof small);
    assert_int_equal(len, strlen(small));
    assert_non_null(strstr(small, " more"));
    assert_int_equal(strncmp(small, "nim, bounded, ", 14), 0);
    {
        unsigned long shown = 1, more = 0;
        const char *p = strstr(small, " and ");
        for (const char *c = small; p != NULL && c < p; c++) {
            shown += *c == ',';
        }
        assert_non_null(p);
        assert_int_equal(sscanf(p, " and %lu more", &more), 1);
        assert_int_equal(shown + more, heaps);
    }
    assert_int_equal(registry_list(REGISTRY_HEAP_GAME, 0, buf, 1), 0);
    assert_string_equal(buf, "");
}

/* The documented no-ops: every *_free(NULL). */
static void
test_free_null(void **state)
{
    (void)state;
    grundy_ctx_free(NULL);
    grundy_game_free(NULL);
    grundy_position_free(NULL);
    grundy_result_free(NULL);
    assert_null(grundy_family_at(1000));
}

/* Every family's table: the required operations, words for every rule
 * that needs them, and registry_check / registry_param applying the
 * rules the table states. */
static void
test_family_tables(void **state)
{
    const grundy_family_info *info;
    grundy_error err;
    uint64_t v[4] = {5, 5, 5, 5};
    (void)state;
    for (size_t i = 0; (info = grundy_family_at(i)) != NULL; i++) {
        size_t len = strcspn(info->usage, ":, ");
        const family *fam = registry_lookup(info->usage, len);
        grundy_game game = {0};
        size_t lo, hi;
        assert_non_null(fam);
        assert_non_null(fam->value);
        assert_non_null(fam->options);
        assert_non_null(fam->unit);
        lo = fam->min_numbers != 0 ? fam->min_numbers : 1;
        hi = fam->max_numbers;
        assert_true(hi == 0 || hi >= lo);
        if (hi != 1 && (lo > 1 || hi != 0)) {
            assert_non_null(fam->arity_text);
        }
        if (fam->param == FAMILY_PARAM_REQUIRED) {
            assert_non_null(fam->param_text);
            assert_int_equal(registry_param(fam, NULL, 0, &err),
                             GRUNDY_ESPEC);
            assert_int_equal(registry_param(fam, "", 0, &err), GRUNDY_ESPEC);
            assert_non_null(strstr(err.message, " needs "));
        }
        if (fam->param == FAMILY_PARAM_NONE) {
            assert_int_equal(registry_param(fam, "3", 1, &err),
                             GRUNDY_ESPEC);
            assert_non_null(strstr(err.message, "takes no parameter"));
            assert_int_equal(registry_param(fam, NULL, 0, &err), GRUNDY_OK);
        }
        /* The arity: one number short and one too many are refused with
         * a message naming the count, before the family is asked. */
        game.family = fam;
        snprintf(game.label, sizeof game.label, "%s", fam->name);
        if (lo > 1) {
            assert_int_equal(registry_check(&game, v, lo - 1, &err),
                             GRUNDY_EPOSITION);
        }
        if (hi != 0 && hi < 4) {
            char want[32];
            assert_int_equal(registry_check(&game, v, hi + 1, &err),
                             GRUNDY_EPOSITION);
            snprintf(want, sizeof want, "not %zu", hi + 1);
            assert_non_null(strstr(err.message, want));
        }
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_parses),
        cmocka_unit_test(test_decimal_lanes),
        cmocka_unit_test(test_list_errors),
        cmocka_unit_test(test_quote_token),
        cmocka_unit_test(test_unicode),
        cmocka_unit_test(test_size_text),
        cmocka_unit_test(test_decimal),
        cmocka_unit_test(test_free_null),
        cmocka_unit_test(test_family_tables),
        cmocka_unit_test(test_registry_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
