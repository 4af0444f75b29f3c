import Testing

@testable import TUIList

@Suite("Canvas")
struct CanvasTests {
    @Test func blankCanvasHasSpacesAndClampsNegativeSizes() {
        let canvas = Canvas(width: 3, height: 2)
        #expect(canvas.lines == ["   ", "   "])
        #expect(canvas[2, 1] == CanvasCell(text: " ", style: .plain))
        #expect(canvas.cell(x: 3, y: 0) == nil)
        #expect(canvas.cell(x: -1, y: 0) == nil)
        let empty = Canvas(width: -4, height: 2)
        #expect(empty.width == 0 && empty.height == 2)
        #expect(empty.lines == ["", ""])
    }

    @Test func drawsASCIIAndReturnsColumns() {
        var canvas = Canvas(width: 10, height: 1)
        let used = canvas.draw("hello", x: 2, y: 0)
        #expect(used == 5)
        #expect(canvas.lines == ["  hello   "])
    }

    @Test func wideCharactersTakeTwoCells() {
        var canvas = Canvas(width: 8, height: 1)
        #expect(canvas.draw("漢字🚀", x: 0, y: 0) == 6)
        #expect(canvas.lines == ["漢字🚀  "])
        #expect(canvas[0, 0].text == "漢")
        #expect(canvas[1, 0].isContinuation)
        #expect(canvas[4, 0].text == "🚀")
        #expect(canvas[5, 0].isContinuation)
    }

    @Test(arguments: ["漢", "🚀", "👩‍👩‍👧", "🇯🇵"])
    func wideCharacterAtTheRightEdgeIsNeverSplit(_ wide: String) {
        var canvas = Canvas(width: 5, height: 1)
        let used = canvas.draw("abcd" + wide, x: 0, y: 0, truncation: .clip)
        #expect(used == 5)
        #expect(canvas.lines == ["abcd "], "wide \(wide) at the edge")
        #expect(!canvas[4, 0].isContinuation)
        // The same against a clip rect inside the canvas.
        var clipped = Canvas(width: 8, height: 1)
        clipped.draw("ab" + wide + "x", x: 1, y: 0, clip: Rect(x: 0, y: 0, width: 4, height: 1), truncation: .clip)
        #expect(clipped.lines == [" ab     "])
    }

    @Test func combiningMarksJoinTheirBase() {
        var canvas = Canvas(width: 6, height: 1)
        let used = canvas.draw("e\u{301}a\u{308}\u{323}x", x: 0, y: 0)
        #expect(used == 3)
        #expect(canvas[0, 0].text == "e\u{301}")
        #expect(canvas[1, 0].text == "a\u{308}\u{323}")
        #expect(canvas[2, 0].text == "x")
        // A lone combining mark at the start joins the cell before it.
        canvas.draw("\u{301}", x: 3, y: 0)
        #expect(canvas[2, 0].text == "x\u{301}")
        #expect(canvas[3, 0].text == " ")
    }

    @Test func controlCharactersAreSkipped() {
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.draw("a\tb\nc\u{7}", x: 0, y: 0) == 3)
        #expect(canvas.lines == ["abc   "])
    }

    @Test func clipsToRect() {
        var canvas = Canvas(width: 10, height: 3)
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        #expect(canvas.draw("outside", x: 0, y: 0, clip: clip) == 0)
        canvas.draw("abcdefgh", x: 0, y: 1, clip: clip, truncation: .clip)
        #expect(canvas.lines == ["          ", "  cdef    ", "          "])
        // A wide char cut by the clip's left edge leaves a space in its visible half.
        var wide = Canvas(width: 6, height: 1)
        wide.fill(wide.bounds, with: "x", style: .plain)
        wide.draw("漢字", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 4, height: 1), truncation: .clip)
        #expect(wide.lines == ["xx 字x"])
    }

    @Test func negativeAndOutOfRangePositionsDrawNothingOrClip() {
        var canvas = Canvas(width: 4, height: 1)
        #expect(canvas.draw("abc", x: 0, y: 5) == 0)
        #expect(canvas.draw("abc", x: 0, y: -1) == 0)
        #expect(canvas.draw("abcdef", x: -2, y: 0, truncation: .clip) == 6)  // counted from x
        #expect(canvas.lines == ["cdef"])
        #expect(canvas.draw("z", x: 9, y: 0) == 0)
    }

    @Test func ellipsisTruncation() {
        var canvas = Canvas(width: 10, height: 4)
        #expect(canvas.draw("a very long title", x: 0, y: 0, maxWidth: 8) == 8)
        canvas.draw("fits", x: 0, y: 1, maxWidth: 4)
        canvas.draw("漢字漢字", x: 0, y: 2, maxWidth: 4)
        canvas.draw("abcdefghijklmn", x: 3, y: 3)
        #expect(canvas.lines == ["a very …  ", "fits      ", "漢 …      ", "   abcdef…"])
        var one = Canvas(width: 3, height: 1)
        one.draw("abc", x: 0, y: 0, maxWidth: 1)
        #expect(one.lines == ["…  "])
        var clipped = Canvas(width: 6, height: 1)
        clipped.draw("abcdefgh", x: 0, y: 0, truncation: .clip)
        #expect(clipped.lines == ["abcdef"])
    }

    @Test func drawingOverHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.draw("漢字漢", x: 0, y: 0)
        canvas.draw("a", x: 1, y: 0)  // over the right half of 漢
        #expect(canvas.lines == [" a字漢"])
        canvas.draw("b", x: 2, y: 0)  // over the left half of 字
        #expect(canvas.lines == [" ab 漢"])
        canvas.draw("🚀", x: 3, y: 0)  // over the right half... of a blank and the left half of 漢
        #expect(canvas.lines == [" ab🚀 "])
        #expect(canvas[5, 0] == CanvasCell(text: " ", style: .plain))
        for x in 0 ..< canvas.width where canvas[x, 0].isContinuation {
            #expect(x > 0 && TerminalText.columns(of: canvas[x - 1, 0].text) == 2)
        }
    }

    @Test func fillAndClear() {
        var canvas = Canvas(width: 5, height: 2)
        let red = Style(foreground: .red)
        canvas.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "字", style: red)
        #expect(canvas.lines == ["字字 ", "     "])
        #expect(canvas[4, 0].style == red)
        canvas.clear(Rect(x: 1, y: 0, width: 1, height: 1))  // half of the first 字
        #expect(canvas.lines == ["  字 ", "     "])
        canvas.clear()
        #expect(canvas == Canvas(width: 5, height: 2))
    }

    @Test func restyleChangesStylesOnly() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.draw("ab漢", x: 0, y: 0)
        canvas.restyle(Rect(x: 0, y: 0, width: 3, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(canvas.lines == ["ab漢  ", "      "])
        #expect(canvas[0, 0].style.attributes == .reverse)
        #expect(canvas[2, 0].style.attributes == .reverse)
        // The wide character cut by the rect takes the style on both halves.
        #expect(canvas[3, 0].style.attributes == .reverse)
        #expect(canvas[4, 0].style == .plain)
        #expect(canvas[0, 1].style == .plain)
    }

    @Test func linesAreExactlyWidthColumns() {
        var canvas = Canvas(width: 7, height: 2)
        canvas.draw("🚀x漢", x: 1, y: 1)
        for line in canvas.lines {
            #expect(TerminalText.columns(of: line) == 7)
        }
        #expect(canvas.lines[1] == " 🚀x漢 ")
    }

    @Test func resizeClears() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.draw("abc", x: 0, y: 0)
        canvas.resize(width: 2, height: 2)
        #expect(canvas.lines == ["  ", "  "])
        #expect(canvas.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
    }

    @Test func fittedKeepsWideCharactersWhole() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw("a漢b", x: 0, y: 0)
        #expect(canvas.fitted(width: 2, height: 2).lines == ["a ", "  "])
        #expect(canvas.fitted(width: 6, height: 1).lines == ["a漢b  "])
    }
}

@Suite("Rect")
struct RectTests {
    @Test func intersectionAndContains() {
        let a = Rect(x: 0, y: 0, width: 10, height: 5)
        let b = Rect(x: 5, y: 3, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 3, width: 5, height: 2))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).width == 0)
        #expect(a.contains(x: 9, y: 4))
        #expect(!a.contains(x: 10, y: 4))
        #expect(a.maxX == 10 && a.maxY == 5)
        #expect(Rect(x: 0, y: 0, width: -1, height: 3).isEmpty)
    }
}

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(
        arguments: [
            ("a", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0),
            ("漢", 2), ("あ", 2), ("한", 2), ("Ａ", 2), ("🚀", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🇯🇵", 2),
            ("❤️", 2), ("1️⃣", 2), ("…", 1), ("→", 1), ("\t", 0), ("\u{7F}", 0), ("\u{85}", 0), ("🫠", 2),
        ] as [(String, Int)])
    func characterWidths(_ text: String, _ width: Int) {
        #expect(text.count == 1)
        #expect(TerminalText.columns(of: Character(text)) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func stringWidths() {
        #expect(TerminalText.columns(of: "") == 0)
        #expect(TerminalText.columns(of: "ab漢字🚀") == 8)
        #expect(TerminalText.columns(of: "Cafe\u{301}") == 4)
    }

    @Test func wideTableIsSortedAndDisjoint() {
        let ranges = TerminalText.wideRanges
        for i in ranges.indices {
            #expect(ranges[i].0 <= ranges[i].1)
            if i > 0 { #expect(ranges[i - 1].1 < ranges[i].0) }
        }
    }
}

@Suite("Canvas random drawing")
struct CanvasRandomTests {
    @Test(arguments: 0 ..< 20)
    func wideCharactersStayWhole(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "b", " ", "漢", "字", "🚀", "👩‍👩‍👧", "🇯🇵", "e\u{301}", "\u{301}", "\u{FE0F}", "…", "\t", "1"]
        var canvas = Canvas(width: 13, height: 3)
        for _ in 0 ..< 60 {
            let text = (0 ..< Int.random(in: 0 ... 8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let x = Int.random(in: -3 ... 14, using: &random)
            let y = Int.random(in: -1 ... 3, using: &random)
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0:
                canvas.draw(text, x: x, y: y, maxWidth: Int.random(in: 0 ... 9, using: &random), truncation: .ellipsis)
            case 1:
                let clip = Rect(
                    x: Int.random(in: 0 ... 8, using: &random), y: 0, width: Int.random(in: 0 ... 8, using: &random), height: 3)
                canvas.draw(text, x: x, y: y, clip: clip, truncation: .clip)
            case 2:
                canvas.fill(
                    Rect(x: x, y: y, width: Int.random(in: 0 ... 5, using: &random), height: 2),
                    with: pieces.randomElement(using: &random)!.first!, style: .plain)
            default:
                canvas.clear(Rect(x: x, y: y, width: Int.random(in: 0 ... 4, using: &random), height: 1))
            }
            canvas._checkInvariants()
            for line in canvas.lines {
                #expect(TerminalText.columns(of: line) == 13, "seed \(seed): \(line)")
            }
        }
    }
}
