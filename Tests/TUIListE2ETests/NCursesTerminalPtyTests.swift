import Foundation
import TUIList
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// NCursesTerminal in this process on a pseudo-terminal: what it writes, and how it fails.
@Suite("NCursesTerminal on a pty", .serialized)
struct NCursesTerminalPtyTests {
    /// A pty of `columns`×`rows`; `body` gets the slave descriptor and a function that returns
    /// the bytes that reached the master since its last call (waiting until 100 ms of quiet).
    private func withPty(columns: Int = 40, rows: Int = 10, _ body: (Int32, () -> [UInt8]) throws -> Void) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        defer {
            close(master)
            close(slave)
        }
        func drain() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { return bytes }
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { return bytes }
                bytes += buffer[0 ..< n]
            }
        }
        try body(slave, drain)
    }

    @Test func writesOnlyWhatChanged() throws {
        try withPty { slave, drain in
            let terminal = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
            defer { terminal.restore() }
            #expect(terminal.size == TerminalSize(columns: 40, rows: 10))
            var canvas = Canvas(width: 40, height: 10)
            for y in 0 ..< 10 { canvas.draw("line \(y) 漢字 🚀 text", x: 0, y: y) }
            terminal.present(canvas)
            let first = drain()
            #expect(String(decoding: first, as: UTF8.self).contains("line 9 漢字 🚀 text"))

            terminal.present(canvas)
            #expect(terminal.cellsWrittenLastFrame == 0)
            #expect(drain().count < 8, "an unchanged frame writes (almost) nothing")

            canvas.draw("X", x: 3, y: 4)
            terminal.present(canvas)
            #expect(terminal.cellsWrittenLastFrame == 1)
            let one = drain()
            #expect(one.count < 24, "one changed cell: \(one.count) bytes")
            #expect(one.contains(UInt8(ascii: "X")))
        }
    }

    @Test func restoreIsIdempotentAndAllowsANewTerminal() throws {
        try withPty { slave, drain in
            let terminal = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
            #expect(throws: NCursesTerminal.Error.alreadyActive) {
                _ = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
            }
            terminal.present(Canvas(width: 40, height: 10))
            terminal.restore()
            terminal.restore()
            let bytes = String(decoding: drain(), as: UTF8.self)
            #expect(bytes.components(separatedBy: "\u{1B}[?1049l").count == 2, "left the alternate screen once")
            var modes = termios()
            tcgetattr(slave, &modes)
            #expect(modes.c_lflag & tcflag_t(ICANON) != 0)
            #expect(modes.c_lflag & tcflag_t(ECHO) != 0)
            let again = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
            again.restore()
        }
    }

    @Test func unknownTerminalTypeThrows() throws {
        try withPty { slave, _ in
            #expect(throws: NCursesTerminal.Error.unusableTerminal("nonexistent-term")) {
                _ = try NCursesTerminal(terminalType: "nonexistent-term", input: slave, output: slave, handleSignals: false)
            }
            #expect(throws: NCursesTerminal.Error.unusableTerminal("dumb")) {
                _ = try NCursesTerminal(terminalType: "dumb", input: slave, output: slave, handleSignals: false)
            }
        }
    }

    @Test func outputThatIsNotATerminalThrows() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds { close(end) } }
        #expect(throws: NCursesTerminal.Error.notATerminal) {
            _ = try NCursesTerminal(input: pipeEnds[0], output: pipeEnds[1], handleSignals: false)
        }
        #expect(NCursesTerminal.Error.notATerminal.description == "standard output is not a terminal")
    }
}
