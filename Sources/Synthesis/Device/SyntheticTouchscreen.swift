import TouchTrace

/// The touchscreen every synthetic trace claims to come from: a 13.3-inch 16:10 laptop panel.
///
/// The numbers are chosen to be both realistic and exact:
/// - 1280 × 800 logical points, the usual scaled desktop of such a panel (about 113 points per inch);
/// - 2880 × 1800 device units at 10 units per millimetre, so the panel measures 288 × 180 mm, a real
///   13.3-inch size (ELAN panels in laptops report 10 to 15 units per millimetre);
/// - therefore exactly 2.25 device units per point, which scenes use to work in points;
/// - 10 multitouch slots, like almost every capacitive panel;
/// - pressure 0…255 and touch major/minor 0…255 in tenths of a millimetre (a fingertip is 7 to 12 mm).
public enum SyntheticTouchscreen {
    /// Width of the screen in logical points.
    public static let widthPoints: Double = 1280
    /// Height of the screen in logical points.
    public static let heightPoints: Double = 800
    /// Device units per logical point on both axes.
    public static let unitsPerPoint: Double = 2.25
    /// Device units per millimetre on both axes and for the contact ellipse.
    public static let unitsPerMillimetre: Int32 = 10
    /// Touches tracked at once.
    public static let slots: UInt16 = 10
    /// Largest pressure value the device reports.
    public static let maximumPressure: Int32 = 255
    /// Largest contact axis the device reports, in device units (25.5 mm).
    public static let maximumContactAxis: Int32 = 255

    /// The device description stored in every synthetic trace's header, as device 0.
    public static let description = DeviceDescription(
        index: 0,
        name: "Touchstone Synthetic Touchscreen",
        bus: 0x06,  // BUS_VIRTUAL
        vendor: 0,
        product: 0,
        version: 1,
        kind: .touchscreen,
        source: .synthetic,
        x: AxisRange(minimum: 0, maximum: Int32(widthPoints * unitsPerPoint), resolution: unitsPerMillimetre),
        y: AxisRange(minimum: 0, maximum: Int32(heightPoints * unitsPerPoint), resolution: unitsPerMillimetre),
        pressure: AxisRange(minimum: 0, maximum: maximumPressure),
        major: AxisRange(minimum: 0, maximum: maximumContactAxis, resolution: unitsPerMillimetre),
        minor: AxisRange(minimum: 0, maximum: maximumContactAxis, resolution: unitsPerMillimetre),
        slots: slots,
        unitsPerPoint: unitsPerPoint,
        properties: [
            DeviceDescription.Property("ID_INPUT_TOUCHSCREEN", "1"),
            DeviceDescription.Property("TOUCHSTONE_SCREEN_POINTS", "1280x800"),
        ]
    )

    /// Points per millimetre of this panel (4.44…), for generators that reason about finger sizes.
    public static let pointsPerMillimetre: Double = Double(unitsPerMillimetre) / unitsPerPoint

    /// A header for a synthetic trace: no start time and no host, so that generation is deterministic.
    public static func header(recorder: String, version: String, detail: String) -> TraceHeader {
        TraceHeader(
            recorder: RecorderInfo(name: recorder, version: version, detail: detail),
            startedAt: nil,
            devices: [description]
        )
    }
}
