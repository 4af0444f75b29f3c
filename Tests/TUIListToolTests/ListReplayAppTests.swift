import TUIList
import TUIListTestSupport
import TUIListTool
import Testing

/// `tuilist replay` headless: a recording of a few list states, the replay's help over it.
@Suite struct ListReplayAppTests {
    /// Three states of a list of lines, a second apart.
    private func recording() throws -> ListReplayApp.Recording {
        let clock = ManualClock()
        let sink = MemorySessionSink()
        let recorder = try SessionRecorder<String, String, String>(
            sink: sink, header: SessionHeader(columns: 60, rows: 14, program: "test", start: "now", title: "lines"),
            clock: { clock.now })
        var snapshot = Snapshot(sections: [("", ["a", "b", "c"])])
        try recorder.record(snapshot) { "line \($0)" }
        clock.advance(by: 1)
        snapshot.moveItem("a", afterItem: "c")
        try recorder.record(snapshot) { "line \($0)" }
        clock.advance(by: 1)
        try recorder.record(key: "J")
        return try ListReplayApp.Recording.parse(text: sink.lines.joined(separator: "\n") + "\n")
    }

    /// The shared pattern (``HelpAudit``): with the replay's help shown (`?`), every binding of
    /// its keymap (the replay's controls, then the list's keys) is drawn naming all its keys,
    /// every key drawn does what its row says through the replay's own dispatch, and it acts on
    /// no key the keymap lacks.
    @Test func theHelpIsDrawnFromTheKeymapThatDispatches() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 14)
        terminal.clock = clock
        terminal.schedule([.key(.character("?"))], at: 0.5)
        terminal.schedule([.key(.character("q"))], at: 100)
        let replay = ListReplayApp(recording: try recording())
        let program = Program(terminal: terminal, clock: clock)
        program.start(replay)
        while !replay.showsHelp && !program.isFinished { program.step(replay) }
        program.step(replay)  // the frame with the help
        #expect(replay.showsHelp)
        #expect(terminal.lines.contains { $0.contains("line a") || $0.contains("line b") }, "the list is behind the help")
        let failures = HelpAudit.failures(keymap: replay.keymap, frame: terminal.lines) { replay.action(for: $0) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))\n\(terminal.lines.joined(separator: "\n"))")
        // Space and the list's keys still work with the help shown; ? closes it.
        terminal.schedule([.key(.character(" ")), .key(.character("?"))], at: clock.now + 0.1)
        while replay.showsHelp && !program.isFinished { program.step(replay) }
        #expect(replay.isPaused && !replay.showsHelp)
        // Over the help, Esc closes it (as everywhere else) and the replay goes on.
        terminal.schedule([.key(.character("?"))], at: clock.now + 0.1)
        while !replay.showsHelp && !program.isFinished { program.step(replay) }
        #expect(replay.action(for: .escape) == .replay(.toggleHelp))
        terminal.schedule([.key(.escape)], at: clock.now + 0.1)
        while replay.showsHelp && !program.isFinished { program.step(replay) }
        #expect(!replay.showsHelp && !program.isFinished, "Esc closed the help, not the replay")
    }

    /// A recording of `watch --group-by` replays headless with its groups' names before their
    /// rows, as the list draws them.
    @Test func headlessReplayKeepsTheGroupHeaders() throws {
        let sink = MemorySessionSink()
        let recorder = try SessionRecorder<String, String, String>(
            sink: sink, header: SessionHeader(columns: 60, rows: 14, program: "test", start: "now"), clock: { 0 })
        try recorder.record(Snapshot(sections: [("web", ["1", "2"]), ("db", ["3"])])) { "row \($0)" }
        let grouped = try ListReplayApp.Recording.parse(text: sink.lines.joined(separator: "\n") + "\n")
        let (app, _) = ListReplayApp.playHeadless(grouped, columns: 60, rows: 14)
        #expect(app.currentLines == ["web", "row 1", "row 2", "db", "row 3"])
        let plain = ListReplayApp.playHeadless(try recording(), columns: 60, rows: 14).app
        #expect(plain.currentLines == ["line b", "line c", "line a"], "one section without a name: no header")
    }
}
