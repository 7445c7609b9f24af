#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// JUnit XML for CI systems that show test results: one test suite per verify run, one test case
/// per capture. Times are the captures' virtual durations, so the file is the same on every run.
public enum JUnitReport {
    public static func xml(_ report: VerifyReport, suiteName: String = "touchstone verify") -> String {
        let failures = report.results.count { if case .failed = $0.status { true } else { false } }
        let errors = report.results.count { if case .error = $0.status { true } else { false } }
        var text = header(suiteName: suiteName, tests: report.results.count, failures: failures, errors: errors)
        for result in report.results { text += testCase(result) }
        return text + footer
    }

    static func header(suiteName: String, tests: Int, failures: Int, errors: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
            + "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    }

    static let footer = "  </testsuite>\n</testsuites>\n"

    static func testCase(_ result: CaptureResult) -> String {
        let seconds = FixedPoint.format(Double(result.virtualDuration) / 1e6, decimals: 6)
        // Named as the text results name it: one line, control characters escaped.
        let name = escape(TerminalText.escaped(result.capture.name, keepingLineBreaks: false))
        let open = "    <testcase classname=\"captures\" name=\"\(name)\" time=\"\(seconds)\""
        switch result.status {
        case .passed, .updated:
            return open + "/>\n"
        case .failed(let diff):
            return open + ">\n      <failure message=\"log differs from golden\">\(escape(diff))</failure>\n    </testcase>\n"
        case .error(let message):
            return open + ">\n      <error message=\"\(escape(message))\"/>\n    </testcase>\n"
        }
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// `xml` written as the results come (`VerifyRunner.run(progress:delivering:)`): each test case
    /// goes to an unnamed temporary file as it is added, so no failure's diff is held; `write(to:)`
    /// then writes the suite's header, which counts them, the cases and the end, whole or not at
    /// all (`OutputFile`). The bytes are those `xml` gives for the same results.
    ///
    /// The output file is opened when the stream is made, before any capture is replayed: a
    /// `--junit` that cannot be written (a directory, a missing folder) fails `verify` before it
    /// starts, where it failed after the whole run, `--update` having rewritten every golden.
    public final class Stream {
        private let path: String
        private let suiteName: String
        private let cases: UnsafeMutablePointer<FILE>
        private let output: OutputFile
        private var tests = 0
        private var failures = 0
        private var errors = 0

        /// A stream for the file `path` (named in every error), opened at once (`OutputFile`: a
        /// hidden temporary beside it until `write(inputs:)`, removed if the stream goes away
        /// unwritten).
        public init(path: String, suiteName: String = "touchstone verify") throws(OutputFileError) {
            let output = try OutputFile(path: path)
            guard let cases = tmpfile() else {
                throw OutputFileError(path: path, reason: "no temporary file for its test cases: \(String(cString: strerror(errno)))")
            }
            self.path = path
            self.suiteName = suiteName
            self.cases = cases
            self.output = output
        }

        deinit { fclose(cases) }

        public func add(_ result: CaptureResult) throws(OutputFileError) {
            switch result.status {
            case .failed: failures += 1
            case .error: errors += 1
            case .passed, .updated: break
            }
            tests += 1
            var text = JUnitReport.testCase(result)
            let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, cases) }
            guard written == text.utf8.count else { throw failure("its test cases, held in a temporary file") }
        }

        /// Writes the whole file to `path`, refusing one of `inputs`.
        public func write(inputs: [String]) throws(OutputFileError) {
            guard fflush(cases) == 0, fseek(cases, 0, SEEK_SET) == 0 else { throw failure("its test cases, held in a temporary file") }
            try OutputFile.refuseAliasing(path, inputs: inputs)
            try output.write(JUnitReport.header(suiteName: suiteName, tests: tests, failures: failures, errors: errors))
            var block = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, cases) }
                if count > 0 { try output.write(Array(block[..<count])) }
                if count < block.count {
                    guard ferror(cases) == 0 else { throw failure("its test cases, read back from a temporary file") }
                    break
                }
            }
            try output.write(JUnitReport.footer)
            try output.commit()
        }

        private func failure(_ what: String) -> OutputFileError {
            OutputFileError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
    }
}
