/// Ctrl-Z was typed where no shell could continue the program once stopped, so nothing stopped:
/// the program's process group is orphaned (started with `setsid`, as a tmux pane's own command,
/// from a service) or it was started with SIGTSTP ignored. ``Program`` hands it to the app as a
/// message in the next batch; ``ListScreen/receive(_:)`` shows ``reason`` on the status line,
/// and an app of its own should show it too.
///
/// Where a shell can continue the job, Ctrl-Z gives the terminal back and stops the whole job
/// (the script or git that ran the program too), as vim does; `fg` brings the screen back.
public struct SuspendRefused: Sendable, Equatable, CustomStringConvertible {
    /// One line saying why nothing stopped, for the status line.
    public let reason: String

    /// A refusal for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// ``reason``.
    public var description: String { reason }
}
