import Foundation
import TUIList
import Testing

/// fzf's `pos`, `put`, `print`, `transform*`, `exclude*` and history actions beside the pinned fzf (issue 40): the
/// same lines, the same binding and keys, in tmux; what each prints (the query, the
/// `--expect` key, `print(…)`'s lines, the chosen line) must be the same.
@Suite("fzf's actions beside fzf", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerFzfActionsE2ETests {
    let tuilist: String
    let output: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        output = NSTemporaryDirectory() + "/tuilist-actions-\(UUID().uuidString.prefix(8)).out"
    }

    deinit { unlink(output) }

    /// `program` (fzf or tuilist) on `seq 20` in tmux, in the reverse layout, with `options`
    /// (shell words, and what follows them: a redirection, `; echo done`).
    private func start(_ program: String, height: Int, _ options: String) throws -> TmuxSession {
        try TmuxSession.start(
            width: 60, height: height,
            command:
                "seq 20 | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --reverse \(options); sleep 60")
    }

    @Test(
        .needsReferenceFzf,
        arguments: [
            "ctrl-a:pos(3)", "ctrl-a:pos(-2)", "ctrl-a:pos(0)", "ctrl-a:down+down+pos(99)", "ctrl-a:put(1)+put(5)",
            "ctrl-a:print(hello)+print(world)", "ctrl-a:transform(echo 'down+down')", "ctrl-a:transform-query(echo {}2)",
            "ctrl-a:transform(echo change-query:17)", "ctrl-a:exclude", "ctrl-a:down+down+exclude", "ctrl-a:exclude+up",
            "ctrl-a:toggle+down+toggle+down+exclude-multi", "ctrl-a:down+exclude-multi+first", "ctrl-a:search(15)",
            "ctrl-a:transform-search(echo {}7)", "ctrl-a:put(1 2)+unix-word-rubout+yank+yank",
            "ctrl-a:put(15)+beginning-of-line+kill-line+yank", "ctrl-a:put(19)+cancel+yank", "ctrl-a:cancel",
            "ctrl-a:put(1)+put(2)+backward-kill-word+put(3)+yank", "ctrl-a:put(12)+backward-char+kill-word+yank+yank",
        ])
    func printsWhatFzfPrints(binding: String) throws {
        try expectTheSamePrinted(binding: binding, keys: ["C-a"])
    }

    /// `unbind`, `rebind` and `toggle-bind` turn keys and events off and on, as fzf's do.
    @Test(
        .needsReferenceFzf,
        arguments: [
            ("ctrl-a:unbind(ctrl-b),ctrl-b:down", ["C-a", "C-b"]),
            ("ctrl-a:unbind(ctrl-b),ctrl-r:rebind(ctrl-b),ctrl-b:down", ["C-a", "C-r", "C-b"]),
            ("ctrl-a:toggle-bind(ctrl-b),ctrl-b:down", ["C-a", "C-a", "C-b", "C-b"]),
            ("ctrl-a:unbind(change),change:first+down", ["C-a", "1"]),
            // The default keys of the query's kill and yank.
            ("ctrl-a:ignore", ["1", "5", "C-u", "C-y", "C-y"]), ("ctrl-a:ignore", ["1", " ", "2", "C-w", "C-y", "C-l"]),
        ])
    func bindingsTurnOffAndOnAsFzfs(binding: String, keys: [String]) throws {
        try expectTheSamePrinted(binding: binding, keys: keys)
    }

    /// `change-header` and `transform-header` show their text where `--header`'s goes, in
    /// both programs.
    @Test(
        .needsReferenceFzf,
        arguments: [("ctrl-a:change-header(NEWHDR)", "NEWHDR"), ("ctrl-a:transform-header(echo H-{})", "H-1")])
    func theHeaderChangesAsFzfs(binding: String, shown: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        for program in [fzf, tuilist] {
            let session = try start(program, height: 30, "--header OLDHDR --bind \(binding.shellQuoted)")
            defer { session.kill() }
            try session.waitFor("OLDHDR", timeout: 20)
            try session.sendKeys("C-a")
            let screen = try session.waitUntil("\(program): the new header", timeout: 20) { $0.contains { $0.contains(shown) } }
            #expect(!screen.contains { $0.contains("OLDHDR") }, "\(program): \(screen)")
        }
    }

    /// `change-preview` runs its command in the preview pane, in place of `--preview`'s (and
    /// with none, as fzf does too).
    @Test(.needsReferenceFzf, arguments: ["--preview 'echo OLD {}'", ""])
    func changePreviewShowsTheNewCommandsOutput(preview: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        for program in [fzf, tuilist] {
            let session = try start(program, height: 20, "\(preview) --bind 'ctrl-a:change-preview(echo NEW {})'")
            defer { session.kill() }
            try session.waitFor("20/20", timeout: 20)
            if !preview.isEmpty { try session.waitFor("OLD 1", timeout: 20) }
            try session.sendKeys("C-a")
            let screen = try session.waitUntil("\(program): the new preview", timeout: 20) {
                $0.contains { $0.contains("NEW 1") }
            }
            #expect(!screen.contains { $0.contains("OLD 1") }, "\(program): \(screen)")
        }
    }

    /// `change-preview-window(down|hidden|)` moves the pane under the list, hides it, then
    /// gives `--preview-window`'s back, in turn, as fzf's does.
    @Test(.needsReferenceFzf) func changePreviewWindowCyclesAsFzfs() throws {
        let fzf = try ReferenceTools.requireFzf()
        for program in [fzf, tuilist] {
            let session = try start(
                program, height: 20, "--preview 'echo PV {}' --bind 'ctrl-a:change-preview-window(down|hidden|)'")
            defer { session.kill() }
            func row(_ screen: [String]) -> Int? { screen.firstIndex { $0.contains("PV 1") } }
            let right = try session.waitUntil("\(program): the pane on the right", timeout: 20) { row($0) != nil }
            #expect(row(right)! < 3, "\(program): beside the list's top: \(right)")
            try session.sendKeys("C-a")
            try session.waitUntil("\(program): the pane below the list", timeout: 20) { (row($0) ?? 0) >= 8 }
            try session.sendKeys("C-a")
            try session.waitUntil("\(program): the pane hidden", timeout: 20) { row($0) == nil }
            try session.sendKeys("C-a")
            try session.waitUntil("\(program): the pane back on the right", timeout: 20) { (row($0) ?? 99) < 3 }
        }
    }

    /// `preview(CMD)` shows its command's output for the selected line; the next line shows
    /// `--preview`'s again, and so does the first line when the selection comes back, as in fzf.
    @Test(.needsReferenceFzf) func previewShowsItsCommandForTheSelectedLine() throws {
        let fzf = try ReferenceTools.requireFzf()
        var seen: [[String]] = []
        for program in [fzf, tuilist] {
            let session = try start(program, height: 20, "--preview 'echo BASE {}' --bind 'ctrl-a:preview(echo ONE {})'")
            defer { session.kill() }
            func shown(_ screen: [String]) -> String? {
                screen.lazy.compactMap { $0.firstMatch(of: /(BASE|ONE) [0-9]+/).map { String($0.output.0) } }.first
            }
            var steps: [String] = []
            steps.append(shown(try session.waitUntil("\(program): BASE 1", timeout: 20) { shown($0) == "BASE 1" }) ?? "")
            for (key, wanted) in [("C-a", "1"), ("Down", "2"), ("Up", "1")] {
                try session.sendKeys(key)
                let screen = try session.waitUntil("\(program): the preview of line \(wanted)", timeout: 20) {
                    shown($0)?.hasSuffix(" " + wanted) == true && (key != "C-a" || shown($0)?.hasPrefix("ONE") == true)
                }
                usleep(UInt32(300_000 * slowdown))  // (a late preview would replace it)
                steps.append(shown(try session.capture()) ?? shown(screen) ?? "")
            }
            seen.append(steps)
        }
        #expect(seen[1] == seen[0], "fzf: \(seen[0]), tuilist: \(seen[1])")
    }

    /// `jump` and `jump-accept`: the labels from the list's first line on screen (the top, or
    /// the bottom under `--layout=default`); a label selects its line (and accepts it), any
    /// other key (a label past the lines, Esc, a letter that is none) only ends the labels,
    /// firing `jump-cancel`; `jump` and `jump-cancel` events bound: the same in both programs.
    @Test(
        .needsReferenceFzf,
        arguments: [
            ("ctrl-a:jump", ["C-a", "d"]), ("ctrl-a:jump", ["Down", "Down", "C-a", "a"]),
            ("ctrl-a:jump-accept", ["C-a", "f"]), ("ctrl-a:jump", ["C-a", "x", "5"]), ("ctrl-a:jump", ["C-a", "Escape"]),
            ("ctrl-a:jump,jump:accept", ["C-a", "s"]), ("ctrl-a:jump,jump-cancel:down+down", ["C-a", "Escape"]),
            ("ctrl-a:jump", ["1", "C-a", "s"]),
        ])
    func jumpAsFzfs(binding: String, keys: [String]) throws {
        try expectTheSamePrinted(binding: binding, keys: keys)
    }

    /// fzf's raw mode: every line listed, the cursor on the first after a new query,
    /// Ctrl-N/Ctrl-P (`down-match`, `up-match`) on to the next match, ↑↓ to any line, `best`
    /// to the best match; `toggle-raw` keeps the line, and back out of it the nearest match.
    @Test(
        .needsReferenceFzf,
        arguments: [
            ("--raw", ["1", "5", "C-n", "Enter"]), ("--raw", ["1", "5", "Enter"]),
            ("--raw", ["1", "5", "C-n", "Down", "C-p", "Enter"]), ("--raw", ["1", "5", "C-n", "Down", "C-n", "Enter"]),
            ("--raw", ["1", "5", "C-a", "Enter"]), ("--raw --layout=default", ["1", "5", "C-n", "Enter"]),
            ("--raw --layout=default", ["1", "5", "C-p", "Enter"]), ("--raw --tac", ["1", "C-n", "C-n", "Enter"]),
            ("--bind ctrl-b:toggle-raw", ["2", "C-b", "Down", "Down", "C-b", "Enter"]),
            ("--bind ctrl-b:toggle-raw", ["1", "C-b", "Down", "C-b", "Enter"]),
            ("--raw --bind ctrl-b:disable-raw", ["1", "5", "C-b", "Enter"]), ("--raw --cycle", ["1", "C-p", "Enter"]),
            ("--raw --cycle", ["1", "C-n", "C-n", "C-n", "Enter"]), ("--raw --bind enter:accept-non-empty", ["9", "9", "Enter"]),
            ("--bind ctrl-b:best", ["1", "Down", "Down", "C-b", "Enter"]),
        ])
    func rawModeAsFzfs(options: String, keys: [String]) throws {
        try expectTheSamePrinted(binding: "ctrl-a:best", keys: keys, options: options)
    }

    /// `--wrap` (`char`, `word`): a line too wide for the row shows whole over the rows below,
    /// its later rows after `↳ `, words kept whole under `word`; `toggle-wrap` puts it back
    /// on one row. The same in both programs (their gutters differ: the pieces' lengths may).
    @Test(.needsReferenceFzf, arguments: ["--wrap", "--wrap=word", "--wrap-word"])
    func wrapShowsTheWholeLineAsFzfs(option: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        let long = String(repeating: "x", count: 30) + " " + String(repeating: "y", count: 40) + " end"
        let input = output + ".in"
        defer { unlink(input) }
        try (long + "\n1\n2\n").write(toFile: input, atomically: true, encoding: .utf8)
        for program in [fzf, tuilist] {
            let session = try TmuxSession.start(
                width: 40, height: 12,
                command: "FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --reverse \(option) "
                    + "--bind ctrl-a:toggle-wrap < \(input.shellQuoted); sleep 60")
            defer { session.kill() }
            let screen = try session.waitUntil("\(program): the lines", timeout: 20) { $0.contains { $0.hasSuffix(" 2") } }
            // The pieces of the long line: the rows from its first to the row of `1`.
            let rows = screen.map { row in
                String(row.drop { "▌ ".contains($0) }).trimmingCharacters(in: CharacterSet(charactersIn: " │█"))
            }
            let first = try #require(rows.firstIndex { $0.hasPrefix("xxx") }, "\(program): \(screen)")
            let one = try #require(rows.firstIndex(of: "1"), "\(program): \(screen)")
            let pieces = rows[first ..< one].map { $0.hasPrefix("↳ ") ? String($0.dropFirst(2)) : $0 }
            #expect(pieces.count >= 3 && rows[first + 1].hasPrefix("↳ "), "\(program): \(screen)")
            #expect(pieces.joined().filter { $0 != " " } == long.filter { $0 != " " }, "\(program): \(pieces)")
            if option != "--wrap" {
                #expect(pieces[0] == String(repeating: "x", count: 30), "\(program): at words: \(pieces)")
            }
            try session.sendKeys("C-a")
            try session.waitUntil("\(program): one row again", timeout: 20) { screen in
                guard let at = screen.firstIndex(where: { $0.contains("xxx") }), at + 1 < screen.count else { return false }
                return screen[at + 1].contains(" 1")
            }
        }
    }

    /// `--border-label` where `--border-label-pos` puts it, and `change-border-label`,
    /// `transform-border-label`: the border's line is the same in both programs.
    @Test(
        .needsReferenceFzf,
        arguments: [
            ("", ""), ("--border-label-pos 3", ""), ("--border-label-pos=-2", ""), ("--border-label-pos bottom", ""),
            ("--border-label-pos 4:bottom", ""), ("--border=top", ""), ("", "C-a"), ("", "C-b"),
        ])
    func theBorderLabelIsWhereFzfPutsIt(options: String, key: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        var lines: [String] = []
        for program in [fzf, tuilist] {
            let session = try TmuxSession.start(
                width: 30, height: 8,
                command: "seq 3 | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --reverse --border "
                    + "--border-label ' Files ' \(options) --bind 'ctrl-a:change-border-label( New )' "
                    + "--bind 'ctrl-b:transform-border-label(echo \" Q{q} \")'; sleep 60")
            defer { session.kill() }
            try session.waitFor("Files", timeout: 20)
            if !key.isEmpty { try session.sendKeys(key) }
            let wanted = key == "C-a" ? "New" : key == "C-b" ? "Q" : "Files"
            let screen = try session.waitUntil("\(program): the label", timeout: 20) { $0.contains { $0.contains(wanted) } }
            lines.append(screen.first { $0.contains(wanted) } ?? "")
        }
        #expect(lines[1] == lines[0], "\(options) \(key): fzf \(lines[0].debugDescription), tuilist \(lines[1].debugDescription)")
    }

    /// `jump` under `--layout=default` (labels from the bottom line up) and `--jump-labels`.
    @Test(.needsReferenceFzf, arguments: [("--layout=default", ["C-a", "d"]), ("--jump-labels=xyz", ["C-a", "z"])])
    func jumpWithOptionsAsFzfs(options: String, keys: [String]) throws {
        try expectTheSamePrinted(binding: "ctrl-a:jump", keys: keys, options: options)
    }

    /// `--history`: Ctrl-P and Ctrl-N step through the file's queries (stopping at either end,
    /// an edit kept while the run lasts), `prev-history`/`next-history` on other keys, a
    /// `--bind` of Ctrl-P winning, `--history-size` dropping the oldest, and what each run
    /// adds (the query chosen with, not an empty one, not one given up with Esc): both
    /// programs print the same and leave the same file.
    @Test(
        .needsReferenceFzf,
        arguments: [
            ("", [["C-p", "Enter"], ["C-p", "C-p", "C-p", "C-p", "C-p", "Enter"], ["C-p", "C-p", "Enter"]]),
            ("", [["C-p", "C-p", "BSpace", "C-n", "C-p", "Enter"], ["7", "Escape"], ["C-p", "C-n", "Enter"]]),
            ("--history-size=3", [["1", "9", "Enter"], ["C-p", "C-p", "C-p", "C-p", "Enter"]]),
            ("--bind ctrl-p:down,ctrl-a:prev-history,ctrl-b:next-history", [["C-a", "C-a", "C-b", "C-p", "Enter"]]),
        ])
    func historyAsFzfs(options: String, runs: [[String]]) throws {
        let fzf = try ReferenceTools.requireFzf()
        var seen: [String] = []
        for program in [fzf, tuilist] {
            let history = output + ".history"
            defer { unlink(history) }
            // (A tab comes back as a space; a blank line in the middle is an entry.)
            try "1\n15\n\n1\t7\n".write(toFile: history, atomically: true, encoding: .utf8)
            var printed = ""
            for keys in runs {
                defer { unlink(output) }
                let session = try start(
                    program, height: 30,
                    "--print-query --history \(history.shellQuoted) \(options) > \(output.shellQuoted); echo done")
                defer { session.kill() }
                try session.waitFor("20/20", timeout: 20)
                for key in keys {
                    try session.sendKeys(key)
                    usleep(UInt32(200_000 * slowdown))  // (the query's search and frame)
                }
                try session.waitFor("done", timeout: 20)
                printed += (readTextFile(output) ?? "") + "|"
            }
            seen.append(printed + "history:" + (readTextFile(history) ?? "(none)"))
        }
        #expect(seen[1] == seen[0], "\(options) \(runs): fzf \(seen[0].debugDescription), tuilist \(seen[1].debugDescription)")
    }

    /// `load` fires once the lines are in and searched: after `start`, with its query's result
    /// (`seq 20 | fzf -q 3 --bind load:accept` prints 3); both programs print the same. (Not
    /// `start:change-query(7),load:accept`: fzf's accept then races the new query's search,
    /// and mostly wins with the line `1`, which `7` does not match; the picker accepts `7`.)
    @Test(
        .needsReferenceFzf,
        arguments: ["-q 3 --bind load:accept", "--bind 'start:change-query(1),load:last'", "--bind load:accept"])
    func loadFiresAsFzfs(options: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        var printed: [String] = []
        for program in [fzf, tuilist] {
            defer { unlink(output) }
            let session = try start(program, height: 20, "\(options) > \(output.shellQuoted); echo done")
            defer { session.kill() }
            let screen = try session.waitUntil("\(program): the list or the end", timeout: 20) { screen in
                screen.contains { $0.contains("done") } || screen.contains { $0.contains("/20") }
            }
            if !screen.contains(where: { $0.contains("done") }) {
                usleep(UInt32(500_000 * slowdown))  // (an accept would end it by now)
                try session.sendKeys("Enter")
            }
            try session.waitFor("done", timeout: 20)
            printed.append(readTextFile(output) ?? "")
        }
        #expect(
            printed[1] == printed[0], "\(options): fzf \(printed[0].debugDescription), tuilist \(printed[1].debugDescription)")
    }

    /// `-1` and `-0` end a run with no key pressed: neither program adds the query to `--history`.
    @Test(.needsReferenceFzf, arguments: ["-1 -q 15", "-0 -q 99"])
    func anAutomaticExitAddsNoHistory(options: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        for program in [fzf, tuilist] {
            let history = output + ".history"
            defer { unlink(history) }
            try "1\n".write(toFile: history, atomically: true, encoding: .utf8)
            let run = try Subprocess.run([
                "/bin/sh", "-c", "seq 20 | FZF_DEFAULT_OPTS= \(program.shellQuoted) --history \(history.shellQuoted) \(options)",
            ])
            #expect(run.status == (options.hasPrefix("-1") ? 0 : 1), "\(program): \(run)")
            #expect(readTextFile(history) == "1\n", "\(program) \(options)")
        }
    }

    /// Runs fzf, then tuilist, on `seq 20` with `binding`, sends `keys` and Enter, and expects
    /// the same output from both.
    private func expectTheSamePrinted(binding: String, keys: [String], options: String = "") throws {
        let fzf = try ReferenceTools.requireFzf()
        var printed: [String] = []
        for program in [fzf, tuilist] {
            let out = output + (program == fzf ? ".fzf" : "")
            defer { unlink(out) }
            let session = try start(
                program, height: 30,
                "--multi --print-query --expect=ctrl-x \(options) --bind \(binding.shellQuoted) > \(out.shellQuoted); echo done")
            defer { session.kill() }
            try session.waitFor("20/20", timeout: 20)
            for key in keys {
                try session.sendKeys(key)
                usleep(UInt32(300_000 * slowdown))  // (the action's search and frame)
            }
            usleep(UInt32(300_000 * slowdown))
            try session.sendKeys("Enter")
            try session.waitFor("done", timeout: 20)
            printed.append(readTextFile(out) ?? "")
        }
        #expect(
            printed[1] == printed[0],
            "\(binding): fzf printed \(printed[0].debugDescription), tuilist \(printed[1].debugDescription)")
    }
}
