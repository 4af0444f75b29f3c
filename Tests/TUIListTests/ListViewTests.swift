import Testing

@testable import TUIList

// MARK: - Support shared by the ListView test files

typealias TestList = ListView<String, Int>

/// A list whose item `n` is titled "Item n" (or by `title`), with optional detail text.
func makeList(
    _ sections: [(String, [Int])] = [], title: @escaping (Int) -> String = { "Item \($0)" },
    detail: @escaping (Int) -> String? = { _ in nil }
) -> TestList {
    let list = TestList(cellProvider: { context, item in
        let cell = context.dequeue(TextCell.self)
        cell.title = title(item)
        cell.detail = detail(item)
        return cell
    })
    if !sections.isEmpty { list.apply(Snapshot(sections: sections)) }
    return list
}

/// Renders a list into a headless terminal and returns its lines.
func frame(_ list: TestList, width: Int, height: Int) -> [String] {
    let terminal = HeadlessTerminal(columns: width, rows: height)
    var canvas = Canvas(width: width, height: height)
    list.render(into: &canvas)
    terminal.present(canvas)
    return terminal.lines
}

/// Pads each expected line with spaces to `width` columns, so goldens need no trailing blanks.
func padded(_ lines: [String], width: Int) -> [String] {
    lines.map { $0 + String(repeating: " ", count: max(0, width - TerminalText.columns(of: $0))) }
}

/// Expects a frame, printing both screens line by line on mismatch.
func expectFrame(
    _ list: TestList, width: Int, height: Int, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = frame(list, width: width, height: height)
    let wanted = padded(expected, width: width)
    #expect(
        actual == wanted,
        """
        frame differs (\(width)x\(height)):
        \(zip(actual.indices, actual).map { i, line in "\(line == (i < wanted.count ? wanted[i] : "") ? " " : "≠")|\(line)|" }.joined(separator: "\n"))
        expected:
        \(wanted.map { " |\($0)|" }.joined(separator: "\n"))
        """, sourceLocation: sourceLocation)
}

// MARK: - Frames

@Suite struct ListViewTests {
    @Test func multiSectionList() {
        let list = makeList(
            [("Fruit", [1, 2]), ("Vegetables", [3, 4, 5])],
            detail: { $0 == 2 ? "2 kg" : nil })
        expectFrame(
            list, width: 24, height: 9,
            [
                "Fruit",
                " Item 1",
                " Item 2            2 kg",
                "Vegetables",
                " Item 3",
                " Item 4",
                " Item 5",
                "",
                "",
            ])
    }

    @Test func selectedRowIsReversedAcrossTheWidth() {
        let list = makeList([("A", [1, 2])])
        list.select(2)
        var canvas = Canvas(width: 10, height: 3)
        list.render(into: &canvas)
        #expect((0 ..< 10).allSatisfy { canvas[$0, 2].style.attributes.contains(.reverse) })
        #expect(!(0 ..< 10).contains { canvas[$0, 1].style.attributes.contains(.reverse) })
        list.isFocused = false
        list.render(into: &canvas)
        #expect(canvas[0, 2].style.attributes == [.underline])
    }

    @Test func wideCharactersAtTheRightEdge() {
        // Titles of wide characters never split: the one crossing the edge becomes a blank and
        // the title ends in "…".
        let list = makeList([("漢字", [1, 2, 3])], title: { ["日本語のタイトル", "abc漢字", "ab漢字漢"][$0 - 1] })
        expectFrame(
            list, width: 10, height: 4,
            [
                "漢字",
                " 日本語 …",
                " abc漢字",
                " ab漢字漢",
            ])
        expectFrame(
            list, width: 9, height: 4,
            [
                "漢字",
                " 日本語…",
                " abc漢字",
                " ab漢字…",
            ])
    }

    @Test func multiLineRows() {
        let list = makeList([("A", [1, 2, 3])], detail: { $0 == 2 ? "second line" : nil })
        list.rowSizing = .measured
        list.register(TextCell.self) { TextCell(detailPlacement: .below) }
        list.apply(list.snapshot())
        expectFrame(
            list, width: 16, height: 6,
            [
                "A",
                " Item 1",
                " Item 2",
                " second line",
                " Item 3",
                "",
            ])
        #expect(list.numberOfLines == 5)
        // Scrolled by one line, the two-line row is cut at the top.
        list.state.scrollOffset = 3
        expectFrame(
            list, width: 16, height: 2,
            [
                " second line",
                " Item 3",
            ])
        #expect(list.row(atLine: 0) == .item(2))
        #expect(list.row(atLine: 1) == .item(3))
        #expect(list.row(atLine: 2) == nil)
    }

    @Test func customRowHeights() {
        let list = makeList([("A", [1, 2])])
        list.rowSizing = .custom { row, _ in row == .item(1) ? 3 : 1 }
        expectFrame(list, width: 8, height: 6, ["A", " Item 1", "", "", " Item 2", ""])
    }

    @Test func emptyView() {
        let list = makeList()
        list.emptyText = "Nothing here"
        expectFrame(list, width: 20, height: 5, ["", "", "    Nothing here", "", ""])
        list.apply(Snapshot(sections: [("A", [])]))
        expectFrame(list, width: 20, height: 3, ["", "    Nothing here", ""])
        list.emptyText = "Nothing\nat all"
        expectFrame(list, width: 10, height: 4, ["", " Nothing", "  at all", ""])
    }

    @Test func listShorterThanTheScreen() {
        let list = makeList([("A", [1])])
        list.state.scrollOffset = 50  // bad state: clamped
        expectFrame(list, width: 10, height: 4, ["A", " Item 1", "", ""])
        #expect(list.state.scrollOffset == 0)
        list.scroll(byLines: 3)
        list.scrollToBottom()
        #expect(list.state.scrollOffset == 0)
    }

    @Test func oneColumnAndOneRowTerminals() {
        let list = makeList([("A", Array(1 ... 30))])
        list.showsScrollbar = true
        list.stickySectionHeaders = true
        list.select(1)
        // One column: no room for the scrollbar, titles shrink to "…".
        expectFrame(list, width: 1, height: 4, ["A", "…", "…", "…"])
        // One line: no room for a sticky header either; the selection shows.
        expectFrame(list, width: 12, height: 1, [" Item 1    █"])
        list.moveSelection(.next)
        expectFrame(list, width: 12, height: 1, [" Item 2    █"])
        list.moveSelection(.pageDown)
        expectFrame(list, width: 12, height: 1, [" Item 3    █"])
        list.moveSelection(.first)
        expectFrame(list, width: 12, height: 1, [" Item 1    █"])
        list.moveSelection(.last)
        expectFrame(list, width: 12, height: 1, [" Item 30   █"])
        expectFrame(list, width: 1, height: 1, ["…"])
        expectFrame(list, width: 0, height: 0, [])
        #expect(list.selectedItem == 30)
    }

    @Test func stickyHeaderAndScrollbar() {
        let list = makeList([("A", [1, 2, 3, 4]), ("B", [5, 6, 7, 8])])
        list.stickySectionHeaders = true
        list.showsScrollbar = true
        list.state.scrollOffset = 2
        expectFrame(
            list, width: 10, height: 4,
            [
                "A        █",
                " Item 3  █",
                " Item 4  │",
                "B        │",
            ])
        // The next header pushes the sticky one out as it reaches the top.
        list.state.scrollOffset = 5
        expectFrame(
            list, width: 10, height: 4,
            [
                "B        │",
                " Item 5  █",
                " Item 6  █",
                " Item 7  │",
            ])
        list.state.scrollOffset = 6
        expectFrame(
            list, width: 10, height: 4,
            [
                "B        │",
                " Item 6  │",
                " Item 7  █",
                " Item 8  █",
            ])
        #expect(list.row(atLine: 0) == .header("B"))
        #expect(list.row(atLine: 1) == .item(6))
    }

    @Test func footers() {
        let list = TestList(
            cellProvider: { context, item in
                let cell = context.dequeue(TextCell.self)
                cell.title = "Item \(item)"
                return cell
            },
            headerProvider: { context, section in
                let cell = context.dequeue(SectionHeaderCell.self)
                cell.title = section.uppercased()
                cell.detail = "2"
                return cell
            },
            footerProvider: { context, section in
                let cell = context.dequeue(TextCell.self, style: "footer")
                cell.title = "end of \(section)"
                return cell
            })
        list.apply(Snapshot(sections: [("a", [1, 2])]))
        expectFrame(list, width: 12, height: 5, ["A          2", " Item 1", " Item 2", " end of a", ""])
    }
}
