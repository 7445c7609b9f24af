// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h), for targets whose `main` is
// not libFuzzer's: it parses the libFuzzer command line and calls `callback` with each input.
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
