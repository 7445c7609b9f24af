import Foundation
import FuzzSupport
import Replay

/// Reads the input as a unistroke template file (decoding also normalizes the stroke for matching).
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? UnistrokeTemplateFile.decode(Data(input(data, size)), file: "fuzz.json")
    return 0
}

@_cdecl("FuzzTemplate_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
