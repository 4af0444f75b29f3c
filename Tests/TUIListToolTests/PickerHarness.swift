import Foundation
import TUIList
import TUIListTestSupport

@testable import TUIListTool

/// A picker on a headless terminal whose clock is manual, stepped by the test: the one harness
/// of the picker's suites (a suite whose tests all start alike keeps a subclass that says how).
///
/// A step never waits for real: when the program is at rest the headless terminal waits for
/// the test's next input, and ``advance(by:)`` schedules the test's next turn at its end. Lines
/// are put in the ``inbox`` by the test, as its reader would from its
/// thread, and reach the app through the program's mailbox. The app's background work (the
/// snapshot of many lines, a background search, a preview command) runs on the test's thread
/// at each turn of the loop (``ProgramMailbox/WorkScheduling/onDemand``); only what reads a
/// pipe on a thread of its own (a `reload`'s lines) is waited for in real time, by
/// ``step(until:)`` and ``waitUntil(_:)``.
///
/// ```swift
/// let picker = try PickerHarness(lines: ["alpha", "beta"])
/// picker.type("be")
/// #expect(picker.listRows() == ["beta"] && picker.selectedRow == "beta")
/// ```
class PickerHarness {
    let clock = ManualClock()
    let terminal: HeadlessTerminal
    let program: Program
    let app: PickerApp
    let inbox = LineInbox()
    /// The manual time ``advance(by:)`` lets pass unless told, as every input does.
    let stepDuration: Double

    /// Starts the picker and, when there are `lines` (or the input ends), lets
    /// `stepDuration` pass so that they show.
    /// - Parameters:
    ///   - options: The picker's options.
    ///   - lines: The first lines read, put in the inbox once the program has started.
    ///   - inputEnds: Whether the input ends after `lines` (else the count says "reading…").
    ///   - columns: The terminal's width.
    ///   - rows: The terminal's height.
    ///   - stepDuration: The manual time an input, or ``advance(by:)`` unless told, lets pass
    ///     (animations run to their end in 0.5 s).
    init(
        _ options: PickerApp.Options = .init(), lines: [String] = [], inputEnds: Bool = false, columns: Int = 60,
        rows: Int = 10, stepDuration: Double = 0.5
    ) throws {
        terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        self.stepDuration = stepDuration
        program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        app = try PickerApp(inbox: inbox, options: options)
        program.start(app)
        if !lines.isEmpty { inbox.append(lines) }
        if inputEnds { inbox.finish() }
        if !lines.isEmpty || inputEnds { advance() }
    }

    // MARK: - Time

    /// Lets `seconds` of manual time pass (``stepDuration`` when nil), or less if the program
    /// finishes.
    func advance(by seconds: Double? = nil) {
        program.advance(app, on: terminal, by: seconds ?? stepDuration, runningWork: true)
    }

    /// Steps the program until `condition` holds, sleeping `pause` microseconds of real time
    /// between steps for the work done off its thread; `false` once the program has finished or
    /// `timeout` seconds of real time have passed, if `condition` still does not hold.
    /// - Parameters:
    ///   - seconds: The manual time each step lets pass (nil: one turn of the program's loop).
    ///   - timeout: A generous deadline, only reached when the condition never holds (CI's
    ///     ThreadSanitizer run ranks 100,000 matches several times slower than a plain one).
    @discardableResult
    func step(
        until condition: () -> Bool, advancing seconds: Double? = nil, pause: UInt32 = 1_000, timeout: Double = 120
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline || program.isFinished { return condition() }
            if let seconds {
                advance(by: seconds)
            } else {
                program.mailbox.runPendingWork()
                program.step(app)
            }
            usleep(pause)
        }
        return true
    }

    /// Steps manual and real time until `condition` holds on the ``rows`` (10 s of real time at
    /// most); returns the rows.
    @discardableResult
    func waitUntil(_ condition: ([String]) -> Bool) -> [String] {
        step(until: { condition(rows) }, advancing: 0.05, pause: 5_000, timeout: 10)
        return rows
    }

    // MARK: - Input

    /// A batch of lines arrives (the input goes on).
    func feed(_ lines: [String]) {
        inbox.append(lines)
        advance()
    }

    /// Events as one batch (typed fast).
    func send(_ events: [InputEvent]) {
        terminal.enqueue(events)
        advance()
    }

    /// Keys pressed as one batch.
    func press(_ keys: Key...) { send(keys.map { .key($0) }) }

    /// Text typed as one batch.
    func type(_ text: String) { send(text.map { .key(.character($0)) }) }

    /// A click (press and release) at a cell.
    func click(x: Int, y: Int, button: MouseButton = .left) {
        send([
            .mouse(MouseEvent(x: x, y: y, button: button, kind: .press)),
            .mouse(MouseEvent(x: x, y: y, button: button, kind: .release)),
        ])
    }

    /// Two clicks in one batch of input (well within the 500 ms of a double-click).
    func doubleClick(x: Int, y: Int) {
        let press = InputEvent.mouse(MouseEvent(x: x, y: y, button: .left, kind: .press))
        let release = InputEvent.mouse(MouseEvent(x: x, y: y, button: .left, kind: .release))
        send([press, release, press, release])
    }

    /// `notches` turns of the wheel (`.wheelUp` or `.wheelDown`) over a cell, in one batch.
    func wheel(_ button: MouseButton, x: Int, y: Int, notches: Int = 1) {
        send(Array(repeating: .mouse(MouseEvent(x: x, y: y, button: button, kind: .press)), count: notches))
    }

    // MARK: - The screen

    /// The terminal's lines as drawn.
    var lines: [String] { terminal.lines }

    /// The terminal's lines, blanks trimmed at both ends.
    var rows: [String] { terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) } }

    /// The rows of the list (under the prompt and `header` lines, over the help bar), trimmed,
    /// blank ones left out.
    func listRows(header: Int = 0) -> [String] {
        Array(rows[(1 + header) ..< (rows.count - 1)]).filter { !$0.isEmpty }
    }

    /// The lines of the list (under the prompt and `headers` header lines, down to the help
    /// bar), trailing blanks dropped, blank ones kept.
    func listLines(below headers: Int = 0) -> [String] {
        let lines = terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        return Array(lines[(1 + headers) ..< lines.count - 1])
    }

    /// The text of the list's row drawn in reverse video (the selection), left of any pane,
    /// trimmed.
    var selectedRow: String? {
        let frame = terminal.frame
        let y = (1 ..< frame.height - 1).first { y in frame[2, y].style.attributes.contains(.reverse) }
        return y.map { String(rows[$0].prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces) }
    }

    /// The prompt line's columns drawn in reverse video: the query's cursor.
    var cursorColumns: [Int] {
        let frame = terminal.frame
        return (0 ..< frame.width).filter { frame[$0, 0].style.attributes.contains(.reverse) }
    }

    /// The list's items (line numbers), in the order shown.
    var items: [Int] { app.list.snapshot().itemIdentifiers }
}
