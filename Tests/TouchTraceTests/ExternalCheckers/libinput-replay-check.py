#!/usr/bin/python3
"""Loads a libinput record file the way Debian's `libinput replay` does, using that script's own
functions (fetch, collect_events) and python-libevdev to build each device, stopping short of
creating the uinput device (no /dev/uinput is needed). Prints `devices=<n> frames=<n>`; exits 1 on
anything libinput replay would reject."""
import importlib.machinery
import importlib.util
import sys

import libevdev
import yaml

loader = importlib.machinery.SourceFileLoader("replay", "/usr/libexec/libinput/libinput-replay")
spec = importlib.util.spec_from_loader("replay", loader)
replay = importlib.util.module_from_spec(spec)
loader.exec_module(replay)

with open(sys.argv[1]) as f:
    recording = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
if replay.fetch(recording, "version") != 1:
    sys.exit("version is not 1")
devices = replay.fetch(recording, "devices")
if replay.fetch(recording, "ndevices") != len(devices):
    sys.exit("ndevices does not match")
frames = 0
for device in devices:
    evdev = replay.fetch(device, "evdev")
    d = libevdev.Device()
    d.name = replay.fetch(evdev, "name")
    ids = replay.fetch(evdev, "id")
    if len(ids) != 4:
        sys.exit("bad id")
    d.id = dict(zip(["bustype", "vendor", "product", "version"], ids))
    for evtype, evcodes in replay.fetch(evdev, "codes").items():
        for code in evcodes:
            data = None
            if evtype == libevdev.EV_ABS.value:
                v = replay.fetch(evdev, "absinfo")[code]
                data = libevdev.InputAbsInfo(minimum=v[0], maximum=v[1], fuzz=v[2], flat=v[3], resolution=v[4])
            d.enable(libevdev.evbit(evtype, code), data=data)
    for prop in replay.fetch(evdev, "properties"):
        d.enable(libevdev.propbit(prop))
    for prop in replay.fetch(replay.fetch(device, "udev"), "properties"):
        prop.split("=", maxsplit=1)[1]
    for event in replay.fetch(device, "events") or []:
        evs = replay.collect_events(replay.fetch(event, "evdev"))
        if not evs or not evs[-1].matches(libevdev.EV_SYN.SYN_REPORT):
            sys.exit("a frame does not end with SYN_REPORT")
        for e in evs:
            if not d.has(e.code):
                sys.exit("event %s is not enabled on the device" % e.code.name)
        frames += 1
print("devices=%d frames=%d" % (len(devices), frames))
