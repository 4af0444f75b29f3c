// Drawing a frame: visible rows, each at a line given by a function of the layout, then the
// sticky header and the scrollbar.

extension ListView {
    /// Draws the list into the whole canvas. See ``render(into:rect:)``.
    ///
    /// - Complexity: as ``render(into:rect:)``: O(rows on screen + cells of the canvas),
    ///   whatever the list's length.
    public func render(into canvas: inout Canvas) {
        render(into: &canvas, rect: canvas.bounds)
    }

    /// Draws the list into an area of a canvas.
    ///
    /// Clamps ``state`` to the content, clears the area, gives cells to the rows that touch the
    /// area (the provider runs only for rows that had none, or after an apply), draws them,
    /// then gives back the cells of rows that left the area.
    ///
    /// - Complexity: O(rows on screen + cells of the area), whatever the list's length
    ///   (O(log *n*) to find the first row when rows are taller than one line).
    public func render(into canvas: inout Canvas, rect: Rect) {
        let area = rect.intersection(canvas.bounds)
        lastRenderedRect = area
        guard !area.isEmpty else { _flags.lastRenderWasMidTransition = false; return }
        let barShown = showsScrollbar && area.width >= 2 && _layout.numberOfLines > area.height
        let content = Rect(x: area.x, y: area.y, width: area.width - (barShown ? 1 : 0), height: area.height)
        _flags.isRendering = true
        defer {
            _flags.isRendering = false
            if _flags.restNoticedWhileRendering { _flags.restNoticedWhileRendering = false; _noticeRest() }
        }
        let resized = _frameState.viewportHeight != area.height
        if resized, _animator.isAnimating { _animator.finish() }  // resized: jump to the end
        _frameState.viewportHeight = area.height
        // A new height keeps the selection in view (a terminal resize must not hide it).
        if resized, _pendingReveal == nil, let selection = state.selection { _reveal(item: selection, anchor: .nearest) }
        if content.width != _frameState.contentWidth {
            _frameState.contentWidth = content.width
            if case .uniform = rowSizing {} else { _relayoutKeepingAnchor() }  // heights depend on width
        }
        if let request = _pendingReveal {
            _pendingReveal = nil
            request(self)
        }
        _clampState()
        _frameState.number &+= 1
        _startPendingTransition()
        let animating = _animator.isAnimating
        _flags.lastRenderWasMidTransition = animating
        if !animating && !_animatedRows.isEmpty { _animatedRows.removeAll(keepingCapacity: true) }
        if !animating { _transition.old = nil }

        if animating {
            let offset = state.scrollOffset
            _collectFrameRows(offset: offset, height: content.height)
            // The sticky header, where the frame puts it.
            let sticky = _frameStickyHeader
            if let sticky, _bound[sticky.row] != nil { _bound[sticky.row]!.frame = _frameState.number }
            _releaseCellsNotDrawn()
            // Rows clear the lines they cover; clear the gaps between them (lines opening,
            // closing, or left by a row fading out).
            _frameState.coveredLines.removeAll(keepingCapacity: true)
            _frameState.coveredLines.append(contentsOf: repeatElement(false, count: content.height))
            for entry in _frameRows {
                for line in max(0, entry.line) ..< min(content.height, entry.line + entry.height) {
                    _frameState.coveredLines[line] = true
                }
            }
            for line in 0 ..< content.height where !_frameState.coveredLines[line] {
                canvas.clear(
                    Rect(x: content.x, y: content.y + _screenLine(line, height: 1, in: content), width: content.width, height: 1))
            }
            for entry in _frameRows {
                _drawRow(
                    entry.row, height: entry.height, atLine: entry.line, in: content,
                    overlay: _overlay(for: entry.appearance), canvas: &canvas)
            }
            if let sticky {
                _drawRow(sticky.row, height: sticky.height, atLine: sticky.line, in: content, canvas: &canvas)
            }
        } else if _layout.snapshot.isEmpty {
            _releaseCellsNotDrawn()
            canvas.clear(area)
            EmptyStateView(text: emptyText, style: _looks.emptyStyle).draw(into: &canvas, rect: content)
        } else {
            let offset = state.scrollOffset
            let sticky = _stickyHeaderPlacement()
            // The layout read once: in this generic class (unspecialized in an app's module) each
            // read of the stored property copies the struct, a retain of each of its buffers.
            let layout = _layout
            // First keep the cells of rows still on screen and give back the others, so rows
            // coming into view reuse them: a page scroll needs no more cells than a screenful.
            _visibleRows.removeAll(keepingCapacity: true)
            _visibleIndices.removeAll(keepingCapacity: true)
            for index in layout.rows(touchingLines: offset ..< offset + content.height) {
                _visibleRows.append(layout.row(at: index))
                _visibleIndices.append(index)
            }
            let stickyRow = sticky.map { layout.row(at: $0.index) }
            // (One hash a row: the index found, the value changed through it.)
            var kept = 0
            for row in _visibleRows {
                guard let index = _bound.index(forKey: row) else { continue }
                _bound.values[index].frame = _frameState.number
                kept += 1
            }
            if let stickyRow, let index = _bound.index(forKey: stickyRow) {
                _bound.values[index].frame = _frameState.number
                if !_visibleRows.contains(stickyRow) { kept += 1 }
            }
            // Every bound row still on screen (a scroll by a line or less, most frames): none to give back.
            if kept < _bound.count { _releaseCellsNotDrawn() }
            for position in _visibleRows.indices {
                let row = _visibleRows[position], index = _visibleIndices[position]
                _drawRow(
                    row, height: layout.height(ofRowAt: index),
                    atLine: layout.firstLine(ofRowAt: index) - offset, in: content, canvas: &canvas)
            }
            if let sticky, let stickyRow {
                _drawRow(stickyRow, height: sticky.height, atLine: sticky.line, in: content, canvas: &canvas)
            }
            // Rows cleared the lines they cover; clear the lines past the last one.
            let end = max(0, layout.numberOfLines - offset)
            if end < content.height {
                let rest = content.height - end
                canvas.clear(
                    Rect(
                        x: content.x, y: content.y + _screenLine(end, height: rest, in: content), width: content.width,
                        height: rest))
            }
        }
        // (Rows drawn above only took cells marked as drawn in this frame: none left to give back.)
        if area.width > content.width {
            canvas.clear(Rect(x: content.maxX, y: area.y, width: area.width - content.width, height: area.height))
        }
        if barShown { _drawScrollbar(x: area.maxX - 1, area: area, canvas: &canvas) }
        _checkInvariants()
    }

    /// The line of the content area where lines `line ..< line + height` of the list's order
    /// (0 is the first line shown) begin on the screen: the same, or counted from the bottom
    /// when the list ``growsUpward``.
    internal func _screenLine(_ line: Int, height: Int, in content: Rect) -> Int {
        growsUpward ? content.height - line - height : line
    }

    /// Draws one row with its cell at a line of the content area (0 is its first line, the top
    /// one or, when the list ``growsUpward``, the bottom one; the row may stick out at either
    /// end and is clipped), optionally with a style laid over it.
    ///
    /// This is the one place a row reaches the canvas, so a transition can draw any row at any
    /// line with an overlay.
    internal func _drawRow(
        _ row: Row, height: Int, atLine line: Int, in content: Rect,
        overlay: Style? = nil, canvas: inout Canvas
    ) {
        let y = content.y + _screenLine(line, height: height, in: content)
        let rowRect = Rect(x: content.x, y: y, width: content.width, height: height)
        let visible = rowRect.intersection(content)
        guard !visible.isEmpty, let cell = _cell(for: row) else { return }
        let cellState = _cellState(for: row)
        canvas.clear(visible)
        if visible == rowRect {
            cell.draw(into: &canvas, rect: rowRect, state: cellState)
        } else {
            // Cut by an edge: draw whole on a scratch canvas, then copy the visible lines.
            var scratch = Canvas(width: content.width, height: height)
            cell.draw(into: &scratch, rect: scratch.bounds, state: cellState)
            for y in visible.y ..< visible.maxY {
                let source = y - rowRect.y
                for x in 0 ..< content.width {
                    let piece = scratch[x, source]
                    guard !piece.isContinuation else { continue }
                    canvas.draw(piece.text, x: content.x + x, y: y, style: piece.style, clip: content, truncation: .clip)
                }
            }
        }
        if let overlay {
            canvas.restyle(visible) { $0 = $0.overlaid(with: overlay) }
        }
        // The terminal's cursor rests on the selected row, where assistive tech looks.
        if cellState.isSelected { canvas.cursor = CanvasPoint(x: visible.x, y: visible.y) }
    }

    /// Where the sticky header goes: the header of the section of the top line, when its own
    /// row has scrolled above the top; pushed up by the next section's header as it arrives.
    internal func _stickyHeaderPlacement() -> (index: Int, line: Int, height: Int)? {
        guard stickySectionHeaders else { return nil }
        return Self._stickyHeaderPlacement(
            in: _layout, offset: _clampedOffset(state.scrollOffset), viewport: _frameState.viewportHeight)
    }

    /// Where the sticky header of a layout shown at an offset goes (see above).
    internal static func _stickyHeaderPlacement(
        in layout: ListLayout<SectionID, ItemID>, offset: Int, viewport: Int
    ) -> (index: Int, line: Int, height: Int)? {
        guard layout.hasHeaders, !layout.snapshot.isEmpty, let top = layout.rowIndex(atLine: offset) else { return nil }
        let section = layout.sectionIndex(ofRowAt: top)
        let header = layout.firstRowIndex(ofSectionAt: section)
        guard layout.firstLine(ofRowAt: header) < offset else { return nil }
        let height = layout.height(ofRowAt: header)
        guard height < viewport else { return nil }  // no room for anything under it
        var line = 0
        if section + 1 < layout.snapshot.numberOfSections {
            let next = layout.firstLine(ofRowAt: layout.firstRowIndex(ofSectionAt: section + 1)) - offset
            line = min(0, next - height)
        }
        return (header, line, height)
    }

    internal func _drawScrollbar(x: Int, area: Rect, canvas: inout Canvas) {
        let track = area.height
        let lines = max(1, _layout.numberOfLines)
        let thumb = max(1, min(track, (track * track + lines / 2) / lines))
        let range = max(1, _layout.numberOfLines - track)
        let fromStart = (track - thumb) * min(state.scrollOffset, range) / range
        let start = growsUpward ? track - thumb - fromStart : fromStart
        let (thumbGlyph, trackGlyph) = scrollbarGlyphs
        canvas.fill(Rect(x: x, y: area.y, width: 1, height: track), with: trackGlyph ?? " ", style: _looks.scrollbarTrackStyle)
        canvas.fill(Rect(x: x, y: area.y + start, width: 1, height: thumb), with: thumbGlyph, style: _looks.scrollbarThumbStyle)
    }
}
