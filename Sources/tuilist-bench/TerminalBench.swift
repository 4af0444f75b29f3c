import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// Bytes the ncurses backend writes to a pseudo-terminal.
///
/// `NCursesTerminal` runs in this process on the slave side of a pty (`openpty`, TERM
/// xterm-256color) while a thread counts what arrives on the master side. Workloads, on a
/// list-like screen (a title line, list lines, a status line):
/// - `bytes-first-frame`: the first frame, including ncurses' start-up sequences (alternate
///   screen, clear, keypad mode);
/// - `bytes-scroll-line`: the list content moves up one line (one new line at the bottom);
/// - `bytes-insert-row`: a row is inserted at list line 10, the rows below move down one line.
/// The scroll and insert figures depend on ncurses finding the moved lines itself (`idlok`):
/// the backend hands it every changed line of the new frame.
enum TerminalBenchmarks {
    static func run(_ report: inout BenchReport) {
        report.heading("terminal: bytes written to a pty by NCursesTerminal (TERM=xterm-256color)")
        let sizes = report.quick ? [(200, 50)] : [(80, 24), (200, 50)]
        for (columns, rows) in sizes {
            do {
                try measure(columns: columns, rows: rows, report: &report)
            } catch {
                report.add(
                    Measurement(
                        workload: "bytes-first-frame", size: columns * rows,
                        note: "skipped: \(error)"))
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A list-like frame: title, `rows - 2` list lines starting at item `first` (with
    /// `inserted` shown at list line 10 when given), status line.
    static func frame(columns: Int, rows: Int, first: Int, inserted: Int? = nil) -> Canvas {
        var canvas = Canvas(width: columns, height: rows)
        canvas.draw(" TUIList — Inbox", x: 0, y: 0, style: Style(foreground: .white, background: .blue, attributes: .bold))
        canvas.restyle(Rect(x: 0, y: 0, width: columns, height: 1)) { $0.background = .blue }
        var items: [Int] = Array(first ..< first + rows - 2)
        if let inserted {
            items.insert(inserted, at: 10)
            items.removeLast()
        }
        for (line, item) in items.enumerated() {
            let y = line + 1
            let title = "Item \(String(item).leftPadded(5))  " + loremTitle(item)
            canvas.draw(title, x: 2, y: y, maxWidth: columns - 14)
            canvas.draw(
                String(item * 37 % 1000).leftPadded(6) + " KB", x: columns - 11, y: y,
                style: Style(foreground: .ansi(8)))
            if item % 7 == 0 {
                canvas.draw("●", x: 0, y: y, style: Style(foreground: .yellow))
            }
        }
        canvas.draw(" \(rows - 2) of 10000 items   ↑/↓ move  q quit", x: 0, y: rows - 1, style: Style(attributes: .reverse))
        return canvas
    }

    static func loremTitle(_ item: Int) -> String {
        let words = [
            "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
            "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua",
        ]
        return (0 ..< 6 + item % 9).map { words[(item * 7 + $0 * 3) % words.count] }.joined(separator: " ")
    }

    static func measure(columns: Int, rows: Int, report: inout BenchReport) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
        }
        defer {
            close(master)
            close(slave)
        }
        let counter = ByteCounter(fd: master)
        counter.start()
        defer { counter.stop() }

        let beforeStart = counter.total
        unsetenv("LINES")
        unsetenv("COLUMNS")
        let terminal = try NCursesTerminal(
            terminalType: "xterm-256color", input: slave, output: slave,
            handleSignals: false)
        defer { terminal.restore() }
        guard terminal.size == TerminalSize(columns: columns, rows: rows) else {
            throw Failure(description: "pty size \(terminal.size) is not \(columns)x\(rows)")
        }
        let cells = columns * rows
        let label = "\(columns)x\(rows)"

        func bytes(for canvas: Canvas, since start: Int? = nil) -> Int {
            counter.waitForQuiet()
            let before = start ?? counter.total
            terminal.present(canvas)
            counter.waitForQuiet()
            return counter.total - before
        }

        // Counted from before the terminal started: start-up sequences belong to the first frame.
        let first = bytes(for: frame(columns: columns, rows: rows, first: 0), since: beforeStart)
        report.add(
            Measurement(
                workload: "bytes-first-frame", size: cells, bytes: first,
                note: "\(label), \(terminal.cellsWrittenLastFrame) cells"))
        let scroll = bytes(for: frame(columns: columns, rows: rows, first: 1))
        report.add(
            Measurement(
                workload: "bytes-scroll-line", size: cells, bytes: scroll,
                note: "\(label), \(terminal.cellsWrittenLastFrame) cells"))
        let insert = bytes(for: frame(columns: columns, rows: rows, first: 1, inserted: 99_999))
        report.add(
            Measurement(
                workload: "bytes-insert-row", size: cells, bytes: insert,
                note: "\(label), \(terminal.cellsWrittenLastFrame) cells"))
    }
}

/// Counts the bytes readable from a descriptor on a thread of its own.
final class ByteCounter: Sendable {
    private struct State {
        var count = 0
        var lastArrival = DispatchTime.now().uptimeNanoseconds
        var running = true
    }
    private let fd: Int32
    private let state = LockedValue(State())

    init(fd: Int32) { self.fd = fd }

    /// Bytes read so far.
    var total: Int { state.withLock { $0.count } }

    func start() {
        // A thread of its own, as the library's input reader has: the terminal under test
        // writes to the pty while the bench waits, and a write blocks once the pty's buffer
        // is full unless something drains it at the same time. (A bench, not an app: there is
        // no program, so no mailbox, to hand the counts to.)
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while state.withLock({ $0.running }) {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20) > 0 else { continue }
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                // TUILIST_BENCH_DUMP=1: copy the bytes to standard error, to see what ncurses sent.
                if ProcessInfo.processInfo.environment["TUILIST_BENCH_DUMP"] != nil {
                    FileHandle.standardError.write(Data(buffer[0 ..< n]))
                }
                state.withLock {
                    $0.count += n
                    $0.lastArrival = DispatchTime.now().uptimeNanoseconds
                }
            }
        }
        thread.start()
    }

    /// Waits until nothing has arrived for 150 ms, counting from the call at the earliest (the
    /// bytes of a write that just returned may not have been read yet).
    func waitForQuiet() {
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            let idle = state.withLock { DispatchTime.now().uptimeNanoseconds - max($0.lastArrival, start) }
            if idle > 150_000_000 { return }
            usleep(20_000)
        }
    }

    func stop() {
        state.withLock { $0.running = false }
        usleep(50_000)
    }
}
