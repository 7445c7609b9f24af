// See include/AllocationCounter.h. Only the calling thread's allocations count, because Swift
// Testing runs other tests on other threads at the same time.
//
// Two ways to see every allocation, chosen when this file is compiled:
// - Ordinary builds define malloc, calloc and realloc here; they count, then forward to glibc's
//   __libc_* entry points. Every allocation in the process passes through them.
// - Sanitized builds (`swift test --sanitize=address` or `=thread`, which compile this file with
//   -fsanitize too) must not: the sanitizer runtime owns malloc, and calls it from inside its own
//   start-up (its dlsym interception) before this file could forward anywhere, which crashed the
//   test binary before any test ran. There the sanitizer's allocation hook, which its allocator
//   calls on the allocating thread for every malloc, calloc, realloc and aligned allocation,
//   counts instead. It is installed before main by a constructor.
#define _GNU_SOURCE
#include "AllocationCounter.h"
#include <dlfcn.h>
#include <stddef.h>

static _Thread_local int counting;
static _Thread_local uint64_t count;
static _Thread_local uint64_t largest;
static _Thread_local uint64_t objects;

static inline void note(size_t size) {
    if (counting) {
        count++;
        if (size > largest) largest = size;
    }
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ALLOCATION_COUNTER_SANITIZER_HOOKS 1
#endif
#endif

#if ALLOCATION_COUNTER_SANITIZER_HOOKS

// From <sanitizer/allocator_interface.h>, declared here so that no header search path is needed.
extern int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *pointer, size_t size),
    void (*free_hook)(const volatile void *pointer));

static void malloc_hook(const volatile void *pointer, size_t size) {
    (void)pointer;
    note(size);
}

static void free_hook(const volatile void *pointer) {
    (void)pointer;
}

__attribute__((constructor)) static void install_hooks(void) {
    __sanitizer_install_malloc_and_free_hooks(malloc_hook, free_hook);
}

#else

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

// Swift heap objects (class instances, closure contexts, boxes, array and string buffers) are
// allocated by the runtime's `swift_slowAlloc`, which calls malloc; unoptimised code also calls
// malloc directly, for the frames of unspecialised generic accessors, which are no objects. The
// caller tells them apart.
extern void *swift_slowAlloc(size_t size, size_t alignment_mask);

static void note_object(void *caller) {
    static _Thread_local int looking;
    if (looking) return;
    looking = 1;
    Dl_info info;
    if (dladdr(caller, &info) && info.dli_saddr == (void *)swift_slowAlloc) objects++;
    looking = 0;
}

void *malloc(size_t size) {
    note(size);
    if (counting) note_object(__builtin_return_address(0));
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

#endif

void allocation_counter_start(void) {
    count = 0;
    largest = 0;
    objects = 0;
    counting = 1;
}

uint64_t allocation_counter_stop(void) {
    counting = 0;
    return count;
}

uint64_t allocation_counter_largest(void) {
    return largest;
}

uint64_t allocation_counter_objects(void) {
    return objects;
}

int allocation_counter_counts_objects(void) {
#if ALLOCATION_COUNTER_SANITIZER_HOOKS
    return 0;
#else
    return 1;
#endif
}
