import Testing

@testable import TUIList

@Suite struct AnimationTimingTests {
    @Test(arguments: [Easing.linear, .easeInOut, .easeOut])
    func easingStartsAtZeroEndsAtOneAndNeverGoesBack(_ easing: Easing) {
        #expect(easing(0) == 0)
        #expect(easing(1) == 1)
        #expect(easing(-3) == 0 && easing(7) == 1 && easing(.nan) == 0)
        var previous = 0.0
        for step in 0 ... 1000 {
            let value = easing(Double(step) / 1000)
            #expect(value >= previous, "\(easing) goes back at \(step)")
            previous = value
        }
    }

    @Test func defaultsFollowRecyclerViewAndStayUnderHalfASecond() {
        let timing = TransitionTiming.default
        #expect(timing.remove.duration == 0.120)
        #expect(timing.move.duration == 0.250)
        #expect(timing.change.duration == 0.250)
        #expect(timing.add.duration == 0.120)
        #expect(timing.maximumDuration < 0.5)
        // Everything at once: a delete, a move, an update and an insert.
        let all = Transition(plan: plan("a b c d", "c a x b", viewport: 4, updated: ["a"]))
        #expect(all.duration == timing.maximumDuration)
    }

    @Test func reducedMotionComesFromTheEnvironment() {
        #expect(TransitionTiming.fromEnvironment(["TUILIST_REDUCED_MOTION": "1"]) == .none)
        #expect(TransitionTiming.fromEnvironment(["TUILIST_REDUCED_MOTION": "true"]) == .none)
        #expect(TransitionTiming.fromEnvironment(["TUILIST_REDUCED_MOTION": "0"]) == .default)
        #expect(TransitionTiming.fromEnvironment([:]) == .default)
        #expect(TransitionTiming.none.isInstant)
        #expect(!TransitionTiming.default.isInstant)
    }

    /// A leaving row is drawn normal down to the threshold opacity, inclusive, and faint just
    /// below it (a linear one-second fade makes the exact threshold a time a frame can hit).
    @Test func aLeavingRowIsNormalDownToTheThresholdAndFaintJustBelow() {
        let second = TransitionTiming.Phase(duration: 1, easing: .linear)
        let timing = TransitionTiming(remove: second, move: second, change: second, add: second)
        let transition = Transition(plan: plan("a b c", "a c", viewport: 3), timing: timing)
        let threshold = Transition<String>.normalOpacityThreshold
        func b(at elapsed: Double) -> TransitionFrame<String>.Row? { transition.frame(at: elapsed).rows.first { $0.id == "b" } }
        let atThreshold = 1 - threshold
        #expect(b(at: atThreshold)?.opacity == threshold)
        #expect(b(at: atThreshold)?.appearance == .normal)
        #expect(b(at: atThreshold.nextUp)?.appearance == .dimmed)
        #expect(b(at: atThreshold.nextDown)?.appearance == .normal)
    }

    @Test func zeroDurationsGiveTheFinalFrameAtOnce() {
        let transition = Transition(plan: plan("a b c d", "c a x b", viewport: 4, updated: ["a"]), timing: .none)
        #expect(transition.duration == 0)
        #expect(transition.isFinished(at: 0))
        for t in [-1.0, 0, 0.1] {
            #expect(screen(transition.frame(at: t)) == ["c", "a", "x", "b"])
            #expect(transition.frame(at: t).rows.allSatisfy { $0.appearance == .normal })
        }
    }

    @Test func onlyTheNonEmptyPhasesTakeTime() {
        #expect(Transition(plan: plan("a b", "a b", viewport: 2)).duration == 0)
        #expect(Transition(plan: plan("a b", "a b", viewport: 2, updated: ["a"])).duration == 0.25)
        #expect(Transition(plan: plan("a b", "a b x", viewport: 3)).duration == 0.12)  // add only
        #expect(Transition(plan: plan("a b x", "a b", viewport: 3)).duration == 0.12)  // remove only
        #expect(Transition(plan: plan("a b", "b a", viewport: 2)).duration == 0.25)  // move only
        // Off-screen changes do not animate.
        #expect(Transition(plan: plan("a b c d", "a b d c", viewport: 2)).duration == 0)
    }
}
