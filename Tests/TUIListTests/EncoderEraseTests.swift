import Testing

@testable import TUIList

/// ``AnsiFrameEncoder`` erases runs of blanks (EL to the row's end, ECH within a run) instead of
/// writing them, and draws ``TextAttributes/bar`` in colours when told the terminal can: checked
/// by playing its bytes on a small model of a VT terminal and comparing what shows.
@Suite struct EncoderEraseTests {
    /// A screen that plays what the encoder writes: CUP, CHA, CUU, CUD, CUF, CR, ECH, EL, ED,
    /// SGR and ASCII text; an erased cell takes the current background where `bce`, else the
    /// default one.
    struct ModelTerminal {
        var cells: [[CanvasCell]]
        var x = 0, y = 0
        var style = Style()
        let bce: Bool

        init(width: Int, height: Int, bce: Bool) {
            cells = Array(repeating: Array(repeating: CanvasCell(), count: width), count: height)
            self.bce = bce
        }

        mutating func play(_ bytes: String) {
            var rest = Substring(bytes)
            while let character = rest.first {
                if character == "\u{1B}", rest.dropFirst().first == "[" {
                    let body = rest.dropFirst(2).prefix { !$0.isLetter }
                    let final = rest.dropFirst(2 + body.count).first!
                    rest = rest.dropFirst(3 + body.count)
                    guard !body.hasPrefix("?") else { continue }
                    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    let n = Swift.max(1, numbers.first ?? 1)
                    switch final {
                    case "H":
                        (y, x) = (Swift.max(1, numbers.first ?? 1) - 1, Swift.max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
                    case "G": x = n - 1
                    case "A": y -= n
                    case "B": y += n
                    case "C": x = Swift.min(x + n, cells[0].count - 1)
                    case "X": erase(from: x, count: n)
                    case "K": erase(from: x, count: cells[0].count - x)
                    case "J":
                        erase(from: x, count: cells[0].count - x)
                        for row in y + 1 ..< cells.count { cells[row] = cells[row].map { _ in erased } }
                    case "m": sgr(numbers)
                    default: Issue.record("unexpected CSI \(body)\(final)")
                    }
                } else if character == "\r" {
                    x = 0
                    rest = rest.dropFirst()
                } else {
                    cells[y][x] = CanvasCell(text: String(character), style: style)
                    x = Swift.min(x + 1, cells[0].count - 1)
                    rest = rest.dropFirst()
                }
            }
        }

        var erased: CanvasCell { CanvasCell(text: " ", style: Style(background: bce ? style.background : .default)) }

        mutating func erase(from start: Int, count: Int) {
            for column in start ..< Swift.min(start + count, cells[0].count) { cells[y][column] = erased }
        }

        mutating func sgr(_ numbers: [Int]) {
            var index = 0
            while index < numbers.count {
                let code = numbers[index]
                switch code {
                case 0: style = Style()
                case 1: style.attributes.insert(.bold)
                case 2: style.attributes.insert(.dim)
                case 3: style.attributes.insert(.italic)
                case 4: style.attributes.insert(.underline)
                case 7: style.attributes.insert(.reverse)
                case 30 ... 37: style.foreground = .ansi(UInt8(code - 30))
                case 40 ... 47: style.background = .ansi(UInt8(code - 40))
                case 39: style.foreground = .default
                case 49: style.background = .default
                case 38, 48:
                    let color = TerminalColor.indexed(UInt8(numbers[index + 2]))
                    if code == 38 { style.foreground = color } else { style.background = color }
                    index += 2
                default: Issue.record("unexpected SGR \(code)")
                }
                index += 1
            }
        }
    }

    /// What a cell looks like: a blank shows only its background unless it is reversed or
    /// underlined; the bar hint itself shows nothing.
    static func looks(_ cell: CanvasCell) -> CanvasCell {
        var style = cell.style
        style.attributes.remove(.bar)
        if cell.text == " " && style.attributes.isDisjoint(with: [.reverse, .underline]) {
            style = Style(background: style.background)
        }
        return CanvasCell(text: cell.text, style: style)
    }

    static let styles = [
        Style(), Style(attributes: .bold), Style(foreground: .ansi(1)), Style(background: .ansi(4)),
        Style(background: .indexed(236)), Style(attributes: .underline), Style(attributes: .reverse), .selection,
        Style(foreground: .ansi(2), attributes: [.bold, .reverse, .bar]),
    ]

    static func randomCanvas(_ rng: inout SplitMix64, width: Int, height: Int, from start: Canvas? = nil) -> Canvas {
        var canvas = start ?? Canvas(width: width, height: height)
        for _ in 0 ..< rng.int(1 ... 8) {
            let x = rng.int(0 ... width - 1), y = rng.int(0 ... height - 1)
            let style = styles[rng.int(0 ... styles.count - 1)]
            switch rng.int(0 ... 3) {
            case 0:
                let text = String(
                    (0 ..< rng.int(1 ... 12)).map { _ in rng.chance(0.6) ? " " : "abc".randomElement(using: &rng)! })
                canvas.draw(text, x: x, y: y, style: style)
            case 1: canvas.restyle(Rect(x: x, y: y, width: rng.int(1 ... width), height: 1)) { $0 = $0.overlaid(with: style) }
            case 2: canvas.clear(Rect(x: x, y: y, width: rng.int(1 ... width), height: 1), style: style)
            default: canvas.clear(Rect(x: x, y: y, width: rng.int(1 ... width), height: 1))
            }
        }
        return canvas
    }

    /// 3,000 random pairs of frames, every mix of `bce` and bars in colour, both placements:
    /// the model shows the second frame after playing both. (Erasing a coloured blank without
    /// `bce`, erasing an underlined one, or an ECH that moves no cursor, all fail it.)
    @Test func whatTheModelShowsIsTheFrame() {
        for seed in UInt64(1) ... 3000 {
            var rng = SplitMix64(seed: seed)
            let (width, height) = (rng.int(1 ... 30), rng.int(1 ... 4))
            let old = Self.randomCanvas(&rng, width: width, height: height)
            let new = Self.randomCanvas(&rng, width: width, height: height, from: rng.chance(0.8) ? old : nil)
            var encoder = AnsiFrameEncoder(placement: rng.chance(0.5) ? .screen : .inline)
            encoder.erasesInBackgroundColour = rng.chance(0.5)
            encoder.barsInColour = rng.chance(0.5)
            encoder.erasesCharacters = rng.chance(0.8)
            var model = ModelTerminal(width: width, height: height, bce: encoder.erasesInBackgroundColour)
            model.play(encoder.encode(old))
            let bytes = encoder.encode(new)
            #expect(encoder.erasesCharacters || !bytes.contains("X"), "no ECH where the terminal has none: seed \(seed)")
            model.play(bytes)
            let expected = encoder.barsInColour ? new.withBarsInColour() : new
            for y in 0 ..< height {
                let shown = model.cells[y].map(Self.looks)
                let wanted = (0 ..< width).map { Self.looks(expected[$0, y]) }
                #expect(shown == wanted, "seed \(seed), row \(y)")
                if shown != wanted { return }
            }
        }
    }

    /// A selection bar moving down a line over 80 columns: the blanks after each row's text are
    /// erased (in the bar's dark grey with `bce`, after an SGR of its colours), not written.
    @Test func aMovingBarErasesItsBlanks() {
        func frame(selected: Int) -> Canvas {
            var canvas = Canvas(width: 80, height: 3)
            for y in 0 ..< 3 { canvas.draw(" line \(y)", x: 0, y: y) }
            canvas.restyle(Rect(x: 0, y: selected, width: 80, height: 1)) { $0 = $0.overlaid(with: .selection) }
            return canvas
        }
        var encoder = AnsiFrameEncoder(placement: .inline)
        (encoder.erasesInBackgroundColour, encoder.barsInColour) = (true, true)
        _ = encoder.encode(frame(selected: 0))
        let move = encoder.encode(frame(selected: 1))
        #expect(
            move == "\r\u{1B}[0m line 0\u{1B}[K\u{1B}[1B\r\u{1B}[0;38;5;254;48;5;236m line 1\u{1B}[K\u{1B}[0m\u{1B}[1A\r",
            "\(move.debugDescription)")
        var plain = AnsiFrameEncoder(placement: .inline)
        _ = plain.encode(frame(selected: 0))
        let reversed = plain.encode(frame(selected: 1))
        #expect(reversed.contains("\u{1B}[0;7m line 1" + String(repeating: " ", count: 73)), "reverse video: every blank written")
        #expect(reversed.contains(" line 0\u{1B}[K"), "the plain row's blanks: erased")
    }
}
