import TUIList

/// `tuilist edit` on the runtime: feeds keys through ``EditorKeymap`` to the ``EditorModel``,
/// carries out its effects — every snapshot through `ListView.apply(_:animated:)`, the write
/// through ``save`` — and draws the screen from state.
///
/// Screen: a title bar (file, mode, "modified"), the list, a status line (messages, the
/// question "discard changes? (y/n)", counts) and the help bar of the current mode; `?` lays
/// the whole key table over the list. It knows the file system only through ``save``, so tests
/// run it on a ``HeadlessTerminal`` and check what would be written.
///
/// ```swift
/// let file = try EditableFile.open("todo.txt")
/// let app = EditorApp(model: EditorModel(document: file.document, mode: .lines), title: "todo.txt",
///                     save: { try file.write($0) })
/// let status = Program(terminal: try NCursesTerminal()).run(app)
/// ```
package final class EditorApp: TerminalApp {
    /// The editor's state.
    package private(set) var model: EditorModel
    /// The list on screen; its cells read the model (the app owns the list, so they hold the
    /// app unowned).
    package private(set) lazy var list = makeList()
    /// What the title bar names (the path as given).
    package let title: String
    /// Writes the file; throws a one-line failure that the status line then shows.
    package let save: ([UInt8]) throws(ToolFailure) -> Void
    /// Rebase todos: the lines `c` shows for a commit hash (the CLI runs ``GitShow``), with
    /// their SGR colour escapes if any; nil shows a note instead. Asked once per hash.
    package var commitDetails: ((String) -> [String])?
    /// `!`: runs `$VISUAL`/`$EDITOR` on the bytes and returns what was saved there (the CLI
    /// uses ``ExternalEditor``); it runs inside ``Program/suspend(_:)``, with the terminal
    /// given back. Nil: `!` says there is no editor.
    package var externalEditor: (([UInt8]) throws(ToolFailure) -> [UInt8])?
    /// Rebase todos: which commit names git cannot find, with its word for why (the CLI runs
    /// ``GitCommits``), asked once per `w`; nil, or a nil answer, checks none.
    package var verifyCommits: (([String]) -> [String: String]?)?
    /// Whose keys the normal modes take (`--keys`).
    package var keys: EditorKeymap.Keys = .tuilist
    /// The status the editor asked to exit with, once it has.
    package private(set) var exitStatus: Int32?

    /// Windows smaller than this show a short message instead.
    package static let minimumSize = TerminalSize(columns: 20, rows: 5)

    private var detailsCache: [String: [ANSIText]] = [:]
    /// The rows of the commit pane under its rule, as last drawn (for the scroll's limit).
    private var commitRows = 10
    private weak var program: Program?
    /// The program's clock (the status message's time), once started.
    private var clock: any AnimationClock = SystemClock()
    /// The status line's timed message ("written", "nothing to undo", a refused Ctrl-Z).
    private var message = TimedMessage()
    /// Whether the message answers a key typed in the open prompt (Enter refused): it then
    /// shows over the help bar, the status line being under the prompt.
    private var messageAnswersPrompt = false

    /// An editor for `model`, titled `title`, writing through `save`.
    package init(model: EditorModel, title: String, save: @escaping ([UInt8]) throws(ToolFailure) -> Void) {
        self.model = model
        self.title = title
        self.save = save
        list.showsSectionHeaders = false
        list.showsScrollbar = true
    }

    /// The list, each line's cell drawn from the model.
    private func makeList() -> ListView<Int, Int> {
        ListView<Int, Int>(cellProvider: { [unowned self] context, id in
            let cell = context.dequeue(EditLineCell.self)
            // A reconfigured row comes back with its old content: every field is set anew.
            cell.action = nil
            cell.flag = nil
            cell.command = nil
            cell.hash = nil
            cell.lineNumber = model.isAdded(id) ? nil : id + 1
            cell.gutterWidth = max(3, String(model.document.count).count)
            if model.mode == .rebase {
                switch model.todoLine(id) {
                case .commit(let commit):
                    cell.action = model.action(of: id)
                    cell.hash = commit.hash
                    // fixup -C / -c: the flag goes with the action, before the hash, as git writes it.
                    cell.flag = cell.action == .fixup && model.state.actions[id] == nil ? commit.flag : nil
                    cell.text = commit.subject
                case .command(let word, let argument):
                    cell.command = RebaseCommand(word: Substring(word))?.rawValue ?? word
                    cell.text = argument
                case .comment, .blank:
                    cell.text = model.text(of: id)
                }
            } else {
                cell.text = model.text(of: id)
            }
            return cell
        })
    }

    // MARK: - TerminalApp

    /// Shows the file's lines, unanimated, and takes the program's clock for the animations.
    package func start(in program: Program) {
        self.program = program
        // Ctrl-C exits 1, as discarding does: git reads an editor's 130 as death by SIGINT
        // and raises SIGINT on itself, leaving a rebase half begun.
        program.interruptStatus = 1
        clock = program.clock
        list.animationClock = program.clock
        list.apply(model.displayed, animated: false)
        syncSelection()
    }

    /// Shows what the program says to the screen (Ctrl-Z where nothing can stop).
    package func receive(_ message: any Sendable, in program: Program) {
        self.message.receive(message, now: clock.now)
    }

    /// Handles a batch of input: while a prompt is open (the filter, `exec`), each run of its
    /// editing keys and pastes as one action (``EditorModel/textEdit(_:)``: the list filtered
    /// once per run); the other keys through the keymap of the mode.
    package func handle(_ events: [InputEvent], in program: Program) {
        var rest = events[...]
        while let event = rest.first, exitStatus == nil {
            model.pageSize = max(1, list.viewportHeight - 1)
            let step = model.step(rest, keys: keys)
            rest = rest.dropFirst(step.consumed)
            if let action = step.action {
                perform(action)
            } else if case .paste = event {
                show("paste ignored: keys only (type / to filter)")
            } else if case .key(let key) = event {
                show(EditorKeymap.nothingMessage(for: key, in: model))
                messageAnswersPrompt = model.prompt != nil
            }
        }
        if let exitStatus { program.quit(status: exitStatus) }
    }

    /// Nothing runs on a beat: the program wakes for the status message's end (nextDeadline).
    package func tick(in program: Program) {}

    /// Whether the list is animating.
    package var isAnimating: Bool { list.isAnimating }

    /// When the status line's message expires.
    package var nextDeadline: Double? { message.deadline(at: clock.now) }

    // MARK: - Actions

    /// What `key` does now: the action of the keymap in force (``EditorKeymap/keymap(for:)``), or nil.
    package func action(for key: Key) -> EditorAction? {
        EditorKeymap.action(for: key, in: model, keys: keys)
    }

    /// Feeds an action to the model and carries out its effects.
    package func perform(_ action: EditorAction) {
        let prompted = model.prompt != nil
        let effects = model.update(action)
        if effects.contains(where: { if case .message = $0 { true } else { false } }) {
            messageAnswersPrompt = prompted && model.prompt != nil
        }
        if case .scrollCommit = action, let hash = model.cursorCommitHash {
            model.clampCommitScroll(to: details(of: hash).count - commitRows)
        }
        // A change of the list without a word of its own clears the last message ("undone",
        // "nothing to undo" …): it spoke of what came before.
        let changesList = effects.contains { if case .apply = $0 { true } else { false } }
        if changesList && !effects.contains(where: { if case .message = $0 { true } else { false } }) {
            message.clear()
        }
        for effect in effects {
            switch effect {
            case .apply(let snapshot, let animated):
                list.apply(snapshot, animated: animated)
            case .message(let text):
                show(text)
            case .write:
                do {
                    try save(model.outputBytes())
                    exitStatus = 0
                } catch {
                    show(error.message)
                }
            case .exit(let status):
                exitStatus = status
            case .verifyCommits(let names):
                // No answer (no git here): the todo is not refused for want of a check.
                perform(.commitsVerified(verifyCommits?(names) ?? [:]))
            case .openInEditor:
                openInEditor()
            }
        }
        syncSelection()
    }

    /// `!`: the lines as they are now go to ``externalEditor`` with the terminal given back;
    /// what comes back becomes the list, and the whole screen is drawn again.
    private func openInEditor() {
        guard let externalEditor else { show("no editor here"); return }
        let bytes = model.outputBytes()
        let result: Result<[UInt8], ToolFailure>
        if let program {
            result = program.suspend { () -> Result<[UInt8], ToolFailure> in
                do throws(ToolFailure) { return .success(try externalEditor(bytes)) } catch { return .failure(error) }
            }
        } else {
            do throws(ToolFailure) { result = .success(try externalEditor(bytes)) } catch { result = .failure(error) }
        }
        switch result {
        case .success(let saved):
            for effect in model.replaceContent(with: saved) {
                switch effect {
                case .apply(let snapshot, let animated): list.apply(snapshot, animated: animated)
                case .message(let text): show(text)
                default: break
                }
            }
        case .failure(let failure):
            show(failure.message)
        }
    }

    private func show(_ text: String) {
        message.show(text, for: 4, now: clock.now)
    }

    /// Keeps the list's selection and marks in step with the model.
    private func syncSelection() {
        list.markedItems = model.editing.marked.union(model.drag?.items ?? []).union(model.moveTarget?.items ?? [])
        list.select(model.cursor, anchor: .nearest)
    }

    // MARK: - Drawing

    /// Draws the whole screen for the current state: the chrome (the bold title bar with the
    /// file's state, the status line or the exec prompt, the help bar with the mode's label and
    /// the filter being typed, the help) around the list and the commit pane.
    package func render(into canvas: inout Canvas) {
        list.isFocused = !model.isEditingFilter
        list.emptyText =
            model.document.count == 0
            ? "The file is empty — q quits"
            : !model.filter.isEmpty && !model.state.order.isEmpty
                ? "No line matches the filter — Esc clears it" : "No lines — u undoes, q quits"
        var chrome = ScreenChrome(theme: .tuilist)
        chrome.title = "tuilist \(model.mode == .rebase ? "rebase todo" : "edit")  \(title)"
        chrome.titleDetail = titleState
        chrome.minimumSize = Self.minimumSize
        if model.isConfirmingDiscard {
            chrome.status = .init(left: model.discardQuestion)  // the question alone
            chrome.theme.statusStyle = Style(foreground: .yellow, attributes: .bold)
        } else {
            chrome.status = .init(left: summary)
            chrome.message = message.text(at: clock.now)
        }
        var bar = HelpBar(
            items: EditorKeymap.barItems(for: model, keys: keys), separator: EditorKeymap.barSeparator(for: model),
            style: Style(foreground: .cyan))
        bar.label = " " + EditorKeymap.barLabel(for: model)
        chrome.helpBar = bar
        if let prompt = model.prompt {
            chrome.prompt = .init(.text(prompt.field), placement: .bottom)  // in place of the status line
            // A message of the prompt's own ("unknown action …") then takes the help bar's line.
            if messageAnswersPrompt && chrome.message != nil { chrome.status = nil }
        } else if EditorKeymap.mode(of: model) == .filter {
            var prompt = model.filterPrompt
            prompt.style = Style(foreground: .cyan)
            prompt.prefixStyle = Style(foreground: .cyan, attributes: .bold)
            chrome.prompt = .init(.text(prompt), placement: .helpBar)
        }
        if model.showHelp { chrome.help = helpOverlay }
        // The commit pane under the list, when the list keeps three lines or more.
        let showsCommit = model.showsCommit && model.mode == .rebase && canvas.height - 3 >= 6
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
            guard showsCommit else { return list.render(into: &canvas, rect: body) }
            // The pane takes the odd line (the list the smaller half), as it always did.
            let (listArea, pane, _) = Split(.vertical, ratio: 0.5 - 1e-6).areas(in: body)
            list.render(into: &canvas, rect: listArea)
            canvas.clear(pane)
            drawCommit(into: &canvas, area: pane)
        }
    }

    /// The key table of the mode under the help, and the prompt's editing keys in a mode that
    /// has a prompt; it may take the whole screen (it has more rows than the list).
    private var helpOverlay: HelpOverlay {
        let mode = EditorKeymap.helpMode(of: model)
        var sections = [HelpOverlay.Section(nil, EditorKeymap.keymap(for: mode, keys: keys))]
        if let editing = EditorKeymap.promptKeymap(for: mode, of: model) {
            sections.append(HelpOverlay.Section(EditorKeymap.promptHeading(for: mode), editing))
        }
        var overlay = HelpOverlay(title: "tuilist edit — \(helpName)", sections: sections)
        overlay.usesMargin = false
        return overlay
    }

    /// The selected commit as `git show` prints it (message, files, the diff, in git's colours),
    /// from ``EditorModel/commitOffset`` on, under a rule naming it and the lines shown.
    private func drawCommit(into canvas: inout Canvas, area: Rect) {
        let hash = model.cursorCommitHash
        commitRows = max(1, area.height - 1)
        let lines = hash.map(details(of:)) ?? []
        let first = min(model.commitOffset, max(0, lines.count - commitRows))
        let range = lines.isEmpty ? "" : " · \(first + 1)–\(min(lines.count, first + commitRows)) of \(lines.count)"
        let rule = "── " + (hash.map { "git show \($0)" } ?? "not a commit") + range + " · ] [ scroll · c hides "
        canvas.draw(
            rule + String(repeating: "─", count: max(0, area.width - TerminalText.columns(of: rule))),
            x: 0, y: area.y, style: Style(attributes: .dim), maxWidth: area.width)
        for (row, line) in lines.dropFirst(first).prefix(commitRows).enumerated() {
            line.draw(into: &canvas, x: 1, y: area.y + 1 + row, maxWidth: max(0, area.width - 1))
        }
    }

    /// The lines of commit `hash` (``commitDetails``, asked once per hash), colours parsed and
    /// tabs expanded.
    private func details(of hash: String) -> [ANSIText] {
        if let cached = detailsCache[hash] { return cached }
        let lines = (commitDetails?(hash) ?? ["(no commit details here)"]).map {
            ANSIText(parsing: $0).expandingTabs()
        }
        detailsCache[hash] = lines
        return lines
    }

    /// The title bar's right side: drag, move, marks, "modified", the filter.
    private var titleState: String {
        var state: [String] = []
        if model.isDragging { state.append("DRAG \(model.drag!.items.count)") }
        if let target = model.moveTarget { state.append("MOVE \(target.items.count)") }
        if !model.editing.marked.isEmpty { state.append("\(model.editing.marked.count) marked") }
        if model.isModified { state.append("modified") }
        // Last: a long query is what gets cut, never "modified" (the bold bar keeps the detail).
        if !model.filter.isEmpty || model.isEditingFilter { state.append("/" + model.filter) }
        return state.joined(separator: " · ")
    }

    /// "6 lines · 2 deleted", or for a todo "3 commits: 2 pick, 1 fixup".
    var summary: String {
        let shown = model.displayed.numberOfItems, total = model.state.order.count
        let deleted = model.initialState.order.count - total
        var parts: [String] = []
        if model.mode == .rebase {
            var counts: [RebaseAction: Int] = [:]
            for id in model.state.order { if let action = model.action(of: id) { counts[action, default: 0] += 1 } }
            let commits = counts.values.reduce(0, +)
            let detail = RebaseAction.allCases.compactMap { action in counts[action].map { "\($0) \(action.rawValue)" } }
            parts.append(
                "\(commits) commit\(commits == 1 ? "" : "s")" + (detail.isEmpty ? "" : ": " + detail.joined(separator: ", ")))
        } else {
            parts.append(shown == total ? "\(total) line\(total == 1 ? "" : "s")" : "\(shown) of \(total) lines")
        }
        if deleted > 0 { parts.append("\(deleted) deleted") }
        return parts.joined(separator: " · ")
    }

    /// The help's name for the mode under it (``EditorKeymap/helpMode(of:)``).
    private var helpName: String {
        switch EditorKeymap.helpMode(of: model) {
        case .rebase: "rebase todo keys"
        case .drag: "drag keys"
        case .filter: "filter keys"
        case .moveTarget: "move-to keys"
        case .prompt: "exec prompt keys"
        case .confirmDiscard: "discard? keys"
        case .lines, .help: "keys"
        }
    }
}
