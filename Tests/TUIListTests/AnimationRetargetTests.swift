import Testing

@testable import TUIList

@Suite struct AnimationRetargetTests {
    /// b is dimmed half way through its fade when x is inserted below c: b keeps fading from
    /// where it is (never normal again) and is gone after the other half of the remove phase;
    /// then c closes b's gap, which leaves the gap for x open, and x fades in.
    @Test func aRowFadingOutKeepsFadingAfterARetarget() {
        let deleteB = Transition(plan: plan("a b c d", "a c d", viewport: 5))
        #expect(screen(deleteB.frame(at: 0.06)) == ["a", "~b", "c", "d", "."])
        let insertX = deleteB.retargeted(at: 0.06, to: plan("a c d", "a c x d", viewport: 5))
        let strip = filmstrip(insertX, ms: [0, 30, 60, 120, 185, 250, 310, 370, 430])
        #expect(
            strip == [
                "0   30  60  120 185 250 310 370 430",
                "a   a   a   a   a   a   a   a   a",
                "~b  ~b  .   .   c   c   c   c   c",
                "c   c   c   c   .   .   .   +x  x",
                "d   d   d   d   d   d   d   d   d",
                ".   .   .   .   .   .   .   .   .",
            ])
        #expect(insertX.frame(at: 0.001).row("b")?.appearance == .dimmed)
        #expect(screen(insertX.frame(at: insertX.duration)) == ["a", "c", "x", "d", "."])
    }

    /// A deleted row that comes back before it is gone turns around: it brightens from faint
    /// to normal where it is drawn, without a second copy appearing.
    @Test func aRowDeletedThenRestoredFadesBackIn() {
        let deleteB = Transition(plan: plan("a b c", "a c", viewport: 3))
        let restore = deleteB.retargeted(at: 0.09, to: plan("a c", "a b c", viewport: 3))
        #expect(
            filmstrip(restore, ms: [0, 50, 100]) == [
                "0   50  100",
                "a   a   a",
                "~b  ~b  b",
                "c   c   c",
            ])
        #expect(restore.frame(at: 0).row("b")?.appearance == .dimmed)
        for ms in stride(from: 0, through: 200, by: 5) {
            let ids = restore.frame(at: Double(ms) / 1000).rows.map(\.id)
            #expect(ids.filter { $0 == "b" }.count == 1, "b at \(ms) ms")
        }
        #expect(screen(restore.frame(at: restore.duration)) == ["a", "b", "c"])
    }

    /// An update arrives while a row is flashing: the flash goes on without a gap.
    @Test func aFlashGoesOnThroughARetarget() {
        let update = Transition(plan: plan("a b c", "a b c", viewport: 3, updated: ["b"]))
        let again = update.retargeted(at: 0.1, to: plan("a b c", "a b c x", viewport: 3))
        #expect(again.frame(at: 0).row("b")?.appearance == .highlighted)
        #expect(again.frame(at: 0.05).row("b")?.appearance == .highlighted)
        #expect(again.frame(at: again.duration).row("b")?.appearance == .normal)
    }

    /// The frame a plan starts from can come from the ListView directly; the list scrolled by
    /// one line meanwhile.
    @Test func aPlanFromAScrolledFrame() {
        let move = Transition(plan: plan("a b c d", "b c d a", viewport: 4))
        let now = move.frame(at: 0.125, includingOffscreenRows: true).scrolled(by: 1)
        let next = TransitionPlan(from: now, to: stack(words("c d a")), changes: TransitionChanges(deleted: ["b"]))
        let transition = Transition(plan: next)
        #expect(screen(transition.frame(at: 0)) == screen(now))
        #expect(screen(transition.frame(at: transition.duration)) == ["c", "d", "a", "."])
    }

    /// A frame looks only at the rows near the screen: a plan that also holds thousands of
    /// rows far away makes no more tracks and no bigger frames.
    @Test func frameCostFollowsTheScreenNotTheList() {
        let far = (0 ..< 20_000).map { RowPlacement(id: "far\($0)", line: 100 + $0) }
        let old = stack(words("a b c d e f g h")) + far
        let new = stack(words("h a b c d e f g")) + far
        let transition = Transition(
            plan: TransitionPlan(
                viewportHeight: 8, oldRows: old, newRows: new,
                changes: TransitionChanges(moved: ["h"])))
        #expect(transition.tracks.count == 8)
        for ms in stride(from: 0, through: 260, by: 10) {
            #expect(transition.frame(at: Double(ms) / 1000).rows.count <= 8)
        }
    }
}

/// Where a retargeted animation starts the rows it does not draw now: from the new plan's old
/// rows (the previous target laid out again) first, then from the running transition's target
/// shifted by the lines scrolled; a row either puts on screen but that is not drawn is left out
/// (it comes in from the edge).
@Suite struct AnimationRetargetRestingRowsTests {
    private func row(_ id: String, _ line: Int) -> RowPlacement<String> { RowPlacement(id: id, line: line) }

    private var running: Transition<String> {
        Transition(
            plan: TransitionPlan(
                viewportHeight: 2, oldRows: stack(words("a b")), newRows: stack(words("b a")) + [row("z", 40), row("w", 60)],
                changes: TransitionChanges(moved: ["a"])))
    }

    /// (Fails if the running target's rows are taken before the plan's: z would start at 39,
    /// not 30.)
    @Test func thePlansOldRowsComeBeforeTheRunningTarget() {
        let plan = TransitionPlan(
            viewportHeight: 2, oldRows: stack(words("b a")) + [row("z", 30)], newRows: stack(words("z b a")),
            changes: TransitionChanges(moved: ["z"]))
        let next = running.retargeted(at: 0.05, to: plan, scrolledBy: 1)
        let old = Dictionary(next.plan.oldRows.map { ($0.id, $0.line) }, uniquingKeysWith: { first, _ in first })
        #expect(old["z"] == 30)
        // w is only in the running target: it rests where that put it, less the line scrolled.
        // (Fails if `row.line -= lines` is dropped: 60.)
        #expect(old["w"] == 59)
    }

    /// (Fails if the visibility test is turned round: y, which would be on screen but is not
    /// drawn, would start at line 1 instead of coming in from the edge, and z would be dropped.)
    @Test func aRestingRowThatWouldBeOnScreenIsLeftOut() {
        let plan = TransitionPlan(
            viewportHeight: 2, oldRows: stack(words("b a")) + [row("y", 1), row("z", 30)],
            newRows: stack(words("y b a")), changes: TransitionChanges(inserted: ["y"]))
        let next = running.retargeted(at: 0.05, to: plan)
        let ids = Set(next.plan.oldRows.map(\.id))
        #expect(!ids.contains("y") || next.plan.oldRows.first { $0.id == "y" }?.line != 1)
        #expect(ids.contains("z"))
    }
}
