import Foundation
import TUIList

/// The pipe picker (`COMMAND | tuilist`): lines arrive while the person types a filter and
/// moves through the matches; Enter chooses.
///
/// Screen: a prompt line (`> query` and `matches/lines`), the pinned header lines, the list,
/// and a help bar. Typing filters (``FilterQuery``: fzf's extended search, smart case, accents
/// ignored; matches ranked by score unless ``Options/sort`` is off); ↑/↓, Ctrl-P/Ctrl-N, PgUp/PgDn, Home/End move; with `multi`, Tab marks and moves
/// down; Enter chooses; Esc gives up. The result is in ``chosen`` and ``exitStatus`` once the
/// program ends: 0 with lines chosen, 1 when nothing matched, 130 when the person gave up
/// (fzf's conventions).
///
/// Lines come through a ``LineInbox`` (``LineReader`` fills it from standard input on its
/// own thread), so a slow producer's lines show as they come.
package final class PickerApp: TerminalApp {
    /// Options the command line sets.
    package struct Options: Sendable {
        /// Row identity (`--key`); the displayed text is always the whole line.
        package var key: LineKey = .wholeLine
        /// How many first lines stay on top as a header, not selectable (`--header-lines`).
        package var headerLines = 0
        /// Whether Tab marks several lines (`--multi`).
        package var multi = false
        /// The query to start with (`--query`).
        package var query = ""
        /// Whether plain terms match exactly (`--exact`).
        package var exact = false
        /// How case is compared (`-i`, `+i`; smart case by default).
        package var caseMatching: FilterQuery.CaseMatching = .smart
        /// Whether matches are ranked by score (`--no-sort` turns it off).
        package var sort = true
        /// Whether ANSI colour escapes in the input are drawn (`--ansi`): lines are matched,
        /// keyed and printed without them.
        package var ansi = false
        /// How ``nth`` and ``withNth`` split a line into fields (`-d`, `--delimiter`).
        package var delimiter: LineFields.Delimiter = .blanks
        /// The fields searched (`--nth`), of the line as shown; `nil` for all of it.
        package var nth: LineFields?
        /// The fields shown (`--with-nth`); `nil` for the whole line (the pick is always printed whole).
        package var withNth: LineFields?
        /// Fixed header text (`--header`), one entry a line, above the header lines.
        package var headerText: [String] = []
        /// The prompt before the query (`--prompt`).
        package var prompt = "> "
        /// Whether the only match, once the input has ended, is chosen without asking (`-1`).
        package var selectOne = false
        /// Whether the picker exits 1 at once when nothing matches once the input has ended (`-0`).
        package var exitZero = false
        /// The command whose output shows beside the list for the selected line (`--preview`),
        /// `{}` standing for the line, quoted for `sh`.
        package var preview: String?
        /// Where the preview pane goes and its size (`--preview-window`).
        package var previewWindow = PreviewWindow()
        /// Creates options.
        package init(
            key: LineKey = .wholeLine, headerLines: Int = 0, multi: Bool = false, query: String = "",
            exact: Bool = false, caseMatching: FilterQuery.CaseMatching = .smart, sort: Bool = true
        ) {
            self.key = key
            self.headerLines = max(0, headerLines)
            self.multi = multi
            self.query = query
            self.exact = exact
            self.caseMatching = caseMatching
            self.sort = sort
        }
    }

    /// The list on screen: one section, no section header.
    package let list: ListView<Int, String>
    /// The options in force.
    package let options: Options
    /// What the person typed.
    package private(set) var query = ""
    /// The header lines (the first ``Options/headerLines`` lines read, with their escapes
    /// under ``Options/ansi``).
    package private(set) var header: [String] = []
    /// Lines read so far (after the header), in input order; without colour escapes under
    /// ``Options/ansi``. These are what is printed.
    package private(set) var lines: [String] = []
    /// The lines as read, with their colour escapes (only under ``Options/ansi``).
    private var rawLines: [String] = []
    /// Whether `-1` and `-0` were looked at (once, when the input ends).
    private var autoExitChecked = false
    /// The preview's lines, for ``previewFor``.
    package private(set) var preview: [ANSIText] = []
    /// The row whose preview is shown (or being made).
    private var previewFor: String?
    /// When the selection has settled and the preview command runs.
    private var previewDue: Double?
    private let previewRunner = PreviewRunner()
    /// A preview command's output.
    private struct PreviewOutput: Sendable {
        let row: String
        let text: String
    }
    /// Whether the input has ended.
    package private(set) var inputFinished = false
    /// Identities of the lines marked with Tab, in marking order.
    package private(set) var marked: [String] = []
    /// The lines chosen, once Enter was pressed.
    package private(set) var chosen: [String] = []
    /// The status to exit with, once the person chose or gave up.
    package private(set) var exitStatus: Int32?

    private let inbox: LineInbox
    private let keyer: LineKeyer
    private var identities: [String] = []
    private var indexOfIdentity: [String: Int] = [:]
    private var matches: [Int] = []
    /// The library's filter index over the lines (slot = line number): the query
    /// (``FilterQuery``, fzf's extended search) is searched there, on both cores, narrowing
    /// from the last result when the query only got stricter.
    private var index = FilterIndex<Int>()
    private var lastMatches: FilterMatches?
    /// ``query`` parsed.
    private var parsedQuery = FilterQuery("")
    private var keyCounts: [Substring: Int] = [:]
    private var readError: String?

    /// A picker reading `inbox`.
    package init(inbox: LineInbox, options: Options = Options()) throws(ToolFailure) {
        self.inbox = inbox
        self.options = options
        query = options.query
        keyer = try LineKeyer(options.key)
        let link = Link()
        list = ListView<Int, String>(cellProvider: { context, id in
            let cell = context.dequeue(PickerCell.self)
            if let app = link.app, let index = app.indexOfIdentity[id] {
                // Only rows on screen get here: match the line again for its characters.
                (cell.title, cell.colored, cell.matched) = app.row(index)
            }
            return cell
        })
        link.app = self
        list.showsSectionHeaders = false
        list.showsScrollbar = true
        list.emptyText = "no lines yet"
    }

    // MARK: - TerminalApp

    package func start(in program: Program) {
        list.animationClock = program.clock
        inbox.connect(program.waker)
        takeLines(in: program)
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        var newQuery = query
        for event in events {
            switch event {
            case .paste(let text):
                newQuery += text.map { $0.isNewline ? " " : $0 }.map(String.init).joined()
            case .key(let key):
                switch key {
                case .character(let c): newQuery.append(c)
                case .backspace: if !newQuery.isEmpty { newQuery.removeLast() }
                case .control("u"): newQuery = ""
                case .control("w"):
                    while newQuery.last == " " { newQuery.removeLast() }
                    while let last = newQuery.last, last != " " { newQuery.removeLast(); _ = last }
                default:
                    // Moves act on the list as filtered so far.
                    if newQuery != query { setQuery(newQuery) }
                    handleKey(key, in: program)
                    if exitStatus != nil { return }
                }
            case .mouse:
                if newQuery != query { setQuery(newQuery) }
                list.handle(event)
            case .resize:
                break
            }
        }
        if newQuery != query { setQuery(newQuery) }
    }

    package func tick(in program: Program) {
        takeLines(in: program)
        guard options.preview != nil, exitStatus == nil else { return }
        let selected = list.state.selection
        if selected != previewFor {
            // The selection moved: the old output goes, the command runs once it settles.
            previewFor = selected
            previewRunner.cancel()
            preview = []
            previewDue = selected == nil ? nil : program.clock.now + Self.previewSettle
            program.setNeedsDisplay()
        }
        if let due = previewDue, program.clock.now >= due, let row = previewFor, let index = indexOfIdentity[row],
            let template = options.preview
        {
            previewDue = nil
            let mailbox = program.mailbox
            previewRunner.run(PreviewRunner.command(template, line: lines[index])) { text in
                mailbox.post(PreviewOutput(row: row, text: text))
            }
        }
    }

    /// Seconds the selection stays on a row before its preview runs (moving fast runs nothing).
    package static let previewSettle = 0.05

    package var nextDeadline: Double? { previewDue }

    package func receive(_ message: any Sendable, in program: Program) {
        guard let output = message as? PreviewOutput, output.row == previewFor else { return }
        var text = output.text
        if text.hasSuffix("\n") { text.removeLast() }
        preview = text.split(separator: "\n", omittingEmptySubsequences: false).map { ANSIText(parsing: String($0)) }
        program.setNeedsDisplay()
    }

    package var isAnimating: Bool { list.isAnimating }

    package func render(into canvas: inout Canvas) {
        let width = canvas.width, height = canvas.height
        guard width >= 10, height >= 3 else {
            canvas.draw("tuilist", x: 0, y: 0, style: Style(attributes: .bold))
            return
        }
        // The prompt and the counts.
        let promptWidth = canvas.draw(
            options.prompt, x: 0, y: 0, style: Style(foreground: .ansi(6), attributes: .bold), maxWidth: width / 2)
        canvas.draw(query + "▏", x: promptWidth, y: 0, maxWidth: width - promptWidth)
        var info = "\(matches.count)/\(lines.count)"
        if options.multi && !marked.isEmpty { info += " (\(marked.count) marked)" }
        if !inputFinished { info += " reading…" }
        if let readError { info += " read error: \(readError)" }
        let infoWidth = TerminalText.columns(of: info)
        if infoWidth + 2 + promptWidth < width - TerminalText.columns(of: query) {
            canvas.draw(info, x: width - infoWidth - 1, y: 0, style: Style(attributes: .dim))
        }
        var y = 1
        for line in options.headerText where y < height - 2 {
            canvas.draw(" " + line, x: 0, y: y, style: Style(attributes: .bold), maxWidth: width)
            y += 1
        }
        for line in header where y < height - 2 {
            if options.ansi {
                ANSIText(parsing: line).draw(into: &canvas, x: 1, y: y, style: Style(attributes: .bold), maxWidth: width - 1)
            } else {
                canvas.draw(" " + line, x: 0, y: y, style: Style(attributes: .bold), maxWidth: width)
            }
            y += 1
        }
        list.emptyText = lines.isEmpty ? (inputFinished ? "no input" : "no lines yet") : "no line matches"
        let body = Rect(x: 0, y: y, width: width, height: max(0, height - 1 - y))
        if options.preview != nil {
            let (listRect, previewRect, split) = options.previewWindow.areas(in: body)
            list.render(into: &canvas, rect: listRect)
            split.drawDivider(into: &canvas, in: body)
            for (offset, line) in preview.prefix(previewRect.height).enumerated() {
                line.draw(
                    into: &canvas, x: previewRect.x + 1, y: previewRect.y + offset, maxWidth: previewRect.width - 1,
                    clip: previewRect)
            }
        } else {
            list.render(into: &canvas, rect: body)
        }
        let help =
            options.multi
            ? " Enter choose · Tab mark · ↑↓ move · Esc cancel" : " Enter choose · ↑↓ move · type to filter · Esc cancel"
        canvas.draw(help, x: 0, y: height - 1, style: Style(foreground: .ansi(6)), maxWidth: width)
    }

    // MARK: - Keys

    private func handleKey(_ key: Key, in program: Program) {
        switch key {
        case .enter:
            choose(in: program)
        case .escape, .control("c"), .control("g"), .control("q"):
            previewRunner.cancel()
            exitStatus = 130
            program.quit(status: 130)
        case .tab where options.multi:
            guard let id = list.state.selection else { return }
            if let at = marked.firstIndex(of: id) { marked.remove(at: at) } else { marked.append(id) }
            list.markedItems = Set(marked)
            list.handle(.key(.down))
        case .control("p"): list.handle(.key(.up))
        case .control("n"): list.handle(.key(.down))
        default:
            list.handle(.key(key))
        }
    }

    private func choose(in program: Program) {
        if options.multi && !marked.isEmpty {
            let set = Set(marked)
            chosen = identities.indices.filter { set.contains(identities[$0]) }.map { lines[$0] }
        } else if let id = list.state.selection, let index = indexOfIdentity[id] {
            chosen = [lines[index]]
        } else {
            chosen = []
        }
        exitStatus = chosen.isEmpty ? 1 : 0
        previewRunner.cancel()
        program.quit(status: exitStatus!)
    }

    // MARK: - Lines and filtering

    private func takeLines(in program: Program) {
        let (more, finished, error) = inbox.take()
        inputFinished = finished
        readError = error
        var rest = more[...]
        while header.count < options.headerLines, let first = rest.first {
            header.append(first)
            rest = rest.dropFirst()
        }
        if !rest.isEmpty {
            let start = lines.count
            if options.ansi {
                rawLines += rest
                lines += rest.map { ANSIText.stripping($0) }
            } else {
                lines += rest
            }
            identities += keyer.identities(of: lines[start...], continuing: &keyCounts)
            for line in start ..< lines.count {
                indexOfIdentity[identities[line]] = line
                index.append(line, text: options.searchText(of: lines[line]).text)
            }
            // New lines join at the bottom, or at their rank: no animation needed (and a fast
            // producer would keep the list animating for ever).
            search()
            showMatches(animated: false)
        }
        if inputFinished && !autoExitChecked {
            autoExitChecked = true
            if options.selectOne && matches.count == 1 {
                chosen = [lines[matches[0]]]
                exitStatus = 0
                program.quit(status: 0)
            } else if options.exitZero && matches.isEmpty {
                exitStatus = 1
                program.quit(status: 1)
            }
        }
    }

    /// What a row shows: the text, its colours (`--ansi`), the matched characters in it.
    package func row(_ index: Int) -> (title: String, colored: ANSIText?, matched: [Int]) {
        let line = lines[index]
        var colored = options.ansi ? ANSIText(parsing: rawLines[index]) : nil
        var title = line
        if let withNth = options.withNth {
            let (text, offsets) = withNth.select(line, delimiter: options.delimiter)
            title = text
            if let whole = colored { colored = Self.characters(offsets, of: whole, as: text) }
        }
        var matched: [Int] = []
        if !parsedQuery.isEmpty {
            let (text, offsets) = options.searchText(of: line)
            let positions = parsedQuery.matches(text)?.positions ?? []
            matched = offsets.map { offsets in positions.compactMap { $0 < offsets.count ? offsets[$0] : nil } } ?? positions
        }
        return (title, colored, matched)
    }

    /// The styled characters at `offsets` of `text`, whose plain text is `plain`; `nil` when
    /// the characters do not line up (joined fields that merge into one grapheme).
    private static func characters(_ offsets: [Int], of text: ANSIText, as plain: String) -> ANSIText? {
        guard plain.count == offsets.count else { return nil }
        var styles: [Style] = Array(repeating: .plain, count: text.plain.count)
        for run in text.runs { for offset in run.range { styles[offset] = run.style } }
        var runs: [ANSIText.Run] = []
        for (position, offset) in offsets.enumerated() {
            let style = offset < styles.count ? styles[offset] : .plain
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound ..< position + 1
            } else {
                runs.append(ANSIText.Run(range: position ..< position + 1, style: style))
            }
        }
        return ANSIText(plain: plain, runs: runs)
    }

    private func setQuery(_ newQuery: String) {
        query = newQuery
        search()
        showMatches(animated: matches.count <= 2_000)
    }

    /// Searches the index for ``query``, narrowing from the last result when it allows.
    private func search() {
        let parsed = FilterQuery(query, exact: options.exact, caseMatching: options.caseMatching)
        parsedQuery = parsed
        guard let found = index.matches(parsed, narrowing: lastMatches) else { return }
        lastMatches = found
        let slots = options.sort ? index.ranked(found) : found.slots
        matches = slots.map { index.identifier(atSlot: Int($0)) }
    }

    private func showMatches(animated: Bool) {
        var snapshot = Snapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(matches.map { identities[$0] }, toSection: 0)
        list.apply(snapshot, animated: animated)
        if list.state.selection == nil, let first = matches.first {
            list.select(identities[first])
        }
    }
}

extension PickerApp.Options {
    /// The text searched for a line (without colour escapes): the `--nth` fields of its
    /// `--with-nth` fields, or all of it, and unless it is all of the shown text, the offset
    /// in the shown text of each of its characters.
    package func searchText(of line: String) -> (text: String, offsets: [Int]?) {
        let shown = withNth.map { $0.select(line, delimiter: delimiter).text } ?? line
        guard let nth else { return (shown, nil) }
        let (text, offsets) = nth.select(shown, delimiter: delimiter)
        return (text, offsets)
    }
}

private final class Link: @unchecked Sendable { weak var app: PickerApp? }
