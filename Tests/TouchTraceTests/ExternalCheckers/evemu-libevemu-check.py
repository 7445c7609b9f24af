#!/usr/bin/python3
"""Reads an evemu file with libevemu itself (Debian's libevemu3, the parser evemu-device and
evemu-play use): the device description with evemu_read, then every event with evemu_read_event.
Prints `name=<name> events=<count> slots=<ABS_MT_SLOT max>`; exits 1 if libevemu rejects the file."""
import ctypes
import ctypes.util
import sys

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.fclose.argtypes = [ctypes.c_void_p]
libc.rewind.argtypes = [ctypes.c_void_p]
evemu = ctypes.CDLL("libevemu.so.3")
evemu.evemu_new.restype = ctypes.c_void_p
evemu.evemu_new.argtypes = [ctypes.c_char_p]
evemu.evemu_read.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
evemu.evemu_get_name.restype = ctypes.c_char_p
evemu.evemu_get_name.argtypes = [ctypes.c_void_p]
evemu.evemu_get_abs_maximum.argtypes = [ctypes.c_void_p, ctypes.c_int]
evemu.evemu_read_event.argtypes = [ctypes.c_void_p, ctypes.c_void_p]


class InputEvent(ctypes.Structure):
    _fields_ = [("sec", ctypes.c_long), ("usec", ctypes.c_long), ("type", ctypes.c_ushort),
                ("code", ctypes.c_ushort), ("value", ctypes.c_int)]


fp = libc.fopen(sys.argv[1].encode(), b"r")
if not fp:
    sys.exit("cannot open " + sys.argv[1])
device = evemu.evemu_new(None)
if evemu.evemu_read(device, fp) <= 0:
    sys.exit("libevemu rejected the device description")
libc.rewind(fp)
event = InputEvent()
count = 0
while evemu.evemu_read_event(fp, ctypes.byref(event)) > 0:
    count += 1
libc.fclose(fp)
print("name=%s events=%d slots=%d" % (evemu.evemu_get_name(device).decode(), count,
                                      evemu.evemu_get_abs_maximum(device, 0x2f)))
