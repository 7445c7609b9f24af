/// The window's size decisions: what to ask for when the compositor leaves the size to the
/// client, and what to accept from a configure.
///
/// A configure of 0 × 0 (either side 0) means "choose yourself": the window takes its preferred
/// size, the scene's plus the title bar, shrunk uniformly to fit the bounds the compositor gave
/// (`xdg_toplevel.configure_bounds`) or else nine tenths of the largest output. A side that is negative or
/// larger than `maximumSide` is absurd and treated like 0: the window keeps a sensible size
/// rather than allocating gigabytes.
enum WindowSize {
    /// The size when neither scene nor output says anything.
    static let fallback = (width: 640, height: 480)
    /// The largest side, in logical points, the window accepts (an 8K output at scale 1).
    static let maximumSide = 8192
    /// The largest buffer, in pixels, the window draws (about 256 MiB); the buffer scale is lowered
    /// to stay within it.
    static let maximumBufferPixels = 8192 * 8192
    /// The smallest side the window draws at: a compositor may propose less, the window then
    /// draws this much and the compositor crops.
    static let minimumSide = 16

    /// The size the window wants: the scene plus `chrome` (the title bar's height), scaled down to
    /// fit within `bounds` (keeping the scene's aspect ratio), never below `minimumSide`.
    static func preferred(
        scene: (width: Double, height: Double), chrome: Int, bounds: (width: Int, height: Int)?
    ) -> (width: Int, height: Int) {
        guard scene.width >= 1, scene.height >= 1, scene.width.isFinite, scene.height.isFinite else {
            return fallback
        }
        var width = scene.width, height = scene.height
        if let bounds, bounds.width > 0, bounds.height > chrome {
            let fit = min(1, Double(bounds.width) / width, Double(bounds.height - chrome) / height)
            width *= fit
            height *= fit
        }
        let side = Double(maximumSide)
        let capped = min(1, side / width, (side - Double(chrome)) / height)
        return (max(minimumSide, Int((width * capped).rounded())),
                max(minimumSide, Int((height * capped).rounded()) + chrome))
    }

    /// The size to draw at after a configure proposing `proposed`: the proposal where it is
    /// sensible, else `preferred`.
    static func accept(proposed: (width: Int32, height: Int32), preferred: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let width = Int(proposed.width), height = Int(proposed.height)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else { return preferred }
        return (max(minimumSide, width), max(minimumSide, height))
    }

    /// The largest buffer scale at most `wanted` whose buffer for `size` stays within
    /// `maximumBufferPixels` (1 at least).
    static func bufferScale(_ wanted: Double, for size: (width: Int, height: Int)) -> Double {
        let pixels = Double(size.width) * Double(size.height)
        guard wanted > 1, pixels > 0 else { return 1 }
        let limit = (Double(maximumBufferPixels) / pixels).squareRoot()
        return max(1, min(wanted, limit))
    }
}
