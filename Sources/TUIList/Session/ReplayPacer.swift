import Foundation

/// The pace of a replay: a playhead in recording time that follows the real clock at a speed,
/// pauses, steps, and says which events are due. Both the demo's replay and `tuilist replay`
/// keep one, so their controls (Space pause, `.` step, `+`/`-` speed) behave alike.
///
/// ```swift
/// var pacer = ReplayPacer(times: player.times(), now: clock.now)
/// while pacer.isDue(player.position, now: clock.now), let step = player.next() { show(step) }
/// ```
package struct ReplayPacer: Sendable {
    /// Each event's replay time (from ``SessionPlayer/times(speed:idleTimeLimit:)`` at speed 1).
    package let times: [Double]
    /// Playback speed, 0.1...100.
    package private(set) var speed: Double
    /// Whether playback is paused.
    package private(set) var isPaused = false
    private var playhead = 0.0
    private var lastNow: Double

    /// A pacer at the start of `times`, at `speed`, with the real clock reading `now`.
    package init(times: [Double], speed: Double = 1, now: Double) {
        self.times = times
        self.speed = min(max(speed, 0.1), 100)
        lastNow = now
    }

    /// Takes `now` as the real time the playhead stands at, without moving it (when playback
    /// starts later than the pacer was made).
    package mutating func start(at now: Double) { lastNow = now }

    /// Moves the playhead by the real time since the last call (unless paused).
    package mutating func advance(to now: Double) {
        if !isPaused { playhead += (now - lastNow) * speed }
        lastNow = now
    }

    /// Whether the event at `position` is due (after ``advance(to:)``).
    package func isDue(_ position: Int) -> Bool {
        !isPaused && position < times.count && times[position] <= playhead + 1e-9
    }

    /// The clock time at which the event at `position` falls due, or nil when paused or done.
    package func deadline(of position: Int, now: Double) -> Double? {
        guard !isPaused, position < times.count else { return nil }
        return now + max(0, (times[position] - playhead) / speed)
    }

    /// Space: pauses or resumes.
    package mutating func togglePause() { isPaused.toggle() }

    /// `.`: pauses and moves the playhead to the event at `position`, which the caller then
    /// plays. Returns false when there is none.
    package mutating func step(to position: Int) -> Bool {
        isPaused = true
        guard position < times.count else { return false }
        playhead = times[position]
        return true
    }

    /// `+`: twice as fast (at most 100).
    package mutating func faster() { speed = min(speed * 2, 100) }
    /// `-`: half as fast (at least 0.1).
    package mutating func slower() { speed = max(speed / 2, 0.1) }

    /// `REPLAY 3/10 ×2 · PAUSED · END (q quits)`.
    package func status(position: Int, count: Int) -> String {
        var text = "REPLAY \(position)/\(count) ×\(speed < 1 ? String(format: "%.2g", speed) : String(format: "%g", speed))"
        if isPaused { text += " · PAUSED" }
        if position >= count { text += " · END (q quits)" }
        return text
    }
}
