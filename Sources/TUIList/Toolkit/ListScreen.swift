/// What a key does on a ``ListScreen``: the screen's own actions, and the app's.
public enum ListScreenAction<AppAction: Sendable>: Sendable {
    /// Moves the selection (↑↓ j k, PgUp/PgDn, Home/End).
    case select(SelectionMovement)
    /// Moves the selected item one place, across section boundaries (J/K, ⇧↑/⇧↓).
    case moveItem(ItemStep)
    /// Opens the filter prompt (`/`).
    case beginFilter
    /// Closes the filter prompt and keeps the filter (Enter).
    case keepFilter
    /// Closes the filter prompt and clears the filter (Esc).
    case clearFilter
    /// Shows or hides the help overlay (`?`).
    case toggleHelp
    /// Answers the open confirm prompt: yes (y) runs the app's action, no (n, Esc) drops it.
    case answer(Bool)
    /// Scrolls the detail pane by this many lines, down for positive counts.
    case scrollPane(Int)
    /// Scrolls the detail pane by this many half panes, down for positive counts (Ctrl-D,
    /// Ctrl-U: one half down, one up).
    case scrollPaneByHalves(Int)
    /// Goes back to browsing from the filter prompt (keeping the filter) or from an app mode.
    case browse
    /// Asks to quit (q, Ctrl-C): handed back to the app.
    case quit
    /// One of the app's own actions: handed back to the app.
    case app(AppAction)
}

/// Actions compare when the app's do: `keymap.bind(key, to: .app(.archive))` on a screen's
/// keymap, `keymap.bind(key, to: .scrollPane(3))`.
extension ListScreenAction: Equatable where AppAction: Equatable {}

/// Which parts of a ``ListScreen`` are drawn.
public struct ListScreenParts: OptionSet, Hashable, Sendable {
    /// The option's bits.
    public let rawValue: Int
    /// The parts of `rawValue`'s bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The title bar on the first line.
    public static let titleBar = ListScreenParts(rawValue: 1)
    /// The status line (message, position) above the help bar; the filter prompt takes
    /// its place while filtering.
    public static let statusLine = ListScreenParts(rawValue: 2)
    /// The help bar on the last line.
    public static let helpBar = ListScreenParts(rawValue: 4)
    /// Every part.
    public static let all: ListScreenParts = [.titleBar, .statusLine, .helpBar]
}

/// The one screen of a TUIList app: a title bar, the list, an optional detail or preview pane
/// beside or below it (``pane``), a prompt line (the `/` filter with its match count, at the top
/// or bottom: ``promptPlacement``), a status line (the app's text, timed messages, a spinner
/// while background work runs), a help bar and a `?` help overlay drawn from its keymaps, a
/// yes/no confirm, a loading line, an empty state and a too-small message; J/K move the selected
/// item (across sections too).
///
/// The app gives the items (``setItems(_:animated:)``) and the text of each (`row`), hands the
/// screen its input (``handle(_:in:)``) and acts on what comes back: its own
/// ``ListScreenAction/app(_:)`` actions. Everything else the screen does itself.
///
/// ```swift
/// let screen = ListScreen<String, Task.ID, Action>(
///     title: "Tasks", bindings: [KeyBinding(keys: [.character("d")], help: "delete", bar: "d delete", .delete)],
///     row: { id in (tasks[id]!.title, tasks[id]!.due) }, filterText: { id in tasks[id]!.notes })
/// screen.pane = .text(beside: 0.4) { id in TextView([.field("Due", id.map { tasks[$0]!.due } ?? "")]) }
/// screen.setItems(Snapshot(grouping: sortedIDs) { tasks[$0]!.list })
/// for action in screen.handle(events, in: program) {      // quits on q
///     if case .delete = action { screen.confirm("Delete it?", then: .reallyDelete) }
/// }
/// ```
///
/// ```
///  Tasks                                    30
///  Today                    │ Due   Mon 3
///  Pay rent            Mon 3│
///  …                        │
/// ⠋ syncing…                              1/30
/// ↑↓ select  J K move item  / filter  ? help  q quit
/// ```
///
/// - Modes (``mode``): browsing (``keymap``), filtering (``filteringKeymap``; typing edits the
///   query), confirming (`confirmKeymap`) and the app's own (`appKeymaps`, entered with
///   ``enter(_:)``). The help overlay lists the keymap in force and the filter's.
/// - Filter: the items whose `filterText` (default: the row's title) matches
///   ``FilterQuery/listFilter(_:)`` show, in order, every section kept; the change animates
///   (`animatesFilter`) and the selection stays on screen, also when Esc brings everything
///   back. A move made while filtering is worked out among the items shown and made in the
///   whole content.
/// - Time: ``showMessage(_:for:)`` and the spinner run on the program's clock
///   (``start(in:)``); forward ``nextDeadline`` and ``isAnimating`` from the app.
/// - Overlays (help, confirm) and the too-small message cover the whole area drawn, pane too.
///
/// Nothing is selected only while there are no items shown: the first item is selected when
/// items arrive.
public final class ListScreen<SectionID: Hashable, ItemID: Hashable, AppAction: Sendable> {
    /// The screen's action type.
    public typealias Action = ListScreenAction<AppAction>

    /// Which parts of the screen are drawn.
    public typealias Parts = ListScreenParts

    /// The list shown (configure its cells' looks, headers, scrollbar through it).
    public let list: ListView<SectionID, ItemID>
    /// The title bar's text.
    public var title: String
    /// The status line's left side (a message from the app); empty: the filter, if any.
    public var status = ""
    /// The noun the status line counts items with: `"contacts"` gives "12 of 200 contacts" while
    /// a filter is on and "3/200 contacts" otherwise; empty gives "12/200" and "3/200".
    public var countNoun = ""
    /// Which parts are drawn.
    public var parts: Parts
    /// The looks of the screen's chrome: its bars, the status line, how a message joins the
    /// status (``ScreenTheme/tuilist`` gives the look of TUIList's own apps).
    public var theme = ScreenTheme.standard
    /// The keys of each mode.
    private var keys: Keys
    /// What the screen says of itself: the help's title and footer, the empty list's words.
    private var words = Words()
    /// The filter: its prompt, what it matches, its index.
    private var filtering: Filtering
    /// The pane and its scroll.
    private var paneState = PaneState()
    /// The load: whether the items came, its progress, the spinner's activity.
    private var loading = Loading()
    /// The open confirm prompt, and the mode it goes back to.
    private var confirming = Confirming()
    /// Where the prompt line goes.
    public var promptPlacement = ListScreenPromptPlacement.bottom
    /// The smallest area the screen draws in; below it the screen says so instead (the
    /// default, 10×3, fits a title, a row and a help bar).
    public var minimumSize = TerminalSize(columns: 10, rows: 3)
    /// Whether item moves animate.
    package var animatesMoves = true
    /// What keys do now.
    public private(set) var mode = ListScreenMode.browsing
    /// Whether the help overlay is shown (any key closes it).
    public var showsHelp = false
    /// The whole content, unfiltered, with the moves made on the screen.
    public private(set) var items = Snapshot<SectionID, ItemID>() {
        didSet { filtering.list.setIndex(nil) }  // built again when a filter next needs it
    }
    /// Lines drawn under the title bar, above the list (a command's header); the list keeps at
    /// least one line, the header gives way.
    public var headerLines: [String] = []
    /// What the body shows instead of the list and the pane, while set (a failure, a view of
    /// the app's own): the closure draws into the body's area.
    public var body: ((inout Canvas, Rect) -> Void)?
    /// A prompt of the app's own (a command being typed), while set, and where it goes: the
    /// prompt line (``ListScreenPromptPlacement/top`` or ``ListScreenPromptPlacement/bottom``,
    /// in place of the status line) or the help bar (``ListScreenPromptPlacement/helpBar``,
    /// between the bar's label and its items). The app edits it; the screen draws it.
    package var appPrompt: (prompt: TextPrompt, placement: ListScreenPromptPlacement)?
    private var clock: any AnimationClock = SystemClock()
    private var message = TimedMessage()

    /// The keys of each mode: each dispatches, and writes the help bar and the help.
    private struct Keys {
        var browsing: Keymap<Action>
        var filtering = ListScreen.defaultFilteringKeymap
        var confirming = ListScreen.defaultConfirmKeymap
        var app: [String: Keymap<Action>] = [:]
    }

    /// The words the screen says of itself.
    private struct Words {
        var helpTitle = "Keys"
        var helpFooter = "any key closes the help"
        var empty = "No items"
        var noMatches = "No matches"
        var loading = "loading"
    }

    /// The filter's state: the prompt, the app's rule or each item's text, and the library's
    /// list filter over those texts (its index built when the filter first needs it after the
    /// items changed; nil until then).
    private struct Filtering {
        var prompt = FilterPrompt()
        var rule: ((String, Snapshot<SectionID, ItemID>) -> Snapshot<SectionID, ItemID>)?
        let text: (ItemID) -> String
        /// The query, parsed once per edit; its index of the items' text is built when a
        /// filter first needs it after the items change.
        var list = ListFilter<ItemID>()
        var animates = true
    }

    /// The pane, the item its text was scrolled for and the scroll (another item's text starts
    /// at the top), and the area the pane was laid out in at the last render, as the list
    /// learns its viewport there (Ctrl-D scrolls by half of it).
    private struct PaneState {
        var pane: ListScreenPane<ItemID>?
        var scrolledItem: ItemID?
        var scrolledOffset = 0
        var rect = Rect(x: 0, y: 0, width: 0, height: 0)

        /// The scroll of `item`'s text: 0 unless it is the item scrolled last.
        func scrollOffset(for item: ItemID?) -> Int { item == scrolledItem ? scrolledOffset : 0 }
    }

    /// Until the items come: the loading line and its progress; and the spinner's work.
    private struct Loading {
        var isLoading = true
        var progress: ProgressReport?
        var activity: String?
    }

    /// The open confirm prompt with the action a yes hands to the app, and the mode before it.
    private struct Confirming {
        var prompt: (prompt: ConfirmPrompt, action: AppAction)?
        var modeBefore = ListScreenMode.browsing
    }

    /// The help overlay's title.
    package var helpTitle: String {
        get { words.helpTitle }
        set { words.helpTitle = newValue }
    }
    /// The line under the help's rows.
    package var helpFooter: String {
        get { words.helpFooter }
        set { words.helpFooter = newValue }
    }
    /// The keys while browsing: dispatch, help bar and help overlay.
    public var keymap: Keymap<Action> {
        get { keys.browsing }
        set { keys.browsing = newValue }
    }
    /// The keys while the filter prompt is open (besides those that edit the query).
    public var filteringKeymap: Keymap<Action> {
        get { keys.filtering }
        set { keys.filtering = newValue }
    }
    /// The keys while a confirm prompt is open: y yes, n and Esc no.
    package var confirmKeymap: Keymap<Action> {
        get { keys.confirming }
        set { keys.confirming = newValue }
    }
    /// The keymaps of the app's own modes (``ListScreenMode/app(_:)``), by name.
    package var appKeymaps: [String: Keymap<Action>] {
        get { keys.app }
        set { keys.app = newValue }
    }
    /// The filter prompt: `/` opens it and typing edits it; ``setFilter(_:)`` sets its query
    /// from code.
    public private(set) var filter: FilterPrompt {
        get { filtering.prompt }
        set { filtering.prompt = newValue }
    }
    /// The detail or preview pane, if any.
    public var pane: ListScreenPane<ItemID>? {
        get { paneState.pane }
        set { paneState.pane = newValue }
    }
    /// The text pane's scroll offset (back to 0 when the selection changes).
    var paneScrollOffset: Int { paneState.scrollOffset(for: list.selectedItem) }
    /// What the empty list says when there are no items at all.
    public var emptyText: String {
        get { words.empty }
        set { words.empty = newValue }
    }
    /// What the empty list says when the filter matches nothing.
    package var noMatchesText: String {
        get { words.noMatches }
        set { words.noMatches = newValue }
    }
    /// The latest progress of the load, shown on the loading line.
    public var progress: ProgressReport? {
        get { loading.progress }
        set { loading.progress = newValue }
    }
    /// Background work under way, shown with a spinner on the status line (nil: none): set it
    /// when the work starts and back to nil when its result arrives.
    public var activity: String? {
        get { loading.activity }
        set { loading.activity = newValue }
    }
    /// Whether a change of the filter animates (rows leave and come back, the rest slide).
    package var animatesFilter: Bool {
        get { filtering.animates }
        set { filtering.animates = newValue }
    }
    /// Whether the filter prompt is open.
    public var isFiltering: Bool { mode == .filtering }
    /// Whether the items have not come yet (``setItems(_:animated:)`` ends it): the list area shows
    /// the loading line. An app that applies snapshots to its own ``list`` itself sets it false.
    package var isLoading: Bool {
        get { loading.isLoading }
        set { loading.isLoading = newValue }
    }
    /// The open confirm prompt and the action a yes hands to the app.
    var confirmation: (prompt: ConfirmPrompt, action: AppAction)? { confirming.prompt }
    /// The app's own filter rule, while set: given the query as typed (never empty) and the
    /// whole content, the items shown. Nil: the items whose `filterText` matches
    /// ``FilterQuery/listFilter(_:)``.
    package var filterRule: ((String, Snapshot<SectionID, ItemID>) -> Snapshot<SectionID, ItemID>)? {
        get { filtering.rule }
        set { filtering.rule = newValue }
    }

    /// The default browsing keymap: list navigation, J/K (and ⇧↑/⇧↓) to move an item when
    /// `movesItems`, `/` filter, Ctrl-D/Ctrl-U to scroll the pane, the app's `bindings`, `?`
    /// help, q and Ctrl-C quit (the program ends the run on Ctrl-C itself; the binding puts it
    /// in the help, and quits an app that reads Ctrl-C as a key).
    /// - Parameters:
    ///   - movesItems: Whether J/K move the selected item.
    ///   - bindings: The app's bindings, listed before help and quit.
    /// - Returns: The keymap.
    public static func defaultKeymap(movesItems: Bool = true, bindings: [KeyBinding<AppAction>] = []) -> Keymap<Action> {
        var map = Keymap<SelectionMovement>.listNavigation.map { Action.select($0) }
        map.bindings[0].bar = nil  // the arrows need no hint; help and quit keep their room
        if movesItems {
            map.bindings.append(
                KeyBinding(
                    [
                        .init(.key(.character("K")), .moveItem(.up)), .init(.key(.character("J")), .moveItem(.down)),
                        .init(.key(.shiftUp), .moveItem(.up)), .init(.key(.shiftDown), .moveItem(.down)),
                    ], help: "move the item up, down (across sections)", bar: "J K move item"))
        }
        map.bindings.append(KeyBinding(keys: [.character("/")], help: "filter", bar: "/ filter", .beginFilter))
        map.bindings.append(
            KeyBinding(
                [.init(.key(.control("d")), .scrollPaneByHalves(1)), .init(.key(.control("u")), .scrollPaneByHalves(-1))],
                help: "scroll the detail pane", bar: nil))
        map.bindings += bindings.map { $0.map { Action.app($0) } }
        map.bindings.append(KeyBinding(keys: [.character("?")], help: "this help", bar: "? help", .toggleHelp))
        map.bindings.append(KeyBinding(keys: [.character("q"), .control("c")], help: "quit", bar: "q quit", .quit))
        return map
    }

    /// The default keymap while filtering: Enter keeps the filter, Esc clears it, ↑↓ select.
    static var defaultFilteringKeymap: Keymap<Action> {
        Keymap([
            KeyBinding(keys: [.enter], help: "keep the filter", bar: "Enter keep", .keepFilter),
            KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clear", .clearFilter),
            KeyBinding(
                [.init(.key(.up), .select(.previous)), .init(.key(.down), .select(.next))], help: "select",
                bar: "↑↓ select"),
        ])
    }

    /// The default keymap of a confirm prompt: y yes, n or Esc no.
    static var defaultConfirmKeymap: Keymap<Action> {
        Keymap([
            KeyBinding(keys: [.character("y"), .character("Y")], help: "yes", bar: "y yes", .answer(true)),
            KeyBinding(keys: [.character("n"), .character("N"), .escape], help: "no", bar: "n no", .answer(false)),
        ])
    }

    /// A list screen, loading until ``setItems(_:animated:)``.
    /// - Parameters:
    ///   - title: The title bar's text.
    ///   - parts: Which parts are drawn.
    ///   - movesItems: Whether J/K move the selected item.
    ///   - bindings: The app's own bindings: they dispatch ``ListScreenAction/app(_:)`` and the
    ///     help lists them.
    ///   - row: Each item's title and right-aligned detail.
    ///   - filterText: The text the filter matches for each item (nil: the row's title); ANSI
    ///     escapes in it are matched as typed, so give plain text.
    public init(
        title: String, parts: Parts = .all, movesItems: Bool = true, bindings: [KeyBinding<AppAction>] = [],
        row: @escaping (ItemID) -> (title: String, detail: String?), filterText: ((ItemID) -> String)? = nil
    ) {
        self.title = title
        self.parts = parts
        filtering = Filtering(text: filterText ?? { row($0).title })
        keys = Keys(browsing: Self.defaultKeymap(movesItems: movesItems, bindings: bindings))
        list = ListView(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            (cell.title, cell.detail) = row(item)
            return cell
        })
    }

    /// A list screen whose rows are ``TextCell``s the app fills itself — styled spans
    /// (``TextCell/styledTitle``), a badge, the detail — loading until
    /// ``setItems(_:animated:)``.
    ///
    /// ```swift
    /// ListScreen<String, Int, Never>(title: "Inbox", cell: { cell, id in
    ///     cell.styledTitle = ANSIText(spans: [(mail[id]!.sender, Style(attributes: .bold)),
    ///                                         ("  " + mail[id]!.subject, .plain)])
    ///     cell.detail = mail[id]!.time
    /// }, filterText: { "\(mail[$0]!.sender) \(mail[$0]!.subject)" })
    /// ```
    /// - Parameters:
    ///   - title: The title bar's text.
    ///   - parts: Which parts are drawn.
    ///   - movesItems: Whether J/K move the selected item.
    ///   - bindings: The app's own bindings: they dispatch ``ListScreenAction/app(_:)`` and the
    ///     help lists them.
    ///   - cell: Fills a cleared cell for an item.
    ///   - filterText: The text the filter matches for each item (nil: the cell's title as
    ///     drawn, without styles).
    public convenience init(
        title: String, parts: Parts = .all, movesItems: Bool = true, bindings: [KeyBinding<AppAction>] = [],
        cell: @escaping (TextCell, ItemID) -> Void, filterText: ((ItemID) -> String)? = nil
    ) {
        let list = ListView<SectionID, ItemID>(cellProvider: { context, item in
            let textCell = context.dequeue(TextCell.self)
            cell(textCell, item)
            return textCell
        })
        let titleText: (ItemID) -> String = { item in
            let probe = TextCell()
            cell(probe, item)
            return probe.styledTitle?.plain ?? probe.title
        }
        self.init(
            title: title, list: list, parts: parts, movesItems: movesItems, bindings: bindings,
            filterText: filterText ?? titleText)
    }

    /// A list screen over the app's own list (its cells, row sizing, headers), loading until
    /// ``setItems(_:animated:)``; the keymap is ``defaultKeymap(movesItems:bindings:)`` with the
    /// app's `bindings` (J/K only when `movesItems`).
    /// - Parameters:
    ///   - title: The title bar's text.
    ///   - list: The list the screen shows and drives.
    ///   - parts: Which parts are drawn.
    ///   - movesItems: Whether J/K move the selected item.
    ///   - bindings: The app's own bindings: they dispatch ``ListScreenAction/app(_:)`` and the
    ///     help lists them.
    ///   - filterText: The text the filter matches for each item (nil: the item's description);
    ///     or set `filterRule`.
    public init(
        title: String, list: ListView<SectionID, ItemID>, parts: Parts = .all, movesItems: Bool = false,
        bindings: [KeyBinding<AppAction>] = [], filterText: ((ItemID) -> String)? = nil
    ) {
        self.title = title
        self.parts = parts
        filtering = Filtering(text: filterText ?? { "\($0)" })
        keys = Keys(browsing: Self.defaultKeymap(movesItems: movesItems, bindings: bindings))
        self.list = list
    }

    /// Takes the program's clock for the list's animations, timed messages and spinners (call
    /// it from the app's `start(in:)`).
    /// - Parameter program: The program the screen runs in.
    public func start(in program: Program) {
        start(clock: program.clock)
    }

    /// Takes `clock` for the list's animations, timed messages and spinners (an app that drives
    /// its own loop, or that has its clock before its program).
    /// - Parameter clock: The clock.
    public func start(clock: any AnimationClock) {
        self.clock = clock
        list.animationClock = clock
    }

    /// Shows `snapshot` as the whole content and ends loading; the filter applies, the
    /// selection stays on its item or goes to the first item.
    /// - Parameters:
    ///   - snapshot: The content.
    ///   - animated: Whether the change animates.
    /// - Complexity: O(*n*) to filter, plus ``ListView/apply(_:animated:)``.
    public func setItems(_ snapshot: Snapshot<SectionID, ItemID>, animated: Bool = false) {
        items = snapshot
        isLoading = false
        progress = nil
        showItems(animated: animated)
    }

    /// Shows `snapshot` as the whole content, as ``setItems(_:animated:)`` does, and redraws
    /// `changed` items in place (their rows' text changed, not their identity: a ★ toggled).
    /// - Parameters:
    ///   - snapshot: The content.
    ///   - changed: The items whose rows to draw again.
    ///   - animated: Whether the change animates (changed rows flash).
    /// - Complexity: as ``setItems(_:animated:)``, plus O(`changed.count`).
    public func setItems(_ snapshot: Snapshot<SectionID, ItemID>, changed: [ItemID], animated: Bool = false) {
        items = snapshot
        isLoading = false
        progress = nil
        showItems(animated: animated, changed: changed)
    }

    /// Filters the list by `query` (fzf's syntax, as typed at the prompt), without opening the
    /// prompt; an empty query shows every item.
    /// - Parameter query: The query.
    /// - Complexity: O(*n*) to filter, plus ``ListView/apply(_:animated:)``.
    public func setFilter(_ query: String) {
        filter.query = query
        showItems(animated: false, filterChanged: true)
    }

    /// The items shown: those whose filter text matches the filter, in order, every section kept.
    var shownItems: Snapshot<SectionID, ItemID> { list.snapshot() }

    /// Shows `text` on the status line for `seconds` of the program's clock, in place of
    /// ``status`` (where no status line is drawn, in place of the help bar); a newer message
    /// replaces it.
    /// - Parameters:
    ///   - text: The message.
    ///   - seconds: How long it shows.
    public func showMessage(_ text: String, for seconds: Double = 3) {
        message.show(text, for: seconds, now: clock.now)
    }

    /// Takes the message off the status line before its time (it spoke of what has changed).
    package func clearMessage() {
        message.clear()
    }

    /// The message shown now, if one is showing.
    var currentMessage: String? { message.text(at: clock.now) }

    /// When the screen next changes without input (a message expires), on the program's clock:
    /// return it from the app's ``TerminalApp/nextDeadline`` (or the earlier of it and the app's own).
    public var nextDeadline: Double? { message.deadline(at: clock.now) }

    /// Opens a yes/no prompt over the screen (mode ``ListScreenMode/confirming``): y hands
    /// `action` to the app from `handle(_:)`, n or Esc drops it; either way the mode goes back
    /// to what it was.
    /// - Parameters:
    ///   - question: The question (`"Delete Ada Lovelace?"`).
    ///   - action: What a yes does.
    public func confirm(_ question: String, then action: AppAction) {
        if mode != .confirming { confirming.modeBefore = mode }
        confirming.prompt = (ConfirmPrompt(question), action)
        mode = .confirming
    }

    /// Changes the mode: an app's own (`appKeymaps` must hold its keymap), or back to
    /// browsing; entering ``ListScreenMode/filtering`` opens the prompt.
    /// - Parameter mode: The mode.
    public func enter(_ mode: ListScreenMode) {
        if mode != .confirming { confirming.prompt = nil }
        self.mode = mode
    }

    /// Takes a message that is the screen's: a ``ProgressReport`` from background work for the
    /// loading line, or a ``SuspendRefused`` from the program (Ctrl-Z where nothing can stop),
    /// whose reason shows on the status line for five seconds.
    /// - Parameter message: A message from the program's batch.
    /// - Returns: Whether the screen took it.
    @discardableResult
    public func receive(_ message: any Sendable) -> Bool {
        if self.message.receive(message, now: clock.now) { return true }
        guard let report = message as? ProgressReport else { return false }
        progress = report
        return true
    }

    /// The keymap in force for the mode.
    var activeKeymap: Keymap<Action> {
        switch mode {
        case .browsing: keymap
        case .filtering: filteringKeymap
        case .confirming: confirmKeymap
        case .app(let name): appKeymaps[name] ?? Keymap([])
        }
    }

    /// Handles a batch of input: keys through the keymap of the mode (a run of typing into the
    /// filter is one edit, filtered once), the mouse through the list (also while the filter
    /// prompt is open); while the help shows, a key closes it and does nothing else.
    /// - Parameter events: The batch.
    /// - Returns: The actions for the app, in order: ``ListScreenAction/quit`` and
    ///   ``ListScreenAction/app(_:)`` (a confirmed action among them).
    /// - Complexity: O(events) lookups, plus one filter per run of typing, O(*n*).
    func handle(_ events: [InputEvent]) -> [Action] {
        var actions: [Action] = []
        handle(events) { actions.append($0) }
        return actions
    }

    /// Handles a batch of input and quits `program` on ``ListScreenAction/quit``.
    /// - Parameters:
    ///   - events: The batch.
    ///   - program: The program to quit.
    /// - Returns: The app's own actions, in order.
    @discardableResult
    public func handle(_ events: [InputEvent], in program: Program) -> [AppAction] {
        var actions: [AppAction] = []
        handle(events, in: program) { actions.append($0) }
        return actions
    }

    /// Handles a batch of input, quits `program` on ``ListScreenAction/quit``, and calls
    /// `perform` with each of the app's actions as its key comes: what `perform` does to the
    /// screen (``confirm(_:then:)``, ``enter(_:)``) applies to the keys after it in the same
    /// batch, so `d` `y` typed ahead deletes.
    /// - Parameters:
    ///   - events: The batch.
    ///   - program: The program to quit.
    ///   - perform: Does one of the app's actions.
    public func handle(_ events: [InputEvent], in program: Program, perform: (AppAction) -> Void) {
        handle(events) { action in
            switch action {
            case .quit: program.quit()
            case .app(let action): perform(action)
            default: break
            }
        }
    }

    /// The batch loop: each action for the app goes to `emit` as its key comes.
    private func handle(_ events: [InputEvent], emit: (Action) -> Void) {
        var rest = events[...]
        while let event = rest.first {
            // The pane's text starts at the top again once the selection leaves the item scrolled.
            defer { if list.selectedItem != paneState.scrolledItem { paneState.scrolledItem = nil } }
            if showsHelp {
                rest = rest.dropFirst()
                if case .key(let key) = event, !Self.isUnknown(key) { showsHelp = false }
                continue
            }
            if mode == .filtering {
                let edit = filter.handle(rest)
                if edit.changed { showItems(animated: animatesFilter, filterChanged: true) }
                rest = rest.dropFirst(edit.consumed)
                guard let next = rest.popFirst() else { break }
                if case .key(let key) = next {
                    if let action = filteringKeymap.action(for: key) { perform(action, emit: emit) }
                } else {
                    list.handle(next)  // the mouse works while typing
                }
                continue
            }
            rest = rest.dropFirst()
            if case .key(let key) = event {
                if let action = activeKeymap.action(for: key) { perform(action, emit: emit) }
            } else if mode != .confirming {
                list.handle(event)
            }
        }
    }

    /// Whether `key` is a sequence the terminal sent that names no key.
    private static func isUnknown(_ key: Key) -> Bool {
        if case .unknown = key { true } else { false }
    }

    /// Does what `action` does; the app's and quit go to `emit`.
    private func perform(_ action: Action, emit: (Action) -> Void) {
        switch action {
        case .select(let movement): list.moveSelection(movement)
        case .moveItem(let step): moveSelectedItem(step)
        case .beginFilter:
            mode = .filtering
            filter.prompt.moveCursor(to: filter.query.count)
        case .keepFilter, .browse: mode = .browsing
        case .clearFilter:
            mode = .browsing
            guard !filter.query.isEmpty else { break }
            filter.query = ""
            showItems(animated: animatesFilter, filterChanged: true)
        case .toggleHelp: showsHelp.toggle()
        case .answer(let yes):
            let pending = confirming.prompt
            confirming.prompt = nil
            mode = confirming.modeBefore
            if yes, let pending { emit(.app(pending.action)) }
        case .scrollPane(let lines): scrollPane(byLines: lines)
        case .scrollPaneByHalves(let halves): scrollPane(byLines: halves * max(1, paneState.rect.height / 2))
        case .quit, .app: emit(action)
        }
    }

    /// Scrolls a text pane by `count` lines (down for positive); does nothing without one.
    /// - Parameter count: Lines to scroll.
    func scrollPane(byLines count: Int) {
        guard let pane, case .text(let content) = pane.content else { return }
        let item = list.selectedItem
        var view = content(item)
        view.scrollOffset = paneState.scrollOffset(for: item)
        view.scroll(by: count, width: paneState.rect.width, height: paneState.rect.height)
        paneState.scrolledItem = item
        paneState.scrolledOffset = view.scrollOffset
    }

    /// Moves the selected item one place among the items shown, across section boundaries
    /// (``Snapshot/placement(forStepping:_:)``), in the whole content too.
    /// - Parameter step: Which way.
    /// - Returns: Whether it moved.
    /// - Complexity: O(*n*) to show the content again.
    @discardableResult
    public func moveSelectedItem(_ step: ItemStep) -> Bool {
        guard let item = list.selectedItem, let placement = list.snapshot().placement(forStepping: item, step) else {
            return false
        }
        items.moveItem(item, to: placement)
        showItems(animated: animatesMoves)
        list.select(item)
        return true
    }

    /// Applies the filtered content to the list and keeps something selected, on screen: the
    /// selected row keeps its line when the filter changed; new content at the top of the
    /// list shows what arrived above its first row.
    private func showItems(animated: Bool, changed: [ItemID] = [], filterChanged: Bool = false) {
        filtering.list.setText(filter.query)
        var shown = items
        if filtering.list.isActive, let rule = filtering.rule {
            shown = rule(filter.query, items)
        } else if filtering.list.isActive {
            if filtering.list.index == nil {
                filtering.list.setIndex(ListFilter(items: items.itemIdentifiers, text: filtering.text).index)
            }
            let matching = filtering.list
            shown = items.filteringItems { matching.passes($0) ?? false }
        }
        shown.reconfigureItems(changed.filter { shown.contains(item: $0) })
        list.emptyText = items.isEmpty ? emptyText : noMatchesText
        // The selected row keeps its line on screen (rows come and go around it), so it never
        // scrolls away when the filter brings rows above it back.
        list.applyKeepingSelectedLine(shown, animated: animated, keepsTheTop: !filterChanged)
        if list.selectedItem == nil, !shown.isEmpty {
            list.select(shown[globalIndex: 0])
        }
    }

    /// Whether something moves: the list animates, or a spinner turns.
    public var isAnimating: Bool { isLoading || activity != nil || list.isAnimating }

    /// The help overlay: the keys of the mode in force, then those of the filter prompt.
    var helpOverlay: HelpOverlay {
        var keys = mode == .filtering ? keymap : activeKeymap
        if pane == nil {  // no pane to scroll: its keys are not worth a row
            keys.bindings.removeAll { binding in
                binding.triggers.allSatisfy {
                    switch $0.action {
                    case .scrollPane, .scrollPaneByHalves: true
                    default: false
                    }
                }
            }
        }
        var sections: [HelpOverlay.Section] = [.init(nil, keys)]
        let filters = keymap.bindings.contains { binding in
            binding.triggers.contains { if case .beginFilter = $0.action { true } else { false } }
        }
        if filters { sections.append(.init("While filtering", filteringKeymap)) }  // no filter: no such keys
        return HelpOverlay(title: helpTitle, sections: sections, footer: helpFooter)
    }

    /// Draws the whole screen into `canvas`, laid out for its size (a resized terminal gives a
    /// new size and the same state).
    /// - Parameter canvas: Where to draw.
    /// - Complexity: O(cells of the canvas + rows on screen).
    public func render(into canvas: inout Canvas) {
        render(into: &canvas, in: canvas.bounds)
    }

    /// Draws the screen into `rect` of `canvas`; the overlays cover all of `rect`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area.
    /// - Complexity: O(cells of the area + rows on screen).
    public func render(into canvas: inout Canvas, in rect: Rect) {
        let chrome = self.chrome
        guard let body = chrome.draw(into: &canvas, in: rect) else { return }
        var listRect = body
        if let drawBody = self.body {
            canvas.clear(body)
            drawBody(&canvas, body)
        } else if let pane {
            let split = pane.split
            let (first, second, _) = split.areas(in: body)
            listRect = first
            paneState.rect = second
            split.drawDivider(into: &canvas, in: body)
            drawPane(pane, into: &canvas)
        }
        if self.body != nil {
            // the app's body is drawn
        } else if isLoading {
            canvas.clear(listRect)
            LoadingLine(words.loading, progress: progress, time: clock.now).draw(into: &canvas, in: listRect)
        } else {
            list.render(into: &canvas, rect: listRect)
        }
        chrome.drawOverlays(into: &canvas, in: rect)
    }

    /// The screen's chrome for its state now: the parts drawn, the title and count, the prompt
    /// open, the status and timed message, the help bar of the mode, the confirm and the help.
    /// ``render(into:in:)`` draws through it.
    public var chrome: ScreenChrome {
        var chrome = ScreenChrome(theme: theme)
        let shown = list.snapshot()
        if parts.contains(.titleBar) {
            chrome.title = title
            chrome.titleDetail = isLoading ? "" : "\(shown.numberOfItems)"
        }
        if parts.contains(.helpBar) {
            chrome.helpBar = theme.helpBar(items: (mode == .filtering ? filteringKeymap : activeKeymap).barItems)
        }
        if mode == .filtering {
            chrome.prompt = ScreenChrome.Prompt(
                .filter(filter, matches: shown.numberOfItems, total: items.numberOfItems), placement: promptPlacement)
        } else if let (prompt, placement) = appPrompt {
            chrome.prompt = ScreenChrome.Prompt(.text(prompt), placement: placement)
        }
        if parts.contains(.statusLine) {
            chrome.status = ScreenChrome.Status(left: statusWords, right: isLoading ? "" : countText(shown))
        }
        chrome.message = currentMessage
        chrome.headerLines = headerLines
        chrome.confirm = confirmation?.prompt
        chrome.help = showsHelp ? helpOverlay : nil
        chrome.minimumSize = minimumSize
        return chrome
    }

    /// The status line's left side, unindented and without the timed message (the chrome
    /// joins it): the spinner and activity, the app's status, or the filter kept.
    private var statusWords: String {
        var parts: [String] = []
        if let activity { parts.append(LoadingLine(activity, time: clock.now).text) }
        if !status.isEmpty {
            parts.append(status)
        } else if !filter.query.isEmpty {
            parts.append("filter: \(filter.query)")
        }
        return parts.joined(separator: "  ")
    }

    /// The status line's right side: the selection's place, or the matches while filtered.
    private func countText(_ shown: Snapshot<SectionID, ItemID>) -> String {
        let noun = countNoun.isEmpty ? "" : " \(countNoun)"
        if !filter.query.isEmpty, !countNoun.isEmpty {
            return "\(shown.numberOfItems) of \(items.numberOfItems)\(noun)"
        }
        let position = list.selectedItem.flatMap { shown.indexOfItem($0) }.map { "\($0 + 1)/" } ?? ""
        return position + "\(shown.numberOfItems)" + noun
    }

    /// Draws the pane for the selected item; a text pane shows the top of the text until it is
    /// scrolled for that item.
    private func drawPane(_ pane: ListScreenPane<ItemID>, into canvas: inout Canvas) {
        let item = list.selectedItem
        let paneRect = paneState.rect
        canvas.clear(paneRect)
        switch pane.content {
        case .text(let content):
            var view = content(item)
            view.scrollOffset = paneState.scrollOffset(for: item)
            view.draw(into: &canvas, in: paneRect)
        case .custom(let draw):
            draw(&canvas, paneRect, item)
        }
    }
}
