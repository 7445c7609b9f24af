import FuzzSupport
import TouchTrace

/// Reads the input as an Android `getevent` log (any of its forms), decoding every event.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? GeteventFormat.read(bytes: input(data, size), file: "fuzz.getevent")
    return 0
}

@_cdecl("FuzzGetevent_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
