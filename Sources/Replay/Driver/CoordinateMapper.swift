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
        /// A stretched axis's far edge: the window's width or height (infinite for a scale), and
        /// the largest device value within the axis's range (`maximum`). A stretch puts `maximum`
        /// on the window's far edge, which is outside the window (half-open, as `CGRect.contains`
        /// has it): a device's last row or column would reach no view, so a value in range that
        /// lands on or past that edge is taken to the last point inside it. A value past
        /// `maximum` is outside the device's range and stays outside the window.
        var edgeX = Double.infinity
        var edgeY = Double.infinity
        var maximumX = Int32.max
        var maximumY = Int32.max

        @inline(__always)
        func point(x: Int32, y: Int32) -> Point {
            var point = Point(x: Double(x) * scaleX + offsetX, y: Double(y) * scaleY + offsetY)
            if point.x >= edgeX && x <= maximumX { point.x = edgeX.nextDown }
            if point.y >= edgeY && y <= maximumY { point.y = edgeY.nextDown }
            return point
        }
    }

    private var transforms: [Transform?] = []
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
        return Transform(scaleX: sx, offsetX: ox, scaleY: sy, offsetY: oy,
                         edgeX: window.width, edgeY: window.height, maximumX: device.x.maximum, maximumY: device.y.maximum)
    }
}
