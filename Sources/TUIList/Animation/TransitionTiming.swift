#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long each kind of change animates, and with which curve.
///
/// The phases run in RecyclerView's `DefaultItemAnimator` order: first deleted rows fade out
/// (``remove``), then moved and shifted rows slide while the gaps close and open (``move``) and,
/// at the same time, updated rows flash (``change``); last, inserted rows fade in (``add``).
/// A phase that has nothing to animate takes no time, so a lone update lasts only ``change``.
///
/// ```swift
/// var timing = TransitionTiming.default          // 120 + 250 + 120 ms at most
/// timing.move.easing = .easeOut
/// let calm = TransitionTiming.fromEnvironment()  // .none when TUILIST_REDUCED_MOTION=1
/// ```
public struct TransitionTiming: Hashable, Sendable {
    /// One phase: how long it lasts and how its progress follows time.
    public struct Phase: Hashable, Sendable {
        /// Seconds; 0 makes the phase instant.
        public var duration: Double
        /// The curve of the phase.
        public var easing: Easing

        /// Creates a phase; a negative duration counts as 0.
        public init(duration: Double, easing: Easing) {
            self.duration = max(0, duration)
            self.easing = easing
        }
    }

    /// Deleted rows fade out in place (normal, then dimmed, then gone).
    public var remove: Phase
    /// Moved and shifted rows slide to their new line; gaps close and open.
    public var move: Phase
    /// Updated rows flash; runs alongside ``move``.
    public var change: Phase
    /// Inserted rows fade in, in the gap opened for them.
    public var add: Phase
    /// The part of the ``change`` phase during which an updated row is highlighted (0...1).
    var flashFraction: Double
    /// How many moved rows may slide at once when rows are also inserted or deleted among them
    /// (default 3); more of them dim where they are for the first half of the move phase and
    /// fade in at their new line for the second half, while shifted rows slide.
    ///
    /// One moved row glides to its new line above the rows it crosses, which step aside as it
    /// reaches them. Two or more would cross and, in a grid of whole lines, cover each other and
    /// leave blank lines behind. So, whatever this limit, when the rows present before and after
    /// only permute their lines (a re-sort, a reverse, a shuffle, a swap over other rows, of the
    /// rows on or near the screen, all one line high), perhaps all shifted alike (the scroll
    /// that keeps the top row in place, a row inserted or deleted at an end), two moves or more
    /// travel as a *re-sort*: in rounds spread over the move phase, neighbouring rows that are
    /// out of order swap lines (an odd-even transposition sort) while the block slides by its
    /// shift, so each row passes the rows it crosses one line at a time and every frame holds
    /// one row per line. A section header that keeps its line stays; the items pass it. A row
    /// pushed aside strays at most half its way (at least 3 lines) beyond it. A reverse of 20
    /// rows takes 32 rounds and shows 18 of them on lines between their old and new place (the
    /// two middle rows only swap). A retarget from a re-sort in flight goes on as a re-sort.
    /// Rows taller than a line, or coming from further than half a screen off, are no re-sort.
    ///
    /// Moves are counted as the diff counts them: rows outside a longest run that keeps its
    /// order. With ``none`` (reduced motion) nothing moves at all.
    public var maximumSlidingMoves = 3

    /// Creates a timing from its phases.
    public init(remove: Phase, move: Phase, change: Phase, add: Phase, flashFraction: Double = 0.6) {
        self.remove = remove
        self.move = move
        self.change = change
        self.add = add
        self.flashFraction = min(max(flashFraction, 0), 1)
    }

    /// The same timing sped up, if need be, so a whole transition lasts at most `seconds`:
    /// for changes that come on a beat (a sort shown step by step), each step's animation ends
    /// before the next step starts instead of being retargeted half way.
    public func fitting(within seconds: Double) -> TransitionTiming {
        let longest = maximumDuration
        guard longest > seconds, longest > 0 else { return self }
        let factor = max(0, seconds) / longest
        var timing = self
        for path in [\TransitionTiming.remove, \.move, \.change, \.add] {
            timing[keyPath: path].duration *= factor
        }
        return timing
    }

    /// RecyclerView's `DefaultItemAnimator` durations: remove 120 ms, move and change 250 ms,
    /// add 120 ms, so a whole transition lasts under half a second.
    public static let `default` = TransitionTiming(
        remove: Phase(duration: 0.120, easing: .linear),
        move: Phase(duration: 0.250, easing: .easeInOut),
        change: Phase(duration: 0.250, easing: .linear),
        add: Phase(duration: 0.120, easing: .easeOut))

    /// No animation: every transition jumps to its final frame.
    public static let none = TransitionTiming(
        remove: Phase(duration: 0, easing: .linear),
        move: Phase(duration: 0, easing: .linear),
        change: Phase(duration: 0, easing: .linear),
        add: Phase(duration: 0, easing: .linear))

    /// Whether every phase is instant.
    package var isInstant: Bool {
        remove.duration == 0 && move.duration == 0 && add.duration == 0
            && (change.duration == 0 || flashFraction == 0)
    }

    /// The longest a transition can take with this timing, in seconds.
    var maximumDuration: Double {
        remove.duration + max(move.duration, change.duration) + add.duration
    }

    /// The name of the environment variable that asks for reduced motion.
    package static let reducedMotionVariable = "TUILIST_REDUCED_MOTION"

    /// ``none`` when the environment asks for reduced motion (`TUILIST_REDUCED_MOTION=1`,
    /// also `true` or `yes`), otherwise `base`.
    ///
    /// - Parameters:
    ///   - environment: the variables to read; `nil` (the default) reads the process's own.
    ///   - base: the timing to use when motion is welcome.
    public static func fromEnvironment(
        _ environment: [String: String]? = nil,
        base: TransitionTiming = .default
    ) -> TransitionTiming {
        let value: String?
        if let environment {
            value = environment[reducedMotionVariable]
        } else if let raw = getenv(reducedMotionVariable) {
            value = String(cString: raw)
        } else {
            value = nil
        }
        switch value?.lowercased() {
        case "1", "true", "yes": return .none
        default: return base
        }
    }
}
