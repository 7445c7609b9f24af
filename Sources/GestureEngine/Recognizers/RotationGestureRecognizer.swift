/// Recognizes two fingers turning about each other: UIKit's `UIRotationGestureRecognizer`
/// (continuous).
///
/// Begins once the line between the two fingers has turned by `threshold` radians (UIKit's value
/// is private); changes while both are down; ends when both have lifted (H-Rot). `rotation` is
/// cumulative in radians, positive clockwise on screen (y points down), unwrapped across ±π;
/// assigning it re-bases later changes. Touches beyond two are ignored.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians the finger line must turn before the rotation begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var threshold = GestureDefaults.rotationThreshold

    private var lastAngle = 0.0
    private var turned = 0.0
    private var offset = 0.0
    private var hasPair = false
    private var velocity = VelocityEstimator<Double>(window: GestureDefaults.velocityWindow)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var progress = TwoFingerProgress()
    /// Moves and landings not measured yet, in order: the pair's vector and the time (below).
    private var unmeasured = UnsafeMutablePointer<UnmeasuredMove>.allocate(capacity: 64)
    private var unmeasuredCount = 0
    /// Room in `unmeasured`: 64 moves, doubled when an attempt fills it (`growUnmeasured`) up to
    /// `unmeasuredLimit`.
    private var unmeasuredCapacity = 64
    /// The pair's vector whose angle `lastAngle` is once everything kept is measured: the last
    /// move or landing; zero where `lastAngle` is no vector's angle (before a pair forms, after
    /// a trackpad rotation), which keeps no move unmeasured.
    private var measuredVector = Vector.zero
    /// At least `abs(turned)` at `measuredVector`, and after the latest move or landing, once
    /// everything kept is measured (`turnBound`).
    private var boundAtVector = 0.0
    private var boundNow = 0.0

    private struct UnmeasuredMove {
        var pair: Vector
        var time: GestureTime
        /// A finger landed (`rebase`) rather than the pair moved.
        var landing: Bool
    }

    /// The most moves kept: about two seconds at 120 Hz, so that a long drag of two fingers that
    /// do not turn (a ten-finger pan's first two) is never measured, where 64 filled half a
    /// second into it and had every move measured; 8 KB at most, in a recognizer that met one.
    private static let unmeasuredLimit = 256
    /// The relative widening of a bound on `abs(turned)` for the rounding of its sum (`turnBound`).
    private static let sumRounding = 1 + 1e-13

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == RotationGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    deinit {
        unmeasured.deallocate()
    }

    /// Cumulative rotation in radians; assigning it makes later changes relative to the new value.
    public var rotation: Double {
        get {
            measureDeferredMoves()
            return turned + offset
        }
        set {
            measureDeferredMoves()
            offset = newValue - turned
        }
    }

    /// Radians per second.
    public var rotationVelocity: Double {
        measureDeferredMoves()
        return velocity.velocity(at: now)
    }

    open override func touchesBegan(_ touches: TouchBatch) {
        ignoreTouchesBeyondTwo()
        guard let pair = fingerPairVector() else { return }
        let time = touches.first?.timestamp ?? touchTimestamp
        if unmeasuredCount < unmeasuredCapacity || growUnmeasured() {
            // Kept in order with the moves: the angle is measured from the new pair from here.
            unmeasured[unmeasuredCount] = UnmeasuredMove(pair: pair, time: time, landing: true)
            unmeasuredCount &+= 1
            measuredVector = pair
            boundAtVector = boundNow
            hasPair = true
            return
        }
        measureDeferredMoves()
        rebase(pair, at: time)
    }

    /// Before the rotation begins, a move that cannot begin it is kept unmeasured, as is a
    /// finger's landing: the `atan2`, the steps of `turned` and the velocity's samples are taken,
    /// in order and the same way, when anything reads them (`rotation`, the velocity, a move that
    /// may pass the threshold, a full list), or never, when the attempt ends first, as the map's
    /// rotation does on every drag that does not turn. Whether a move may pass the threshold is
    /// told without `atan2`, from the pair's vector and the last one kept or measured
    /// (`turnBound`).
    open override func touchesMoved(_ touches: TouchBatch) {
        guard hasPair, let pair = fingerPairVector() else { return }
        let time = touchTimestamp
        if progress.phase == .tracking {
            let bound = (boundAtVector + Self.turnBound(from: measuredVector, to: pair)) * Self.sumRounding
            if bound < threshold && (unmeasuredCount < unmeasuredCapacity || growUnmeasured()) {
                unmeasured[unmeasuredCount] = UnmeasuredMove(pair: pair, time: time, landing: false)
                unmeasuredCount &+= 1
                boundNow = bound
                return
            }
        }
        measureDeferredMoves()
        measure(pair, at: time)
        transition(&progress, .move(pastThreshold: abs(turned) >= threshold))
    }

    /// One move's step of `turned` and its velocity sample.
    @inline(__always)
    private func measure(_ pair: Vector, at time: GestureTime) {
        let angle = pair.angle
        turned += normalizedAngle(angle - lastAngle)
        lastAngle = angle
        measuredVector = pair
        velocity.add(turned, at: time)
        boundAtVector = abs(turned)
        boundNow = boundAtVector
    }

    /// Measures the moves `touchesMoved` kept, in order.
    @inline(__always)
    private func measureDeferredMoves() {
        if unmeasuredCount > 0 { measureUnmeasured() }
    }

    @inline(never)
    private func measureUnmeasured() {
        var index = 0
        while index < unmeasuredCount {
            let move = unmeasured[index]
            if move.landing { rebase(move.pair, at: move.time) } else { measure(move.pair, at: move.time) }
            index &+= 1
        }
        unmeasuredCount = 0
    }

    /// Doubles the room for moves kept, up to `unmeasuredLimit`; false when it is there already
    /// (the list is then measured). A recognizer grows it at most twice in its life.
    @inline(never)
    private func growUnmeasured() -> Bool {
        guard unmeasuredCapacity < Self.unmeasuredLimit else { return false }
        let larger = UnsafeMutablePointer<UnmeasuredMove>.allocate(capacity: unmeasuredCapacity * 2)
        larger.moveInitialize(from: unmeasured, count: unmeasuredCount)
        unmeasured.deallocate()
        unmeasured = larger
        unmeasuredCapacity *= 2
        return true
    }

    /// More than `abs(turned)` can grow by over moves from `measured` (whose angle is
    /// `lastAngle` once what is kept is measured) to `pair`, each kept while this bound held for
    /// it; infinity unless `pair` is within about half a radian of `measured` (a zero vector, a
    /// huge one, a nan).
    ///
    /// While every vector since `measured` is within that cone, each step `normalizedAngle`
    /// takes is the difference of the two vectors' angles from `measured` (both below π/2 in
    /// magnitude, their difference below π), so the steps sum to the angle θ of `pair` from
    /// `measured`, whose tangent |cross| / dot is at least |θ|. With the dot product well
    /// inside the normal range and the quotient below 0.5, the quotient is within a few units of
    /// the last place of its exact value; each step as computed (two `atan2`, a subtraction, the
    /// normalization, the sum) is within about 2e-15 of its exact value, and there are at most
    /// `unmeasuredLimit` (256) of them: the 1e-12 added covers them twice over. A landing
    /// starts a cone about the new pair from the bound the last move kept (`boundNow`). So while
    /// `boundAtVector + turnBound` stays below the threshold at every move kept, `abs(turned)`
    /// measured after each of them is below it too: no such move can begin the rotation, and
    /// every state decision is the one measuring would have taken.
    ///
    /// `turned` itself rounds at each step by up to half its last place, which the absolute 1e-12
    /// does not cover once it is large (a threshold of many turns: from about 64 radians, 256
    /// steps that each round up gain more than 1e-12 while the line turns less): the bound on
    /// `abs(turned)` is therefore also widened by `sumRounding`, more than three times 256 such
    /// roundings and that of the bound's own sum.
    @inline(__always)
    static func turnBound(from measured: Vector, to pair: Vector) -> Double {
        let dot = measured.dx * pair.dx + measured.dy * pair.dy
        let cross = measured.dx * pair.dy - measured.dy * pair.dx
        guard dot > 1e-100 && dot < 1e100 else { return .infinity }
        let quotient = abs(cross) / dot
        return quotient < 0.5 ? quotient + 1e-12 : .infinity
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        let remaining = numberOfTouchesStillDown
        hasPair = remaining >= 2
        transition(&progress, .lift(remaining: remaining))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(&progress, .cancel)
    }

    /// A trackpad rotation (UIKit's transform event) drives the rotation too.
    open override func accepts(_ kind: IndirectGesture.Kind) -> Bool { kind == .transform }

    open override func indirectGestureChanged(_ gesture: IndirectGesture) {
        measureDeferredMoves()
        follow(gesture, &progress) {
            lastAngle = gesture.rotation
            measuredVector = .zero
        } changed: {
            guard gesture.rotation.isFinite else { return nil }
            turned += gesture.rotation - lastAngle
            lastAngle = gesture.rotation
            measuredVector = .zero
            velocity.add(turned, at: gesture.timestamp)
            boundAtVector = abs(turned)
            boundNow = boundAtVector
            return abs(turned) >= threshold
        }
    }

    /// A finger landed at `time`, leaving `pair`: the angle is measured from it. When the first
    /// pair forms, the rotation so far is the velocity's first sample.
    private func rebase(_ pair: Vector, at time: GestureTime) {
        lastAngle = pair.angle
        measuredVector = pair
        hasPair = true
        velocity.addStart(turned, at: time)
        boundAtVector = abs(turned)
        boundNow = boundAtVector
    }

    open override func reset() {
        super.reset()
        progress.reset()
        lastAngle = 0
        measuredVector = .zero
        unmeasuredCount = 0
        boundAtVector = 0
        boundNow = 0
        turned = 0
        offset = 0
        hasPair = false
        velocity.removeAll()
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.rotation = rotation
        values.scalarVelocity = rotationVelocity
        return values
    }
}
