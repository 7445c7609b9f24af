import GestureEngine

/// The value of one recognizer parameter in a `RecognizerSpec`, as a scene file gave it after
/// checking (or as code wrote it).
///
/// Each `RecognizerParameter` reads and applies one case: flags are `.flag`, whole numbers
/// `.count`, distances and other measures `.number` (a `.count` is taken as the same number),
/// durations `.duration` in microseconds, lists of names `.names`, and a parameter with its own
/// decoder `.custom`. Literals make specs written in code short:
/// `["numberOfTapsRequired": 2, "allowableMovement": 20.5, "direction": ["left", "right"]]`.
public enum ParameterValue: Equatable, Sendable {
    /// A `.flag` parameter's `true` or `false`.
    case flag(Bool)
    /// A `.count` parameter's whole number.
    case count(Int)
    /// A `.number` parameter's value, in the parameter's unit.
    case number(Double)
    /// Microseconds of virtual time (a scene file writes seconds).
    case duration(GestureDuration)
    /// A `.choices` or `.strings` parameter's list, in the scene's order.
    case names([String])
    /// A value decoded by a `RecognizerParameter.custom` parameter.
    case custom(CustomParameterValue)

    /// The value as a `Double` for `.number` and `.count`; nil otherwise.
    var measure: Double? {
        switch self {
        case .number(let value): value
        case .count(let value): Double(value)
        default: nil
        }
    }
}

extension ParameterValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByArrayLiteral
{
    /// `true` is `.flag(true)`.
    public init(booleanLiteral value: Bool) { self = .flag(value) }
    /// `2` is `.count(2)` (also accepted by `.number` parameters).
    public init(integerLiteral value: Int) { self = .count(value) }
    /// `20.5` is `.number(20.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `["left", "right"]` is `.names(["left", "right"])`.
    public init(arrayLiteral elements: String...) { self = .names(elements) }
}

/// Any `Equatable & Sendable` value a custom parameter decodes to (unistroke templates, for one),
/// compared by the value's own `==`.
public struct CustomParameterValue: Equatable, Sendable {
    /// The decoded value; `RecognizerParameter.custom` casts it back to its type.
    public let base: any Equatable & Sendable

    /// Boxes `base`.
    public init(_ base: some Equatable & Sendable) {
        self.base = base
    }

    /// Equal when both hold values of one type that are `==`.
    public static func == (lhs: CustomParameterValue, rhs: CustomParameterValue) -> Bool {
        func equals<Value: Equatable>(_ value: Value) -> Bool { (rhs.base as? Value) == value }
        return equals(lhs.base)
    }
}
