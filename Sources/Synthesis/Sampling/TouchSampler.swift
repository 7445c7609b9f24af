import TouchTrace

/// The synthetic touch controller: scans the panel at a fixed rate and reports what the fingers of a
/// gesture are doing at each scan, as a real digitiser does.
///
/// At each scan instant (the nominal period plus timing jitter) every finger that has landed since the
/// last scan reports `down`, every finger still on the panel reports `motion` if anything it reports
/// changed (evdev drops unchanged values, so a perfectly still finger is silent), and every finger
/// that has lifted reports `up` at its last position (or `cancel`, when the gesture is cancelled). A
/// frame mark closes each scan that reported something. Positions get Gaussian-shaped sensor noise and are quantised to device units.
///
/// Between gestures the panel is idle and the sampler skips ahead, but its clock keeps its phase, so
/// instants stay on one grid for the whole trace. Touch ids count up across the whole trace.
///
/// - Note: `perform` allocates nothing per sample; it reuses one small buffer of finger states.
struct TouchSampler {
    /// Nominal scan period in microseconds.
    let period: Double
    /// Largest deviation of a scan from its nominal instant, in microseconds (below half a period, so
    /// time never runs backwards).
    let jitter: Double
    /// Standard deviation of position noise, in points.
    let noise: Double
    let device: DeviceIndex = 0

    /// Where the sampler is in the trace: what a scratch gesture must restore if it is discarded.
    struct Clock {
        /// The next scan index not yet used; scans are numbered from time 0.
        var nextScan: Int64 = 0
        /// The id the next touch sequence gets.
        var nextTouchID: TouchID = 0
        /// Time of the last event emitted.
        var lastTime: Microseconds = 0
    }

    var clock = Clock()
    var lastTime: Microseconds { clock.lastTime }

    private var fingers: [FingerContact] = []

    private let unitsPerPoint = SyntheticTouchscreen.unitsPerPoint
    private let maximumX = SyntheticTouchscreen.description.x.maximum
    private let maximumY = SyntheticTouchscreen.description.y.maximum

    init(samplingRate: Double, jitterSeconds: Double, noisePoints: Double) {
        period = 1_000_000 / samplingRate
        jitter = min(jitterSeconds * 1_000_000, period * 0.45)
        noise = noisePoints
    }

    // MARK: - Gestures

    /// Reports the tracks of one gesture whose time 0 is `origin`, cancelling every touch at the first
    /// scan `cancellation` seconds or more after `origin`, if given; returns the number of touch samples.
    mutating func perform<Sink: TraceEventSink>(
        _ tracks: [FingerTrack], origin: Microseconds, cancellation: Double? = nil,
        random: inout SeededGenerator, into sink: inout Sink
    ) throws -> Int {
        fingers.removeAll(keepingCapacity: true)
        var firstDown = Double.infinity
        for track in tracks {
            fingers.append(FingerContact())
            firstDown = min(firstDown, track.down)
        }
        guard firstDown.isFinite else { return 0 }
        var occupiedSlots: UInt64 = 0
        var remaining = tracks.count
        var onScreen = 0
        var samples = 0
        var scan = firstScan(atOrAfter: origin + microseconds(firstDown))
        while remaining > 0 {
            let now = scanTime(scan, random: &random)
            scan += 1
            let elapsed = Double(now - origin) / 1_000_000
            var reported = false
            var touching = false
            var nextDown = Double.infinity
            // The system takes away the touches on the screen: the cancel waits for one to be there.
            let cancelling = onScreen > 0 && (cancellation.map { elapsed >= $0 } ?? false)
            for index in fingers.indices {
                switch fingers[index].step(at: elapsed, following: tracks[index], cancelling: cancelling) {
                case .wait(let down):
                    nextDown = min(nextDown, down)
                    continue
                case .land:
                    let slot = UInt16((~occupiedSlots).trailingZeroBitCount)
                    occupiedSlots |= 1 << UInt64(slot)
                    fingers[index].land(slot: slot, touch: clock.nextTouchID)
                    clock.nextTouchID &+= 1
                    onScreen += 1
                    let sample = measure(tracks[index], finger: fingers[index], phase: .down, at: now, elapsed: elapsed, random: &random)
                    fingers[index].report(sample)
                    try sink.append(.touch(sample))
                    touching = true
                case .move:
                    touching = true
                    let sample = measure(tracks[index], finger: fingers[index], phase: .motion, at: now, elapsed: elapsed, random: &random)
                    // evdev drops values that did not change: a perfectly still finger is silent.
                    guard !sample.reportsSameAs(fingers[index].last) else { continue }
                    fingers[index].report(sample)
                    try sink.append(.touch(sample))
                case .lift:
                    occupiedSlots &= ~(1 << UInt64(fingers[index].identity.slot))
                    remaining -= 1
                    onScreen -= 1
                    try sink.append(.touch(fingers[index].lift(at: now)))
                case .cancel:
                    occupiedSlots &= ~(1 << UInt64(fingers[index].identity.slot))
                    remaining -= 1
                    onScreen -= 1
                    try sink.append(.touch(fingers[index].cancel(at: now)))
                case .abandon:
                    fingers[index].abandon()
                    remaining -= 1
                    continue
                case .done:
                    continue
                }
                samples += 1
                reported = true
            }
            if reported {
                try sink.append(.frame(FrameMark(time: now, device: device)))
                clock.lastTime = now
            }
            if !touching && nextDown.isFinite {
                scan = max(scan, firstScan(atOrAfter: origin + microseconds(nextDown)))
            }
        }
        clock.nextScan = scan
        return samples
    }

    /// One finger resting at `point` for exactly `scans` scans (at least 2): a down, `scans - 2`
    /// motions and an up, each reported even if unchanged. Corpora end with one so that they hold
    /// exactly the samples asked for.
    mutating func hold<Sink: TraceEventSink>(
        at point: ScreenPoint, scans: Int, after time: Microseconds, contact: ContactProfile,
        random: inout SeededGenerator, into sink: inout Sink
    ) throws {
        precondition(scans >= 2, "a touch sequence needs a down and an up")
        var scan = firstScan(atOrAfter: time)
        var finger = FingerContact()
        finger.land(slot: 0, touch: clock.nextTouchID)
        clock.nextTouchID &+= 1
        let track = FingerTrack(down: 0, up: .infinity, path: .still(point), contact: contact)
        var origin: Microseconds = 0
        for index in 0..<scans {
            var now = scanTime(scan, random: &random)
            scan += 1
            // A jittered first scan may fall just before `time`; the finger lands at the next one.
            while index == 0 && now < time {
                now = scanTime(scan, random: &random)
                scan += 1
            }
            if index == 0 { origin = now }
            let sample: TouchSample
            if index == scans - 1 {
                sample = finger.lift(at: now)
            } else {
                let elapsed = Double(now - origin) / 1_000_000
                sample = measure(track, finger: finger, phase: index == 0 ? .down : .motion, at: now, elapsed: elapsed, random: &random)
                finger.report(sample)
            }
            try sink.append(.touch(sample))
            try sink.append(.frame(FrameMark(time: now, device: device)))
            clock.lastTime = now
        }
        clock.nextScan = scan
    }

    // MARK: - The clock

    private func firstScan(atOrAfter time: Microseconds) -> Int64 {
        let index = Int64((Double(time) / period).rounded(.up))
        return max(clock.nextScan, index)
    }

    private func scanTime(_ scan: Int64, random: inout SeededGenerator) -> Microseconds {
        let nominal = Double(scan) * period
        let offset = jitter > 0 ? random.uniform(-jitter, jitter) : 0
        return Microseconds((nominal + offset).rounded())
    }

    private func microseconds(_ seconds: Double) -> Microseconds {
        Microseconds((seconds * 1_000_000).rounded())
    }

    // MARK: - One reading

    private func measure(
        _ track: FingerTrack, finger: FingerContact, phase: TouchPhase, at now: Microseconds, elapsed: Double,
        random: inout SeededGenerator
    ) -> TouchSample {
        let position = track.path.position(at: elapsed)
        let x = quantise(position.x + noise * random.gaussian(), maximum: maximumX)
        let y = quantise(position.y + noise * random.gaussian(), maximum: maximumY)
        let (slot, touch) = finger.identity
        let contact = track.contact
        let settled = contact.settling(at: elapsed, down: track.down, up: track.up)
        // Even a landing finger reports some pressure and size; the flattening adds the rest.
        let pressureFraction = contact.peakPressure * (0.25 + 0.75 * settled)
        // Panels filter pressure and size heavily: they change as the pad flattens, not per scan.
        let pressure = Int32((pressureFraction * Double(SyntheticTouchscreen.maximumPressure)).rounded())
        let majorUnits = contact.majorMillimetres * Double(SyntheticTouchscreen.unitsPerMillimetre) * (0.7 + 0.3 * settled)
        let major = Int32(majorUnits.rounded())
        let minor = Int32((majorUnits * contact.minorRatio).rounded())
        return TouchSample(
            time: now, device: device, phase: phase, touch: touch, slot: slot,
            x: x, y: y,
            pressure: clamp(pressure, SyntheticTouchscreen.maximumPressure),
            major: clamp(major, SyntheticTouchscreen.maximumContactAxis),
            minor: clamp(minor, SyntheticTouchscreen.maximumContactAxis)
        )
    }

    private func quantise(_ points: Double, maximum: Int32) -> Int32 {
        let units = (points * unitsPerPoint).rounded()
        if units <= 0 { return 0 }
        if units >= Double(maximum) { return maximum }
        return Int32(units)
    }

    private func clamp(_ value: Int32, _ maximum: Int32) -> Int32 {
        min(max(value, 1), maximum)
    }
}

extension TouchSample {
    /// Whether a digitiser would report nothing new: same position, pressure and size.
    fileprivate func reportsSameAs(_ other: TouchSample) -> Bool {
        x == other.x && y == other.y && pressure == other.pressure && major == other.major && minor == other.minor
    }
}
