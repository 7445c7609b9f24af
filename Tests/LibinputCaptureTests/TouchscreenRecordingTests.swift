import Foundation
import Testing
import TouchTrace

extension EndToEnd {
    @Suite("touchstone record on an emulated touchscreen")
    struct TouchscreenRecordingTests {
        @Test("Every touch sequence, position and frame reaches the trace", arguments: ["path", "udev"])
        func everyTouchAndFrame(backend: String) throws {
            let scenario = try Scenario([.touchscreen]) { nodes in
                backend == "path" ? Scenario.pathBackend(nodes) : ["--seat", "seat0"]
            }
            let times = scenario.play(TouchScript.twoFingerSession)
            let trace = try scenario.finish()
            #expect(trace.events == TouchScript.twoFingerSession.expectedEvents(times: times))
        }

        @Test("A touch libinput cancels (it became a palm) is recorded as cancelled, the others go on")
        func palmCancelsTouch() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            let times = scenario.play(TouchScript.palmSession)
            let trace = try scenario.finish()
            #expect(trace.events == TouchScript.palmSession.expectedEvents(times: times))
            #expect(trace.touches.contains { $0.phase == .cancel })
        }

        @Test("Millimetres derived from the trace are the millimetres libinput reports")
        func millimetresMatchLibinput() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            _ = scenario.play(TouchScript.twoFingerSession)
            let trace = try scenario.finish()
            let device = try #require(trace.header.devices.first)

            let bed = try Testbed()
            let node = try bed.add(.touchscreen, eventNumber: 5)
            let tool = try RecorderProcess(
                [], in: bed, waitingFor: [node], startedFile: nil,
                reference: ["stdbuf", "-oL", "libinput", "debug-events", "--device", node.path]
            )
            try tool.waitForOutput(containing: "DEVICE_ADDED")
            for frame in TouchScript.twoFingerSession.evdevFrames() {
                Injector(node: node).frame(frame)
                Injector.pause(milliseconds: 8)
            }
            Injector.pause(milliseconds: 50)
            try tool.stop()
            // "... TOUCH_MOTION +0.010s 0 (0) 24.41/43.40 (62.50/62.50mm)": the millimetres in brackets.
            let reported: [(Double, Double)] = tool.standardOutput.split(separator: "\n").compactMap { line in
                guard line.contains("TOUCH_DOWN") || line.contains("TOUCH_MOTION"),
                      let open = line.lastIndex(of: "("), let slash = line[open...].firstIndex(of: "/") else { return nil }
                let x = Double(line[line.index(after: open)..<slash].trimmingCharacters(in: .whitespaces))
                let y = Double(line[line.index(after: slash)...].dropLast(3).trimmingCharacters(in: .whitespaces))
                return x.flatMap { x in y.map { (x, y: $0) } }
            }
            let derived = trace.touches.filter { $0.phase == .down || $0.phase == .motion }.map {
                (device.x.millimetres($0.x)!, device.y.millimetres($0.y)!)
            }
            #expect(reported.count == derived.count)
            for (mine, theirs) in zip(derived, reported) {
                // libinput prints two decimals: half a hundredth is the most they can differ.
                #expect(abs(mine.0 - theirs.0) <= 0.00501 && abs(mine.1 - theirs.1) <= 0.00501, "\(mine) vs \(theirs)")
            }
        }

        @Test("libinput's own log messages reach stderr through the project's logging")
        func libinputLogIsRouted() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            // Lifting a finger that never landed: libevdev reports the bug through libinput's log.
            scenario.injector().frame([.abs(EmulatedDevice.abs.slot, 3), .abs(EmulatedDevice.abs.trackingID, -1)])
            Injector.pause(milliseconds: 50)
            let trace = try scenario.finish()
            let logLine = scenario.recorder.standardError.split(separator: "\n").first { $0.contains("double tracking ID") }
            #expect(logLine?.contains("error touchstone.libinput:") == true)
            #expect(trace.events.isEmpty)
        }

        @Test("The header describes the touchscreen as its node reports it")
        func deviceDescription() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            let trace = try scenario.finish()
            let device = try #require(trace.header.devices.first)
            let emulated = EmulatedDevice.touchscreen
            #expect(trace.header.devices.count == 1)
            #expect(device.name == emulated.name)
            #expect([device.bus, device.vendor, device.product, device.version] == [emulated.bus, emulated.vendor, emulated.product, emulated.version])
            #expect(device.kind == .touchscreen)
            #expect(device.source == .libinput)
            #expect(device.x == emulated.axes.first { $0.code == EmulatedDevice.abs.mtX }?.range)
            #expect(device.y == emulated.axes.first { $0.code == EmulatedDevice.abs.mtY }?.range)
            #expect(device.slots == 10)
            #expect(device.property("libinput.size_mm") == "\(device.x.lengthMillimetres!)x\(device.y.lengthMillimetres!)")
            #expect(trace.header.recorder.name == "touchstone record")
        }

        @Test("A keyboard beside the touchscreen is neither described nor recorded")
        func keyboardNeverRecorded() throws {
            let scenario = try Scenario([.keyboard, .touchscreen]) { _ in ["--seat", "seat0"] }
            for key in [30, 31, 32] {  // KEY_A, KEY_S, KEY_D
                scenario.injector(0).frame([.key(key, true)])
                scenario.injector(0).frame([.key(key, false)])
            }
            let times = scenario.play(TouchScript.tap(x: 2000, y: 1000), on: 1)
            let trace = try scenario.finish()
            #expect(trace.header.devices.map(\.name) == [EmulatedDevice.touchscreen.name])
            #expect(trace.events == TouchScript.tap(x: 2000, y: 1000).expectedEvents(times: times))
        }
    }
}
