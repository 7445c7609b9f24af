import OrderedCollections
import TouchTrace

/// Everything `touchstone info` reports about one file, gathered in one pass.
struct InfoReport {
    var path: String
    var format: TraceFormat
    var header: TraceHeader
    /// Devices from the header plus those added later in the trace, the first
    /// `TraceStatistics.addedDevicesKept` of them (`statistics.addedDevicesNotKept` counts the rest).
    var devices: [DeviceDescription]
    var statistics: TraceStatistics
    var bytes: Int
    var damage: [TraceDamage]
    var warnings: [FormatWarning]
    /// `damage` and `warnings` as one line each naming the file, for standard error.
    var notices: [String]

    /// Damage that means the file was altered, not merely cut short by a killed writer.
    var isCorrupt: Bool {
        damage.contains { damage in
            switch damage.kind {
            case .truncated, .missingTrailer: false
            case .skippedChunk, .damagedIndex, .damagedTrailer: true
            }
        }
    }

    static func read(path: String, salvage: Bool) throws -> InfoReport {
        let input = try TraceFile.open(path: path, salvage: salvage)
        var statistics = TraceStatistics()
        try statistics.add(contentsOf: input)
        return InfoReport(
            path: path, format: input.format, header: input.header, devices: input.header.devices + statistics.addedDevices,
            statistics: statistics, bytes: try TraceFileSize.of(path), damage: input.damage, warnings: input.warnings,
            notices: input.notices)
    }

    var bytesPerSample: Double? {
        statistics.touchSamples > 0 ? Double(bytes) / Double(statistics.touchSamples) : nil
    }

    // MARK: - Text

    func text() -> String {
        var out = "\(line(path)): \(format.displayName)\n"
        let recorder = header.recorder
        let version = recorder.version.isEmpty ? "" : " \(line(recorder.version))"
        out += "recorder: \(line(recorder.name))\(version)\(recorder.detail.isEmpty ? "" : " (\(line(recorder.detail)))")\n"
        let host = [header.host.operatingSystem, header.host.kernel, header.host.inputStack].filter { !$0.isEmpty }.map(line)
        if !host.isEmpty { out += "host: \(host.joined(separator: ", "))\n" }
        out += "devices:\n"
        for device in devices { out += "  \(describe(device))\n" }
        if statistics.addedDevicesNotKept > 0 {
            out += "  and \(statistics.addedDevicesNotKept) more added later in the trace, not listed "
                + "(the first \(TraceStatistics.addedDevicesKept) added are)\n"
        }
        out += "duration: \(fixed(statistics.durationSeconds, 3)) s\n"
        if statistics.untrackedTouches > 0 {
            let limit = TraceStatistics.touchesDownLimit
            out += "touch sequences: \(statistics.touchSequences) (more than \(limit) at once: \(statistics.untrackedTouches) went down "
                + "while \(limit) were down and were not followed; replay and render refuse this file)\n"
        } else {
            out += "touch sequences: \(statistics.touchSequences) (at most \(statistics.maxConcurrentTouches) at once)\n"
        }
        out += "touch samples: \(statistics.touchSamples)\n"
        out += "frames: \(statistics.frames)\n"
        out += "gesture events: \(statistics.gestureEvents)\n"
        if statistics.annotations > 0 { out += "annotations: \(statistics.annotations)\n" }
        if statistics.deviceChanges > 0 { out += "device changes: \(statistics.deviceChanges)\n" }
        if statistics.inconsistentSamples > 0 {
            let bound = statistics.untrackedTouches > 0 ? " (at least: the samples of touches not followed are not checked)" : ""
            out += "inconsistent touch samples: \(statistics.inconsistentSamples)\(bound)\n"
        }
        out += "bytes: \(bytes)"
        if let perSample = bytesPerSample { out += " (\(fixed(perSample, 2)) per touch sample)" }
        out += "\n"
        if damage.isEmpty {
            out += "damage: none\n"
        } else {
            out += "damage:\n"
            for item in damage { out += "  \(item.description)\n" }
        }
        if !warnings.isEmpty {
            out += "warnings:\n"
            for item in warnings { out += "  \(item.description)\n" }
        }
        return out
    }

    private func describe(_ device: DeviceDescription) -> String {
        var parts = ["\(device.kind)", "\(device.source)", "\(device.slots) slot\(device.slots == 1 ? "" : "s")"]
        parts.append("x \(device.x.minimum)...\(device.x.maximum), y \(device.y.minimum)...\(device.y.maximum)")
        if let size = device.sizeMillimetres { parts.append("\(fixed(size.width, 1)) x \(fixed(size.height, 1)) mm") }
        if device.vendor != 0 || device.product != 0 {
            parts.append("bus \(hex(device.bus)) vendor \(hex(device.vendor)) product \(hex(device.product))")
        }
        return "\(device.index): \(device.name.isEmpty ? "(unnamed)" : line(device.name)) (\(parts.joined(separator: ", ")))"
    }

    /// Text from the file (a name, a path) as part of one line: every control character escaped,
    /// line feeds included, so that a name cannot forge a line of the report.
    private func line(_ text: String) -> String {
        TerminalText.escaped(text, keepingLineBreaks: false)
    }

    // MARK: - JSON

    func json() -> String {
        var object = OrderedDictionary<String, JSONNode>()
        object["file"] = .string(path)
        object["format"] = .string(format.rawValue)
        object["recorder"] = .string(header.recorder.name)
        object["recorderVersion"] = .string(header.recorder.version)
        object["devices"] = .array(devices.map(json))
        object["addedDevicesNotListed"] = .integer(statistics.addedDevicesNotKept)
        object["durationSeconds"] = .number(statistics.durationSeconds)
        object["touchSequences"] = .integer(statistics.touchSequences)
        object["maxConcurrentTouches"] = .integer(statistics.maxConcurrentTouches)
        object["untrackedTouches"] = .integer(statistics.untrackedTouches)
        object["touchSamples"] = .integer(statistics.touchSamples)
        object["frames"] = .integer(statistics.frames)
        object["gestureEvents"] = .integer(statistics.gestureEvents)
        object["annotations"] = .integer(statistics.annotations)
        object["deviceChanges"] = .integer(statistics.deviceChanges)
        object["inconsistentTouchSamples"] = .integer(statistics.inconsistentSamples)
        object["bytes"] = .integer(bytes)
        object["bytesPerSample"] = bytesPerSample.map(JSONNode.number) ?? .null
        object["damaged"] = .bool(!damage.isEmpty)
        object["corrupt"] = .bool(isCorrupt)
        object["damage"] = .array(damage.map { item in
            var entry = OrderedDictionary<String, JSONNode>()
            entry["offset"] = .integer(item.offset)
            entry["bytesLost"] = .integer(item.bytesLost)
            entry["message"] = .string(item.message)
            return .object(entry)
        })
        object["warnings"] = .array(warnings.map { .string($0.description) })
        return JSONText.rendered(.object(object))
    }

    private func json(_ device: DeviceDescription) -> JSONNode {
        var entry = OrderedDictionary<String, JSONNode>()
        entry["index"] = .integer(Int(device.index))
        entry["name"] = .string(device.name)
        entry["kind"] = .string("\(device.kind)")
        entry["source"] = .string("\(device.source)")
        entry["bus"] = .integer(Int(device.bus))
        entry["vendor"] = .integer(Int(device.vendor))
        entry["product"] = .integer(Int(device.product))
        entry["slots"] = .integer(Int(device.slots))
        if let size = device.sizeMillimetres {
            entry["widthMillimetres"] = .number(size.width)
            entry["heightMillimetres"] = .number(size.height)
        }
        return .object(entry)
    }
}

private func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
