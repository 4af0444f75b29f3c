/// Where one row sits in a layout: its identity, its first line and its height in lines.
///
/// Lines are viewport-relative: line 0 is the top line of the viewport, and a row above it
/// has a negative line. A row is *visible* when its lines `line ..< line + height` intersect
/// `0 ..< viewportHeight`.
///
/// ```swift
/// let row = RowPlacement(id: "a", line: 3, height: 2)   // lines 3 and 4
/// row.isVisible(inViewportOfHeight: 4)                  // true (line 3)
/// ```
package struct RowPlacement<RowID: Hashable>: Hashable {
    /// The row's identity; rows of the old and the new layout are matched by it.
    package var id: RowID
    /// The row's first line, relative to the top of the viewport (may be negative).
    package var line: Int
    /// The number of lines the row takes, at least 1.
    package var height: Int

    /// Creates a placement.
    ///
    /// - Precondition: `height >= 1`.
    package init(id: RowID, line: Int, height: Int = 1) {
        precondition(height >= 1, "A row takes at least one line; row \(id) has height \(height)")
        self.id = id
        self.line = line
        self.height = height
    }

    /// The line just below the row.
    package var endLine: Int { line + height }

    /// Whether the row shows at least one line in a viewport of `viewportHeight` lines.
    package func isVisible(inViewportOfHeight viewportHeight: Int) -> Bool {
        line < viewportHeight && endLine > 0
    }
}

extension RowPlacement: Sendable where RowID: Sendable {}

/// What changed between the old and the new list, by row identity, as a diff reports it.
///
/// - `deleted`: rows of the old list that the new list no longer has.
/// - `inserted`: rows of the new list that the old list did not have.
/// - `updated`: rows in both whose content changed; they flash.
/// - `moved`: rows in both whose order relative to the others changed (the minimal set of
///   moves of the diff). They slide like shifted rows but are drawn above the rows they cross.
///   Rows in both that are not moved but change line (because of the rows around them) are
///   *shifted*; they need no mark.
///
/// A row that is present in both layouts handed to `TransitionPlan` is matched by id, whatever
/// these sets say: a `deleted` or `inserted` mark on it is ignored.
package struct TransitionChanges<RowID: Hashable>: Equatable {
    /// Rows only in the old list.
    package var deleted: Set<RowID>
    /// Rows only in the new list.
    package var inserted: Set<RowID>
    /// Rows in both lists whose content changed.
    package var updated: Set<RowID>
    /// Rows in both lists whose relative order changed.
    package var moved: Set<RowID>

    /// Creates a change set; every set defaults to empty.
    package init(
        deleted: Set<RowID> = [], inserted: Set<RowID> = [],
        updated: Set<RowID> = [], moved: Set<RowID> = []
    ) {
        self.deleted = deleted
        self.inserted = inserted
        self.updated = updated
        self.moved = moved
    }

    /// No change at all.
    package static var none: TransitionChanges { TransitionChanges() }
}

extension TransitionChanges: Sendable where RowID: Sendable {}
