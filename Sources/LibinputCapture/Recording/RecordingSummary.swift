/// What one `Recorder.run()` produced.
public struct RecordingSummary: Equatable, Sendable {
    /// Every file written, in order (more than one with `--autorestart`).
    public var files: [String]
    public var events: Int
    public var bytes: Int
    /// Why recording ended.
    public var ending: Ending

    public enum Ending: Equatable, Sendable {
        case signal(Int32)
        case durationElapsed
    }
}
