import CTerminalRestore

/// The process group of a command the app runs in a group of its own, ended with the app.
///
/// A command started as the leader of its own process group (so that a timeout can end it and
/// everything it started) no longer gets the terminal's Ctrl-C, and would outlive the app. Name
/// its group here while it runs: when Ctrl-C, SIGTERM, SIGHUP or SIGQUIT ends the program (the
/// terminal is restored and the process exits at once) or the process calls `exit`, the group
/// gets SIGTERM first. One group at a time; async-signal-safe underneath.
package enum ChildProcessGroup {
    /// Names the group to end with the process (its leader's process id), or none (`nil`).
    /// - Complexity: O(1).
    package static func set(_ group: Int32?) {
        tui_set_child_group(group ?? 0)
    }
}
