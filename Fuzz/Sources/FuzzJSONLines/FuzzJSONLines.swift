import FuzzSupport
import TouchTrace

/// Parses the input as a JSON Lines trace.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? JSONLines.parse(input(data, size), name: "fuzz.jsonl")
    return 0
}

@_cdecl("FuzzJSONLines_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
