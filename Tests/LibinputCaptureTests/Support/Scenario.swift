import Foundation
import TouchTrace

/// A test bed with emulated devices and a running `touchstone record` writing `output`.
final class Scenario {
    let bed: Testbed
    let nodes: [Testbed.Node]
    let recorder: RecorderProcess
    let output: String

    /// `devices` become `/dev/input/event<n>` from event5 on; `arguments` gets the nodes and adds
    /// the backend options. The recorder is running, with its recorded nodes open, on return.
    init(
        _ devices: [EmulatedDevice], waitFor: ((Testbed.Node, EmulatedDevice) -> Bool)? = nil,
        arguments: ([Testbed.Node]) -> [String]
    ) throws {
        let bed = try Testbed()
        let nodes = try devices.enumerated().map { try bed.add($1, eventNumber: 5 + $0) }
        let output = bed.root + "/session.trace"
        self.bed = bed
        self.nodes = nodes
        self.output = output
        let recorded = zip(nodes, devices).filter { waitFor?($0, $1) ?? ($1.udevType != .keyboard) }.map(\.0)
        recorder = try RecorderProcess(["-o", output, "--flush-ms", "50"] + arguments(nodes), in: bed, waitingFor: recorded, startedFile: output)
    }

    func injector(_ index: Int = 0) -> Injector { Injector(node: nodes[index]) }

    /// Plays a touch script on device `index`, 8 ms between frames; returns each frame's time stamp.
    func play(_ script: TouchScript, on index: Int = 0) -> [Microseconds] {
        script.evdevFrames().map { frame in
            defer { Injector.pause(milliseconds: 8) }
            return injector(index).frame(frame)
        }
    }

    /// Stops the recorder with SIGINT and reads the finished trace.
    func finish() throws -> TraceDocument {
        let status = try recorder.stop()
        guard status == 0 else { throw TestbedError("touchstone record exited \(status): \(recorder.standardError)") }
        return try BinaryTrace.readDocument(path: output).0
    }

    /// With `TOUCHSTONE_KEEP_TRACES` set to a folder, copies the finished trace there as
    /// `NAME.trace`: how the umockdev touchpad captures in `captures/trackpad/` are recorded
    /// (scripts/make-captures).
    func keep(as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["TOUCHSTONE_KEEP_TRACES"], !folder.isEmpty else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name + ".trace")
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: output), to: target)
    }

    static func pathBackend(_ nodes: [Testbed.Node]) -> [String] {
        nodes.flatMap { ["--device", $0.path] }
    }
}

extension TraceDocument {
    var touches: [TouchSample] {
        events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
    }

    var gestures: [GestureSample] {
        events.compactMap { if case .gesture(let sample) = $0 { sample } else { nil } }
    }
}
