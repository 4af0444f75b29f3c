import TUIList

/// The demo's key bindings: one table that both maps keys to actions and writes the help, so
/// the help can never disagree with what the keys do.
package enum DemoKeymap {
    /// A line of help: the keys as a person reads them, and what they do.
    package struct Binding: Sendable {
        package var keys: String
        package var help: String
        /// What the short help bar shows for it, if anything.
        package var bar: String?
    }

    /// Every binding of the normal mode, in the order the help shows them.
    package static let bindings: [Binding] = [
        Binding(keys: "↑↓ j k", help: "move", bar: nil),
        Binding(keys: "PgUp PgDn Home End g G", help: "page, top, bottom", bar: nil),
        Binding(keys: "Tab", help: "next section", bar: nil),
        Binding(keys: "J K ⇧↑ ⇧↓", help: "swap with the item below / above", bar: "J/K swap"),
        Binding(keys: "s S r", help: "shuffle section, shuffle all, reverse", bar: "s shuffle"),
        Binding(keys: "i d e", help: "insert, delete, edit (update in place)", bar: nil),
        Binding(keys: "1-5", help: "sort: insertion selection bubble merge quick", bar: "1-5 sort"),
        Binding(keys: "t + -", help: "sort key (title/price), sort speed", bar: nil),
        Binding(keys: "Space", help: "drag: ↑↓ carry, Enter drop, Esc cancel", bar: "Space drag"),
        Binding(keys: "/", help: "filter (Enter keeps, Esc clears)", bar: "/ filter"),
        Binding(keys: "Enter ← →", help: "collapse / expand a section", bar: nil),
        Binding(keys: "v", help: "mark (swaps, deletes, drags act on all)", bar: nil),
        Binding(keys: "u U", help: "undo, redo", bar: "u undo"),
        Binding(keys: "mouse", help: "wheel scrolls, click selects, drag moves", bar: nil),
        Binding(keys: "?", help: "help", bar: "? help"),
        Binding(keys: "q Esc", help: "quit", bar: "q quit"),
    ]

    /// The one-line help bar for the model's current mode.
    package static func bar(for model: DemoModel) -> String {
        if model.isDragging { return "DRAG  ↑↓ carry · Enter drop · Esc cancel" }
        if model.isEditingFilter { return "FILTER  type to filter · Enter keep · Esc clear" }
        if model.isSorting { return "SORTING  + faster · - slower · any other key stops" }
        // Help and quit first, so a narrow window still shows how to learn the rest and leave.
        let bar = bindings.compactMap(\.bar)
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
        switch key {
        case .up, .character("k"): return .cursor(.up)
        case .down, .character("j"): return .cursor(.down)
        case .pageUp: return .cursor(.pageUp(page))
        case .pageDown, .control("f"): return .cursor(.pageDown(page))
        case .home, .character("g"): return .cursor(.top)
        case .end, .character("G"): return .cursor(.bottom)
        case .tab: return .cursor(.nextSection)
        case .backTab: return .cursor(.previousSection)
        case .shiftDown, .character("J"): return .swapDown
        case .shiftUp, .character("K"): return .swapUp
        case .character("s"): return .shuffleSection
        case .character("S"): return .shuffleAll
        case .character("r"): return .reverseSection
        case .character("i"), .character("a"), .insert: return .insert
        case .character("d"), .character("x"), .delete: return .delete
        case .character("e"): return .edit
        case .character("1"): return .sort(.insertion)
        case .character("2"): return .sort(.selection)
        case .character("3"): return .sort(.bubble)
        case .character("4"): return .sort(.merge)
        case .character("5"): return .sort(.quick)
        case .character("t"): return .cycleSortKey
        case .character("+"), .character("="): return .sortFaster
        case .character("-"): return .sortSlower
        case .character(" "): return .pickUp
        case .character("/"): return .beginFilter
        case .enter: return .toggleCollapse
        case .left, .character("h"): return .collapse
        case .right, .character("l"): return .expand
        case .character("v"): return .toggleMark
        case .character("u"): return .undo
        case .character("U"), .control("r"): return .redo
        case .character("?"), .function(1): return .toggleHelp
        case .character("q"): return .quit
        case .escape: return model.filter.isEmpty ? .quit : .filterCancel
        default: return nil
        }
    }
}
