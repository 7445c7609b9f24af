/// Places view labels so that no two overlap.
///
/// Each label wants the bottom-left corner inside its view's frame. Labels are placed in order;
/// one that would overlap a label already placed moves up to sit just above it, as often as
/// needed. Moving only ever upward, a label passes each placed label at most once, so placing n
/// labels takes at most n² overlap tests and always ends. Views that share a frame have already
/// been given one label between them (`LiveView`), so the stacking only separates neighbours.
///
/// The rectangles are kept in a buffer that is reused from frame to frame: placing allocates
/// nothing once the buffer has grown to the number of labels.
struct LabelLayout {
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int

        func overlaps(_ other: Rect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// The labels placed since the last `reset`, in placing order.
    private(set) var placed: [Rect] = []
    /// The gap kept between stacked labels, in pixels.
    var gap = 2

    mutating func reset(capacity: Int) {
        placed.removeAll(keepingCapacity: true)
        placed.reserveCapacity(capacity)
    }

    /// Places a `width` × `height` label for a view whose frame's bottom-left corner (inside, with
    /// `inset`) is at (`left`, `bottom`); returns where it goes.
    @discardableResult
    mutating func place(left: Int, bottom: Int, width: Int, height: Int, inset: Int) -> Rect {
        var rect = Rect(x: left + inset, y: bottom - inset - height, width: width, height: height)
        var index = 0
        while index < placed.count {
            if placed[index].overlaps(rect) {
                rect.y = placed[index].y - gap - height
                index = 0  // the new place may touch a label tested earlier
                continue
            }
            index += 1
        }
        placed.append(rect)
        return rect
    }
}
