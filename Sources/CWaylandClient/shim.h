// libwayland-client as a Swift module: the core protocol's proxies, listeners and inline requests.
#include <wayland-client.h>
