// The C APIs LibinputCapture drives: libinput (events, devices, the restricted-open interface),
// libudev (device nodes and the udev backend) and the evdev constants of <linux/input.h>.
#include <libinput.h>
#include <libudev.h>
#include <linux/input.h>
