import GestureEngine
import TouchTrace

/// One parameter of a recognizer kind, described once: its key in scene files, what values it
/// takes (type, unit, allowed range), one line of documentation, and the recognizer property it
/// sets. The scene loader checks values with it, `RecognizerKind` applies them with it, and the
/// parameter tables (`touchstone scene kinds`) print it; its default is read from a freshly made
/// recognizer, so the engine's value is the only one.
///
/// ```swift
/// .count("numberOfTouchesRequired", \.numberOfTouchesRequired, in: 1...10, doc: "Fingers that must press.")
/// ```
public struct RecognizerParameter<Recognizer: GestureRecognizer> {
    /// Key, type, unit, allowed values and documentation (`defaultValue` is filled in by `RecognizerKind`).
    public let description: ParameterDescription
    let decode: @Sendable (ParameterInput) throws(SceneError) -> ParameterValue
    /// Sets the property; false when `value` is not of this parameter's case.
    let apply: (Recognizer, ParameterValue) -> Bool
    /// The property's value on `recognizer`, as the tables print defaults.
    let describe: (Recognizer) -> String

    /// A parameter with its own decoding, for values the typed constructors do not cover (the
    /// unistroke recognizer's templates, read from names and files).
    ///
    /// - Parameters:
    ///   - key: The key in a scene file's recognizer object.
    ///   - type: The value's type in words, for the tables ("list of templates").
    ///   - unit: The unit the tables print ("pt", "s"), or empty.
    ///   - allowed: The allowed values in a few words, for the tables.
    ///   - doc: One line of documentation, for `touchstone scene kinds`.
    ///   - decode: Reads and checks the scene's value; throws `input.problem(...)` when it is unusable.
    ///   - apply: Sets the decoded value on a new recognizer.
    ///   - describe: The property's current value in words: the tables' default column.
    public static func custom<Value: Equatable & Sendable>(
        _ key: String, type: String, unit: String = "", allowed: String, doc: String,
        decode: @escaping @Sendable (ParameterInput) throws(SceneError) -> Value,
        apply: @escaping (Recognizer, Value) -> Void,
        describe: @escaping (Recognizer) -> String
    ) -> Self {
        Self(
            description: ParameterDescription(key: key, type: type, unit: unit, allowed: allowed, doc: doc),
            decode: { input throws(SceneError) in .custom(CustomParameterValue(try decode(input))) },
            apply: { recognizer, value in
                guard case .custom(let box) = value, let decoded = box.base as? Value else { return false }
                apply(recognizer, decoded)
                return true
            },
            describe: describe
        )
    }

    /// `true` or `false`.
    public static func flag(_ key: String, _ property: ReferenceWritableKeyPath<Recognizer, Bool>, doc: String) -> Self {
        Self(
            description: ParameterDescription(key: key, type: "boolean", unit: "", allowed: "true, false", doc: doc),
            decode: { input throws(SceneError) in
                guard let value = input.node.bool else { throw input.problem("expected true or false, found \(input.found)") }
                return .flag(value)
            },
            apply: { recognizer, value in
                guard case .flag(let flag) = value else { return false }
                recognizer[keyPath: property] = flag
                return true
            },
            describe: { String($0[keyPath: property]) }
        )
    }

    /// A whole number within `range` (a count of taps, fingers, targets).
    public static func count(
        _ key: String, _ property: ReferenceWritableKeyPath<Recognizer, Int>, in range: ClosedRange<Int>, doc: String
    ) -> Self {
        Self(
            description: ParameterDescription(key: key, type: "whole number", unit: "",
                                              allowed: "\(range.lowerBound)…\(range.upperBound)", doc: doc),
            decode: { input throws(SceneError) in
                guard let value = input.node.double, value == value.rounded(),
                      value >= Double(range.lowerBound), value <= Double(range.upperBound)
                else {
                    throw input.problem("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(input.found)")
                }
                return .count(Int(value))
            },
            apply: { recognizer, value in
                guard case .count(let count) = value else { return false }
                recognizer[keyPath: property] = count
                return true
            },
            describe: { recognizer in
                let value = recognizer[keyPath: property]
                return value == Int.max ? "unlimited" : String(value)
            }
        )
    }

    /// A number within `range`, in `unit` ("pt" for distances; empty for ratios and scores).
    public static func number(
        _ key: String, _ property: ReferenceWritableKeyPath<Recognizer, Double>, unit: String, range: NumberRange, doc: String
    ) -> Self {
        Self(
            description: ParameterDescription(key: key, type: "number", unit: unit, allowed: range.shortText, doc: doc),
            decode: { input throws(SceneError) in
                guard let value = input.node.double, range.contains(value) else {
                    let unitText = unit.isEmpty ? "" : " (\(unit))"
                    throw input.problem("expected a number \(range.phrase)\(unitText), found \(input.found)")
                }
                return .number(value)
            },
            apply: { recognizer, value in
                guard let number = value.measure else { return false }
                recognizer[keyPath: property] = number
                return true
            },
            describe: { ParameterText.number($0[keyPath: property]) }
        )
    }

    /// A duration, written in seconds in a scene file as UIKit's properties are (from one
    /// microsecond to an hour), kept as whole microseconds of virtual time.
    public static func duration(
        _ key: String, _ property: ReferenceWritableKeyPath<Recognizer, GestureDuration>, doc: String
    ) -> Self {
        Self(
            description: ParameterDescription(key: key, type: "duration", unit: "s", allowed: "0.000001…3600", doc: doc),
            decode: { input throws(SceneError) in
                guard let value = input.node.double, let microseconds = SceneSeconds.microseconds(value) else {
                    throw input.problem("expected \(SceneSeconds.expected), found \(input.found)")
                }
                return .duration(microseconds)
            },
            apply: { recognizer, value in
                guard case .duration(let duration) = value else { return false }
                recognizer[keyPath: property] = duration
                return true
            },
            describe: { ParameterText.seconds($0[keyPath: property]) }
        )
    }

    /// A list of distinct names, each one of `options`, making up an option set (swipe directions,
    /// screen edges). At least one name; `required` when the recognizer is useless without it.
    public static func choices<Mask: OptionSet>(
        _ key: String, _ property: ReferenceWritableKeyPath<Recognizer, Mask>, _ options: [(name: String, value: Mask)],
        required: Bool = false, doc: String
    ) -> Self where Mask.Element == Mask {
        let names = options.map(\.name)
        let list = names.joined(separator: ", ")
        return Self(
            description: ParameterDescription(key: key, type: "list", unit: "", allowed: list, isRequired: required, doc: doc),
            decode: { input throws(SceneError) in
                guard let elements = input.node.elements else {
                    throw input.problem("expected a list of \(list), found \(input.found)")
                }
                var chosen: [String] = []
                for (index, element) in elements.enumerated() {
                    guard let text = element.string, names.contains(text) else {
                        throw input.problem(element: index, "expected one of \(list)")
                    }
                    if chosen.contains(text) { throw input.problem(element: index, "\"\(text)\" is listed twice") }
                    chosen.append(text)
                }
                guard !chosen.isEmpty else { throw input.problem("must list at least one value (\(list))") }
                return .names(chosen)
            },
            apply: { recognizer, value in
                guard case .names(let chosen) = value else { return false }
                var mask: Mask = []
                for name in chosen {
                    guard let option = options.first(where: { $0.name == name }) else { return false }
                    mask.insert(option.value)
                }
                recognizer[keyPath: property] = mask
                return true
            },
            describe: { recognizer in
                let mask = recognizer[keyPath: property]
                let set = options.filter { mask.contains($0.value) }.map(\.name)
                return set.isEmpty ? "none" : set.joined(separator: ", ")
            }
        )
    }

    /// A list of non-empty strings, kept as a set (accepted pattern codes).
    public static func strings(_ key: String, _ property: ReferenceWritableKeyPath<Recognizer, Set<String>>, doc: String) -> Self {
        Self(
            description: ParameterDescription(key: key, type: "list", unit: "", allowed: "non-empty strings", doc: doc),
            decode: { input throws(SceneError) in .names(try input.strings()) },
            apply: { recognizer, value in
                guard case .names(let strings) = value else { return false }
                recognizer[keyPath: property] = Set(strings)
                return true
            },
            describe: { recognizer in
                let strings = recognizer[keyPath: property].sorted()
                return strings.isEmpty ? "none" : strings.joined(separator: ", ")
            }
        )
    }
}

/// The numbers a `.number` parameter accepts.
public struct NumberRange: Equatable, Sendable {
    var minimum: Double?
    var minimumIncluded: Bool
    var maximum: Double?

    /// Any finite number.
    public static let any = NumberRange(minimum: nil, minimumIncluded: true, maximum: nil)

    /// `minimum` or more.
    public static func atLeast(_ minimum: Double) -> NumberRange {
        NumberRange(minimum: minimum, minimumIncluded: true, maximum: nil)
    }

    /// More than `minimum` (distances that must not be zero).
    public static func greaterThan(_ minimum: Double) -> NumberRange {
        NumberRange(minimum: minimum, minimumIncluded: false, maximum: nil)
    }

    /// From `minimum` to `maximum`, both included.
    public static func from(_ minimum: Double, to maximum: Double) -> NumberRange {
        NumberRange(minimum: minimum, minimumIncluded: true, maximum: maximum)
    }

    /// Whether `value` is allowed.
    public func contains(_ value: Double) -> Bool {
        if let minimum, minimumIncluded ? value < minimum : value <= minimum { return false }
        if let maximum, value > maximum { return false }
        return true
    }

    /// "≥ 0", "> 0", "0…1" for the tables.
    var shortText: String {
        switch (minimum, maximum) {
        case (let low?, let high?): "\(ParameterText.number(low))…\(ParameterText.number(high))"
        case (let low?, nil): (minimumIncluded ? "≥ " : "> ") + ParameterText.number(low)
        case (nil, let high?): "≤ " + ParameterText.number(high)
        case (nil, nil): "any"
        }
    }

    /// "at least 0", "greater than 0", "from 0 to 1" for messages.
    var phrase: String {
        switch (minimum, maximum) {
        case (let low?, let high?): "from \(ParameterText.number(low)) to \(ParameterText.number(high))"
        case (let low?, nil): (minimumIncluded ? "at least " : "greater than ") + ParameterText.number(low)
        case (nil, let high?): "at most " + ParameterText.number(high)
        case (nil, nil): ""
        }
    }
}

/// What the parameter tables and tools know about one parameter of a registered kind.
public struct ParameterDescription: Equatable, Sendable {
    /// The key in a scene file's recognizer object.
    public var key: String
    /// The value's type in words: "whole number", "number", "boolean", "list", ...
    public var type: String
    /// "pt", "s", or empty.
    public var unit: String
    /// The allowed values in a few words: "1…10", "> 0", "right, left, up, down".
    public var allowed: String
    /// The value a recognizer has when the scene leaves the key out, in words; "required" when it
    /// may not be left out.
    public var defaultValue: String
    /// A scene must give it.
    public var isRequired: Bool
    /// One line of documentation.
    public var doc: String

    /// A description; `RecognizerParameter`'s constructors make these, and `RecognizerKind` fills in
    /// `defaultValue`.
    public init(key: String, type: String, unit: String, allowed: String, defaultValue: String = "",
                isRequired: Bool = false, doc: String) {
        self.key = key
        self.type = type
        self.unit = unit
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.doc = doc
    }
}

/// Durations in scene files: seconds, from one microsecond (0.000001) to an hour, kept as whole
/// microseconds of virtual time. A smaller positive number (1e-7, 1e-300) would round to no time
/// at all, which no recognizer's timing means.
enum SceneSeconds {
    static let expected = "seconds from 0.000001 (1 µs) to 3600"
    /// The shortest duration, in seconds: what keeps at least one microsecond.
    static let minimum = 0.000001
    static let maximum = 3600.0

    static func microseconds(_ seconds: Double) -> GestureDuration? {
        guard seconds >= minimum, seconds <= maximum else { return nil }
        return max(1, GestureDuration((seconds * 1_000_000).rounded()))
    }
}
