/// Turns one device's touch samples and frame marks back into the evdev events that produce them:
/// the inverse of `EvdevTouchDecoder`, shared by the evemu and `libinput record` writers.
///
/// It speaks the device's own protocol (B, A or single-touch, from its capabilities) and emits a
/// value only when it differs from what the slot last held, as the kernel does, so reading the
/// output back gives the same samples, frames and times. For protocol B it also emulates what the
/// kernel adds for legacy clients and libinput expects: `BTN_TOUCH`, `BTN_TOOL_*` finger counts and
/// `ABS_X`/`ABS_Y` following the oldest touch, each only when the device declares the code.
///
/// - Note: evdev has no "cancelled". A protocol B device that declares `ABS_MT_TOOL_TYPE` (every
///   synthesized one does) says it as libinput understands it: the contact becomes a palm
///   (`MT_TOOL_PALM`) as it lifts, so reading it back, or replaying it through libinput, gives the
///   cancel. On other devices a `cancel` is written as a lift. A `motion` that changes nothing
///   cannot be expressed either and disappears.
struct EvdevTouchEncoder {
    private struct SlotState {
        var touch: TouchID?
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        /// When the touch in the slot began, for pointer emulation's "oldest touch".
        var order = 0
        /// Protocol A: the tracking id this touch is listed with, where the device sends them.
        var trackingIDForA: Int32 = 0
        /// Whether the file has given this slot its position yet. Until it has, a touch's first
        /// position is written even where it equals the slot's initial 0: a reader cannot know
        /// that value (a recording may begin while a slot holds any position) and warned that the
        /// touch began "before the recording gave that slot its x" on every file written with a
        /// touch at 0 (a screen's left or top edge).
        var placed = false
    }

    private let capabilities: EvdevCapabilities
    private let touchProtocol: EvdevTouchProtocol
    private var slots: [SlotState]
    private var slotOfTouch: [TouchID: Int] = [:]
    private var selectedSlot = 0
    private var nextTrackingID: Int32 = 0
    private var startCounter = 0
    private var activeBefore = 0
    private var emulatedX: Int32 = 0
    private var emulatedY: Int32 = 0
    private var frame: [TouchSample] = []
    /// Touches that began while every slot of the device was taken: evdev cannot say them, so
    /// their samples are left out. The writers say how many.
    private(set) var touchesWithoutSlot = 0
    /// The position axis of the device's protocol that it does not declare, if one: a touch
    /// written on it would lose its position (`refuseUndeclaredPosition`).
    private let undeclaredPositionAxis: UInt16?

    init(capabilities: EvdevCapabilities) {
        self.capabilities = capabilities
        self.touchProtocol = capabilities.touchProtocol
        self.slots = Array(repeating: SlotState(), count: capabilities.slotCount)
        undeclaredPositionAxis = [capabilities.positionXCode, capabilities.positionYCode].first { capabilities.axes[$0] == nil }
    }

    /// Refuses a touch of `device` when the device does not declare the axis its positions go on
    /// (an evemu header or libinput `codes:` that leave it out while the events used it: the
    /// decoder reads positions whether declared or not). Written, the touch would have no position,
    /// and a file that drops positions without a word is worse than none.
    func refuseUndeclaredPosition(_ event: TraceEvent, device: DeviceIndex, name: String, format: String, file: String) throws(TraceWriteError) {
        guard let code = undeclaredPositionAxis, case .touch(let sample) = event, sample.device == device else { return }
        throw TraceWriteError(
            file: file,
            message: "device \(device) (\(name)) does not declare \(EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)), "
                + "so its touches' positions cannot be written to \(format) (a .trace or .jsonl output keeps them)")
    }

    /// Encodes the touch samples and frame marks of `device` in `events`, calling `emit` for each
    /// evdev event in order. Other devices' events, gestures and annotations are skipped.
    mutating func encode(_ events: [TraceEvent], device: DeviceIndex, emit: (EvdevEvent) -> Void) {
        for event in events { add(event, device: device, emit: emit) }
        finish(emit: emit)
    }

    /// `encode` one event at a time, for writers that stream: the events of a frame wait until
    /// its mark (or a sample at another time) closes it.
    mutating func add(_ event: TraceEvent, device: DeviceIndex, emit: (EvdevEvent) -> Void) {
        switch event {
        case .touch(let sample) where sample.device == device:
            if let first = frame.first, first.time != sample.time {
                flush(at: first.time, emit: emit)
            }
            frame.append(sample)
        case .frame(let mark) where mark.device == device:
            if !frame.isEmpty { flush(at: mark.time, emit: emit) }
        default:
            break
        }
    }

    /// The time of the frame waiting for its mark, if one is.
    var pendingFrameTime: Microseconds? { frame.first?.time }

    /// After the last event: writes a frame no mark closed.
    mutating func finish(emit: (EvdevEvent) -> Void) {
        if let first = frame.first { flush(at: first.time, emit: emit) }
    }

    private mutating func flush(at time: Microseconds, emit: (EvdevEvent) -> Void) {
        switch touchProtocol {
        case .multitouchB: encodeProtocolB(at: time, emit: emit)
        case .multitouchA: encodeProtocolA(at: time, emit: emit)
        case .singleTouch: encodeSingleTouch(at: time, emit: emit)
        }
        emit(EvdevEvent(time: time, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0))
        frame.removeAll(keepingCapacity: true)
    }

    // MARK: - Protocol B

    private mutating func encodeProtocolB(at time: Microseconds, emit: (EvdevEvent) -> Void) {
        let abs = EvdevCode.EV_ABS
        for sample in frame {
            guard let index = slot(for: sample) else { continue }
            if index != selectedSlot {
                emit(EvdevEvent(time: time, type: abs, code: EvdevCode.ABS_MT_SLOT, value: Int32(index)))
                selectedSlot = index
            }
            if sample.phase == .down {
                emit(EvdevEvent(time: time, type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: nextTrackingID))
                nextTrackingID = (nextTrackingID + 1) & 0xffff
                slots[index].touch = sample.touch
                startCounter += 1
                slots[index].order = startCounter
            }
            writeValues(sample, slot: index, time: time, emit: emit)
            if sample.phase == .up || sample.phase == .cancel {
                // A cancel is a palm where the device has tool types, as libinput reads one: the
                // slot is a finger again before its next touch, which libinput would otherwise drop.
                let palm = sample.phase == .cancel && capabilities.axes[EvdevCode.ABS_MT_TOOL_TYPE] != nil
                if palm { emit(EvdevEvent(time: time, type: abs, code: EvdevCode.ABS_MT_TOOL_TYPE, value: EvdevCode.MT_TOOL_PALM)) }
                emit(EvdevEvent(time: time, type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: -1))
                if palm { emit(EvdevEvent(time: time, type: abs, code: EvdevCode.ABS_MT_TOOL_TYPE, value: EvdevCode.MT_TOOL_FINGER)) }
                release(index)
            }
        }
        emulatePointer(at: time, emit: emit)
    }

    /// The slot a sample's touch occupies: its own slot number when free, else the lowest free one.
    private mutating func slot(for sample: TouchSample) -> Int? {
        if let index = slotOfTouch[sample.touch] { return index }
        guard sample.phase == .down else { return nil }  // never began here: nothing to continue
        let preferred = Int(sample.slot)
        let index: Int
        if preferred < slots.count, slots[preferred].touch == nil {
            index = preferred
        } else if let free = slots.indices.first(where: { slots[$0].touch == nil }) {
            index = free
        } else {
            touchesWithoutSlot += 1
            return nil
        }
        slotOfTouch[sample.touch] = index
        return index
    }

    private mutating func release(_ index: Int) {
        if let touch = slots[index].touch { slotOfTouch[touch] = nil }
        slots[index].touch = nil
    }

    private mutating func writeValues(_ sample: TouchSample, slot index: Int, time: Microseconds, emit: (EvdevEvent) -> Void) {
        func put(_ code: UInt16, _ value: Int32?, _ keyPath: WritableKeyPath<SlotState, Int32>, always: Bool = false) {
            guard let value, capabilities.axes[code] != nil, always || slots[index][keyPath: keyPath] != value else { return }
            emit(EvdevEvent(time: time, type: EvdevCode.EV_ABS, code: code, value: value))
            slots[index][keyPath: keyPath] = value
        }
        let first = !slots[index].placed
        slots[index].placed = true
        put(capabilities.positionXCode, sample.x, \.x, always: first)
        put(capabilities.positionYCode, sample.y, \.y, always: first)
        put(capabilities.pressureCode, sample.pressure, \.pressure)
        if let code = capabilities.majorCode { put(code, sample.major, \.major) }
        if let code = capabilities.minorCode { put(code, sample.minor, \.minor) }
    }

    /// What the kernel's `input_mt_report_pointer_emulation` adds after the slots of a frame.
    private mutating func emulatePointer(at time: Microseconds, emit: (EvdevEvent) -> Void) {
        let active = slots.filter { $0.touch != nil }
        let key = EvdevCode.EV_KEY
        if (active.count > 0) != (activeBefore > 0), capabilities.has(type: key, code: EvdevCode.BTN_TOUCH) {
            // A pen comes into proximity before it touches and leaves it after (see encodeSingleTouch).
            let pen = capabilities.has(type: key, code: EvdevCode.BTN_TOOL_PEN)
            if pen && !active.isEmpty { emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOOL_PEN, value: 1)) }
            emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOUCH, value: active.isEmpty ? 0 : 1))
            if pen && active.isEmpty { emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOOL_PEN, value: 0)) }
        }
        let tools = EvdevCapabilities.fingerToolCodes
        let oldTool = min(activeBefore, tools.count)
        let newTool = min(active.count, tools.count)
        if oldTool != newTool {
            if oldTool > 0, capabilities.has(type: key, code: tools[oldTool - 1]) {
                emit(EvdevEvent(time: time, type: key, code: tools[oldTool - 1], value: 0))
            }
            if newTool > 0, capabilities.has(type: key, code: tools[newTool - 1]) {
                emit(EvdevEvent(time: time, type: key, code: tools[newTool - 1], value: 1))
            }
        }
        activeBefore = active.count
        guard let oldest = active.min(by: { $0.order < $1.order }) else { return }
        if oldest.x != emulatedX, capabilities.axes[EvdevCode.ABS_X] != nil {
            emit(EvdevEvent(time: time, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_X, value: oldest.x))
            emulatedX = oldest.x
        }
        if oldest.y != emulatedY, capabilities.axes[EvdevCode.ABS_Y] != nil {
            emit(EvdevEvent(time: time, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_Y, value: oldest.y))
            emulatedY = oldest.y
        }
    }

    // MARK: - Protocol A

    private mutating func encodeProtocolA(at time: Microseconds, emit: (EvdevEvent) -> Void) {
        for sample in frame {
            guard let index = slot(for: sample) else { continue }
            if sample.phase == .down {
                slots[index].touch = sample.touch
                slots[index].trackingIDForA = nextTrackingID
                nextTrackingID = (nextTrackingID + 1) & 0xffff
            }
            slots[index].x = sample.x
            slots[index].y = sample.y
            slots[index].pressure = sample.pressure ?? 0
            slots[index].major = sample.major ?? 0
            slots[index].minor = sample.minor ?? 0
            if sample.phase == .up || sample.phase == .cancel { release(index) }
        }
        let abs = EvdevCode.EV_ABS
        var listed = 0
        for slot in slots where slot.touch != nil {
            for (code, value) in [
                (EvdevCode.ABS_MT_POSITION_X, slot.x), (EvdevCode.ABS_MT_POSITION_Y, slot.y),
                (EvdevCode.ABS_MT_PRESSURE, slot.pressure), (EvdevCode.ABS_MT_TOUCH_MAJOR, slot.major),
                (EvdevCode.ABS_MT_TOUCH_MINOR, slot.minor), (EvdevCode.ABS_MT_TRACKING_ID, slot.trackingIDForA),
            ] where capabilities.axes[code] != nil {
                emit(EvdevEvent(time: time, type: abs, code: code, value: value))
            }
            emit(EvdevEvent(time: time, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_MT_REPORT, value: 0))
            listed += 1
        }
        if listed == 0 {
            emit(EvdevEvent(time: time, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_MT_REPORT, value: 0))
        }
        if (listed > 0) != (activeBefore > 0), capabilities.has(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH) {
            emit(EvdevEvent(time: time, type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: listed > 0 ? 1 : 0))
        }
        activeBefore = listed
    }

    // MARK: - Single touch

    private mutating func encodeSingleTouch(at time: Microseconds, emit: (EvdevEvent) -> Void) {
        let key = EvdevCode.EV_KEY
        for sample in frame {
            if sample.phase == .down {
                guard slots[0].touch == nil else { continue }  // the device has one contact
                slots[0].touch = sample.touch
                slotOfTouch[sample.touch] = 0
            } else if slots[0].touch != sample.touch {
                continue
            }
            writeValues(sample, slot: 0, time: time, emit: emit)
            let lifted = sample.phase == .up || sample.phase == .cancel
            if sample.phase == .down || lifted {
                // A pen comes into proximity before it touches and leaves it after it lifts: without
                // BTN_TOOL_PEN, evemu-play and libinput replay never see a pen at all.
                let pen = capabilities.has(type: key, code: EvdevCode.BTN_TOOL_PEN)
                if pen && !lifted { emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOOL_PEN, value: 1)) }
                emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOUCH, value: lifted ? 0 : 1))
                if capabilities.has(type: key, code: EvdevCode.BTN_TOOL_FINGER) {
                    emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOOL_FINGER, value: lifted ? 0 : 1))
                }
                if pen && lifted { emit(EvdevEvent(time: time, type: key, code: EvdevCode.BTN_TOOL_PEN, value: 0)) }
            }
            if lifted { release(0) }
        }
    }
}

/// The description of device `index`: from the header, or from the `DeviceChange.added` event that
/// brought it in later.
func addedDevice(_ index: DeviceIndex, in events: [TraceEvent]) -> DeviceDescription? {
    for case .device(.added(_, let description)) in events where description.index == index {
        return description
    }
    return nil
}
