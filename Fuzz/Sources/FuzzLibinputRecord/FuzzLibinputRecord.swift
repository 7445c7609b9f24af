import FuzzSupport
import TouchTrace

/// Reads the input as a libinput record YAML recording, decoding every event.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? LibinputRecordFormat.read(text: String(decoding: input(data, size), as: UTF8.self), file: "fuzz.yml")
    return 0
}

@_cdecl("FuzzLibinputRecord_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
