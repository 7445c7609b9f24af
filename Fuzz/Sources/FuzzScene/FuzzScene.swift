import FuzzSupport
import Replay

/// Parses and checks the input as a scene file.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? SceneLoader.decode(input(data, size), file: "fuzz.json")
    return 0
}

@_cdecl("FuzzScene_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
