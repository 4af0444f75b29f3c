/// A source of time for animations: seconds on a monotonic scale with an arbitrary origin.
///
/// The animation engine never reads the time itself; an `Animator` asks its clock, so
/// tests use a ``ManualClock`` and step frames exactly.
public protocol AnimationClock: AnyObject {
    /// Seconds since an arbitrary origin; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told to, for tests and for replaying recordings.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 0.016)   // one frame at 60 Hz
/// ```
public final class ManualClock: AnimationClock {
    /// The current time, in seconds.
    public var now: Double

    /// Creates a clock reading `now` (default 0).
    public init(now: Double = 0) { self.now = now }

    /// Moves time forward.
    ///
    /// - Precondition: `seconds >= 0` (the clock is monotonic).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "A clock only moves forward; asked to move by \(seconds) s")
        now += seconds
    }
}

/// The process's monotonic clock (`ContinuousClock`), in seconds since the clock was created.
public final class SystemClock: AnimationClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a clock reading 0 now.
    public init() { origin = clock.now }

    /// Seconds since this clock was created.
    public var now: Double {
        let elapsed = origin.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
