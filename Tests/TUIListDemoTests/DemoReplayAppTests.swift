import Foundation
import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListDemoKit

/// The interactive replay on the Program, headless: a session recorded by the real demo
/// (the fuzzer's seed, Fuzz/Corpus/session-reader/demo-session.jsonl) played to its end, and
/// paused.
@Suite struct DemoReplayAppTests {
    private func recording() throws -> DemoReplay.Recording {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/session-reader/demo-session.jsonl").path
        return try DemoReplay.Recording.read(path: path)
    }

    @Test func playsToTheEndAtItsPaceAndQuits() throws {
        let recording = try recording()
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 14)
        terminal.clock = clock
        let duration = recording.events.last!.event.time
        terminal.schedule([.key(.character("q"))], at: duration + 5)
        terminal.endInput()  // a replay that did not quit on q hangs up instead
        let replay = DemoReplayApp(recording: recording, terminal: terminal, clock: clock)
        #expect(Program(terminal: terminal, clock: clock).run(replay) == 0)
        #expect(replay.replay.isFinished)
        #expect(terminal.lines[0].contains("END (q quits)"), "\(terminal.lines[0])")
        // The last recorded state is on screen: the recording swapped, deleted and inserted.
        #expect(terminal.lines.contains { $0.contains("New item") }, "\(terminal.lines.joined(separator: "\n"))")
    }

    @Test func spacePausesAndDotSteps() throws {
        let recording = try recording()
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 14)
        terminal.clock = clock
        terminal.schedule([.key(.character(" "))], at: 0)
        terminal.schedule([.key(.character("."))], at: 100)
        terminal.schedule([.key(.character("q"))], at: 200)
        terminal.endInput()
        let replay = DemoReplayApp(recording: recording, terminal: terminal, clock: clock)
        Program(terminal: terminal, clock: clock).run(replay)
        #expect(replay.isPaused)
        #expect(!replay.replay.isFinished, "paused at the start, one step later still not at the end")
        #expect(terminal.lines[0].contains("PAUSED"))
    }

    /// The shared pattern (``HelpAudit``): with the replay's help shown (`?`), every binding of
    /// its keymap is drawn naming all its keys, every key drawn does what its row says through
    /// the replay's own dispatch, and it acts on no key the keymap lacks.
    @Test func theHelpIsDrawnFromTheKeymapThatDispatches() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 14)
        terminal.clock = clock
        terminal.schedule([.key(.character(" "))], at: 0)
        terminal.schedule([.key(.character("?"))], at: 1)
        terminal.schedule([.key(.character("q"))], at: 100)
        let replay = DemoReplayApp(recording: try recording(), terminal: terminal, clock: clock)
        let program = Program(terminal: terminal, clock: clock)
        program.start(replay)
        while !replay.showsHelp && !program.isFinished { program.step(replay) }
        program.step(replay)  // the frame with the help
        #expect(replay.showsHelp)
        let failures = HelpAudit.failures(keymap: replay.keymap, frame: terminal.lines) { replay.action(for: $0) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))\n\(terminal.lines.joined(separator: "\n"))")
        // Esc closes the help, as everywhere else; the replay goes on (a second Esc quits).
        #expect(replay.action(for: .escape) == .toggleHelp, "over the help, Esc closes it")
        replay.handle([.key(.escape)], in: program)
        #expect(!replay.showsHelp, "Esc closed the help")
        #expect(replay.action(for: .escape) == .quit)
    }
}
