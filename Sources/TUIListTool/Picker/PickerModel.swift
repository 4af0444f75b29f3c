import TUIList

/// The picker's state, each piece held once, by concern (``PickerInput``, ``PickerSearch``,
/// ``PickerRows``, ``PickerMarks``, ``PickerPreview``, ``PickerOutcome``, ``PickerEvents``),
/// and ``update(_:selection:shown:)``: what an action does to it, and the effects the app
/// runs for it (a search, a move of the list's selection, a new frame).
///
/// ``PickerApp`` holds one and renders from it; nothing in it is written while drawing (the
/// preview's geometry, ``PickerPreview/pane``'s rect and ``PickerPreview/usesAlternative``,
/// is taken from the terminal's size before each input: ``PickerApp/takeGeometry(from:)``). A
/// test drives ``update(_:selection:shown:)`` with no terminal and no clock:
///
/// ```swift
/// var model = PickerModel(options: options)
/// let effects = model.update(.mark, selection: 4, shown: { [4, 5] })
/// // model.marks.items == [4]; effects == [.marksChanged, .move(.next)]
/// ```
struct PickerModel {
    /// The lines read.
    var input: PickerInput
    /// The query searched and its result.
    var search: PickerSearch
    /// The snapshot of every line in input order.
    var rows = PickerRows()
    /// The lines marked (`--multi`).
    var marks: PickerMarks
    /// The preview pane.
    var preview: PickerPreview
    /// How the picker ended.
    var outcome = PickerOutcome()
    /// fzf's events to fire.
    var events = PickerEvents()
    /// The query's line editor: its text, cursor and editing keys.
    var prompt: TextPrompt
    /// The prompt `change-prompt(…)` put in `--prompt`'s place, if any.
    var promptPrefix: String?
    /// The label `change-border-label(…)` put in `--border-label`'s place, if any.
    var borderLabelText: String?
    /// The lines `change-header(…)` put in `--header`'s place, if any.
    var headerText: [String]?
    /// Whether the keys are shown (F1).
    var isShowingHelp = false
    /// The timed message on the help bar's line (why Ctrl-Z did nothing).
    var message = TimedMessage()
    /// `--group-by` and `--columns`: the lines' groups and the columns' widths.
    var fieldLayout = PickerFieldLayout()
    /// Tells double-clicks.
    var clicks = ClickCounter()
    /// The `reload` whose lines are being read, shown once read.
    var reloading: PendingReload?
    /// How a line too wide for its row wraps (`--wrap`, `toggle-wrap`); nil: it does not.
    var wrap: PickerWrap?
    /// What the next key does while fzf's `jump` labels show; nil when they do not.
    var jumping: PickerJump?
    /// The queries of earlier runs (`--history`), and the one shown.
    var history: PickerHistory?
    /// Whether Tab marks lines (`--multi`).
    let multi: Bool

    /// The model of a picker that has read nothing yet, under `options`.
    init(options: PickerApp.Options) {
        input = PickerInput(keepsLines: options.preparation.keepsLines)
        var prompt = TextPrompt(
            text: options.query, keymap: PickerKeymap.promptKeymap(multi: options.multi, bindings: options.bindings))
        prompt.style = options.colors.style(.query)
        self.prompt = prompt
        search = PickerSearch(query: prompt.text, typed: prompt.text, enabled: options.searchEnabled)
        search.raw = options.raw
        marks = PickerMarks(limit: options.multiLimit)
        preview = PickerPreview(hiddenUnder: options.previewWindow.hiddenUnder)
        multi = options.multi
        history = options.history
        wrap = options.wrap
    }

    /// What the app does after an action changed the model.
    enum Effect: Equatable {
        /// The marks changed: the list shows them.
        case marksChanged
        /// Move the list's selection (as on screen: the app turns it round under
        /// `--layout=default`).
        case move(SelectionMovement)
        /// Search ``PickerSearch/query`` again (searching was turned on or off).
        case search
        /// Search the prompt's text if it is not the query searched (`change-query`).
        case searchTypedQuery
        /// Draw a new frame.
        case redraw
    }

    /// Applies `action` when the model alone decides it: the marks, the preview pane's
    /// switches, the prompt, the help, searching on and off. Returns the effects for the app to
    /// run, in order, or `nil` for an action the app performs itself (moves, commands,
    /// choosing).
    /// - Parameters:
    ///   - action: The action.
    ///   - selection: The selected row, if any.
    ///   - shown: The rows shown, in their order (asked for only by the actions on all rows).
    /// - Complexity: O(1) but for the actions on all rows: O(rows shown + marks).
    mutating func update(_ action: PickerAction, selection: Int?, shown: () -> [Int]) -> [Effect]? {
        switch action {
        case .mark, .markUp, .toggleMark:
            guard multi, let selection else { return [] }
            marks.set(selection, !marks.contains(selection))
            return action == .toggleMark ? [.marksChanged] : [.marksChanged, .move(action == .mark ? .next : .previous)]
        case .setMark(let marked):
            guard multi, let selection else { return [] }
            marks.set(selection, marked)
            return [.marksChanged, .redraw]
        case .markAll, .unmarkAll, .toggleAll:
            guard multi else { return [] }
            let rows = shown()
            switch action {
            case .markAll: marks.markAll(rows)
            case .unmarkAll: marks.unmarkAll(rows)
            default: marks.toggleAll(rows)
            }
            return [.marksChanged]
        case .togglePreview:
            preview.hidden.toggle()
            preview.row = nil  // (its command runs again when shown)
            return [.redraw]
        case .showPreview(let shown):
            guard preview.hidden == shown else { return [] }
            preview.hidden = !shown
            preview.row = nil
            return [.redraw]
        case .togglePreviewWrap:
            preview.wrapToggled.toggle()
            return [.redraw]
        case .refreshPreview:
            preview.row = nil
            return [.redraw]
        case .changePrompt(let text):
            promptPrefix = text
            return [.redraw]
        case .previewWith(let command):
            preview.once = (selection, command)
            preview.hidden = false
            preview.row = nil  // (the command runs)
            return [.redraw]
        case .changePreview(let command):
            preview.template = command
            preview.row = nil  // (the new command runs)
            return [.redraw]
        case .changeBorderLabel(let text):
            borderLabelText = text
            return [.redraw]
        case .changeHeader(let text):
            headerText = text.isEmpty ? [] : text.components(separatedBy: "\n")
            return [.redraw]
        case .changeQuery(let text):
            prompt.text = text
            return [.searchTypedQuery]
        case .history(let delta):
            guard let entry = history?.step(delta, leaving: prompt.text) else { return [] }
            prompt.text = entry
            return [.searchTypedQuery]
        case .put(let text):
            for character in text { prompt.perform(.insert(character)) }
            return [.searchTypedQuery]
        case .print(let text):
            outcome.printed.append(text)
            return []
        case .edit(let edit):
            prompt.perform(edit)
            return [.redraw]
        case .toggleHelp:
            isShowingHelp.toggle()
            return [.redraw]
        case .search(let enabled):
            guard search.enabled != enabled else { return [] }
            search.enabled = enabled
            return [.search, .redraw]
        case .toggleSearch:
            search.enabled.toggle()
            return [.search, .redraw]
        case .toggleSort:
            search.sortToggled.toggle()
            search.lastMatches = nil  // (the order changes: nothing to narrow from)
            return [.search, .redraw]
        default:
            return nil
        }
    }

    /// Whether `--multi` lines are marked (what accepting chooses).
    var hasMarks: Bool { multi && !marks.isEmpty }
}
