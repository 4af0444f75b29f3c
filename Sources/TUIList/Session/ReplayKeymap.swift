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
    package static var replayControls: Keymap {
        Keymap([
            KeyBinding(keys: [.character(" ")], help: "pause / resume", bar: "Space pause", .togglePause),
            KeyBinding(keys: [.character(".")], help: "step one event", bar: ". step", .step),
            KeyBinding(keys: [.character("+"), .character("=")], help: "faster", bar: "+ faster", .faster),
            KeyBinding(keys: [.character("-")], help: "slower", bar: "- slower", .slower),
            KeyBinding(keys: [.character("?"), .function(1)], help: "this help", bar: "? help", .toggleHelp),
            KeyBinding(keys: [.character("q"), .escape], help: "quit", bar: "q quit", .quit),
        ])
    }
}
