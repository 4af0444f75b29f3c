import Testing

@testable import TUIList

/// Selecting or scrolling before the list has ever been drawn waits for the first render,
/// which is when the list learns its height (the demo found this: the first item hid under the
/// sticky header).
@Suite struct ListViewFirstRenderTests {
    func list() -> ListView<String, Int> {
        let list = ListView<String, Int>(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = "item \(item)"
            return cell
        })
        list.stickySectionHeaders = true
        list.apply(Snapshot(sections: [("A", Array(1 ... 30)), ("B", Array(31 ... 40))]), animated: false)
        return list
    }

    @Test func selectingTheFirstItemBeforeAnyRenderKeepsTheTop() {
        let list = list()
        list.select(1, anchor: .nearest)
        var canvas = Canvas(width: 12, height: 4)
        list.render(into: &canvas)
        #expect(canvas.lines == ["A           ", " item 1     ", " item 2     ", " item 3     "])
    }

    @Test func scrollingToAnItemBeforeAnyRenderUsesTheRealHeight() {
        let list = list()
        list.scroll(to: 35, anchor: .center)
        var empty = Canvas(width: 0, height: 0)
        list.render(into: &empty)  // an empty area teaches nothing: still pending
        var canvas = Canvas(width: 12, height: 5)
        list.render(into: &canvas)
        #expect(canvas.lines[2] == " item 35    ", "\(canvas.lines)")
    }
}
