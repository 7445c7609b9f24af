import FuzzSupport
import TouchTrace

/// Reads the input as an evemu pair: a device description (`NAME.desc`) and a file of its events
/// (`NAME.events`), the two parts separated by the input's first NUL byte (the seeds are
/// `desc NUL events`). The events are decoded against the description, which they cannot change.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let events = split < bytes.endIndex ? Array(bytes[(split + 1)...]) : []
    _ = try? EvemuFormat.read(desc: Array(bytes[..<split]), descFile: "fuzz.desc", events: events, eventsFile: "fuzz.events")
    return 0
}

@_cdecl("FuzzEvemuPair_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
