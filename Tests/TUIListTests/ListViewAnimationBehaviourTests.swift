import TUIListTestSupport
import Testing

@testable import TUIList

/// What an animated apply promises besides its frames: cells, callbacks, selection, scrolling,
/// resizes, reduced motion, and a cost that follows the screen.
@Suite struct ListViewAnimationBehaviourTests {
    /// Runs frames 16 ms apart until the list rests; returns how many.
    @discardableResult
    func runToRest(
        _ list: TestList, _ clock: ManualClock, width: Int, height: Int,
        each: (Canvas) -> Void = { _ in }
    ) -> Int {
        var frames = 0
        var canvas = Canvas(width: width, height: height)
        while list.isAnimating && frames < 100 {
            list.render(into: &canvas)
            each(canvas)
            clock.advance(by: 0.016)
            frames += 1
        }
        list.render(into: &canvas)
        each(canvas)
        return frames
    }

    @Test func aDeletedRowKeepsItsCellUntilTheEndAndTheProviderIsNotAskedForIt() {
        var titles = [1: "One", 2: "Two", 3: "Three"]
        var asked: [Int] = []
        let list = TestList(cellProvider: { context, item in
            asked.append(item)
            let cell = context.dequeue(TextCell.self)
            cell.title = titles[item] ?? "gone"  // (the test fails below if a gone item is asked for; it never traps)
            return cell
        })
        let clock = ManualClock()
        list.animationClock = clock
        list.transitionTiming = .default
        list.apply(Snapshot(sections: [("A", [1, 2, 3])]))
        expectFrame(list, width: 8, height: 4, ["A", " One", " Two", " Three"])
        let cell = list.cellIfPresent(for: .item(2))
        titles[2] = nil
        list.apply(Snapshot(sections: [("A", [1, 3])]), animated: true)
        asked.removeAll()
        clock.advance(by: 0.06)
        expectFrame(list, width: 8, height: 4, ["A", " One", " Two", " Three"])
        #expect(list.cellIfPresent(for: .item(2)) === cell)
        #expect(!asked.contains(2))
        runToRest(list, clock, width: 8, height: 4) { _ in #expect(list.reusePool.live <= 4) }
        expectFrame(list, width: 8, height: 4, ["A", " One", " Three", ""])
        #expect(list.cellIfPresent(for: .item(2)) == nil)
        #expect(list.reusePool.live == 3)
        #expect(!asked.contains(2))
    }

    @Test func manyAppliesFasterThanAFrameEndOnTheLastAndFinishOnce() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4, 5])], width: 8, height: 6)
        var finished = 0
        list.onAnimationsFinished = { finished += 1 }
        let orders = [[5, 4, 3, 2, 1], [2, 1, 9, 5], [3, 1, 2], [4, 3, 7, 8, 1], [1, 2, 3, 4, 5, 6]]
        for order in orders {
            list.apply(Snapshot(sections: [("A", order)]), animated: true)
            clock.advance(by: 0.003)
        }
        #expect(list.isAnimating)
        #expect(list.lastChangeset.description == "−2 +3 ↕2 ~0")  // of the last apply
        runToRest(list, clock, width: 8, height: 6)
        #expect(finished == 1)
        #expect(
            frame(list, width: 8, height: 6) == padded(["A", " Item 1", " Item 2", " Item 3", " Item 4", " Item 5"], width: 8))
        #expect(!list.isAnimating)
        #expect(finished == 1)
        // And again with renders between them: still once per rest.
        for order in orders.reversed() {
            list.apply(Snapshot(sections: [("A", order)]), animated: true)
            clock.advance(by: 0.05)
            _ = frame(list, width: 8, height: 6)
        }
        runToRest(list, clock, width: 8, height: 6)
        #expect(finished == 2)
        expectFrame(list, width: 8, height: 6, ["A", " Item 5", " Item 4", " Item 3", " Item 2", " Item 1"])
    }

    @Test func withoutAnimationOrWithReducedMotionTheNewStateShowsAtOnce() {
        for (animated, timing) in [(false, TransitionTiming.default), (true, .fromEnvironment(["TUILIST_REDUCED_MOTION": "1"]))] {
            let (list, _) = makeAnimatedList([("A", [1, 2, 3])], width: 8, height: 4, timing: timing)
            var finished = 0
            list.onAnimationsFinished = { finished += 1 }
            list.apply(Snapshot(sections: [("A", [3, 1])]), animated: animated)
            #expect(!list.isAnimating)
            expectFrame(list, width: 8, height: 4, ["A", " Item 3", " Item 1", ""])
            #expect(finished == 0)
        }
    }

    /// The transition's clock can run out between two renders; the screen then still shows a
    /// frame from before the end, so the list keeps saying it animates until one more render
    /// (found by the demo, whose loop stopped on a half-swapped list).
    @Test func isAnimatingUntilTheRestFrameIsDrawn() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3])], width: 8, height: 4)
        var finished = 0
        list.onAnimationsFinished = { finished += 1 }
        list.apply(Snapshot(sections: [("A", [3, 2, 1])]), animated: true)
        _ = frame(list, width: 8, height: 4)
        clock.advance(by: 0.2)
        _ = frame(list, width: 8, height: 4)
        clock.advance(by: 5)  // past the end, no render yet
        #expect(list.isAnimating)
        #expect(finished == 0)
        expectFrame(list, width: 8, height: 4, ["A", " Item 3", " Item 2", " Item 1"])
        #expect(!list.isAnimating)
        #expect(finished == 1)
    }

    @Test func anApplyWithoutAnimationEndsARunningOne() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3])], width: 8, height: 4)
        var finished = 0
        list.onAnimationsFinished = { finished += 1 }
        list.apply(Snapshot(sections: [("A", [3, 2, 1])]), animated: true)
        _ = frame(list, width: 8, height: 4)
        clock.advance(by: 0.1)
        _ = frame(list, width: 8, height: 4)
        list.apply(Snapshot(sections: [("A", [2])]), animated: false)
        #expect(!list.isAnimating)
        #expect(finished == 1)
        expectFrame(list, width: 8, height: 4, ["A", " Item 2", "", ""])
        #expect(list.rowsWithCells == 2)
    }

    @Test func selectingAMovedItemRightAfterApplyScrollsAsPartOfTheAnimation() {
        let (list, clock) = makeAnimatedList([("A", Array(1 ... 30))], width: 10, height: 5)
        list.select(2)
        let before = frame(list, width: 10, height: 5)
        var order = Array(1 ... 30)
        order.removeAll { $0 == 2 }
        order.insert(2, at: 25)
        list.apply(Snapshot(sections: [("A", order)]), animated: true)
        list.select(2, anchor: .nearest)  // follow it, as the demo does
        #expect(frame(list, width: 10, height: 5) == before)  // frame 0: where it all was
        runToRest(list, clock, width: 10, height: 5) { canvas in
            let texts = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(Set(texts).count == texts.count, "a row twice: \(canvas.lines)")
        }
        #expect(
            frame(list, width: 10, height: 5)
                == ListViewAnimationPropertyTests.still(
                    list.snapshot(), offset: list.state.scrollOffset, width: 10, height: 5))
        #expect(list.selectedItem == 2)
        #expect(list.visibleRows.contains(.item(2)))
    }

    @Test func pagingDownMidAnimationDrawsTheNewPageAtRest() {
        let (list, clock) = makeAnimatedList([("A", Array(1 ... 40))], width: 10, height: 6)
        list.apply(Snapshot(sections: [("A", [2, 1] + Array(3 ... 40))]), animated: true)
        _ = frame(list, width: 10, height: 6)
        clock.advance(by: 0.1)
        _ = frame(list, width: 10, height: 6)
        list.moveSelection(.pageDown)
        list.moveSelection(.pageDown)
        #expect(list.isAnimating)
        let offset = list.state.scrollOffset
        let lines = frame(list, width: 10, height: 6)
        // The rows scrolled into view were not animated: they are at rest, all there.
        // (The top line may still hold a row sliding past; the others are the page at rest.)
        let still = ListViewAnimationPropertyTests.still(list.snapshot(), offset: offset, width: 10, height: 6)
        #expect(Array(lines.dropFirst()) == Array(still.dropFirst()))
        runToRest(list, clock, width: 10, height: 6)
        #expect(
            frame(list, width: 10, height: 6)
                == ListViewAnimationPropertyTests.still(list.snapshot(), offset: offset, width: 10, height: 6))
    }

    @Test func theFirstVisibleRowStaysPutInEveryFrameWhenRowsChangeAboveIt() {
        let (list, clock) = makeAnimatedList([("A", Array(1 ... 30))], width: 10, height: 5)
        list.scroll(byLines: 10)
        let top = frame(list, width: 10, height: 5)[0]
        list.apply(Snapshot(sections: [("A", [100, 101] + Array(1 ... 5) + Array(7 ... 30))]), animated: true)
        runToRest(list, clock, width: 10, height: 5) { canvas in
            #expect(canvas.line(at: 0) == top)
        }
        #expect(list.state.scrollOffset == 11)
    }

    @Test func aResizeMidTransitionEndsItWithoutACrash() {
        let (list, clock) = makeAnimatedList([("A", Array(1 ... 10))], width: 10, height: 6)
        list.apply(Snapshot(sections: [("A", [10, 1, 2, 3, 11])]), animated: true)
        _ = frame(list, width: 10, height: 6)
        clock.advance(by: 0.1)
        _ = frame(list, width: 10, height: 6)
        let resized = frame(list, width: 7, height: 3)
        #expect(!list.isAnimating)
        #expect(
            resized == ListViewAnimationPropertyTests.still(list.snapshot(), offset: list.state.scrollOffset, width: 7, height: 3)
        )
        // A pending apply survives a resize: it is planned at the new size.
        list.apply(Snapshot(sections: [("A", [1, 2, 3])]), animated: true)
        #expect(list.isAnimating)
        runToRest(list, clock, width: 12, height: 8)
        expectFrame(list, width: 12, height: 8, ["A", " Item 1", " Item 2", " Item 3", "", "", "", ""])
    }

    @Test func aHundredThousandRowChangesetAnimatesOnlyTheScreen() {
        var order = Array(0 ..< 100_000)
        let (list, clock) = makeAnimatedList([("A", order)], width: 20, height: 10)
        list.scroll(byLines: 50_000)
        _ = frame(list, width: 20, height: 10)
        var rng = SplitMix64(seed: 7)
        order.shuffle(using: &rng)
        list.apply(Snapshot(sections: [("A", order)]), animated: true)
        #expect(list.lastChangeset.itemMoves.count > 90_000)
        let frames = runToRest(list, clock, width: 20, height: 10) { _ in
            #expect(list.rowsWithCells <= 2 * 10 + 2)
            #expect(list._animatedRows.count <= 2 * 10 + 2)
        }
        #expect(frames < 40)
        #expect(list.rowsWithCells <= 11)
    }
}
