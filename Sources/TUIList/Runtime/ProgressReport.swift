/// How far a piece of background work has come: the message a ``ProgressReporter`` posts.
public struct ProgressReport: Hashable, Sendable, CustomStringConvertible {
    /// Which work this is (`"loading"`, `"filter"`).
    public var task: String
    /// Steps done.
    public var completed: Int
    /// All steps, if known.
    public var total: Int?

    /// A report of `completed` out of `total` steps of `task`.
    /// - Parameters:
    ///   - task: Which work this is.
    ///   - completed: Steps done.
    ///   - total: All steps, if known.
    public init(task: String, completed: Int, total: Int?) {
        self.task = task
        self.completed = completed
        self.total = total
    }

    /// The share done, 0...1, or nil when the total is unknown (or 0).
    package var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, max(0, Double(completed) / Double(total)))
    }

    /// Whether every step is done (never, with no total).
    public var isFinished: Bool { total.map { completed >= $0 } ?? false }

    /// `"loading 42%"`, or `"loading 1200"` without a total.
    public var description: String {
        if let fraction { return "\(task) \(Int(fraction * 100))%" }
        return "\(task) \(completed)"
    }
}

/// Reports the progress of background work into a ``ProgramMailbox`` without flooding it: a
/// filter of a million items calls ``advance(to:)`` a million times, and the app sees at most
/// one ``ProgressReport`` per percent (with a total) or per `stride` steps (the initializer's; without one),
/// plus the last step.
///
/// ```swift
/// mailbox.perform(task: "filter", total: items.count) { reporter in
///     for (i, item) in items.enumerated() { ...; reporter.advance(to: i + 1) }
///     return Filtered(matches)
/// }
/// ```
public final class ProgressReporter: Sendable {
    /// Which work this is.
    let task: String
    /// All steps, if known.
    let total: Int?
    /// Without a total: a report every this many steps.
    let stride: Int
    private let mailbox: ProgramMailbox
    /// The last step posted, and how many reports were posted.
    private let posted = LockedValue<PostedSteps>(PostedSteps())

    /// A reporter for `task` posting into `mailbox`.
    /// - Parameters:
    ///   - task: Which work this is.
    ///   - total: All steps, if known.
    ///   - stride: Without a total, a report every this many steps (at least 1).
    ///   - mailbox: Where reports go.
    public init(task: String, total: Int?, stride: Int = 1000, mailbox: ProgramMailbox) {
        self.task = task
        self.total = total
        self.stride = max(1, stride)
        self.mailbox = mailbox
    }

    /// Says that `completed` steps are done; posts a report when the figure shown changes
    /// (the percent, or the stride) or the work is finished. Safe from any thread; steps that
    /// arrive out of order (lower than one already posted) are dropped.
    /// - Parameter completed: Steps done so far.
    /// - Complexity: O(1); a post at most 101 times with a total.
    public func advance(to completed: Int) {
        let bucket = self.bucket(of: completed)
        let post = posted.withLock { posted -> Bool in
            guard completed > posted.step else { return false }
            let finished = total.map { completed >= $0 } ?? false
            guard posted.step < 0 || bucket != self.bucket(of: posted.step) || finished else { return false }
            posted.step = completed
            posted.count += 1
            return true
        }
        if post { mailbox.post(ProgressReport(task: task, completed: completed, total: total)) }
    }

    /// How many reports were posted so far.
    var reportsPosted: Int { posted.withLock { $0.count } }

    private func bucket(of step: Int) -> Int {
        if let total, total > 0 { return Int((Double(min(step, total)) / Double(total) * 100).rounded(.down)) }
        return step / stride
    }
}

/// What a ``ProgressReporter`` has posted: the last step and the number of reports.
struct PostedSteps: Sendable {
    var step = -1
    var count = 0
}
