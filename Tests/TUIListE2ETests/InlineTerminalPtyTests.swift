import Foundation
import TUIList
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension PtyTerminalSuites {
    /// InlineTerminal in this process on a pseudo-terminal: the bytes it writes to take lines below
    /// the cursor, draw, and give them back.
    @Suite("InlineTerminal on a pty", .serialized)
    struct InlineTerminalPtyTests {
        /// A raw pty of 40×`rows`; the cursor report `answer` (if any) waits in its input, as a
        /// terminal would send it. `body` gets the slave and a function that returns the bytes
        /// that reached the master since its last call (waiting until 100 ms of quiet).
        private func withPty(rows: Int = 10, answer: String?, _ body: (Int32, () -> String) throws -> Void) throws {
            try withoutActuallyEscaping(body) { body in
                try withPty(rows: rows, answer: answer) { slave, drain, _ in try body(slave, drain) }
            }
        }

        /// As above; `body` also gets the master, to answer as a terminal would.
        private func withPty(rows: Int = 10, answer: String?, _ body: (Int32, () -> String, Int32) throws -> Void) throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            var size = winsize(ws_row: UInt16(rows), ws_col: 40, ws_xpixel: 0, ws_ypixel: 0)
            try #require(openpty(&master, &slave, nil, nil, &size) == 0)
            defer {
                close(master)
                close(slave)
            }
            var modes = termios()
            tcgetattr(slave, &modes)
            cfmakeraw(&modes)
            modes.c_oflag |= tcflag_t(OPOST | ONLCR)
            tcsetattr(slave, TCSANOW, &modes)
            if let answer { _ = answer.withCString { write(master, $0, strlen($0)) } }
            func drain() -> String {
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 100) > 0 else { break }
                    let n = read(master, &buffer, buffer.count)
                    if n <= 0 { break }
                    bytes += buffer[0 ..< n]
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            try body(slave, drain, master)
        }

        @Test func onAnEmptyLineItTakesThatLineAndTheOnesBelowAndLeavesTheCursorThere() throws {
            try withPty(answer: "\u{1B}[5;1R") { slave, drain in
                let terminal = try InlineTerminal(height: .lines(3), input: slave, output: slave, handleSignals: false)
                #expect(terminal.size == TerminalSize(columns: 40, rows: 3))
                #expect(terminal.firstLine == 5)
                #expect(drain() == "\u{1B}[6n" + "\u{1B}[?25l\u{1B}D\u{1B}D\u{1B}[2A\r" + "\u{1B}[?2004h\u{1B}[?2026$p")
                var canvas = Canvas(width: 40, height: 3)
                canvas.draw("> hello", x: 0, y: 2)
                terminal.present(canvas)
                #expect(drain() == "\u{1B}[?25l\u{1B}[0m\r\u{1B}[J" + "\u{1B}[2B\r> hello" + "\u{1B}[2A\r")
                terminal.restore()
                terminal.restore()
                let left = drain()
                #expect(
                    left == "\u{1B}[?2004l\u{1B}[0m\r\u{1B}[J\u{1B}[?7h\u{1B}[?25h",
                    "the lines cleared once, the cursor where it was")
            }
        }

        @Test func afterAPromptItStartsOnTheNextLineAndPutsTheCursorBackAfterThePrompt() throws {
            try withPty(answer: "\u{1B}[4;8R") { slave, drain in
                let terminal = try InlineTerminal(height: .lines(3), input: slave, output: slave, handleSignals: false)
                #expect(terminal.firstLine == 5)
                let setup = "\u{1B}[?25l\u{1B}D\u{1B}D\u{1B}D\u{1B}[3A\u{1B}7\u{1B}D\r"
                #expect(drain() == "\u{1B}[6n" + setup + "\u{1B}[?2004h\u{1B}[?2026$p")
                terminal.restore()
                #expect(drain() == "\u{1B}[?2004l\u{1B}[0m\r\u{1B}[J\u{1B}8\u{1B}[?7h\u{1B}[?25h")
            }
        }

        @Test func atTheBottomTheScreenScrollsAndAShortTerminalIsTakenWhole() throws {
            try withPty(rows: 10, answer: "\u{1B}[10;1R") { slave, _ in
                let terminal = try InlineTerminal(height: .lines(4), input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                #expect(terminal.firstLine == 7, "scrolled up by three lines")
            }
            try withPty(rows: 6, answer: "\u{1B}[3;1R") { slave, _ in
                let terminal = try InlineTerminal(height: .lines(20), input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                #expect(terminal.size.rows == 6)
                #expect(terminal.firstLine == 1)
            }
        }

        @Test func aTerminalThatKnowsMode2026GetsEachFrameWhole() throws {
            try withPty(answer: "\u{1B}[5;1R") { slave, drain, master in
                let terminal = try InlineTerminal(height: .lines(2), input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                _ = drain()
                var canvas = Canvas(width: 40, height: 2)
                canvas.draw("one", x: 0, y: 0)
                terminal.present(canvas)
                #expect(!drain().contains("\u{1B}[?2026h"), "not before the terminal said it knows the mode")
                _ = "\u{1B}[?2026;2$y".withCString { write(master, $0, strlen($0)) }
                _ = terminal.nextEvents(timeout: 0.2, waker: nil)
                canvas.draw("two", x: 0, y: 1)
                terminal.present(canvas)
                #expect(drain() == "\u{1B}[?2026h" + "\u{1B}[1B\r\u{1B}[0mtwo\u{1B}[1A\r" + "\u{1B}[?2026l")
            }
        }

        @Test func noAnswerMeansTheNextLineAndTheModesComeBack() throws {
            try withPty(answer: nil) { slave, drain in
                var before = termios()
                tcgetattr(slave, &before)
                let terminal = try InlineTerminal(height: .lines(2), input: slave, output: slave, handleSignals: false)
                #expect(terminal.firstLine == nil)
                #expect(drain().hasSuffix("\u{1B}7\u{1B}D\r\u{1B}[?2004h\u{1B}[?2026$p"))
                terminal.restore()
                var after = termios()
                tcgetattr(slave, &after)
                #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
            }
        }
    }
}
