/// Where `EvdevTouchDecoder`s put what they decode: the trace events, the warnings, and the next free
/// touch id. One output is shared by the decoders of every device in a file, so touch ids stay
/// unique and follow the order in which sequences start across devices.
public struct EvdevDecodeOutput: Sendable {
    public var events: [TraceEvent]
    public var warnings: [FormatWarning]
    /// The id the next touch sequence gets.
    public var nextTouchID: TouchID
    /// The path warnings name.
    public let file: String
    /// Warnings beyond the first `warningLimit` are counted here instead of kept, so a hostile file
    /// cannot fill memory with them.
    public private(set) var suppressedWarnings: Int = 0
    static let warningLimit = 200

    public init(file: String, expectedEvents: Int = 0) {
        self.file = file
        self.events = []
        self.events.reserveCapacity(expectedEvents)
        self.warnings = []
        self.nextTouchID = 0
    }

    mutating func warn(line: Int, _ message: @autoclosure () -> String) {
        guard warnings.count < Self.warningLimit else {
            suppressedWarnings += 1
            return
        }
        warnings.append(FormatWarning(file: file, location: .line(line), message: message()))
    }

    /// The warnings, ending with a count of those left out when there were too many.
    public var allWarnings: [FormatWarning] {
        guard suppressedWarnings > 0 else { return warnings }
        return warnings + [
            FormatWarning(file: file, location: .wholeFile, message: "\(suppressedWarnings) further warnings not shown")
        ]
    }

    mutating func takeTouchID() -> TouchID {
        defer { nextTouchID &+= 1 }
        return nextTouchID
    }
}
