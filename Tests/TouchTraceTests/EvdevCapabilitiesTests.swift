import Testing
import TouchTrace

private func device(properties: [UInt16] = [], keys: [UInt16] = [], slots: Bool = true) -> EvdevCapabilities {
    var device = EvdevCapabilities(name: "device")
    for property in properties { device.addProperty(property) }
    for key in keys { device.addCode(type: EvdevCode.EV_KEY, code: key) }
    device.addAxis(EvdevCode.ABS_MT_POSITION_X, AxisRange(minimum: 0, maximum: 100))
    if slots { device.addAxis(EvdevCode.ABS_MT_SLOT, AxisRange(minimum: 0, maximum: 4)) }
    return device
}

@Suite("Evdev device capabilities")
struct EvdevCapabilitiesTests {
    @Test("A pen or stylus makes a tablet, even on a direct device")
    func tablet() {
        #expect(device(properties: [EvdevCode.INPUT_PROP_DIRECT], keys: [EvdevCode.BTN_TOOL_PEN]).kind == .tablet)
        #expect(device(keys: [EvdevCode.BTN_STYLUS]).kind == .tablet)
    }

    @Test("INPUT_PROP_DIRECT makes a touchscreen")
    func touchscreen() {
        #expect(device(properties: [EvdevCode.INPUT_PROP_DIRECT], keys: [EvdevCode.BTN_TOUCH]).kind == .touchscreen)
    }

    @Test("A pointer or buttonpad property, or a finger tool without DIRECT, makes a touchpad")
    func touchpad() {
        #expect(device(properties: [EvdevCode.INPUT_PROP_BUTTONPAD]).kind == .touchpad)
        #expect(device(properties: [EvdevCode.INPUT_PROP_POINTER]).kind == .touchpad)
        #expect(device(keys: [EvdevCode.BTN_TOUCH, EvdevCode.BTN_TOOL_FINGER]).kind == .touchpad)
    }

    @Test("A mouse with a multitouch top (relative X and Y, contacts, no BTN_TOUCH) is a touchpad; contacts alone stay a touchscreen")
    func mouseWithTouchSurface() {
        var mouse = device(keys: [EvdevCode.BTN_LEFT])
        #expect(mouse.kind == .touchscreen)
        mouse.addCode(type: EvdevCode.EV_REL, code: EvdevCode.REL_X)
        mouse.addCode(type: EvdevCode.EV_REL, code: EvdevCode.REL_Y)
        #expect(mouse.kind == .touchpad)
        mouse.addCode(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH)
        #expect(mouse.kind == .touchscreen)
    }

    @Test("The touch protocol follows the axes: slots are B, positions alone A, neither single-touch")
    func touchProtocol() {
        #expect(device().touchProtocol == .multitouchB)
        #expect(device(slots: false).touchProtocol == .multitouchA)
        #expect(EvdevCapabilities(name: "plain").touchProtocol == .singleTouch)
        #expect(device().slotCount == 5)
    }

    @Test("Protocol B slots run from 0 to ABS_MT_SLOT's maximum whatever its minimum, as libevdev counts them")
    func slotCountFromMaximum() {
        var device = device(slots: false)
        device.addAxis(EvdevCode.ABS_MT_SLOT, AxisRange(minimum: 2, maximum: 9))
        #expect(device.slotCount == 10)
    }

    @Test("A corpus description reads as a device without its events")
    func readDevice() throws {
        let capabilities = try EvemuFormat.readDevice(path: Fixtures.path("evemu/touchscreens/EP0430M09.4-finger-drag-down.events"))

        #expect(capabilities.name == "EP0430M09")
        #expect(capabilities.touchProtocol == .multitouchB)
        #expect(capabilities.hasProperty(EvdevCode.INPUT_PROP_DIRECT))
    }

    @Test("A synthetic description becomes a protocol B device declaring every axis it reports")
    func synthesized() {
        let description = DeviceDescription(
            index: 0, name: "Synthetic", kind: .touchpad, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 999, resolution: 10), y: AxisRange(minimum: 0, maximum: 599, resolution: 10),
            pressure: AxisRange(minimum: 0, maximum: 255), major: AxisRange(minimum: 0, maximum: 50), slots: 3
        )
        let capabilities = EvdevCapabilities(describing: description)

        #expect(capabilities.touchProtocol == .multitouchB)
        #expect(capabilities.slotCount == 3)
        #expect(capabilities.kind == .touchpad)
        #expect(capabilities.axes[EvdevCode.ABS_MT_PRESSURE] == description.pressure)
        #expect(capabilities.axes[EvdevCode.ABS_MT_TOUCH_MAJOR] == description.major)
        #expect(capabilities.axes[EvdevCode.ABS_MT_TOUCH_MINOR] == nil)
    }
}
