import TUIList

// The picker's state by concern: each a value ``PickerModel`` holds once.

/// The lines read (after the header) and what is kept of each: their index, the lines
/// themselves where the index keeps other text, their colours, the header, and, since a
/// `reload`, which row each line is.
struct PickerInput {
    /// The lines read and their index (identifier: line number). The index keeps the text it
    /// searches, the original where it has accents (fzf's accent rule is checked against it):
    /// the lines, or under ``LinePreparation/keepsLines`` their searched text (the fields of
    /// `--nth`, the line without escapes).
    var index = FilterIndex<Int>(storingText: true)
    /// Whether the lines are kept apart from the index (``LinePreparation/keepsLines``).
    let keepsLines: Bool
    /// Under ``keepsLines``: the lines (without colour escapes under `--ansi`): what is printed.
    var keptLines: [String] = []
    /// The lines as read, with their colour escapes (only under `--ansi`).
    var rawLines: [String] = []
    /// The header lines (the first `--header-lines` lines read, with their escapes under
    /// `--ansi`).
    var header: [String] = []
    /// Under `--nth`, each line's shown length (``LineBatch/shownLengths``), for ranking.
    var shownLengths: [UInt16] = []
    /// Since a `reload`: which row each line is (``RowIdentities``); `nil` before any, each
    /// line being the row of its number.
    var identities: RowIdentities?
    /// Whether the input has ended.
    var finished = false
    /// Why reading stopped early, if it did.
    var readError: String?

    /// The number of lines read (after the header).
    var count: Int { index.count }

    /// The line in `slot` of the index, without colour escapes.
    func line(atSlot slot: Int) -> String {
        keepsLines ? keptLines[slot] : index.text(atSlot: slot)
    }

    /// The line of row `item`, without colour escapes: what is printed.
    func line(_ item: Int) -> String { line(atSlot: slot(of: item)) }

    /// The row of line `slot` (the line number itself before any `reload`).
    func item(atSlot slot: Int) -> Int { identities?.items[slot] ?? slot }

    /// The line number of row `item` (the row itself before any `reload`).
    func slot(of item: Int) -> Int { identities.map { $0.slots[item]! } ?? item }
}

/// The query searched and the search's result.
struct PickerSearch {
    /// The query searched: the prompt's text once its run of edits in a batch of input is done
    /// (the search runs once per run, not per key), or fzf's `search(…)` text.
    var query: String
    /// The prompt's text as last searched (what `{q}` and `--print-query` give): ``query``
    /// but after `search(…)`, whose text lasts until the next edit of the query.
    var typed: String
    /// ``query`` parsed (empty while searching is off).
    var parsed = FilterQuery("")
    /// Whether the query filters the lines (`--disabled`, `enable-search`, `toggle-search`).
    var enabled: Bool
    /// Whether fzf's `toggle-sort` turned `--sort` (or `--no-sort`) the other way.
    var sortToggled = false
    /// The matching lines (slots), in the order shown; `nil` for every line in input order
    /// (an empty query, without `--tac`).
    var matches: [Int32]?
    /// The lines (slots) fzf's `exclude` and `exclude-multi` took out of every result until
    /// the lines are replaced (`reload`).
    var excluded: Set<Int32> = []
    /// The last search's result, to narrow the next one from.
    var lastMatches: FilterMatches?
    /// The last few searches' results with the order they were shown in, newest last: Backspace
    /// back to one of their queries shows it again at once when no line arrived since (fzf
    /// keeps such a cache too). Holds at most ``recentLimit`` entries and, together, as many
    /// matches as two whole lists of lines.
    var recent: [(found: FilterMatches, sortToggled: Bool, order: [Int32])] = []
    static let recentLimit = 8
    /// How many searches started (a count, not a stale-result check: ``LatestJob`` drops a
    /// stale search's result); a test counts the searches a batch of typing makes.
    var started = 0
    /// Whether the lines shown are out of date (new lines, a new query) and the search has
    /// not been made yet.
    var due = false
    /// When the list was last given a snapshot.
    var lastShown = -Double.infinity
    /// fzf's raw mode (`--raw`, `toggle-raw`): every line listed, those the query does not
    /// match dimmed.
    var raw = false
    /// In raw mode with a query, the matching lines (slots) among those listed; nil otherwise.
    var rawMatches: PickerSlotSet?
    /// Whether the query changed and the list has not shown its result yet: the result, when
    /// it comes (at once or from the background), selects its best match (or, under
    /// `--track`, keeps the selected line if it matches).
    var selectsBestMatch = false
}

/// The snapshot of every line in input order: kept so that clearing the query shows it at
/// once, appended to as lines arrive, and for many lines built off the program's thread.
struct PickerRows {
    /// The snapshot of every line in input order (the last delivered, for many lines).
    var allLines: Snapshot<Int, Int>?
    /// Whether the list was last given a snapshot of all lines in input order (else one of
    /// ``PickerSearch/matches``).
    var listShowsAllLines = false
    /// Builds the snapshot of every line off the program's thread once there are many.
    var builder = AllLinesBuilder()
    /// When the builder last delivered while lines were still coming.
    var delivered = -Double.infinity
    /// Whether a line read (`--read0`) holds a line break: rows are then as high as their lines.
    var holdLineBreaks = false
}

/// How a line too wide for its row wraps (fzf's `--wrap`).
package struct PickerWrap: Equatable, Sendable {
    /// Whether a piece ends after its last blank (`--wrap=word`), not at any character.
    package var atWords: Bool

    package init(atWords: Bool) {
        self.atWords = atWords
    }
}

/// The lines marked with Tab (`--multi`), in marking order, at most ``limit``.
struct PickerMarks: Equatable {
    /// The marked rows, in marking order (what is printed, in that order).
    private(set) var items: [Int] = []
    /// The most rows marked (`--multi=MAX`); nil for any number.
    let limit: Int?

    /// Whether any row is marked.
    var isEmpty: Bool { items.isEmpty }

    /// Whether `item` is marked.
    /// - Complexity: O(marks).
    func contains(_ item: Int) -> Bool { items.contains(item) }

    /// Marks `item` (at the end of the marks, while ``limit`` leaves room) or unmarks it.
    /// - Complexity: O(marks).
    mutating func set(_ item: Int, _ marked: Bool) {
        if !marked {
            items.removeAll { $0 == item }
        } else if !items.contains(item), items.count < limit ?? .max {
            items.append(item)
        }
    }

    /// Marks the rows of `shown` not marked yet, in the order shown, until ``limit`` are (as fzf's
    /// `select-all` under `--multi=MAX`).
    /// - Complexity: O(shown + marks).
    mutating func markAll(_ shown: [Int]) {
        let marked = Set(items)
        items += shown.lazy.filter { !marked.contains($0) }.prefix(max(0, (limit ?? .max) - items.count))
    }

    /// Unmarks the rows of `shown`; marks of rows not shown stay.
    /// - Complexity: O(shown + marks).
    mutating func unmarkAll(_ shown: [Int]) {
        let unmarked = Set(shown)
        items.removeAll { unmarked.contains($0) }
    }

    /// Unmarks the marked rows of `shown` and marks the others, in the order shown, while
    /// ``limit`` leaves room.
    /// - Complexity: O(shown + marks).
    mutating func toggleAll(_ shown: [Int]) {
        let marked = Set(items)
        unmarkAll(shown)
        items += shown.lazy.filter { !marked.contains($0) }.prefix(max(0, (limit ?? .max) - items.count))
    }

    /// Keeps only the marks that `keep` keeps (a `reload` drops rows that are gone).
    mutating func keep(where keep: (Int) -> Bool) { items.removeAll { !keep($0) } }
}

/// The preview pane (`--preview`): the output shown, the command that made it, when the next
/// runs, whether the pane is hidden, and its scrolling.
struct PickerPreview {
    /// The output's lines, for ``row``.
    var lines: [ANSIText] = []
    /// The row whose preview is shown (or being made).
    var row: Int?
    /// The preview command last started (placeholders replaced): a new one (another row, a
    /// new query under `{q}`, new marks under `{+}`) runs again.
    var command: String?
    /// When the selection has settled and the preview command runs.
    var due: Double?
    /// Scrolling, the row its offset is for, where it was last drawn.
    var pane = PreviewPane()
    /// Whether the pane is hidden (`hidden`, `toggle-preview`) under `--preview-window`'s
    /// window and under its alternative: each toggles apart, as in fzf.
    var hiddenUnder: (window: Bool, alternative: Bool)
    /// Whether `toggle-preview-wrap` turned the preview window's `wrap` over.
    var wrapToggled = false
    /// The command `change-preview(…)` put in `--preview`'s place, if any (empty: no preview).
    var template: String?
    /// The command fzf's `preview(…)` showed, and for which line: until the selection moves.
    var once: (row: Int?, template: String)?
    /// The window `change-preview-window(…)` put in `--preview-window`'s place, if any, and
    /// how many times each such action (by its `|`-separated windows) ran: which is next.
    var window: PreviewWindow?
    var windowChanges: [[String]: Int] = [:]
    /// Whether the terminal, as of the last input, had too little room for
    /// `--preview-window`'s pane, so its alternative (`<N(…)`) is in force.
    var usesAlternative = false

    /// Whether the pane is hidden, under the window in force.
    var hidden: Bool {
        get { usesAlternative ? hiddenUnder.alternative : hiddenUnder.window }
        set {
            if usesAlternative { hiddenUnder.alternative = newValue } else { hiddenUnder.window = newValue }
        }
    }
}

/// How the picker ended: the status, the lines chosen and how, or a command to become.
struct PickerOutcome {
    /// The status to exit with, once the person chose or gave up.
    var exitStatus: Int32?
    /// The lines chosen (what `--accept-nth` takes of them), once Enter was pressed.
    var chosen: [String] = []
    /// The `--expect` key that chose (its name as given), `""` for another key; `nil` until chosen.
    var chosenWithKey: String?
    /// The command `become(CMD)` asked for (placeholders replaced).
    var becomeCommand: String?
    /// Whether the picker ended printing only its query (`print-query`).
    var printsQueryOnly = false
    /// The lines `print(TEXT)` queued: printed when the picker accepts.
    var printed: [String] = []
    /// Whether `-1` and `-0` were looked at (once, when the input ends).
    var autoExitChecked = false
    /// Whether `-1` or `-0` ended the picker, no key pressed.
    var autoExited = false
}

/// fzf's events (``PickerBinding/events``) that came about, to fire in turn.
struct PickerEvents {
    /// The events that came about, first first.
    var pending: [String] = []
    /// Whether `load` came about for the lines read (a `reload` reads new ones).
    var loadFired = false

    /// Notes that `load` came about, to fire (once for the lines read).
    mutating func noteLoad() {
        loadFired = true
        pending.append("load")
    }
    /// The selection when the `focus` event last looked.
    var focusedLast: Int??
    /// Whether an `accept` came before the lines were read and searched (fzf's
    /// `start:accept`): it chooses once they are.
    var acceptWhenReady = false
    /// The keys and events fzf's `unbind(…)` turned off (`rebind(…)` turns them on again).
    var unbound: Set<Key> = []
}

/// A set of lines (slots) as a bitmap: O(1) to ask, O(matches) to make, a bit a line.
struct PickerSlotSet {
    private var words: [UInt64]

    /// The set of `slots`, each below `count`.
    init(_ slots: [Int32], count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
        for slot in slots where Int(slot) < count { words[Int(slot) >> 6] |= 1 << UInt64(slot & 63) }
    }

    /// Whether `slot` is in the set.
    func contains(_ slot: Int) -> Bool {
        slot >= 0 && slot >> 6 < words.count && words[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }
}
