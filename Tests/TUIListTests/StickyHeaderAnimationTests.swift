import Testing

@testable import TUIList

/// Animations with sticky headers on (the demo's setting), frame by frame as goldens: the
/// pinned header stays pinned while the rows under it change.
@Suite struct StickyHeaderAnimationTests {
    /// Every distinct screen of an animated apply, from the first frame to rest (30 ms apart).
    static func frames(
        from old: [(String, [Int])], to new: [(String, [Int])], offset: Int, height: Int
    ) -> [[String]] {
        let clock = ManualClock()
        let list = makeList()
        list.animationClock = clock
        list.stickySectionHeaders = true
        list.transitionTiming = .default
        list.apply(Snapshot(sections: old))
        list.state.scrollOffset = offset
        var canvas = Canvas(width: 10, height: height)
        list.render(into: &canvas)
        var screens = [canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }]
        list.apply(Snapshot(sections: new), animated: true)
        for _ in 0 ..< 60 {
            list.render(into: &canvas)
            let screen = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            if screen != screens.last { screens.append(screen) }
            if !list.isAnimating { break }
            clock.advance(by: 0.03)
        }
        return screens
    }

    /// Scrolled one line into S0 (Item 1 under the pinned header), Item 1 is deleted: the
    /// list scrolls to the top to keep Item 2 where it is, and S0 stays on the top line the
    /// whole time (it used to slide out with the deleted row and come back at the end).
    @Test func deletingTheRowUnderThePinnedHeaderKeepsItPinned() {
        let screens = Self.frames(
            from: [("S0", [1, 2, 3, 4, 5]), ("S1", [6, 7])], to: [("S0", [2, 3, 4, 5]), ("S1", [6, 7])], offset: 1, height: 4)
        #expect(screens == [["S0", "Item 2", "Item 3", "Item 4"]], "one still screen throughout: \(screens)")
    }

    /// A swap under the pinned header: the two rows trade places beneath it.
    @Test func aSwapUnderThePinnedHeaderSlidesBeneathIt() {
        let screens = Self.frames(
            from: [("S0", [1, 2, 3, 4, 5]), ("S1", [6, 7])], to: [("S0", [1, 2, 4, 3, 5]), ("S1", [6, 7])], offset: 2,
            height: 4)
        #expect(screens.first == ["S0", "Item 3", "Item 4", "Item 5"])
        #expect(screens.last == ["S0", "Item 4", "Item 3", "Item 5"])
        #expect(screens.allSatisfy { $0[0] == "S0" }, "pinned in every frame: \(screens)")
    }

    /// Seed 2000930 of the property test: scrolled into S1 (S1 pinned over Item 3), Item 3 and
    /// Item 1 move into S0 and the list jumps its offset back to keep Item 3 on the top line,
    /// now in S0. S1's own row is far from both screens (the transition does not animate it),
    /// so it stays pinned from where the old layout put it until the rows are half-way, and
    /// S0 takes over from then on: the first frame is the screen before (it used to pin S0).
    @Test func aJumpToAnotherSectionKeepsTheOldHeaderPinnedUntilHalfWay() {
        let screens = Self.frames(
            from: [("S0", []), ("S1", [1, 2, 3, 4])], to: [("S0", [6, 3, 1]), ("S1", [4, 7, 5])], offset: 4, height: 2)
        #expect(screens == [["S1", "Item 4"], ["S1", ""], ["S0", ""], ["S0", "Item 1"]], "\(screens)")
    }

    /// Seed 2000150's situation: S1 pinned over Item 2, Items 1 and 2 move up into S0, so S1's
    /// row slides down from above the top to the second line. S1 stays pinned until its own
    /// row arrives below the top, then S0 (not animated: far above before and after) takes
    /// over above it. It used to pin S0 from the first frame: at rest in the new layout, S0
    /// sat on the line S1 had in the old picture.
    @Test func aHeaderSlidingDownFromAboveStaysPinnedUntilItArrives() {
        let screens = Self.frames(
            from: [("S0", []), ("S1", [1, 2, 3, 4])], to: [("S0", [1, 2]), ("S1", [3, 4])], offset: 3, height: 3)
        #expect(screens == [["S1", "Item 3", "Item 4"], ["S1", "", "Item 3"], ["S0", "S1", "Item 3"]], "\(screens)")
    }
}

/// A second animated apply while the first still runs, with sticky headers on: the section
/// whose header is pinned is removed by the second one (a newcomer's app hit this typing into
/// an animated filter after scrolling). Debug builds trapped in the invariant check: a cell
/// stayed bound to the pinned header the new layout no longer held.
@Suite struct StickyHeaderRetargetTests {
    static let letters = (0 ..< 26).map { String(UnicodeScalar(UInt8(65 + $0))) }

    @Test func removingThePinnedSectionMidAnimationKeepsEveryFrameWhole() {
        let clock = ManualClock()
        let list = makeList(Self.letters.indices.map { (Self.letters[$0], Array($0 * 10 ..< $0 * 10 + 6)) })
        list.animationClock = clock
        list.stickySectionHeaders = true
        list.transitionTiming = .default
        list.state.scrollOffset = 9
        var canvas = Canvas(width: 20, height: 8)
        list.render(into: &canvas)
        #expect(canvas.lines[0].hasPrefix("B"), "B is pinned before: \(canvas.lines)")
        let kept: [(String, [Int])] = [
            ("B", [10]), ("C", [20, 21, 22, 23]), ("D", [30, 31]), ("F", [50, 51, 52, 53]), ("G", [60]), ("I", [80]),
            ("K", [100]), ("S", [180]),
        ]
        list.apply(Snapshot(sections: kept), animated: true)
        clock.advance(by: 0.03)
        list.render(into: &canvas)
        #expect(list.isAnimating)
        list.apply(Snapshot(sections: [("C", [20, 21, 22])]), animated: true)
        var frames = 0
        while list.isAnimating && frames < 200 {
            clock.advance(by: 0.03)
            list.render(into: &canvas)
            frames += 1
        }
        #expect(!list.isAnimating, "the animation ends")
        list.render(into: &canvas)
        let rows = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.prefix(4) == ["C", "Item 20", "Item 21", "Item 22"], "at rest: \(rows)")
    }
}
