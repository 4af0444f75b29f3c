import Foundation
import TUIList

/// `tuilist watch`: runs a command every interval and shows its output as a live list keyed by
/// identity, so that between runs rows that moved slide, new rows fade in, gone rows fade out
/// and changed rows flash — all through the one `ListView.apply(_:animated:)` path.
///
/// Every successful run that changed something is kept (the last ``Options/historyLimit``, 200 by
/// default): ← and → step through them and the list animates between them. The procps watch
/// flags (`-d -g -e -b -p -t -c -w`), `--tabstop`, `--on-change`, `--sort` and `--columns` are ``Options``.
/// Space pauses and resumes running; `/` filters the rows; q quits. A failing run (non-zero exit, not found, timed out) shows its exit code and the
/// last line of its standard error, and keeps the last good list on screen.
///
/// The command runs off the program's thread (a thread per run, never more than one at a time);
/// its result is posted to the program's mailbox and comes back in ``receive(_:in:)``. Tests give a
/// scripted ``CommandRunner`` and a headless terminal with a manual clock.
package final class WatchApp: TerminalApp {
    /// Options the command line sets.
    package struct Options: Sendable {
        /// The command: the executable, then its arguments (never run through a shell).
        package var command: [String]
        /// Seconds between the end of one run and the start of the next.
        package var interval: Double = 2
        /// Row identity (`--key`, `--key-regex`); content is always the whole line.
        package var key: LineKey = .wholeLine
        /// First lines of the output pinned on top as a header, not selectable.
        package var headerLines = 0
        /// Group rows into sections by this 1-based field (`--group-by`).
        package var groupBy: Int?
        /// A run taking longer than this many seconds is stopped and reported.
        package var timeout: Double = 30
        /// How many successful runs are kept for stepping back (at least 1).
        package var historyLimit = WatchApp.maximumHistory
        /// At most this many rows in all the runs kept (the newest run is always kept): a
        /// command printing 50,000 lines keeps two runs, not 200.
        package var historyRows = WatchApp.maximumHistoryRows
        /// `-d`: highlight the characters of a row that changed since the previous run that
        /// changed something (`.successive`) or since the first run (`.permanent`).
        package var differences: Differences?
        /// `-g`: exit 0 when the output changes.
        package var exitOnChange = false
        /// `-e`: on a failing run, stop running, show it, and exit (status 8) on a key.
        package var exitOnError = false
        /// `-b`: ring the bell on a failing run.
        package var beep = false
        /// `-p`: runs start on the interval's grid, not an interval after the last one ended.
        package var precise = false
        /// The top bar (`-t` hides it).
        package var showsTitle = true
        /// `--on-change`: run this when a run differs from the one before (directly; the
        /// command line turns one string into `sh -c`).
        package var onChange: [String]?
        /// `--sort`: keep the rows ordered by a field (the keys change it while running).
        package var sort: WatchSort?
        /// `--columns`: align the whitespace-separated fields into columns.
        package var columns = false
        /// `-c`: draw the output's ANSI colours (the library's ``ANSIText``); identity, sort,
        /// filter and `-d` read the text without them. Not with ``columns`` (its rows are
        /// drawn plain).
        package var color = false
        /// Long lines wrap onto the lines below (a row grows to the lines it needs), as procps
        /// watch's; `-w`/`--no-wrap` cuts them at the right edge and Shift-← → scroll sideways.
        package var wraps = true
        /// `--tabstop`: tabs expand to stops this many columns apart (8 by default, as a terminal's).
        package var tabStop = 8

        /// Options for `command`.
        package init(
            command: [String], interval: Double = 2, key: LineKey = .wholeLine, headerLines: Int = 0,
            groupBy: Int? = nil, timeout: Double? = nil, historyLimit: Int = WatchApp.maximumHistory
        ) {
            self.command = command
            self.interval = interval
            self.key = key
            self.headerLines = max(0, headerLines)
            self.groupBy = groupBy
            self.timeout = timeout ?? max(10, interval * 5)
            self.historyLimit = max(1, historyLimit)
        }
    }

    /// What `-d` highlights.
    package enum Differences: Sendable, Equatable {
        /// Characters changed since the previous run that changed something.
        case successive
        /// Characters changed since the first run.
        case permanent
    }

    /// One successful run, as shown.
    package struct Run: Sendable {
        /// When it ended, `HH:MM:SS`.
        package var wallTime: String
        /// The header lines.
        package var header: [String]
        /// Rows by identity.
        package var snapshot: Snapshot<String, String>
        /// Each row's line.
        package var content: [String: String]
        /// Which run this is (1 for the first that succeeded); names its filter index.
        package var number = 0
        /// With `-d`: each changed row's changed characters (offsets into its line).
        package var changed: [String: Set<Int>] = [:]
        /// With `-c`: the colours of the rows that have some.
        package var colors: [String: ANSIText] = [:]
        /// With `--columns`: each row's line as drawn, its fields aligned. What changed, the sort,
        /// the filter and `-d` read ``content``, so a column that widens changes no row.
        package var aligned: [String: String] = [:]
        /// `--columns`: the column widths ``aligned`` was padded to.
        package var columnWidths: [Int] = []
        /// The line drawn for row `id`.
        package func shown(_ id: String) -> String? { aligned[id] ?? content[id] }
        /// The rows whose line changed since the run kept before it.
        package var changedRows: [String] = []
    }

    /// How many runs are kept for stepping back, unless ``Options/historyLimit`` says otherwise.
    package static let maximumHistory = 200
    /// How many rows all the runs kept may hold, unless ``Options/historyRows`` says otherwise.
    package static let maximumHistoryRows = 100_000

    /// The list on screen.
    package let list: ListView<String, String>
    /// The screen: the bold title bar with the mode, the header lines, the list (or the first
    /// run's failure), the status line, the filter prompt, the help bar and help.
    package let screen: ListScreen<String, String, WatchAction>
    /// The options in force.
    package let options: Options
    /// Successful runs, oldest first.
    package private(set) var history: [Run] = []
    /// The run on screen (an index into ``history``).
    package private(set) var position = 0
    /// Whether running is paused (Space).
    package private(set) var isPaused = false
    /// The filter's line: its query, cursor and editing keys (``WatchKeymap/prompt``).
    package var filter: FilterPrompt { screen.filter }
    /// The filter text; rows that do not contain every word are hidden.
    package var query: String { filter.query }
    /// Whether the filter prompt is open: editing keys go to ``filter``.
    package var isEditingFilter: Bool { screen.isFiltering }
    /// Whether the help overlay (`?`) is shown.
    package var isShowingHelp: Bool { screen.showsHelp }
    /// The last run's result, good or bad.
    package private(set) var lastResult: CommandResult?
    /// The short form of the last change on screen (`−2 +1 ↕3 ~1`).
    package private(set) var lastChange = ""
    /// Records every state shown, when set.
    package var recorder: SessionRecorder<String, String, String>?
    /// Runs started so far.
    package private(set) var runsStarted = 0
    /// Whether a run is in flight.
    package private(set) var isRunning = false
    /// The sort in force (`--sort`, then the sort keys); nil keeps the command's order.
    package private(set) var sort: WatchSort?
    /// `-e`: a run failed; no more runs, the next key exits.
    package private(set) var isFrozen = false
    /// Rings the terminal's bell (`-b`); the command line writes BEL to the terminal.
    package var bell: () -> Void = {}
    /// `--no-wrap`: the columns of every row scrolled off to the left (Shift-← →).
    package private(set) var firstColumn = 0
    /// Counts of the last change (`--on-change`'s environment, computed only with it): rows
    /// added, removed, moved and changed between the last two runs kept.
    package private(set) var lastCounts: (added: Int, removed: Int, moved: Int, changed: Int)?

    private let runner: any CommandRunner
    private let keyer: LineKeyer
    private var nextRunAt: Double = 0
    private var lastEndTime: String = ""
    private var program: Program?
    /// `--on-change`: one command at a time.
    private let onChangeQueue = OnChangeQueue()
    private var shownContent: [String: String] = [:]
    /// `--columns`: the widest field of each column so far.
    private var columnWidths: [Int] = []
    private var shownChanged: [String: Set<Int>] = [:]
    private var shownColors: [String: ANSIText] = [:]
    /// `-d` without `--key`: the last run's rows in the command's order, and their identities.
    private var previousRows: (ids: [String], lines: [String]) = ([], [])
    /// The ``Run/number`` of the run on screen.
    private var shownNumber: Int?
    private var runStartedAt: Double = 0
    private var gridOrigin: Double?
    private var recordFailure: String?
    private var runsSucceeded = 0
    /// The library's filter index over the rows of the run last filtered (built on first use).
    private var filterIndex: (run: Int, index: FilterIndex<String>)?

    /// A watch of `options.command`, run by `runner`.
    package init(options: Options, runner: any CommandRunner = SubprocessRunner()) throws(ToolFailure) {
        guard !options.command.isEmpty else {
            throw ToolFailure("no command to watch (tuilist watch -- COMMAND [ARGS...])", status: 64)
        }
        self.options = options
        self.runner = runner
        keyer = try LineKeyer(options.key)
        let link = Link()
        list = ListView<String, String>(cellProvider: { context, id in
            let cell = context.dequeue(WatchLineCell.self)
            cell.line = link.app?.shownContent[id] ?? ""
            cell.highlighted = link.app?.shownChanged[id] ?? []
            cell.colored = link.app?.shownColors[id]
            cell.wraps = link.app?.options.wraps ?? true
            cell.firstColumn = link.app?.firstColumn ?? 0
            return cell
        })
        screen = ListScreen(title: "", list: list, parts: options.showsTitle ? .all : [.statusLine, .helpBar])
        link.app = self
        screen.title = "every \(Self.seconds(options.interval)): \(commandLine)"
        if options.wraps {
            // A row is as tall as its line wrapped at the list's width (headers are one line).
            list.rowSizing = .custom { row, width in
                guard let id = row.item, let line = link.app?.shownContent[id] else { return 1 }
                return WatchLineCell.lineCount(of: line, width: width)
            }
        }
        list.showsSectionHeaders = options.groupBy != nil
        list.stickySectionHeaders = options.groupBy != nil
        list.showsScrollbar = true
        sort = options.sort
        configureScreen(link)
    }

    /// Gives the screen watch's looks, keys, filter and help.
    private func configureScreen(_ link: Link) {
        screen.titleBarLook = TitleBar.boldBar(title: "", detail: "")
        screen.titleCountsItems = false
        screen.statusDetail = ""
        screen.minimumSize = TerminalSize(columns: 20, rows: 5)
        screen.tooSmallText = "window too small"
        screen.selectsFirstItem = false
        screen.helpClosesOnAnyKey = false
        screen.helpTitle = "tuilist watch — keys"
        screen.helpFooter = ""
        screen.filterPromptKeymap = WatchKeymap.prompt
        let navigation = list.keymap, scrolls = !options.wraps
        screen.keymap = WatchKeymap.normal(navigation: navigation, scrolls: scrolls).map(Self.screenAction)
        screen.filteringKeymap = WatchKeymap.filter(navigation: navigation, prompt: WatchKeymap.prompt).map(Self.screenAction)
        screen.helpKeymap = WatchKeymap.help.map(Self.screenAction)
        screen.helpBarForMode = { _ in
            guard let app = link.app else { return HelpBar(items: []) }
            let mode = app.keyMode
            let items = WatchKeymap.barItems(for: app.keymap, mode: mode, prompt: app.filter.prompt.keymap)
            return HelpBar(items: items, separator: mode == .filter ? " · " : "  ", style: Style(foreground: .ansi(6)))
        }
        screen.helpSectionsForMode = { mode in
            guard let app = link.app else { return [] }
            let prompt = app.filter.prompt.keymap
            return mode == .filtering
                ? [
                    .init(nil, WatchKeymap.keymap(for: .filter, navigation: app.list.keymap, prompt: prompt)),
                    .init("Editing the filter", prompt),
                ]
                : [.init(nil, WatchKeymap.keymap(for: .normal, navigation: app.list.keymap, scrolls: !app.options.wraps))]
        }
        screen.filterRule = { _, items in
            guard let app = link.app, app.history.indices.contains(app.position),
                let shown = app.matchingRows(of: app.history[app.position])
            else { return items }
            var snapshot = Snapshot<String, String>()
            for section in items.sectionIdentifiers {
                let rows = items.itemIdentifiers(inSection: section).filter { shown.contains($0) }
                guard !rows.isEmpty else { continue }
                snapshot.appendSections([section])
                snapshot.appendItems(rows, toSection: section)
            }
            return snapshot
        }
        screen.emptyText = "waiting for the first run…"
        screen.noMatchesText = "no row matches the filter"
        screen.setItems(Snapshot())
        screen.didShowItems = { link.app?.didShow() }  // after the empty list, which is no change
    }

    /// What a key of watch's keymaps does on the screen: the screen's own actions (quit, help,
    /// the filter, the list's moves), else watch's.
    private static func screenAction(_ action: WatchAction) -> ListScreenAction<WatchAction> {
        switch action {
        case .quit: .quit
        case .toggleHelp: .toggleHelp
        case .startFilter: .beginFilter
        case .filterCommit: .keepFilter
        case .clearFilter, .filterCancel: .clearFilter
        case .list(let movement): .select(movement)
        default: .app(action)
        }
    }

    /// The command as a person reads it.
    package var commandLine: String {
        options.command.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    // MARK: - TerminalApp

    package func start(in program: Program) {
        self.program = program
        screen.start(in: program)
        nextRunAt = program.clock.now
        startRunIfDue()
    }

    /// Takes a batch: while the filter is open, each run of editing keys and pastes goes to
    /// ``filter`` and the rows are filtered once for the run; the other events go through the
    /// keymap in force (keys) or the list (the mouse).
    /// - Complexity: O(events) look-ups, plus one filter per run of editing (``matchingRows(of:)``).
    package func handle(_ events: [InputEvent], in program: Program) {
        defer { program.setNeedsDisplay() }
        guard !isFrozen else {
            // -e: the failing run is on screen; a key (not the terminal's unknown sequences) exits.
            for event in events {
                switch event {
                case .key(.unknown): continue
                case .key:
                    program.quit(status: 8)
                    return
                case .mouse: list.handle(event)
                default: continue
                }
            }
            return
        }
        screen.handle(events, in: program) { perform($0, in: program) }
    }

    package func tick(in program: Program) {
        startRunIfDue()
    }

    /// A run's result, posted by its task (``tick(in:)`` then starts the next run when due).
    package func receive(_ message: any Sendable, in program: Program) {
        if let result = message as? CommandResult { finish(result) } else { screen.receive(message) }
    }

    package var isAnimating: Bool { screen.isAnimating }

    package var nextDeadline: Double? {
        [isPaused || isRunning || isFrozen ? nil : nextRunAt, screen.nextDeadline].compactMap { $0 }.min()
    }

    // MARK: - Runs

    private func startRunIfDue() {
        guard let program, !isPaused, !isRunning, !isFrozen, program.clock.now + 1e-9 >= nextRunAt else { return }
        isRunning = true
        runStartedAt = program.clock.now
        if gridOrigin == nil { gridOrigin = runStartedAt }
        runsStarted += 1
        let runner = self.runner, command = options.command, timeout = options.timeout
        let mailbox = program.mailbox
        mailbox.perform { runner.run(command, timeout: timeout) }
    }

    private func finish(_ result: CommandResult) {
        isRunning = false
        lastResult = result
        let now = program?.clock.now ?? 0
        nextRunAt = WatchSchedule.nextRun(
            started: runStartedAt, ended: now, interval: options.interval, precise: options.precise,
            origin: gridOrigin ?? runStartedAt)
        lastEndTime = Self.wallClock()
        guard result.succeeded else {
            if options.beep { bell() }
            if options.exitOnError {
                // Stopped: the status line says why and that a key exits, so the filter being
                // typed closes (its query stays) rather than cover it.
                isFrozen = true
                screen.enter(.browsing)
            }
            return
        }
        var run = makeRun(result.output)
        if let previous = history.last {
            // Rows kept whose line changed (identity decides: a row that only moved is not one).
            var changedRows: [String] = []
            for (id, line) in run.content {
                if let old = previous.content[id], old != line || previous.colors[id] != run.colors[id] {
                    changedRows.append(id)
                }
            }
            guard !changedRows.isEmpty || run.header != previous.header || run.snapshot != previous.snapshot else {
                // No change: not a step of the history.
                runsSucceeded -= 1
                return
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
            }
            if let command = options.onChange {
                // A diff of its own (O(rows)): only when someone asked for the counts.
                let counts = Changeset(from: arranged(previous), to: arranged(run)).itemCounts
                lastCounts = (counts.inserts, counts.deletes, counts.moves, changedRows.count)
                launch(command, counts: lastCounts!)
            }
            if options.exitOnChange { program?.quit(status: 0) }
        }
        let following = history.isEmpty || position == history.count - 1
        history.append(run)
        var dropped = max(0, history.count - options.historyLimit)
        var rows = history.dropFirst(dropped).reduce(0) { $0 + $1.snapshot.numberOfItems }
        while rows > options.historyRows && dropped < history.count - 1 {
            rows -= history[dropped].snapshot.numberOfItems
            dropped += 1
        }
        history.removeFirst(dropped)
        if following {
            position = history.count - 1
            show(animated: history.count > 1)
        } else if position >= dropped {
            // The run on screen keeps its place; older ones went.
            position -= dropped
        } else {
            // The run on screen itself was dropped: show the oldest one kept.
            position = 0
            show(animated: true)
        }
    }

    private func makeRun(_ output: String) -> Run {
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
            let (aligned, widths) = LineColumns.align(header + rows, headerLines: header.count, atLeast: columnWidths)
            columnWidths = widths
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
        runsSucceeded += 1
        var run = Run(wallTime: Self.wallClock(), header: header, snapshot: snapshot, content: content, number: runsSucceeded)
        for (index, text) in colors { run.colors[ids[index]] = text }
        for (id, line) in zip(ids, alignedRows) { run.aligned[id] = line }
        run.columnWidths = columnWidths
        return run
    }

    /// One identity per row. With `-d` and no `--key`, a row continues the line of the previous
    /// run that a line diff aligns it with (``WatchLineAlignment``): an equal line, or a line
    /// changed in place, keeps its row, so its changed characters are highlighted and it is not
    /// faded out and in; a line that came is a new row. Otherwise, the ``LineKeyer``'s.
    /// - Complexity: O(rows) hashing, plus the alignment's cost.
    private func identities(of rows: [String]) -> [String] {
        guard options.differences != nil, options.key == .wholeLine, !previousRows.ids.isEmpty else {
            let ids = keyer.identities(of: rows)
            if options.differences != nil, options.key == .wholeLine { previousRows = (ids, rows) }
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
        previousRows = (ids, rows)
        return ids
    }

    /// `run`'s rows in the order shown (sorted, not filtered).
    private func arranged(_ run: Run) -> Snapshot<String, String> {
        guard let sort else { return run.snapshot }
        var snapshot = Snapshot<String, String>()
        for section in run.snapshot.sectionIdentifiers {
            snapshot.appendSections([section])
            snapshot.appendItems(
                sort.ordered(run.snapshot.itemIdentifiers(inSection: section), content: run.content), toSection: section)
        }
        return snapshot
    }

    /// Starts `command` (`--on-change`) with the counts of the change in its environment
    /// (TUILIST_ADDED, TUILIST_REMOVED, TUILIST_MOVED, TUILIST_CHANGED); not waited for.
    private func launch(_ command: [String], counts: (added: Int, removed: Int, moved: Int, changed: Int)) {
        let environment = [
            "TUILIST_ADDED": counts.added, "TUILIST_REMOVED": counts.removed, "TUILIST_MOVED": counts.moved,
            "TUILIST_CHANGED": counts.changed,
        ].mapValues { "\($0)" }
        guard let mailbox = program?.mailbox else { return }
        onChangeQueue.submit(command, environment: environment, mailbox: mailbox)
    }

    /// Shows the run at ``position`` (filtered), animated from what is on screen.
    private func show(animated: Bool) {
        guard history.indices.contains(position) else { return }
        let run = history[position]
        var snapshot = Snapshot<String, String>()
        for section in run.snapshot.sectionIdentifiers {
            var items = run.snapshot.itemIdentifiers(inSection: section)
            if let sort { items = sort.ordered(items, content: run.content) }
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        // Same identity, new line: the row flashes in place.
        // A row whose highlight (-d) came or went is drawn again too.
        func isChanged(_ id: String) -> Bool {
            shownContent[id].map {
                $0 != run.shown(id) || shownChanged[id] != run.changed[id] || shownColors[id] != run.colors[id]
            } ?? false
        }
        let changed: [String]
        if shownNumber != nil, position > 0, history[position - 1].number == shownNumber,
            history[position - 1].columnWidths == run.columnWidths
        {
            // The run before is on screen (the usual step): only the rows found changed, and
            // those with a highlight or colours, can differ; not a look-up per row.
            var candidates = Set(run.changedRows)
            candidates.formUnion(shownChanged.keys)
            candidates.formUnion(run.changed.keys)
            candidates.formUnion(shownColors.keys)
            candidates.formUnion(run.colors.keys)
            changed = candidates.filter { id in run.content[id] != nil && isChanged(id) }
        } else {
            changed = snapshot.itemIdentifiers.filter(isChanged)
        }
        shownContent = run.aligned.isEmpty ? run.content : run.aligned
        shownChanged = run.changed
        shownColors = run.colors
        shownNumber = run.number
        screen.emptyText = "(no output)"
        screen.headerLines = run.header
        // The screen filters (``matchingRows(of:)``, its filter rule) and tells ``didShow()``.
        screen.setItems(snapshot, changed: changed, animated: animated)
    }

    /// The list took the rows shown (a run, or the filter): the last change's short form, and
    /// the recording.
    private func didShow() {
        let counts = list.lastChangeset.itemCounts
        let parts = [(counts.deletes, "−"), (counts.inserts, "+"), (counts.moves, "↕"), (counts.updates, "~")]
            .filter { $0.0 > 0 }.map { "\($0.1)\($0.0)" }
        lastChange = parts.isEmpty ? "no change" : parts.joined(separator: " ")
        record(list.snapshot())
    }

    /// The rows of `run` that match the filter (``FilterQuery/listFilter(_:)``, as every TUIList
    /// list), or `nil` when there is no filter. Matching is the library's `FilterIndex`,
    /// built once per run filtered: O(bytes of the run) to build, then O(bytes searched) per
    /// term.
    fileprivate func matchingRows(of run: Run) -> Set<String>? {
        let parsed = FilterQuery.listFilter(query)
        guard !parsed.isEmpty else { return nil }
        if filterIndex?.run != run.number {
            var index = FilterIndex<String>()
            for id in run.snapshot.itemIdentifiers { index.append(id, text: run.content[id] ?? "") }
            filterIndex = (run.number, index)
        }
        let index = filterIndex!.index
        guard let found = index.matches(parsed) else { return [] }
        return Set(index.identifiers(found))
    }

    private func record(_ snapshot: Snapshot<String, String>) {
        guard let recorder, recordFailure == nil else { return }
        do {
            try recorder.record(snapshot, changeset: list.lastChangeset) { self.shownContent[$0] }
        } catch {
            recordFailure = "\(error)"
        }
    }

    // MARK: - Keys

    /// Does one of watch's own actions (the screen does quit, help, the filter and the list's moves).
    private func perform(_ action: WatchAction, in program: Program) {
        switch action {
        case .togglePause:
            isPaused.toggle()
            if !isPaused { nextRunAt = min(nextRunAt, program.clock.now) }
        case .olderRun:
            guard position > 0 else { return }
            position -= 1
            show(animated: true)
        case .newerRun:
            guard position + 1 < history.count else { return }
            position += 1
            show(animated: true)
        case .newestRun:
            guard position + 1 < history.count else { return }
            position = history.count - 1
            show(animated: true)
        case .nextSortField: setSort(field: (sort?.field ?? 0) + 1, descending: sort?.descending ?? false)
        case .previousSortField: setSort(field: (sort?.field ?? 1) - 1, descending: sort?.descending ?? false)
        case .reverseSort: setSort(field: sort?.field ?? 1, descending: !(sort?.descending ?? false))
        case .scrollLeft: scroll(by: -Self.scrollStep)
        case .scrollRight: scroll(by: Self.scrollStep)
        case .quit, .startFilter, .clearFilter, .toggleHelp, .filterCommit, .filterCancel, .list: break  // the screen's
        }
    }

    /// The mode the keys are in (``WatchKeymap/Mode``).
    package var keyMode: WatchKeymap.Mode {
        WatchKeymap.mode(editingFilter: isEditingFilter, showingHelp: isShowingHelp)
    }

    /// The keymap in force: it dispatches the keys and draws the help bar and the help.
    package var keymap: Keymap<WatchAction> {
        WatchKeymap.keymap(for: keyMode, navigation: list.keymap, prompt: filter.prompt.keymap, scrolls: !options.wraps)
    }

    /// What `key` does now (nil: nothing, or, with the filter open, an edit of the query:
    /// ``promptAction(for:)``). With the help shown, a sequence the terminal sent that is not a
    /// key does not close it.
    package func action(for key: Key) -> WatchAction? {
        if case .unknown = key, keyMode == .help { return nil }
        if promptAction(for: key) != nil { return nil }  // the query's edit, not an action
        // The screen's keymap in force: what it dispatches.
        let map: Keymap<ListScreenAction<WatchAction>>? =
            switch keyMode {
            case .normal: screen.keymap
            case .filter: screen.filteringKeymap
            case .help: screen.helpKeymap
            }
        switch map?.action(for: key) {
        case .quit?: return .quit
        case .toggleHelp?: return .toggleHelp
        case .beginFilter?: return .startFilter
        case .keepFilter?: return .filterCommit
        case .clearFilter?: return keyMode == .filter ? .filterCancel : .clearFilter
        case .select(let movement)?: return .list(movement)
        case .app(let action)?: return action
        default: return nil
        }
    }

    /// The edit `key` makes to the query now: with the filter open, the prompt's keymap takes
    /// a key before ``keymap`` does; otherwise nil.
    package func promptAction(for key: Key) -> TextPrompt.Action? {
        isEditingFilter && !isFrozen ? filter.prompt.keymap.action(for: key) : nil
    }

    /// Columns one Shift-← → scrolls by (`--no-wrap`).
    package static let scrollStep = 8

    /// `--no-wrap`: scrolls every row sideways by `columns`, no further left than their start
    /// and no further right than the last column of the longest row on screen.
    /// - Complexity: O(characters of the rows of the run on screen), to find the longest.
    private func scroll(by columns: Int) {
        guard history.indices.contains(position) else { return }
        let run = history[position]
        let longest = run.snapshot.itemIdentifiers.reduce(0) { max($0, TerminalText.columns(of: run.shown($1) ?? "")) }
        let target = max(0, min(firstColumn + columns, longest - 1))
        guard target != firstColumn else { return }
        firstColumn = target
        // An apply configures the cells on screen again, so they draw from the new column.
        list.apply(list.snapshot(), animated: false)
    }

    /// Sorts by `field` (wrapping over the fields of the rows on screen) and shows it, animated.
    private func setSort(field: Int, descending: Bool) {
        let count = max(1, fieldCount)
        let wrapped = field > count ? 1 : field < 1 ? count : field
        sort = WatchSort(field: wrapped, descending: descending)
        show(animated: true)
    }

    /// The most fields a row on screen has (the first 100 rows are read).
    private var fieldCount: Int {
        guard history.indices.contains(position) else { return 1 }
        let run = history[position]
        return run.snapshot.itemIdentifiers.prefix(100).map {
            (run.content[$0] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).count
        }.max() ?? 1
    }

    // MARK: - Drawing

    package func render(into canvas: inout Canvas) {
        var mode = ""
        if isPaused { mode = "PAUSED" }
        if let sort { mode += (mode.isEmpty ? "" : " · ") + "sort \(sort.argument)" }
        if !history.isEmpty && position < history.count - 1 {
            mode += (mode.isEmpty ? "" : " · ") + "run \(position + 1)/\(history.count)"
        }
        if firstColumn > 0 { mode += (mode.isEmpty ? "" : " · ") + "column \(firstColumn + 1)" }
        if isEditingFilter || !query.isEmpty { mode += (mode.isEmpty ? "" : " · ") + "/\(query)" }
        screen.titleDetail = mode
        screen.status = " " + statusText
        if history.isEmpty, let result = lastResult, !result.succeeded {
            screen.body = { [unowned self] canvas, rect in drawFailure(result, into: &canvas, in: rect) }
        } else {
            screen.body = nil
        }
        screen.render(into: &canvas)
    }

    /// No run has succeeded yet and the last one failed: what it said, instead of an empty list —
    /// its exit code and why (bold), then what it printed (standard output, then standard error).
    private func drawFailure(_ result: CommandResult, into canvas: inout Canvas, in rect: Rect) {
        canvas.clear(rect)
        let code = result.exitCode.map { "exit \($0)" } ?? "failed"
        var lines = [code + (result.problem.map { ": \($0)" } ?? "")]
        for text in [result.output, result.errors] {
            lines += LineSplitter.lines(of: text).map {
                TerminalText.expandingTabs(in: ANSIText.stripping($0), tabStop: options.tabStop)
            }
        }
        for (index, line) in lines.prefix(rect.height).enumerated() {
            canvas.draw(
                line, x: rect.x, y: rect.y + index, style: index == 0 ? Style(attributes: .bold) : .plain, maxWidth: rect.width)
        }
    }

    /// The status line: the time and exit code of the run on screen (an older run's when one
    /// is viewed, else the last run's, or what failed), the last change, rows.
    package var statusText: String {
        var parts: [String] = []
        if history.indices.contains(position), position < history.count - 1 {
            // An older run is viewed: its own time (only runs that succeeded are kept).
            parts.append("\(history[position].wallTime) exit 0")
        } else if let result = lastResult {
            if result.succeeded {
                parts.append("\(lastEndTime) exit 0")
            } else {
                let code = result.exitCode.map { "exit \($0)" } ?? "failed"
                parts.append(
                    "\(lastEndTime) \(code)" + (result.problem.map { ": \($0)" } ?? "")
                        + (history.isEmpty ? "" : " (last good list kept)"))
            }
        } else {
            parts.append("running…")
        }
        if !lastChange.isEmpty { parts.append(lastChange) }
        if history.indices.contains(position) {
            let shown = list.snapshot().numberOfItems, total = history[position].snapshot.numberOfItems
            parts.append(shown == total ? "\(total) rows" : "\(shown)/\(total) rows")
        }
        if recorder != nil { parts.append(recordFailure == nil ? "● REC" : "REC failed") }
        if isFrozen { parts.insert("stopped (-e), a key exits", at: 0) }
        return parts.joined(separator: " · ")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))s" : String(format: "%gs", value)
    }

    private static func wallClock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}

private final class Link: @unchecked Sendable { weak var app: WatchApp? }
