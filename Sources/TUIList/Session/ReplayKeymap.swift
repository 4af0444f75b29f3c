/// What a key asks a replay to do: the controls both replays (the demo's and `tuilist replay`)
/// share, on one ``Keymap`` (``Keymap/replayControls``).
package enum ReplayAction: Hashable, Sendable {
    /// Pause, or play on.
    case togglePause
    /// Play the next event (pauses).
    case step
    /// Twice as fast.
    case faster
    /// Half as fast.
    case slower
    /// Show or hide the help.
    case toggleHelp
    /// Leave.
    case quit
}

extension Keymap where Action == ReplayAction {
    /// A replay's controls, asciinema's: Space pauses and resumes, `.` steps one event, `+`
    /// and `-` change the speed, `?` shows the help, q quits.
    package static var replayControls: Keymap { replayControls(showingHelp: false) }

    /// ``replayControls`` with the help shown or not: over the help, Esc closes it (as it
    /// does everywhere else), so it does not end the replay; q still quits.
    /// - Parameter showingHelp: Whether the help overlay is shown.
    package static func replayControls(showingHelp: Bool) -> Keymap {
        Keymap([
            KeyBinding(keys: [.character(" ")], help: "pause / resume", bar: "Space pause", .togglePause),
            KeyBinding(keys: [.character(".")], help: "step one event", bar: ". step", .step),
            KeyBinding(keys: [.character("+"), .character("=")], help: "faster", bar: "+ faster", .faster),
            KeyBinding(keys: [.character("-")], help: "slower", bar: "- slower", .slower),
            showingHelp
                ? KeyBinding(keys: [.character("?"), .function(1), .escape], help: "close this help", bar: "? help", .toggleHelp)
                : KeyBinding(keys: [.character("?"), .function(1)], help: "this help", bar: "? help", .toggleHelp),
            KeyBinding(keys: showingHelp ? [.character("q")] : [.character("q"), .escape], help: "quit", bar: "q quit", .quit),
        ])
    }
}
