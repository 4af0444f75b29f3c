// Binding cells to rows: dequeue for a row, configure on demand, give back when off screen.

extension ListView {
    /// Called by ``ListCellContext/dequeue(_:style:)``.
    internal func _dequeue<Cell: ListCell>(_ type: Cell.Type, style: String, for row: Row, measuring: Bool) -> Cell {
        let identifier = ReuseIdentifier(type: type, style: style)
        if measuring {
            let cell = _cells.sizingCells[identifier] ?? reusePool._makeUncounted(identifier, orMake: { Cell() })
            _cells.sizingCells[identifier] = cell
            cell.prepareForReuse()
            return _cast(cell, identifier)
        }
        if let bound = _bound[row] {
            if bound.identifier == identifier, let cell = bound.cell as? Cell { return cell }
            _release(row, bound)
        }
        if let pending = _cells.pendingDequeue, let pendingIdentifier = pending.identifier {
            reusePool.enqueue(pending.cell, identifier: pendingIdentifier)
        }
        let cell = reusePool.dequeue(type, style: style)
        _cells.pendingDequeue = _BoundCell(
            cell: cell, identifier: identifier, generation: _frameState.generation, frame: _frameState.number)
        return cell
    }

    private func _cast<Cell: ListCell>(_ cell: any ListCell, _ identifier: ReuseIdentifier) -> Cell {
        guard let typed = cell as? Cell else {
            preconditionFailure("the factory registered for \(identifier) made a cell of another type")
        }
        return typed
    }

    /// Runs the provider of a row. When not measuring, binds the returned cell to the row.
    internal func _configure(_ row: Row, width: Int, measuring: Bool) -> any ListCell {
        let context = Context(row: row, width: width, isMeasuring: measuring, _list: self)
        _cells.pendingDequeue = nil
        let cell: any ListCell
        switch row {
        case .item(let item): cell = _cellProvider(context, item)
        case .header(let section): cell = _headerProvider(context, section)
        case .footer(let section): cell = (_footerProvider ?? _headerProvider)(context, section)
        }
        guard !measuring else { return cell }
        let pending = _cells.pendingDequeue
        _cells.pendingDequeue = nil
        if let pending, pending.cell === cell {
            _bound[row] = pending
        } else {
            // A cell dequeued and not used goes back; a cell the provider made itself is kept
            // for the row but never pooled.
            if let pending, let identifier = pending.identifier { reusePool.enqueue(pending.cell, identifier: identifier) }
            if let bound = _bound[row], bound.cell === cell {
                _bound[row]!.generation = _frameState.generation
                _bound[row]!.frame = _frameState.number
            } else {
                if let bound = _bound[row] { _release(row, bound) }
                _bound[row] = _BoundCell(
                    cell: cell, identifier: nil, generation: _frameState.generation, frame: _frameState.number)
            }
        }
        return cell
    }

    /// The row's cell, configured in the current generation; marks it drawn in this frame.
    ///
    /// A row the layout no longer holds (a deleted row fading out) keeps the cell it had, as it
    /// was: the provider is never asked for it. Without one it is not drawn (`nil`).
    internal func _cell(for row: Row) -> (any ListCell)? {
        if let bound = _bound[row], bound.generation == _frameState.generation {
            if bound.frame != _frameState.number { _bound[row]!.frame = _frameState.number }
            return bound.cell
        }
        if _layout.index(of: row) == nil {
            guard _bound[row] != nil else { return nil }
            _bound[row]!.frame = _frameState.number
            return _bound[row]!.cell
        }
        return _configure(row, width: _frameState.contentWidth, measuring: false)
    }

    /// Gives a row's cell back to its pool and unbinds it.
    internal func _release(_ row: Row, _ bound: _BoundCell) {
        _bound[row] = nil
        if let identifier = bound.identifier { reusePool.enqueue(bound.cell, identifier: identifier) }
    }

    /// Gives back the cells of rows not drawn in the current frame.
    internal func _releaseCellsNotDrawn() {
        _staleRows.removeAll(keepingCapacity: true)
        for (row, bound) in _bound where bound.frame != _frameState.number { _staleRows.append(row) }
        for row in _staleRows { _release(row, _bound[row]!) }
    }

    /// The state a row is drawn with.
    internal func _cellState(for row: Row) -> CellState {
        guard case .item(let item) = row else { return CellState(isFocused: isFocused) }
        return CellState(
            isSelected: item == state.selection, isFocused: isFocused,
            isMarked: !markedItems.isEmpty && markedItems.contains(item))
    }

    /// The number of rows that hold a cell now.
    var rowsWithCells: Int { _bound.count }

    /// The cell a row holds now, if it is on screen (for tests and debugging).
    func cellIfPresent(for row: Row) -> (any ListCell)? { _bound[row]?.cell }
}
