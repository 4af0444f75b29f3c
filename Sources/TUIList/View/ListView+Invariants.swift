// Debug-only checks of the view's bookkeeping.

extension ListView {
    /// Checks that state fits the content and that every bound cell belongs to a row the
    /// layout holds. Compiled in only with `TUILIST_INVARIANTS` (debug builds).
    ///
    /// - Complexity: O(rows with cells), plus O(log *s*) for each.
    @inline(__always)
    internal func _checkInvariants() {
        #if TUILIST_INVARIANTS
        precondition(
            state.scrollOffset >= 0 && state.scrollOffset <= maximumScrollOffset,
            "ListView: scroll offset \(state.scrollOffset) outside 0...\(maximumScrollOffset)")
        if let selection = state.selection {
            precondition(_layout.snapshot.contains(item: selection), "ListView: selection \(selection) not in the snapshot")
        }
        for row in _bound.keys {
            // A deleted row keeps its cell while a transition fades it out; a deleted section's
            // header keeps its cell while the frame still pins it (until half-way, also when a
            // second apply retargeted the transition and the layout it came from lost it).
            precondition(
                _layout.index(of: row) != nil || _animatedRows.contains(row) || _transition.pending != nil
                    || (_animator.isAnimating && (row == _stickyHeaderBefore?.row || row == _frameStickyHeader?.row)),
                "ListView: a cell is bound to \(row), which the layout does not hold")
        }
        let pooled = _bound.values.filter { $0.identifier != nil }.count
        precondition(
            pooled <= reusePool.live, "ListView: \(pooled) pooled cells bound but the pool counts \(reusePool.live) live")
        #endif
    }
}
