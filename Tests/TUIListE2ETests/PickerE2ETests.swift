import Foundation
import TUIList
import TUIListTool
import Testing

/// The real pipe picker in tmux: `… | tuilist`, drawn on /dev/tty, the choice on stdout.
@Suite("tuilist picker in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerE2ETests {
    let tuilist: String
    let output: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        output = NSTemporaryDirectory() + "/tuilist-pick-\(UUID().uuidString.prefix(8)).out"
    }

    deinit { unlink(output) }

    /// Runs `producer | tuilist arguments > output` in its own tmux server under `term`, then
    /// prints the status and the terminal modes.
    private func start(_ producer: String, _ arguments: String = "", term: String = "tmux-256color") throws -> TmuxSession {
        try TmuxSession.start(
            width: 60, height: 40,
            command:
                "trap : INT; \(producer) | TERM=\(term) \(tuilist.shellQuoted) \(arguments) > \(output.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
    }

    private func finish(_ session: TmuxSession) throws -> (status: String, printed: String) {
        let screen = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(screen)
        let status = screen.first { $0.hasPrefix("exit=") } ?? screen.joined(separator: "\n")
        return (status, readTextFile(output) ?? "")
    }

    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func downAndEnterPrintTheSecondLine(term: String) throws {
        let session = try start("printf 'alpha\\nbeta\\ngamma\\n'", term: term)
        defer { session.kill() }
        try session.waitUntil("three lines", timeout: 20) {
            $0.count > 3 && $0[0].contains("3/3") && $0[3].contains("gamma")
        }
        try session.sendKeys("Down", "Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "beta\n")
    }

    @Test func typingFiltersTwoHundredThousandLines() throws {
        let session = try start("seq 1 200000")
        defer { session.kill() }
        try session.waitUntil("all lines read", timeout: 30) {
            $0.first?.contains("200000/200000") == true && !$0[0].contains("reading")
        }
        try session.sendText("199999")
        try session.waitUntil("one match", timeout: 20) {
            $0[0].contains("1/200000") && $0[1].trimmingCharacters(in: .whitespaces).hasPrefix("199999")
        }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "199999\n")
    }

    /// The query has a cursor: ← moves it into the query, a character goes in there, the
    /// count changes, and the cursor cell (reversed) is on the character after it.
    @Test func leftThenACharacterInsertsIntoTheQuery() throws {
        let session = try start("printf 'cat\\ncot\\ncoat\\ndog\\n'")
        defer { session.kill() }
        try session.waitFor("4/4", timeout: 20)
        try session.sendText("ct")
        try session.waitUntil("three matches", timeout: 20) { $0[0].hasPrefix("> ct") && $0[0].hasSuffix("3/4") }
        try session.sendKeys("Left")
        try session.sendText("o")
        let screen = try session.waitUntil("cot: two matches", timeout: 20, escapes: true) { screen in
            let rows = styledRows(screen)
            return !rows.isEmpty && rows[0].text.hasPrefix("> cot") && rows[0].text.hasSuffix("2/4")
        }
        let prompt = styledRows(screen)[0]
        #expect(prompt.styles[4].attributes.contains(.reverse), "the cursor on the t: \(prompt.styles.prefix(6))")
        #expect(!prompt.styles[3].attributes.contains(.reverse) && !prompt.styles[5].attributes.contains(.reverse))
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "cot\n")
    }

    @Test func aSlowProducersLinesShowBeforeItCloses() throws {
        // A line every 50 ms, then the pipe stays open for 4 s more.
        let session = try start("(for i in 1 2 3 4 5 6; do echo line$i; sleep 0.05; done; sleep 4)")
        defer { session.kill() }
        let screen = try session.waitUntil("six lines while the producer still runs", timeout: 10) {
            $0.count > 6 && $0[6].contains("line6")
        }
        #expect(screen[0].contains("reading…"))
        try session.sendKeys("Escape")
        let (status, printed) = try finish(session)
        #expect(status == "exit=130")
        #expect(printed.isEmpty)
    }

    @Test func multiMarksAndHeaderLinesStayOnTop() throws {
        let session = try start("printf 'NAME SIZE\\nb 2\\na 1\\nc 3\\n'", "--multi --header-lines 1 --key 1")
        defer { session.kill() }
        try session.waitUntil("header and rows", timeout: 20) {
            $0.count > 4 && $0[1].contains("NAME SIZE") && $0[4].contains("c 3")
        }
        try session.sendKeys("Tab", "Down", "Tab", "Enter")  // marks b, skips a, marks c
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "b 2\nc 3\n")
    }

    @Test func ctrlCExitsWithNothingPrinted() throws {
        let session = try start("printf 'alpha\\nbeta\\n'")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendKeys("C-c")
        let (status, printed) = try finish(session)
        #expect(status == "exit=130")
        #expect(printed.isEmpty)
    }

    /// The selected row's bar: dark grey across the row under tmux (tmux-256color, drawn as
    /// xterm-256color: tmux erases in colour), so a move erases its blanks; reverse video on an
    /// 8-colour terminal (screen). Before, it was reverse video everywhere.
    @Test(arguments: [("tmux-256color", true), ("screen", false)])
    func theSelectionBarIsDarkGreyWhereTheTerminalErasesInColour(term: String, inColour: Bool) throws {
        let session = try start("printf 'alpha\\nbeta\\n'", term: term)
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendKeys("Down")
        let screen = try session.waitUntil("beta selected", timeout: 20, escapes: true) { screen in
            let rows = styledRows(screen)
            guard rows.count > 2, rows[2].styles.count > 1 else { return false }
            return rows[2].styles[1].background == .indexed(236) || rows[2].styles[1].attributes.contains(.reverse)
        }
        let (alpha, beta) = (styledRows(screen)[1], styledRows(screen)[2])
        #expect(beta.text.hasPrefix(" beta") && alpha.text.hasPrefix(" alpha"))
        if inColour {
            #expect(
                beta.styles.allSatisfy { $0.background == .indexed(236) && !$0.attributes.contains(.reverse) }, "\(beta.styles)")
        } else {
            #expect(beta.styles[1].attributes.contains(.reverse) && beta.styles[1].background == .default, "\(beta.styles)")
        }
        #expect(alpha.styles.allSatisfy { $0.background == .default && !$0.attributes.contains(.reverse) }, "\(alpha.styles)")
        try session.sendKeys("Escape")
        _ = try finish(session)
    }

    @Test func matchedCharactersAreHighlighted() throws {
        let session = try start("printf 'alpha\\nbeta\\n'")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendText("bt")
        let screen = try session.waitUntil("beta alone, highlighted", timeout: 20, escapes: true) { screen in
            let rows = styledRows(screen)
            return rows.count > 2 && rows[1].text.contains("beta") && !rows[2].text.contains("alpha")
        }
        let row = styledRows(screen)[1]
        let b = try #require(row.text.firstIndex(of: "b").map { row.text.distance(from: row.text.startIndex, to: $0) })
        let match = Style(foreground: .ansi(2), attributes: .bold)
        // b and t matched; e and a not (the row is selected: the bar over all of it).
        #expect(row.styles[b].foreground == match.foreground && row.styles[b].attributes.contains(.bold), "\(row.styles[b])")
        #expect(row.styles[b + 2].foreground == match.foreground, "t: \(row.styles[b + 2])")
        #expect(row.styles[b + 1].foreground != match.foreground && row.styles[b + 3].foreground != match.foreground)
        try session.sendKeys("Escape")
        _ = try finish(session)
    }

    @Test func ansiColoursAreDrawnAndThePickIsPrintedWithoutThem() throws {
        let session = try start("printf '\\033[31mred\\033[0m apple\\n\\033[1;34mblue\\033[0m sky\\n'", "--ansi")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        let rows = styledRows(try session.capture(escapes: true))
        #expect(rows[1].text.hasPrefix(" red apple") && rows[2].text.hasPrefix(" blue sky"), "\(rows.map(\.text))")
        #expect(rows[1].styles[1].foreground == .ansi(1), "red is red: \(rows[1].styles[1])")
        // (Row 1 is selected: the bar's own foreground where it is drawn in colour.)
        #expect(rows[1].styles[5].foreground != .ansi(1) && rows[2].styles[6].foreground == .default, "apple, sky: no colour")
        #expect(rows[2].styles[1].foreground == .ansi(4) && rows[2].styles[1].attributes.contains(.bold))
        #expect(!rows.contains { $0.text.contains("[31m") }, "no escape drawn as text")
        try session.sendText("31")
        try session.waitFor("0/2", timeout: 20)  // the escapes are not matched
        try session.sendKeys("BSpace", "BSpace")
        try session.sendText("sky")
        try session.waitFor("1/2", timeout: 20)
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "blue sky\n")
    }

    @Test func withNthHeaderAndPromptOnScreenAndTheWholeLinePrinted() throws {
        let session = try start(
            "printf 'id1:apple:red\\nid2:kiwi:green\\n'", "-d : --with-nth 2.. --nth 1 --header 'Pick a fruit' --prompt 'fruit> '"
        )
        defer { session.kill() }
        let screen = try session.waitUntil("the fields shown", timeout: 20) {
            $0.count > 3 && $0[3].contains("kiwi:green")
        }
        #expect(screen[0].hasPrefix("fruit> "), "\(screen[0])")
        #expect(screen[1].trimmingCharacters(in: .whitespaces) == "Pick a fruit")
        #expect(screen[2].trimmingCharacters(in: .whitespaces) == "apple:red", "id1 is not shown: \(screen[2])")
        try session.sendText("green")
        try session.waitFor("0/2", timeout: 20)  // --nth 1: the colour is shown, not searched
        try session.sendKeys("C-u")
        try session.sendText("kiwi")
        try session.waitFor("1/2", timeout: 20)
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "id2:kiwi:green\n")
    }

    @Test func selectOneAndPrint0ChooseTheOnlyMatchWithoutAKey() throws {
        let session = try start("printf 'apple\\0kiwi\\0'", "--read0 --print0 -q kiwi -1")
        defer { session.kill() }
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "kiwi\0")
        let none = try start("printf 'apple\\n'", "-q kiwi -0")
        defer { none.kill() }
        let (noneStatus, nothing) = try finish(none)
        #expect(noneStatus == "exit=1" && nothing.isEmpty)
    }

    /// CRLF input: `--filter` and the screen split lines by one rule (``LineSplitter``, fzf's):
    /// both print the picked line's bytes as read, its `\r` kept, as fzf does in both modes.
    @Test func filterAndTheScreenPrintTheSameBytesForCRLFInput() throws {
        let input = "printf 'one\\r\\ntwo\\r\\nthree\\r\\n'"
        let filtered = try Subprocess.run(["/bin/sh", "-c", "\(input) | \(tuilist.shellQuoted) -f tw"])
        #expect(filtered.status == 0 && Array(filtered.output.utf8) == Array("two\r\n".utf8), "\(filtered)")
        let session = try start(input)
        defer { session.kill() }
        try session.waitUntil("three lines", timeout: 20) { $0.count > 3 && $0[0].contains("3/3") }
        try session.sendText("tw")
        try session.waitUntil("one match", timeout: 20) { $0[0].contains("1/3") && $0[1].contains("two") }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(Array(printed.utf8) == Array(filtered.output.utf8), "interactive \(printed.debugDescription)")
    }

    @Test func thePreviewFollowsTheSelectionInItsColours() throws {
        let script = NSTemporaryDirectory() + "/tuilist-preview-\(UUID().uuidString.prefix(8)).sh"
        try "printf '\\033[31mabout %s\\033[0m\\n' \"$1\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        defer { unlink(script) }
        let session = try start("printf 'alpha\\nbeta\\n'", "--preview 'sh \(script) {}' --preview-window right:50%")
        defer { session.kill() }
        var screen = try session.waitUntil("alpha's preview", timeout: 20, escapes: true) {
            styledRows($0).contains { $0.text.contains("│ about alpha") }
        }
        var rows = styledRows(screen)
        let row = try #require(rows.firstIndex { $0.text.contains("│ about alpha") })
        #expect(rows[row].text.hasPrefix(" alpha"), "the list on the left: \(rows[row].text)")
        let column = rows[row].text.count - "about alpha".count
        #expect(column >= 29 && column <= 32, "the pane takes the right half: column \(column)")
        #expect(rows[row].styles[column].foreground == .ansi(1), "the preview's colours are drawn")
        try session.sendKeys("Down")
        screen = try session.waitUntil("beta's preview", timeout: 20, escapes: true) {
            styledRows($0).contains { $0.text.contains("│ about beta") }
        }
        rows = styledRows(screen)
        #expect(!rows.contains { $0.text.contains("about alpha") })
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "beta\n")
    }

    /// Typing puts the selection on the best match (fzf's default), not on the row it was on.
    @Test func typingSelectsTheBestMatchAndEnterPrintsIt() throws {
        let session = try start("printf 'src/components/button_main.go\\nmain.go\\n'")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendText("main")
        try session.waitUntil("ranked", timeout: 20) {
            $0.count > 2 && $0[0].hasPrefix("> main") && $0[1].trimmingCharacters(in: .whitespaces) == "main.go"
        }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "main.go\n")
    }

    /// `ps -ef | tuilist --header-lines 1`, a query, Enter: the matching line, not the first one.
    @Test func withHeaderLinesTheTypedQueryPicksTheMatchingLine() throws {
        let session = try start(
            "printf 'PID CMD\\n1 /sbin/init splash\\n77 bash\\n90 sshd: bash -c x\\n'", "--header-lines 1")
        defer { session.kill() }
        try session.waitFor("3/3", timeout: 20)
        try session.sendText("bash")
        // (PID 1's line matches too, fuzzily: b, a, s, h in `sbin … splash`.)
        try session.waitUntil("ranked", timeout: 20) {
            $0.count > 2 && $0[0].hasPrefix("> bash") && $0[2].trimmingCharacters(in: .whitespaces) == "77 bash"
        }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "77 bash\n")
    }

    /// fzf's everyday flags on the real terminal: `--bind ctrl-a:select-all` takes Ctrl-A from
    /// the query, `--print-query` and `--expect` print the query and the key before the lines.
    @Test func bindPrintQueryAndExpectAsFzf() throws {
        let session = try start(
            "printf 'a1\\nb2\\na3\\n'", "-m --bind ctrl-a:select-all --print-query --expect ctrl-x,alt-z")
        defer { session.kill() }
        try session.waitFor("3/3", timeout: 20)
        try session.sendText("a")
        try session.waitUntil("two matches", timeout: 20) { $0[0].hasPrefix("> a") && $0[0].hasSuffix("2/3") }
        try session.sendKeys("C-a")
        try session.waitFor("(2 marked)", timeout: 20)
        try session.sendKeys("C-x")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "a\nctrl-x\na1\na3\n")
    }

    /// `--layout=reverse-list`: the prompt on the line above the help bar, the list from the top.
    @Test func reverseListDrawsThePromptAtTheBottom() throws {
        let session = try start("printf 'alpha\\nbeta\\n'", "--layout=reverse-list")
        defer { session.kill() }
        let screen = try session.waitUntil("prompt at the bottom", timeout: 20) {
            $0.count == 40 && $0[38].hasPrefix(">") && $0[38].hasSuffix("2/2")
        }
        #expect(screen[0].trimmingCharacters(in: .whitespaces) == "alpha", "\(screen)")
        try session.sendKeys("Down", "Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0" && printed == "beta\n")
    }

    /// With nothing piped in, the files below the current directory are the lines (hidden
    /// ones too, `.git` skipped), as fzf lists them; `FZF_DEFAULT_COMMAND` replaces that.
    @Test func noPipeListsTheFilesBelowTheCurrentDirectory() throws {
        let folder = NSTemporaryDirectory() + "/tuilist-walk-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for path in ["src/main.go", ".hidden", ".git/HEAD", "readme"] {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: file))
        }
        let session = try TmuxSession.start(
            width: 60, height: 20,
            command: "cd \(folder.shellQuoted) && \(tuilist.shellQuoted) > \(output.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        let screen = try session.waitFor("3/3", timeout: 20)
        let listed = Set(screen.dropFirst().prefix(3).map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(listed == ["src/main.go", ".hidden", "readme"], "\(screen)")
        try session.sendText("main")
        try session.waitFor("1/3", timeout: 20)
        try session.sendKeys("Enter")
        _ = try session.waitFor("exit=0", timeout: 20)
        #expect(readTextFile(output) == "src/main.go\n")

        let command = try TmuxSession.start(
            command: "\(tuilist.shellQuoted) -f o > \(output.shellQuoted); echo \"exit=$?\"; sleep 60",
            environment: ["FZF_DEFAULT_COMMAND": "echo one; echo two; echo three"])
        defer { command.kill() }
        _ = try command.waitFor("exit=0", timeout: 20)
        #expect(readTextFile(output) == "one\ntwo\n")
    }
}

/// The rows of a screen captured with escapes (`capture(escapes: true)`), each as its text and
/// each character's style, read with the library's ``ANSIText`` over the whole screen (tmux
/// writes a style only where it changes, so a row's style can begin rows above).
private func styledRows(_ screen: [String]) -> [(text: String, styles: [Style])] {
    let text = ANSIText(parsing: screen.joined(separator: "\n"))
    var rows: [(text: String, styles: [Style])] = [("", [])]
    var run = 0
    for (offset, character) in text.plain.enumerated() {
        while text.runs[run].range.upperBound <= offset { run += 1 }
        if character == "\n" {
            rows.append(("", []))
        } else {
            rows[rows.count - 1].text.append(character)
            rows[rows.count - 1].styles.append(text.runs[run].style)
        }
    }
    return rows
}

/// The tool reports the library's version (the one constant in TUIListVersion).
@Test func tuilistVersionIsTheLibrarysVersion() throws {
    let tuilist = try #require(TestPaths.executable("tuilist"))
    let result = try Subprocess.run([tuilist, "--version"])
    #expect(result.status == 0)
    #expect(result.output == "tuilist \(TUIListVersion.string)\n")
    #expect(TUIListVersion.string.split(separator: ".").allSatisfy { Int($0) != nil })
}

/// fzf's grammar on the real command line: joined short values, `+` negations, and the options
/// of `FZF_DEFAULT_OPTS` then `TUILIST_DEFAULT_OPTS`, which the command line overrides.
@Test func fzfsOptionGrammarAndDefaultOptions() throws {
    let tuilist = try #require(TestPaths.executable("tuilist"))
    func sh(_ command: String, _ environment: [String: String] = [:]) throws -> Subprocess.Result {
        var variables = ProcessInfo.processInfo.environment
        variables["FZF_DEFAULT_OPTS"] = nil
        variables["FZF_DEFAULT_OPTS_FILE"] = nil
        variables["TUILIST_DEFAULT_OPTS"] = nil
        variables.merge(environment) { $1 }
        return try Subprocess.run(
            ["/bin/sh", "-c", command.replacingOccurrences(of: "TUILIST", with: tuilist.shellQuoted)], environment: variables)
    }
    let joined = try sh("printf 'usr:x:1\\nbash:y:2\\n' | TUILIST -fbash")
    #expect(joined.status == 0 && joined.output == "bash:y:2\n", "\(joined)")
    let fields = try sh("printf 'usr:x:1\\nroot:y:2\\n' | TUILIST -d: -n2.. -fy")
    #expect(fields.status == 0 && fields.output == "root:y:2\n", "\(fields)")
    let negated = try sh("printf 'Ab\\nab\\n' | TUILIST -f ab", ["FZF_DEFAULT_OPTS": "-i", "TUILIST_DEFAULT_OPTS": "+s"])
    #expect(negated.output == "Ab\nab\n", "-i from fzf's variable, +s from ours: \(negated)")
    let overridden = try sh("printf 'Ab\\nab\\n' | TUILIST +i -f ab", ["FZF_DEFAULT_OPTS": "-i"])
    #expect(overridden.output == "ab\n", "the command line's +i wins: \(overridden)")
    let notExtended = try sh("printf 'a b\\nab\\n' | TUILIST +x -f 'a b'")
    #expect(notExtended.output == "a b\n", "+x: the space is part of the one term: \(notExtended)")
    let unknown = try sh("echo x | TUILIST -m +z -f x")
    #expect(unknown.status == 2 && unknown.errors == "tuilist: unknown option '+z' (tuilist pick --help lists the options)\n")
    let unknownInVariable = try sh("echo x | TUILIST -f x", ["FZF_DEFAULT_OPTS": "--bogus"])
    #expect(unknownInVariable.status == 2 && unknownInVariable.errors.contains("'--bogus'"), "\(unknownInVariable)")
    // A --with-nth template with a space, quoted in the variable: one word, searched as shown.
    let template = try sh("printf 'a b c\\nd e f\\n' | TUILIST -f 'b\\ a'", ["FZF_DEFAULT_OPTS": "--with-nth '{2} {1}'"])
    #expect(template.status == 0 && template.output == "a b c\n", "\(template)")
    // A fzf user's variable with fzf options the picker lacks: skipped, the rest applies.
    let fzfUsers = try sh(
        "printf 'Ab\\nab\\n' | TUILIST -f ab", ["FZF_DEFAULT_OPTS": "--tail 1 --highlight-line --style=minimal -i"])
    #expect(fzfUsers.status == 0 && fzfUsers.output == "Ab\nab\n", "\(fzfUsers)")
    #expect(fzfUsers.errors == "tuilist: FZF_DEFAULT_OPTS: skipped --tail 1 (tuilist pick does not support it)\n", "\(fzfUsers)")
}

/// The picker's list of its own long options (which `FZF_DEFAULT_OPTS` keeps) is every long
/// option `tuilist pick` defines, and none of fzf's options it skips is one of them.
@Test func thePickersKnownOptionsAreItsDefinition() throws {
    let tuilist = try #require(TestPaths.executable("tuilist"))
    let dump = try Subprocess.run([tuilist, "pick", "--experimental-dump-help"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
    let command = try #require(json["command"] as? [String: Any])
    var defined: Set<String> = []
    for argument in command["arguments"] as? [[String: Any]] ?? [] {
        for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
            defined.insert("--" + (name["name"] as? String ?? ""))
        }
    }
    #expect(defined.count > 30, "\(defined)")
    let missing = defined.subtracting(PickerCommandLine.knownLongOptions)
    #expect(missing.isEmpty, "defined but not known (FZF_DEFAULT_OPTS would keep them anyway): \(missing.sorted())")
    let skipped = Set(PickerFzfOptions.arity.keys.filter { PickerFzfOptions.isUnsupported($0) })
    #expect(skipped.isDisjoint(with: defined), "skipped but ours: \(skipped.intersection(defined).sorted())")
}

/// `--filter` with the field, colour and NUL flags: the command line parses them as fzf's
/// (`--nth -1` is the last field, not the `-1` flag) and a bad one is one line, exit 2.
@Test func filterTakesTheFieldColourAndNulFlags() throws {
    let tuilist = try #require(TestPaths.executable("tuilist"))
    func sh(_ command: String) throws -> Subprocess.Result {
        try Subprocess.run(["/bin/sh", "-c", command.replacingOccurrences(of: "TUILIST", with: tuilist.shellQuoted)])
    }
    let last = try sh("printf 'usr:x:1\\nroot:y:2\\n' | TUILIST -f 2 -d : --nth -1")
    #expect(last.status == 0 && last.output == "root:y:2\n", "\(last)")
    let shown = try sh("printf 'usr:x:1\\nroot:y:2\\n' | TUILIST -f y -d : --with-nth 1")
    #expect(shown.status == 1 && shown.output.isEmpty, "hidden fields are not searched: \(shown)")
    let ansi = try sh("printf '\\033[31mred\\033[0m x\\nblue\\n' | TUILIST --ansi -f red")
    #expect(ansi.status == 0 && ansi.output == "red x\n", "\(ansi)")
    let escape = try sh("printf '\\033[31mred\\033[0m x\\n' | TUILIST --ansi -f 31m")
    #expect(escape.status == 1, "the escapes are not text: \(escape)")
    let nul = try sh("printf 'a b\\0c\\0' | TUILIST --read0 --print0 -f a")
    #expect(nul.status == 0 && nul.output == "a b\0", "\(nul)")
    let bad = try sh("echo x | TUILIST --nth 0 -f x")
    #expect(
        bad.status == 2 && bad.errors == "tuilist: --nth: not a field index: '0' (1, -1, 2.., ..3, 1..3, separated by commas)\n")
}
