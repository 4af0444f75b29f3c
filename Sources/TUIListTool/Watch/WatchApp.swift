import Foundation
import TUIList

/// `tuilist watch`: runs a command every interval and shows its output as a live list keyed by
/// identity, so that between runs rows that moved slide, new rows fade in, gone rows fade out
/// and changed rows flash — all through the one `ListView.apply(_:animated:)` path.
///
/// Every successful run that changed something is kept (the last ``Options/historyLimit``, 200 by
/// default): ← and → step through them and the list animates between them. The procps watch
/// flags (`-d -g -e -b -p -t -c -w`), `--tabstop`, `--on-change`, `--sort` and `--columns` are ``Options``.
/// Space pauses and resumes running; `/` filters the rows; q quits. The command's standard
/// error comes with its output, as procps watch shows it; a failing run shows what it printed
/// and its exit code on the status line; one that could not start or timed out says why and
/// keeps the list on screen.
///
/// The command runs off the program's thread (a thread per run, never more than one at a time);
/// its result is posted to the program's mailbox and comes back in ``receive(_:in:)``. Tests give a
/// scripted ``CommandRunner`` and a headless terminal with a manual clock.
///
/// The app is thin: its state is a ``WatchModel`` (updated only by
/// ``WatchModel/update(_:now:)``), filter and help included; the app carries out the effects the
/// model returns, and draws: a ``ScreenChrome`` in TUIList's look (``ScreenTheme/tuilist``)
/// filled from the model each frame, around the list.
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
    /// The options in force.
    package var options: Options { model.options }
    /// Successful runs, oldest first.
    package var history: [Run] { model.history.runs }
    /// The run on screen (an index into ``history``).
    package var position: Int { model.history.position }
    /// Whether running is paused (Space).
    package var isPaused: Bool { model.runs.isPaused }
    /// The filter's line: its query, cursor and editing keys (``WatchKeymap/prompt``).
    package var filter: FilterPrompt { model.filter }
    /// The filter text; rows that do not contain every word are hidden.
    package var query: String { filter.query }
    /// Whether the filter prompt is open: editing keys go to ``filter``.
    package var isEditingFilter: Bool { model.isEditingFilter }
    /// Whether the help overlay (`?`) is shown.
    package var isShowingHelp: Bool { model.showsHelp }
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
    /// The status line's timed message (a refused Ctrl-Z says why).
    private var message = TimedMessage()
    /// The library's list filter over the rows of the run last filtered (its index built on
    /// first use): a cache of ``WatchModel/history``, not state.
    private var rowFilter: (run: Int?, filter: ListFilter<String>) = (nil, ListFilter())

    /// A watch of `options.command`, run by `runner`.
    package init(options: Options, runner: any CommandRunner = SubprocessRunner()) throws(ToolFailure) {
        model = try WatchModel(options: options)
        self.runner = runner
        if options.wraps {
            // A row is as tall as its line wrapped at the list's width (headers are one line).
            list.rowSizing = .custom { [unowned self] row, width in
                guard let id = row.item, let line = model.history.shown?.drawnLines[id] else { return 1 }
                return WatchLineCell.lineCount(of: line, width: width)
            }
        }
        list.showsSectionHeaders = options.groupBy != nil
        list.stickySectionHeaders = options.groupBy != nil
        list.showsScrollbar = options.showsTitle  // -t: the output's own columns, all of them
        list.emptyText = "waiting for the first run…"
    }

    /// The command as a person reads it.
    package var commandLine: String { WatchCommandLine.title(of: options.command) }

    // MARK: - TerminalApp

    package func start(in program: Program) {
        self.program = program
        list.animationClock = program.clock
        send(.start)
    }

    /// Takes a batch: while the filter is open, each run of editing keys and pastes goes to
    /// ``filter`` and the rows are filtered once for the run; the other events go through the
    /// keymap in force (keys: ``action(for:)``) or the list (the mouse, not while the help
    /// shows).
    /// - Complexity: O(events) look-ups, plus one filter per run of editing (``rowFilter(of:)``).
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
        var rest = events[...]
        while !rest.isEmpty {
            if isEditingFilter {
                var prompt = model.filter
                let edit = prompt.handle(rest)
                if edit.consumed > 0 { send(.filterEdited(prompt)) }
                rest = rest.dropFirst(edit.consumed)
                guard rest.first != nil else { break }
            }
            let next = rest.removeFirst()
            if case .key(let key) = next {
                if let action = action(for: key) { perform(action) }
            } else if !isShowingHelp || isEditingFilter {
                list.handle(next)  // the mouse, also while typing
            }
        }
    }

    /// Does a key's action: a move of the list's selection here, the rest in the model.
    private func perform(_ action: WatchAction) {
        if case .list(let movement) = action {
            list.moveSelection(movement)
        } else {
            send(.action(action))
        }
    }

    package func tick(in program: Program) {
        send(.tick)
    }

    /// A run's result, posted by its task (``tick(in:)`` then starts the next run when due); a
    /// ``SuspendRefused`` from the program shows on the status line.
    package func receive(_ message: any Sendable, in program: Program) {
        if let finished = message as? RunFinished {
            send(.runFinished(number: finished.number, result: finished.result, wallTime: Self.wallClock()))
        } else {
            _ = self.message.receive(message, now: program.clock.now)
        }
    }

    package var isAnimating: Bool { list.isAnimating }

    package var nextDeadline: Double? {
        [model.nextRunDeadline, program.flatMap { message.deadline(at: $0.clock.now) }].compactMap { $0 }.min()
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
            // The terminal's size, as procps watch gives it (`tput cols`, `ls` read it).
            let size = program.size
            let environment = ["COLUMNS": "\(size.columns)", "LINES": "\(size.rows)"]
            program.mailbox.perform {
                RunFinished(number: number, result: runner.run(command, timeout: timeout, environment: environment))
            }
        case .show(let rows):
            show(rows.snapshot, changed: rows.changed, animated: rows.animated)
        case .filterRows:
            show(model.history.shown.map(model.arranged) ?? Snapshot(), changed: [], animated: true, filterChanged: true)
        case .redrawRows:
            // An apply configures the cells on screen again, so they draw from the new column.
            list.apply(list.snapshot(), animated: false)
        case .bell:
            bell()
        case .onChange(let command, let environment):
            onChangeQueue.submit(command, environment: environment, mailbox: program.mailbox)
        case .quit(let status):
            program.quit(status: status)
        }
    }

    /// Shows `rows` (sorted, before the filter) filtered by the query: the row on screen keeps
    /// its line (at the top of the list, the top stays, unless the filter changed), `changed`
    /// rows draw again (and flash when `animated`); then ``didShow()``.
    /// - Complexity: O(rows) to filter (``rowFilter(of:)``), plus the list's apply.
    private func show(_ rows: Snapshot<String, String>, changed: [String], animated: Bool, filterChanged: Bool = false) {
        var shown = rows
        if let run = model.history.shown, let filter = rowFilter(of: run) {
            shown = rows.filteringItems(dropsEmptySections: true) { filter.passes($0) ?? false }
        }
        shown.reconfigureItems(changed.filter { shown.contains(item: $0) })
        list.emptyText = rows.isEmpty ? "(no output)" : "no row matches the filter"
        list.applyKeepingSelectedLine(shown, animated: animated, keepsTheTop: !filterChanged)
        didShow()
    }

    /// The list took the rows shown (a run, or the filter): the last change's short form, and
    /// the recording.
    private func didShow() {
        let summary = list.lastChangeset.itemCounts.summary
        lastChange = summary.isEmpty ? "no change" : summary
        record(list.snapshot())
    }

    /// The filter over the rows of `run` (``FilterQuery/listFilter(_:)``, as every TUIList list)
    /// with the query set, or `nil` when there is no filter: the library's ``ListFilter``, its
    /// index built once per run filtered. O(bytes of the run) to build, then O(bytes searched)
    /// per term; asking of a row is O(1) (``ListFilter/passes(_:)``).
    private func rowFilter(of run: Run) -> ListFilter<String>? {
        if rowFilter.run != run.number {
            rowFilter.run = run.number
            rowFilter.filter.setIndex(nil)  // built below, once a filter needs it
        }
        rowFilter.filter.setText(query)  // the query parsed once per edit
        guard rowFilter.filter.isActive else { return nil }
        if rowFilter.filter.index == nil {
            rowFilter.filter.setIndex(ListFilter(items: run.snapshot.itemIdentifiers) { run.content[$0] ?? "" }.index)
        }
        return rowFilter.filter
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

    /// The mode the keys are in (``WatchKeymap/Mode``): the filter's, then the help's, else normal.
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
        return keymap.action(for: key)
    }

    /// The edit `key` makes to the query now: with the filter open, the prompt's keymap takes
    /// a key before ``keymap`` does; otherwise nil.
    package func promptAction(for key: Key) -> TextPrompt.Action? {
        isEditingFilter && !isFrozen ? filter.prompt.keymap.action(for: key) : nil
    }
    // MARK: - Drawing

    /// Draws the chrome, filled from the model (the title with the mode, the command's header
    /// lines, the status, the filter being typed, the help bar and help of the mode in force),
    /// around the list, or the first run's failure while no run has succeeded.
    package func render(into canvas: inout Canvas) {
        let failure = history.isEmpty ? lastResult.flatMap { $0.succeeded ? nil : $0 } : nil
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
            if let failure {
                drawFailure(failure, into: &canvas, in: body)
            } else {
                list.render(into: &canvas, rect: body)
            }
        }
    }

    /// The screen's chrome for the model now.
    private var chrome: ScreenChrome {
        var chrome = ScreenChrome(theme: .tuilist)
        if options.showsTitle {
            chrome.title = "every \(Self.seconds(options.interval)): \(commandLine)"
            chrome.titleDetail = model.titleDetail
        }
        chrome.headerLines = model.history.shown?.header ?? []
        chrome.message = program.flatMap { message.text(at: $0.clock.now) }
        // -t: nothing but the output, as procps watch's; a line at the bottom only while -e
        // has stopped (a key exits) or a message is due.
        if options.showsTitle || isFrozen || chrome.message != nil {
            chrome.status = ScreenChrome.Status(left: statusText)
        }
        let mode = keyMode
        if options.showsTitle {
            chrome.helpBar = HelpBar(
                items: WatchKeymap.barItems(for: keymap, mode: mode, prompt: filter.prompt.keymap),
                separator: mode == .filter ? " · " : "  ", style: Style(foreground: .ansi(6)))
        }
        if isEditingFilter {
            let total = model.history.shown?.snapshot.numberOfItems ?? 0
            chrome.prompt = ScreenChrome.Prompt(.filter(filter, matches: list.snapshot().numberOfItems, total: total))
        }
        if isShowingHelp {
            let prompt = filter.prompt.keymap
            let sections: [HelpOverlay.Section] =
                isEditingFilter
                ? [
                    .init(nil, WatchKeymap.keymap(for: .filter, navigation: list.keymap, prompt: prompt)),
                    .init("Editing the filter", prompt),
                ]
                : [.init(nil, WatchKeymap.keymap(for: .normal, navigation: list.keymap, scrolls: !options.wraps))]
            chrome.help = HelpOverlay(title: "tuilist watch — keys", sections: sections, footer: "")
        }
        chrome.minimumSize = TerminalSize(columns: 20, rows: 5)
        chrome.tooSmallText = "window too small"
        return chrome
    }

    /// No run has been shown yet and the last one could not start or timed out: what it said, instead of an empty list —
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
