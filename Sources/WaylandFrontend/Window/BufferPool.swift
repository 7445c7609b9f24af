import CWaylandClient
import CWaylandProtocols
import Glibc

/// The window's two shared-memory buffers (XRGB8888), reused for every frame and every size.
///
/// Each slot owns a memfd mapped into the process and a `wl_shm_pool` over it. A frame takes a
/// slot the compositor has released; when the size changed, the slot's `wl_buffer` is replaced
/// by one of the new size from the same pool, and the memory grows (doubling) only when the new
/// buffer does not fit. So a resize storm costs one `wl_buffer` per slot and size, and memory is
/// remapped only a logarithmic number of times; drawing itself allocates nothing.
final class BufferPool {
    /// One slot: memory, pool, and the buffer currently cut from it.
    final class Slot {
        fileprivate(set) var buffer: OpaquePointer?
        fileprivate(set) var width = 0
        fileprivate(set) var height = 0
        fileprivate(set) var pixels: UnsafeMutablePointer<UInt32>?
        /// Handed to the compositor and not yet released: must not be drawn into or replaced.
        fileprivate(set) var busy = false
        fileprivate var fd: Int32 = -1
        fileprivate var pool: OpaquePointer?
        fileprivate var capacity = 0
        fileprivate let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)

        fileprivate init() {
            listener.initialize(to: wl_buffer_listener(release: { data, _ in
                Unmanaged<Slot>.fromOpaque(data!).takeUnretainedValue().busy = false
            }))
        }

        deinit {
            listener.deallocate()
        }
    }

    private let shm: OpaquePointer
    private let slots = [Slot(), Slot()]
    /// How many times memory was (re)mapped, for the allocation figures in docs/benchmarks.md.
    private(set) var remaps = 0

    init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// A released slot holding a buffer of `width` × `height` pixels, or nil when both are still
    /// with the compositor or memory could not be had.
    func take(width: Int, height: Int) -> Slot? {
        guard width > 0, height > 0 else { return nil }
        var index = 0
        var reusable: Slot?
        while index < slots.count {  // a plain loop: no closure context per frame
            let slot = slots[index]
            if !slot.busy {
                if slot.width == width && slot.height == height && slot.buffer != nil { return slot }
                if reusable == nil { reusable = slot }
            }
            index += 1
        }
        guard let slot = reusable, cut(slot, width: width, height: height) else { return nil }
        return slot
    }

    /// Marks the slot as handed to the compositor with a commit.
    func attached(_ slot: Slot) {
        slot.busy = true
    }

    private func cut(_ slot: Slot, width: Int, height: Int) -> Bool {
        if let buffer = slot.buffer {
            wl_buffer_destroy(buffer)
            slot.buffer = nil
        }
        let stride = width * 4
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= Int(Int32.max), grow(slot, to: bytes) else { return false }
        guard let buffer = wl_shm_pool_create_buffer(
            slot.pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
        else { return false }
        wl_buffer_add_listener(buffer, slot.listener, Unmanaged.passUnretained(slot).toOpaque())
        slot.buffer = buffer
        slot.width = width
        slot.height = height
        return true
    }

    /// Makes the slot's memory at least `bytes` long, doubling from the current capacity.
    private func grow(_ slot: Slot, to bytes: Int) -> Bool {
        if bytes <= slot.capacity { return true }
        var capacity = max(slot.capacity, 1 << 20)
        while capacity < bytes { capacity *= 2 }
        capacity = min(capacity, Int(Int32.max))
        if slot.fd < 0 {
            slot.fd = tw_create_shm_file(capacity)
            guard slot.fd >= 0 else { return false }
        } else if ftruncate(slot.fd, off_t(capacity)) != 0 {
            return false
        }
        guard let memory = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, slot.fd, 0), memory != MAP_FAILED
        else { return false }
        if let old = slot.pixels { munmap(old, slot.capacity) }
        slot.pixels = memory.bindMemory(to: UInt32.self, capacity: capacity / 4)
        if let pool = slot.pool {
            wl_shm_pool_resize(pool, Int32(capacity))
        } else {
            slot.pool = wl_shm_create_pool(shm, slot.fd, Int32(capacity))
        }
        slot.capacity = capacity
        remaps += 1
        return true
    }

    /// Releases every buffer, pool and mapping.
    func destroy() {
        for slot in slots {
            if let buffer = slot.buffer { wl_buffer_destroy(buffer) }
            if let pool = slot.pool { wl_shm_pool_destroy(pool) }
            if let pixels = slot.pixels { munmap(pixels, slot.capacity) }
            if slot.fd >= 0 { close(slot.fd) }
            slot.buffer = nil
            slot.pool = nil
            slot.pixels = nil
            slot.fd = -1
            slot.capacity = 0
        }
    }
}
