/// The file's preamble and header: magic, version, writer layout settings, and the tagged sections
/// that carry a `TraceHeader`, all protected by one CRC-32C.
enum HeaderCodec {
    /// Settings the writer stored so that a converted copy can be chunked exactly the same way.
    struct Layout: Equatable, Sendable {
        var flushInterval: Microseconds
        var indexRequested: Bool
    }

    /// Errors a writer refuses before writing anything.
    static func validate(_ header: TraceHeader, file: String) throws(TraceWriteError) {
        for ext in header.extensions where ext.tag == 0 || BinaryLayout.knownTags.contains(ext.tag) {
            throw TraceWriteError(file: file, message: "extension tag \(ext.tag) is reserved by the trace format")
        }
        // Refused here, as every reader would refuse the file (`DeviceCodec`).
        for device in header.devices {
            if let problem = DeviceDescription.unwritableProblem(in: device) { throw TraceWriteError(file: file, message: problem) }
        }
        if let problem = DeviceDescription.duplicateIndexProblem(in: header.devices) { throw TraceWriteError(file: file, message: problem.message) }
    }

    /// Preamble, sections and CRC: the first bytes of every trace.
    static func encode(_ header: TraceHeader, layout: Layout) -> [UInt8] {
        var body: [UInt8] = []
        section(BinaryLayout.tagRecorder, into: &body) { out in
            out.appendString(header.recorder.name)
            out.appendString(header.recorder.version)
            out.appendString(header.recorder.detail)
        }
        section(BinaryLayout.tagHost, into: &body) { out in
            out.appendString(header.host.operatingSystem)
            out.appendString(header.host.kernel)
            out.appendString(header.host.inputStack)
        }
        if let startedAt = header.startedAt {
            section(BinaryLayout.tagStartedAt, into: &body) { $0.appendLittleEndian(startedAt) }
        }
        for device in header.devices {
            section(BinaryLayout.tagDevice, into: &body) { DeviceCodec.encode(device, into: &$0) }
        }
        for ext in header.extensions {
            section(ext.tag, into: &body) { $0.append(contentsOf: ext.payload) }
        }
        var out = BinaryLayout.magic
        out.appendLittleEndian(BinaryLayout.version)
        out.appendLittleEndian(layout.indexRequested ? BinaryLayout.flagIndexRequested : 0)
        out.appendLittleEndian(UInt32(clamping: layout.flushInterval))
        out.appendLittleEndian(UInt32(body.count))
        out.append(contentsOf: body)
        out.appendLittleEndian(CRC32C.checksum(out))
        return out
    }

    private static func section(_ tag: UInt16, into out: inout [UInt8], _ fill: (inout [UInt8]) -> Void) {
        out.appendLittleEndian(tag)
        let lengthAt = out.count
        out.appendLittleEndian(UInt32(0))
        fill(&out)
        out.setLittleEndian(UInt32(out.count - lengthAt - 4), at: lengthAt)
    }

    /// True when `prefix` starts with the binary trace magic.
    static func hasMagic(_ prefix: UnsafeRawBufferPointer) -> Bool {
        prefix.count >= BinaryLayout.magic.count && zip(prefix, BinaryLayout.magic).allSatisfy { $0 == $1 }
    }

    /// Parses the preamble and header at the start of `file`; returns them and where the body begins.
    static func decode(_ file: UnsafeRawBufferPointer, name: String) throws
        -> (header: TraceHeader, layout: Layout, bodyStart: Int)
    {
        func fail(_ offset: Int, _ message: String) -> TraceInputError {
            TraceInputError(file: name, location: .byte(offset), message: message)
        }
        guard !file.isEmpty else {
            throw TraceInputError(file: name, location: .wholeFile, message: "empty file")
        }
        guard hasMagic(file) else {
            throw fail(0, file.count < BinaryLayout.magic.count && zip(file, BinaryLayout.magic).allSatisfy { $0 == $1 }
                ? "file ends inside the magic number" : "not a Touchstone binary trace (bad magic number)")
        }
        guard file.count >= BinaryLayout.preambleSize else { throw fail(file.count, "file ends inside the preamble") }
        let version = UInt16(littleEndian: file.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        let flags = UInt16(littleEndian: file.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
        let interval = UInt32(littleEndian: file.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let length = Int(UInt32(littleEndian: file.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
        let crcAt = BinaryLayout.preambleSize + length
        // Checked before the version so that a flipped bit anywhere up to here reads as damage.
        guard length <= BinaryLayout.maxHeaderLength else { throw fail(16, "header length \(length) is not plausible") }
        guard crcAt + BinaryLayout.headerCRCSize <= file.count else {
            throw fail(file.count, "file ends inside the header (header needs \(crcAt + 4) bytes, file has \(file.count))")
        }
        let stored = UInt32(littleEndian: file.loadUnaligned(fromByteOffset: crcAt, as: UInt32.self))
        guard stored == CRC32C.checksum(UnsafeRawBufferPointer(rebasing: file[0..<crcAt])) else {
            throw fail(crcAt, "header checksum mismatch: the header is damaged")
        }
        guard version == BinaryLayout.version else { throw fail(8, "unsupported format version \(version)") }
        guard flags & ~BinaryLayout.flagIndexRequested == 0 else { throw fail(10, "unknown preamble flags \(flags)") }
        var reader = ByteReader(
            UnsafeRawBufferPointer(rebasing: file[BinaryLayout.preambleSize..<crcAt]),
            fileOffset: BinaryLayout.preambleSize, region: .section)
        let header: TraceHeader
        do {
            header = try decodeSections(&reader)
        } catch {
            throw error.inputError(file: name)
        }
        let layout = Layout(flushInterval: Microseconds(interval), indexRequested: flags & 1 != 0)
        return (header, layout, crcAt + BinaryLayout.headerCRCSize)
    }

    private static func decodeSections(_ cursor: inout ByteReader) throws(ByteReader.Failure) -> TraceHeader {
        var recorder: RecorderInfo?
        var host: HostInfo?
        var startedAt: Int64?
        var devices: [DeviceDescription] = []
        var deviceOffsets: [Int] = []
        var extensions: [TraceHeader.Extension] = []
        while !cursor.isAtEnd {
            let start = cursor.absoluteOffset
            let tag = try cursor.littleEndian(UInt16.self, "section tag")
            let length = try cursor.littleEndian(UInt32.self, "section length")
            var inner = try cursor.section(Int(length), "section \(tag)")
            func once<T>(_ existing: T?, _ what: String) throws(ByteReader.Failure) {
                if existing != nil { throw cursor.failure("second \(what) section", atOffset: start) }
            }
            switch tag {
            case BinaryLayout.tagRecorder:
                try once(recorder, "recorder")
                recorder = RecorderInfo(
                    name: try inner.string("recorder name"), version: try inner.string("recorder version"),
                    detail: try inner.string("recorder detail"))
            case BinaryLayout.tagHost:
                try once(host, "host")
                host = HostInfo(
                    operatingSystem: try inner.string("host operating system"),
                    kernel: try inner.string("host kernel"), inputStack: try inner.string("host input stack"))
            case BinaryLayout.tagStartedAt:
                try once(startedAt, "start time")
                startedAt = try inner.littleEndian(Int64.self, "start time")
            case BinaryLayout.tagDevice:
                devices.append(try DeviceCodec.decode(&inner))
                deviceOffsets.append(start)
            default:
                extensions.append(.init(tag: tag, payload: Array(inner.rest())))
                continue
            }
            guard inner.isAtEnd else { throw inner.failure("unexpected bytes at the end of section \(tag)") }
        }
        if let problem = DeviceDescription.duplicateIndexProblem(in: devices) {
            throw cursor.failure(problem.message, atOffset: deviceOffsets[problem.position])
        }
        guard let recorder else { throw cursor.failure("the header has no recorder section", atOffset: BinaryLayout.preambleSize) }
        return TraceHeader(
            recorder: recorder, host: host ?? HostInfo(), startedAt: startedAt, devices: devices,
            extensions: extensions)
    }
}
