import Testing

@testable import TUIList

/// `Canvas.joiningBlankStyles()`: what a terminal shows is the same cell for cell, and a row
/// never changes style more often than before.
@Suite struct CanvasBlankStylesTests {
    static let styles: [Style] = [
        .plain, Style(attributes: .dim), Style(attributes: .bold), Style(foreground: .ansi(6), attributes: .bold),
        Style(attributes: .underline), Style(attributes: .reverse), .selection, Style(background: .indexed(236)),
        Style(foreground: .indexed(254), background: .indexed(236), attributes: .dim),
        Style(foreground: .ansi(2), attributes: .reverse),
    ]

    @Test func aBlankLooksTheSameAndNoRowChangesStyleMoreOften() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 3000 {
            var canvas = Canvas(width: 12, height: 2)
            for y in 0 ..< 2 {
                var x = 0
                while x < 12 {
                    let style = Self.styles.randomElement(using: &generator)!
                    let text = ["a", " ", "  ", "   ", "    ", "bc", "漢"].randomElement(using: &generator)!
                    x += canvas.draw(text, x: x, y: y, style: style)
                }
            }
            let joined = canvas.joiningBlankStyles()
            for y in 0 ..< 2 {
                var changes = (before: 0, after: 0)
                for x in 0 ..< 12 {
                    let (one, other) = (canvas[x, y], joined[x, y])
                    #expect(one.text == other.text)
                    if one.text == " " {
                        #expect(
                            one.style == other.style || Style.blanksLookAlike(one.style, other.style),
                            "\(x),\(y): \(one.style) → \(other.style)")
                    } else {
                        #expect(one.style == other.style, "\(x),\(y)")
                    }
                    if x > 0 {
                        changes.before += canvas[x - 1, y].style != one.style ? 1 : 0
                        changes.after += joined[x - 1, y].style != other.style ? 1 : 0
                    }
                }
                #expect(changes.after <= changes.before)
            }
        }
    }

    @Test func theGapBetweenTwoSpansTakesTheFirstsStyleAndLongRunsKeepTheirs() {
        var canvas = Canvas(width: 20, height: 1)
        let dim = Style(attributes: .dim), badge = Style(foreground: .ansi(6), attributes: .bold)
        canvas.draw("ab", x: 0, y: 0, style: dim)
        canvas.draw("cd", x: 3, y: 0, style: badge)
        let joined = canvas.joiningBlankStyles()
        #expect(joined[2, 0].style == dim)
        #expect(joined[5, 0].style == .plain, "a run of 15 blanks is left for the terminal to erase")
        var reversed = Canvas(width: 4, height: 1)
        reversed.draw("a", x: 0, y: 0, style: Style(attributes: .reverse))
        #expect(reversed.joiningBlankStyles()[1, 0].style == .plain, "a reversed blank shows: no join")
    }
}
