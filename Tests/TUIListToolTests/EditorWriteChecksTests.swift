import TUIList
import TUIListTool
import Testing

/// Issue 32, edit items 6–7: `w` refuses a todo that would break the rebase (a squash of the
/// first commit, a label, reset or merge moved above what it names) until it is pressed
/// again; the messages that spoke of an earlier step go; `m N` counts positions.
@Suite struct EditorWriteChecksTests {
    private func model(_ text: String) throws -> EditorModel {
        EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: .rebase)
    }

    private func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private func messages(_ effects: [EditorEffect]) -> [String] {
        effects.compactMap { if case .message(let text) = $0 { return text } else { return nil } }
    }

    @Test func wRefusesASquashOfTheFirstCommitAndASecondWWritesAnyway() throws {
        var m = try model(EditorTodoCommandsTests.stack)
        #expect(m.writeProblems().isEmpty)
        m.press(chars("s"))
        let refused = m.press(chars("w"))
        #expect(!refused.contains(.write), "\(refused)")
        #expect(
            messages(refused) == [
                "not written (w again writes anyway): squash 9a4ad52 is the first commit: nothing to fold it into"
            ])
        #expect(m.press(chars("w")) == [.write], "w twice in a row writes")
        // Another action between the two disarms it.
        var n = try model(EditorTodoCommandsTests.stack)
        n.press(chars("sw"))
        n.press([.down])
        #expect(!n.press(chars("w")).contains(.write))
        // Put back as it was, nothing is refused (nor written).
        n.press([.up] + chars("p"))
        #expect(n.press(chars("w")) == [.exit(0)])
    }

    /// `label Merge-feat` moved above `pick fx`, the commit it named: fx would be on no branch.
    @Test func wRefusesALabelMovedAboveTheCommitItNamed() throws {
        var m = try model(EditorTodoCommandsTests.merges)
        #expect(m.writeProblems().isEmpty, "git's own todo is fine: \(m.writeProblems())")
        m.press(chars("jjjK"))  // label Merge-feat above pick fx
        #expect(m.writeProblems() == ["label Merge-feat is above pick eaf8b2e, the commit it named"])
        #expect(!m.press(chars("w")).contains(.write))
        #expect(m.press(chars("w")) == [.write])
        // Dropping the commit leaves nothing to orphan.
        var dropped = try model(EditorTodoCommandsTests.merges)
        dropped.press(chars("jjdjK"))
        #expect(dropped.writeProblems().isEmpty, "\(dropped.writeProblems())")
    }

    @Test func wRefusesAResetOrAMergeAboveTheLabelTheyName() throws {
        var reset = try model(EditorTodoCommandsTests.merges)
        reset.press(chars("JJJJ"))  // label onto below reset onto
        #expect(reset.writeProblems() == ["reset onto comes before label onto"], "\(reset.writeProblems())")
        var merge = try model(EditorTodoCommandsTests.merges)
        merge.press(chars("jjjjjjKKK"))  // the merge above label Merge-feat
        #expect(
            merge.writeProblems() == ["merge Merge-feat comes before label Merge-feat, its parent"], "\(merge.writeProblems())")
        let refused = merge.press(chars("w"))
        #expect(
            messages(refused).first?.hasPrefix("not written (w again writes anyway): merge Merge-feat comes before") == true,
            "\(refused)")
    }

    /// `m 3` targets the third line of the list as it is now, not line 3 of the file.
    @Test func mCountsByPositionsAndADropSaysMoved() throws {
        var m = try model(EditorTodoCommandsTests.stack)
        m.press(chars("Gk"))  // pick e6b1347 c4, carrying part2
        m.press(chars("m3"))
        #expect(m.cursor == 3, "the third line shown (pick 6bfd9da c3, line 4 of the file)")
        let moved = m.press([.enter])
        #expect(m.state.order == [0, 1, 4, 5, 3], "\(m.state.order)")
        #expect(messages(moved).contains("moved 2 lines"), "\(moved)")
        var drag = try model(EditorTodoCommandsTests.stack)
        drag.press([.down, .down, .character(" "), .down])
        #expect(messages(drag.press([.enter])) == ["moved 1 line"])
    }
}

/// Issue 32, edit item 5: `fixup -C` / `fixup -c` set from the keys.
@Suite struct EditorFixupFlagTests {
    private func output(_ model: EditorModel) -> String { String(decoding: model.outputBytes(), as: UTF8.self) }

    @Test func cCyclesFixupThroughItsFlagsAndUndoes() throws {
        var m = EditorModel(document: try LineDocument(bytes: Array(EditorTodoCommandsTests.stack.utf8)), mode: .rebase)
        m.press([.down, .down])  // pick 6bfd9da c3
        m.press([.character("C")])
        #expect(output(m).contains("\nfixup -C 6bfd9da c3\n"), "\(output(m))")
        #expect(m.action(of: 3) == .fixup)
        m.press([.character("C")])
        #expect(output(m).contains("\nfixup -c 6bfd9da c3\n"))
        m.press([.character("C")])
        #expect(output(m).contains("\nfixup 6bfd9da c3\n"))
        m.press([.character("C"), .character("p")])
        #expect(output(m).contains("\npick 6bfd9da c3\n"), "another action drops the flag: \(output(m))")
        m.press([.character("u"), .character("u"), .character("u"), .character("u"), .character("u")])
        #expect(output(m) == EditorTodoCommandsTests.stack)
    }
}

/// Issue 32, edit item 5: any todo line inserted below the selection (Tab completing command
/// words, hashes and labels from the todo), any command line's arguments edited.
@Suite struct EditorInsertLineTests {
    private func model(_ text: String) throws -> EditorModel {
        EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: .rebase)
    }
    private func output(_ model: EditorModel) -> String { String(decoding: model.outputBytes(), as: UTF8.self) }
    private func chars(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func iInsertsAnyTodoLineBelowTheSelectionWithTabCompletingFromTheTodo() throws {
        var m = try model(EditorTodoCommandsTests.stack)
        m.press([.down, .down])  // pick 6bfd9da c3
        m.press(chars("i"))
        #expect(EditorKeymap.barLabel(for: m) == "INSERT  ")
        m.press(chars("pi") + [.tab])
        #expect(m.prompt?.string == "pick ")
        m.press(chars("9a") + [.tab])
        #expect(m.prompt?.string == "pick 9a4ad52 ", "the hash from the todo")
        m.press([.enter])
        #expect(output(m).contains("pick 6bfd9da c3\npick 9a4ad52\npick e6b1347 c4\n"), "\(output(m))")
        #expect(m.cursor.map(m.isAdded) == true, "the cursor on the new line")
        // Several candidates: what they share, and their names.
        m.press(chars("i") + chars("re"))
        let effects = m.press([.tab])
        #expect(m.prompt?.string == "re" && effects == [.message("reword reset")], "\(effects)")
        let bare = m.press(chars("set") + [.enter])
        #expect(m.prompt?.string == "reset" && bare.contains(.message("reset needs its argument")), "\(bare)")
    }

    @Test func aLineThatIsNotATodoCommandIsRefusedAndThePromptStays() throws {
        var m = try model(EditorTodoCommandsTests.stack)
        m.press(chars("i") + chars("hello world"))
        let effects = m.press([.enter])
        #expect(m.prompt?.string == "hello world")
        #expect(effects == [.message("unknown action \"hello\" — pick <hash>, label, reset, merge, update-ref, exec or break")])
        #expect(output(m) == EditorTodoCommandsTests.stack)
        m.press([.escape])
        #expect(m.prompt == nil && !m.isModified)
    }

    @Test func xEditsTheArgumentsOfALabelOrAResetWithTabCompletingLabels() throws {
        var m = try model(EditorTodoCommandsTests.merges)
        m.press(chars("jjj"))  // label Merge-feat
        m.press(chars("X"))
        #expect(m.prompt?.string == "Merge-feat" && m.prompt?.purpose == .editArguments(5))
        #expect(EditorKeymap.barLabel(for: m) == "LABEL  ")
        m.press([.control("u")] + chars("feat2") + [.enter])
        #expect(output(m).contains("\nlabel feat2\n"), "\(output(m))")
        m.press(chars("j"))  // reset onto
        m.press(chars("X") + [.control("u")] + chars("fe") + [.tab])
        #expect(m.prompt?.string == "feat2 ", "the labels of the todo now")
        m.press([.enter])
        #expect(output(m).contains("\nreset feat2\n"), "\(output(m))")
        m.press(chars("uu"))
        #expect(output(m) == EditorTodoCommandsTests.merges)
    }
}

/// Issue 32, edit item 5: the commit's diff under the list scrolls by pages and follows the selection.
@Suite struct EditorCommitPaneTests {
    @Test func theScrollBelongsToTheCommitItWasScrolledOn() throws {
        var m = EditorModel(document: try LineDocument(bytes: Array(EditorTodoCommandsTests.stack.utf8)), mode: .rebase)
        m.pageSize = 5
        #expect(m.press([.character("]")]) == [.message("c shows the commit first")])
        m.press([.character("c"), .character("]"), .character("]")])
        #expect(m.commitOffset == 10)
        m.clampCommitScroll(to: 7)
        #expect(m.commitOffset == 7, "no further than the driver's last line")
        m.press([.character("j"), .character("j")])  // pick 6bfd9da c3
        #expect(m.commitOffset == 0, "another commit starts at its top")
        m.press([.character("["), .character("]")])
        #expect(m.commitOffset == 5)
    }
}
