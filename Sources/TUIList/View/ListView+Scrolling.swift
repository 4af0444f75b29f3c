// Scrolling, selection movement, anchoring across applies, clamping and viewport queries.

extension ListView {
    // MARK: Viewport queries

    /// The number of lines of the list's area at the last render (0 before the first).
    public var viewportHeight: Int { _frameState.viewportHeight }

    /// The largest scroll offset: the last line on the bottom line of the area.
    public var maximumScrollOffset: Int { max(0, _layout.numberOfLines - max(1, _frameState.viewportHeight)) }

    /// The indices of the rows that touch the area, for the current offset. O(log *n*).
    package var visibleRowIndices: Range<Int> {
        let offset = _clampedOffset(state.scrollOffset)
        return _layout.rows(touchingLines: offset ..< offset + max(1, _frameState.viewportHeight))
    }

    /// The rows that touch the area, top to bottom. O(rows on screen).
    package var visibleRows: [Row] { visibleRowIndices.map { _layout.row(at: $0) } }

    /// The row shown on a line of the list's area (0 is its top line), e.g. under a mouse
    /// click; a sticky header counts where it covers the line. `nil` past the content (below
    /// it; above it on a list that ``growsUpward``).
    ///
    /// - Complexity: O(log *s*) for *s* sections with one-line rows, else O(log *n*).
    public func row(atLine screenLine: Int) -> Row? {
        let viewport = max(1, _frameState.viewportHeight)
        guard screenLine >= 0, screenLine < viewport else { return nil }
        let line = growsUpward ? viewport - 1 - screenLine : screenLine
        if let sticky = _stickyHeaderPlacement(), line >= sticky.line, line < sticky.line + sticky.height {
            return _layout.row(at: sticky.index)
        }
        return _layout.rowIndex(atLine: _clampedOffset(state.scrollOffset) + line).map { _layout.row(at: $0) }
    }

    /// The selected item, after clamping (an item the snapshot does not hold is no selection).
    /// O(1).
    public var selectedItem: ItemID? {
        guard let selection = state.selection, _layout.snapshot.contains(item: selection) else { return nil }
        return selection
    }

    // MARK: Scrolling (the selection stays where it is)

    /// Scrolls by whole lines, down for positive `count`; stops at either end. O(1).
    public func scroll(byLines count: Int) {
        let limit = _layout.numberOfLines + 1  // a larger count scrolls no further
        state.scrollOffset = _clampedOffset(_clampedOffset(state.scrollOffset) + min(max(count, -limit), limit))
    }

    /// Scrolls by whole pages (the area's height), down for positive `count`.
    public func scroll(byPages count: Int) {
        let limit = _layout.numberOfLines + 1
        scroll(byLines: min(max(count, -limit), limit) * max(1, _frameState.viewportHeight))
    }

    /// Scrolls to the first line.
    public func scrollToTop() { state.scrollOffset = 0 }

    /// Scrolls so the last line is on the bottom line.
    public func scrollToBottom() { state.scrollOffset = maximumScrollOffset }

    /// Scrolls an item into view at an anchor. Does nothing for an item the list does not hold.
    ///
    /// - Complexity: as ``scroll(toRow:anchor:)``: O(log *s*).
    public func scroll(to item: ItemID, anchor: ScrollAnchor = .nearest) {
        scroll(toRow: .item(item), anchor: anchor)
    }

    /// Scrolls any row (header, item, footer) into view at an anchor. Does nothing for a row
    /// the list does not hold.
    ///
    /// - Complexity: O(log *s*) for *s* sections to find the row, whatever the list's length.
    public func scroll(toRow row: Row, anchor: ScrollAnchor = .nearest) {
        guard _deferUntilFirstRender({ $0.scroll(toRow: row, anchor: anchor) }) else { return }
        guard let index = _layout.index(of: row) else { return }
        state.scrollOffset = _offset(revealing: index, anchor: anchor)
    }

    /// Before the first render the list does not know its height, so revealing a row cannot
    /// be computed yet: the request is kept and carried out at the start of the first render.
    /// Returns `true` when the caller may go on now.
    internal func _deferUntilFirstRender(_ request: @escaping (ListView) -> Void) -> Bool {
        if let rect = lastRenderedRect, !rect.isEmpty { return true }
        _pendingReveal = request
        return false
    }

    // MARK: Selection

    /// Selects an item (or nothing) and scrolls it into view at an anchor. An item the list
    /// does not hold selects nothing.
    ///
    /// - Complexity: O(log *s*) for *s* sections, as ``scroll(to:anchor:)``.
    public func select(_ item: ItemID?, anchor: ScrollAnchor = .nearest) {
        guard let item, _layout.snapshot.contains(item: item) else { state.selection = nil; return }
        state.selection = item
        _reveal(item: item, anchor: anchor)
    }

    /// Moves the selection and scrolls to keep it visible.
    ///
    /// - Complexity: O(log *s*) for *s* sections (a page move also looks up the rows on
    ///   screen), whatever the list's length.
    public func moveSelection(_ movement: SelectionMovement) {
        let snapshot = _layout.snapshot
        let count = snapshot.numberOfItems
        guard count > 0 else { state.selection = nil; return }
        let current = selectedItem.flatMap { snapshot.indexOfItem($0) }
        switch movement {
        case .next, .previous:
            let target: Int
            if let current {
                target = min(count - 1, max(0, current + (movement == .next ? 1 : -1)))
            } else {
                target = _visibleItemIndex(last: movement == .previous) ?? 0
            }
            select(snapshot[globalIndex: target])
        case .first:
            state.selection = snapshot[globalIndex: 0]
            scrollToTop()
            // On an area too short for the headers above it, the item is still what shows.
            _reveal(item: state.selection!, anchor: .nearest)
        case .last:
            state.selection = snapshot[globalIndex: count - 1]
            scrollToBottom()
            _reveal(item: state.selection!, anchor: .nearest)
        case .pageDown, .pageUp:
            let page = max(1, _frameState.viewportHeight) * (movement == .pageDown ? 1 : -1)
            let offset = _clampedOffset(state.scrollOffset)
            guard let current else {
                scroll(byLines: page)
                state.selection = _visibleItemIndex(last: false).map { snapshot[globalIndex: $0] }
                if let selection = state.selection { _reveal(item: selection, anchor: .nearest) }
                return
            }
            let row = _layout.rowIndex(ofItemAtGlobalIndex: current)
            let line = min(max(0, _layout.firstLine(ofRowAt: row) + page), _layout.numberOfLines - 1)
            let landed = _layout.rowIndex(atLine: line)!
            let target =
                _nearestItem(toRow: landed, forward: movement == .pageDown)
                ?? (movement == .pageDown ? count - 1 : 0)
            state.scrollOffset = _clampedOffset(offset + page)
            state.selection = snapshot[globalIndex: target]
            _reveal(item: state.selection!, anchor: .nearest)
        }
    }

    /// The global index of the item at row `row`, or the nearest item in a direction (then in
    /// the other) when the row is a header or footer.
    internal func _nearestItem(toRow row: Int, forward: Bool) -> Int? {
        var forwardRow = row, backwardRow = row
        while forwardRow < _layout.numberOfRows || backwardRow >= 0 {
            let first = forward ? forwardRow : backwardRow
            let second = forward ? backwardRow : forwardRow
            if let item = _layout.globalItemIndex(ofRowAt: first) { return item }
            if let item = _layout.globalItemIndex(ofRowAt: second) { return item }
            forwardRow += 1
            backwardRow -= 1
        }
        return nil
    }

    /// The global index of the first (or last) item whose row the user sees: it touches the
    /// area and is not wholly under the sticky header (else the first or last item touching it).
    internal func _visibleItemIndex(last: Bool) -> Int? {
        let rows = visibleRowIndices
        let ordered: [Int] = last ? rows.reversed() : Array(rows)
        // Lines at the top of the area the sticky header hides.
        let hidden = _clampedOffset(state.scrollOffset) + (_stickyHeaderPlacement().map { max(0, $0.line + $0.height) } ?? 0)
        var covered: Int?
        for row in ordered {
            guard let item = _layout.globalItemIndex(ofRowAt: row) else { continue }
            if _layout.firstLine(ofRowAt: row + 1) > hidden { return item }
            if covered == nil { covered = item }
        }
        return covered
    }

    // MARK: Internals

    internal func _clampedOffset(_ offset: Int) -> Int { min(max(0, offset), maximumScrollOffset) }

    /// Makes the state fit the content: offset in range, selection held by the snapshot.
    internal func _clampState() {
        state.scrollOffset = _clampedOffset(state.scrollOffset)
        if let selection = state.selection, !_layout.snapshot.contains(item: selection) { state.selection = nil }
    }

    /// Lines a sticky header covers above a row: the height of its section's header when
    /// headers stick and the row is not that header.
    internal func _stickyInset(forRowAt index: Int) -> Int {
        guard stickySectionHeaders, _layout.hasHeaders else { return 0 }
        let header = _layout.firstRowIndex(ofSectionAt: _layout.sectionIndex(ofRowAt: index))
        let height = _layout.height(ofRowAt: header)
        return header == index || height >= _frameState.viewportHeight ? 0 : height
    }

    /// The offset that shows row `index` at `anchor`, clamped.
    internal func _offset(revealing index: Int, anchor: ScrollAnchor) -> Int {
        let first = _layout.firstLine(ofRowAt: index)
        let height = _layout.height(ofRowAt: index)
        let viewport = max(1, _frameState.viewportHeight)
        let inset = min(_stickyInset(forRowAt: index), viewport - 1)
        let offset = _clampedOffset(state.scrollOffset)
        let target: Int
        switch anchor {
        case .top: target = first - inset
        case .bottom: target = first + height - viewport
        case .center: target = first - (viewport - height) / 2
        case .nearest:
            if first - inset < offset || height > viewport - inset {
                target = first - inset
            } else if first + height > offset + viewport {
                target = first + height - viewport
            } else {
                target = offset
            }
            if scrollMargin > 0 && height <= viewport - inset {
                return _offset(keepingMarginAround: first, height: height, inset: inset, from: _clampedOffset(target))
            }
        }
        return _clampedOffset(target)
    }

    /// `offset` moved, as fzf's `--scroll-off` moves it, so ``scrollMargin`` lines (at most
    /// half the area) show before the row at `first` (after the sticky header's `inset`), then
    /// after it; the lines after win when the area cannot hold both. Neither is forced when
    /// both are short, and the row stays in view.
    private func _offset(keepingMarginAround first: Int, height: Int, inset: Int, from offset: Int) -> Int {
        let viewport = max(1, _frameState.viewportHeight)
        let margin = min(scrollMargin, viewport / 2)
        let (lowest, highest) = (_clampedOffset(first + height - viewport), _clampedOffset(first - inset))
        var offset = offset
        for lookingBefore in [true, false] {
            while true {
                let before = first - inset - offset, after = offset + viewport - first - height
                if before < margin && after < margin { break }
                let next =
                    lookingBefore
                    ? (before < margin ? max(lowest, offset - 1) : offset) : (after < margin ? min(highest, offset + 1) : offset)
                if next == offset { break }
                offset = next
            }
        }
        return offset
    }

    /// Scrolls an item into view; the first item of a section brings its header along when
    /// there is room, so moving into a section shows the section's name.
    internal func _reveal(item: ItemID, anchor: ScrollAnchor) {
        guard _deferUntilFirstRender({ $0._reveal(item: item, anchor: anchor) }) else { return }
        guard let index = _layout.index(of: .item(item)) else { return }
        var offset = _offset(revealing: index, anchor: anchor)
        if anchor == .nearest, _layout.hasHeaders, !stickySectionHeaders, index > 0,
            _layout.globalItemIndex(ofRowAt: index - 1) == nil,
            _layout.firstLine(ofRowAt: index - 1) < offset,
            _layout.firstLine(ofRowAt: index + 1) - _layout.firstLine(ofRowAt: index - 1) <= max(1, _frameState.viewportHeight)
        {
            offset = _clampedOffset(_layout.firstLine(ofRowAt: index - 1))
        }
        state.scrollOffset = offset
    }

    /// Whether any line of an item's row is on screen, in a layout.
    internal func _isItemVisible(_ item: ItemID, in layout: ListLayout<SectionID, ItemID>) -> Bool {
        guard let index = layout.index(of: .item(item)) else { return false }
        let offset = min(max(0, state.scrollOffset), max(0, layout.numberOfLines - max(1, _frameState.viewportHeight)))
        let lines = layout.lines(ofRowAt: index)
        return lines.upperBound > offset && lines.lowerBound < offset + max(1, _frameState.viewportHeight)
    }

    /// The rows on screen now, each with how far its first line is below the top line
    /// (negative for a row cut by the top edge); empty when the list is at its top, which
    /// then stays at its top.
    internal func _anchorCandidates() -> [(row: Row, delta: Int)] {
        let offset = _clampedOffset(state.scrollOffset)
        guard offset > 0 else { return [] }
        return _layout.rows(touchingLines: offset ..< offset + max(1, _frameState.viewportHeight)).map {
            (_layout.row(at: $0), _layout.firstLine(ofRowAt: $0) - offset)
        }
    }

    /// Scrolls so the first surviving candidate row is where it was.
    internal func _restoreAnchor(_ candidates: [(row: Row, delta: Int)]) {
        for candidate in candidates {
            guard let index = _layout.index(of: candidate.row) else { continue }
            let first = _layout.firstLine(ofRowAt: index)
            if candidate.delta < 0 {
                state.scrollOffset = first + min(-candidate.delta, _layout.height(ofRowAt: index) - 1)
            } else {
                state.scrollOffset = first - candidate.delta
            }
            return
        }
    }
}

extension ListView {
    /// Applies `snapshot` as ``apply(_:animated:)`` does, and keeps the selected row on the
    /// screen line it was on while rows come and go around it (a filter typed or cleared, a
    /// run's new rows): the list scrolls under it instead of it scrolling away; then the
    /// selection is scrolled into view. What a person filtering or watching a list expects:
    /// the row they are looking at does not jump. A list scrolled to its top stays there
    /// instead, unless `keepsTheTop` is false, so rows that arrive above its first row are
    /// seen (the selection still scrolled into view).
    /// - Parameters:
    ///   - snapshot: The new content.
    ///   - animated: Whether the change animates.
    ///   - keepsTheTop: Whether a list at its top stays at its top: true for new content
    ///     (arrivals, an undone delete); false for a filter, whose cleared query brings the
    ///     rows back around the row being looked at, which keeps its line.
    /// - Complexity: as ``apply(_:animated:)``, plus O(log *n*) to find the row's line.
    package func applyKeepingSelectedLine(_ snapshot: Snapshot<SectionID, ItemID>, animated: Bool, keepsTheTop: Bool = true) {
        let selectionBefore = selectedItem
        let line = selectionBefore.flatMap { lineOnScreen(of: $0) }
        // At the top, the top stays: rows arriving above the first show (a new message, an
        // undone delete), as they would in a bare list.
        let atTop = keepsTheTop && min(state.scrollOffset, maximumScrollOffset) == 0
        apply(snapshot, animated: animated)
        guard let selection = selectedItem else { return }
        if atTop {
            state.scrollOffset = 0
        } else if selection == selectionBefore, let line, let index = layout.index(of: .item(selection)) {
            state.scrollOffset = max(0, layout.lines(ofRowAt: index).lowerBound - line)
            scroll(byLines: 0)  // clamps
        }
        scroll(to: selection)
    }

    /// The line of the list's area `item`'s row starts on, if it is on screen.
    private func lineOnScreen(of item: ItemID) -> Int? {
        guard viewportHeight > 0, let index = layout.index(of: .item(item)) else { return nil }
        let line = layout.lines(ofRowAt: index).lowerBound - min(state.scrollOffset, maximumScrollOffset)
        return (0 ..< viewportHeight).contains(line) ? line : nil
    }
}
