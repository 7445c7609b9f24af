import Foundation
import Testing
import TouchTrace

extension EndToEnd {
    @Suite("touchstone record starts, stops, restarts and fails cleanly")
    struct RecorderLifecycleTests {
        /// Several taps across the screen, as separate touch sequences.
        private static func taps(_ count: Int, from start: Int32) -> TouchScript {
            TouchScript(frames: (0..<count).flatMap { index in
                TouchScript.tap(x: start + 100 * Int32(index), y: 500 + 50 * Int32(index)).frames
            })
        }

        @Test("SIGKILL leaves a readable file missing at most what came after the last flush")
        func sigkillKeepsFlushedEvents() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)  // --flush-ms 50
            let before = Self.taps(6, from: 500)
            let after = Self.taps(6, from: 2500)
            let whole = TouchScript(frames: before.frames + after.frames)
            var times = scenario.play(before)
            // Ten flush intervals of quiet: everything so far must reach the disk.
            Injector.pause(milliseconds: 500)
            times += scenario.play(after)
            try scenario.recorder.stop(with: SIGKILL)

            #expect(!FileManager.default.fileExists(atPath: scenario.output))
            let (trace, _) = try BinaryTrace.readDocument(path: scenario.output + ".partial")
            let expected = whole.expectedEvents(times: times)
            let flushed = before.expectedEvents(times: Array(times.prefix(before.frames.count)))
            #expect(trace.events.count >= flushed.count)
            #expect(Array(expected.prefix(trace.events.count)) == trace.events)
            #expect(trace.header.devices.map(\.name) == [EmulatedDevice.touchscreen.name])
        }

        @Test("SIGTERM finishes the file like SIGINT")
        func sigtermFinishes() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            let script = Self.taps(2, from: 700)
            let times = scenario.play(script)
            #expect(try scenario.recorder.stop(with: SIGTERM) == 0)
            let (trace, damage) = try BinaryTrace.readDocument(path: scenario.output)
            #expect(damage.isEmpty)
            #expect(trace.events == script.expectedEvents(times: times))
        }

        @Test("--autorestart starts FILE.1 after a quiet spell, with its own header and touch ids")
        func autorestartStartsNewFile() throws {
            let scenario = try Scenario([.touchscreen]) { ["--autorestart", "0.3"] + Scenario.pathBackend($0) }
            let first = TouchScript.tap(x: 1000, y: 1000)
            let second = TouchScript.tap(x: 3000, y: 2000)
            let firstTimes = scenario.play(first)
            Injector.pause(milliseconds: 1_000)
            let secondTimes = scenario.play(second)
            _ = try scenario.finish()

            let (one, _) = try BinaryTrace.readDocument(path: scenario.output)
            let (two, _) = try BinaryTrace.readDocument(path: scenario.output + ".1")
            #expect(one.events == first.expectedEvents(times: firstTimes))
            #expect(two.events == second.expectedEvents(times: secondTimes))
            #expect(two.header.devices.map(\.name) == [EmulatedDevice.touchscreen.name])
            #expect(!FileManager.default.fileExists(atPath: scenario.output + ".2"))
        }

        @Test("--duration ends the recording by itself with a finished file")
        func durationEnds() throws {
            let scenario = try Scenario([.touchscreen]) { ["--duration", "1"] + Scenario.pathBackend($0) }
            let script = TouchScript.tap(x: 1200, y: 800)
            let times = scenario.play(script)
            #expect(try scenario.recorder.waitForExit() == 0)
            let (trace, _) = try BinaryTrace.readDocument(path: scenario.output)
            #expect(trace.events == script.expectedEvents(times: times))
        }

        @Test("Unplugging the last device ends the recording with one clear error and an intact file")
        func unplugMidRecording() throws {
            let scenario = try Scenario([.touchscreen], arguments: Scenario.pathBackend)
            let script = TouchScript.tap(x: 1500, y: 900)
            let times = scenario.play(script)
            Injector.pause(milliseconds: 50)
            scenario.bed.unplug(scenario.nodes[0])
            #expect(try scenario.recorder.waitForExit() == 1)
            let (trace, damage) = try BinaryTrace.readDocument(path: scenario.output)

            let lines = scenario.recorder.standardError.split(separator: "\n")
            #expect(lines.last == "error: recording stopped: Touchstone Test Touchscreen unplugged; \(scenario.output) holds everything captured before")
            #expect(damage.isEmpty)
            #expect(Array(trace.events.dropLast()) == script.expectedEvents(times: times))
            guard case .device(.removed(let time, let device)) = trace.events.last else {
                Issue.record("no removal at the end of \(trace.events)")
                return
            }
            #expect(device == 0)
            #expect(time >= times.last!)
        }

        @Test("A write failure (file size limit, like a full disk) gives one clear error and keeps what was flushed")
        func writeFailureKeepsFlushedEvents() throws {
            let bed = try Testbed()
            let node = try bed.add(.touchscreen, eventNumber: 5)
            let output = bed.root + "/limited.trace"
            let limit = 4_096
            let recorder = try RecorderProcess(
                ["-o", output, "--flush-ms", "20", "--device", node.path], in: bed, waitingFor: [node], startedFile: output,
                fileSizeLimit: limit
            )
            var script = TouchScript(frames: [])
            var times: [Microseconds] = []
            let scenario = Injector(node: node)
            for index in 0..<400 where recorder.isRunning {
                let tap = TouchScript.tap(x: Int32(100 + 7 * index), y: Int32(100 + 3 * index))
                for frame in tap.evdevFrames() {
                    times.append(scenario.frame(frame))
                    Injector.pause(milliseconds: 4)
                }
                script.frames += tap.frames
            }
            #expect(try recorder.waitForExit() == 1)
            let message = recorder.standardError.split(separator: "\n").last.map(String.init) ?? ""
            #expect(message.hasPrefix("error: cannot write \(output).partial: write failed: "))
            #expect(message.contains("File too large"), "\(message)")
            #expect(message.hasSuffix("everything up to the last flush is kept"))
            let (trace, _) = try BinaryTrace.readDocument(path: output + ".partial")
            #expect(!trace.events.isEmpty)
            #expect(Array(script.expectedEvents(times: times).prefix(trace.events.count)) == trace.events)
            #expect(try FileManager.default.attributesOfItem(atPath: output + ".partial")[.size] as? Int ?? 0 <= limit)
        }

        @Test("A header that cannot be written (file size limit) leaves no NAME.partial and says why")
        func headerWriteFailureLeavesNoFile() throws {
            let bed = try Testbed()
            let node = try bed.add(.touchscreen, eventNumber: 5)
            let output = bed.root + "/n.trace"
            // Below the header's size (host, recorder and device: a few hundred bytes), above the message's
            // (standard error is a file under the same limit).
            let recorder = try RecorderProcess(
                ["-o", output, "--device", node.path], in: bed, waitingFor: [node], startedFile: nil,
                fileSizeLimit: 220
            )
            #expect(try recorder.waitForExit() == 1)
            let message = recorder.standardError.split(separator: "\n").last.map(String.init) ?? ""
            #expect(message.hasPrefix("error: cannot start \(output).partial: the header could not be written ("), "\(message)")
            #expect(message.hasSuffix("nothing was recorded, so \(output).partial was removed"), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: output + ".partial"))
            #expect(!FileManager.default.fileExists(atPath: output))
        }

        @Test("A seat with no touch device gives one clear error and no file")
        func noDevices() throws {
            let bed = try Testbed()
            _ = try bed.add(.keyboard, eventNumber: 5)
            let output = bed.root + "/none.trace"
            let recorder = try RecorderProcess(["-o", output, "--seat", "seat0"], in: bed, waitingFor: [], startedFile: nil)
            #expect(try recorder.waitForExit() == 1)
            #expect(recorder.standardError == "error: no touchscreen or touchpad found on seat seat0\n")
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(!FileManager.default.fileExists(atPath: output + ".partial"))
        }

        @Test("A device the user may not open gives one clear permission error")
        func permissionDenied() throws {
            let bed = try Testbed()
            let node = try bed.add(.touchscreen, eventNumber: 5)
            let output = bed.root + "/denied.trace"
            #expect(chmod(bed.root + node.path, 0) == 0)
            // Root opens anything: the recorder runs without the capabilities that override file modes.
            let recorder = try RecorderProcess(
                ["-o", output, "--device", node.path], in: bed, waitingFor: [], startedFile: nil, withoutFileOverrides: getuid() == 0
            )
            #expect(try recorder.waitForExit() == 1)
            let message = recorder.standardError.split(separator: "\n").last.map(String.init)
            #expect(message == "error: permission denied opening \(node.path): run as root or join the 'input' group")
            #expect(!FileManager.default.fileExists(atPath: output + ".partial"))
        }
    }
}
