/// A path through a 3 × 3 grid of targets numbered like a phone keypad (1 2 3 / 4 5 6 / 7 8 9), as in
/// a pattern unlock: "1-2-3-6-9".
public struct PatternCode: Hashable, Sendable, CustomStringConvertible {
    /// The targets in the order the finger visits them, each 1…9, none twice.
    public let targets: [Int]

    /// Parses "1-2-3-6-9": two to nine distinct digits 1…9 separated by dashes.
    public init(parsing text: String) throws(SynthesisError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        var targets: [Int] = []
        for part in parts {
            guard let digit = Int(part), (1...9).contains(digit) else {
                throw SynthesisError.invalidOption("pattern code \"\(text)\": \"\(part)\" is not a target 1…9")
            }
            guard !targets.contains(digit) else {
                throw SynthesisError.invalidOption("pattern code \"\(text)\": target \(digit) is visited twice")
            }
            targets.append(digit)
        }
        guard targets.count >= 2 else {
            throw SynthesisError.invalidOption("pattern code \"\(text)\": a pattern joins at least two targets")
        }
        self.targets = targets
    }

    public var description: String {
        targets.map(String.init).joined(separator: "-")
    }

    /// Column and row (0…2) of target `number`.
    static func cell(of number: Int) -> (column: Int, row: Int) {
        ((number - 1) % 3, (number - 1) / 3)
    }
}
