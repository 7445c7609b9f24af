// See include/AllocationCounter.h. Only the calling thread's allocations count, because Swift
// Testing runs other tests on other threads at the same time.
#include "AllocationCounter.h"
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Thread_local int counting;
static _Thread_local uint64_t count;
static _Thread_local uint64_t largest;

static inline void note(size_t size) {
    if (counting) {
        count++;
        if (size > largest) largest = size;
    }
}

void *malloc(size_t size) {
    note(size);
    return __libc_malloc(size);
}

void *calloc(size_t items, size_t size) {
    note(items * size);
    return __libc_calloc(items, size);
}

void *realloc(void *pointer, size_t size) {
    note(size);
    return __libc_realloc(pointer, size);
}

void allocation_counter_start(void) {
    count = 0;
    largest = 0;
    counting = 1;
}

uint64_t allocation_counter_stop(void) {
    counting = 0;
    return count;
}

uint64_t allocation_counter_largest(void) {
    return largest;
}
