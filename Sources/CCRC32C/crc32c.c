// CRC-32C with SSE4.2's `crc32` instruction, eight bytes per instruction. Only the functions
// marked `target("sse4.2")` use it, and only after a run-time check: no flag raises the
// processor baseline of the target (flags would also keep the package from being depended on
// by version).
#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <nmmintrin.h>

int touchstone_crc32c_hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t touchstone_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t register64 = crc;
    // One dependency chain: the instruction's latency (3 cycles) bounds it at 8 bytes per 3
    // cycles, more than twice the portable slicing-by-8 code, and chunks are short enough
    // (64 KiB) that joining interleaved streams would buy little.
    while (count >= 32) {
        uint64_t a, b, c, d;
        memcpy(&a, p, 8);
        memcpy(&b, p + 8, 8);
        memcpy(&c, p + 16, 8);
        memcpy(&d, p + 24, 8);
        register64 = _mm_crc32_u64(register64, a);
        register64 = _mm_crc32_u64(register64, b);
        register64 = _mm_crc32_u64(register64, c);
        register64 = _mm_crc32_u64(register64, d);
        p += 32;
        count -= 32;
    }
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        register64 = _mm_crc32_u64(register64, word);
        p += 8;
        count -= 8;
    }
    uint32_t register32 = (uint32_t)register64;
    while (count > 0) {
        register32 = _mm_crc32_u8(register32, *p);
        p += 1;
        count -= 1;
    }
    return register32;
}

#else

int touchstone_crc32c_hardware_available(void) { return 0; }

uint32_t touchstone_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    __builtin_trap();  // only reachable if called against the contract above
    return crc;
}

#endif
