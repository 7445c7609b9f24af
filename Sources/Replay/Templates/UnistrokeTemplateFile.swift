import Foundation
import GestureEngine
import TouchTrace

/// Reads and writes template files: one `UnistrokeTemplate` as JSON.
public enum UnistrokeTemplateFile {
    /// The template in the file at `path`; errors name the file.
    public static func read(_ path: String) throws(TemplateFileError) -> UnistrokeTemplate {
        // A FIFO or a directory would block or fail the read: refused before anything is opened.
        if access(path, F_OK) == 0 {
            do {
                try RegularFile.check(path)
            } catch {
                throw TemplateFileError(file: path, problem: error.message)
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateFileError(file: path, problem: "cannot read the file")
        }
        return try decode(data, file: path)
    }

    /// The template in `data`, the contents of a template file; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(TemplateFileError) -> UnistrokeTemplate {
        do {
            return try JSONDecoder().decode(UnistrokeTemplate.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw TemplateFileError(file: file, problem: "invalid template: \(context.debugDescription)")
        } catch {
            throw TemplateFileError(file: file, problem: "invalid template: \(error)")
        }
    }

    /// The template as JSON, one point per line with coordinates to 1/100 point, ending with a
    /// newline: small, diffable and byte-for-byte stable.
    public static func encode(_ template: UnistrokeTemplate) -> Data {
        let name = (try? JSONEncoder().encode(template.name)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        var text = "{\n  \"name\": \(name),\n  \"rotationInvariant\": \(template.rotationInvariant),\n  \"points\": [\n"
        for (index, point) in template.points.enumerated() {
            text += "    [\(coordinate(point.x)), \(coordinate(point.y))]"
            text += index == template.points.count - 1 ? "\n" : ",\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }

    private static func coordinate(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A template file that cannot be read, naming the file.
public struct TemplateFileError: Error, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}
