/// The touches handed to a responder hook or a recognizer: a read-only, ordered view of a list
/// the engine owns.
///
/// A batch does not own its touches and costs no reference counting to pass or iterate, which is
/// what lets dispatch run without touching reference counts per recognizer. It is valid for the
/// duration of the call it is passed to (a recognizer's own `touches` until its next touch
/// callback); to keep touches longer, copy them: `Array(batch)`.
public struct TouchBatch: RandomAccessCollection {
    unowned(unsafe) let list: TouchList

    init(_ list: TouchList) {
        self.list = list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.items.count }

    public subscript(position: Int) -> Touch {
        list.items[position].takeUnretainedValue()
    }
}

/// A reusable list of touches that does not retain them: the dispatcher's pool and its lists of
/// touches down and held keep every touch alive for as long as any list can name it.
final class TouchList {
    var items: [Unmanaged<Touch>] = []

    init(capacity: Int = 8) {
        items.reserveCapacity(capacity)
    }

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }
    var batch: TouchBatch { TouchBatch(self) }

    func append(_ touch: Touch) {
        items.append(.passUnretained(touch))
    }

    func removeAll() {
        items.removeAll(keepingCapacity: true)
    }

    func remove(_ touch: Touch) {
        let target = Unmanaged.passUnretained(touch).toOpaque()
        items.removeAll { $0.toOpaque() == target }
    }

    func contains(_ touch: Touch) -> Bool {
        let target = Unmanaged.passUnretained(touch).toOpaque()
        return items.contains { $0.toOpaque() == target }
    }
}

extension TouchList {
    /// Calls `body` with each touch, without reference counting: for the per-frame loops.
    @inline(__always)
    func forEachTouch(_ body: (Touch) -> Void) {
        items.withUnsafeBufferPointer { buffer in
            for touch in buffer { touch._withUnsafeGuaranteedRef(body) }
        }
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` with each element without retaining it: the array keeps them alive, and
    /// `body` must not mutate the array.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Element>.self) { unmanaged in
                for element in unmanaged { element._withUnsafeGuaranteedRef(body) }
            }
        }
    }
}
