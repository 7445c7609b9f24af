import GestureEngine
import Testing
@testable import Replay

/// The recognizer registry: every kind described once, and precise complaints about kinds and
/// parameters that cannot be used.
@Suite("Recognizer registry")
struct RecognizerRegistryTests {
    /// A long press needing two fingers, as a user's kind in the tests' own registry.
    static let twoFingerPress = RecognizerKind(
        "twoFingerPress", summary: "A long press with two fingers.",
        parameters: [.duration("minimumPressDuration", \.minimumPressDuration, doc: "How long both fingers stay down.")],
        make: { name -> LongPressGestureRecognizer in
            let recognizer = LongPressGestureRecognizer(name: name)
            recognizer.numberOfTouchesRequired = 2
            return recognizer
        }
    )

    private func scene(_ recognizer: String) -> [UInt8] {
        Array("""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [
               \(recognizer)]}
            """.utf8)
    }

    private func error(_ recognizer: String, registry: RecognizerRegistry = .standard) -> SceneError? {
        do {
            _ = try SceneLoader.decode(scene(recognizer), file: "scene.json", registry: registry)
            return nil
        } catch {
            return error
        }
    }

    @Test("A scene naming an unregistered kind names the file, the line, the unknown name and every registered name")
    func unregisteredKind() throws {
        let problem = try #require(error(#"{"id": "f", "type": "flick"}"#))
        #expect(problem.file == "scene.json")
        #expect(problem.line == 3)
        #expect(problem.keyPath == "recognizers[0].type")
        #expect(problem.problem == "unknown recognizer type \"flick\" (registered: "
            + RecognizerRegistry.standard.typeNames.joined(separator: ", ") + ")")
    }

    @Test("A kind registered twice is refused at registration, naming it, and the registry stays as it was")
    func duplicateRegistration() {
        var registry = RecognizerRegistry.standard
        #expect(throws: RecognizerRegistrationError(typeName: "tap", problem: "a kind with this type name is already registered")) {
            try registry.register(.tap)
        }
        #expect(throws: RecognizerRegistrationError.self) {
            try registry.register(RecognizerKind("pan", summary: "another pan", make: { PanGestureRecognizer(name: $0) }))
        }
        #expect(registry.typeNames == RecognizerRegistry.standard.typeNames)
    }

    @Test("A parameter key every recognizer has is refused at registration")
    func reservedParameterKey() {
        let kind = RecognizerKind(
            "sneaky", summary: "uses a common key",
            parameters: [.flag("enabled", \.isEnabled, doc: "clashes with the common key")],
            make: { TapGestureRecognizer(name: $0) })
        #expect(throws: RecognizerRegistrationError(typeName: "sneaky", problem: "parameter \"enabled\" is a key every recognizer has")) {
            _ = try RecognizerRegistry([kind])
        }
    }

    @Test("A type name with a space is refused at registration")
    func malformedTypeName() {
        #expect(throws: RecognizerRegistrationError.self) {
            _ = try RecognizerRegistry([RecognizerKind("two words", summary: "", make: { TapGestureRecognizer(name: $0) })])
        }
    }

    @Test("A parameter of the wrong type names the file, the line, the key path and the allowed range")
    func wrongType() throws {
        let problem = try #require(error(#"{"id": "t", "type": "tap", "numberOfTapsRequired": "two"}"#))
        #expect(problem.description == "scene.json:3: recognizers[0].numberOfTapsRequired: expected a whole number from 1 to 10, found a string")
    }

    @Test("A distance out of range names the allowed range and the unit")
    func distanceOutOfRange() throws {
        let problem = try #require(error(#"{"id": "t", "type": "tap", "allowableMovement": -1}"#))
        #expect(problem.description == "scene.json:3: recognizers[0].allowableMovement: expected a number at least 0 (pt), found -1")
    }

    @Test("A duration out of range names the allowed range in seconds")
    func durationOutOfRange() throws {
        let problem = try #require(error(#"{"id": "p", "type": "longPress", "minimumPressDuration": 4000}"#))
        #expect(problem.keyPath == "recognizers[0].minimumPressDuration")
        #expect(problem.problem == "expected seconds from 0.000001 (1 µs) to 3600, found 4000")
    }

    @Test("A score above its range names the range")
    func scoreOutOfRange() throws {
        let problem = try #require(error(#"{"id": "u", "type": "unistroke", "minimumScore": 1.5}"#))
        #expect(problem.problem == "expected a number from 0 to 1, found 1.5")
    }

    @Test("A flag given as a number names both")
    func flagOfWrongType() throws {
        let problem = try #require(error(#"{"id": "c", "type": "chevron", "mirrored": 1}"#))
        #expect(problem.problem == "expected true or false, found 1")
    }

    @Test("A required parameter left out is a missing key at its key path")
    func missingRequiredParameter() throws {
        let problem = try #require(error(#"{"id": "e", "type": "screenEdgePan"}"#))
        #expect(problem.keyPath == "recognizers[0].edges")
        #expect(problem.problem == "missing required key")
    }

    @Test("A rule between parameters points at the second one")
    func crossParameterRule() throws {
        let problem = try #require(error(#"{"id": "p", "type": "pan", "minimumNumberOfTouches": 3, "maximumNumberOfTouches": 2}"#))
        #expect(problem.keyPath == "recognizers[0].maximumNumberOfTouches")
        #expect(problem.problem == "must not be less than minimumNumberOfTouches (3)")
    }

    @Test("A user's kind loads from a scene in a registry that has it, and builds with the scene's parameters")
    func userKind() throws {
        let registry = try RecognizerRegistry.standard.registering([Self.twoFingerPress])
        let scene = try SceneLoader.decode(scene(#"{"id": "p", "type": "twoFingerPress", "minimumPressDuration": 0.2}"#),
                                           file: "scene.json", registry: registry)
        #expect(scene.windowRecognizers[0].kind == Self.twoFingerPress)
        let press = try #require(SceneInstance(scene).recognizers["p"] as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == 200_000)
        #expect(press.numberOfTouchesRequired == 2)
        #expect(error(#"{"id": "p", "type": "twoFingerPress"}"#)?.problem.hasPrefix("unknown recognizer type \"twoFingerPress\"") == true)
    }

    @Test("A kind's own delegate is kept when the scene lists its recognizer in a simultaneous pair: it still answers, and the pair is simultaneous")
    func ownDelegateKeptWithSimultaneousPairs() throws {
        final class NeverBegins: GestureRecognizerDelegate, Sendable {
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
            var answeredQuestions: GestureRecognizerDelegateQuestions { .shouldBegin }
        }
        // Held by the kind, as a team's delegate would be. (Not a `static let`: a weak reference
        // to an object that is never freed keeps a side table LeakSanitizer cannot see.)
        let neverBegins = NeverBegins()
        let guarded = RecognizerKind("guardedPan", summary: "A pan its delegate never lets begin.", make: { name -> PanGestureRecognizer in
            let recognizer = PanGestureRecognizer(name: name)
            recognizer.delegate = neverBegins
            return recognizer
        })
        let registry = try RecognizerRegistry.standard.registering([guarded])
        let scene = try SceneLoader.decode(Array("""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "g", "type": "guardedPan"}, {"id": "p", "type": "pinch"}],
             "simultaneous": [["g", "p"]]}
            """.utf8), file: "scene.json", registry: registry)
        let instance = SceneInstance(scene)
        let pan = try #require(instance.recognizers["g"]), pinch = try #require(instance.recognizers["p"])
        let delegate = try #require(pan.delegate)

        #expect(delegate.gestureRecognizerShouldBegin(pan) == false)
        #expect(delegate.answeredQuestions == [.shouldBegin, .simultaneity])
        #expect(delegate.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: pinch))
        #expect(pinch.delegate?.gestureRecognizer(pinch, shouldRecognizeSimultaneouslyWith: pan) == true)
    }

    @Test("Defaults in the tables are read from the recognizers the kinds make")
    func defaultsComeFromTheEngine() {
        func defaultValue(_ kind: RecognizerKind, _ key: String) -> String? {
            kind.parameters.first { $0.key == key }?.defaultValue
        }
        #expect(defaultValue(.tap, "maximumTapInterval") == "0.35")
        #expect(defaultValue(.tap, "allowableMovement") == "45")
        #expect(defaultValue(.pan, "maximumNumberOfTouches") == "unlimited")
        #expect(defaultValue(.swipe, "direction") == "right")
        #expect(defaultValue(.screenEdgePan, "edges") == "required")
        #expect(defaultValue(Self.twoFingerPress, "minimumPressDuration") == "0.5")
    }

    @Test("Every kind of the standard registry appears in the tables with each of its parameters")
    func tablesListEveryParameter() throws {
        let registry = try RecognizerRegistry.standard.registering([Self.twoFingerPress])
        let markdown = registry.kindTables(markdown: true)
        for kind in registry.kinds {
            #expect(markdown.contains("#### `\(kind.typeName)`\n\n\(kind.summary)\n"))
            for parameter in kind.parameters { #expect(markdown.contains("| `\(parameter.key)` |")) }
        }
        #expect(registry.kindTables().contains("twoFingerPress: A long press with two fingers.\n"))
    }
}
