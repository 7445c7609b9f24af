import GestureEngine
import TouchTrace

/// Turns device units into window points for each device of a trace, as the scene's mapping says.
///
/// Built once per replay from the header (and again when a device is added), then used per sample
/// with two multiply-adds, so the hot path does no lookups beyond an array index.
public struct CoordinateMapper: Sendable {
    /// point = units * scale + offset, per axis and device (indexed by `DeviceIndex`).
    struct Transform: Sendable {
        var scaleX: Double
        var offsetX: Double
        var scaleY: Double
        var offsetY: Double

        @inline(__always)
        func point(x: Int32, y: Int32) -> Point {
            Point(x: Double(x) * scaleX + offsetX, y: Double(y) * scaleY + offsetY)
        }
    }

    private var transforms: [Transform?] = []
    /// Per device (indexed as `transforms`): the largest x and y a stretch keeps inside the window
    /// (`whereTouchBegins`), nil for a device not stretched.
    private var stretchedMaximums: [(x: Int32, y: Int32)?] = []
    public let mapping: DeviceMapping
    public let window: Size

    public init(mapping: DeviceMapping, window: Size, devices: [DeviceDescription]) {
        self.mapping = mapping
        self.window = window
        for device in devices { add(device) }
    }

    /// Learns a device that appeared in the trace.
    public mutating func add(_ device: DeviceDescription) {
        let index = Int(device.index)
        if transforms.count <= index { transforms += repeatElement(nil, count: index + 1 - transforms.count) }
        transforms[index] = Self.transform(for: device, mapping: mapping, window: window)
        if stretchedMaximums.count <= index { stretchedMaximums += repeatElement(nil, count: index + 1 - stretchedMaximums.count) }
        stretchedMaximums[index] = Self.isStretched(device, mapping: mapping) ? (device.x.maximum, device.y.maximum) : nil
    }

    /// Where a touch of `device` at (`x`, `y`), whose window point is `point`, begins: `point`,
    /// except on a stretched axis's far edge. A stretch puts an axis's `maximum` on the window's
    /// far edge, which is outside the window (half-open, as `CGRect.contains` has it), so the
    /// device's last row and column would reach no view: a value within the axis's range that
    /// lands on or past the edge begins at the last point inside it. A value past `maximum` is
    /// outside the device's range and stays outside. Only where a touch begins matters: hit
    /// testing reads nothing else, and moves keep their points.
    public func whereTouchBegins(device: DeviceIndex, x: Int32, y: Int32, at point: Point) -> Point {
        guard Int(device) < stretchedMaximums.count, let maximum = stretchedMaximums[Int(device)] else { return point }
        var inside = point
        if point.x >= window.width && x <= maximum.x { inside.x = window.width.nextDown }
        if point.y >= window.height && y <= maximum.y { inside.y = window.height.nextDown }
        return inside
    }

    private static func isStretched(_ device: DeviceDescription, mapping: DeviceMapping) -> Bool {
        switch mapping {
        case .stretch: true
        case .automatic: !(device.unitsPerPoint.map { $0 > 0 } ?? false)
        case .scale: false
        }
    }

    /// Whether samples of this device can be placed in the window.
    public func knows(_ device: DeviceIndex) -> Bool {
        transform(of: device) != nil
    }

    /// The window point of a device position. The device must be known.
    @inline(__always)
    public func point(device: DeviceIndex, x: Int32, y: Int32) -> (x: Double, y: Double) {
        let point = transform(of: device)!.point(x: x, y: y)
        return (point.x, point.y)
    }

    /// The mapping of a device, or nil for a device the trace has not described.
    @inline(__always)
    func transform(of device: DeviceIndex) -> Transform? {
        Int(device) < transforms.count ? transforms[Int(device)] : nil
    }

    static func transform(for device: DeviceDescription, mapping: DeviceMapping, window: Size) -> Transform {
        switch mapping {
        case .scale(let unitsPerPoint, let originX, let originY):
            return Transform(scaleX: 1 / unitsPerPoint, offsetX: -originX / unitsPerPoint,
                             scaleY: 1 / unitsPerPoint, offsetY: -originY / unitsPerPoint)
        case .automatic:
            if let unitsPerPoint = device.unitsPerPoint, unitsPerPoint > 0 {
                return Transform(scaleX: 1 / unitsPerPoint, offsetX: 0, scaleY: 1 / unitsPerPoint, offsetY: 0)
            }
            return stretch(device, window)
        case .stretch:
            return stretch(device, window)
        }
    }

    private static func stretch(_ device: DeviceDescription, _ window: Size) -> Transform {
        func axis(_ range: AxisRange, _ length: Double) -> (Double, Double) {
            let span = Double(Int64(range.maximum) - Int64(range.minimum))
            guard span > 0 else { return (1, -Double(range.minimum)) }
            let scale = length / span
            return (scale, -Double(range.minimum) * scale)
        }
        let (sx, ox) = axis(device.x, window.width)
        let (sy, oy) = axis(device.y, window.height)
        return Transform(scaleX: sx, offsetX: ox, scaleY: sy, offsetY: oy)
    }
}
