import Foundation
import Testing

/// The real `tuilist watch` in tmux against a file the test rewrites, then its recording
/// replayed headless and exported.
@Suite("tuilist watch in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class WatchE2ETests {
    let tuilist: String
    let folder: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        folder = NSTemporaryDirectory() + "/tuilist-watch-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func write(_ text: String, to path: String) throws {
        // Write beside, then rename: `cat` never sees half a file.
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
        rename(path + ".new", path)
    }

    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func aRewrittenFileAnimatesToItsNewOrderAndReplaysToTheSameList(term: String) throws {
        let file = folder + "/scores.txt", record = folder + "/watch-\(term).jsonl"
        try write("ID NAME SCORE\n1 alpha 10\n2 beta 20\n3 gamma 30\n4 delta 40\n", to: file)
        let session = try TmuxSession.start(
            width: 70, height: 40,
            command:
                "TERM=\(term) \(tuilist.shellQuoted) watch --interval 0.2 --key 1 --header-lines 1 --record \(record.shellQuoted) -- cat \(file.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
        defer { session.kill() }
        try session.waitUntil("the first run", timeout: 20) {
            $0.count > 5 && $0[1].contains("ID NAME SCORE") && $0[5].contains("4 delta 40")
        }
        try session.sendKeys("Down")
        try session.sendKeys("Down")  // onto "2 beta 20"
        try session.waitUntil("the selection on beta", timeout: 20, escapes: true) { screen in
            isSelectionBar("2 beta 20", on: screen)
        }
        // Reordered, one changed (alpha), one removed (delta), one added (epsilon).
        try write("ID NAME SCORE\n3 gamma 30\n1 alpha 11\n5 epsilon 50\n2 beta 20\n", to: file)
        let screen = try session.waitUntil("the new order", timeout: 20) {
            $0.count > 5 && $0[2].contains("3 gamma 30") && $0[3].contains("1 alpha 11") && $0[4].contains("5 epsilon 50")
                && $0[5].contains("2 beta 20") && !$0.contains { $0.contains("delta") }
        }
        #expect(screen[1].contains("ID NAME SCORE"), "the header stays on top")
        #expect(screen[0].contains("every 0.2s: cat"))
        // The selection is still on beta: its line is drawn as the selection bar.
        let styled = try session.capture(escapes: true)
        #expect(isSelectionBar("2 beta 20", on: styled), "beta is selected: \(styled.joined(separator: "\n").debugDescription)")
        try session.sendKeys("q")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)

        let replay = try Subprocess.run([tuilist, "replay", record, "--headless"])
        #expect(replay.status == 0, "\(replay.errors)")
        #expect(replay.output == "3 gamma 30\n1 alpha 11\n5 epsilon 50\n2 beta 20\n", "\(replay.output)")
        let cast = folder + "/watch-\(term).cast"
        let export = try Subprocess.run([tuilist, "export", record, "--output", cast])
        #expect(export.status == 0 && export.output.hasPrefix("wrote "), "\(export.output) \(export.errors)")
        // asciicast v2: a header object (version, the recorded size), then [time, "o", text]
        // events whose times never go back; their output draws the last run.
        let castLines = try #require(readTextFile(cast)).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(castLines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2, "\(header)")
        #expect(header["width"] as? Int == 70 && header["height"] as? Int == 40, "\(header)")
        #expect(castLines.count > 2, "events follow the header")
        var last = 0.0, drawn = ""
        for line in castLines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            let time = try #require(event.first as? Double, "\(line)")
            #expect(event.count == 3 && event[1] as? String == "o", "\(line)")
            #expect(time >= last, "time goes back at \(line)")
            last = time
            drawn += event.last as? String ?? ""
        }
        #expect(drawn.contains("epsilon") && drawn.contains("delta"), "both runs are drawn")
    }

    /// A failing run shows what it printed, its stderr too, where procps watch shows it (the
    /// list, not the status line); its code is on the status line. Before, the last good list
    /// stayed and stderr's last line went to the status line, cut.
    @Test(.needsProcpsWatch)
    func aFailingCommandShowsItsOutputAndStderrAsProcpsWatch() throws {
        let command = "'echo out; echo the error text >&2; echo after; exit 3'"
        let screens = try beside("-t -n 0.3 \(command)", width: 70, height: 10) { session, _ in
            try session.waitFor("after", timeout: 20)
        }
        #expect(Array(screens[0].prefix(3)) == ["out", "the error text", "after"], "procps watch: \(screens[0])")
        #expect(Array(screens[1].prefix(3)) == Array(screens[0].prefix(3)), "ours: \(screens[1])")
        let session = try TmuxSession.start(
            width: 70, height: 10, command: "\(tuilist.shellQuoted) watch -n 0.3 \(command); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        let screen = try session.waitFor("exit 3", timeout: 20)
        #expect(screen[1] == "out" && screen[2] == "the error text", "\(screen)")
    }

    /// A run in flight (its command leads its own process group, out of Ctrl-C's reach) ends
    /// with tuilist, whether q or Ctrl-C ends it; both exit 0, as procps watch's Ctrl-C does.
    @Test(arguments: [("q", 0), ("C-c", 0)])
    func aRunInFlightEndsWithTuilist(key: String, status: Int) throws {
        // A sleep of a unique length names this run's processes for pgrep.
        let sleep = "sleep 40.\(getpid())\(UInt16.random(in: 1000 ... .max))"
        let session = try TmuxSession.start(
            width: 100, height: 20,
            command: "trap : INT; \(tuilist.shellQuoted) watch -x -- sh -c '\(sleep); echo slow'; echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitFor("running…", timeout: 20)
        try waitUntil("the command runs", timeout: 10) { !(try pgrep(sleep)).isEmpty }
        try session.sendKeys(key)
        try session.waitFor("exit=\(status)", timeout: 20)
        try waitUntil("the command is gone", timeout: 5) { (try pgrep(sleep)).isEmpty }
    }

    private func pgrep(_ pattern: String) throws -> String {
        // The whole command line, exactly: tmux's and the shell's command lines contain it too.
        try Subprocess.run(["pgrep", "-x", "-f", pattern]).output
    }

    private func waitUntil(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout * slowdown)
        while try !condition() {
            if Date() > deadline { Issue.record("timed out waiting for \(what)"); return }
            usleep(50_000)
        }
    }

    /// One command argument runs through `sh -c`, as procps watch runs it: a pipeline works.
    @Test func oneStringRunsThroughTheShell() throws {
        let file = folder + "/words.txt"
        try write("apple\ncherry\nbanana\n", to: file)
        let session = try TmuxSession.start(
            width: 100, height: 12, command: "\(tuilist.shellQuoted) watch -n 0.2 'cat \(file) | sort -r'; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the sorted pipeline", timeout: 20) {
            $0.count > 3 && $0[1].contains("cherry") && $0[2].contains("banana") && $0[3].contains("apple")
        }
    }

    /// -g: tuilist exits 0 when the output changes, not before.
    @Test func chgexitExitsZeroOnAChange() throws {
        let file = folder + "/state.txt"
        try write("pending\n", to: file)
        let session = try TmuxSession.start(
            width: 100, height: 12,
            command: "\(tuilist.shellQuoted) watch -g -n 0.2 -- cat \(file.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitFor("pending", timeout: 20)
        usleep(600_000)  // three runs with the same output
        #expect(!(try session.capture()).contains { $0.contains("exit=") }, "no change yet: still running")
        try write("done\n", to: file)
        try session.waitFor("exit=0", timeout: 20)
    }

    /// -e: a failing run stops the runs and stays on screen, what it printed shown (cat's
    /// complaint, as procps watch shows it, not the list before); a key then exits with
    /// status 8, as procps watch's.
    @Test(.needsProcpsWatch)
    func errexitStopsOnAFailureShowsItAndAKeyExitsEight() throws {
        let file = folder + "/errexit.txt"
        let screens = try beside(
            "-e -n 0.2 -- cat \(file.shellQuoted)", width: 120, height: 12, before: { try self.write("fine\n", to: file) },
            read: { session, _ in
                try session.waitFor("fine", timeout: 20)
                unlink(file)
                let screen = try session.waitFor("No such file or directory", timeout: 20)
                try session.sendKeys("x")
                try session.waitFor("exit=8", timeout: 20)
                return screen
            })
        #expect(screens[0].contains { $0.contains("press a key to exit") }, "procps watch: \(screens[0])")
        #expect(screens[1].contains { $0.contains("stopped (-e)") && $0.contains("exit 1") }, "ours: \(screens[1])")
        #expect(!screens[1].contains { $0.contains("fine") }, "the failing run is shown, not the list before")
    }

    /// -d: the characters that changed in a row are drawn in standout; a row that only moved
    /// (same identity, same line) is not.
    @Test func differencesHighlightTheChangedCharactersNotAMovedRow() throws {
        let file = folder + "/scores.txt"
        try write("1 alpha 10\n2 beta 20\n", to: file)
        let session = try TmuxSession.start(
            width: 100, height: 12, command: "\(tuilist.shellQuoted) watch -d -n 0.2 --key 1 -- cat \(file.shellQuoted); sleep 60"
        )
        defer { session.kill() }
        try session.waitUntil("the first run", timeout: 20) { $0.count > 2 && $0[2].contains("2 beta 20") }
        try write("2 beta 20\n1 alpha 17\n", to: file)
        let screen = try session.waitUntil("alpha's changed digit in standout", timeout: 20, escapes: true) { screen in
            reversed(on: screen, line: "1 alpha 17") == "7" && reversed(on: screen, line: "2 beta 20") == ""
        }
        #expect(reversed(on: screen, line: "2 beta 20") == "", "beta only moved")
    }

    /// procps's grammar: a joined interval (-n1, -n.5), -n 0 clamped to 0.1 s; a 155-column
    /// line wraps at the 100 columns of the window, a tab reaches the next 8-column stop.
    @Test(arguments: [("-n1", "every 1s"), ("-n.5", "every 0.5s"), ("-n 0", "every 0.1s")])
    func joinedIntervalsRunAndLongLinesWrapAndTabsReachTheirStops(interval: String, title: String) throws {
        let session = try TmuxSession.start(
            width: 100, height: 12,
            command: "\(tuilist.shellQuoted) watch \(interval) 'echo hi; printf \"%0155d\\n\" 7; printf \"a\\tb\\n\"'; sleep 60")
        defer { session.kill() }
        let screen = try session.waitUntil("the wrapped line", timeout: 20) { $0.count > 4 && $0[4].hasPrefix("a ") }
        #expect(screen[0].contains(title), "\(screen)")
        #expect(screen[1] == "hi", "from the first column: \(screen)")
        #expect(screen[2] == String(repeating: "0", count: 100), "\(screen)")
        #expect(screen[3] == String(repeating: "0", count: 54) + "7", "\(screen)")
        #expect(screen[4] == "a       b", "\(screen)")
    }

    /// -d without --key: `date +%s` between two fixed lines is one row updated in place, only
    /// its changed digits in standout, never faded out and in (`~1`, not `−1 +1`).
    @Test func differencesWithoutAKeyHighlightTheChangedDigitsOfARowUpdatedInPlace() throws {
        let epoch = String(String(Int(Date().timeIntervalSince1970)).prefix(4))
        let session = try TmuxSession.start(
            width: 100, height: 12, command: "\(tuilist.shellQuoted) watch -d -n 1 'echo a; date +%s; echo b'; sleep 60")
        defer { session.kill() }
        // The row flashes when it changes (all of it in standout), then keeps the changed digits.
        let screen = try session.waitUntil("the changed digits in standout", timeout: 20, escapes: true) { screen in
            (1 ..< 10).contains(reversed(on: screen, line: epoch)?.count ?? 0)
        }
        let digits = try #require(reversed(on: screen, line: epoch))
        #expect(
            digits.count < 10 && digits.allSatisfy(\.isNumber),
            "only the changed digits: '\(digits)' \(screen.joined(separator: "\n").debugDescription)")
        let plain = try session.capture()
        #expect(plain[1] == "a" && plain[2].hasPrefix(epoch) && plain[3] == "b", "\(plain)")
        for _ in 0 ..< 3 {
            let status = try session.capture().first { $0.contains("exit 0") } ?? ""
            #expect(status.contains("~1") && !status.contains("−") && !status.contains("+"), "updated in place: \(status)")
            usleep(400_000)
        }
    }

    /// --sort=-2: rows ordered by field 2, largest first, re-sorted when the values change;
    /// then the filter: typed, ← moves its cursor, a character goes in the middle, Enter keeps it.
    @Test func sortOrdersByAFieldDescendingAndResortsAndTheFilterEditsMidQuery() throws {
        let file = folder + "/load.txt"
        try write("PID CPU\nweb 30\ndb 5\ncron 12\n", to: file)
        let session = try TmuxSession.start(
            width: 100, height: 12,
            command:
                "\(tuilist.shellQuoted) watch --sort=-2 --key 1 --header-lines 1 -n 0.2 -- cat \(file.shellQuoted); sleep 60")
        defer { session.kill() }
        try session.waitUntil("field 2, largest first", timeout: 20) {
            $0.count > 4 && $0[1].contains("PID CPU") && $0[2].contains("web 30") && $0[3].contains("cron 12")
                && $0[4].contains("db 5")
        }
        try write("PID CPU\nweb 30\ndb 55\ncron 2\n", to: file)
        try session.waitUntil("re-sorted", timeout: 20) {
            $0.count > 4 && $0[2].contains("db 55") && $0[3].contains("web 30") && $0[4].contains("cron 2")
        }
        try session.sendKeys("/")
        try session.sendText("wb")
        try session.sendKeys("Left")
        try session.sendText("e")
        // The prompt line (the status line's place): "/web", the cursor (reverse video) on the
        // "b" after the inserted "e", one row of three matching.
        let screen = try session.waitUntil("the filter web, its cursor on b", timeout: 20, escapes: true) { screen in
            reversed(on: screen, line: "1/3") == "b"
        }
        let plain = screen.map { $0.replacing(/\x1B\[[0-9;]*m/, with: "") }
        #expect(plain.contains { $0.hasPrefix("/web") && $0.hasSuffix("1/3") }, "\(plain.joined(separator: "\n"))")
        try session.waitUntil("only web", timeout: 20) {
            $0.count > 4 && $0[2].contains("web 30") && !$0.contains { $0.contains("db 55") || $0.contains("cron 2") }
        }
        try session.sendKeys("Enter")
        try session.waitUntil("the filter kept in the title", timeout: 20) {
            $0.count > 10 && $0[0].hasSuffix("/web") && $0[10].contains("1/3 rows")
        }
    }

    /// -c: the colours of `ls --color=always` are drawn (a directory in ls's blue).
    @Test func colorDrawsTheColoursOfLs() throws {
        let listed = folder + "/listed"
        try FileManager.default.createDirectory(atPath: listed + "/subdir", withIntermediateDirectories: true)
        try write("x\n", to: listed + "/plainfile")
        let session = try TmuxSession.start(
            width: 100, height: 12,
            command: "LS_COLORS='di=01;34' \(tuilist.shellQuoted) watch -c -n 0.5 'ls --color=always \(listed)'; sleep 60")
        defer { session.kill() }
        let screen = try session.waitUntil("ls's colours", timeout: 20, escapes: true) { screen in
            screen.contains { line in
                // tmux writes the style of "subdir" as SGR parameters before it: blue (34).
                guard let range = line.range(of: "subdir") else { return false }
                let before = line[..<range.lowerBound]
                guard let escape = before.range(of: "\u{1B}[", options: .backwards) else { return false }
                return before[escape.upperBound...].split(whereSeparator: { $0 == ";" || $0 == "m" }).contains("34")
            }
        }
        #expect(!screen.joined().contains("[01;34m"), "no escape drawn as text")
        #expect(screen.contains { $0.contains("plainfile") })
    }

    /// The characters of the screen line containing `text` drawn in reverse video (the
    /// styles come from `capture-pane -e`).
    private func reversed(on screen: [String], line text: String) -> String? {
        var reverse = false
        for line in screen {
            var plain = "", inReverse = ""
            var rest = line[...]
            while !rest.isEmpty {
                if let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)m/) {
                    for parameter in match.1.split(separator: ";", omittingEmptySubsequences: false).map({ Int($0) ?? 0 }) {
                        if parameter == 0 { reverse = false }
                        if parameter == 7 { reverse = true }
                        if parameter == 27 { reverse = false }
                    }
                    rest = rest[match.range.upperBound...]
                } else {
                    let character = rest.removeFirst()
                    plain.append(character)
                    if reverse { inReverse.append(character) }
                }
            }
            if plain.contains(text) { return inReverse }
        }
        return nil
    }

    /// Output with CRLF line ends and a lone CR, beside procps-ng watch 4 (``ReferenceTools``): the
    /// same lines (a CRLF ends one, a lone CR takes a blank column). Before, the rows were
    /// `one\r` (the CR kept, then skipped when drawn) and `abcdefXY`.
    @Test(.needsProcpsWatch)
    func crlfOutputShowsTheLinesProcpsWatchShows() throws {
        let watch = try #require(ReferenceTools.procpsWatch, "procps-ng watch 4.0 or later is not on PATH")
        let script = folder + "/crlf.sh"
        try write("printf 'one\\r\\ntwo\\r\\nabcdef\\rXY\\nnext\\n'\n", to: script)
        var screens: [[String]] = []
        for program in [watch, "\(tuilist.shellQuoted) watch"] {
            let session = try TmuxSession.start(
                width: 40, height: 10, command: "TERM=tmux-256color \(program) -t -n 100 sh \(script.shellQuoted); sleep 60")
            defer { session.kill() }
            screens.append(Array(try session.waitFor("next", timeout: 20).prefix(4)))
        }
        #expect(screens[0] == ["one", "two", "abcdef XY", "next"], "procps watch: \(screens[0])")
        #expect(screens[1] == screens[0], "ours: \(screens[1])")
    }

    @Test func noCommandIsAUsageError() throws {
        let result = try Subprocess.run([tuilist, "watch"])
        #expect(result.status == 2)
        #expect(result.errors.contains("no command"))
        // An unknown option is not taken for the command (watch's own -n is known).
        let unknown = try Subprocess.run([tuilist, "watch", "--bogus", "1", "--", "ls"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown option '--bogus'"))
        // -c with --columns would drop the colours: refused, in one line.
        let pair = try Subprocess.run([tuilist, "watch", "-c", "--columns", "--", "ls"])
        #expect(pair.status == 2 && pair.errors.contains("cannot be used together"), "\(pair.errors)")
        #expect(pair.errors.split(separator: "\n").count == 1, "\(pair.errors)")
    }

    // MARK: - Beside procps watch

    /// Runs `watch ARGUMENTS` with procps-ng watch, then with tuilist watch, each in a tmux
    /// window of its own (`width`×`height`, `TERM=tmux-256color`, `prefix` before it: variables,
    /// a trap), the shell then printing `exit=STATUS`; `before` runs before each starts. What `read` makes of each session
    /// (given the session and the program's name), procps's first.
    private func beside<T>(
        _ arguments: String, width: Int = 60, height: Int = 12, prefix: String = "", redirect: String = "",
        before: () throws -> Void = {}, read: (TmuxSession, String) throws -> T
    ) throws -> [T] {
        let watch = try #require(ReferenceTools.procpsWatch, "procps-ng watch 4.0 or later is not on PATH")
        var results: [T] = []
        for program in [watch, "\(tuilist.shellQuoted) watch"] {
            try before()
            let session = try TmuxSession.start(
                width: width, height: height,
                command: "\(prefix) TERM=tmux-256color \(program) \(arguments) \(redirect); echo \"exit=$?\"; sleep 60")
            defer { session.kill() }
            results.append(try read(session, program))
        }
        return results
    }

    /// The seconds of the title line (`Every 0.1s:`, `every 2s:`), nil without one (`-t`).
    private func titleSeconds(_ screen: [String]) -> Double? {
        guard let line = screen.first, let match = line.firstMatch(of: /[Ee]very ([0-9.]+)s:/) else { return nil }
        return Double(match.1)
    }

    /// procps's grammar, each form read as procps-ng watch 4.0 reads it, beside it: joined
    /// short options (`-tn1`, `-gn1`), -d's optional value in its group (`-dn1` is -d with the
    /// value "n1", so the interval stays 2 s; `-d=permanent`, `-dpermanent`), a negative or
    /// zero interval clamped to 0.1 s, `,` before the fraction, WATCH_INTERVAL under -n.
    /// Before, `-dn1`, `-tn1`, `-gn1`, `-d=permanent`, `-dpermanent`, `-n -1` were refused and
    /// WATCH_INTERVAL ignored.
    @Test(
        .needsProcpsWatch,
        arguments: [
            ("", "-n -1"), ("", "-n 0,5"), ("", "-dn1"), ("", "-d=permanent -n 1"), ("", "-dpermanent"),
            ("", "-gn1"), ("", "-tn1"), ("", "-bn 3 -p"), ("WATCH_INTERVAL=0.5", ""), ("WATCH_INTERVAL=0.5", "-n 3"),
            ("", "-xn 1"),
        ])
    func theGrammarReadsAsProcpsWatch(environment: String, options: String) throws {
        let screens = try beside("\(options) echo hi", prefix: environment) { session, _ in
            try session.waitUntil("hi", timeout: 20) { $0.contains("hi") }
        }
        let seconds = screens.map(titleSeconds)
        #expect(seconds[0] != nil || options.contains("t"), "procps watch: \(screens[0])")
        #expect(seconds[1] == seconds[0], "\(environment) \(options): procps \(screens[0]), ours \(screens[1])")
        #expect((screens[1].first == "hi") == (screens[0].first == "hi"), "-t: the output on the first line")
    }

    /// -v and --version print the version and exit 0, as procps's.
    @Test(.needsProcpsWatch)
    func versionExitsZero() throws {
        for flag in ["-v", "--version"] {
            let ours = try Subprocess.run([tuilist, "watch", flag])
            let theirs = try Subprocess.run(["watch", flag])
            #expect(theirs.status == 0 && ours.status == 0, "\(flag): \(ours.errors)")
            #expect(ours.output.hasPrefix("tuilist watch "), "\(ours.output)")
        }
    }

    /// Several arguments are joined by spaces and run with `sh -c`, as procps runs them:
    /// `watch echo '$HOME' x` prints the home folder. Before, they ran without a shell
    /// (`$HOME` printed as is) while the title said `sh -c`.
    @Test(.needsProcpsWatch)
    func severalArgumentsRunThroughTheShell() throws {
        let screens = try beside("-t -n 5 echo '$HOME' '\"a  b\"'") { session, _ in
            try session.waitUntil("the output", timeout: 20) { !($0.first ?? "").isEmpty }
        }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        #expect(screens[0].first == "\(home) a  b", "procps watch: \(screens[0])")
        #expect(screens[1].first == screens[0].first, "ours: \(screens[1])")
    }

    /// The command's environment carries the terminal's COLUMNS and LINES, as procps's: `tput
    /// cols` says 70 in a 70-column window. Before, it said 80 (no COLUMNS, no terminal).
    @Test(.needsProcpsWatch)
    func theCommandGetsTheTerminalsColumnsAndLines() throws {
        let screens = try beside("-t -n 5 'echo $COLUMNS $LINES; tput cols'", width: 70, height: 11) { session, _ in
            try session.waitUntil("two lines", timeout: 20) { $0.count > 1 && !$0[1].isEmpty }
        }
        #expect(Array(screens[0].prefix(2)) == ["70 11", "70"], "procps watch: \(screens[0])")
        #expect(Array(screens[1].prefix(2)) == Array(screens[0].prefix(2)), "ours: \(screens[1])")
    }

    /// -t shows nothing but the output: twelve 60-column lines fill a 60×12 window, as under
    /// procps. Before, the status line, the help bar and a scrollbar column left 5.
    @Test(.needsProcpsWatch)
    func noTitleShowsOnlyTheOutput() throws {
        let command = "-t -n 5 'for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf \"%060d\\n\" $i; done'"
        let screens = try beside(command, width: 60, height: 12) { session, _ in
            try session.waitFor("00001", timeout: 20)
            usleep(300_000)
            return try session.capture()
        }
        let full = { (screen: [String]) in screen.filter { $0.count == 60 && $0.allSatisfy(\.isNumber) }.count }
        #expect(full(screens[0]) == 12, "procps watch: \(screens[0])")
        #expect(full(screens[1]) == 12, "ours: \(screens[1])")
    }

    /// -g with standard output redirected draws on the terminal (/dev/tty) and exits 0 on the
    /// change: `… >/dev/null && echo CHANGED` prints CHANGED, as with procps. Before: exit 2,
    /// "standard output is not a terminal".
    @Test(.needsProcpsWatch)
    func chgexitWithStdoutRedirectedDrawsOnTheTerminal() throws {
        let outcomes = try beside("-g -n 0.3 'date +%N'", redirect: ">/dev/null && echo CHANGED") { session, _ in
            try session.waitFor("exit=", timeout: 20)
        }
        for (name, screen) in zip(["procps watch", "ours"], outcomes) {
            #expect(screen.contains("CHANGED") && screen.contains("exit=0"), "\(name): \(screen)")
        }
    }

    /// Ctrl-C ends both with status 0 (procps's SIGINT handler exits 0). Before: 130.
    @Test(.needsProcpsWatch)
    func ctrlCExitsZero() throws {
        // A long interval: procps's handler calls exit(), which can hang when the signal lands
        // while it draws (stdio's lock); between runs it sleeps.
        // The shell survives Ctrl-C (a non-interactive sh would end with the pane).
        let outcomes = try beside("-n 10 'echo ticking'", prefix: "trap : INT;") { session, _ in
            try session.waitFor("ticking", timeout: 20)
            usleep(500_000)
            try session.sendKeys("C-c")
            return try session.waitFor("exit=", timeout: 20)
        }
        #expect(outcomes[0].contains("exit=0"), "procps watch: \(outcomes[0])")
        #expect(outcomes[1].contains("exit=0"), "ours: \(outcomes[1])")
    }

    /// -q N exits 0 once the output has not changed for N runs, counted as procps counts them
    /// (the first run counts as unchanged): as many runs as procps. Before, -q was refused.
    @Test(.needsProcpsWatch, arguments: [1, 3])
    func equexitExitsAfterTheRunsProcpsMakes(cycles: Int) throws {
        let counter = folder + "/runs-\(cycles)"
        var runs: [Int] = []
        let outcomes = try beside(
            "-q \(cycles) -n 0.2 'echo same; echo x >> \(counter)'", before: { unlink(counter) },
            read: { session, _ in
                let screen = try session.waitFor("exit=", timeout: 20)
                runs.append(readTextFile(counter)?.split(separator: "\n").count ?? 0)
                return screen
            })
        #expect(outcomes[0].contains("exit=0") && outcomes[1].contains("exit=0"), "\(outcomes)")
        #expect(runs[0] == cycles + 1, "procps watch ran \(runs[0]) times")
        #expect(runs[1] == runs[0], "ours ran \(runs[1]) times")
    }

    /// -d marks a line that came in standout, as procps does. Before, an inserted row faded
    /// in with no mark.
    @Test(.needsProcpsWatch)
    func differencesMarkAnInsertedLine() throws {
        let file = folder + "/inserted.txt"
        let screens = try beside(
            "-t -d -n 0.2 cat \(file.shellQuoted)", before: { try self.write("a\nc\n", to: file) },
            read: { session, _ in
                try session.waitUntil("a, c", timeout: 20) { $0.count > 1 && $0[0] == "a" && $0[1] == "c" }
                usleep(400_000)
                try write("a\nb\nc\n", to: file)
                return try session.waitUntil("b in standout", timeout: 20, escapes: true) { screen in
                    reversed(on: screen, line: "b") == "b"
                }
            })
        #expect(reversed(on: screens[0], line: "b") == "b" && reversed(on: screens[1], line: "b") == "b")
        #expect(reversed(on: screens[1], line: "a") == "", "ours: a did not change")
    }
}
