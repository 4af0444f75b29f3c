import Foundation
import TUIList
import Testing

/// The picker's screen in tmux (issue 31, item 4): `--height` drawn inline below the lines
/// printed before it, tabs, a match past the right edge, the gutter mark of marked lines.
@Suite("tuilist picker's screen in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerScreenE2ETests {
    let tuilist: String
    let output: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        output = NSTemporaryDirectory() + "/tuilist-screen-\(UUID().uuidString.prefix(8)).out"
    }

    deinit { unlink(output) }

    /// Runs `before; producer | tuilist arguments > output`, then prints the status and the
    /// terminal modes.
    private func start(_ producer: String, _ arguments: String = "", before: String = ":") throws -> TmuxSession {
        try TmuxSession.start(
            width: 60, height: 40,
            command:
                "trap : INT; \(before); \(producer) | TERM=tmux-256color \(tuilist.shellQuoted) \(arguments) > \(output.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
    }

    @Test func heightDrawsBelowTheLinesPrintedBeforeAndGivesThemBack() throws {
        let session = try start("seq 100", "--height 10", before: "printf '1\\n2\\n3\\n4\\n5\\n'")
        defer { session.kill() }
        let five = ["1", "2", "3", "4", "5"]
        let running = try session.waitUntil("the picker below the five lines", timeout: 20) {
            $0.count > 15 && Array($0.prefix(5)) == five && $0[5].hasPrefix(">") && $0[5].contains("100/100")
        }
        #expect(running[6].trimmingCharacters(in: .whitespaces).hasPrefix("1"), "the first line under the prompt")
        #expect(running[14] != "", "ten lines: the help bar on the tenth")
        #expect(running[15...].allSatisfy { $0.isEmpty }, "nothing below the ten lines:\n\(running.joined(separator: "\n"))")
        #expect(try !session.isOnAlternateScreen())
        try session.sendText("42")
        try session.waitUntil("one match", timeout: 20) { $0.count > 6 && $0[5].contains("1/100") }
        try session.sendKeys("Enter")
        let screen = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(screen)
        #expect(Array(screen.prefix(5)) == five, "the five lines stay:\n\(screen.joined(separator: "\n"))")
        #expect(screen[5] == "exit=0", "the picker's lines cleared, the cursor back on its first line")
        #expect(readTextFile(output) == "42\n")
    }

    /// Ctrl-C (130) and SIGTERM (143) under `--height` clear the picker's lines and put the
    /// modes back; the lines printed before stay.
    @Test(arguments: ["C-c", "TERM"])
    func interruptedWithHeightTheLinesAboveStayAndTheModesComeBack(how: String) throws {
        let session = try start("seq 100", "--height 6", before: "printf 'a\\nb\\n'")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.count > 3 && $0[2].contains("100/100") }
        if how == "TERM" {
            // The pane runs `sh -c`; its child still running is the picker (seq has ended).
            for pid in TmuxSession.children(of: try session.panePID()) { kill(pid, SIGTERM) }
        } else {
            try session.sendKeys(how)
        }
        let screen = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(screen)
        #expect(Array(screen.prefix(3)) == ["a", "b", how == "TERM" ? "exit=143" : "exit=130"], "\(screen.prefix(4))")
    }

    /// After a prompt printed without a line break, the picker starts on the next line and the
    /// pick lands after the prompt, as fzf's does.
    @Test func withHeightThePickLandsAfterTheCallersPrompt() throws {
        let session = try TmuxSession.start(
            width: 60, height: 20,
            command: "printf 'PROMPT-TEXT: '; seq 5 | \(tuilist.shellQuoted) --height 5 -q 3; echo '<end>'; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.count > 2 && $0[1].hasPrefix("> 3") }
        #expect(try session.capture().first == "PROMPT-TEXT:")
        try session.sendKeys("Enter")
        let after = try session.waitFor("<end>", timeout: 20)
        #expect(after.first == "PROMPT-TEXT: 3", "\(after.prefix(3))")
        #expect(after.dropFirst().first == "<end>")
    }

    /// `~N`: three lines read take five lines (prompt, three lines, help bar), not ten.
    @Test func adaptiveHeightTakesOnlyTheLinesNeeded() throws {
        let session = try start("seq 3", "--height ~10", before: "echo top")
        defer { session.kill() }
        let screen = try session.waitUntil("the picker under top", timeout: 20) {
            $0.count > 6 && $0[0] == "top" && $0[1].contains("3/3") && $0[5].contains("Enter")
        }
        #expect(screen[2].hasSuffix("1") && screen[4].hasSuffix("3"))
        #expect(screen[6...].allSatisfy { $0.isEmpty }, "five lines only:\n\(screen.joined(separator: "\n"))")
        try session.sendKeys("Up", "Enter")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after[0] == "top" && after[1] == "exit=0")
        #expect(readTextFile(output) == "1\n")
    }

    /// Mouse reports count the terminal's lines; the picker's lines start on line 6 here.
    @Test func aClickWithHeightLandsOnTheLineUnderIt() throws {
        let session = try start("seq 100", "--height 10", before: "printf '1\\n2\\n3\\n4\\n5\\n'")
        defer { session.kill() }
        try session.waitUntil("the picker below the five lines", timeout: 20) { $0.count > 6 && $0[5].contains("100/100") }
        // Line 9 of the terminal (1-based) shows the third line of the list.
        try session.sendText("\u{1B}[<0;3;9M\u{1B}[<0;3;9m")
        try session.sendKeys("Enter")
        _ = try session.waitFor("icanon", timeout: 20)
        #expect(readTextFile(output) == "3\n")
    }

    /// A screen line as both programs can be compared: fzf's two-column gutter made one (this
    /// picker's), the scrollbar, the separator's end and trailing blanks dropped (fzf's fill
    /// stops a column before ours, being a column to the right).
    static func comparable(_ line: String, fromFzf: Bool) -> String {
        var text = Substring(line)
        if fromFzf, text.count >= 2, ["▌", " "].contains(text.first!), text.dropFirst().first == " " { text = text.dropFirst() }
        while let last = text.last, [" ", "│", "█", "─"].contains(last) { text = text.dropLast() }
        return String(text)
    }

    /// fzf's layouts and `--info` styles in a real terminal, beside the real fzf on the same
    /// input and screen (the pinned reference, ReferenceTools): the prompt, the counts,
    /// the separator, the header and the header lines where fzf has them, and the list going up
    /// from the prompt under `--layout=default`. Then ↑ twice picks `6` in both (↑ goes up the
    /// screen: to the next match under `default`).
    @Test(
        .needsReferenceFzf,
        arguments: [
            "--layout=default --info=default", "--layout=reverse --info=right", "--layout=reverse-list --info=inline",
            "--layout=default --info=inline-right", "--layout=default --info=hidden --separator=ab",
            "--layout=reverse --info=default --no-separator",
        ])
    func layoutsAndInfoStylesDrawAsFzfsDo(options: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        var screens: [[String]] = []
        var picks: [String] = []
        for (program, fromFzf) in [(fzf, true), (tuilist, false)] {
            let out = output + (fromFzf ? ".fzf" : "")
            defer { unlink(out) }
            // This picker's help bar takes a line more: give it one.
            let session = try TmuxSession.start(
                width: 40, height: fromFzf ? 12 : 13,
                command:
                    "seq 30 | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --header-lines 3 --header HDR \(options) > \(out.shellQuoted); echo done; sleep 60"
            )
            defer { session.kill() }
            let screen = try session.waitUntil("\(program): the list drawn, the input read", timeout: 20) { screen in
                let lines = screen.map { Self.comparable($0, fromFzf: fromFzf) }
                return lines.contains(" 9") && lines.contains(" HDR") && !screen.joined().contains("reading")
            }
            screens.append(screen.prefix(12).map { Self.comparable($0, fromFzf: fromFzf) })
            try session.sendKeys("Up", "Up", "Enter")
            try session.waitFor("done", timeout: 20)
            picks.append(readTextFile(out) ?? "")
        }
        #expect(
            screens[1] == screens[0],
            "\(options)\nfzf:\n\(screens[0].joined(separator: "\n"))\nours:\n\(screens[1].joined(separator: "\n"))")
        let up = options.contains("layout=default") ? "6\n" : "4\n"
        #expect(picks == [up, up], "\(options): \(picks)")
    }

    /// Moving down a long list scrolls as fzf's does: three lines kept in view below the
    /// selection (fzf's default `--scroll-off`), none with `--scroll-off 0`, more with more;
    /// screens compared with fzf's after the same keys (skipped without fzf 0.42 or later).
    @Test(
        .needsReferenceFzf,
        arguments: ["", "--scroll-off 0", "--scroll-off 5", "--layout=default"])
    func movingDownScrollsAsFzfs(options: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        var screens: [[String]] = []
        for (program, fromFzf) in [(fzf, true), (tuilist, false)] {
            let session = try TmuxSession.start(
                width: 40, height: fromFzf ? 12 : 13,
                command:
                    "seq 100 | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --reverse --info=default \(options); sleep 60"
            )
            defer { session.kill() }
            try session.waitUntil("\(program): the list", timeout: 20) { $0.joined().contains("100/100") }
            for _ in 0 ..< 8 { try session.sendKeys(options.contains("default") ? "Up" : "Down") }
            let screen = try session.waitUntil("\(program): the ninth line selected and shown", timeout: 20) { screen in
                screen.contains { Self.comparable($0, fromFzf: fromFzf) == " 9" }
            }
            usleep(300_000)  // (the last keys' frames)
            screens.append(try session.capture().prefix(12).map { Self.comparable($0, fromFzf: fromFzf) })
            _ = screen
        }
        #expect(
            screens[1] == screens[0],
            "\(options)\nfzf:\n\(screens[0].joined(separator: "\n"))\nours:\n\(screens[1].joined(separator: "\n"))")
    }

    /// `--height 10%` on a 40-line terminal takes `--min-height`'s lines, as many as fzf's
    /// (skipped without fzf 0.42 or later): fzf's default `10+`, `N+` with the counts' line,
    /// the header, header lines and border added, and `N` alone (less than 10% here).
    @Test(
        .needsReferenceFzf,
        arguments: [
            "", "--min-height 5+ --header-lines 2", "--min-height 5+ --header-lines 2 --header H --border", "--min-height 3",
        ])
    func minHeightTakesAsManyLinesAsFzfs(options: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        var counts: [Int] = []
        for program in [fzf, tuilist] {
            let session = try TmuxSession.start(
                width: 60, height: 40,
                command: "seq 100 | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --height 10% \(options); sleep 60"
            )
            defer { session.kill() }
            let screen = try session.waitUntil("\(program): the picker drawn", timeout: 20) { screen in
                screen.contains { $0.contains("100/100") || $0.contains("98/98") } && !screen.joined().contains("reading")
            }
            counts.append(screen.filter { !$0.isEmpty }.count)
        }
        #expect(counts[1] == counts[0], "\(options): fzf takes \(counts[0]) lines, tuilist \(counts[1])")
    }

    /// fzf's launcher of a search command (its README's ripgrep one, with `grep`): search
    /// off (`--disabled`), the lines from `start:reload`, each query re-running the command
    /// (`change:reload`), and `one:accept` choosing once one line is left; run from a script
    /// beside fzf (0.42 or later), both print the same line.
    @Test(.needsReferenceFzf)
    func aSearchCommandLauncherWorksAsFzfs() throws {
        let fzf = try ReferenceTools.requireFzf()
        let words = NSTemporaryDirectory() + "/tuilist-words-\(UUID().uuidString.prefix(8))"
        defer { unlink(words) }
        try "alpha\nalphabet\nbeta\nbetamax\ngamma\n".write(toFile: words, atomically: true, encoding: .utf8)
        var picks: [String] = []
        for program in [fzf, tuilist] {
            let out = output + (program == fzf ? ".fzf" : "")
            defer { unlink(out) }
            let command =
                "\(program.shellQuoted) --reverse --disabled --bind \("start:reload:cat \(words)".shellQuoted) "
                + "--bind \("change:reload:sleep 0.1; grep -- {q} \(words) || true".shellQuoted) --bind one:accept"
            let session = try TmuxSession.start(
                width: 60, height: 12,
                command: "x=$(FZF_DEFAULT_OPTS= TERM=tmux-256color \(command)); echo \"$x rc=$?\" > \(out.shellQuoted); sleep 60")
            defer { session.kill() }
            try session.waitUntil("\(program): the five words", timeout: 20) { $0.contains { $0.contains("gamma") } }
            try session.sendText("bet")
            try session.waitUntil("\(program): two lines left", timeout: 20) { !$0.contains { $0.contains("gamma") } }
            try session.sendText("am")
            let deadline = Date().addingTimeInterval(20 * slowdown)
            while readTextFile(out) == nil && Date() < deadline { usleep(50_000) }
            picks.append(readTextFile(out) ?? "nothing printed")
        }
        #expect(picks == ["betamax rc=0\n", "betamax rc=0\n"], "fzf, then tuilist: \(picks)")
    }

    @Test func tabsExpandToTheTabStops() throws {
        let session = try start("printf 'a\\tb\\tc\\nxy\\tz\\n'", "--tabstop 4")
        defer { session.kill() }
        let screen = try session.waitUntil("two lines", timeout: 20) { $0.count > 3 && $0[0].contains("2/2") }
        #expect(screen[1].hasPrefix(" a   b   c"), "\(screen[1])")
        #expect(screen[2].hasPrefix(" xy  z"), "\(screen[2])")
        try session.sendKeys("Enter")
        _ = try session.waitFor("icanon", timeout: 20)
        #expect(readTextFile(output) == "a\tb\tc\n", "the pick printed with its tabs")
    }

    @Test func aMatchPastTheRightEdgeIsScrolledIntoView() throws {
        let long = String(repeating: "x", count: 100) + "needle tail"
        let session = try start("printf '\(long)\\nshort\\n'")
        defer { session.kill() }
        try session.waitUntil("two lines", timeout: 20) { $0.count > 3 && $0[0].contains("2/2") }
        try session.sendText("needle")
        let screen = try session.waitUntil("the match shown", timeout: 20) { $0.count > 2 && $0[0].contains("1/2") }
        #expect(screen[1].contains("needle tail"), "\(screen[1])")
        #expect(screen[1].hasPrefix(" ··x"), "the cut side marked: \(screen[1])")
    }

    @Test func markedLinesHaveTheGutterMarker() throws {
        let session = try start("printf 'one\\ntwo\\nthree\\n'", "--multi --marker '*'")
        defer { session.kill() }
        try session.waitUntil("three lines", timeout: 20) { $0.count > 4 && $0[0].contains("3/3") }
        try session.sendKeys("Tab")
        let screen = try session.waitUntil("one marked", timeout: 20) { $0[0].contains("marked") }
        #expect(screen[1].hasPrefix("*one"), "\(screen[1])")
        #expect(screen[2].hasPrefix(" two") && screen[3].hasPrefix(" three"))
        try session.sendKeys("Enter")
        _ = try session.waitFor("icanon", timeout: 20)
        #expect(readTextFile(output) == "one\n")
    }

    /// `--group-by 1 --header-lines 1 --columns` on `ps`-like output: the header and the rows
    /// aligned into columns, a sticky section per user; a query ranks within the groups; Enter
    /// prints the line as read (not as aligned).
    @Test func groupByWithColumnsUnderThePsHeader() throws {
        let input = NSTemporaryDirectory() + "/tuilist-ps-\(UUID().uuidString.prefix(8)).txt"
        try """
        USER PID %CPU COMMAND
        root 1 0.0 /sbin/init splash
        alice 4242 1.5 -bash
        root 2 0.0 [kthreadd]
        alice 4300 12.0 vim notes.txt
        bob 5000 0.3 -bash
        """.write(toFile: input, atomically: true, encoding: .utf8)
        defer { unlink(input) }
        let session = try start("cat \(input.shellQuoted)", "--header-lines 1 --columns --group-by 1")
        defer { session.kill() }
        let screen = try session.waitUntil("the groups", timeout: 20) { $0.count > 10 && $0[0].contains("5/5") }
        #expect(screen[1] == " USER   PID   %CPU  COMMAND", "\(screen.prefix(10).joined(separator: "\n"))")
        #expect(screen[2].hasPrefix("root ") && screen[2].hasSuffix(" 2"), "root's header, its count: \(screen[2])")
        #expect(screen[3] == " root   1     0.0   /sbin/init splash", "\(screen[3])")
        #expect(screen[4] == " root   2     0.0   [kthreadd]")
        #expect(screen[5].hasPrefix("alice ") && screen[5].hasSuffix(" 2"))
        #expect(screen[6] == " alice  4242  1.5   -bash")
        try session.sendText("'-bash")
        // Equal scores; bob's line is the shorter (fzf's length tiebreak): bob's group first,
        // though alice's came first in the input (waited for: the rows slide there).
        let found = try session.waitUntil("two matches, bob's group first", timeout: 20) {
            $0.count > 6 && $0[0].contains("2/5") && $0[2].hasPrefix("bob ") && $0[4].hasPrefix("alice ")
        }
        #expect(found[2].hasPrefix("bob ") && found[3] == " bob    5000  0.3   -bash", "\(found.prefix(8))")
        #expect(found[4].hasPrefix("alice ") && found[5] == " alice  4242  1.5   -bash", "\(found.prefix(8))")
        try session.sendKeys("Enter")
        _ = try session.waitFor("icanon", timeout: 20)
        #expect(readTextFile(output) == "bob 5000 0.3 -bash\n")
    }
}
