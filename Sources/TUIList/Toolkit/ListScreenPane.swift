/// The detail or preview pane of a ``ListScreen``: beside or below the list, a share of the
/// room that follows the terminal as it resizes, showing what the app draws for the selected
/// item — a ``TextView`` (wrapped text, label/value rows, ANSI colours, scrolled by Ctrl-D and
/// Ctrl-U) or anything else.
///
/// ```swift
/// screen.pane = .text(beside: 0.4) { contact in
///     TextView([.heading(contact.name), .field("Phone", contact.phone), .blank, .text(contact.notes)])
/// }
/// ```
///
/// The closures get the selected item, or nil while nothing is selected (an empty list, no
/// match); they run on every frame the screen draws, so they should cost what the pane shows.
public struct ListScreenPane<ItemID> {
    /// Where the pane goes.
    public enum Placement: Hashable, Sendable {
        /// Right of the list.
        case beside
        /// Under the list.
        case below
    }

    /// What the pane shows.
    public enum Content {
        /// A text view for the item; the screen keeps its scroll offset (back to the top when
        /// the selection changes).
        case text((ItemID?) -> TextView)
        /// Anything: the closure draws the item into the pane's area.
        case custom((inout Canvas, Rect, ItemID?) -> Void)
    }

    /// Where the pane goes.
    var placement: Placement
    /// The pane's share of the room beside or below the list, 0...1.
    var ratio: Double
    /// Whether a line divides the pane from the list.
    var divider: Bool
    /// The list's minimum size along the split (columns beside, lines below); the pane gets
    /// what is left. Default: 20 columns beside, 3 lines below.
    var minimumListSize: Int
    /// What the pane shows.
    var content: Content

    /// A pane.
    /// - Parameters:
    ///   - placement: Beside or below the list.
    ///   - ratio: The pane's share of the room, clamped to 0...1.
    ///   - divider: Whether a line divides the pane from the list.
    ///   - minimumListSize: The list's minimum size along the split (nil: 20 columns beside, 3
    ///     lines below).
    ///   - content: What the pane shows.
    public init(
        _ placement: Placement, ratio: Double = 0.4, divider: Bool = true, minimumListSize: Int? = nil,
        content: Content
    ) {
        self.placement = placement
        self.ratio = min(1, max(0, ratio.isNaN ? 0.4 : ratio))
        self.divider = divider
        self.minimumListSize = max(0, minimumListSize ?? (placement == .beside ? 20 : 3))
        self.content = content
    }

    /// A text pane right of the list.
    /// - Parameters:
    ///   - ratio: The pane's share of the width.
    ///   - text: The text view for the selected item (nil: none selected).
    /// - Returns: The pane.
    public static func text(beside ratio: Double = 0.4, _ text: @escaping (ItemID?) -> TextView) -> Self {
        Self(.beside, ratio: ratio, content: .text(text))
    }

    /// A text pane under the list.
    /// - Parameters:
    ///   - ratio: The pane's share of the height.
    ///   - text: The text view for the selected item (nil: none selected).
    /// - Returns: The pane.
    public static func text(below ratio: Double = 0.4, _ text: @escaping (ItemID?) -> TextView) -> Self {
        Self(.below, ratio: ratio, content: .text(text))
    }

    /// The split of the screen's body: the list first, the pane second.
    var split: Split {
        Split(
            placement == .beside ? .horizontal : .vertical, ratio: 1 - ratio, minimumFirst: minimumListSize,
            divider: divider)
    }
}
