import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// Where the `--preview` pane goes and how big it is (`--preview-window`, fzf's
/// `right:50%`, `down:40%`, `left:30`, `up`).
package struct PreviewWindow: Sendable, Equatable {
    /// The side of the list the pane is on.
    package enum Side: String, Sendable, Equatable {
        case right, left, up, down
    }
    /// The pane's size: a percentage of the screen or a number of cells.
    package enum Size: Sendable, Equatable {
        case percent(Int)
        case cells(Int)
    }

    /// The side.
    package var side: Side = .right
    /// The size.
    package var size: Size = .percent(50)

    /// fzf's default: on the right, half the width.
    package init(side: Side = .right, size: Size = .percent(50)) {
        self.side = side
        self.size = size
    }

    /// Parses `SIDE[:SIZE]` or `SIZE[:SIDE]` (`,` also separates), SIZE `N%` or `N` cells.
    /// - Parameter spec: The option's value.
    /// - Throws: A one-line ``ToolFailure`` (status 2) naming what is not understood.
    package init(parsing spec: String) throws(ToolFailure) {
        for part in spec.split(whereSeparator: { $0 == ":" || $0 == "," }) {
            if let side = Side(rawValue: String(part)) {
                self.side = side
            } else if part.hasSuffix("%"), let value = Int(part.dropLast()), (1 ... 99).contains(value) {
                size = .percent(value)
            } else if let value = Int(part), value > 0 {
                size = .cells(value)
            } else {
                throw ToolFailure(
                    "--preview-window: not understood: '\(part)' (right, left, up or down, and a size like 50% or 30)", status: 2)
            }
        }
    }

    /// The list's and the pane's rects in `rect`, with the divider line between.
    package func areas(in rect: Rect) -> (list: Rect, preview: Rect, split: Split) {
        let horizontal = side == .left || side == .right
        let room = max(1, (horizontal ? rect.width : rect.height) - 1)
        let paneSize: Int
        switch size {
        case .percent(let value): paneSize = room * value / 100
        case .cells(let value): paneSize = min(room, value)
        }
        let previewFirst = side == .left || side == .up
        let firstSize = previewFirst ? paneSize : room - paneSize
        let split = Split(
            horizontal ? .horizontal : .vertical, ratio: Double(firstSize) / Double(room), minimumFirst: 0, minimumSecond: 0,
            divider: true, dividerStyle: Style(attributes: .dim))
        let (first, second, _) = split.areas(in: rect)
        return previewFirst ? (second, first, split) : (first, second, split)
    }
}

/// Runs `--preview` commands through `sh -c`, one at a time, off the program's thread: a new
/// run kills the one before it (its whole process group), and only the newest run's output is
/// delivered. Output is standard output and standard error together, at most ``limit`` bytes
/// (the rest is not read, and the command is ended).
package final class PreviewRunner: @unchecked Sendable {
    /// Bytes of output kept from one run.
    package static let limit = 256 * 1024

    private let lock = NSLock()
    private var generation = 0
    private var running: pid_t = 0

    /// A runner with nothing running.
    package init() {}

    /// Starts `command` with `sh -c`, killing the run before it; `deliver` gets its output
    /// (on another thread) unless a newer run started meanwhile.
    /// - Parameters:
    ///   - command: The shell command.
    ///   - deliver: Called with the output, once the command has ended.
    package func run(_ command: String, deliver: @escaping @Sendable (String) -> Void) {
        lock.lock()
        generation += 1
        let mine = generation
        let stale = running
        running = 0
        lock.unlock()
        if stale > 0 { kill(-stale, SIGKILL) }
        let thread = Thread { [self] in
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
            var pid: pid_t = 0
            let arguments = ["sh", "-c", command]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
            for pointer in argv { free(pointer) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
            close(ends[1])
            guard status == 0 else {
                close(ends[0])
                deliver("cannot run sh: \(String(cString: strerror(status)))")
                return
            }
            lock.lock()
            let current = generation == mine
            if current {
                running = pid
                ChildProcessGroup.set(pid)
            }
            lock.unlock()
            if !current { kill(-pid, SIGKILL) }
            var output: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while output.count < Self.limit {
                let n = read(ends[0], &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                output += buffer[0 ..< n]
            }
            close(ends[0])
            if output.count >= Self.limit { kill(-pid, SIGKILL) }
            var waited: Int32 = 0
            while waitpid(pid, &waited, 0) < 0 && errno == EINTR {}
            lock.lock()
            let deliverIt = generation == mine
            if deliverIt {
                running = 0
                ChildProcessGroup.set(nil)
            }
            lock.unlock()
            if deliverIt { deliver(String(decoding: output.prefix(Self.limit), as: UTF8.self)) }
        }
        thread.name = "tuilist preview"
        thread.start()
    }

    /// Kills the run in flight, if any; its output is never delivered.
    package func cancel() {
        lock.lock()
        generation += 1
        let stale = running
        running = 0
        if stale > 0 { ChildProcessGroup.set(nil) }
        lock.unlock()
        if stale > 0 { kill(-stale, SIGKILL) }
    }

    /// `command` with every `{}` replaced by `line`, quoted for `sh` (fzf's placeholder).
    /// - Parameters:
    ///   - command: The `--preview` template.
    ///   - line: The selected line.
    /// - Returns: The command to run.
    package static func command(_ command: String, line: String) -> String {
        let quoted = "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return command.replacingOccurrences(of: "{}", with: quoted)
    }
}
