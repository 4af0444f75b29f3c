import Testing

@testable import TUIList

/// Golden frame sequences of animated applies: each film strip shows the screen at the given
/// milliseconds after the first render that follows the apply (default timing: remove 120 ms,
/// move 250 ms ease-in-out, flash 150 ms, add 120 ms). A line starts with its look: `~` dim
/// (fading out or in), `*` bold reverse (flashing), blank for normal.
@Suite struct ListViewAnimationGoldenTests {

    /// The rows below slide down a line to open a gap; the new row fades in there.
    @Test func oneInsertOpensAGapThenFadesIn() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [1, 2, 9, 3, 4])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +1 ↕0 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2",
                "  Item 3     Item 3     Item 3                         ~ Item 9   ~ Item 9     Item 9",
                "  Item 4     Item 4     Item 4     Item 3     Item 3     Item 3     Item 3     Item 3",
                "                                   Item 4     Item 4     Item 4     Item 4     Item 4",
            ])
        #expect(!list.isAnimating)
    }

    /// The deleted row dims and disappears in place; then the rows below slide up to close the gap.
    @Test func oneDeleteFadesThenTheGapCloses() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [1, 3, 4])]), animated: true)
        #expect(list.lastChangeset.description == "−1 +0 ↕0 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2   ~ Item 2                                      Item 3     Item 3     Item 3",
                "  Item 3     Item 3     Item 3     Item 3     Item 3     Item 4     Item 4     Item 4",
                "  Item 4     Item 4     Item 4     Item 4     Item 4",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// The moved row slides down two lines; each row it passes steps up one line as it arrives.
    @Test func aMoveDownSlidesAboveTheRowsItCrosses() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [2, 3, 1, 4])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕1 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2",
                "  Item 2     Item 2     Item 1     Item 3     Item 3     Item 3     Item 3     Item 3",
                "  Item 3     Item 3     Item 3     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// The moved row slides up three lines; each row it passes steps down one line as it arrives.
    @Test func aMoveUpSlidesAboveTheRowsItCrosses() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [4, 1, 2, 3])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕1 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 4     Item 4     Item 4     Item 4     Item 4",
                "  Item 2     Item 2     Item 2     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 3     Item 3     Item 4     Item 2     Item 2     Item 2     Item 2     Item 2",
                "  Item 4     Item 4     Item 3     Item 3     Item 3     Item 3     Item 3     Item 3",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// Two rows trade places over a third (two moves: a re-sort): 4 passes 3, then 2 passes 3
    /// while 4 passes 2; 3 steps down a line and back. No line is ever blank.
    @Test func aSwapCrossesTwoRows() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [1, 4, 3, 2])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕2 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2     Item 2     Item 2     Item 4     Item 4     Item 4     Item 4     Item 4",
                "  Item 3     Item 3     Item 4     Item 3     Item 3     Item 3     Item 3     Item 3",
                "  Item 4     Item 4     Item 3     Item 2     Item 2     Item 2     Item 2     Item 2",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// An updated row flashes (bold reverse) for 150 ms; nothing moves.
    @Test func anUpdateFlashes() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        var next = Snapshot(sections: [("A", [1, 2, 3, 4])])
        next.reconfigureItems([2])
        list.apply(next, animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕0 ~1")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2   * Item 2   * Item 2     Item 2     Item 2     Item 2     Item 2     Item 2",
                "  Item 3     Item 3     Item 3     Item 3     Item 3     Item 3     Item 3     Item 3",
                "  Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// An item moved into the next section slides over the section's header.
    @Test func aMoveAcrossSectionsSlidesPastTheHeader() {
        let (list, clock) = makeAnimatedList([("A", [1, 2]), ("B", [3, 4])], width: 8, height: 7)
        list.apply(Snapshot(sections: [("A", [1]), ("B", [3, 2, 4])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕1 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 7, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2     Item 2    B          B          B          B          B          B",
                " B          B           Item 2     Item 3     Item 3     Item 3     Item 3     Item 3",
                "  Item 3     Item 3     Item 3     Item 2     Item 2     Item 2     Item 2     Item 2",
                "  Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4",
                "",
            ])
        #expect(!list.isAnimating)
    }

    /// A new section (header and items) opens a gap, pushing the next section down, then fades in.
    @Test func anInsertedSectionOpensThenFadesIn() {
        let (list, clock) = makeAnimatedList([("A", [1, 2]), ("C", [5])], width: 8, height: 8)
        list.apply(Snapshot(sections: [("A", [1, 2]), ("B", [3, 4]), ("C", [5])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +2 ↕0 ~0 (sections −0 +1 ↕0 ~0)")
        expectFilm(
            film(list, clock, width: 8, height: 8, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2",
                " C          C                                          ~B         ~B          B",
                "  Item 5     Item 5    C                               ~ Item 3   ~ Item 3     Item 3",
                "                        Item 5                         ~ Item 4   ~ Item 4     Item 4",
                "                                  C          C          C          C          C",
                "                                   Item 5     Item 5     Item 5     Item 5     Item 5",
            ])
        #expect(!list.isAnimating)
    }

    /// A deleted section (header and items) dims and goes; the next section slides up.
    @Test func aDeletedSectionFadesThenCloses() {
        let (list, clock) = makeAnimatedList([("A", [1, 2]), ("B", [3, 4]), ("C", [5])], width: 8, height: 8)
        list.apply(Snapshot(sections: [("A", [1, 2]), ("C", [5])]), animated: true)
        #expect(list.lastChangeset.description == "−2 +0 ↕0 ~0 (sections −1 +0 ↕0 ~0)")
        expectFilm(
            film(list, clock, width: 8, height: 8, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0          60         120        180        240        300        360        500",
                " A          A          A          A          A          A          A          A",
                "  Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1     Item 1",
                "  Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2     Item 2",
                " B         ~B                                           C          C          C",
                "  Item 3   ~ Item 3                                      Item 5     Item 5     Item 5",
                "  Item 4   ~ Item 4                          C",
                " C          C          C          C           Item 5",
                "  Item 5     Item 5     Item 5     Item 5",
            ])
        #expect(!list.isAnimating)
    }

    /// An item from far below the screen slides in from the bottom edge to its place, pushing the rows below it down.
    @Test func aMoveFromOffScreenComesInFromTheBottomEdge() {
        let (list, clock) = makeAnimatedList(
            [("A", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])], width: 10, height: 6)
        list.apply(
            Snapshot(sections: [("A", [1, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕1 ~0")
        expectFilm(
            film(list, clock, width: 10, height: 6, ms: [0, 60, 120, 180, 240, 300, 360, 500]),
            [
                "0            60           120          180          240          300          360          500",
                " A            A            A            A            A            A            A            A",
                "  Item 1       Item 1       Item 1       Item 1       Item 1       Item 1       Item 1       Item 1",
                "  Item 2       Item 2       Item 2       Item 2       Item 15      Item 15      Item 15      Item 15",
                "  Item 3       Item 3       Item 3       Item 15      Item 2       Item 2       Item 2       Item 2",
                "  Item 4       Item 4       Item 4       Item 3       Item 3       Item 3       Item 3       Item 3",
                "  Item 5       Item 5       Item 5       Item 4       Item 4       Item 4       Item 4       Item 4",
            ])
        #expect(!list.isAnimating)
    }

    /// Half way through moving 1 to the bottom, it is sent back to the top: it turns round from the line it is on, and no row jumps.
    @Test func aRetargetHalfWayContinuesFromWhereRowsAre() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [2, 3, 4, 1])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕1 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120]),
            [
                "0          60         120",
                " A          A          A",
                "  Item 1     Item 1     Item 2",
                "  Item 2     Item 2     Item 1",
                "  Item 3     Item 3     Item 3",
                "  Item 4     Item 4     Item 4",
                "",
            ])
        // Item 1 is on line 2, on its way down over item 2: sent back, it turns round there.
        list.apply(Snapshot(sections: [("A", [1, 2, 3, 4])]), animated: true)
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 60, 120, 180, 240, 300, 400]),
            [
                "0          60         120        180        240        300        400",
                " A          A          A          A          A          A          A",
                "  Item 2     Item 2     Item 2     Item 1     Item 1     Item 1     Item 1",
                "  Item 1     Item 1     Item 1     Item 2     Item 2     Item 2     Item 2",
                "  Item 3     Item 3     Item 3     Item 3     Item 3     Item 3     Item 3",
                "  Item 4     Item 4     Item 4     Item 4     Item 4     Item 4     Item 4",
                "",
            ])
        #expect(!list.isAnimating)
    }
}
