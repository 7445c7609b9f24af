/// One kernel `input_event` as recordings store it: when, which type and code, and the value.
///
/// Times are microseconds (`sec * 1_000_000 + usec`), the resolution of `struct timeval`.
public struct EvdevEvent: Equatable, Sendable {
    public var time: Microseconds
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Microseconds, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
