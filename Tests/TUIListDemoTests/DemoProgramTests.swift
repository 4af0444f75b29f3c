import Foundation
import TUIList
import Testing

@testable import TUIListDemoKit

/// The demo as users run it: on TUIList's Program, input in timed batches, frames paced by the
/// program, on a headless terminal whose waits advance a manual clock.
@Suite struct DemoProgramTests {
    /// Keeps the text of every frame presented.
    final class FrameLog { var frames: [[String]] = [] }

    /// A headless terminal that logs each frame's text.
    private final class LoggingTerminal: Terminal {
        let inner: HeadlessTerminal
        let log: FrameLog
        init(_ inner: HeadlessTerminal, _ log: FrameLog) { (self.inner, self.log) = (inner, log) }
        var size: TerminalSize { inner.size }
        func present(_ canvas: Canvas) {
            inner.present(canvas)
            log.frames.append(inner.lines)
        }
        func nextEvent(timeout: Double?) -> InputEvent? { inner.nextEvent(timeout: timeout) }
        func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
            inner.nextEvents(timeout: timeout, waker: waker)
        }
        func restore() { inner.restore() }
    }

    private func run(
        _ batches: [(Double, [InputEvent])], columns: Int = 80, rows: Int = 24,
        data: DemoData = try! DemoData.sample(), log: FrameLog? = nil
    ) -> (DemoApp, HeadlessTerminal, Int32) {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        for (time, events) in batches { terminal.schedule(events, at: time) }
        terminal.endInput()  // the script is all the input: when it runs out, the program hangs up
        let shown: any Terminal = log.map { LoggingTerminal(terminal, $0) } ?? terminal
        let app = DemoApp(model: DemoModel(data: data), terminal: shown, clock: clock)
        // The manual clock never waits, so an index built on another thread could arrive after
        // the script ends: build it on the first filter instead (the model tests cover adopting
        // one built in the background; the tmux tests the real thing).
        app.buildsFilterIndexInBackground = false
        let status = app.run()
        return (app, terminal, status)
    }

    @Test func aSortRunsToTheEndOnItsBeat() {
        let log = FrameLog()
        let (app, terminal, status) = run(
            [
                (0.5, [.key(.character("t")), .key(.character("1"))]),
                (30, [.key(.character("q"))]),
            ], log: log)
        #expect(status == 0)
        #expect(!app.model.isSorting)
        // The last step, which changes only the status line, is drawn when it happens.
        #expect(
            log.frames.contains { $0[22].contains("insertion sort done in") },
            "no frame says the sort is done: \(log.frames.map { $0[22] })")
        let prices = app.model.data.snapshot.itemIdentifiers(inSection: "Fruit").map { app.model.data.items[$0]!.price }
        #expect(prices == prices.sorted())
        // The screen shows it: the ten fruit rows under their header, prices (the badge at the
        // row's end) going up.
        #expect(terminal.lines[1].hasPrefix("Fruit"), "\(terminal.lines[1])")
        let shown = terminal.lines[2 ... 11].compactMap { line in
            line.firstMatch(of: /(\d+\.\d\d) *[█│ ]$/).flatMap { Double($0.1) }
        }
        #expect(
            shown.count == 10 && shown == shown.sorted(),
            "prices on screen: \(shown)\n\(terminal.lines.joined(separator: "\n"))")
        #expect(shown == prices, "the screen shows the model's order")
    }

    /// The filter index is built in the background (the mailbox's work, run here on demand) and
    /// posted to the program's mailbox: a filter typed meanwhile waits for it, then shows the
    /// matches once the index arrives.
    @Test func theFilterIndexBuiltInTheBackgroundArrivesAsAMessage() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 60, rows: 14)
        terminal.clock = clock
        let app = DemoApp(model: smallModel(), terminal: terminal, clock: clock)
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        program.start(app)
        app.handle([.key(.character("/"))] + "zur".map { InputEvent.key(.character($0)) })
        program.step(app)
        #expect(app.model.isWaitingForFilterIndex, "the build has not run: the filter waits for it")
        #expect(layout(app.model) == [[1, 2, 3], [4, 5]], "every item shows until the index comes")
        #expect(program.messagesHandled == 0)

        #expect(program.mailbox.runPendingWork() == 1, "one build, started with the app")
        program.step(app)
        #expect(!app.model.isWaitingForFilterIndex, "the index arrived")
        #expect(layout(app.model) == [[], [4]], "filtered once the index came")
        #expect(program.messagesHandled == 1)
    }

    @Test func thirtyKeystrokesInOneBatchFilterOnce() {
        let typed = "zur".map { InputEvent.key(.character($0)) }
        let (app, terminal, _) = run([
            (0.5, [.key(.character("/"))] + typed + [.key(.enter)]),
            (1, [.key(.character("q"))]),
        ])
        #expect(app.model.filter == "zur")
        #expect(terminal.lines[22].contains("1/39 items"), "\(terminal.lines[22])")
    }

    @Test func aPasteInNormalModeIsNeverCommands() {
        let (app, terminal, status) = run([(0.5, [.paste("jjjqqq")]), (1, [.key(.character("j"))]), (2, [.key(.character("q"))])])
        #expect(status == 0)
        #expect(app.model.data.snapshot.numberOfItems == 39)
        #expect(terminal.lines[22].contains("paste ignored (6 characters)"), "\(terminal.lines[22])")
    }
}
