import TUIListTestSupport
import Testing

@testable import TUIList

/// A list that grows upward (``ListView/growsUpward``) shows what a top-down one shows, turned
/// over row by row: golden frames, the keys and the wheel by the screen, and a property test
/// against the top-down list on thousands of random lists, still and mid-animation.
@Suite struct ListViewGrowsUpwardTests {
    @Test func rowsStackFromTheBottomLineAndAShortListSitsThere() {
        let list = makeList([("Fruit", [1, 2]), ("Vegetables", [3, 4])])
        list.growsUpward = true
        expectFrame(list, width: 12, height: 8, ["", "", " Item 4", " Item 3", "Vegetables", " Item 2", " Item 1", "Fruit"])
        list.state.scrollOffset = 2  // the first two lines are below the bottom
        expectFrame(list, width: 12, height: 4, [" Item 4", " Item 3", "Vegetables", " Item 2"])
    }

    /// A row of several lines keeps its lines in order: only the rows are stacked upward.
    @Test func aTallRowKeepsItsLinesInOrder() {
        let list = makeList([("S", [1, 2])], detail: { $0 == 1 ? "detail" : nil })
        list.register(TextCell.self) { TextCell(detailPlacement: .below) }
        list.rowSizing = .measured
        list.showsSectionHeaders = false
        list.growsUpward = true
        let lines = frame(list, width: 12, height: 4).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["", "Item 2", "Item 1", "detail"], "\(lines)")
    }

    /// The sticky header stays on the bottom line, under its items; the scrollbar's thumb
    /// starts at the bottom.
    @Test func theStickyHeaderAndTheScrollbarTurnOver() {
        let list = makeList([("S0", Array(1 ... 6)), ("S1", [7, 8])])
        list.stickySectionHeaders = true
        list.showsScrollbar = true
        list.growsUpward = true
        list.state.scrollOffset = 2
        expectFrame(list, width: 10, height: 4, [" Item 5  │", " Item 4  │", " Item 3  █", "S0       █"])
    }

    @Test func keysAndTheWheelGoTheWayTheyPointOnTheScreen() {
        let list = makeList([("S", Array(1 ... 20))])
        list.showsSectionHeaders = false
        list.growsUpward = true
        _ = frame(list, width: 10, height: 5)
        list.select(1)
        list.handle(.key(.up))
        #expect(list.state.selection == 2, "↑ goes to the next item, above")
        list.handle(.key(.down))
        list.handle(.key(.down))
        #expect(list.state.selection == 1, "↓ goes back toward the first, at the bottom")
        list.handle(.mouse(MouseEvent(x: 0, y: 0, button: .wheelUp, kind: .press)))
        #expect(list.state.scrollOffset == 3, "the wheel turned up shows later rows, above")
        #expect(list.row(atLine: 4) == .item(4), "the bottom line holds the first row shown")
        list.handle(.mouse(MouseEvent(x: 1, y: 0, button: .left, kind: .press)))
        #expect(list.state.selection == 8, "a click selects the row drawn under it")
    }

    /// Random lists of one-line rows, scrolled, with sticky headers, a scrollbar and a
    /// selection, still and at moments of an animated apply: the upward screen is the
    /// top-down one upside down, line for line with each line's look, and
    /// ``ListView/row(atLine:)`` agrees.
    @Test func theScreenIsTheTopDownOneUpsideDown() {
        var failures: [String] = []
        for seed in UInt64(1) ... 1500 where failures.count < 3 {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            let old = ListViewAnimationPropertyTests.randomSnapshot(using: &rng, nextID: &nextID)
            let new = ListViewAnimationPropertyTests.randomEdit(old, using: &rng, nextID: &nextID)
            let height = Int.random(in: 1 ... 9, using: &rng)
            let sticky = Bool.random(using: &rng)
            let offset = Int.random(in: 0 ... 12, using: &rng)
            let clocks = [ManualClock(), ManualClock()]
            let lists = [false, true].enumerated().map { index, upward in
                let list = makeList()
                list.animationClock = clocks[index]
                list.transitionTiming = .default
                list.stickySectionHeaders = sticky
                list.showsScrollbar = true
                list.growsUpward = upward
                list.apply(old)
                list.state.scrollOffset = offset
                if let item = old.itemIdentifiers.first { list.select(item) }
                return list
            }
            // (One canvas each for every frame, as a terminal keeps its screen: what a frame
            // leaves uncleared stays and shows.)
            var canvases = [Canvas(width: 9, height: height), Canvas(width: 9, height: height)]
            func compare(_ moment: String) {
                for index in 0 ..< 2 { lists[index].render(into: &canvases[index]) }
                let (down, up) = (markedLines(canvases[0]), markedLines(canvases[1]))
                // (The empty list's text is centred either way.)
                let empty = !lists[0].isAnimating && lists[0].snapshot().numberOfItems == 0
                if !empty && down.reversed() != up {
                    failures.append("seed \(seed) \(moment): top-down \(down), upward \(up)")
                    return
                }
                for line in 0 ..< height where lists[0].row(atLine: height - 1 - line) != lists[1].row(atLine: line) {
                    failures.append("seed \(seed) \(moment): row(atLine: \(line)) differs")
                    return
                }
            }
            compare("still")
            for list in lists { list.apply(new, animated: true) }
            for step in 0 ..< 12 where lists[0].isAnimating {
                compare("frame \(step)")
                for clock in clocks { clock.advance(by: 0.025) }
            }
            compare("at rest")
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// ``ListView/scrollMargin``: after every move by an item (or to either end), the selected row
/// has as many lines in view beyond it as the margin asks, or as the list and the area leave;
/// against that rule on random lists, areas, margins and moves.
@Suite struct ListViewScrollMarginTests {
    @Test func everyMoveKeepsTheMarginInView() {
        var failures: [String] = []
        for seed in UInt64(1) ... 400 where failures.count < 3 {
            var rng = SplitMix64(seed: seed)
            let count = Int.random(in: 1 ... 40, using: &rng)
            let height = Int.random(in: 1 ... 12, using: &rng)
            let margin = Int.random(in: 0 ... 6, using: &rng)
            let list = makeList([("S", Array(0 ..< count))])
            list.showsSectionHeaders = false
            list.scrollMargin = margin
            list.growsUpward = Bool.random(using: &rng)
            _ = frame(list, width: 8, height: height)
            list.select(0)
            let kept = min(margin, (height - 1) / 2)
            for step in 0 ..< 60 {
                let moves: [SelectionMovement] = [.next, .next, .next, .previous, .previous, .first, .last]
                let move = moves.randomElement(using: &rng)!
                list.moveSelection(move)
                let at = list.state.selection!, offset = list.state.scrollOffset
                let above = at - offset, below = offset + height - 1 - at
                if above < min(kept, at) || below < min(kept, count - 1 - at) {
                    failures.append(
                        "seed \(seed) step \(step) \(move): \(count) items, height \(height), margin \(margin): item \(at) at offset \(offset)"
                    )
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The margin is kept by moves, not forced on a list that is scrolled by hand.
    @Test func aMoveWithinTheMarginScrollsOnlyAsFarAsItMust() {
        let list = makeList([("S", Array(0 ..< 20))])
        list.showsSectionHeaders = false
        list.scrollMargin = 3
        _ = frame(list, width: 8, height: 10)
        list.select(0)
        for _ in 0 ..< 6 { list.moveSelection(.next) }
        #expect(list.state.selection == 6 && list.state.scrollOffset == 0, "three lines below 6 still show")
        list.moveSelection(.next)
        #expect(list.state.scrollOffset == 1)
        list.moveSelection(.last)
        #expect(list.state.scrollOffset == 10)
        for _ in 0 ..< 6 { list.moveSelection(.previous) }
        #expect(list.state.selection == 13 && list.state.scrollOffset == 10)
        list.moveSelection(.previous)
        #expect(list.state.scrollOffset == 9)
    }
}
