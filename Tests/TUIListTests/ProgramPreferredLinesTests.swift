import Testing

@testable import TUIList

/// ``TerminalApp/preferredLines`` reaches a terminal that fits its height to the app (an
/// adaptive ``InlineTerminal``) before every frame, through a ``DeferredTerminal`` too, and the
/// frame is drawn at the size that results.
@Suite struct ProgramPreferredLinesTests {
    /// A headless terminal whose height is what the app prefers (at most 10 lines).
    private final class FittingTerminal: Terminal, LineFitting {
        let screen = HeadlessTerminal(columns: 20, rows: 10)
        var preferredLines: Int? { didSet { seen.append(preferredLines) } }
        var seen: [Int?] = []
        var size: TerminalSize { TerminalSize(columns: 20, rows: min(10, preferredLines ?? 10)) }
        func present(_ canvas: Canvas) { screen.present(canvas) }
        func nextEvent(timeout: Double?) -> InputEvent? { screen.nextEvent(timeout: timeout) }
        func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
            screen.nextEvents(timeout: timeout ?? 1, waker: waker)
        }
        func restore() {}
    }

    private final class GrowingApp: TerminalApp {
        var items = 2
        var renderedHeights: [Int] = []
        var preferredLines: Int? { items + 1 }
        func handle(_ events: [InputEvent], in program: Program) {
            items += 1
            if items == 5 { program.quit(status: 0) }
        }
        func render(into canvas: inout Canvas) { renderedHeights.append(canvas.height) }
    }

    @Test func theProgramTellsTheTerminalBeforeEachFrame() {
        let terminal = FittingTerminal()
        let clock = ManualClock()
        terminal.screen.clock = clock
        let app = GrowingApp()
        let program = Program(terminal: DeferredTerminal { terminal }, clock: clock)
        program.start(app)
        for key in ["a", "b"] as [Character] {
            terminal.screen.enqueue([.key(.character(key))])
            for _ in 0 ..< 3 { program.step(app) }  // the batch, then the frame when it is due
        }
        #expect(terminal.seen.first == 3, "set when the deferred terminal opens")
        #expect(terminal.seen.contains(4), "\(terminal.seen)")
        #expect(app.renderedHeights.dropFirst().allSatisfy { $0 >= 3 && $0 <= 5 }, "\(app.renderedHeights)")
        #expect(app.renderedHeights.last == 5, "the last frame drawn at the size the app asked for: \(app.renderedHeights)")
    }
}
