import TUIListTestSupport
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
            ("❤️", 2), ("1️⃣", 1), ("…", 1), ("→", 1), ("\t", 0), ("\u{7F}", 0), ("\u{85}", 0), ("🫠", 2),
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

    /// Each rule's boundary and the scalars on either side of it, written out by hand (not read
    /// from the table under test), one scalar per character.
    @Test(
        arguments: [
            // C0, the ASCII fast path, DEL, C1 and the no-break space just after it.
            (0x00, 0), (0x1F, 0), (0x20, 1), (0x7E, 1), (0x7F, 0), (0x80, 0), (0x85, 0), (0x9F, 0), (0xA0, 1), (0xA1, 1),
            // The soft hyphen (format, but shown as a hyphen) between two ordinary characters.
            (0xAC, 1), (0xAD, 1), (0xAE, 1),
            // Combining marks (Mn) and their neighbours, an enclosing mark (Me), format (Cf).
            (0x2FF, 1), (0x300, 0), (0x36F, 0), (0x370, 1), (0x483, 0), (0x20DD, 0), (0x200A, 1), (0x200B, 0),
            (0x200F, 0), (0x2010, 1), (0x2060, 0), (0xFEFF, 0), (0xFE0F, 0),
            // Hangul: leading jamo wide, medial vowels and final consonants zero, then Ethiopic.
            (0x10FF, 1), (0x1100, 2), (0x115F, 2), (0x1160, 0), (0x11A7, 0), (0x11A8, 0), (0x11FF, 0), (0x1200, 1),
            (0xA95F, 1), (0xA960, 2), (0xA97C, 2), (0xA97D, 1),
            (0xABFF, 1), (0xAC00, 2), (0xD7A3, 2), (0xD7A4, 1), (0xD7AF, 1), (0xD7B0, 0), (0xD7C6, 0), (0xD7CB, 0),
            (0xD7FB, 0), (0xD7FF, 0), (0xE000, 1),
            // East Asian Wide and Fullwidth ranges at their ends.
            (0x2319, 1), (0x231A, 2), (0x231B, 2), (0x231C, 1), (0x2E7F, 1), (0x2E80, 2), (0x2FFF, 1), (0x3000, 2),
            (0x303E, 2), (0x303F, 1), (0x3040, 1), (0x3041, 2), (0x4DBF, 2), (0x4DC0, 1), (0x4DFF, 1), (0x4E00, 2),
            (0x9FFF, 2), (0xA48C, 2), (0xA48D, 1), (0xF8FF, 1), (0xF900, 2), (0xFAFF, 1), (0xFF00, 1), (0xFF01, 2),
            (0xFF60, 2), (0xFF61, 1), (0xFFDF, 1), (0xFFE0, 2), (0xFFE6, 2), (0xFFE7, 1),
            (0x1F1E5, 1), (0x1F1E6, 1), (0x1F1FF, 1), (0x1F300, 2), (0x1F320, 2), (0x1F321, 1), (0x1F64F, 2), (0x1F650, 1),
            (0x1FA6F, 1), (0x1FA70, 2), (0x1FAFF, 2), (0x1FB00, 1),
            (0x1FFFD, 1), (0x20000, 2), (0x2FFFD, 2), (0x2FFFE, 1), (0x30000, 2), (0x3FFFD, 2), (0x3FFFE, 1), (0xE0001, 0),
            (0x10FFFD, 1),
        ] as [(UInt32, Int)])
    func eachRulesBoundaryAndItsNeighbours(_ value: UInt32, _ width: Int) {
        let character = Character(Unicode.Scalar(value)!)
        #expect(TerminalText.columns(of: character) == width, "U+\(String(value, radix: 16, uppercase: true))")
        #expect(TerminalText.columns(of: String(character) + "a") == width + 1, "U+\(String(value, radix: 16)) then a")
    }

    /// Clusters: measured by their first scalar, unless they are an emoji with a presentation
    /// selector, a ZWJ sequence of emoji or a flag. As fzf 0.74.5 counts them (measured in
    /// tmux by where it cuts a row): a keycap 1, VS15 1 even after a wide emoji, a skin tone joined.
    @Test(
        arguments: [
            ("\u{1100}\u{1161}", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("a\u{300}\u{301}", 1), ("\u{20DD}", 0),
            ("❤", 1), ("❤\u{FE0F}", 2), ("❤\u{FE0E}", 1), ("a\u{FE0F}", 1), ("#\u{FE0F}\u{20E3}", 1),
            ("1\u{FE0F}\u{20E3}", 1), ("⌚\u{FE0E}", 1), ("⌚\u{FE0F}", 2), ("☺\u{FE0F}", 2), ("👍\u{1F3FD}", 2),
            ("👨\u{200D}👩\u{200D}👧", 2), ("🏳\u{FE0F}\u{200D}🌈", 2),
            ("👨\u{200D}💻", 2), ("\u{1F1E6}\u{1F1E6}", 2), ("\u{1F1FF}\u{1F1FF}", 2), ("漢\u{301}", 2),
            ("\r\n", 0),
        ] as [(String, Int)])
    func clusterWidths(_ text: String, _ width: Int) {
        #expect(text.count == 1)
        #expect(TerminalText.columns(of: Character(text)) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// A prompt keeps the characters the width rules draw (a no-break space, a soft hyphen) and
    /// drops only the controls that draw nothing.
    @Test func aPromptKeepsWhatIsDrawnAndDropsControls() {
        #expect(TextPrompt.oneLine("a\u{A0}b") == ["a", "\u{A0}", "b"])
        #expect(TextPrompt.oneLine("a\u{AD}b") == ["a", "\u{AD}", "b"])
        #expect(TextPrompt.oneLine("a\u{9F}\u{80}\u{7F}\u{1F}\u{0}b") == ["a", "b"])
        #expect(TextPrompt.oneLine("a\tb\nc\u{85}d\r\ne") == ["a", " ", "b", " ", "c", " ", "d", " ", "e"])
        var prompt = TextPrompt(text: "x\u{A0}y")
        #expect(prompt.text == "x\u{A0}y" && prompt.cursor == 3)
        prompt.insert("\u{A0}")
        #expect(prompt.text == "x\u{A0}y\u{A0}")
        #expect(prompt.width(atMost: 80) == 5)
        var canvas = Canvas(width: 6, height: 1)
        TextPrompt(text: "\u{A0}z").draw(into: &canvas, in: canvas.bounds)
        #expect(canvas[0, 0].text == "\u{A0}" && canvas[1, 0].text == "z")
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
