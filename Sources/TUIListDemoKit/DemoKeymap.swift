import TUIList

/// The demo's key bindings: the normal mode is one toolkit ``Keymap`` that dispatches every key
/// the demo acts on and draws the help bar and the help overlay, so the help can never disagree
/// with what the keys do. The modes (filtering, dragging, sorting, the help shown) take over
/// the keys they name in their bar.
package enum DemoKeymap {
    /// The page size a page binding carries in ``normal``; ``action(for:in:page:)`` puts the
    /// list's real page size in its place.
    private static let pagePlaceholder = 0

    /// Every binding of the normal mode, in the order the help shows them; each help row's keys
    /// are written from its triggers (``KeyBinding/keysLabel``), so no key is left out.
    package static let normal: Keymap<DemoAction> = {
        typealias Trigger = KeyBinding<DemoAction>.Trigger
        func keys(_ pairs: [(Key, DemoAction)]) -> [Trigger] { pairs.map { Trigger(.key($0.0), $0.1) } }
        let page = pagePlaceholder
        return Keymap([
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
    }()

    /// What the mouse does: the help's last row (not a key, so not in ``normal``).
    package static let mouseHelp = HelpOverlay.Row(keys: "mouse", help: "wheel scrolls, click selects, drag moves")

    /// The help overlay's rows: every binding of ``normal``, then the mouse.
    package static var helpRows: [HelpOverlay.Row] {
        HelpOverlay.Section(nil, normal).rows + [mouseHelp]
    }

    /// The one-line help bar for the model's current mode.
    package static func bar(for model: DemoModel) -> String {
        if model.isDragging { return "DRAG  ↑↓ carry · Enter drop · Esc cancel" }
        if model.isEditingFilter { return "FILTER  type to filter · Enter keep · Esc clear" }
        if model.isSorting { return "SORTING  + faster · - slower · any other key stops" }
        // Help and quit first, so a narrow window still shows how to learn the rest and leave.
        let bar = normal.barItems
        let first = bar.filter { $0 == "? help" || $0 == "q quit" }
        return (first + bar.filter { !first.contains($0) }).joined(separator: "  ")
    }

    /// The action for a key in the model's current mode, or `nil` when the key does nothing.
    ///
    /// - Parameter page: how many rows a page holds (the list's visible height).
    package static func action(for key: Key, in model: DemoModel, page: Int) -> DemoAction? {
        if key == .control("c") { return .quit }
        if model.isEditingFilter {
            switch key {
            case .enter: return .filterCommit
            case .escape: return .filterCancel
            case .backspace: return .filterBackspace
            case .character(let c): return .filterType(c)
            case .up, .down, .pageUp, .pageDown: break
            default: return nil
            }
        }
        if model.isDragging {
            switch key {
            case .up, .character("k"), .shiftUp, .character("K"): return .dragUp
            case .down, .character("j"), .shiftDown, .character("J"): return .dragDown
            case .enter, .character(" "): return .drop
            case .escape: return .cancelDrag
            case .character("q"): return .cancelDrag
            case .character("?"): return .toggleHelp
            default: return nil
            }
        }
        if model.isSorting {
            switch key {
            case .character("+"), .character("="): return .sortFaster
            case .character("-"): return .sortSlower
            default: return .stopSort
            }
        }
        if model.showHelp {
            switch key {
            case .character("q"): return .quit
            default: return .toggleHelp
            }
        }
        switch normal.action(for: key) {
        case .cursor(.pageUp): return .cursor(.pageUp(page))
        case .cursor(.pageDown): return .cursor(.pageDown(page))
        case .quit where key == .escape && !model.filter.isEmpty: return .filterCancel
        case let action: return action
        }
    }
}
