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

    /// Each seed runs in a process of its own (an exit test): an invariant check that traps
    /// fails that seed only, and the issues the session records come back to this test.
    @Test(arguments: 1 ... 20)
    func randomSessionsKeepTheirPromises(seed: Int) async {
        await #expect(processExitsWith: .success, "seed \(seed)") { [seed] in
            Self.randomSession(seed: seed)
        }
    }

    static func randomSession(seed: Int) {
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
            var movedSelection = false
            var action = ""
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
            case 5:
                let movement = [SelectionMovement.next, .previous, .pageUp, .pageDown, .first, .last][random.next(6)]
                list.moveSelection(movement)
                movedSelection = true
                action = "moveSelection(\(movement))"
            case 6: list.state = ListViewState(scrollOffset: random.next(200) - 50, selection: random.next(300))
            case 7 where snapshot.numberOfItems > 0 && random.next(2) == 0:
                let item = snapshot[globalIndex: random.next(snapshot.numberOfItems)]
                list.select(item)
                movedSelection = true
                action = "select(\(item))"
            default:
                let selected = list.selectedItem
                list.apply(snapshot)
                #expect(list.selectedItem == selected, "seed \(seed) step \(step)")
            }
            list.render(into: &canvas)
            for problem in Self.whatTheUserSees(list, canvas: canvas, selectionMoved: movedSelection) {
                Issue.record("seed \(seed) step \(step) \(action) (\(width)x\(height)): \(problem)")
            }
            #expect(list.rowsWithCells <= height + 1, "seed \(seed) step \(step)")
            #expect(list.reusePool.live <= height + 1, "seed \(seed) step \(step)")
            #expect(list.state.scrollOffset <= list.maximumScrollOffset, "seed \(seed) step \(step)")
            if let selection = list.state.selection { #expect(list.snapshot().contains(item: selection), "seed \(seed)") }
        }
    }

    /// What a user sees that breaks a promise, after a render at rest: a selection just moved
    /// that is off screen or under the sticky header, a blank line between the top of the list
    /// and its last line, a line below the content that is not blank, a row on screen without
    /// a cell or a cell for a row off screen.
    static func whatTheUserSees(_ list: TestList, canvas: Canvas, selectionMoved: Bool) -> [String] {
        var problems: [String] = []
        let height = canvas.height
        let layout = list.layout
        let offset = list.state.scrollOffset
        let sticky = list._stickyHeaderPlacement()
        // The selection, after a move: its top line on screen and not covered, and the whole
        // row when it fits under its section's header.
        if selectionMoved, let selection = list.selectedItem, let index = layout.index(of: .item(selection)) {
            let lines = layout.lines(ofRowAt: index)
            let seen = (0 ..< height).filter { list.row(atLine: $0) == .item(selection) }.map { $0 + offset }
            if !seen.contains(lines.lowerBound) {
                problems.append(
                    "selected \(selection) (lines \(lines), offset \(offset)) has its top line hidden; seen on \(seen), sticky \(String(describing: sticky))"
                )
            }
            let header = layout.firstRowIndex(ofSectionAt: layout.sectionIndex(ofRowAt: index))
            let inset = list.stickySectionHeaders && layout.hasHeaders ? layout.height(ofRowAt: header) : 0
            if lines.count + inset <= height, seen.count != lines.count {
                problems.append("selected \(selection) (lines \(lines), offset \(offset)) fits but only lines \(seen) are seen")
            }
        }
        // Every line down to the last line of content shows something; the lines below are blank.
        let contentWidth = canvas.width - (list.showsScrollbar && layout.numberOfLines > height && canvas.width >= 2 ? 1 : 0)
        if !layout.snapshot.isEmpty {
            let end = min(height, layout.numberOfLines - offset)
            for y in 0 ..< height {
                let text = (0 ..< contentWidth).map { canvas[$0, y].text }.joined()
                let blank = text.allSatisfy { $0 == " " }
                if y < end && blank { problems.append("line \(y) is blank inside the list (content ends at \(end))") }
                if y >= end && !blank { problems.append("line \(y) below the content shows \"\(text)\"") }
            }
        }
        // Cells for exactly the rows that touch the area and the sticky header.
        var drawn = Set(layout.rows(touchingLines: offset ..< offset + height).map { layout.row(at: $0) })
        if let sticky { drawn.insert(layout.row(at: sticky.index)) }
        for row in drawn where list.cellIfPresent(for: row) == nil { problems.append("\(row) is on screen without a cell") }
        if list.rowsWithCells != drawn.count {
            problems.append("\(list.rowsWithCells) rows have cells, \(drawn.count) are on screen")
        }
        return problems
    }
}
