import CLibinput
import Glibc
import TouchTrace

/// What the recorder knows about one libinput device: its trace description and how to turn
/// libinput's millimetres back into the device units the trace stores.
struct DescribedDevice {
    var description: DeviceDescription
    /// Units per millimetre libinput itself used for each axis (the device's resolution, a quirk's
    /// override, or libinput's stand-in of 1 when the device gives none).
    var unitsPerMillimetreX: Double
    var unitsPerMillimetreY: Double
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
        var x = node?.axis(mt ? ABS_MT_POSITION_X : ABS_X) ?? AxisRange(minimum: 0, maximum: 0)
        var y = node?.axis(mt ? ABS_MT_POSITION_Y : ABS_Y) ?? AxisRange(minimum: 0, maximum: 0)
        var scaleX = 1.0, scaleY = 1.0
        var width = 0.0, height = 0.0
        if libinput_device_get_size(device, &width, &height) == 0, width > 0, height > 0 {
            // libinput's size is (max - min) / resolution with the resolution it really uses.
            scaleX = (Double(Int64(x.maximum) - Int64(x.minimum)) / width).rounded()
            scaleY = (Double(Int64(y.maximum) - Int64(y.minimum)) / height).rounded()
            x.resolution = Int32(scaleX)
            y.resolution = Int32(scaleY)
        }
        let slotAxis = node?.axis(ABS_MT_SLOT)
        let touchCount = libinput_device_touch_get_touch_count(device)
        let slots = slotAxis.map { UInt16(clamping: Int64($0.maximum) - Int64($0.minimum) + 1) }
            ?? UInt16(clamping: max(1, touchCount))
        var description = DeviceDescription(
            index: index, name: name,
            bus: identity?.bustype ?? 0,
            vendor: identity?.vendor ?? UInt16(truncatingIfNeeded: libinput_device_get_id_vendor(device)),
            product: identity?.product ?? UInt16(truncatingIfNeeded: libinput_device_get_id_product(device)),
            version: identity?.version ?? 0,
            kind: kind(of: device), source: .libinput, x: x, y: y,
            pressure: node?.axis(mt ? ABS_MT_PRESSURE : ABS_PRESSURE),
            major: node?.axis(ABS_MT_TOUCH_MAJOR), minor: node?.axis(ABS_MT_TOUCH_MINOR),
            slots: slots
        )
        description.properties = properties(of: device, node: node, width: width, height: height)
        return DescribedDevice(description: description, unitsPerMillimetreX: scaleX, unitsPerMillimetreY: scaleY)
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
