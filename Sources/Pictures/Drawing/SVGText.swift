import Replay

/// A growing SVG (or HTML) text with the two things every element needs done the same way each
/// time: numbers written with at most one decimal, rounded half away from zero, never in a locale
/// and never `-0` (so the same session always gives the same bytes), and text escaped for XML.
///
/// The text is kept as the pieces it was written in: appending one `SVGText` to another moves its
/// pieces rather than copying their bytes, so a picture is held once, and written piece by piece.
struct SVGText {
    /// Finished pieces, then the one being written.
    private(set) var pieces: [String] = []
    private var text = ""

    init(capacity: Int = 1 << 16) {
        text.reserveCapacity(capacity)
    }

    /// Every piece, in order: the whole text.
    var allPieces: [String] { text.isEmpty ? pieces : pieces + [text] }

    var byteCount: Int { pieces.reduce(text.utf8.count) { $0 + $1.utf8.count } }

    /// The whole text as one string.
    var joined: String { allPieces.joined() }

    /// Empties it, keeping its room.
    mutating func removeAll() {
        pieces = []
        text.removeAll(keepingCapacity: true)
    }

    mutating func raw(_ string: String) {
        text += string
    }

    mutating func append(_ other: SVGText) {
        if !text.isEmpty { pieces.append(text) }
        pieces += other.allPieces
        text = ""
    }

    /// `value` with at most one decimal.
    mutating func number(_ value: Double) {
        text += Self.number(value)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = (value * 10).rounded(.toNearestOrAwayFromZero)
        guard abs(tenths) < 1e15 else { return "0" }
        let scaled = Int(tenths)
        let magnitude = scaled.magnitude
        let sign = scaled < 0 ? "-" : ""
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// Text content or an attribute value, escaped.
    mutating func escaped(_ string: String) {
        text += Self.escape(string)
    }

    static func escape(_ string: String) -> String { XMLText.escape(string) }

    // MARK: - Elements

    mutating func rect(x: Double, y: Double, width: Double, height: Double, _ attributes: String) {
        text += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" height=\"\(Self.number(max(height, 0)))\" \(attributes)/>\n"
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ attributes: String) {
        text += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" \(attributes)/>\n"
    }

    mutating func circle(_ x: Double, _ y: Double, r: Double, _ attributes: String) {
        text += "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(r))\" \(attributes)/>\n"
    }

    mutating func label(_ string: String, x: Double, y: Double, _ attributes: String = "") {
        text += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(attributes.isEmpty ? "" : " " + attributes)>"
        escaped(string)
        text += "</text>\n"
    }

    /// A closed or open shape from absolute points.
    mutating func path(_ points: [(Double, Double)], closed: Bool, _ attributes: String) {
        text += "<path d=\""
        for (index, point) in points.enumerated() {
            text += index == 0 ? "M" : "L"
            text += Self.number(point.0) + " " + Self.number(point.1)
        }
        if closed { text += "Z" }
        text += "\" \(attributes)/>\n"
    }
}
