import Foundation
import TUIList

/// The floor a frame is measured against: the same picture drawn straight into a `Canvas`
/// and presented, with no list machinery (no layout, no cells, no transition).
///
/// A picture is kept as the runs of text a frame drew: per line, each stretch of cells of one
/// style, with its column. Drawing a frame's runs into a cleared canvas gives that frame's
/// screen exactly; presenting it to a ``HeadlessTerminal`` costs the same cell diff as the
/// list's frame. So `frame / floor` is what the list's machinery adds over showing the text,
/// and the two figures come from the same machine in the same run.
struct FloorPicture {
    struct Run {
        var x: Int, y: Int
        var text: String
        var style: Style
    }
    var runs: [Run]

    /// The runs of a rendered canvas: blank cells of the plain style are left out (a cleared
    /// canvas holds them already).
    init(_ canvas: Canvas) {
        runs = []
        for y in 0 ..< canvas.height {
            var x = 0
            while x < canvas.width {
                let first = canvas[x, y]
                if first.isContinuation || (first.text == " " && first.style == .plain) {
                    x += 1
                    continue
                }
                var text = "", end = x
                while end < canvas.width {
                    let cell = canvas[end, y]
                    if cell.isContinuation { end += 1; continue }
                    guard cell.style == first.style, !(cell.text == " " && cell.style == .plain) else { break }
                    text += cell.text
                    end += 1
                }
                runs.append(Run(x: x, y: y, text: text, style: first.style))
                x = end
            }
        }
    }

    /// The runs of a rendered canvas, checked: drawn into a blank canvas they give its text.
    init(checked canvas: Canvas) {
        self.init(canvas)
        var redrawn = Canvas(width: canvas.width, height: canvas.height)
        draw(into: &redrawn)
        precondition(
            redrawn.lines == canvas.lines, "the floor's picture differs from the frame: \(redrawn.lines) \(canvas.lines)")
    }

    /// Clears the canvas and draws the runs into it.
    func draw(into canvas: inout Canvas) {
        canvas.clear()
        for run in runs { canvas.draw(run.text, x: run.x, y: run.y, style: run.style, truncation: .clip) }
    }
}

/// Draws pictures as floor frames, one call at a time: in turn into two canvases (as the
/// list's benchmarks double-buffer) and presented to a headless terminal of its own.
///
/// The benchmarks time a floor frame right after each frame of the list, so both see the
/// same load on a shared machine (timed apart, their ratio moved between 1.0 and 2.6 from
/// one run to the next; interleaved, it holds).
struct FloorDrawer {
    let pictures: [FloorPicture]
    let terminal: HeadlessTerminal
    var canvases: [Canvas]
    var current = 0, next = 0
    /// The time of each frame drawn, in ms.
    var times: [Double] = []

    init(_ pictures: [FloorPicture], columns: Int, rows: Int) {
        precondition(!pictures.isEmpty, "the floor needs at least one picture")
        self.pictures = pictures
        terminal = HeadlessTerminal(columns: columns, rows: rows)
        canvases = [Canvas(width: columns, height: rows), Canvas(width: columns, height: rows)]
        pictures[0].draw(into: &canvases[0])
        terminal.present(canvases[0])
    }

    /// Draws and presents the next picture, and keeps the time it took.
    mutating func drawNext() {
        let start = DispatchTime.now().uptimeNanoseconds
        next = (next + 1) % pictures.count
        current ^= 1
        pictures[next].draw(into: &canvases[current])
        terminal.present(canvases[current])
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }

    /// The median of the times kept.
    var medianMilliseconds: Double {
        let sorted = times.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
