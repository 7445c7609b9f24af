/// The words the JSON Lines format uses for enumerations, in one place for the writer and reader.
enum JSONLinesVocabulary {
    static let touchPhases: [(TouchPhase, String)] = [(.down, "down"), (.motion, "motion"), (.up, "up"), (.cancel, "cancel")]
    static let gestureKinds: [(GestureKind, String)] = [(.swipe, "swipe"), (.pinch, "pinch"), (.hold, "hold"), (.scroll, "scroll")]
    static let gesturePhases: [(GesturePhase, String)] = [(.begin, "begin"), (.update, "update"), (.end, "end")]
    static let deviceKinds: [(DeviceKind, String)] = [
        (.touchscreen, "touchscreen"), (.touchpad, "touchpad"), (.tablet, "tablet"), (.other, "other"),
    ]
    static let deviceSources: [(DeviceSource, String)] = [
        (.libinput, "libinput"), (.wayland, "wayland"), (.evemu, "evemu"), (.libinputRecord, "libinput-record"),
        (.synthetic, "synthetic"), (.getevent, "getevent"), (.evtest, "evtest"),
    ]

    static func name<T: Equatable>(_ value: T, in table: [(T, String)]) -> String {
        table.first { $0.0 == value }!.1
    }

    static func value<T>(_ name: String, in table: [(T, String)]) -> T? {
        table.first { $0.1 == name }?.0
    }

    /// Gesture fields with doubles, in binary mask order, and the value each has when left out
    /// (`GestureSample`'s defaults).
    static var gestureFields: [(key: String, path: WritableKeyPath<GestureSample, Double>, standard: Double)] {
        let paths: [(String, WritableKeyPath<GestureSample, Double>)] = [
            ("dx", \.dx), ("dy", \.dy), ("dxUnaccelerated", \.dxUnaccelerated),
            ("dyUnaccelerated", \.dyUnaccelerated), ("scale", \.scale), ("angleDelta", \.angleDelta),
        ]
        return paths.map { ($0.0, $0.1, GestureSample.unset[keyPath: $0.1]) }
    }

    /// The quiet NaN that `"nan"` stands for; other NaN bit patterns are written `"nan:0x…"`.
    static let canonicalNaN: UInt64 = 0x7FF8_0000_0000_0000
}
