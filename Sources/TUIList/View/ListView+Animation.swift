// Animated applies: what an apply keeps for its transition, the plan made at the next render,
// and the rest.
//
// Coordinates. A transition's lines are viewport-relative. Its plan is made at the first render
// after an apply: old rows relative to the offset the old layout was shown at when the apply
// came (`_PendingTransition.oldOffset`), new rows relative to the offset at that render
// (`_flags.animationOrigin`). When the list scrolls later, frames are shifted by the distance from
// that origin (`TransitionFrame.scrolled(by:)`), and a retarget shifts the running rows the
// same way before continuing from them. Rows the transition does not animate (they were not
// near the viewport when it was planned, and scrolled into view since) are drawn at rest.

extension ListView {
    /// Whether an animated apply is still being shown: keep rendering frames while it is. It
    /// stays `true` until a render has drawn the state at rest, so a loop that renders while
    /// this is `true` always ends on the final frame.
    ///
    /// Asking notices the rest: the call that first answers `false` after animated applies
    /// calls `onAnimationsFinished`, once.
    public var isAnimating: Bool {
        let animating = _isAnimatingNow
        if !animating { _noticeRest() }
        return animating
    }

    /// The changes the last apply made: items and sections deleted, inserted, moved, updated
    /// (empty before the first apply). Its ``Changeset/description`` reads like `−2 +1 ↕3 ~1`.
    ///
    /// - Complexity: O(1) after an animated apply (its diff is kept); after an apply without
    ///   animation the diff is made on the first read, O(*n*), and kept.
    public var lastChangeset: Changeset<SectionID, ItemID> {
        if let changes = _memo.changeset { return changes }
        guard let inputs = _memo.diffInputs else { return Changeset() }
        let changes = Changeset(from: inputs.old, to: inputs.new)
        _memo.changeset = changes
        _memo.diffInputs = nil
        return changes
    }

    /// Ends any animation at once: the next render shows the target state.
    public func finishAnimations() {
        _finishAnimations()
    }

    // MARK: - Internals

    /// True until a render has drawn the rest frame: the transition's clock may run out between
    /// two renders, and the screen still shows the frame before the end until one more render.
    internal var _isAnimatingNow: Bool {
        _transition.pending != nil || _animator.isAnimating || _flags.lastRenderWasMidTransition
    }

    /// Calls `onAnimationsFinished` if an animated apply has come to rest since the last call
    /// (deferred to the end of a render that notices it).
    internal func _noticeRest() {
        guard _flags.restDue, !_isAnimatingNow else { return }
        if _flags.isRendering { _flags.restNoticedWhileRendering = true; return }
        _flags.restDue = false
        onAnimationsFinished?()
    }

    /// Drops a pending transition and jumps the running one to its end.
    internal func _finishAnimations() {
        _transition.pending = nil
        _flags.lastRenderWasMidTransition = false  // ended on purpose: the next render is the rest frame
        _animator.finish()
        _animatedRows.removeAll()
        _noticeRest()
    }

    /// Keeps what the transition of an animated apply needs (called by ``apply(_:animated:)``
    /// after the new layout is made): the old layout and offset, and the ids the diff marks
    /// moved or updated.
    ///
    /// - Complexity: O(*n*) for the diff, O(moves + updates) for the marks; nothing per frame.
    internal func _prepareTransition(from old: ListLayout<SectionID, ItemID>, offset: Int) {
        let changes = lastChangeset
        var moved = Set<Row>(minimumCapacity: changes.itemMoves.count + 2 * changes.sectionMoves.count)
        var updated = Set<Row>(minimumCapacity: changes.itemUpdates.count + 2 * changes.sectionUpdates.count)
        var movedSections = Set<SectionID>(minimumCapacity: changes.sectionMoves.count)
        for move in changes.itemMoves { moved.insert(.item(move.id)) }
        for move in changes.sectionMoves {
            movedSections.insert(move.id)
            moved.insert(.header(move.id))
            moved.insert(.footer(move.id))
        }
        for update in changes.itemUpdates { updated.insert(.item(update.id)) }
        for update in changes.sectionUpdates {
            updated.insert(.header(update.id))
            updated.insert(.footer(update.id))
        }
        _transition.pending = _PendingTransition(
            oldLayout: old, oldOffset: offset, moved: moved,
            updated: updated, movedSections: movedSections)
        _flags.restDue = true
    }

    /// Makes the plan of the pending transition with the viewport as it is now and hands it to
    /// the animator (which retargets a running transition).
    ///
    /// - Complexity: O(rows near the viewport), with O(1) lookups in the layouts and the marks:
    ///   nothing walks the list or the changeset.
    internal func _startPendingTransition() {
        guard let pending = _transition.pending else { return }
        _transition.pending = nil
        let height = max(1, _frameState.viewportHeight)
        if let running = _animator.transition, _animator.isAnimating, running.plan.viewportHeight != height {
            _animator.finish()  // resized since it was planned: its lines no longer fit
        }
        let offset = _clampedOffset(state.scrollOffset)
        let margin = max(2, height / 2)
        let old = pending.oldLayout, new = _layout
        let oldRows = Self._placements(in: old, offset: pending.oldOffset, height: height, margin: margin)
        let newRows = Self._placements(in: new, offset: offset, height: height, margin: margin)
        var changes = TransitionChanges<Row>()
        for row in oldRows where new.index(of: row.id) == nil { changes.deleted.insert(row.id) }
        for row in newRows {
            let id = row.id
            if old.index(of: id) == nil { changes.inserted.insert(id); continue }
            if pending.updated.contains(id) { changes.updated.insert(id) }
            if pending.moved.contains(id)
                || (!pending.movedSections.isEmpty && pending.movedSections.contains(Self._section(of: id, in: new)))
            {
                changes.moved.insert(id)
            }
        }
        for row in oldRows where pending.moved.contains(row.id) && new.index(of: row.id) != nil {
            changes.moved.insert(row.id)
        }
        let oldOffset = pending.oldOffset
        _stickyHeaderBefore = nil
        _transition.old = stickySectionHeaders ? (old, oldOffset) : nil
        if stickySectionHeaders, let pinned = Self._stickyHeaderPlacement(in: old, offset: oldOffset, viewport: height) {
            _stickyHeaderBefore = (old.row(at: pinned.index), pinned.line, pinned.height)
        }
        var plan = TransitionPlan(
            viewportHeight: height, oldRows: oldRows, newRows: newRows, changes: changes,
            // A row arriving from far away comes in from just beyond the edge it lies behind.
            oldPlacement: { row in
                guard let index = old.index(of: row) else { return nil }
                let rowHeight = old.height(ofRowAt: index)
                let line = old.firstLine(ofRowAt: index) - oldOffset
                return RowPlacement(id: row, line: line < 0 ? -rowHeight : max(line, height), height: rowHeight)
            },
            // A row leaving goes where it really is, so a scroll later finds it there.
            newPlacement: { row in
                guard let index = new.index(of: row) else { return nil }
                return RowPlacement(id: row, line: new.firstLine(ofRowAt: index) - offset, height: new.height(ofRowAt: index))
            })
        // Headers and footers that keep their line stay put in a re-sort; items pass them.
        for row in newRows {
            if case .item = row.id { continue }
            plan.anchoredRows.insert(row.id)
        }
        _animator.timing = transitionTiming
        _animator.apply(plan, animated: true, scrolledBy: oldOffset - _flags.animationOrigin)
        _flags.animationOrigin = offset
        _flags.animationWidth = _frameState.contentWidth
        _animatedRows.removeAll(keepingCapacity: true)
        if let transition = _animator.transition {
            for track in transition.tracks { _animatedRows.insert(track.id) }
        }
    }

    /// The rows of a layout within `margin` lines of a viewport at `offset`, viewport-relative.
    internal static func _placements(
        in layout: ListLayout<SectionID, ItemID>, offset: Int, height: Int,
        margin: Int
    ) -> [RowPlacement<Row>] {
        guard !layout.snapshot.isEmpty else { return [] }
        let rows = layout.rows(touchingLines: offset - margin ..< offset + height + margin)
        var placements: [RowPlacement<Row>] = []
        placements.reserveCapacity(rows.count)
        for index in rows {
            placements.append(
                RowPlacement(
                    id: layout.row(at: index), line: layout.firstLine(ofRowAt: index) - offset,
                    height: layout.height(ofRowAt: index)))
        }
        return placements
    }

    internal static func _section(of row: Row, in layout: ListLayout<SectionID, ItemID>) -> SectionID {
        switch row {
        case .header(let section), .footer(let section): return section
        case .item:
            let index = layout.index(of: row)!
            return layout.snapshot.sectionIdentifiers[layout.sectionIndex(ofRowAt: index)]
        }
    }

    /// The rows to draw now while animating, with their lines in the content area: the
    /// transition's rows, shifted by the scroll since it was planned, that touch the area, then
    /// (first in the list) the rows on screen that it does not animate, at rest. Marks them
    /// drawn in this frame.
    ///
    /// - Complexity: O(*v* log *v*) for the *v* rows the transition animates, plus O(rows on screen).
    internal func _collectFrameRows(offset: Int, height: Int) {
        _frameRows.removeAll(keepingCapacity: true)
        _frameStickyHeader = nil
        guard let transition = _animator.transition else { return }
        let frame = transition.frame(at: _animator.elapsed, includingOffscreenRows: true)
        let shift = offset - _flags.animationOrigin
        if !_layout.snapshot.isEmpty {
            for index in _layout.rows(touchingLines: offset ..< offset + height) {
                let row = _layout.row(at: index)
                guard !_animatedRows.contains(row) else { continue }
                _frameRows.append((row, _layout.firstLine(ofRowAt: index) - offset, _layout.height(ofRowAt: index), .normal))
            }
        }
        _frameStickyHeader = _stickyHeader(in: frame, shift: shift, offset: offset, height: height)
        for row in frame.rows {
            let line = row.line - shift
            guard line < height, line + row.height > 0 else { continue }
            // A deleted row that never had a cell (it was due to fade in when a retarget sent it
            // out) is not drawn: the provider is not asked for an item the app no longer has.
            if _bound[row.id] == nil && _layout.index(of: row.id) == nil { continue }
            _frameRows.append((row.id, line, row.height, row.appearance))
        }
        for entry in _frameRows where _bound[entry.row] != nil { _bound[entry.row]!.frame = _frameState.number }
    }

    /// The sticky header mid-transition, by the same rule as at rest but on the frame's own
    /// picture: the last header (in section order) at or above the top line is pinned to it
    /// (drawn last, so rows sliding under it pass beneath), pushed up by the nearest header
    /// below the top. Where each header is in the picture:
    /// - a header the transition animates, where the frame draws it (one fading in counts only
    ///   once in place; one deleted before it was ever drawn does not count);
    /// - one it does not animate (far from the viewport before and after), where the layout
    ///   it came from puts it until the rows are half-way, where the new one puts it from then
    ///   on: such a row jumps, as a far move does. One drawn at rest on screen (scrolled into
    ///   view since) is where it is drawn.
    ///
    /// So the first frame pins what the screen before it pinned, the last what the screen at
    /// rest pins, and a header stays pinned through an apply that shifts its section instead
    /// of sliding out and back. Section order, not lines, decides which header above the top
    /// is nearest: off screen the frame's lines are not the layout's (a row arriving from far
    /// away starts just beyond the edge), while headers keep their order through an apply
    /// that moves no section. (A section moved: its header is ordered where the new snapshot
    /// puts it.)
    ///
    /// - Complexity: O(rows the transition animates + sections between the top line's and
    ///   the nearest headers it does not animate).
    internal func _stickyHeader(
        in frame: TransitionFrame<ListRow<SectionID, ItemID>>, shift: Int, offset: Int, height: Int
    ) -> (row: ListRow<SectionID, ItemID>, line: Int, height: Int)? {
        guard stickySectionHeaders, _layout.hasHeaders, let transition = _animator.transition else { return nil }
        let new = _layout
        let old = _transition.old
        // Section order: the new snapshot's, or the old one's for a section deleted.
        func order(_ row: ListRow<SectionID, ItemID>) -> Int {
            guard case .header(let section) = row else { return -1 }
            if let s = new.snapshot.indexOfSection(section) { return s }
            return old?.layout.snapshot.indexOfSection(section) ?? -1
        }
        var above: (row: ListRow<SectionID, ItemID>, line: Int, height: Int, order: Int)?
        var below: Int?
        func consider(_ row: ListRow<SectionID, ItemID>, line: Int, height: Int) {
            if line <= 0 {
                let key = order(row)
                if above.map({ key > $0.order }) ?? true { above = (row, line, height, key) }
            } else if below.map({ line < $0 }) ?? true {
                below = line
            }
        }
        let halfway = transition.moveProgress(at: _animator.elapsed) >= 0.5
        // A header at rest in the new layout that the frame draws on screen.
        func drawnAtRest(_ row: ListRow<SectionID, ItemID>) -> Bool {
            guard !new.snapshot.isEmpty, !_animatedRows.contains(row), let index = new.index(of: row) else { return false }
            let line = new.firstLine(ofRowAt: index) - offset
            return line < height && line + new.height(ofRowAt: index) > 0
        }
        // The nearest headers the transition does not animate in a layout shown at an offset:
        // from the top line's section up, and from the next one down.
        func considerResting(
            in layout: ListLayout<SectionID, ItemID>, offset: Int, where counts: (ListRow<SectionID, ItemID>) -> Bool
        ) {
            guard !layout.snapshot.isEmpty, layout.numberOfLines > 0,
                let top = layout.rowIndex(atLine: max(0, min(offset, layout.numberOfLines - 1)))
            else { return }
            let section = layout.sectionIndex(ofRowAt: top)
            let sections = layout.snapshot.numberOfSections
            for direction in [-1, 1] {
                var s = direction < 0 ? section : section + 1
                while s >= 0 && s < sections {
                    let index = layout.firstRowIndex(ofSectionAt: s)
                    let row = layout.row(at: index)
                    if !_animatedRows.contains(row) && counts(row) {
                        consider(row, line: layout.firstLine(ofRowAt: index) - offset, height: layout.height(ofRowAt: index))
                        break
                    }
                    s += direction
                }
            }
        }
        if halfway || old == nil {
            considerResting(in: new, offset: offset) { _ in true }
        } else if let old {
            // Before half-way: the old layout's headers, but those drawn on screen at rest.
            considerResting(in: new, offset: offset, where: drawnAtRest)
            considerResting(in: old.layout, offset: old.offset + shift) { row in
                !drawnAtRest(row) && (new.index(of: row) != nil || _bound[row] != nil)
            }
        }
        for row in frame.rows {
            // A header fading in takes over only when it is in place (at the end).
            guard case .header = row.id, row.appearance != .fadingIn else { continue }
            // A header deleted before it was ever drawn is not drawn (as in the frame rows).
            if _bound[row.id] == nil && new.index(of: row.id) == nil { continue }
            consider(row.id, line: row.line - shift, height: row.height)
        }
        guard let pinned = above, pinned.height < height else { return nil }
        let line = below.map { min(0, $0 - pinned.height) } ?? 0
        return line + pinned.height > 0 ? (pinned.row, line, pinned.height) : nil
    }

    /// The style laid over a row drawn with an appearance.
    internal func _overlay(for appearance: RowAppearance) -> Style? {
        switch appearance {
        case .normal: return nil
        case .dimmed, .fadingIn: return _looks.fadingRowStyle
        case .highlighted: return _looks.highlightedRowStyle
        }
    }
}

/// What an animated apply keeps until the next render makes its plan (outside the generic
/// class, as ``_BoundCell``).
internal struct _PendingTransition<SectionID: Hashable, ItemID: Hashable> {
    /// The layout shown before the apply (the previous target when an animation was running).
    var oldLayout: ListLayout<SectionID, ItemID>
    /// The scroll offset it was shown at.
    var oldOffset: Int
    /// Rows the diff reports moved (items, and headers and footers of moved sections).
    var moved: Set<ListRow<SectionID, ItemID>>
    /// Rows the diff reports updated.
    var updated: Set<ListRow<SectionID, ItemID>>
    /// Sections the diff reports moved: their items are drawn above the rows they cross.
    var movedSections: Set<SectionID>
}
