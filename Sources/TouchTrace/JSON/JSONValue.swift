import OrderedCollections

/// A JSON value, the one model of JSON in Touchstone: what the parser reads (JSON Lines traces,
/// scene files, templates) and what `--json` output is built from.
///
/// Exact where a lossy model would hurt: numbers keep their text (`JSONNumber`), so 64-bit integers
/// and doubles convert without a detour through another type, and objects keep their keys in
/// order (`OrderedDictionary`), so output is stable byte for byte and input can be read in file order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    /// Members in file (or insertion) order; the parser rejects duplicate keys.
    case object(OrderedDictionary<String, JSONNode>)

    /// The word a user reads in "expected a number, found a string".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON value and where it starts in its text (1-based line and byte column; 0 for values
/// built in code rather than read).
public struct JSONNode: Equatable, Sendable {
    public var value: JSONValue
    public var line: Int
    public var column: Int

    public init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }

    // MARK: Building

    public static let null = JSONNode(.null)
    public static func bool(_ value: Bool) -> JSONNode { JSONNode(.bool(value)) }
    public static func string(_ value: String) -> JSONNode { JSONNode(.string(value)) }
    public static func integer(_ value: some BinaryInteger) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
    /// A finite number in its shortest exact text (whole values without a fraction); JSON has no
    /// spelling for infinities and NaN, which become `null`.
    public static func number(_ value: Double) -> JSONNode { JSONNumber(value).map { JSONNode(.number($0)) } ?? .null }
    public static func array(_ elements: [JSONNode]) -> JSONNode { JSONNode(.array(elements)) }
    public static func object(_ members: OrderedDictionary<String, JSONNode>) -> JSONNode { JSONNode(.object(members)) }

    // MARK: Reading

    public var bool: Bool? { if case .bool(let value) = value { value } else { nil } }
    public var string: String? { if case .string(let text) = value { text } else { nil } }
    public var number: JSONNumber? { if case .number(let number) = value { number } else { nil } }
    /// The number as a finite double, or nil when it is not a number or too large for one.
    public var double: Double? { number?.double }
    public var elements: [JSONNode]? { if case .array(let elements) = value { elements } else { nil } }
    public var members: OrderedDictionary<String, JSONNode>? { if case .object(let members) = value { members } else { nil } }
}

/// A JSON number as its text: exact for any integer width and any double, converted only when read.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number as written in the file, or as made by an initializer.
    public let text: String

    /// A number the parser has checked against JSON's grammar.
    init(validText: String) {
        text = validText
    }

    public init(_ value: some BinaryInteger) {
        text = String(value)
    }

    /// A finite double in its shortest text that reads back to the same value, whole values below
    /// 10^15 without a fraction (`45`, not `45.0`); nil for infinities and NaN.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The value as `T`, or nil when it has a fraction or exponent, or does not fit.
    public func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T? { T(text) }

    /// The value as the nearest double, or nil when it is beyond a double's range.
    public var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    public var description: String { text }
}
