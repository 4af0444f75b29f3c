import Foundation
import Testing

/// The end-to-end suites skip themselves when tmux is missing, so that `swift test` works on a
/// machine without it. In CI (CI=true) a missing tmux is a failure: a green run must mean the
/// end-to-end tests ran.
@Test func tmuxIsThereWhenRunningInCI() {
    guard ProcessInfo.processInfo.environment["CI"] == "true" else { return }
    #expect(TmuxSession.isAvailable, "CI=true but tmux is not installed: the end-to-end tests would be skipped")
}
