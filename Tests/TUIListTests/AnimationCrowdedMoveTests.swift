import Testing

@testable import TUIList

/// A few moved rows slide; more moved rows than `maximumSlidingMoves` that do not permute their
/// lines jump instead: dim at the old line for the first half of the move phase, fading in at
/// the new line for the second. (Those that do are a re-sort: see ``AnimationResortTests``.)
@Suite struct AnimationCrowdedMoveTests {
    func plan(_ old: [String], _ new: [String], moved: Set<String>) -> TransitionPlan<String> {
        TransitionPlan(
            viewportHeight: old.count,
            oldRows: old.enumerated().map { RowPlacement(id: $1, line: $0, height: 1) },
            newRows: new.enumerated().map { RowPlacement(id: $1, line: $0, height: 1) },
            changes: TransitionChanges(moved: moved))
    }

    /// Crowded moves that are no re-sort (a row deleted at the end and one inserted in the
    /// middle shift some of the others' lines, so the moved rows neither permute their lines nor
    /// all shift alike) still jump: dim where they were for the first half of the move phase,
    /// fading in at their new line for the second.
    @Test func crowdedMovesThatAreNoReSortJump() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h"]
        var new = Array(old.dropLast().reversed())
        new.insert("x", at: 3)
        var changes = TransitionChanges<String>(deleted: ["h"], inserted: ["x"], moved: Set(old.dropFirst().dropLast()))
        changes.moved.remove("a")
        let transition = Transition(
            plan: TransitionPlan(
                viewportHeight: 8,
                oldRows: old.enumerated().map { RowPlacement(id: $1, line: $0) },
                newRows: new.enumerated().map { RowPlacement(id: $1, line: $0) },
                changes: changes))
        #expect(transition.resortRounds == 0)
        let moveLength = transition.moveEnd - transition.moveStart
        let early = transition.frame(at: transition.moveStart + moveLength * 0.3)
        #expect(early.row("b")?.line == 1 && early.row("b")?.appearance == .dimmed)
        let late = transition.frame(at: transition.moveStart + moveLength * 0.7)
        #expect(late.row("b")?.line == 6 && late.row("b")?.appearance == .fadingIn)
        #expect(transition.frame(at: transition.duration).rows.allSatisfy { $0.appearance == .normal })
    }

    @Test func aFewMovesStillSlide() {
        var timing = TransitionTiming.default
        timing.maximumSlidingMoves = 3
        let transition = Transition(plan: plan(["a", "b", "c", "d"], ["b", "c", "d", "a"], moved: ["a"]), timing: timing)
        let lines = stride(from: 0.0, through: transition.duration, by: 0.01).compactMap {
            transition.frame(at: $0).row("a")?.line
        }
        #expect(Set(lines) == [0, 1, 2, 3], "a passes every line on its way: \(lines)")
    }

    /// One row moving any distance up or down: the rows it passes step aside exactly when it
    /// reaches them (drawn at whole lines), so no line is ever blank and none is covered.
    @Test func oneMoveOfAnyDistanceNeverLeavesALineBlank() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h"]
        for from in 0 ..< 8 {
            for to in 0 ..< 8 where to != from {
                var new = old
                let moved = new.remove(at: from)
                new.insert(moved, at: to)
                let transition = Transition(plan: plan(old, new, moved: [moved]))
                for ms in stride(from: 0, through: Int(transition.duration * 1000), by: 2) {
                    let lines = transition.frame(at: Double(ms) / 1000).rows.map(\.line)
                    #expect(Set(lines) == Set(0 ..< 8) && lines.count == 8, "\(moved) \(from)→\(to) at \(ms) ms: \(lines)")
                }
            }
        }
    }

    /// A timing fitted into a beat lasts at most the beat, in proportion; a short one is kept.
    @Test func timingFitsWithinABeat() {
        let fitted = TransitionTiming.default.fitting(within: 0.1)
        #expect(abs(fitted.maximumDuration - 0.1) < 1e-9)
        #expect(abs(fitted.move.duration / fitted.remove.duration - 0.25 / 0.12) < 1e-9)
        #expect(TransitionTiming.default.fitting(within: 5).maximumDuration == TransitionTiming.default.maximumDuration)
    }
}
