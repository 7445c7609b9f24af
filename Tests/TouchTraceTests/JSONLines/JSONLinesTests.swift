import TestSupport
import Testing
import TouchTrace

@Suite("JSON Lines: the hand-editable twin of the binary format")
struct JSONLinesTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("binary → JSON Lines → binary gives the same bytes, explicit flushes included",
          arguments: [1, 5, 17, 1000])
    func byteIdenticalRoundTrip(flushEvery: Int) throws {
        var encoder = try TraceEncoder(header: SampleTraces.header)
        for (i, event) in SampleTraces.everyCase.enumerated() {
            try encoder.append(event)
            if i % flushEvery == flushEvery - 1 { encoder.flush() }
        }
        let binary = encoder.finish()
        let jsonl = JSONLines.encode(try TraceConversion.jsonLines(fromBinary: binary))
        let back = try TraceConversion.binary(from: JSONLines.parse(jsonl))
        #expect(back == binary)
    }

    @Test("Writer options (flush interval, no index) travel through JSON Lines")
    func optionsRoundTrip() throws {
        let options = TraceWriter.Options(flushInterval: 33_000, writeIndex: false)
        let binary = try TraceEncoder.encode(SampleTraces.tenFingers(seconds: 1), options: options)
        let trace = try TraceConversion.jsonLines(fromBinary: binary)
        #expect(trace.flushes.isEmpty)
        #expect(try TraceConversion.binary(from: JSONLines.parse(JSONLines.encode(trace))) == binary)
    }

    @Test("A file written by TraceWriter converts to JSON Lines and back to the same file")
    func fileRoundTrip() throws {
        let directory = TemporaryDirectory()
        let original = directory.file("a.trace")
        let writer = try TraceWriter(path: original, header: SampleTraces.header)
        for (i, event) in SampleTraces.everyCase.enumerated() {
            try writer.append(event)
            if i == 10 || i == 11 || i == 50 { try writer.flush() }
        }
        try writer.close()
        try JSONLines.write(TraceConversion.jsonLines(from: TraceReader(path: original)), to: directory.file("a.jsonl"))
        try TraceConversion.writeBinary(JSONLines.read(path: directory.file("a.jsonl")), to: directory.file("b.trace"))
        #expect(readFileBytes(directory.file("b.trace")) == readFileBytes(original))
    }

    @Test("Canonical JSON Lines text reads and writes back unchanged")
    func canonicalText() throws {
        let canonical = JSONLines.encode(SampleTraces.everyCaseDocument)
        let parsed = try JSONLines.parse(canonical)
        #expect(parsed.document == SampleTraces.everyCaseDocument)
        #expect(JSONLines.encode(parsed) == canonical)
    }

    @Test("The canonical form of a small trace is pinned")
    func golden() {
        let header = TraceHeader(
            recorder: RecorderInfo(name: "hand", version: "1"), startedAt: nil,
            devices: [DeviceDescription(index: 0, name: "Screen \"A\"", kind: .touchscreen, source: .synthetic,
                                        x: AxisRange(minimum: 0, maximum: 1919, resolution: 10),
                                        y: AxisRange(minimum: 0, maximum: 1079, resolution: 10), slots: 10)])
        let events: [TraceEvent] = [
            .annotation(Annotation(time: 0, text: "tap\n")),
            .touch(TouchSample(time: 0, phase: .down, touch: 1, x: 960, y: 540, pressure: 30)),
            .frame(FrameMark(time: 0, device: 0)),
            .touch(TouchSample(time: 50_000, phase: .up, touch: 1, x: 961, y: 540)),
            .gesture(GestureSample(time: 60_000, device: 2, kind: .pinch, phase: .update, fingers: 2, scale: 0.1, angleDelta: -.infinity)),
        ]
        let trace = JSONLinesTrace(document: TraceDocument(header: header, events: events), flushes: [3])
        #expect(text(JSONLines.encode(trace)) == """
            {"touchstone":"trace","version":1,"recorder":{"name":"hand","version":"1"},"devices":[{"index":0,"name":"Screen \\"A\\"","kind":"touchscreen","source":"synthetic","x":{"min":0,"max":1919,"res":10},"y":{"min":0,"max":1079,"res":10},"slots":10}]}
            {"t":0,"note":"tap\\n"}
            {"t":0,"touch":"down","id":1,"slot":0,"x":960,"y":540,"pressure":30}
            {"t":0,"frame":0}
            {"flush":true}
            {"t":50000,"touch":"up","id":1,"slot":0,"x":961,"y":540}
            {"t":60000,"gesture":"pinch","phase":"update","fingers":2,"scale":0.1,"angleDelta":"-inf","device":2}

            """)
    }

    @Test("Hand-written lines may leave out defaults, add spaces and blank lines")
    func handWritten() throws {
        let source = """
            { "touchstone": "trace", "version": 1, "recorder": { "name": "me" }, "devices": [] }


            { "t": 10, "touch": "down", "id": 7, "x": 1, "y": 2 }\r
            {"t":10,"frame":0}

            """
        let trace = try JSONLines.parse(Array(source.utf8))
        let expected: [TraceEvent] = [
            .touch(TouchSample(time: 10, phase: .down, touch: 7, x: 1, y: 2)), .frame(FrameMark(time: 10, device: 0)),
        ]
        #expect(trace.document.events == expected)
        #expect(trace.document.header.recorder == RecorderInfo(name: "me", version: ""))
    }

    @Test("Doubles JSON cannot spell (NaN payloads, infinities, negative zero) survive exactly")
    func specialDoubles() throws {
        let oddNaN = Double(bitPattern: 0xFFF0_0000_0000_0042)
        let sample = GestureSample(time: 1, kind: .swipe, phase: .update, fingers: 3, dx: -0.0, dy: .nan,
                                   dxUnaccelerated: oddNaN, dyUnaccelerated: .infinity, scale: .leastNonzeroMagnitude)
        let document = TraceDocument(header: SampleTraces.header, events: [.gesture(sample)])
        let binary = try TraceEncoder.encode(document)
        let jsonl = JSONLines.encode(try TraceConversion.jsonLines(fromBinary: binary))
        #expect(text(jsonl).contains("\"dxUnaccelerated\":\"nan:0xfff0000000000042\""))
        #expect(try TraceConversion.binary(from: JSONLines.parse(jsonl)) == binary)
    }

    @Test("Errors name the file and the line", arguments: [
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n{\"t\":1,\"touch\":\"down\",\"id\":1,\"x\":1,\"y\":1,\"presure\":3}", 2, "unknown key \"presure\""),
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n\n{\"t\":1,\"frame\":0}\n{\"t\":1,\"frame\":0,}", 4, "column 18: expected a key"),
        ("{\"touchstone\":\"trace\",\"version\":2,\"recorder\":{\"name\":\"r\"}}", 1, "unsupported"),
        ("{\"t\":1,\"frame\":0}", 1, "\"touchstone\":\"trace\""),
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n{\"t\":1,\"touch\":\"hover\",\"id\":1,\"x\":1,\"y\":1}", 2, "\"down\""),
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n{\"t\":1,\"touch\":\"down\",\"id\":1,\"x\":3000000000,\"y\":1}", 2, "integer"),
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n{\"t\":1,\"frame\":0,\"frame\":1}", 2, "duplicate key"),
        ("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n{\"t\":1,\"frame\":0,\"note\":\"x\"}", 2, "exactly one"),
    ])
    func errors(source: String, line: Int, fragment: String) {
        let error = #expect(throws: TraceInputError.self) { try JSONLines.parse(Array(source.utf8), name: "t.jsonl") }
        #expect(error?.location == .line(line))
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")")
        #expect(error?.description.hasPrefix("t.jsonl:\(line): ") == true)
    }

    @Test("A header flushInterval outside 1...4294967295, however large, is an error at its line giving that range",
          arguments: ["0", "-1", "4294967296", "18446744073709551616", "-9223372036854775809", "1e400"])
    func flushIntervalOutOfRange(value: String) {
        let source = "\n{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"},\"flushInterval\":\(value)}\n"
        let error = #expect(throws: TraceInputError.self) { try JSONLines.parse(Array(source.utf8), name: "t.jsonl") }
        #expect(error?.description == "t.jsonl:2: \"flushInterval\" in the header must be an integer in 1...4294967295, not \(value)")
    }

    @Test("Errors quote an excerpt of a long number, key or name, not all of it")
    func longQuotesAreExcerpts() {
        let header = "{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}\n"
        let digits = String(repeating: "9", count: 100_000)
        for event in ["{\"t\":\(digits),\"frame\":0}", "{\"t\":1,\"frame\":0,\"\(digits)\":1}", "{\"t\":1,\"touch\":\"\(digits)\",\"id\":1,\"x\":1,\"y\":1}"] {
            let error = #expect(throws: TraceInputError.self) { try JSONLines.parse(Array((header + event).utf8), name: "t.jsonl") }
            #expect(error?.message.contains(String(repeating: "9", count: 64) + "… (100000 characters)") == true, "\(error?.message.prefix(200) ?? "")")
            #expect((error?.message.utf8.count ?? .max) < 400)
        }
    }

    @Test("Times going backwards are kept as written, and warned about once, at the first, with a count of the rest")
    func backwardsTimesAreWarnedAbout() throws {
        let folder = TemporaryDirectory("jsonl")
        let path = folder.file("back.jsonl")
        let lines = [
            "{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":\"r\"}}",
            "{\"t\":100,\"touch\":\"down\",\"id\":0,\"x\":1,\"y\":1}", "{\"t\":100,\"frame\":0}",
            "{\"t\":50,\"touch\":\"motion\",\"id\":0,\"x\":2,\"y\":1}", "{\"t\":50,\"frame\":0}",
            "{\"t\":120,\"touch\":\"up\",\"id\":0,\"x\":2,\"y\":1}", "{\"t\":120,\"frame\":0}",
        ]
        writeFileBytes(path, Array((lines.joined(separator: "\n") + "\n").utf8))
        let input = try TraceFile.open(path: path)
        var times: [Int64] = []
        try input.forEachEvent { times.append($0.time) }
        #expect(times == [100, 100, 50, 50, 120, 120])
        #expect(input.notices == ["\(path):4: warning: time goes backwards (50 µs after 100 µs), and 1 more event earlier than one before them; kept as written, a replay takes each at the time before it"])
    }

    @Test("An empty file is an error")
    func empty() {
        #expect(throws: TraceInputError.self) { try JSONLines.parse(Array("\n\n".utf8)) }
    }

    @Test("JSON Lines traces are recognised by their first bytes")
    func detection() throws {
        #expect(JSONLines.looksLike(Array(JSONLines.encode(SampleTraces.everyCaseDocument).prefix(16))))
        #expect(JSONLines.looksLike(Array("  { \"touchstone\"".utf8)))
        #expect(!JSONLines.looksLike(Array("{\"t\":1}".utf8)))
        #expect(!JSONLines.looksLike(try TraceEncoder.encode(SampleTraces.everyCaseDocument)))
    }
}

@Suite("Hand-written fixtures")
struct HandWrittenFixtureTests {
    private static let fixtures = packagePath("Tests/TouchTraceTests/Fixtures/")

    @Test("A hand-written double tap parses, and its canonical form survives binary and back")
    func doubleTap() throws {
        let trace = try JSONLines.read(path: Self.fixtures + "hand-written-double-tap.jsonl")
        #expect(trace.document.events.count == 11)
        #expect(trace.document.events.first == .annotation(Annotation(time: 0, text: "expect double tap")))
        let binary = try TraceConversion.binary(from: trace)
        let canonical = JSONLines.encode(trace)
        #expect(JSONLines.encode(try TraceConversion.jsonLines(fromBinary: binary)) == canonical)
    }
}
