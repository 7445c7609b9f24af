/// How a device reports its touches, which decides how `EvdevTouchDecoder` reads its events.
public enum EvdevTouchProtocol: Equatable, Sendable {
    /// Multitouch protocol B: `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` starts (>= 0) and
    /// ends (-1) the touch in it, and slots keep their values between frames.
    case multitouchB
    /// Multitouch protocol A: every frame lists every contact, each closed by `SYN_MT_REPORT`;
    /// contacts are anonymous unless the device also sends `ABS_MT_TRACKING_ID`.
    case multitouchA
    /// One contact: `BTN_TOUCH` says whether it is down, `ABS_X`/`ABS_Y` where it is.
    case singleTouch
}

/// What an evdev device says about itself: its name and id, input properties, the codes it can send
/// and its absolute axes. Both evemu headers and `libinput record` device sections are this data in
/// two spellings, so each format parses into it and writes from it.
public struct EvdevCapabilities: Equatable, Sendable {
    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// `INPUT_PROP_*` numbers, ascending.
    public private(set) var inputProperties: [UInt16]
    /// The codes the device can send, per event type, each list ascending. `EV_SYN` is implied.
    public private(set) var codes: [UInt16: [UInt16]]
    /// Every absolute axis with its range (the codes also appear under `EV_ABS`).
    public private(set) var axes: [UInt16: AxisRange]

    public init(name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.inputProperties = []
        self.codes = [:]
        self.axes = [:]
    }

    // MARK: - Building

    public mutating func addProperty(_ property: UInt16) {
        Self.insertSorted(property, into: &inputProperties)
    }

    public mutating func addCode(type: UInt16, code: UInt16) {
        Self.insertSorted(code, into: &codes[type, default: []])
    }

    /// Declares an absolute axis and its range.
    public mutating func addAxis(_ code: UInt16, _ range: AxisRange) {
        addCode(type: EvdevCode.EV_ABS, code: code)
        axes[code] = range
    }

    /// An absolute axis's range as a description's line gives it.
    typealias RangeLine = (code: UInt16, range: AxisRange, line: Int)

    /// Gives each of `ranges` whose axis the device declares (under `EV_ABS`) to that axis, in
    /// order (a later range for an axis replaces an earlier); returns the others, which are
    /// ignored. libevdev sets no range on an axis the device lacks, so the file formats' own tools
    /// (libevemu, `libinput replay`) create the device without them: taken, they added an axis
    /// the device never had. Called once every line is read, as the declarations may come last.
    mutating func addDeclaredRanges(_ ranges: [RangeLine]) -> [RangeLine] {
        let declared = codes[EvdevCode.EV_ABS] ?? []
        var ignored: [RangeLine] = []
        for entry in ranges {
            if declared.contains(entry.code) { axes[entry.code] = entry.range } else { ignored.append(entry) }
        }
        return ignored
    }

    /// What a reader says at the line of a range `addDeclaredRanges` ignored: `entry` is what the
    /// line is (`an A: line`), `undeclared` says nothing declares the axis (`which no B: line
    /// declares`), `tool` is the format's own tool and `declared` says what declares an axis there.
    static func undeclaredRangeWarning(_ code: UInt16, entry: String, undeclared: String, tool: String, declared: String) -> String {
        "\(entry) for \(EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)), \(undeclared): "
            + "ignored, as \(tool) ignores it (it gives a range only to an axis \(declared))"
    }

    private static func insertSorted(_ value: UInt16, into list: inout [UInt16]) {
        var index = list.endIndex
        while index > list.startIndex, list[index - 1] >= value {
            if list[index - 1] == value { return }
            index -= 1
        }
        list.insert(value, at: index)
    }

    // MARK: - Questions

    public func has(type: UInt16, code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    public func hasProperty(_ property: UInt16) -> Bool {
        inputProperties.contains(property)
    }

    /// Event types with at least one code, ascending, always including `EV_SYN`.
    public var eventTypes: [UInt16] {
        var types = codes.filter { !$0.value.isEmpty }.keys.sorted()
        if types.first != EvdevCode.EV_SYN { types.insert(EvdevCode.EV_SYN, at: 0) }
        return types
    }

    /// Protocol B when the device has slots, A when it has multitouch positions but no slots,
    /// single-touch otherwise.
    public var touchProtocol: EvdevTouchProtocol {
        if axes[EvdevCode.ABS_MT_SLOT] != nil { return .multitouchB }
        if axes[EvdevCode.ABS_MT_POSITION_X] != nil { return .multitouchA }
        return .singleTouch
    }

    /// The device kind the way udev's `input_id` and libinput decide it: a pen makes a tablet,
    /// `INPUT_PROP_DIRECT` a touchscreen, a pointer or buttonpad property or a finger tool without
    /// `DIRECT` a touchpad; an old device with none of these but `BTN_TOUCH` is a touchscreen. A
    /// mouse whose top is a multitouch surface (Apple's Magic Mouse, `mice/Apple Touch Mouse.evemu`
    /// in evemu-devices: `REL_X`/`REL_Y` and contacts, no `BTN_TOUCH`) is a touchpad, its contacts
    /// nowhere on a screen; udev calls it a mouse and never a touchscreen.
    public var kind: DeviceKind {
        let key = EvdevCode.EV_KEY
        if has(type: key, code: EvdevCode.BTN_TOOL_PEN) || has(type: key, code: EvdevCode.BTN_STYLUS) {
            return .tablet
        }
        if hasProperty(EvdevCode.INPUT_PROP_DIRECT) { return .touchscreen }
        if hasProperty(EvdevCode.INPUT_PROP_POINTER) || hasProperty(EvdevCode.INPUT_PROP_BUTTONPAD)
            || has(type: key, code: EvdevCode.BTN_TOOL_FINGER)
        {
            return .touchpad
        }
        if has(type: key, code: EvdevCode.BTN_TOUCH) { return .touchscreen }
        if axes[EvdevCode.ABS_MT_POSITION_X] != nil {
            let relative = has(type: EvdevCode.EV_REL, code: EvdevCode.REL_X) && has(type: EvdevCode.EV_REL, code: EvdevCode.REL_Y)
            return relative ? .touchpad : .touchscreen
        }
        return .other
    }

    /// Slots for protocol B (`ABS_MT_SLOT`'s maximum + 1, as libevdev counts them: slot numbers run
    /// from 0 whatever the range's minimum), 1 for single-touch devices, and for protocol A the
    /// most contacts `EvdevTouchDecoder` tracks at once.
    public var slotCount: Int {
        switch touchProtocol {
        case .multitouchB:
            let range = axes[EvdevCode.ABS_MT_SLOT]!
            return max(1, min(Int(range.maximum) + 1, Self.maximumSlots))
        case .multitouchA: return Self.protocolAContacts
        case .singleTouch: return 1
        }
    }

    /// No real device has more; a larger `ABS_MT_SLOT` range in a file is not believed.
    static let maximumSlots = 64
    /// Contacts tracked at once on a protocol A device (they do not declare a limit).
    static let protocolAContacts = 16

    /// The axis that carries touch positions, pressure and contact size under this protocol.
    var positionXCode: UInt16 { touchProtocol == .singleTouch ? EvdevCode.ABS_X : EvdevCode.ABS_MT_POSITION_X }
    var positionYCode: UInt16 { touchProtocol == .singleTouch ? EvdevCode.ABS_Y : EvdevCode.ABS_MT_POSITION_Y }
    var pressureCode: UInt16 { touchProtocol == .singleTouch ? EvdevCode.ABS_PRESSURE : EvdevCode.ABS_MT_PRESSURE }
    var majorCode: UInt16? { touchProtocol == .singleTouch ? nil : EvdevCode.ABS_MT_TOUCH_MAJOR }
    var minorCode: UInt16? { touchProtocol == .singleTouch ? nil : EvdevCode.ABS_MT_TOUCH_MINOR }

    // MARK: - To and from the event model

    /// The trace's description of this device. `properties` are stored as given (the formats put
    /// their raw header lines there so the device can be emulated and exported again).
    public func deviceDescription(
        index: DeviceIndex, source: DeviceSource, properties: [DeviceDescription.Property]
    ) -> DeviceDescription {
        let unknown = AxisRange(minimum: 0, maximum: 0)
        let x = axes[positionXCode] ?? axes[EvdevCode.ABS_X] ?? unknown
        let y = axes[positionYCode] ?? axes[EvdevCode.ABS_Y] ?? unknown
        return DeviceDescription(
            index: index, name: name, bus: bus, vendor: vendor, product: product, version: version,
            kind: kind, source: source, x: x, y: y,
            pressure: axes[pressureCode], major: majorCode.flatMap { axes[$0] },
            minor: minorCode.flatMap { axes[$0] },
            slots: UInt16(slotCount), properties: properties
        )
    }

    /// The evdev device a trace's description stands for: parsed from the evemu lines it keeps
    /// (evemu and libinput-record imports keep them), else synthesized from its fields. This is what
    /// the writers declare, and what an emulator (umockdev, uinput) should create.
    public init(describing description: DeviceDescription) {
        self = EvemuHeader.capabilities(for: description)
    }

    /// A protocol B device that can send every sample `description` holds: what a writer declares
    /// for a trace that did not come from evdev (synthetic, Wayland) or lost its raw header.
    public init(synthesizedFrom description: DeviceDescription) {
        self.init(
            name: description.name, bus: description.bus, vendor: description.vendor,
            product: description.product, version: description.version
        )
        let key = EvdevCode.EV_KEY
        switch description.kind {
        case .touchscreen, .other:
            addProperty(EvdevCode.INPUT_PROP_DIRECT)
        case .tablet:
            addProperty(EvdevCode.INPUT_PROP_DIRECT)
            addCode(type: key, code: EvdevCode.BTN_TOOL_PEN)
        case .touchpad:
            addProperty(EvdevCode.INPUT_PROP_POINTER)
            addProperty(EvdevCode.INPUT_PROP_BUTTONPAD)
            addCode(type: key, code: EvdevCode.BTN_LEFT)
            for code in Self.fingerToolCodes { addCode(type: key, code: code) }
        }
        addCode(type: key, code: EvdevCode.BTN_TOUCH)
        addAxis(EvdevCode.ABS_X, description.x)
        addAxis(EvdevCode.ABS_Y, description.y)
        if let pressure = description.pressure { addAxis(EvdevCode.ABS_PRESSURE, pressure) }
        let slots = Int32(max(1, min(Int(description.slots), Self.maximumSlots)))
        addAxis(EvdevCode.ABS_MT_SLOT, AxisRange(minimum: 0, maximum: slots - 1))
        if let major = description.major { addAxis(EvdevCode.ABS_MT_TOUCH_MAJOR, major) }
        if let minor = description.minor { addAxis(EvdevCode.ABS_MT_TOUCH_MINOR, minor) }
        addAxis(EvdevCode.ABS_MT_POSITION_X, description.x)
        addAxis(EvdevCode.ABS_MT_POSITION_Y, description.y)
        addAxis(EvdevCode.ABS_MT_TRACKING_ID, AxisRange(minimum: 0, maximum: 65535))
        if let pressure = description.pressure { addAxis(EvdevCode.ABS_MT_PRESSURE, pressure) }
        // Finger or palm: how a cancelled touch is written (EvdevTouchEncoder).
        addAxis(EvdevCode.ABS_MT_TOOL_TYPE, AxisRange(minimum: EvdevCode.MT_TOOL_FINGER, maximum: EvdevCode.MT_TOOL_PALM))
    }

    /// `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP` in finger-count order: one finger, two, … five.
    static let fingerToolCodes: [UInt16] = [
        EvdevCode.BTN_TOOL_FINGER, EvdevCode.BTN_TOOL_DOUBLETAP, EvdevCode.BTN_TOOL_TRIPLETAP,
        EvdevCode.BTN_TOOL_QUADTAP, EvdevCode.BTN_TOOL_QUINTTAP,
    ]

    /// What a recording's events reveal about a device whose description is missing: every code
    /// seen, and each axis's range as the smallest and largest value seen.
    public static func inferred(from events: [EvdevEvent], name: String) -> EvdevCapabilities {
        var inference = Inference()
        for event in events { inference.add(event) }
        return inference.capabilities(name: name)
    }

    /// `inferred(from:name:)` one event at a time, so a reader streaming a file never holds its
    /// events: memory grows with the codes seen, not with the events.
    struct Inference: Sendable {
        private var capabilities = EvdevCapabilities(name: "")
        private var ranges: [UInt16: (Int32, Int32)] = [:]
        private var sawMTReport = false

        mutating func add(_ event: EvdevEvent) {
            if event.type == EvdevCode.EV_SYN {
                if event.code == EvdevCode.SYN_MT_REPORT { sawMTReport = true }
                return
            }
            capabilities.addCode(type: event.type, code: event.code)
            if event.type == EvdevCode.EV_ABS {
                let old = ranges[event.code] ?? (event.value, event.value)
                ranges[event.code] = (min(old.0, event.value), max(old.1, event.value))
            }
        }

        func capabilities(name: String) -> EvdevCapabilities {
            capabilities(completing: EvdevCapabilities(name: name))
        }

        /// `base` (what a recording did say: name, id, properties, perhaps some codes and ranges)
        /// with every code seen added, and a range from the values seen for each absolute axis
        /// `base` gives none.
        func capabilities(completing base: EvdevCapabilities) -> EvdevCapabilities {
            var result = base
            for (type, codes) in capabilities.codes {
                for code in codes { result.addCode(type: type, code: code) }
            }
            var inferred = ranges(of: result.codes[EvdevCode.EV_ABS] ?? [], besides: base)
            if inferred[EvdevCode.ABS_MT_SLOT] == nil, base.axes[EvdevCode.ABS_MT_SLOT] == nil, !sawMTReport,
                inferred[EvdevCode.ABS_MT_TRACKING_ID] != nil
            {
                // Tracking ids without SYN_MT_REPORT: protocol B with a single, never-named slot.
                inferred[EvdevCode.ABS_MT_SLOT] = AxisRange(minimum: 0, maximum: 0)
            }
            for (code, range) in inferred { result.addAxis(code, range) }
            return result
        }

        /// A range from the values seen for each absolute axis `declared` declares and gives no
        /// range (an evemu `B:` bit without its `A:` line), and no other: what completes a
        /// description that names its axes and forgot their ranges.
        func ranges(missingFrom declared: EvdevCapabilities) -> [UInt16: AxisRange] {
            ranges(of: (declared.codes[EvdevCode.EV_ABS] ?? []).filter { $0 < EvdevCode.ABS_CNT }, besides: declared)
        }

        /// A range for each of `codes` that `base` gives none.
        private func ranges(of codes: [UInt16], besides base: EvdevCapabilities) -> [UInt16: AxisRange] {
            var inferred: [UInt16: AxisRange] = [:]
            // From 0 (or the least value seen below it) to the largest value seen: evdev ranges start
            // at 0 on nearly every device (a few touchpads centre x on 0), and a range of only the
            // values seen, stretched over a window, made a tap's jitter of a few units its width.
            for code in codes where base.axes[code] == nil {
                let range = ranges[code] ?? (0, 0)
                inferred[code] = AxisRange(minimum: min(0, range.0), maximum: max(0, range.1))
            }
            if inferred[EvdevCode.ABS_MT_TRACKING_ID] != nil {
                inferred[EvdevCode.ABS_MT_TRACKING_ID] = AxisRange(minimum: 0, maximum: 65535)
            }
            // Slot 0 is often never named (its events come before any ABS_MT_SLOT): count from 0.
            if let slot = inferred[EvdevCode.ABS_MT_SLOT] {
                inferred[EvdevCode.ABS_MT_SLOT] = AxisRange(minimum: 0, maximum: max(slot.maximum, 0))
            }
            return inferred
        }

        /// What a reader says, once per device, when it infers a device from its events.
        static let warning = "no device description: the device is inferred from its events (ranges from 0, or the least value seen below it, to the largest value seen)"

        /// What a reader says of the axes a description declares and gives no range (`what`: where
        /// a range was looked for), each with the range taken from the events.
        static func unrangedWarning(_ ranges: [UInt16: AxisRange], declared where: String, missing what: String) -> String {
            let axes = ranges.keys.sorted().map { code in
                "\(EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) \(ranges[code]!.minimum)…\(ranges[code]!.maximum)"
            }
            return "\(axes.count == 1 ? "an absolute axis" : "absolute axes") \(`where`) with no range (\(what)): "
                + "taken from the events, from 0 (or the least value seen below it) to the largest value seen: \(axes.joined(separator: ", "))"
        }
    }
}
