import TUIList

extension WatchModel {
    /// The run under way ended with `result` at `now`: schedules the next run, then keeps the
    /// run when the command answered (any exit code) and changed something, and shows it when
    /// the newest run is on screen; a failure also stops the runs (`-e`) and rings (`-b`).
    /// - Parameters:
    ///   - result: what the command did.
    ///   - startedAt: when the run started.
    ///   - now: when it ended (the program's clock).
    ///   - wallTime: when it ended, `HH:MM:SS`.
    mutating func finish(_ result: CommandResult, startedAt: Double, now: Double, wallTime: String) -> [WatchEffect] {
        runs.current = nil
        let previous = runs.last?.result
        runs.last = (result, wallTime)
        if let limit = options.exitWhenUnchanged {
            // procps's count: what the command printed, stdout and stderr, good run or bad.
            if previous == nil || (previous?.output == result.output && previous?.errors == result.errors) {
                if runs.unchanged >= limit { return [.quit(status: 0)] }
                runs.unchanged += 1
            } else {
                runs.unchanged = 0
            }
        }
        runs.nextRunAt = WatchSchedule.nextRun(
            started: startedAt, ended: now, interval: options.interval, precise: options.precise,
            origin: runs.gridOrigin ?? startedAt)
        var failed: [WatchEffect] = []
        if !result.succeeded {
            if options.exitOnError {
                // Stopped: the status line says why and that a key exits, so the filter being
                // typed closes (its query stays) rather than cover it.
                runs.isFrozen = true
                isEditingFilter = false
            }
            if options.beep { failed.append(.bell) }
        }
        // A run that answered shows what it printed, stdout and stderr, good or bad, as procps
        // watch's; one that could not start or timed out keeps the list on screen.
        guard result.answered else { return failed }
        var effects: [WatchEffect] = []
        var run = makeRun(result.shownText, wallTime: wallTime)
        run.exitCode = result.exitCode ?? 0
        if let previous = history.runs.last {
            // Rows kept whose line changed (identity decides: a row that only moved is not one).
            var changedRows: [String] = []
            for (id, line) in run.content {
                if let old = previous.content[id], old != line || previous.colors[id] != run.colors[id] {
                    changedRows.append(id)
                }
            }
            // No change: not a step of the history.
            guard !changedRows.isEmpty || run.header != previous.header || run.snapshot != previous.snapshot else {
                return failed
            }
            run.changedRows = changedRows
            if let differences = options.differences {
                if differences == .permanent {
                    for (id, marks) in previous.changed where run.content[id] != nil { run.changed[id] = marks }
                }
                for id in changedRows {
                    // Offsets in the line as drawn (aligned with --columns).
                    let marks = WatchDifferences.changedCharacters(old: previous.shown(id)!, new: run.shown(id)!)
                    run.changed[id, default: []].formUnion(marks)
                }
                // A row that came (an inserted line): all of it is new, as procps watch marks
                // the characters of a line that was not there.
                for (id, line) in run.drawnLines where previous.content[id] == nil {
                    run.changed[id] = WatchDifferences.changedCharacters(old: "", new: line)
                }
            }
            if let command = options.onChange {
                // A diff of its own (O(rows)): only when someone asked for the counts.
                let counts = Changeset(from: arranged(previous), to: arranged(run)).itemCounts
                let last = (added: counts.inserts, removed: counts.deletes, moved: counts.moves, changed: changedRows.count)
                lastCounts = last
                let environment = [
                    "TUILIST_ADDED": last.added, "TUILIST_REMOVED": last.removed, "TUILIST_MOVED": last.moved,
                    "TUILIST_CHANGED": last.changed,
                ].mapValues { "\($0)" }
                effects.append(.onChange(command: command, environment: environment))
            }
            if options.exitOnChange { effects.append(.quit(status: 0)) }
        }
        return effects + keep(run) + failed
    }

    /// Appends `run` to the history, drops the oldest runs past ``WatchOptions/historyLimit``
    /// and ``WatchOptions/historyRows`` (the newest is always kept), and shows what must be
    /// shown: the new run when the newest was on screen, the oldest kept when the run on
    /// screen was dropped; else the run on screen keeps its place.
    private mutating func keep(_ run: WatchRun) -> [WatchEffect] {
        let old = history.shown
        let following = history.isFollowing
        history.runs.append(run)
        var dropped = max(0, history.runs.count - options.historyLimit)
        var rowCount = history.runs.dropFirst(dropped).reduce(0) { $0 + $1.snapshot.numberOfItems }
        while rowCount > options.historyRows && dropped < history.runs.count - 1 {
            rowCount -= history.runs[dropped].snapshot.numberOfItems
            dropped += 1
        }
        history.runs.removeFirst(dropped)
        if following {
            history.position = history.runs.count - 1
            return [.show(rows(from: old, animated: history.runs.count > 1))]
        } else if history.position >= dropped {
            // The run on screen keeps its place; older ones went.
            history.position -= dropped
            return []
        } else {
            // The run on screen itself was dropped: show the oldest one kept.
            history.position = 0
            return [.show(rows(from: old, animated: true))]
        }
    }

    /// A run of `output` (its header, rows, identities, colours, aligned columns), numbered one
    /// more than the newest run kept. Updates the column widths (`--columns`) and the rows
    /// the next run's lines are aligned with (`-d`), kept or not.
    private mutating func makeRun(_ output: String, wallTime: String) -> WatchRun {
        // LineSplitter splits the bytes: splitting the String would walk grapheme clusters
        // (a fifth of a 50,000-line watch's CPU, perf) and keep "\r\n" (one Character) whole.
        let lines = LineSplitter.lines(of: output)
        var header = Array(lines.prefix(options.headerLines))
        var rows = Array(lines.dropFirst(options.headerLines))
        var colors: [Int: ANSIText] = [:]
        let tabStop = options.tabStop
        if options.color {
            // The rows' plain text is what identity, sort, filter and -d read.
            for (index, line) in rows.enumerated() where line.utf8.contains(0x1B) {
                let text = ANSIText(parsing: line).expandingTabs(tabStop: tabStop)
                if !options.columns { colors[index] = text }
                rows[index] = text.plain
            }
            header = header.map { ANSIText.stripping($0) }
        }
        // Tabs reach the next stop, as a terminal draws them (the coloured rows have none left).
        for index in rows.indices where rows[index].utf8.contains(9) {
            rows[index] = TerminalText.expandingTabs(in: rows[index], tabStop: tabStop)
        }
        header = header.map { TerminalText.expandingTabs(in: $0, tabStop: tabStop) }
        let ids = identities(of: rows)
        var alignedRows: [String] = []
        if options.columns {
            // The rows show aligned; identity and everything else read them as printed. Widths
            // only grow while watch runs, so a narrower run does not shift every row back.
            let (aligned, widths) = LineColumns.align(
                header + rows, headerLines: header.count, atLeast: history.columnWidths)
            history.columnWidths = widths
            header = Array(aligned.prefix(header.count))
            alignedRows = Array(aligned.dropFirst(header.count))
        }
        var snapshot = Snapshot<String, String>()
        var content: [String: String] = [:]
        content.reserveCapacity(rows.count)
        if let field = options.groupBy, let fields = try? LineFields("\(field)", option: "--group-by") {
            // The picker's grouping (a line without the field is in the group ""): sections in
            // order of first appearance, rows in the command's order (or the sort's).
            let groups = LineGroups(by: fields)
            var group: [String: String] = [:]
            for (id, line) in zip(ids, rows) {
                content[id] = line
                group[id] = groups.name(of: line)
            }
            snapshot = Snapshot(grouping: ids) { group[$0]! }
        } else {
            snapshot.appendSections([""])
            snapshot.appendItems(ids, toSection: "")
            for (id, line) in zip(ids, rows) { content[id] = line }
        }
        let number = (history.runs.last?.number ?? 0) + 1
        var run = WatchRun(wallTime: wallTime, header: header, snapshot: snapshot, content: content, number: number)
        for (index, text) in colors { run.colors[ids[index]] = text }
        for (id, line) in zip(ids, alignedRows) { run.aligned[id] = line }
        run.columnWidths = history.columnWidths
        return run
    }

    /// One identity per row. With `-d` and no `--key`, a row continues the line of the previous
    /// run that a line diff aligns it with (``WatchLineAlignment``): an equal line, or a line
    /// changed in place, keeps its row, so its changed characters are highlighted and it is not
    /// faded out and in; a line that came is a new row. Otherwise, the ``LineKeyer``'s.
    /// - Complexity: O(rows) hashing, plus the alignment's cost.
    private mutating func identities(of rows: [String]) -> [String] {
        let previousRows = history.previousRows
        guard options.differences != nil, options.key == .wholeLine, !previousRows.ids.isEmpty else {
            let ids = keyer.identities(of: rows)
            if options.differences != nil, options.key == .wholeLine { history.previousRows = (ids, rows) }
            return ids
        }
        let continued = WatchLineAlignment.align(old: previousRows.lines, new: rows)
        var ids = [String](repeating: "", count: rows.count)
        var taken = Set<String>(minimumCapacity: rows.count)
        for (index, old) in continued.enumerated() {
            guard let old else { continue }
            ids[index] = previousRows.ids[old]
            taken.insert(ids[index])
        }
        // A line that came takes its own text (numbered if that is taken), never the identity
        // of a row of the previous run: it is an insert, not that row's update.
        let previous = Set(previousRows.ids)
        for (index, old) in continued.enumerated() where old == nil {
            var id = rows[index], count = 1
            while taken.contains(id) || previous.contains(id) {
                count += 1
                id = "\(rows[index])\u{0}\(count)"
            }
            ids[index] = id
            taken.insert(id)
        }
        history.previousRows = (ids, rows)
        return ids
    }
}
