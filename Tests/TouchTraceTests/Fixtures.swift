import TestSupport

/// Where the test fixtures are, found from the package's root so the tests need no bundle.
enum Fixtures {
    static let directory = packagePath("Tests/TouchTraceTests/Fixtures")

    static func path(_ relative: String) -> String { directory + "/" + relative }
}

extension Fixtures {
    /// A file of the repository itself (captures, docs), from its path relative to the root:
    /// three folders above this one (Fixtures, TouchTraceTests, Tests).
    static func repositoryPath(_ relative: String) -> String {
        var root = Substring(directory)
        for _ in 0..<3 { root = root[..<root.lastIndex(of: "/")!] }
        return root + "/" + relative
    }
}
