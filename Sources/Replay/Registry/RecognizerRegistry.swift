/// The recognizer kinds scenes may name, by type name, in registration order.
///
/// `standard` holds Touchstone's kinds: UIKit's standard recognizers and the custom ones of
/// `docs/custom-recognizers.md`. A team adds its own with `register(_:)`, then hands the registry
/// to `SceneLoader`, `SceneReference`, `VerifyOptions`, or runs the whole command with
/// `TouchstoneCommand.main(registering:)`.
public struct RecognizerRegistry: Sendable {
    /// Every kind, in the order registered.
    public private(set) var kinds: [RecognizerKind] = []
    private var byTypeName: [String: RecognizerKind] = [:]

    /// An empty registry.
    public init() {}

    /// A registry of `kinds`, in order; throws at the first that cannot be registered.
    public init(_ kinds: [RecognizerKind]) throws(RecognizerRegistrationError) {
        for kind in kinds { try register(kind) }
    }

    /// Touchstone's own kinds: `tap`, `longPress`, `pan`, `swipe`, `pinch`, `rotation`,
    /// `screenEdgePan`, then the custom `chevron`, `unistroke`, `resetShake`, `doubleTapDragZoom`,
    /// `touchDownPress`, `patternUnlock`. Registered through `register(_:)` like anyone's.
    public static let standard: RecognizerRegistry = {
        do {
            return try RecognizerRegistry(RecognizerKind.standardKinds + RecognizerKind.customKinds)
        } catch {
            preconditionFailure("Touchstone's own recognizer kinds do not register: \(error)")
        }
    }()

    /// Adds `kind`. Throws, leaving the registry as it was, when its type name is taken or malformed,
    /// or a parameter key is repeated or is one every recognizer has (`id`, `type`, `enabled`, ...).
    public mutating func register(_ kind: RecognizerKind) throws(RecognizerRegistrationError) {
        func refuse(_ problem: String) -> RecognizerRegistrationError {
            RecognizerRegistrationError(typeName: kind.typeName, problem: problem)
        }
        if byTypeName[kind.typeName] != nil {
            throw refuse("a kind with this type name is already registered")
        }
        let allowed = kind.typeName.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard !kind.typeName.isEmpty, allowed else {
            throw refuse("a type name is made of ASCII letters, digits, '.', '-' and '_'")
        }
        var keys: Set<String> = []
        for parameter in kind.parameters {
            if SceneLoader.commonRecognizerKeys.contains(parameter.key) {
                throw refuse("parameter \"\(parameter.key)\" is a key every recognizer has")
            }
            if parameter.key.isEmpty { throw refuse("a parameter key is empty") }
            if !keys.insert(parameter.key).inserted { throw refuse("parameter \"\(parameter.key)\" is listed twice") }
        }
        kinds.append(kind)
        byTypeName[kind.typeName] = kind
    }

    /// This registry with `kinds` added, in order.
    public func registering(_ kinds: [RecognizerKind]) throws(RecognizerRegistrationError) -> RecognizerRegistry {
        var registry = self
        for kind in kinds { try registry.register(kind) }
        return registry
    }

    /// The kind registered as `typeName`, if any.
    public func kind(named typeName: String) -> RecognizerKind? {
        byTypeName[typeName]
    }

    /// Every type name, in registration order.
    public var typeNames: [String] { kinds.map(\.typeName) }
}

/// Why a kind could not be registered.
public struct RecognizerRegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The type name of the kind refused.
    public var typeName: String
    /// Why, in words.
    public var problem: String

    /// A refusal of the kind named `typeName`.
    public init(typeName: String, problem: String) {
        self.typeName = typeName
        self.problem = problem
    }

    /// `cannot register recognizer kind "tap": a kind with this type name is already registered`.
    public var description: String {
        "cannot register recognizer kind \"\(typeName)\": \(problem)"
    }
}
