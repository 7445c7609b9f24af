import Foundation

/// The bundled captures, read through this file's location.
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures").path

    static func trace(_ name: String) -> String { root + "/" + name + ".trace" }
    static func golden(_ name: String) -> String { root + "/" + name + ".golden.log" }
}
