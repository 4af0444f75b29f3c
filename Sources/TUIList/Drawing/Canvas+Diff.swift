/// The one frame diff: which runs of cells a backend writes to take the screen from one canvas to
/// the next. `NCursesTerminal`, `AnsiFrameEncoder` (and so `InlineTerminal` and session
/// exports) and `HeadlessTerminal`'s counters all use it.
///
/// The rule:
/// - The canvas is read as *units*: a wide character with its continuation cell is one unit of
///   two cells; every other cell (a narrow character, with any combining marks, a blank, or a
///   continuation with no wide character before it) is a unit of one. Units are those of the
///   new canvas.
/// - A unit has changed when any of its cells differs from the previous canvas's cell at the
///   same place (text or style). So a wide character is written whole or not at all: a run
///   never starts on a continuation nor ends just before one.
/// - A run covers changed units; two of them on one line are joined into one run when at most
///   `gap` cells of unchanged units lie between them (a cursor move costs more than rewriting
///   a few cells).
/// - With no previous canvas, or one of another size, every line is one run of the whole width.
extension Canvas {
    /// The columns `columns` of line `y`, written as one piece.
    struct Run: Hashable, Sendable {
        /// The line.
        var y: Int
        /// The columns, never splitting a wide character.
        var columns: Range<Int>
    }

    /// Calls `body` with each run of cells that differs from `previous`, line by line, left to
    /// right (see the rule above); runs joined across at most `gap` unchanged cells.
    /// - Complexity: O(`width * height`).
    @inline(__always)
    func forEachChangedRun(since previous: Canvas?, joiningGapsUpTo gap: Int, _ body: (Run) -> Void) {
        let width = self.width
        guard width > 0 else { return }
        guard let previous, previous.width == width, previous.height == height else {
            for y in 0 ..< height { body(Run(y: y, columns: 0 ..< width)) }
            return
        }
        let gap = Swift.max(0, gap)
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                /// The end of the unit that starts at `x` (of line `base`).
                @inline(__always) func unitEnd(_ base: Int, _ x: Int) -> Int {
                    x + 1 < width && new[base + x + 1].isContinuation && !new[base + x].isContinuation ? x + 2 : x + 1
                }
                for y in 0 ..< height {
                    let base = y * width
                    var x = 0
                    while x < width {
                        // Most cells are unchanged: one comparison each.
                        if new[base + x] == old[base + x] { x += 1; continue }
                        // The unit holding x starts one cell left when x is a wide character's continuation.
                        var start = x
                        if x > 0, new[base + x].isContinuation, !new[base + x - 1].isContinuation { start = x - 1 }
                        var end = unitEnd(base, start)
                        var scan = end
                        while scan < width, scan - end <= gap {
                            let next = unitEnd(base, scan)
                            var changed = false
                            for i in scan ..< next where new[base + i] != old[base + i] { changed = true }
                            if changed { end = next }
                            scan = next
                        }
                        body(Run(y: y, columns: start ..< end))
                        x = end
                    }
                }
            }
        }
    }

    /// The runs ``forEachChangedRun(since:joiningGapsUpTo:_:)`` visits, as an array.
    func changedRuns(since previous: Canvas?, joiningGapsUpTo gap: Int = 0) -> [Run] {
        var runs: [Run] = []
        forEachChangedRun(since: previous, joiningGapsUpTo: gap) { runs.append($0) }
        return runs
    }

    /// The number of cells that differ from `previous`, a wide character counting both its
    /// cells when either differs (the cells of the frame diff's runs, no gaps joined); every
    /// cell when sizes differ.
    func changedCells(since previous: Canvas) -> Int {
        var count = 0
        forEachChangedRun(since: previous, joiningGapsUpTo: 0) { count += $0.columns.count }
        return count
    }
}
