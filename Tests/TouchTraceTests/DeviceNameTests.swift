import Testing
import TouchTrace

/// `touchstone info` prints a device's kind and source by these names (its text and its JSON).
@Suite("Device kinds and sources print as their case names")
struct DeviceNameTests {
    @Test("Every device kind prints as its case name")
    func kinds() {
        #expect(DeviceKind.allCases.map { "\($0)" } == ["touchscreen", "touchpad", "tablet", "other"])
    }

    @Test("Every device source prints as its case name")
    func sources() {
        #expect(DeviceSource.allCases.map { "\($0)" }
            == ["libinput", "wayland", "evemu", "libinputRecord", "synthetic", "getevent", "evtest"])
    }
}
