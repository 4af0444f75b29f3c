import Foundation
import TUIList

/// What one run of a watched command gave.
package struct CommandResult: Sendable, Equatable {
    /// The exit code; 128 + n when signal n ended it; nil when it could not start or timed out.
    package var exitCode: Int32?
    /// Standard output, as text (invalid UTF-8 repaired).
    package var output: String
    /// Standard error, as text.
    package var errors: String
    /// Why the run failed before the command could answer (not found, timed out, too much output).
    package var failure: String?

    /// A result.
    package init(exitCode: Int32?, output: String, errors: String = "", failure: String? = nil) {
        self.exitCode = exitCode
        self.output = output
        self.errors = errors
        self.failure = failure
    }

    /// What the command printed, as procps watch shows it: standard output, then standard
    /// error (``SubprocessRunner`` sends both down one pipe, so they come in the order printed
    /// and ``errors`` is empty).
    package var shownText: String {
        guard !errors.isEmpty else { return output }
        // Bytes, not Characters: "\r\n" is one Character, which `hasSuffix("\n")` misses.
        return output.isEmpty || output.utf8.last == 0x0A ? output + errors : output + "\n" + errors
    }

    /// Whether the command ran and answered with an exit code (good or bad): its output is
    /// shown. Not when it could not start, timed out, or a signal ended it with no exit code.
    package var answered: Bool { exitCode != nil && failure == nil }

    /// Whether the run succeeded (exit code 0).
    package var succeeded: Bool { exitCode == 0 && failure == nil }

    /// The line that says why a run failed: the failure, else stderr's last non-empty line
    /// (``LineSplitter/lines(of:)``: a CRLF ends a line).
    package var problem: String? {
        if let failure { return failure }
        return LineSplitter.lines(of: errors).last { !$0.isEmpty }
    }
}

/// Runs a command and collects what it printed. ``SubprocessRunner`` is the real one; tests
/// script one.
package protocol CommandRunner: Sendable {
    /// Runs `command` (the executable, then its arguments; never through a shell), giving up
    /// after `timeout` seconds, with `environment` set on top of tuilist's (the terminal's
    /// `COLUMNS` and `LINES`, as procps watch sets them). Called off the program's thread
    /// (``ProgramMailbox/perform(_:)-1sggm``).
    func run(_ command: [String], timeout: Double, environment: [String: String]) -> CommandResult
}

extension CommandRunner {
    /// Runs `command` in tuilist's environment as it is.
    package func run(_ command: [String], timeout: Double) -> CommandResult {
        run(command, timeout: timeout, environment: [:])
    }
}

/// Runs commands as ``ChildProcess/run(_:timeout:outputLimit:errorLimit:environment:input:mergingErrors:)``
/// does: the executable is looked up on `PATH`, no shell is involved, standard error is
/// merged into the output (as procps watch's), output is limited (16 MB), and a run that takes longer than its timeout is torn down and reported as
/// timed out. Each run is the leader of its own process group, so the teardown (SIGTERM to the
/// group, SIGKILL after ``ChildProcess/gracePeriod``) also ends what the command started (a
/// shell's children were otherwise left running after a timeout). While a run is in flight its
/// group is the runtime's ``ChildProcessGroup``, so it also ends when tuilist does (q, Ctrl-C:
/// the command's own group does not get the terminal's SIGINT).
///
/// The deadline is kept by the running thread's own `poll`, so the group is signalled on time
/// however busy the rest of the process is. A run counts as timed out only when the deadline
/// found its group alive and the command then ended by a signal.
package struct SubprocessRunner: CommandRunner {
    /// A runner.
    package init() {}

    package func run(_ command: [String], timeout: Double, environment: [String: String]) -> CommandResult {
        guard let name = command.first else { return CommandResult(exitCode: nil, output: "", failure: "no command") }
        // Standard error goes down standard output's pipe, as procps watch's `2>&1`: what a
        // failing command says shows where it said it.
        let run = ChildProcess.run(command, timeout: timeout, environment: environment, mergingErrors: true)
        if let failure = run.spawnError {
            return CommandResult(exitCode: nil, output: "", failure: "\(name): \(failure.reason)")
        }
        if run.timedOut {
            return CommandResult(exitCode: nil, output: "", failure: "timed out after \(Self.seconds(timeout))")
        }
        // Invalid UTF-8 is repaired (U+FFFD).
        return CommandResult(
            exitCode: run.status?.shellCode, output: String(decoding: run.output, as: UTF8.self),
            errors: String(decoding: run.errors, as: UTF8.self))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

/// Runs `--on-change`'s command: directly (the command line made one string `sh -c`), with
/// variables added to tuilist's environment, its output discarded (it must not draw over the
/// screen) and its standard input closed.
package enum OnChangeRunner {
    /// Runs `command` to its end.
    /// - Parameters:
    ///   - command: the executable, then its arguments.
    ///   - environment: variables added to the inherited environment.
    /// - Returns: its exit code, or nil when it could not start or a signal ended it.
    package static func run(_ command: [String], environment: [String: String]) -> Int32? {
        guard let child = try? ChildProcess.spawn(command, output: .null, error: .null, environment: environment)
        else { return nil }
        if case .exited(let code) = child.wait() { return code }
        return nil
    }
}

/// `--on-change`'s commands, one at a time: a change while one runs is kept (the newest
/// only) and runs when it ends, so a slow command at a short interval never piles up.
package final class OnChangeQueue: Sendable {
    private struct State: Sendable {
        var running = false
        var pending: (command: [String], environment: [String: String])?
    }
    private let state = LockedValue(State())

    package init() {}

    /// What the queue posts when it has run every command submitted (the app may ignore it).
    package struct Drained: Sendable {}

    /// Runs `command` now, or once the one running ends (replacing any waiting before it).
    /// - Parameters:
    ///   - command: the executable, then its arguments.
    ///   - environment: variables added to the inherited environment.
    ///   - mailbox: where the commands run (``ProgramMailbox/perform(_:)-1sggm``, off the program's
    ///     thread) and ``Drained`` is posted.
    package func submit(_ command: [String], environment: [String: String], mailbox: ProgramMailbox) {
        let startNow = state.withLock { state in
            if state.running {
                state.pending = (command, environment)
                return false
            }
            state.running = true
            return true
        }
        guard startNow else { return }
        mailbox.perform { [state] in
            var next: (command: [String], environment: [String: String])? = (command, environment)
            while let job = next {
                _ = OnChangeRunner.run(job.command, environment: job.environment)
                next = state.withLock { state in
                    defer { state.pending = nil }
                    if state.pending == nil { state.running = false }
                    return state.pending
                }
            }
            return Drained()
        }
    }
}
