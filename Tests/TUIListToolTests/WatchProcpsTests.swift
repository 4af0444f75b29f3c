import Foundation
import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListTool

/// A command runner that answers from a script, one result per run (the last one repeats).
private final class Script: CommandRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [CommandResult]
    private(set) var runs = 0
    init(_ script: [CommandResult]) { self.script = script }
    func run(_ command: [String], timeout: Double, environment: [String: String]) -> CommandResult {
        lock.withLock {
            runs += 1
            return script.count > 1 ? script.removeFirst() : script[0]
        }
    }
}

/// A watch on a headless terminal with a manual clock (as WatchAppTests' harness).
private final class Harness {
    let clock = ManualClock()
    let terminal = HeadlessTerminal(columns: 50, rows: 12)
    let program: Program
    let app: WatchApp

    init(_ options: WatchApp.Options, _ runner: Script) throws {
        terminal.clock = clock
        program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        app = try WatchApp(options: options, runner: runner)
        program.start(app)
    }

    /// Runs what work is left: a run started and never run holds the app, which holds the
    /// mailbox that holds the run (LeakSanitizer reports the three).
    deinit { _ = program.mailbox.runPendingWork() }

    func advance(by seconds: Double) async {
        program.advance(app, on: terminal, by: seconds, runningWork: true)
    }

    func press(_ key: Key) async {
        terminal.enqueue([.key(key)])
        await advance(by: 0.6)
    }

    var rows: [String] { terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) } }

    /// The columns of line `y` drawn in the `-d` highlight.
    func highlighted(line y: Int) -> String {
        let frame = terminal.frame
        return (0 ..< frame.width).map { x -> String in
            let cell = frame[x, y]
            return cell.style.attributes.contains(.bold) && cell.style.attributes.contains(.reverse) ? cell.text : ""
        }.joined()
    }
}

private func output(_ lines: String...) -> CommandResult {
    CommandResult(exitCode: 0, output: lines.joined(separator: "\n") + "\n")
}

@Suite struct WatchProcpsTests {
    @Test func theCommandLineReadsAsProcpsWatch() {
        #expect(WatchCommandLine.command(["ps aux | sort -k3"], exec: false) == ["sh", "-c", "ps aux | sort -k3"])
        #expect(WatchCommandLine.command(["ps aux"], exec: true) == ["ps aux"])
        #expect(
            WatchCommandLine.normalized(["-n", "1", "--differences=permanent", "ls", "--differences=permanent"])
                == ["--interval=1", "--permanent-differences", "ls", "--differences=permanent"])
        #expect(WatchCommandLine.normalized(["--", "x", "--differences=permanent"]) == ["--", "x", "--differences=permanent"])
        // Several arguments are joined and run by sh, as procps runs them; -x runs them as given.
        #expect(WatchCommandLine.command(["echo", "$HOME", "x"], exec: false) == ["sh", "-c", "echo $HOME x"])
        #expect(WatchCommandLine.command(["echo", "$HOME"], exec: true) == ["echo", "$HOME"])
        #expect(WatchCommandLine.title(of: ["sh", "-c", "echo $HOME x"]) == "echo $HOME x")
        #expect(WatchCommandLine.title(of: ["ls", "a b"]) == "ls 'a b'")
    }

    /// procps's getopt (`+bced::ghq:n:pvtwx`), form by form: groups split, -n and -q take the
    /// rest of the group or the next argument (a negative one too, `,` read as `.`), -d takes
    /// the rest of its group as its optional value (any value: permanent), -h and -v are help
    /// and version, the command and what follows it are left alone.
    /// Fails if `normalized` passes a group through whole (the parser refused `-tn1`), or
    /// `case "d"` ignores the rest of its group (`-dn1` read as -d -n 1).
    @Test(arguments: [
        (["-tn1", "date"], ["-t", "--interval=1", "date"]),
        (["-gn1", "date"], ["-g", "--interval=1", "date"]),
        (["-dn1", "date"], ["--permanent-differences", "date"]),
        (["-d=permanent", "date"], ["--permanent-differences", "date"]),
        (["-dpermanent", "-n", "1", "date"], ["--permanent-differences", "--interval=1", "date"]),
        (["-d", "-n", "-1", "date"], ["-d", "--interval=-1", "date"]),
        (["-n", "0,5", "date"], ["--interval=0.5", "date"]),
        (["--interval", "-2", "date"], ["--interval=-2", "date"]),
        (["-q3", "-bx", "ls", "-tn1"], ["--equexit=3", "-b", "-x", "ls", "-tn1"]),
        (["-q", "2", "--key", "1", "-v"], ["--equexit=2", "--key", "1", "--version"]),
        (["-h"], ["--help"]),
        (["-z", "ls"], ["-z", "ls"]),
    ])
    func theGrammarIsProcpsGetopt(arguments: [String], expected: [String]) throws {
        #expect(WatchCommandLine.normalized(arguments) == expected)
    }

    /// WATCH_INTERVAL: read as -n reads its value; not set is nil; not a number is an error.
    @Test func watchIntervalIsReadAsTheIntervalIs() throws {
        #expect(try WatchCommandLine.interval(fromEnvironment: ["WATCH_INTERVAL": "0,5"]) == 0.5)
        #expect(try WatchCommandLine.interval(fromEnvironment: [:]) == nil)
        #expect(throws: WatchUsageError.self) { try WatchCommandLine.interval(fromEnvironment: ["WATCH_INTERVAL": "x"]) }
        #expect(WatchCommandLine.clamped(-1) == 0.1 && WatchCommandLine.clamped(0.05) == 0.1 && WatchCommandLine.clamped(3) == 3)
        #expect(WatchSort(argument: "-2") == WatchSort(field: 2, descending: true))
        #expect(WatchSort(argument: "3") == WatchSort(field: 3))
        #expect(WatchSort(argument: "0") == nil && WatchSort(argument: "x") == nil && WatchSort(argument: "--2") == nil)
        #expect(WatchSchedule.nextRun(started: 10.3, ended: 10.8, interval: 1, precise: false, origin: 0.3) == 11.8)
        #expect(WatchSchedule.nextRun(started: 10.3, ended: 10.8, interval: 1, precise: true, origin: 0.3) == 11.3)
        // A run longer than the interval: the next grid point not past.
        #expect(WatchSchedule.nextRun(started: 10.3, ended: 12.5, interval: 1, precise: true, origin: 0.3) == 13.3)
    }

    @Test func sortOrdersNumbersAsNumbersAndColumnsAlign() {
        let content = ["a": "a 9 x", "b": "b 10 y", "c": "c 9 z", "d": "d - w"]
        #expect(WatchSort(field: 2).ordered(["a", "b", "c", "d"], content: content) == ["a", "c", "b", "d"])
        #expect(WatchSort(field: 2, descending: true).ordered(["a", "b", "c", "d"], content: content) == ["d", "b", "a", "c"])
        #expect(
            LineColumns.align(["PID CMD", "1 init", "1234 bash -l"]).lines == ["PID   CMD", "1     init", "1234  bash  -l"])
        // With a header, the last column keeps the rest of the line (ps -eo pid,args).
        let aligned = LineColumns.align(["PID CMD", "1 init", "1234 bash -l  -i "], headerLines: 1, atLeast: [6])
        #expect(aligned.lines == ["PID     CMD", "1       init", "1234    bash -l  -i"])
        #expect(aligned.widths == [6], "a width from an earlier run is kept")
    }

    /// -d: the changed characters of a changed row are highlighted; a row that only moved is
    /// not; the next change replaces the highlight (=permanent keeps adding to it).
    @Test(arguments: [WatchApp.Differences.successive, .permanent])
    func differencesHighlightChangedCharactersNotMovedRows(mode: WatchApp.Differences) async throws {
        let runner = Script([
            output("1 alpha 10", "2 beta 20"), output("2 beta 20", "1 alpha 11"), output("2 beta 21", "1 alpha 11"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1, key: .field(1))
        options.differences = mode
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        #expect(watch.highlighted(line: 1) == "" && watch.highlighted(line: 2) == "")
        await watch.advance(by: 1)
        #expect(Array(watch.rows[1 ... 2]) == ["2 beta 20", "1 alpha 11"])
        #expect(watch.highlighted(line: 1) == "", "beta only moved")
        #expect(watch.highlighted(line: 2) == "1", "alpha's last digit changed")
        await watch.advance(by: 1)
        #expect(watch.highlighted(line: 1) == "1", "beta's last digit changed")
        #expect(watch.highlighted(line: 2) == (mode == .permanent ? "1" : ""), "\(mode): alpha did not change this time")
    }

    @Test func runsWithNoChangeAreNotKeptAndOnChangeGetsTheCounts() async throws {
        let file = NSTemporaryDirectory() + "/tuilist-onchange-\(UUID().uuidString)"
        defer { unlink(file) }
        let runner = Script([
            output("1 a", "2 b", "3 c"), output("1 a", "2 b", "3 c"), output("3 c!", "1 a!", "4 d"),
            output("3 c!", "1 a!", "4 d"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1, key: .field(1))
        options.onChange = WatchCommandLine.command(
            ["echo \"+$TUILIST_ADDED -$TUILIST_REMOVED ~$TUILIST_MOVED *$TUILIST_CHANGED\" >> '\(file)'"], exec: false)
        let watch = try Harness(options, runner)
        await watch.advance(by: 3.5)
        #expect(runner.runs == 4)
        #expect(watch.app.history.count == 2, "two runs changed nothing")
        #expect(watch.app.history.map(\.snapshot.itemIdentifiers) == [["1", "2", "3"], ["3", "1", "4"]])
        // The command is the mailbox's work, run on demand within `advance`: its line is written.
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        #expect(text == "+1 -1 ~1 *2\n", "one line, for the one change: \(text.debugDescription)")
    }

    /// The history keeps at most `historyRows` rows in all (and always the newest run).
    @Test func theHistoryIsBoundedByRows() async throws {
        let runner = Script(
            (1 ... 5).map { output("a\($0)", "b\($0)", "c\($0)") } + [output("big", "x", "y", "z", "w", "v", "u")])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.historyRows = 7
        let watch = try Harness(options, runner)
        await watch.advance(by: 4.5)
        #expect(watch.app.history.map { $0.snapshot.itemIdentifiers.first } == ["a4", "a5"], "two runs of 3 rows fit in 7")
        await watch.advance(by: 1)
        #expect(watch.app.history.map { $0.snapshot.itemIdentifiers.first } == ["big"], "7 rows: the newest run alone")
    }

    /// Lines end at "\n" or "\r\n", as procps watch reads them (LineSplitter's rule for shown
    /// text; the output is split on bytes: "\r\n" is one Character); a lone "\r" ends none and
    /// takes a blank column, as procps watch 4 draws it.
    @Test func crlfLinesAreRows() async throws {
        let watch = try Harness(
            .init(command: ["x"], interval: 1),
            Script([CommandResult(exitCode: 0, output: "one\r\ntwo\r\nab\rcd\nthree\n")]))
        await watch.advance(by: 0.5)
        #expect(watch.app.history.last?.snapshot.itemIdentifiers == ["one", "two", "ab\rcd", "three"])
        #expect(watch.rows[1 ... 4] == ["one", "two", "ab cd", "three"], "\(watch.rows)")
    }

    @Test func chgexitQuitsOnTheFirstChange() async throws {
        let runner = Script([output("a"), output("a"), output("b")])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.exitOnChange = true
        let watch = try Harness(options, runner)
        await watch.advance(by: 1.5)
        #expect(!watch.program.isFinished, "the same output twice")
        await watch.advance(by: 1)
        #expect(watch.program.isFinished && runner.runs == 3)
    }

    @Test func errexitFreezesOnAFailureBeepsAndAKeyExits() async throws {
        let runner = Script([output("a"), CommandResult(exitCode: 3, output: "", errors: "broken\n"), output("b")])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.exitOnError = true
        options.beep = true
        let watch = try Harness(options, runner)
        let bells = Counter()
        watch.app.bell = { bells.count += 1 }
        await watch.advance(by: 4)
        #expect(runner.runs == 2, "no run after the failing one")
        #expect(bells.count == 1)
        #expect(watch.app.isFrozen && watch.rows[1] == "broken", "the failing run's stderr, as procps shows it")
        #expect(watch.app.statusText.contains("exit 3"), "\(watch.app.statusText)")
        #expect(!watch.program.isFinished)
        await watch.press(.character("j"))
        #expect(watch.program.isFinished)
    }

    /// A failure under -e while a filter is being typed: the filter closes (its query kept) so
    /// the status line says why the app stopped and that a key exits.
    @Test func errexitWhileTypingAFilterShowsWhyItStopped() async throws {
        let runner = Script([output("a"), CommandResult(exitCode: 3, output: "", errors: "broken\n")])
        var options = WatchApp.Options(command: ["x"], interval: 5)
        options.exitOnError = true
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        await watch.press(.character("/"))
        await watch.press(.character("a"))
        #expect(watch.app.isEditingFilter)
        await watch.advance(by: 5)
        #expect(watch.app.isFrozen && !watch.app.isEditingFilter && watch.app.query == "a")
        let status = watch.terminal.lines[watch.terminal.lines.count - 2]
        #expect(status.contains("stopped (-e), a key exits"), "\(watch.terminal.lines)")
        await watch.press(.character("b"))
        #expect(watch.program.isFinished && watch.app.query == "a", "the key exits; it is not typed")
    }

    @Test func noTitleDrawsTheFirstRowOnTheFirstLine() async throws {
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.showsTitle = false
        let watch = try Harness(options, Script([output("first", "second")]))
        await watch.advance(by: 0.5)
        #expect(watch.rows[0] == "first" && watch.rows[1] == "second", "\(watch.rows)")
    }

    /// --sort=-2 orders by field 2, largest first, re-sorts when values change, and the keys
    /// change the field and direction.
    @Test func sortKeepsRowsOrderedAndTheKeysChangeIt() async throws {
        let runner = Script([
            output("PID CPU NAME", "1 5 init", "2 30 web", "3 12 db"), output("PID CPU NAME", "1 50 init", "2 30 web", "3 12 db"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1, key: .field(1), headerLines: 1)
        options.sort = WatchSort(field: 2, descending: true)
        options.columns = true
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        #expect(
            Array(watch.rows[1 ... 4]) == ["PID  CPU  NAME", "2    30   web", "3    12   db", "1    5    init"], "\(watch.rows)")
        await watch.advance(by: 1)
        #expect(Array(watch.rows[2 ... 4]) == ["1    50   init", "2    30   web", "3    12   db"], "\(watch.rows)")
        await watch.press(.character("r"))  // smallest first
        #expect(Array(watch.rows[2 ... 4]) == ["3    12   db", "2    30   web", "1    50   init"], "\(watch.rows)")
        await watch.press(.character(">"))  // field 3, names
        #expect(Array(watch.rows[2 ... 4]) == ["3    12   db", "1    50   init", "2    30   web"], "\(watch.rows)")
        await watch.press(.character(">"))  // wraps to field 1
        #expect(watch.app.sort == WatchSort(field: 1) && watch.rows[2] == "1    50   init", "\(watch.rows)")
        await watch.press(.character("<"))  // back to field 3 (wraps)
        #expect(watch.app.sort == WatchSort(field: 3), "\(String(describing: watch.app.sort))")
        #expect(watch.rows[0].contains("sort 3"), "the title says the sort: \(watch.rows[0])")
    }
}

extension WatchProcpsTests {
    /// --columns aligns what is drawn, never what is compared: a value that widens its column
    /// changes its own row only (for -d, --on-change and the flash), and the widths stay.
    @Test func aWideningColumnChangesOnlyItsRow() async throws {
        let runner = Script([
            output("PID CPU NAME", "1 9 init", "2 30 web"), output("PID CPU NAME", "1 1000 init", "2 30 web"),
            output("PID CPU NAME", "1 9 init", "2 30 web"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1, key: .field(1), headerLines: 1)
        options.columns = true
        options.differences = .successive
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        #expect(Array(watch.rows[1 ... 3]) == ["PID  CPU  NAME", "1    9    init", "2    30   web"], "\(watch.rows)")
        await watch.advance(by: 1)
        #expect(Array(watch.rows[1 ... 3]) == ["PID  CPU   NAME", "1    1000  init", "2    30    web"], "\(watch.rows)")
        #expect(watch.app.history.last?.changedRows == ["1"], "web's line did not change, only its padding")
        #expect(watch.highlighted(line: 3) == "", "web is not highlighted")
        await watch.advance(by: 1)
        #expect(Array(watch.rows[2 ... 3]) == ["1    9     init", "2    30    web"], "the widths stay: \(watch.rows)")
    }

    /// -c: the output's colours are drawn; the rows' text (and so identity and -d) is the
    /// text without the escapes.
    @Test func colorDrawsTheOutputsColours() async throws {
        let runner = Script([
            output("\u{1B}[31mred\u{1B}[0m 1", "\u{1B}[1;34mblue\u{1B}[0m 2"),
            output("\u{1B}[31mred\u{1B}[0m 5", "\u{1B}[1;34mblue\u{1B}[0m 2"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1, key: .field(1))
        options.color = true
        options.differences = .successive
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        #expect(Array(watch.rows[1 ... 2]) == ["red 1", "blue 2"], "\(watch.rows)")
        let frame = watch.terminal.frame
        // From the first column, as the plain rows and procps watch.
        #expect(frame[0, 1].style.foreground == .ansi(1) && frame[0, 1].text == "r")
        #expect(frame[4, 1].style.foreground == .default, "after the reset: \(frame[4, 1])")
        #expect(frame[0, 2].style.foreground == .ansi(4) && frame[0, 2].style.attributes.contains(.bold))
        #expect(watch.app.history.last?.snapshot.itemIdentifiers == ["red", "blue"], "identity reads the plain text")
        await watch.advance(by: 1)
        #expect(watch.highlighted(line: 1) == "5" && watch.highlighted(line: 2) == "", "-d reads the plain text")
        #expect(watch.terminal.frame[0, 1].style.foreground == .ansi(1), "still red")
    }

    /// A line longer than the screen wraps onto the lines below, as procps watch's (the row
    /// grows; the next row starts below it); tabs reach 8-column stops, coloured or not.
    @Test func longLinesWrapAndTabsReachTheirStops() async throws {
        let long = String(repeating: "0123456789", count: 12)  // 120 columns: 50 + 50 + 20
        let runner = Script([output("a\tb", long, "\u{1B}[31mx\ty\u{1B}[0m", "last")])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.color = true
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        let lines = watch.terminal.lines
        #expect(lines[1].hasPrefix("a       b "), "\(lines)")
        #expect(lines[2] == String(long.prefix(50)), "\(lines)")
        #expect(lines[3] == String(long.dropFirst(50).prefix(50)))
        #expect(lines[4].hasPrefix(String(long.suffix(20)) + " "))
        #expect(lines[5].hasPrefix("x       y "), "\(lines)")
        #expect(watch.terminal.frame[8, 5].style.foreground == .ansi(1), "the expanded row keeps its colour")
        #expect(lines[6].hasPrefix("last"))
        #expect(WatchLineCell.lineCount(of: long, width: 50) == 3 && WatchLineCell.lineCount(of: "漢字", width: 3) == 2)
        var tabs = WatchApp.Options(command: ["x"], interval: 1)
        tabs.tabStop = 4
        let four = try Harness(tabs, Script([output("a\tb")]))
        await four.advance(by: 0.5)
        #expect(four.terminal.lines[1].hasPrefix("a   b "), "--tabstop 4")
    }

    /// --no-wrap: a long line is cut at the right edge; Shift-→ and Shift-← scroll every row
    /// sideways, 8 columns a step, never before the start.
    @Test func noWrapCutsLongLinesAndShiftArrowsScrollThem() async throws {
        let long = String(repeating: "0123456789", count: 12)
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.wraps = false
        let watch = try Harness(options, Script([output(long, "short")]))
        await watch.advance(by: 0.5)
        #expect(watch.terminal.lines[1] == String(long.prefix(50)), "\(watch.terminal.lines)")
        #expect(watch.rows[2] == "short")
        await watch.press(.shiftRight)
        #expect(watch.terminal.lines[1] == String(long.dropFirst(8).prefix(50)), "\(watch.terminal.lines)")
        #expect(watch.rows[2] == "", "short scrolled out of sight")
        #expect(watch.rows[0].contains("column 9"), "\(watch.rows[0])")
        await watch.press(.shiftLeft)
        await watch.press(.shiftLeft)
        #expect(watch.terminal.lines[1] == String(long.prefix(50)) && watch.rows[2] == "short")
        #expect(watch.app.keymap.action(for: .shiftRight) == .scrollRight)
        let wrapping = try Harness(WatchApp.Options(command: ["x"], interval: 1), Script([output(long)]))
        #expect(wrapping.app.keymap.action(for: .shiftRight) == nil, "wrapping: nothing to scroll")
    }
}

/// The screen tells the truth: what a failed first run said, the time and code of the run viewed.
@Suite struct WatchTruthTests {
    /// A first run that could not start shows its code and why in the middle, not "waiting for
    /// the first run…"; the first run that answers replaces it with the list. One that answered
    /// with a failing code shows what it printed, as procps watch does, its code on the status.
    @Test func aFailedFirstRunShowsItsOutputAndStatusInTheMiddle() async throws {
        let runner = Script([
            CommandResult(exitCode: nil, output: "", failure: "nope: not found"),
            CommandResult(exitCode: 127, output: "partial\tout\n", errors: "sh: 1: nope: not found\n"), output("fine"),
        ])
        let watch = try Harness(WatchApp.Options(command: ["x"], interval: 1), runner)
        await watch.advance(by: 0.5)
        #expect(watch.rows[1] == "failed: nope: not found", "\(watch.rows)")
        #expect(watch.terminal.frame[0, 1].style.attributes.contains(.bold))
        #expect(!watch.rows.contains { $0.contains("waiting") })
        await watch.advance(by: 1)
        #expect(watch.rows[1] == "partial out" && watch.terminal.lines[1].hasPrefix("partial out"), "\(watch.rows)")
        #expect(watch.rows[2] == "sh: 1: nope: not found")
        #expect(watch.app.statusText.contains("exit 127"), "\(watch.app.statusText)")
        await watch.advance(by: 1)
        #expect(watch.rows[1] == "fine" && !watch.rows.contains { $0.contains("exit 127") }, "\(watch.rows)")
    }

    /// A failure's text that ends its lines with CRLF shows them one per line, as watch does
    /// (they were drawn joined: "\r\n" is one Character, so splitting the String at "\n" missed it).
    @Test func aFailuresCRLFTextIsOneLinePerLine() async throws {
        let runner = Script([CommandResult(exitCode: 3, output: "one\r\ntwo\r\n", errors: "bad\r\nworse\r\n")])
        let watch = try Harness(WatchApp.Options(command: ["x"], interval: 1), runner)
        await watch.advance(by: 0.5)
        #expect(Array(watch.rows[1 ... 4]) == ["one", "two", "bad", "worse"], "\(watch.rows)")
        #expect(CommandResult(exitCode: 1, output: "", errors: "bad\r\n\r\n").problem == "bad")
    }

    /// Viewing an older run, the status line shows that run's time and exit code, not those of
    /// the last run (which failed here).
    @Test func theStatusLineShowsTheViewedRunsTimeAndCode() async throws {
        let runner = Script([output("a"), output("b"), CommandResult(exitCode: 3, output: "", errors: "broken\n")])
        let watch = try Harness(WatchApp.Options(command: ["x"], interval: 1), runner)
        await watch.advance(by: 2.5)
        #expect(watch.app.statusText.contains("exit 3"), "\(watch.app.statusText)")
        #expect(watch.rows[1] == "broken")
        await watch.press(.left)
        await watch.press(.left)
        #expect(watch.app.position == 0)
        #expect(watch.app.statusText.hasPrefix("\(watch.app.history[0].wallTime) exit 0 ·"), "\(watch.app.statusText)")
        #expect(!watch.app.statusText.contains("exit 3"))
    }
}

/// -d without --key: lines aligned as a line diff aligns them.
@Suite struct WatchLineAlignmentTests {
    @Test func equalLinesContinueAndAChangedLineIsPairedInPlace() {
        #expect(WatchLineAlignment.align(old: ["a", "1", "b"], new: ["a", "2", "b"]) == [0, 1, 2])
        #expect(WatchLineAlignment.align(old: ["a", "b"], new: ["new", "a", "b"]) == [nil, 0, 1], "an insert above")
        #expect(WatchLineAlignment.align(old: ["a", "b", "c"], new: ["a", "c"]) == [0, 2], "a delete")
        // A hunk of two lines gone and three come: two changed in place, one inserted.
        #expect(WatchLineAlignment.align(old: ["x", "1", "2", "y"], new: ["x", "3", "4", "5", "y"]) == [0, 1, 2, nil, 3])
        #expect(WatchLineAlignment.align(old: [], new: ["a"]) == [nil])
        #expect(WatchLineAlignment.align(old: ["a"], new: []) == [])
        // Too different to align: equal lines only, in order of appearance.
        #expect(WatchLineAlignment.align(old: ["p", "a", "q", "b"], new: ["b", "x", "a"], maxEdits: 1) == [3, nil, 1])
    }

    /// Every alignment keeps as many equal lines as a longest common subsequence has, takes old
    /// lines in increasing order, each once.
    @Test func theEqualLinesAreALongestCommonSubsequence() {
        var generator = SplitMix64(seed: 32)
        for round in 0 ..< 400 {
            let old = (0 ..< Int(generator.next() % 9)).map { _ in "\(generator.next() % 4)" }
            let new = (0 ..< Int(generator.next() % 9)).map { _ in "\(generator.next() % 4)" }
            let aligned = WatchLineAlignment.align(old: old, new: new)
            let taken = aligned.compactMap { $0 }
            #expect(taken == taken.sorted() && Set(taken).count == taken.count, "round \(round): \(old) → \(new)")
            let equal = aligned.enumerated().filter { line in line.element.map { old[$0] == new[line.offset] } ?? false }.count
            #expect(equal == lcsLength(old, new), "round \(round): \(old) → \(new): \(aligned)")
        }
    }

    private func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0 ..< a.count {
            for j in 0 ..< b.count {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }

    /// `-d -n 1 'echo a; date +%s; echo b'`: the middle row is one row updated in place, its
    /// changed digits in standout (never faded out and in); a line printed above the rest is
    /// an insert, the rows below slide.
    @Test func aChangedLineIsOneRowUpdatedInPlaceAndAnInsertAboveSlidesTheRest() async throws {
        let runner = Script([
            output("a", "1764150000", "b"), output("a", "1764150001", "b"), output("new", "a", "1764150011", "b"),
        ])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.differences = .successive
        let watch = try Harness(options, runner)
        await watch.advance(by: 0.5)
        await watch.advance(by: 1)
        #expect(Array(watch.rows[1 ... 3]) == ["a", "1764150001", "b"])
        #expect(watch.highlighted(line: 2) == "1" && watch.highlighted(line: 1) == "" && watch.highlighted(line: 3) == "")
        #expect(watch.app.lastChange == "~1", "updated in place, not −1 +1: \(watch.app.lastChange)")
        let id = watch.app.history.last!.snapshot.itemIdentifiers[1]
        await watch.advance(by: 1)
        #expect(Array(watch.rows[1 ... 4]) == ["new", "a", "1764150011", "b"])
        #expect(watch.app.lastChange == "+1 ~1", "\(watch.app.lastChange)")
        #expect(watch.app.history.last!.snapshot.itemIdentifiers[2] == id, "the same row, moved down by the insert")
        #expect(watch.highlighted(line: 3) == "1", "the tens digit changed this time")
        #expect(watch.highlighted(line: 1) == "new", "an inserted row is all new, as procps marks it")
    }
}

private final class Counter: @unchecked Sendable { var count = 0 }
