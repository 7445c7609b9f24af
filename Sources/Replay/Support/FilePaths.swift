import SystemPackage

/// Paths a file names relative to itself (a scene naming its templates, a capture's `.scene`
/// naming a scene file, a parameter naming a file): one rule, swift-system's `FilePath`.
enum FilePaths {
    /// `name` as it is when absolute, else taken from the folder holding `file`.
    static func path(_ name: String, besideFileAt file: String) -> String {
        folder(of: file).pushing(FilePath(name)).string
    }

    /// `name` as it is when absolute or when there is no folder, else taken from `folder`.
    static func path(_ name: String, in folder: String?) -> String {
        guard let folder else { return name }
        return FilePath(folder).pushing(FilePath(name)).string
    }

    /// The folder holding `file` ("" for a bare file name, which is in the working directory).
    static func folder(of file: String) -> FilePath {
        FilePath(file).removingLastComponent()
    }
}

extension String {
    /// The text without the white space (spaces, tabs, line breaks) at its two ends.
    var trimmingWhiteSpace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return self[first...last]
    }
}
