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

/// The touch protocol an evemu header declares: slots (`A: 2f`), contacts (`A: 35`), or single touch.
private func declaredProtocol(header: String) -> RawTouchCount.TouchProtocol {
    let axes = Set(header.split(separator: "\n").filter { $0.hasPrefix("A: ") }.map { $0.split(separator: " ")[1] })
    return axes.contains("2f") ? .slots : axes.contains("35") ? .contacts : .singleTouch
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

    @Test("Each recording's touch sequences and peak concurrency equal an independent count of its raw events", arguments: corpusFiles)
    func sequenceCount(file: String) throws {
        let path = Fixtures.path("evemu/" + file)
        let (document, _) = try EvemuFormat.read(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let headerPath = text.contains("\nN: ") || text.hasPrefix("N: ") ? path : EvemuFormat.companionDescription(forEvents: path)
        let header = try headerPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        let downs = touchSamples(document).filter { $0.phase == .down }
        var statistics = TraceStatistics()
        document.events.forEach { statistics.add($0) }
        let expected = RawTouchCount(RawTouchCount.evemuEvents(text), touchProtocol: declaredProtocol(header: header))

        #expect(Set(downs.map(\.touch)).count == downs.count)
        #expect(downs.count == expected.sequences)
        #expect(statistics.touchSequences == expected.sequences)
        #expect(statistics.maxConcurrentTouches == expected.peak)
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
        let (document, warnings) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let semiMultitouch = EvdevCapabilities(describing: document.header.devices[0]).hasProperty(EvdevCode.INPUT_PROP_SEMI_MT)
        let unexpected = warnings.filter {
            !$0.message.contains("still down") && !$0.message.hasPrefix("no device header; using ")
                // The Cypress trackpad's second finger arrives with only a pressure: its slot's
                // position was set before the recording began.
                && !(file == "touchpads/CyPS2 Cypress Trackpad.three_finger_tap.events"
                    && $0.message.hasPrefix("a touch began in slot 1 before the recording gave that slot its x and y"))
                // Its three fingers on two slots.
                && !(file.hasPrefix("touchpads/CyPS2 Cypress Trackpad.three_finger")
                    && $0.message.hasPrefix("the device counts 3 fingers (BTN_TOOL_TRIPLETAP) but has 2 slots"))
                && !(semiMultitouch && $0.message.hasPrefix("the device is semi-multitouch (INPUT_PROP_SEMI_MT)"))
        }

        #expect(unexpected == [])
    }
}

extension EvemuCorpusTests {
    @Test("Decoded as it is read, each recording gives exactly the header, events and warnings of the whole import", arguments: corpusFiles)
    func streamedEqualsWhole(file: String) throws {
        let path = Fixtures.path("evemu/" + file)
        let input = try TraceFile.open(path: path)
        var events: [TraceEvent] = []
        try input.forEachEvent { events.append($0) }
        let (document, warnings) = try EvemuFormat.read(path: path)

        #expect(input.header == document.header)
        #expect(events == document.events)
        #expect(input.warnings == warnings)
    }
}
