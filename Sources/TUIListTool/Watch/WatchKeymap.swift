import TUIList

/// What a key asks `tuilist watch` to do.
package enum WatchAction: Equatable, Sendable {
    /// Leave (status 0).
    case quit
    /// Stop running the command, or start again.
    case togglePause
    /// Show the run before the one on screen.
    case olderRun
    /// Show the run after the one on screen.
    case newerRun
    /// Show the newest run (and follow new ones again).
    case newestRun
    /// Start typing a filter.
    case startFilter
    /// Clear the filter.
    case clearFilter
    /// Show or hide the help.
    case toggleHelp
    /// Add a character to the filter being typed.
    case filterType(Character)
    /// Remove the filter's last character.
    case filterBackspace
    /// Stop typing, keep the filter.
    case filterCommit
    /// Stop typing, clear the filter.
    case filterCancel
    /// Sort by the next field (the first when unsorted).
    case nextSortField
    /// Sort by the previous field.
    case previousSortField
    /// Reverse the sort (sorting by the first field when unsorted).
    case reverseSort
    /// A key the list handles itself (moves, pages, the mouse wheel's keys).
    case list(Key)
}

/// The key bindings of `tuilist watch`: one table that maps keys to actions and writes both the
/// help bar and the help overlay, so the help cannot disagree with what the keys do.
package enum WatchKeymap {
    /// A line of help: the keys as a person reads them, what they do, and the short form the
    /// help bar shows (if any).
    package struct Binding: Sendable, Equatable {
        /// The keys, as a person reads them.
        package var keys: String
        /// What they do.
        package var help: String
        /// What the one-line help bar shows for them, if anything.
        package var bar: String?
    }

    /// Every binding, in the order the help shows them.
    package static let bindings: [Binding] = [
        Binding(keys: "↑↓ PgUp PgDn Home", help: "move the selection", bar: "↑↓ move"),
        Binding(keys: "Space", help: "pause / resume running the command", bar: "Space pause"),
        Binding(keys: "← → h l", help: "older / newer run (the list animates between them)", bar: "← → history"),
        Binding(keys: "End G", help: "back to the newest run", bar: nil),
        Binding(keys: "> <", help: "sort by the next / previous field", bar: "> < sort"),
        Binding(keys: "r", help: "reverse the sort (largest first)", bar: nil),
        Binding(keys: "/", help: "filter rows (Enter keeps, Esc clears)", bar: "/ filter"),
        Binding(keys: "Esc", help: "clear the filter", bar: nil),
        Binding(keys: "?", help: "this help", bar: "? help"),
        Binding(keys: "q", help: "quit", bar: "q quit"),
    ]

    /// The one-line help bar: while a filter is typed, how to finish it; otherwise the bindings'
    /// short forms, help and quit first so a narrow window still shows how to learn and leave.
    package static func bar(editingFilter: Bool, query: String) -> String {
        if editingFilter { return "/\(query)▏  Enter keeps · Esc clears" }
        let bar = bindings.compactMap(\.bar)
        let first = bar.filter { $0 == "? help" || $0 == "q quit" }
        return (first + bar.filter { !first.contains($0) }).joined(separator: "  ")
    }

    /// The help overlay's lines: one per binding, keys padded to one column.
    package static var helpLines: [String] {
        let width = bindings.map { TerminalText.columns(of: $0.keys) }.max() ?? 0
        return bindings.map { binding in
            binding.keys + String(repeating: " ", count: width - TerminalText.columns(of: binding.keys) + 2) + binding.help
        }
    }

    /// The action for `key`: typing a filter takes characters; with the help shown, any key
    /// but q closes it (q quits).
    package static func action(for key: Key, editingFilter: Bool, showingHelp: Bool) -> WatchAction {
        if editingFilter {
            switch key {
            case .enter: return .filterCommit
            case .escape: return .filterCancel
            case .backspace: return .filterBackspace
            case .character(let c): return .filterType(c)
            default: return .list(key)
            }
        }
        if showingHelp {
            if case .unknown = key { return .list(key) }  // an unrecognised sequence is not a key press
            return key == .character("q") ? .quit : .toggleHelp
        }
        switch key {
        case .character("q"): return .quit
        case .character(" "): return .togglePause
        case .left, .character("h"): return .olderRun
        case .right, .character("l"): return .newerRun
        case .end, .character("G"): return .newestRun
        case .character("/"): return .startFilter
        case .escape: return .clearFilter
        case .character("?"): return .toggleHelp
        case .character(">"): return .nextSortField
        case .character("<"): return .previousSortField
        case .character("r"): return .reverseSort
        default: return .list(key)
        }
    }
}
