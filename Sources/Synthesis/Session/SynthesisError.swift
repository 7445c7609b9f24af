/// Why a synthesis request cannot be carried out; the message names the option and its allowed range.
public enum SynthesisError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidOption(String)

    public var description: String {
        switch self {
        case .invalidOption(let message): message
        }
    }
}
