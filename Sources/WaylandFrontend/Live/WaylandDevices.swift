import TouchTrace

/// The trace's description of what a live session listens to.
///
/// Wayland hides the hardware: the trace describes the seat's touch and its touchpad gestures as
/// the surface sees them, in `wl_fixed_t` surface points (256 units per point) over the surface's
/// size, with the surface size and buffer scale as properties.
enum WaylandDevices {
    static let unitsPerPoint = 256.0
    /// Wayland does not say how many touches a seat tracks; slots are assigned lowest-free first.
    static let slots: UInt16 = 32

    static func touchscreen(index: DeviceIndex, seat: String, width: Int, height: Int, scale: Int) -> DeviceDescription {
        device(index: index, name: "Wayland touch (\(seat))", kind: .touchscreen, seat: seat, width: width,
               height: height, scale: scale)
    }

    static func touchpadGestures(index: DeviceIndex, seat: String, width: Int, height: Int, scale: Int) -> DeviceDescription {
        device(index: index, name: "Wayland pointer gestures (\(seat))", kind: .touchpad, seat: seat, width: width,
               height: height, scale: scale)
    }

    private static func device(
        index: DeviceIndex, name: String, kind: DeviceKind, seat: String, width: Int, height: Int, scale: Int
    ) -> DeviceDescription {
        DeviceDescription(
            index: index, name: name, kind: kind, source: .wayland,
            x: AxisRange(minimum: 0, maximum: Int32(clamping: width * 256)),
            y: AxisRange(minimum: 0, maximum: Int32(clamping: height * 256)),
            slots: kind == .touchscreen ? slots : 1, unitsPerPoint: unitsPerPoint,
            properties: [
                .init("wayland.seat", seat),
                .init("wayland.surface.width", "\(width)"),
                .init("wayland.surface.height", "\(height)"),
                .init("wayland.surface.scale", "\(scale)"),
            ]
        )
    }
}
