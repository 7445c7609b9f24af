import GestureEngine

extension RecognizerFactory {
    /// The engine recognizer for a custom kind, with the scene's parameters over the engine's defaults.
    static func make(_ kind: CustomRecognizerKind, id: String) -> GestureRecognizer {
        switch kind {
        case .chevron(let p):
            let r = ChevronGestureRecognizer(name: id)
            if let v = p.mirrored { r.mirrored = v }
            if let v = p.minimumLegLength { r.minimumLegLength = v }
            return r
        case .unistroke(let p):
            let r = UnistrokeGestureRecognizer(name: id)
            if let v = p.templates { r.templates = v }
            if let v = p.minimumScore { r.minimumScore = v }
            return r
        case .resetShake(let p):
            let r = ResetShakeGestureRecognizer(name: id)
            if let v = p.minimumDirectionChanges { r.minimumDirectionChanges = v }
            if let v = p.minimumStrokeLength { r.minimumStrokeLength = v }
            return r
        case .doubleTapDragZoom(let p):
            let r = DoubleTapDragZoomGestureRecognizer(name: id)
            if let v = p.maximumTapInterval { r.maximumIntervalBetweenSuccessiveTaps = v }
            if let v = p.pointsPerDoubling { r.pointsPerDoubling = v }
            return r
        case .touchDownPress(let p):
            let r = TouchDownPressGestureRecognizer(name: id)
            if let v = p.numberOfTouchesRequired { r.numberOfTouchesRequired = v }
            return r
        case .patternUnlock(let p):
            let r = PatternUnlockGestureRecognizer(name: id)
            if let v = p.spacing { r.spacing = v }
            if let v = p.targetRadius { r.targetRadius = v }
            if let v = p.minimumTargets { r.minimumTargets = v }
            if let v = p.acceptedCodes { r.acceptedCodes = Set(v) }
            return r
        }
    }
}
