/// What a `Transition` animates: the rows of the old layout, the rows of the new layout, and
/// what changed, by row identity.
///
/// The ListView hands it the rows on or near the screen, never the whole list: the rows that
/// intersect the viewport before and after, plus a few lines of margin. Rows in both layouts
/// are matched by id. Only rows visible before or after the change are animated.
///
/// ```swift
/// // a b c  ->  a c b   (b moved down one line), in a 3-line viewport
/// let plan = TransitionPlan(
///     viewportHeight: 3,
///     oldRows: [.init(id: "a", line: 0), .init(id: "b", line: 1), .init(id: "c", line: 2)],
///     newRows: [.init(id: "a", line: 0), .init(id: "c", line: 1), .init(id: "b", line: 2)],
///     changes: TransitionChanges(moved: ["b"]))
/// let transition = Transition(plan: plan)
/// ```
///
/// A row visible on one side but absent from the other side's rows, and not marked deleted or
/// inserted, has only moved out of the rows handed over (it scrolled further away). Give
/// `oldPlacement` / `newPlacement` so the plan can ask the layout where it is; without them it
/// slides to (or from) just beyond the viewport edge nearest to it.
///
/// To change course in the middle of a transition, see `Transition/retargeted(at:to:timing:scrolledBy:)`
/// and ``init(from:to:changes:viewportHeight:restingOldRows:oldPlacement:newPlacement:)``.
package struct TransitionPlan<RowID: Hashable> {
    /// How a row starts when the plan starts from a frame drawn mid-transition.
    struct StartState {
        var opacity: Double
        /// The faint look the row had (`RowAppearance/dimmed` or `RowAppearance/fadingIn`),
        /// kept while it stays faint; nil if it was not faint.
        var faintAppearance: RowAppearance?
        /// It was flashing: the flash continues from the start.
        var isFlashing: Bool
        /// Its stacking level: it keeps at least this level, and exactly this one in the first
        /// frame, so the first frame stacks rows as the frame it starts from.
        var zIndex: Int
    }

    /// The height of the viewport, in lines.
    package let viewportHeight: Int
    /// The rows of the old layout (as handed over, plus any found through `oldPlacement`).
    package private(set) var oldRows: [RowPlacement<RowID>]
    /// The rows of the new layout (as handed over, plus any found through `newPlacement` or
    /// placed beyond the edge).
    package private(set) var newRows: [RowPlacement<RowID>]
    /// What changed.
    package let changes: TransitionChanges<RowID>
    /// Rows that do not start at rest (only when built from a frame).
    var startStates: [RowID: StartState] = [:]
    /// Rows that stay put in a re-sort when they keep their line: the rows passing them hop
    /// over them instead of pushing them aside (the ListView anchors section headers and
    /// footers, so items re-sorted across sections pass under a header that stays).
    var anchoredRows: Set<RowID> = []
    /// Set when the plan starts from a frame drawn in the middle of a re-sort: its rows in
    /// flight go on as a re-sort however few of them cross (sliding them would open blank
    /// lines, as they are not all marked moved).
    var continuesResort = false

    /// Creates a plan from the old and the new layout's rows near the viewport.
    ///
    /// - Parameters:
    ///   - viewportHeight: lines in the viewport; rows intersecting `0 ..< viewportHeight` are
    ///     visible.
    ///   - oldRows: the old layout's rows on or near the screen, each id at most once.
    ///   - newRows: the new layout's rows on or near the screen, each id at most once.
    ///   - changes: deleted, inserted, updated and moved ids.
    ///   - oldPlacement: where a row that is not in `oldRows` sat in the old layout (asked only
    ///     for rows visible in the new layout that are missing from `oldRows` and not inserted).
    ///   - newPlacement: where a row that is not in `newRows` sits in the new layout (asked only
    ///     for rows visible in the old layout that are missing from `newRows` and not deleted).
    /// - Precondition: no id appears twice in `oldRows`, nor in `newRows`.
    /// - Complexity: O(*r*) for *r* rows handed over, plus one lookup per visible row missing
    ///   on the other side.
    package init(
        viewportHeight: Int,
        oldRows: [RowPlacement<RowID>],
        newRows: [RowPlacement<RowID>],
        changes: TransitionChanges<RowID> = .none,
        oldPlacement: ((RowID) -> RowPlacement<RowID>?)? = nil,
        newPlacement: ((RowID) -> RowPlacement<RowID>?)? = nil
    ) {
        self.viewportHeight = max(0, viewportHeight)
        self.oldRows = oldRows
        self.newRows = newRows
        self.changes = changes
        resolveMissingRows(oldPlacement: oldPlacement, newPlacement: newPlacement)
    }

    /// Adds, for each row visible on one side and missing on the other without being deleted or
    /// inserted, its place on the other side: from the lookup, or just beyond the nearest edge.
    private mutating func resolveMissingRows(
        oldPlacement: ((RowID) -> RowPlacement<RowID>?)?,
        newPlacement: ((RowID) -> RowPlacement<RowID>?)?
    ) {
        let oldIDs = Self.uniqueIDs(oldRows, side: "old")
        let newIDs = Self.uniqueIDs(newRows, side: "new")
        let addedToNew = placesOnTheOtherSide(of: oldRows, missingFrom: newIDs, except: changes.deleted, lookup: newPlacement)
        let addedToOld = placesOnTheOtherSide(of: newRows, missingFrom: oldIDs, except: changes.inserted, lookup: oldPlacement)
        newRows += addedToNew
        oldRows += addedToOld
    }

    /// For each visible row of one side whose id is not in `otherIDs` and not in `excepted`
    /// (deleted, for old rows; inserted, for new ones), its place on the other side: from
    /// `lookup`, or just beyond the nearest edge. O(`rows.count`) plus one lookup per such row.
    private func placesOnTheOtherSide(
        of rows: [RowPlacement<RowID>], missingFrom otherIDs: Set<RowID>, except excepted: Set<RowID>,
        lookup: ((RowID) -> RowPlacement<RowID>?)?
    ) -> [RowPlacement<RowID>] {
        var added: [RowPlacement<RowID>] = []
        for row in rows
        where !otherIDs.contains(row.id) && !excepted.contains(row.id) && row.isVisible(inViewportOfHeight: viewportHeight) {
            var placement = lookup?(row.id) ?? beyondNearestEdge(row)
            placement.id = row.id
            added.append(placement)
        }
        return added
    }

    /// The row moved just past the viewport edge nearest to its middle.
    private func beyondNearestEdge(_ row: RowPlacement<RowID>) -> RowPlacement<RowID> {
        let middleTwice = 2 * row.line + row.height
        let line = middleTwice < viewportHeight ? -row.height : viewportHeight
        return RowPlacement(id: row.id, line: line, height: row.height)
    }

    private static func uniqueIDs(_ rows: [RowPlacement<RowID>], side: String) -> Set<RowID> {
        var ids = Set<RowID>(minimumCapacity: rows.count)
        for row in rows {
            let (fresh, _) = ids.insert(row.id)
            precondition(fresh, "Row \(row.id) appears twice in the \(side) rows of a transition plan")
        }
        return ids
    }
}
