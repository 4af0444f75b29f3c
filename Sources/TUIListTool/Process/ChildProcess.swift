import Glibc
import TUIList

/// The one way the tools start a child process: `posix_spawn`, no shell unless the arguments
/// name one, with each standard descriptor either closed to `/dev/null`, a pipe to us, or a
/// descriptor we pass (the terminal, for an editor). The child gets the default action for
/// every signal and an empty signal mask, whatever this process set for its own threads.
///
/// ``spawn(_:input:output:error:processGroup:environment:)`` starts it;
/// ``run(_:timeout:outputLimit:errorLimit:environment:input:mergingErrors:)`` starts it in a process group of its
/// own, collects what it prints and ends the whole group at a deadline. Either way the caller
/// waits for it with ``wait()``, so no zombie is left.
///
/// ```swift
/// let run = ChildProcess.run(["git", "show", "--stat", commit], timeout: 10)
/// if case .exited(0) = run.status { lines = run.output }
/// ```
package struct ChildProcess: Sendable {
    /// Where a standard descriptor of the child goes.
    package enum Stream: Sendable, Equatable {
        /// `/dev/null`.
        case null
        /// A pipe whose other end this process reads (``standardOutput``, ``standardError``).
        case pipe
        /// This process's own descriptor of the same number.
        case inherit
        /// A descriptor of this process (the terminal, say), duplicated onto the child's.
        case descriptor(Int32)
        /// The child's standard output, whatever it is (the shell's `2>&1`); for standard
        /// error only.
        case standardOutput
    }

    /// How a child ended.
    package enum Status: Sendable, Equatable {
        /// It exited with this code.
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)

        /// The raw `waitpid` status, read.
        init(raw: Int32) {
            let signal = raw & 0x7F
            self = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signaled(signal)
        }

        /// The shell's reading: the exit code, or 128 + the signal.
        package var shellCode: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }

        /// "exited with status 1", "was ended by signal 9".
        package var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signaled(let signal): "was ended by signal \(signal)"
            }
        }
    }

    /// Why a child could not start: the executable and the system's reason, for one line.
    package struct SpawnError: Error, Equatable, CustomStringConvertible {
        /// The executable as given.
        package var executable: String
        /// The `errno` of the failure (`ENOENT`: not found).
        package var code: Int32

        /// "command not found" for `ENOENT`, else the system's text.
        package var reason: String { code == ENOENT ? "command not found" : errorText(code) }

        package var description: String { "\(executable): \(reason)" }
    }

    /// The child's process id (and its process group's, when it leads one).
    package let pid: pid_t
    /// The read end of the child's standard output, when it is ``Stream/pipe``.
    package let standardOutput: Int32?
    /// The read end of the child's standard error, when it is ``Stream/pipe``.
    package let standardError: Int32?

    /// Starts `arguments[0]` (looked up on `PATH` unless it holds a `/`) with the rest as its
    /// arguments.
    ///
    /// - Parameters:
    ///   - arguments: The executable, then its arguments; never read by a shell.
    ///   - input: The child's standard input.
    ///   - output: The child's standard output.
    ///   - error: The child's standard error.
    ///   - processGroup: Whether the child leads a process group of its own (so it and what it
    ///     starts can be signalled together, and the terminal's keys do not reach them).
    ///   - environment: Variables set for the child on top of this process's environment.
    /// - Throws: ``SpawnError`` when it cannot start (not found, not executable, no pipes).
    /// - Complexity: One `posix_spawn`; O(size of the environment) when `environment` is not
    ///   empty.
    package static func spawn(
        _ arguments: [String], input: Stream = .null, output: Stream = .pipe, error: Stream = .null,
        processGroup: Bool = false, environment: [String: String] = [:]
    ) throws(SpawnError) -> ChildProcess {
        let executable = arguments.first ?? ""
        guard !executable.isEmpty else { throw SpawnError(executable: executable, code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // Pipes: (read, write) for output and error; both ends close on exec (the child's copy
        // on 1 or 2 does not).
        var pipes: [Int32: (read: Int32, write: Int32)] = [:]
        func closePipes() {
            for ends in pipes.values {
                close(ends.read)
                close(ends.write)
            }
        }
        for (number, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .inherit: break
            case .null:
                posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                if descriptor != number { posix_spawn_file_actions_adddup2(&actions, descriptor, number) }
            case .standardOutput:
                // Actions run in order: standard output is in place by now.
                precondition(number == 2, "Only standard error can go to standard output, not descriptor \(number)")
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            case .pipe:
                guard number != 0 else { break }  // input from a pipe: not needed by any tool
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    let code = errno
                    closePipes()
                    throw SpawnError(executable: executable, code: code)
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                pipes[number] = (ends[0], ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], number)
            }
        }

        // Default signal actions and an empty mask: our handlers and blocked signals are ours.
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if processGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var index = 0
            while let entry = environ[index] {
                let text = String(cString: entry)
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                if environment[name] == nil { envp.append(strdup(text)) }
                index += 1
            }
            for (name, value) in environment { envp.append(strdup("\(name)=\(value)")) }
            envp.append(nil)
        }
        defer { for entry in envp { free(entry) } }

        var pid: pid_t = 0
        let spawned =
            envp.isEmpty
            ? posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
            : envp.withUnsafeMutableBufferPointer { posix_spawnp(&pid, executable, &actions, &attributes, argv, $0.baseAddress) }
        for ends in pipes.values { close(ends.write) }
        guard spawned == 0 else {
            for ends in pipes.values { close(ends.read) }
            throw SpawnError(executable: executable, code: spawned)
        }
        return ChildProcess(pid: pid, standardOutput: pipes[1]?.read, standardError: pipes[2]?.read)
    }

    /// Waits for the child to end (and closes the pipes it was given).
    /// - Complexity: Blocks until the child exits.
    @discardableResult
    package func wait() -> Status {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        for descriptor in [standardOutput, standardError].compactMap({ $0 }) { close(descriptor) }
        return Status(raw: status)
    }
}

// MARK: - On the terminal

extension ChildProcess {
    /// Runs `arguments` on the terminal and waits for it (fzf's `execute`): its standard input
    /// is `/dev/tty`, its output and errors this process's where they are a terminal, else
    /// `/dev/tty`. Without a `/dev/tty` (no controlling terminal) it has this process's
    /// descriptors.
    ///
    /// - Parameter arguments: The executable, then its arguments; never read by a shell.
    /// - Returns: How it ended; nil when it could not start.
    /// - Complexity: Blocks until the child exits.
    @discardableResult
    package static func runOnTerminal(_ arguments: [String]) -> Status? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        defer { if tty >= 0 { close(tty) } }
        let terminal: Stream = tty >= 0 ? .descriptor(tty) : .inherit
        func unlessTerminal(_ descriptor: Int32) -> Stream { isatty(descriptor) == 0 ? terminal : .inherit }
        guard let child = try? spawn(arguments, input: terminal, output: unlessTerminal(1), error: unlessTerminal(2))
        else { return nil }
        return child.wait()
    }
}

// MARK: - A whole run

extension ChildProcess {
    /// What a finished ``run(_:timeout:outputLimit:errorLimit:environment:input:mergingErrors:)`` gave.
    package struct Run: Sendable, Equatable {
        /// How it ended; nil when it could not start.
        package var status: Status?
        /// Its standard output, up to the limit.
        package var output: [UInt8]
        /// Its standard error, up to the limit.
        package var errors: [UInt8]
        /// Whether the deadline ended it (its group got SIGTERM, then SIGKILL if need be).
        package var timedOut: Bool
        /// Why it could not start, when it could not.
        package var spawnError: SpawnError?
    }

    /// Seconds a timed-out run's process group has between SIGTERM and SIGKILL.
    package static let gracePeriod = 0.5

    /// Runs `arguments` to its end in a process group of its own, with standard input from
    /// `input` (else `/dev/null`), collecting its output and errors; at `timeout` seconds the whole group gets
    /// SIGTERM, and SIGKILL ``gracePeriod`` later. While it runs, its group is the runtime's
    /// ``ChildProcessGroup``, so it ends with this process (Ctrl-C, a signal, `exit`).
    ///
    /// The deadline is kept by this thread's own `poll`, so a run ends on time however busy the
    /// rest of the process is. Bytes past a limit are read and dropped, so the child never
    /// blocks on a full pipe.
    ///
    /// - Parameters:
    ///   - arguments: The executable, then its arguments; never read by a shell.
    ///   - timeout: Seconds before the group is ended; nil for none.
    ///   - outputLimit: Bytes of standard output kept.
    ///   - errorLimit: Bytes of standard error kept.
    ///   - environment: Variables set for the child on top of this process's environment.
    ///   - input: The child's standard input (`git cat-file --batch-check`'s names), written
    ///     first to an unlinked temporary file that the child reads at its own pace: no pipe to
    ///     keep fed, no SIGPIPE when it stops reading early. Nil: `/dev/null`.
    ///   - mergingErrors: Standard error goes down standard output's pipe (`2>&1`), in the
    ///     order printed; ``Run/errors`` is then empty.
    /// - Complexity: Blocks until the child and everything holding its pipes end, or until the
    ///   deadline and the grace after it; O(output + input).
    package static func run(
        _ arguments: [String], timeout: Double?, outputLimit: Int = 16 << 20, errorLimit: Int = 1 << 20,
        environment: [String: String] = [:], input: [UInt8]? = nil, mergingErrors: Bool = false
    ) -> Run {
        let child: ChildProcess
        do {
            var stream = Stream.null
            if let input {
                guard let file = temporaryFile(holding: input) else {
                    return Run(
                        status: nil, output: [], errors: [], timedOut: false,
                        spawnError: SpawnError(executable: arguments.first ?? "", code: errno))
                }
                stream = .descriptor(file)
            }
            defer { if case .descriptor(let file) = stream { close(file) } }
            child = try spawn(
                arguments, input: stream, output: .pipe, error: mergingErrors ? .standardOutput : .pipe, processGroup: true,
                environment: environment)
        } catch {
            return Run(status: nil, output: [], errors: [], timedOut: false, spawnError: error)
        }
        ChildProcessGroup.set(child.pid)
        defer { ChildProcessGroup.set(nil) }
        let start = monotonicSeconds()
        var deadline = timeout.map { start + max(0.001, $0) }
        var signalled: Int32?
        var timedOut = false
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [child.standardOutput, child.standardError].compactMap { $0 }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status: Status?
        while status == nil {
            if open.isEmpty {
                // Both pipes closed: wait for the child itself, still keeping the deadline
                // (a command may close its output and go on running).
                var raw: Int32 = 0
                let reaped = waitpid(child.pid, &raw, WNOHANG)
                if reaped == child.pid {
                    status = Status(raw: raw)
                    break
                }
                if reaped < 0 && errno != EINTR { break }
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait = deadline.map { Int32(max(0, (($0 - monotonicSeconds()) * 1000).rounded(.up))) } ?? -1
            if open.isEmpty { wait = wait < 0 ? 10 : min(wait, 10) }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 && errno == EINTR { continue }
            if let due = deadline, monotonicSeconds() >= due {
                // SIGTERM, then SIGKILL after the grace; then stop reading after one more grace
                // (a process outside the group may still hold a pipe).
                switch signalled {
                case nil:
                    // ESRCH: the group already ended; nothing timed out.
                    if kill(-child.pid, SIGTERM) == 0 { timedOut = true }
                    signalled = SIGTERM
                case SIGTERM:
                    kill(-child.pid, SIGKILL)
                    signalled = SIGKILL
                default:
                    for descriptor in open { close(descriptor) }
                    open.removeAll()
                }
                deadline = due + gracePeriod
            }
            guard ready > 0 else { continue }
            for poller in fds where poller.revents != 0 && open.contains(poller.fd) {
                let count = buffer.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    close(poller.fd)
                    open.removeAll { $0 == poller.fd }
                } else if poller.fd == child.standardOutput {
                    output += buffer[0 ..< min(count, max(0, outputLimit - output.count))]
                } else {
                    errors += buffer[0 ..< min(count, max(0, errorLimit - errors.count))]
                }
            }
        }
        let ended = status ?? ChildProcess(pid: child.pid, standardOutput: nil, standardError: nil).wait()
        var endedBySignal = false
        if case .signaled = ended { endedBySignal = true }
        return Run(status: ended, output: output, errors: errors, timedOut: timedOut && endedBySignal, spawnError: nil)
    }

    /// A descriptor open for reading on an unlinked temporary file holding `bytes`, at its
    /// start (close-on-exec: a child gets it only as a descriptor it is given); nil when no
    /// such file can be made (`errno` says why).
    /// - Complexity: O(`bytes.count`).
    private static func temporaryFile(holding bytes: [UInt8]) -> Int32? {
        guard let stream = tmpfile() else { return nil }
        let file = dup(fileno(stream))
        fclose(stream)
        guard file >= 0 else { return nil }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(file)
                return nil
            }
            written += count
        }
        guard lseek(file, 0, SEEK_SET) == 0 else {
            close(file)
            return nil
        }
        return file
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
