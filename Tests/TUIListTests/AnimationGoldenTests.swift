import Testing

@testable import TUIList

/// Frame sequences at fixed moments with the default timing (remove 120 ms, move and change
/// 250 ms, add 120 ms), drawn as film strips: the first string lists the moments in ms, then
/// one string per viewport line, one column per moment. "~a" is dimmed, "+a" fading in,
/// "*a*" highlighted, "^" the second line of a two-line row (ids starting with "=" are
/// two-line section headers), "." an empty line.
@Suite struct AnimationGoldenTests {
    /// The rows below slide down to open the gap during the move phase; the new row fades in ("+x") in the add phase.
    @Test func oneInsertOpensAGapThenFadesIn() {
        let transition = Transition(plan: plan("a b c", "a x b c", viewport: 5))
        #expect(transition.duration == 0.37)
        #expect(
            filmstrip(transition, ms: [0, 60, 125, 190, 250, 280, 310, 370]) == [
                "0   60  125 190 250 280 310 370",
                "a   a   a   a   a   a   a   a",
                "b   b   .   .   .   +x  +x  x",
                "c   c   b   b   b   b   b   b",
                ".   .   c   c   c   c   c   c",
                ".   .   .   .   .   .   .   .",
            ])
    }

    /// The deleted row stays normal, dims, disappears (remove phase); then the rows below slide up.
    @Test func oneDeleteFadesThenTheGapCloses() {
        let transition = Transition(plan: plan("a b c d", "a c d", viewport: 4))
        #expect(transition.duration == 0.37)
        #expect(
            filmstrip(transition, ms: [0, 30, 60, 90, 120, 180, 245, 310, 370]) == [
                "0   30  60  90  120 180 245 310 370",
                "a   a   a   a   a   a   a   a   a",
                "b   b   ~b  ~b  .   .   c   c   c",
                "c   c   c   c   c   c   d   d   d",
                "d   d   d   d   d   d   .   .   .",
            ])
    }

    /// "a" slides down three lines with easing; b, c and d each step up one line the moment it reaches them, so no line is ever blank.
    @Test func oneMoveDownSlidesAboveTheRowsItCrosses() {
        let transition = Transition(plan: plan("a b c d e", "b c d a e", viewport: 5))
        #expect(transition.duration == 0.25)
        #expect(
            filmstrip(transition, ms: [0, 60, 100, 125, 150, 190, 250]) == [
                "0   60  100 125 150 190 250",
                "a   a   b   b   b   b   b",
                "b   b   a   c   c   c   c",
                "c   c   c   a   a   d   d",
                "d   d   d   d   d   a   a",
                "e   e   e   e   e   e   e",
            ])
    }

    /// "e" slides up three lines; d, c and b each step down as it passes them.
    @Test func oneMoveUpSlidesAboveTheRowsItCrosses() {
        let transition = Transition(plan: plan("a b c d e", "a e b c d", viewport: 5))
        #expect(transition.duration == 0.25)
        #expect(
            filmstrip(transition, ms: [0, 60, 100, 125, 150, 190, 250]) == [
                "0   60  100 125 150 190 250",
                "a   a   a   a   a   a   a",
                "b   b   b   b   b   e   e",
                "c   c   c   e   e   b   b",
                "d   d   e   c   c   c   c",
                "e   e   d   d   d   d   d",
            ])
    }

    /// b and d swap over c. The minimal moves are {b, c} (a, d, e keep their order): two moves,
    /// a re-sort in three rounds of neighbour swaps: d passes c, then b, while b passes c, and
    /// c, pushed up a line, comes back. No line is ever blank.
    @Test func aSwapCrossesInTheMiddle() {
        let transition = Transition(plan: plan("a b c d e", "a d c b e", viewport: 5))
        #expect(transition.duration == 0.25)
        #expect(
            filmstrip(transition, ms: [0, 60, 100, 125, 150, 190, 250]) == [
                "0   60  100 125 150 190 250",
                "a   a   a   a   a   a   a",
                "b   b   b   d   d   d   d",
                "c   c   d   b   b   c   c",
                "d   d   c   c   c   b   b",
                "e   e   e   e   e   e   e",
            ])
    }

    /// The updated row is highlighted for 60 % of the 250 ms change phase, then normal; nothing moves.
    @Test func anUpdateFlashesForPartOfTheChangePhase() {
        let transition = Transition(plan: plan("a b c", "a b c", viewport: 3, updated: ["b"]))
        #expect(transition.duration == 0.25)
        #expect(
            filmstrip(transition, ms: [0, 60, 120, 149, 150, 200, 250]) == [
                "0   60  120 149 150 200 250",
                "a   a   a   a   a   a   a",
                "b   *b* *b* *b* b   b   b",
                "c   c   c   c   c   c   c",
            ])
    }

    /// A two-line header splits a section: the rows below slide down two lines, then the header fades in.
    @Test func aSectionHeaderInsertedOpensTwoLines() {
        let transition = Transition(plan: plan("=H1 a b c d", "=H1 a b =H2 c d", viewport: 7))
        #expect(transition.duration == 0.37)
        #expect(
            filmstrip(transition, ms: [0, 60, 125, 190, 250, 300, 370]) == [
                "0    60   125  190  250  300  370",
                "=H1  =H1  =H1  =H1  =H1  =H1  =H1",
                "^    ^    ^    ^    ^    ^    ^",
                "a    a    a    a    a    a    a",
                "b    b    b    b    b    b    b",
                "c    c    .    .    .    +=H2 =H2",
                "d    d    c    .    .    ^    ^",
                ".    .    d    c    c    c    c",
            ])
    }

    /// The header dims and goes, then the rows below slide up two lines.
    @Test func aSectionHeaderDeletedFadesThenTheGapCloses() {
        let transition = Transition(plan: plan("=H1 a b =H2 c d", "=H1 a b c d", viewport: 7))
        #expect(transition.duration == 0.37)
        #expect(
            filmstrip(transition, ms: [0, 60, 120, 180, 245, 310, 370]) == [
                "0    60   120  180  245  310  370",
                "=H1  =H1  =H1  =H1  =H1  =H1  =H1",
                "^    ^    ^    ^    ^    ^    ^",
                "a    a    a    a    a    a    a",
                "b    b    b    b    b    b    b",
                "=H2  ~=H2 .    .    .    c    c",
                "^    ^    .    .    c    d    d",
                "c    c    c    c    d    .    .",
            ])
    }

    /// "f" sits below a 4-line viewport and moves to the top: it enters at the bottom edge and slides up over a, b, c; d is pushed out at the bottom.
    @Test func aMoveFromOffScreenSlidesInFromTheEdge() {
        let transition = Transition(plan: plan("a b c d e f", "f a b c d e", viewport: 4))
        #expect(transition.duration == 0.25)
        #expect(
            filmstrip(transition, ms: [0, 60, 90, 125, 160, 190, 250]) == [
                "0   60  90  125 160 190 250",
                "a   a   a   a   a   f   f",
                "b   b   b   b   f   a   a",
                "c   c   c   f   b   b   b",
                "d   d   d   c   c   c   c",
            ])
    }

    /// "a" is half way down to line 3 when the old order comes back: it turns around where it
    /// is drawn (line 2) and slides back up; d, hidden under it, slides back to line 3.
    @Test func aRetargetHalfWayThroughAMoveTurnsAroundWhereRowsAre() {
        let down = Transition(plan: plan("a b c d e", "b c d a e", viewport: 5))
        let back = down.retargeted(at: 0.125, to: plan("b c d a e", "a b c d e", viewport: 5))
        #expect(back.duration == 0.25)
        #expect(screen(back.frame(at: 0)) == screen(down.frame(at: 0.125)))
        #expect(
            filmstrip(back, ms: [0, 30, 60, 90, 125, 160, 190, 250]) == [
                "0   30  60  90  125 160 190 250",
                "b   b   b   b   b   a   a   a",
                "c   c   c   c   a   b   b   b",
                "a   a   a   a   c   c   c   c",
                "d   d   d   d   d   d   d   d",
                "e   e   e   e   e   e   e   e",
            ])
    }
}
