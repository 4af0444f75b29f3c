import TUIListTestSupport
import Testing

@testable import TUIList

/// ``LineSplitter``: the one rule for text split into lines, on the input of each place that
/// splits (the picker's reader, a preview, watched output and failure text, `--header`,
/// `git show`, a ``TextView``, a list's empty message).
@Suite struct LineSplitterTests {
    /// The reader's rule (fzf's items and `--header`): LF ends a line, a CR before it is the line's.
    @Test func aCarriageReturnIsTheLinesAndTheLastLineCountsWithoutItsSeparator() {
        #expect(LineSplitter.lines(in: Array("a\r\nb\n\nc".utf8)) == ["a\r", "b", "", "c"])
        #expect(LineSplitter.lines(in: Array("a\n".utf8)) == ["a"])
        #expect(LineSplitter.lines(in: Array("\n".utf8)) == [""])
        #expect(LineSplitter.lines(in: []) == [])
        #expect(LineSplitter.lines(in: Array("a\nb\0c\r\0".utf8), separator: 0) == ["a\nb", "c\r"])
        // --header "h1\r\nh2\n", as fzf 0.74.5 draws it: "h1␍", "h2", no empty line.
        #expect(LineSplitter.lines(in: Array("h1\r\nh2\n".utf8)) == ["h1\r", "h2"])
    }

    /// Text that is shown (fzf's preview, procps watch's output): a CRLF ends a line whole.
    @Test func shownTextEndsALineAtCRLFAndKeepsALoneCR() {
        // `--preview "printf 'one\r\ntwo\r\n'"`: fzf draws "one" and "two".
        #expect(LineSplitter.lines(of: "one\r\ntwo\r\n") == ["one", "two"])
        #expect(LineSplitter.lines(in: Array("one\r\ntwo\r\n".utf8), carriageReturn: .lineEnd) == ["one", "two"])
        // A lone CR ends no line (fzf draws "abcdef␍XY", watch "abcdef XY", on one line).
        #expect(LineSplitter.lines(of: "abcdef\rXY\nnext\n") == ["abcdef\rXY", "next"])
        #expect(LineSplitter.lines(of: "\r") == ["\r"])
        #expect(LineSplitter.lines(of: "a\r") == ["a\r"], "no LF after it: the line's")
        #expect(LineSplitter.lines(of: "\r\n") == [""])
        #expect(LineSplitter.lines(of: "a\r\r\n") == ["a\r"], "only the CR right before the LF")
        #expect(LineSplitter.lines(of: "a\n\r\nb") == ["a", "", "b"])
        #expect(LineSplitter.lines(of: "") == [])
        #expect(LineSplitter.lines(of: "👨‍👩‍👧\r\ne\u{301}\r\n") == ["👨‍👩‍👧", "e\u{301}"], "clusters kept whole")
        // NUL-separated: a CR is always the line's.
        #expect(LineSplitter.lines(in: Array("c\r\0d\r\n\0".utf8), separator: 0, carriageReturn: .lineEnd) == ["c\r", "d\r\n"])
    }

    /// The rule against a reference written with Swift's own splitting on scalars, over
    /// random text of LF, CR, NUL, ASCII and clusters that hold either.
    @Test(arguments: [UInt64(1), 2, 3])
    func shownTextMatchesAScalarReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["\n", "\r", "\r\n", "a", "é", "e\u{301}", "👨‍👩‍👧", "\0", "\t", "漢"]
        for _ in 0 ..< 2_000 {
            let text = (0 ..< random.int(0 ... 12)).map { _ in pieces[random.int(0 ... pieces.count - 1)] }.joined()
            // Reference: split the scalars at LF, no line after a last LF, drop a CR before an LF.
            var expected = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                String(String.UnicodeScalarView($0))
            }
            let endsWithLF = text.unicodeScalars.last == "\n"
            if endsWithLF || text.isEmpty { expected.removeLast() }
            for index in expected.indices where index < expected.count - 1 || endsWithLF {
                if expected[index].unicodeScalars.last == "\r" { expected[index].unicodeScalars.removeLast() }
            }
            #expect(LineSplitter.lines(of: text) == expected, "seed \(seed): \(text.debugDescription)")
        }
    }

    /// Every place that shows text uses the rule: a TextView and an empty list's message.
    @Test func textViewAndEmptyMessageSplitAtCRLF() {
        #expect(TextView(text: "one\r\ntwo\r\n").blocks == [.text("one"), .text("two")])
        #expect(TextView(text: "a\n\nb").blocks == [.text("a"), .blank, .text("b")])
        var canvas = Canvas(width: 5, height: 2)
        EmptyStateView(text: "one\r\ntwo").draw(into: &canvas, rect: canvas.bounds)
        #expect(canvas.lines == [" one ", " two "])
    }
}
