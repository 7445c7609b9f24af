// CRC-32C with SSE4.2's `crc32` instruction, eight bytes per instruction. Only the functions
// marked `target("sse4.2")` use it, and only after a run-time check: no flag raises the
// processor baseline of the target (flags would also keep the package from being depended on
// by version).
#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <nmmintrin.h>

// The instruction's latency is three cycles and a core starts one every cycle, so one dependency
// chain runs at a third of the instruction's speed. Long runs are therefore read as three
// interleaved streams of `LONG` (then `SHORT`) bytes whose registers are joined afterwards: the
// register after a stream followed by n zero bytes is linear in the register, so
// crc(A B) = shift_n(crc(A)) ^ crc0(B) for a B of n bytes read from a zero register. `shift_n` is
// four table lookups, one per byte of the register (tables below, built once).
enum { LONG = 1024, SHORT = 128 };

// shift_LONG and shift_SHORT for each byte of the register in each of its four positions.
static uint32_t long_shift[4][256];
static uint32_t short_shift[4][256];

__attribute__((target("sse4.2")))
static uint32_t zeros(uint32_t crc, size_t count) {
    uint64_t register64 = crc;
    for (size_t i = 0; i < count / 8; i++) register64 = _mm_crc32_u64(register64, 0);
    return (uint32_t)register64;
}

// The tables from the operator's value on each of the 32 single-bit registers: every other entry
// is the exclusive or of its bits' values, since the operator is linear.
__attribute__((target("sse4.2")))
static void build_shift_table(uint32_t table[4][256], size_t count) {
    for (int position = 0; position < 4; position++) {
        table[position][0] = 0;
        for (int bit = 0; bit < 8; bit++) table[position][1 << bit] = zeros((uint32_t)1 << (8 * position + bit), count);
        for (int byte = 3; byte < 256; byte++) {
            int lowest = byte & -byte;
            if (byte != lowest) table[position][byte] = table[position][byte ^ lowest] ^ table[position][lowest];
        }
    }
}

static inline uint32_t shift(const uint32_t table[4][256], uint32_t crc) {
    return table[0][crc & 0xFF] ^ table[1][(crc >> 8) & 0xFF] ^ table[2][(crc >> 16) & 0xFF] ^ table[3][crc >> 24];
}

int touchstone_crc32c_hardware_available(void) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("sse4.2")) return 0;
    // Built here, before any update: the caller asks once, from a thread-safe initialiser, and
    // calls update only after this returned 1 (the header's contract).
    build_shift_table(long_shift, LONG);
    build_shift_table(short_shift, SHORT);
    return 1;
}

static inline uint64_t word(const unsigned char *p) {
    uint64_t value;
    memcpy(&value, p, 8);
    return value;
}

// Three streams of `length` bytes from `*p`, joined; `length` is a multiple of 8.
__attribute__((target("sse4.2")))
static inline uint32_t three_streams(uint32_t crc, const unsigned char **p, size_t length, const uint32_t table[4][256]) {
    const unsigned char *a = *p, *b = a + length, *c = b + length;
    uint64_t first = crc, second = 0, third = 0;
    for (size_t offset = 0; offset < length; offset += 8) {
        first = _mm_crc32_u64(first, word(a + offset));
        second = _mm_crc32_u64(second, word(b + offset));
        third = _mm_crc32_u64(third, word(c + offset));
    }
    *p = c + length;
    return shift(table, shift(table, (uint32_t)first) ^ (uint32_t)second) ^ (uint32_t)third;
}

__attribute__((target("sse4.2")))
uint32_t touchstone_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    while (count >= 3 * LONG) {
        crc = three_streams(crc, &p, LONG, long_shift);
        count -= 3 * LONG;
    }
    while (count >= 3 * SHORT) {
        crc = three_streams(crc, &p, SHORT, short_shift);
        count -= 3 * SHORT;
    }
    uint64_t register64 = crc;
    while (count >= 8) {
        register64 = _mm_crc32_u64(register64, word(p));
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
