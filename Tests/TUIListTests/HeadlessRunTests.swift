import Testing

@testable import TUIList

/// Headless runs as app authors test them: every frame kept, background work run on demand.
@Suite("Runtime: headless runs")
struct HeadlessRunTests {
    struct Loaded: Sendable { let names: [String] }

    /// Loads its names in the background, shows "loading" meanwhile; d deletes, animated.
    final class LoadingApp: TerminalApp {
        let screen = ListScreen<Int, String, Never>(title: "Names", row: { ($0, nil) })

        func start(in program: Program) {
            screen.start(in: program)
            screen.list.transitionTiming = .default
            screen.activity = "loading"
            program.mailbox.perform { Loaded(names: ["Ada", "Bob", "Cy"]) }
        }

        func handle(_ events: [InputEvent], in program: Program) {
            screen.handle(events, in: program)
        }

        func receive(_ message: any Sendable, in program: Program) {
            guard let loaded = message as? Loaded else { return }
            screen.activity = nil
            screen.setItems(Snapshot(sections: [(0, loaded.names)]), animated: true)
        }

        var isAnimating: Bool { screen.isAnimating }
        func render(into canvas: inout Canvas) { screen.render(into: &canvas) }
    }

    @Test func backgroundWorkRunsOnDemandAndEveryFrameIsKept() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 20, rows: 7, keepingFrames: true)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let app = LoadingApp()
        program.start(app)
        while clock.now < 0.5 { program.step(app) }  // half a second of loading frames
        #expect(program.mailbox.pendingWorkCount == 1, "queued, not started")
        #expect(terminal.lines[2].contains("loading…"))
        #expect(program.mailbox.runPendingWork() == 1)
        #expect(program.mailbox.count == 1, "its result is posted")
        let loadedAt = clock.now
        terminal.schedule([.key(.character("J"))], at: loadedAt + 1)  // Ada slides below Bob
        terminal.schedule([.key(.character("q"))], at: loadedAt + 3)
        while !program.isFinished { program.step(app) }
        // Every frame: the loading ones (the spinner turning), the names, the move's frames.
        let frames = terminal.frameLines
        #expect(frames.count == terminal.framesPresented)
        let loaded = try #require(frames.firstIndex { $0[2].hasPrefix(" Ada") })
        #expect(frames[..<loaded].allSatisfy { $0[2].contains("loading…") })
        #expect(Set(frames[..<loaded].map { $0[5].prefix(1) }).count > 1, "the spinner turned: \(frames[..<loaded])")
        let before = frames[loaded], after = try #require(frames.last)
        #expect(after[2].hasPrefix(" Bob") && after[3].hasPrefix(" Ada"))
        let between = frames[loaded...].filter { $0 != before && $0 != after }
        #expect(!between.isEmpty, "frames of the move, between its first and last")
    }

    @Test func framesAreKeptOnlyWhenAsked() {
        let terminal = HeadlessTerminal(columns: 4, rows: 1)
        terminal.present(Canvas(width: 4, height: 1))
        #expect(terminal.frames.isEmpty)
        terminal.keepsFrames = true
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw("ab", x: 0, y: 0)
        terminal.present(canvas)
        #expect(terminal.frameLines == [["ab  "]])
    }

    @Test func workQueuedByWorkRunsToo() {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        mailbox.scheduling = .onDemand
        mailbox.perform {
            mailbox.perform { "second" }
            return "first"
        }
        #expect(mailbox.count == 0)
        #expect(mailbox.runPendingWork() == 2)
        #expect(mailbox.takeAll().compactMap { $0 as? String } == ["first", "second"])
    }
}
