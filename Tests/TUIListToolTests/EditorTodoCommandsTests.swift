import TUIList
import TUIListTestSupport
import TUIListTool
import Testing

/// Issue 21, items 5–7: every line git writes kept byte for byte, `update-ref` lines moving
/// with their commit, `exec`/`break` lines and their prompt, long moves, and what comes back
/// from `$EDITOR` — driven by keys through the keymap, checked by what `w` would write.
@Suite struct EditorTodoCommandsTests {
    /// `git -c rebase.updateRefs=true rebase -i HEAD~3` over a stack: part1 ends at c2, part2 at c4.
    static let stack = """
        pick 9a4ad52 c2
        update-ref refs/heads/part1

        pick 6bfd9da c3
        pick e6b1347 c4
        update-ref refs/heads/part2


        # Rebase 8e0ff38..e6b1347 onto 8e0ff38 (5 commands)
        #
        # Commands:

        """

    /// `git rebase -i --rebase-merges HEAD~3` over a merge (git 2.39's todo).
    static let merges = """
        label onto

        # Branch Merge-feat
        reset 6bfd9da # c3
        pick eaf8b2e fx
        label Merge-feat

        reset onto
        pick 0f10981 c5
        merge -C 2473206 Merge-feat # Merge feat
        pick b4ffdce after

        # Rebase e6b1347..b4ffdce onto e6b1347 (8 commands)

        """

    private func model(_ text: String, _ mode: EditorMode = .rebase) throws -> EditorModel {
        EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: mode)
    }

    @discardableResult
    private func press(_ keys: [Key], _ model: inout EditorModel) -> [EditorEffect] {
        model.press(keys)
    }

    private func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private func output(_ model: EditorModel) -> String { String(decoding: model.outputBytes(), as: UTF8.self) }
    private func messages(_ effects: [EditorEffect]) -> [String] {
        effects.compactMap { if case .message(let text) = $0 { return text } else { return nil } }
    }

    // MARK: - Item 5: every line git writes, byte for byte

    /// Every command git knows, full and abbreviated, with flags, odd spacing, CRLF and a
    /// custom comment character: read as git reads it, shown, and written back unchanged
    /// after moves that come back.
    @Test func everyTodoLineIsReadAndWrittenBackByteForByte() throws {
        let lines = [
            "pick 1111111 one", "p 1111112 one, short", "reword 2222222 two", "r 2222223 two",
            "edit 3333333 three", "e 3333334 three", "squash 4444444 four", "s 4444445 four",
            "fixup 5555555 five", "f 5555556 five", "fixup -C 5555557 five", "fixup -c 5555558 five",
            "f -C 5555559 five", "exec make test", "x  make   check ", "break", "b", "drop 6666666 six",
            "d 6666667 six", "label onto", "l topic", "reset onto", "t 7777777 # seven", "merge -C 8888888 topic # Merge",
            "merge -c 8888889 topic # Merge", "m topic", "merge topic # no -C", "update-ref refs/heads/part1",
            "u refs/heads/part2", "noop", "\t pick 9999999 indented", "pick 9999990 trailing  ",
            "frobnicate unknown words stay too",
        ]
        let expected: [RebaseCommand?] = [
            nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, .exec, .exec, .break, .break, nil, nil,
            .label, .label, .reset, .reset, .merge, .merge, .merge, .merge, .updateRef, .updateRef, .noop, nil, nil, nil,
        ]
        for (comment, terminator) in [("#", "\n"), (";", "\r\n")] {
            let help = [
                "", "\(comment) Rebase 0000000..9999990 onto 0000000 (33 commands)", "\(comment)", "\(comment) Commands:",
            ]
            let text = (lines + help).joined(separator: terminator) + terminator
            var m = try model(text)
            #expect(m.outputBytes() == Array(text.utf8), "comment \(comment)")
            #expect(m.displayed.itemIdentifiers == Array(0 ..< lines.count), "comments and blanks hidden, every command shown")
            for (id, command) in expected.enumerated() {
                let line = m.todoLine(id)
                #expect(line.command == command, "\(lines[id])")
                #expect(
                    (m.action(of: id) != nil)
                        == (command == nil && id < 13 || (17 ... 18).contains(id) || (30 ... 31).contains(id)))
            }
            #expect(m.todoLine(24).makesCommit && m.todoLine(0).makesCommit && !m.todoLine(27).makesCommit)
            press(chars("JJJ") + [.end] + chars("KKTBG") + chars("KK"), &m)
            press(Array(repeating: .character("u"), count: 12), &m)
            #expect(m.outputBytes() == Array(text.utf8) && !m.isModified)
            #expect(press(chars("w"), &m) == [.exit(0)], "w with no change writes nothing")
        }
    }

    @Test func abbreviatedCommandsShowTheirNames() throws {
        #expect(RebaseCommand(word: "u") == .updateRef && RebaseCommand(word: "update-ref") == .updateRef)
        #expect(RebaseCommand(word: "t") == .reset && RebaseCommand(word: "m") == .merge && RebaseCommand(word: "l") == .label)
        #expect(RebaseCommand(word: "n") == nil && RebaseCommand(word: "noop") == .noop)
        #expect(RebaseTodoLine(parsing: "x make").command == .exec)
        #expect(RebaseTodoLine(parsing: "pick 1 a").command == nil)
    }

    @Test func aRebaseMergesTodoIsKeptWhenNothingChanges() throws {
        var m = try model(Self.merges)
        #expect(m.outputBytes() == Array(Self.merges.utf8))
        #expect(press(chars("w"), &m) == [.exit(0)])
    }

    /// J on a pick moves it past the next line whatever it is; across a label its commit
    /// changes branch, and before a reset it would be left on no branch: the editor says so.
    @Test func movingAPickAcrossMergeStructureWarnsWhenAResetWouldDropIt() throws {
        var m = try model(Self.merges)
        press(chars("jj"), &m)  // pick fx
        #expect(m.cursor == 4)
        let effects = press(chars("J"), &m)
        #expect(output(m).contains("reset 6bfd9da # c3\nlabel Merge-feat\npick eaf8b2e fx\n\nreset onto\n"))
        #expect(messages(effects).contains { $0.hasPrefix("eaf8b2e: a reset follows before any label") })
        press(chars("K"), &m)
        #expect(output(m) == Self.merges, "back: every label, reset and merge line byte for byte")
        #expect(
            messages(press(chars("K"), &m)).contains { $0.hasPrefix("eaf8b2e: a reset follows") },
            "above its own reset: built on onto, then left")
        press(chars("J"), &m)
        #expect(output(m) == Self.merges)
        #expect(messages(press(chars("GK"), &m)).isEmpty, "after above the merge: the merge carries it")
    }

    // MARK: - Item 5: update-ref lines travel with their commit

    @Test func jCarriesTheBranchesOfACommit() throws {
        var m = try model(Self.stack)
        press(chars("J"), &m)
        #expect(output(m).hasPrefix("\npick 6bfd9da c3\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\npick e6b1347 c4\n"))
        press(chars("J"), &m)
        #expect(
            output(m).hasPrefix(
                "\npick 6bfd9da c3\npick e6b1347 c4\nupdate-ref refs/heads/part2\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\n"),
            "c2 passes c4 together with c4's branch: part2 still ends at c4")
        #expect(press(chars("J"), &m) == [.message("already at the bottom")])
        press(chars("KK"), &m)
        #expect(output(m) == Self.stack)
    }

    @Test func jOnAnUpdateRefLineRepointsItsBranch() throws {
        var m = try model(Self.stack)
        press(chars("jJ"), &m)
        #expect(output(m).hasPrefix("pick 9a4ad52 c2\n\npick 6bfd9da c3\nupdate-ref refs/heads/part1\npick e6b1347 c4\n"))
        press(chars("K"), &m)
        #expect(output(m) == Self.stack)
        press(chars("K"), &m)
        #expect(output(m).hasPrefix("update-ref refs/heads/part1\npick 9a4ad52 c2\n\npick 6bfd9da c3\n"))
    }

    @Test func dragMarksAndLongMovesCarryBranchesToo() throws {
        var drag = try model(Self.stack)
        press(chars(" j") + [.enter], &drag)
        #expect(output(drag).hasPrefix("\npick 6bfd9da c3\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\npick e6b1347 c4\n"))

        var bottom = try model(Self.stack)
        press(chars("B"), &bottom)
        #expect(
            output(bottom).hasPrefix(
                "\npick 6bfd9da c3\npick e6b1347 c4\nupdate-ref refs/heads/part2\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\n")
        )
        press(chars("T"), &bottom)
        #expect(output(bottom) == Self.stack)

        var top = try model(Self.stack)
        press(chars("GkT"), &top)  // c4 (with part2) to the top
        #expect(
            output(top).hasPrefix(
                "pick e6b1347 c4\nupdate-ref refs/heads/part2\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\n\npick 6bfd9da c3\n")
        )
        #expect(top.cursor == 4)
        #expect(press(chars("T"), &top) == [.message("already at the top")])
    }

    // MARK: - Item 7: m then a target

    @Test func mThenATargetMovesThere() throws {
        var down = try model(Self.stack)
        press(chars("m"), &down)
        #expect(EditorKeymap.mode(of: down) == .moveTarget)
        #expect(down.moveTarget?.items == [0, 1], "c2 with its branch")
        press(chars("G") + [.enter], &down)
        #expect(
            output(down).hasPrefix(
                "\npick 6bfd9da c3\npick e6b1347 c4\nupdate-ref refs/heads/part2\npick 9a4ad52 c2\nupdate-ref refs/heads/part1\n")
        )
        #expect(down.moveTarget == nil && down.cursor == 0)

        var byNumber = try model(Self.stack)
        press(chars("m5") + [.enter], &byNumber)  // line 5: pick c4
        #expect(output(byNumber) == output(down), "line 5 is c4: below it, past its branch")

        var up = try model(Self.stack)
        press(chars("jjjmg") + [.enter], &up)  // c4 (line 5) above c2
        #expect(output(up).hasPrefix("pick e6b1347 c4\nupdate-ref refs/heads/part2\npick 9a4ad52 c2\n"))

        var ontoABranch = try model(Self.stack)
        press(chars("jjjmkk") + [.enter], &ontoABranch)  // target: part1's update-ref line
        #expect(output(ontoABranch) == output(up), "a target update-ref line stays with its commit: above both")

        var cancelled = try model(Self.stack)
        press(chars("mG") + [.escape], &cancelled)
        #expect(!cancelled.isModified && cancelled.moveTarget == nil)
        var onItself = try model("a\nb\nc\n", .lines)
        #expect(
            press(chars("m") + [.enter], &onItself) == [
                .message("move to: ↑↓ or a line number, then Enter (Esc cancels)"),
                .message("the target is a line being moved: nothing moved"),
            ])
        var lines = try model("a\nb\nc\nd\n", .lines)
        press(chars("vvm2") + [.enter], &lines)  // a and b marked, line 2 (b) as target
        #expect(!lines.isModified && lines.moveTarget == nil)
        press(chars("m4") + [.enter], &lines)
        #expect(output(lines) == "c\nd\na\nb\n", "marked lines move together, in their order")
        #expect(press(chars("u"), &lines).contains(.message("undone (0 more to undo)")))
    }

    // MARK: - Item 6: exec and break

    @Test func xAddsAnExecBelowTheSelectionAndItsBranches() throws {
        var m = try model(Self.stack)
        press(chars("x"), &m)
        #expect(EditorKeymap.mode(of: m) == .prompt)
        press(chars("make test") + [.enter], &m)
        #expect(output(m).hasPrefix("pick 9a4ad52 c2\nupdate-ref refs/heads/part1\nexec make test\n\npick 6bfd9da c3\n"))
        #expect(m.cursor.map(m.isAdded) == true && m.isModified)
        press(chars("u"), &m)
        #expect(output(m) == Self.stack)
        press(chars("x") + [.escape], &m)
        #expect(output(m) == Self.stack && m.prompt == nil, "Esc cancels")
        #expect(
            messages(press(chars("x  ") + [.enter], &m)) == [
                "exec: type the command — Enter adds it, Esc cancels", "no command: no exec added",
            ])
        #expect(!m.isModified)
        press(chars("Gb"), &m)
        #expect(
            output(m).hasPrefix(
                "pick 9a4ad52 c2\nupdate-ref refs/heads/part1\n\npick 6bfd9da c3\npick e6b1347 c4\nupdate-ref refs/heads/part2\nbreak\n\n\n# Rebase"
            ))
        press(chars("D"), &m)
        #expect(!m.isModified, "an added line deleted leaves nothing behind")
    }

    @Test func thePromptIsAOneLineEditor() throws {
        var m = try model("pick 1 a\n")
        press(chars("xabc") + [.home] + chars("x") + [.end] + chars("y") + [.left, .backspace, .delete], &m)
        #expect(m.prompt?.string == "xab" && m.prompt?.cursor == 3)
        press([.left, .left, .control("a"), .right, .control("e")], &m)
        #expect(m.prompt?.cursor == 3)
        press(chars("J"), &m)
        #expect(m.prompt?.string == "xabJ", "keys are text while the prompt is open")
        _ = m.update(.promptPaste("&& make\r\ntest\n\n"))
        #expect(m.prompt?.string == "xabJ&& make; test")
        press([.enter], &m)
        #expect(output(m) == "pick 1 a\nexec xabJ&& make; test\n")
    }

    /// The exec prompt is a ``TextPrompt``: ← and a character insert mid-command, Ctrl-W and
    /// Ctrl-U erase, Enter adds the line with the command as edited; a paste's line breaks
    /// become "; " through the app's routing too.
    @Test func theExecPromptEditsAtItsCursor() throws {
        var m = try model("pick 1 a\npick 2 b\n")
        m.feed(
            [.key(.character("x"))] + "make tst".map { .key(.character($0)) } + [.key(.left), .key(.left), .key(.character("e"))])
        #expect(m.prompt?.string == "make test" && m.prompt?.cursor == 7)
        press([.end, .control("w")] + chars("check"), &m)
        #expect(m.prompt?.string == "make check")
        press([.enter], &m)
        #expect(output(m) == "pick 1 a\nexec make check\npick 2 b\n")
        press(chars("X") + [.control("u")] + chars("ls") + [.control("a")] + chars("n") + [.control("e")], &m)
        #expect(m.prompt?.string == "nls" && m.prompt?.cursor == 3)
        m.feed([.key(.control("b")), .paste("a\nb\n"), .key(.control("f")), .key(.character("!"))])
        #expect(m.prompt?.string == "nla; bs!", "a paste at the cursor, its line break \"; \"")
        press([.enter], &m)
        #expect(output(m) == "pick 1 a\nexec nla; bs!\npick 2 b\n")
    }

    /// The one-line field shows a tab as a space: an exec command opened and left as it was
    /// keeps its tab (the file is not modified); a paste while the help covers the prompt goes
    /// into the prompt.
    @Test func anExecCommandLeftAsItWasKeepsItsTabsAndAPasteUnderTheHelpReachesThePrompt() throws {
        let text = "pick 1 a\nexec printf 'a\tb'\n"
        var m = try model(text)
        press(chars("jX"), &m)
        #expect(m.prompt?.string == "printf 'a b'")
        press([.enter], &m)
        #expect(output(m) == text && !m.isModified)
        press(chars("X") + [.function(1)], &m)
        #expect(m.showHelp && m.prompt != nil)
        m.feed([.paste(" x")])
        #expect(!m.showHelp && m.prompt?.string == "printf 'a b' x", "the paste closes the help and goes in")
    }

    @Test func xEditsAnExecsCommandAndAbbreviatedTodosGetAbbreviations() throws {
        let text = "p 1 a\nx make\nb\np 2 b\n"
        var m = try model(text)
        press(chars("jX") + [.backspace, .backspace] + chars("ke check") + [.enter], &m)
        #expect(output(m) == "p 1 a\nx make check\nb\np 2 b\n")
        press(chars("u"), &m)
        #expect(output(m) == text)
        press(chars("X") + [.enter], &m)
        #expect(!m.isModified, "unchanged")
        #expect(
            messages(press(chars("X") + Array(repeating: .backspace, count: 4) + [.enter], &m)).last
                == "an exec needs a command (Esc leaves it as it was)")
        press([.escape], &m)
        #expect(
            messages(press(chars("gX"), &m)) == ["nothing to edit here: X edits an exec, label, reset, merge or update-ref line"])
        press(chars("xls") + [.enter] + chars("b"), &m)
        #expect(output(m) == "p 1 a\nx ls\nb\nx make\nb\np 2 b\n", "added lines follow the todo's one-letter form")
        press(chars("X") + chars(" -l") + [.enter], &m)
        #expect(output(m).contains("x ls\nb\nx make\nb\n"), "X on a break is refused")
        press(chars("kX") + chars(" -l") + [.enter], &m)
        #expect(output(m) == "p 1 a\nx ls -l\nb\nx make\nb\np 2 b\n", "an added exec edits too")
    }

    @Test func addedLinesFollowTheFilesLineEnds() throws {
        var crlf = try model("pick 1 a\r\npick 2 b")
        press(chars("b"), &crlf)
        #expect(output(crlf) == "pick 1 a\r\nbreak\r\npick 2 b")
        press(chars("B"), &crlf)
        #expect(
            output(crlf) == "pick 1 a\r\npick 2 b\r\nbreak",
            "a new line last in a file without a final newline has none; the line it follows takes its CRLF")
    }

    // MARK: - Item 6: back from $EDITOR

    @Test func whatComesBackFromTheEditorIsTheList() throws {
        var m = try model(Self.stack)
        press(chars("J"), &m)
        #expect(press(chars("!"), &m) == [.openInEditor])
        let edited = Array(Self.stack.replacingFirst("pick 6bfd9da c3", with: "exec true\npick 6bfd9da c3").utf8)
        let effects = m.replaceContent(with: edited)
        #expect(effects.first.map { if case .apply(_, false) = $0 { return true } else { return false } } == true)
        #expect(m.outputBytes() == edited && m.isModified && m.todoLine(3).command == .exec)
        #expect(m.cursor == 1, "the cursor stays on its row")
        #expect(m.replaceContent(with: edited) == [.message("no change in the editor")])
        #expect(
            messages(m.replaceContent(with: [0x61, 0xFF])) == [
                "not taken from the editor: not UTF-8: invalid byte at offset 1 (line 1) — the list is as it was"
            ])
        press(chars("J"), &m)
        press(chars("u"), &m)
        #expect(m.outputBytes() == edited, "u takes back the change after the editor first")
        #expect(messages(press(chars("u"), &m)) == ["back to the list before the editor"])
        #expect(output(m).hasPrefix("\npick 6bfd9da c3\npick 9a4ad52 c2\n"), "then the list before !, J included")
        press(chars("u"), &m)
        #expect(output(m) == Self.stack && !m.isModified)
        #expect(press(chars("u"), &m) == [.message("nothing to undo")])
        _ = m.replaceContent(with: Array(Self.stack.utf8).reversed())
        _ = m.replaceContent(with: Array(Self.stack.utf8))
        #expect(!m.isModified, "the editor put back the file's bytes")
        #expect(press(chars("w"), &m) == [.exit(0)])
    }

    // MARK: - The keymap is the help, in the two new modes

    @Test func everyBindingOfTheMoveTargetAndPromptModesDoesWhatItsHelpSays() throws {
        var target = try model(Self.stack)
        press(chars("m"), &target)
        var prompt = try model(Self.stack)
        press(chars("x"), &prompt)
        for (mode, model) in [(EditorKeymap.Mode.moveTarget, target), (.prompt, prompt)] {
            #expect(EditorKeymap.mode(of: model) == mode)
            for binding in EditorKeymap.bindings(for: mode) {
                for trigger in binding.triggers {
                    guard case .key(let key) = trigger.pattern else { continue }
                    #expect(EditorKeymap.action(for: key, in: model) == trigger.action, "\(mode): \(binding.keysLabel) \(key)")
                }
            }
        }
        #expect(EditorKeymap.action(for: .character("7"), in: target) == .moveToDigit("7"))
        #expect(EditorKeymap.action(for: .character("J"), in: prompt) == nil, "typing is the prompt's")
        #expect(prompt.textEdit([.key(.character("J"))])?.action == .promptEdit(text: "J", cursor: 1))
        #expect(EditorKeymap.bar(for: target).hasPrefix("MOVE 2 TO  ↑↓ target · 0-9 position · Enter move · Esc cancel"))
        let rebaseKeys = EditorKeymap.bindings(for: .rebase).flatMap(\.triggers).compactMap {
            if case .key(let key) = $0.pattern { return key } else { return nil }
        }
        #expect(rebaseKeys.count == Set(rebaseKeys).count, "no key bound twice in a rebase todo")
        for key in ["x", "X", "b", "m", "T", "B", "!", "c"] {
            #expect(rebaseKeys.contains(.character(Character(key))), "\(key) is bound")
        }
    }

    // MARK: - Random sessions over a todo with every kind of line

    /// Random keys over the stack todo: the shown snapshot always equals the order, and every
    /// `update-ref` line still follows the commit it followed unless it was moved on its own.
    @Test func randomTodoSessionsKeepTheSnapshotInStep() throws {
        let keys: [Key] = [
            .character("J"), .character("K"), .character("j"), .character("k"), .character("v"), .character("T"),
            .character("B"), .character("u"), .character("U"), .character(" "), .enter, .escape, .character("m"),
            .character("b"), .character("x"), .character("z"), .character("D"), .character("G"), .character("g"),
            .character("3"),
        ]
        for seed in UInt64(1) ... 200 {
            var rng = SplitMix64(seed: seed)
            var m = try model(Self.stack + Self.merges)
            var pressed: [Key] = []
            for _ in 0 ..< 50 {
                let key = keys[rng.int(0 ... keys.count - 1)]
                pressed.append(key)
                press([key], &m)
                try #require(m.displayed.itemIdentifiers == m.state.order, "seed \(seed), keys \(pressed)")
            }
            press([.escape, .escape, .enter], &m)
            let reread = try LineDocument(bytes: m.outputBytes())
            let texts = (0 ..< reread.count).map(reread.text(of:))
            let expected = m.fullOrder().map(m.text(of:))
            #expect(texts == expected, "seed \(seed), keys \(pressed)")
        }
    }
}
