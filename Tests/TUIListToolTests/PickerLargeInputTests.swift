import Foundation
import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListTool

/// The picker over many lines (issue 20, items 2 and 3): the snapshot of every line built off
/// the program's thread, queries searched in the background, `--tac`, and `-1` with the query
/// typed while lines were still coming.
@Suite struct PickerLargeInputTests {
    /// The shared harness, 8 rows high, with no lines yet: the tests put them in its inbox and
    /// step until a condition holds (background work arrives in real time, through the
    /// program's mailbox).
    final class Picker: PickerHarness {
        init(_ options: PickerApp.Options = .init(), columns: Int = 60, rows: Int = 8) throws {
            try super.init(options, columns: columns, rows: rows)
        }
    }

    static func paths(_ count: Int) -> [String] {
        (0 ..< count).map { "/srv/data/\($0 % 97)/file-\($0).txt" }
    }

    @Test func aQuarterMillionLinesAreListedOffTheProgramsThreadAndSearchedInTheBackground() throws {
        let count = PickerApp.backgroundSearchLines + 50_000
        let picker = try Picker()
        picker.inbox.append(Self.paths(count))
        picker.inbox.finish()
        #expect(picker.step { picker.rows[0].hasSuffix("\(count)/\(count)") }, "\(picker.rows[0])")
        // Every line is in the list, in input order, once the count stops saying reading….
        #expect(picker.items.count == count && picker.items.first == 0 && picker.items.last == count - 1)
        #expect(picker.rows[1].hasPrefix("/srv/data/0/file-0.txt "))
        // Keys typed fast (an exact term): each starts a search and cancels the one before;
        // the list ends up with the last query's matches, ranked.
        for character in "'file-24999" { picker.terminal.enqueue([.key(.character(character))]); picker.program.step(picker.app) }
        let expected = (0 ..< count).filter { "file-\($0).txt".contains("file-24999") }
        #expect(picker.step { picker.items.count == expected.count }, "\(picker.items.count) rows")
        #expect(picker.items.first == 24_999, "the shortest (exact) match ranks first")
        #expect(Set(picker.items) == Set(expected))
        #expect(
            picker.step { picker.rows[0].hasPrefix("> 'file-24999 ") && picker.rows[0].hasSuffix(" \(expected.count)/\(count)") })
        // Clearing the query shows every line again, from the snapshot already built.
        picker.terminal.enqueue([.key(.control("u"))])
        #expect(picker.step { picker.items.count == count })
        #expect(picker.items.prefix(3) == [0, 1, 2])
        // The background result selects its best match, though the selected line matches too.
        picker.app.list.select(10)
        for character in "'file-1" { picker.terminal.enqueue([.key(.character(character))]) }
        #expect(picker.step { picker.items.first == 1 && picker.rows[0].hasPrefix("> 'file-1 ") })
        #expect(picker.app.list.state.selection == 1, "the best match, not line 10 where the selection was")
    }

    /// fzf's `load` for a big input: once the list of every line is delivered (built off the
    /// program's thread), not at the first key.
    @Test func loadFiresOnceABigInputIsListed() throws {
        let count = PickerApp.backgroundSearchLines + 10_000
        var options = PickerApp.Options()
        options.bindings = try PickerBinding.parse("load:accept")
        let picker = try Picker(options)
        picker.inbox.append(Self.paths(count))
        picker.inbox.finish()
        #expect(picker.step { picker.app.exitStatus != nil }, "\(picker.rows[0])")
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["/srv/data/0/file-0.txt"])
    }

    @Test func whileLinesKeepComingASearchFinishesAndClearingTheQueryShowsEveryLine() throws {
        // Lines keep arriving (the input never ends): a background search is not restarted by
        // each batch, its result shows, then the new lines are searched from it; clearing the
        // query shows every line read so far.
        let count = PickerApp.backgroundSearchLines + 20_000
        let picker = try Picker()
        picker.inbox.append(Self.paths(count))
        #expect(picker.step { picker.rows[0].contains("/\(count)") })
        for character in "'file-1234" { picker.terminal.enqueue([.key(.character(character))]) }
        for more in 0 ..< 5 {
            let first = count + more * 1_000
            picker.inbox.append((first ..< first + 1_000).map { "/srv/new/file-\($0).txt" })
            picker.program.step(picker.app)
        }
        let total = count + 5_000
        let expected = (0 ..< total).filter { "file-\($0).txt".contains("file-1234") }.count
        #expect(picker.step { picker.items.count == expected }, "\(picker.items.count) of \(expected)")
        picker.terminal.enqueue([.key(.control("u"))])
        #expect(picker.step { picker.items.count == total }, "\(picker.items.count) of \(total)")
        #expect(picker.step { picker.rows[0].hasSuffix("\(total)/\(total) reading…") }, "the input has not ended")
    }

    @Test func tacShowsTheLastLineFirstAndLaterLinesFirstAmongEqualMatches() throws {
        var options = PickerApp.Options()
        options.tac = true
        let picker = try Picker(options)
        picker.inbox.append(["apple pie", "banana", "apple jam", "cherry"])
        #expect(picker.step { picker.items.count == 4 && picker.rows[1].hasPrefix("cherry") }, "\(picker.rows)")
        #expect(picker.items == [3, 2, 1, 0])
        for character in "apple" { picker.terminal.enqueue([.key(.character(character))]) }
        #expect(picker.step { picker.items.count == 2 })
        #expect(picker.items == [2, 0], "equal scores and lengths: the later line first")
    }

    @Test func selectOneLooksAtTheQueryTypedWhileLinesWereComing() throws {
        var options = PickerApp.Options()
        options.selectOne = true
        let picker = try Picker(options)
        picker.inbox.append(["alpha", "beta", "gamma"])
        #expect(picker.step { picker.items.count == 3 })
        for character in "gam" { picker.terminal.enqueue([.key(.character(character))]) }
        #expect(picker.step { picker.items.count == 1 })
        #expect(picker.app.exitStatus == nil, "the input has not ended")
        picker.inbox.finish()
        #expect(picker.step { picker.program.isFinished })
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["gamma"])
    }

    @Test func aSnapshotOfARangeIsTheSnapshotOfItsItems() {
        let range = Snapshot<String, Int>(section: "lines", itemsIn: 0 ..< 1_000)
        #expect(range == Snapshot(sections: [("lines", Array(0 ..< 1_000))]))
        #expect(range.indexOfItem(999) == 999 && range.contains(item: 500) && !range.contains(item: 1_000))
        #expect(Snapshot<String, Int>(section: "none", itemsIn: 5 ..< 5).numberOfItems == 0)
    }

    @Test func aListThatKeepsNoChangesetKeepsNoOldSnapshot() {
        let list = ListView<Int, Int>(cellProvider: { context, _ in context.dequeue(TextCell.self) })
        list.keepsLastChangeset = false
        list.apply(Snapshot(sections: [(0, [1, 2, 3])]))
        list.apply(Snapshot(sections: [(0, [3, 2, 1, 4])]))
        #expect(list.lastChangeset.description == Changeset<Int, Int>().description)
        list.keepsLastChangeset = true
        list.apply(Snapshot(sections: [(0, [1, 2, 3, 4])]))
        #expect(list.lastChangeset.description != Changeset<Int, Int>().description)
    }
}

/// The picker's keys come from one toolkit keymap (issue 19): the help bar and the F1 overlay
/// are drawn from it, and the picker does what they say.
@Suite struct PickerKeymapTests {
    @Test(arguments: [false, true])
    func theHelpIsDrawnFromTheKeymapThatDispatches(multi: Bool) throws {
        var options = PickerApp.Options(multi: multi)
        options.query = ""
        let picker = try PickerLargeInputTests.Picker(options, columns: 80, rows: 24)
        picker.inbox.append(["alpha", "beta"])
        #expect(picker.step { picker.items.count == 2 })
        let app = picker.app
        // The keys of the moment before the help opened; the frame with the help open.
        let table = Dictionary(uniqueKeysWithValues: HelpAudit.everyKey.map { ($0, app.action(for: $0)) })
        #expect(picker.rows.last!.contains(multi ? "Tab mark" : "type to filter"), "\(picker.rows)")
        #expect(picker.rows.last!.contains("F1 keys · ← → cursor"), "the bar names the cursor keys: \(picker.rows.last!)")
        picker.terminal.enqueue([.key(.function(1))])
        #expect(picker.step { app.isShowingHelp && picker.rows.contains { $0.contains("tuilist pick — keys") } })
        let failures = HelpAudit.failures(keymap: app.keymap, frame: picker.terminal.lines) { table[$0] ?? nil }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))\n\(picker.terminal.lines.joined(separator: "\n"))")
        // The query's editing keys are drawn under their heading, every binding with its keys;
        // what the prompt takes, the picker's keymap does not bind (the audit above fails on a
        // picker key the prompt would take first: the picker's dispatch says nil for it).
        #expect(picker.rows.contains { $0.contains("Editing the query") })
        let editing = HelpAudit.failures(keymap: app.prompt.keymap, frame: picker.terminal.lines) {
            app.prompt.keymap.action(for: $0)
        }
        #expect(editing.isEmpty, "\(editing.joined(separator: "\n"))")
        for key in HelpAudit.everyKey where app.prompt.keymap.binds(key) {
            let alsoThePickers = app.keymap.binds(key)
            #expect(!alsoThePickers, "\(key.shortName) is bound by the picker and the prompt")
        }
        // Any key closes the help, and is not typed.
        picker.terminal.enqueue([.key(.character("x"))])
        #expect(picker.step { !app.isShowingHelp })
        #expect(app.query == "")
    }
}
