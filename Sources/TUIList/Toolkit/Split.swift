/// Divides a region in two, by a ratio: a list beside (``Axis/horizontal``) or above
/// (``Axis/vertical``) a detail or preview pane, with an optional divider line between. The
/// split is a function of the region, so the panes follow the terminal as it resizes.
///
/// ```swift
/// let split = Split(.horizontal, ratio: 0.4, divider: true)
/// let (list, preview) = split.areas(in: canvas.bounds)
/// split.drawDivider(into: &canvas, in: canvas.bounds)
/// ```
///
/// Each pane keeps its minimum size while the region is big enough for both; when it is not,
/// the first pane gets its minimum first and the second what is left.
public struct Split: Hashable, Sendable {
    /// Which way the region is divided.
    public enum Axis: Hashable, Sendable {
        /// Side by side: the first pane on the left.
        case horizontal
        /// One above the other: the first pane on top.
        case vertical
    }

    /// Which way the region is divided.
    var axis: Axis
    /// The first pane's share of the room (without the divider), 0...1.
    var ratio: Double
    /// The first pane's minimum size in cells along the axis.
    var minimumFirst: Int
    /// The second pane's minimum size in cells along the axis.
    var minimumSecond: Int
    /// Whether a one-cell line (`│` or `─`) divides the panes.
    var divider: Bool
    /// The divider's style.
    var dividerStyle: Style

    /// A split.
    /// - Parameters:
    ///   - axis: Side by side or one above the other.
    ///   - ratio: The first pane's share of the room, clamped to 0...1.
    ///   - minimumFirst: The first pane's minimum size.
    ///   - minimumSecond: The second pane's minimum size.
    ///   - divider: Whether a line divides the panes.
    ///   - dividerStyle: The divider's style.
    public init(
        _ axis: Axis, ratio: Double = 0.5, minimumFirst: Int = 0, minimumSecond: Int = 0, divider: Bool = false,
        dividerStyle: Style = Style(attributes: .dim)
    ) {
        self.axis = axis
        self.ratio = min(1, max(0, ratio.isNaN ? 0.5 : ratio))
        self.minimumFirst = max(0, minimumFirst)
        self.minimumSecond = max(0, minimumSecond)
        self.divider = divider
        self.dividerStyle = dividerStyle
    }

    /// The sizes of the two panes along the axis for `length` cells.
    func sizes(for length: Int) -> (first: Int, gap: Int, second: Int) {
        let gap = divider && length >= 2 ? 1 : 0
        let room = max(0, length - gap)
        var first = Int((Double(room) * ratio).rounded())
        first = min(first, room - min(minimumSecond, room))  // leave the second its minimum
        first = max(first, min(minimumFirst, room))  // but the first's minimum comes first
        return (first, gap, room - first)
    }

    /// The two panes (and the divider's line, if any) in `rect`.
    /// - Parameter rect: The region to divide.
    /// - Returns: The first and second pane, and the divider's area (nil without one).
    /// - Complexity: O(1).
    public func areas(in rect: Rect) -> (first: Rect, second: Rect, divider: Rect?) {
        switch axis {
        case .horizontal:
            let (a, gap, b) = sizes(for: max(0, rect.width))
            let first = Rect(x: rect.x, y: rect.y, width: a, height: rect.height)
            let line = Rect(x: rect.x + a, y: rect.y, width: gap, height: rect.height)
            let second = Rect(x: rect.x + a + gap, y: rect.y, width: b, height: rect.height)
            return (first, second, gap > 0 ? line : nil)
        case .vertical:
            let (a, gap, b) = sizes(for: max(0, rect.height))
            let first = Rect(x: rect.x, y: rect.y, width: rect.width, height: a)
            let line = Rect(x: rect.x, y: rect.y + a, width: rect.width, height: gap)
            let second = Rect(x: rect.x, y: rect.y + a + gap, width: rect.width, height: b)
            return (first, second, gap > 0 ? line : nil)
        }
    }

    /// Draws the divider line of a split of `rect`, if it has one.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The region the split divides.
    /// - Complexity: O(length of the divider).
    package func drawDivider(into canvas: inout Canvas, in rect: Rect) {
        guard let line = areas(in: rect).divider else { return }
        canvas.fill(line, with: axis == .horizontal ? "│" : "─", style: dividerStyle)
    }
}
