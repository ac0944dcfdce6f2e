/* tt.h - a minimal test harness: each TT_TEST prints one "PASS: name" or "FAIL: name"
 * line; tests/run_tests.sh counts them. Checks report file:line and the values. */
#ifndef TT_H
#define TT_H

#include <stdio.h>
#include <stdlib.h>

static int tt_failed_now;  /* failures in the running test */
static int tt_total_failed;

#define TT_CHECK(cond)                                                                 \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "  %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);  \
            tt_failed_now++;                                                           \
        }                                                                              \
    } while (0)

#define TT_EQ(a, b)                                                                    \
    do {                                                                               \
        long long tt_a_ = (long long)(a), tt_b_ = (long long)(b);                      \
        if (tt_a_ != tt_b_) {                                                          \
            fprintf(stderr, "  %s:%d: %s == %lld, expected %s == %lld\n", __FILE__,     \
                    __LINE__, #a, tt_a_, #b, tt_b_);                                   \
            tt_failed_now++;                                                           \
        }                                                                              \
    } while (0)

#define TT_RUN(fn)                                                                     \
    do {                                                                               \
        tt_failed_now = 0;                                                             \
        fn();                                                                          \
        printf("%s: %s\n", tt_failed_now ? "FAIL" : "PASS", #fn);                       \
        fflush(stdout);                                                                \
        if (tt_failed_now) tt_total_failed++;                                          \
    } while (0)

#define TT_EXIT() return tt_total_failed ? 1 : 0

#endif
