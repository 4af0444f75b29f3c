import TUIList

/// The demo's key bindings: one table that both maps keys to actions and writes the help, so
/// the help can never disagree with what the keys do.
public enum DemoKeymap {
    /// A line of help: the keys as a person reads them, and what they do.
    public struct Binding: Sendable {
        public var keys: String
        public var help: String
        /// Whether the short help bar shows it.
        public var inBar: Bool
    }

    /// Every binding of the normal mode, in the order the help shows them.
    public static let bindings: [Binding] = [
        Binding(keys: "↑↓ j k", help: "move", inBar: true),
        Binding(keys: "PgUp PgDn Home End g G", help: "page, top, bottom", inBar: false),
        Binding(keys: "Tab", help: "next section", inBar: false),
        Binding(keys: "J K ⇧↑ ⇧↓", help: "swap with the item below / above", inBar: true),
        Binding(keys: "s S r", help: "shuffle section, shuffle all, reverse section", inBar: true),
        Binding(keys: "i d e", help: "insert after, delete, edit (update)", inBar: true),
        Binding(keys: "1-5", help: "sort section: insertion selection bubble merge quick", inBar: true),
        Binding(keys: "t + -", help: "sort key (title/price); sort speed", inBar: false),
        Binding(keys: "Space", help: "pick up; then ↑↓ carry, Enter drop, Esc cancel", inBar: true),
        Binding(keys: "/", help: "filter (Enter keeps, Esc clears)", inBar: true),
        Binding(keys: "Enter ← →", help: "collapse / expand a section", inBar: false),
        Binding(keys: "v", help: "mark items (moves, deletes, drags act on all)", inBar: false),
        Binding(keys: "u U", help: "undo, redo", inBar: true),
        Binding(keys: "mouse", help: "wheel scrolls, click selects, drag to move", inBar: false),
        Binding(keys: "?", help: "help", inBar: true),
        Binding(keys: "q Esc", help: "quit", inBar: true),
    ]

    /// The one-line help bar for the model's current mode.
    public static func bar(for model: DemoModel) -> String {
        if model.isDragging { return "DRAG  ↑↓ carry · Enter drop · Esc cancel" }
        if model.isEditingFilter { return "FILTER  type to filter · Enter keep · Esc clear" }
        if model.isSorting { return "SORTING  + faster · - slower · any other key stops" }
        return bindings.filter(\.inBar).map { "\($0.keys) \($0.help.split(separator: ",").first!.split(separator: " (").first!)" }
            .joined(separator: " · ")
    }

    /// The action for a key in the model's current mode, or `nil` when the key does nothing.
    ///
    /// - Parameter page: how many rows a page holds (the list's visible height).
    public static func action(for key: Key, in model: DemoModel, page: Int) -> DemoAction? {
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
