#!/usr/bin/env python3
"""Writes the getevent and evtest fixtures beside this script.

The logs are written in the exact layouts that AOSP's getevent (system/core/toolbox/getevent.c:
print_event, print_possible_events, print_input_props) and freedesktop's evtest (evtest.c:
print_events, print_absdata) print, from sessions defined below. Nothing is copied from any
recording; run this script to regenerate them (the output is deterministic)."""

import math

ABS = {'X': 0x00, 'Y': 0x01, 'PRESSURE': 0x18, 'SLOT': 0x2f, 'MAJOR': 0x30, 'MTX': 0x35, 'MTY': 0x36,
       'TRACKING': 0x39, 'MTPRESSURE': 0x3a}
NAMES = {(0, 0): 'SYN_REPORT', (0, 2): 'SYN_MT_REPORT', (1, 0x14a): 'BTN_TOUCH', (1, 0x145): 'BTN_TOOL_FINGER',
         (1, 0x74): 'KEY_POWER', (1, 0x72): 'KEY_VOLUMEDOWN', (3, 0): 'ABS_X', (3, 1): 'ABS_Y',
         (3, 0x18): 'ABS_PRESSURE', (3, 0x2f): 'ABS_MT_SLOT', (3, 0x30): 'ABS_MT_TOUCH_MAJOR',
         (3, 0x35): 'ABS_MT_POSITION_X', (3, 0x36): 'ABS_MT_POSITION_Y', (3, 0x39): 'ABS_MT_TRACKING_ID',
         (3, 0x3a): 'ABS_MT_PRESSURE', (4, 5): 'MSC_TIMESTAMP'}
TYPES = {0: 'EV_SYN', 1: 'EV_KEY', 3: 'EV_ABS', 4: 'EV_MSC'}


def session(kind):
    """Frames of contacts {finger: (x, y)}: the gesture each fixture holds."""
    frames = []
    if kind == 'pinch':  # two fingers spread apart, then a tap
        for i in range(12):
            contacts = {0: (500 - 20 * i, 1200 - 30 * i)}
            if i >= 2:
                contacts[1] = (600 + 20 * i, 1300 + 30 * i)
            frames.append(contacts)
        frames.append({1: (840, 1660)})
        frames.append({})
        frames += [{2: (300, 300)}, {2: (301, 302)}, {}]
    elif kind == 'three':  # three fingers land one by one, swipe, lift together
        for i in range(14):
            contacts = {f: (200 + 150 * f, 900 - 25 * i) for f in range(min(3, 1 + i // 2))}
            frames.append(contacts)
        frames.append({})
    elif kind == 'drag':  # a single finger drag and a second touch
        for i in range(10):
            frames.append({0: (100 + 37 * i, 200 + 11 * i)})
        frames.append({})
        frames += [{1: (1000, 500)}, {1: (1003, 498)}, {}]
    return frames


def protocol_b(frames, pressure=False):
    out, slots, tracking = [], {}, 100
    for contacts in frames:
        events = []
        for finger in sorted(set(slots) | set(contacts)):
            if finger not in contacts:
                events += [(3, ABS['SLOT'], slots.pop(finger)[0]), (3, ABS['TRACKING'], -1)]
                continue
            x, y = contacts[finger]
            if finger not in slots:
                used = {s for s, _ in slots.values()}
                slot = min(s for s in range(10) if s not in used)
                tracking += 1
                slots[finger] = (slot, None)
                events += [(3, ABS['SLOT'], slot), (3, ABS['TRACKING'], tracking)]
            else:
                events.append((3, ABS['SLOT'], slots[finger][0]))
            slot, last = slots[finger]
            if last is None or last[0] != x: events.append((3, ABS['MTX'], x))
            if last is None or last[1] != y: events.append((3, ABS['MTY'], y))
            if pressure: events.append((3, ABS['MTPRESSURE'], 40 + (x + y) % 20))
            slots[finger] = (slot, (x, y))
        if frames.index(contacts) == 0 or (not contacts) != (not out[-1][1]):
            pass
        out.append((events + [(0, 0, 0)], contacts))
    # BTN_TOUCH when the first finger lands and the last lifts
    result, down = [], False
    for events, contacts in out:
        if bool(contacts) != down:
            down = bool(contacts)
            events = events[:-1] + [(1, 0x14a, 1 if down else 0), (0, 0, 0)]
        result.append(events)
    return result


def protocol_a(frames, tracking_ids):
    result, ids, next_id = [], {}, 7
    for contacts in frames:
        events = []
        for finger in sorted(contacts):
            if finger not in ids:
                ids[finger] = next_id
                next_id += 1
            x, y = contacts[finger]
            if tracking_ids: events.append((3, ABS['TRACKING'], ids[finger]))
            events += [(3, ABS['MAJOR'], 6), (3, ABS['MTX'], x), (3, ABS['MTY'], y), (0, 2, 0)]
        for finger in list(ids):
            if finger not in contacts: del ids[finger]
        if not contacts: events.append((0, 2, 0))
        result.append(events + [(0, 0, 0)])
    return result


def single_touch(frames):
    result, down = [], False
    for contacts in frames:
        events = []
        if contacts:
            x, y = next(iter(contacts.values()))
            if not down: events.append((1, 0x14a, 1))
            events += [(3, ABS['X'], x), (3, ABS['Y'], y), (3, ABS['PRESSURE'], 30)]
            down = True
        elif down:
            events += [(3, ABS['PRESSURE'], 0), (1, 0x14a, 0)]
            down = False
        result.append(events + [(0, 0, 0)])
    return result


def stamp(frames, start, step):
    """(seconds, microseconds, type, code, value) for each event, one time per frame."""
    out = []
    for i, frame in enumerate(frames):
        t = start + i * step
        out += [(t // 1_000_000, t % 1_000_000) + e for e in frame]
    return out


# --- getevent --------------------------------------------------------------------------------------

def ge_event(e, labels, timed, device):
    sec, usec, type_, code, value = e
    line = ''
    if timed: line += '[%8d.%06d] ' % (sec, usec)
    if device: line += '%s: ' % device
    if labels:
        line += '%-12.12s' % TYPES[type_]
        name = NAMES.get((type_, code))
        line += (' %-20.20s' % name) if name else (' %04x                ' % code)
        if type_ == 1 and value in (0, 1):
            line += ' %-20.20s' % ('DOWN' if value else 'UP')
        else:
            line += ' %08x            ' % (value & 0xffffffff)
        return line.rstrip() if labels == 'strip' else line
    return line + '%04x %04x %08x' % (type_, code, value & 0xffffffff)


def ge_device(number, node, name, caps, props, labels, ids=(0, 0, 0, 0)):
    lines = ['add device %d: %s' % (number, node)]
    if caps is None:
        return lines + ['  name:     "%s"' % name]
    lines += ['  bus:      %04x' % ids[0], '  vendor    %04x' % ids[1], '  product   %04x' % ids[2],
              '  version   %04x' % ids[3], '  name:     "%s"' % name, '  location: ""', '  id:       ""',
              '  version:  1.0.1', '  events:']
    for type_, label, codes in caps:
        line = '    %s (%04x):' % (label, type_)
        for i, c in enumerate(codes):
            code = c[0] if isinstance(c, tuple) else c
            if i and (type_ == 3 or i % (4 if labels else 8) == 0):
                lines.append(line)
                line = '               '
            name = NAMES.get((type_, code))
            line += (' %-20.20s ' % name) if labels and name else (' %04x ' % code if not labels else ' %04x                 ' % code)
            if type_ == 3:
                _, lo, hi, res = c
                line += ' : value 0, min %d, max %d, fuzz 0, flat 0, resolution %d' % (lo, hi, res)
        lines.append(line)
    lines.append('  input props:')
    lines += ['    %s' % p for p in props] if props else ['    <none>']
    return lines


def write(name, lines):
    with open(name, 'w') as f:
        f.write('\n'.join(lines) + '\n')


screen_caps = [(1, 'KEY', [0x14a]),
               (3, 'ABS', [(0x2f, 0, 9, 0), (0x35, 0, 1079, 0), (0x36, 0, 2339, 0), (0x39, 0, 65535, 0), (0x3a, 0, 255, 0)])]
keys_caps = [(1, 'KEY', [0x72, 0x74])]

# 1. getevent -lp then getevent -lt: protocol B touchscreen and a key device, device prefixes.
touch = stamp(protocol_b(session('pinch'), pressure=True), 81594155379, 8333)
keys = stamp([[(1, 0x74, 1), (0, 0, 0)], [(1, 0x74, 0), (0, 0, 0)]], 81594180000, 60000)
merged = sorted([(e, '/dev/input/event2') for e in touch] + [(e, '/dev/input/event0') for e in keys],
                key=lambda p: (p[0][0], p[0][1]))
lines = ge_device(1, '/dev/input/event2', 'synaptics_dsx', screen_caps, ['INPUT_PROP_DIRECT'], True, (0x1c, 0x06cb, 0x0001, 0x0100))
lines += ['could not get driver version for /dev/input/mouse0, Not a typewriter']
lines += ge_device(2, '/dev/input/event0', 'gpio-keys', keys_caps, [], True, (0x19, 0x0001, 0x0001, 0x0100))
lines += ['add device 1: /dev/input/event2', '  name:     "synaptics_dsx"',
          'add device 2: /dev/input/event0', '  name:     "gpio-keys"']
lines += [ge_event(e, True, True, d) for e, d in merged]
write('pinch-protocol-b.getevent-lp-lt.txt', lines)

# 2. getevent -t /dev/input/event1: protocol A with tracking ids, no -p, no prefixes (one device).
write('three-finger-protocol-a-tracking.getevent-t.txt',
      [ge_event(e, False, True, None) for e in stamp(protocol_a(session('three'), True), 5230001000, 11000)])

# 3. getevent (plain, hex, no times): protocol A without tracking ids, add device header, prefixes.
lines = ge_device(1, '/dev/input/event3', 'elan-touchscreen', None, [], False)
lines += [ge_event(e, False, False, '/dev/input/event3') for e in stamp(protocol_a(session('drag'), False), 0, 10000)]
write('drag-protocol-a.getevent.txt', lines)

# 4. getevent -l with single touch, names padded as getevent pads them, no prefixes.
single_caps = [(1, 'KEY', [0x14a]), (3, 'ABS', [(0, 0, 4095, 0), (1, 0, 4095, 0), (0x18, 0, 255, 0)])]
lines = ge_device(1, '/dev/input/event1', 'ADS7846 Touchscreen', single_caps, [], True)
lines += [ge_event(e, True, True, None) for e in stamp(single_touch(session('drag')), 912000, 12000)]
write('drag-single-touch.getevent-lp-lt.txt', lines)

# 5. getevent (plain hex, no times, -p in hex): protocol B with prefixes, and a device that is
#    not a touch device sending events.
lines = ge_device(1, '/dev/input/event4', 'fts_ts', screen_caps, ['0001'], False, (0x18, 0, 0, 0))
lines += ge_device(2, '/dev/input/event0', 'qpnp_pon', keys_caps, [], False)
touch = stamp(protocol_b(session('three')), 0, 10000)
lines += [ge_event(e, False, False, '/dev/input/event4') for e in touch[:40]]
lines += [ge_event(e, False, False, '/dev/input/event0') for e in stamp([[(1, 0x72, 1), (0, 0, 0)]], 0, 1)]
lines += [ge_event(e, False, False, '/dev/input/event4') for e in touch[40:]]
write('three-finger-protocol-b.getevent-p.txt', lines)

# --- evtest ----------------------------------------------------------------------------------------

def evtest_header(name, ids, caps, props, listing):
    lines = []
    if listing:
        lines += ['No device specified, trying to scan all of /dev/input/event*', 'Available devices:',
                  '/dev/input/event0:\tPower Button', '/dev/input/event5:\t%s' % name,
                  'Select the device event number [0-5]: 5']
    lines += ['Input driver version is 1.0.1',
              'Input device ID: bus 0x%x vendor 0x%x product 0x%x version 0x%x' % ids,
              'Input device name: "%s"' % name, 'Supported events:', '  Event type 0 (EV_SYN)']
    for type_, codes in caps:
        lines.append('  Event type %d (%s)' % (type_, TYPES[type_]))
        for c in codes:
            code = c[0] if isinstance(c, tuple) else c
            lines.append('    Event code %d (%s)' % (code, NAMES.get((type_, code), '?')))
            if type_ == 3:
                _, lo, hi, res = c
                lines += ['      Value  %6d' % 0, '      Min    %6d' % lo, '      Max    %6d' % hi]
                if res: lines.append('      Resolution %6d' % res)
    lines.append('Properties:')
    lines += ['  Property type %d (%s)' % p for p in props]
    return lines + ['Testing ... (interrupt to exit)']


def evtest_event(e):
    sec, usec, type_, code, value = e
    if type_ == 0:
        if code == 2:
            return 'Event: time %d.%06d, ++++++++++++++ %s ++++++++++++' % (sec, usec, NAMES[(0, 2)])
        return 'Event: time %d.%06d, -------------- %s ------------' % (sec, usec, NAMES[(0, code)])
    return 'Event: time %d.%06d, type %d (%s), code %d (%s), value %d' % (
        sec, usec, type_, TYPES[type_], code, NAMES.get((type_, code), '?'), value)


atmel_caps = [(1, [0x14a]), (3, [(0, 0, 4095, 10), (1, 0, 2047, 10), (0x2f, 0, 9, 0), (0x30, 0, 255, 0),
                                 (0x35, 0, 4095, 10), (0x36, 0, 2047, 10), (0x39, 0, 65535, 0)]), (4, [5])]
frames = protocol_b(session('pinch'))
frames = [[(4, 5, 1000 * i)] + f for i, f in enumerate(frames)]
write('pinch-protocol-b.evtest.txt',
      evtest_header('Atmel maXTouch Touchscreen', (0x18, 0, 0, 0), atmel_caps, [(1, 'INPUT_PROP_DIRECT')], True)
      + [evtest_event(e) for e in stamp(frames, 1404317226393186, 7000)])

pad_caps = [(1, [0x110, 0x145, 0x14a]), (3, [(0, 0, 1216, 12), (1, 0, 680, 12), (0x2f, 0, 4, 0),
                                             (0x35, 0, 1216, 12), (0x36, 0, 680, 12), (0x39, 0, 65535, 0)])]
write('three-finger-touchpad.evtest.txt',
      evtest_header('SYNA3602:00 0911:5288 Touchpad', (0x18, 0x911, 0x5288, 0x100), pad_caps,
                    [(0, 'INPUT_PROP_POINTER'), (2, 'INPUT_PROP_BUTTONPAD')], False)
      + [evtest_event(e) for e in stamp(protocol_b(session('three')), 1700000000000000, 6900)])

write('drag-protocol-a.evtest.txt',
      evtest_header('N-Trig MultiTouch', (0x3, 0x1b96, 0x1, 0x110),
                    [(1, [0x14a]), (3, [(0x30, 0, 255, 0), (0x35, 0, 9600, 0), (0x36, 0, 7200, 0)])], [], False)
      + [evtest_event(e) for e in stamp(protocol_a(session('drag'), False), 1300000000000000, 16000)])
