import TUIList

extension WatchModel {
    /// Takes one message at time `now` (the program's clock) and returns what the app must do,
    /// in order. The only place the model changes.
    /// - Parameters:
    ///   - message: what happened.
    ///   - now: the program clock's time (a ``ManualClock``'s in tests).
    /// - Returns: the effects, in the order they must run.
    /// - Complexity: a run's result: O(rows of the run) plus its alignment (`-d`) or diff
    ///   (`--on-change`); a step through the runs: O(rows changed) for the usual step, else
    ///   O(rows); a tick: O(1).
    package mutating func update(_ message: WatchMessage, now: Double) -> [WatchEffect] {
        switch message {
        case .start:
            runs.nextRunAt = now
            return startRunIfDue(now: now)
        case .tick:
            return startRunIfDue(now: now)
        case .runFinished(let number, let result, let wallTime):
            // Only the run under way has a result to give; a late or repeated one is dropped.
            guard let current = runs.current, current.number == number else { return [] }
            return finish(result, startedAt: current.startedAt, now: now, wallTime: wallTime)
        case .action(let action):
            return perform(action, now: now)
        case .filterEdited(let prompt):
            let changed = prompt.query != filter.query
            filter = prompt
            return changed ? [.filterRows] : []
        }
    }

    /// Starts the next run when it is due: not paused, none under way, not stopped (`-e`),
    /// and `now` has reached its time (within a nanosecond, for a clock's rounding).
    private mutating func startRunIfDue(now: Double) -> [WatchEffect] {
        guard !runs.isPaused, !isRunning, !runs.isFrozen, now + 1e-9 >= runs.nextRunAt else { return [] }
        runs.started += 1
        runs.current = (runs.started, now)
        if runs.gridOrigin == nil { runs.gridOrigin = now }
        return [.run(number: runs.started, command: options.command, timeout: options.timeout)]
    }

    /// Does a key's action (the list's moves are the app's).
    private mutating func perform(_ action: WatchAction, now: Double) -> [WatchEffect] {
        switch action {
        case .togglePause:
            runs.isPaused.toggle()
            if !runs.isPaused { runs.nextRunAt = min(runs.nextRunAt, now) }
            return []
        case .olderRun:
            guard history.position > 0 else { return [] }
            return step(to: history.position - 1)
        case .newerRun:
            guard history.position + 1 < history.runs.count else { return [] }
            return step(to: history.position + 1)
        case .newestRun:
            guard history.position + 1 < history.runs.count else { return [] }
            return step(to: history.runs.count - 1)
        case .nextSortField:
            return setSort(field: (sort?.field ?? 0) + 1, descending: sort?.descending ?? false)
        case .previousSortField:
            return setSort(field: (sort?.field ?? 1) - 1, descending: sort?.descending ?? false)
        case .reverseSort:
            return setSort(field: sort?.field ?? 1, descending: !(sort?.descending ?? false))
        case .scrollLeft: return scroll(by: -WatchModel.scrollStep)
        case .scrollRight: return scroll(by: WatchModel.scrollStep)
        case .quit: return [.quit(status: 0)]
        case .toggleHelp:
            showsHelp.toggle()
            return []
        case .startFilter:
            isEditingFilter = true
            filter.prompt.moveCursor(to: filter.query.count)
            return []
        case .filterCommit:
            isEditingFilter = false
            return []
        case .clearFilter, .filterCancel:
            isEditingFilter = false
            guard !filter.query.isEmpty else { return [] }
            filter.query = ""
            return [.filterRows]
        case .list: return []  // the list's selection
        }
    }

    /// Shows the run at `position`, animated from the one on screen.
    private mutating func step(to position: Int) -> [WatchEffect] {
        let old = history.shown
        history.position = position
        return [.show(rows(from: old, animated: true))]
    }

    /// Columns one Shift-← → scrolls by (`--no-wrap`).
    package static let scrollStep = 8

    /// `--no-wrap`: scrolls every row sideways by `columns`, no further left than their start
    /// and no further right than the last column of the longest row on screen.
    /// - Complexity: O(characters of the rows of the run on screen), to find the longest.
    private mutating func scroll(by columns: Int) -> [WatchEffect] {
        guard let run = history.shown else { return [] }
        let longest = run.snapshot.itemIdentifiers.reduce(0) { max($0, TerminalText.columns(of: run.shown($1) ?? "")) }
        let target = max(0, min(firstColumn + columns, longest - 1))
        guard target != firstColumn else { return [] }
        firstColumn = target
        // The cells on screen are configured again, so they draw from the new column.
        return [.redrawRows]
    }

    /// Sorts by `field` (wrapping over the fields of the rows on screen) and shows it, animated.
    private mutating func setSort(field: Int, descending: Bool) -> [WatchEffect] {
        let count = max(1, fieldCount)
        let wrapped = field > count ? 1 : field < 1 ? count : field
        sort = WatchSort(field: wrapped, descending: descending)
        guard history.shown != nil else { return [] }
        return [.show(rows(from: history.shown, animated: true))]
    }

    /// The most fields a row on screen has (the first 100 rows are read).
    private var fieldCount: Int {
        guard let run = history.shown else { return 1 }
        return run.snapshot.itemIdentifiers.prefix(100).map {
            (run.content[$0] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).count
        }.max() ?? 1
    }

    /// The rows of the run at ``History/position``, sorted, with the rows that differ from
    /// `old` (the run on screen before; nil when there was none) marked changed: same
    /// identity, another line, highlight (`-d`) or colours.
    /// - Complexity: O(rows changed) when `old` is the run kept just before (the usual step),
    ///   else O(rows).
    package func rows(from old: WatchRun?, animated: Bool) -> WatchListRows {
        let run = history.runs[history.position]
        let snapshot = arranged(run)
        let drawn = old?.drawnLines ?? [:]
        func isChanged(_ id: String) -> Bool {
            guard let old, let line = drawn[id] else { return false }
            return line != run.shown(id) || old.changed[id] != run.changed[id] || old.colors[id] != run.colors[id]
        }
        let changed: [String]
        if let old, history.position > 0, history.runs[history.position - 1].number == old.number,
            history.runs[history.position - 1].columnWidths == run.columnWidths
        {
            // The run before is on screen (the usual step): only the rows found changed, and
            // those with a highlight or colours, can differ; not a look-up per row.
            var candidates = Set(run.changedRows)
            candidates.formUnion(old.changed.keys)
            candidates.formUnion(run.changed.keys)
            candidates.formUnion(old.colors.keys)
            candidates.formUnion(run.colors.keys)
            changed = candidates.filter { id in run.content[id] != nil && isChanged(id) }
        } else {
            changed = snapshot.itemIdentifiers.filter(isChanged)
        }
        return WatchListRows(snapshot: snapshot, changed: changed, animated: animated, header: run.header)
    }

    /// `run`'s rows in the order shown (sorted, not filtered).
    package func arranged(_ run: WatchRun) -> Snapshot<String, String> {
        guard let sort else { return run.snapshot }
        var snapshot = Snapshot<String, String>()
        for section in run.snapshot.sectionIdentifiers {
            snapshot.appendSections([section])
            snapshot.appendItems(
                sort.ordered(run.snapshot.itemIdentifiers(inSection: section), content: run.content), toSection: section)
        }
        return snapshot
    }
}
