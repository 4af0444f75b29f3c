import Foundation
import Testing

@testable import TUIList

@Suite struct AnimationAnimatorTests {
    final class RestCounter { var count = 0 }

    func makeAnimator(_ timing: TransitionTiming = .default) -> (Animator<String>, ManualClock, RestCounter) {
        let clock = ManualClock(now: 100)
        let counter = RestCounter()
        let animator = Animator<String>(clock: clock, timing: timing) { counter.count += 1 }
        return (animator, clock, counter)
    }

    @Test func callsOnRestOnceWhenTheTransitionEnds() {
        let (animator, clock, rests) = makeAnimator()
        #expect(!animator.isAnimating)
        #expect(animator.currentFrame().rows.isEmpty)
        animator.apply(plan("a b c", "a x b c", viewport: 4))
        #expect(screen(animator.currentFrame()) == ["a", "b", "c", "."])
        while animator.isAnimating {
            _ = animator.currentFrame()
            clock.advance(by: 1.0 / 60)
            #expect(rests.count == 0)
        }
        #expect(rests.count == 1)
        #expect(screen(animator.currentFrame()) == ["a", "x", "b", "c"])
        clock.advance(by: 1)
        _ = animator.currentFrame()
        #expect(!animator.isAnimating)
        #expect(rests.count == 1)
    }

    @Test func manyRetargetsInQuickSuccessionEndOnTheLastLayoutWithOneRest() {
        let (animator, clock, rests) = makeAnimator()
        // Each snapshot comes 30 ms after the last, well before any transition ends.
        let orders = ["a b c d e", "b c d a e", "e b c d a", "c x a b", "c a b", "y c a b e", "a b c d e"]
        for (old, new) in zip(orders, orders.dropFirst()) {
            animator.apply(plan(old, new, viewport: 5))
            clock.advance(by: 0.03)
            #expect(animator.isAnimating, "\(old) -> \(new)")
            let ids = animator.currentFrame().rows.map(\.id)
            #expect(Set(ids).count == ids.count)
        }
        #expect(rests.count == 0)
        while animator.isAnimating { clock.advance(by: 1.0 / 60) }
        #expect(rests.count == 1)
        #expect(screen(animator.currentFrame()) == ["a", "b", "c", "d", "e"])
    }

    @Test func eachEpisodeRestsOnceEvenIfNobodyLookedInBetween() {
        let (animator, clock, rests) = makeAnimator()
        animator.apply(plan("a b", "b a", viewport: 2))
        clock.advance(by: 1)  // ended, not yet observed
        animator.apply(plan("b a", "a b", viewport: 2))
        #expect(rests.count == 1)  // the first rest is reported before the next starts
        clock.advance(by: 0.1)
        animator.finish()
        #expect(rests.count == 2)
        #expect(!animator.isAnimating)
        #expect(rests.count == 2)
    }

    @Test func reducedMotionShowsTheFinalFrameImmediately() {
        let (animator, _, rests) = makeAnimator(.fromEnvironment(["TUILIST_REDUCED_MOTION": "1"]))
        animator.apply(plan("a b c", "c b", viewport: 3, updated: ["b"]))
        #expect(screen(animator.currentFrame()) == ["c", "b", "."])
        #expect(!animator.isAnimating)
        #expect(rests.count == 1)
    }

    @Test func applyingWithoutAnimationJumpsEvenMidTransition() {
        let (animator, clock, rests) = makeAnimator()
        animator.apply(plan("a b c", "c b a", viewport: 3))
        clock.advance(by: 0.1)
        animator.apply(plan("c b a", "b", viewport: 3), animated: false)
        #expect(screen(animator.currentFrame()) == ["b", ".", "."])
        #expect(rests.count == 1)
    }

    @Test func systemClockIsMonotonic() {
        let clock = SystemClock()
        let first = clock.now
        usleep(20_000)
        let second = clock.now
        #expect(first >= 0 && first < 1, "starts near 0: \(first)")
        #expect(second - first >= 0.019 && second - first < 1, "20 ms of sleep reads as \(second - first) s")
    }
}
