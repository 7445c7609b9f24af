// umockdev's test-bed API (UMockdevTestbed), used by the end-to-end tests to emulate input devices.
#include <umockdev.h>
