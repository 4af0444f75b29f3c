import Testing

@testable import TUIList

@Suite struct ListViewScrollingTests {
    /// Section "A" with items 1...20: header on line 0, item n on line n.
    static func twenty() -> TestList {
        let list = makeList([("A", Array(1 ... 20))])
        _ = frame(list, width: 10, height: 5)  // learn the viewport: 5 lines
        return list
    }

    @Test(arguments: [
        (ScrollAnchor.top, 10, [" Item 10", " Item 11", " Item 12", " Item 13", " Item 14"]),
        (.center, 8, [" Item 8", " Item 9", " Item 10", " Item 11", " Item 12"]),
        (.bottom, 6, [" Item 6", " Item 7", " Item 8", " Item 9", " Item 10"]),
        (.nearest, 6, [" Item 6", " Item 7", " Item 8", " Item 9", " Item 10"]),
    ])
    func scrollToEveryAnchor(anchor: ScrollAnchor, offset: Int, lines: [String]) {
        let list = Self.twenty()
        list.scroll(to: 10, anchor: anchor)
        #expect(list.state.scrollOffset == offset, "anchor \(anchor)")
        expectFrame(list, width: 10, height: 5, lines)
    }

    @Test func nearestDoesNotScrollWhenVisibleAndScrollsUpWhenAbove() {
        let list = Self.twenty()
        list.state.scrollOffset = 8
        list.scroll(to: 10, anchor: .nearest)
        #expect(list.state.scrollOffset == 8)
        list.scroll(to: 3, anchor: .nearest)
        #expect(list.state.scrollOffset == 3)
    }

    @Test func anchorsAreClampedAtTheEnds() {
        let list = Self.twenty()
        list.scroll(to: 1, anchor: .bottom)
        #expect(list.state.scrollOffset == 0)
        list.scroll(to: 20, anchor: .top)
        #expect(list.state.scrollOffset == 16)
        list.scroll(to: 99, anchor: .top)  // unknown item: no change
        #expect(list.state.scrollOffset == 16)
        list.scroll(toRow: .header("A"), anchor: .top)
        #expect(list.state.scrollOffset == 0)
    }

    @Test func scrollByLinesPagesAndEnds() {
        let list = Self.twenty()
        list.scroll(byLines: 3)
        #expect(list.state.scrollOffset == 3)
        list.scroll(byPages: 1)
        #expect(list.state.scrollOffset == 8)
        list.scroll(byPages: 10)
        #expect(list.state.scrollOffset == 16)
        list.scroll(byLines: -100)
        #expect(list.state.scrollOffset == 0)
        list.scrollToBottom()
        expectFrame(list, width: 10, height: 5, [" Item 16", " Item 17", " Item 18", " Item 19", " Item 20"])
        list.scrollToTop()
        #expect(list.state.scrollOffset == 0)
        #expect(list.visibleRows == [.header("A"), .item(1), .item(2), .item(3), .item(4)])
    }

    @Test func selectionMovementKeepsTheSelectionVisible() {
        let list = Self.twenty()
        list.moveSelection(.next)  // nothing selected: first visible item
        #expect(list.selectedItem == 1)
        for _ in 0 ..< 6 { list.moveSelection(.next) }
        #expect(list.selectedItem == 7)
        #expect(list.state.scrollOffset == 3)  // item 7 on the bottom line
        list.moveSelection(.pageDown)
        #expect(list.selectedItem == 12)
        #expect(list.visibleRows.contains(.item(12)))
        list.moveSelection(.pageUp)
        #expect(list.selectedItem == 7)
        #expect(list.visibleRows.contains(.item(7)))
        list.moveSelection(.last)
        #expect(list.selectedItem == 20)
        list.moveSelection(.next)
        #expect(list.selectedItem == 20)
        list.moveSelection(.first)
        #expect(list.selectedItem == 1)
        #expect(list.state.scrollOffset == 0)
        list.moveSelection(.previous)
        #expect(list.selectedItem == 1)
    }

    @Test func movingIntoASectionShowsItsHeader() {
        let list = makeList([("A", [1, 2, 3]), ("B", [4, 5, 6])])
        _ = frame(list, width: 10, height: 3)
        list.select(3)
        list.moveSelection(.next)
        expectFrame(list, width: 10, height: 3, [" Item 3", "B", " Item 4"])
        list.moveSelection(.previous)
        list.moveSelection(.previous)
        list.moveSelection(.previous)
        expectFrame(list, width: 10, height: 3, ["A", " Item 1", " Item 2"])
    }

    /// Every selection movement, from every item, on every height, with and without sticky
    /// headers and two-line rows: the selected row's top line is on screen and not under the
    /// sticky header, and the whole row is when it fits below it.
    @Test func everyMovementFromEveryItemShowsTheSelectionUncovered() {
        let movements: [SelectionMovement] = [.next, .previous, .pageDown, .pageUp, .first, .last]
        for sticky in [false, true] {
            for tall in [false, true] {
                for height in 1 ... 6 {
                    for movement in movements {
                        for start in [nil] + Array(1 ... 9) as [Int?] {
                            for offset in [0, 3, 8] {
                                let list = makeList(
                                    [("A", [1, 2, 3]), ("B", [4, 5, 6, 7]), ("C", [8, 9])],
                                    detail: { tall && $0 % 2 == 0 ? "d" : nil })
                                if tall {
                                    list.register(TextCell.self) { TextCell(detailPlacement: .below) }
                                    list.rowSizing = .measured
                                }
                                list.stickySectionHeaders = sticky
                                _ = frame(list, width: 10, height: height)
                                list.state = ListViewState(scrollOffset: offset, selection: start)
                                _ = frame(list, width: 10, height: height)
                                list.moveSelection(movement)
                                let shown = frame(list, width: 10, height: height)
                                let label =
                                    "sticky \(sticky) tall \(tall) height \(height) \(movement) from \(String(describing: start)) at \(offset): \(shown)"
                                guard let selected = list.selectedItem, let index = list.layout.index(of: .item(selected)) else {
                                    // A page with nothing selected selects an item on screen, if any.
                                    let itemShown = list.visibleRows.contains { if case .item = $0 { true } else { false } }
                                    if start != nil || itemShown { Issue.record("no selection: \(label)") }
                                    continue
                                }
                                let lines = list.layout.lines(ofRowAt: index)
                                let top = list.state.scrollOffset
                                let seen = (0 ..< height).filter { list.row(atLine: $0) == .item(selected) }.map { $0 + top }
                                #expect(seen.first == lines.lowerBound, "\(selected) on \(lines), seen on \(seen): \(label)")
                                let inset = sticky ? 1 : 0
                                if lines.count + inset <= height {
                                    #expect(seen == Array(lines), "\(selected) on \(lines), seen on \(seen): \(label)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Moving up under a sticky header: the selection stops on the line below the header.
    @Test func movingUpStopsBelowTheStickyHeader() {
        let list = makeList([("A", Array(1 ... 10))])
        list.stickySectionHeaders = true
        _ = frame(list, width: 10, height: 4)
        list.select(10)
        expectFrame(list, width: 10, height: 4, ["A", " Item 8", " Item 9", " Item 10"])
        for _ in 0 ..< 2 { list.moveSelection(.previous) }
        expectFrame(list, width: 10, height: 4, ["A", " Item 8", " Item 9", " Item 10"])
        list.moveSelection(.previous)
        expectFrame(list, width: 10, height: 4, ["A", " Item 7", " Item 8", " Item 9"])
        list.moveSelection(.previous)
        #expect(list.selectedItem == 6)
        expectFrame(list, width: 10, height: 4, ["A", " Item 6", " Item 7", " Item 8"])
        #expect(list.row(atLine: 0) == .header("A") && list.row(atLine: 1) == .item(6))
        // Paging with nothing selected picks the first item below the header.
        list.select(nil)
        list.moveSelection(.pageDown)
        #expect(list.selectedItem == 8)
        expectFrame(list, width: 10, height: 4, ["A", " Item 8", " Item 9", " Item 10"])
    }

    /// Every anchor, for every item on every height up to 7 lines (odd and even) with one- and
    /// two-line rows: top puts the row's first line on the top line, bottom its last line on
    /// the bottom line, center half of what the row leaves above it (rounded down), unless the
    /// list's end stops it.
    @Test func everyAnchorPutsTheRowInItsPlaceOnEveryHeight() {
        for tall in [false, true] {
            for height in 1 ... 7 {
                let list = makeList([("A", Array(1 ... 12))], detail: { tall && $0 % 3 == 0 ? "d" : nil })
                if tall {
                    list.register(TextCell.self) { TextCell(detailPlacement: .below) }
                    list.rowSizing = .measured
                }
                _ = frame(list, width: 10, height: height)
                for item in 1 ... 12 {
                    let index = list.layout.index(of: .item(item))!
                    let lines = list.layout.lines(ofRowAt: index)
                    let wanted: [(ScrollAnchor, Int)] = [
                        (.top, lines.lowerBound), (.bottom, lines.upperBound - height),
                        (.center, lines.lowerBound - (height - lines.count) / 2),
                    ]
                    for (anchor, offset) in wanted {
                        list.scroll(to: item, anchor: anchor)
                        let expected = min(max(0, offset), list.maximumScrollOffset)
                        #expect(list.state.scrollOffset == expected, "\(anchor) tall \(tall) height \(height) item \(item)")
                    }
                }
            }
        }
    }

    /// A page that lands on a section header selects the nearest item in the page's
    /// direction: the last item above it going up, the first below it going down.
    @Test func aPageLandingOnAHeaderSelectsTheItemInItsDirection() {
        // Lines: A 0, items 1...5 on 1...5, B 6, items 6...10 on 7...11.
        let list = makeList([("A", Array(1 ... 5)), ("B", Array(6 ... 10))])
        _ = frame(list, width: 10, height: 3)
        list.select(8)  // line 9; a page up lands on line 6, B's header
        list.moveSelection(.pageUp)
        #expect(list.selectedItem == 5)
        list.select(3)  // line 3; a page down lands on line 6
        list.moveSelection(.pageDown)
        #expect(list.selectedItem == 6)
    }

    /// A header as tall as the area never sticks, so it hides nothing: moving up puts the
    /// selected row on the top line, as with no sticky headers.
    @Test func aHeaderAsTallAsTheAreaDoesNotStickNorInset() {
        let list = TestList(
            cellProvider: { context, item in
                let cell = context.dequeue(TextCell.self)
                cell.title = "Item \(item)"
                return cell
            },
            headerProvider: { context, section in
                let cell = context.dequeue(TextCell.self, style: "header")
                cell.title = section
                cell.detail = "two lines"
                return cell
            })
        list.register(TextCell.self, style: "header") { TextCell(detailPlacement: .below) }
        list.rowSizing = .measured
        list.stickySectionHeaders = true
        list.apply(Snapshot(sections: [("A", Array(1 ... 8))]))
        _ = frame(list, width: 12, height: 2)
        list.select(8)
        for item in (1 ... 7).reversed() {
            list.moveSelection(.previous)
            let first = list.layout.firstLine(ofRowAt: list.layout.index(of: .item(item))!)
            #expect(list.state.scrollOffset == min(first, list.maximumScrollOffset), "item \(item)")
            #expect(list.row(atLine: 0) == .item(item), "item \(item)")
        }
    }

    /// Selecting a section's first item with its header just above the top line brings the
    /// header along exactly when header and item fit on the area together, on every height,
    /// with one- and two-line items (no sticky headers).
    @Test func aSectionsFirstItemBringsItsHeaderAlongWhenBothFit() {
        for tall in [false, true] {
            for height in 1 ... 6 {
                let list = makeList([("A", [1, 2, 3]), ("B", [4, 5, 6]), ("C", [7, 8])], detail: { _ in tall ? "d" : nil })
                if tall {
                    list.register(TextCell.self) { TextCell(detailPlacement: .below) }
                    list.rowSizing = .measured
                }
                _ = frame(list, width: 10, height: height)
                for item in [4, 7] {
                    let index = list.layout.index(of: .item(item))!
                    let header = list.layout.lines(ofRowAt: index - 1), lines = list.layout.lines(ofRowAt: index)
                    list.state = ListViewState(scrollOffset: lines.lowerBound, selection: nil)
                    _ = frame(list, width: 10, height: height)
                    list.select(item)
                    let fits = lines.upperBound - header.lowerBound <= height
                    let expected = min(fits ? header.lowerBound : lines.lowerBound, list.maximumScrollOffset)
                    #expect(list.state.scrollOffset == expected, "tall \(tall) height \(height) item \(item)")
                }
            }
        }
    }

    /// A row cut by the top edge that gets shorter in an apply keeps its top line on screen: the
    /// offset into it is clamped to its new height.
    @Test func aRowCutByTheTopEdgeThatShrinksStaysOnTheTopLine() {
        var details: [Int: String] = [5: "detail"]
        let list = makeList([("A", Array(1 ... 20))], detail: { details[$0] })
        list.register(TextCell.self) { TextCell(detailPlacement: .below) }
        list.rowSizing = .measured
        _ = frame(list, width: 10, height: 4)
        // The header on line 0, items 1...4 on lines 1...4, item 5 on lines 5 and 6.
        #expect(list.layout.lines(ofRowAt: list.layout.index(of: .item(5))!) == 5 ..< 7)
        list.state.scrollOffset = 6  // item 5's second line on the top line
        details[5] = nil
        var snapshot = list.snapshot()
        snapshot.reconfigureItems([5])
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 4, [" Item 5", " Item 6", " Item 7", " Item 8"])
        #expect(list.state.scrollOffset == 5)
    }

    /// An apply keeps a visible selection in view, and leaves the offset alone when the
    /// selection is off screen, even on the line just above or just below the area.
    @Test func aSelectionJustOffTheAreaIsNotFollowedByAnApply() {
        for (selection, offset) in [(5, 6), (10, 6), (7, 6), (9, 6)] {
            let list = makeList([("A", Array(1 ... 20))])
            _ = frame(list, width: 10, height: 4)
            // The header on line 0, item n on line n: lines 6...9 show items 6...9.
            list.state = ListViewState(scrollOffset: offset, selection: selection)
            _ = frame(list, width: 10, height: 4)
            var snapshot = list.snapshot()
            snapshot.insertItems([100], beforeItem: 1)  // above the area: the anchor row stays put
            list.apply(snapshot)
            _ = frame(list, width: 10, height: 4)
            #expect(list.state.scrollOffset == offset + 1, "selection \(selection)")
            #expect(list.visibleRows.first == .item(6), "selection \(selection)")
        }
    }

    /// A page moves the view and the selection together: the selection stays on its line of
    /// the screen, one page further down (or up) the list.
    @Test func aPageKeepsTheSelectionOnItsScreenLine() {
        let list = makeList([("A", Array(1 ... 20))])
        _ = frame(list, width: 10, height: 4)
        list.select(2)  // line 2, offset 0
        list.moveSelection(.pageDown)
        #expect(list.selectedItem == 6 && list.state.scrollOffset == 4)
        #expect(list.row(atLine: 2) == .item(6))
        list.moveSelection(.pageDown)
        #expect(list.selectedItem == 10 && list.state.scrollOffset == 8 && list.row(atLine: 2) == .item(10))
        list.moveSelection(.pageUp)
        #expect(list.selectedItem == 6 && list.state.scrollOffset == 4 && list.row(atLine: 2) == .item(6))
    }

    /// At the very top the list stays at its top: a section inserted above the first one shows,
    /// rather than the old first row being kept on the top line.
    @Test func atTheTopASectionInsertedAboveShows() {
        let list = makeList([("A", Array(1 ... 20))])
        _ = frame(list, width: 10, height: 4)
        var snapshot = list.snapshot()
        snapshot.insertSections(["Z"], beforeSection: "A")
        snapshot.appendItems([100, 101], toSection: "Z")
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 4, ["Z", " Item 100", " Item 101", "A"])
        #expect(list.state.scrollOffset == 0)
    }

    /// Before the first render the area's height is unknown and counts as one line
    /// everywhere: one row is visible, a page is one line, the last offset leaves one line.
    @Test func beforeTheFirstRenderAnUnknownHeightCountsAsOneLine() {
        let list = makeList([("A", Array(1 ... 5))])
        #expect(list.viewportHeight == 0)
        #expect(list.visibleRowIndices == 0 ..< 1)
        #expect(list.maximumScrollOffset == 5)
        list.scroll(byPages: 1)
        #expect(list.state.scrollOffset == 1)
        list.scroll(byPages: -3)
        #expect(list.state.scrollOffset == 0)
        list.scroll(byPages: 9)
        #expect(list.state.scrollOffset == 5)
    }

    @Test func badStateIsClampedNeverACrash() {
        let list = Self.twenty()
        list.state = ListViewState(scrollOffset: 1_000, selection: 999)
        #expect(list.selectedItem == nil)
        expectFrame(list, width: 10, height: 5, [" Item 16", " Item 17", " Item 18", " Item 19", " Item 20"])
        #expect(list.state == ListViewState(scrollOffset: 16, selection: nil))
        list.state.scrollOffset = -5
        #expect(list.visibleRowIndices == 0 ..< 5)
        list.select(12345)
        #expect(list.state.selection == nil)
        list.apply(Snapshot())
        list.moveSelection(.next)
        list.moveSelection(.pageDown)
        list.scroll(byPages: 3)
        #expect(list.state == ListViewState(scrollOffset: 0, selection: nil))
        #expect(list.row(atLine: 0) == nil)
    }

    @Test func rowAtLineForMouseClicks() {
        let list = Self.twenty()
        list.state.scrollOffset = 4
        #expect(list.row(atLine: 0) == .item(4))
        #expect(list.row(atLine: 4) == .item(8))
        #expect(list.row(atLine: 5) == nil)
        #expect(list.row(atLine: -1) == nil)
    }
}

@Suite struct ListViewApplyTests {
    @Test func selectionFollowsItsItemAcrossAnApply() {
        let list = makeList([("A", [1, 2, 3, 4])])
        list.select(3)
        list.apply(Snapshot(sections: [("A", [4, 3, 2, 1])]))
        #expect(list.selectedItem == 3)
        list.apply(Snapshot(sections: [("B", [9]), ("A", [1, 3])]))
        #expect(list.selectedItem == 3)
    }

    @Test func deletedSelectionFallsToTheNeighbour() {
        let list = makeList([("A", [1, 2, 3, 4])])
        list.select(2)
        list.apply(Snapshot(sections: [("A", [1, 3, 4])]))
        #expect(list.selectedItem == 3)  // now at the old index 1
        list.select(4)
        list.apply(Snapshot(sections: [("A", [1, 3])]))
        #expect(list.selectedItem == 3)  // old index 2 is past the end: the previous one
        list.apply(Snapshot(sections: [("A", [])]))
        #expect(list.selectedItem == nil)
    }

    @Test func firstVisibleRowStaysPutWhenRowsAreInsertedAbove() {
        let list = makeList([("A", Array(1 ... 50))])
        _ = frame(list, width: 10, height: 4)
        list.state.scrollOffset = 20  // item 20 on top
        expectFrame(list, width: 10, height: 4, [" Item 20", " Item 21", " Item 22", " Item 23"])
        var snapshot = list.snapshot()
        snapshot.insertItems([100, 101, 102], beforeItem: 5)
        snapshot.insertSections(["New"], beforeSection: "A")
        snapshot.appendItems([200], toSection: "New")
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 4, [" Item 20", " Item 21", " Item 22", " Item 23"])
        #expect(list.state.scrollOffset == 25)
        // Deleting the top row anchors on the next survivor, which keeps its line; the row
        // before the deleted one moves up into the gap.
        snapshot.deleteItems([20, 1, 2])
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 4, [" Item 19", " Item 21", " Item 22", " Item 23"])
    }

    @Test func atTheTopInsertionsAboveShowUp() {
        let list = makeList([("A", [1, 2, 3])])
        _ = frame(list, width: 10, height: 3)
        var snapshot = list.snapshot()
        snapshot.insertItems([0], beforeItem: 1)
        list.apply(snapshot)
        expectFrame(list, width: 10, height: 3, ["A", " Item 0", " Item 1"])
    }

    @Test func aVisibleSelectionStaysVisible() {
        let list = makeList([("A", Array(1 ... 10))])
        _ = frame(list, width: 10, height: 4)
        list.select(3)
        var snapshot = list.snapshot()
        snapshot.moveItem(3, afterItem: 10)
        list.apply(snapshot)
        #expect(list.visibleRows.contains(.item(3)))
    }

    @Test func applyingTheSameSnapshotChangesNothing() {
        let list = makeList([("A", Array(1 ... 10))])
        _ = frame(list, width: 10, height: 4)
        list.scroll(byLines: 3)
        list.select(5)
        let before = list.state
        list.apply(list.snapshot())
        #expect(list.state == before)
        #expect(list.snapshot() == Snapshot(sections: [("A", Array(1 ... 10))]))
    }
}

@Suite struct ListViewInputTests {
    @Test func keysMoveTheSelectionAndTheMouseSelectsAndScrolls() {
        let list = makeList([("A", Array(1 ... 20))])
        var canvas = Canvas(width: 12, height: 7)
        list.render(into: &canvas, rect: Rect(x: 0, y: 2, width: 12, height: 5))
        #expect(list.handle(.key(.down)))
        #expect(list.selectedItem == 1)
        #expect(list.handle(.key(.character("j"))))
        #expect(list.selectedItem == 2)
        #expect(list.handle(.key(.end)))
        #expect(list.selectedItem == 20)
        #expect(list.handle(.key(.home)))
        #expect(list.selectedItem == 1)
        #expect(!list.handle(.key(.character("x"))))
        // Line 3 of the canvas is line 1 of the list's area: item 1.
        list.render(into: &canvas, rect: Rect(x: 0, y: 2, width: 12, height: 5))
        #expect(list.handle(.mouse(MouseEvent(x: 3, y: 4, button: .left, kind: .press))))
        #expect(list.selectedItem == 2)
        #expect(!list.handle(.mouse(MouseEvent(x: 3, y: 2, button: .left, kind: .press))))  // the header
        #expect(!list.handle(.mouse(MouseEvent(x: 3, y: 0, button: .left, kind: .press))))  // outside
        #expect(list.handle(.mouse(MouseEvent(x: 3, y: 4, button: .wheelDown, kind: .press))))
        #expect(list.state.scrollOffset == 3)
        #expect(list.selectedItem == 2)
    }

    @Test func renderingIntoAPartOfTheCanvasLeavesTheRestAlone() {
        let list = makeList([("A", Array(1 ... 20))])
        var canvas = Canvas(width: 12, height: 5)
        canvas.fill(canvas.bounds, with: "#", style: .plain)
        list.render(into: &canvas, rect: Rect(x: 2, y: 1, width: 8, height: 3))
        #expect(
            canvas.lines == [
                "############",
                "##A       ##",
                "## Item 1 ##",
                "## Item 2 ##",
                "############",
            ])
    }

    @Test func aTallRowCutByTheBottomEdge() {
        let list = makeList([("A", [1, 2])], detail: { _ in "more" })
        list.register(TextCell.self) { TextCell(detailPlacement: .below) }
        list.rowSizing = .measured
        expectFrame(list, width: 10, height: 4, ["A", " Item 1", " more", " Item 2"])
        #expect(list.numberOfLines == 5)
        #expect(list.visibleRows == [.header("A"), .item(1), .item(2)])
    }
}

@Suite struct ListViewExtremeStateTests {
    @Test func extremeOffsetsAndCountsAreClamped() {
        let list = makeList([("A", Array(1 ... 20))])
        _ = frame(list, width: 10, height: 5)
        list.state.scrollOffset = .max
        list.select(3)
        list.apply(list.snapshot())
        list.scroll(byLines: .max)
        #expect(list.state.scrollOffset == 16)
        list.scroll(byLines: .min)
        #expect(list.state.scrollOffset == 0)
        list.scroll(byPages: .max)
        #expect(list.state.scrollOffset == 16)
        list.scroll(byPages: .min)
        #expect(list.state.scrollOffset == 0)
        list.state.scrollOffset = .min
        expectFrame(list, width: 10, height: 5, ["A", " Item 1", " Item 2", " Item 3", " Item 4"])
    }
}
