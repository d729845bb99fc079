/*
 * replay_bound.c - a harness for replay.c's own test: an input that
 * starts with "sleep" takes 5 seconds, any other returns at once. Replayed
 * with -t 1 the slow one must fail the replay (tests/CMakeLists.txt).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdint.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct timespec t = {5, 0};
    if (size >= 5 && memcmp(data, "sleep", 5) == 0) {
        nanosleep(&t, NULL);
    }
    return 0;
}
