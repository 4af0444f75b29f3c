import Foundation
import TUIList

extension Program {
    /// Steps `app` until a frame is presented on `terminal` with no input left queued: that
    /// frame shows every event queued before. A frame drawn first, for a message that came with
    /// the keys, does not count (under a sanitizer on a loaded machine one did, and every check
    /// after it saw the keys one batch late; CI 2026-11-27).
    ///
    /// ```swift
    /// terminal.enqueue([.key(.down)])
    /// program.drawNextFrame(app, on: terminal)
    /// #expect(terminal.lines[1].hasPrefix(">"))
    /// ```
    ///
    /// - Parameters:
    ///   - app: The app the program runs.
    ///   - terminal: The program's terminal.
    /// - Returns: Whether such a frame was drawn within 50 turns of the loop (before the
    ///   program finished).
    @discardableResult
    package func drawNextFrame(_ app: some TerminalApp, on terminal: HeadlessTerminal) -> Bool {
        for _ in 0 ..< 50 where !isFinished {
            let frames = terminal.framesPresented
            step(app)
            if terminal.pendingEventCount == 0 && terminal.framesPresented > frames { return true }
        }
        return false
    }
}

/// A point inside background work run on demand (``ProgramMailbox/WorkScheduling/onDemand``)
/// where the test looks at the app before the work goes on: the work calls ``reach()``, which
/// runs what the test set in ``action`` (step the program, read a frame) on the test's thread.
/// Where a test of threads would hold the work at a semaphore, this holds it in a call.
///
/// ```swift
/// let checkpoint = WorkCheckpoint()
/// let app = ShelfApp { reporter in
///     reporter.advance(to: 3000)
///     checkpoint.reach()                         // the test looks at the loading frame
///     return books
/// }
/// checkpoint.action = { program.drawNextFrame(app, on: terminal); loading = terminal.lines }
/// program.mailbox.runPendingWork()
/// ```
///
/// The action usually holds the app, whose work holds the checkpoint: set it back to `{}` when
/// the test is done (`defer`), or the three keep one another alive (LeakSanitizer reports it).
///
/// - Note: `@unchecked Sendable` because the work is run by
///   ``ProgramMailbox/runPendingWork()`` on the thread that made the checkpoint; ``reach()``
///   traps on any other (the work was started on a thread of its own).
package final class WorkCheckpoint: @unchecked Sendable {
    /// What ``reach()`` runs; nothing until the test sets it.
    package var action: () -> Void = {}
    /// How many times the work reached the checkpoint.
    package private(set) var reached = 0
    private let thread = pthread_self()

    /// A checkpoint for work run on demand on the calling thread.
    package init() {}

    /// Runs ``action``; called by the work.
    package func reach() {
        precondition(
            pthread_equal(thread, pthread_self()) != 0,
            "A WorkCheckpoint is reached on the test's thread only: run the work with runPendingWork() under .onDemand")
        reached += 1
        action()
    }
}

extension Program {
    /// Steps `app` until `seconds` of `terminal`'s ``ManualClock`` have passed, `done` holds or
    /// the program finishes: the test's next turn is at the end, as if it typed then. Waits that
    /// end in input, a deadline or a frame move the clock as they would; no wait runs past the
    /// end (an empty batch is scheduled there), and a program at rest waits until then.
    ///
    /// ```swift
    /// terminal.schedule([.key(.down)], at: clock.now + 0.01)
    /// program.advance(app, on: terminal, by: 1)      // the key, its animation, then rest
    /// ```
    ///
    /// - Parameters:
    ///   - app: The app the program runs.
    ///   - terminal: The program's terminal, whose ``HeadlessTerminal/clock`` is the program's.
    ///   - seconds: The clock time to let pass.
    ///   - runningWork: Whether each turn first runs the mailbox's work queued on demand
    ///     (``ProgramMailbox/runPendingWork()``), so background work ends in the turn after the
    ///     one that started it.
    ///   - done: Checked after every turn of the loop; true ends the steps early.
    package func advance(
        _ app: some TerminalApp, on terminal: HeadlessTerminal, by seconds: Double, runningWork: Bool = false,
        until done: () -> Bool = { false }
    ) {
        guard let clock = terminal.clock else {
            preconditionFailure("advance(_:on:by:) needs the terminal's clock: set terminal.clock to the program's ManualClock")
        }
        let end = clock.now + seconds
        terminal.schedule([], at: end)
        while clock.now < end - 1e-9, !isFinished, !done() {
            if runningWork { mailbox.runPendingWork() }
            step(app)
        }
    }
}
