import TUIList

// The lines: reading them in, searching them, giving the list its snapshot.

extension PickerApp {
    /// The snapshot of every line, delivered by the builder.
    struct AllLines: Sendable {
        let snapshot: Snapshot<Int, Int>
    }

    /// Asks the builder to catch up with the lines read, and to deliver its snapshot when the
    /// input has ended, or a second (by the program's clock) after the last delivery (a slow
    /// producer's lines).
    func requestAllLines(now force: Bool = false) {
        guard model.rows.builder.isStarted, let runtime else { return }
        let now = runtime.clock.now
        let deliver = force || model.input.finished || now - model.rows.delivered >= 1
        if deliver { model.rows.delivered = now }
        model.rows.builder.extend(to: model.input.count, deliverOn: deliver ? runtime.allLinesJob : nil) {
            AllLines(snapshot: $0)
        }
    }

    /// A search's result, from the background (the newest search's: the search job drops the others).
    struct SearchResult: Sendable {
        let found: FilterMatches
        let order: [Int32]
        /// Whether the list animates to it (not for a typed query: ``setQuery(_:)``).
        let animated: Bool
    }
    /// Adds `batches` to the lines (and their rows, after a `reload`), then shows them when due.
    func absorb(_ batches: [LineBatch], finished: Bool, error: String?, in program: Program) {
        let wasFinished = model.input.finished
        let firstNew = model.input.index.count
        model.input.finished = finished
        model.input.readError = error
        for batch in batches {
            guard model.input.index.hasRoomForText else {
                // About 2 GiB of lines: the rest is not read (the reader waits, and with it the
                // producer), and the count says why.
                model.input.readError = "input too large: lines after \(model.input.index.count) not read"
                break
            }
            model.input.header += batch.header
            model.input.keptLines += batch.lines
            model.input.rawLines += batch.rawLines
            model.input.shownLengths += batch.shownLengths
            let first = model.input.index.count
            model.input.index.append(contentsOf: batch.index, shiftingIdentifiersBy: batch.firstLine)
            if model.input.identities != nil {
                for slot in first ..< model.input.index.count {
                    let line = model.input.line(atSlot: slot)
                    model.input.identities!.add(line)
                }
            }
        }
        if !batches.isEmpty { model.search.due = true }
        measureLines()
        measureRowsOnceALineHoldsABreak(from: firstNew)
        if !batches.isEmpty || (finished && !wasFinished) { requestAllLines() }
        showIfDue(in: program)
        if finished && !wasFinished && batches.isEmpty && isReady && !model.events.loadFired && runtime != nil
            && (model.search.matches != nil || list.snapshot().numberOfItems == model.input.index.count)
        {
            // (The input ended after its lines were shown, searched: fzf's `load` now, with no
            // new result to bring it. A list still waiting for its lines, or a picker not
            // started, whose `start` comes first, fires it with the result.)
            model.events.noteLoad()
        }
        checkAutoExit(in: program)
    }

    /// Whether every line is read and the query in force searched (fzf's `load`).
    var isReady: Bool { model.input.finished && !model.search.due && !searchInFlight }

    /// Under `--read0`, once a line holds a line break, rows take a line per line of theirs
    /// (``LineCell/lineCount(of:)``), as fzf draws multi-line items; until then (and without
    /// `--read0`) every row is one line, the list's fast path.
    /// - Complexity: O(bytes of the lines from `slot` on) until a break is found; then the
    ///   list measures every row on each apply, O(*n*).
    func measureRowsOnceALineHoldsABreak(from slot: Int) {
        guard options.separator == 0, !model.rows.holdLineBreaks else { return }
        guard (slot ..< model.input.index.count).contains(where: { line(atSlot: $0).utf8.contains(0x0A) }) else { return }
        model.rows.holdLineBreaks = true
        updateRowSizing()
    }

    /// How high the rows are now (``updateRowSizing()``).
    func rowSizing() -> ListView<Int, Int>.RowSizing {
        if let wrap = model.wrap {
            let wrapping = (options.wrapSign, wrap.atWords)
            let plain = options.withNth == nil && !options.columns
            return .custom { [weak self] row, width in
                guard case .item(let number) = row, let self else { return 1 }
                if plain {
                    // (A line of no more bytes than the text's columns fits: each character
                    // takes at least as many bytes as columns, but a tab.)
                    let bytes = self.line(number).utf8
                    if bytes.count <= LineCell.textColumns(inRowOf: width) && !bytes.contains(9) { return 1 }
                }
                let row = self.row(number, matching: false, coloring: false)
                let text = PickerRowText(title: row.title, colored: nil, matched: [], tabStop: self.options.tabStop)
                return LineCell.lineCount(of: text.title, width: width, wrap: wrapping)
            }
        }
        guard model.rows.holdLineBreaks else { return .uniform }
        return .custom { [weak self] row, _ in
            guard case .item(let number) = row, let self else { return 1 }
            return LineCell.lineCount(of: self.line(number))
        }
    }

    /// How high the rows are: a line each (the list's fast path), or a line per line of a
    /// multi-line item (``measureRowsOnceALineHoldsABreak(from:)``), or, under `--wrap`, as
    /// many as the wrapped line takes at the list's width (``LineCell/lineCount(of:width:wrap:)``,
    /// measured on the row's text as drawn). The list is laid out again.
    /// - Complexity: O(*n*) per apply while rows are measured.
    func updateRowSizing() {
        list.rowSizing = rowSizing()
        let selected = list.state.selection
        list.apply(list.snapshot())
        if let selected { list.select(selected) }
    }

    /// Puts the lines of a `reload` in place of the old ones, in one step: `rows` says which
    /// row each new line is (an old line's when its key is back, so it slides to its new
    /// place); the selection and the marks stay on their lines while they are there.
    func replaceLines(
        from newInbox: LineInbox, _ batches: [LineBatch], finished: Bool, error: String?, rows: RowIdentities,
        selection: Int?, in program: Program
    ) {
        inbox.close()
        inbox = newInbox
        runtime?.searchJob.cancel()
        model.input.index = FilterIndex(storingText: true)
        (
            model.input.keptLines, model.input.rawLines, model.input.header, model.search.matches, model.search.lastMatches,
            model.rows.allLines
        ) = ([], [], [], nil, nil, nil)
        model.input.shownLengths = []
        model.search.recent = []  // (a new index: its versions and slots start again)
        model.search.excluded = []
        model.rows.listShowsAllLines = false
        model.fieldLayout.linesReplaced()
        model.rows.builder = AllLinesBuilder()
        runtime?.allLinesJob.cancel()  // (a build of the old lines)
        model.input.identities = rows
        model.input.finished = false
        model.events.loadFired = false
        model.outcome.autoExitChecked = true  // (`-1` and `-0` are for the first input)
        model.search.selectsBestMatch = false
        absorb(batches, finished: finished, error: error, in: program)
        model.search.due = false
        model.search.lastShown = program.clock.now
        search(animated: true)
        if searchInFlight {
            // Many lines, searched in the background: until the result comes, the rows shown
            // that are still lines (the others are gone).
            let kept = list.snapshot().itemIdentifiers.filter { model.input.identities?.slots[$0] != nil }
            list.apply(rowsSnapshot(kept.map { Int32(slot(of: $0)) }), animated: false)  // (in their groups)
        }
        let rows = model.input.identities
        model.marks.keep { rows?.slots[$0] != nil }
        list.markedItems = Set(model.marks.items)
        if let selection, list.snapshot().contains(item: selection) { list.select(selection) }
        model.preview.row = nil
        model.preview.command = nil
        program.setNeedsDisplay()
    }

    /// `-1` and `-0`: once every line is in and the query in force is searched.
    func checkAutoExit(in program: Program) {
        if model.input.finished && !model.outcome.autoExitChecked && !model.search.due && !searchInFlight {
            // `-1` and `-0` look at the matches of the query in force once every line is in.
            model.outcome.autoExitChecked = true
            model.outcome.autoExited = (options.selectOne && matchCount == 1) || (options.exitZero && matchCount == 0)
            if options.selectOne && matchCount == 1 {
                model.outcome.chosen = [accepted(item(atSlot: model.search.matches.map { Int($0[0]) } ?? 0))]
                model.outcome.exitStatus = 0
                quit(0, program)
            } else if options.exitZero && matchCount == 0 {
                model.outcome.exitStatus = 1
                quit(1, program)
            }
        }
    }

    /// Seconds between two snapshots of a list that is still filling: a fast producer's
    /// million lines are shown a few times on the way, not once per batch.
    package static let fillingInterval = 0.1

    /// Searches and shows the lines if they changed and the list was not given a snapshot
    /// too recently while lines are still coming.
    func showIfDue(in program: Program) {
        guard model.search.due else { return }
        // A million lines shown in reverse (`--tac`) or in groups are rebuilt on this thread: not so often.
        let rebuilt = options.tac || options.groupBy != nil
        let interval = rebuilt && model.input.index.count >= Self.backgroundSearchLines ? 1 : Self.fillingInterval
        if !model.input.finished && program.clock.now - model.search.lastShown < interval { return }
        // A background search of this query still running: its result comes first, then
        // the lines that arrived since are searched from it (they alone).
        if searchInFlight { return }
        model.search.due = false
        model.search.lastShown = program.clock.now
        // New lines join at the bottom, or at their rank: no animation needed (and a fast
        // producer would keep the list animating for ever).
        search(animated: false)
    }

    /// What a row shows: the text, its colours (`--ansi`), the matched characters in it.
    package func row(
        _ number: Int, matching: Bool = true, coloring: Bool = true
    ) -> (title: String, colored: ANSIText?, matched: [Int]) {
        let line = line(number)
        var colored = options.ansi && coloring ? ANSIText(parsing: model.input.rawLines[slot(of: number)]) : nil
        var title = line
        let lineNumber = slot(of: number) + options.headerLines
        if let withNth = options.withNth {
            let (text, offsets) = withNth.shown(line, number: lineNumber, delimiter: options.delimiter)
            title = text
            if options.ansi && coloring {
                colored = Self.characters(offsets, ofLine: model.input.rawLines[slot(of: number)], as: text)
            }
        }
        var matched: [Int] = []
        if matching && !model.search.parsed.isEmpty {
            let (fields, offsets) = options.searchText(of: line, number: lineNumber)
            let positions = model.search.parsed.matches(fields: fields)?.positions ?? []
            matched = offsets.map { offsets in positions.compactMap { $0 < offsets.count ? offsets[$0] : nil } } ?? positions
        }
        return aligned(title, colored: colored, matched: matched)
    }

    /// Searches a new query. Its result is shown at once, not animated: a typist waits for
    /// no animation between two keys, as with fzf (typing `12345` over `seq 1000000`, the
    /// deletes' animation made each key take 150–360 ms to settle against fzf's 10–20).
    func setQuery(_ newQuery: String) {
        model.search.query = newQuery
        model.search.due = false
        model.search.selectsBestMatch = true
        search(animated: false)
    }

    /// Searches the index for ``query``, narrowing from the last result when it allows: at
    /// once for a small index, else in the background (the result arrives in ``receive``).
    func search(animated: Bool) {
        let parsed = options.filterQuery(model.search.enabled ? model.search.query : "")
        model.search.parsed = parsed
        runtime?.searchJob.cancel()
        model.search.started += 1
        if parsed.isEmpty {
            model.search.lastMatches = nil
            show(nil, animated: animated)
            return
        }
        let sortToggled = model.search.sortToggled
        if let hit = model.search.recent.lastIndex(where: {
            $0.sortToggled == sortToggled && $0.found.isCurrent(parsed, in: model.input.index)
        }) {
            // An earlier query again (Backspace), no line added since: its result as it was.
            let (found, _, order) = model.search.recent.remove(at: hit)
            remember(found, order)
            show(order, animated: animated)
            return
        }
        let previous = model.search.lastMatches
        if model.input.index.count < Self.backgroundSearchLines || runtime == nil {
            guard let found = model.input.index.matches(parsed, narrowing: previous) else { return }
            let order = order(found)
            remember(found, order)
            show(order, animated: animated)
            return
        }
        guard let job = runtime?.searchJob else { return }
        let cancellation = FilterCancellation()
        let (lines, ranking) = (model.input.index, ranking)
        job.start(
            cancel: { cancellation.cancel() },
            work: {
                guard let found = lines.matches(parsed, narrowing: previous, cancellation: cancellation) else { return nil }
                let order = ranking.order(found, in: lines)
                if cancellation.isCancelled { return nil }
                return SearchResult(found: found, order: order, animated: animated)
            })
    }

    /// Keeps `found` (shown in `order`) as the result to narrow the next search from, and
    /// among the recent ones (``PickerSearch/recent``), dropping the oldest past the limits.
    func remember(_ found: FilterMatches, _ order: [Int32]) {
        model.search.lastMatches = found
        model.search.recent.append((found, model.search.sortToggled, order))
        let budget = 2 * max(model.input.index.count, 1)
        while model.search.recent.count > PickerSearch.recentLimit
            || model.search.recent.reduce(0, { $0 + $1.found.count }) > budget && model.search.recent.count > 1
        {
            model.search.recent.removeFirst()
        }
    }

    /// The lines of `found` in the order shown.
    func order(_ found: FilterMatches) -> [Int32] {
        ranking.order(found, in: model.input.index)
    }

    var ranking: Ranking {
        var options = options
        if model.search.sortToggled { options.sort.toggle() }  // (fzf's `toggle-sort`)
        return Ranking(
            options: options, keptLines: options.nth == nil ? [] : model.input.keptLines, shownLengths: model.input.shownLengths)
    }

    /// Every line, as the list shows them with no query: `nil` for input order, else (`--tac`,
    /// `--key`, `--group-by`, `exclude`) the slots in their order.
    private func everyLine() -> [Int32]? {
        if options.tac { return (0 ..< Int32(model.input.index.count)).reversed() }
        if model.input.identities != nil || options.groupBy != nil || !model.search.excluded.isEmpty {
            return Array(0 ..< Int32(model.input.index.count))
        }
        return nil
    }

    /// `slots` without the lines `exclude` took out.
    private func withoutExcluded(_ slots: [Int32]?) -> [Int32]? {
        guard !model.search.excluded.isEmpty else { return slots }
        return slots?.filter { !model.search.excluded.contains($0) }
    }

    /// Gives the list the matching lines (`nil`: every line in input order); in fzf's raw
    /// mode, every line, the matches among them marked (``PickerSearch/rawMatches``).
    func show(_ found: [Int32]?, animated: Bool) {
        let order = withoutExcluded(found ?? everyLine())
        model.search.matches = order
        var listed = order
        model.search.rawMatches = nil
        if model.search.raw && !model.search.parsed.isEmpty, let order {
            model.search.rawMatches = PickerSlotSet(order, count: model.input.index.count)
            listed = withoutExcluded(everyLine())
        }
        var snapshot: Snapshot<Int, Int>
        if let order = listed {
            // (The snapshot of every line is kept: clearing the query shows it again at once.)
            snapshot = rowsSnapshot(order)
        } else if model.input.index.count < Self.backgroundSearchLines && !model.rows.builder.isStarted {
            // Every line in input order: the lines read since the last time join the end.
            snapshot = model.rows.allLines ?? Snapshot(sections: [(0, [])])
            model.rows.allLines = nil  // (so the append below does not copy it)
            snapshot.appendItems(Array(snapshot.numberOfItems ..< model.input.index.count), toSection: 0)
            model.rows.allLines = snapshot
        } else {
            // Many lines: the snapshot of all of them is built on a thread of its own (its
            // hashing is most of the cost of listing a million lines), beside the reader;
            // the list shows the last one delivered until the next arrives.
            if !model.rows.builder.isStarted && model.rows.listShowsAllLines, let clock = runtime?.clock {
                // The list was just given every line so far: the builder's first snapshot
                // waits its second too (or the input's end). A fast producer's million lines
                // are then listed once, at the end, not first at 200,000 while the reader
                // needs the cores (two: the reader, this thread, the producer, the terminal).
                model.rows.delivered = clock.now
            }
            model.rows.builder.start(from: model.rows.allLines)
            // Right after a filtered view (the query cleared), the newest lines are wanted now;
            // while the list fills, once a second is enough.
            requestAllLines(
                now: !model.rows.listShowsAllLines && (model.rows.allLines?.numberOfItems ?? -1) < model.input.index.count)
            // (In raw mode the same lines are given again: their marks and highlights change.)
            guard let allLines = model.rows.allLines,
                !model.rows.listShowsAllLines || allLines.numberOfItems > list.snapshot().numberOfItems
                    || model.search.raw
            else { return }
            snapshot = allLines
        }
        model.rows.listShowsAllLines = listed == nil
        model.events.pending += ["result"] + (matchCount == 1 ? ["one"] : matchCount == 0 ? ["zero"] : [])
        if model.input.finished && !model.events.loadFired && !model.search.due {
            // (fzf's `load`: the input has ended and its lines are shown, searched.)
            model.events.noteLoad()
        }
        list.apply(snapshot, animated: animated && matchCount <= 2_000)
        // (In raw mode, as fzf: the first line listed, a match or not.)
        settleSelection(
            best: (listed.map { $0.first.map(Int.init) } ?? (model.input.index.count > 0 ? 0 : nil)).map(item(atSlot:)))
    }

    /// Selects `best` (the first row shown) when the query changed since the last result
    /// shown, unless ``Options/track`` keeps a selected line that still matches; otherwise
    /// the selection keeps its line (lines arriving move nothing), or takes `best` when there
    /// was none.
    func settleSelection(best: Int?) {
        let selected = list.state.selection
        if model.search.selectsBestMatch {
            model.search.selectsBestMatch = false
            if options.track, let selected, list.snapshot().contains(item: selected) {
                list.select(selected)
                return
            }
            list.select(best, anchor: .top)
        } else if selected == nil, let best {
            list.select(best)
        }
    }
}
