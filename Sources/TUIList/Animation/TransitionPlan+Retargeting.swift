extension TransitionPlan {
    /// Creates a plan that starts from what is drawn now, for a snapshot applied while a
    /// transition is still running (a *retarget*).
    ///
    /// Every row drawn in `current` starts where it is drawn, with the look it has: a row half
    /// way through a slide continues from its current line, a row fading out (deleted before)
    /// keeps fading and is gone at the end unless `newRows` brings it back, a flashing row keeps
    /// flashing, a moved row stays above the others. Rows not drawn in `current` start from
    /// `restingOldRows` (the off-screen rows near the viewport, at rest), and the rows
    /// `current` lists as `TransitionFrame/pendingInsertions` still fade in if `newRows` has
    /// them. Nothing jumps back, nothing is drawn twice.
    ///
    /// `Transition/retargeted(at:to:timing:scrolledBy:)` builds this for you from a plan between the
    /// two snapshots; use this initialiser when you hold only the frame.
    ///
    /// - Parameters:
    ///   - current: the frame drawn now, best with the rows off screen:
    ///     `Transition/frame(at:includingOffscreenRows:)` with `true` at the moment of the new
    ///     snapshot, in the new layout's line coordinates (see `TransitionFrame/scrolled(by:)`).
    ///   - newRows: the new layout's rows on or near the screen.
    ///   - changes: the changes from the previous target snapshot to the new one. Rows drawn in
    ///     `current` that are not in `newRows` are removed whether marked or not: a row that was
    ///     fading out keeps fading out.
    ///   - viewportHeight: the viewport height now; defaults to the frame's.
    ///   - restingOldRows: where rows not drawn in `current` sit, typically the previous target
    ///     layout's rows near the viewport. Rows drawn in `current` override them, and those
    ///     that would be on screen are ignored (they are not drawn, so they are not there).
    ///   - oldPlacement: as in ``init(viewportHeight:oldRows:newRows:changes:oldPlacement:newPlacement:)``.
    ///   - newPlacement: as in ``init(viewportHeight:oldRows:newRows:changes:oldPlacement:newPlacement:)``.
    /// - Complexity: O(rows of `current` + `newRows` + `restingOldRows`).
    package init(
        from current: TransitionFrame<RowID>,
        to newRows: [RowPlacement<RowID>],
        changes: TransitionChanges<RowID> = .none,
        viewportHeight: Int? = nil,
        restingOldRows: [RowPlacement<RowID>] = [],
        oldPlacement: ((RowID) -> RowPlacement<RowID>?)? = nil,
        newPlacement: ((RowID) -> RowPlacement<RowID>?)? = nil
    ) {
        var changes = changes
        var oldRows: [RowPlacement<RowID>] = []
        oldRows.reserveCapacity(current.rows.count + restingOldRows.count)
        var taken = Set<RowID>(minimumCapacity: current.rows.count + current.pendingInsertions.count)
        var states = [RowID: StartState](minimumCapacity: current.rows.count)
        for row in current.rows {
            guard taken.insert(row.id).inserted else {
                preconditionFailure("Row \(row.id) is drawn twice in the frame a plan starts from")
            }
            oldRows.append(row.placement)
            if row.isLeaving { changes.deleted.insert(row.id) }
            changes.inserted.remove(row.id)
            states[row.id] = StartState(
                opacity: min(max(row.opacity, 0), 1),
                faintAppearance: row.appearance.isFaint ? row.appearance : nil,
                isFlashing: row.appearance == .highlighted,
                zIndex: row.zIndex)
        }
        for id in current.pendingInsertions where taken.insert(id).inserted {
            changes.inserted.insert(id)
        }
        // A resting row that would be on screen but is not drawn now is not where the rest
        // says: leave it out, so it comes in from beyond the edge (or from `oldPlacement`).
        let height = viewportHeight ?? current.viewportHeight
        for row in restingOldRows where !row.isVisible(inViewportOfHeight: height) && taken.insert(row.id).inserted {
            oldRows.append(row)
        }
        self.init(
            viewportHeight: height,
            oldRows: oldRows, newRows: newRows, changes: changes,
            oldPlacement: oldPlacement, newPlacement: newPlacement)
        self.startStates = states
    }
}
