import TUIListTestSupport
import Testing

@testable import TUIList

/// The one frame diff (`Canvas.forEachChangedRun`) against a model written as plainly as the
/// rule reads, on thousands of random canvases, and each backend's use of it.
@Suite("Canvas frame diff")
struct CanvasDiffTests {
    // MARK: - The model

    /// The rule, cell by cell: units of the new canvas (a non-continuation followed by a
    /// continuation is one unit of two), a unit changed when any of its cells differs, changed
    /// units joined when at most `gap` cells lie between them.
    static func modelRuns(_ new: Canvas, _ old: Canvas?, gap: Int) -> [Canvas.Run] {
        guard new.width > 0 else { return [] }
        guard let old, old.width == new.width, old.height == new.height else {
            return (0 ..< new.height).map { Canvas.Run(y: $0, columns: 0 ..< new.width) }
        }
        var runs: [Canvas.Run] = []
        for y in 0 ..< new.height {
            var units: [Range<Int>] = []
            var x = 0
            while x < new.width {
                let wide = !new[x, y].isContinuation && x + 1 < new.width && new[x + 1, y].isContinuation
                units.append(x ..< x + (wide ? 2 : 1))
                x += wide ? 2 : 1
            }
            let changed = units.filter { unit in unit.contains { new[$0, y] != old[$0, y] } }
            var line: [Range<Int>] = []
            for unit in changed {
                if let last = line.last, unit.lowerBound - last.upperBound <= gap {
                    line[line.count - 1] = last.lowerBound ..< unit.upperBound
                } else {
                    line.append(unit)
                }
            }
            runs += line.map { Canvas.Run(y: y, columns: $0) }
        }
        return runs
    }

    // MARK: - Random canvases

    static let texts: [String] = [
        "a", "b", "Z", " ", "漢", "字", "🚀", "e\u{301}", "a\u{308}\u{301}", "한", "…", "1\u{FE0F}\u{20E3}", "x\u{20DD}",
    ]
    static let styles: [Style] = [
        .plain, Style(foreground: .red), Style(attributes: .bold), Style(foreground: .cyan, background: .blue),
        Style(attributes: [.reverse, .underline]), Style(foreground: .rgb(1, 2, 3)),
    ]

    /// A canvas drawn through the public API: text with wide characters and combining marks, fills, restyles.
    static func randomCanvas(_ rng: inout SplitMix64, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        mutate(&canvas, &rng, steps: rng.int(0 ... 12))
        return canvas
    }

    static func mutate(_ canvas: inout Canvas, _ rng: inout SplitMix64, steps: Int) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        for _ in 0 ..< steps {
            let x = rng.int(-1 ... canvas.width - 1)
            let y = rng.int(0 ... canvas.height - 1)
            let style = styles[rng.int(0 ... styles.count - 1)]
            switch rng.int(0 ... 8) {
            case 0 ... 5:
                let text = (0 ..< rng.int(1 ... 8)).map { _ in texts[rng.int(0 ... texts.count - 1)] }.joined()
                canvas.draw(text, x: x, y: y, style: style, truncation: rng.chance(0.5) ? .ellipsis : .clip)
            case 6:
                let rect = Rect(x: x, y: y, width: rng.int(0 ... 4), height: rng.int(1 ... 2))
                canvas.fill(rect, with: rng.chance(0.5) ? "漢" : "-", style: style)
            case 7, 8:
                let rect = Rect(x: x, y: y, width: rng.int(1 ... 5), height: rng.int(1 ... 2))
                canvas.restyle(rect) { $0 = style }
            default:
                let rect = Rect(x: x, y: y, width: rng.int(1 ... 5), height: rng.int(1 ... 2))
                canvas.clear(rect)
            }
        }
    }

    /// Sometimes one cell set directly, as nothing in the API does: a stray continuation or a
    /// wide character with no continuation must still diff by the rule. (After all drawing:
    /// debug builds check the pairing when drawing.)
    static func scramble(_ canvas: inout Canvas, _ rng: inout SplitMix64) {
        guard canvas.width > 0, rng.chance(0.25) else { return }
        let index = rng.int(0 ... canvas.width * canvas.height - 1)
        canvas.cells[index] = CanvasCell(text: rng.chance(0.5) ? "" : "漢", style: styles[rng.int(0 ... styles.count - 1)])
    }

    // MARK: - Properties

    @Test func runsAreTheModelsOnRandomCanvases() {
        var cases = 0
        for seed in UInt64(1) ... 4000 {
            var rng = SplitMix64(seed: seed)
            let width = rng.int(0 ... 12)
            let height = rng.int(1 ... 3)
            var old = Self.randomCanvas(&rng, width: width, height: height)
            var new = old
            Self.mutate(&new, &rng, steps: rng.int(0 ... 4))
            Self.scramble(&old, &rng)
            Self.scramble(&new, &rng)
            for gap in [0, 1, 3, Int.max] {
                let runs = new.changedRuns(since: old, joiningGapsUpTo: gap)
                let model = Self.modelRuns(new, old, gap: gap)
                #expect(runs == model, "seed \(seed), gap \(gap): \(old.lines) → \(new.lines)")
                if runs != model { return }
                cases += 1
            }
            #expect(new.changedRuns(since: nil) == Self.modelRuns(new, nil, gap: 0))
            let resized = Canvas(width: width + 1, height: height)
            #expect(new.changedRuns(since: resized) == Self.modelRuns(new, resized, gap: 0))
        }
        #expect(cases == 16000)
    }

    /// Writing the runs of the new canvas over the old one gives the new one: nothing that
    /// changed is left out, and no run cuts a wide character of the new canvas.
    @Test func writingTheRunsOverTheOldCanvasGivesTheNewOne() {
        for seed in UInt64(1) ... 3000 {
            var rng = SplitMix64(seed: seed)
            let width = rng.int(1 ... 10)
            let old = Self.randomCanvas(&rng, width: width, height: 2)
            var new = old
            Self.mutate(&new, &rng, steps: rng.int(1 ... 3))
            Self.scramble(&new, &rng)
            var screen = old
            for run in new.changedRuns(since: old, joiningGapsUpTo: rng.int(0 ... 4)) {
                #expect(
                    run.columns.lowerBound == 0 || !new[run.columns.lowerBound, run.y].isContinuation
                        || new[run.columns.lowerBound - 1, run.y].isContinuation,
                    "seed \(seed): a run starts on a wide character's right half")
                #expect(
                    run.columns.upperBound == width || !new[run.columns.upperBound, run.y].isContinuation
                        || new[run.columns.upperBound - 1, run.y].isContinuation,
                    "seed \(seed): a run ends before a wide character's right half")
                for x in run.columns { screen.cells[run.y * width + x] = new[x, run.y] }
            }
            #expect(screen == new, "seed \(seed)")
        }
    }

    // MARK: - Wide characters

    @Test func aWideCharacterReplacedByAnotherIsTwoChangedCells() {
        var old = Canvas(width: 4, height: 1)
        old.draw("漢", x: 1, y: 0)
        var new = old
        new.draw("字", x: 1, y: 0)  // the continuation cell is the same: "" in the same style
        #expect(new.changedRuns(since: old) == [Canvas.Run(y: 0, columns: 1 ..< 3)])
        #expect(new.changedCells(since: old) == 2)
    }

    @Test func aRestyledContinuationTakesItsWideCharacterAlong() {
        var old = Canvas(width: 4, height: 1)
        old.draw("a漢", x: 0, y: 0)
        var new = old
        new.cells[2].style = Style(attributes: .bold)  // only the right half differs
        #expect(new.changedRuns(since: old) == [Canvas.Run(y: 0, columns: 1 ..< 3)])
    }

    @Test func gapsOfUnchangedCellsAreJoinedUpToTheLimit() {
        let old = Canvas(width: 10, height: 1)
        var new = old
        new.draw("a", x: 1, y: 0)
        new.draw("b", x: 5, y: 0)  // three unchanged cells between
        #expect(new.changedRuns(since: old, joiningGapsUpTo: 2).map(\.columns) == [1 ..< 2, 5 ..< 6])
        #expect(new.changedRuns(since: old, joiningGapsUpTo: 3).map(\.columns) == [1 ..< 6])
    }

    // MARK: - Each backend uses it

    @Test func headlessCountsTheCellsOfTheRuns() {
        for seed in UInt64(1) ... 500 {
            var rng = SplitMix64(seed: seed)
            let terminal = HeadlessTerminal(columns: 8, rows: 2)
            let old = Self.randomCanvas(&rng, width: 8, height: 2)
            var new = old
            Self.mutate(&new, &rng, steps: rng.int(1 ... 3))
            terminal.present(old)
            terminal.present(new)
            let cells = Self.modelRuns(new, old, gap: 0).reduce(0) { $0 + $1.columns.count }
            #expect(terminal.cellsWrittenLastFrame == cells, "seed \(seed)")
        }
    }

    /// The encoder moves the cursor once per run (gaps of any size joined), to the run's start:
    /// the runs of the frames as it sends them, a gap's blanks in their neighbour's style
    /// (`Canvas.joiningBlankStyles()`).
    @Test func theAnsiEncoderWritesTheRuns() {
        for seed in UInt64(1) ... 500 {
            var rng = SplitMix64(seed: seed)
            let old = Self.randomCanvas(&rng, width: 8, height: 3)
            var changed = old
            Self.mutate(&changed, &rng, steps: rng.int(1 ... 3))
            let new = changed
            var encoder = AnsiFrameEncoder()
            _ = encoder.encode(old)
            let bytes = encoder.encode(new)
            let moves = Self.cursorMoves(bytes)
            let runs = Self.modelRuns(new.joiningBlankStyles(), old.joiningBlankStyles(), gap: .max).map {
                "\($0.y + 1);\($0.columns.lowerBound + 1)"
            }
            #expect(moves == runs, "seed \(seed)")
            // The first frame: against a cleared (blank) screen.
            var fresh = AnsiFrameEncoder()
            let first = Self.cursorMoves(fresh.encode(new))
            let blank = Canvas(width: 8, height: 3)
            #expect(
                first
                    == Self.modelRuns(new.joiningBlankStyles(), blank, gap: .max).map {
                        "\($0.y + 1);\($0.columns.lowerBound + 1)"
                    })
        }
    }

    /// "row;column" of each CUP (`ESC [ row ; column H`) in `bytes`.
    static func cursorMoves(_ bytes: String) -> [String] {
        var moves: [String] = []
        var rest = Substring(bytes)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            let after = rest.dropFirst(body.count)
            if after.first == "H", body.contains(";") { moves.append(String(body)) }
        }
        return moves
    }
}
