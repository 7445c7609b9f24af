import GestureEngine

/// A kind of gesture recognizer a scene can name in `"type"`: its type name, one line saying what it
/// recognizes, its parameters, and how to make one. Described once, it is everything the scene
/// loader, its error messages, the replay and the parameter tables (`touchstone scene kinds`) need.
///
/// Touchstone's own kinds (`RecognizerRegistry.standard`) are defined exactly as a user's:
///
/// ```swift
/// let twoFingerLongPress = RecognizerKind(
///     "twoFingerLongPress", summary: "Two fingers held still; continuous.",
///     parameters: [
///         .duration("minimumPressDuration", \.minimumPressDuration, doc: "How long both fingers stay down."),
///         .number("allowableMovement", \.allowableMovement, unit: "pt", range: .atLeast(0), doc: "Movement allowed."),
///     ],
///     make: { TwoFingerLongPress(name: $0) }
/// )
/// var registry = RecognizerRegistry.standard
/// try registry.register(twoFingerLongPress)
/// ```
///
/// Kinds compare by identity: a scene's recognizer names the very kind its registry held.
public final class RecognizerKind: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: every stored property is a constant; the closures capture only constants (key
    // paths, option tables) and the caller's `@Sendable` functions.

    /// The `"type"` string scene files use.
    public let typeName: String
    /// One line: what the recognizer recognizes and how it acts.
    public let summary: String
    /// The parameters a scene may give, in the order the tables list them.
    public let parameters: [ParameterDescription]
    let decoders: [@Sendable (ParameterInput) throws(SceneError) -> ParameterValue]
    private let build: (String, [String: ParameterValue]) -> GestureRecognizer
    private let check: @Sendable ([String: ParameterValue]) throws(ParameterProblem) -> Void

    /// Describes a kind.
    ///
    /// - Parameters:
    ///   - typeName: The `"type"` string in scene files; letters, digits, `.`, `-` and `_`.
    ///   - summary: One line for the tables.
    ///   - parameters: What a scene may set, applied in this order over the recognizer's own defaults.
    ///     Each parameter's default is read from one recognizer `make` builds here, once.
    ///   - check: Rules between parameters that one parameter alone cannot state (a pan's minimum
    ///     fingers not above its maximum); throw the problem at the offending key.
    ///   - make: A new recognizer with its defaults, named `name` (the scene's recognizer id). A
    ///     closure of more than one statement states its result type (`{ name -> MyRecognizer in ... }`)
    ///     so that the parameters' key paths find the recognizer's properties.
    public init<Recognizer: GestureRecognizer>(
        _ typeName: String, summary: String, parameters: [RecognizerParameter<Recognizer>] = [],
        check: @escaping @Sendable ([String: ParameterValue]) throws(ParameterProblem) -> Void = { _ throws(ParameterProblem) in },
        make: @escaping @Sendable (_ name: String) -> Recognizer
    ) {
        self.typeName = typeName
        self.summary = summary
        let sample = make("")
        self.parameters = parameters.map { parameter in
            var description = parameter.description
            description.defaultValue = description.isRequired ? "required" : parameter.describe(sample)
            return description
        }
        decoders = parameters.map(\.decode)
        self.check = check
        build = { name, values in
            let recognizer = make(name)
            for parameter in parameters {
                guard let value = values[parameter.description.key] else { continue }
                guard parameter.apply(recognizer, value) else {
                    preconditionFailure("\(typeName).\(parameter.description.key): \(value) is not a value of type \(parameter.description.type)")
                }
            }
            return recognizer
        }
    }

    /// A new recognizer named `id` with `parameters` set over its defaults.
    ///
    /// `parameters` come from the scene loader, which has checked them; a key this kind does not have,
    /// or a value of another type, is a programmer error in a scene built in code and stops the program.
    public func makeRecognizer(id: String, parameters values: [String: ParameterValue]) -> GestureRecognizer {
        for key in values.keys where !parameters.contains(where: { $0.key == key }) {
            preconditionFailure("recognizer \"\(id)\": kind \(typeName) has no parameter \"\(key)\"")
        }
        return build(id, values)
    }

    /// Checks the rules between parameters (`check` of `init`).
    func checkParameters(_ values: [String: ParameterValue]) throws(ParameterProblem) {
        try check(values)
    }

    /// The type name.
    public var description: String { typeName }

    /// The same kind object.
    public static func == (lhs: RecognizerKind, rhs: RecognizerKind) -> Bool { lhs === rhs }

    /// Hashes the object's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// A rule between parameters that a scene broke: the key to point at and the problem in words.
public struct ParameterProblem: Error, Equatable, Sendable {
    /// The parameter key the error points at (its line and key path).
    public var key: String
    /// What is wrong, in words: "must not be less than minimumNumberOfTouches (3)".
    public var problem: String

    /// A problem at `key`.
    public init(key: String, problem: String) {
        self.key = key
        self.problem = problem
    }
}
