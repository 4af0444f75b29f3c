import Foundation
import Subprocess
import SystemPackage
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

    /// Whether the run succeeded (exit code 0).
    package var succeeded: Bool { exitCode == 0 && failure == nil }

    /// The line that says why a run failed: the failure, else stderr's last non-empty line.
    package var problem: String? {
        if let failure { return failure }
        return errors.split(whereSeparator: \.isNewline).last.map(String.init)
    }
}

/// Runs a command and collects what it printed. ``SubprocessRunner`` is the real one; tests
/// script one.
package protocol CommandRunner: Sendable {
    /// Runs `command` (the executable, then its arguments; never through a shell), giving up
    /// after `timeout` seconds.
    func run(_ command: [String], timeout: Double) async -> CommandResult
}

/// Runs commands with swift-subprocess: the executable is looked up on `PATH`, no shell is
/// involved, output is limited (16 MB, 1 MB of stderr), and a run that takes longer than its
/// timeout is torn down and reported as timed out. Each run is the leader of its own process
/// group, so the teardown (SIGTERM to the group, SIGKILL after ``gracePeriod``) also ends what
/// the command started (a shell's children were otherwise left running after a timeout). While
/// a run is in flight its group is the runtime's ``ChildProcessGroup``, so it also ends when
/// tuilist does (q, Ctrl-C: the command's own group does not get the terminal's SIGINT).
///
/// The deadline is kept by a Dispatch timer, not by a task of Swift's cooperative pool: when
/// that pool is busy (a CPU-bound test suite on two cores kept it so for minutes) the group is
/// still signalled on time, and a command that ended before its deadline is never reported as
/// timed out because its result was read late. A run counts as timed out only when the timer
/// found its group alive and the command then ended by a signal.
package struct SubprocessRunner: CommandRunner {
    /// Seconds a timed-out run's process group has between SIGTERM and SIGKILL.
    package static let gracePeriod = 0.5

    /// A runner.
    package init() {}

    package func run(_ command: [String], timeout: Double) async -> CommandResult {
        guard let name = command.first else { return CommandResult(exitCode: nil, output: "", failure: "no command") }
        let executable: Executable = name.contains("/") ? .path(FilePath(name)) : .name(name)
        let arguments = Arguments(Array(command.dropFirst()))
        let deadline = Deadline(seconds: timeout)
        defer {
            deadline.cancel()
            ChildProcessGroup.set(nil)
        }
        do {
            var platform = PlatformOptions()
            platform.processGroupID = 0  // a group of its own, led by the command
            let result = try await Subprocess.run(
                executable, arguments: arguments, platformOptions: platform,
                // Bytes, decoded below: swift-subprocess's `.string` decodes through a generic
                // per-byte path that took 40 % of a 50,000-line watch's CPU (perf).
                input: .none, output: .bytes(limit: 16 << 20),
                error: .string(limit: 1 << 20)
            ) { execution in
                let group = execution.processIdentifier.value
                // Ctrl-C no longer reaches the command's own group: end it with us.
                ChildProcessGroup.set(group)
                deadline.start(group: group)
            }
            let code: Int32
            switch result.terminationStatus {
            case .exited(let value): code = value
            case .signaled(let signal):
                if deadline.fired {
                    return CommandResult(exitCode: nil, output: "", failure: "timed out after \(Self.seconds(timeout))")
                }
                code = 128 + signal
            }
            // Invalid UTF-8 is repaired (U+FFFD), as before.
            return CommandResult(
                exitCode: code, output: String(decoding: result.standardOutput, as: UTF8.self), errors: result.standardError)
        } catch {
            return CommandResult(exitCode: nil, output: "", failure: "\(name): \(Self.describe(error))")
        }
    }

    /// A run's deadline: at `seconds` after ``start(group:)``, SIGTERM to the process group,
    /// then SIGKILL after ``SubprocessRunner/gracePeriod``, on a Dispatch queue.
    ///
    /// `@unchecked Sendable`: the timer is made in `init` and only scheduled, resumed and
    /// cancelled after (Dispatch makes those thread-safe); its handler runs on one serial
    /// queue; the flags are behind the mutex.
    private final class Deadline: @unchecked Sendable {
        private struct State {
            var fired = false
            var cancelled = false
            var started = false
        }
        private let seconds: Double
        private let state = LockedValue(State())
        private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "TUIListTool.SubprocessRunner.deadline"))

        init(seconds: Double) { self.seconds = max(0.001, seconds) }

        /// Whether the deadline passed with the group still there (it was signalled).
        var fired: Bool { state.withLock { $0.fired } }

        func start(group: Int32) {
            var step = 0
            timer.setEventHandler { [self] in
                let signal = step == 0 ? SIGTERM : SIGKILL
                step += 1
                let delivered = state.withLock { state -> Bool in
                    guard !state.cancelled else { return false }
                    // ESRCH: the whole group already ended; nothing timed out.
                    guard kill(-group, signal) == 0 else { return false }
                    if signal == SIGTERM { state.fired = true }
                    return true
                }
                if !delivered || signal == SIGKILL { timer.cancel() }
            }
            timer.schedule(
                deadline: .now() + seconds,
                repeating: .milliseconds(Int(SubprocessRunner.gracePeriod * 1000)))
            state.withLock { $0.started = true }
            timer.resume()
        }

        /// The run ended: no signal is sent after this.
        func cancel() {
            let started = state.withLock { state -> Bool in
                state.cancelled = true
                return state.started
            }
            timer.cancel()
            // A source is never released suspended (libdispatch traps): one that never
            // started is resumed once, already cancelled, so its handler never runs.
            if !started { timer.resume() }
        }
    }

    private static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("executableNotFound") || text.contains("not found") { return "command not found" }
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
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
    package static func run(_ command: [String], environment: [String: String]) async -> Int32? {
        guard let name = command.first else { return nil }
        let executable: Executable = name.contains("/") ? .path(FilePath(name)) : .name(name)
        var updates: [Environment.Key: String?] = [:]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        guard
            let result = try? await Subprocess.run(
                executable, arguments: Arguments(Array(command.dropFirst())), environment: .inherit.updating(updates),
                input: .none, output: .discarded, error: .discarded)
        else { return nil }
        if case .exited(let code) = result.terminationStatus { return code }
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

    /// Runs `command` now, or once the one running ends (replacing any waiting before it).
    /// - Parameters:
    ///   - command: the executable, then its arguments.
    ///   - environment: variables added to the inherited environment.
    package func submit(_ command: [String], environment: [String: String]) {
        let startNow = state.withLock { state in
            if state.running {
                state.pending = (command, environment)
                return false
            }
            state.running = true
            return true
        }
        guard startNow else { return }
        Task.detached { [state] in
            var next: (command: [String], environment: [String: String])? = (command, environment)
            while let job = next {
                _ = await OnChangeRunner.run(job.command, environment: job.environment)
                next = state.withLock { state in
                    defer { state.pending = nil }
                    if state.pending == nil { state.running = false }
                    return state.pending
                }
            }
        }
    }
}
