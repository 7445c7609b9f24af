// A weston 10 module that gives the compositor a seat with a touchscreen and, once a client's
// surface is under (100, 100), plays a short touch session through libweston's own input path:
// a tap at (100, 100), then a drag from (300, 200) to (360, 230). Loaded with
// `weston --modules=touch-injector.so`; logs "touch-injector: done" when the session is over.
//
// With TOUCHSTONE_TOUCH_SCRIPT naming a file it plays that script instead, in points relative to
// the client's xdg_toplevel window (found by its role, wherever the shell put it), and first logs
// "touch-injector: window at X Y size W H". Script lines:
//   wait MS | down ID X Y | motion ID X Y | up ID | mark TEXT (logs "touch-injector: mark TEXT")
//   resize W H (the shell's own way to configure the window: weston_desktop_surface_set_size)
//   size W H (pauses the script until the client has committed its window at W x H, at most 60 s;
//            logs "touch-injector: window never became W x H" if it did not)
//   window (logs the window's position and size again)
//   hold TEXT (logs "touch-injector: hold TEXT", then pauses the script, touches held as they are,
//             until a file named SCRIPT.TEXT appears beside the script: the test takes its time to
//             photograph the moment, however slow the client is, and then releases the script)
// Every touch step is followed by a touch frame. The pausing steps poll every 20 ms on weston's
// event loop, which goes on meanwhile (the client's commits, frame callbacks, screenshots).
//
// libweston-10-dev does not install backend.h, which declares the seat and touch entry points a
// backend uses; libweston-10 exports them, so they are declared here with weston 10's signatures.
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <wayland-server.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libweston/libweston.h>
#include <libweston-desktop/libweston-desktop.h>

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

#define MAX_SCRIPT 256

struct script_step {
    char command[16];
    double a, b, c;
    char text[64];
};

static struct script_step script[MAX_SCRIPT];
static size_t script_length;
static const char *script_path;

enum { POLL_MS = 20, SIZE_TIMEOUT_MS = 60000 };

static struct {
    struct weston_compositor *compositor;
    struct weston_view *window;
    struct weston_seat seat;
    struct weston_touch_device *device;
    struct wl_event_source *timer;
    bool started;
    size_t next;
    int paused_ms; // how long the current `size` or `hold` step has waited so far
} injector;

static struct weston_view *toplevel_view(void) {
    struct weston_view *view;
    wl_list_for_each(view, &injector.compositor->view_list, link) {
        const char *role = weston_surface_get_role(view->surface);
        if (role && !strcmp(role, "xdg_toplevel") && view->surface->width > 0) return view;
    }
    return NULL;
}

static void log_window(void) {
    weston_log("touch-injector: window at %d %d size %d %d\n", (int)injector.window->geometry.x,
               (int)injector.window->geometry.y, injector.window->surface->width, injector.window->surface->height);
}

// Whether a `size` or `hold` step must keep the script paused for now (false for every other step).
static bool step_pauses(const struct script_step *step) {
    if (!strcmp(step->command, "size")) {
        struct weston_view *view = toplevel_view();
        if (view && view->surface->width == (int)step->a && view->surface->height == (int)step->b) return false;
        if (injector.paused_ms < SIZE_TIMEOUT_MS) return true;
        weston_log("touch-injector: window never became %d x %d\n", (int)step->a, (int)step->b);
        return false;
    }
    if (!strcmp(step->command, "hold")) {
        if (injector.paused_ms == 0) weston_log("touch-injector: hold %s\n", step->text);
        char release[4096];
        snprintf(release, sizeof release, "%s.%s", script_path, step->text);
        return access(release, F_OK) != 0;
    }
    return false;
}

static int script_tick(void *data) {
    (void)data;
    if (!injector.started) {
        injector.window = toplevel_view();
        if (!injector.window) {
            wl_event_source_timer_update(injector.timer, 20);
            return 0;
        }
        injector.started = true;
        log_window();
        wl_event_source_timer_update(injector.timer, 300);
        return 0;
    }
    while (injector.next < script_length) {
        if (step_pauses(&script[injector.next])) {
            injector.paused_ms += POLL_MS;
            wl_event_source_timer_update(injector.timer, POLL_MS);
            return 0;
        }
        injector.paused_ms = 0;
        const struct script_step *step = &script[injector.next++];
        double x = injector.window->geometry.x + step->b, y = injector.window->geometry.y + step->c;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!strcmp(step->command, "wait")) {
            wl_event_source_timer_update(injector.timer, (int)step->a);
            return 0;
        } else if (!strcmp(step->command, "down") || !strcmp(step->command, "motion")) {
            notify_touch_normalized(injector.device, &now, (int)step->a, x, y, NULL,
                                    step->command[0] == 'd' ? TOUCH_DOWN : TOUCH_MOTION);
            notify_touch_frame(injector.device);
        } else if (!strcmp(step->command, "up")) {
            notify_touch_normalized(injector.device, &now, (int)step->a, 0, 0, NULL, TOUCH_UP);
            notify_touch_frame(injector.device);
        } else if (!strcmp(step->command, "mark")) {
            weston_log("touch-injector: mark %s\n", step->text);
        } else if (!strcmp(step->command, "resize")) {
            struct weston_desktop_surface *desktop = weston_surface_get_desktop_surface(injector.window->surface);
            if (desktop) weston_desktop_surface_set_size(desktop, (int32_t)step->a, (int32_t)step->b);
        } else if (!strcmp(step->command, "window")) {
            injector.window = toplevel_view();
            if (injector.window) log_window();
        }
    }
    weston_log("touch-injector: done\n");
    return 0;
}

static void load_script(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return;
    char line[256];
    while (fgets(line, sizeof line, file) && script_length < MAX_SCRIPT) {
        struct script_step *step = &script[script_length];
        memset(step, 0, sizeof *step);
        if (sscanf(line, "%15s", step->command) < 1 || step->command[0] == '#') continue;
        if (!strcmp(step->command, "mark") || !strcmp(step->command, "hold")) {
            sscanf(line, "%*s %63[^\n]", step->text);
        } else {
            sscanf(line, "%*s %lf %lf %lf", &step->a, &step->b, &step->c);
        }
        script_length++;
    }
    fclose(file);
}

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
    script_path = getenv("TOUCHSTONE_TOUCH_SCRIPT");
    if (script_path) load_script(script_path);
    injector.timer = wl_event_loop_add_timer(wl_display_get_event_loop(compositor->wl_display),
                                             script_length > 0 ? script_tick : tick, NULL);
    wl_event_source_timer_update(injector.timer, 20);
    weston_log("touch-injector: seat ready\n");
    return 0;
}
