import Foundation
import Testing

@testable import TUIList

/// An app that records what the program hands it.
private final class RecordingApp: TerminalApp {
    var batches: [[InputEvent]] = []
    var frameTimes: [Double] = []
    var ticks: [Double] = []
    var animatingUntil: Double = -1
    var deadline: Double?
    /// Whether `tick` asks for a frame when its deadline comes (else the program must draw one).
    var asksForAFrameAtTheDeadline = true
    var quitOn: InputEvent? = .key(.character("q"))
    let clock: any AnimationClock
    var started = false

    init(clock: any AnimationClock) { self.clock = clock }

    func start(in program: Program) { started = true }
    func handle(_ events: [InputEvent], in program: Program) {
        batches.append(events)
        if let quitOn, events.contains(quitOn) { program.quit(status: 7) }
    }
    func tick(in program: Program) {
        ticks.append(clock.now)
        if let deadline, clock.now >= deadline {
            self.deadline = nil
            if asksForAFrameAtTheDeadline { program.setNeedsDisplay() }
        }
    }
    func render(into canvas: inout Canvas) {
        frameTimes.append(clock.now)
        canvas.draw("frame \(frameTimes.count)", x: 0, y: 0)
    }
    var isAnimating: Bool { clock.now < animatingUntil }
    var nextDeadline: Double? { deadline }
}

/// A terminal that remembers how long each wait was allowed to be.
private final class WaitLog: Terminal {
    let inner: HeadlessTerminal
    var timeouts: [Double?] = []
    init(_ inner: HeadlessTerminal) { self.inner = inner }
    var size: TerminalSize { inner.size }
    func present(_ canvas: Canvas) { inner.present(canvas) }
    func nextEvent(timeout: Double?) -> InputEvent? { inner.nextEvent(timeout: timeout) }
    func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        timeouts.append(timeout)
        return inner.nextEvents(timeout: timeout, waker: waker)
    }
    func restore() { inner.restore() }
}

@Suite struct ProgramTests {
    private func setUp(columns: Int = 20, rows: Int = 4) -> (ManualClock, HeadlessTerminal, Program, RecordingApp) {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        return (clock, terminal, Program(terminal: terminal, clock: clock), RecordingApp(clock: clock))
    }

    @Test func everyPendingEventArrivesAsOneBatch() {
        let (_, terminal, program, app) = setUp()
        let typed = "thirty keystrokes at once!!!!!".map { InputEvent.key(.character($0)) }
        #expect(typed.count == 30)
        terminal.schedule(typed, at: 0.5)
        terminal.schedule([.key(.down), .key(.down)], at: 0.7)
        terminal.schedule([.key(.character("q"))], at: 1.0)
        let status = program.run(app)
        #expect(status == 7)
        #expect(app.started)
        #expect(app.batches == [typed, [.key(.down), .key(.down)], [.key(.character("q"))]])
        #expect(terminal.isRestored)
    }

    @Test func framesArePacedAtSixtyHertzWhileAnimating() {
        let (clock, terminal, program, app) = setUp()
        app.animatingUntil = 1.0
        terminal.schedule([.key(.character("q"))], at: 2.0)
        program.run(app)
        let animated = app.frameTimes.filter { $0 <= 1.0 + 1e-9 }
        // One frame at start, then one every 1/60 s for the second: 61 frames, none early.
        #expect((60 ... 62).contains(animated.count), "\(animated.count) frames in the first second")
        for (a, b) in zip(app.frameTimes, app.frameTimes.dropFirst()) {
            #expect(b - a >= 1.0 / 60 - 1e-9, "frames \(b - a) s apart")
        }
        // Nothing drawn between the end of the animation and the quit (no input, nothing due).
        #expect(app.frameTimes.filter { $0 > 1.02 && $0 < 2.0 }.isEmpty)
        #expect(clock.now == 2.0)
    }

    @Test func inputWithinAFrameIsDrawnOnceAtTheFrameTime() {
        let (_, terminal, program, app) = setUp()
        // Three batches within one frame interval after the first frame.
        terminal.schedule([.key(.character("a"))], at: 0.001)
        terminal.schedule([.key(.character("b"))], at: 0.005)
        terminal.schedule([.key(.character("c"))], at: 0.010)
        terminal.schedule([.key(.character("q"))], at: 1)
        program.run(app)
        #expect(app.batches.count == 4)
        // The first frame at 0, one more for the three batches, at 1/60 s.
        #expect(app.frameTimes.count == 2, "\(app.frameTimes)")
        #expect(abs(app.frameTimes[1] - 1.0 / 60) < 1e-9)
    }

    @Test func atRestTheProgramWaitsWithoutATimeout() {
        let clock = ManualClock()
        let headless = HeadlessTerminal(columns: 10, rows: 2)
        headless.clock = clock
        let terminal = WaitLog(headless)
        let program = Program(terminal: terminal, clock: clock)
        let app = RecordingApp(clock: clock)
        headless.schedule([.key(.character("x"))], at: 3)
        headless.endInput()
        program.run(app)  // ends when the script runs out (the input has ended: it hangs up)
        #expect(program.isFinished)
        // Waits: until the key (forever, nothing due), then a frame's wait to draw it, then forever.
        #expect(terminal.timeouts.first! == nil)
        #expect(terminal.timeouts.last! == nil)
        #expect(app.frameTimes.count == 2)
        #expect(program.hangUpStatus == 129)
    }

    /// When the script runs out, the headless terminal waits for the test's next input rather
    /// than hang up: the step returns with the program running, no time passes, and the next
    /// input is handled as it comes. Only when the test ends the input does the program hang up.
    @Test func aHeadlessTerminalWaitsForTheTestsNextInputUntilTheInputEnds() {
        let (clock, terminal, program, app) = setUp()
        program.start(app)
        program.step(app)
        #expect(terminal.isWaitingForInput && !program.isFinished)
        #expect(clock.now == 0, "no time passes while the test's input is awaited")
        #expect(app.batches.isEmpty)

        terminal.enqueue([.key(.down)])
        program.step(app)
        #expect(!terminal.isWaitingForInput && app.batches == [[.key(.down)]])
        program.step(app)  // the frame that shows it, a frame interval later
        #expect(app.frameTimes == [0, 1.0 / 60])
        program.step(app)
        #expect(terminal.isWaitingForInput && !program.isFinished)

        terminal.enqueue([.key(.up)])
        terminal.endInput()
        program.step(app)
        #expect(app.batches == [[.key(.down)], [.key(.up)]], "what was enqueued before the end is read")
        #expect(!program.isFinished)
        program.step(app)  // its frame
        program.step(app)  // nothing left, and none will come
        #expect(program.exitStatus == program.hangUpStatus)
        #expect(!terminal.isWaitingForInput)
    }

    @Test func theAppsDeadlineWakesTheProgram() {
        let (clock, terminal, program, app) = setUp()
        app.deadline = 2.5
        terminal.schedule([.key(.character("q"))], at: 5)
        program.run(app)
        #expect(app.ticks.contains(2.5))
        #expect(app.frameTimes.contains(2.5), "the app asked for a frame at its deadline: \(app.frameTimes)")
        #expect(clock.now == 5)
    }

    /// A deadline that comes draws a frame even when the app's tick does not ask for one: what
    /// it did at its deadline is shown then, not at the next key.
    @Test func aDeadlineDrawsAFrameWithoutBeingAsked() {
        let (_, terminal, program, app) = setUp()
        app.deadline = 2.5
        app.asksForAFrameAtTheDeadline = false
        terminal.schedule([.key(.character("q"))], at: 5)
        program.run(app)
        #expect(app.ticks.contains(2.5))
        #expect(app.frameTimes == [0, 2.5], "a frame at the start and one at the deadline: \(app.frameTimes)")
    }

    @Test func aWakeFromAnotherThreadMakesATickWithoutInput() async {
        let (clock, _, program, app) = setUp()
        program.start(app)
        clock.advance(by: 1)  // past the first frame's interval: a frame may be drawn
        let waker = program.waker
        await Task.detached {
            waker.wake(); waker.wake()
        }.value
        #expect(waker.isPending)
        let ticksBefore = app.ticks.count
        let framesBefore = app.frameTimes.count
        program.step(app)
        #expect(app.ticks.count == ticksBefore + 1)
        #expect(app.batches.isEmpty)
        #expect(!waker.isPending)
        // A wake means the app has something to show: it is drawn without asking.
        #expect(app.frameTimes.count == framesBefore + 1, "a wake draws a frame: \(app.frameTimes)")
    }

    @Test func aResizeIsHandedToTheAppAndTheNextFrameHasTheNewSize() {
        let (_, terminal, program, app) = setUp(columns: 20, rows: 4)
        program.start(app)
        terminal.resize(columns: 30, rows: 6)
        program.step(app)  // handles the resize
        program.step(app)  // draws at the next frame time
        #expect(app.batches == [[.resize(TerminalSize(columns: 30, rows: 6))]])
        #expect(program.canvas.width == 30 && program.canvas.height == 6)
        #expect(terminal.lines.count == 6)
    }

    @Test func theReadmeProgramRunsOnAHeadlessTerminal() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 20, rows: 4)
        terminal.clock = clock
        terminal.schedule([.key(.down), .key(.down), .key(.character("r"))], at: 0.5)
        terminal.schedule([.key(.character("q"))], at: 2)
        let app = FruitApp()
        let program = Program(terminal: terminal, clock: clock)
        #expect(program.run(app) == 0)
        #expect(program.framesDrawn > 10, "the reverse animated: \(program.framesDrawn) frames")
        #expect(terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["Fruit", "Cherry", "Banana", "Apple"])
        #expect(app.list.state.selection == "Banana", "the selection followed its item")
    }

    /// `suspend` gives the terminal back around its body, passes on what the body returns or
    /// throws, and the next frame is drawn in full.
    @Test func suspendRunsTheBodyWithTheTerminalGivenBackThenRedrawsEverything() {
        struct Refused: Error, Equatable {}
        let (_, terminal, program, app) = setUp()
        program.start(app)
        terminal.schedule([.key(.down)], at: 0.1)
        program.step(app)
        #expect(terminal.cellsWrittenLastFrame < 80, "an ordinary frame writes what changed")
        let framesBefore = program.framesDrawn
        let value = program.suspend { () -> Int in
            #expect(terminal.suspensions == 1, "the terminal is given back while the body runs")
            return 42
        }
        #expect(value == 42)
        #expect(throws: Refused()) { try program.suspend { () throws(Refused) in throw Refused() } }
        terminal.schedule([.key(.up)], at: 0.5)
        program.step(app)
        #expect(program.framesDrawn == framesBefore + 1)
        #expect(terminal.cellsWrittenLastFrame == 80, "after a suspension every cell is drawn again")
    }

    @Test func theReadmeShowsTheProgramThatIsCompiled() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("ReadmeProgramExample.swift"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README-PROGRAM-BEGIN\n"))
        let end = try #require(source.range(of: "// README-PROGRAM-END"))
        let program = String(source[begin.upperBound ..< end.lowerBound])
        #expect(
            readme.contains("```swift\nimport TUIList\n\n" + program),
            "README's program differs from Tests/TUIListTests/ReadmeProgramExample.swift")
    }
}
