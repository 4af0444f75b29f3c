import Testing

@testable import TUIList

/// `applyKeepingSelectedLine`: the selected row stays on its screen line while rows above it
/// come and go; with nothing selected, or the selection gone, it is a plain apply.
@Suite("ListView: keeping the selected row's line")
struct ListViewKeepSelectedLineTests {
    private func list(_ items: [Int]) -> ListView<Int, Int> {
        let list = ListView<Int, Int>(cellProvider: { context, id in
            let cell = context.dequeue(TextCell.self)
            cell.title = "\(id)"
            return cell
        })
        list.showsSectionHeaders = false
        list.apply(Snapshot(sections: [(0, items)]), animated: false)
        var canvas = Canvas(width: 10, height: 5)
        list.render(into: &canvas)
        return list
    }

    private func screenLine(of item: Int, in list: ListView<Int, Int>) -> Int? {
        guard let index = list.layout.index(of: .item(item)) else { return nil }
        return list.layout.lines(ofRowAt: index).lowerBound - list.state.scrollOffset
    }

    /// Item 12 on line 2; the items above it but 3 go, then come back: it stays on line 2.
    /// (Fails if the offset is not set from the line kept: a plain apply leaves the offset, and
    /// 12 moves up to the top.)
    @Test func theSelectedRowKeepsItsLine() {
        let list = list(Array(0 ..< 30))
        list.select(12)
        list.state.scrollOffset = 10
        #expect(screenLine(of: 12, in: list) == 2)
        list.applyKeepingSelectedLine(Snapshot(sections: [(0, [0, 1, 2, 12, 13, 14, 15, 16, 17])]), animated: false)
        #expect(screenLine(of: 12, in: list) == 2)
        list.applyKeepingSelectedLine(Snapshot(sections: [(0, Array(0 ..< 30))]), animated: false)
        #expect(screenLine(of: 12, in: list) == 2)
    }

    /// A selected row that was off screen is scrolled into view, not kept off it. (Fails if the
    /// final `scroll(to:)` is dropped.)
    @Test func aSelectionOffScreenIsBroughtIntoView() {
        let list = list(Array(0 ..< 30))
        list.select(25)
        list.state.scrollOffset = 0
        list.applyKeepingSelectedLine(Snapshot(sections: [(0, Array(0 ..< 30).reversed())]), animated: false)
        let line = screenLine(of: 25, in: list)
        #expect(line.map { (0 ..< 5).contains($0) } == true)
    }
}
