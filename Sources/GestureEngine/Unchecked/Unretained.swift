/// A reference that neither retains its object nor checks that it is still alive: the engine's
/// one wrapper around `Unmanaged`, for the per-frame paths where a strong reference would cost a
/// retain and a release per use and a `weak` one a side table and a runtime call.
///
/// Safety is the holder's promise, not the type's: every stored `Unretained` names, where it is
/// declared, the owner whose strong reference keeps the object alive for as long as the
/// `Unretained` can be read (docs/reliability.md lists them). Using one after its object is freed
/// is undefined behaviour; the ownership tests and the suite under AddressSanitizer
/// (`scripts/test --sanitize=address`) are what check the promises.
///
/// `package`: `Replay`'s driver reaches its scene's scheduler and dispatcher through it too.
@usableFromInline
package struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    @inlinable @inline(__always)
    package init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// The object, retained for the caller (a strong reference from here on).
    @inlinable @inline(__always)
    package var object: Object { reference.takeUnretainedValue() }

    /// Calls `body` with the object without retaining it; `body` must not keep it.
    @inlinable @inline(__always)
    package func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// Whether this refers to `object` (an address comparison: no reference counting).
    @inlinable @inline(__always)
    package func refers(to object: Object) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
    }
}

extension Unretained: Equatable {
    /// Identity: whether both refer to the same object.
    @inlinable @inline(__always)
    package static func == (left: Self, right: Self) -> Bool {
        left.reference.toOpaque() == right.reference.toOpaque()
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` with each element without retaining it. Sound because the array keeps every
    /// element alive and `body` must not mutate the array (iterating a class property's array
    /// otherwise retains the buffer and each element).
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            // An `Unretained` is one `Unmanaged`, which is one unowned(unsafe) reference: the
            // same size and layout as the strong references the buffer holds.
            buffer.withMemoryRebound(to: Unretained<Element>.self) { unretained in
                for element in unretained { element.with(body) }
            }
        }
    }

    /// How many elements at the front satisfy `predicate`, without retaining any.
    @inline(__always)
    func leadingCountUnretained(where predicate: (Element) -> Bool) -> Int {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unretained<Element>.self) { unretained in
                var count = 0
                while count < unretained.count && unretained[count].with(predicate) { count += 1 }
                return count
            }
        }
    }

    /// The first non-nil result of `body` for the elements from last to first, without retaining
    /// any (the array, held for the walk, keeps each alive).
    @inline(__always)
    func lastResultUnretained<Result>(_ body: (Element) -> Result?) -> Result? {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unretained<Element>.self) { unretained in
                var index = unretained.endIndex
                while index > unretained.startIndex {
                    index -= 1
                    if let result = unretained[index].with(body) { return result }
                }
                return nil
            }
        }
    }
}
