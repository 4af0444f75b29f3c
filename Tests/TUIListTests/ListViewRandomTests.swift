import Testing

@testable import TUIList

/// Random applies, scrolls and selection moves on small lists, checking after each step what
/// must always hold. Each case prints its seed on failure.
@Suite struct ListViewRandomTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    @Test(arguments: 1 ... 20)
    func randomSessionsKeepTheirPromises(seed: Int) {
        var random = Generator(state: UInt64(seed))
        let list = makeList([("A", Array(0 ..< 30)), ("B", Array(30 ..< 40))], detail: { $0 % 5 == 0 ? "x" : nil })
        list.stickySectionHeaders = seed % 2 == 0
        list.showsScrollbar = seed % 3 == 0
        if seed % 4 == 0 {
            list.register(TextCell.self) { TextCell(detailPlacement: .below) }
            list.rowSizing = .measured
        }
        var nextID = 100
        let width = 4 + random.next(20), height = 1 + random.next(12)
        var canvas = Canvas(width: width, height: height)
        for step in 0 ..< 150 {
            var snapshot = list.snapshot()
            switch random.next(8) {
            case 0 where snapshot.numberOfItems > 0:
                let victim = snapshot[globalIndex: random.next(snapshot.numberOfItems)]
                let selected = list.selectedItem
                let before = selected.flatMap { snapshot.indexOfItem($0) }
                snapshot.deleteItems([victim])
                list.apply(snapshot)
                if let before, selected == victim, snapshot.numberOfItems > 0 {
                    // The deleted selection falls to the item now at its index, else the last.
                    #expect(
                        list.selectedItem == snapshot[globalIndex: min(before, snapshot.numberOfItems - 1)],
                        "seed \(seed) step \(step)")
                }
            case 1:
                let section = snapshot.sectionIdentifiers[random.next(snapshot.numberOfSections)]
                snapshot.appendItems([nextID, nextID + 1], toSection: section)
                nextID += 2
                list.apply(snapshot)
            case 2 where snapshot.numberOfItems > 0:
                let anchor = snapshot[globalIndex: random.next(snapshot.numberOfItems)]
                snapshot.insertItems([nextID], beforeItem: anchor)
                nextID += 1
                // (Without a selection: a visible selection pushed off by the insertion, or
                // under a sticky header, rightly scrolls the list to stay in view.)
                list.state.selection = nil
                let top = list.visibleRows.first
                let offset = list.state.scrollOffset
                let selection = list.selectedItem
                let rowsBefore = list.visibleRows
                list.apply(snapshot)
                // Rows inserted above the area leave the first visible row where it was.
                if offset > 0, let top, let index = list.layout.index(of: top),
                    list.layout.firstLine(ofRowAt: index + 1) <= list.maximumScrollOffset + 1
                {
                    #expect(
                        list.visibleRows.first == top,
                        "seed \(seed) step \(step) offset \(offset) -> \(list.state.scrollOffset) inserted \(nextID - 1) before \(anchor) selection \(String(describing: selection)) viewport \(height) rows before \(rowsBefore) after \(list.visibleRows)"
                    )
                }
            case 3: list.scroll(byLines: random.next(9) - 4)
            case 4: list.scroll(byPages: random.next(3) - 1)
            case 5: list.moveSelection([.next, .previous, .pageUp, .pageDown, .first, .last][random.next(6)])
            case 6: list.state = ListViewState(scrollOffset: random.next(200) - 50, selection: random.next(300))
            default:
                let selected = list.selectedItem
                list.apply(snapshot)
                #expect(list.selectedItem == selected, "seed \(seed) step \(step)")
            }
            list.render(into: &canvas)
            #expect(list.rowsWithCells <= height + 1, "seed \(seed) step \(step)")
            #expect(list.reusePool.live <= height + 1, "seed \(seed) step \(step)")
            #expect(list.state.scrollOffset <= list.maximumScrollOffset, "seed \(seed) step \(step)")
            if let selection = list.state.selection { #expect(list.snapshot().contains(item: selection), "seed \(seed)") }
        }
    }
}
