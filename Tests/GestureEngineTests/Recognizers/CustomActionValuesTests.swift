import GestureEngine
import Testing

/// `ActionValues[custom:]`: values of a recognizer's own, kept in the order first set, for its
/// goldens (the log's spelling is pinned in ReplayTests' LogWriterTests).
@Suite("Custom action values")
struct CustomActionValuesTests {
    private func values() -> ActionValues { ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 1) }

    @Test("Each kind of value reads back as it was set, and an unset key reads nil")
    func valuesReadBack() {
        var values = values()
        values[custom: "progress"] = .number(0.25)
        values[custom: "strokes"] = .integer(Int.min)
        values[custom: "shape"] = .text("loop")
        #expect(values[custom: "progress"] == .number(0.25))
        #expect(values[custom: "strokes"] == .integer(Int.min))
        #expect(values[custom: "shape"] == .text("loop"))
        #expect(values[custom: "other"] == nil)
        #expect(values.customKeys == ["progress", "strokes", "shape"])
    }

    @Test("Setting a key again replaces its value in place; nil removes it and the later keys move up")
    func replaceAndRemoveKeepOrder() {
        var values = values()
        values[custom: "a"] = .integer(1)
        values[custom: "b"] = .integer(2)
        values[custom: "c"] = .integer(3)
        values[custom: "a"] = .number(1.5)
        values[custom: "b"] = nil
        #expect(values.customKeys == ["a", "c"])
        #expect(values.custom(at: 0).value == .number(1.5))
        values[custom: "d"] = .integer(4)
        #expect(values.customKeys == ["a", "c", "d"])
    }

    @Test("A key made once is the same key as its text")
    func keyMadeOnceIsItsText() {
        let progress = ActionValues.CustomKey("progress")
        var values = values()
        values[custom: progress] = .number(0.5)
        #expect(values[custom: "progress"] == .number(0.5))
        values[custom: "progress"] = .integer(1)
        #expect(values[custom: progress] == .integer(1))
        #expect(values.customKeys == ["progress"])
        #expect(progress.text == "progress")
    }

    @Test("Values are equal when they hold the same custom values in the same order")
    func equalityFollowsOrder() {
        var first = values()
        var second = values()
        first[custom: "a"] = .integer(1)
        first[custom: "b"] = .integer(2)
        second[custom: "b"] = .integer(2)
        second[custom: "a"] = .integer(1)
        #expect(first != second)
        second[custom: "b"] = nil
        second[custom: "b"] = .integer(2)
        #expect(first == second)
        second[custom: "b"] = nil
        #expect(first != second)
    }

    @Test("A fifth custom value stops the program, naming the key")
    func pastCapacityStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var values = ActionValues(location: Point(x: 0, y: 0), numberOfTouches: 0)
            for key in ["a", "b", "c", "d", "e"] { values[custom: key] = .integer(0) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"custom value "e" is one more than the 4 an action carries"#))
    }

    @Test("A key the log spells itself stops the program, naming the key")
    func standardKeyStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var values = ActionValues(location: Point(x: 0, y: 0), numberOfTouches: 0)
            values[custom: "scale"] = .number(2)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"custom key "scale" must be ASCII letters and digits starting with a letter, and not a standard key"#))
    }

    @Test("A key that is not ASCII letters and digits starting with a letter stops the program")
    func malformedKeyStops() async {
        await #expect(processExitsWith: .failure) {
            var values = ActionValues(location: Point(x: 0, y: 0), numberOfTouches: 0)
            values[custom: "two words"] = .integer(0)
        }
        await #expect(processExitsWith: .failure) {
            var values = ActionValues(location: Point(x: 0, y: 0), numberOfTouches: 0)
            values[custom: "9lives"] = .integer(0)
        }
    }
}
