import TouchTrace

/// Device descriptions tests feed a replay with.
public enum TestDevices {
    /// A live session's Wayland touchscreen over a `width` × `height`-point scene, positions in
    /// 256ths of a point, as the Wayland frontend describes it.
    public static func waylandTouchscreen(width: Int32 = 400, height: Int32 = 300) -> DeviceDescription {
        DeviceDescription(
            index: 0, name: "Wayland touch (seat0)", kind: .touchscreen, source: .wayland,
            x: AxisRange(minimum: 0, maximum: width * 256), y: AxisRange(minimum: 0, maximum: height * 256),
            slots: 32, unitsPerPoint: 256)
    }
}
