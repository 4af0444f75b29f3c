import Foundation
import TUIList

/// Which row each line is once a `reload` replaced the lines: a line whose key (`--key`, the
/// whole line by default) was among the lines before is that line's row again (the first
/// one not taken, for repeated keys), so the list slides it to its new place; another line
/// is a new row.
struct RowIdentities {
    /// The row of each line, by line number.
    private(set) var items: [Int] = []
    /// The line number of each row.
    private(set) var slots: [Int: Int] = [:]
    /// The rows before the reload not yet taken, by key, first first.
    private var waiting: [Substring: [Int]]
    /// The next new row's number.
    private var next: Int
    private let keyer: LineKeyer

    /// Rows for new lines, `old` being the lines before (line and row), keyed by `keyer`.
    init(old: [(line: String, item: Int)], keyer: LineKeyer) {
        self.keyer = keyer
        var waiting: [Substring: [Int]] = [:]
        for (line, item) in old { waiting[keyer.key(of: line), default: []].append(item) }
        for key in waiting.keys { waiting[key]!.reverse() }  // (taken from the end)
        self.waiting = waiting
        next = (old.map(\.item).max() ?? -1) + 1
    }

    /// Gives the next line its row.
    /// - Complexity: O(1) amortized (a hash of its key).
    mutating func add(_ line: String) {
        let key = keyer.key(of: line)
        let item: Int
        if let taken = waiting[key]?.popLast() {
            item = taken
        } else {
            item = next
            next += 1
        }
        slots[item] = items.count
        items.append(item)
    }
}

/// A `reload` whose command's lines are being read: they replace the old ones once all are in,
/// or after ``PickerApp/reloadPatience`` seconds once some are, for a command that goes on (fzf
/// too keeps the old list on screen meanwhile). Marks on lines not in at that moment are dropped.
struct PendingReload {
    /// Where the command's lines arrive.
    let inbox: LineInbox
    /// When it started.
    let started: Double
    /// The batches read so far.
    var batches: [LineBatch] = []
    /// Whether its input ended, and the error that ended it.
    var finished = false
    var error: String?
    /// The rows the new lines will be.
    var rows: RowIdentities
    /// The row selected when it started.
    let selection: Int?
}

extension PickerApp {
    /// Seconds the old lines stay while a `reload` command's lines come.
    static let reloadPatience = 0.5

    /// Starts `reload`'s command (placeholders replaced) with `sh -c`: its lines replace the
    /// picker's when all are read (or after ``reloadPatience``), each old line that is back
    /// keeping its row. A command that cannot start leaves the lines as they are.
    func reload(_ command: String, in program: Program) {
        let descriptor: Int32
        do { descriptor = try DefaultInput.start(command) } catch { return }
        let keyer = (try? LineKeyer(options.key)) ?? (try! LineKeyer(.wholeLine))
        // The old lines' rows; an earlier reload still reading is dropped.
        let old = (0 ..< lineCount).map { slot in (line(item(atSlot: slot)), item(atSlot: slot)) }
        model.reloading?.inbox.close()
        let inbox = LineInbox()
        inbox.prepare(options.preparation)
        model.reloading = PendingReload(
            inbox: inbox, started: program.clock.now, rows: RowIdentities(old: old, keyer: keyer),
            selection: list.state.selection)
        inbox.connect(program.mailbox)
        inbox.read(descriptor: descriptor, separator: options.separator)
    }

    /// Keeps the reload's lines or end that `message` brings, then puts them in place when it
    /// is time. Whether the message was the reload's.
    func receiveReloadedLines(_ message: any Sendable, in program: Program) -> Bool {
        guard let delivery = model.reloading?.inbox.accept(message) else { return false }
        switch delivery {
        case .lines(let batch): model.reloading!.batches.append(batch)
        case .end(let error): (model.reloading!.finished, model.reloading!.error) = (true, error)
        }
        _ = takeReloadedLines(in: program)
        return true
    }

    /// Once the reload's lines are all in (or it is time), puts them in place of the old ones.
    /// Whether they are in place (the picker's input is the reload's).
    func takeReloadedLines(in program: Program) -> Bool {
        guard let pending = model.reloading else { return true }
        let (finished, error) = (pending.finished, pending.error)
        // (A command slower than that: its first lines, not an empty list.)
        guard finished || (program.clock.now - pending.started >= Self.reloadPatience && !pending.batches.isEmpty) else {
            model.reloading = pending
            return false
        }
        model.reloading = nil
        replaceLines(
            from: pending.inbox, pending.batches, finished: finished, error: error, rows: pending.rows,
            selection: pending.selection, in: program)
        return true
    }
}
