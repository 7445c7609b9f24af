/// The evdev event types, codes and input properties Touchstone reads and writes, with the names
/// `linux/input-event-codes.h` gives them.
///
/// Only the codes the touch decoder, the capability parser and the writers use are listed; names for
/// everything else are generated (`EV_ABS 0x3a`), so a comment never guesses.
public enum EvdevCode {
    // MARK: - Event types

    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MSC: UInt16 = 0x04
    public static let EV_SW: UInt16 = 0x05
    public static let EV_LED: UInt16 = 0x11
    /// One past the highest event type (`EV_CNT`): capability bitmasks have this many entries.
    public static let EV_CNT: UInt16 = 0x20

    // MARK: - EV_SYN codes

    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_CONFIG: UInt16 = 1
    public static let SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    // MARK: - EV_KEY codes

    public static let BTN_LEFT: UInt16 = 0x110
    public static let BTN_TOOL_PEN: UInt16 = 0x140
    public static let BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOOL_QUINTTAP: UInt16 = 0x148
    public static let BTN_TOUCH: UInt16 = 0x14a
    public static let BTN_STYLUS: UInt16 = 0x14b
    public static let BTN_TOOL_DOUBLETAP: UInt16 = 0x14d
    public static let BTN_TOOL_TRIPLETAP: UInt16 = 0x14e
    public static let BTN_TOOL_QUADTAP: UInt16 = 0x14f

    // MARK: - EV_ABS codes

    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let ABS_MT_TOUCH_MINOR: UInt16 = 0x31
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a
    /// One past the highest absolute axis (`ABS_CNT`).
    public static let ABS_CNT: UInt16 = 0x40

    // MARK: - EV_MSC codes

    public static let MSC_TIMESTAMP: UInt16 = 0x05

    // MARK: - Input properties

    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    public static let INPUT_PROP_BUTTONPAD: UInt16 = 0x02

    // MARK: - Names

    private static let typeNames: [UInt16: String] = [
        EV_SYN: "EV_SYN", EV_KEY: "EV_KEY", EV_REL: "EV_REL", EV_ABS: "EV_ABS", EV_MSC: "EV_MSC",
        EV_SW: "EV_SW", EV_LED: "EV_LED",
    ]

    private static let codeNames: [UInt16: [UInt16: String]] = [
        EV_SYN: [
            SYN_REPORT: "SYN_REPORT", SYN_CONFIG: "SYN_CONFIG", SYN_MT_REPORT: "SYN_MT_REPORT",
            SYN_DROPPED: "SYN_DROPPED",
        ],
        EV_KEY: [
            BTN_LEFT: "BTN_LEFT", BTN_TOOL_PEN: "BTN_TOOL_PEN", BTN_TOOL_FINGER: "BTN_TOOL_FINGER",
            BTN_TOOL_QUINTTAP: "BTN_TOOL_QUINTTAP", BTN_TOUCH: "BTN_TOUCH", BTN_STYLUS: "BTN_STYLUS",
            BTN_TOOL_DOUBLETAP: "BTN_TOOL_DOUBLETAP", BTN_TOOL_TRIPLETAP: "BTN_TOOL_TRIPLETAP",
            BTN_TOOL_QUADTAP: "BTN_TOOL_QUADTAP",
        ],
        EV_ABS: [
            ABS_X: "ABS_X", ABS_Y: "ABS_Y", ABS_PRESSURE: "ABS_PRESSURE", ABS_MT_SLOT: "ABS_MT_SLOT",
            ABS_MT_TOUCH_MAJOR: "ABS_MT_TOUCH_MAJOR", ABS_MT_TOUCH_MINOR: "ABS_MT_TOUCH_MINOR",
            ABS_MT_POSITION_X: "ABS_MT_POSITION_X", ABS_MT_POSITION_Y: "ABS_MT_POSITION_Y",
            ABS_MT_TRACKING_ID: "ABS_MT_TRACKING_ID", ABS_MT_PRESSURE: "ABS_MT_PRESSURE",
        ],
        EV_MSC: [MSC_TIMESTAMP: "MSC_TIMESTAMP"],
    ]

    private static let propertyNames: [UInt16: String] = [
        INPUT_PROP_POINTER: "INPUT_PROP_POINTER", INPUT_PROP_DIRECT: "INPUT_PROP_DIRECT",
        INPUT_PROP_BUTTONPAD: "INPUT_PROP_BUTTONPAD",
    ]

    /// `EV_ABS`, or `EV_0x1f` for a type this table does not list.
    public static func typeName(_ type: UInt16) -> String {
        typeNames[type] ?? "EV_0x" + String(type, radix: 16)
    }

    /// `ABS_MT_SLOT`, or `EV_ABS 0x3b` for a code this table does not list.
    public static func codeName(type: UInt16, code: UInt16) -> String {
        codeNames[type]?[code] ?? typeName(type) + " 0x" + String(code, radix: 16)
    }

    /// `INPUT_PROP_DIRECT`, or `INPUT_PROP_0x7` for a property this table does not list.
    public static func propertyName(_ property: UInt16) -> String {
        propertyNames[property] ?? "INPUT_PROP_0x" + String(property, radix: 16)
    }

    /// The code for a name this table lists, in any event type (`ABS_MT_SLOT` → (EV_ABS, 0x2f)).
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        for (type, codes) in codeNames {
            if let entry = codes.first(where: { $0.value == name }) { return (type, entry.key) }
        }
        return nil
    }
}
