import ArgumentParser
import TouchTrace

/// An option that takes one value given more than once (`replay --scene map --scene tap`, `-o a
/// --output b`): ArgumentParser keeps the last value and drops the others in silence, so a line
/// that appends an option to a command already holding it (a script's defaults and the user's
/// own) runs with one of the two unnoticed. Refused as a usage error (64) naming the option, for
/// every command at once, from the command's own description of its arguments: ArgumentParser's
/// `_dumpHelp()` (the `--experimental-dump-help` JSON), which gives each option's names, whether
/// it repeats (an array: `record --device`) and whether it takes a value (a flag given twice says
/// the same thing twice, and is left alone).
///
/// Describing a command costs more than parsing it (reflection over its properties and a JSON
/// text: 8 M instructions for `synth gesture`, half its start), so it is asked for only when two
/// option arguments could name one option (`mayRepeat`): the same name twice, or `-o` with a long
/// name beginning with `o`. An ordinary command line pays a scan of its arguments.
enum RepeatedOptions {
    /// An option as a command declares it.
    struct Declared {
        var names: [String]
        var takesValue: Bool
        var repeats: Bool
    }

    /// The usage error for `arguments` (the process's, without the program's name) parsed as
    /// `command`, when they give a single-value option more than once; nil otherwise.
    static func problem(in command: any ParsableCommand.Type, arguments: [String]) -> String? {
        guard mayRepeat(arguments) else { return nil }
        let declared = options(of: command)
        var lookup: [String: Int] = [:]
        for (index, option) in declared.enumerated() {
            for name in option.names { lookup[name] = index }
        }
        var spellings: [[String]] = Array(repeating: [], count: declared.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            guard argument.utf8.count > 1, argument.utf8.first == UInt8(ascii: "-") else { continue }
            let name = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? argument
            let attached = name.utf8.count < argument.utf8.count
            var found: [Int] = []
            if let option = lookup[name] {
                found = [option]
            } else if !name.hasPrefix("--"), !attached {
                // Short flags grouped in one argument (`-abc`), as ArgumentParser splits them.
                let letters = name.dropFirst().map { lookup["-\($0)"] }
                guard letters.allSatisfy({ $0 != nil }) else { continue }
                found = letters.compactMap { $0 }
            } else {
                continue
            }
            for option in found {
                spellings[option].append(name)
                // The value is the next argument, whatever it looks like (`--degrees -30`, `-o -`):
                // it names no option.
                if declared[option].takesValue, !attached { index += 1 }
            }
        }
        for (option, given) in zip(declared, spellings) where option.takesValue && !option.repeats && given.count > 1 {
            let names = option.names.sorted { $0.utf8.count < $1.utf8.count }.joined(separator: "/")
            return "\(names) is given \(given.count) times (\(given.joined(separator: ", "))): it takes one value, and all but the last would be dropped; give it once"
        }
        return nil
    }

    /// Whether two of `arguments` before `--` that look like options could name one option: the
    /// same long name twice (before any `=`), a short name twice, or a short name and a long name
    /// beginning with its letter (`-o` and `--output`). An option has at most one long and one
    /// short name, its short name the first letter of its long one (`RepeatedOptionTests` holds
    /// every command to it), so no other two arguments can. Cheap: a bit per letter, and the long
    /// names sorted only when there are two or more.
    static func mayRepeat(_ arguments: [String]) -> Bool {
        var shorts = LetterSet(), longFirsts = LetterSet()
        var longs: [Substring] = []
        for argument in arguments {
            if argument == "--" { break }
            let bytes = argument.utf8
            guard bytes.count > 1, bytes.first == UInt8(ascii: "-") else { continue }
            let second = bytes[bytes.index(after: bytes.startIndex)]
            if second == UInt8(ascii: "-") {
                guard bytes.count > 2 else { continue }
                let name = argument.prefix { $0 != "=" }
                longs.append(name)
                _ = longFirsts.insert(name.utf8[name.utf8.index(name.utf8.startIndex, offsetBy: 2)])
                continue
            }
            // A negative number (`--degrees -30`'s value) names no option.
            if second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9") || second == UInt8(ascii: ".") { continue }
            // `-o`, `-o=VALUE`, or short flags grouped (`-abc`): each letter a short name.
            for letter in bytes.dropFirst().prefix(while: { $0 != UInt8(ascii: "=") }) where !shorts.insert(letter) { return true }
        }
        if shorts.intersects(longFirsts) { return true }
        guard longs.count > 1 else { return false }
        longs.sort()
        return zip(longs, longs.dropFirst()).contains { $0 == $1 }
    }

    /// A set of bytes, a bit each.
    private struct LetterSet {
        private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        /// Adds `byte`; false when it was already there.
        mutating func insert(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            let had: Bool
            switch byte >> 6 {
            case 0: had = bits.0 & bit != 0; bits.0 |= bit
            case 1: had = bits.1 & bit != 0; bits.1 |= bit
            case 2: had = bits.2 & bit != 0; bits.2 |= bit
            default: had = bits.3 & bit != 0; bits.3 |= bit
            }
            return !had
        }

        func intersects(_ other: LetterSet) -> Bool {
            bits.0 & other.bits.0 != 0 || bits.1 & other.bits.1 != 0 || bits.2 & other.bits.2 != 0 || bits.3 & other.bits.3 != 0
        }
    }

    /// The options and flags `command` declares, from ArgumentParser's description of it; empty if
    /// that cannot be read (then nothing is refused).
    static func options(of command: any ParsableCommand.Type) -> [Declared] {
        guard let root = try? JSONParser.parse(Array(command._dumpHelp().utf8)),
            let arguments = root.members?["command"]?.members?["arguments"]?.elements
        else { return [] }
        return arguments.compactMap { argument -> Declared? in
            guard let members = argument.members, let kind = members["kind"]?.string, kind == "option" || kind == "flag" else { return nil }
            let names = (members["names"]?.elements ?? []).compactMap { name -> String? in
                guard let text = name.members?["name"]?.string, let nameKind = name.members?["kind"]?.string else { return nil }
                return (nameKind == "long" ? "--" : "-") + text
            }
            return Declared(names: names, takesValue: kind == "option", repeats: members["isRepeating"]?.bool ?? false)
        }
    }
}
