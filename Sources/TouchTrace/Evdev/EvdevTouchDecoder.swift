/// Turns one device's raw evdev events into touch samples and frame marks: the one place where
/// multitouch protocols A and B and single-touch devices become the event model.
///
/// Feed events in file order with `consume(_:line:into:)`, then call `finish(line:into:)`. Samples of
/// one `SYN_REPORT` frame all carry that report's time and end with one `FrameMark`; frames in which
/// no touch changed leave no mark. Touch ids are taken from the shared output in the order sequences
/// start (slot order within a frame). `up` and `cancel` repeat the touch's last values.
///
/// Absurd input is reported as a warning and worked around, never trusted: a slot outside the
/// device's range (its events are ignored until a valid slot), time going backwards (clamped to the
/// previous time), a tracking id set again while active, more protocol A contacts than tracked.
/// `SYN_DROPPED` cancels the touches in progress, skips the rest of the damaged frame, and a touch
/// whose slot reports data again afterwards starts a new sequence.
///
/// Palms are rejected as libinput rejects them on a touchscreen, for a device that declares
/// `ABS_MT_TOOL_TYPE`: a contact whose tool type is `MT_TOOL_PALM` when its first frame ends never
/// begins, and a touch whose contact becomes a palm is cancelled; either stays rejected, even if the
/// device calls it a finger again, until it lifts.
///
/// After `init` the decoder allocates nothing per event (the output array grows amortised).
public struct EvdevTouchDecoder: Sendable {
    /// Where one slot's touch is in its life. Changes only in `transition(slot:_:at:line:into:)`.
    ///
    ///     idle ──begin──► starting ──frameEnd──► active ──end──► idle
    ///       ▲                │                     │  ▲
    ///       └──── end ───────┘ (down + up)         │  └── data / frameEnd (motion)
    ///                                           dropped
    ///     lost ◄───────────────────────────────────┘
    ///       ├── data / begin ──► starting           (the touch survived the drop)
    ///       └── end ──► idle                        (it lifted: already cancelled)
    ///
    ///     starting ──frameEnd, a palm──► rejected   (never began)
    ///     active, lost ──palm──► rejected           (active: cancelled)
    ///     rejected ──end──► idle
    enum SlotLife: Equatable, Sendable {
        case idle
        /// A sequence began in the current frame; its `down` goes out at the frame's end.
        case starting
        case active(TouchID)
        /// The slot held a touch when the kernel dropped events; that touch was cancelled.
        case lost
        /// The slot's contact is a palm: cancelled, or never begun. Nothing more until it lifts.
        case rejected
    }

    /// What can happen to a slot.
    enum SlotInput: Equatable {
        /// A new contact appeared (protocol B tracking id >= 0, a new protocol A contact, BTN_TOUCH 1).
        case begin
        /// The contact went away (tracking id -1, a protocol A contact missing, BTN_TOUCH 0).
        case end
        /// An axis of the slot changed value.
        case data
        /// `SYN_REPORT`: emit what the frame did.
        case frameEnd
        /// `SYN_DROPPED`: the kernel lost events.
        case dropped
        /// The device called the contact a palm (`ABS_MT_TOOL_TYPE` became `MT_TOOL_PALM`).
        case palm
    }

    /// One slot's current values. evdev keeps them between frames and between touches in the slot.
    struct Slot: Sendable {
        var life: SlotLife = .idle
        var trackingID: Int32 = -1
        /// `unplaced` until the recording gives the slot a position: evdev sends a value only when
        /// it changes, so a recording started while a slot held a position does not have it until
        /// the slot moves (`placeBeginningTouch`). 64 bits wide for a 32-bit value, so that no
        /// value an event carries is `unplaced` (an axis may run from `Int32.min`).
        var x = Slot.unplaced
        var y = Slot.unplaced
        var pressure: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        /// The tool type is `MT_TOOL_PALM`. Like every value, it stays between touches.
        var palm = false
        /// Some value changed in the current frame.
        var changed = false

        /// No axis value is this: evdev's are 32-bit. It was `Int32.min`, which an axis declared
        /// from there carries (`A: 35 -2147483648 …`): such a touch was moved to 0 with a warning
        /// that its slot had no position.
        static let unplaced = Int64.min
    }

    /// One protocol A contact as its frame lists it.
    struct Contact: Sendable {
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        var trackingID: Int32 = -1
        var palm = false
        var matched = false
        /// The contact's packet carried `ABS_MT_TOUCH_MAJOR` (its value is `major`).
        var majorSent = false
        /// The contact's packet carried `ABS_MT_POSITION_X` or `ABS_MT_POSITION_Y`.
        var placed = false
    }

    private let device: DeviceIndex
    private let touchProtocol: EvdevTouchProtocol
    /// The axes that carry positions, pressure and contact size under this device's protocol.
    private let xCode: UInt16
    private let yCode: UInt16
    private let pressureCode: UInt16
    private let majorCode: UInt16
    private let minorCode: UInt16
    /// `ABS_MT_TOOL_TYPE` when the device declares it (palms are rejected), else a code no event has.
    private let toolTypeCode: UInt16
    private let reportsPressure: Bool
    private let reportsMajor: Bool
    private let reportsMinor: Bool
    private var slots: [Slot]
    /// Protocol B: the slot `ABS_MT_SLOT` selected, or nil after an out-of-range one.
    private var currentSlot: Int? = 0
    /// Samples that cannot wait for the frame's end (ups, cancels), stamped with its time then.
    private var pending: [TouchSample]
    private var contacts: [Contact]
    private var contact = Contact()
    private var contactHasData = false
    /// Single-touch: BTN_TOUCH's current state.
    private var buttonDown = false
    /// Between `SYN_DROPPED` and the next `SYN_REPORT`, events are unreliable and skipped.
    private var skippingDamagedFrame = false
    /// The frame has events a `SYN_REPORT` has not closed yet.
    private var frameOpen = false
    private var lastTime: Microseconds?
    private var lastLine = 0
    /// A touch began without a position once already: said once per device.
    private var warnedPositionless = false
    /// A slot's tracking id changed to another with no -1 between (the contact replaced): said
    /// once per device.
    private var warnedReplacedContact = false
    /// What a touch's beginning must still say once about the device: its slots are a box around
    /// the fingers (`INPUT_PROP_SEMI_MT`). Per touch, not per event.
    private var semiMultitouchNotice: Bool
    /// A `BTN_TOOL_*TAP` counting more fingers than the device has slots has been said (protocol
    /// B; checked on key events only).
    private var warnedFingersBeyondSlots = false
    /// Until a tracking id first appears (protocol B), each frame's end looks for a slot placed
    /// without one: a touch already down when the recording began, which has no down and so is
    /// not replayed (warned once). Per frame, and only until then: nothing per event.
    private var lookingForUntrackedTouch: Bool

    /// A decoder for the device `capabilities` describe, writing events for trace device `device`.
    public init(device: DeviceIndex, capabilities: EvdevCapabilities) {
        self.device = device
        self.touchProtocol = capabilities.touchProtocol
        lookingForUntrackedTouch = capabilities.touchProtocol == .multitouchB
        semiMultitouchNotice = capabilities.touchProtocol != .singleTouch && capabilities.hasProperty(EvdevCode.INPUT_PROP_SEMI_MT)
        self.xCode = capabilities.positionXCode
        self.yCode = capabilities.positionYCode
        self.pressureCode = capabilities.pressureCode
        self.majorCode = capabilities.majorCode ?? UInt16.max
        self.minorCode = capabilities.minorCode ?? UInt16.max
        self.toolTypeCode = capabilities.axes[EvdevCode.ABS_MT_TOOL_TYPE] != nil ? EvdevCode.ABS_MT_TOOL_TYPE : UInt16.max
        self.reportsPressure = capabilities.axes[capabilities.pressureCode] != nil
        self.reportsMajor = capabilities.majorCode.map { capabilities.axes[$0] != nil } ?? false
        self.reportsMinor = capabilities.minorCode.map { capabilities.axes[$0] != nil } ?? false
        let count = capabilities.slotCount
        self.slots = Array(repeating: Slot(), count: count)
        self.pending = []
        self.pending.reserveCapacity(count * 2 + 2)
        self.contacts = []
        self.contacts.reserveCapacity(count)
    }

    // MARK: - Events

    /// Decodes one event; `line` is where it is in the file, for warnings.
    public mutating func consume(_ event: EvdevEvent, line: Int, into output: inout EvdevDecodeOutput) {
        lastLine = line
        var time = event.time
        if let last = lastTime, time < last {
            output.warn(line: line, "time goes backwards (\(Self.format(time)) after \(Self.format(last))); using \(Self.format(last))")
            time = last
        }
        lastTime = time

        if event.type == EvdevCode.EV_SYN {
            switch event.code {
            case EvdevCode.SYN_REPORT: endFrame(at: time, line: line, into: &output)
            case EvdevCode.SYN_DROPPED: drop(at: time, line: line, into: &output)
            case EvdevCode.SYN_MT_REPORT where touchProtocol == .multitouchA && !skippingDamagedFrame:
                closeContact(line: line, into: &output)
            default: break
            }
            return
        }
        guard !skippingDamagedFrame else { return }
        frameOpen = true
        switch touchProtocol {
        case .multitouchB: consumeProtocolB(event, line: line, into: &output)
        case .multitouchA: consumeProtocolA(event)
        case .singleTouch: consumeSingleTouch(event, line: line, into: &output)
        }
    }

    /// The time a note read at `line` among the events takes (a note Touchstone wrote into an
    /// evemu file): its own, kept between the event before it and `next`, the time of the event
    /// after it (nil at the end), with a warning when it is moved. A note is an annotation of the
    /// recording, not part of it: the events are never checked against it, so a note out of
    /// order (edited, or left unshifted by a tool that moved the events) moves only itself.
    func noteTime(_ time: Microseconds, before next: Microseconds?, line: Int, into output: inout EvdevDecodeOutput) -> Microseconds {
        var placed = time
        if let last = lastTime, placed < last { placed = last }
        // The next event is taken at the last one's time if it is earlier (`consume`).
        if let next, placed > max(next, lastTime ?? next) { placed = max(next, lastTime ?? next) }
        if placed != time {
            output.warn(line: line, "the note's time \(Self.format(time)) is out of order with the events around it; placed at \(Self.format(placed))")
        }
        return placed
    }

    /// Ends decoding: warns about a frame no `SYN_REPORT` closed and touches still down.
    public mutating func finish(line: Int, into output: inout EvdevDecodeOutput) {
        if frameOpen {
            output.warn(line: line, "events after the last SYN_REPORT are ignored")
        }
        let down = slots.filter { if case .active = $0.life { true } else { false } }.count
        if down > 0 {
            output.warn(line: line, "\(down) touch\(down == 1 ? " is" : "es are") still down when the recording ends")
        }
    }

    private mutating func consumeProtocolB(_ event: EvdevEvent, line: Int, into output: inout EvdevDecodeOutput) {
        guard event.type == EvdevCode.EV_ABS else {
            if event.type == EvdevCode.EV_KEY { countFingers(event, line: line, into: &output) }
            return
        }
        if event.code == EvdevCode.ABS_MT_SLOT {
            if event.value >= 0, Int(event.value) < slots.count {
                currentSlot = Int(event.value)
            } else {
                output.warn(line: line, "slot \(event.value) out of range 0...\(slots.count - 1); its events are ignored")
                currentSlot = nil
            }
            return
        }
        guard let index = currentSlot else { return }
        if event.code == EvdevCode.ABS_MT_TRACKING_ID {
            trackingID(event.value, slot: index, line: line, into: &output)
        } else {
            setAxis(event.code, event.value, slot: index, line: line, into: &output)
        }
    }

    private mutating func trackingID(_ value: Int32, slot index: Int, line: Int, into output: inout EvdevDecodeOutput) {
        if value < 0 {
            slots[index].trackingID = -1
            transition(slot: index, .end, line: line, into: &output)
            return
        }
        lookingForUntrackedTouch = false
        let active = slots[index].life != .idle && slots[index].life != .lost
        if active, slots[index].trackingID == value {
            output.warn(line: line, "tracking id \(value) set again in slot \(index) while active; ignored")
            return
        }
        if slots[index].life == .starting {
            // A second tracking id before the frame that began the touch has ended (hyn_ts sends
            // 25 then 0 in the first frame): the kernel's slot holds the last one, and neither
            // reader ends a touch nobody has seen yet (libevdev drops the second as a "double
            // tracking ID", Android reads the slot's last id at SYN_REPORT): one touch.
            output.warn(line: line, "tracking id \(value) replaces \(slots[index].trackingID) in slot \(index) before its first frame ended; one touch")
            slots[index].trackingID = value
            return
        }
        if let other = slots.indices.first(where: { $0 != index && slots[$0].trackingID == value }) {
            output.warn(line: line, "tracking id \(value) is already active in slot \(other); treated as a new touch")
        }
        if active {
            if !warnedReplacedContact { warnReplacedContact(value, slot: index, line: line, into: &output) }
            transition(slot: index, .end, line: line, into: &output)
        }
        slots[index].trackingID = value
        transition(slot: index, .begin, line: line, into: &output)
    }

    /// A new tracking id in a slot whose touch has begun, with no -1 between. The kernel's protocol
    /// makes that a replacement (multi-touch-protocol.rst: "Creation, replacement and destruction
    /// of contacts is achieved by modifying the ABS_MT_TRACKING_ID"; a driver whose slot changes
    /// contact "should invalidate that slot by changing its ABS_MT_TRACKING_ID"), and Android gives
    /// the new id a new pointer: one touch ends, another begins. libevdev drops the new id as a
    /// "double tracking ID" bug, so libinput continues the old touch: said once per device.
    @inline(never)
    private mutating func warnReplacedContact(_ value: Int32, slot index: Int, line: Int, into output: inout EvdevDecodeOutput) {
        warnedReplacedContact = true
        output.warn(line: line, "tracking id \(value) replaces \(slots[index].trackingID) in slot \(index) with no -1 between: the contact is replaced (its touch ends, a new one begins), as the kernel's protocol defines it and Android reads it; libinput (libevdev) would drop the new id and continue the touch (said once)")
    }

    private mutating func setAxis(_ code: UInt16, _ value: Int32, slot index: Int, line: Int, into output: inout EvdevDecodeOutput) {
        var changed = false
        switch code {
        case xCode:
            changed = slots[index].x != Int64(value)
            slots[index].x = Int64(value)
        case yCode:
            changed = slots[index].y != Int64(value)
            slots[index].y = Int64(value)
        case pressureCode:
            changed = reportsPressure && slots[index].pressure != value
            slots[index].pressure = value
        case majorCode:
            changed = reportsMajor && slots[index].major != value
            slots[index].major = value
        case minorCode:
            changed = reportsMinor && slots[index].minor != value
            slots[index].minor = value
        case toolTypeCode:
            slots[index].palm = value == EvdevCode.MT_TOOL_PALM
            if slots[index].palm { transition(slot: index, .palm, line: line, into: &output) }
            return
        default: return
        }
        if changed { transition(slot: index, .data, line: line, into: &output) }
    }

    /// `BTN_TOOL_DOUBLETAP` … `QUINTTAP` count the fingers; a touchpad with fewer slots than that
    /// (libinput makes up "fake" touches for the rest) has fingers that carry no position.
    @inline(never)
    private mutating func countFingers(_ event: EvdevEvent, line: Int, into output: inout EvdevDecodeOutput) {
        guard event.value == 1, !warnedFingersBeyondSlots else { return }
        let code = event.code
        guard let index = EvdevCapabilities.fingerToolCodes.firstIndex(of: code), index + 1 > slots.count else { return }
        warnedFingersBeyondSlots = true
        output.warn(line: line, "the device counts \(index + 1) fingers (\(EvdevCode.codeName(type: EvdevCode.EV_KEY, code: code))) but has \(slots.count) slot\(slots.count == 1 ? "" : "s"): the fingers beyond its slots have no position and are not replayed")
    }

    private mutating func consumeSingleTouch(_ event: EvdevEvent, line: Int, into output: inout EvdevDecodeOutput) {
        if event.type == EvdevCode.EV_KEY, event.code == EvdevCode.BTN_TOUCH {
            let down = event.value != 0
            guard down != buttonDown else { return }
            buttonDown = down
            transition(slot: 0, down ? .begin : .end, line: line, into: &output)
        } else if event.type == EvdevCode.EV_ABS,
            event.code == EvdevCode.ABS_X || event.code == EvdevCode.ABS_Y || event.code == EvdevCode.ABS_PRESSURE
        {
            setAxis(event.code, event.value, slot: 0, line: line, into: &output)
            // A touch lost to SYN_DROPPED comes back when its position moves while BTN_TOUCH is down.
            if slots[0].life == .lost, buttonDown, slots[0].changed {
                transition(slot: 0, .begin, line: line, into: &output)
            }
        }
    }

    private mutating func consumeProtocolA(_ event: EvdevEvent) {
        guard event.type == EvdevCode.EV_ABS else { return }
        switch event.code {
        case EvdevCode.ABS_MT_POSITION_X:
            contact.x = event.value
            contact.placed = true
        case EvdevCode.ABS_MT_POSITION_Y:
            contact.y = event.value
            contact.placed = true
        case EvdevCode.ABS_MT_PRESSURE: contact.pressure = event.value
        case EvdevCode.ABS_MT_TOUCH_MAJOR:
            contact.major = event.value
            contact.majorSent = true
        case EvdevCode.ABS_MT_TOUCH_MINOR: contact.minor = event.value
        case EvdevCode.ABS_MT_TRACKING_ID: contact.trackingID = event.value
        case toolTypeCode: contact.palm = event.value == EvdevCode.MT_TOOL_PALM
        default:
            // Other multitouch axes (width, orientation, tool type) still make a contact.
            guard event.code >= EvdevCode.ABS_MT_TOUCH_MAJOR, event.code < EvdevCode.ABS_CNT else { return }
        }
        contactHasData = true
    }

    /// `SYN_MT_REPORT`: the contact described since the previous one is complete. An empty one is
    /// how protocol A says "no contacts".
    ///
    /// A contact whose packet gives `ABS_MT_TOUCH_MAJOR` 0, on a device that declares the axis,
    /// touches nothing and is left out, so its touch lifts (or never begins): mtdev, through which
    /// libinput reads protocol A, counts such a contact as no touch (`istouch`), and Android up to
    /// 2.3 dropped it ("Pointer is not down"); drivers of that time reported a lift that way.
    ///
    /// A contact whose packet gives no position (neither `ABS_MT_POSITION_X` nor `_Y`) is left out
    /// too: protocol A packets are sent whole (the kernel passes them unfiltered), so one without a
    /// position is a driver's "nothing here" (`ABS_MT_PRESSURE` 0 alone), not a touch at 0. mtdev
    /// leaves out a packet that lacks either (`isfilled`), and Android takes a pressure-0 contact
    /// for a hovering pointer; a packet with one coordinate is kept (the other taken as 0).
    private mutating func closeContact(line: Int, into output: inout EvdevDecodeOutput) {
        defer {
            contact = Contact()
            contactHasData = false
        }
        guard contactHasData, contact.placed else { return }
        if contact.majorSent, contact.major == 0, reportsMajor { return }
        guard contacts.count < slots.count else {
            output.warn(line: line, "more than \(slots.count) contacts in one frame; the extra ones are ignored")
            return
        }
        contacts.append(contact)
    }

    // MARK: - Frames

    @inline(never)
    private mutating func lookForUntrackedTouch(line: Int, into output: inout EvdevDecodeOutput) {
        if let slot = slots.indices.first(where: { slots[$0].trackingID < 0 && slots[$0].life == .idle && (slots[$0].x != Slot.unplaced || slots[$0].y != Slot.unplaced) }) {
            output.warn(line: line, "slot \(slot) reports positions without a tracking id: a touch already down when the recording began is not replayed")
            lookingForUntrackedTouch = false
        }
    }

    private mutating func endFrame(at time: Microseconds, line: Int, into output: inout EvdevDecodeOutput) {
        if lookingForUntrackedTouch { lookForUntrackedTouch(line: line, into: &output) }
        if skippingDamagedFrame {
            skippingDamagedFrame = false
        } else if touchProtocol == .multitouchA {
            matchContacts(line: line, into: &output)
        }
        frameOpen = false
        let before = output.events.count
        for var sample in pending {
            sample.time = time
            output.events.append(.touch(sample))
        }
        pending.removeAll(keepingCapacity: true)
        for index in slots.indices {
            transition(slot: index, .frameEnd, at: time, line: line, into: &output)
        }
        if output.events.count > before {
            output.events.append(.frame(FrameMark(time: time, device: device)))
        }
    }

    private mutating func drop(at time: Microseconds, line: Int, into output: inout EvdevDecodeOutput) {
        output.warn(line: line, "SYN_DROPPED: the kernel lost events; touches in progress are cancelled")
        skippingDamagedFrame = true
        contacts.removeAll(keepingCapacity: true)
        contact = Contact()
        contactHasData = false
        // Protocol A lists every contact in every frame, so the next frame resynchronises by itself.
        guard touchProtocol != .multitouchA else { return }
        for index in slots.indices {
            transition(slot: index, .dropped, line: line, into: &output)
        }
    }

    /// Protocol A: pairs this frame's contacts with the touches of the previous one, by tracking id
    /// where the device sends them and otherwise nearest first, so a touch keeps its identity while
    /// the number of contacts stays the same; surplus contacts begin touches, missing ones end them.
    private mutating func matchContacts(line: Int, into output: inout EvdevDecodeOutput) {
        defer { contacts.removeAll(keepingCapacity: true) }
        if contactHasData {
            closeContact(line: line, into: &output)
        }
        var claimed = UInt64(0)  // bit per slot already paired (slotCount <= 64)
        let byID = !contacts.isEmpty && contacts.allSatisfy { $0.trackingID >= 0 }
        if byID {
            for c in contacts.indices {
                if let s = slots.indices.first(where: { slots[$0].life != .idle && slots[$0].trackingID == contacts[c].trackingID }) {
                    pair(contact: c, slot: s, claimed: &claimed, line: line, into: &output)
                }
            }
        } else {
            while let (c, s) = nearestUnpairedPair(claimed: claimed) {
                pair(contact: c, slot: s, claimed: &claimed, line: line, into: &output)
            }
        }
        for s in slots.indices where claimed & (1 << UInt64(s)) == 0 && slots[s].life != .idle {
            transition(slot: s, .end, line: line, into: &output)
        }
        for c in contacts.indices where !contacts[c].matched {
            guard let s = slots.indices.first(where: { slots[$0].life == .idle && claimed & (1 << UInt64($0)) == 0 }) else { break }
            claimed |= 1 << UInt64(s)
            store(contacts[c], in: s)
            transition(slot: s, .begin, line: line, into: &output)
        }
    }

    private mutating func pair(contact c: Int, slot s: Int, claimed: inout UInt64, line: Int, into output: inout EvdevDecodeOutput) {
        contacts[c].matched = true
        claimed |= 1 << UInt64(s)
        let old = slots[s]
        store(contacts[c], in: s)
        let new = slots[s]
        let changed = old.x != new.x || old.y != new.y || (reportsPressure && old.pressure != new.pressure)
            || (reportsMajor && old.major != new.major) || (reportsMinor && old.minor != new.minor)
        if changed { transition(slot: s, .data, line: line, into: &output) }
        if new.palm { transition(slot: s, .palm, line: line, into: &output) }
    }

    private mutating func store(_ contact: Contact, in s: Int) {
        slots[s].x = Int64(contact.x)
        slots[s].y = Int64(contact.y)
        slots[s].pressure = contact.pressure
        slots[s].major = contact.major
        slots[s].minor = contact.minor
        slots[s].trackingID = contact.trackingID
        slots[s].palm = contact.palm
    }

    /// The closest (contact, touch) pair not yet paired; ties go to the lower slot, then contact.
    private func nearestUnpairedPair(claimed: UInt64) -> (Int, Int)? {
        var best: (Int, Int)?
        var bestDistance = UInt128.max
        for s in slots.indices where claimed & (1 << UInt64(s)) == 0 && slots[s].life != .idle {
            for c in contacts.indices where !contacts[c].matched {
                // 128 bits: two 32-bit positions are up to 2^32 - 1 apart on each axis, and the sum
                // of the squares passes 2^63 (contacts at opposite corners trapped); a slot not
                // yet placed is 2^63 away at most, its square's sum still below 2^128.
                let dx = (Int128(contacts[c].x) - Int128(slots[s].x)).magnitude
                let dy = (Int128(contacts[c].y) - Int128(slots[s].y)).magnitude
                let distance = dx * dx + dy * dy
                if distance < bestDistance {
                    bestDistance = distance
                    best = (c, s)
                }
            }
        }
        return best
    }

    // MARK: - The slot state machine

    private mutating func transition(slot index: Int, _ input: SlotInput, line: Int, into output: inout EvdevDecodeOutput) {
        transition(slot: index, input, at: nil, line: line, into: &output)
    }

    /// The one place a slot's life changes. `time` is the frame's time on `.frameEnd`; samples
    /// made mid-frame wait in `pending` for it.
    private mutating func transition(
        slot index: Int, _ input: SlotInput, at time: Microseconds?, line: Int, into output: inout EvdevDecodeOutput
    ) {
        let life = slots[index].life
        switch (life, input) {
        case (.idle, .begin), (.lost, .begin):
            slots[index].life = .starting
        case (.lost, .data):
            // Protocol B: a slot lost to SYN_DROPPED still has its tracking id, so data means the
            // touch survived. Single-touch resumes through `.begin` instead (it needs BTN_TOUCH).
            if touchProtocol == .multitouchB, slots[index].trackingID >= 0 { slots[index].life = .starting }
        case (.idle, .data), (.starting, .data), (.active, .data), (.lost, .frameEnd):
            break
        case (.idle, .frameEnd), (.idle, .end), (.idle, .dropped):
            break
        case (.lost, .end):
            slots[index].life = .idle
        case (.lost, .dropped):
            break
        case (.idle, .palm), (.starting, .palm), (.rejected, .palm), (.rejected, .data), (.rejected, .frameEnd), (.rejected, .dropped):
            break  // a beginning contact is judged when its frame ends
        case (.active(let id), .palm):
            pending.append(sample(.cancel, slot: index, touch: id))
            slots[index].life = .rejected
        case (.lost, .palm):
            slots[index].life = .rejected  // its touch was cancelled at the drop
        case (.rejected, .end):
            slots[index].life = .idle
        case (.rejected, .begin):
            preconditionFailure("slot \(index): begin while a palm is in it; the caller ends it first")
        case (.starting, .begin), (.active, .begin):
            preconditionFailure("slot \(index): begin while a touch is in it; the caller ends it first")
        case (.starting, .end) where slots[index].palm:
            slots[index].life = .idle
        case (.starting, .end):
            // Touched and lifted within one frame: both samples, in order.
            placeBeginningTouch(slot: index, line: line, into: &output)
            let id = output.takeTouchID()
            pending.append(sample(.down, slot: index, touch: id))
            pending.append(sample(.up, slot: index, touch: id))
            slots[index].life = .idle
        case (.starting, .frameEnd) where slots[index].palm:
            slots[index].life = .rejected
        case (.starting, .frameEnd):
            placeBeginningTouch(slot: index, line: line, into: &output)
            let id = output.takeTouchID()
            output.events.append(.touch(sample(.down, slot: index, touch: id, time: time!)))
            slots[index].life = .active(id)
        case (.starting, .dropped):
            slots[index].life = .lost
        case (.active(let id), .end):
            pending.append(sample(.up, slot: index, touch: id))
            slots[index].life = .idle
        case (.active(let id), .frameEnd):
            if slots[index].changed {
                output.events.append(.touch(sample(.motion, slot: index, touch: id, time: time!)))
            }
        case (.active(let id), .dropped):
            pending.append(sample(.cancel, slot: index, touch: id))
            slots[index].life = .lost
        }
        if input == .frameEnd || input == .dropped {
            slots[index].changed = false
        } else if input == .data {
            slots[index].changed = true
        }
    }

    /// A touch beginning in a slot the recording has given no position yet starts at 0 on the axes
    /// it lacks, until the slot reports them; said once per device. Checked where a touch begins,
    /// not per value: the per-event path stays as it was.
    private mutating func placeBeginningTouch(slot index: Int, line: Int, into output: inout EvdevDecodeOutput) {
        if semiMultitouchNotice {
            semiMultitouchNotice = false
            output.warn(line: line, "the device is semi-multitouch (INPUT_PROP_SEMI_MT): with two fingers down its slots are two corners of a box around them, not the fingers (libinput reads one finger from ABS_X/ABS_Y): the distance and centre between two touches are the fingers', their angle may be mirrored")
        }
        let lacksX = slots[index].x == Slot.unplaced, lacksY = slots[index].y == Slot.unplaced
        guard lacksX || lacksY else { return }
        if lacksX { slots[index].x = 0 }
        if lacksY { slots[index].y = 0 }
        guard !warnedPositionless else { return }
        warnedPositionless = true
        let missing = lacksX && lacksY ? "x and y" : lacksX ? "x" : "y"
        output.warn(line: line, "a touch began in slot \(index) before the recording gave that slot its \(missing) (evdev sends only changes, so a recording begun while the slot held a position lacks it): taken as 0 until the slot reports it")
    }

    private func sample(_ phase: TouchPhase, slot index: Int, touch: TouchID, time: Microseconds = 0) -> TouchSample {
        let slot = slots[index]
        return TouchSample(
            time: time, device: device, phase: phase, touch: touch, slot: UInt16(index),
            // Placed by now (`placeBeginningTouch`): a 32-bit value.
            x: Int32(truncatingIfNeeded: slot.x), y: Int32(truncatingIfNeeded: slot.y),
            pressure: reportsPressure ? slot.pressure : nil,
            major: reportsMajor ? slot.major : nil,
            minor: reportsMinor ? slot.minor : nil
        )
    }

    static func format(_ time: Microseconds) -> String {
        let seconds = time / 1_000_000
        let micros = abs(time % 1_000_000)
        let digits = String(micros)
        return "\(seconds)." + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
