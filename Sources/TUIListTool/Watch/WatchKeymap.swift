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
    /// Open the filter prompt (its ``FilterPrompt`` edits the query).
    case startFilter
    /// Clear the filter.
    case clearFilter
    /// Show or hide the help.
    case toggleHelp
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
    /// `--no-wrap`: scroll the rows sideways, to the left (towards their start).
    case scrollLeft
    /// `--no-wrap`: scroll the rows sideways, to the right.
    case scrollRight
    /// A move of the list's selection (its keymap's keys).
    case list(SelectionMovement)
}

/// The key bindings of `tuilist watch`: one toolkit ``Keymap`` per mode, each of which maps keys
/// to actions and writes both the help bar and the help overlay, so the help cannot disagree with
/// what the keys do. F1 shows the help of the mode in force.
package enum WatchKeymap {
    /// Which keymap is in force, first match: typing a filter, the help shown, the list.
    package enum Mode: Hashable, Sendable, CaseIterable {
        /// Watching: the list, the history, the sort.
        case normal
        /// Typing a filter.
        case filter
        /// The help is shown: any key closes it.
        case help
    }

    private typealias Trigger = KeyBinding<WatchAction>.Trigger

    /// The mode for these states.
    /// - Parameters:
    ///   - editingFilter: whether a filter is being typed.
    ///   - showingHelp: whether the help is shown.
    package static func mode(editingFilter: Bool, showingHelp: Bool) -> Mode {
        editingFilter ? .filter : showingHelp ? .help : .normal
    }

    /// The keymap of `mode`.
    /// - Parameters:
    ///   - mode: The mode.
    ///   - navigation: The list's keys (``ListView/keymap``).
    ///   - prompt: The keys that edit the filter's query (left out of the filter's keymap).
    ///   - scrolls: Whether the rows scroll sideways (`--no-wrap`).
    package static func keymap(
        for mode: Mode, navigation: Keymap<SelectionMovement>, prompt: Keymap<TextPrompt.Action> = WatchKeymap.prompt,
        scrolls: Bool = false
    ) -> Keymap<WatchAction> {
        switch mode {
        case .normal: return normal(navigation: navigation, scrolls: scrolls)
        case .filter: return filter(navigation: navigation, prompt: prompt)
        case .help: return help
        }
    }

    /// The list's keys as one binding (End left out: it shows the newest run).
    private static func moves(_ navigation: Keymap<SelectionMovement>) -> KeyBinding<WatchAction> {
        let triggers = navigation.bindings.flatMap(\.triggers).map { Trigger($0.pattern, .list($0.action)) }
        // The keys as written from the triggers, but both arrows as one "↑↓" (a shorter column).
        let keys = navigation.bindings.flatMap(\.keys)
        let arrows = keys.contains(.up) && keys.contains(.down)
        let words = (arrows ? ["↑↓"] : []) + keys.filter { !arrows || ($0 != .up && $0 != .down) }.map(\.shortName)
        return KeyBinding(triggers, label: words.joined(separator: " "), help: "move the selection", bar: "↑↓ move")
    }

    /// Watching: every binding, in the order the help shows them.
    /// - Parameters:
    ///   - navigation: The list's keys (``ListView/keymap``).
    ///   - scrolls: Whether the rows scroll sideways (`--no-wrap`): Shift-← → and `H` `L` then do.
    package static func normal(navigation: Keymap<SelectionMovement>, scrolls: Bool = false) -> Keymap<WatchAction> {
        var keymap = Keymap([
            moves(navigation.unbinding(.end)),
            KeyBinding(keys: [.character(" ")], help: "pause / resume running the command", bar: "Space pause", .togglePause),
            KeyBinding(
                [
                    Trigger(.key(.left), .olderRun), Trigger(.key(.right), .newerRun), Trigger(.key(.character("h")), .olderRun),
                    Trigger(.key(.character("l")), .newerRun), Trigger(.key(.end), .newestRun),
                    Trigger(.key(.character("G")), .newestRun),
                ], help: "older / newer / the newest run (animated)", bar: "← → history"),
            KeyBinding(
                [
                    Trigger(.key(.character(">")), .nextSortField), Trigger(.key(.character("<")), .previousSortField),
                    Trigger(.key(.character("r")), .reverseSort),
                ], help: "sort by the next / previous field; reverse", bar: "> < sort"),
            KeyBinding(keys: [.character("/")], help: "filter rows (Enter keeps, Esc clears)", bar: "/ filter", .startFilter),
            KeyBinding(keys: [.escape], help: "clear the filter", .clearFilter),
            KeyBinding(keys: [.character("?"), .function(1)], help: "this help", bar: "? help", .toggleHelp),
            KeyBinding(keys: [.character("q")], help: "quit", bar: "q quit", .quit),
        ])
        if scrolls {
            keymap.bindings.insert(
                KeyBinding(
                    [
                        Trigger(.key(.shiftLeft), .scrollLeft), Trigger(.key(.shiftRight), .scrollRight),
                        Trigger(.key(.character("H")), .scrollLeft), Trigger(.key(.character("L")), .scrollRight),
                    ], help: "scroll the rows left / right (--no-wrap)", bar: "⇧← → scroll"),
                at: 3)
        }
        return keymap
    }

    /// The keys that edit the filter's query: the library's ``TextPrompt/defaultKeymap``
    /// (characters, ← → Home End Ctrl-A/E/B/F, Backspace, Delete, Ctrl-D/U/K/W), with bar texts
    /// for the help bar. While the filter is open these keys go to the prompt first.
    package static var prompt: Keymap<TextPrompt.Action> {
        var keymap = TextPrompt.defaultKeymap
        for index in keymap.bindings.indices {
            let binding = keymap.bindings[index]
            switch binding.triggers.first?.action {
            case .home?: keymap.bindings[index].bar = "Home End"
            case .deleteWordBackward?: keymap.bindings[index].bar = "Ctrl-W word"
            default: break
            }
        }
        return keymap
    }

    /// Typing a filter, besides the keys that edit the query (`prompt`, which take a key
    /// first): Enter keeps, Esc clears, F1 helps, the list still moves.
    /// - Parameters:
    ///   - navigation: The list's keys (``ListView/keymap``).
    ///   - prompt: The keys that edit the query; none of them is bound here.
    package static func filter(
        navigation: Keymap<SelectionMovement>, prompt: Keymap<TextPrompt.Action> = WatchKeymap.prompt
    ) -> Keymap<WatchAction> {
        // Characters are typed into the query, so the list's letter keys do not move it; the
        // prompt's keys (Home, End, Ctrl-U...) edit the query, not the list.
        var navigation = navigation
        let letters = navigation.bindings.flatMap(\.keys).filter { if case .character = $0 { true } else { false } }
        navigation.unbind(letters + prompt.bindings.flatMap(\.keys))
        var keymap = Keymap([
            KeyBinding(keys: [.enter], help: "keep the filter", bar: "Enter keeps", .filterCommit),
            KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clears", .filterCancel),
            KeyBinding(keys: [.function(1)], help: "this help", bar: "F1 help", .toggleHelp),
            moves(navigation),
        ])
        keymap.unbind(prompt.bindings.flatMap(\.keys))  // the prompt takes them first
        return keymap
    }

    /// The help shown: q quits, any other key closes it.
    package static let help = Keymap<WatchAction>([
        KeyBinding(keys: [.character("q")], help: "quit", bar: "q quit", .quit),
        KeyBinding([Trigger(.anyKey, .toggleHelp)], help: "close the help", bar: "any key closes the help"),
    ])

    /// The one-line help bar's items in `mode`: the keymap's bar texts; watching, help and quit
    /// first so a narrow window still shows how to learn and leave; typing a filter, then the
    /// bar texts of the keys that edit the query (`prompt`).
    /// - Parameters:
    ///   - keymap: The keymap of `mode`.
    ///   - mode: The mode.
    ///   - prompt: The keys that edit the query.
    package static func barItems(
        for keymap: Keymap<WatchAction>, mode: Mode, prompt: Keymap<TextPrompt.Action> = WatchKeymap.prompt
    ) -> [String] {
        let bar = keymap.barItems
        if mode == .filter { return bar + prompt.barItems }
        guard mode == .normal else { return bar }
        let first = bar.filter { $0 == "? help" || $0 == "q quit" }
        return first + bar.filter { !first.contains($0) }
    }

    /// The one-line help bar as text (the filter being typed is drawn on the line above it).
    /// - Parameters:
    ///   - editingFilter: whether a filter is being typed.
    ///   - showingHelp: whether the help is shown.
    package static func bar(editingFilter: Bool, showingHelp: Bool = false) -> String {
        let mode = mode(editingFilter: editingFilter, showingHelp: showingHelp)
        let items = barItems(for: keymap(for: mode, navigation: .listNavigation), mode: mode)
        return items.joined(separator: mode == .filter ? " · " : "  ")
    }
}
