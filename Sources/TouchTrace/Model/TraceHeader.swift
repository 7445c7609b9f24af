/// What a trace says about itself before its first event: who recorded it, where, and from which
/// devices. Readers ignore what they do not understand (`extensions`) but keep it for a round trip.
public struct TraceHeader: Equatable, Sendable {
    public var recorder: RecorderInfo
    public var host: HostInfo
    /// Wall-clock time when recording started, microseconds since the Unix epoch; `nil` when unknown
    /// (synthetic traces leave it out so that generation is deterministic).
    public var startedAt: Int64?
    /// Devices present when the trace began, indexed 0, 1, 2… by `DeviceDescription.index`.
    public var devices: [DeviceDescription]
    /// Header sections this version of Touchstone does not know, kept byte for byte.
    public var extensions: [Extension]

    public init(
        recorder: RecorderInfo, host: HostInfo = HostInfo(), startedAt: Int64? = nil,
        devices: [DeviceDescription], extensions: [Extension] = []
    ) {
        self.recorder = recorder
        self.host = host
        self.startedAt = startedAt
        self.devices = devices
        self.extensions = extensions
    }

    /// A header section identified by a tag that a later format revision may define.
    public struct Extension: Equatable, Sendable {
        public var tag: UInt16
        public var payload: [UInt8]

        public init(tag: UInt16, payload: [UInt8]) {
            self.tag = tag
            self.payload = payload
        }
    }
}

/// The program that wrote a trace.
public struct RecorderInfo: Equatable, Sendable {
    /// For example "touchstone record", "touchstone live", "touchstone synth pinch".
    public var name: String
    public var version: String
    /// Free-form detail such as the options or the seed that produced the trace.
    public var detail: String

    public init(name: String, version: String, detail: String = "") {
        self.name = name
        self.version = version
        self.detail = detail
    }
}

/// The machine a trace was recorded on. No host name or user name is ever recorded.
public struct HostInfo: Equatable, Sendable {
    /// For example "Debian GNU/Linux 12 (bookworm)".
    public var operatingSystem: String
    /// For example "6.1.0-18-amd64".
    public var kernel: String
    /// Library versions that shaped the events, for example "libinput 1.22.1".
    public var inputStack: String

    public init(operatingSystem: String = "", kernel: String = "", inputStack: String = "") {
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.inputStack = inputStack
    }
}
