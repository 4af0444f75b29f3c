import TUIList
import Testing

/// ``AnsiFrameEncoder`` with ``AnsiFrameEncoder/Placement/inline``: relative moves only, the
/// cursor back on the frame's first line after each frame.
@Suite struct InlineEncoderTests {
    @Test func aFullFrameClearsFromTheCursorDownAndReturnsToTheFirstLine() {
        var encoder = AnsiFrameEncoder(placement: .inline)
        var canvas = Canvas(width: 10, height: 3)
        canvas.draw("top", x: 0, y: 0)
        canvas.draw("end", x: 2, y: 2)
        let bytes = encoder.encode(canvas)
        #expect(bytes == "\u{1B}[?25l\u{1B}[0m\r\u{1B}[J" + "\rtop" + "\u{1B}[2B\u{1B}[3Gend" + "\u{1B}[2A\r")
        #expect(!bytes.contains("H"), "no absolute cursor move")
    }

    @Test func aChangeIsReachedRelativelyAndTheCursorComesBack() {
        var encoder = AnsiFrameEncoder(placement: .inline)
        var canvas = Canvas(width: 10, height: 3)
        canvas.draw("abc", x: 0, y: 1)
        _ = encoder.encode(canvas)
        canvas.draw("X", x: 1, y: 1)
        #expect(encoder.encode(canvas) == "\u{1B}[1B\u{1B}[2G\u{1B}[0mX\u{1B}[1A\r")
        #expect(encoder.encode(canvas) == "", "nothing changed, nothing written (the cursor did not move)")
    }

    @Test func theScreenPlacementIsUnchanged() {
        var encoder = AnsiFrameEncoder()
        var canvas = Canvas(width: 10, height: 2)
        canvas.draw("hi", x: 3, y: 1)
        #expect(encoder.encode(canvas) == "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;4Hhi")
    }

    /// A cluster whose width terminals dispute (a skin tone: tmux 3.3 draws 4 columns, we count
    /// 2) goes over blanks of its width, then the cursor moves to where we count its end and the
    /// cells after it are written again (even unchanged ones, up to 4 columns); autowrap is off
    /// for the frame. Before, `👍🏽 a` pushed `a` two columns right in tmux 3.3.
    @Test func aClusterOfDisputedWidthCannotMoveTheRestOfTheRow() {
        var encoder = AnsiFrameEncoder(placement: .inline)
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("xy    abcd", x: 0, y: 0)
        _ = encoder.encode(canvas)
        canvas.draw("👍🏽", x: 2, y: 0)
        #expect(
            encoder.encode(canvas)
                == "\u{1B}[?7l" + "\u{1B}[3G\u{1B}[0m" + "  \u{1B}[3G👍🏽\u{1B}[5G" + "  ab" + "\u{1B}[?7h" + "\r")
        canvas.draw("e\u{301}🚀", x: 2, y: 0)
        #expect(encoder.encode(canvas) == "\u{1B}[3G\u{1B}[0me\u{301}🚀\r", "marks and single emoji: as they are")
    }
}
