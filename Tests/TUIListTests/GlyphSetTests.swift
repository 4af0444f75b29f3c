import Testing

@testable import TUIList

/// The chrome's ASCII forms (issue 38: a locale that is not UTF-8, or `TUILIST_ASCII=1`):
/// which environment asks for them, each form one column, the user's own text left alone, and
/// ``Program`` applying them to every frame it shows.
@Suite struct GlyphSetTests {
    @Test(arguments: [
        ([:], GlyphSet.ascii), (["LANG": "C"], .ascii), (["LANG": "POSIX"], .ascii),
        (["LANG": "en_US.UTF-8"], .unicode), (["LANG": "C.UTF-8"], .unicode), (["LANG": "de_DE.utf8"], .unicode),
        (["LANG": "en_US.UTF-8", "LC_ALL": "C"], .ascii), (["LANG": "C", "LC_CTYPE": "C.UTF-8"], .unicode),
        (["LANG": "C", "LC_ALL": "", "LC_CTYPE": "en_GB.UTF-8"], .unicode),
        (["LANG": "C.UTF-8", "TUILIST_ASCII": "1"], .ascii), (["LANG": "C.UTF-8", "TUILIST_ASCII": "0"], .unicode),
        (["LANG": "C.UTF-8", "TUILIST_ASCII": ""], .unicode),
    ])
    func theEnvironmentChoosesTheSet(environment: [String: String], expected: GlyphSet) {
        #expect(GlyphSet.preferred(environment: environment) == expected, "\(environment)")
    }

    @Test func everyChromeGlyphHasAOneColumnASCIIForm() {
        let forms: [(String, Character)] = [
            ("─━┄╌▔▁−·–—", "-"), ("×", "x"), ("⇧", "S"), ("↳≥", ">"), ("≤", "<"), ("═", "="), ("│┃║┆╎▏▕↕", "|"),
            ("┌┐└┘├┤┬┴┼╭╮╰╯┏┓┗┛╔╗╚╝", "+"),
            ("█▌▐▀▄▙▛▜▟", "#"), ("↑", "^"), ("↓", "v"), ("←◂", "<"), ("→▸", ">"), ("…", "~"), ("●•★◆", "*"),
            ("␍", "^"),
        ]
        for (glyphs, form) in forms {
            for scalar in glyphs.unicodeScalars {
                #expect(GlyphSet.asciiForm(of: scalar) == form, "\(scalar)")
                #expect(TerminalText.columns(of: String(scalar)) == 1, "\(scalar) is one column, as its form")
            }
        }
        let spinner = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".unicodeScalars.compactMap(GlyphSet.asciiForm(of:))
        #expect(spinner.count == 10 && Set(spinner).isSubset(of: ["|", "/", "-", "\\"]) && Set(spinner).count > 1)
        for other in "aZ9 漢é👍ñ".unicodeScalars { #expect(GlyphSet.asciiForm(of: other) == nil, "\(other)") }
    }

    @Test func onlyTheChromeIsReplacedAndTheLayoutKept() {
        var canvas = Canvas(width: 24, height: 2)
        canvas.draw("┃ 漢字 café 👍 │ ok…", x: 0, y: 0, style: Style(attributes: .bold))
        canvas.draw("── 1/2 · ↑↓", x: 0, y: 1)
        let before = canvas
        canvas.useASCIIGlyphs()
        #expect(canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["| 漢字 café 👍 | ok~", "-- 1/2 - ^v"])
        #expect(canvas.cells.map(\.style) == before.cells.map(\.style))
        #expect(zip(canvas.cells, before.cells).allSatisfy { $0.isContinuation == $1.isContinuation })
    }

    /// A whole screen through ``Program`` with ASCII glyphs: a bordered box, a list with a
    /// scrollbar, the status line and the help bar, as a golden frame; nothing non-ASCII left.
    @Test func aProgramDrawsTheChromeInASCII() {
        final class Boxed: TerminalApp {
            let screen: ListScreen<String, String, Never>
            init() {
                screen = ListScreen<String, String, Never>(title: "Fruit", row: { ($0, nil) })
                screen.list.showsScrollbar = true
                screen.setItems(Snapshot(sections: [("All", (1 ... 12).map { "item \($0)" })]))
            }
            func handle(_ events: [InputEvent], in program: Program) {}
            func render(into canvas: inout Canvas) {
                let inner = Box(title: "Pick", border: .rounded).draw(into: &canvas, in: canvas.bounds)
                screen.render(into: &canvas, in: inner)
            }
        }
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 30, rows: 9)
        let program = Program(terminal: terminal, clock: clock)
        program.glyphs = .ascii
        program.start(Boxed())
        #expect(terminal.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(terminal.lines)")
        #expect(terminal.lines.first?.hasPrefix("+") == true && terminal.lines.last?.hasPrefix("+") == true)
        #expect(terminal.lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("|") && $0.hasSuffix("|") })
        #expect(terminal.lines.contains { $0.hasSuffix("#|") }, "the scrollbar's thumb: \(terminal.lines)")
    }
}

/// The terminal's cursor rests on the selected row (``Canvas/cursor``): a ListView puts it on
/// the first cell of its selected row, it follows the selection and a scroll, and a list with
/// no selection, or one whose selected row is off screen, leaves it nil.
@Suite struct CanvasCursorTests {
    @Test func theCursorFollowsTheSelectedRow() {
        let list = ListView<String, Int>(cellProvider: { context, number in
            let cell = context.dequeue(TextCell.self)
            cell.title = "item \(number)"
            return cell
        })
        list.apply(Snapshot(sections: [("All", Array(1 ... 40))]), animated: false)
        func cursor(_ rect: Rect = Rect(x: 2, y: 1, width: 20, height: 6)) -> CanvasPoint? {
            var canvas = Canvas(width: 24, height: 8)
            list.render(into: &canvas, rect: rect)
            return canvas.cursor
        }
        #expect(cursor() == nil, "no selection yet")
        list.state.selection = 1
        #expect(cursor() == CanvasPoint(x: 2, y: 2), "row 1 under the section header")
        for _ in 0 ..< 3 { _ = list.handle(.key(.down)) }
        #expect(cursor() == CanvasPoint(x: 2, y: 5))
        for _ in 0 ..< 10 { _ = list.handle(.key(.down)) }
        #expect(cursor() == CanvasPoint(x: 2, y: 6), "scrolled: the last line of the area")
        var canvas = Canvas(width: 24, height: 8)
        list.render(into: &canvas, rect: Rect(x: 2, y: 1, width: 20, height: 6))
        canvas.clear()
        #expect(canvas.cursor == nil, "a cleared canvas has no cursor")
    }
}
