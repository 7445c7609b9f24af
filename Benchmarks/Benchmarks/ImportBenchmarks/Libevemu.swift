import CEvemu
import Foundation

/// Loads an evemu recording the way evemu-play does: the device description with `evemu_read`,
/// then every event with `evemu_read_event` until the end of the file.
enum Libevemu {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Returns the number of kernel events read.
    static func load(_ path: String) throws -> Int {
        guard let file = fopen(path, "r") else { throw Failure(description: "\(path): cannot open") }
        defer { fclose(file) }
        guard let device = evemu_new(nil) else { throw Failure(description: "evemu_new failed") }
        defer { evemu_delete(device) }
        guard evemu_read(device, file) > 0 else { throw Failure(description: "\(path): evemu_read failed") }
        var event = input_event()
        var events = 0
        while evemu_read_event(file, &event) > 0 { events += 1 }
        return events
    }
}
