import Foundation
import Testing
import TouchTrace

extension EmulatedDevice {
    /// A mouse-style report descriptor (buttons, X and Y) of 50 bytes: what a HID device's sysfs
    /// holds. Its content is irrelevant to the touches; `libinput record` copies it into `hid:`.
    static let sampleReportDescriptor: [UInt8] = [
        0x05, 0x01, 0x09, 0x02, 0xA1, 0x01, 0x09, 0x01, 0xA1, 0x00, 0x05, 0x09, 0x19, 0x01, 0x29, 0x03,
        0x15, 0x00, 0x25, 0x01, 0x95, 0x03, 0x75, 0x01, 0x81, 0x02, 0x95, 0x01, 0x75, 0x05, 0x81, 0x01,
        0x05, 0x01, 0x09, 0x30, 0x09, 0x31, 0x15, 0x81, 0x25, 0x7F, 0x75, 0x08, 0x95, 0x02, 0x81, 0x06,
        0xC0, 0xC0,
    ]

    /// The test touchpad on I2C-HID, with its report descriptor in sysfs.
    static var hidTouchpad: EmulatedDevice {
        var device = EmulatedDevice.touchpad
        device.hidReportDescriptor = sampleReportDescriptor
        return device
    }
}

extension EndToEnd {
    /// Debian's real `libinput record` writes what it reads from emulated devices; Touchstone must
    /// import that file and find exactly the touches that were injected.
    @Suite("libinput record's own output, imported")
    struct LibinputRecordToolTests {
        /// Runs `libinput record -o FILE /dev/input/event5` on `device` while `script` is
        /// injected; returns the YAML text and its import through the content-detecting entry point.
        private func record(_ device: EmulatedDevice, _ script: TouchScript) throws -> (yaml: String, trace: LoadedTrace) {
            let bed = try Testbed()
            let node = try bed.add(device, eventNumber: 5)
            let output = bed.root + "/recording.yml"
            let tool = try RecorderProcess(
                [], in: bed, waitingFor: [node], startedFile: nil,
                reference: ["libinput", "record", "-o", output, node.path]
            )
            try RecorderProcess.waitForFile(output, containing: "  events:")
            for frame in script.evdevFrames() {
                Injector(node: node).frame(frame)
                Injector.pause(milliseconds: 8)
            }
            Injector.pause(milliseconds: 50)
            try tool.stop()
            let yaml = try String(contentsOfFile: output, encoding: .utf8)
            return (yaml, try TraceFile.load(path: output))
        }

        /// The touches the script injects, frame by frame, as the importer must decode them.
        private func expectedFrames(_ script: TouchScript) -> [[Contact]] {
            let times = script.frames.indices.map { Microseconds($0) }
            let header = TraceHeader(recorder: RecorderInfo(name: "script", version: "1"), devices: [])
            return TraceDocument(header: header, events: script.expectedEvents(times: times)).contactFrames.map(Contact.sorted)
        }

        @Test("A touchscreen recording from libinput record imports with every injected touch")
        func touchscreen() throws {
            let (yaml, loaded) = try record(.touchscreen, .twoFingerSession)
            let device = try #require(loaded.document.header.devices.first)

            #expect(loaded.format == .libinputRecord)
            #expect(yaml.contains("udev:"))
            #expect(device.name == EmulatedDevice.touchscreen.name)
            #expect(device.kind == .touchscreen)
            #expect(device.x == AxisRange(minimum: 0, maximum: 4095, resolution: 16))
            #expect(loaded.document.contactFrames.map(Contact.sorted) == expectedFrames(.twoFingerSession))
        }

        /// Without `--with-libinput`: that option makes libinput open the node a second time, and an
        /// emulated node is a pty, whose bytes go to one reader only, so the two readers would split
        /// the frames between them (a real evdev node copies them to every reader). The entries it
        /// adds are covered by `LibinputRecordFormatTests` on a recording in the same layout.
        @Test("A HID touchpad recording, with its hid block, imports with every injected touch")
        func hidTouchpad() throws {
            let (yaml, loaded) = try record(.hidTouchpad, .twoFingerSession)
            let device = try #require(loaded.document.header.devices.first)
            let descriptor = EmulatedDevice.sampleReportDescriptor.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")

            #expect(yaml.contains("  hid: ["))
            #expect(device.property("hid") == descriptor)
            #expect(device.kind == .touchpad)
            #expect(device.slots == 5)
            #expect(loaded.document.contactFrames.map(Contact.sorted) == expectedFrames(.twoFingerSession))
            #expect(loaded.warnings.filter { !$0.message.contains("still down") } == [])
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
