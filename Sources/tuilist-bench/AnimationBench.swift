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
            let changes = TransitionChanges(
                deleted: [oldOrder[top + 10]], inserted: [size],
                updated: [oldOrder[top + 5]], moved: [moved])
            var transition = Transition(
                plan: TransitionPlan(
                    viewportHeight: viewport, oldRows: oldRows,
                    newRows: newRows, changes: changes))
            let build = medianMilliseconds(runs: runs) {
                transition = Transition(
                    plan: TransitionPlan(
                        viewportHeight: viewport, oldRows: oldRows,
                        newRows: newRows, changes: changes))
            }
            report.add(Measurement(workload: "animation.build", size: size, median_ms: build))
            measureFrames(of: transition, as: "animation.frame", size: size, runs: runs, into: &report)
            let retarget = medianMilliseconds(runs: runs) {
                blackHole(
                    transition.retargeted(
                        at: transition.duration / 2,
                        to: TransitionPlan(
                            viewportHeight: viewport, oldRows: newRows, newRows: oldRows.filter { $0.id != size })))
            }
            report.add(Measurement(workload: "animation.retarget", size: size, median_ms: retarget))
        }
        runResort(&report)
        runListView(&report)
    }

    /// A re-sort (a reverse) of every row near viewports of several heights: the rows pass each
    /// other in rounds of neighbour swaps. Building it grows with the swaps (*n*² / 4 for *n*
    /// rows on and near the screen); a frame should grow only with the rows on screen.
    static func runResort(_ report: inout BenchReport) {
        report.heading("animation: a reverse of the rows on and near viewports of several heights")
        let heights = report.quick ? [20, 200] : [20, 60, 200]
        let runs = report.quick ? 20 : 100
        for height in heights {
            let margin = max(2, height / 2)
            let order = Array(0 ..< height + 2 * margin)
            let oldRows = order.map { RowPlacement(id: $0, line: $0 - margin) }
            let newRows = order.reversed().enumerated().map { RowPlacement(id: $1, line: $0 - margin) }
            let plan = TransitionPlan(
                viewportHeight: height, oldRows: oldRows, newRows: newRows,
                changes: TransitionChanges(moved: Set(order.dropFirst())))
            var transition = Transition(plan: plan)
            let build = medianMilliseconds(runs: runs) { transition = Transition(plan: plan) }
            report.add(
                Measurement(
                    workload: "animation.resort.build", size: height, median_ms: build,
                    note: "\(order.count) rows"))
            measureFrames(of: transition, as: "animation.resort.frame", size: height, runs: runs, into: &report)
        }
    }

    /// A ListView animating an apply at 200×60 whose changeset touches 10% of the items (2.5%
    /// each deleted, inserted, moved, updated), scrolled to the middle: the cost of one frame
    /// (render + headless present) should not grow with the list or the changeset.
    static func runListView(_ report: inout BenchReport) {
        let (columns, rows) = (RenderBenchmarks.columns, RenderBenchmarks.rows)
        report.heading("animation: ListView at \(columns)x\(rows), a changeset touching 10% of the items")
        for size in [1_000, 100_000, 1_000_000] {
            let old = RenderBenchmarks.makeSnapshot(items: size)
            let new = tenPercentEdit(of: old, seed: UInt64(size))
            // The floor's pictures: the frames of one round on a twin list.
            var floor = FloorDrawer(roundPictures(from: old, to: new, size: size), columns: columns, rows: rows)
            let (list, terminal) = RenderBenchmarks.makeList()
            let clock = ManualClock()
            list.animationClock = clock
            list.transitionTiming = .default
            var canvases = [Canvas(width: columns, height: rows), Canvas(width: columns, height: rows)]
            var current = 0
            func draw() {
                current ^= 1
                list.render(into: &canvases[current])
                terminal.present(canvases[current])
            }
            list.apply(old)
            list.scroll(byLines: size / 2)
            draw()
            var frameTimes: [Double] = [], firstFrames: [Double] = []
            let rounds = report.quick ? 2 : (size >= 1_000_000 ? 4 : 8)
            var description = ""
            for round in 0 ..< rounds {
                let target = round % 2 == 0 ? new : old
                let start = ContinuousClock.now
                list.apply(target, animated: true)
                draw()
                firstFrames.append(milliseconds(since: start))
                if round == 0 { description = list.lastChangeset.description }
                while list.isAnimating {
                    clock.advance(by: 1.0 / 60)
                    let frameStart = ContinuousClock.now
                    draw()
                    frameTimes.append(milliseconds(since: frameStart))
                    floor.drawNext()  // right after, under the same load
                }
            }
            let note = "\(frameTimes.count / rounds) frames each; \(description); cells live \(list.reusePool.live)"
            report.add(
                Measurement(workload: "animation-frame", size: size, median_ms: median(frameTimes), note: note)
                    .compared(to: "floor", milliseconds: floor.medianMilliseconds))
            if size == 100_000 {
                report.add(
                    Measurement(
                        workload: "apply-to-first-frame", size: size, median_ms: median(firstFrames),
                        note: "diff + layout + plan + first render"))
            }
        }
    }

    /// The pictures of the frames of one animated apply from `old` to `new` (then back), on a
    /// list scrolled to its middle as the timed one.
    static func roundPictures(from old: Snapshot<Int, Int>, to new: Snapshot<Int, Int>, size: Int) -> [FloorPicture] {
        let (columns, rows) = (RenderBenchmarks.columns, RenderBenchmarks.rows)
        let (list, _) = RenderBenchmarks.makeList()
        let clock = ManualClock()
        list.animationClock = clock
        list.transitionTiming = .default
        var canvas = Canvas(width: columns, height: rows)
        list.apply(old)
        list.scroll(byLines: size / 2)
        list.render(into: &canvas)
        var pictures: [FloorPicture] = []
        for target in [new, old] {
            list.apply(target, animated: true)
            list.render(into: &canvas)
            while list.isAnimating {
                clock.advance(by: 1.0 / 60)
                list.render(into: &canvas)
                pictures.append(FloorPicture(checked: canvas))
            }
        }
        return pictures
    }

    /// `old` with 2.5% of its items deleted, 2.5% moved to random places (some across
    /// sections), 2.5% updated (reconfigured) and 2.5% as many new items inserted.
    static func tenPercentEdit(of old: Snapshot<Int, Int>, seed: UInt64) -> Snapshot<Int, Int> {
        var generator = SplitMix64(seed: seed)
        let all = old.itemIdentifiers
        let quarter = max(1, all.count / 40)
        var picked = Set<Int>()
        while picked.count < min(all.count, 2 * quarter) {
            picked.insert(all[Int.random(in: 0 ..< all.count, using: &generator)])
        }
        let moved = Array(picked.prefix(quarter))  // the rest of `picked` is deleted
        let incoming = (moved + Array(all.count ..< all.count + quarter)).shuffled(using: &generator)
        let sectionCount = old.numberOfSections
        var arrivals = [[(position: Int, item: Int)]](repeating: [], count: sectionCount)
        for item in incoming {
            let s = Int.random(in: 0 ..< sectionCount, using: &generator)
            arrivals[s].append(
                (Int.random(in: 0 ... old.numberOfItems(inSection: old.sectionIdentifiers[s]), using: &generator), item))
        }
        var new = Snapshot<Int, Int>()
        for (s, id) in old.sectionIdentifiers.enumerated() {
            let staying = old.itemIdentifiers(inSection: id).filter { !picked.contains($0) }
            let coming = arrivals[s].sorted { $0.position < $1.position }
            var items: [Int] = []
            items.reserveCapacity(staying.count + coming.count)
            var next = 0
            for (index, item) in staying.enumerated() {
                while next < coming.count && coming[next].position <= index { items.append(coming[next].item); next += 1 }
                items.append(item)
            }
            items += coming[next...].map(\.item)
            new.appendSections([id])
            new.appendItems(items, toSection: id)
        }
        var updated = Set<Int>()
        while updated.count < quarter { updated.insert(all[Int.random(in: 0 ..< all.count, using: &generator)]) }
        new.reconfigureItems(Array(updated.subtracting(picked)))
        return new
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) * 1e-15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The median time to draw one frame of `transition`, every frame at 60 Hz drawn per run.
    private static func measureFrames(
        of transition: Transition<Int>, as workload: String, size: Int, runs: Int, into report: inout BenchReport
    ) {
        let frames = Int((transition.duration * 60).rounded(.up)) + 1
        let draw = medianMilliseconds(runs: runs) {
            for index in 0 ..< frames { blackHole(transition.frame(at: Double(index) / 60)) }
        }
        report.add(
            Measurement(
                workload: workload, size: size, median_ms: draw / Double(frames),
                note: "per frame, \(frames) frames at 60 Hz"))
    }
}
