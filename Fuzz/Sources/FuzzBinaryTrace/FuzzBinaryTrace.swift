import FuzzSupport
import TouchTrace

/// Reads the input as a binary trace, strictly and then salvaging damaged chunks. Mutated bytes
/// are almost always caught by a CRC, so this target exercises the framing, the header, the index
/// and the trailer; FuzzBinaryTraceResealed reaches the chunk decoder.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    _ = try? BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: false))
    _ = try? BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: true))
    return 0
}

@_cdecl("FuzzBinaryTrace_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
