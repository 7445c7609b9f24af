/// Writes the canonical JSON Lines form of a trace: one object per line, keys in a fixed order,
/// fields at their default values left out, integers exact and doubles in the shortest text that
/// reads back to the same bits. The same trace always gives the same text.
struct JSONLinesWriter {
    private(set) var output: [UInt8] = []

    // MARK: - Lines

    mutating func header(_ header: TraceHeader, options: TraceWriter.Options) {
        raw("{\"touchstone\":\"trace\",\"version\":1,\"recorder\":{\"name\":")
        string(header.recorder.name)
        raw(",\"version\":")
        string(header.recorder.version)
        if !header.recorder.detail.isEmpty {
            raw(",\"detail\":")
            string(header.recorder.detail)
        }
        raw("}")
        let host = header.host
        if !host.operatingSystem.isEmpty || !host.kernel.isEmpty || !host.inputStack.isEmpty {
            raw(",\"host\":{")
            var first = true
            for (key, value) in [("os", host.operatingSystem), ("kernel", host.kernel), ("inputStack", host.inputStack)]
            where !value.isEmpty {
                if !first { raw(",") }
                first = false
                key_(key)
                string(value)
            }
            raw("}")
        }
        if let startedAt = header.startedAt { member("startedAt", startedAt) }
        if options.flushInterval != TraceWriter.Options().flushInterval { member("flushInterval", options.flushInterval) }
        if !options.writeIndex { raw(",\"index\":false") }
        raw(",\"devices\":[")
        for (i, device) in header.devices.enumerated() {
            if i > 0 { raw(",") }
            self.device(device)
        }
        raw("]")
        if !header.extensions.isEmpty {
            raw(",\"extensions\":[")
            for (i, ext) in header.extensions.enumerated() {
                if i > 0 { raw(",") }
                raw("{\"tag\":\(ext.tag),\"payload\":\"")
                for byte in ext.payload { JSONText.appendHex(byte, to: &output) }
                raw("\"}")
            }
            raw("]")
        }
        raw("}\n")
    }

    mutating func flush() {
        raw("{\"flush\":true}\n")
    }

    /// Refuses, before it is written, an event the JSON Lines reader would reject (a note longer
    /// than 1 MiB).
    func checkWritable(_ event: TraceEvent, file: String) throws(TraceWriteError) {
        if case .annotation(let note) = event, note.text.utf8.count > BinaryLayout.maxAnnotationBytes {
            throw TraceWriteError(file: file, message: "a note of \(note.text.utf8.count) bytes at \(note.time) µs is longer than the 1 MiB a JSON Lines trace holds")
        }
        if case .device(.added(let time, let description)) = event, let problem = DeviceDescription.unwritableProblem(in: description) {
            throw TraceWriteError(file: file, message: "the device added at \(time) µs: \(problem)")
        }
    }

    /// Refuses a header the JSON Lines reader would reject (`DeviceDescription.unwritableProblem`,
    /// `duplicateIndexProblem`).
    static func checkWritable(_ header: TraceHeader, file: String) throws(TraceWriteError) {
        for device in header.devices {
            if let problem = DeviceDescription.unwritableProblem(in: device) { throw TraceWriteError(file: file, message: problem) }
        }
        if let problem = DeviceDescription.duplicateIndexProblem(in: header.devices) { throw TraceWriteError(file: file, message: problem.message) }
    }

    /// Hands the text written so far to `file` and forgets it (the streaming converter).
    mutating func drain(to file: OutputFile) throws(OutputFileError) {
        try file.write(output)
        output.removeAll(keepingCapacity: true)
    }

    mutating func event(_ event: TraceEvent) {
        raw("{\"t\":\(event.time)")
        switch event {
        case .touch(let sample):
            raw(",\"touch\":\"\(JSONLinesVocabulary.name(sample.phase, in: JSONLinesVocabulary.touchPhases))\"")
            member("id", sample.touch)
            member("slot", sample.slot)
            member("x", sample.x)
            member("y", sample.y)
            if let value = sample.pressure { member("pressure", value) }
            if let value = sample.major { member("major", value) }
            if let value = sample.minor { member("minor", value) }
            if sample.device != 0 { member("device", sample.device) }
        case .frame(let mark):
            member("frame", mark.device)
        case .gesture(let sample):
            raw(",\"gesture\":\"\(JSONLinesVocabulary.name(sample.kind, in: JSONLinesVocabulary.gestureKinds))\"")
            raw(",\"phase\":\"\(JSONLinesVocabulary.name(sample.phase, in: JSONLinesVocabulary.gesturePhases))\"")
            member("fingers", sample.fingers)
            if sample.cancelled { raw(",\"cancelled\":true") }
            for field in JSONLinesVocabulary.gestureFields
            where sample[keyPath: field.path].bitPattern != field.standard.bitPattern {
                raw(",")
                key_(field.key)
                double(sample[keyPath: field.path])
            }
            if sample.device != 0 { member("device", sample.device) }
        case .device(.added(_, let description)):
            raw(",\"deviceAdded\":")
            device(description)
        case .device(.removed(_, let device)):
            member("deviceRemoved", device)
        case .annotation(let note):
            raw(",\"note\":")
            string(note.text)
        }
        raw("}\n")
    }

    // MARK: - Devices

    private mutating func device(_ device: DeviceDescription) {
        raw("{\"index\":\(device.index),\"name\":")
        string(device.name)
        for (key, value) in [("bus", device.bus), ("vendor", device.vendor), ("product", device.product),
                             ("version", device.version)] where value != 0 {
            member(key, value)
        }
        raw(",\"kind\":\"\(JSONLinesVocabulary.name(device.kind, in: JSONLinesVocabulary.deviceKinds))\"")
        raw(",\"source\":\"\(JSONLinesVocabulary.name(device.source, in: JSONLinesVocabulary.deviceSources))\"")
        axis("x", device.x)
        axis("y", device.y)
        if let axis = device.pressure { self.axis("pressure", axis) }
        if let axis = device.major { self.axis("major", axis) }
        if let axis = device.minor { self.axis("minor", axis) }
        member("slots", device.slots)
        if let units = device.unitsPerPoint {
            raw(",\"unitsPerPoint\":")
            double(units)
        }
        if !device.properties.isEmpty {
            raw(",\"properties\":[")
            for (i, property) in device.properties.enumerated() {
                raw(i > 0 ? ",[" : "[")
                string(property.key)
                raw(",")
                string(property.value)
                raw("]")
            }
            raw("]")
        }
        raw("}")
    }

    private mutating func axis(_ name: String, _ axis: AxisRange) {
        raw(",\"\(name)\":{\"min\":\(axis.minimum),\"max\":\(axis.maximum)")
        if axis.resolution != 0 { member("res", axis.resolution) }
        if axis.fuzz != 0 { member("fuzz", axis.fuzz) }
        if axis.flat != 0 { member("flat", axis.flat) }
        raw("}")
    }

    // MARK: - Values

    private mutating func raw(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func key_(_ key: String) {
        raw("\"\(key)\":")
    }

    private mutating func member<T: BinaryInteger>(_ key: String, _ value: T) {
        raw(",\"\(key)\":\(value)")
    }

    /// Shortest round-tripping text (Swift's `description`); non-finite values as strings, since
    /// JSON has no literal for them.
    private mutating func double(_ value: Double) {
        if value.isNaN {
            raw(value.bitPattern == JSONLinesVocabulary.canonicalNaN
                ? "\"nan\"" : "\"nan:0x\(String(value.bitPattern, radix: 16))\"")
        } else if value.isInfinite {
            raw(value < 0 ? "\"-inf\"" : "\"inf\"")
        } else {
            raw(value.description)
        }
    }

    private mutating func string(_ text: String) {
        JSONText.appendQuoted(text, to: &output)
    }
}
