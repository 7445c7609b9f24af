extension RecognizerRegistry {
    /// Every kind with its parameters, as `touchstone scene kinds` prints them: aligned plain text, or
    /// Markdown (a `####` heading per kind and a table) as `docs/scenes.md` holds it.
    public func kindTables(markdown: Bool = false) -> String {
        kinds.map { markdown ? Self.markdownTable($0) : Self.plainTable($0) }.joined(separator: "\n")
    }

    private static let headings = ["key", "type", "unit", "allowed", "default", "meaning"]

    private static func cells(_ parameter: ParameterDescription) -> [String] {
        [parameter.key, parameter.type, parameter.unit, parameter.allowed, parameter.defaultValue, parameter.doc]
    }

    private static func markdownTable(_ kind: RecognizerKind) -> String {
        var text = "#### `\(kind.typeName)`\n\n\(kind.summary)\n\n"
        guard !kind.parameters.isEmpty else { return text + "No parameters.\n" }
        func row(_ cells: [String]) -> String {
            "| " + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }.joined(separator: " | ") + " |\n"
        }
        text += row(headings) + "|" + String(repeating: "---|", count: headings.count) + "\n"
        for parameter in kind.parameters {
            var cells = cells(parameter)
            cells[0] = "`\(cells[0])`"
            text += row(cells)
        }
        return text
    }

    private static func plainTable(_ kind: RecognizerKind) -> String {
        var text = "\(kind.typeName): \(kind.summary)\n"
        guard !kind.parameters.isEmpty else { return text + "  (no parameters)\n" }
        let rows = [headings] + kind.parameters.map(cells)
        let widths = headings.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }
            text += "  " + padded.joined(separator: "  ") + "\n"
        }
        return text
    }
}
