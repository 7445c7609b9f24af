extension BuiltinScenes {
    /// The built-in scenes of the custom recognizers, listed after the standard ones.
    static let customCatalog: [Entry] = [
        Entry("unlock") { unlock }, Entry("press") { press }, Entry("strokes") { strokes },
        .single("chevron") { .chevron },
        .single("resetShake") { .resetShake },
    ]

    /// A lock screen: a 3 × 3 pattern grid, targets 120 points apart around the window's centre
    /// (640, 400), that accepts the code 1-2-3-6-9. Other codes recognize as rejected patterns.
    public static let unlock = Scene(name: "unlock", window: window, views: [
        ViewSpec(id: "lock", frame: fullWindow, recognizers: [
            RecognizerSpec(id: "unlock", kind: .patternUnlock, parameters: ["acceptedCodes": ["1-2-3-6-9"]]),
        ]),
    ])

    /// Two buttons that act on press: the left one with one finger, the right one with two.
    public static let press = Scene(name: "press", window: window, views: [
        ViewSpec(id: "panel", frame: fullWindow, subviews: [
            ViewSpec(id: "button", frame: Frame(x: 140, y: 250, width: 460, height: 300), recognizers: [
                RecognizerSpec(id: "press", kind: .touchDownPress),
            ]),
            ViewSpec(id: "button2", frame: Frame(x: 680, y: 250, width: 460, height: 300), recognizers: [
                RecognizerSpec(id: "press2", kind: .touchDownPress, parameters: ["numberOfTouchesRequired": 2]),
            ]),
        ]),
    ])

    /// A drawing surface with a unistroke recognizer matching every built-in template (checkmark,
    /// circle, v).
    public static let strokes = Scene(name: "strokes", window: window, views: [
        ViewSpec(id: "canvas", frame: fullWindow, recognizers: [
            RecognizerSpec(id: "stroke", kind: .unistroke),
        ]),
    ])
}
