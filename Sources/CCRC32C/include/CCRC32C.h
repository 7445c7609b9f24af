// CRC-32C (Castagnoli) through the processor's own instruction, for TouchTrace's checksums.
// TouchTrace calls these only when touchstone_crc32c_hardware_available() says the running
// processor has the instruction; otherwise it uses its portable Swift implementation.
#ifndef TOUCHSTONE_CCRC32C_H
#define TOUCHSTONE_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// 1 when the running processor has a CRC-32C instruction these functions use (x86-64 with
/// SSE4.2), 0 otherwise. Decided at run time: the library itself is built for the baseline
/// processor, so the same binary runs everywhere.
int touchstone_crc32c_hardware_available(void);

/// Continues the running (not yet complemented) CRC-32C register `crc` over `count` bytes at
/// `bytes`, which need no alignment. Only call it when touchstone_crc32c_hardware_available()
/// returned 1.
uint32_t touchstone_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t count);

#endif
