/// What one `Recorder.run()` produced.
public struct RecordingSummary: Equatable, Sendable {
    /// Every file written, in order (more than one with `--autorestart`).
    public var files: [String]
    public var events: Int
    public var bytes: Int
    /// Why recording ended.
    public var ending: Ending

    /// What ended a recording that finished its files normally.
    public enum Ending: Equatable, Sendable {
        /// SIGINT or SIGTERM (the number).
        case signal(Int32)
        /// `--duration` ran out.
        case durationElapsed
    }
}
