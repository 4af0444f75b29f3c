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
    /// Asks to quit (q, Ctrl-C): handed back to the app.
    case quit
    /// One of the app's own actions: handed back to the app.
    case app(AppAction)
}

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

/// A ready list screen: a ``ListView`` with a title bar, a `/` filter prompt with its match
/// count, a status line, a help bar and a `?` help overlay drawn from its keymap, a loading
/// line and an empty state, and J/K to move the selected item (across sections too).
///
/// The app gives the items (``setItems(_:animated:)``) and the text of each (`row`), hands the screen
/// its input (``handle(_:)``) and acts on what comes back: ``ListScreenAction/quit`` and its
/// own ``ListScreenAction/app(_:)`` actions. Everything else the screen does itself.
///
/// ```swift
/// let screen = ListScreen<String, Task, Never>(title: "Tasks") { task in (task.title, task.due) }
/// screen.setItems(Snapshot(sections: [("Today", today), ("Later", later)]))
/// screen.handle(events, in: program)       // quits on q; returns the app's own actions
/// screen.render(into: &canvas)
/// ```
///
/// ```
///  Tasks                                    30
///  Today
///  Pay rent                            Mon 3
///  …
/// 1/30
/// ↑↓ select  J K move item  / filter  ? help  q quit
/// ```
///
/// The screen keeps the whole content (``items``) and shows the items that match the filter
/// (``FilterQuery/listFilter(_:)``, in their order), every section kept. A move made while filtering is
/// worked out among the items shown and made in the whole content. ``keymap`` (browsing) and
/// ``filteringKeymap`` can be changed: rebind, unbind, or add bindings, which the help then
/// lists. Nothing is selected only while there are no items shown: the first item is selected
/// when items arrive.
public final class ListScreen<SectionID: Hashable, ItemID: Hashable, AppAction: Sendable> {
    /// The screen's action type.
    public typealias Action = ListScreenAction<AppAction>

    /// Which parts of the screen are drawn.
    public typealias Parts = ListScreenParts

    /// The list shown (configure its cells' looks, headers, scrollbar through it).
    public let list: ListView<SectionID, ItemID>
    /// The title bar's text.
    public var title: String
    /// The title bar's right side (empty: the number of items shown).
    public var titleDetail = ""
    /// The status line's left side (a message from the app); empty: the filter, if any.
    public var status = ""
    /// Which parts are drawn.
    public var parts: Parts
    /// The keys while browsing: dispatch, help bar and help overlay.
    public var keymap: Keymap<Action>
    /// The keys while the filter prompt is open (besides those that edit the query).
    public var filteringKeymap: Keymap<Action>
    /// The filter prompt: `/` opens it and typing edits it; ``setFilter(_:)`` sets its query
    /// from code.
    public private(set) var filter = FilterPrompt()
    /// What the empty list says when there are no items at all.
    public var emptyText = "No items"
    /// What the empty list says when the filter matches nothing.
    public var noMatchesText = "No matches"
    /// What the loading line says.
    public var loadingText = "loading"
    /// The latest progress of the load, shown on the loading line.
    public var progress: ProgressReport?
    /// Whether item moves animate.
    public var animatesMoves = true
    /// Whether the filter prompt is open.
    public private(set) var isFiltering = false
    /// Whether the help overlay is shown (any key closes it).
    public var showsHelp = false
    /// Whether the items have not come yet (``setItems(_:animated:)`` ends it): the list area shows
    /// the loading line.
    public private(set) var isLoading = true
    /// The whole content, unfiltered, with the moves made on the screen.
    public private(set) var items = Snapshot<SectionID, ItemID>()

    private let row: (ItemID) -> (title: String, detail: String?)
    private var clock: any AnimationClock = SystemClock()

    /// The default browsing keymap: list navigation, J/K (and ⇧↑/⇧↓) to move an item when
    /// `movesItems`, `/` filter, the app's `bindings`, `?` help, q and Ctrl-C quit.
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
        map.bindings += bindings.map { $0.map { Action.app($0) } }
        map.bindings.append(KeyBinding(keys: [.character("?")], help: "this help", bar: "? help", .toggleHelp))
        map.bindings.append(KeyBinding(keys: [.character("q"), .control("c")], help: "quit", bar: "q quit", .quit))
        return map
    }

    /// The default keymap while filtering: Enter keeps the filter, Esc clears it, ↑↓ select.
    public static var defaultFilteringKeymap: Keymap<Action> {
        Keymap([
            KeyBinding(keys: [.enter], help: "keep the filter", bar: "Enter keep", .keepFilter),
            KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clear", .clearFilter),
            KeyBinding(
                [.init(.key(.up), .select(.previous)), .init(.key(.down), .select(.next))], help: "select",
                bar: "↑↓ select"),
        ])
    }

    /// A list screen, loading until ``setItems(_:animated:)``.
    /// - Parameters:
    ///   - title: The title bar's text.
    ///   - parts: Which parts are drawn.
    ///   - movesItems: Whether J/K move the selected item.
    ///   - bindings: The app's own bindings: they dispatch ``ListScreenAction/app(_:)`` and the
    ///     help lists them.
    ///   - row: Each item's title and right-aligned detail; the filter matches the title.
    public init(
        title: String, parts: Parts = .all, movesItems: Bool = true, bindings: [KeyBinding<AppAction>] = [],
        row: @escaping (ItemID) -> (title: String, detail: String?)
    ) {
        self.title = title
        self.parts = parts
        self.row = row
        keymap = Self.defaultKeymap(movesItems: movesItems, bindings: bindings)
        filteringKeymap = Self.defaultFilteringKeymap
        list = ListView(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            (cell.title, cell.detail) = row(item)
            return cell
        })
    }

    /// Takes the program's clock for the list's animations and the loading spinner (call it
    /// from the app's `start(in:)`).
    /// - Parameter program: The program the screen runs in.
    public func start(in program: Program) {
        clock = program.clock
        list.animationClock = program.clock
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

    /// Filters the list by `query` (fzf's syntax, as typed at the prompt), without opening the
    /// prompt; an empty query shows every item.
    /// - Parameter query: The query.
    /// - Complexity: O(*n*) to filter, plus ``ListView/apply(_:animated:)``.
    public func setFilter(_ query: String) {
        filter.query = query
        showItems(animated: false)
    }

    /// The items shown: those whose title matches the filter, in order, every section kept.
    public var shownItems: Snapshot<SectionID, ItemID> { list.snapshot() }

    /// Takes a message from background work that is the screen's: a ``ProgressReport`` for the
    /// loading line.
    /// - Parameter message: A message from ``Program/mailbox``.
    /// - Returns: Whether the screen took it.
    @discardableResult
    public func receive(_ message: any Sendable) -> Bool {
        guard let report = message as? ProgressReport else { return false }
        progress = report
        return true
    }

    /// Handles a batch of input: keys through the keymap in force (a run of typing into the
    /// filter is one edit, filtered once), the mouse through the list (also while the filter
    /// prompt is open); while the help shows,
    /// a key closes it and does nothing else.
    /// - Parameter events: The batch.
    /// - Returns: The actions for the app, in order: ``ListScreenAction/quit`` and
    ///   ``ListScreenAction/app(_:)``.
    /// - Complexity: O(events) lookups, plus one filter per run of typing, O(*n*).
    public func handle(_ events: [InputEvent]) -> [Action] {
        var rest = events[...]
        var forApp: [Action] = []
        while let event = rest.first {
            if showsHelp {
                rest = rest.dropFirst()
                if case .key = event { showsHelp = false }
                continue
            }
            if isFiltering {
                let edit = filter.handle(rest)
                if edit.changed { showItems(animated: false) }
                rest = rest.dropFirst(edit.consumed)
                guard let next = rest.popFirst() else { break }
                if case .key(let key) = next {
                    if let action = filteringKeymap.action(for: key) { perform(action, forApp: &forApp) }
                } else {
                    list.handle(next)  // the mouse works while typing
                }
                continue
            }
            rest = rest.dropFirst()
            if case .key(let key) = event {
                if let action = keymap.action(for: key) { perform(action, forApp: &forApp) }
            } else {
                list.handle(event)
            }
        }
        return forApp
    }

    /// Handles a batch of input and quits `program` on ``ListScreenAction/quit``.
    /// - Parameters:
    ///   - events: The batch.
    ///   - program: The program to quit.
    /// - Returns: The app's own actions, in order.
    @discardableResult
    public func handle(_ events: [InputEvent], in program: Program) -> [AppAction] {
        var actions: [AppAction] = []
        for action in handle(events) {
            switch action {
            case .quit: program.quit()
            case .app(let action): actions.append(action)
            default: break
            }
        }
        return actions
    }

    /// Does what `action` does; the app's and quit go to `forApp`.
    private func perform(_ action: Action, forApp: inout [Action]) {
        switch action {
        case .select(let movement): list.moveSelection(movement)
        case .moveItem(let step): moveSelectedItem(step)
        case .beginFilter: isFiltering = true
        case .keepFilter: isFiltering = false
        case .clearFilter:
            isFiltering = false
            filter.query = ""
            showItems(animated: false)
        case .toggleHelp: showsHelp.toggle()
        case .quit, .app: forApp.append(action)
        }
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

    /// Applies the filtered content to the list and keeps something selected.
    private func showItems(animated: Bool) {
        let query = FilterQuery.listFilter(filter.query)
        var shown = items
        if !query.isEmpty {
            shown = Snapshot(
                sections: items.sectionIdentifiers.map { section in
                    (section, items.itemIdentifiers(inSection: section).filter { query.matches(row($0).title) != nil })
                })
        }
        list.emptyText = items.isEmpty ? emptyText : noMatchesText
        list.apply(shown, animated: animated)
        if let selection = list.selectedItem {
            list.scroll(to: selection)  // rows above it may have come back with the filter
        } else if !shown.isEmpty {
            list.select(shown[globalIndex: 0])
        }
    }

    /// Whether something moves: the list animates, or the loading spinner turns.
    public var isAnimating: Bool { isLoading || list.isAnimating }

    /// The help overlay: the browsing keys, then those of the filter prompt.
    public var helpOverlay: HelpOverlay {
        HelpOverlay(
            title: "Keys", sections: [.init(nil, keymap), .init("While filtering", filteringKeymap)],
            footer: "any key closes the help")
    }

    /// Draws the whole screen into `canvas`, laid out for its size (a resized terminal gives a
    /// new size and the same state).
    /// - Parameter canvas: Where to draw.
    /// - Complexity: O(cells of the canvas + rows on screen).
    public func render(into canvas: inout Canvas) {
        render(into: &canvas, in: canvas.bounds)
    }

    /// Draws the screen into `rect` of `canvas`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area.
    /// - Complexity: O(cells of the area + rows on screen).
    public func render(into canvas: inout Canvas, in rect: Rect) {
        let area = rect.intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        var top = area.y, bottom = area.maxY
        func line(_ y: Int) -> Rect { Rect(x: area.x, y: y, width: area.width, height: 1) }
        let shown = list.snapshot()
        if parts.contains(.titleBar), bottom > top {
            let detail = titleDetail.isEmpty && !isLoading ? "\(shown.numberOfItems)" : titleDetail
            TitleBar(title: title, detail: detail).draw(into: &canvas, in: line(top))
            top += 1
        }
        if parts.contains(.helpBar), bottom > top {
            bottom -= 1
            HelpBar(isFiltering ? filteringKeymap : keymap).draw(into: &canvas, in: line(bottom))
        }
        if isFiltering, bottom > top {
            bottom -= 1
            filter.draw(
                into: &canvas, in: line(bottom), matches: shown.numberOfItems, total: items.numberOfItems)
        } else if parts.contains(.statusLine), bottom > top {
            bottom -= 1
            let left = !status.isEmpty ? status : filter.query.isEmpty ? "" : "filter: \(filter.query)"
            let position = list.selectedItem.flatMap { shown.indexOfItem($0) }.map { "\($0 + 1)/" } ?? ""
            let right = isLoading ? "" : position + "\(shown.numberOfItems)"
            StatusLine(left: left, right: right).draw(into: &canvas, in: line(bottom))
        }
        let body = Rect(x: area.x, y: top, width: area.width, height: bottom - top)
        if isLoading {
            canvas.clear(body)
            LoadingLine(loadingText, progress: progress, time: clock.now).draw(into: &canvas, in: body)
        } else {
            list.render(into: &canvas, rect: body)
        }
        if showsHelp { helpOverlay.draw(into: &canvas, in: area) }
    }
}
