// libinput and libudev, loaded when the recorder first needs them (include/CLibinput.h says why).
//
// Each function LibinputCapture calls is defined here under the library's own name and forwards
// to the library's definition, found once by dlsym. The forwarders are hidden: they satisfy the
// Swift code's references inside touchstone's own link and are never exported, so the loaded
// libraries' calls to one another (libinput calls libudev) still go straight to each other.
#include "CLibinput.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every forwarded function: the library it comes from, its return type, name, parameters and the
// arguments that pass them on. Adding a call to LibinputCapture means adding its line here.
#define LIBINPUT_FUNCTIONS(F, V)                                                                          \
    F(libinput, enum libinput_config_status, libinput_device_config_send_events_set_mode,                \
      (struct libinput_device * device, uint32_t mode), (device, mode))                                  \
    F(libinput, unsigned int, libinput_device_get_id_product, (struct libinput_device * device), (device)) \
    F(libinput, unsigned int, libinput_device_get_id_vendor, (struct libinput_device * device), (device))  \
    F(libinput, const char *, libinput_device_get_name, (struct libinput_device * device), (device))      \
    F(libinput, int, libinput_device_get_size, (struct libinput_device * device, double *width, double *height), \
      (device, width, height))                                                                            \
    F(libinput, const char *, libinput_device_get_sysname, (struct libinput_device * device), (device))   \
    F(libinput, struct udev_device *, libinput_device_get_udev_device, (struct libinput_device * device), \
      (device))                                                                                           \
    F(libinput, void *, libinput_device_get_user_data, (struct libinput_device * device), (device))       \
    F(libinput, int, libinput_device_has_capability,                                                      \
      (struct libinput_device * device, enum libinput_device_capability capability), (device, capability)) \
    V(libinput, libinput_device_set_user_data, (struct libinput_device * device, void *user_data),        \
      (device, user_data))                                                                                \
    F(libinput, int, libinput_device_touch_get_touch_count, (struct libinput_device * device), (device))  \
    F(libinput, int, libinput_dispatch, (struct libinput * libinput), (libinput))                         \
    V(libinput, libinput_event_destroy, (struct libinput_event * event), (event))                         \
    F(libinput, double, libinput_event_gesture_get_angle_delta, (struct libinput_event_gesture * event), (event)) \
    F(libinput, int, libinput_event_gesture_get_cancelled, (struct libinput_event_gesture * event), (event)) \
    F(libinput, double, libinput_event_gesture_get_dx, (struct libinput_event_gesture * event), (event))  \
    F(libinput, double, libinput_event_gesture_get_dx_unaccelerated, (struct libinput_event_gesture * event), \
      (event))                                                                                            \
    F(libinput, double, libinput_event_gesture_get_dy, (struct libinput_event_gesture * event), (event))  \
    F(libinput, double, libinput_event_gesture_get_dy_unaccelerated, (struct libinput_event_gesture * event), \
      (event))                                                                                            \
    F(libinput, int, libinput_event_gesture_get_finger_count, (struct libinput_event_gesture * event), (event)) \
    F(libinput, double, libinput_event_gesture_get_scale, (struct libinput_event_gesture * event), (event)) \
    F(libinput, uint64_t, libinput_event_gesture_get_time_usec, (struct libinput_event_gesture * event), (event)) \
    F(libinput, struct libinput_device *, libinput_event_get_device, (struct libinput_event * event), (event)) \
    F(libinput, struct libinput_event_gesture *, libinput_event_get_gesture_event,                        \
      (struct libinput_event * event), (event))                                                           \
    F(libinput, struct libinput_event_pointer *, libinput_event_get_pointer_event,                        \
      (struct libinput_event * event), (event))                                                           \
    F(libinput, struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event * event), \
      (event))                                                                                            \
    F(libinput, enum libinput_event_type, libinput_event_get_type, (struct libinput_event * event), (event)) \
    F(libinput, double, libinput_event_pointer_get_scroll_value,                                          \
      (struct libinput_event_pointer * event, enum libinput_pointer_axis axis), (event, axis))            \
    F(libinput, uint64_t, libinput_event_pointer_get_time_usec, (struct libinput_event_pointer * event), (event)) \
    F(libinput, int, libinput_event_pointer_has_axis,                                                     \
      (struct libinput_event_pointer * event, enum libinput_pointer_axis axis), (event, axis))            \
    F(libinput, int32_t, libinput_event_touch_get_slot, (struct libinput_event_touch * event), (event))   \
    F(libinput, uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch * event), (event)) \
    F(libinput, double, libinput_event_touch_get_x, (struct libinput_event_touch * event), (event))       \
    F(libinput, double, libinput_event_touch_get_y, (struct libinput_event_touch * event), (event))       \
    F(libinput, struct libinput_event *, libinput_get_event, (struct libinput * libinput), (libinput))    \
    F(libinput, int, libinput_get_fd, (struct libinput * libinput), (libinput))                           \
    F(libinput, void *, libinput_get_user_data, (struct libinput * libinput), (libinput))                 \
    V(libinput, libinput_log_set_handler, (struct libinput * libinput, libinput_log_handler log_handler), \
      (libinput, log_handler))                                                                            \
    V(libinput, libinput_log_set_priority, (struct libinput * libinput, enum libinput_log_priority priority), \
      (libinput, priority))                                                                               \
    F(libinput, struct libinput_device *, libinput_path_add_device, (struct libinput * libinput, const char *path), \
      (libinput, path))                                                                                   \
    F(libinput, struct libinput *, libinput_path_create_context,                                          \
      (const struct libinput_interface *interface, void *user_data), (interface, user_data))              \
    V(libinput, libinput_path_remove_device, (struct libinput_device * device), (device))                 \
    F(libinput, int, libinput_udev_assign_seat, (struct libinput * libinput, const char *seat_id), (libinput, seat_id)) \
    F(libinput, struct libinput *, libinput_udev_create_context,                                          \
      (const struct libinput_interface *interface, void *user_data, struct udev *udev),                   \
      (interface, user_data, udev))                                                                       \
    F(libinput, struct libinput *, libinput_unref, (struct libinput * libinput), (libinput))              \
    F(udev, const char *, udev_device_get_devnode, (struct udev_device * udev_device), (udev_device))     \
    F(udev, const char *, udev_device_get_property_value, (struct udev_device * udev_device, const char *key), \
      (udev_device, key))                                                                                 \
    F(udev, struct udev_device *, udev_device_unref, (struct udev_device * udev_device), (udev_device))   \
    F(udev, struct udev *, udev_new, (void), ())                                                          \
    F(udev, struct udev *, udev_unref, (struct udev * udev), (udev))

// The libraries by soname: the ABI the headers describe (libinput 1.x, libudev 1).
static const char *const libinput_soname = "libinput.so.10";
static const char *const udev_soname = "libudev.so.1";

// The loaded definitions, one pointer per function, typed from the headers' declarations.
#define POINTER(library, type, name, parameters, arguments) __typeof__(name) *name;
#define VOID_POINTER(library, name, parameters, arguments) __typeof__(name) *name;
static struct {
    LIBINPUT_FUNCTIONS(POINTER, VOID_POINTER)
} loaded;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : soname);
    }
    return handle;
}

static void load(void) {
    void *libinput = open_library(libinput_soname);
    if (!libinput) return;
    void *udev = open_library(udev_soname);
    if (!udev) return;
#define FIND(library, type, name, parameters, arguments)                                                 \
    *(void **)&loaded.name = dlsym(library, #name);                                                      \
    if (!loaded.name) {                                                                                  \
        const char *why = dlerror();                                                                     \
        snprintf(load_error, sizeof load_error, "%s has no %s: %s", library##_soname, #name,              \
                 why ? why : "not found");                                                               \
        return;                                                                                          \
    }
#define VOID_FIND(library, name, parameters, arguments) FIND(library, void, name, parameters, arguments)
    LIBINPUT_FUNCTIONS(FIND, VOID_FIND)
    // The libraries stay loaded for the life of the process, as linked ones would.
    load_status = 0;
}

const char *touchstone_libinput_load(void) {
    pthread_once(&load_once, load);
    return load_status == 0 ? NULL : load_error;
}

// Every forwarder makes sure of the load (after the first, pthread_once is a load and a branch).
// LibinputCapture loads before its first call and reports a failure as CaptureError, so a
// forwarder that finds the libraries missing is its bug: the process stops with the reason.
static void require_loaded(const char *function) {
    const char *error = touchstone_libinput_load();
    if (!error) return;
    fprintf(stderr, "touchstone: %s called without libinput: %s\n", function, error);
    abort();
}

#define FORWARD(library, type, name, parameters, arguments)                                              \
    __attribute__((visibility("hidden"))) type name parameters {                                         \
        require_loaded(#name);                                                                           \
        return loaded.name arguments;                                                                    \
    }
#define VOID_FORWARD(library, name, parameters, arguments)                                               \
    __attribute__((visibility("hidden"))) void name parameters {                                         \
        require_loaded(#name);                                                                           \
        loaded.name arguments;                                                                           \
    }
LIBINPUT_FUNCTIONS(FORWARD, VOID_FORWARD)
