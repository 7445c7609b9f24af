import TouchTrace

/// The trace's description of what a live session listens to.
///
/// Wayland hides the hardware: the trace describes the seat's touch and its touchpad gestures as
/// the scene sees them. Touch positions are recorded in scene points as `wl_fixed_t`-style units
/// (256 per point) over the scene's size, after the window's uniform mapping (`SceneViewport`),
/// so a replay through the scene places every touch where the live session did whatever the
/// window's size was. The window's size, buffer scale and mapping at the start are properties.
enum WaylandDevices {
    static let unitsPerPoint = 256.0
    /// Wayland does not say how many touches a seat tracks; slots are assigned lowest-free first.
    static let slots: UInt16 = 32

    /// The window and scene facts a device description records.
    struct Surface {
        var sceneWidth: Double
        var sceneHeight: Double
        /// The window, in logical points.
        var width: Int
        var height: Int
        var bufferScale: Double
        var viewport: SceneViewport

        var scaleText: String { Self.decimal(bufferScale) }

        /// How scene points were placed in the window: "scene 1280x800 at 0.5 from 0,24".
        var mappingText: String {
            "scene \(Self.decimal(sceneWidth))x\(Self.decimal(sceneHeight)) at \(Self.decimal(viewport.scale))"
                + " from \(Self.decimal(viewport.originX)),\(Self.decimal(viewport.originY))"
        }

        /// At most four decimals, without trailing zeros ("1", "0.3125", "1.5").
        static func decimal(_ value: Double) -> String {
            let scaled = (value * 10_000).rounded()
            guard scaled.magnitude < 1e15 else { return "\(value)" }
            let whole = Int64(scaled) / 10_000, fraction = abs(Int64(scaled) % 10_000)
            var text = (scaled < 0 && whole == 0 ? "-" : "") + "\(whole)"
            if fraction != 0 {
                var digits = String(fraction)
                digits = String(repeating: "0", count: 4 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "." + digits
            }
            return text
        }
    }

    static func touchscreen(index: DeviceIndex, seat: String, window: Surface) -> DeviceDescription {
        device(index: index, name: "Wayland touch (\(seat))", kind: .touchscreen, seat: seat, window: window)
    }

    static func touchpadGestures(index: DeviceIndex, seat: String, window: Surface) -> DeviceDescription {
        device(index: index, name: "Wayland pointer gestures (\(seat))", kind: .touchpad, seat: seat, window: window)
    }

    private static func device(
        index: DeviceIndex, name: String, kind: DeviceKind, seat: String, window: Surface
    ) -> DeviceDescription {
        DeviceDescription(
            index: index, name: name, kind: kind, source: .wayland,
            x: AxisRange(minimum: 0, maximum: Int32(clamping: Int(saturating: (window.sceneWidth * unitsPerPoint).rounded()))),
            y: AxisRange(minimum: 0, maximum: Int32(clamping: Int(saturating: (window.sceneHeight * unitsPerPoint).rounded()))),
            slots: kind == .touchscreen ? slots : 1, unitsPerPoint: unitsPerPoint,
            properties: [
                .init("wayland.seat", seat),
                .init("wayland.surface.width", "\(window.width)"),
                .init("wayland.surface.height", "\(window.height)"),
                .init("wayland.surface.scale", window.scaleText),
                .init("wayland.surface.mapping", window.mappingText),
            ]
        )
    }
}
