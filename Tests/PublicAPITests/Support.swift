import Foundation
import TestSupport

/// The repository's bundled captures (`captures/`), read in place.
enum Bundled {
    static let captures = packagePath("captures")

    /// Copies the capture `name` (trace, scene reference, golden) of `captures/FOLDER/` into
    /// `folder` under `as` (its own name by default), with `scene` as its scene reference.
    static func copy(_ folder: String, _ name: String, into destination: TemporaryDirectory, as newName: String? = nil) throws {
        for suffix in [".trace", ".scene", ".golden.log"] {
            try FileManager.default.copyItem(atPath: captures + "/" + folder + "/" + name + suffix,
                                             toPath: destination.file((newName ?? name) + suffix))
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
