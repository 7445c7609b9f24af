import Foundation
import Replay
import TestSupport
import Testing
import TouchstoneCommands

/// `TouchstoneCommand.run(_:registering:)`: a team's own tool is the whole `touchstone` command with
/// its kinds registered, run here in-process with a kind defined in this test target.
@Suite("the command with registered kinds")
struct RegisteredKindTests {
    static let scene = #"""
        {"name": "hold", "window": {"width": 1280, "height": 800},
         "views": [{"id": "view", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
           "recognizers": [{"id": "hold", "type": "twoFingerHold", "minimumPressDuration": 0.3}]}]}
        """#

    /// A synthetic long press with `fingers` fingers and the hold scene, in a fresh folder.
    private func corpus(fingers: Int) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory("cli")
        try Data(Self.scene.utf8).write(to: folder.url.appendingPathComponent("hold.json"))
        let status = TouchstoneCommand.run(
            ["synth", "gesture", "long-press", "--fingers", "\(fingers)", "--seed", "4", "-o", folder.file("press.trace")])
        #expect(status == 0)
        return folder
    }

    @Test("replay through a scene naming a registered kind writes a log in which it recognizes")
    func replayWithRegisteredKind() throws {
        let folder = try corpus(fingers: 2)
        let status = TouchstoneCommand.run(
            ["replay", folder.file("press.trace"), "--scene", folder.file("hold.json"), "-o", folder.file("hold.log")],
            registering: [.twoFingerHold])
        #expect(status == 0)
        let log = try String(contentsOfFile: folder.file("hold.log"), encoding: .utf8)
        #expect(log.contains("state hold possible -> recognized"))
    }

    @Test("the registered kind fails a one-finger press, as its recognizer decides")
    func registeredKindFails() throws {
        let folder = try corpus(fingers: 1)
        let status = TouchstoneCommand.run(
            ["replay", folder.file("press.trace"), "--scene", folder.file("hold.json"), "-o", folder.file("hold.log")],
            registering: [.twoFingerHold])
        #expect(status == 0)
        let log = try String(contentsOfFile: folder.file("hold.log"), encoding: .utf8)
        #expect(log.contains("state hold possible -> failed"))
        #expect(!log.contains("possible -> recognized"))
    }

    @Test("verify --update then verify pass a capture whose scene names the registered kind")
    func verifyWithRegisteredKind() throws {
        let folder = try corpus(fingers: 2)
        try Data("hold.json\n".utf8).write(to: folder.url.appendingPathComponent("press.scene"))
        #expect(TouchstoneCommand.run(["verify", folder.url.path, "--update", "--no-progress"], registering: [.twoFingerHold]) == 0)
        #expect(TouchstoneCommand.run(["verify", folder.url.path, "--no-progress", "--junit", folder.file("r.xml")],
                                      registering: [.twoFingerHold]) == 0)
        let junit = try String(contentsOfFile: folder.file("r.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="1" failures="0" errors="0""#))
    }

    @Test("without the kind registered the same replay is refused and writes nothing")
    func unregisteredKindRefused() throws {
        let folder = try corpus(fingers: 2)
        let status = TouchstoneCommand.run(
            ["replay", folder.file("press.trace"), "--scene", folder.file("hold.json"), "-o", folder.file("hold.log")])
        #expect(status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.file("hold.log")))
    }

    @Test("registering a kind whose type name Touchstone already has is refused with status 1")
    func duplicateRegistrationRefused() {
        #expect(TouchstoneCommand.run(["scene", "kinds"], registering: [.tap]) == 1)
    }
}
