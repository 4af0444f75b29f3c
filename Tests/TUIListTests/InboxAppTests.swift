import Foundation
import Testing

@testable import TUIList

/// The list app in at most 150 lines besides its data, and working: sections with
/// sticky headers, the preview pane, archive and undo, a confirm, a live filter, new mail from
/// an async source, help.
@Suite struct InboxAppTests {
    struct TwoNew: MailSource {
        func newMail() async throws -> [Mail] {
            await Task.yield()
            return [
                Mail(
                    id: 100, day: "Today", time: "18:30", sender: "Katherine Johnson", subject: "Orbit numbers", body: "Checked."),
                Mail(
                    id: 101, day: "Today", time: "18:45", sender: "Margaret Hamilton", subject: "Priority display", body: "Ready."
                ),
            ]
        }
    }

    /// The lines an app author writes for it: APP-BEGIN to APP-END less the data. Fails if the
    /// app grows past the 150 (the library should take what every app writes).
    @Test func theAppFitsInAHundredAndFiftyLines() throws {
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "InboxAppExample.swift"),
            encoding: .utf8)
        var counting = false, inData = false, count = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// APP-BEGIN": counting = true
            case "// APP-END": counting = false
            case "// DATA-BEGIN": inData = true
            case "// DATA-END": inData = false
            default: if counting, !inData { count += 1 }
            }
        }
        #expect(count > 100 && count <= 150, "\(count) lines")
    }

    @Test func archiveUndoConfirmFilterAndNewMailWork() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 80, rows: 24)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let app = InboxApp(mail: MailData.make(0 ..< 14), source: TwoNew())
        app.screen.list.transitionTiming = .none
        program.start(app)
        program.drawNextFrame(app, on: terminal)
        let first = terminal.lines
        #expect(first[1].hasPrefix("Today"), "\(first)")
        #expect(first.contains { $0.contains("Ada Lovelace  Lunch on Friday?") }, "\(first)")
        #expect(first.contains { $0.contains("From") && $0.contains("Ada Lovelace") }, "the preview: \(first)")
        #expect(first.contains { $0.contains("this is message 0 about lunch on friday?") }, "wrapped body: \(first)")
        let row = first.firstIndex { $0.contains("Ada Lovelace  Lunch") }!
        let boldColumn = first[row].range(of: "Ada")!.lowerBound.utf16Offset(in: first[row])
        #expect(terminal.frame[boldColumn, row].style.attributes.contains(.bold), "an unread sender is bold")
        #expect(first.joined().contains("checking for mail"))

        func press(_ keys: String) {
            terminal.enqueue(keys.map { .key(.character($0)) })
            program.step(app)
            program.drawNextFrame(app, on: terminal)
        }
        press("e")
        #expect(app.mail[0] == nil && terminal.lines.joined().contains("Archived (u undoes)"))
        press("u")
        #expect(app.mail[0] != nil)
        press("D")
        #expect(terminal.lines.joined().contains("Archive all of Today?"))
        press("y")
        #expect(!app.mail.values.contains { $0.day == "Today" })
        press("u")
        #expect(app.mail.count == 14)

        #expect(program.mailbox.runPendingWork() == 1)
        program.step(app)
        program.drawNextFrame(app, on: terminal)
        #expect(app.mail.count == 16 && terminal.lines.joined().contains("2 new"), "\(terminal.lines)")
        #expect(app.screen.items.itemIdentifiers(inSection: "Today").prefix(2) == [101, 100], "newest first")
        #expect(terminal.lines.contains { $0.contains("Katherine Johnson  Orbit numbers") }, "\(terminal.lines)")

        press("/Grace")
        let filtered = terminal.lines.filter { $0.contains("Lovelace") || $0.contains("Hopper") }
        #expect(!filtered.isEmpty && filtered.allSatisfy { $0.contains("Hopper") }, "\(terminal.lines)")
        terminal.enqueue([.key(.escape)])
        program.step(app)
        press("?")
        #expect(terminal.lines.joined().contains("archive the whole day"), "the help lists the app's keys")
    }
}
