import Foundation
import Testing

@testable import TUIListTool

/// The one way the tools start a child: what it gets, what comes back, and the deadline.
@Suite struct ChildProcessTests {
    @Test func collectsOutputErrorsAndTheExitCode() {
        let run = ChildProcess.run(["sh", "-c", "echo out; echo err >&2; exit 3"], timeout: 10)
        #expect(run.status == .exited(3))
        #expect(String(decoding: run.output, as: UTF8.self) == "out\n")
        #expect(String(decoding: run.errors, as: UTF8.self) == "err\n")
        #expect(!run.timedOut && run.spawnError == nil)
    }

    @Test func aMissingCommandIsOneReasonNotAStatus() {
        let run = ChildProcess.run(["no-such-command-tuilist"], timeout: 5)
        #expect(run.status == nil)
        #expect(run.spawnError?.reason == "command not found")
        #expect(run.spawnError?.description == "no-such-command-tuilist: command not found")
    }

    @Test func aSignalIsReportedAsOne() {
        let run = ChildProcess.run(["sh", "-c", "kill -9 $$"], timeout: 10)
        #expect(run.status == .signaled(9))
        #expect(run.status?.shellCode == 137)
        #expect(run.status?.description == "was ended by signal 9")
        #expect(!run.timedOut, "no deadline passed")
    }

    @Test func variablesAreAddedToTheInheritedEnvironment() {
        let run = ChildProcess.run(
            ["sh", "-c", "echo \"$TUILIST_CHILD_TEST|${PATH:+path}\""], timeout: 10,
            environment: ["TUILIST_CHILD_TEST": "a b"])
        #expect(String(decoding: run.output, as: UTF8.self) == "a b|path\n")
    }

    /// Bytes past the limit are read and dropped: the child finishes instead of blocking on a
    /// full pipe.
    @Test func outputPastTheLimitIsDropped() {
        let run = ChildProcess.run(["head", "-c", "300000", "/dev/zero"], timeout: 10, outputLimit: 1000)
        #expect(run.status == .exited(0))
        #expect(run.output.count == 1000)
    }

    /// The child starts with every signal at its default action, whatever this process set:
    /// with SIGPIPE ignored here, `yes` would report a broken pipe instead of ending quietly.
    @Test func theChildGetsDefaultSignalActions() {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let run = ChildProcess.run(["sh", "-c", "yes | head -n 1"], timeout: 10)
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.errors, as: UTF8.self) == "", "yes saw SIGPIPE ignored")
    }

    /// A command that closes its output and runs on is still ended at its deadline (the pipes'
    /// end is not the child's end).
    @Test func theDeadlineHoldsAfterTheOutputCloses() {
        let start = Date()
        let run = ChildProcess.run(["sh", "-c", "exec >/dev/null 2>&1; sleep 30"], timeout: 0.3)
        #expect(run.timedOut)
        #expect(run.status == .signaled(SIGTERM))
        #expect(Date().timeIntervalSince(start) < 10, "waited for the command, not the deadline")
    }

    /// A command that ignores SIGTERM gets SIGKILL a grace period later.
    @Test func sigkillFollowsAnIgnoredSigterm() {
        let run = ChildProcess.run(["sh", "-c", "trap '' TERM; while :; do sleep 0.05; done"], timeout: 0.3)
        #expect(run.timedOut)
        #expect(run.status == .signaled(SIGKILL))
    }
}
