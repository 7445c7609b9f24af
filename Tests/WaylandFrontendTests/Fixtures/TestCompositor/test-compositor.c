// A scripted Wayland compositor for Touchstone's tests: a real protocol peer built on libwayland-server.
//
// It offers wl_compositor, wl_shm, wl_seat (touch and pointer), xdg_wm_base,
// zwp_pointer_gestures_v1 v3 and zxdg_decoration_manager_v1 (always server-side), waits until its
// one client has mapped a toplevel (configured, acked, committed with a buffer), then plays a
// session script: touch and gesture events stamped with synthetic, exactly known times and paced in
// real time by the same waits. The first configure proposes --size (0 x 0 by default: the client
// chooses); --output adds a wl_output with that mode and scale.
//
//   test-compositor --socket NAME --script FILE [--no-touch] [--no-gestures] [--no-decorations]
//                   [--size W H] [--output W H SCALE] [--timeout SECONDS]
//
// Script lines (blank lines and lines starting with '#' are ignored):
//   wait MS                      advance the clock: flush, sleep MS, add MS to the timestamps
//   down ID X Y | motion ID X Y | up ID | frame | cancel        (wl_touch; X Y in surface points)
//   swipe-begin N | swipe-update DX DY | swipe-end CANCELLED
//   pinch-begin N | pinch-update DX DY SCALE ROTATION | pinch-end CANCELLED
//   hold-begin N | hold-end CANCELLED
//   axis-finger DX DY            one frame of two-finger scrolling (wl_pointer v5: axis_source
//                                finger, axis for each nonzero value, frame); DX DY in surface points
//   axis-stop                    the scroll's end (axis_source finger, axis_stop on both axes, frame)
//   pointer X Y                  wl_pointer.motion to X Y (surface points), and a frame
//   button CODE PRESSED          wl_pointer.button: CODE a linux button code (272 left, 273
//                                right), PRESSED 1 or 0; a press prints "pressed SERIAL"
//   resize W H                   a new xdg_toplevel configure
//   storm N                      N configures at once, of sizes that all differ, the last 700 x 500
//   settle                       pause the script (not the clock) until the client has acked the
//                                last configure and committed a buffer after it: a test of the
//                                result of configures then does not depend on how fast the client is
//   close                        xdg_toplevel.close
//   vanish                       exit at once, as a crashed compositor would
// The compositor exits 0 when its client disconnects after the script, 2 on a usage or script
// error, 3 on timeout. On stdout it prints "mapped W H" when the client maps its window and
// "buffer W H" for every buffer the client commits, so a test can see that resize was honoured;
// "touch-down SERIAL" for each touch down it sends, "entered SERIAL" when the pointer enters the
// window; "cursor SERIAL HX HY" for each wl_pointer.set_cursor (its surface given a role only by
// that) and "cursor-buffer W H" for each buffer committed to a cursor surface; and each window-management request of the
// client: "move SERIAL", "resize SERIAL EDGES", "window-menu SERIAL X Y", "maximize" and
// "unmaximize" (each answered by a configure with or without the maximized state).
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server.h>

#include "pointer-gestures-unstable-v1-server-protocol.h"
#include "xdg-shell-server-protocol.h"
#include "xdg-decoration-unstable-v1-server-protocol.h"

#define MAX_STEPS 4096
#define START_TIME_MS 1000

struct step {
    char command[32];
    double a, b, c, d;
};

static struct {
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wl_event_source *timer;
    struct step steps[MAX_STEPS];
    int step_count;
    int next_step;
    uint32_t time_ms;
    bool offer_touch, offer_gestures, offer_decorations;
    int output_width, output_height, output_scale;
    bool script_started, script_done;
    bool had_client;
    // The one client's objects (the latest of each kind).
    struct wl_resource *surface, *xdg_surface, *toplevel;
    struct wl_resource *touch, *pointer;
    struct wl_resource *swipe, *pinch, *hold;
    struct wl_resource *pending_buffer;
    // A buffer attached to another surface of the client's (its pointer cursor), until committed.
    struct wl_resource *other_pending_buffer;
    bool configured, mapped, maximized;
    int width, height;
    uint32_t serial;
    // The serial of the last configure sent and of the last one the client acked, whether a buffer
    // was committed since that ack, and `settling` while a `settle` step waits for all three to agree.
    uint32_t configure_serial, acked_serial;
    bool committed_since_ack, settling;
} state;

static void fail(const char *message) {
    fprintf(stderr, "test-compositor: %s\n", message);
    exit(2);
}

static uint32_t next_serial(void) { return ++state.serial; }

static void destroy_request(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void clear_reference(struct wl_resource *resource) {
    struct wl_resource **slots[] = {&state.surface, &state.xdg_surface, &state.toplevel, &state.touch,
                                    &state.pointer, &state.swipe, &state.pinch, &state.hold,
                                    &state.pending_buffer, &state.other_pending_buffer};
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
        if (*slots[i] == resource) *slots[i] = NULL;
}

static struct wl_resource *create_resource(struct wl_client *client, const struct wl_interface *interface,
                                           int version, uint32_t id, const void *implementation) {
    struct wl_resource *resource = wl_resource_create(client, interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return NULL;
    }
    wl_resource_set_implementation(resource, implementation, NULL, clear_reference);
    return resource;
}

// MARK: - Script

static void send_configure(void) {
    if (!state.toplevel || !state.xdg_surface) return;
    struct wl_array states;
    wl_array_init(&states);
    uint32_t *activated = wl_array_add(&states, sizeof(uint32_t));
    *activated = XDG_TOPLEVEL_STATE_ACTIVATED;
    if (state.maximized) {
        uint32_t *maximized = wl_array_add(&states, sizeof(uint32_t));
        *maximized = XDG_TOPLEVEL_STATE_MAXIMIZED;
    }
    xdg_toplevel_send_configure(state.toplevel, state.width, state.height, &states);
    wl_array_release(&states);
    state.configure_serial = next_serial();
    xdg_surface_send_configure(state.xdg_surface, state.configure_serial);
}

static wl_fixed_t fixed(double value) { return wl_fixed_from_double(value); }

static void run_step(const struct step *s) {
    const char *c = s->command;
    uint32_t t = state.time_ms;
    if (!strcmp(c, "down")) {
        if (state.touch && state.surface) {
            uint32_t serial = next_serial();
            wl_touch_send_down(state.touch, serial, t, state.surface, (int32_t)s->a, fixed(s->b), fixed(s->c));
            printf("touch-down %u\n", serial);
        }
    } else if (!strcmp(c, "pointer")) {
        if (!state.pointer) return;
        wl_pointer_send_motion(state.pointer, t, fixed(s->a), fixed(s->b));
        if (wl_resource_get_version(state.pointer) >= WL_POINTER_FRAME_SINCE_VERSION) wl_pointer_send_frame(state.pointer);
    } else if (!strcmp(c, "button")) {
        if (!state.pointer) return;
        uint32_t serial = next_serial();
        bool pressed = s->b != 0;
        wl_pointer_send_button(state.pointer, serial, t, (uint32_t)s->a,
                               pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        if (wl_resource_get_version(state.pointer) >= WL_POINTER_FRAME_SINCE_VERSION) wl_pointer_send_frame(state.pointer);
        if (pressed) printf("pressed %u\n", serial);
    } else if (!strcmp(c, "motion")) {
        if (state.touch) wl_touch_send_motion(state.touch, t, (int32_t)s->a, fixed(s->b), fixed(s->c));
    } else if (!strcmp(c, "up")) {
        if (state.touch) wl_touch_send_up(state.touch, next_serial(), t, (int32_t)s->a);
    } else if (!strcmp(c, "frame")) {
        if (state.touch) wl_touch_send_frame(state.touch);
    } else if (!strcmp(c, "cancel")) {
        if (state.touch) wl_touch_send_cancel(state.touch);
    } else if (!strcmp(c, "swipe-begin")) {
        if (state.swipe && state.surface)
            zwp_pointer_gesture_swipe_v1_send_begin(state.swipe, next_serial(), t, state.surface, (uint32_t)s->a);
    } else if (!strcmp(c, "swipe-update")) {
        if (state.swipe) zwp_pointer_gesture_swipe_v1_send_update(state.swipe, t, fixed(s->a), fixed(s->b));
    } else if (!strcmp(c, "swipe-end")) {
        if (state.swipe) zwp_pointer_gesture_swipe_v1_send_end(state.swipe, next_serial(), t, (int32_t)s->a);
    } else if (!strcmp(c, "pinch-begin")) {
        if (state.pinch && state.surface)
            zwp_pointer_gesture_pinch_v1_send_begin(state.pinch, next_serial(), t, state.surface, (uint32_t)s->a);
    } else if (!strcmp(c, "pinch-update")) {
        if (state.pinch)
            zwp_pointer_gesture_pinch_v1_send_update(state.pinch, t, fixed(s->a), fixed(s->b), fixed(s->c), fixed(s->d));
    } else if (!strcmp(c, "pinch-end")) {
        if (state.pinch) zwp_pointer_gesture_pinch_v1_send_end(state.pinch, next_serial(), t, (int32_t)s->a);
    } else if (!strcmp(c, "hold-begin")) {
        if (state.hold && state.surface)
            zwp_pointer_gesture_hold_v1_send_begin(state.hold, next_serial(), t, state.surface, (uint32_t)s->a);
    } else if (!strcmp(c, "hold-end")) {
        if (state.hold) zwp_pointer_gesture_hold_v1_send_end(state.hold, next_serial(), t, (int32_t)s->a);
    } else if (!strcmp(c, "axis-finger") || !strcmp(c, "axis-stop")) {
        if (!state.pointer || wl_resource_get_version(state.pointer) < WL_POINTER_AXIS_STOP_SINCE_VERSION) return;
        wl_pointer_send_axis_source(state.pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        if (!strcmp(c, "axis-finger")) {
            if (s->a != 0) wl_pointer_send_axis(state.pointer, t, WL_POINTER_AXIS_HORIZONTAL_SCROLL, fixed(s->a));
            if (s->b != 0) wl_pointer_send_axis(state.pointer, t, WL_POINTER_AXIS_VERTICAL_SCROLL, fixed(s->b));
        } else {
            wl_pointer_send_axis_stop(state.pointer, t, WL_POINTER_AXIS_HORIZONTAL_SCROLL);
            wl_pointer_send_axis_stop(state.pointer, t, WL_POINTER_AXIS_VERTICAL_SCROLL);
        }
        wl_pointer_send_frame(state.pointer);
    } else if (!strcmp(c, "resize")) {
        state.width = (int)s->a;
        state.height = (int)s->b;
        send_configure();
    } else if (!strcmp(c, "storm")) {
        for (int i = (int)s->a - 1; i >= 0; i--) {
            state.width = 700 - i * 3;
            state.height = 500 - i * 2;
            send_configure();
        }
    } else if (!strcmp(c, "close")) {
        if (state.toplevel) xdg_toplevel_send_close(state.toplevel);
    } else if (!strcmp(c, "vanish")) {
        fflush(stdout);
        _exit(0);
    }
}

// Runs steps until the next wait, then arms the timer for it.
static int advance_script(void *data) {
    (void)data;
    while (state.next_step < state.step_count) {
        const struct step *s = &state.steps[state.next_step++];
        if (!strcmp(s->command, "settle")) {
            if (state.acked_serial == state.configure_serial && state.committed_since_ack) continue;
            wl_display_flush_clients(state.display);
            state.settling = true;  // surface_commit resumes the script
            return 0;
        }
        if (!strcmp(s->command, "wait")) {
            state.time_ms += (uint32_t)s->a;
            wl_display_flush_clients(state.display);
            wl_event_source_timer_update(state.timer, s->a > 0 ? (int)s->a : 1);
            return 0;
        }
        run_step(s);
    }
    wl_display_flush_clients(state.display);
    state.script_done = true;
    return 0;
}

static void load_script(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) fail("cannot open the script");
    char line[256];
    int number = 0;
    while (fgets(line, sizeof line, file)) {
        number++;
        char *text = line + strspn(line, " \t");
        if (*text == '#' || *text == '\n' || *text == '\0') continue;
        if (state.step_count == MAX_STEPS) fail("script too long");
        struct step *s = &state.steps[state.step_count++];
        memset(s, 0, sizeof *s);
        if (sscanf(text, "%31s %lf %lf %lf %lf", s->command, &s->a, &s->b, &s->c, &s->d) < 1) {
            fprintf(stderr, "test-compositor: %s:%d: unreadable line\n", path, number);
            exit(2);
        }
    }
    fclose(file);
}

static void start_script_when_mapped(void) {
    if (state.script_started || !state.mapped) return;
    state.script_started = true;
    // Pointer focus first: gestures go to the surface under the pointer.
    if (state.pointer) {
        uint32_t serial = next_serial();
        wl_pointer_send_enter(state.pointer, serial, state.surface, fixed(10), fixed(10));
        printf("entered %u\n", serial);
    }
    wl_display_flush_clients(state.display);
    wl_event_source_timer_update(state.timer, 50);
}

// MARK: - wl_surface, wl_region, wl_compositor

static void surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer,
                           int32_t x, int32_t y) {
    (void)client, (void)resource, (void)x, (void)y;
    if (resource == state.surface) state.pending_buffer = buffer;
    else state.other_pending_buffer = buffer;
}

static void surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t callback) {
    (void)resource;
    struct wl_resource *done = wl_resource_create(client, &wl_callback_interface, 1, callback);
    if (!done) return;
    // No vblank here: a frame is "presented" at once.
    wl_callback_send_done(done, state.time_ms);
    wl_resource_destroy(done);
}

static void surface_commit(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    if (resource != state.surface) {  // the cursor's surface: its buffer is shown, and released
        struct wl_resource *other = state.other_pending_buffer;
        state.other_pending_buffer = NULL;
        struct wl_shm_buffer *shm = other ? wl_shm_buffer_get(other) : NULL;
        if (shm) printf("cursor-buffer %d %d\n", wl_shm_buffer_get_width(shm), wl_shm_buffer_get_height(shm));
        if (other) wl_buffer_send_release(other);
        return;
    }
    struct wl_resource *buffer = state.pending_buffer;
    state.pending_buffer = NULL;
    if (!buffer) {
        if (!state.configured) {
            state.configured = true;
            send_configure();
        }
        return;
    }
    struct wl_shm_buffer *shm = wl_shm_buffer_get(buffer);
    if (shm) {
        printf("buffer %d %d\n", wl_shm_buffer_get_width(shm), wl_shm_buffer_get_height(shm));
        fflush(stdout);
    }
    wl_buffer_send_release(buffer);
    state.committed_since_ack = true;
    if (state.settling && state.acked_serial == state.configure_serial) {
        state.settling = false;
        wl_event_source_timer_update(state.timer, 1);
    }
    if (!state.mapped) {
        state.mapped = true;
        printf("mapped %d %d\n", state.width, state.height);
        fflush(stdout);
        start_script_when_mapped();
    }
}

static void ignore_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region) {
    (void)c, (void)r, (void)region;
}
static void ignore_int(struct wl_client *c, struct wl_resource *r, int32_t value) { (void)c, (void)r, (void)value; }
static void ignore_rect(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c, (void)r, (void)x, (void)y, (void)w, (void)h;
}
static void ignore_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) {
    (void)c, (void)r, (void)x, (void)y;
}

static const struct wl_surface_interface surface_implementation = {
    .destroy = destroy_request,
    .attach = surface_attach,
    .damage = ignore_rect,
    .frame = surface_frame,
    .set_opaque_region = ignore_region,
    .set_input_region = ignore_region,
    .commit = surface_commit,
    .set_buffer_transform = ignore_int,
    .set_buffer_scale = ignore_int,
    .damage_buffer = ignore_rect,
    .offset = ignore_offset,
};

static const struct wl_region_interface region_implementation = {
    .destroy = destroy_request,
    .add = ignore_rect,
    .subtract = ignore_rect,
};

// The window's surface is the one given the xdg_surface role; any other is its pointer cursor's.
static void compositor_create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    create_resource(client, &wl_surface_interface, wl_resource_get_version(resource), id, &surface_implementation);
}

static void compositor_create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    create_resource(client, &wl_region_interface, wl_resource_get_version(resource), id, &region_implementation);
}

static const struct wl_compositor_interface compositor_implementation = {
    .create_surface = compositor_create_surface,
    .create_region = compositor_create_region,
};

static void bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    create_resource(client, &wl_compositor_interface, (int)version, id, &compositor_implementation);
}

// MARK: - wl_seat

static void pointer_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t serial, struct wl_resource *s,
                               int32_t x, int32_t y) {
    (void)c, (void)r;
    if (s) printf("cursor %u %d %d\n", serial, x, y);
    else printf("cursor %u hidden\n", serial);
}

static const struct wl_pointer_interface pointer_implementation = {
    .set_cursor = pointer_set_cursor,
    .release = destroy_request,
};

static const struct wl_touch_interface touch_implementation = {.release = destroy_request};

static void seat_get_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    state.pointer = create_resource(client, &wl_pointer_interface, wl_resource_get_version(resource), id,
                                    &pointer_implementation);
}

static void seat_get_keyboard(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    (void)id;
    wl_resource_post_error(resource, WL_SEAT_ERROR_MISSING_CAPABILITY, "no keyboard here");
    (void)client;
}

static void seat_get_touch(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    state.touch = create_resource(client, &wl_touch_interface, wl_resource_get_version(resource), id,
                                  &touch_implementation);
}

static const struct wl_seat_interface seat_implementation = {
    .get_pointer = seat_get_pointer,
    .get_keyboard = seat_get_keyboard,
    .get_touch = seat_get_touch,
    .release = destroy_request,
};

static void bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *seat = create_resource(client, &wl_seat_interface, (int)version, id, &seat_implementation);
    if (!seat) return;
    uint32_t capabilities = WL_SEAT_CAPABILITY_POINTER | (state.offer_touch ? WL_SEAT_CAPABILITY_TOUCH : 0);
    wl_seat_send_capabilities(seat, capabilities);
    if (version >= WL_SEAT_NAME_SINCE_VERSION) wl_seat_send_name(seat, "seat-test");
}

// MARK: - xdg_wm_base

static void toplevel_ignore_string(struct wl_client *c, struct wl_resource *r, const char *s) {
    (void)c, (void)r, (void)s;
}
static void toplevel_ignore_resource(struct wl_client *c, struct wl_resource *r, struct wl_resource *o) {
    (void)c, (void)r, (void)o;
}
static void toplevel_ignore(struct wl_client *c, struct wl_resource *r) { (void)c, (void)r; }
static void toplevel_ignore_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {
    (void)c, (void)r, (void)w, (void)h;
}

static void toplevel_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat, uint32_t serial) {
    (void)c, (void)r, (void)seat;
    printf("move %u\n", serial);
    fflush(stdout);
}
static void toplevel_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat, uint32_t serial,
                            uint32_t edges) {
    (void)c, (void)r, (void)seat;
    printf("resize %u %u\n", serial, edges);
    fflush(stdout);
}
static void toplevel_show_window_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat,
                                      uint32_t serial, int32_t x, int32_t y) {
    (void)c, (void)r, (void)seat;
    printf("window-menu %u %d %d\n", serial, x, y);
    fflush(stdout);
}
// Maximizing keeps the size (the test has no output to fill): the configure's state says it.
static void set_maximized(bool maximized) {
    printf(maximized ? "maximize\n" : "unmaximize\n");
    fflush(stdout);
    state.maximized = maximized;
    send_configure();
}
static void toplevel_set_maximized(struct wl_client *c, struct wl_resource *r) { (void)c, (void)r, set_maximized(true); }
static void toplevel_unset_maximized(struct wl_client *c, struct wl_resource *r) { (void)c, (void)r, set_maximized(false); }

static const struct xdg_toplevel_interface toplevel_implementation = {
    .destroy = destroy_request,
    .set_parent = toplevel_ignore_resource,
    .set_title = toplevel_ignore_string,
    .set_app_id = toplevel_ignore_string,
    .set_max_size = toplevel_ignore_size,
    .set_min_size = toplevel_ignore_size,
    .show_window_menu = toplevel_show_window_menu,
    .move = toplevel_move,
    .resize = toplevel_resize,
    .set_maximized = toplevel_set_maximized,
    .unset_maximized = toplevel_unset_maximized,
    .unset_fullscreen = toplevel_ignore,
    .set_fullscreen = toplevel_ignore_resource,
    .set_minimized = toplevel_ignore,
};

static void xdg_surface_get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    state.toplevel = create_resource(client, &xdg_toplevel_interface, wl_resource_get_version(resource), id,
                                     &toplevel_implementation);
}

static void xdg_surface_ack_configure(struct wl_client *c, struct wl_resource *r, uint32_t serial) {
    (void)c, (void)r;
    state.acked_serial = serial;
    state.committed_since_ack = false;
}

static const struct xdg_surface_interface xdg_surface_implementation = {
    .destroy = destroy_request,
    .get_toplevel = xdg_surface_get_toplevel,
    .set_window_geometry = ignore_rect,
    .ack_configure = xdg_surface_ack_configure,
};

static void wm_base_get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                                    struct wl_resource *surface) {
    state.surface = surface;
    state.xdg_surface = create_resource(client, &xdg_surface_interface, wl_resource_get_version(resource), id,
                                        &xdg_surface_implementation);
}

static void wm_base_pong(struct wl_client *c, struct wl_resource *r, uint32_t serial) { (void)c, (void)r, (void)serial; }

static const struct xdg_wm_base_interface wm_base_implementation = {
    .destroy = destroy_request,
    .get_xdg_surface = wm_base_get_xdg_surface,
    .pong = wm_base_pong,
};

static void bind_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    create_resource(client, &xdg_wm_base_interface, (int)version, id, &wm_base_implementation);
}

// MARK: - zwp_pointer_gestures_v1

static const struct zwp_pointer_gesture_swipe_v1_interface swipe_implementation = {.destroy = destroy_request};
static const struct zwp_pointer_gesture_pinch_v1_interface pinch_implementation = {.destroy = destroy_request};
static const struct zwp_pointer_gesture_hold_v1_interface hold_implementation = {.destroy = destroy_request};

static void gestures_get_swipe(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                               struct wl_resource *pointer) {
    (void)pointer;
    state.swipe = create_resource(client, &zwp_pointer_gesture_swipe_v1_interface,
                                  wl_resource_get_version(resource), id, &swipe_implementation);
}

static void gestures_get_pinch(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                               struct wl_resource *pointer) {
    (void)pointer;
    state.pinch = create_resource(client, &zwp_pointer_gesture_pinch_v1_interface,
                                  wl_resource_get_version(resource), id, &pinch_implementation);
}

static void gestures_get_hold(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                              struct wl_resource *pointer) {
    (void)pointer;
    state.hold = create_resource(client, &zwp_pointer_gesture_hold_v1_interface,
                                 wl_resource_get_version(resource), id, &hold_implementation);
}

static const struct zwp_pointer_gestures_v1_interface gestures_implementation = {
    .get_swipe_gesture = gestures_get_swipe,
    .get_pinch_gesture = gestures_get_pinch,
    .release = destroy_request,
    .get_hold_gesture = gestures_get_hold,
};

static void bind_gestures(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    create_resource(client, &zwp_pointer_gestures_v1_interface, (int)version, id, &gestures_implementation);
}

// MARK: - zxdg_decoration_manager_v1 (the compositor always draws the decorations)

static void decoration_set_mode(struct wl_client *c, struct wl_resource *r, uint32_t mode) {
    (void)c, (void)mode;
    zxdg_toplevel_decoration_v1_send_configure(r, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
}

static void decoration_unset_mode(struct wl_client *c, struct wl_resource *r) {
    (void)c;
    zxdg_toplevel_decoration_v1_send_configure(r, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
}

static const struct zxdg_toplevel_decoration_v1_interface decoration_implementation = {
    .destroy = destroy_request,
    .set_mode = decoration_set_mode,
    .unset_mode = decoration_unset_mode,
};

static void decorations_get(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                            struct wl_resource *toplevel) {
    (void)toplevel;
    create_resource(client, &zxdg_toplevel_decoration_v1_interface, wl_resource_get_version(resource), id,
                    &decoration_implementation);
}

static const struct zxdg_decoration_manager_v1_interface decorations_implementation = {
    .destroy = destroy_request,
    .get_toplevel_decoration = decorations_get,
};

static void bind_decorations(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    create_resource(client, &zxdg_decoration_manager_v1_interface, (int)version, id, &decorations_implementation);
}

// MARK: - wl_output

static const struct wl_output_interface output_implementation = {.release = destroy_request};

static void bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *output = create_resource(client, &wl_output_interface, (int)version, id, &output_implementation);
    if (!output) return;
    wl_output_send_geometry(output, 0, 0, 300, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "test", "output",
                            WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(output, WL_OUTPUT_MODE_CURRENT, state.output_width, state.output_height, 60000);
    if (version >= 2) {
        wl_output_send_scale(output, state.output_scale);
        wl_output_send_done(output);
    }
}

// MARK: - Main loop

static void client_created(struct wl_listener *listener, void *data) {
    (void)listener, (void)data;
    state.had_client = true;
}

static struct wl_listener client_listener = {.notify = client_created};

int main(int argc, char **argv) {
    const char *socket = NULL, *script = NULL;
    int timeout_seconds = 30;
    state.offer_touch = state.offer_gestures = state.offer_decorations = true;
    state.width = 0;
    state.height = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--socket") && i + 1 < argc) socket = argv[++i];
        else if (!strcmp(argv[i], "--script") && i + 1 < argc) script = argv[++i];
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) timeout_seconds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-touch")) state.offer_touch = false;
        else if (!strcmp(argv[i], "--no-gestures")) state.offer_gestures = false;
        else if (!strcmp(argv[i], "--no-decorations")) state.offer_decorations = false;
        else if (!strcmp(argv[i], "--size") && i + 2 < argc) {
            state.width = atoi(argv[++i]);
            state.height = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--output") && i + 3 < argc) {
            state.output_width = atoi(argv[++i]);
            state.output_height = atoi(argv[++i]);
            state.output_scale = atoi(argv[++i]);
        } else
            fail("usage: test-compositor --socket NAME --script FILE [--no-touch] [--no-gestures] [--no-decorations]"
                 " [--size W H] [--output W H SCALE] [--timeout SECONDS]");
    }
    if (!socket || !script) fail("--socket and --script are required");
    load_script(script);
    state.time_ms = START_TIME_MS;

    state.display = wl_display_create();
    if (!state.display) fail("wl_display_create failed");
    if (wl_display_add_socket(state.display, socket) != 0) fail("cannot create the socket");
    wl_display_init_shm(state.display);
    wl_global_create(state.display, &wl_compositor_interface, 4, NULL, bind_compositor);
    wl_global_create(state.display, &wl_seat_interface, 5, NULL, bind_seat);
    wl_global_create(state.display, &xdg_wm_base_interface, 2, NULL, bind_wm_base);
    if (state.offer_gestures)
        wl_global_create(state.display, &zwp_pointer_gestures_v1_interface, 3, NULL, bind_gestures);
    if (state.offer_decorations)
        wl_global_create(state.display, &zxdg_decoration_manager_v1_interface, 1, NULL, bind_decorations);
    if (state.output_scale > 0) wl_global_create(state.display, &wl_output_interface, 3, NULL, bind_output);
    wl_display_add_client_created_listener(state.display, &client_listener);

    state.loop = wl_display_get_event_loop(state.display);
    state.timer = wl_event_loop_add_timer(state.loop, advance_script, NULL);
    printf("listening %s\n", socket);
    fflush(stdout);

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        wl_display_flush_clients(state.display);
        if (wl_event_loop_dispatch(state.loop, 100) < 0 && errno != EINTR) fail("event loop failed");
        struct wl_list *clients = wl_display_get_client_list(state.display);
        if (state.had_client && wl_list_empty(clients)) break;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec > timeout_seconds) {
            fprintf(stderr, "test-compositor: timed out\n");
            return 3;
        }
    }
    printf("client gone%s\n", state.script_done ? "" : " before the script ended");
    wl_display_destroy(state.display);
    return 0;
}
