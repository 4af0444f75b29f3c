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
///
/// The app is thin: its state is a ``WatchModel`` (updated only by
/// ``WatchModel/update(_:now:)``), and the app carries out the effects the model returns and
/// draws. The screen (``ListScreen``) holds the filter's query and the help overlay.
package final class WatchApp: TerminalApp {
    /// Options the command line sets.
    package typealias Options = WatchOptions
    /// What `-d` highlights.
    package typealias Differences = WatchOptions.Differences
    /// One successful run, as shown.
    package typealias Run = WatchRun
    /// How many runs are kept for stepping back, unless ``Options/historyLimit`` says otherwise.
    package static var maximumHistory: Int { WatchOptions.maximumHistory }
    /// How many rows all the runs kept may hold, unless ``Options/historyRows`` says otherwise.
    package static var maximumHistoryRows: Int { WatchOptions.maximumHistoryRows }

    /// The state: runs kept, the run under way, sort and scroll.
    package private(set) var model: WatchModel
    /// The list on screen. Its cells read the run on screen from ``model``.
    package private(set) lazy var list = ListView<String, String>(cellProvider: { [unowned self] context, id in
        let cell = context.dequeue(WatchLineCell.self)
        let run = model.history.shown
        cell.line = run?.drawnLines[id] ?? ""
        cell.highlighted = run?.changed[id] ?? []
        cell.colored = run?.colors[id]
        cell.wraps = options.wraps
        cell.firstColumn = model.firstColumn
        return cell
    })
    /// The screen: the bold title bar with the mode, the header lines, the list (or the first
    /// run's failure), the status line, the filter prompt, the help bar and help.
    package private(set) lazy var screen = ListScreen<String, String, WatchAction>(
        title: "", list: list, parts: options.showsTitle ? .all : [.statusLine, .helpBar])
    /// The options in force.
    package var options: Options { model.options }
    /// Successful runs, oldest first.
    package var history: [Run] { model.history.runs }
    /// The run on screen (an index into ``history``).
    package var position: Int { model.history.position }
    /// Whether running is paused (Space).
    package var isPaused: Bool { model.runs.isPaused }
    /// The filter's line: its query, cursor and editing keys (``WatchKeymap/prompt``).
    package var filter: FilterPrompt { screen.filter }
    /// The filter text; rows that do not contain every word are hidden.
    package var query: String { filter.query }
    /// Whether the filter prompt is open: editing keys go to ``filter``.
    package var isEditingFilter: Bool { screen.isFiltering }
    /// Whether the help overlay (`?`) is shown.
    package var isShowingHelp: Bool { screen.showsHelp }
    /// The last run's result, good or bad.
    package var lastResult: CommandResult? { model.runs.last?.result }
    /// The short form of the last change on screen (`−2 +1 ↕3 ~1`).
    package private(set) var lastChange = ""
    /// Records every state shown, when set.
    package var recorder: SessionRecorder<String, String, String>?
    /// Runs started so far.
    package var runsStarted: Int { model.runs.started }
    /// Whether a run is in flight.
    package var isRunning: Bool { model.isRunning }
    /// The sort in force (`--sort`, then the sort keys); nil keeps the command's order.
    package var sort: WatchSort? { model.sort }
    /// `-e`: a run failed; no more runs, the next key exits.
    package var isFrozen: Bool { model.runs.isFrozen }
    /// Rings the terminal's bell (`-b`); the command line writes BEL to the terminal.
    package var bell: () -> Void = {}
    /// `--no-wrap`: the columns of every row scrolled off to the left (Shift-← →).
    package var firstColumn: Int { model.firstColumn }
    /// Counts of the last change (`--on-change`'s environment, computed only with it): rows
    /// added, removed, moved and changed between the last two runs kept.
    package var lastCounts: (added: Int, removed: Int, moved: Int, changed: Int)? { model.lastCounts }

    private let runner: any CommandRunner
    private var program: Program?
    /// `--on-change`: one command at a time.
    private let onChangeQueue = OnChangeQueue()
    private var recordFailure: String?
    /// The library's list filter over the rows of the run last filtered (its index built on
    /// first use): a cache of ``WatchModel/history``, not state.
    private var rowFilter: (run: Int, filter: ListFilter<String>)?

    /// A watch of `options.command`, run by `runner`.
    package init(options: Options, runner: any CommandRunner = SubprocessRunner()) throws(ToolFailure) {
        model = try WatchModel(options: options)
        self.runner = runner
        screen.title = "every \(Self.seconds(options.interval)): \(commandLine)"
        if options.wraps {
            // A row is as tall as its line wrapped at the list's width (headers are one line).
            list.rowSizing = .custom { [unowned self] row, width in
                guard let id = row.item, let line = model.history.shown?.drawnLines[id] else { return 1 }
                return WatchLineCell.lineCount(of: line, width: width)
            }
        }
        list.showsSectionHeaders = options.groupBy != nil
        list.stickySectionHeaders = options.groupBy != nil
        list.showsScrollbar = true
        configureScreen()
    }

    /// Gives the screen watch's looks, keys, filter and help.
    private func configureScreen() {
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
        screen.helpBarForMode = { [unowned self] _ in
            let mode = keyMode
            let items = WatchKeymap.barItems(for: keymap, mode: mode, prompt: filter.prompt.keymap)
            return HelpBar(items: items, separator: mode == .filter ? " · " : "  ", style: Style(foreground: .ansi(6)))
        }
        screen.helpSectionsForMode = { [unowned self] mode in
            let prompt = filter.prompt.keymap
            return mode == .filtering
                ? [
                    .init(nil, WatchKeymap.keymap(for: .filter, navigation: list.keymap, prompt: prompt)),
                    .init("Editing the filter", prompt),
                ]
                : [.init(nil, WatchKeymap.keymap(for: .normal, navigation: list.keymap, scrolls: !options.wraps))]
        }
        screen.filterRule = { [unowned self] _, items in
            guard let run = model.history.shown, let shown = matchingRows(of: run) else { return items }
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
        screen.didShowItems = { [unowned self] in didShow() }  // after the empty list, which is no change
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
        send(.start)
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
        screen.handle(events, in: program) { send(.action($0)) }
    }

    package func tick(in program: Program) {
        send(.tick)
    }

    /// A run's result, posted by its task (``tick(in:)`` then starts the next run when due);
    /// any other message is the screen's.
    package func receive(_ message: any Sendable, in program: Program) {
        if let finished = message as? RunFinished {
            send(.runFinished(number: finished.number, result: finished.result, wallTime: Self.wallClock()))
        } else {
            screen.receive(message)
        }
    }

    package var isAnimating: Bool { screen.isAnimating }

    package var nextDeadline: Double? {
        [model.nextRunDeadline, screen.nextDeadline].compactMap { $0 }.min()
    }

    // MARK: - Effects

    /// A run's result as its task posts it: which run, and what the command did.
    private struct RunFinished: Sendable {
        let number: Int
        let result: CommandResult
    }

    /// Updates the model with `message` at the program's time and carries out its effects.
    private func send(_ message: WatchMessage) {
        guard let program else { return }
        for effect in model.update(message, now: program.clock.now) { run(effect, in: program) }
    }

    /// Carries out one effect of the model.
    private func run(_ effect: WatchEffect, in program: Program) {
        switch effect {
        case .run(let number, let command, let timeout):
            let runner = self.runner
            program.mailbox.perform { RunFinished(number: number, result: runner.run(command, timeout: timeout)) }
        case .show(let rows):
            screen.emptyText = "(no output)"
            screen.headerLines = rows.header
            // The screen filters (``matchingRows(of:)``, its filter rule) and tells ``didShow()``.
            screen.setItems(rows.snapshot, changed: rows.changed, animated: rows.animated)
        case .redrawRows:
            // An apply configures the cells on screen again, so they draw from the new column.
            list.apply(list.snapshot(), animated: false)
        case .bell:
            bell()
        case .onChange(let command, let environment):
            onChangeQueue.submit(command, environment: environment, mailbox: program.mailbox)
        case .stopFiltering:
            screen.enter(.browsing)
        case .quit(let status):
            program.quit(status: status)
        }
    }

    /// The list took the rows shown (a run, or the filter): the last change's short form, and
    /// the recording.
    private func didShow() {
        let summary = list.lastChangeset.itemCounts.summary
        lastChange = summary.isEmpty ? "no change" : summary
        record(list.snapshot())
    }

    /// The rows of `run` that match the filter (``FilterQuery/listFilter(_:)``, as every TUIList
    /// list), or `nil` when there is no filter: the library's ``ListFilter``, its index built
    /// once per run filtered. O(bytes of the run) to build, then O(bytes searched) per term.
    private func matchingRows(of run: Run) -> Set<String>? {
        guard !FilterQuery.listFilter(query).isEmpty else { return nil }
        if rowFilter?.run != run.number {
            var index = FilterIndex<String>()
            for id in run.snapshot.itemIdentifiers { index.append(id, text: run.content[id] ?? "") }
            var filter = ListFilter<String>()
            filter.setIndex(index)
            rowFilter = (run.number, filter)
        }
        rowFilter!.filter.setText(query)
        let filter = rowFilter!.filter
        return Set(filter.matches.map { filter.index?.identifiers($0) ?? [] } ?? [])
    }

    private func record(_ snapshot: Snapshot<String, String>) {
        guard let recorder, recordFailure == nil else { return }
        let lines = model.history.shown?.drawnLines ?? [:]
        do {
            try recorder.record(snapshot, changeset: list.lastChangeset) { lines[$0] }
        } catch {
            recordFailure = "\(error)"
        }
    }

    // MARK: - Keys

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
    // MARK: - Drawing

    package func render(into canvas: inout Canvas) {
        screen.titleDetail = model.titleDetail(query: query, isEditingFilter: isEditingFilter)
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
        model.statusText(
            lastChange: lastChange, shownRows: list.snapshot().numberOfItems,
            recording: recorder == nil ? nil : recordFailure == nil ? "● REC" : "REC failed")
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
