import CWaylandClient
import CWaylandProtocols
import Glibc

/// One `wl_buffer` backed by shared memory the client draws into (XRGB8888, 4 bytes per pixel).
///
/// The compositor reads the pixels after a commit and says when it is done with `release`; until
/// then the buffer is `busy` and must not be drawn into. A window keeps two and alternates.
final class ShmBuffer {
    let width: Int
    let height: Int
    let buffer: OpaquePointer
    let pixels: UnsafeMutablePointer<UInt32>
    private(set) var busy = false
    private let byteCount: Int
    private let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)

    init?(shm: OpaquePointer, width: Int, height: Int) {
        let stride = width * 4
        let byteCount = stride * height
        guard width > 0, height > 0 else { return nil }
        let fd = tw_create_shm_file(byteCount)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            memory != MAP_FAILED
        else { return nil }
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        guard let created = wl_shm_pool_create_buffer(
            pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue
        ) else {
            munmap(memory, byteCount)
            return nil
        }
        wl_shm_pool_destroy(pool)
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.buffer = created
        self.pixels = memory.bindMemory(to: UInt32.self, capacity: width * height)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().busy = false
        }))
        wl_buffer_add_listener(buffer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Marks the buffer as handed to the compositor.
    func markAttached() {
        busy = true
    }

    deinit {
        wl_buffer_destroy(buffer)
        munmap(pixels, byteCount)
        listener.deallocate()
    }
}
