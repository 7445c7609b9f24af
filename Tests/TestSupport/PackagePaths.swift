import Foundation

/// The package's root folder, from this file's place in Tests/TestSupport/: where tests find
/// captures/, docs/, scripts/ and the test targets' fixtures.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The path of `relative` ("captures", "Tests/TouchTraceTests/Fixtures") in the package.
public func packagePath(_ relative: String) -> String {
    packageRoot + "/" + relative
}
