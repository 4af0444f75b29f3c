import TUIListTestSupport
import Testing

@testable import TUIList

/// `Canvas.draw` has a path for printable ASCII text; it must leave exactly what the general
/// path leaves, over wide characters already drawn, at every position, clip and truncation.
@Suite struct CanvasASCIITests {
    @Test func asciiPathDrawsWhatTheGeneralPathDraws() {
        var rng = SplitMix64(seed: 11)
        let texts = ["", "a", "hello world", "0123456789abcdefghij", "~!@#$%^&*() {}", "x y  z"]
        var cases = 0
        for _ in 0 ..< 3_000 {
            let width = rng.int(1 ... 14)
            var background = Canvas(width: width, height: 2)
            // Wide characters and plain ones underneath, so edges must break them cleanly.
            background.draw(rng.chance(0.5) ? "漢字漢字漢字漢字" : "ab漢c字de漢", x: rng.int(-2 ... 2), y: 0)
            let text = texts[rng.int(0 ... texts.count - 1)]
            let x = rng.int(-4 ... width + 1)
            let maxWidth: Int? = rng.chance(0.4) ? rng.int(0 ... 12) : nil
            let clip: Rect? = rng.chance(0.4) ? Rect(x: rng.int(0 ... width), y: 0, width: rng.int(0 ... width), height: 1) : nil
            let truncation: Truncation = rng.chance(0.7) ? .ellipsis : .clip
            let style = Style(attributes: .bold)
            var fast = background, general = background
            let fastColumns = fast.draw(text, x: x, y: 0, style: style, maxWidth: maxWidth, clip: clip, truncation: truncation)
            let generalColumns = general._draw(
                text, x: x, y: 0, style: style, maxWidth: maxWidth, clip: clip, truncation: truncation, asciiPath: false)
            #expect(
                fast == general && fastColumns == generalColumns,
                "\"\(text)\" at \(x) width \(width) maxWidth \(String(describing: maxWidth)) clip \(String(describing: clip)) \(truncation): \(fast.lines) vs \(general.lines)"
            )
            cases += 1
        }
        #expect(cases == 3_000)
    }
}
