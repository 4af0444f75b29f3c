import TUIList
import TUIListTestSupport
import TUIListTool
import Testing

/// Issue 40, item 4, on the headless runtime: `fixup -C` drawn as git writes it; a refusal said
/// on the prompt's line; a key that does nothing says so; `--keys girt` gives
/// git-interactive-rebase-tool's keys.
@Suite struct EditorKeysTests {
    final class Saves { var written: [[UInt8]] = [] }

    private func editor(
        _ text: String, keys: EditorKeymap.Keys = .tuilist, columns: Int = 60, rows: Int = 8
    ) throws -> (
        EditorApp, Program, HeadlessTerminal, Saves
    ) {
        let saves = Saves()
        let model = EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: .rebase)
        let app = EditorApp(
            model: model, title: "git-rebase-todo", save: { bytes throws(ToolFailure) in saves.written.append(bytes) })
        app.keys = keys
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        return (app, Program(terminal: terminal, clock: clock), terminal, saves)
    }

    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// git's own todo writes `fixup -C <hash> <subject>`: the flag goes with the action.
    @Test func fixupAndMergeFlagsAreDrawnWithTheActionAsGitWritesThem() throws {
        let todo =
            "pick 1a2b3c4 Add the parser\nfixup -C 5d6e7f8 amend! Add the parser\nf -c 9a8b7c6 reword it\nmerge -C 0b1c2d3 side # Merge side\n"
        let (app, program, terminal, _) = try editor(todo)
        program.start(app)
        let golden = [
            " tuilist rebase todo  git-rebase-todo                       ",
            "  1 │ pick   1a2b3c4 Add the parser                         ",
            "  2 │ fixup -C 5d6e7f8 amend! Add the parser                ",
            "  3 │ fixup -c 9a8b7c6 reword it                            ",
            "  4 │ merge  -C 0b1c2d3 side # Merge side                   ",
            "                                                            ",
        ]
        #expect(Array(terminal.lines.prefix(6)) == golden, "\(terminal.lines.joined(separator: "\n"))")
        // Set to squash, the flag goes (it belongs to fixup), as the line written does.
        #expect(
            sendEditorKeys(keys("js"), program, app, terminal) { $0[2].hasPrefix("  2 │ squash 5d6e7f8 amend! Add the parser") })
    }

    /// `i` + `pik …` + Enter: the prompt stays, and the help bar's line says why (the status
    /// line, where messages go, is under the prompt).
    @Test func anUnknownActionTypedWithISaysSoOnThePromptsLine() throws {
        let (app, program, terminal, _) = try editor("pick 1111111 one\npick 2222222 two\n", columns: 100)
        program.start(app)
        let typed: [InputEvent] = keys("i") + keys("pik 2222222") + [.key(.enter)]
        #expect(
            sendEditorKeys(typed, program, app, terminal) { lines in
                lines[6].hasPrefix(" insert ▸ pik 2222222") && lines[7].contains("unknown action \"pik\"")
            }, "\(terminal.lines.joined(separator: "\n"))")
    }

    /// `w` with a commit git cannot find: one line naming it, nothing written, the editor open.
    @Test func wShowsTheRefusalAndWritesNothing() throws {
        let (app, program, terminal, saves) = try editor("pick 1111111 one\npick 2222222 two\n", columns: 80)
        app.verifyCommits = { names in names.contains("2222222") ? ["2222222": "missing"] : [:] }
        program.start(app)
        #expect(
            sendEditorKeys(keys("rw"), program, app, terminal) {
                $0.contains { $0.contains("not written: line 2: no commit 2222222") }
            })
        #expect(saves.written.isEmpty && !program.isFinished)
    }

    /// A key bound to nothing says so, with where help is, in both sets of keys.
    @Test(arguments: EditorKeymap.Keys.allCases)
    func aKeyThatDoesNothingSaysSo(keys: EditorKeymap.Keys) throws {
        let (app, program, terminal, _) = try editor("pick 1111111 one\npick 2222222 two\n", keys: keys, columns: 80)
        program.start(app)
        let key: Key = keys == .girt ? .left : .control("y")
        let expected = "\(key.shortName) does nothing here · ? for help"
        #expect(sendEditorKeys([.key(key)], program, app, terminal) { $0.contains { $0.contains(expected) } }, "\(keys)")
        // In the filter, where ? is typed, help is F1.
        #expect(
            sendEditorKeys(self.keys("/") + [.key(.control("y"))], program, app, terminal) {
                $0.contains { $0.contains("Ctrl-Y does nothing here · F1 for help") }
            })
    }

    /// girt's defaults: j/k move the line, p r e s f d set the action, Ctrl-Y redoes, W writes.
    @Test func girtKeysMoveTheLineSetActionsRedoAndWrite() throws {
        var m = EditorModel(
            document: try LineDocument(bytes: Array("pick 1111111 one\npick 2222222 two\npick 3333333 three\n".utf8)),
            mode: .rebase)
        m.press([.character("j")], with: .girt)
        #expect(String(decoding: m.outputBytes(), as: UTF8.self) == "pick 2222222 two\npick 1111111 one\npick 3333333 three\n")
        m.press([.character("k"), .down, .character("f")], with: .girt)
        #expect(m.action(of: 1) == .fixup && m.cursor == 1, "↓ moves the cursor")
        m.press([.character("u")], with: .girt)
        m.press([.control("y")], with: .girt)
        #expect(m.action(of: 1) == .fixup, "Ctrl-Y redoes")
        for (key, action) in [("p", RebaseAction.pick), ("r", .reword), ("e", .edit), ("s", .squash), ("d", .drop)] {
            m.press([.character(Character(key))], with: .girt)
            #expect(m.action(of: 1) == action, "\(key)")
        }
        #expect(m.press([.character("W")], with: .girt) == [.write])
        #expect(m.press([.character("Q")], with: .girt) == [.exit(1)], "Q: exit 1 at once (git aborts)")
        // The default keys keep their meaning: j moves the cursor.
        var n = EditorModel(document: try LineDocument(bytes: Array("pick 1111111 one\npick 2222222 two\n".utf8)), mode: .rebase)
        n.press([.character("j")])
        #expect(!n.isModified && n.cursor == 1)
    }

    /// girt's q asks even when nothing changed (its q aborts the rebase); y exits 1.
    @Test func girtQAsksEvenUnchangedAndYesExitsOne() throws {
        var m = EditorModel(document: try LineDocument(bytes: Array("pick 1111111 one\n".utf8)), mode: .rebase)
        #expect(m.press([.character("q")], with: .girt).isEmpty && m.isConfirmingDiscard)
        #expect(EditorKeymap.barLabel(for: m) == "exit 1, writing nothing? (y/n)")
        #expect(m.press([.character("y")], with: .girt) == [.exit(1)])
        var n = EditorModel(document: try LineDocument(bytes: Array("pick 1111111 one\n".utf8)), mode: .rebase)
        #expect(n.press([.character("q")]) == [.exit(0)], "tuilist's q: nothing changed, exit 0")
    }

    /// The help and the bar are the table in force: girt's rows first, tuilist's without girt's keys.
    @Test func girtHelpShowsTheTableInForce() throws {
        let rows = EditorKeymap.bindings(for: .rebase, keys: .girt)
        let labels = rows.map(\.keysLabel)
        #expect(labels.contains("j k") && labels.contains("p r e s f d") && labels.contains("w W"))
        #expect(!labels.contains("↑↓ j k"), "tuilist's j k row is gone")
        #expect(labels.contains("P R") && labels.contains("S F C"), "tuilist's capitals stay where girt leaves them free")
        let keymap = EditorKeymap.keymap(for: .rebase, keys: .girt)
        #expect(keymap.action(for: .character("J")) == .moveDown, "J, free in girt, keeps tuilist's meaning")
        #expect(keymap.action(for: .character("I")) == .insertLine && keymap.action(for: .character("E")) == .editExec)
        let (app, program, terminal, _) = try editor("pick 1111111 one\n", keys: .girt, columns: 100)
        program.start(app)
        #expect(
            terminal.lines[7].contains("? help") && terminal.lines[7].contains("q abort")
                && terminal.lines[7].contains("j/k move"))
    }
}
