// The C APIs LibinputCapture drives: libinput (events, devices, the restricted-open interface),
// libudev (device nodes and the udev backend) and the evdev constants of <linux/input.h>.
//
// touchstone does not link libinput or libudev: only `record` uses them, and loading them (with
// the ten libraries libinput pulls in, GLib among them) cost every other command about a
// millisecond of start-up (docs/benchmarks.md, "Session 13"). This target defines each function
// LibinputCapture calls, under libinput's and libudev's own names, as a forwarder to the library
// loaded on first use; the declarations are the libraries' own headers, so a mismatch does not
// compile. A machine without libinput runs every command but `record`.
#ifndef TOUCHSTONE_CLIBINPUT_H
#define TOUCHSTONE_CLIBINPUT_H

#include <libinput.h>
#include <libudev.h>
#include <linux/input.h>

/// Loads libinput and libudev and finds every function this target forwards to. Returns NULL
/// when all were found (now or by an earlier call), otherwise why not: the dynamic loader's
/// message, which names the library or the function missing. Thread-safe; a failed load is not
/// retried.
const char *touchstone_libinput_load(void);

#endif
