import TUIList

/// Animation workloads: the cost of building a transition and of drawing its frames, for lists
/// of several sizes. Both should stay flat as the list grows: a plan holds only the rows near
/// the 40-line viewport, and a frame looks only at the rows visible before or after.
enum AnimationBenchmarks {
    static func run(_ report: inout BenchReport) {
        report.heading("animation (viewport 40 lines; a move, a delete, an insert, an update on screen)")
        let sizes = report.quick ? [64, 16_384] : [64, 2_048, 16_384, 262_144]
        let runs = report.quick ? 20 : 100
        for size in sizes {
            let viewport = 40, margin = 10
            // The list scrolled to its middle; the ListView hands over rows within `margin` lines.
            let top = max(0, size / 2 - viewport / 2)
            let oldOrder = Array(0 ..< size)
            var newOrder = oldOrder
            let moved = newOrder.remove(at: min(size - 1, top + 2))
            newOrder.insert(moved, at: min(newOrder.count, top + 30))
            newOrder.remove(at: min(newOrder.count - 1, top + 10))
            newOrder.insert(size, at: min(newOrder.count, top + 20))
            func near(_ order: [Int]) -> [RowPlacement<Int>] {
                let first = max(0, top - margin), last = min(order.count, top + viewport + margin)
                return (first ..< last).map { RowPlacement(id: order[$0], line: $0 - top) }
            }
            let (oldRows, newRows) = (near(oldOrder), near(newOrder))
            let changes = TransitionChanges(deleted: [oldOrder[top + 10]], inserted: [size],
                                            updated: [oldOrder[top + 5]], moved: [moved])
            var transition = Transition(plan: TransitionPlan(viewportHeight: viewport, oldRows: oldRows,
                                                             newRows: newRows, changes: changes))
            let build = medianMilliseconds(runs: runs) {
                transition = Transition(plan: TransitionPlan(viewportHeight: viewport, oldRows: oldRows,
                                                             newRows: newRows, changes: changes))
            }
            report.add(Measurement(workload: "animation.build", size: size, median_ms: build))
            let frames = Int((transition.duration * 60).rounded(.up)) + 1
            let draw = medianMilliseconds(runs: runs) {
                for index in 0 ..< frames { blackHole(transition.frame(at: Double(index) / 60)) }
            }
            report.add(Measurement(workload: "animation.frame", size: size, median_ms: draw / Double(frames),
                                   note: "per frame, \(frames) frames at 60 Hz"))
            let retarget = medianMilliseconds(runs: runs) {
                blackHole(transition.retargeted(at: transition.duration / 2, to: TransitionPlan(
                    viewportHeight: viewport, oldRows: newRows, newRows: oldRows.filter { $0.id != size })))
            }
            report.add(Measurement(workload: "animation.retarget", size: size, median_ms: retarget))
        }
    }
}
