import Foundation

/// The benchmark's goals, in one place. A timed goal is a ratio to a reference measured in the
/// same run on the same machine, so it travels between machines where a time does not (the
/// same commit measures a frame at 0.19 ms on one machine and 0.35 ms on another):
/// - a frame against the floor: the same picture drawn straight into a `Canvas` and
///   presented, no list machinery (`FloorPicture`);
/// - the diff against Swift's `CollectionDifference.inferringMoves()` on the same arrays;
/// - a filter keystroke against `fzf --exact --filter` on the same lines, as a whole process.
/// Goals without a reference yet (edit, session) stay absolute times, marked so: they are
/// printed with their verdict, but `--check` fails only on a missed ratio (an absolute time
/// fails on a busy or slower machine with nothing wrong in the code).
///
/// The thresholds sit above the ratios measured on 23 November 2026 (README, "The
/// benchmark"), with room for a shared machine's noise, and well below what a regression
/// that walks the list or the changeset per frame would give.
struct Goal {
    enum Limit {
        /// `median_ms / reference_ms` at most this, against the named reference.
        case ratio(Double, reference: String)
        /// `median_ms` at most this (no reference measured yet).
        case milliseconds(Double)
    }
    var workload: String
    /// The size it applies to; `nil`: every size measured.
    var size: Int?
    var limit: Limit
    /// What is measured, as the goal's line reads it.
    var what: String

    static let all: [Goal] = [
        Goal(workload: "frame-scroll-line", limit: .ratio(3, reference: "floor"), what: "a frame scrolled by a line"),
        Goal(workload: "frame-scroll-page", limit: .ratio(3, reference: "floor"), what: "a frame scrolled by a page"),
        Goal(
            workload: "animation-frame", limit: .ratio(3, reference: "floor"),
            what: "an animation frame (10% of the items changed)"),
        Goal(
            workload: "classic", size: 1_000, limit: .ratio(1.0 / 20, reference: "CollectionDifference"),
            what: "the classic diff"),
        Goal(
            workload: "classic", size: 100_000, limit: .ratio(1.0 / 500, reference: "CollectionDifference"),
            what: "the classic diff"),
        Goal(
            workload: "filter-keystroke", limit: .ratio(1.0 / 5, reference: "fzf"),
            what: "a filter keystroke to the first frame"),
        Goal(workload: "edit-to-frame", limit: .milliseconds(16), what: "edit-to-frame"),
        Goal(workload: "session-apply", limit: .milliseconds(200), what: "session-apply"),
        Goal(workload: "record-1000-swaps", limit: .milliseconds(500), what: "record-1000-swaps"),
    ]

    /// How the goal reads, from its limit (so the two cannot disagree), e.g. "a frame scrolled
    /// by a line ≤ 3× floor, every size" or "the classic diff ≤ 1/500 of CollectionDifference, at 100000".
    var text: String {
        let bound: String
        switch limit {
        case .ratio(let most, let reference) where most < 1:
            bound = "≤ 1/\(Int((1 / most).rounded())) of \(reference)"
        case .ratio(let most, let reference):
            bound = "≤ \(String(format: "%g", most))× \(reference)"
        case .milliseconds(let most):
            bound = "≤ \(String(format: "%g", most)) ms (absolute, not checked)"
        }
        return "\(what) \(bound), " + (size.map { "at \($0)" } ?? "every size")
    }

    enum Verdict: String {
        case pass = "PASS"
        case fail = "FAIL"
        case notMeasured = "----"
    }

    /// The goal checked against every measurement of its workload (and size): FAIL when one
    /// misses it, PASS when all meet it, not measured when none carries what it needs (a
    /// suite not run, fzf not installed, a baseline skipped).
    func verdict(_ measurements: [Measurement]) -> (Verdict, String) {
        let mine = measurements.filter { m in
            m.workload == workload && m.library == "TUIList" && (size.map { m.size == $0 } ?? true)
        }
        var figures: [String] = []
        var failed = false
        for m in mine {
            switch limit {
            case .ratio(let most, let reference):
                guard let ratio = m.ratio, m.reference == reference else { continue }
                figures.append(String(format: "%d: %.4g×", m.size, ratio))
                if ratio > most { failed = true }
            case .milliseconds(let most):
                guard let ms = m.median_ms else { continue }
                figures.append(String(format: "%d: %.3g ms", m.size, ms))
                if ms > most { failed = true }
            }
        }
        if figures.isEmpty { return (.notMeasured, "not measured") }
        return (failed ? .fail : .pass, figures.joined(separator: ", "))
    }

    /// Whether `--check` counts the goal: ratios only (see above).
    var isChecked: Bool {
        if case .ratio = limit { return true }
        return false
    }

    /// Prints one line per goal; returns whether no checked goal failed.
    static func report(_ measurements: [Measurement]) -> Bool {
        print("\n== goals (ratios to a reference from the same run; absolute ones are not checked)")
        var passed = true
        for goal in all {
            let (verdict, figures) = goal.verdict(measurements)
            if verdict == .fail && goal.isChecked { passed = false }
            print("\(verdict.rawValue)  \(goal.text)  [\(figures)]")
        }
        return passed
    }
}
