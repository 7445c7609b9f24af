/// Where a recording is with its trace files.
///
/// ```
///   starting ──opened──► writing ──quietSpell──► between ──opened──► writing …
///      │                    │                       │
///      └──────────────── finished ◄─────────────────┘
/// ```
///
/// `between` exists only with `--autorestart`: the file was closed after a quiet spell, and the next
/// touch or gesture opens the next one. The recorder performs the side effects (opening and closing
/// files) and then reports what it did through `handle(_:)`; any other order is a programming error.
enum RecordingFileState {
    /// Devices are being discovered; no file yet.
    case starting
    case writing(any TraceOutput)
    case between
    case finished

    enum Event {
        /// A file was opened with the present devices in its header.
        case opened(any TraceOutput)
        /// The open file was closed after a quiet spell (`--autorestart`).
        case quietSpell
        /// The recording ended; the open file, if any, was closed.
        case finished
    }

    mutating func handle(_ event: Event) {
        switch (self, event) {
        case (.starting, .opened(let output)), (.between, .opened(let output)):
            self = .writing(output)
        case (.writing, .quietSpell):
            self = .between
        case (.starting, .finished), (.writing, .finished), (.between, .finished):
            self = .finished
        case (.writing, .opened), (.finished, .opened), (.starting, .quietSpell), (.between, .quietSpell),
             (.finished, .quietSpell), (.finished, .finished):
            preconditionFailure("recording file state: \(event) is illegal in \(self)")
        }
    }

    /// The file being written, if any.
    var output: (any TraceOutput)? {
        if case .writing(let output) = self { output } else { nil }
    }
}
