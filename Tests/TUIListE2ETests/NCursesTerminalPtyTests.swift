import CNCurses
import Foundation
import Testing

@testable import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// The terminals that run in this process on a pseudo-terminal: one test at a time across
/// both suites, since a terminal arms process-wide state (the restore on signals and exit,
/// signal handlers, the one-screen flag) that a test running beside it would disturb.
@Suite("Terminals on a pty", .serialized)
enum PtyTerminalSuites {}

extension PtyTerminalSuites {
    /// NCursesTerminal in this process on a pseudo-terminal: what it writes, and how it fails.
    @Suite("NCursesTerminal on a pty", .serialized)
    struct NCursesTerminalPtyTests {
        /// A pty of `columns`×`rows`; `body` gets the slave descriptor and a function that returns
        /// the bytes that reached the master since its last call (waiting until 100 ms of quiet).
        private func withPty(columns: Int = 40, rows: Int = 10, _ body: (Int32, () -> [UInt8]) throws -> Void) throws {
            try withoutActuallyEscaping(body) { body in
                try withPty(columns: columns, rows: rows) { slave, drain, _ in try body(slave, drain) }
            }
        }

        /// As above; `body` also gets the master descriptor, to answer as a terminal would.
        private func withPty(columns: Int = 40, rows: Int = 10, _ body: (Int32, () -> [UInt8], Int32) throws -> Void) throws {
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
            try body(slave, drain, master)
        }

        /// A terminal told (as ``Program`` tells it for an app with `handlesControlC`) to pass
        /// Ctrl-C on keeps running while nobody reads it, and hands Ctrl-C over as a key: the
        /// setting reaches the reading thread of the shared ``TerminalInput``. Were it lost on the
        /// way, that thread would end this process with status 130 a quarter of a second after the key.
        @Test func aTerminalThatPassesControlCOnHandsItOverAsAKey() throws {
            try withPty { slave, _, master in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                let passing: any ControlCPassing = terminal
                passing.passesControlC = true
                #expect(terminal.passesControlC)
                var key: UInt8 = 0x03
                #expect(write(master, &key, 1) == 1)
                usleep(600_000)  // busy: longer than the quarter second after which Ctrl-C ends a program
                var events: [InputEvent] = []
                for _ in 0 ..< 20 where !events.contains(.key(.control("c"))) {
                    events += terminal.nextEvents(timeout: 0.1, waker: nil) ?? []
                }
                #expect(events.contains(.key(.control("c"))), "\(events)")
            }
        }

        @Test func writesOnlyWhatChanged() throws {
            try withPty { slave, drain in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
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

        /// A cluster ncurses cannot hold in a cell (a ZWJ sequence, a flag, a skin tone, an emoji
        /// widened by VS16) reaches the terminal whole, at its place, after ncurses drew its
        /// stand-in: autowrap off around it and the cursor saved and restored, so ncurses' idea
        /// of the terminal stays true. (Before, ncurses got the first emoji and dropped the rest:
        /// `👨‍👩‍👧 family` showed as `👨 family`.)
        @Test func clustersNcursesCannotHoldAreWrittenWhole() throws {
            try withPty { slave, drain in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                _ = drain()
                var canvas = Canvas(width: 40, height: 10)
                canvas.draw("👨‍👩‍👧 family", x: 0, y: 2)
                canvas.draw("e\u{301}", x: 20, y: 9)
                canvas.draw("🇫🇷 👍🏽 ❤️", x: 5, y: 7, style: Style(foreground: .ansi(1), attributes: .bold))
                terminal.present(canvas)
                let bytes = String(decoding: drain(), as: UTF8.self)
                let written = bytes.components(separatedBy: "\u{1B}7\u{1B}[?7l").last ?? ""
                #expect(
                    bytes.contains("\u{1B}7\u{1B}[?7l"),
                    "written after ncurses, cursor saved, no autowrap: \(bytes.debugDescription)")
                // The cluster, then the cells after it again (a terminal may have drawn it wider).
                #expect(written.hasPrefix("\u{1B}[3;1H\u{1B}[0m👨‍👩‍👧\u{1B}[3;3H fam"), "\(written.debugDescription)")
                for (cluster, x) in [("🇫🇷", 6), ("👍🏽", 9), ("❤️", 12)] {
                    #expect(
                        written.contains("\u{1B}[8;\(x)H" + (x == 6 ? "\u{1B}[0;1" : cluster)) && written.contains(cluster),
                        "\(cluster): \(written.debugDescription)")
                }
                #expect(written.hasSuffix("\u{1B}[0m\u{1B}[?7h\u{1B}8"), "autowrap back on, cursor and attributes restored")
                #expect(!written.contains("e\u{301}") && bytes.contains("e\u{301}"), "a mark ncurses holds goes through ncurses")
                #expect(bytes.contains("family"))

                terminal.present(canvas)
                #expect(drain().count < 8, "an unchanged frame writes no cluster again")
                canvas.draw("now", x: 3, y: 2)
                terminal.present(canvas)
                let changed = String(decoding: drain(), as: UTF8.self)
                #expect(changed.contains("now") && !changed.contains("👨"), "a frame writes only its changed clusters")

                // ⌚︎ (1 column, 2 to wcwidth) stands as a blank in ncurses: a blank over it is
                // no change to ncurses, so it is written after doupdate too.
                canvas.draw("⌚\u{FE0E}", x: 30, y: 5)
                terminal.present(canvas)
                #expect(String(decoding: drain(), as: UTF8.self).contains("\u{1B}[6;31H\u{1B}[0m⌚\u{FE0E}"))
                canvas.clear(Rect(x: 30, y: 5, width: 1, height: 1))
                terminal.present(canvas)
                let cleared = String(decoding: drain(), as: UTF8.self)
                #expect(cleared.contains("\u{1B}[6;31H\u{1B}[0m "), "\(cleared.debugDescription)")
            }
        }

        @Test func restoreIsIdempotentAndAllowsANewTerminal() throws {
            try withPty { slave, drain in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                #expect(throws: NCursesTerminal.Error.alreadyActive) {
                    _ = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                }
                terminal.present(Canvas(width: 40, height: 10))
                terminal.restore()
                terminal.restore()
                let bytes = String(decoding: drain(), as: UTF8.self)
                // Left the alternate screen as often as it was entered (the restore steps out and
                // back in once to save the caller's cursor again), and last; the second restore
                // writes nothing.
                let (left, entered) = (
                    bytes.components(separatedBy: "\u{1B}[?1049l"), bytes.components(separatedBy: "\u{1B}[?1049h")
                )
                #expect(left.count == entered.count && left.last!.count < entered.last!.count, "\(bytes.debugDescription)")
                var modes = termios()
                tcgetattr(slave, &modes)
                #expect(modes.c_lflag & tcflag_t(ICANON) != 0)
                #expect(modes.c_lflag & tcflag_t(ECHO) != 0)
                let again = try NCursesTerminal(terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                again.restore()
            }
        }

        /// A TERM this machine's terminfo lacks, one that cannot address the cursor, or none:
        /// drawn as xterm-256color (the machine's entry, or the built-in one where it has none),
        /// never an error; a known TERM keeps its own.
        @Test(arguments: ["no-such-terminal-\(UInt32.random(in: 0 ... .max))", "dumb", ""])
        func anyTerminalTypeRunsAsXterm256Color(type: String) throws {
            try withPty { slave, drain in
                let terminal = try NCursesTerminal(terminalType: type, input: slave, output: slave, handleSignals: false)
                #expect(terminal.terminalDescription.hasPrefix("xterm-256color"))
                var canvas = Canvas(width: 20, height: 4)
                canvas.draw("hello", x: 2, y: 1)
                terminal.present(canvas)
                terminal.restore()
                let bytes = String(decoding: drain(), as: UTF8.self)
                #expect(bytes.contains("\u{1B}[?1049h") && bytes.contains("hello"), "\(bytes.debugDescription)")
            }
            try withPty { slave, _ in
                let terminal = try NCursesTerminal(
                    terminalType: "screen-256color", input: slave, output: slave, handleSignals: false)
                #expect(terminal.terminalDescription == "screen-256color")
                terminal.restore()
            }
        }

        /// The built-in description: written into a private folder of the base given, read by
        /// ncurses (cursor addressing, the alternate screen, 256 colours where NO_COLOR is
        /// unset), the folder removed at once and `TERMINFO` the caller's again; a base that
        /// cannot be written gives nil, not a crash.
        @Test func theBuiltInDescriptionIsReadAndLeavesNothingBehind() throws {
            let base = NSTemporaryDirectory() + "tuilist-builtin-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: base) }
            try withPty { slave, _ in
                let saved = getenv("TERMINFO").map { String(cString: $0) }
                var outFile: UnsafeMutablePointer<FILE>?
                var inFile: UnsafeMutablePointer<FILE>?
                let screen = try #require(NCursesTerminal.startBuiltIn(slave, slave, &outFile, &inFile, in: base))
                #expect(tui_has_cursor_addressing() != 0)
                #expect(String(cString: tigetstr("smcup")).contains("1049"))
                if getenv("NO_COLOR") == nil { #expect(tui_colors() == 256) }  // (ncurses honours NO_COLOR)
                endwin()
                delscreen(screen)
                tui_fclose(outFile)
                tui_fclose(inFile)
                #expect(getenv("TERMINFO").map { String(cString: $0) } == saved)
                #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty, "the folder is removed")
                var noOut: UnsafeMutablePointer<FILE>?
                var noIn: UnsafeMutablePointer<FILE>?
                let refused = NCursesTerminal.startBuiltIn(slave, slave, &noOut, &noIn, in: "/proc/no-such-folder")
                #expect(refused == nil)
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

        // MARK: - The terminal contract

        /// Raw mode while it runs (Ctrl-C, Ctrl-Z, Ctrl-S/Q and Ctrl-J reach the decoder, nothing
        /// signals the caller), the modes as they were afterwards.
        @Test func rawWhileRunningAndTheCallersModesAfter() throws {
            try withPty { slave, _ in
                var before = termios()
                tcgetattr(slave, &before)
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                var running = termios()
                tcgetattr(slave, &running)
                #expect(running.c_lflag & tcflag_t(ISIG) == 0, "Ctrl-C must be a key, not SIGINT to the process group")
                #expect(running.c_iflag & tcflag_t(IXON) == 0, "Ctrl-S must be a key, not a frozen screen")
                #expect(running.c_iflag & tcflag_t(ICRNL) == 0, "Enter is CR, Ctrl-J is LF")
                #expect(running.c_lflag & tcflag_t(ICANON | ECHO | IEXTEN) == 0)
                terminal.restore()
                var after = termios()
                tcgetattr(slave, &after)
                #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
            }
        }

        /// The cursor is saved before the alternate screen and put back after it, so a pick
        /// printed next lands after the caller's prompt (ncurses' exit ends with a carriage return).
        @Test func theCursorGoesBackWhereTheCallerLeftIt() throws {
            try withPty { slave, drain in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                terminal.present(Canvas(width: 40, height: 10))
                let start = String(decoding: drain(), as: UTF8.self)
                let save = try #require(start.range(of: "\u{1B}7"), "DECSC at start: \(start.debugDescription)")
                let alternate = try #require(start.range(of: "\u{1B}[?1049h"))
                #expect(save.lowerBound < alternate.lowerBound, "saved before the alternate screen")
                terminal.restore()
                let end = String(decoding: drain(), as: UTF8.self)
                let leave = try #require(end.range(of: "\u{1B}[?1049l"), "\(end.debugDescription)")
                let back = try #require(end.range(of: "\u{1B}8", options: .backwards), "DECRC at exit: \(end.debugDescription)")
                #expect(leave.upperBound <= back.lowerBound)
                #expect(!end[back.upperBound...].contains("\r"), "nothing moves the cursor after it: \(end.debugDescription)")
            }
        }

        /// A selection bar (``Style/selection``) that moves down a line on an 80-column
        /// terminal: where the terminal has 256 colours and erases in the background colour
        /// (xterm-256color), the bar is drawn in colours (254 on 236) and each row's blank end is
        /// erased in one sequence, so the move writes a few dozen bytes; a reverse-video bar has
        /// to write its blanks one by one (two rows, over 160 bytes). Without `bce`
        /// (screen-256color) or with 8 colours (linux) it stays reverse video.
        @Test(arguments: [("xterm-256color", true), ("screen-256color", false), ("linux", false)])
        func aSelectionBarMovesInFewBytesWhereTheTerminalErasesInColour(type: String, inColour: Bool) throws {
            NCursesTerminal.ignoresNoColor.store(true, ordering: .relaxed)
            defer { NCursesTerminal.ignoresNoColor.store(false, ordering: .relaxed) }
            try withPty(columns: 80, rows: 6) { slave, drain in
                let terminal = try NCursesTerminal(terminalType: type, input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                func frame(selected: Int) -> Canvas {
                    var canvas = Canvas(width: 80, height: 6)
                    for y in 0 ..< 6 { canvas.draw(" /usr/share/line\(y)", x: 0, y: y) }
                    canvas.restyle(Rect(x: 0, y: selected, width: 80, height: 1)) { $0 = $0.overlaid(with: .selection) }
                    return canvas
                }
                terminal.present(frame(selected: 1))
                _ = drain()
                terminal.present(frame(selected: 2))
                let move = String(decoding: drain(), as: UTF8.self)
                #expect(move.contains("line1") && move.contains("line2"), "\(move.debugDescription)")
                if inColour {
                    #expect(move.contains("48;5;236") && !move.contains("7m"), "\(move.debugDescription)")
                    #expect(move.utf8.count < 90, "\(move.utf8.count) bytes: \(move.debugDescription)")
                } else {
                    #expect(!move.contains("48;5;236") && move.contains("7m"), "\(move.debugDescription)")
                }
            }
        }

        /// A terminal that answers the synchronized-output query gets every frame wrapped in
        /// DEC mode 2026.
        @Test func framesAreSynchronizedWhenTheTerminalSaysItCan() throws {
            try withPty { slave, drain, master in
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                let start = String(decoding: drain(), as: UTF8.self)
                #expect(start.contains("\u{1B}[?2026$p"), "asks at start: \(start.debugDescription)")
                // A pty's master end is the terminal: answer as kitty, foot or tmux 3.4 would.
                let answer = Array("\u{1B}[?2026;2$y".utf8)
                #expect(answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } == answer.count)
                let events = terminal.nextEvents(timeout: 0.3, waker: nil)
                #expect(events == [], "the answer is no key: \(String(describing: events))")
                var canvas = Canvas(width: 40, height: 10)
                canvas.draw("synchronized", x: 0, y: 0)
                terminal.present(canvas)
                let frame = String(decoding: drain(), as: UTF8.self)
                #expect(frame.hasPrefix("\u{1B}[?2026h") && frame.hasSuffix("\u{1B}[?2026l"), "\(frame.debugDescription)")
                #expect(frame.contains("synchronized"))
            }
        }

        /// A terminal that never answers is never waited for, and its frames are not wrapped.
        @Test func aTerminalThatDoesNotAnswerIsNotWaitedFor() throws {
            try withPty { slave, drain in
                let started = Date()
                let terminal = try NCursesTerminal(
                    terminalType: "xterm-256color", input: slave, output: slave, handleSignals: false)
                defer { terminal.restore() }
                var canvas = Canvas(width: 40, height: 10)
                canvas.draw("at once", x: 0, y: 0)
                terminal.present(canvas)
                #expect(Date().timeIntervalSince(started) < 0.5 * slowdown, "the first frame waits for no answer")
                let bytes = String(decoding: drain(), as: UTF8.self)
                #expect(bytes.contains("at once") && !bytes.contains("\u{1B}[?2026h"), "\(bytes.debugDescription)")
                #expect(terminal.nextEvents(timeout: 0.05, waker: nil) == [])
                terminal.present(canvas)
                #expect(!String(decoding: drain(), as: UTF8.self).contains("\u{1B}[?2026h"))
            }
        }
    }
}
