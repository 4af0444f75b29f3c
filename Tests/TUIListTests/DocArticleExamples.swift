// swift-format-ignore-file
// (This file is the README's and the articles' code, laid out as they show it.)
import Foundation
import TUIList

// The code of the DocC articles in Sources/TUIList/TUIList.docc, verbatim between markers:
// `// DOC-BEGIN <Article>.md` starts a block, `// DOC-END` ends it. DocArticleTests checks that
// each article shows exactly these blocks (indentation removed) and no other Swift code, and
// runs them. Edit a block here, then copy it into the article.

// MARK: - GettingStarted.md

// DOC-BEGIN GettingStarted.md
/// Groceries in two sections: ↑↓ move, d deletes, J moves the item down, q quits.
final class GroceriesApp: TerminalApp {
    let list = ListView<String, String>(cellProvider: { context, name in
        let cell = context.dequeue(TextCell.self)
        cell.title = name
        return cell
    })

    func start(in program: Program) {
        list.animationClock = program.clock     // frames follow the program's clock
        list.apply(Snapshot(sections: [
            ("Fruit", ["Apple", "Banana", "Cherry"]),
            ("Bakery", ["Bread", "Croissant"]),
        ]), animated: false)
    }

    func handle(_ events: [InputEvent], in program: Program) {
        for event in events where !list.handle(event) {     // arrows, pages, mouse
            switch event {
            case .key(.character("q")): program.quit()
            case .key(.character("d")): change { snapshot, item in snapshot.deleteItems([item]) }
            case .key(.character("J")): change { snapshot, item in snapshot.moveItem(item, .down) }  // across sections too
            default: break
            }
        }
    }

    /// Edits a copy of what is on screen at the selected item, then applies it, animated.
    private func change(_ edit: (inout Snapshot<String, String>, String) -> Void) {
        guard let item = list.selectedItem else { return }
        var next = list.snapshot()
        edit(&next, item)
        list.apply(next, animated: true)        // the one path from model to screen
    }

    var isAnimating: Bool { list.isAnimating }

    func render(into canvas: inout Canvas) {
        let listArea = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height - 1)
        list.render(into: &canvas, rect: listArea)
        canvas.draw("last change: \(list.lastChangeset)", x: 0, y: canvas.height - 1,
                    style: Style(attributes: .dim))
    }
}
// DOC-END

/// The article's `main.swift`: compiled, not run (it needs a real terminal).
func gettingStartedMain() throws -> Never {
    // DOC-BEGIN GettingStarted.md
    let terminal = try NCursesTerminal()        // a one-line error when stdout is no terminal
    exit(Program(terminal: terminal).run(GroceriesApp()))
    // DOC-END
}

/// The article's inline variant (fzf's `--height`): compiled, not run (it needs a real terminal).
func gettingStartedInlineMain() throws -> Never {
    // DOC-BEGIN GettingStarted.md
    let terminal = try InlineTerminal(height: .lines(10))   // or .percent(40)
    exit(Program(terminal: terminal).run(GroceriesApp()))
    // DOC-END
}

/// The article's test of the app: a whole run on a headless terminal.
func gettingStartedHeadlessRun() -> (status: Int32, lines: [String]) {
    // DOC-BEGIN GettingStarted.md
    let clock = ManualClock()
    let terminal = HeadlessTerminal(columns: 30, rows: 7)
    terminal.clock = clock                      // waits advance this clock: no real sleeping
    terminal.schedule([.key(.down), .key(.down), .key(.character("d"))], at: 0.5)   // delete Banana
    terminal.schedule([.key(.character("q"))], at: 2)
    let status = Program(terminal: terminal, clock: clock).run(GroceriesApp())
    // status == 0, and terminal.lines is the last frame:
    // "Fruit", " Apple", " Cherry", "Bakery", " Bread", " Croissant", "last change: −1 +0 ↕0 ~0"
    // DOC-END
    return (status, terminal.lines)
}

// MARK: - AnimatingChanges.md

/// Builds a list of `count` numbered items in one section, drawn as their number.
func numberedList(_ count: Int) -> ListView<String, Int> {
    let list = ListView<String, Int>(cellProvider: { context, item in
        let cell = context.dequeue(TextCell.self)
        cell.title = "Item \(item)"
        return cell
    })
    list.apply(Snapshot(sections: [("Numbers", Array(0 ..< count))]), animated: false)
    return list
}

/// The article's timing settings, on `list`.
func animatingChangesTiming(_ list: ListView<String, Int>) {
    // DOC-BEGIN AnimatingChanges.md
    var timing = TransitionTiming.default               // remove 120 ms, move 250 ms, add 120 ms
    timing.move = TransitionTiming.Phase(duration: 0.4, easing: .easeInOut)
    timing.maximumSlidingMoves = 5                      // more, with inserts, cross-fade
    list.transitionTiming = .fromEnvironment(base: timing)   // .none if TUILIST_REDUCED_MOTION=1
    // DOC-END
}

/// The article's frame-by-frame run with a retarget; returns the frames and the cells each wrote.
func animatingChangesFrames() -> (frames: Int, cellsPerFrame: [Int], lines: [String]) {
    // DOC-BEGIN AnimatingChanges.md
    let list = numberedList(100_000)                    // 100,000 items, 10 lines on screen
    let clock = ManualClock()
    list.animationClock = clock
    list.transitionTiming = .default
    let terminal = HeadlessTerminal(columns: 24, rows: 10)
    var canvas = Canvas(width: 24, height: 10)
    list.render(into: &canvas)                          // on screen: Item 0 … Item 8
    terminal.present(canvas)

    var next = list.snapshot()
    next.moveItem(5, beforeItem: 0)                     // item 5 slides to the top
    list.apply(next, animated: true)
    var cellsPerFrame: [Int] = []
    var retargeted = false
    while list.isAnimating {
        if clock.now >= 0.2, !retargeted {              // mid-slide: a new target
            var again = list.snapshot()
            again.deleteItems([2])
            list.apply(again, animated: true)           // starts from where rows are drawn now
            retargeted = true
        }
        list.render(into: &canvas)
        terminal.present(canvas)
        cellsPerFrame.append(terminal.cellsWrittenLastFrame)
        clock.advance(by: 1.0 / 60)                     // what Program does between frames
    }
    // DOC-END
    return (cellsPerFrame.count, cellsPerFrame, terminal.lines)
}

// DOC-BEGIN AnimatingChanges.md
/// A widget of the app's own: one rendered line per item, in the snapshot's order. A change
/// renders only the items that arrive or are updated; every other line is kept from before.
struct RenderedColumn {
    private(set) var lines: [String] = []
    private(set) var renders = 0                            // lines rendered so far

    mutating func update(from old: Snapshot<String, Int>, to new: Snapshot<String, Int>,
                         render: (Int) -> String) {
        let changes = Changeset(from: old, to: new)
        var leaving = Set<Int>()                            // old positions taken out
        var moving: [Int: String] = [:]                     // a moved item's line, by item
        for delete in changes.itemDeletes { leaving.insert(old.globalIndex(of: delete.index)!) }
        for move in changes.itemMoves {
            let from = old.globalIndex(of: move.from)!
            leaving.insert(from)
            moving[move.id] = lines[from]
        }
        var arriving: [Int: String] = [:]                   // new position -> line
        for insert in changes.itemInserts {
            arriving[new.globalIndex(of: insert.index)!] = render(insert.id)
            renders += 1
        }
        for move in changes.itemMoves { arriving[new.globalIndex(of: move.to)!] = moving[move.id] }
        var staying = lines.indices.filter { !leaving.contains($0) }.map { lines[$0] }
            .makeIterator()                                 // kept items keep their order
        lines = (0 ..< new.numberOfItems).map { arriving[$0] ?? staying.next()! }
        for update in changes.itemUpdates {                 // content changed: render again
            lines[new.globalIndex(of: update.to)!] = render(update.id)
            renders += 1
        }
    }
}
// DOC-END

// MARK: - RecordingAndReplaying.md

/// The article's recorder: three states of a list written to `path`.
func recordingAndReplayingRecord(path: String) throws -> Int {
    // DOC-BEGIN RecordingAndReplaying.md
    let clock = ManualClock()                           // a real app passes SystemClock's time
    let recorder = try SessionRecorder<String, String, String>(
        sink: FileSessionSink(path: path),              // write(2) per line: kill-safe
        header: SessionHeader(columns: 80, rows: 24, program: "groceries 1.0",
                              start: "2026-11-23T07:00:00Z", title: "Groceries"),
        clock: { clock.now })

    var snapshot = Snapshot(sections: [("Fruit", ["Apple", "Banana", "Cherry"])])
    try recorder.record(snapshot) { name in "fresh \(name.lowercased())" }   // whole, with content
    clock.advance(by: 1.5)
    try recorder.record(key: "J")
    snapshot.moveItem("Apple", afterItem: "Banana")
    try recorder.record(snapshot) { name in "fresh \(name.lowercased())" }   // an edit: a few bytes
    clock.advance(by: 2)
    try recorder.record(marker: "done")
    // DOC-END
    return recorder.linesWritten
}

/// The article's asciicast export of a list of frames (times in seconds).
func recordingAndReplayingAsciicast(_ frames: [(time: Double, canvas: Canvas)], columns: Int, rows: Int) throws -> String {
    // DOC-BEGIN RecordingAndReplaying.md
    func json(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
    var encoder = AnsiFrameEncoder()                    // first frame in full, then changed runs
    var cast = try json(["version": 2, "width": columns, "height": rows]) + "\n"
    for (time, canvas) in frames {
        let bytes = encoder.encode(canvas)
        if bytes.isEmpty { continue }
        let data = try json(bytes)
        cast += "[\(time), \"o\", \(data)]\n"
    }
    // DOC-END
    return cast
}

// MARK: - BuildingAnApp.md

// DOC-BEGIN BuildingAnApp.md
/// A task: what to do, and when.
struct TaskItem: Hashable, Sendable {
    var title: String
    var due: String
}

// DATA-BEGIN
/// The tasks, in three sections: what the background load returns.
let sampleTasks: [(String, [TaskItem])] = [
    ("Today", [
        TaskItem(title: "Pay the rent", due: "Mon 3"),
        TaskItem(title: "Call the plumber", due: "Mon 3"),
        TaskItem(title: "Buy coffee beans", due: "Mon 3"),
        TaskItem(title: "Reply to Ana", due: "Mon 3"),
        TaskItem(title: "Water the ferns", due: "Mon 3"),
        TaskItem(title: "Book the dentist", due: "Mon 3"),
        TaskItem(title: "Renew the bus pass", due: "Mon 3"),
        TaskItem(title: "Fix the login test", due: "Mon 3"),
        TaskItem(title: "Review pull request 42", due: "Mon 3"),
        TaskItem(title: "Walk the dog", due: "Mon 3"),
    ]),
    ("This week", [
        TaskItem(title: "Write the release notes", due: "Tue 4"),
        TaskItem(title: "Back up the laptop", due: "Tue 4"),
        TaskItem(title: "Return the library books", due: "Wed 5"),
        TaskItem(title: "Plan the team lunch", due: "Wed 5"),
        TaskItem(title: "Update the résumé", due: "Thu 6"),
        TaskItem(title: "Order a birthday gift", due: "Thu 6"),
        TaskItem(title: "Clean the fridge", due: "Fri 7"),
        TaskItem(title: "Send the invoices", due: "Fri 7"),
        TaskItem(title: "Change the bike tyre", due: "Sat 8"),
        TaskItem(title: "Visit grandma", due: "Sun 9"),
    ]),
    ("Later", [
        TaskItem(title: "File the taxes", due: "Apr 15"),
        TaskItem(title: "Learn the ukulele", due: "May 1"),
        TaskItem(title: "Paint the hallway", due: "May 20"),
        TaskItem(title: "Sort the photos", due: "Jun 1"),
        TaskItem(title: "Read War and Peace", due: "Jun 30"),
        TaskItem(title: "Plant tomatoes", due: "Jul 4"),
        TaskItem(title: "Service the boiler", due: "Sep 1"),
        TaskItem(title: "Renew the passport", due: "Oct 12"),
        TaskItem(title: "Run a half marathon", due: "Nov 2"),
        TaskItem(title: "Write a novel", due: "Dec 31"),
    ]),
]
// DATA-END

/// What the background load posts when it is done.
struct TasksLoaded: Sendable {
    var sections: [(String, [TaskItem])]
}

/// Tasks in three sections: J/K move a task (across sections too), `/` filters, `?` shows
/// the keys, q quits. The tasks load on a thread of their own.
final class TasksApp: TerminalApp {
    let screen = ListScreen<String, TaskItem, Never>(title: "Tasks") { task in (task.title, task.due) }
    let load: @Sendable (ProgressReporter) -> [(String, [TaskItem])]

    init(load: @escaping @Sendable (ProgressReporter) -> [(String, [TaskItem])] = { _ in sampleTasks }) {
        self.load = load
    }

    func start(in program: Program) {
        screen.start(in: program)               // the program's clock, for animations and tests
        let load = self.load
        program.mailbox.perform(task: "loading", total: 30) { reporter in
            TasksLoaded(sections: load(reporter))   // runs on a thread of its own
        }
    }

    func handle(_ events: [InputEvent], in program: Program) {
        screen.handle(events, in: program)      // keys, filter, help, moves; q quits
    }

    func receive(_ message: any Sendable, in program: Program) {
        guard let loaded = message as? TasksLoaded else {
            screen.receive(message)             // progress, for the loading line
            return
        }
        screen.setItems(Snapshot(sections: loaded.sections))
        screen.status = "\(loaded.sections.reduce(0) { $0 + $1.1.count }) tasks loaded"
    }

    var isAnimating: Bool { screen.isAnimating }

    func render(into canvas: inout Canvas) {
        screen.render(into: &canvas)
    }
}

/// The article's `main.swift`: compiled, not run (it needs a real terminal).
func tasksMain() throws -> Never {
    exit(Program(terminal: try NCursesTerminal()).run(TasksApp()))
}
// DOC-END

// DOC-BEGIN BuildingAnApp.md
/// Where the headlines come from: the app's own client (URLSession, AsyncHTTPClient, …).
protocol HeadlineSource: Sendable {
    func headlines() async throws -> [String]
}

enum HeadlinesAction: Sendable { case refresh }

/// Headlines fetched with `async`/`await`; r fetches again, cancelling a fetch still running.
final class HeadlinesApp: TerminalApp {
    let screen = ListScreen<String, String, HeadlinesAction>(
        title: "Headlines",
        bindings: [KeyBinding(keys: [.character("r")], help: "fetch again", bar: "r refresh", .refresh)]
    ) { headline in (headline, nil) }
    let source: any HeadlineSource
    var fetch: LatestJob?

    init(source: any HeadlineSource) { self.source = source }

    func start(in program: Program) {
        screen.start(in: program)
        fetch = LatestJob(mailbox: program.mailbox)
        refresh()
    }

    func refresh() {
        let source = self.source
        screen.activity = "fetching"
        fetch?.start {                          // a task; a newer start cancels it
            do { return try await source.headlines() } catch { return "\(error)" }
        }
    }

    func handle(_ events: [InputEvent], in program: Program) {
        for action in screen.handle(events, in: program) where action == .refresh { refresh() }
    }

    func receive(_ message: any Sendable, in program: Program) {
        switch fetch?.accept(message) {
        case let headlines as [String]:
            screen.activity = nil
            screen.setItems(Snapshot(sections: [("Today", headlines)]), animated: true)
        case let failure as String:
            screen.activity = nil
            screen.showMessage("fetch failed: \(failure)")
        default:
            screen.receive(message)             // a stale fetch's result, or the screen's own
        }
    }

    var isAnimating: Bool { screen.isAnimating }

    func render(into canvas: inout Canvas) { screen.render(into: &canvas) }
}

/// The article's `main`: an `async` one works as well (the program runs on its thread).
func headlinesMain(source: any HeadlineSource) async throws -> Never {
    exit(Program(terminal: try NCursesTerminal()).run(HeadlinesApp(source: source)))
}
// DOC-END

// The toolkit's pieces, composed by hand (the article's second example).

// DOC-BEGIN BuildingAnApp.md
/// What the app's keys do in each mode.
enum ShelfAction: Sendable {
    case move(SelectionMovement), beginFilter, endFilter, clearFilter, toggleHelp, quit
}

/// The app's keymaps, one per mode: they dispatch keys and write the help.
enum ShelfKeys {
    static let browsing = Keymap<ShelfAction>([
        KeyBinding(keys: [.character("/")], help: "filter (Enter keeps, Esc clears)", bar: "/ filter", .beginFilter),
        KeyBinding(keys: [.character("?")], help: "this help", bar: "? help", .toggleHelp),
        KeyBinding(keys: [.character("q"), .control("c")], help: "quit", bar: "q quit", .quit),
    ]).appending(Keymap<SelectionMovement>.listNavigation.map { ShelfAction.move($0) })

    static let filtering = Keymap<ShelfAction>([
        KeyBinding(keys: [.enter], help: "keep the filter", bar: "Enter keep", .endFilter),
        KeyBinding(keys: [.escape], help: "clear the filter", bar: "Esc clear", .clearFilter),
        KeyBinding(keys: [.up], help: "previous", .move(.previous)),
        KeyBinding(keys: [.down], help: "next", .move(.next)),
    ])
}

/// The books, loaded in the background.
struct Loaded: Sendable {
    var books: [String]
}
// DOC-END

// DOC-BEGIN BuildingAnApp.md
/// Books beside a preview: loads in the background, `/` filters, `?` shows the keys.
final class ShelfApp: TerminalApp {
    let list = ListView<Int, String>(cellProvider: { context, title in
        let cell = context.dequeue(TextCell.self)
        cell.title = title
        return cell
    })
    let load: @Sendable (ProgressReporter) -> [String]
    var books: [String]? = nil
    var progress: ProgressReport? = nil
    var filter = FilterPrompt()
    var isFiltering = false
    var showsHelp = false
    var now = 0.0

    init(load: @escaping @Sendable (ProgressReporter) -> [String]) {
        self.load = load
    }

    func start(in program: Program) {
        list.animationClock = program.clock
        list.showsSectionHeaders = false
        let load = self.load
        program.mailbox.perform(task: "loading", total: nil) { reporter in Loaded(books: load(reporter)) }
    }

    func handle(_ events: [InputEvent], in program: Program) {
        var rest = events[...]
        while let event = rest.first {
            if isFiltering {
                let edit = filter.handle(rest)          // typing: the leading run of editing keys
                if edit.changed { showMatches() }       // filters once per run, not per key
                rest = rest.dropFirst(edit.consumed)
                guard let next = rest.popFirst() else { break }
                if case .key(let key) = next, let action = ShelfKeys.filtering.action(for: key) {
                    perform(action, in: program)
                }
            } else {
                rest = rest.dropFirst()
                if showsHelp { showsHelp = false; continue }  // any key closes the help
                guard case .key(let key) = event, let action = ShelfKeys.browsing.action(for: key) else {
                    list.handle(event)                        // the mouse
                    continue
                }
                perform(action, in: program)
            }
        }
    }

    func receive(_ message: any Sendable, in program: Program) {
        switch message {
        case let report as ProgressReport: progress = report
        case let loaded as Loaded: books = loaded.books; showMatches()
        default: break
        }
    }

    func perform(_ action: ShelfAction, in program: Program) {
        switch action {
        case .move(let movement): list.moveSelection(movement)
        case .beginFilter: isFiltering = true
        case .endFilter: isFiltering = false
        case .clearFilter: isFiltering = false; filter.query = ""; showMatches()
        case .toggleHelp: showsHelp.toggle()
        case .quit: program.quit()
        }
    }

    func showMatches() {
        let query = FilterQuery.listFilter(filter.query)      // fzf's syntax, as every list's filter
        let matches = (books ?? []).filter { query.matches($0) != nil }
        list.apply(Snapshot(sections: [(0, matches)]), animated: false)
    }

    func tick(in program: Program) { now = program.clock.now }
    var isAnimating: Bool { books == nil || list.isAnimating }

    func render(into canvas: inout Canvas) {
        let count = list.snapshot().numberOfItems
        var chrome = ScreenChrome()
        chrome.title = "Shelf"
        chrome.titleDetail = books == nil ? "" : "\(count) books"
        if isFiltering {  // the prompt takes the bottom line
            chrome.prompt = .init(.filter(filter, matches: count, total: books?.count))
        } else {
            chrome.helpBar = HelpBar(ShelfKeys.browsing)
        }
        chrome.help = showsHelp ? HelpOverlay(ShelfKeys.browsing, footer: "any key closes") : nil
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
            let (left, right, _) = Split(.horizontal, ratio: 0.5, minimumFirst: 12).areas(in: body)
            if books == nil {
                LoadingLine("loading", progress: progress, time: now).draw(into: &canvas, in: left)
            } else {
                list.render(into: &canvas, rect: left)
            }
            let preview = Box(title: "Preview").draw(into: &canvas, in: right)
            if let title = list.selectedItem {
                canvas.draw(title, x: preview.x, y: preview.y, maxWidth: preview.width)
            }
        }
    }
}
// DOC-END

// MARK: - BuildingAContactsApp.md

// DOC-BEGIN BuildingAContactsApp.md
/// A person in the address book.
struct Contact: Hashable, Sendable {
    var id: Int
    var first: String
    var last: String
    var company: String
    var phone: String
    var notes: String
    var favourite = false
}

// DATA-BEGIN
/// 200 contacts (10 first names × 20 last names), and 50 more that the directory search finds.
enum ContactData {
    static let firsts = ["Ada", "Alan", "Barbara", "Claude", "Edsger", "Frances", "Grace", "John", "Katherine", "Margaret"]
    static let lasts = [
        "Allen", "Babbage", "Backus", "Church", "Dijkstra", "Engelbart", "Floyd", "Hamilton", "Hopper", "Johnson",
        "Kay", "Knuth", "Lamport", "Liskov", "Lovelace", "McCarthy", "Ritchie", "Shannon", "Turing", "Wirth",
    ]
    static let companies = ["Analytical Engines", "Bell Labs", "Xerox PARC", "IBM", "NASA", "MIT"]

    static func make(_ range: Range<Int>) -> [Contact] {
        range.map { i in
            Contact(
                id: i, first: firsts[i % 10], last: lasts[(i / 10) % 20] + (i >= 200 ? "-\(i / 200)" : ""),
                company: companies[i % 6], phone: "+1 555 01\(i % 100)",
                notes: "Met at the \(["conference", "meetup", "workshop"][i % 3]) in \(1950 + i % 50).")
        }
    }
}
// DATA-END

/// What the app's own keys do.
enum ContactAction: Sendable {
    case favourite, favouritesOnly, delete, confirmedDelete(Int), undo
}

/// The directory search's result.
struct FoundContacts: Sendable {
    var contacts: [Contact]
}

/// An address book: letter sections, a detail pane, `/` filter over every field, f ★, F only ★,
/// d delete (y/n), u undo, more contacts arriving from a background search, ? help, q quit.
final class ContactsApp: TerminalApp {
    var contacts: [Int: Contact]
    var favouritesOnly = false
    var history = UndoHistory<[Int: Contact]>()
    let search: @Sendable () -> [Contact]
    lazy var screen = ListScreen<String, Int, ContactAction>(
        title: "Contacts",
        bindings: [
            KeyBinding(keys: [.character("f")], help: "favourite ★ on, off", bar: "f ★", .favourite),
            KeyBinding(keys: [.character("F")], help: "favourites only, all", bar: "F only ★", .favouritesOnly),
            KeyBinding(keys: [.character("d")], help: "delete (asks first)", bar: "d delete", .delete),
            KeyBinding(keys: [.character("u")], help: "undo", bar: "u undo", .undo),
        ],
        row: { [unowned self] id in
            let contact = contacts[id]!
            return ((contact.favourite ? "★ " : "  ") + contact.first + " " + contact.last, contact.company)
        },
        filterText: { [unowned self] id in
            let contact = contacts[id]!
            return "\(contact.first) \(contact.last) \(contact.company) \(contact.phone) \(contact.notes)"
        })

    init(contacts: [Contact], search: @escaping @Sendable () -> [Contact]) {
        self.contacts = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
        self.search = search
    }

    func start(in program: Program) {
        screen.start(in: program)
        screen.list.stickySectionHeaders = true
        screen.countNoun = "contacts"
        screen.pane = .text(beside: 0.4) { [unowned self] id in
            guard let contact = id.flatMap({ contacts[$0] }) else { return TextView([.text("No contact")]) }
            return TextView([
                .heading("\(contact.first) \(contact.last)\(contact.favourite ? " ★" : "")"),
                .field("Company", contact.company),
                .field("Phone", contact.phone),
                .blank,
                .text(contact.notes),
            ])
        }
        show()
        screen.activity = "searching directory"
        let search = self.search
        program.mailbox.perform { FoundContacts(contacts: search()) }
    }

    /// The contacts shown (all, or the favourites), sorted by last name, in sections by letter.
    func show(changed: [Int] = [], animated: Bool = false) {
        let shown = contacts.values.filter { !favouritesOnly || $0.favourite }
            .sorted { ($0.last, $0.first, $0.id) < ($1.last, $1.first, $1.id) }
        let snapshot = Snapshot(grouping: shown.map(\.id)) { String(contacts[$0]!.last.prefix(1)) }
        screen.setItems(snapshot, changed: changed, animated: animated)
    }

    /// Records the contacts for undo, then edits them and shows the result.
    func edit(changed: [Int] = [], _ change: (inout [Int: Contact]) -> Void) {
        history.record(contacts)
        change(&contacts)
        show(changed: changed, animated: true)
    }

    func handle(_ events: [InputEvent], in program: Program) {
        screen.handle(events, in: program) { action in     // as each key comes: d y typed ahead deletes
            let selected = screen.list.selectedItem
            switch action {
            case .favourite:
                guard let id = selected else { break }
                edit(changed: [id]) { $0[id]!.favourite.toggle() }
            case .favouritesOnly:
                favouritesOnly.toggle()
                show(animated: true)
            case .delete:
                guard let id = selected, let contact = contacts[id] else { break }
                screen.confirm("Delete \(contact.first) \(contact.last)?", then: .confirmedDelete(id))
            case .confirmedDelete(let id):
                let name = contacts[id].map { "\($0.first) \($0.last)" } ?? ""
                edit { $0[id] = nil }
                screen.showMessage("Deleted \(name) (u undoes)")
            case .undo:
                guard let previous = history.undo(from: contacts) else { break }
                let changed = previous.keys.filter { previous[$0] != contacts[$0] && contacts[$0] != nil }
                contacts = previous
                show(changed: changed, animated: true)
            }
        }
    }

    func receive(_ message: any Sendable, in program: Program) {
        guard let found = message as? FoundContacts else { return }
        for contact in found.contacts { contacts[contact.id] = contact }
        screen.activity = nil
        screen.showMessage("Found \(found.contacts.count) more contacts")
        show(animated: true)
    }

    var isAnimating: Bool { screen.isAnimating }
    var nextDeadline: Double? { screen.nextDeadline }
    func render(into canvas: inout Canvas) { screen.render(into: &canvas) }
}

/// The article's `main.swift`: compiled, not run (it needs a real terminal).
func contactsMain() throws -> Never {
    let app = ContactsApp(contacts: ContactData.make(0 ..< 200)) { ContactData.make(200 ..< 250) }
    exit(Program(terminal: try NCursesTerminal()).run(app))
}
// DOC-END

// DOC-BEGIN BuildingAContactsApp.md
/// A message's row: the sender in bold in a column of 12, then the subject.
final class MessageCell: ListCell {
    var sender = ""
    var subject = ""

    func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        let reverse: TextAttributes = state.isSelected ? .reverse : []
        canvas.fill(rect, with: " ", style: Style(attributes: reverse))
        canvas.draw(sender, x: rect.x, y: rect.y, style: Style(attributes: [.bold, reverse]), maxWidth: 12, clip: rect)
        canvas.draw(subject, x: rect.x + 13, y: rect.y, style: Style(attributes: reverse), clip: rect)
    }
}

enum InboxAction: Equatable, Sendable { case archive, markRead }

/// An inbox screen: the app's own list and cell, its own keys beside the screen's.
func makeInboxScreen(_ messages: [Int: (sender: String, subject: String)]) -> ListScreen<String, Int, InboxAction> {
    let list = ListView<String, Int>(cellProvider: { context, id in
        let cell = context.dequeue(MessageCell.self)
        (cell.sender, cell.subject) = messages[id]!
        return cell
    })
    let screen = ListScreen<String, Int, InboxAction>(
        title: "Inbox", list: list,
        bindings: [KeyBinding(keys: [.character("e")], help: "archive", bar: "e archive", .archive)],
        filterText: { "\(messages[$0]!.sender) \(messages[$0]!.subject)" })
    screen.keymap.bind(.character("y"), to: .app(.archive))  // a second key: the help lists "e y"
    screen.keymap.bind(.character("r"), to: .app(.markRead), help: "mark read")
    screen.keymap.bind(.character("n"), to: .select(.next))  // the screen's own actions too
    return screen
}
// DOC-END

// DOC-BEGIN BuildingAContactsApp.md
/// Runs the app headless for a second and a half of its clock, then lets the search run.
func runContactsHeadless(_ app: ContactsApp) -> HeadlessTerminal {
    let clock = ManualClock()
    let terminal = HeadlessTerminal(columns: 80, rows: 24, keepingFrames: true)
    terminal.clock = clock
    let program = Program(terminal: terminal, clock: clock)
    program.mailbox.scheduling = .onDemand
    program.start(app)
    terminal.schedule([.key(.character("/")), .key(.character("b"))], at: 0.5)
    while clock.now < 1.5 { program.step(app) }
    program.mailbox.runPendingWork()               // the search's 50 contacts, now
    program.step(app)                              // the app receives them
    return terminal
}
// DOC-END

// MARK: - RuntimeAndTerminals.md

/// RuntimeAndTerminals.md's "Animating a change": the loop an app never writes (Program does).
func runtimeArticleAnimation(_ list: ListView<String, Int>, canvas: inout Canvas, terminal: HeadlessTerminal) {
    // DOC-BEGIN RuntimeAndTerminals.md
    var next = list.snapshot()
    next.moveItem(3, beforeItem: 1)  // Cherry to the top
    next.reconfigureItems([2])  // Banana's content changed: same row, new content
    list.apply(next, animated: true)
    while list.isAnimating {  // about 0.5 s: fade, slide, open, flash
        list.render(into: &canvas)
        terminal.present(canvas)
        // wait for the next frame (1/60 s) or for input
    }
    // DOC-END
}

/// RuntimeAndTerminals.md's FilterIndex example; returns what the narrowed search found.
func runtimeArticleFilter() -> [Int] {
    // DOC-BEGIN RuntimeAndTerminals.md
    var index = FilterIndex<Int>()
    index.append(1, fields: ["Crème brûlée", "dessert"])  // folded once, here
    let matches = index.matches(FilterQuery("'creme"))!  // [1], in the order added
    let narrower = index.matches(FilterQuery("'creme b"), narrowing: matches)!
    // DOC-END
    return index.identifiers(narrower)
}
