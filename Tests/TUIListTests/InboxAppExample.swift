// swift-format-ignore-file
// (Laid out as an app author would write it; InboxAppTests counts its lines.)

import Foundation
import TUIList

// The list app of issue 41, on TUIList's public API alone: mail in day sections with sticky
// headers, a wrapped preview pane, archive and undo, new mail from background async work, a
// live filter, a confirm, help. Its lines between APP-BEGIN and APP-END, less the data between
// DATA-BEGIN and DATA-END, are what InboxAppTests counts (at most 150).

// APP-BEGIN
/// A message in the inbox.
struct Mail: Hashable, Sendable {
    var id: Int
    var day: String
    var time: String
    var sender: String
    var subject: String
    var body: String
    var unread = true
}

// DATA-BEGIN
enum MailData {
    static let days = ["Today", "Yesterday", "Monday"]
    static let senders = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"]
    static let subjects = [
        "Lunch on Friday?", "Notes from the review", "The build is green again", "Your talk next week",
        "Re: the parser bug", "Minutes of the meeting", "A question about the diff", "Slides attached",
    ]

    static func make(_ ids: Range<Int>) -> [Mail] {
        ids.map { i in
            Mail(
                id: i, day: days[min(2, i / 6)], time: String(format: "%02d:%02d", 17 - i % 9, (i * 7) % 60),
                sender: senders[i % 5], subject: subjects[i % 8],
                body: "Hello,\n\nthis is message \(i) about \(subjects[i % 8].lowercased()) It runs long enough "
                    + "to wrap in the preview pane, as real mail does.\n\nBest,\n\(senders[i % 5])",
                unread: i % 3 == 0)
        }
    }
}
// DATA-END

/// Where new mail comes from: the app's own client, `async` as network code is.
protocol MailSource: Sendable {
    func newMail() async throws -> [Mail]
}

enum InboxKey: Sendable { case archive, archiveDay, archivedDay(String), undo, read }

/// The inbox: e archive, D archive the day (asks), u undo, r read/unread, / filter, ? help, q quit.
final class InboxApp: TerminalApp {
    var mail: [Int: Mail]
    var history = UndoHistory<[Int: Mail]>()
    let source: any MailSource
    var fetch: LatestJob?
    lazy var screen = ListScreen<String, Int, InboxKey>(
        title: "Inbox",
        movesItems: false,
        bindings: [
            KeyBinding(keys: [.character("e")], help: "archive", bar: "e archive", .archive),
            KeyBinding(keys: [.character("D")], help: "archive the whole day (asks)", bar: "D day", .archiveDay),
            KeyBinding(keys: [.character("u")], help: "undo", bar: "u undo", .undo),
            KeyBinding(keys: [.character("r")], help: "read, unread", .read),
        ],
        cell: { [unowned self] cell, id in
            let message = mail[id]!
            cell.styledTitle = ANSIText(spans: [
                (message.sender, Style(attributes: message.unread ? .bold : [])),
                ("  " + message.subject, .plain),
            ])
            cell.detail = message.time
            cell.badge = message.unread ? "●" : nil
        },
        filterText: { [unowned self] id in "\(mail[id]!.sender) \(mail[id]!.subject) \(mail[id]!.body)" })

    init(mail: [Mail], source: any MailSource) {
        self.mail = Dictionary(uniqueKeysWithValues: mail.map { ($0.id, $0) })
        self.source = source
    }

    func start(in program: Program) {
        screen.start(in: program)
        screen.list.stickySectionHeaders = true
        screen.countNoun = "messages"
        screen.pane = .text(below: 0.45) { [unowned self] id in
            guard let message = id.flatMap({ mail[$0] }) else { return TextView([.text("No message")]) }
            return TextView([
                .heading(message.subject), .field("From", message.sender), .field("At", "\(message.day) \(message.time)"),
                .blank, .text(message.body),
            ])
        }
        show()
        fetch = LatestJob(mailbox: program.mailbox)
        screen.activity = "checking for mail"
        let source = self.source
        fetch?.start { try? await source.newMail() }
    }

    /// The messages in day sections, newest first.
    func show(changed: [Int] = [], animated: Bool = false) {
        let order = MailData.days
        let sorted = mail.values.sorted { (order.firstIndex(of: $0.day)!, $1.time, $0.id) < (order.firstIndex(of: $1.day)!, $0.time, $1.id) }
        screen.setItems(Snapshot(grouping: sorted.map(\.id)) { self.mail[$0]!.day }, changed: changed, animated: animated)
    }

    /// Records the mail for undo, changes it, shows the result.
    func edit(changed: [Int] = [], _ change: (inout [Int: Mail]) -> Void) {
        history.record(mail)
        change(&mail)
        show(changed: changed, animated: true)
    }

    func handle(_ events: [InputEvent], in program: Program) {
        screen.handle(events, in: program) { key in
            let selected = screen.list.selectedItem
            switch key {
            case .archive:
                guard let id = selected else { break }
                edit { $0[id] = nil }
                screen.showMessage("Archived (u undoes)")
            case .archiveDay:
                guard let day = selected.flatMap({ mail[$0]?.day }) else { break }
                screen.confirm("Archive all of \(day)?", then: .archivedDay(day))
            case .archivedDay(let day):
                edit { $0 = $0.filter { $0.value.day != day } }
            case .undo:
                guard let previous = history.undo(from: mail) else { return screen.showMessage("Nothing to undo") }
                mail = previous
                show(animated: true)
            case .read:
                guard let id = selected else { break }
                edit(changed: [id]) { $0[id]!.unread.toggle() }
            }
        }
    }

    func receive(_ message: any Sendable, in program: Program) {
        guard let arrived = fetch?.accept(message) as? [Mail] else {
            screen.receive(message)
            return
        }
        screen.activity = nil
        for new in arrived { mail[new.id] = new }
        screen.showMessage("\(arrived.count) new")
        show(animated: true)
    }

    var isAnimating: Bool { screen.isAnimating }
    var nextDeadline: Double? { screen.nextDeadline }
    func render(into canvas: inout Canvas) { screen.render(into: &canvas) }
}
// APP-END
