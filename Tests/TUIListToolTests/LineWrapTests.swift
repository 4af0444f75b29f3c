import TUIList
import Testing

@testable import TUIListTool

/// ``LineWrap``: pieces that give the line back, each within its room, a wide character never
/// split, at words when asked (after the last blank that fits, as fzf's `--wrap=word`).
@Suite struct LineWrapTests {
    @Test func piecesGiveTheLineBackWithinTheirRoom() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", " ", "\t", "漢", "é", "-", "😀"]
        for _ in 0 ..< 3000 {
            let characters = (0 ..< Int.random(in: 0 ... 40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let width = Int.random(in: 1 ... 12, using: &generator), rest = Int.random(in: 1 ... 12, using: &generator)
            let atWords = Bool.random(using: &generator)
            let pieces = LineWrap.pieces(of: characters, width: width, rest: rest, atWords: atWords)
            let label = "\(String(characters).debugDescription) \(width)/\(rest) words: \(atWords) → \(pieces)"
            #expect(pieces.flatMap { characters[$0] } == characters, "\(label)")
            #expect(
                pieces.first?.lowerBound == 0 && zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            for (index, piece) in pieces.enumerated() {
                let room = index == 0 ? width : rest
                let columns = characters[piece].reduce(0) { $0 + TerminalText.columns(of: $1) }
                // (A piece of one character wider than the room is that character alone.)
                #expect(columns <= room || piece.count == 1, "\(label)")
                #expect(!piece.isEmpty || characters.isEmpty, "\(label)")
                if !atWords && index < pieces.count - 1 {
                    let next = TerminalText.columns(of: characters[piece.upperBound])
                    #expect(columns + next > room, "a char piece is as full as it can be: \(label)")
                }
            }
        }
    }

    @Test func wordsBreakAfterTheLastBlankThatFits() {
        #expect(LineWrap.pieces(of: Array("ab cd ef"), width: 5, rest: 3, atWords: true) == [0 ..< 3, 3 ..< 6, 6 ..< 8])
        #expect(LineWrap.pieces(of: Array("abcdefgh"), width: 5, rest: 3, atWords: true) == [0 ..< 5, 5 ..< 8])
        #expect(LineWrap.pieces(of: Array("abcdefgh"), width: 5, rest: 3) == [0 ..< 5, 5 ..< 8])
        #expect(LineWrap.pieces(of: Array(""), width: 5, rest: 3) == [0 ..< 0])
    }
}

/// `--wrap` in the picker: a long line over several rows, its later rows after `↳ `;
/// `toggle-wrap` back to one row.
@Suite struct PickerWrapTests {
    @Test func aLongLineWrapsAndTogglesBack() throws {
        var options = try PickerMoreActionsTests.options("ctrl-a:toggle-wrap")
        options.wrap = PickerWrap(atWords: true)
        let long = String(repeating: "x", count: 30) + " " + String(repeating: "y", count: 40) + " end"
        let picker = try PickerMoreActionsTests.Picker(options, lines: [long, "1", "2"], columns: 40, rows: 10)
        picker.step { picker.rows.contains { $0.hasPrefix("1") } }
        #expect(picker.rows[1].hasPrefix(String(repeating: "x", count: 30)) && !picker.rows[1].contains("y"), "\(picker.rows)")
        #expect(picker.rows[2].hasPrefix("↳ yyy") && picker.rows[3].hasPrefix("↳ yyy") && picker.rows[3].hasSuffix("end"))
        #expect(picker.rows[4].hasPrefix("1"))
        picker.press(.control("a"))
        #expect(picker.rows[1].hasPrefix("xxx") && picker.rows[2].hasPrefix("1"), "one row: \(picker.rows)")
        picker.press(.down, .enter)
        #expect(picker.app.chosen == ["1"])
    }
}
