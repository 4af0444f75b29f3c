import Testing

@testable import TUIList

@Suite struct ListViewReuseTests {
    @Test func scrollingAHundredThousandRowsPageByPageMakesOnlyAScreenfulOfCells() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A"])
        snapshot.appendItems(Array(0 ..< 100_000))
        var provided = 0
        let list = TestList(cellProvider: { context, item in
            provided += 1
            let cell = context.dequeue(TextCell.self)
            cell.title = "Row \(item)"
            return cell
        })
        list.apply(snapshot)
        var canvas = Canvas(width: 20, height: 12)
        list.render(into: &canvas)
        var pages = 0
        while list.state.scrollOffset < list.maximumScrollOffset {
            list.scroll(byPages: 1)
            list.render(into: &canvas)
            pages += 1
            #expect(list.reusePool.live <= 12)
        }
        #expect(pages == 8_333)
        #expect(canvas.lines.last == " Row 99999          ")
        let pool = list.reusePool
        // One cell per line of the screen, plus one for the header: nothing grows with the list.
        #expect(pool.made <= 12 + 1, "made \(pool.made)")
        #expect(pool.live == 12)
        #expect(pool.reused > 99_000)
        #expect(provided == 100_000)  // each item configured once, when it came into view
        #expect(list.rowsWithCells == 12)
    }

    @Test func scrollingLineByLineConfiguresOnlyTheNewRow() {
        let list = makeList([("A", Array(0 ..< 1_000))])
        var canvas = Canvas(width: 20, height: 10)
        list.render(into: &canvas)
        let made = list.reusePool.made
        for _ in 0 ..< 100 {
            list.scroll(byLines: 1)
            list.render(into: &canvas)
        }
        #expect(list.reusePool.made == made + 1)  // the header's cell, then only reuse
        #expect(list.reusePool.live == 10)
    }

    @Test func aContentUpdateKeepsTheSameCell() {
        var titles = [1: "One", 2: "Two"]
        let list = TestList(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = titles[item]!
            return cell
        })
        list.apply(Snapshot(sections: [("A", [1, 2])]))
        expectFrame(list, width: 10, height: 3, ["A", " One", " Two"])
        let before = list.cellIfPresent(for: .item(1))
        #expect(before != nil)

        titles[1] = "Uno"
        var snapshot = list.snapshot()
        snapshot.reconfigureItems([1])
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 3, ["A", " Uno", " Two"])
        #expect(list.cellIfPresent(for: .item(1)) === before)
        #expect(list.reusePool.made == 3)

        // Unmarked content changes reach the screen too: rows on screen are configured again.
        titles[2] = "Dos"
        list.apply(list.snapshot())
        expectFrame(list, width: 10, height: 3, ["A", " Uno", " Dos"])
        #expect(list.cellIfPresent(for: .item(1)) === before)
    }

    @Test func aReloadGivesTheRowAnotherCell() {
        let list = makeList([("A", [1, 2])])
        _ = frame(list, width: 10, height: 3)
        let reusedBefore = list.reusePool.reused
        var snapshot = list.snapshot()
        snapshot.reloadItems([1])
        list.apply(snapshot)
        _ = frame(list, width: 10, height: 3)
        // The row's cell went back to the pool and the row dequeued again (prepared for reuse).
        #expect(list.reusePool.reused == reusedBefore + 1)
        #expect(list.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    @Test func aDifferentIdentifierGoesThroughThePool() {
        let list = makeList([("A", [1])])
        _ = frame(list, width: 10, height: 2)
        let one = list.cellIfPresent(for: .item(1))
        list.apply(Snapshot(sections: [("A", [2])]))
        _ = frame(list, width: 10, height: 2)
        let two = list.cellIfPresent(for: .item(2))
        #expect(list.cellIfPresent(for: .item(1)) == nil)
        #expect(two != nil)
        // Item 1's cell went back to the pool and served item 2: reused, not made.
        #expect(two === one)
        #expect(list.reusePool.reused == 1)
    }

    @Test func cellTypesAndStylesHaveSeparatePools() {
        let list = TestList(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self, style: item.isMultiple(of: 2) ? "even" : "")
            cell.title = "\(item)"
            return cell
        })
        var factoryCalls = 0
        list.register(TextCell.self, style: "even") {
            factoryCalls += 1; return TextCell(detailPlacement: .below)
        }
        list.apply(Snapshot(sections: [("A", [1, 2, 3, 4])]))
        _ = frame(list, width: 10, height: 5)
        #expect(factoryCalls == 2)
        #expect((list.cellIfPresent(for: .item(2)) as? TextCell)?.detailPlacement == .below)
        #expect((list.cellIfPresent(for: .item(3)) as? TextCell)?.detailPlacement == .trailing)
        list.showsSectionHeaders = false
        list.apply(Snapshot(sections: [("A", [])]))
        _ = frame(list, width: 10, height: 5)
        #expect(list.reusePool.idleCount(of: ReuseIdentifier(type: TextCell.self, style: "even")) == 2)
        #expect(list.reusePool.idleCount(of: ReuseIdentifier(type: TextCell.self)) == 2)
        #expect(list.reusePool.live == 0)
    }

    @Test func aProviderThatMakesItsOwnCellsStillWorks() {
        let list = TestList(cellProvider: { _, item in
            let cell = TextCell()
            cell.title = "Own \(item)"
            return cell
        })
        list.apply(Snapshot(sections: [("A", [1, 2])]))
        expectFrame(list, width: 10, height: 3, ["A", " Own 1", " Own 2"])
        list.apply(Snapshot(sections: [("A", [])]))
        _ = frame(list, width: 10, height: 3)
        #expect(list.rowsWithCells == 0)
    }
}
