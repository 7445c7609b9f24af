/// A value of a recognizer's own in its `ActionValues` (`values[custom: "progress"]`): what a
/// team's recognizer wants in its goldens beyond the standard fields.
public enum ActionValue: Equatable, Sendable {
    /// Printed with four decimals, as the standard scales and angles are (`nan`, `inf`, and
    /// `null` in JSON Lines, for a value that is not finite).
    case number(Double)
    /// Printed as a whole number.
    case integer(Int)
    /// Printed as a JSON string, quotes included, in both log formats (`name="circle"`). Each
    /// distinct text is kept once for the life of the process (`ActionName`), so texts should be
    /// names from a small set; a value that differs at every action belongs in `number` or
    /// `integer`, or memory grows with the replay.
    case text(String)
}

/// The custom values of one action: up to `ActionValues.customCapacity` keys with their values, in
/// the order they were first set, stored as plain bytes (keys and texts as `ActionName`s) so that
/// `ActionValues` stays bitwise copyable.
@usableFromInline
struct CustomActionValues: Equatable, Sendable {
    @usableFromInline
    struct Entry: Equatable, Sendable {
        @usableFromInline var key: ActionName
        @usableFromInline var kind: Kind
        /// The number's bits, the integer's, or the text's `ActionName` index.
        @usableFromInline var payload: UInt64

        @usableFromInline enum Kind: UInt8, Sendable { case number, integer, text }

        /// No key: all bits zero, so that an action's values start as plain zeroed memory.
        @inlinable init() {
            key = .none
            kind = .number
            payload = 0
        }

        init(key: ActionName, value: ActionValue) {
            self.key = key
            switch value {
            case .number(let number): kind = .number; payload = number.bitPattern
            case .integer(let integer): kind = .integer; payload = UInt64(bitPattern: Int64(integer))
            case .text(let text): kind = .text; payload = UInt64(ActionName(text).index)
            }
        }

        var value: ActionValue {
            switch kind {
            case .number: .number(Double(bitPattern: payload))
            case .integer: .integer(Int(Int64(bitPattern: payload)))
            case .text: .text(ActionName(index: UInt32(truncatingIfNeeded: payload)).text)
            }
        }
    }

    @usableFromInline var count: Int
    // Four fields, not an `InlineArray`: every `ActionValues` builds them, nearly always to stay
    // empty, and as fields they are a few stores of zeros inlined where the values are made.
    @usableFromInline var entry0: Entry
    @usableFromInline var entry1: Entry
    @usableFromInline var entry2: Entry
    @usableFromInline var entry3: Entry

    @inlinable init() {
        count = 0
        entry0 = Entry()
        entry1 = Entry()
        entry2 = Entry()
        entry3 = Entry()
    }

    /// Entry `index`, from 0 to 3.
    subscript(index: Int) -> Entry {
        get {
            switch index {
            case 0: entry0
            case 1: entry1
            case 2: entry2
            default: entry3
            }
        }
        set {
            switch index {
            case 0: entry0 = newValue
            case 1: entry1 = newValue
            case 2: entry2 = newValue
            default: entry3 = newValue
            }
        }
    }

    func index(of key: ActionName) -> Int? {
        var index = 0
        while index < count {
            if self[index].key == key { return index }
            index += 1
        }
        return nil
    }

    /// Entries past `count` hold their initial value, so only the live ones can differ.
    @usableFromInline
    static func == (lhs: CustomActionValues, rhs: CustomActionValues) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var index = 0
        while index < lhs.count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }
}

extension ActionValues {
    /// The most custom values one action carries.
    public static let customCapacity = 4

    /// The keys the log prints itself, which a custom value may not take.
    public static let standardKeys: Set<String> = [
        "t", "action", "state", "touches", "at", "location", "translation", "velocity", "scale",
        "rotation", "tapCount", "direction", "match", "score", "turns", "accepted",
    ]

    /// The key of a custom value, checked and entered in the names table once: a recognizer that
    /// sets a value at every action makes its key once (`static let progress = ActionValues.CustomKey("progress")`)
    /// and spends no check, lock or hash per action on it.
    ///
    /// Keys are the recognizer's code, not input: a key that is not ASCII letters and digits
    /// starting with a letter, or one of `standardKeys`, stops the program with a message naming
    /// it, as an illegal state transition does.
    public struct CustomKey: Equatable, Sendable {
        @usableFromInline let name: ActionName

        public init(_ key: String) {
            name = ActionName(ActionValues.checkedCustomKey(key))
        }

        /// The key as the log prints it.
        public var text: String { name.text }
    }

    /// A value of the recognizer's own, printed after the standard ones: ` key=value` in the text
    /// log, `"key":value` in JSON Lines (`docs/replay-log.md`). Setting `nil` removes it; setting
    /// one past `customCapacity` stops the program with a message naming its key.
    public subscript(custom key: CustomKey) -> ActionValue? {
        get {
            storedCustom.index(of: key.name).map { storedCustom[$0].value }
        }
        set {
            let existing = storedCustom.index(of: key.name)
            guard let newValue else {
                guard let existing else { return }
                var index = existing
                while index + 1 < storedCustom.count {
                    storedCustom[index] = storedCustom[index + 1]
                    index += 1
                }
                storedCustom.count -= 1
                storedCustom[storedCustom.count] = CustomActionValues.Entry()
                return
            }
            let entry = CustomActionValues.Entry(key: key.name, value: newValue)
            if let existing {
                storedCustom[existing] = entry
                return
            }
            precondition(
                storedCustom.count < Self.customCapacity,
                "ActionValues: custom value \"\(key.text)\" is one more than the \(Self.customCapacity) an action carries")
            storedCustom[storedCustom.count] = entry
            storedCustom.count += 1
        }
    }

    /// `self[custom: CustomKey(key)]`: the key checked and looked up at each use.
    public subscript(custom key: String) -> ActionValue? {
        get { self[custom: CustomKey(key)] }
        set { self[custom: CustomKey(key)] = newValue }
    }

    /// How many custom values are set.
    public var customCount: Int { storedCustom.count }

    /// The custom value set `index`-th (from 0, in the order first set), with its key.
    public func custom(at index: Int) -> (key: String, value: ActionValue) {
        precondition(index >= 0 && index < storedCustom.count, "ActionValues: custom value \(index) of \(storedCustom.count)")
        let entry = storedCustom[index]
        return (entry.key.text, entry.value)
    }

    /// The custom keys, in the order they were first set.
    public var customKeys: [String] { (0..<customCount).map { custom(at: $0).key } }

    fileprivate static func checkedCustomKey(_ key: String) -> String {
        let utf8 = key.utf8
        let wellFormed = utf8.first.map(isLetter) == true && utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) }
        precondition(
            wellFormed && !standardKeys.contains(key),
            "ActionValues: custom key \"\(key)\" must be ASCII letters and digits starting with a letter, and not a standard key")
        return key
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
