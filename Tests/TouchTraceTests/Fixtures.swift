/// Where the test fixtures are, found from this file's path so the tests need no bundle.
enum Fixtures {
    static let directory: String = {
        let path = "\(#filePath)"
        return String(path[..<path.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    static func path(_ relative: String) -> String { directory + "/" + relative }
}
