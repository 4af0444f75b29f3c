import Testing

@testable import TUIList

// Helpers shared by the ListViewAnimation*Tests files.

/// A list titled "Item n" on a manual clock with the default timing, shown once (still) in a
/// `width` × `height` area, so the next animated apply has a screen to start from.
func makeAnimatedList(
    _ sections: [(String, [Int])], width: Int, height: Int,
    timing: TransitionTiming = .default
) -> (TestList, ManualClock) {
    let list = makeList(sections)
    let clock = ManualClock()
    list.animationClock = clock
    list.transitionTiming = timing
    _ = frame(list, width: width, height: height)
    return (list, clock)
}

/// One screen line with a marker in front telling its look (taken from its first cell, which
/// every row styles across its width): `~` dim (fading), `*` bold reverse (flashing), `>`
/// reverse (selected), a space otherwise.
func markedLines(_ canvas: Canvas) -> [String] {
    (0 ..< canvas.height).map { y in
        let attributes = canvas[0, y].style.attributes
        let marker: String
        if attributes.contains([.bold, .reverse]) {
            marker = "*"
        } else if attributes.contains(.dim) {
            marker = "~"
        } else if attributes.contains(.reverse) {
            marker = ">"
        } else {
            marker = " "
        }
        return marker + canvas.line(at: y)
    }
}

/// Renders the list at the given milliseconds after `start` and lays the screens side by side,
/// like a film strip: the first string names the moments, then one string per screen line
/// (each line with its marker, see ``markedLines(_:)``). Trailing blanks are trimmed.
func film(
    _ list: TestList, _ clock: ManualClock, width: Int, height: Int, ms: [Int],
    start: Double? = nil
) -> [String] {
    let origin = start ?? clock.now
    var screens: [[String]] = []
    for moment in ms {
        clock.now = max(clock.now, origin + Double(moment) / 1000)
        var canvas = Canvas(width: width, height: height)
        list.render(into: &canvas)
        screens.append(markedLines(canvas))
    }
    let column = width + 3
    func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, column - TerminalText.columns(of: text))) }
    var out = [ms.map { pad("\($0)") }.joined()]
    for y in 0 ..< height { out.append(screens.map { pad($0[y]) }.joined()) }
    return out.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// Expects a film strip, printing both line by line on mismatch.
func expectFilm(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        actual == expected,
        """
        film differs:
        \(actual.enumerated().map { i, line in "\(i < expected.count && expected[i] == line ? " " : "≠")|\(line)|" }.joined(separator: "\n"))
        expected:
        \(expected.map { " |\($0)|" }.joined(separator: "\n"))
        """, sourceLocation: sourceLocation)
}
