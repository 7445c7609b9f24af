/// Scenes that ship with Touchstone and can be named instead of a file: `--scene map`, or `map` in a
/// capture's `.scene` file. `docs/scenes.md` shows each as JSON.
public enum BuiltinScenes {
    /// The window every built-in scene uses, in points: the size of the synthetic touchscreen
    /// (`SyntheticTouchscreen`, 1280 × 800), so synthetic traces map one point to one point and
    /// physical touchscreens, stretched over it, keep their aspect ratio closely.
    public static let window = Size(width: 1280, height: 800)
    static let fullWindow = Frame(x: 0, y: 0, width: 1280, height: 800)

    /// Every built-in scene, in the order `touchstone replay --help` lists them.
    public static var all: [Scene] { catalog.map { $0.scene() } }

    /// Every built-in scene's name, in the same order, known without building any scene: every
    /// command's help names them, and ArgumentParser builds every command's help to parse any.
    public static let names = catalog.map(\.name)

    /// The built-in scene called `name`, built alone.
    public static func named(_ name: String) -> Scene? {
        catalog.first { $0.name == name }?.scene()
    }

    /// A scene's name and how to build it. Scenes are built when asked for: their recognizers'
    /// kinds bring key paths and generic metadata, about 4.7 M instructions for all of them
    /// together, a quarter of the start-up of a command that reads no scene.
    struct Entry: Sendable {
        let name: String
        let scene: @Sendable () -> Scene

        init(_ name: String, _ scene: @escaping @Sendable () -> Scene) {
            self.name = name
            self.scene = scene
        }

        /// A scene of one full-window view with one recognizer of `kind`, both named `name`. The
        /// parameters are built with the scene: the catalog is read by every command's help, and
        /// the first dictionary of parameter values instantiates its types' metadata.
        static func single(
            _ name: String, _ parameters: @escaping @autoclosure @Sendable () -> [String: ParameterValue] = [:],
            _ kind: @escaping @Sendable () -> RecognizerKind
        ) -> Entry {
            Entry(name) { BuiltinScenes.single(name, kind(), parameters()) }
        }
    }

    static let catalog: [Entry] = [
        Entry("map") { map }, Entry("pieces") { pieces }, Entry("buttons") { buttons },
        .single("tap") { .tap },
        .single("doubleTap", ["numberOfTapsRequired": 2]) { .tap },
        .single("longPress") { .longPress },
        .single("pan") { .pan },
        .single("swipe", ["direction": ["right", "left", "up", "down"]]) { .swipe },
        .single("pinch") { .pinch },
        .single("rotation") { .rotation },
        .single("screenEdgePan", ["edges": ["left"]]) { .screenEdgePan },
    ] + customCatalog

    /// A map view: pan, pinch and rotation together, double tap to zoom, a one-finger zoom (tap, then
    /// drag vertically) that the pan waits for, a single tap that waits for the double tap and the
    /// one-finger zoom to fail, and a long press to drop a pin.
    public static let map = Scene(
        name: "map", window: window,
        views: [
            ViewSpec(id: "map", frame: fullWindow, recognizers: [
                RecognizerSpec(id: "pan", kind: .pan, parameters: ["maximumNumberOfTouches": 2], requiresFailureOf: ["zoom"]),
                RecognizerSpec(id: "pinch", kind: .pinch),
                RecognizerSpec(id: "rotation", kind: .rotation),
                RecognizerSpec(id: "doubleTap", kind: .tap, parameters: ["numberOfTapsRequired": 2]),
                RecognizerSpec(id: "singleTap", kind: .tap, requiresFailureOf: ["doubleTap", "zoom"]),
                RecognizerSpec(id: "longPress", kind: .longPress),
                RecognizerSpec(id: "zoom", kind: .doubleTapDragZoom),
            ]),
        ],
        simultaneous: [
            RecognizerPair("pan", "pinch"), RecognizerPair("pan", "rotation"), RecognizerPair("pinch", "rotation"),
        ]
    )

    /// The seed article's "pieces" sample: three coloured views, each with its own pan, pinch and
    /// rotation, where a piece's own recognizers work together.
    public static let pieces: Scene = {
        let frames: [(String, Frame)] = [
            ("red", Frame(x: 120, y: 150, width: 300, height: 300)),
            ("green", Frame(x: 490, y: 250, width: 300, height: 300)),
            ("blue", Frame(x: 860, y: 350, width: 300, height: 300)),
        ]
        var views: [ViewSpec] = []
        var pairs: [RecognizerPair] = []
        for (name, frame) in frames {
            views.append(ViewSpec(id: name, frame: frame, recognizers: [
                RecognizerSpec(id: "\(name).pan", kind: .pan, parameters: ["maximumNumberOfTouches": 2]),
                RecognizerSpec(id: "\(name).pinch", kind: .pinch),
                RecognizerSpec(id: "\(name).rotation", kind: .rotation),
            ]))
            pairs += [
                RecognizerPair("\(name).pan", "\(name).pinch"), RecognizerPair("\(name).pan", "\(name).rotation"),
                RecognizerPair("\(name).pinch", "\(name).rotation"),
            ]
        }
        return Scene(name: "pieces", window: window,
                     views: [ViewSpec(id: "board", frame: fullWindow, subviews: views)], simultaneous: pairs)
    }()

    /// Controls inside a scrolling view that delays its content's touches by 0.15 s, as
    /// UIScrollView's `delaysContentTouches` does: a quick tap reaches the button late, a drag
    /// scrolls and the button never sees it.
    public static let buttons: Scene = {
        var controls: [ViewSpec] = []
        for index in 0..<4 {
            let id = "button\(index + 1)"
            let column = Double(index % 2), row = Double(index / 2)
            controls.append(ViewSpec(
                id: id, frame: Frame(x: 140 + column * 540, y: 160 + row * 300, width: 460, height: 200),
                recognizers: [RecognizerSpec(id: "\(id).tap", kind: .tap, cancelsTouchesInView: false)]
            ))
        }
        return Scene(name: "buttons", window: window, views: [
            ViewSpec(id: "scroll", frame: fullWindow,
                     recognizers: [RecognizerSpec(id: "scroll.pan", kind: .pan)],
                     contentTouchDelay: 150_000, subviews: controls),
        ])
    }()

    /// One full-window view carrying one recognizer with its defaults.
    static func single(_ name: String, _ kind: RecognizerKind, _ parameters: [String: ParameterValue] = [:]) -> Scene {
        Scene(name: name, window: window, views: [
            ViewSpec(id: "view", frame: fullWindow, recognizers: [RecognizerSpec(id: name, kind: kind, parameters: parameters)]),
        ])
    }
}
