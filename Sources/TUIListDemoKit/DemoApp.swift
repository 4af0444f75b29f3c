import Foundation
import TUIList

/// The demo as a ``TerminalApp``: takes input events, feeds actions to the ``DemoModel``,
/// applies the snapshots it returns to a ``ListView`` and draws the screen. TUIList's
/// ``Program`` runs it (``run()``); tests and headless replays drive it directly on a
/// ``HeadlessTerminal`` with a ``ManualClock`` (``start()``, ``handle(_:)``, ``tick()``).
///
/// Screen: a title bar, the list, a status line (counts, the last change, frame rate,
/// cells) and a help bar. Windows smaller than ``minimumSize`` show a short message instead.
package final class DemoApp {
    package private(set) var model: DemoModel
    /// The list; its cells read the model's items (the app owns the list, so they hold the app
    /// unowned).
    package private(set) lazy var list = makeList()
    package let terminal: any Terminal
    package let clock: any AnimationClock
    /// Records every applied snapshot, key and resize, when set.
    package var recorder: SessionRecorder<String, Int, DemoItem>?
    /// Called with what a finished drag reports: return `true` to keep the new order (and
    /// persist it), `false` to refuse it — the items then slide back.
    package var onDragFinished: ((DragResult) -> Bool)?

    /// Whether ``run()`` builds the filter index on another thread as soon as the list is up,
    /// so the first filter keystroke finds it ready (a million items take about a second to
    /// fold). Without it, the first filter builds the index on the spot.
    package var buildsFilterIndexInBackground = true

    /// The program the demo runs in (set by `start(in:)`): `q` quits it, and the rest of a batch
    /// after `q` is not handled. Its ``Program/isFinished`` is the one quit flag.
    private weak var program: Program?
    /// The short form of the last change (`−2 +1 ↕3 ~1`).
    package private(set) var lastChange = ""
    /// Frames per second over the last second of animation (0 when at rest).
    package private(set) var framesPerSecond = 0

    package static let minimumSize = TerminalSize(columns: 20, rows: 5)

    /// The list's timing when nothing runs on a beat (from the environment: reduced motion).
    private let baseTiming: TransitionTiming

    /// While replaying: the replay's state for the title bar (its controls then fill the help
    /// bar, from ``replayControls``).
    package var replayStatus: String?
    /// While replaying: the replay's keys, for its help bar and help overlay.
    package var replayControls: Keymap<ReplayAction> = .replayControls
    /// While replaying: whether the replay's help overlay is shown.
    package var replayShowsHelp = false

    /// The filter's text and cursor while it is open (`/`): the toolkit's prompt, so the demo
    /// edits a filter as every TUIList app does (←/→, Home/End, Ctrl-A/E/U/K/W, paste at the
    /// cursor). The model holds the filter in force (``DemoModel/filter``).
    package private(set) var filterField = TextPrompt(prefix: "/")

    private var nextSortTick: Double?
    /// The status line's timed message ("nothing to undo", a refused Ctrl-Z).
    private var message = TimedMessage()
    private var frameTimes: [Double] = []
    private var recordFailure: String?

    package init(model: DemoModel, terminal: any Terminal, clock: any AnimationClock = SystemClock()) {
        self.model = model
        self.terminal = terminal
        self.clock = clock
        baseTiming = .fromEnvironment()  // the list's own default
        list.animationClock = clock
        list.showsScrollbar = true
        list.stickySectionHeaders = true
    }

    /// The list, its cells and headers drawn from the model.
    private func makeList() -> ListView<String, Int> {
        ListView<String, Int>(
            cellProvider: { [unowned self] context, id in
                let cell = context.dequeue(TextCell.self)
                guard let item = model.data.items[id] else { cell.title = "#\(id)"; return cell }
                cell.title = item.title
                cell.detail = item.detail
                cell.badge = item.price > 0 ? String(format: "%.2f", item.price) : nil
                return cell
            },
            headerProvider: { [unowned self] context, section in
                let cell = context.dequeue(SectionHeaderCell.self)
                cell.title = section
                let total =
                    model.data.snapshot.contains(section: section) ? model.data.snapshot.numberOfItems(inSection: section) : 0
                let shown = model.displayed.contains(section: section) ? model.displayed.numberOfItems(inSection: section) : 0
                if model.collapsed.contains(section) {
                    cell.detail = "▸ \(total) hidden"
                } else {
                    cell.detail = shown == total ? "\(total)" : "\(shown) of \(total)"
                }
                return cell
            })
    }

    // MARK: - Running

    private func prepare() {
        list.apply(model.displayed, animated: false)
        syncSelection()
        record(snapshot: model.displayed)
    }

    /// Runs until the person quits, on TUIList's ``Program``: input arrives in batches, frames
    /// are paced at 60 Hz, nothing runs while idle. Returns the exit status.
    @discardableResult
    package func run() -> Int32 {
        Program(terminal: terminal, clock: clock).run(self)
    }

    /// Sort steps and message expiry that are due.
    private func advance() {
        let now = clock.now
        if let due = nextSortTick, due <= now {
            nextSortTick = nil
            perform(.sortTick)
        }
    }

    /// Handles a batch of input events as one: while the filter is open, a run of editing keys
    /// and pastes goes to ``filterField`` and filters the list once, so thirty keystrokes
    /// filter it once; the key that ends the run (Enter, Esc, ↑, F1) goes through the keymap.
    package func handle(_ events: [InputEvent]) {
        var rest = events[...]
        while program?.isFinished != true, let event = rest.first {
            if model.isEditingFilter {
                let edit = filterField.handle(rest)
                for case .key(let key) in rest.prefix(edit.consumed) { try? recorder?.record(key: Self.name(of: key)) }
                if edit.changed {
                    perform(.setFilter(filterField.text))
                    // The model may refuse it (a drag started with the mouse while typing).
                    if model.filter != filterField.text { filterField.text = model.filter }
                }
                rest = rest.dropFirst(edit.consumed)
                if edit.consumed > 0 { continue }
            }
            rest = rest.dropFirst()
            handleOutsideFilter(event)
        }
    }

    /// How many rows a page key moves: the list's visible height less one.
    package var pageSize: Int { max(1, list.viewportHeight - 1) }

    /// What `key` does now: the action of the keymap in force (``DemoKeymap/keymap(for:page:)``),
    /// or nil.
    package func action(for key: Key) -> DemoAction? {
        DemoKeymap.action(for: key, in: model, page: pageSize)
    }

    /// Handles one input event (as a batch of one).
    package func handle(_ event: InputEvent) { handle([event]) }

    /// One event that is not an edit of the open filter.
    private func handleOutsideFilter(_ event: InputEvent) {
        switch event {
        case .key(let key):
            try? recorder?.record(key: Self.name(of: key))
            if let action = action(for: key) { perform(action) }
        case .resize(let size):
            try? recorder?.record(resize: size.columns, rows: size.rows)
        case .mouse(let mouse):
            handleMouse(mouse)
        case .paste(let text):
            // Pasted text is never read as commands (the open filter takes it before this).
            show("paste ignored (\(text.count) characters); press / to filter, then paste")
        }
    }

    /// Feeds an action to the model and carries out its effects.
    package func perform(_ action: DemoAction) {
        // Sort steps come on a beat: each step's animation fits in 80% of the beat.
        list.transitionTiming =
            model.isSorting || action.startsSort
            ? baseTiming.fitting(within: 0.8 / model.sortSpeed) : baseTiming
        let wasEditingFilter = model.isEditingFilter
        carryOut(model.update(action))
        if model.isEditingFilter && !wasEditingFilter { filterField.text = model.filter }
        if !model.isSorting { nextSortTick = nil }
        syncSelection()
    }

    private func carryOut(_ effects: [DemoEffect]) {
        for effect in effects {
            switch effect {
            case .apply(let snapshot, let animated):
                list.apply(snapshot, animated: animated)
                let changes = list.lastChangeset
                if !changes.isEmpty { lastChange = changes.summary }
                record(snapshot: snapshot)
            case .dragFinished(let result):
                if onDragFinished?(result) == false {
                    carryOut(model.refuseLastDrop())
                } else {
                    show("dropped \(result.moved.count == 1 ? "1 item" : "\(result.moved.count) items")")
                }
            case .scheduleSortTick(let delay):
                nextSortTick = clock.now + delay
            case .message(let text):
                show(text)
            case .quit:
                program?.quit()
            }
        }
    }

    /// Shows other data (a replayed state) through the same apply path as every change.
    package func show(_ data: DemoData, animated: Bool) {
        carryOut(model.show(data, animated: animated))
        syncSelection()
    }

    private func show(_ text: String) {
        message.show(text, for: 3, now: clock.now)
    }

    /// Keeps the list's selection and marks in step with the model's cursor.
    private func syncSelection() {
        list.markedItems = model.editing.marked.union(model.drag?.items ?? [])
        switch model.cursor {
        case .item(let id)?:
            list.select(id, anchor: .nearest)
        case .header(let section)?:
            list.state.selection = nil
            list.scroll(toRow: .header(section), anchor: .nearest)
        case nil:
            list.state.selection = nil
        }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        guard let area = list.lastRenderedRect else { return }
        switch (mouse.button, mouse.kind) {
        case (.wheelUp, _): list.scroll(byLines: -3)
        case (.wheelDown, _): list.scroll(byLines: 3)
        case (.left, .press):
            guard area.contains(x: mouse.x, y: mouse.y), let row = list.row(atLine: mouse.y - area.y) else { return }
            switch row {
            case .item(let id): perform(.select(.item(id)))
            case .header(let s), .footer(let s): perform(.select(.header(s)))
            }
        case (.left, .drag):
            // Press, move, release: the first movement picks the item up, each line carries it.
            guard let cursorItem = model.cursorItem else { return }
            if !model.isDragging { perform(.pickUp) }
            guard model.isDragging, let from = list.layout.index(of: .item(cursorItem)) else { return }
            let line = mouse.y - area.y + list.state.scrollOffset
            let current = list.layout.firstLine(ofRowAt: from)
            if line < current { perform(.dragUp) } else if line > current { perform(.dragDown) }
        case (.left, .release):
            if model.isDragging { perform(.drop) }
        default: break
        }
    }

    // MARK: - Recording

    private func record(snapshot: Snapshot<String, Int>) {
        guard let recorder, recordFailure == nil else { return }
        do {
            // The list has just diffed the same two snapshots: reuse its changeset.
            try recorder.record(snapshot, changeset: list.lastChangeset) { self.model.data.items[$0] }
        } catch {
            recordFailure = "\(error)"
            show("recording stopped: \(error)")
        }
    }

    /// A key's name as a recording stores it.
    package static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .function(let n): return "F\(n)"
        case .modified, .unknown: return key.displayName
        default: return "\(key)".prefix(1).uppercased() + "\(key)".dropFirst()
        }
    }

    // MARK: - Drawing

    /// Frames per second over the frames of the running animation (at most the last second):
    /// an animation lasts under half a second, so counting a whole second would understate it.
    private func countFrame() {
        if list.isAnimating {
            let now = clock.now
            frameTimes.append(now)
            frameTimes.removeAll { $0 < now - 1 }
            if frameTimes.count > 1, let first = frameTimes.first, now > first {
                framesPerSecond = Int((Double(frameTimes.count - 1) / (now - first)).rounded())
            }
        } else {
            frameTimes.removeAll()
        }
    }

    /// Draws the screen for the current state (no presenting), and counts the frame for the
    /// frame-rate figure: the chrome (the bold title bar with the mode, the status line, the
    /// help bar with the mode's label and the filter being typed, the help) around the list,
    /// whose header the cursor rests on is highlighted.
    package func render(into canvas: inout Canvas) {
        countFrame()
        canvas.clear()
        list.isFocused = !model.isEditingFilter
        list.emptyText =
            !model.filter.isEmpty && model.data.snapshot.numberOfItems > 0
            ? "No item matches the filter — Esc clears it" : "No items — press i to insert one, u to undo"
        var chrome = ScreenChrome(theme: .tuilist)
        chrome.title = model.data.title
        chrome.titleDetail = titleMode
        chrome.status = .init(left: statusText)
        chrome.message = message.text(at: clock.now)
        chrome.helpBar = helpBar
        if replayStatus == nil && model.isEditingFilter {
            // The filter being typed, with its cursor, in the bar before the filter mode's keys.
            var field = filterField
            field.style = Style(foreground: .ansi(6))
            field.prefixStyle = field.style
            chrome.prompt = .init(.text(field), placement: .helpBar)
        }
        chrome.help = (replayStatus != nil ? replayShowsHelp : model.showHelp) ? helpOverlay : nil
        chrome.minimumSize = Self.minimumSize
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
            list.render(into: &canvas, rect: body)
            drawHeaderCursor(into: &canvas, area: body)
        }
    }

    /// The title bar's right side: the replay's state, or the mode.
    private var titleMode: String {
        if let replayStatus { return replayStatus }
        if let sort = model.sort {
            return "SORTING \(sort.algorithm.rawValue) by \(sort.key.rawValue) · step \(sort.steps)"
        }
        if model.isDragging { return "DRAGGING \(model.drag!.items.count)" }
        if !model.filter.isEmpty || model.isEditingFilter {
            return "FILTER /\(model.filter)" + (model.isWaitingForFilterIndex ? " (indexing…)" : "")
        }
        return model.editing.marked.isEmpty ? "" : "\(model.editing.marked.count) marked"
    }

    /// The demo's cursor can rest on a section header (to collapse it); the list's selection
    /// covers items only, so the header's line is highlighted here.
    private func drawHeaderCursor(into canvas: inout Canvas, area: Rect) {
        guard case .header(let section)? = model.cursor,
            let index = list.layout.index(of: .header(section))
        else { return }
        let line = list.layout.firstLine(ofRowAt: index) - list.state.scrollOffset
        guard line >= 0, line < area.height else { return }
        canvas.restyle(Rect(x: area.x, y: area.y + line, width: area.width - (list.showsScrollbar ? 1 : 0), height: 1)) {
            $0 = $0.overlaid(with: .selection)
        }
    }

    /// The status line: counts, the last change, the frame rate, cells, recording; a message first.
    private var statusText: String {
        let snap = model.displayed
        var parts = ["\(snap.numberOfItems) items", "\(snap.numberOfSections) sections"]
        if model.displayed.numberOfItems != model.data.snapshot.numberOfItems {
            parts[0] = "\(snap.numberOfItems)/\(model.data.snapshot.numberOfItems) items"
        }
        if !lastChange.isEmpty { parts.append("last \(lastChange)") }
        if list.isAnimating && frameTimes.count > 1 { parts.append("\(framesPerSecond) fps") }
        parts.append("cells \(list.reusePool.live) live, \(list.reusePool.reused) reused")
        if recorder != nil { parts.append(recordFailure == nil ? "● REC" : "REC failed") }
        let text = parts.joined(separator: " · ")
        return text
    }

    /// The help bar: the mode's label (the filter being typed goes after it, DRAG, SORTING)
    /// then the items of the keymap in force (``DemoKeymap``), or the replay's controls while
    /// replaying.
    private var helpBar: HelpBar {
        let style = Style(foreground: .ansi(6))
        var bar: HelpBar
        if replayStatus != nil {
            bar = HelpBar(replayControls, separator: " · ", style: style)
            bar.label = " REPLAY  "
        } else {
            bar = HelpBar(items: DemoKeymap.barItems(for: model), separator: DemoKeymap.barSeparator(for: model), style: style)
            bar.label = " " + DemoKeymap.barLabel(for: model)
        }
        return bar
    }

    /// The help over the screen: the keymap in force when it was opened (the list's, with the
    /// mouse, from the normal mode; the drag's, the filter's, the sort's), or the replay's.
    private var helpOverlay: HelpOverlay {
        let page = pageSize
        if replayStatus != nil {
            return HelpOverlay(replayControls, title: "replay — keys", footer: "? closes the help")
        }
        switch DemoKeymap.mode(of: model) {
        case .normal, .help:
            let footer = "sort key \(model.sortKey.rawValue) · \(Int(model.sortSpeed)) steps/s · any key closes"
            let rows = HelpOverlay.Section(nil, DemoKeymap.normal(page: page, filtered: !model.filter.isEmpty)).rows
            return HelpOverlay(
                title: "TUIList demo — keys", sections: [.init(rows: rows + [DemoKeymap.mouseHelp])], footer: footer,
                border: .single)
        case .drag:
            return HelpOverlay(title: "TUIList demo — dragging", sections: [.init(nil, DemoKeymap.drag)], border: .single)
        case .filter:
            return HelpOverlay(
                title: "TUIList demo — filter",
                sections: [.init(nil, DemoKeymap.filter(page: page)), .init("editing the filter", filterField.keymap)],
                border: .single)
        case .sorting:
            return HelpOverlay(title: "TUIList demo — sorting", sections: [.init(nil, DemoKeymap.sorting)], border: .single)
        }
    }
}

/// A filter index built on a thread of its own, posted to the program's mailbox.
private struct BuiltFilterIndex: Sendable {
    var index: FilterIndex<Int>
    var build: Int
}

extension DemoApp: TerminalApp {
    package func start(in program: Program) {
        self.program = program
        prepare()
        guard buildsFilterIndexInBackground, let (data, build) = model.beginFilterIndex() else { return }
        program.mailbox.perform { BuiltFilterIndex(index: DemoModel.makeFilterIndex(data), build: build) }
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        handle(events)
    }

    /// The filter index from the background build: the filter, if one is typed, now runs on it.
    package func receive(_ message: any Sendable, in program: Program) {
        guard let built = message as? BuiltFilterIndex else {
            self.message.receive(message, now: clock.now)
            return
        }
        carryOut(model.adoptFilterIndex(built.index, build: built.build))
        syncSelection()
    }

    package func tick(in program: Program) {
        advance()
    }

    package var isAnimating: Bool { list.isAnimating }

    /// The next sort step or message expiry (animation frames are the program's business).
    package var nextDeadline: Double? {
        [nextSortTick, message.deadline(at: clock.now)].compactMap { $0 }.min()
    }
}

extension DemoAction {
    /// Whether the action starts a sort (its first step comes on the sort's beat).
    var startsSort: Bool { if case .sort = self { return true } else { return false } }
}
