import Testing

@testable import TUIList

private func blank(_ width: Int, _ height: Int, _ fill: Character = ".") -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.fill(canvas.bounds, with: fill, style: .plain)
    return canvas
}

@Suite("Toolkit: chrome")
struct ToolkitChromeTests {
    @Test func titleBarPutsTheDetailRightAndDropsItFirst() {
        var canvas = blank(24, 2)
        TitleBar(title: "tuilist pick", detail: "12/340").draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" tuilist pick    12/340 ", "........................"])
        #expect(canvas[0, 0].style.attributes == .reverse)
        #expect(canvas[1, 0].style.attributes == [.reverse, .bold])
        #expect(canvas[17, 0].style.attributes == .reverse)
        canvas = blank(16, 1)
        TitleBar(title: "tuilist pick", detail: "12/340").draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" tuilist pick   "])
        canvas = blank(8, 1)
        TitleBar(title: "tuilist pick", detail: "12/340").draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" tuili… "])
    }

    @Test func titleBarThatKeepsItsDetailCutsTheTitle() {
        var canvas = blank(20, 1)
        TitleBar(title: "tuilist edit  notes.txt", detail: "modified", keepsDetail: true)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" tuilist … modified "])
        #expect(canvas[12, 0].style.attributes == .reverse)
        canvas = blank(20, 1)
        TitleBar(title: "tuilist edit", detail: "", keepsDetail: true).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" tuilist edit       "])
        canvas = blank(8, 1)
        TitleBar(title: "tuilist edit", detail: "modified", keepsDetail: true).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == [" modif… "])
    }

    @Test func statusLineInARegion() {
        var canvas = blank(20, 3)
        StatusLine(left: "3 marked", right: "41/340").draw(into: &canvas, in: Rect(x: 2, y: 1, width: 16, height: 5))
        #expect(canvas.lines == ["....................", "..3 marked  41/340..", "...................."])
        #expect(canvas[2, 1].style.attributes == .dim)
        canvas = blank(12, 1)
        StatusLine(left: "a long message", right: "41/340").draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["a long mess…"])
    }

    @Test func helpBarShowsWholeItemsThatFit() {
        let bar = HelpBar(items: ["? help", "q quit", "/ filter", "Space mark"])
        #expect(bar.text(width: 40) == "? help  q quit  / filter  Space mark")
        #expect(bar.text(width: 24) == "? help  q quit  / filter")
        #expect(bar.text(width: 23) == "? help  q quit")
        #expect(bar.text(width: 5) == "")
        var canvas = blank(18, 1)
        bar.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["? help  q quit    "])
        let keymap = Keymap<Int>([
            KeyBinding(keys: [.character("?")], help: "help", bar: "? help", 0),
            KeyBinding(keys: [.character("x")], help: "hidden from the bar", 1),
            KeyBinding(keys: [.character("q")], help: "quit", bar: "q quit", 2),
        ])
        #expect(HelpBar(keymap, separator: " · ").text(width: 80) == "? help · q quit")
    }

    @Test func helpOverlayFromKeymaps() {
        let app = Keymap<Int>([
            KeyBinding(keys: [.character("/")], help: "filter", 0),
            KeyBinding(keys: [.character("q"), .control("c")], help: "quit", 1),
            KeyBinding(keys: [.character("z")], help: "", 2),  // no help text: not shown
        ])
        let overlay = HelpOverlay(
            title: "Help", sections: [.init("List", Keymap<SelectionMovement>.listNavigation), .init("App", app)],
            footer: "any key closes")
        var canvas = blank(36, 14)
        overlay.draw(into: &canvas, in: canvas.bounds)
        #expect(
            canvas.lines == [
                "....................................",
                "..╭ Help ────────────────────────╮..",
                "..│ List                         │..",
                "..│ ↑ ↓ k j    move the selecti… │..",  // the margin leaves 32 columns
                "..│ PgUp PgDn  move a page       │..",
                "..│ Home End   first, last item  │..",
                "..│                              │..",
                "..│ App                          │..",
                "..│ /          filter            │..",
                "..│ q Ctrl-C   quit              │..",
                "..│                              │..",
                "..│ any key closes               │..",
                "..╰──────────────────────────────╯..",
                "....................................",
            ])
        #expect(canvas[4, 3].style.attributes == .bold)
        #expect(canvas[15, 3].style.attributes == [])
    }

    @Test func helpOverlayTooTallEndsInAnEllipsisRow() {
        let keymap = Keymap<Int>((0 ..< 10).map { KeyBinding(keys: [.function($0)], help: "f\($0)", $0) })
        var canvas = blank(14, 6)
        HelpOverlay(keymap, title: "K").draw(into: &canvas, in: canvas.bounds)
        #expect(
            canvas.lines == [
                "..╭ K ─────╮..",
                "..│ F0  f0 │..",
                "..│ F1  f1 │..",
                "..│ F2  f2 │..",
                "..│ …      │..",
                "..╰────────╯..",
            ])
    }

    @Test func boxWithATitle() {
        var canvas = blank(12, 4)
        let inner = Box(title: "Preview").draw(into: &canvas, in: canvas.bounds)
        #expect(inner == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(canvas.lines == ["┌ Preview ─┐", "│..........│", "│..........│", "└──────────┘"])
        canvas = blank(8, 3)
        Box(title: "Preview", border: .ascii).draw(into: &canvas, in: Rect(x: 1, y: 0, width: 7, height: 3))
        #expect(canvas.lines == [".+ Pr…-+", ".|.....|", ".+-----+"])
        canvas = blank(3, 3)
        #expect(Box().draw(into: &canvas, in: Rect(x: 0, y: 0, width: 1, height: 3)).isEmpty)
        #expect(canvas.lines == ["...", "...", "..."])
        canvas = blank(4, 2)
        Box(border: .rounded).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["╭──╮", "╰──╯"])
    }

    /// fzf's `--border` styles: the glyph sets, and some edges only (the inner area grows on
    /// the sides without one; padding is inside a left or right edge).
    @Test func boxStylesAndEdges() {
        var canvas = blank(5, 3)
        Box(border: .bold).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["┏━━━┓", "┃...┃", "┗━━━┛"])
        canvas = blank(5, 3)
        Box(border: .block).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["▛▀▀▀▜", "▌...▐", "▙▄▄▄▟"])
        canvas = blank(4, 3)
        Box(border: .thinblock).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["\u{1FB7D}▔▔\u{1FB7E}", "▏..▕", "\u{1FB7C}▁▁\u{1FB7F}"])
        let cases: [(Box.Edges, [String], Rect)] = [
            (.horizontal, ["─────", ".....", "─────"], Rect(x: 0, y: 1, width: 5, height: 1)),
            (.vertical, ["│...│", "│...│", "│...│"], Rect(x: 2, y: 0, width: 1, height: 3)),
            (.top, ["─────", ".....", "....."], Rect(x: 0, y: 1, width: 5, height: 2)),
            (.bottom, [".....", ".....", "─────"], Rect(x: 0, y: 0, width: 5, height: 2)),
            (.left, ["│....", "│....", "│...."], Rect(x: 2, y: 0, width: 3, height: 3)),
            (.right, ["....│", "....│", "....│"], Rect(x: 0, y: 0, width: 3, height: 3)),
            (.all, ["╭───╮", "│...│", "╰───╯"], Rect(x: 2, y: 1, width: 1, height: 1)),
        ]
        for (edges, lines, expected) in cases {
            canvas = blank(5, 3)
            let inner = Box(border: .rounded).with(edges: edges, padding: 1).draw(into: &canvas, in: canvas.bounds)
            #expect(canvas.lines == lines, "\(edges)")
            #expect(inner == expected, "\(edges): \(inner)")
        }
    }

    @Test func splitByRatioFollowsTheTerminalsSize() {
        let split = Split(.horizontal, ratio: 0.4, divider: true)
        var canvas = blank(11, 2)
        let (left, right, line) = split.areas(in: canvas.bounds)
        #expect(left == Rect(x: 0, y: 0, width: 4, height: 2))
        #expect(line == Rect(x: 4, y: 0, width: 1, height: 2))
        #expect(right == Rect(x: 5, y: 0, width: 6, height: 2))
        split.drawDivider(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["....│......", "....│......"])
        // Resized: the same split of a wider screen.
        #expect(split.areas(in: Rect(x: 0, y: 0, width: 51, height: 2)).first.width == 20)
        let above = Split(.vertical, ratio: 0.5).areas(in: Rect(x: 2, y: 1, width: 10, height: 7))
        #expect(above.first == Rect(x: 2, y: 1, width: 10, height: 4))
        #expect(above.second == Rect(x: 2, y: 5, width: 10, height: 3))
        #expect(above.divider == nil)
        var stacked = blank(3, 3)
        Split(.vertical, ratio: 0.34, divider: true).drawDivider(into: &stacked, in: stacked.bounds)
        #expect(stacked.lines == ["...", "───", "..."])
    }

    @Test func splitMinimums() {
        let split = Split(.horizontal, ratio: 0.1, minimumFirst: 10, minimumSecond: 20)
        #expect(split.areas(in: Rect(x: 0, y: 0, width: 100, height: 1)).first.width == 10)
        #expect(Split(.horizontal, ratio: 0.9, minimumSecond: 20).areas(in: Rect(width: 100, height: 1)).second.width == 20)
        // Too narrow for both: the first pane's minimum comes first.
        let narrow = split.areas(in: Rect(x: 0, y: 0, width: 25, height: 1))
        #expect(narrow.first.width == 10 && narrow.second.width == 15)
        let tiny = split.areas(in: Rect(x: 0, y: 0, width: 6, height: 1))
        #expect(tiny.first.width == 6 && tiny.second.width == 0)
        #expect(Split(.horizontal, ratio: 7).ratio == 1)
    }

    @Test func loadingLineSpinsWithTheClockAndShowsProgress() {
        var canvas = blank(20, 3)
        LoadingLine("loading", time: 0).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["....................", ".....⠋ loading….....", "...................."])
        #expect(LoadingLine("loading", time: 0.25).text == "⠹ loading…")
        #expect(LoadingLine("loading", time: 1.05).text == "⠋ loading…")
        let report = ProgressReport(task: "filter", completed: 420, total: 1000)
        #expect(LoadingLine("filtering", progress: report, time: 0.3).text == "⠸ filtering… 42%")
        let count = ProgressReport(task: "read", completed: 1200, total: nil)
        canvas = blank(16, 2)
        LoadingLine("reading", progress: count, time: 0, centered: false).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["⠋ reading… 1200.", "................"])
    }

    @Test func filterPromptWithTheMatchCount() {
        var filter = FilterPrompt()
        var canvas = blank(24, 1)
        filter.draw(into: &canvas, in: canvas.bounds, matches: 340, total: 340)
        #expect(canvas.lines == ["/type to filter  340/340"])
        let edit = filter.handle([.key(.character("a")), .key(.character("p")), .key(.enter)][...])
        #expect(edit == TextPrompt.Edit(consumed: 2, changed: true))
        #expect(filter.query == "ap")
        filter.draw(into: &canvas, in: canvas.bounds, matches: 12, total: 340)
        #expect(canvas.lines == ["/ap               12/340"])
        filter.draw(into: &canvas, in: canvas.bounds, matches: nil, total: 340)
        #expect(canvas.lines == ["/ap                    …"])
        // Too narrow for ten columns of query and the count: the count goes.
        canvas = blank(12, 1)
        filter.draw(into: &canvas, in: canvas.bounds, matches: 12, total: 340)
        #expect(canvas.lines == ["/ap         "])
        #expect(FilterPrompt.countText(matches: 3, total: nil) == "3")
    }
}
