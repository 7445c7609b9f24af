import GestureEngine
import Testing
@testable import Replay

/// The log's fixed-point numbers round without a libm call; these pin that the shortcut agrees with
/// the standard library's rounding on the values where rounding is delicate.
@Suite("Fixed-point rounding")
struct FixedPointRoundingTests {
    /// The reference: the standard library's half-away-from-zero rounding of the scaled value,
    /// spelled with integer arithmetic (the way the log printed numbers before the shortcut).
    static func reference(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded(.toNearestOrAwayFromZero))
        let divisor = UInt64(scale)
        let whole = String(scaled.magnitude / divisor)
        var fraction = String(scaled.magnitude % divisor)
        while fraction.count < decimals { fraction = "0" + fraction }
        return (scaled < 0 ? "-" : "") + whole + (decimals > 0 ? "." + fraction : "")
    }

    /// Halfway points of both precisions, their neighbours one ulp either side, both signs, and
    /// magnitudes from below one to near the formatter's limit.
    static var delicateValues: [Double] {
        var values: [Double] = [0, 0.5, 0.49999999999999994, 2.675, 1.005, 0.125, 0.00005, 123_456.785, 1e14 + 0.5]
        for step in stride(from: 1, through: 4_001, by: 37) {
            let halfway2 = (Double(step) + 0.5) / 100
            let halfway4 = (Double(step) + 0.5) / 10_000
            values += [halfway2, halfway2.nextUp, halfway2.nextDown, halfway4, halfway4.nextUp, halfway4.nextDown]
        }
        return values + values.map { -$0 }
    }

    @Test("Two and four decimals round exactly as the standard library's half-away-from-zero rounding", arguments: [2, 4])
    func matchesStandardRounding(decimals: Int) {
        for value in Self.delicateValues {
            let printed = FixedPoint.format(value, decimals: decimals)
            #expect(printed == Self.reference(value, decimals), "\(value) with \(decimals) decimals")
        }
    }

    /// Where a fast path meets the general one, by decimals: two (0 to 9,999.99, one word per
    /// number) and four (magnitudes rounding below 10,000), and values that must take the general one.
    static func fastPathEdges(decimals: Int) -> [Double] {
        var values: [Double] = decimals == 2
            ? [0, -0.0, 0.004, 0.005, 0.994999, 0.995, 9.994999, 9.995, 99.995, 999.995, 9_999.99,
               9_999.994, 9_999.995, 9_999.995.nextDown, 9_999.995.nextUp, 10_000, 12_345.678,
               0x1p52 / 100, 0x1p53 / 100, 1e13, 9.99e14, -0.001, -0.002, -0.0025, -0.003, -0.005, -9.995, -9_999.995, -1e14]
            : [0, -0.0, 0.00004, 0.00005, 0.00015, -0.00004, -0.00005, -0.00015, 0.99995, 1.00005,
               9_999.9999, 9_999.99994, 9_999.99995, 9_999.99996, 10_000, 12_345.6789, 99_999.99995,
               0x1p52 / 10_000, 0x1p53 / 10_000, 1e14, -9_999.99995, -10_000, -1e14]
        values += values.map { $0.nextUp } + values.map { $0.nextDown }
        return values
    }

    @Test("Two and four decimals agree with the standard rounding on both sides of their fast path's limits", arguments: [2, 4])
    func fastPathEdgesMatchStandardRounding(decimals: Int) {
        for value in Self.fastPathEdges(decimals: decimals) {
            #expect(FixedPoint.format(value, decimals: decimals) == Self.reference(value, decimals), "\(value)")
        }
    }

    @Test("An action's points and vectors, of either sign, round as the standard library rounds, in text and JSON")
    func actionPairsMatchStandardRounding() {
        let values = Self.fastPathEdges(decimals: 2) + Self.delicateValues
        for (x, y) in zip(values, values.reversed().map { -$0 }) {
            let action = ActionValues(location: Point(x: x, y: y), numberOfTouches: 1, velocity: Vector(dx: y, dy: x))
            let record = LogRecord(time: 1, kind: .action(recognizer: "pan", state: .changed, values: action))
            let (rx, ry) = (Self.reference(x, 2), Self.reference(y, 2))
            for (format, expected) in [
                (LogFormat.text, "         1 action pan changed touches=1 at=(\(rx),\(ry)) velocity=(\(ry),\(rx))\n"),
                (.jsonl, #"{"t":1,"action":"pan","state":"changed","touches":1,"location":[\#(rx),\#(ry)],"velocity":[\#(ry),\#(rx)]}"# + "\n"),
            ] {
                let writer = LogWriter(format: format)
                writer.write(record)
                #expect(String(decoding: writer.take(), as: UTF8.self) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test("Values without a decimal spelling print as nan and inf, too large ones with an exponent, with the separator that follows them")
    func nonFiniteValues() {
        #expect(FixedPoint.format(.nan, decimals: 2) == "nan")
        #expect(FixedPoint.format(.infinity, decimals: 2) == "inf")
        #expect(FixedPoint.format(-.infinity, decimals: 2) == "-inf")
        #expect(FixedPoint.format(1e300, decimals: 2) == "1e+300")
        let writer = LogWriter(format: .text)
        writer.write(LogRecord(time: 1, kind: .touches(view: "v", phase: .moved, touches: [TouchPoint(touch: 3, x: .nan, y: -1e16)])))
        #expect(String(decoding: writer.take(), as: UTF8.self) == "         1 view v moved #3(nan,-1e+16)\n")
    }

    @Test("In JSON Lines a view's coordinate that is not finite is null")
    func nonFiniteCoordinatesInJSON() {
        let writer = LogWriter(format: .jsonl)
        writer.write(LogRecord(time: 1, kind: .touches(view: "v", phase: .moved, touches: [
            TouchPoint(touch: 3, x: .nan, y: -1e16), TouchPoint(touch: 4, x: 1, y: 2),
        ])))
        let line = String(decoding: writer.take(), as: UTF8.self)
        #expect(line.contains(#"{"id":3,"x":null,"y":-1e+16},{"id":4,"x":1.00,"y":2.00}"#), "\(line)")
    }
}

