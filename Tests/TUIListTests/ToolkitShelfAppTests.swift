import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

/// The toolkit article's app (DocArticleExamples.swift), run headless frame by frame: loading in
/// the background with progress, the list beside its preview, the filter prompt, the help.
@Suite("Toolkit: the article's app")
struct ToolkitShelfAppTests {
    @Test func loadsFiltersAndShowsItsHelp() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 40, rows: 7)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let checkpoint = WorkCheckpoint()
        defer { checkpoint.action = {} }  // it holds the app, whose work holds it: a cycle otherwise
        let app = ShelfApp { reporter in
            for step in 1 ... 3000 { reporter.advance(to: step) }
            checkpoint.reach()  // the test looks at the loading frame first
            return ["Beloved", "Dracula", "Dune", "Emma", "Ulysses"]
        }
        program.start(app)
        // Progress arrives while the books do not (a report per 1,000 steps): the loading line
        // shows the count.
        var loading: [String] = []
        checkpoint.action = {
            program.drawNextFrame(app, on: terminal)
            loading = terminal.lines
        }
        #expect(program.mailbox.runPendingWork() == 1, "the load, queued by the app's start")
        #expect(checkpoint.reached == 1)
        #expect(loading.first == " Shelf                                  ")
        #expect(loading.count > 3 && loading[3].contains("loading… 3000"), "\(loading)")

        program.step(app)
        #expect(app.books?.count == 5)
        terminal.enqueue([.key(.down), .key(.down)])
        program.drawNextFrame(app, on: terminal)
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
        program.drawNextFrame(app, on: terminal)
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
        program.drawNextFrame(app, on: terminal)
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
        program.drawNextFrame(app, on: terminal)
        #expect(program.isFinished)
    }
}
