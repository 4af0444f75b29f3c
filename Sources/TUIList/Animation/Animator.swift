/// Owns the running transition and a clock: what a ListView asks, once per frame, which rows
/// to draw where.
///
/// Hand it a plan for each new layout with ``apply(_:animated:scrolledBy:)``; if a transition is still
/// running, the new one starts from where every row is drawn now (a retarget). Each time the
/// list comes to rest after one or more applies, `onRest` is called exactly once.
///
/// ```swift
/// let animator = Animator<String>(clock: SystemClock()) { needsRedraw = false }
/// animator.apply(plan)
/// while animator.isAnimating { draw(animator.currentFrame()) }
/// ```
///
/// The rest is noticed when the animator is asked (``currentFrame()``, ``isAnimating``,
/// ``apply(_:animated:scrolledBy:)``), never on a timer: a ListView that keeps drawing while
/// ``isAnimating`` sees the call right after its last frame.
package final class Animator<RowID: Hashable> {
    /// Where time comes from.
    package let clock: any AnimationClock
    /// The timing of transitions applied from now on.
    package var timing: TransitionTiming
    /// Called once each time the list comes to rest.
    package var onRest: (() -> Void)?

    /// The transition being shown (the last one, once at rest); nil before the first apply.
    package private(set) var transition: Transition<RowID>?
    /// When ``transition`` started, on ``clock``.
    package private(set) var startTime: Double = 0
    private var restPending = false

    /// Creates an animator with nothing to show.
    ///
    /// - Parameters:
    ///   - clock: the time source.
    ///   - timing: defaults to ``TransitionTiming/fromEnvironment(_:base:)`` (no motion when
    ///     `TUILIST_REDUCED_MOTION=1`).
    ///   - onRest: called once each time the list comes to rest.
    package init(
        clock: any AnimationClock, timing: TransitionTiming = .fromEnvironment(),
        onRest: (() -> Void)? = nil
    ) {
        self.clock = clock
        self.timing = timing
        self.onRest = onRest
    }

    /// Seconds since the current transition started.
    package var elapsed: Double { clock.now - startTime }

    /// Whether a transition is still running. Notices (and reports) the rest.
    package var isAnimating: Bool {
        guard let transition, !transition.isFinished(at: elapsed) else {
            reportRestIfDue()
            return false
        }
        return true
    }

    /// Starts the transition to a new layout, or retargets the running one.
    ///
    /// - Parameters:
    ///   - plan: the change from the layout last applied to the new one (old rows: the
    ///     previous target layout's rows near the viewport).
    ///   - animated: `false` jumps to the new layout at once.
    ///   - lines: lines the viewport scrolled (down, positive) since the running
    ///     transition's plan was made, up to `plan`'s old rows: a retarget shifts the rows
    ///     drawn now by it first. Ignored when nothing is running. Default 0.
    package func apply(_ plan: TransitionPlan<RowID>, animated: Bool = true, scrolledBy lines: Int = 0) {
        let now = clock.now
        let chosen = animated ? timing : .none
        if let running = transition, !running.isFinished(at: now - startTime) {
            transition = running.retargeted(at: now - startTime, to: plan, timing: chosen, scrolledBy: lines)
        } else {
            reportRestIfDue()
            transition = Transition(plan: plan, timing: chosen)
        }
        startTime = now
        restPending = true
    }

    /// The rows to draw now. Notices (and reports) the rest.
    ///
    /// - Complexity: that of `Transition/frame(at:includingOffscreenRows:)`: O(visible rows).
    package func currentFrame() -> TransitionFrame<RowID> {
        guard let transition else { return TransitionFrame(rows: [], viewportHeight: 0) }
        let elapsed = self.elapsed
        let frame = transition.frame(at: elapsed)
        if transition.isFinished(at: elapsed) { reportRestIfDue() }
        return frame
    }

    /// Ends the running transition now, at its last frame.
    package func finish() {
        guard let transition else { return }
        startTime = clock.now - transition.duration
        reportRestIfDue()
    }

    private func reportRestIfDue() {
        guard restPending else { return }
        restPending = false
        onRest?()
    }
}
