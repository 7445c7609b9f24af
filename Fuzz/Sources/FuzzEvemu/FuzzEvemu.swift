import FuzzSupport
import TouchTrace

/// Reads the input as a one-file evemu recording (header and events), decoding every event.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? EvemuFormat.read(bytes: input(data, size), file: "fuzz.evemu")
    return 0
}

@_cdecl("FuzzEvemu_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
