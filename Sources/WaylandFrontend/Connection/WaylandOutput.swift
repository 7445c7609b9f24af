import CWaylandClient
import CWaylandProtocols

/// One `wl_output`: the integer scale the compositor applies to it and its current mode, which
/// give the output's size in logical points (the most a window can usefully be).
///
/// Bound at version 3 at most (geometry, mode, done, scale): nothing later is needed.
final class WaylandOutput {
    let proxy: OpaquePointer
    /// `wl_output.scale`: buffer pixels per logical point on this output (1 until told).
    private(set) var scale: Int32 = 1
    /// The current mode in output pixels, after the output's transform (0 until told).
    private(set) var pixelWidth: Int32 = 0
    private(set) var pixelHeight: Int32 = 0
    private var transform: Int32 = 0
    private let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        var table = wl_output_listener()
        table.geometry = { data, _, _, _, _, _, _, _, _, transform in
            WaylandOutput.from(data).transform = transform
        }
        table.mode = { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            let output = WaylandOutput.from(data)
            output.pixelWidth = width
            output.pixelHeight = height
        }
        table.done = { _, _ in }
        table.scale = { data, _, factor in WaylandOutput.from(data).scale = max(1, factor) }
        listener.initialize(to: table)
        wl_output_add_listener(proxy, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The output's size in logical points (mode ÷ scale, turned by a 90° or 270° transform), or
    /// nil while no mode is known.
    var logicalSize: (width: Int, height: Int)? {
        guard pixelWidth > 0, pixelHeight > 0 else { return nil }
        let turned = transform & 1 == 1  // 90, 270 and their flipped forms
        let width = Int(turned ? pixelHeight : pixelWidth) / Int(scale)
        let height = Int(turned ? pixelWidth : pixelHeight) / Int(scale)
        return (width, height)
    }

    deinit {
        listener.deallocate()
    }
}
