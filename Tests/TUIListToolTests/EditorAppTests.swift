import TUIList
import TUIListTestSupport
import TUIListTool
import Testing

/// The editor on the runtime, headless: a ``Program`` on a ``HeadlessTerminal`` whose clock is
/// the program's ``ManualClock``; keys arrive at set times, frames are read as lines, and the
/// save closure records what would be written.
@Suite struct EditorAppTests {
    final class Saves { var written: [[UInt8]] = []; var failure: ToolFailure? }

    private func editor(
        _ text: String, _ mode: EditorMode = .lines, columns: Int = 60, rows: Int = 12
    )
        throws -> (EditorApp, Program, HeadlessTerminal, Saves)
    {
        let saves = Saves()
        let model = EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: mode)
        let app = EditorApp(
            model: model, title: "notes.txt",
            save: { bytes throws(ToolFailure) in
                if let failure = saves.failure { throw failure }
                saves.written.append(bytes)
            })
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        return (app, Program(terminal: terminal, clock: clock), terminal, saves)
    }

    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// Steps the program until `condition` holds for the screen at rest; gives up when the
    /// program waits for input with nothing scheduled (at rest: nothing will change), finishes,
    /// or 10 s of clock time pass.
    private func step(
        _ program: Program, _ app: EditorApp, _ terminal: HeadlessTerminal,
        until condition: ([String]) -> Bool
    ) -> Bool {
        let clock = program.clock
        let deadline = clock.now + 10
        while clock.now < deadline && !program.isFinished {
            program.step(app)
            if condition(terminal.lines) && !app.isAnimating { return true }
            if terminal.isWaitingForInput { break }
        }
        return condition(terminal.lines)
    }

    @Test func jjwWritesTheNewOrderAndExitsZero() throws {
        let (app, program, terminal, saves) = try editor(EditorModelTests.sixLines)
        terminal.schedule(keys("J"), at: 0.1)
        terminal.schedule(keys("J"), at: 0.2)
        terminal.schedule(keys("w"), at: 1.5)
        terminal.endInput()
        #expect(program.run(app) == 0)
        #expect(saves.written == [Array("\nnaïve café ☕\nfirst\nfourth\nfourth\nlast".utf8)])
        #expect(terminal.isRestored)
    }

    @Test func movesAnimateAndTheScreenFollowsTheModel() throws {
        let (app, program, terminal, _) = try editor("alpha\nbeta\ngamma\n")
        program.start(app)
        #expect(terminal.lines[0].hasPrefix(" tuilist edit  notes.txt"))
        #expect(terminal.lines[1].hasPrefix("  1 │ alpha"))
        terminal.schedule(keys("J"), at: 0.05)
        var sawAnimation = false
        let settled = step(program, app, terminal) { lines in
            sawAnimation = sawAnimation || app.isAnimating
            return lines[1].hasPrefix("  2 │ beta") && lines[2].hasPrefix("  1 │ alpha")
        }
        #expect(settled, "\(terminal.lines.joined(separator: "\n"))")
        #expect(sawAnimation, "the move went through apply(animated: true)")
        #expect(terminal.lines[0].hasSuffix("modified "))
        #expect(terminal.lines[11].contains("w write") && terminal.lines[11].contains("q quit"))
    }

    /// "undone (0 more to undo)" speaks of the undo: the next move clears it at once, not 4 s on.
    @Test func aMoveAfterAnUndoClearsItsMessage() throws {
        let (app, program, terminal, _) = try editor("a\nb\nc\n")
        program.start(app)
        terminal.schedule(keys("Ju"), at: 0.1)
        #expect(step(program, app, terminal) { $0[10].contains("undone (0 more to undo)") })
        let moved = program.clock.now
        terminal.schedule(keys("J"), at: moved + 0.1)
        #expect(step(program, app, terminal) { $0[1].hasPrefix("  2 │ b") })
        #expect(program.clock.now - moved < 4, "settled before the message would time out")
        #expect(!terminal.lines[10].contains("undone"), "\(terminal.lines[10])")
    }

    @Test func qAsksAndYesExitsOneWithoutWriting() throws {
        let (app, program, terminal, saves) = try editor("a\nb\n")
        program.start(app)
        terminal.schedule(keys("Jq"), at: 0.1)
        #expect(step(program, app, terminal) { $0[10].contains("discard changes? (y/n)") })
        terminal.schedule(keys("y"), at: program.clock.now + 0.1)
        terminal.endInput()  // nothing more: an app that does not quit hangs up
        while !program.isFinished { program.step(app) }
        #expect(app.exitStatus == 1)
        #expect(saves.written.isEmpty)
    }

    @Test func aFailedWriteIsShownAndTheEditorStays() throws {
        let (app, program, terminal, saves) = try editor("a\nb\n")
        saves.failure = ToolFailure("notes.txt: not written: no space left on device")
        program.start(app)
        terminal.schedule(keys("Jw"), at: 0.1)
        #expect(step(program, app, terminal) { $0[10].contains("not written: no space left on device") })
        #expect(!program.isFinished && app.exitStatus == nil)
        saves.failure = nil
        terminal.schedule(keys("w"), at: program.clock.now + 0.1)
        terminal.endInput()  // nothing more: an app that does not quit hangs up
        while !program.isFinished { program.step(app) }
        #expect(app.exitStatus == 0 && saves.written == [Array("b\na\n".utf8)])
    }

    @Test func rebaseTodoShowsBadgesAndChangesActions() throws {
        let (app, program, terminal, saves) = try editor(EditorModelTests.todo, .rebase)
        program.start(app)
        #expect(terminal.lines[0].hasPrefix(" tuilist rebase todo  notes.txt"))
        #expect(terminal.lines[1].hasPrefix("  1 │ pick   1111111 c2"))
        #expect(terminal.lines[2].hasPrefix("  2 │ pick   2222222 c3"))
        #expect(terminal.lines[3].hasPrefix("  3 │ pick   3333333 c4"))
        #expect(!terminal.lines.contains { $0.contains("Rebase") }, "comments are hidden")
        terminal.schedule(keys("jf"), at: 0.1)
        #expect(step(program, app, terminal) { $0[2].hasPrefix("  2 │ fixup  2222222 c3") })
        #expect(terminal.lines[10].contains("3 commits: 2 pick, 1 fixup"))
        terminal.schedule(keys("w"), at: program.clock.now + 0.1)
        terminal.endInput()  // nothing more: an app that does not quit hangs up
        while !program.isFinished { program.step(app) }
        #expect(saves.written == [Array(EditorModelTests.todo.replacingFirst("p 2222222", with: "f 2222222").utf8)])
    }

    @Test func helpOverlayListsTheModesKeys() throws {
        let (app, program, terminal, _) = try editor(EditorModelTests.todo, .rebase, columns: 80, rows: 24)
        program.start(app)
        terminal.schedule(keys("?"), at: 0.1)
        #expect(step(program, app, terminal) { $0.contains { $0.contains("rebase todo keys") } })
        let screen = terminal.lines.joined(separator: "\n")
        for binding in EditorKeymap.bindings(for: .rebase) {
            #expect(screen.contains(binding.help), "help shows \(binding.keysLabel)")
        }
        terminal.schedule([.key(.down)], at: program.clock.now + 0.1)
        #expect(step(program, app, terminal) { !$0.contains { $0.contains("rebase todo keys") } })
    }

    /// The filter's query on the help bar is a ``TextPrompt``: its cursor a reversed cell where
    /// "query▏" was; ← and a character insert mid-query and the list refilters; the bar then
    /// names the mode's keys and the prompt's.
    @Test func theFilterQueryShowsItsCursorAndEditsAtIt() throws {
        let (app, program, terminal, _) = try editor("grape\ngape\ngripe\n", columns: 60, rows: 12)
        program.start(app)
        terminal.schedule(keys("/gae") + [.key(.left)], at: 0.1)
        #expect(step(program, app, terminal) { $0[11].hasPrefix(" /gae   Enter keep · Esc clear · F1 help") })
        #expect(terminal.frame[4, 11].style.attributes.contains(.reverse), "the cursor is on the e")
        #expect(
            !terminal.frame[5, 11].style.attributes.contains(.reverse)
                && !terminal.frame[3, 11].style.attributes.contains(.reverse))
        #expect(terminal.lines[10].hasPrefix(" 0 of 3 lines"))
        #expect(terminal.lines.contains { $0.contains("No line matches the filter — Esc clears it") })
        terminal.schedule(keys("p"), at: program.clock.now + 0.1)
        #expect(step(program, app, terminal) { $0[1].hasPrefix("  2 │ gape") && $0[11].hasPrefix(" /gape ") })
        #expect(terminal.frame[5, 11].style.attributes.contains(.reverse), "the cursor stays on the e")
        #expect(terminal.lines[0].contains("/gape"))
    }

    /// The title gives way to its state, and a long query is what gets cut: "modified" shows.
    @Test func aLongFilterNeverHidesModifiedInTheTitle() throws {
        let (app, program, terminal, _) = try editor("grape\ngape\ngripe\n", columns: 40, rows: 12)
        program.start(app)
        terminal.schedule(keys("J/") + keys(String(repeating: "x", count: 35)), at: 0.1)
        #expect(
            step(program, app, terminal) { $0[0].contains("modified · /xxx") && $0[0].hasSuffix("… ") }, "\(terminal.lines[0])")
    }

    /// The shared pattern (``HelpAudit``): in every mode, with its help shown (`?`, or F1 where
    /// `?` is typed or means something else), every binding of the mode's keymap is drawn on the
    /// screen naming all its keys, every key drawn does what its row says through the app's own
    /// dispatch (in the mode the help was opened from), and the app acts on no key the keymap lacks.
    @Test(arguments: [
        EditorKeymap.Mode.lines, .rebase, .drag, .filter, .moveTarget, .prompt, .confirmDiscard, .help,
    ])
    func everyModesHelpIsDrawnFromTheKeymapThatDispatches(mode: EditorKeymap.Mode) throws {
        let todo = mode == .rebase || mode == .prompt
        let (app, program, terminal, _) = try editor(
            todo ? EditorModelTests.todo : "a\nb\nc\nd\ne\n", todo ? .rebase : .lines, columns: 80, rows: 24)
        program.start(app)
        let setUp: [Key] =
            switch mode {
            case .lines, .rebase, .help: []
            case .drag: [.character(" ")]
            case .filter: [.character("/"), .character("c")]
            case .moveTarget: [.character("m")]
            case .prompt: [.character("x")]
            case .confirmDiscard: [.character("J"), .character("q")]
            }
        // The help key comes well after the others (and the animations they start), so the
        // model in the mode, before the help opened, can be kept.
        for (index, key) in setUp.enumerated() { terminal.schedule([.key(key)], at: 0.1 * Double(index + 1)) }
        let help: Key = [.lines, .rebase, .help].contains(mode) ? .character("?") : .function(1)
        terminal.schedule([.key(help)], at: 2)
        let inMode = mode == .help ? EditorKeymap.Mode.lines : mode
        if !setUp.isEmpty { #expect(step(program, app, terminal) { _ in EditorKeymap.mode(of: app.model) == inMode }) }
        // What the app does with each key in the mode, before the help opens.
        #expect(EditorKeymap.mode(of: app.model) == inMode && program.clock.now < 2)
        let table = Dictionary(uniqueKeysWithValues: HelpAudit.everyKey.map { ($0, app.action(for: $0)) })
        let before = app.model
        let promptTable = Dictionary(
            uniqueKeysWithValues: HelpAudit.everyKey.map { key in
                (
                    key,
                    before.textEdit([.key(key)]).flatMap { _ in EditorKeymap.promptKeymap(for: mode, of: before)?.action(for: key)
                    }
                )
            })
        #expect(step(program, app, terminal) { _ in app.model.showHelp })
        let dispatch: (Key) -> EditorAction? =
            mode == .help ? { app.action(for: $0) } : { table[$0] ?? nil }
        var failures = HelpAudit.failures(keymap: EditorKeymap.keymap(for: mode), frame: terminal.lines, dispatch: dispatch)
        // The prompt's editing keys (the filter's, the exec command's): listed in the same help,
        // and what the app does with each key through the prompt before the help opened.
        if let editing = EditorKeymap.promptKeymap(for: mode, of: before) {
            #expect(terminal.lines.contains { $0.contains(EditorKeymap.promptHeading(for: mode)) })
            failures += HelpAudit.failures(keymap: editing, frame: terminal.lines) { promptTable[$0] ?? nil }
        }
        #expect(failures.isEmpty, "\(mode):\n\(failures.joined(separator: "\n"))\n\(terminal.lines.joined(separator: "\n"))")
    }
}

/// `!` and the `exec` prompt on the runtime, headless.
@Suite struct EditorAppCommandsTests {
    private func setUp(_ text: String) throws -> (EditorApp, Program, HeadlessTerminal, Box) {
        let model = EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: .rebase)
        let box = Box()
        let app = EditorApp(
            model: model, title: "git-rebase-todo", save: { bytes throws(ToolFailure) in box.written.append(bytes) })
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 12)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.start(app)
        return (app, program, terminal, box)
    }

    final class Box { var written: [[UInt8]] = []; var handed: [[UInt8]] = [] }

    @Test func bangHandsTheListToTheEditorAndShowsWhatCameBack() throws {
        let (app, program, terminal, box) = try setUp("pick 1 a\npick 2 b\n")
        app.externalEditor = { bytes throws(ToolFailure) in
            box.handed.append(bytes)
            guard box.handed.count == 1 else { throw ToolFailure("the editor (vi) exited with status 1: the list is as it was") }
            return Array("pick 2 b\nexec make\npick 1 a\n".utf8)
        }
        #expect(sendEditorKeys([.key(.character("J"))], program, app, terminal) { $0[1].hasPrefix("  2 │ pick") })
        #expect(sendEditorKeys([.key(.character("!"))], program, app, terminal) { $0[2].hasPrefix("  2 │ exec   make") })
        #expect(box.handed == [Array("pick 2 b\npick 1 a\n".utf8)], "the editor gets the list as it is now")
        #expect(terminal.suspensions == 1, "the editor ran with the terminal given back")
        #expect(terminal.lines[1].hasPrefix("  1 │ pick   2 b") && terminal.lines[3].hasPrefix("  3 │ pick   1 a"))
        #expect(terminal.lines[0].contains("modified"))

        #expect(
            sendEditorKeys([.key(.character("!"))], program, app, terminal) {
                $0[10].contains("the editor (vi) exited with status 1")
            })
        #expect(terminal.lines[2].hasPrefix("  2 │ exec   make"), "a failed editor changes nothing")
        terminal.schedule([.key(.character("w"))], at: program.clock.now + 0.1)
        terminal.endInput()  // nothing more: an app that does not quit hangs up
        while !program.isFinished { program.step(app) }
        #expect(box.written == [Array("pick 2 b\nexec make\npick 1 a\n".utf8)])
    }

    @Test func thePromptShowsItsTextAndCursorAndAPasteGoesIntoIt() throws {
        let (app, program, terminal, _) = try setUp("pick 1 a\npick 2 b\n")
        let typed: [InputEvent] = "xmake".map { .key(.character($0)) } + [.paste(" -j4\n"), .key(.left)]
        #expect(sendEditorKeys(typed, program, app, terminal) { $0[10].hasPrefix(" exec ▸ make -j4") })
        #expect(terminal.frame[15, 10].style.attributes.contains(.reverse), "the cursor is on the 4")
        #expect(terminal.lines[11].hasPrefix(" EXEC  Enter done · Esc cancel"))
        #expect(sendEditorKeys([.key(.enter)], program, app, terminal) { $0[2].hasPrefix("  + │ exec   make -j4") })
    }
}
