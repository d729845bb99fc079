/*
 * test_progress_rate.c - the rate of the progress line (src/cli/output.c:
 * rate_add, rate_recent) on report times given by the test, not by a
 * clock: a steady run, a run whose rate changes, a run stopped for ten
 * minutes and resumed, reports minutes apart, and no rate under a second.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cli/cli.h"

/* Reports every `step` seconds from t0 to t1 (inclusive) at `per`
 * units a second, from *done on; returns the last report's time. */
static double
run(rate_window *w, double t0, double t1, double step, uint64_t per,
    uint64_t *done)
{
    double t = t0;
    for (; t <= t1 + 1e-9; t += step) {
        rate_add(w, t, *done);
        *done += (uint64_t)((double)per * step + 0.5);
    }
    return t - step;
}

/* |got - want| within a millionth of want. */
static void
assert_rate(double got, double want)
{
    double d = got > want ? got - want : want - got;
    if (!(d <= want * 1e-6)) {
        fail_msg("rate %.6f, want %.6f", got, want);
    }
}

/* 0.1 s between reports: the library reports every 65536 values. */
static void
steady(void **state)
{
    rate_window w;
    uint64_t done = 0;
    double t;
    (void)state;
    rate_reset(&w);
    t = run(&w, 100.0, 400.0, 0.1, 1000, &done);
    /* done is one step ahead of the last report: at t it was done - 100. */
    assert_rate(rate_recent(&w, t, done - 100), 1000.0);
}

/* per1 units a second from 0 to t1, nothing for gap seconds, then per2
 * a second for len2 seconds, reports every 0.1 s: the rate at the last
 * report. */
static double
two_rates(double t1, double gap, double len2, uint64_t per1, uint64_t per2)
{
    rate_window w;
    uint64_t done = 0;
    double t;
    rate_reset(&w);
    t = run(&w, 0.0, t1, 0.1, per1, &done);
    t = run(&w, t + gap, t + gap + len2, 0.1, per2, &done);
    return rate_recent(&w, t, done - per2 / 10);
}

/* 1000 a second for 100 s, then 100 a second for 100 s: the whole run's
 * average is 550; the recent rate is the new one. */
static void
rate_changes(void **state)
{
    double r;
    (void)state;
    assert_rate(two_rates(99.9, 0.1, 100.0, 1000, 100), 100.0);
    /* Half a minute into the slower part: the window holds half a
     * minute of each, 550 a second (the whole run's average: 792; the
     * last second's: 100). */
    r = two_rates(99.9, 0.1, 30.0, 1000, 100);
    assert_true(r > 530.0 && r < 570.0);
}

/* Stopped ten minutes after 30 s at 1000 a second, then 70 s more: the
 * pause has left the window; the whole run's average would be 143. Five
 * seconds after the resume: from the first report after it. */
static void
paused(void **state)
{
    (void)state;
    assert_rate(two_rates(30.0, 600.0, 70.0, 1000, 1000), 1000.0);
    assert_rate(two_rates(30.0, 600.0, 5.0, 1000, 1000), 1000.0);
}

/* Reports 100 s apart (a slow computation): the last interval's rate. */
static void
sparse_reports(void **state)
{
    rate_window w;
    uint64_t done = 0;
    double t;
    (void)state;
    rate_reset(&w);
    t = run(&w, 0.0, 1000.0, 100.0, 10, &done);
    assert_rate(rate_recent(&w, t, done - 1000), 10.0);
    assert_rate(rate_recent(&w, t + 50.0, done - 500), 10.0);
}

/* Under a second of reports: no rate; a second on: one. A count that
 * went back (not a report of this computation): none. */
static void
not_measured(void **state)
{
    rate_window w;
    uint64_t done = 500;
    (void)state;
    rate_reset(&w);
    assert_true(rate_recent(&w, 5.0, 500) == 0.0);
    (void)run(&w, 5.0, 5.9, 0.1, 1000, &done);
    assert_true(rate_recent(&w, 5.9, done - 100) == 0.0);
    assert_rate(rate_recent(&w, 6.0, 1500), 1000.0);
    assert_true(rate_recent(&w, 6.0, 400) == 0.0);
    /* Reports closer than a second are not kept: the ring spans over a
     * minute whatever the reporting frequency. */
    rate_reset(&w);
    done = 0;
    (void)run(&w, 0.0, 200.0, 0.001, 50000, &done);
    assert_int_equal(w.count, RATE_SAMPLES);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steady),         cmocka_unit_test(rate_changes),
        cmocka_unit_test(paused),         cmocka_unit_test(sparse_reports),
        cmocka_unit_test(not_measured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
