import Foundation
import Testing

@testable import TUIList

/// The toolkit article's app (DocArticleExamples.swift), run headless frame by frame: loading in
/// the background with progress, the list beside its preview, the filter prompt, the help.
@Suite("Toolkit: the article's app")
struct ToolkitShelfAppTests {
    /// Steps until a frame is drawn with no key left queued: that frame shows every key
    /// queued before. (A frame drawn first, for a message of the background load that came
    /// with the keys, does not count: under a sanitizer on a loaded machine one did, and every
    /// check after it saw the keys one batch late; CI 2026-11-27.)
    private func drawNextFrame(_ program: Program, _ app: ShelfApp) {
        let terminal = program.terminal as! HeadlessTerminal
        for _ in 0 ..< 50 where !program.isFinished {
            let frames = program.framesDrawn
            program.step(app)
            if terminal.pendingEventCount == 0 && program.framesDrawn > frames { return }
        }
    }

    @Test func loadsFiltersAndShowsItsHelp() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 40, rows: 7)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        let gate = DispatchSemaphore(value: 0)
        let app = ShelfApp { reporter in
            for step in 1 ... 3000 { reporter.advance(to: step) }
            gate.wait()  // the test looks at the loading frame first
            return ["Beloved", "Dracula", "Dune", "Emma", "Ulysses"]
        }
        program.start(app)
        // Progress arrives while the books do not (a report per 1,000 steps): the loading line
        // shows the count.
        var tries = 0
        while app.progress?.completed != 3000 && tries < 2000 {
            program.step(app)
            tries += 1
            if app.progress?.completed != 3000 { usleep(1000) }
        }
        drawNextFrame(program, app)
        #expect(terminal.lines[0] == " Shelf                                  ")
        #expect(terminal.lines[3].contains("loading… 3000"), "\(terminal.lines)")

        gate.signal()
        tries = 0
        while app.books == nil && tries < 2000 {
            program.step(app)
            tries += 1
            if app.books == nil { usleep(1000) }
        }
        #expect(app.books?.count == 5)
        terminal.enqueue([.key(.down), .key(.down)])
        drawNextFrame(program, app)
        #expect(
            terminal.lines == [
                " Shelf                          5 books ",
                " Beloved            ┌ Preview ─────────┐",
                " Dracula            │Dracula           │",
                " Dune               │                  │",
                " Emma               │                  │",
                " Ulysses            └──────────────────┘",
                "/ filter  ? help  q quit  ↑↓ move       ",
            ])

        // One batch: start filtering and type.
        terminal.enqueue([.key(.character("/")), .key(.character("u")), .key(.character("l"))])
        drawNextFrame(program, app)
        #expect(
            terminal.lines == [
                " Shelf                          2 books ",
                " Dracula            ┌ Preview ─────────┐",
                " Ulysses            │Dracula           │",
                "                    │                  │",
                "                    │                  │",
                "                    └──────────────────┘",
                "/ul                                  2/5",
            ])
        // Esc clears the filter; ? opens the help over the whole screen (7 lines: no margin).
        terminal.enqueue([.key(.escape), .key(.character("?"))])
        drawNextFrame(program, app)
        #expect(
            terminal.lines == [
                " S╭ Keys ────────────────────────────╮s ",
                " B│ /         filter (Enter keeps, … │─┐",
                " D│ ?         this help              │ │",
                " D│ q Ctrl-C  quit                   │ │",
                " E│ ↑ ↓ k j   move the selection     │ │",
                " U│ …                                │─┘",
                "/ ╰──────────────────────────────────╯  ",
            ])
        // Any key closes the help (and does nothing else); q quits.
        terminal.enqueue([.key(.character("x")), .key(.character("q"))])
        drawNextFrame(program, app)
        #expect(program.isFinished)
    }
}
