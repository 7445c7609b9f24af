/// The evdev event types, codes and input properties Touchstone reads and writes, with the names
/// `linux/input-event-codes.h` gives them.
///
/// The codes the decoder, the capability parser and the writers use are constants here; names of
/// every code come from the kernel header's table (`EvdevCodeNames.swift`), and a code it lacks is
/// named by number (`EV_ABS 0x3f`), so a comment never guesses.
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

    // MARK: - EV_REL codes

    public static let REL_X: UInt16 = 0x00
    public static let REL_Y: UInt16 = 0x01

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
    public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a
    /// One past the highest absolute axis (`ABS_CNT`).
    public static let ABS_CNT: UInt16 = 0x40

    // MARK: - ABS_MT_TOOL_TYPE values

    public static let MT_TOOL_FINGER: Int32 = 0
    public static let MT_TOOL_PEN: Int32 = 1
    /// The device took the contact for a palm: libinput cancels such a touch, or never begins it.
    public static let MT_TOOL_PALM: Int32 = 2

    // MARK: - EV_MSC codes

    public static let MSC_TIMESTAMP: UInt16 = 0x05

    // MARK: - Input properties

    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    public static let INPUT_PROP_BUTTONPAD: UInt16 = 0x02
    /// The device's slots report a box around the fingers, not the fingers.
    public static let INPUT_PROP_SEMI_MT: UInt16 = 0x03

    // MARK: - Names

    /// Name lookups built from the header's tables: the first name of a code wins, every alias
    /// is understood.
    private static let typeNames: [UInt16: String] = firstNames(headerTypeNames)
    private static let codeNames: [UInt16: [UInt16: String]] = headerCodeNames.mapValues(firstNames)
    private static let propertyNames: [UInt16: String] = firstNames(headerPropertyNames)
    private static let typesByName: [String: UInt16] = Dictionary(headerTypeNames.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    private static let codesByName: [String: (type: UInt16, code: UInt16)] = Dictionary(
        headerCodeNames.flatMap { type, codes in codes.map { ($1, (type: type, code: $0)) } }, uniquingKeysWith: { a, _ in a })
    private static let propertiesByName: [String: UInt16] = Dictionary(headerPropertyNames.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

    private static func firstNames(_ list: [(UInt16, String)]) -> [UInt16: String] {
        Dictionary(list, uniquingKeysWith: { first, _ in first })
    }

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

    /// The code for a name the kernel header defines, in any event type (`ABS_MT_SLOT` → (EV_ABS,
    /// 0x2f); `BTN_TOUCH` → (EV_KEY, 0x14a)).
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        codesByName[name]
    }

    /// The event type for `EV_ABS` and the like.
    public static func type(named name: String) -> UInt16? {
        typesByName[name]
    }

    /// The input property for `INPUT_PROP_DIRECT` and the like.
    public static func property(named name: String) -> UInt16? {
        propertiesByName[name]
    }
}
