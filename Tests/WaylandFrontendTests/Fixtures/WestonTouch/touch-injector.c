// A weston 10 module that gives the compositor a seat with a touchscreen and, once a client's
// surface is under (100, 100), plays a short touch session through libweston's own input path:
// a tap at (100, 100), then a drag from (300, 200) to (360, 230). Loaded with
// `weston --modules=touch-injector.so`; logs "touch-injector: done" when the session is over.
//
// libweston-10-dev does not install backend.h, which declares the seat and touch entry points a
// backend uses; libweston-10 exports them, so they are declared here with weston 10's signatures.
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
int weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data,
                                                             const struct weston_touch_device_ops *ops);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm,
                             int touch_type);
void notify_touch_frame(struct weston_touch_device *device);

enum { TOUCH_DOWN = 0, TOUCH_UP = 1, TOUCH_MOTION = 2 };

struct step {
    int delay_ms; // before this step
    int type;
    int id;
    double x, y;
};

// A tap, then a drag; each step is followed by a frame, as libinput's touch frames would be.
static const struct step session[] = {
    {0, TOUCH_DOWN, 0, 100, 100},   {50, TOUCH_UP, 0, 0, 0},
    {400, TOUCH_DOWN, 1, 300, 200}, {16, TOUCH_MOTION, 1, 320, 210}, {16, TOUCH_MOTION, 1, 340, 220},
    {16, TOUCH_MOTION, 1, 360, 230}, {16, TOUCH_UP, 1, 0, 0},
};

static struct {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *device;
    struct wl_event_source *timer;
    bool started;
    size_t next;
} injector;

static int tick(void *data) {
    (void)data;
    if (!injector.started) {
        // A client's view, not the shell's own background (which has no client resource).
        wl_fixed_t sx, sy;
        struct weston_view *view =
            weston_compositor_pick_view(injector.compositor, wl_fixed_from_int(100), wl_fixed_from_int(100), &sx, &sy);
        if (!view || !view->surface->resource) {
            wl_event_source_timer_update(injector.timer, 20);
            return 0;
        }
        injector.started = true;
        // Let the client settle its first frames before touching it.
        wl_event_source_timer_update(injector.timer, 200);
        return 0;
    }
    const struct step *step = &session[injector.next++];
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    notify_touch_normalized(injector.device, &now, step->id, step->x, step->y, NULL, step->type);
    notify_touch_frame(injector.device);
    if (injector.next < sizeof session / sizeof session[0]) {
        wl_event_source_timer_update(injector.timer, session[injector.next].delay_ms);
    } else {
        weston_log("touch-injector: done\n");
    }
    return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    (void)argc, (void)argv;
    injector.compositor = compositor;
    weston_seat_init(&injector.seat, compositor, "touchstone-touch");
    if (weston_seat_init_touch(&injector.seat) < 0) return -1;
    injector.device = weston_touch_create_touch_device(weston_seat_get_touch(&injector.seat),
                                                       "/touchstone/injected-touch", NULL, NULL);
    if (!injector.device) return -1;
    injector.timer = wl_event_loop_add_timer(wl_display_get_event_loop(compositor->wl_display), tick, NULL);
    wl_event_source_timer_update(injector.timer, 20);
    weston_log("touch-injector: seat ready\n");
    return 0;
}
