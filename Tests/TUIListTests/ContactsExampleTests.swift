import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

/// The contacts app of BuildingAContactsApp.md, run headless: every behaviour the article
/// promises, on the manual clock, with the directory search run on demand.
@Suite("Docs: the contacts example")
struct ContactsExampleTests {
    /// A program on a headless 80×24 terminal that keeps every frame.
    private func makeRun() -> (Program, HeadlessTerminal, ManualClock, ContactsApp) {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 80, rows: 24, keepingFrames: true)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let app = ContactsApp(contacts: ContactData.make(0 ..< 200)) { ContactData.make(200 ..< 250) }
        return (program, terminal, clock, app)
    }

    /// Steps until `done` or a second of the clock passes (at once when the app is at rest).
    private func run(_ program: Program, _ app: ContactsApp, _ clock: ManualClock, until done: () -> Bool = { false }) {
        program.advance(app, on: program.terminal as! HeadlessTerminal, by: 1, until: done)
    }

    private func type(_ terminal: HeadlessTerminal, _ clock: ManualClock, _ keys: [InputEvent]) {
        terminal.schedule(keys, at: clock.now + 0.01)
    }

    private func chars(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    @Test func everyBehaviourOfTheArticle() {
        let (program, terminal, clock, app) = makeRun()
        program.start(app)
        run(program, app, clock)
        var screen = terminal.lines
        #expect(screen[0].hasPrefix(" Contacts"))
        #expect(screen[1].hasPrefix("A"), "the first letter's header: \(screen)")
        #expect(screen[2].hasPrefix("   Ada Allen"))
        #expect(screen[1].contains("│Ada Allen"), "the detail pane follows the selection")
        #expect(screen[22].hasPrefix("⠋ searching directory…") || screen[22].contains("searching directory…"))
        #expect(screen[22].hasSuffix("1/200 contacts"))

        // The filter over any text (the company), animated, "N of M".
        let before = terminal.framesPresented
        type(terminal, clock, chars("/bell") + [.key(.enter)])
        run(program, app, clock)
        screen = terminal.lines
        #expect(screen[22].hasSuffix("34 of 200 contacts"), "\(screen[22])")
        let filterFrames = terminal.frameLines[before...]
        #expect(filterFrames.count > 5, "the filter animates over several frames")
        #expect(screen[2].contains("Bell Labs"))

        // Esc brings everything back; the selection (the first Bell Labs contact) stays on its line.
        let selected = app.screen.list.selectedItem
        type(terminal, clock, [.key(.character("/")), .key(.escape)])
        run(program, app, clock)
        #expect(app.screen.list.selectedItem == selected)
        #expect(terminal.lines[22].hasSuffix("/200 contacts"))

        // f: a ★ in the row and the pane, in place.
        let id = app.screen.list.selectedItem!
        let name = "\(app.contacts[id]!.first) \(app.contacts[id]!.last)"
        type(terminal, clock, chars("f"))
        run(program, app, clock)
        #expect(terminal.lines.contains { $0.hasPrefix(" ★ \(name)") }, "\(terminal.lines)")
        #expect(terminal.lines.contains { $0.contains("│\(name) ★") }, "\(terminal.lines)")

        // d asks; n keeps; d, y deletes; u undoes.
        type(terminal, clock, chars("d"))
        run(program, app, clock)
        #expect(terminal.lines.contains { $0.contains("Delete \(name)?") })
        type(terminal, clock, chars("n"))
        run(program, app, clock)
        #expect(app.contacts[id] != nil)
        type(terminal, clock, chars("dy"))
        run(program, app, clock)
        #expect(app.contacts[id] == nil)
        #expect(terminal.lines[22].hasPrefix("Deleted \(name)"))
        type(terminal, clock, chars("u"))
        run(program, app, clock)
        #expect(app.contacts[id]?.favourite == true, "undo brings it back, ★ and all")

        // F: favourites only.
        type(terminal, clock, chars("F"))
        run(program, app, clock)
        #expect(app.screen.shownItems.itemIdentifiers == [id])

        // The directory search, run now: 50 more, the spinner gone.
        type(terminal, clock, chars("F"))
        run(program, app, clock)
        #expect(program.mailbox.runPendingWork() == 1)
        run(program, app, clock)
        #expect(app.screen.items.numberOfItems == 250)
        #expect(!terminal.lines[22].contains("searching"))

        // ? shows the help over the whole screen, pane included; q quits.
        terminal.schedule(chars("?"), at: clock.now + 0.01)
        terminal.schedule(chars("xq"), at: clock.now + 0.5)
        run(program, app, clock) { terminal.lines.joined().contains("favourites only, all") }
        let top = terminal.lines.first { $0.contains("╭ Keys") } ?? ""
        #expect(top.contains("╮") && !top.contains("│"), "the box covers the pane's divider too: \(terminal.lines)")
        run(program, app, clock) { program.isFinished }
        #expect(program.exitStatus == 0)
    }

    @Test func theArticlesHeadlessRunKeepsEveryFrame() {
        let app = ContactsApp(contacts: ContactData.make(0 ..< 200)) { ContactData.make(200 ..< 250) }
        let terminal = runContactsHeadless(app)
        #expect(terminal.frames.count == terminal.framesPresented && terminal.framesPresented > 30)
        #expect(app.screen.items.numberOfItems == 250)
        #expect(app.screen.filter.query == "b")
    }

    /// At most 150 lines besides its data: the article's promise.
    @Test func theExampleIsAtMost150LinesBesidesItsData() throws {
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("DocArticleExamples.swift"), encoding: .utf8)
        var inBlock = false, inData = false, count = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// DOC-BEGIN BuildingAContactsApp.md", count == 0 { inBlock = true; continue }
            if inBlock, trimmed == "// DOC-END" { inBlock = false; continue }
            if trimmed == "// DATA-BEGIN" { inData = true }
            if trimmed == "// DATA-END" { inData = false; continue }
            if inBlock, !inData, !trimmed.isEmpty { count += 1 }
        }
        #expect(count > 100 && count <= 150, "\(count) lines")
    }
}
