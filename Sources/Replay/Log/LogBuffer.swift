import TouchTrace

/// The log's growable byte store: raw memory, so appending a line costs copies, not bounds checks.
final class LogBuffer {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var base: UnsafeMutablePointer<UInt8>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var count = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = LogBuffer.allocate(capacity)
    }

    deinit {
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// Page-aligned, so that whole blocks of it can be written past the page cache (`OutputFile`).
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: OutputFile.directAlignment)
            .bindMemory(to: UInt8.self, capacity: capacity)
    }

    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = LogBuffer.allocate(newCapacity)
        newBase.update(from: base, count: count)
        UnsafeMutableRawPointer(base).deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Removes the first `length` bytes, moving the rest to the front.
    func removeFirst(_ length: Int) {
        UnsafeMutableRawPointer(base).copyMemory(from: base + length, byteCount: count - length)  // memmove
        count -= length
    }

    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (base + count).update(from: source, count: length)
        count += length
    }
}
