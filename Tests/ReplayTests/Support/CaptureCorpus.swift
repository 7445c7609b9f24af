import Foundation
import TestSupport
@testable import Replay

/// The bundled corpus in captures/ and scratch corpora built from it.
enum CaptureCorpus {
    /// captures/ at the root of the package.
    static let root = packagePath("captures")

    static func verify(jobs: Int = 1, shard: Shard = .all, root: String = root, update: Bool = false) throws -> VerifyReport {
        try VerifyRunner(options: VerifyOptions(root: root, update: update, jobs: jobs, shard: shard)).run()
    }

    /// Copies capture `name` of the bundled corpus into `folder` as `copy`, with `scene` as its
    /// scene reference (a built-in name or a .json path relative to `folder`).
    static func copy(_ name: String, to folder: String, as copy: String, scene: String) throws {
        let manager = FileManager.default
        for suffix in [".trace", ".golden.log"] {
            try manager.copyItem(atPath: root + "/" + name + suffix, toPath: folder + "/" + copy + suffix)
        }
        try Data((scene + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/" + copy + ".scene"))
    }
}
