import TUIListTestSupport
import Testing

@testable import TUIList

// Seeds come from Support/SplitMix64.swift, shared with the diff's property tests.

/// A whole list laid out: every row with its line, for a viewport scrolled to some offset.
struct FullLayout {
    var order: [Int]
    var rows: [Int: RowPlacement<Int>]
    var viewportHeight: Int

    init(order: [Int], heights: [Int: Int], scroll: Int, viewportHeight: Int) {
        self.order = order
        self.viewportHeight = viewportHeight
        var line = -scroll
        var rows: [Int: RowPlacement<Int>] = [:]
        for id in order {
            rows[id] = RowPlacement(id: id, line: line, height: heights[id]!)
            line += heights[id]!
        }
        self.rows = rows
    }

    /// The rows a ListView hands over: those within `margin` lines of the viewport.
    func near(margin: Int) -> [RowPlacement<Int>] {
        order.compactMap { rows[$0] }.filter { $0.line < viewportHeight + margin && $0.endLine > -margin }
    }

    var visible: Set<RowPlacement<Int>> {
        Set(rows.values.filter { $0.isVisible(inViewportOfHeight: viewportHeight) })
    }
}

/// One random change to a list: the next order, heights, updates and the layout after it.
struct RandomEdit {
    static func next(
        from order: [Int], heights: inout [Int: Int], nextID: inout Int,
        viewportHeight: Int, using rng: inout SplitMix64
    ) -> (order: [Int], updated: Set<Int>, layout: FullLayout) {
        var order = order
        let deletions = order.isEmpty ? 0 : Int.random(in: 0 ... min(4, order.count), using: &rng)
        for _ in 0 ..< deletions where !order.isEmpty {
            order.remove(at: Int.random(in: order.indices, using: &rng))
        }
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
            heights[nextID] = Int.random(in: 0 ..< 5, using: &rng) == 0 ? 2 : 1
            order.insert(nextID, at: Int.random(in: 0 ... order.count, using: &rng))
            nextID += 1
        }
        for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) where order.count > 1 {
            let id = order.remove(at: Int.random(in: order.indices, using: &rng))
            order.insert(id, at: Int.random(in: 0 ... order.count, using: &rng))
        }
        let updated = Set(order.filter { _ in Int.random(in: 0 ..< 6, using: &rng) == 0 })
        let total = order.reduce(0) { $0 + heights[$1]! }
        let scroll = Int.random(in: 0 ... max(0, total - viewportHeight / 2), using: &rng)
        let layout = FullLayout(order: order, heights: heights, scroll: scroll, viewportHeight: viewportHeight)
        return (order, updated, layout)
    }

    /// The plan a ListView would build between two full layouts.
    static func plan(
        _ old: FullLayout, _ new: FullLayout, updated: Set<Int>, margin: Int,
        withLookups: Bool
    ) -> TransitionPlan<Int> {
        let oldIDs = Set(old.order), newIDs = Set(new.order)
        let changes = TransitionChanges(
            deleted: oldIDs.subtracting(newIDs), inserted: newIDs.subtracting(oldIDs),
            updated: updated.intersection(oldIDs), moved: minimalMoves(from: old.order, to: new.order))
        return TransitionPlan(
            viewportHeight: new.viewportHeight, oldRows: old.near(margin: margin), newRows: new.near(margin: margin),
            changes: changes,
            oldPlacement: withLookups ? { old.rows[$0] } : nil,
            newPlacement: withLookups ? { new.rows[$0] } : nil)
    }
}

/// Moments to look at: both ends, phase boundaries, random moments in between, beyond the end.
func sampleTimes(_ transition: Transition<Int>, using rng: inout SplitMix64) -> [Double] {
    let d = transition.duration
    var times: [Double] = [-0.05, 0, d, d + 1, transition.moveStart, transition.moveEnd]
    if d > 0 {
        times += [d * 1e-6, d * (1 - 1e-9)]
        for _ in 0 ..< 10 { times.append(Double.random(in: 0 ..< d, using: &rng)) }
    }
    return times.sorted()
}

/// What a person sees of each visible row: where, how tall, how drawn (not the draw order).
func looks(_ frame: TransitionFrame<Int>) -> Set<String> {
    Set(frame.visibleRows.map { "\($0.id)@\($0.line)x\($0.height) \($0.appearance)" })
}

func placements(_ frame: TransitionFrame<Int>) -> Set<RowPlacement<Int>> { Set(frame.visibleRows.map(\.placement)) }

/// Checks one transition; returns a failure description or nil.
func check(
    _ transition: Transition<Int>, from start: Set<RowPlacement<Int>>?, startFrame: TransitionFrame<Int>?,
    to end: FullLayout, mustStayDrawn: Set<Int>, boundedBy old: FullLayout?,
    using rng: inout SplitMix64
) -> String? {
    let times = sampleTimes(transition, using: &rng)
    let endVisible = end.visible
    var lastLine: [Int: Int] = [:], direction: [Int: Int] = [:]
    let resorted = Set(transition.tracks.filter { $0.route != nil }.map(\.id))
    if transition.tracks.count > (start?.count ?? startFrame?.rows.count ?? 0) + endVisible.count + transition.plan.oldRows.count
    {
        return "more tracks than rows near the screen"
    }
    for t in times {
        let frame = transition.frame(at: t)
        let ids = frame.rows.map(\.id)
        let idSet = Set(ids)
        if idSet.count != ids.count { return "t=\(t): a row is drawn twice: \(ids)" }
        if zip(frame.rows, frame.rows.dropFirst()).contains(where: { ($0.zIndex, $0.line) > ($1.zIndex, $1.line) }) {
            return "t=\(t): rows not in draw order"
        }
        if t >= transition.duration {
            if placements(frame) != endVisible || frame.rows.count != endVisible.count
                || frame.rows.contains(where: { $0.appearance != .normal })
            {
                return "t=\(t): last frame \(frame.rows) is not the new layout \(endVisible)"
            }
            continue
        }
        if t <= 0 {
            if let start, placements(frame) != start || frame.rows.contains(where: { $0.appearance != .normal }) {
                return "t=\(t): first frame \(frame.rows) is not the old layout \(start)"
            }
            if let startFrame, looks(frame) != looks(startFrame) || screen(frame) != screen(startFrame) {
                return "t=\(t): first frame \(screen(frame)) is not the frame retargeted from \(screen(startFrame))"
            }
            continue
        }
        for id in mustStayDrawn where !idSet.contains(id) {
            return "t=\(t): row \(id) is missing from \(frame.rows)"
        }
        // Rows of a re-sort are pushed aside and back by the rows crossing them (see
        // `Transition.resortRoutes`): not bound to their way, but never two on one line.
        var resortLines = Set<Int>()
        for row in frame.rows where resorted.contains(row.id) {
            if !resortLines.insert(row.line).inserted { return "t=\(t): two rows of a re-sort on line \(row.line)" }
        }
        for row in frame.rows where !resorted.contains(row.id) {
            if let old, let a = old.rows[row.id], let b = end.rows[row.id],
                !(min(a.line, b.line) ... max(a.line, b.line)).contains(row.line)
            {
                return "t=\(t): row \(row.id) at line \(row.line), outside \(a.line)...\(b.line)"
            }
            if let previous = lastLine[row.id], previous != row.line {
                let step = row.line > previous ? 1 : -1
                if let d = direction[row.id], d != step { return "t=\(t): row \(row.id) turned back at line \(row.line)" }
                direction[row.id] = step
            }
            lastLine[row.id] = row.line
        }
    }
    return nil
}

@Suite struct AnimationPropertyTests {
    /// Seeds per test. Each retarget case chains three transitions (two retargets), so it
    /// takes fewer seeds for about the same time (some 5 s each in a debug build).
    static let cases = 3000
    static let retargetCases = 1500

    /// Every sampled frame: each row at most once, in draw order; frame 0 is the old layout's
    /// visible rows, the last the new layout's; in between, every row in both layouts that is
    /// visible in either is drawn, on a line between its old and new line, never turning back
    /// (but rows of a re-sort, which step aside for the rows crossing them: never two on a line).
    @Test func randomPlansKeepEveryRowOnceAndEndOnTheNewLayout() {
        for seed in UInt64(1) ... UInt64(Self.cases) {
            var rng = SplitMix64(seed: seed)
            let viewport = Int.random(in: 1 ... 12, using: &rng)
            var heights: [Int: Int] = [:]
            // A list of 0...40 rows, scrolled somewhere, then one random edit.
            let count = Int.random(in: 0 ... 40, using: &rng)
            let base = Array(0 ..< count)
            for id in base { heights[id] = Int.random(in: 0 ..< 5, using: &rng) == 0 ? 2 : 1 }
            var nextID = count
            let total = base.reduce(0) { $0 + heights[$1]! }
            let initial = FullLayout(
                order: base, heights: heights, scroll: Int.random(in: 0 ... max(0, total - viewport / 2), using: &rng),
                viewportHeight: viewport)
            let (_, updated, b) = RandomEdit.next(
                from: base, heights: &heights, nextID: &nextID, viewportHeight: viewport, using: &rng)
            let lookups = Bool.random(using: &rng)
            let plan = RandomEdit.plan(
                initial, b, updated: updated, margin: Int.random(in: 0 ... 4, using: &rng), withLookups: lookups)
            let transition = Transition(plan: plan)
            let both = Set(base).intersection(b.order).filter {
                initial.rows[$0]!.isVisible(inViewportOfHeight: viewport) || b.rows[$0]!.isVisible(inViewportOfHeight: viewport)
            }
            if let failure = check(
                transition, from: initial.visible, startFrame: nil, to: b, mustStayDrawn: both,
                boundedBy: lookups ? initial : nil, using: &rng)
            {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    /// A snapshot applied at a random moment, then another: each retargeted transition starts
    /// exactly where the rows were drawn, never draws a row twice, keeps drawing every row on
    /// screen that stays in the list, and the last frame is the last layout.
    @Test func retargetsAtRandomMomentsContinueAndEndOnTheLastLayout() {
        for seed in UInt64(1) ... UInt64(Self.retargetCases) {
            var rng = SplitMix64(seed: seed &* 7919)
            let viewport = Int.random(in: 1 ... 12, using: &rng)
            var heights: [Int: Int] = [:]
            var nextID = 0
            let count = Int.random(in: 0 ... 30, using: &rng)
            let base = Array(0 ..< count)
            for id in base { heights[id] = Int.random(in: 0 ..< 5, using: &rng) == 0 ? 2 : 1 }
            nextID = count
            let total = base.reduce(0) { $0 + heights[$1]! }
            var layout = FullLayout(
                order: base, heights: heights, scroll: Int.random(in: 0 ... max(0, total - viewport / 2), using: &rng),
                viewportHeight: viewport)
            var transition: Transition<Int>?
            let margin = Int.random(in: 0 ... 4, using: &rng)
            for step in 0 ..< 3 {
                let (_, updated, next) = RandomEdit.next(
                    from: layout.order, heights: &heights, nextID: &nextID, viewportHeight: viewport, using: &rng)
                let plan = RandomEdit.plan(layout, next, updated: updated, margin: margin, withLookups: true)
                let newTransition: Transition<Int>
                var startFrame: TransitionFrame<Int>? = nil
                if let running = transition {
                    let at = Double.random(in: -0.01 ... running.duration * 1.1 + 0.01, using: &rng)
                    startFrame = running.frame(at: at)
                    newTransition = running.retargeted(at: at, to: plan)
                } else {
                    newTransition = Transition(plan: plan)
                }
                // Rows visible when the new snapshot arrives and still in the list stay drawn.
                let stay: Set<Int>
                if let startFrame {
                    stay = Set(startFrame.visibleRows.map(\.id)).intersection(next.order)
                } else {
                    stay = Set(layout.order).intersection(next.order).filter {
                        layout.rows[$0]!.isVisible(inViewportOfHeight: viewport)
                            || next.rows[$0]!.isVisible(inViewportOfHeight: viewport)
                    }
                }
                if let failure = check(
                    newTransition, from: startFrame == nil ? layout.visible : nil, startFrame: startFrame,
                    to: next, mustStayDrawn: stay, boundedBy: nil, using: &rng)
                {
                    Issue.record("seed \(seed &* 7919), step \(step): \(failure)")
                    return
                }
                transition = newTransition
                layout = next
            }
        }
    }
}
