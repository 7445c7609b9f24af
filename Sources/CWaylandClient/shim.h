// libwayland-client as a Swift module: the core protocol's proxies, listeners and inline requests,
// and libwayland-cursor's cursor themes (the pointer's image over the window).
#include <wayland-client.h>
#include <wayland-cursor.h>
