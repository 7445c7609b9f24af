#define _GNU_SOURCE
#include "CWaylandProtocols.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>

const struct wl_interface *tw_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *tw_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *tw_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *tw_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *tw_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *tw_zwp_pointer_gestures_v1_interface(void) {
    return &zwp_pointer_gestures_v1_interface;
}
const struct wl_interface *tw_zxdg_decoration_manager_v1_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}
const struct wl_interface *tw_wp_fractional_scale_manager_v1_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
const struct wl_interface *tw_wp_viewporter_interface(void) { return &wp_viewporter_interface; }

int tw_create_shm_file(size_t size) {
    int fd = memfd_create("touchstone-shm", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int tw_termination_signal_fd(void) {
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) < 0) return -1;
    return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}
