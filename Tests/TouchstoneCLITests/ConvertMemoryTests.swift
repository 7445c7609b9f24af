import Foundation
import TestSupport
import Testing
import TouchTrace

/// `touchstone convert` streams both ways: the peak resident memory of the converting process does
/// not grow with the trace's length, in every direction (`scripts/bench-convert-memory` measures
/// it at millions of samples; docs/benchmarks.md has the figures).
///
/// Each direction converts a short and a twenty-times-longer session and compares the two
/// processes' peak RSS (`TouchstoneProcess.peakKilobytes`, the child alone). Holding the document,
/// as conversion once did, costs hundreds of bytes per sample: tens of megabytes between the two
/// sizes. Streaming costs the same few megabytes at both. The JSON Lines twin also converts back
/// to the same bytes.
@Suite("touchstone convert keeps memory flat whatever the trace's length", .disabled(if: runsUnderSanitizer, SessionPair.sanitizedReason))
struct ConvertMemoryTests {
    /// How much more the long conversion may hold at its peak: batches and buffers are fixed-size,
    /// and a text input is read through a buffer of a megabyte (`TextInput`), which the short
    /// session's text, smaller than that, fills only in part. Measured (debug, 2,500 vs 50,000
    /// samples): exports up to 0.1 MB more, imports 0.3 (libinput record) to 1.0 MB (JSON Lines).
    /// When the text was mapped instead, the page cache's folios of up to 2 MB made it 2.3 to
    /// 4.3 MB, and the bound 8 MB.
    static let allowedGrowthKB = 3 * 1024

    /// A short and a long session of 2,500 and 50,000 samples in every format Touchstone reads
    /// (`SIZE.FORMAT`), made once for the suite. Holding what grows with the session costs well
    /// over the allowed growth between the two: the document, a few hundred bytes a sample; the
    /// long session's text alone, 6.1 MB (JSON Lines) to 16 MB (libinput record). At 25,000
    /// samples the JSON Lines text is 3.0 MB: too close to the streaming growth (up to 1.0 MB) for
    /// a bound with room on both sides.
    static let sessions = Result {
        try SessionPair("convert-memory", short: 2_500, long: 50_000) { stem in
            for format in ["jsonl", "evemu", "yml"] {
                try TouchstoneProcess.runSucceeding(["convert", stem + ".trace", "-o", stem + ".\(format)"])
            }
            // getevent and evtest logs of the same evdev events, from the evemu text.
            let evemu = String(decoding: try Data(contentsOf: URL(fileURLWithPath: stem + ".evemu")), as: UTF8.self)
            var getevent = ""
            var evtest = ""
            for line in evemu.split(separator: "\n") where line.hasPrefix("E: ") {
                let fields = line.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 4, let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16),
                    let value = Int32(fields[3])
                else { continue }
                let hex = String(UInt32(bitPattern: value), radix: 16)
                getevent += "[ \(fields[0])] /dev/input/event0: \(fields[1]) \(fields[2]) \(String(repeating: "0", count: 8 - hex.count))\(hex)\n"
                evtest += type == 0 && code == 0
                    ? "Event: time \(fields[0]), -------------- SYN_REPORT ------------\n"
                    : "Event: time \(fields[0]), type \(type) (-), code \(code) (-), value \(value)\n"
            }
            try Data(getevent.utf8).write(to: URL(fileURLWithPath: stem + ".getevent"))
            try Data(evtest.utf8).write(to: URL(fileURLWithPath: stem + ".evtest"))
        }
    }

    /// Converts the short and the long session from `from` to `to` and checks the peaks.
    private func checkFlat(from: String, to: String) throws {
        let sessions = try Self.sessions.get()
        let peaks = try sessions.peaks({ size in
            ["convert", sessions.directory.file("\(size).\(from)"), "-o", sessions.directory.file("\(size)-from-\(from).\(to)")]
        }, allowedGrowthKB: { Self.allowedGrowthKB })
        #expect(peaks.long - peaks.short < Self.allowedGrowthKB, "\(from) → \(to): \(sessions.describe(peaks))")
        if from == "jsonl" {
            let back = try Data(contentsOf: URL(fileURLWithPath: sessions.directory.file("long-from-jsonl.trace")))
            #expect(back == (try Data(contentsOf: URL(fileURLWithPath: sessions.trace("long")))))
        }
    }

    @Test("Exporting a binary trace keeps memory flat", arguments: ["jsonl", "evemu", "yml"])
    func export(format: String) throws {
        try checkFlat(from: "trace", to: format)
    }

    @Test("Importing into a binary trace keeps memory flat", arguments: ["jsonl", "evemu", "yml", "getevent", "evtest"])
    func `import`(format: String) throws {
        try checkFlat(from: format, to: "trace")
    }

    /// A two-finger touchpad session as `libinput record --with-libinput` writes it: the test
    /// fixture's scroll once, then its two fingers' touches (8 samples, 4 frames) `copies` times
    /// more, 100 ms apart, without scrolls. What grows with `copies` is the touches alone.
    private func touchpadWithOneScroll(copies: Int, at path: String) throws {
        let fixture = packagePath("Tests/TouchTraceTests/Fixtures/libinput-record/two-finger-scroll.with-libinput.yml")
        let (once, _) = try LibinputRecordFormat.read(path: fixture)
        let span = (once.events.last?.time ?? 0) + 100_000
        var events = once.events
        for copy in 1...copies {
            let offset = Int64(copy) * span
            for event in once.events {
                switch event {
                case .touch(var sample): sample.time += offset; sample.touch &+= UInt32(copy) * 10; events.append(.touch(sample))
                case .frame(var mark): mark.time += offset; events.append(.frame(mark))
                default: continue
                }
            }
        }
        try Data(LibinputRecordFormat.write(TraceDocument(header: once.header, events: events)).utf8)
            .write(to: URL(fileURLWithPath: path))
    }

    @Test("Importing a libinput recording with finger scrolls keeps memory flat in its touches")
    func importWithScrollsKeepsMemoryFlat() throws {
        let folder = TemporaryDirectory("convert-memory")
        var peaks: [Int] = []
        // 300 and 6,000 copies: 2,408 and 48,008 touch samples. Decoded whole before the scrolls
        // were merged in, as such a recording once was, the long one held its 72,000 events.
        for (name, copies) in [("short", 300), ("long", 6_000)] {
            try touchpadWithOneScroll(copies: copies, at: folder.file("\(name).yml"))
            peaks.append(try TouchstoneProcess.peakKilobytes(["convert", folder.file("\(name).yml"), "-o", folder.file("\(name).trace")]))
        }
        let back = try TraceFile.load(path: folder.file("long.trace")).document
        #expect(back.events.filter { if case .gesture = $0 { true } else { false } }.count == 4)
        #expect(peaks[1] - peaks[0] < Self.allowedGrowthKB, "peak RSS \(peaks[0]) KB at 2,408 samples, \(peaks[1]) KB at 48,008")
    }

    /// A trace of `chunks` chunks, one touch sample each (a 1 µs flush interval, samples 1 µs
    /// apart): its index has an entry per chunk.
    private func traceWithChunks(_ chunks: Int, at path: String) throws {
        let device = DeviceDescription(
            index: 0, name: "chunks", kind: .touchscreen, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 4095), y: AxisRange(minimum: 0, maximum: 4095), slots: 10)
        let header = TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device])
        let writer = try TraceWriter(path: path, header: header, options: .init(flushInterval: 1), partial: .hidden)
        for i in 0..<chunks {
            try writer.append(.touch(TouchSample(time: Microseconds(i), phase: i == 0 ? .down : .motion, touch: 1, x: Int32(i % 4096), y: 7)))
        }
        try writer.close()
    }

    @Test("Reading and writing a trace's index keeps memory flat in the number of chunks")
    func indexKeepsMemoryFlat() throws {
        let folder = TemporaryDirectory("convert-memory")
        var peaks: [Int] = []
        // 24 bytes an index entry: held in memory by the reader and the writer, the long trace
        // cost about 10 MB more than the short one. Now it costs about 0.3 MB more (the 2.2 MB
        // to 4 MB once measured here were the test runner's own growth, folded into the child's
        // peak before `peakKilobytes` measured through `peak-rss`): 6 MB still tells them apart.
        for (name, chunks) in [("short", 20_000), ("long", 200_000)] {
            try traceWithChunks(chunks, at: folder.file("\(name).trace"))
            peaks.append(try TouchstoneProcess.peakKilobytes(["convert", folder.file("\(name).trace"), "-o", folder.file("\(name)-copy.trace")]))
            #expect(readFileBytes(folder.file("\(name)-copy.trace")) == readFileBytes(folder.file("\(name).trace")))
        }
        #expect(peaks[1] - peaks[0] < 6 * 1024, "peak RSS \(peaks[0]) KB at 20,000 chunks, \(peaks[1]) KB at 200,000")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["long-copy.trace", "long.trace", "short-copy.trace", "short.trace"])
    }
}
