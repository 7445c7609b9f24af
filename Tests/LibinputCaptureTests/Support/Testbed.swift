import CUmockdev
import Foundation

/// A umockdev test bed: a private /sys and /dev into which emulated input devices are added, and
/// where the test writes their input events (the pty master of each node).
///
/// Programs see the devices only when started under the preload (`RecorderProcess` does that); the
/// test process itself is never preloaded.
final class Testbed {
    private let handle: UnsafeMutablePointer<UMockdevTestbed>
    /// `$UMOCKDEV_DIR` for the program under test.
    let root: String
    private let files: URL

    /// A device added to the bed.
    struct Node {
        var path: String
        var sysPath: String
        /// The pty master: what is written here, the program reads from the node.
        var writeEnd: Int32
        /// The pty slave the program opens in place of the node.
        var ptyPath: String
    }

    init() throws {
        handle = umockdev_testbed_new()
        let rootPointer = umockdev_testbed_get_root_dir(handle)!
        root = String(cString: rootPointer)
        g_free(rootPointer)
        files = URL(fileURLWithPath: root).appendingPathComponent("touchstone-fixtures")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    }

    deinit {
        g_object_unref(handle)
    }

    /// Adds `device` as `/dev/input/event<number>` (on seat0).
    func add(_ device: EmulatedDevice, eventNumber: Int) throws -> Node {
        let description = files.appendingPathComponent("event\(eventNumber).umockdev")
        let ioctls = files.appendingPathComponent("event\(eventNumber).ioctl")
        try device.umockdevText(eventNumber: eventNumber).write(to: description, atomically: true, encoding: .utf8)
        try device.ioctlText(eventNumber: eventNumber).write(to: ioctls, atomically: true, encoding: .utf8)
        let path = "/dev/input/event\(eventNumber)"
        var error: UnsafeMutablePointer<GError>?
        guard umockdev_testbed_add_from_file(handle, description.path, &error) != 0 else {
            throw TestbedError(String(cString: error!.pointee.message))
        }
        guard umockdev_testbed_load_ioctl(handle, path, ioctls.path, &error) != 0 else {
            throw TestbedError(String(cString: error!.pointee.message))
        }
        let writeEnd = umockdev_testbed_get_dev_fd(handle, path)
        // A child started by any test must not inherit the master: it would keep the device plugged.
        _ = fcntl(writeEnd, F_SETFD, fcntl(writeEnd, F_GETFD) | FD_CLOEXEC)
        var ptyNumber: UInt32 = 0
        guard writeEnd >= 0, ioctl(writeEnd, 0x8004_5430 /* TIOCGPTN */, &ptyNumber) == 0 else {
            throw TestbedError("\(path) has no pty")
        }
        return Node(
            path: path, sysPath: "/sys\(device.sysfsParent)/input\(eventNumber)/event\(eventNumber)",
            writeEnd: writeEnd, ptyPath: "/dev/pts/\(ptyNumber)"
        )
    }

    /// Unplugs a device as the path backend sees it: the node hangs up. (A udev "remove" uevent
    /// cannot be sent from here: umockdev looks the device up through libudev, which only the
    /// preloaded program under test sees inside the bed.)
    func unplug(_ node: Node) {
        // dup2 closes the pty master in one step and leaves a pipe end on its number, so umockdev's
        // own close of that number later cannot hit a descriptor someone else has since opened.
        var placeholder: [Int32] = [-1, -1]
        guard pipe(&placeholder) == 0 else { preconditionFailure("no descriptors left for a pipe") }
        dup2(placeholder[0], node.writeEnd)
        _ = fcntl(node.writeEnd, F_SETFD, FD_CLOEXEC)
        close(placeholder[0])
        close(placeholder[1])
    }
}

struct TestbedError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
