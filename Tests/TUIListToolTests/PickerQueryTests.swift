import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// The picker's query (fzf's extended search through ``FilterQuery``): ranking on screen,
/// `--no-sort`, `--query`, `--exact`, case options, and the matched characters highlighted.
@Suite struct PickerQueryTests {
    /// The shared harness over `lines`, the input ended, 40×10, each input given 1 s; its list
    /// rows are ``PickerHarness/listRows(header:)``.
    final class Harness: PickerHarness {
        init(_ lines: [String], _ options: PickerApp.Options = .init()) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: 40, stepDuration: 1)
        }

        /// Lets animations end.
        func settle() { advance() }
    }

    static let paths = ["x/filter/index/thing.txt", "lib/fi/footer.txt", "Sources/FilterIndex.swift", "fi", "readme.md"]

    @Test func matchesAreRankedBestFirst() throws {
        let picker = try Harness(Self.paths)
        picker.type("fi")
        #expect(picker.listRows() == ["fi", "lib/fi/footer.txt", "x/filter/index/thing.txt", "Sources/FilterIndex.swift"])
        #expect(picker.terminal.lines[0].contains("4/5"))
    }

    /// A typed query's rows show at once: no delete or move animation between two keys (fzf
    /// shows the new list in its next frame). Fails with `search(animated: true)` in
    /// `setQuery`.
    @Test func aTypedQueryShowsItsRowsWithoutAnimating() throws {
        let picker = try PickerHarness(lines: Self.paths, inputEnds: true, columns: 40, stepDuration: 0.02)
        picker.type("fi")
        #expect(!picker.app.list.isAnimating)
        #expect(picker.listRows() == ["fi", "lib/fi/footer.txt", "x/filter/index/thing.txt", "Sources/FilterIndex.swift"])
    }

    /// Backspace to an earlier query shows its rows again from the recent results, searching
    /// nothing (the entry moves to the newest place: fails, with 3 entries, when every query
    /// is searched afresh), and the rows are the same as when it was typed.
    @Test func backspaceShowsAnEarlierQuerysRowsAgain() throws {
        let picker = try Harness(Self.paths)
        picker.type("fi")
        let typed = picker.listRows()
        picker.type("l")
        #expect(picker.listRows() != typed)
        picker.press(.backspace)
        #expect(picker.listRows() == typed)
        #expect(picker.app.model.search.recent.count == 2)
        #expect(picker.app.model.search.recent.last?.found.count == 4)
    }

    /// A line read after a query was searched is not left out when Backspace brings the query
    /// back: its old result no longer holds every line. Fails when a recent result is reused
    /// whatever the lines (without the slot count in `FilterMatches.isCurrent`).
    @Test func backspaceAfterNewLinesSearchesThemToo() throws {
        let picker = try PickerHarness(lines: Self.paths, columns: 40)
        picker.type("fi")
        picker.type("l")
        picker.feed(["fi/new"])
        picker.inbox.finish()
        picker.advance(by: 2)
        picker.press(.backspace)
        picker.advance(by: 2)
        #expect(picker.listRows().contains("fi/new"))
        #expect(picker.listRows().count == 5)
    }

    @Test func noSortKeepsInputOrder() throws {
        let picker = try Harness(Self.paths, .init(sort: false))
        picker.type("fi")
        #expect(picker.listRows() == ["x/filter/index/thing.txt", "lib/fi/footer.txt", "Sources/FilterIndex.swift", "fi"])
    }

    @Test func theInitialQueryExactAndCaseOptionsApply() throws {
        #expect(try Harness(Self.paths, .init(query: "^lib")).listRows() == ["lib/fi/footer.txt"])
        #expect(try Harness(Self.paths, .init(query: "sfi")).listRows() == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "sfi", exact: true)).listRows() == ["no line matches"])
        #expect(try Harness(Self.paths, .init(query: "'sfi", exact: true)).listRows() == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "Filter")).listRows() == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "Filter", caseMatching: .ignore)).listRows().count == 2)
        #expect(try Harness(Self.paths, .init(query: "fi", caseMatching: .respect)).listRows().count == 3)
        let picker = try Harness(Self.paths)
        picker.type("!fi .md$ | .txt$")
        #expect(picker.listRows() == ["readme.md"])
    }

    @Test func matchedCharactersAreHighlighted() throws {
        let picker = try Harness(["a/ft.c", "zzz"])
        picker.type("ft")
        let row = try #require(picker.terminal.lines.firstIndex { $0.contains("a/ft.c") })
        let x = try #require(picker.terminal.lines[row].firstIndex(of: "f")).utf16Offset(in: picker.terminal.lines[row])
        let frame = picker.terminal.frame
        let highlighted = (0 ..< frame.width).filter { frame[$0, row].style.foreground == .ansi(2) }
        #expect(highlighted == [x, x + 1], "f and t, not a, /, . or c")
        // A new query: the highlight moves with it.
        terminalTypeBackspaces(picker, 2)
        picker.type("c")
        let after = (0 ..< frame.width).filter { picker.terminal.frame[$0, row].style.foreground == .ansi(2) }
        #expect(after == [x + 3], "only the c")
    }

    private func terminalTypeBackspaces(_ picker: Harness, _ count: Int) {
        picker.terminal.enqueue(Array(repeating: .key(.backspace), count: count))
        picker.settle()
    }
}
