import Foundation
import TUIList

/// Render workloads: the cost of one frame of a ``ListView`` at 200×60 (layout query, cell
/// configuration of rows that came into view, drawing into the canvas, and the headless
/// terminal's cell diff), scrolling by a line and by a page, for lists of 1k, 100k and 1M
/// items. The figures should not grow with the list. Also the time to apply a 1M-item snapshot.
enum RenderBenchmarks {
    static let columns = 200
    static let rows = 60

    static func run(_ report: inout BenchReport) {
        report.heading("render: one frame at \(columns)x\(rows) (layout + cells + canvas + headless present)")
        let sizes = [1_000, 100_000, 1_000_000]
        let runs = report.quick ? 100 : 400
        for size in sizes {
            let snapshot = makeSnapshot(items: size)
            for (workload, lines) in [("frame-scroll-line", 1), ("frame-scroll-page", rows)] {
                // The floor's pictures: the frames of the same steps on a twin list.
                let pictures = framePictures(snapshot, lines: lines, count: 64)
                var floor = FloorDrawer(pictures, columns: columns, rows: rows)
                let (list, terminal) = makeList()
                list.apply(snapshot)
                // Two canvases in turn (double buffering): the terminal keeps the frame it was
                // shown, so drawing into that same canvas again would copy it first.
                var canvases = [Canvas(width: columns, height: rows), Canvas(width: columns, height: rows)]
                var current = 0
                list.render(into: &canvases[current])
                terminal.present(canvases[current])
                var times: [Double] = []
                floor.drawNext()  // warm-up, as `medianMilliseconds`
                floor.times.removeAll()
                for _ in 0 ... runs {
                    let start = DispatchTime.now().uptimeNanoseconds
                    step(list, lines: lines)
                    current ^= 1
                    list.render(into: &canvases[current])
                    terminal.present(canvases[current])
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                    floor.drawNext()  // right after, under the same load
                }
                blackHole(terminal.cellsWrittenLastFrame)
                times.removeFirst()  // warm-up
                times.sort()
                report.add(
                    Measurement(
                        workload: workload, size: size, median_ms: times[times.count / 2],
                        note: "cells made \(list.reusePool.made), live \(list.reusePool.live)"
                    ).compared(to: "floor", milliseconds: floor.medianMilliseconds))
            }
        }

        report.heading("render: ListView.apply and ListLayout construction (10 sections)")
        for size in report.quick ? [1_000_000] : [100_000, 1_000_000] {
            let snapshot = makeSnapshot(items: size)
            var shifted = snapshot
            shifted.insertItems([-1], beforeItem: 0)
            let (list, _) = makeList()
            var canvas = Canvas(width: columns, height: rows)
            list.apply(snapshot)
            list.scroll(byLines: size / 2)
            list.render(into: &canvas)
            var flip = false
            let ms = medianMilliseconds(runs: report.quick ? 5 : 15) {
                flip.toggle()
                list.apply(flip ? shifted : snapshot)
            }
            report.add(Measurement(workload: "apply", size: size, median_ms: ms, note: "anchored mid-list"))
            if size == 1_000_000 { runLayout(&report, snapshot: snapshot) }
        }
    }

    /// Layout construction alone: one-line rows (no per-row storage) and rows of varying
    /// height (prefix sums, O(*n*)), with a line query in each.
    static func runLayout(_ report: inout BenchReport, snapshot: Snapshot<Int, Int>) {
        let size = snapshot.numberOfItems
        let uniform = medianMilliseconds(runs: 21) {
            let layout = ListLayout(snapshot: snapshot, headers: true)
            blackHole(layout.rows(touchingLines: size / 2 ..< size / 2 + rows))
        }
        report.add(Measurement(workload: "layout-build-uniform", size: size, median_ms: uniform))
        let varying = medianMilliseconds(runs: report.quick ? 3 : 7) {
            let layout = ListLayout(snapshot: snapshot, headers: true) { row in
                if case .item(let item) = row, item % 3 == 0 { return 2 }
                return 1
            }
            blackHole(layout.rows(touchingLines: size / 2 ..< size / 2 + rows))
        }
        report.add(Measurement(workload: "layout-build-varying", size: size, median_ms: varying, note: "every third row 2 lines"))
    }

    /// One step of the frame workloads: scroll by `lines` (back to the top at the end) and
    /// move the selection.
    static func step(_ list: ListView<Int, Int>, lines: Int) {
        if list.state.scrollOffset >= list.maximumScrollOffset { list.scrollToTop() }
        list.scroll(byLines: lines)
        list.moveSelection(.next)
    }

    /// The pictures of the first `count` frames of the steps, from a list of their own.
    static func framePictures(_ snapshot: Snapshot<Int, Int>, lines: Int, count: Int) -> [FloorPicture] {
        let (list, _) = makeList()
        list.apply(snapshot)
        var canvas = Canvas(width: columns, height: rows)
        list.render(into: &canvas)
        return (0 ..< count).map { _ in
            step(list, lines: lines)
            list.render(into: &canvas)
            return FloorPicture(checked: canvas)
        }
    }

    /// Ten sections sharing `items` items.
    static func makeSnapshot(items: Int) -> Snapshot<Int, Int> {
        var snapshot = Snapshot<Int, Int>()
        let per = max(1, items / 10)
        var next = 0
        for section in 0 ..< 10 {
            let end = section == 9 ? items : min(items, next + per)
            snapshot.appendSections([section])
            snapshot.appendItems(Array(next ..< end), toSection: section)
            next = end
        }
        return snapshot
    }

    static func makeList() -> (ListView<Int, Int>, HeadlessTerminal) {
        let list = ListView<Int, Int>(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = "Item number \(item)"
            cell.detail = "\(item % 97) kg"
            if item % 7 == 0 { cell.badge = "new" }
            return cell
        })
        list.showsScrollbar = true
        list.stickySectionHeaders = true
        return (list, HeadlessTerminal(columns: columns, rows: rows))
    }
}
