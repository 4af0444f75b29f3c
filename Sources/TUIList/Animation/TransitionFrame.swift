/// How a row is drawn in one frame of a transition. The renderer maps each case to a style
/// (for example `.dimmed` and `.fadingIn` to the dim attribute, `.highlighted` to reverse).
package enum RowAppearance: Hashable, Sendable {
    /// As at rest.
    case normal
    /// A row on its way out (deleted): drawn faint before it disappears.
    case dimmed
    /// An updated row flashing.
    case highlighted
    /// A row on its way in (inserted): drawn faint until it is fully there.
    case fadingIn

    /// Whether the row is drawn faint (``dimmed`` or ``fadingIn``).
    package var isFaint: Bool { self == .dimmed || self == .fadingIn }
}

/// The rows to draw at one moment of a `Transition`, in draw order: draw them first to last,
/// so a later row covers an earlier one where they overlap.
///
/// Each row appears at most once. A row's lines may lie partly or wholly outside the viewport
/// while it slides in or out; the renderer clips.
package struct TransitionFrame<RowID: Hashable>: Equatable {
    /// One row of a frame. A `Transition` makes them (there is no public initializer); a row
    /// taken from a frame can be changed and put in another.
    package struct Row: Hashable {
        /// The row's identity.
        package var id: RowID
        /// The row's first line now, viewport-relative.
        package var line: Int
        /// The row's height now, in lines.
        package var height: Int = 1
        /// How to draw it.
        package var appearance: RowAppearance = .normal
        /// Stacking level: 0 for rows leaving, 1 for the others, 2 for moved rows (drawn above
        /// the rows they cross); after a retarget a row keeps at least the level it had. Rows
        /// are already sorted by it.
        package var zIndex: Int = 1
        /// How present the row is, 0 (gone) to 1 (fully there). ``appearance`` is derived
        /// from it; it is kept so a retarget continues a fade where it is.
        package var opacity: Double = 1
        /// Whether the row is on its way out: it is gone at the end of the transition.
        package var isLeaving: Bool = false

        /// The row's place, without its look.
        package var placement: RowPlacement<RowID> { RowPlacement(id: id, line: line, height: height) }

        /// Whether the row shows at least one line in a viewport of `viewportHeight` lines.
        package func isVisible(inViewportOfHeight viewportHeight: Int) -> Bool {
            line < viewportHeight && line + height > 0
        }
    }

    /// The rows in draw order.
    package var rows: [Row]
    /// The height of the viewport the lines refer to.
    package var viewportHeight: Int
    /// Rows that the transition will fade in later but that are not drawn yet. Not for drawing:
    /// a plan built from this frame (a retarget) needs them to let those rows still fade in.
    package var pendingInsertions: [RowID]

    /// Creates a frame.
    package init(rows: [Row], viewportHeight: Int, pendingInsertions: [RowID] = []) {
        self.rows = rows
        self.viewportHeight = viewportHeight
        self.pendingInsertions = pendingInsertions
    }

    /// A frame of rows at rest (all normal), keeping those that intersect the viewport, sorted
    /// by line.
    ///
    /// - Complexity: O(*r* log *r*) for *r* rows.
    package init(restingRows: [RowPlacement<RowID>], viewportHeight: Int) {
        self.viewportHeight = viewportHeight
        self.pendingInsertions = []
        self.rows =
            restingRows
            .filter { $0.isVisible(inViewportOfHeight: viewportHeight) }
            .sorted { $0.line < $1.line }
            .map { Row(id: $0.id, line: $0.line, height: $0.height) }
    }

    /// The rows that show at least one line, in draw order.
    package var visibleRows: [Row] {
        rows.filter { $0.isVisible(inViewportOfHeight: viewportHeight) }
    }

    /// The row with this id, if it is drawn. O(rows).
    package func row(_ id: RowID) -> Row? { rows.first { $0.id == id } }

    /// The same frame seen from a viewport scrolled by `lines` (positive: the content moved
    /// up by that many lines). Use it before retargeting when the list scrolled meanwhile, so
    /// the frame's lines and the new layout's lines have the same origin.
    package func scrolled(by lines: Int) -> TransitionFrame {
        var copy = self
        for index in copy.rows.indices { copy.rows[index].line -= lines }
        return copy
    }
}

extension TransitionFrame: Sendable where RowID: Sendable {}
extension TransitionFrame.Row: Sendable where RowID: Sendable {}
