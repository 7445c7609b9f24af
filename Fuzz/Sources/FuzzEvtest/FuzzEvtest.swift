import FuzzSupport
import TouchTrace

/// Reads the input as an `evtest` log (header and events), decoding every event.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? EvtestFormat.read(bytes: input(data, size), file: "fuzz.evtest")
    return 0
}

@_cdecl("FuzzEvtest_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
