import Foundation
import TestSupport

/// The bundled captures, in captures/ at the package's root.
enum Corpus {
    static let root = packagePath("captures")

    static func trace(_ name: String) -> String { root + "/" + name + ".trace" }
    static func golden(_ name: String) -> String { root + "/" + name + ".golden.log" }
}
