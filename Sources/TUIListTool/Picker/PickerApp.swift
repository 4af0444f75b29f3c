import Foundation
import TUIList

/// The pipe picker (`COMMAND | tuilist`): lines arrive while the person types a filter and
/// moves through the matches; Enter chooses.
///
/// Screen: a prompt line (`> query` with its cursor, and `matches/lines`), the pinned header
/// lines, the list, and a help bar. Typing filters (``FilterQuery``: fzf's extended search,
/// smart case, accents ignored unless the term has one; matches ranked by score unless ``Options/sort`` is off), and
/// each new query selects its best match, as fzf does (``Options/track`` keeps the selected line
/// while it matches); the query is a ``TextPrompt`` (←/→, Ctrl-A/Ctrl-E, Delete, Ctrl-U, Ctrl-W, paste at the
/// cursor), searched once per run of editing keys in a batch of input; ↑/↓, Ctrl-P/Ctrl-N
/// (Ctrl-K), PgUp/PgDn, Home/End move; with `multi`, Tab marks and moves down; Enter chooses;
/// Esc gives up. The result is in ``chosen`` and ``exitStatus`` once the
/// program ends: 0 with lines chosen, 1 when nothing matched, 130 when the person gave up
/// (fzf's conventions).
///
/// Lines come through a ``LineInbox`` (its ``LineFeed/read(descriptor:separator:)`` reads
/// standard input on the library's thread), so a slow producer's lines show as they come. They
/// arrive in ``receive(_:in:)`` as messages holding ``LineBatch``es,
/// already indexed on the reader's thread; the index keeps the lines themselves (as bytes,
/// in chunks that never move), so a million lines cost about their bytes plus ~30 bytes
/// each, and no `String` is made for a line until it is drawn or chosen. A row's identity is
/// its line number: the input never changes, so a row keeps who it is while the ranking moves
/// it, and slides to its new place after a `reload` or `toggle-sort` (a typed query's rows
/// show at once, as fzf's).
///
/// Searching: a query over fewer than ``backgroundSearchLines`` lines is searched at once;
/// over more, in the background (a newer keystroke cancels a stale search), and the screen
/// keeps the last result, with the new query shown, until the new one arrives.
package final class PickerApp: TerminalApp {
    /// The list on screen: one section, no section header; items are line numbers.
    package private(set) lazy var list = makeList()
    /// The options in force.
    package let options: Options
    /// The picker's state, each piece once (``PickerModel``): ``render(into:)`` reads it.
    var model: PickerModel
    /// How lines are prepared (on the reader's thread).
    let preparation: LinePreparation
    /// Where the lines arrive (a `reload` puts its own in place).
    var inbox: LineInbox
    /// What the program gives when it starts: its clock and mailbox, and the jobs on it.
    var runtime: Runtime?

    /// The program's clock and mailbox, and the three background jobs run on them.
    struct Runtime {
        /// The program's clock: when the builder last delivered.
        let clock: any AnimationClock
        /// The program's mailbox, for background results.
        let mailbox: ProgramMailbox
        /// Runs the background searches: the newest only.
        let searchJob: LatestJob
        /// Runs the builder's builds: the newest one's snapshot is the one shown, an older
        /// one's is dropped.
        let allLinesJob: LatestJob
        /// Runs `--preview` commands: the newest one's output is shown, an older one is killed.
        let preview: PreviewRunner
    }

    /// The query: the prompt's text once its run of edits in a batch of input is searched
    /// (the search runs once per run, not per key). fzf's `search(…)` searches another text
    /// and leaves it as it is.
    package var query: String { model.search.typed }
    /// The query's line editor: its text, cursor and editing keys
    /// (``PickerKeymap/promptKeymap(multi:)``).
    package var prompt: TextPrompt {
        get { model.prompt }
        set { model.prompt = newValue }
    }
    /// The header lines (the first ``Options/headerLines`` lines read, with their escapes
    /// under ``Options/ansi``).
    package var header: [String] { model.input.header }
    /// The number of lines read (after the header).
    package var lineCount: Int { model.input.count }
    /// Line `number` (after the header), without colour escapes: what is printed.
    package func line(_ number: Int) -> String { model.input.line(number) }
    /// The line in `slot` of the index.
    func line(atSlot slot: Int) -> String { model.input.line(atSlot: slot) }
    /// The row of line `slot` (the line number itself before any `reload`).
    func item(atSlot slot: Int) -> Int { model.input.item(atSlot: slot) }
    /// The line number of row `item` (the row itself before any `reload`).
    func slot(of item: Int) -> Int { model.input.slot(of: item) }
    /// The preview's lines, for the row it is for.
    package var preview: [ANSIText] { model.preview.lines }
    /// `--group-by` and `--columns`: the lines' groups and the columns' widths (``PickerApp+Groups``).
    var fieldLayout: PickerFieldLayout { model.fieldLayout }
    /// The command `become(CMD)` asked for (placeholders replaced): the caller runs it in the
    /// picker's place once the terminal is restored.
    package var becomeCommand: String? { model.outcome.becomeCommand }
    /// The queries of earlier runs (`--history`), to add the query typed to
    /// (``queryForHistory``), nil when none is to be added: `-1` or `-0` ended the picker
    /// with no key pressed, as fzf adds none then.
    package var history: PickerHistory? { model.outcome.autoExited ? nil : model.history }
    /// The query as typed in the prompt (what `--history` keeps, as fzf's).
    package var queryForHistory: String { model.prompt.text }
    /// A preview command's output.
    private struct PreviewOutput: Sendable {
        let row: Int
        let command: String
        let text: String
    }
    /// Whether the input has ended.
    package var inputFinished: Bool { model.input.finished }
    /// The lines marked with Tab (line numbers), in marking order.
    var markedLines: [Int] { model.marks.items }
    /// The lines marked with Tab, in marking order.
    package var marked: [String] { model.marks.items.map { line($0) } }
    /// The lines chosen (what `--accept-nth` takes of them), once Enter was pressed.
    package var chosen: [String] { model.outcome.chosen }
    /// The `--expect` key that chose (its name as given), `""` for another key; `nil` until chosen.
    package var chosenWithKey: String? { model.outcome.chosenWithKey }
    /// The preview window in force: `--preview-window`'s (or `change-preview-window`'s), or its
    /// alternative.
    var previewWindow: PreviewWindow { previewWindow(alternative: model.preview.usesAlternative) }
    /// The window: `change-preview-window`'s when one ran, else `--preview-window`'s.
    var baseWindow: PreviewWindow { model.preview.window ?? options.previewWindow }
    /// The window, or its alternative when `alternative`.
    func previewWindow(alternative: Bool) -> PreviewWindow {
        alternative ? baseWindow.alternative?.window ?? baseWindow : baseWindow
    }
    /// Whether the picker ended printing only its query (fzf's `print-query` action, and
    /// `accept-or-print-query` with nothing matching).
    package var printsQueryOnly: Bool { model.outcome.printsQueryOnly }
    /// The lines `print(TEXT)` queued, printed after the `--expect` key when the picker accepts.
    package var printed: [String] { model.outcome.printed }
    /// The `--header` text shown: `change-header(…)`'s when one ran.
    package var headerText: [String] { model.headerText ?? options.headerText }
    /// The preview command: `preview(…)`'s while the line it ran for is selected, else
    /// `change-preview(…)`'s when one ran, else `--preview`'s; nil for none.
    package var previewTemplate: String? {
        if let once = model.preview.once, once.row == list.state.selection { return once.template }
        guard let changed = model.preview.template else { return options.preview }
        return changed.isEmpty ? nil : changed
    }
    /// Whether the preview pane is hidden, under the window in force.
    package var previewHidden: Bool { model.preview.hidden }
    /// The status to exit with, once the person chose or gave up.
    package var exitStatus: Int32? { model.outcome.exitStatus }
    /// How many lines match (``PickerSearch/matches`` or every line).
    var matchCount: Int { model.search.matches?.count ?? model.input.count }
    /// How many searches started: a test counts the searches a batch of typing makes. (The
    /// search job drops a background result for an older one.)
    package var searchesStarted: Int { model.search.started }
    /// Whether a background search is in flight.
    var searchInFlight: Bool { runtime?.searchJob.isRunning ?? false }
    /// Whether the list does not hold every line yet although the query asks for all of them.
    var listIsBehind: Bool {
        model.search.parsed.isEmpty && !options.tac
            && list.snapshot().numberOfItems + model.search.excluded.count < model.input.count
    }
    /// Why reading stopped early, if it did.
    var readError: String? { model.input.readError }
    /// Queries over this many lines or more are searched in the background.
    package static let backgroundSearchLines = 200_000

    /// A picker reading `inbox`.
    package init(inbox: LineInbox, options: Options = Options()) throws(ToolFailure) {
        self.inbox = inbox
        self.options = options
        model = PickerModel(options: options)
        _ = try LineKeyer(options.key)  // a bad --key-regex is still a usage error
        preparation = options.preparation
        keymap = PickerKeymap.keymap(multi: options.multi, bindings: options.bindings)
        inbox.prepare(preparation)
    }

    /// The list, its cells made from the model's rows (``row(_:)``) as they come on screen.
    private func makeList() -> ListView<Int, Int> {
        let list = ListView<Int, Int>(
            cellProvider: { [unowned self] context, line in
                let cell = context.dequeue(LineCell.self)
                cell.highlightStyle = PickerApp.matchStyle
                cell.markedStyle = PickerApp.markedStyle
                cell.showsLastHighlight = true
                cell.carriageReturn = "␍"
                options.colors.configure(cell)
                // Only rows on screen get here: match the line again for its characters.
                let row = row(line)
                let text = PickerRowText(title: row.title, colored: row.colored, matched: row.matched, tabStop: options.tabStop)
                (cell.title, cell.colored, cell.highlighted) = (text.title, text.colored, Set(text.matched))
                (cell.marker, cell.pointer) = (options.marker, options.pointer)
                cell.dimmed = model.search.rawMatches.map { !$0.contains(slot(of: line)) } ?? false
                cell.wrap = model.wrap.map { (options.wrapSign, $0.atWords) }
                cell.showsLastHighlight = model.wrap == nil
                return cell
            },
            headerProvider: { [unowned self] context, section in groupHeader(context, section) })
        list.keepsLastChangeset = false
        list.showsSectionHeaders = options.groupBy != nil
        list.stickySectionHeaders = options.groupBy != nil
        list.showsScrollbar = options.scrollbar != ""
        if let thumb = options.scrollbar?.first { list.scrollbarGlyphs = (thumb, nil) }
        list.scrollMargin = options.scrollOff
        list.growsUpward = options.layout == .default
        list.rowSizing = rowSizing()
        list.emptyText = "no lines yet"
        return list
    }

    // MARK: - TerminalApp

    package func start(in program: Program) {
        list.animationClock = program.clock
        runtime = Runtime(
            clock: program.clock, mailbox: program.mailbox, searchJob: LatestJob(mailbox: program.mailbox),
            allLinesJob: LatestJob(mailbox: program.mailbox), preview: PreviewRunner(mailbox: program.mailbox))
        inbox.connect(program.mailbox)
        model.events.pending.append("start")
        fireEvents(in: program)
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        defer { fireEvents(in: program) }
        takeGeometry(from: program)
        var rest = events[...]
        while let event = rest.first {
            if model.isShowingHelp {
                // Any key or click closes the keys and does nothing else; a paste closes them
                // and is typed.
                switch event {
                case .paste:
                    model.isShowingHelp = false
                case .key, .mouse:
                    model.isShowingHelp = false
                    rest = rest.dropFirst()
                    continue
                case .resize:
                    rest = rest.dropFirst()
                    continue
                }
            }
            if model.jumping != nil, event.isJumpKey {
                // (The key after `jump` picks a label or ends the labels, and does nothing else;
                // a paste ends them and is typed, as fzf's.)
                if case .key(let key) = event {
                    rest = rest.dropFirst()
                    endJump(with: key, in: program)
                } else {
                    if case .mouse = event { rest = rest.dropFirst() }
                    endJump(with: nil, in: program)
                }
                fireEvents(in: program)
                if model.outcome.exitStatus != nil { return }
                continue
            }
            // The leading run of editing keys and pastes edits the query; it is searched once,
            // when something else comes (a move acts on the list as filtered so far) or at the end.
            if takesBackwardEOF(rest.first) {
                // fzf's `backward-eof`: Backspace on an empty query, when bound.
                rest = rest.dropFirst()
                model.events.pending.append("backward-eof")
                fireEvents(in: program)
                if model.outcome.exitStatus != nil { return }
                continue
            }
            rest = rest.dropFirst(model.prompt.handle(rest).consumed)
            guard let next = rest.popFirst() else { break }
            switch next {
            case .key(let key):
                guard let action = action(for: key) else { continue }
                searchTypedQuery()
                perform(action, in: program)
                fireEvents(in: program)  // (`focus` with the line this key moved to)
                if model.outcome.exitStatus != nil { return }
            case .mouse(let mouse):
                guard options.mouse else { continue }
                searchTypedQuery()
                handleMouse(mouse, in: program)
                fireEvents(in: program)
                if model.outcome.exitStatus != nil { return }
            case .paste, .resize:
                break
            }
        }
        searchTypedQuery()
    }

    /// Searches the prompt's text if it is not the query searched.
    func searchTypedQuery() {
        guard model.prompt.text != model.search.typed else { return }
        model.search.typed = model.prompt.text
        setQuery(model.prompt.text)
        model.events.pending.append("change")
    }

    /// How matched characters are drawn (as fzf draws them: green, bold).
    package static let matchStyle = Style(foreground: .ansi(2), attributes: .bold)
    /// How marked rows are drawn (`--multi`).
    package static let markedStyle = Style(foreground: .ansi(3), attributes: .bold)

    /// The picker's own keys (``PickerKeymap``); the query's editing keys are ``prompt``'s
    /// (``TextPrompt/keymap``), which shares no key with these.
    package let keymap: Keymap<PickerAction>
    /// Whether the keys are shown (F1).
    package var isShowingHelp: Bool { model.isShowingHelp }

    /// What `key` does: the keymap's answer, the one dispatch the keys, the help bar and the
    /// help overlay share; nil for a key the prompt takes (it edits the query).
    package func action(for key: Key) -> PickerAction? {
        model.prompt.keymap.binds(key) ? nil : bound(key)
    }

    /// What `key` (a key, or an event's or mouse event's name as `Key.unknown`) is bound to,
    /// unless fzf's `unbind(…)` turned it off.
    func bound(_ key: Key) -> PickerAction? {
        model.events.unbound.contains(key) ? nil : keymap.action(for: key)
    }

    package func tick(in program: Program) {
        defer { fireEvents(in: program) }
        takeGeometry(from: program)
        // (Lines come in `receive`; here, what is due by the clock: a reload's patience, a
        // snapshot of a list still filling.)
        if model.reloading == nil || takeReloadedLines(in: program) {
            absorb([], finished: model.input.finished, error: model.input.readError, in: program)
        }
        if let once = model.preview.once, once.row != list.state.selection { model.preview.once = nil }
        guard let template = previewTemplate, !model.preview.hidden, model.outcome.exitStatus == nil else { return }
        let selected = list.state.selection
        let command = selected.map {
            PreviewRunner.command(template, context: placeholderContext(row: $0), delimiter: options.delimiter)
        }
        if selected != model.preview.row || command != model.preview.command {
            // The selection moved: the old output goes; the same row with a new command (`{q}`
            // and a new query) keeps its output until the new one comes. It runs once settled.
            if selected != model.preview.row { model.preview.lines = [] }
            model.preview.row = selected
            model.preview.command = command
            runtime?.preview.cancel()
            model.preview.due = command == nil ? nil : program.clock.now + Self.previewSettle
            program.setNeedsDisplay()
        }
        if let due = model.preview.due, program.clock.now >= due, let row = model.preview.row, let command {
            model.preview.due = nil
            runtime?.preview.run(command) { text in
                PreviewOutput(row: row, command: command, text: text)
            }
        }
    }

    /// Seconds the selection stays on a row before its preview runs (moving fast runs nothing).
    package static let previewSettle = 0.05

    package var nextDeadline: Double? {
        let fill = model.search.due ? model.search.lastShown + Self.fillingInterval : nil
        return [
            model.preview.due, fill, model.reloading.map { $0.started + Self.reloadPatience },
            runtime.flatMap { model.message.deadline(at: $0.clock.now) },
        ].compactMap { $0 }
            .min()
    }

    package func receive(_ message: any Sendable, in program: Program) {
        defer { fireEvents(in: program) }
        takeGeometry(from: program)
        if model.message.receive(message, now: program.clock.now) { return program.setNeedsDisplay() }
        if let delivery = inbox.accept(message) {
            switch delivery {
            case .lines(let batch): absorb([batch], finished: model.input.finished, error: model.input.readError, in: program)
            case .end(let error): absorb([], finished: true, error: error ?? model.input.readError, in: program)
            }
            return
        }
        if receiveReloadedLines(message, in: program) { return }
        if let delivered = runtime?.allLinesJob.accept(message) as? AllLines {
            guard model.input.identities == nil else { return }  // (a reload shows its lines by its rows)
            model.rows.allLines = delivered.snapshot
            if model.search.parsed.isEmpty && !options.tac && model.search.excluded.isEmpty && model.outcome.exitStatus == nil {
                model.rows.listShowsAllLines = true
                list.apply(delivered.snapshot, animated: false)
                settleSelection(best: model.input.index.count > 0 ? 0 : nil)
                if isReady && !model.events.loadFired && delivered.snapshot.numberOfItems == model.input.index.count {
                    // (Every line of a big input listed at last: fzf's `load`.)
                    model.events.noteLoad()
                }
            } else if model.search.raw && !model.search.parsed.isEmpty && model.outcome.exitStatus == nil {
                show(model.search.matches, animated: false)  // (raw mode lists every line: these)
            }
            checkAutoExit(in: program)
            program.setNeedsDisplay()
            return
        }
        if let result = runtime?.searchJob.accept(message) as? SearchResult {
            remember(result.found, result.order)
            show(result.order, animated: result.animated)
            showIfDue(in: program)
            checkAutoExit(in: program)
            program.setNeedsDisplay()
            return
        }
        guard let output = runtime?.preview.accept(message) as? PreviewOutput, output.row == model.preview.row,
            output.command == model.preview.command
        else { return }
        model.preview.lines = LineSplitter.lines(of: output.text).map { ANSIText(parsing: $0).expandingTabs() }
        previewArrived(for: output.row)
        program.setNeedsDisplay()
    }

    package var isAnimating: Bool { list.isAnimating }

    /// `-1` and `-0` decide before anything is shown, as fzf's deferred start does: the screen
    /// (and so the terminal) is needed only once a person must choose — more than one match
    /// for `-1`, any match for `-0` alone, or the input ended without an automatic exit. A run
    /// that picks or gives up by itself opens no terminal, so it works without one (`setsid`,
    /// cron) and flashes nothing.
    package var needsScreen: Bool {
        guard options.selectOne || options.exitZero else { return true }
        if model.outcome.autoExitChecked { return true }
        if model.search.due || searchInFlight { return false }
        if options.selectOne && matchCount > 1 { return true }
        if options.exitZero && !options.selectOne && matchCount > 0 { return true }
        return false
    }

    /// The box `--border` draws: its edges, and as fzf, a blank column inside a left or right one.
    var borderBox: Box? {
        options.border.map {
            let sides: Set<Box.Edges> = [.all, .vertical, .left, .right]
            return Box(border: $0, style: options.colors.style(.border))
                .with(edges: options.borderEdges, padding: sides.contains(options.borderEdges) ? 1 : 0)
        }
    }

    /// Draws the frame from the model, through the library's ``ScreenChrome`` as every app
    /// does: the border (`--border`), the prompt line with the counts at its right end while
    /// the query leaves room, the help bar, the help overlay and the too-small text are the
    /// chrome's; the body between them (``PickerLayout``: the header lines beside the prompt,
    /// the list and the preview) is the picker's. Nothing of the model is written here.
    package func render(into canvas: inout Canvas) {
        defer { options.colors.paintDefaults(of: &canvas) }
        list.emptyText = lineCount == 0 ? (model.input.finished ? "no input" : "no lines yet") : "no line matches"
        let area = options.margin.inset(canvas.bounds)
        if area != canvas.bounds { canvas.clear(canvas.bounds) }
        chrome(in: area).render(into: &canvas, in: area) { canvas, body in
            canvas.clear(body)
            drawBody(PickerLayout(self, body: body), into: &canvas)
        }
        drawBorderLabel(into: &canvas, on: area)
    }

    /// The chrome around the body for the screen's `area`: border, padding, the prompt line
    /// with the counts where `--info` puts them, the help bar (the first part a short terminal
    /// loses, as fzf keeps the prompt and the rows), the keys while shown, a timed message.
    func chrome(in area: Rect) -> ScreenChrome {
        var chrome = ScreenChrome()
        chrome.border = borderBox
        let padding = options.padding
        if padding != PickerSpacing() { chrome.padding = { (rect: Rect) -> Rect in padding.inset(rect) } }
        chrome.minimumSize = TerminalSize(columns: 1, rows: 1)
        var field = model.prompt
        (field.prefix, field.prefixStyle) = (model.promptPrefix ?? options.prompt, options.colors.style(.prompt))
        var prompt = ScreenChrome.Prompt(.text(field), placement: options.layout.promptAtBottom ? .bottom : .top)
        placeCounts(on: &prompt)
        chrome.prompt = prompt
        if padding.inset(area).height - (borderBox?.edgeLines ?? 0) >= 3 {
            var bar = HelpBar(items: helpBarItems, separator: " · ", style: Style(foreground: .ansi(6)))
            bar.label = " "
            chrome.helpBar = bar
        }
        chrome.help = model.isShowingHelp ? helpOverlay : nil
        chrome.message = runtime.flatMap { model.message.text(at: $0.clock.now) }
        return chrome
    }

    /// Where the frame's parts go on a terminal of `size` (nil when it is too small for a
    /// body): what the key actions that depend on the layout ask.
    func layout(for size: TerminalSize) -> PickerLayout? {
        let area = options.margin.inset(Rect(x: 0, y: 0, width: size.columns, height: size.rows))
        return chrome(in: area).body(in: area).map { PickerLayout(self, body: $0) }
    }

    /// Takes the preview's geometry for the terminal's size now (before acting on input, a
    /// message or the clock), for the actions that scroll a page of it or tell whether a click
    /// is over it: ``PickerPreview/usesAlternative`` and the pane's rect.
    func takeGeometry(from program: Program) {
        guard previewTemplate != nil else { return }
        let layout = layout(for: program.size)
        model.preview.usesAlternative = layout?.usesAlternative ?? false
        model.preview.pane.rect = layout?.preview.flatMap { $0.rect.isEmpty ? nil : $0.rect }
    }

    /// Draws the body as `layout` places it: the info line, the `--header` text, the
    /// `--header-lines`, the list, and the preview beside it.
    private func drawBody(_ layout: PickerLayout, into canvas: inout Canvas) {
        if let info = layout.info { drawInfoLine(into: &canvas, in: info) }
        let headerStyle = options.colors.style(.header)
        let text = layout.headerText
        for (y, line) in zip(text.y ..< text.maxY, headerText) {
            canvas.draw(
                " " + PickerRowText.showingCarriageReturns(line), x: text.x, y: y, style: headerStyle, maxWidth: text.width)
        }
        let lines = layout.headerLines
        let upward = options.layout == .default
        for (row, (line, colored)) in zip(0 ..< lines.height, shownHeader) {
            let y = upward ? lines.maxY - 1 - row : lines.y + row
            if let colored {
                colored.draw(into: &canvas, x: lines.x + 1, y: y, style: headerStyle, maxWidth: lines.width - 1)
            } else {
                canvas.draw(" " + line, x: lines.x, y: y, style: headerStyle, maxWidth: lines.width)
            }
        }
        list.render(into: &canvas, rect: layout.list)
        drawJumpLabels(into: &canvas, in: layout.list)
        if let (rect, split) = layout.preview {
            split.drawDivider(into: &canvas, in: layout.rest)
            drawPreview(into: &canvas, in: rect, window: layout.previewWindow)
        }
    }

    // MARK: - Keys

    /// Ends the program with `status`; the inbox takes no more lines (its reader goes on to
    /// its input's end instead of waiting for room).
    func quit(_ status: Int32, _ program: Program) {
        inbox.close()
        program.quit(status: status)
    }

    func perform(_ action: PickerAction, in program: Program) {
        // (The rows shown are read from copies: the model is being changed while they are asked for.)
        let shown = { [matches = model.search.matches, input = model.input] in
            (matches.map { $0.map(Int.init) } ?? Array(0 ..< input.count)).map(input.item(atSlot:))
        }
        if let effects = model.update(action, selection: list.state.selection, shown: shown) {
            return run(effects, in: program)
        }
        switch action {
        case .choose:
            choose(in: program)
        case .chooseExpecting(let name):
            model.outcome.chosenWithKey = name
            choose(in: program)
        case .cancel:
            runtime?.preview.cancel()
            model.outcome.exitStatus = 130
            quit(130, program)
        case .move(let movement):
            move(movement)
        case .sequence(let actions):
            for action in actions where model.outcome.exitStatus == nil { perform(action, in: program) }
        case .scrollPreview, .scrollPreviewPages, .reload, .execute, .become:
            performCommandAction(action, in: program)
        default:
            performMoreAction(action, in: program)
        }
    }

    /// Runs the effects ``PickerModel/update(_:selection:shown:)`` asked for, in order.
    private func run(_ effects: [PickerModel.Effect], in program: Program) {
        for effect in effects {
            switch effect {
            case .marksChanged: list.markedItems = Set(model.marks.items)
            case .move(let movement): move(movement)
            case .search: search(animated: true)
            case .searchTypedQuery: searchTypedQuery()
            case .redraw: program.setNeedsDisplay()
            }
        }
    }

    /// Moves the selection the way `onScreen` goes on the screen (under `--layout=default`
    /// the list grows upward: down is toward the best match), a page being the list's lines
    /// less one (fzf's); with ``Options/cycle``, past the last row to the first and back.
    func move(_ onScreen: SelectionMovement) {
        let movement = list.growsUpward ? onScreen.upsideDown : onScreen
        if movement == .pageDown || movement == .pageUp {
            // fzf's page: the list's lines less one, so a line of the last page stays in view.
            for _ in 0 ..< max(1, list.viewportHeight - 1) { list.moveSelection(movement == .pageDown ? .next : .previous) }
            return
        }
        let snapshot = list.snapshot()
        if options.cycle, let selected = list.state.selection, let at = snapshot.indexOfItem(selected) {
            if movement == .next && at == snapshot.numberOfItems - 1 { return list.moveSelection(.first) }
            if movement == .previous && at == 0 { return list.moveSelection(.last) }
        }
        list.moveSelection(movement)
    }

    func choose(in program: Program) {
        if model.input.index.count == 0 && !model.input.finished {
            // (As fzf: an accept before any line is read, `start:accept`, waits for the lines.)
            model.events.acceptWhenReady = true
            return
        }
        if options.multi && !model.marks.items.isEmpty {
            model.outcome.chosen = model.marks.items.map(accepted)  // in the order marked, as fzf prints them
        } else if let selected = list.state.selection {
            model.outcome.chosen = [accepted(selected)]
        } else {
            model.outcome.chosen = []
        }
        model.outcome.exitStatus = model.outcome.chosen.isEmpty ? 1 : 0
        runtime?.preview.cancel()
        quit(model.outcome.exitStatus!, program)
    }
}
