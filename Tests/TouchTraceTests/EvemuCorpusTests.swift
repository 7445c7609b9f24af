import Foundation
import Testing
import TouchTrace

/// Every recording of the evemu-devices corpus copied into Fixtures/evemu (touchscreens, touchpads and
/// a tablet-class touchscreen; one-file recordings, `.desc` + `.events` pairs and lone descriptions).
private let corpusFiles: [String] = {
    let root = Fixtures.path("evemu")
    let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
    return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") || $0.hasSuffix(".desc") }.sorted()
}()

/// Counts touch sequences straight from the text, without the importer: protocol B counts
/// `ABS_MT_TRACKING_ID` values other than -1; protocol A adds up each rise in the number of contacts
/// (`SYN_MT_REPORT`s that follow multitouch data) from one `SYN_REPORT` to the next; single-touch
/// devices count `BTN_TOUCH` going to 1.
private func independentSequenceCount(events: String, header: String) -> Int {
    let axes = Set(header.split(separator: "\n").filter { $0.hasPrefix("A: ") }.map { $0.split(separator: " ")[1] })
    var count = 0
    var contacts = 0, previousContacts = 0, contactHasData = false, buttonDown = false
    for line in events.split(separator: "\n") where line.hasPrefix("E: ") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let type = fields[2], code = fields[3], value = Int(fields[4])!
        if axes.contains("2f") {
            if type == "0003", code == "0039", value != -1 { count += 1 }
        } else if axes.contains("35") {
            if type == "0003", let number = Int(code, radix: 16), number >= 0x30 { contactHasData = true }
            if type == "0000", code == "0002" {
                if contactHasData { contacts += 1 }
                contactHasData = false
            }
            if type == "0000", code == "0000" {
                count += max(0, contacts - previousContacts)
                previousContacts = contacts
                contacts = 0
            }
        } else if type == "0001", code == "014a" {
            if value != 0, !buttonDown { count += 1 }
            buttonDown = value != 0
        }
    }
    return count
}

private func touchSamples(_ document: TraceDocument) -> [TouchSample] {
    document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
}

@Suite("The evemu corpus")
struct EvemuCorpusTests {
    @Test("The corpus fixtures are all there")
    func corpusIsPresent() {
        #expect(corpusFiles.count == 58)
    }

    @Test("Each recording's touch sequence count matches an independent count of its tracking ids", arguments: corpusFiles)
    func sequenceCount(file: String) throws {
        let path = Fixtures.path("evemu/" + file)
        let (document, _) = try EvemuFormat.read(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let headerPath = text.contains("\nN: ") || text.hasPrefix("N: ") ? path : EvemuFormat.companionDescription(forEvents: path)
        let header = try headerPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        let downs = touchSamples(document).filter { $0.phase == .down }

        #expect(Set(downs.map(\.touch)).count == downs.count)
        #expect(downs.count == independentSequenceCount(events: text, header: header))
    }

    @Test("evemu → trace → evemu → trace keeps every touch sample, frame and time", arguments: corpusFiles)
    func roundTrip(file: String) throws {
        let (first, _) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let written = try EvemuFormat.write(first)
        let (second, _) = try EvemuFormat.read(text: written, file: "written " + file)

        #expect(second.events == first.events)
        #expect(second.header.devices == first.header.devices)
    }

    @Test("Each device is classified as the kind of its corpus folder", arguments: corpusFiles)
    func deviceKind(file: String) throws {
        let (document, _) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let expected: DeviceKind = file.hasPrefix("touchpads/") ? .touchpad : .touchscreen  // the "tablet" is a touchscreen

        #expect(document.header.devices.map(\.kind) == [expected])
        #expect(document.header.devices.first?.source == .evemu)
    }

    @Test("Every recording with events reads without warnings except the expected end-of-file notes", arguments: corpusFiles)
    func warnings(file: String) throws {
        let (_, warnings) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let unexpected = warnings.filter {
            !$0.message.contains("still down") && !$0.message.hasPrefix("no device header; using ")
        }

        #expect(unexpected == [])
    }
}
