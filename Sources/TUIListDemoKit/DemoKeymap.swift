import TUIList

/// The demo's key bindings: one toolkit ``Keymap`` per mode, each of which dispatches every key
/// the demo acts on in that mode and draws the help bar and the help overlay, so the help can
/// never disagree with what the keys do. F1 shows the help of the mode in force in every mode.
package enum DemoKeymap {
    /// Which keymap is in force, first match: typing a filter, dragging, sorting, the help
    /// shown over the list, the list.
    package enum Mode: Hashable, Sendable, CaseIterable {
        /// Moving around and editing the list.
        case normal
        /// Typing a filter.
        case filter
        /// Carrying items.
        case drag
        /// A sort steps on its beat.
        case sorting
        /// The help is shown over the list: any key closes it.
        case help
    }

    private typealias Trigger = KeyBinding<DemoAction>.Trigger
    private static func keys(_ pairs: [(Key, DemoAction)]) -> [Trigger] { pairs.map { Trigger(.key($0.0), $0.1) } }

    /// The mode the model is in.
    package static func mode(of model: DemoModel) -> Mode {
        if model.isEditingFilter { return .filter }
        if model.isDragging { return .drag }
        if model.isSorting { return .sorting }
        if model.showHelp { return .help }
        return .normal
    }

    /// The keymap in force for `model`.
    /// - Parameter page: how many rows a page holds (the list's visible height).
    package static func keymap(for model: DemoModel, page: Int) -> Keymap<DemoAction> {
        keymap(for: mode(of: model), page: page, filtered: !model.filter.isEmpty)
    }

    /// The keymap of `mode`.
    /// - Parameters:
    ///   - page: how many rows a page holds.
    ///   - filtered: whether a filter is in force (Esc then clears it rather than quit).
    package static func keymap(for mode: Mode, page: Int, filtered: Bool = false) -> Keymap<DemoAction> {
        switch mode {
        case .normal: return normal(page: page, filtered: filtered)
        case .filter: return filter(page: page)
        case .drag: return drag
        case .sorting: return sorting
        case .help: return help
        }
    }

    /// Every binding of the normal mode, in the order the help shows them; each help row's keys
    /// are written from its triggers (``KeyBinding/keysLabel``), so no key is left out. With a
    /// filter in force, Esc clears it (and no longer quits).
    package static func normal(page: Int, filtered: Bool = false) -> Keymap<DemoAction> {
        var keymap = Keymap([
            KeyBinding(
                keys([
                    (.up, .cursor(.up)), (.down, .cursor(.down)), (.character("k"), .cursor(.up)),
                    (.character("j"), .cursor(.down)), (.home, .cursor(.top)), (.character("g"), .cursor(.top)),
                    (.end, .cursor(.bottom)), (.character("G"), .cursor(.bottom)),
                ]), help: "move; top, bottom"),
            KeyBinding(
                keys([
                    (.pageUp, .cursor(.pageUp(page))), (.pageDown, .cursor(.pageDown(page))),
                    (.control("f"), .cursor(.pageDown(page))),
                ]), help: "page up, down"),
            KeyBinding(
                keys([(.tab, .cursor(.nextSection)), (.backTab, .cursor(.previousSection))]),
                help: "next, previous section"),
            KeyBinding(
                keys([(.character("J"), .swapDown), (.character("K"), .swapUp), (.shiftDown, .swapDown), (.shiftUp, .swapUp)]),
                help: "swap with the item below / above", bar: "J/K swap"),
            KeyBinding(
                keys([(.character("s"), .shuffleSection), (.character("S"), .shuffleAll), (.character("r"), .reverseSection)]),
                help: "shuffle section, shuffle all, reverse", bar: "s shuffle"),
            KeyBinding(
                keys([
                    (.character("i"), .insert), (.character("a"), .insert), (.insert, .insert), (.character("d"), .delete),
                    (.character("x"), .delete), (.delete, .delete), (.character("e"), .edit),
                ]), help: "insert, delete, edit (update in place)"),
            KeyBinding(
                keys([
                    (.character("1"), .sort(.insertion)), (.character("2"), .sort(.selection)), (.character("3"), .sort(.bubble)),
                    (.character("4"), .sort(.merge)), (.character("5"), .sort(.quick)),
                ]), help: "sort: insertion selection bubble merge quick", bar: "1-5 sort"),
            KeyBinding(
                keys([
                    (.character("t"), .cycleSortKey), (.character("+"), .sortFaster), (.character("="), .sortFaster),
                    (.character("-"), .sortSlower),
                ]),
                help: "sort key (title/price), sort speed"),
            KeyBinding(keys: [.character(" ")], help: "drag: ↑↓ carry, Enter drop, Esc cancel", bar: "Space drag", .pickUp),
            KeyBinding(keys: [.character("/")], help: "filter (Enter keeps, Esc clears)", bar: "/ filter", .beginFilter),
            KeyBinding(
                keys([
                    (.enter, .toggleCollapse), (.left, .collapse), (.character("h"), .collapse), (.right, .expand),
                    (.character("l"), .expand),
                ]), help: "collapse / expand a section"),
            KeyBinding(keys: [.character("v")], help: "mark (swaps, deletes, drags act on all)", .toggleMark),
            KeyBinding(
                keys([(.character("u"), .undo), (.character("U"), .redo), (.control("r"), .redo)]), help: "undo, redo",
                bar: "u undo"),
            KeyBinding(keys: [.character("?"), .function(1)], help: "help", bar: "? help", .toggleHelp),
            KeyBinding(
                keys: [.character("q"), .escape, .control("c")], help: "quit (Esc clears a filter first)", bar: "q quit",
                .quit),
        ])
        if filtered {
            keymap.unbind(.escape)
            keymap.bindings.insert(KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clear", .filterCancel), at: 0)
        }
        return keymap
    }

    /// Typing a filter: the keys that end or leave it, and the list still moves. The keys that
    /// edit it (characters, ←/→, Backspace, Ctrl-W…) are the filter field's own
    /// (``DemoApp/filterField``, the toolkit's ``TextPrompt``), tried before these.
    package static func filter(page: Int) -> Keymap<DemoAction> {
        Keymap([
            KeyBinding(keys: [.enter], help: "keep the filter", bar: "Enter keeps", .filterCommit),
            KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clears", .filterCancel),
            KeyBinding(
                keys([
                    (.up, .cursor(.up)), (.down, .cursor(.down)), (.pageUp, .cursor(.pageUp(page))),
                    (.pageDown, .cursor(.pageDown(page))),
                ]), help: "move in the list"),
            KeyBinding(keys: [.function(1)], help: "this help", bar: "F1 help", .toggleHelp),
            KeyBinding(keys: [.control("c")], help: "quit", .quit),
        ])
    }

    /// Carrying items: the arrows (and j/k, J/K) carry, Enter drops, Esc puts them back.
    package static let drag = Keymap<DemoAction>([
        KeyBinding(
            keys([
                (.up, .dragUp), (.down, .dragDown), (.character("k"), .dragUp), (.character("j"), .dragDown),
                (.shiftUp, .dragUp), (.shiftDown, .dragDown), (.character("K"), .dragUp), (.character("J"), .dragDown),
            ]), help: "carry up, down", bar: "↑↓ carry"),
        KeyBinding(keys: [.enter, .character(" ")], help: "drop here", bar: "Enter drop", .drop),
        KeyBinding(keys: [.escape, .character("q")], help: "cancel: back where they were", bar: "Esc cancel", .cancelDrag),
        KeyBinding(keys: [.character("?"), .function(1)], help: "this help", .toggleHelp),
        KeyBinding(keys: [.control("c")], help: "quit", .quit),
    ])

    /// A sort running: the speed keys change its beat, any other key stops it; the bar shows
    /// every binding.
    package static let sorting = Keymap<DemoAction>([
        KeyBinding(keys: [.character("+"), .character("=")], help: "faster", bar: "+ = faster", .sortFaster),
        KeyBinding(keys: [.character("-")], help: "slower", bar: "- slower", .sortSlower),
        KeyBinding(keys: [.function(1)], help: "this help (the sort goes on)", bar: "F1 help", .toggleHelp),
        KeyBinding(keys: [.control("c")], help: "quit", bar: "Ctrl-C quit", .quit),
        KeyBinding([Trigger(.anyKey, .stopSort)], help: "stop the sort", bar: "any other key stops"),
    ])

    /// The help shown over the list: q quits, any other key closes it.
    package static let help = Keymap<DemoAction>([
        KeyBinding(keys: [.character("q"), .control("c")], help: "quit", bar: "q Ctrl-C quit", .quit),
        KeyBinding([Trigger(.anyKey, .toggleHelp)], help: "close the help", bar: "any key closes the help"),
    ])

    /// What the mouse does: the help's last row (not a key, so not in ``normal(page:filtered:)``).
    package static let mouseHelp = HelpOverlay.Row(keys: "mouse", help: "wheel scrolls, click selects, drag moves")

    /// The normal mode's help overlay rows: every binding of ``normal(page:filtered:)``, then
    /// the mouse.
    package static var helpRows: [HelpOverlay.Row] {
        HelpOverlay.Section(nil, normal(page: 1)).rows + [mouseHelp]
    }

    /// What the help bar starts with in `mode`, before the keymap's items.
    package static func barLabel(for model: DemoModel) -> String {
        switch mode(of: model) {
        case .drag: return "DRAG  "
        case .filter: return ""  // the app draws the filter field there, with its cursor
        case .sorting: return "SORTING  "
        case .normal, .help: return ""
        }
    }

    /// The help bar's items for the model's mode: its keymap's bar items; in the normal mode,
    /// help and quit first, so a narrow window still shows how to learn the rest and leave.
    package static func barItems(for model: DemoModel) -> [String] {
        let bar = keymap(for: model, page: 1).barItems
        guard mode(of: model) == .normal else { return bar }
        let first = bar.filter { $0 == "? help" || $0 == "q quit" }
        return first + bar.filter { !first.contains($0) }
    }

    /// What goes between two items of the bar in the model's mode.
    package static func barSeparator(for model: DemoModel) -> String {
        switch mode(of: model) {
        case .normal, .help: return "  "
        default: return " · "
        }
    }

    /// The one-line help bar for the model's current mode, as text.
    package static func bar(for model: DemoModel) -> String {
        barLabel(for: model) + barItems(for: model).joined(separator: barSeparator(for: model))
    }

    /// The action for a key in the model's current mode, or `nil` when the key does nothing:
    /// that of the mode's keymap.
    ///
    /// - Parameter page: how many rows a page holds (the list's visible height).
    package static func action(for key: Key, in model: DemoModel, page: Int) -> DemoAction? {
        keymap(for: model, page: page).action(for: key)
    }
}
