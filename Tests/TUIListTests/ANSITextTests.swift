import Testing

@testable import TUIList

@Suite("ANSIText: SGR escapes to plain text and styled runs")
struct ANSITextTests {
    private let esc = "\u{1B}"
    private typealias Run = ANSIText.Run

    @Test func plainTextIsItsOwnPlainText() {
        let text = ANSIText(parsing: "héllo wörld 日本")
        #expect(text.plain == "héllo wörld 日本")
        #expect(text.runs == [Run(range: 0 ..< 14, style: .plain)])
        #expect(ANSIText(parsing: "").runs.isEmpty)
        #expect(ANSIText.stripping("abc") == "abc")
    }

    @Test func attributesAndReset() {
        let text = ANSIText(parsing: "\(esc)[1mB\(esc)[2mD\(esc)[3mI\(esc)[4mU\(esc)[7mR\(esc)[0mx\(esc)[mz")
        #expect(text.plain == "BDIURxz")
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: Style(attributes: .bold)),
                Run(range: 1 ..< 2, style: Style(attributes: [.bold, .dim])),
                Run(range: 2 ..< 3, style: Style(attributes: [.bold, .dim, .italic])),
                Run(range: 3 ..< 4, style: Style(attributes: [.bold, .dim, .italic, .underline])),
                Run(range: 4 ..< 5, style: Style(attributes: [.bold, .dim, .italic, .underline, .reverse])),
                Run(range: 5 ..< 7, style: .plain),
            ])
        let off = ANSIText(parsing: "\(esc)[1;3;4;7ma\(esc)[22;23;24;27mb")
        #expect(off.runs.last == Run(range: 1 ..< 2, style: .plain))
    }

    @Test func basicAndBrightColours() {
        let text = ANSIText(parsing: "\(esc)[31;42mA\(esc)[97;104mB\(esc)[39mC\(esc)[49mD")
        #expect(text.plain == "ABCD")
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: Style(foreground: .ansi(1), background: .ansi(2))),
                Run(range: 1 ..< 2, style: Style(foreground: .ansi(15), background: .ansi(12))),
                Run(range: 2 ..< 3, style: Style(background: .ansi(12))),
                Run(range: 3 ..< 4, style: .plain),
            ])
    }

    @Test func extendedColours() {
        let text = ANSIText(parsing: "\(esc)[38;5;208;48;2;1;2;3mA\(esc)[38:2::10:20:30;48:5:17mB\(esc)[1;38;5;300mC")
        #expect(text.plain == "ABC")
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: Style(foreground: .indexed(208), background: .rgb(1, 2, 3))),
                Run(range: 1 ..< 2, style: Style(foreground: .rgb(10, 20, 30), background: .indexed(17))),
                // 300 is no palette entry: the colour is ignored, bold still applies.
                Run(range: 2 ..< 3, style: Style(foreground: .rgb(10, 20, 30), background: .indexed(17), attributes: .bold)),
            ])
    }

    @Test func resetReturnsToTheBase() {
        let base = Style(foreground: .ansi(4))
        let text = ANSIText(parsing: "a\(esc)[31mb\(esc)[39mc\(esc)[0md", base: base)
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: base), Run(range: 1 ..< 2, style: Style(foreground: .ansi(1))),
                Run(range: 2 ..< 4, style: base),
            ])
    }

    @Test func otherEscapesAreRemoved() {
        let cases: [(String, String)] = [
            ("a\(esc)[2Jb", "ab"),  // erase display
            ("a\(esc)[?25lb", "ab"),  // private mode
            ("a\(esc)[1 qb", "ab"),  // intermediate byte
            ("a\(esc)]0;title\u{07}b", "ab"),  // OSC ended by BEL
            ("a\(esc)]8;;http://x\(esc)\\link\(esc)]8;;\(esc)\\b", "alinkb"),  // hyperlink, ST
            ("a\(esc)(Bb", "ab"),  // charset
            ("a\(esc)7b", "ab"),  // two-character escape
            ("a\(esc)Pq#0\(esc)\\b", "ab"),  // DCS
            ("ab\(esc)", "ab"),  // lone ESC at the end
            ("ab\(esc)[31", "ab"),  // unterminated CSI
            ("ab\(esc)]0;t", "ab"),  // unterminated OSC
            ("a\(esc)\u{1B}[1mb", "ab"),  // ESC ESC
            ("a\(esc)\nb", "a\nb"),  // a lone ESC before a control character
            ("a\(esc)[3\u{E9}b", "a\u{E9}b"),  // a CSI cut by a non-ASCII scalar
        ]
        for (input, expected) in cases {
            let text = ANSIText(parsing: input)
            #expect(text.plain == expected, "\(input.debugDescription)")
            #expect(ANSIText.stripping(input) == expected, "\(input.debugDescription)")
        }
    }

    @Test func runsCountCharactersAndStyleClustersByTheirFirstScalar() {
        // "e" then a combining acute accent after an escape: one Character, styled as the "e".
        let text = ANSIText(parsing: "\(esc)[31me\(esc)[32m\u{301}x\(esc)[0m日")
        #expect(text.plain == "e\u{301}x日")
        #expect(text.plain.count == 3)
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: Style(foreground: .ansi(1))), Run(range: 1 ..< 2, style: Style(foreground: .ansi(2))),
                Run(range: 2 ..< 3, style: .plain),
            ])
    }

    @Test func drawsRunsOverTheCells() {
        var canvas = Canvas(width: 8, height: 1)
        let text = ANSIText(parsing: "\(esc)[31mab\(esc)[0m日\(esc)[1mcdefg")
        let used = text.draw(into: &canvas, x: 1, y: 0, style: Style(background: .ansi(4)), maxWidth: 6)
        #expect(used == 6)
        #expect(canvas.lines == [" ab日c… "])
        #expect(canvas.cell(x: 1, y: 0)?.style == Style(foreground: .ansi(1), background: .ansi(4)))
        #expect(canvas.cell(x: 3, y: 0)?.style == Style(background: .ansi(4)))
        #expect(canvas.cell(x: 5, y: 0)?.style == Style(background: .ansi(4), attributes: .bold))
        #expect(canvas.cell(x: 7, y: 0)?.style == .plain)
    }

    @Test func randomInputsKeepTheProperties() {
        var seed: UInt64 = 0x5EED_A751
        let pieces = [
            "\u{1B}", "[", "]", "m", ";", "1", "38", "5", "2", "\u{07}", "\\", "a", "é", "\u{301}", "日", "?", ":", " ", "P",
        ]
        for round in 0 ..< 2000 {
            var line = ""
            for _ in 0 ..< Int(seed % 24) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line += pieces[Int(seed >> 33) % pieces.count]
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = ANSIText(parsing: line)
            #expect(!text.plain.unicodeScalars.contains("\u{1B}"), "round \(round): \(line.debugDescription)")
            var next = 0
            for run in text.runs {
                #expect(run.range.lowerBound == next && !run.range.isEmpty, "round \(round): \(line.debugDescription)")
                next = run.range.upperBound
            }
            #expect(next == text.plain.count, "round \(round): \(line.debugDescription)")
            #expect(ANSIText.stripping(line) == text.plain)
            _ = ANSIText(plain: text.plain, runs: text.runs)  // the invariant the initializer checks
        }
    }

    /// A piece's runs: cut to the piece and counted from its start (a wrapped line, one line of a
    /// multi-line row).
    @Test func theRunsOfAPieceAreCutToItAndCountedFromItsStart() {
        let red = Style(foreground: .ansi(1))
        let text = ANSIText(parsing: "ab\u{1B}[31mcd\u{1B}[0m")
        #expect(text.runs(in: 1 ..< 3) == [.init(range: 0 ..< 1, style: .plain), .init(range: 1 ..< 2, style: red)])
        #expect(text.runs(in: 2 ..< 4) == [.init(range: 0 ..< 2, style: red)])
        #expect(text.runs(in: 4 ..< 4) == [])
    }
}
