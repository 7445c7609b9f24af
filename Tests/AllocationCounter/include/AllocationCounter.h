// Counts heap allocations made by the calling thread, for tests that pin "decoding allocates
// nothing per event". The test executable defines malloc, calloc and realloc itself (they forward
// to glibc's __libc_* entry points), so every allocation in the process passes through here; under
// AddressSanitizer or ThreadSanitizer the sanitizer's allocation hook counts instead (the .c file
// says why), so the same tests run, and count the same, in sanitized builds.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting this thread's allocations from zero.
void allocation_counter_start(void);
/// Stops counting and returns how many allocations this thread made since the start.
uint64_t allocation_counter_stop(void);

/// The largest single request (bytes) among the counted allocations of the last start/stop.
uint64_t allocation_counter_largest(void);

#endif
