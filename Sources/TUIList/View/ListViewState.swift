/// Where the user is in a list, kept apart from what the list shows (as ratatui's
/// `ListState`): the first line on screen and the selected item.
///
/// Any value is accepted; a ``ListView`` clamps what does not fit its content (an offset past
/// the end, a selection the snapshot does not hold) instead of trapping.
public struct ListViewState<ItemID: Hashable>: Hashable {
    /// The content line shown on the top line of the list's area.
    public var scrollOffset: Int
    /// The selected item (the cursor), or `nil`.
    public var selection: ItemID?

    /// A state at the top of the list, with no selection unless given.
    public init(scrollOffset: Int = 0, selection: ItemID? = nil) {
        self.scrollOffset = scrollOffset
        self.selection = selection
    }
}

extension ListViewState: Sendable where ItemID: Sendable {}

/// Where a row should end up when a list scrolls to it.
public enum ScrollAnchor: Hashable, Sendable {
    /// The row's first line on the top line (under a sticky header, when there is one).
    case top
    /// The row in the middle of the list's area.
    case center
    /// The row's last line on the bottom line.
    case bottom
    /// As little scrolling as makes the row fully visible; none when it already is.
    case nearest
}

/// A move of the selection, as the keys of a list do.
public enum SelectionMovement: Hashable, Sendable {
    /// The next item (down arrow). Selects the first visible item when nothing is selected.
    case next
    /// The previous item (up arrow). Selects the last visible item when nothing is selected.
    case previous
    /// A page down: the view scrolls a page and the selection moves as far.
    case pageDown
    /// A page up.
    case pageUp
    /// The first item, with the list scrolled to its top.
    case first
    /// The last item, with the list scrolled to its bottom.
    case last

    /// The movement that goes the other way on the screen: next and previous, page down and
    /// up swapped; first and last stay (they name items). What an arrow key means on a list
    /// that ``ListView/growsUpward``.
    package var upsideDown: SelectionMovement {
        switch self {
        case .next: .previous
        case .previous: .next
        case .pageDown: .pageUp
        case .pageUp: .pageDown
        case .first, .last: self
        }
    }
}
