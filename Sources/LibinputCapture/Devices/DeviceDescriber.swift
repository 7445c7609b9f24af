import CLibinput
import Glibc
import TouchTrace

/// What the recorder knows about one libinput device: its trace description and how to turn
/// libinput's millimetres back into the device units the trace stores.
struct DescribedDevice {
    var description: DeviceDescription
    /// libinput's millimetres on each axis back in the units the description's range holds.
    var unitsX: UnitRecovery
    var unitsY: UnitRecovery
}

/// libinput's millimetres on one axis back in device units: `mm × units-per-mm + minimum` with the
/// minimum and resolution libinput itself used (the kernel's minimum as reported, the device's
/// resolution, a quirk's override, or libinput's stand-in of 1), exact after rounding.
///
/// An axis the kernel reports with its minimum above its maximum (a driver's bug, or an inversion
/// it leaves to userspace: the kernel's adc-joystick binding says "If min > max, it is left to
/// userspace to treat the axis as inverted") cannot be written as it is: uinput refuses such a
/// range (`uinput_validate_absinfo`), so nothing could play the recording back, and every reader
/// refuses it. The description then holds the range the right way round, and the unit is mirrored
/// into it (`minimum + maximum - unit`), which keeps what libinput shows: its screen coordinate,
/// `(unit - minimum) × width / (maximum - minimum + 1)`, runs from the reported minimum, so a
/// touch at the reported minimum is at the screen's start in the recording too.
struct UnitRecovery: Equatable {
    /// The minimum as the kernel reported it: libinput's millimetres count from it.
    var reportedMinimum: Int32
    /// The maximum as the kernel reported it.
    var reportedMaximum: Int32
    var unitsPerMillimetre: Double

    /// The reported range wrote the other way round (minimum above maximum).
    var isInverted: Bool { reportedMinimum > reportedMaximum }

    /// The range the description holds: the reported one, or the right way round when inverted.
    static func normalised(_ range: AxisRange) -> AxisRange {
        guard range.minimum > range.maximum else { return range }
        var normal = range
        normal.minimum = range.maximum
        normal.maximum = range.minimum
        return normal
    }

    /// The unit of a position libinput gives in millimetres, in the description's range.
    func units(millimetres: Double) -> Int32 {
        let reported = ((millimetres.isNaN ? 0 : millimetres) * unitsPerMillimetre + Double(reportedMinimum)).rounded()
        // Bounded before the conversion: a value far outside the range converts without a trap.
        let unit = Int64(max(-1e18, min(1e18, reported)))
        guard isInverted else { return Int32(clamping: unit) }
        return Int32(clamping: Int64(reportedMinimum) + Int64(reportedMaximum) - unit)
    }
}

/// Builds a `DeviceDescription` for a libinput device from libinput's API and the device node.
enum DeviceDescriber {
    /// Whether the recorder keeps events from this device: touchscreens and gesture touchpads.
    static func isRecordable(_ device: OpaquePointer) -> Bool {
        libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
            || libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0
    }

    static func describe(_ device: OpaquePointer, index: DeviceIndex, node: EvdevNode?) -> DescribedDevice {
        let name = String(cString: libinput_device_get_name(device))
        let identity = node?.identity()
        let mt = node?.hasAxis(ABS_MT_POSITION_X) ?? false
        let (codeX, codeY, codePressure) = mt ? (ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE) : (ABS_X, ABS_Y, ABS_PRESSURE)
        let reportedX = node?.axis(codeX) ?? AxisRange(minimum: 0, maximum: 0)
        let reportedY = node?.axis(codeY) ?? AxisRange(minimum: 0, maximum: 0)
        let reportedPressure = node?.axis(codePressure)
        let reportedMajor = node?.axis(ABS_MT_TOUCH_MAJOR), reportedMinor = node?.axis(ABS_MT_TOUCH_MINOR)
        var x = UnitRecovery.normalised(reportedX), y = UnitRecovery.normalised(reportedY)
        var scaleX = 1.0, scaleY = 1.0
        var width = 0.0, height = 0.0
        if libinput_device_get_size(device, &width, &height) == 0 {
            // libinput's size is (max - min) / resolution with the resolution it really uses
            // (negative along an inverted axis, so the quotient is the resolution either way).
            scaleX = Self.resolution(reportedX, size: width) ?? 1
            scaleY = Self.resolution(reportedY, size: height) ?? 1
            if width != 0, height != 0 {
                x.resolution = Int32(scaleX)
                y.resolution = Int32(scaleY)
            }
        }
        let slotAxis = node?.axis(ABS_MT_SLOT)
        let touchCount = libinput_device_touch_get_touch_count(device)
        let slots = Self.slotCount(slotAxis, touchCount: touchCount)
        var description = DeviceDescription(
            index: index, name: name,
            bus: identity?.bustype ?? 0,
            vendor: identity?.vendor ?? UInt16(truncatingIfNeeded: libinput_device_get_id_vendor(device)),
            product: identity?.product ?? UInt16(truncatingIfNeeded: libinput_device_get_id_product(device)),
            version: identity?.version ?? 0,
            kind: kind(of: device), source: .libinput, x: x, y: y,
            pressure: reportedPressure.map(UnitRecovery.normalised),
            major: reportedMajor.map(UnitRecovery.normalised),
            minor: reportedMinor.map(UnitRecovery.normalised),
            slots: slots
        )
        description.properties = properties(of: device, node: node, width: width, height: height)
        let reported: [(code: Int32, range: AxisRange?)] = [
            (codeX, reportedX), (codeY, reportedY), (codePressure, reportedPressure),
            (ABS_MT_TOUCH_MAJOR, reportedMajor), (ABS_MT_TOUCH_MINOR, reportedMinor),
        ]
        let inverted = reported.filter { $0.range.map { $0.minimum > $0.maximum } ?? false }
            .map { EvdevCode.codeName(type: EvdevCode.EV_ABS, code: UInt16($0.code)) }
        if !inverted.isEmpty {
            // Said in the trace: the description's range is the reported one turned round, and the
            // positions on it mirrored (`UnitRecovery`).
            description.properties.append(.init("evdev.inverted_axes", inverted.joined(separator: ",")))
        }
        return DescribedDevice(
            description: description,
            unitsX: UnitRecovery(reportedMinimum: reportedX.minimum, reportedMaximum: reportedX.maximum, unitsPerMillimetre: scaleX),
            unitsY: UnitRecovery(reportedMinimum: reportedY.minimum, reportedMaximum: reportedY.maximum, unitsPerMillimetre: scaleY))
    }

    /// The slots of a device whose `ABS_MT_SLOT` range is `slotAxis`. libevdev counts them from
    /// the maximum (`maximum + 1`), whatever the minimum: libinput's slot numbers run from 0 to
    /// the maximum, so a minimum above 0 (2 to 9) still has slots 0 to 9, where subtracting it
    /// described 8 and left slots 8 and 9 outside. A range that gives none (inverted, or a maximum
    /// below 0) falls back to libinput's touch count, at least 1.
    static func slotCount(_ slotAxis: AxisRange?, touchCount: Int32) -> UInt16 {
        if let axis = slotAxis, axis.maximum >= 0, axis.minimum <= axis.maximum {
            return UInt16(clamping: Int64(axis.maximum) + 1)
        }
        return UInt16(clamping: max(1, touchCount))
    }

    /// The units per millimetre libinput used on an axis, from the size it gives (`size` is
    /// `(maximum - minimum) / resolution`, as reported); nil when the size says nothing.
    static func resolution(_ reported: AxisRange, size: Double) -> Double? {
        guard size != 0, size.isFinite else { return nil }
        let resolution = (Double(Int64(reported.maximum) - Int64(reported.minimum)) / size).rounded()
        return resolution > 0 && resolution <= Double(Int32.max) ? resolution : nil
    }

    private static func kind(of device: OpaquePointer) -> DeviceKind {
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0 { return .touchpad }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { return .touchscreen }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0 { return .tablet }
        return .other
    }

    /// Facts a reader may want and nothing private: no serial numbers, paths or host names.
    private static func properties(
        of device: OpaquePointer, node: EvdevNode?, width: Double, height: Double
    ) -> [DeviceDescription.Property] {
        var properties: [DeviceDescription.Property] = [
            .init("libinput.sysname", String(cString: libinput_device_get_sysname(device))),
        ]
        if width > 0, height > 0 {
            properties.append(.init("libinput.size_mm", "\(width)x\(height)"))
        }
        if let node {
            properties.append(.init("evdev.input_properties", node.inputProperties().map(String.init).joined(separator: ",")))
        }
        if let udevDevice = libinput_device_get_udev_device(device) {
            defer { udev_device_unref(udevDevice) }
            for key in ["ID_INPUT_TOUCHSCREEN", "ID_INPUT_TOUCHPAD", "ID_INPUT_TABLET", "ID_INPUT_JOYSTICK"] {
                if let value = udev_device_get_property_value(udevDevice, key) {
                    properties.append(.init("udev.\(key)", String(cString: value)))
                }
            }
        }
        return properties
    }

    /// The device node libinput opened for `device`.
    static func nodePath(of device: OpaquePointer) -> String? {
        guard let udevDevice = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(udevDevice) }
        return udev_device_get_devnode(udevDevice).map { String(cString: $0) }
    }
}
