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

/// How many of the counted allocations were Swift heap objects (class instances, closure
/// contexts, boxes, array and string buffers: what the runtime's `swift_slowAlloc` asks malloc
/// for). Unoptimised code also calls malloc for the frames of unspecialised generic accessors,
/// which are no objects: this count leaves those out, so a test of "allocates nothing" holds in
/// debug builds too. Zero in sanitized builds, whose allocation hook cannot see the caller.
uint64_t allocation_counter_objects(void);

/// Whether `allocation_counter_objects` counts (1), or this build cannot tell objects apart (0).
int allocation_counter_counts_objects(void);

#endif
