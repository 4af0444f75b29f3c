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
            isReverse("2 beta 20", on: screen)
        }
        // Reordered, one changed (alpha), one removed (delta), one added (epsilon).
        try write("ID NAME SCORE\n3 gamma 30\n1 alpha 11\n5 epsilon 50\n2 beta 20\n", to: file)
        let screen = try session.waitUntil("the new order", timeout: 20) {
            $0.count > 5 && $0[2].contains("3 gamma 30") && $0[3].contains("1 alpha 11") && $0[4].contains("5 epsilon 50")
                && $0[5].contains("2 beta 20") && !$0.contains { $0.contains("delta") }
        }
        #expect(screen[1].contains("ID NAME SCORE"), "the header stays on top")
        #expect(screen[0].contains("every 0.2s: cat"))
        // The selection is still on beta: its line is drawn in reverse video.
        let styled = try session.capture(escapes: true)
        #expect(isReverse("2 beta 20", on: styled), "beta is selected: \(styled.joined(separator: "\n").debugDescription)")
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

    @Test func aFailingCommandShowsItsCodeAndKeepsTheLastList() throws {
        let file = folder + "/list.txt"
        try write("one\ntwo\n", to: file)
        let session = try TmuxSession.start(
            width: 160, height: 20,
            command:
                "\(tuilist.shellQuoted) watch -n 0.2 -- cat \(file.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the list", timeout: 20) { $0.count > 2 && $0[2].contains("two") }
        unlink(file)
        let screen = try session.waitFor("exit 1: ", timeout: 20)
        #expect(screen[1].contains("one") && screen[2].contains("two"), "the last good list stays")
        #expect(screen.contains { $0.contains("No such file or directory") })
        try session.sendKeys("q")
        try session.waitFor("exit=0", timeout: 20)
    }

    /// A run in flight (its command leads its own process group, out of Ctrl-C's reach) ends
    /// with tuilist, whether q or Ctrl-C ends it.
    @Test(arguments: [("q", 0), ("C-c", 130)])
    func aRunInFlightEndsWithTuilist(key: String, status: Int) throws {
        // A sleep of a unique length names this run's processes for pgrep.
        let sleep = "sleep 40.\(getpid())\(UInt16.random(in: 1000 ... .max))"
        let session = try TmuxSession.start(
            width: 100, height: 20,
            command:
                "trap : INT; \(tuilist.shellQuoted) watch -- sh -c '\(sleep); echo slow'; echo \"exit=$?\"; sleep 60")
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

    /// -e: a failing run stops the runs and stays on screen; a key then exits with status 8.
    @Test func errexitStopsOnAFailureAndAKeyExitsEight() throws {
        let file = folder + "/errexit.txt"
        try write("fine\n", to: file)
        let session = try TmuxSession.start(
            width: 120, height: 12,
            command: "\(tuilist.shellQuoted) watch -e -n 0.2 -- cat \(file.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitFor("fine", timeout: 20)
        unlink(file)
        let screen = try session.waitFor("stopped (-e)", timeout: 20)
        #expect(screen.contains { $0.contains("exit 1: ") } && screen[1].contains("fine"), "\(screen)")
        try session.sendKeys("x")
        try session.waitFor("exit=8", timeout: 20)
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
}
