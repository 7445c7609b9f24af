import TouchTrace

/// JUnit XML for CI systems that show test results: one test suite per verify run, one test case
/// per capture. Times are the captures' virtual durations, so the file is the same on every run.
public enum JUnitReport {
    public static func xml(_ report: VerifyReport, suiteName: String = "touchstone verify") -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = report.results.count { if case .failed = $0.status { true } else { false } }
        let errors = report.results.count { if case .error = $0.status { true } else { false } }
        text += "<testsuites>\n"
        text += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(report.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for result in report.results {
            let seconds = FixedPoint.format(Double(result.virtualDuration) / 1e6, decimals: 6)
            // Named as the text results name it: one line, control characters escaped.
            let name = escape(TerminalText.escaped(result.capture.name, keepingLineBreaks: false))
            text += "    <testcase classname=\"captures\" name=\"\(name)\" time=\"\(seconds)\""
            switch result.status {
            case .passed, .updated:
                text += "/>\n"
            case .failed(let diff):
                text += ">\n      <failure message=\"log differs from golden\">\(escape(diff))</failure>\n    </testcase>\n"
            case .error(let message):
                text += ">\n      <error message=\"\(escape(message))\"/>\n    </testcase>\n"
            }
        }
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }
}
