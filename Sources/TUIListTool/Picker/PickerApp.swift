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
/// it, and it slides to its new place.
///
/// Searching: a query over fewer than ``backgroundSearchLines`` lines is searched at once;
/// over more, in the background (a newer keystroke cancels a stale search), and the screen
/// keeps the last result, with the new query shown, until the new one arrives.
package final class PickerApp: TerminalApp {
    /// The list on screen: one section, no section header; items are line numbers.
    package let list: ListView<Int, Int>
    /// The options in force.
    package let options: Options
    /// The query searched: the prompt's text once its run of edits in a batch of input is done
    /// (the search runs once per run, not per key).
    package private(set) var query = ""
    /// The query's line editor: its text, cursor and editing keys
    /// (``PickerKeymap/promptKeymap(multi:)``).
    package internal(set) var prompt: TextPrompt
    /// The screen it draws through: prompt line, help bar, help overlay, border.
    let screen: ListScreen<Int, Int, PickerAction>
    /// The header lines (the first ``Options/headerLines`` lines read, with their escapes
    /// under ``Options/ansi``).
    package private(set) var header: [String] = []
    /// The lines read so far (after the header) and their index (identifier: line number).
    /// The index keeps the text it searches, the original where it has accents (fzf's accent
    /// rule is checked against it): the lines, or under ``LinePreparation/keepsLines`` their
    /// searched text (the fields of `--nth`, the line without escapes).
    private var index: FilterIndex<Int>
    /// How lines are prepared (on the reader's thread).
    private let preparation: LinePreparation
    /// Under ``LinePreparation/keepsLines``: the lines (without colour escapes under
    /// ``Options/ansi``): what is printed.
    private var keptLines: [String] = []
    /// The lines as read, with their colour escapes (only under ``Options/ansi``).
    private var rawLines: [String] = []
    /// The number of lines read (after the header).
    package var lineCount: Int { index.count }
    /// Line `number` (after the header), without colour escapes: what is printed.
    package func line(_ number: Int) -> String {
        line(atSlot: slot(of: number))
    }

    /// The line in `slot` of the index.
    private func line(atSlot slot: Int) -> String {
        preparation.keepsLines ? keptLines[slot] : index.text(atSlot: slot)
    }
    /// Whether `-1` and `-0` were looked at (once, when the input ends).
    private var autoExitChecked = false
    /// The preview's lines, for ``previewFor``.
    package private(set) var preview: [ANSIText] = []
    /// The row whose preview is shown (or being made).
    var previewFor: Int?
    /// The preview command last started (placeholders replaced): a new one (another row, a
    /// new query under `{q}`, new marks under `{+}`) runs again.
    private var previewCommand: String?
    /// State of the preview pane beyond its text: scrolling, the row its offset is for.
    var previewPane = PreviewPane()
    /// `--group-by` and `--columns`: the lines' groups and the columns' widths (``PickerApp+Groups``).
    var fieldLayout = PickerFieldLayout()
    /// Tells double-clicks (``PickerApp+Mouse``).
    var clicks = ClickCounter()
    /// The command `become(CMD)` asked for (placeholders replaced): the caller runs it in the
    /// picker's place once the terminal is restored.
    package internal(set) var becomeCommand: String?
    /// When the selection has settled and the preview command runs.
    private var previewDue: Double?
    let previewRunner = PreviewRunner()
    /// A preview command's output.
    private struct PreviewOutput: Sendable {
        let row: Int
        let command: String
        let text: String
    }
    /// Whether the input has ended.
    package private(set) var inputFinished = false
    /// The lines marked with Tab (line numbers), in marking order.
    var markedLines: [Int] = []
    /// The lines marked with Tab, in marking order.
    package var marked: [String] { markedLines.map { line($0) } }
    /// The lines chosen (what `--accept-nth` takes of them), once Enter was pressed.
    package private(set) var chosen: [String] = []
    /// The `--expect` key that chose (its name as given), `""` for another key; `nil` until chosen.
    package private(set) var chosenWithKey: String?
    /// Whether the preview pane is hidden (`hidden`, `toggle-preview`) under
    /// `--preview-window`'s window and under its alternative: each toggles apart, as in fzf.
    private var previewHiddenUnder: (window: Bool, alternative: Bool)
    /// Whether the last frame had too little room for `--preview-window`'s pane, so its
    /// alternative (`<N(…)`) was in force.
    private(set) var usesAlternativePreview = false
    /// The preview window in force: `--preview-window`'s, or its alternative.
    var previewWindow: PreviewWindow {
        usesAlternativePreview ? options.previewWindow.alternative?.window ?? options.previewWindow : options.previewWindow
    }
    /// The prompt `change-prompt(…)` put in `--prompt`'s place, if any.
    var promptPrefix: String?
    /// Whether `toggle-preview-wrap` turned the preview window's `wrap` over.
    var previewWrapToggled = false
    /// Whether the picker ended printing only its query (fzf's `print-query` action, and
    /// `accept-or-print-query` with nothing matching).
    package internal(set) var printsQueryOnly = false
    /// Whether the query filters the lines (`--disabled`, `enable-search`, `toggle-search`).
    var searchEnabled: Bool
    /// fzf's events that came about (``PickerBinding/events``), to fire in turn once the
    /// event, message or tick at hand is handled (``fireEvents(in:)``).
    var pendingEvents: [String] = []
    /// Whether `load` came about for the lines read (a `reload` reads new ones).
    var loadFired = false
    /// The selection when the `focus` event last looked.
    var focusedLast: Int??
    /// Hides or shows the preview pane, under the window in force.
    func setPreviewHidden(_ hidden: Bool) {
        if usesAlternativePreview { previewHiddenUnder.alternative = hidden } else { previewHiddenUnder.window = hidden }
    }
    /// Whether the preview pane is hidden, under the window in force.
    package var previewHidden: Bool {
        usesAlternativePreview ? previewHiddenUnder.alternative : previewHiddenUnder.window
    }
    /// The status to exit with, once the person chose or gave up.
    package internal(set) var exitStatus: Int32?

    private var inbox: LineInbox
    /// The matching lines (numbers), in the order shown; `nil` for every line in input order
    /// (an empty query, without `--tac`).
    private var matches: [Int32]?
    /// How many lines match (``matches`` or every line).
    var matchCount: Int { matches?.count ?? index.count }
    /// The last search's result, to narrow the next one from.
    private var lastMatches: FilterMatches?
    /// ``query`` parsed.
    private var parsedQuery = FilterQuery("")
    /// Bumped by each search started: a test counts the searches a batch of typing makes.
    /// (``searchJob`` drops a background result for an older one.)
    package private(set) var searchGeneration = 0
    /// Runs the background searches (set when the program starts): the newest only.
    private var searchJob: LatestJob?
    /// Whether a background search is in flight.
    private var searchInFlight: Bool { searchJob?.isRunning ?? false }
    /// Whether the lines shown are out of date (new lines, a new query) and the search has
    /// not been made yet, and when the list was last given a snapshot.
    private var searchDue = false
    private var lastShown = -Double.infinity
    /// The snapshot of every line in input order (the last delivered, for many lines): lines
    /// that arrive are appended to it, not a new one of a million items built.
    private var allLines: Snapshot<Int, Int>?
    /// Whether the list was last given a snapshot of all lines in input order.
    private var listShowsAllLines = false
    /// Whether the query changed and the list has not shown its result yet: the result, when
    /// it comes (at once or from the background), selects its best match (or, under
    /// ``Options/track``, keeps the selected line if it matches).
    private var selectsBestMatch = false
    /// Builds the snapshot of every line off the program's thread once there are many.
    private var allLinesBuilder = AllLinesBuilder()
    /// Runs the builder's builds (set when the program starts): the newest one's snapshot is
    /// the one shown, an older one's is dropped.
    private var allLinesJob: LatestJob?
    /// The program's clock (set when it starts): when the builder last delivered.
    private var clock: (any AnimationClock)?
    /// Since a `reload`: which row each line is (``RowIdentities``); `nil` before any, each
    /// line being the row of its number.
    var identities: RowIdentities?
    /// The `reload` whose lines are being read, shown once read (``PickerApp+Reload``).
    var reloading: PendingReload?
    /// When the builder last delivered while lines were still coming.
    private var allLinesDelivered = -Double.infinity
    /// The snapshot of every line, delivered by the builder.
    private struct AllLines: Sendable {
        let snapshot: Snapshot<Int, Int>
    }

    /// Asks the builder to catch up with the lines read, and to deliver its snapshot when the
    /// input has ended, or a second (by the program's clock) after the last delivery (a slow
    /// producer's lines).
    private func requestAllLines(now force: Bool = false) {
        guard allLinesBuilder.isStarted, let allLinesJob, let clock else { return }
        let now = clock.now
        let deliver = force || inputFinished || now - allLinesDelivered >= 1
        if deliver { allLinesDelivered = now }
        allLinesBuilder.extend(to: index.count, deliverOn: deliver ? allLinesJob : nil) { AllLines(snapshot: $0) }
    }

    /// Whether the list does not hold every line yet although the query asks for all of them.
    var listIsBehind: Bool {
        parsedQuery.isEmpty && !options.tac && list.snapshot().numberOfItems < index.count
    }
    private(set) var readError: String?
    /// Under `--nth`, each line's shown length (``LineBatch/shownLengths``), for ranking.
    private var shownLengths: [UInt16] = []
    /// A search's result, from the background (the newest search's: ``searchJob`` drops the others).
    private struct SearchResult: Sendable {
        let found: FilterMatches
        let order: [Int32]
    }
    /// Queries over this many lines or more are searched in the background.
    package static let backgroundSearchLines = 200_000

    /// A picker reading `inbox`.
    package init(inbox: LineInbox, options: Options = Options()) throws(ToolFailure) {
        self.inbox = inbox
        self.options = options
        searchEnabled = options.searchEnabled
        previewHiddenUnder = (options.previewWindow.hidden, options.previewWindow.alternative?.window.hidden ?? false)
        prompt = TextPrompt(
            text: options.query, keymap: PickerKeymap.promptKeymap(multi: options.multi, bindings: options.bindings))
        prompt.style = options.colors.style(.query)
        query = prompt.text
        _ = try LineKeyer(options.key)  // a bad --key-regex is still a usage error
        preparation = options.preparation
        keymap = PickerKeymap.keymap(multi: options.multi, bindings: options.bindings)
        index = FilterIndex(storingText: true)
        inbox.prepare(preparation)
        let link = Link()
        list = ListView<Int, Int>(
            cellProvider: { context, line in
                let cell = context.dequeue(LineCell.self)
                cell.highlightStyle = PickerApp.matchStyle
                cell.markedStyle = PickerApp.markedStyle
                cell.showsLastHighlight = true
                cell.carriageReturn = "␍"
                if let app = link.app {
                    app.options.colors.configure(cell)
                    // Only rows on screen get here: match the line again for its characters.
                    let row = app.row(line)
                    let text = PickerRowText(
                        title: row.title, colored: row.colored, matched: row.matched, tabStop: app.options.tabStop)
                    (cell.title, cell.colored, cell.highlighted) = (text.title, text.colored, Set(text.matched))
                    (cell.marker, cell.pointer) = (app.options.marker, app.options.pointer)
                }
                return cell
            },
            headerProvider: { context, section in
                link.app?.groupHeader(context, section) ?? context.dequeue(SectionHeaderCell.self)
            })
        screen = Self.makeScreen(list: list, link: link)
        link.app = self
        list.keepsLastChangeset = false
        list.showsSectionHeaders = options.groupBy != nil
        list.stickySectionHeaders = options.groupBy != nil
        list.showsScrollbar = options.scrollbar != ""
        if let thumb = options.scrollbar?.first { list.scrollbarGlyphs = (thumb, nil) }
        list.scrollMargin = options.scrollOff
        list.growsUpward = options.layout == .default
        list.emptyText = "no lines yet"
    }

    // MARK: - TerminalApp

    package func start(in program: Program) {
        screen.start(in: program)  // the list's animations and the screen's timed messages
        mailbox = program.mailbox
        clock = program.clock
        searchJob = LatestJob(mailbox: program.mailbox)
        allLinesJob = LatestJob(mailbox: program.mailbox)
        inbox.connect(program.mailbox)
        pendingEvents.append("start")
        fireEvents(in: program)
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        defer { fireEvents(in: program) }
        var rest = events[...]
        while let event = rest.first {
            if isShowingHelp {
                // Any key or click closes the keys and does nothing else; a paste closes them
                // and is typed.
                switch event {
                case .paste:
                    isShowingHelp = false
                case .key, .mouse:
                    isShowingHelp = false
                    rest = rest.dropFirst()
                    continue
                case .resize:
                    rest = rest.dropFirst()
                    continue
                }
            }
            // The leading run of editing keys and pastes edits the query; it is searched once,
            // when something else comes (a move acts on the list as filtered so far) or at the end.
            if takesBackwardEOF(rest.first) {
                // fzf's `backward-eof`: Backspace on an empty query, when bound.
                rest = rest.dropFirst()
                pendingEvents.append("backward-eof")
                fireEvents(in: program)
                if exitStatus != nil { return }
                continue
            }
            rest = rest.dropFirst(prompt.handle(rest).consumed)
            guard let next = rest.popFirst() else { break }
            switch next {
            case .key(let key):
                guard let action = action(for: key) else { continue }
                searchTypedQuery()
                perform(action, in: program)
                fireEvents(in: program)  // (`focus` with the line this key moved to)
                if exitStatus != nil { return }
            case .mouse(let mouse):
                guard options.mouse else { continue }
                searchTypedQuery()
                handleMouse(mouse, in: program)
                fireEvents(in: program)
                if exitStatus != nil { return }
            case .paste, .resize:
                break
            }
        }
        searchTypedQuery()
    }

    /// Searches the prompt's text if it is not the query searched.
    private func searchTypedQuery() {
        guard prompt.text != query else { return }
        setQuery(prompt.text)
        pendingEvents.append("change")
    }

    /// How matched characters are drawn (as fzf draws them: green, bold).
    package static let matchStyle = Style(foreground: .ansi(2), attributes: .bold)
    /// How marked rows are drawn (`--multi`).
    package static let markedStyle = Style(foreground: .ansi(3), attributes: .bold)

    /// The picker's own keys (``PickerKeymap``); the query's editing keys are ``prompt``'s
    /// (``TextPrompt/keymap``), which shares no key with these.
    package let keymap: Keymap<PickerAction>
    /// Whether the keys are shown (F1).
    package private(set) var isShowingHelp = false

    /// What `key` does: the keymap's answer, the one dispatch the keys, the help bar and the
    /// help overlay share; nil for a key the prompt takes (it edits the query).
    package func action(for key: Key) -> PickerAction? {
        prompt.keymap.binds(key) ? nil : keymap.action(for: key)
    }

    package func tick(in program: Program) {
        defer { fireEvents(in: program) }
        // (Lines come in `receive`; here, what is due by the clock: a reload's patience, a
        // snapshot of a list still filling.)
        if reloading == nil || takeReloadedLines(in: program) {
            absorb([], finished: inputFinished, error: readError, in: program)
        }
        guard let template = options.preview, !previewHidden, exitStatus == nil else { return }
        let selected = list.state.selection
        let command = selected.map {
            PreviewRunner.command(template, context: placeholderContext(row: $0), delimiter: options.delimiter)
        }
        if selected != previewFor || command != previewCommand {
            // The selection moved: the old output goes; the same row with a new command (`{q}`
            // and a new query) keeps its output until the new one comes. It runs once settled.
            if selected != previewFor { preview = [] }
            previewFor = selected
            previewCommand = command
            previewRunner.cancel()
            previewDue = command == nil ? nil : program.clock.now + Self.previewSettle
            program.setNeedsDisplay()
        }
        if let due = previewDue, program.clock.now >= due, let row = previewFor, let command {
            previewDue = nil
            previewRunner.run(command, mailbox: program.mailbox) { text in
                PreviewOutput(row: row, command: command, text: text)
            }
        }
    }

    /// Seconds the selection stays on a row before its preview runs (moving fast runs nothing).
    package static let previewSettle = 0.05

    package var nextDeadline: Double? {
        let fill = searchDue ? lastShown + Self.fillingInterval : nil
        return [previewDue, fill, reloading.map { $0.started + Self.reloadPatience }, screen.nextDeadline].compactMap { $0 }
            .min()
    }

    package func receive(_ message: any Sendable, in program: Program) {
        defer { fireEvents(in: program) }
        if screen.receive(message) { return }
        if let delivery = inbox.accept(message) {
            switch delivery {
            case .lines(let batch): absorb([batch], finished: inputFinished, error: readError, in: program)
            case .end(let error): absorb([], finished: true, error: error ?? readError, in: program)
            }
            return
        }
        if receiveReloadedLines(message, in: program) { return }
        if let delivered = allLinesJob?.accept(message) as? AllLines {
            guard identities == nil else { return }  // (a reload shows its lines by its rows)
            allLines = delivered.snapshot
            if parsedQuery.isEmpty && !options.tac && exitStatus == nil {
                listShowsAllLines = true
                list.apply(delivered.snapshot, animated: false)
                settleSelection(best: index.count > 0 ? 0 : nil)
            }
            checkAutoExit(in: program)
            program.setNeedsDisplay()
            return
        }
        if let result = searchJob?.accept(message) as? SearchResult {
            lastMatches = result.found
            show(result.order, animated: true)
            showIfDue(in: program)
            checkAutoExit(in: program)
            program.setNeedsDisplay()
            return
        }
        guard let output = message as? PreviewOutput, output.row == previewFor, output.command == previewCommand else { return }
        preview = LineSplitter.lines(of: output.text).map { Self.expandingTabs(ANSIText(parsing: $0)) }
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
        if autoExitChecked { return true }
        if searchDue || searchInFlight { return false }
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

    /// Draws through the library's ``ListScreen``, as every app does: the border (`--border`),
    /// the prompt line with the counts at its right end while the query leaves room, the help
    /// bar, the help overlay and the too-small text are the screen's; the body between them —
    /// the header lines beside the prompt, the list and the preview — is the picker's.
    package func render(into canvas: inout Canvas) {
        defer { options.colors.paintDefaults(of: &canvas) }
        list.emptyText = lineCount == 0 ? (inputFinished ? "no input" : "no lines yet") : "no line matches"
        screen.border = borderBox
        let padding = options.padding
        if padding != PickerSpacing() {
            screen.padding = { (rect: Rect) -> Rect in padding.inset(rect) }
        }
        var field = prompt
        (field.prefix, field.prefixStyle) = (promptPrefix ?? options.prompt, options.colors.style(.prompt))
        screen.appPrompt = (field, options.layout.promptAtBottom ? .bottom : .top)
        placeCountsOnPromptLine()
        screen.showsHelp = isShowingHelp
        // A short terminal (or `--height 2`) keeps the prompt and the rows, as fzf does: the
        // help bar goes first.
        let area = options.margin.inset(canvas.bounds)
        let lines = options.padding.inset(area).height - (borderBox?.edgeLines ?? 0)
        screen.parts = lines >= 3 ? [.helpBar] : []
        if area != canvas.bounds { canvas.clear(canvas.bounds) }
        screen.render(into: &canvas, in: area)
    }

    /// The body the screen leaves beside the prompt, as fzf lays it out: next to the prompt
    /// the info line (``hasInfoLine``), then the `--header` text, then the `--header-lines`
    /// where the list starts (beside the `--header` text, or at the top under
    /// `--layout=reverse-list`, and under `--layout=default` bottom-up as the list), then the
    /// list, and the preview beside it. These lines give way: the list keeps a line.
    private func drawBody(into canvas: inout Canvas, in body: Rect) {
        let bottom = options.layout.promptAtBottom
        var rest = body
        /// Up to `count` lines off `rest` (leaving it one), on the prompt's side or the far one.
        func take(_ count: Int, besidePrompt: Bool = true) -> Rect {
            let count = min(count, max(0, rest.height - 1))
            rest.height -= count
            if besidePrompt == bottom { return Rect(x: rest.x, y: rest.maxY, width: rest.width, height: count) }
            defer { rest.y += count }
            return Rect(x: rest.x, y: rest.y, width: rest.width, height: count)
        }
        if hasInfoLine { drawInfoLine(into: &canvas, in: take(1)) }
        let header = options.colors.style(.header)
        let text = take(options.headerText.count)
        for (y, line) in zip(text.y ..< text.maxY, options.headerText) {
            canvas.draw(" " + PickerRowText.showingCarriageReturns(line), x: text.x, y: y, style: header, maxWidth: text.width)
        }
        let lines = take(shownHeader.count, besidePrompt: options.layout != .reverseList)
        let upward = options.layout == .default
        for (row, (line, colored)) in zip(0 ..< lines.height, shownHeader) {
            let y = upward ? lines.maxY - 1 - row : lines.y + row
            if let colored {
                colored.draw(into: &canvas, x: lines.x + 1, y: y, style: header, maxWidth: lines.width - 1)
            } else {
                canvas.draw(" " + line, x: lines.x, y: y, style: header, maxWidth: lines.width)
            }
        }
        if options.preview != nil { usesAlternativePreview = options.previewWindow.usesAlternative(in: rest) }
        if options.preview != nil && !previewHidden {
            let (listRect, previewRect, split) = previewWindow.areas(in: rest)
            list.render(into: &canvas, rect: listRect)
            split.drawDivider(into: &canvas, in: rest)
            drawPreview(into: &canvas, in: previewRect)
        } else {
            list.render(into: &canvas, rect: rest)
        }
    }

    /// The screen the picker draws through (``render(into:)``); the picker reads its own keys.
    private static func makeScreen(list: ListView<Int, Int>, link: Link) -> ListScreen<Int, Int, PickerAction> {
        let screen = ListScreen<Int, Int, PickerAction>(title: "tuilist", list: list, parts: [.helpBar])
        screen.isLoading = false
        screen.minimumSize = TerminalSize(columns: 1, rows: 1)
        screen.helpBarForMode = { _ in
            var bar = HelpBar(items: link.app?.helpBarItems ?? [], separator: " · ", style: Style(foreground: .ansi(6)))
            bar.label = " "
            return bar
        }
        screen.helpOverlayForMode = { _ in link.app?.helpOverlay ?? HelpOverlay(title: "", sections: []) }
        screen.body = { canvas, rect in link.app?.drawBody(into: &canvas, in: rect) }
        return screen
    }

    /// The help bar's items: the picker's keys with typing after the moves, then the query's
    /// other editing keys (the bar shows the leading items that fit).
    package var helpBarItems: [String] {
        let own = keymap.barItems
        let moves = (own.firstIndex(of: "↑↓ move") ?? own.count - 1) + 1
        let typing = prompt.keymap.bindings.filter { $0.triggers.contains { $0.pattern == .anyCharacter } }
        let editing = prompt.keymap.bindings.filter { !$0.triggers.contains { $0.pattern == .anyCharacter } }
        return Array(own[..<moves]) + typing.compactMap(\.bar) + own[moves...] + editing.compactMap(\.bar)
    }

    /// The keys (F1): the picker's, then the query's editing keys.
    package var helpOverlay: HelpOverlay {
        HelpOverlay(
            title: "tuilist pick — keys", sections: [.init(nil, keymap), .init("Editing the query", prompt.keymap)],
            footer: "any key closes")
    }

    // MARK: - Keys

    /// Ends the program with `status`; the inbox takes no more lines (its reader goes on to
    /// its input's end instead of waiting for room).
    func quit(_ status: Int32, _ program: Program) {
        inbox.close()
        program.quit(status: status)
    }

    func perform(_ action: PickerAction, in program: Program) {
        switch action {
        case .choose:
            choose(in: program)
        case .chooseExpecting(let name):
            chosenWithKey = name
            choose(in: program)
        case .cancel:
            previewRunner.cancel()
            exitStatus = 130
            quit(130, program)
        case .mark, .markUp, .toggleMark:
            guard options.multi, let id = list.state.selection else { return }
            setMarked(id, !markedLines.contains(id))
            if action != .toggleMark { move(action == .mark ? .next : .previous) }
        case .markAll, .unmarkAll, .toggleAll:
            guard options.multi else { return }
            let shown = (matches.map { $0.map(Int.init) } ?? Array(0 ..< index.count)).map(item(atSlot:))
            let marked = Set(markedLines)
            // (Under `--multi=MAX`, lines are marked in the order shown until MAX are, as fzf does.)
            let room = options.multiLimit ?? .max
            switch action {
            case .markAll:
                markedLines += shown.lazy.filter { !marked.contains($0) }.prefix(max(0, room - markedLines.count))
            case .unmarkAll:
                let unmarked = Set(shown)
                markedLines.removeAll { unmarked.contains($0) }
            default:
                let toggled = Set(shown)
                markedLines.removeAll { toggled.contains($0) }
                markedLines += shown.lazy.filter { !marked.contains($0) }.prefix(max(0, room - markedLines.count))
            }
            list.markedItems = Set(markedLines)
        case .togglePreview:
            setPreviewHidden(!previewHidden)
            previewFor = nil
            program.setNeedsDisplay()
        case .changeQuery(let text):
            prompt.text = text
            searchTypedQuery()
        case .move(let movement):
            move(movement)
        case .toggleHelp:
            isShowingHelp.toggle()
            program.setNeedsDisplay()
        case .sequence(let actions):
            for action in actions where exitStatus == nil { perform(action, in: program) }
        case .scrollPreview, .scrollPreviewPages, .reload, .execute, .become:
            performCommandAction(action, in: program)
        case .executeSilent, .moveHalfPage, .scrollPreviewHalfPages, .edit, .setMark, .toggleIn, .toggleOut,
            .togglePreviewWrap, .refreshPreview, .changePrompt, .printQuery, .acceptNonEmpty, .acceptOrPrintQuery,
            .search, .toggleSearch, .editOrCancel, .showPreview:
            performMoreAction(action, in: program)
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
        if options.multi && !markedLines.isEmpty {
            chosen = markedLines.map(accepted)  // in the order marked, as fzf prints them
        } else if let selected = list.state.selection {
            chosen = [accepted(selected)]
        } else {
            chosen = []
        }
        exitStatus = chosen.isEmpty ? 1 : 0
        previewRunner.cancel()
        quit(exitStatus!, program)
    }

    // MARK: - Lines and filtering

    /// Adds `batches` to the lines (and their rows, after a `reload`), then shows them when due.
    private func absorb(_ batches: [LineBatch], finished: Bool, error: String?, in program: Program) {
        let wasFinished = inputFinished
        let firstNew = index.count
        inputFinished = finished
        readError = error
        for batch in batches {
            guard index.hasRoomForText else {
                // About 2 GiB of lines: the rest is not read (the reader waits, and with it the
                // producer), and the count says why.
                readError = "input too large: lines after \(index.count) not read"
                break
            }
            header += batch.header
            keptLines += batch.lines
            rawLines += batch.rawLines
            shownLengths += batch.shownLengths
            let first = index.count
            index.append(contentsOf: batch.index, shiftingIdentifiersBy: batch.firstLine)
            if identities != nil {
                for slot in first ..< index.count {
                    identities!.add(preparation.keepsLines ? keptLines[slot] : index.text(atSlot: slot))
                }
            }
        }
        if !batches.isEmpty { searchDue = true }
        measureRowsOnceALineHoldsABreak(from: firstNew)
        if !batches.isEmpty || (finished && !wasFinished) { requestAllLines() }
        showIfDue(in: program)
        checkAutoExit(in: program)
    }

    /// Under `--read0`, once a line holds a line break, rows take a line per line of theirs
    /// (``LineCell/lineCount(of:)``), as fzf draws multi-line items; until then (and without
    /// `--read0`) every row is one line, the list's fast path.
    /// - Complexity: O(bytes of the lines from `slot` on) until a break is found; then the
    ///   list measures every row on each apply, O(*n*).
    private func measureRowsOnceALineHoldsABreak(from slot: Int) {
        guard options.separator == 0, case .uniform = list.rowSizing else { return }
        guard (slot ..< index.count).contains(where: { line(atSlot: $0).utf8.contains(0x0A) }) else { return }
        list.rowSizing = .custom { [weak self] row, _ in
            guard case .item(let number) = row, let self else { return 1 }
            return LineCell.lineCount(of: self.line(number))
        }
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
        searchJob?.cancel()
        index = FilterIndex(storingText: true)
        (keptLines, rawLines, header, matches, lastMatches, allLines) = ([], [], [], nil, nil, nil)
        shownLengths = []
        listShowsAllLines = false
        fieldLayout.linesReplaced()
        allLinesBuilder = AllLinesBuilder()
        allLinesJob?.cancel()  // (a build of the old lines)
        identities = rows
        inputFinished = false
        loadFired = false
        autoExitChecked = true  // (`-1` and `-0` are for the first input)
        selectsBestMatch = false
        absorb(batches, finished: finished, error: error, in: program)
        searchDue = false
        lastShown = program.clock.now
        search(animated: true)
        if searchInFlight {
            // Many lines, searched in the background: until the result comes, the rows shown
            // that are still lines (the others are gone).
            let kept = list.snapshot().itemIdentifiers.filter { identities?.slots[$0] != nil }
            list.apply(rowsSnapshot(kept.map { Int32(slot(of: $0)) }), animated: false)  // (in their groups)
        }
        markedLines.removeAll { identities?.slots[$0] == nil }
        list.markedItems = Set(markedLines)
        if let selection, list.snapshot().contains(item: selection) { list.select(selection) }
        previewFor = nil
        previewCommand = nil
        program.setNeedsDisplay()
    }

    /// `-1` and `-0`: once every line is in and the query in force is searched.
    private func checkAutoExit(in program: Program) {
        if inputFinished && !autoExitChecked && !searchDue && !searchInFlight {
            // `-1` and `-0` look at the matches of the query in force once every line is in.
            autoExitChecked = true
            if options.selectOne && matchCount == 1 {
                chosen = [accepted(item(atSlot: matches.map { Int($0[0]) } ?? 0))]
                exitStatus = 0
                quit(0, program)
            } else if options.exitZero && matchCount == 0 {
                exitStatus = 1
                quit(1, program)
            }
        }
    }

    /// Seconds between two snapshots of a list that is still filling: a fast producer's
    /// million lines are shown a few times on the way, not once per batch.
    package static let fillingInterval = 0.1

    /// Searches and shows the lines if they changed and the list was not given a snapshot
    /// too recently while lines are still coming.
    private func showIfDue(in program: Program) {
        guard searchDue else { return }
        // A million lines shown in reverse (`--tac`) or in groups are rebuilt on this thread: not so often.
        let rebuilt = options.tac || options.groupBy != nil
        let interval = rebuilt && index.count >= Self.backgroundSearchLines ? 1 : Self.fillingInterval
        if !inputFinished && program.clock.now - lastShown < interval { return }
        // A background search of this query still running: its result comes first, then
        // the lines that arrived since are searched from it (they alone).
        if searchInFlight { return }
        searchDue = false
        lastShown = program.clock.now
        // New lines join at the bottom, or at their rank: no animation needed (and a fast
        // producer would keep the list animating for ever).
        search(animated: false)
    }

    /// What a row shows: the text, its colours (`--ansi`), the matched characters in it.
    package func row(_ number: Int) -> (title: String, colored: ANSIText?, matched: [Int]) {
        let line = line(number)
        var colored = options.ansi ? ANSIText(parsing: rawLines[slot(of: number)]) : nil
        var title = line
        let lineNumber = slot(of: number) + options.headerLines
        if let withNth = options.withNth {
            let (text, offsets) = withNth.shown(line, number: lineNumber, delimiter: options.delimiter)
            title = text
            if options.ansi { colored = Self.characters(offsets, ofLine: rawLines[slot(of: number)], as: text) }
        }
        var matched: [Int] = []
        if !parsedQuery.isEmpty {
            let (fields, offsets) = options.searchText(of: line, number: lineNumber)
            let positions = parsedQuery.matches(fields: fields)?.positions ?? []
            matched = offsets.map { offsets in positions.compactMap { $0 < offsets.count ? offsets[$0] : nil } } ?? positions
        }
        return aligned(title, colored: colored, matched: matched)
    }

    private func setQuery(_ newQuery: String) {
        query = newQuery
        searchDue = false
        selectsBestMatch = true
        search(animated: true)
    }

    /// Searches the index for ``query``, narrowing from the last result when it allows: at
    /// once for a small index, else in the background (the result arrives in ``receive``).
    func search(animated: Bool) {
        let parsed = options.filterQuery(searchEnabled ? query : "")
        parsedQuery = parsed
        searchJob?.cancel()
        searchGeneration += 1
        if parsed.isEmpty {
            lastMatches = nil
            show(nil, animated: animated)
            return
        }
        let previous = lastMatches
        if index.count < Self.backgroundSearchLines || mailbox == nil {
            guard let found = index.matches(parsed, narrowing: previous) else { return }
            lastMatches = found
            show(order(found), animated: animated)
            return
        }
        let cancellation = FilterCancellation()
        let (index, ranking) = (self.index, ranking)
        searchJob?.start(
            cancel: { cancellation.cancel() },
            work: {
                guard let found = index.matches(parsed, narrowing: previous, cancellation: cancellation) else { return nil }
                let order = ranking.order(found, in: index)
                if cancellation.isCancelled { return nil }
                return SearchResult(found: found, order: order)
            })
    }

    /// The program's mailbox (set when it starts), for background results.
    private var mailbox: ProgramMailbox?

    /// The lines of `found` in the order shown.
    private func order(_ found: FilterMatches) -> [Int32] {
        ranking.order(found, in: index)
    }

    /// How the lines found are ordered, as a value a background search takes along.
    private struct Ranking: Sendable {
        let options: Options
        let keptLines: [String]
        let shownLengths: [UInt16]

        /// The lines of `found` in the order shown (`--filter`'s order too).
        func order(_ found: FilterMatches, in index: FilterIndex<Int>) -> [Int32] {
            PickerFilter.order(
                found, in: index, sort: options.sort, tac: options.tac, tiebreaks: options.tiebreaksInForce,
                shownLengths: shownLengths,
                rankedText: options.nth == nil || keptLines.isEmpty
                    ? nil : { options.rankedText(of: keptLines[Int($0)], number: Int($0) + options.headerLines) })
        }
    }

    private var ranking: Ranking {
        Ranking(options: options, keptLines: options.nth == nil ? [] : keptLines, shownLengths: shownLengths)
    }

    /// Gives the list the matching lines (`nil`: every line in input order).
    private func show(_ order: [Int32]?, animated: Bool) {
        var order = order
        if order == nil && options.tac { order = (0 ..< Int32(index.count)).reversed() }
        if order == nil && (identities != nil || options.groupBy != nil) { order = Array(0 ..< Int32(index.count)) }
        matches = order
        var snapshot: Snapshot<Int, Int>
        if let order {
            // (The snapshot of every line is kept: clearing the query shows it again at once.)
            snapshot = rowsSnapshot(order)
        } else if index.count < Self.backgroundSearchLines && !allLinesBuilder.isStarted {
            // Every line in input order: the lines read since the last time join the end.
            snapshot = allLines ?? Snapshot(sections: [(0, [])])
            allLines = nil  // (so the append below does not copy it)
            snapshot.appendItems(Array(snapshot.numberOfItems ..< index.count), toSection: 0)
            allLines = snapshot
        } else {
            // Many lines: the snapshot of all of them is built on a thread of its own (its
            // hashing is most of the cost of listing a million lines), beside the reader;
            // the list shows the last one delivered until the next arrives.
            if !allLinesBuilder.isStarted && listShowsAllLines, let clock {
                // The list was just given every line so far: the builder's first snapshot
                // waits its second too (or the input's end). A fast producer's million lines
                // are then listed once, at the end, not first at 200,000 while the reader
                // needs the cores (two: the reader, this thread, the producer, the terminal).
                allLinesDelivered = clock.now
            }
            allLinesBuilder.start(from: allLines)
            // Right after a filtered view (the query cleared), the newest lines are wanted now;
            // while the list fills, once a second is enough.
            requestAllLines(now: !listShowsAllLines && (allLines?.numberOfItems ?? -1) < index.count)
            guard let allLines, !listShowsAllLines || allLines.numberOfItems > list.snapshot().numberOfItems else { return }
            snapshot = allLines
        }
        listShowsAllLines = order == nil
        pendingEvents += ["result"] + (matchCount == 1 ? ["one"] : matchCount == 0 ? ["zero"] : [])
        if inputFinished && !loadFired {
            // (fzf's `load`: the input has ended and its lines are shown, searched.)
            loadFired = true
            pendingEvents.append("load")
        }
        list.apply(snapshot, animated: animated && matchCount <= 2_000)
        settleSelection(best: (order.map { $0.first.map(Int.init) } ?? (index.count > 0 ? 0 : nil)).map(item(atSlot:)))
    }

    /// Selects `best` (the first row shown) when the query changed since the last result
    /// shown, unless ``Options/track`` keeps a selected line that still matches; otherwise
    /// the selection keeps its line (lines arriving move nothing), or takes `best` when there
    /// was none.
    private func settleSelection(best: Int?) {
        let selected = list.state.selection
        if selectsBestMatch {
            selectsBestMatch = false
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

private final class Link: @unchecked Sendable { weak var app: PickerApp? }
