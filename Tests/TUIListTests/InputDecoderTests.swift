import TUIListTestSupport
import Testing

@testable import TUIList

/// What real terminals send, per family, and the key each must decode to.
private let sequencesByTerminal: [(terminal: String, sequences: [(String, Key)])] = [
    (
        "xterm / VTE / kitty / iTerm2 (normal cursor mode)",
        [
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end),
            ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
            ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)),
            ("\u{1B}[19~", .function(8)), ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)),
            ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
            ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;2C", .shiftRight), ("\u{1B}[1;2D", .shiftLeft),
            ("\u{1B}[1;5D", .modified(.left, .control)), ("\u{1B}[1;5C", .modified(.right, .control)),
            ("\u{1B}[1;3A", .modified(.up, .alt)), ("\u{1B}[1;6B", .modified(.down, [.control, .shift])),
            ("\u{1B}[1;5H", .modified(.home, .control)), ("\u{1B}[1;2F", .modified(.end, .shift)),
            ("\u{1B}[3;5~", .modified(.delete, .control)), ("\u{1B}[15;2~", .modified(.function(5), .shift)),
            ("\u{1B}[1;2P", .modified(.function(1), .shift)), ("\u{1B}[Z", .backTab),
            ("\u{1B}[27;5;106~", .control("j")), ("\u{1B}[106;5u", .control("j")), ("\u{1B}[13u", .enter),
            ("\u{1B}[97;3u", .modified(.character("a"), .alt)), ("\u{1B}[27u", .escape),
        ]
    ),
    (
        "kitty keyboard protocol (CSI code ; modifiers u): every modifier form of a letter, a digit, named keys",
        [
            ("\u{1B}[97u", .character("a")), ("\u{1B}[97;1u", .character("a")), ("\u{1B}[97;2u", .character("A")),
            ("\u{1B}[97;3u", .modified(.character("a"), .alt)), ("\u{1B}[97;4u", .modified(.character("A"), .alt)),
            ("\u{1B}[97;5u", .control("a")), ("\u{1B}[97;6u", .control("a")),
            ("\u{1B}[97;7u", .modified(.control("a"), .alt)), ("\u{1B}[97;8u", .modified(.control("a"), .alt)),
            ("\u{1B}[97;9u", .modified(.character("a"), .meta)), ("\u{1B}[97;10u", .modified(.character("A"), .meta)),
            ("\u{1B}[122;2u", .character("Z")), ("\u{1B}[122;6u", .control("z")), ("\u{1B}[65;2u", .character("A")),
            ("\u{1B}[49u", .character("1")), ("\u{1B}[49;2u", .modified(.character("1"), .shift)),
            ("\u{1B}[49;3u", .modified(.character("1"), .alt)), ("\u{1B}[49;5u", .modified(.character("1"), .control)),
            ("\u{1B}[48;6u", .modified(.character("0"), [.control, .shift])),
            ("\u{1B}[57;4u", .modified(.character("9"), [.alt, .shift])),
            ("\u{1B}[13;2u", .modified(.enter, .shift)), ("\u{1B}[13;5u", .modified(.enter, .control)),
            ("\u{1B}[13;3u", .modified(.enter, .alt)), ("\u{1B}[9u", .tab), ("\u{1B}[9;2u", .backTab),
            ("\u{1B}[9;5u", .modified(.tab, .control)), ("\u{1B}[9;6u", .modified(.tab, [.control, .shift])),
            ("\u{1B}[127u", .backspace), ("\u{1B}[127;3u", .modified(.backspace, .alt)),
            ("\u{1B}[127;5u", .modified(.backspace, .control)), ("\u{1B}[27;2u", .modified(.escape, .shift)),
            ("\u{1B}[32u", .character(" ")), ("\u{1B}[32;5u", .modified(.character(" "), .control)),
            ("\u{1B}[32;2u", .modified(.character(" "), .shift)),
            // Subfields: the shifted key, the event type (press, repeat); lock states.
            ("\u{1B}[97:65;2u", .character("A")), ("\u{1B}[97;5:1u", .control("a")), ("\u{1B}[97;1:2u", .character("a")),
            ("\u{1B}[49:33;2:1u", .modified(.character("1"), .shift)), ("\u{1B}[1;5:1A", .modified(.up, .control)),
            ("\u{1B}[97;65u", .character("a")), ("\u{1B}[97;133u", .control("a")),
            ("\u{1B}[97;195u", .modified(.character("a"), .alt)),
        ]
    ),
    (
        "xterm modifyOtherKeys (CSI 27 ; modifiers ; code ~): every modifier form of a letter, a digit, named keys",
        [
            ("\u{1B}[27;2;97~", .character("A")), ("\u{1B}[27;2;65~", .character("A")),
            ("\u{1B}[27;3;97~", .modified(.character("a"), .alt)), ("\u{1B}[27;4;65~", .modified(.character("A"), .alt)),
            ("\u{1B}[27;4;97~", .modified(.character("A"), .alt)), ("\u{1B}[27;5;97~", .control("a")),
            ("\u{1B}[27;6;97~", .control("a")), ("\u{1B}[27;6;65~", .control("a")),
            ("\u{1B}[27;7;97~", .modified(.control("a"), .alt)), ("\u{1B}[27;8;65~", .modified(.control("a"), .alt)),
            ("\u{1B}[27;2;90~", .character("Z")), ("\u{1B}[27;1;97~", .character("a")),
            ("\u{1B}[27;5;49~", .modified(.character("1"), .control)),
            ("\u{1B}[27;6;50~", .modified(.character("2"), [.control, .shift])),
            ("\u{1B}[27;2;13~", .modified(.enter, .shift)), ("\u{1B}[27;5;13~", .modified(.enter, .control)),
            ("\u{1B}[27;2;9~", .backTab), ("\u{1B}[27;5;9~", .modified(.tab, .control)),
            ("\u{1B}[27;3;127~", .modified(.backspace, .alt)), ("\u{1B}[27;5;8~", .modified(.backspace, .control)),
            ("\u{1B}[27;3;27~", .modified(.escape, .alt)), ("\u{1B}[27;5;32~", .modified(.character(" "), .control)),
        ]
    ),
    (
        "every modifier form of named keys (xterm's parameter 2 … 16)",
        [
            ("\u{1B}[1;3D", .modified(.left, .alt)), ("\u{1B}[1;4D", .modified(.left, [.alt, .shift])),
            ("\u{1B}[1;7D", .modified(.left, [.control, .alt])), ("\u{1B}[1;8D", .modified(.left, [.control, .alt, .shift])),
            ("\u{1B}[1;9D", .modified(.left, .meta)), ("\u{1B}[1;10A", .modified(.up, [.meta, .shift])),
            ("\u{1B}[1;16B", .modified(.down, [.meta, .control, .alt, .shift])), ("\u{1B}[1;1C", .right),
            ("\u{1B}[1;2H", .modified(.home, .shift)), ("\u{1B}[1;6F", .modified(.end, [.control, .shift])),
            ("\u{1B}[5;2~", .modified(.pageUp, .shift)), ("\u{1B}[6;3~", .modified(.pageDown, .alt)),
            ("\u{1B}[2;5~", .modified(.insert, .control)), ("\u{1B}[3;2~", .modified(.delete, .shift)),
            ("\u{1B}[3;6~", .modified(.delete, [.control, .shift])),
            ("\u{1B}[24;8~", .modified(.function(12), [.control, .alt, .shift])),
            ("\u{1B}[1;5S", .modified(.function(4), .control)), ("\u{1B}[1;3Q", .modified(.function(2), .alt)),
            ("\u{1B}O5P", .modified(.function(1), .control)),
        ]
    ),
    (
        "xterm / tmux (application cursor mode, smkx)",
        [
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}OM", .enter), ("\u{1B}Ok", .character("+")),
            ("\u{1B}Op", .character("0")), ("\u{1B}Oy", .character("9")), ("\u{1B}O2P", .modified(.function(1), .shift)),
        ]
    ),
    (
        "tmux / screen / Linux console / rxvt (VT220 editing keys)",
        [
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
            ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)),
            ("\u{1B}[14~", .function(4)),
        ]
    ),
    (
        "Linux console",
        [
            ("\u{1B}[[A", .function(1)), ("\u{1B}[[B", .function(2)), ("\u{1B}[[C", .function(3)),
            ("\u{1B}[[D", .function(4)), ("\u{1B}[[E", .function(5)),
        ]
    ),
    (
        "rxvt / urxvt",
        [
            ("\u{1B}[a", .shiftUp), ("\u{1B}[b", .shiftDown), ("\u{1B}[c", .shiftRight), ("\u{1B}[d", .shiftLeft),
            ("\u{1B}Oa", .modified(.up, .control)), ("\u{1B}Od", .modified(.left, .control)),
            ("\u{1B}[7^", .modified(.home, .control)), ("\u{1B}[8$", .modified(.end, .shift)),
            ("\u{1B}[3@", .modified(.delete, [.control, .shift])), ("\u{1B}\u{1B}[A", .modified(.up, .alt)),
            ("\u{1B}[25~", .function(13)),
        ]
    ),
    (
        "Alt+key (Escape prefix), control codes, text",
        [
            ("\u{1B}j", .modified(.character("j"), .alt)), ("\u{1B}J", .modified(.character("J"), .alt)),
            ("\u{1B}\u{7F}", .modified(.backspace, .alt)), ("\u{1B}\r", .modified(.enter, .alt)),
            ("\u{1B}é", .modified(.character("é"), .alt)),
            ("\r", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{03}", .control("c")),
            ("q", .character("q")), ("é", .character("é")), ("界", .character("界")), ("🍎", .character("🍎")),
        ]
    ),
]

private func decodeAll(_ bytes: [UInt8], splitAt cuts: [Int] = []) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts.sorted() + [bytes.count] where cut >= start {
        events += decoder.decode(bytes[start ..< cut])
        start = cut
    }
    return events + decoder.flush()
}

@Suite struct InputDecoderTests {
    @Test func everyTerminalFamilysSequencesDecodeToTheirKey() {
        for (terminal, sequences) in sequencesByTerminal {
            for (text, key) in sequences {
                #expect(decodeAll(Array(text.utf8)) == [.key(key)], "\(terminal): \(InputDecoder.name(Array(text.utf8)))")
            }
        }
    }

    @Test func aSequenceSplitAtEveryByteDecodesTheSame() {
        for (terminal, sequences) in sequencesByTerminal {
            for (text, key) in sequences {
                let bytes = Array(text.utf8)
                for cut in 0 ... bytes.count {
                    #expect(
                        decodeAll(bytes, splitAt: [cut]) == [.key(key)], "\(terminal): \(InputDecoder.name(bytes)) cut at \(cut)")
                }
                // One byte per read.
                #expect(decodeAll(bytes, splitAt: Array(0 ... bytes.count)) == [.key(key)], "\(terminal): byte by byte")
            }
        }
    }

    @Test func allSequencesBackToBackDecodeInOrder() {
        let all = sequencesByTerminal.flatMap(\.sequences)
        // An Alt+character sequence cannot be followed by one that the prefix would join: keep
        // them apart from the rest by sending each after a plain key.
        var bytes: [UInt8] = []
        var expected: [InputEvent] = []
        for (text, key) in all {
            bytes += Array(text.utf8) + [UInt8(ascii: "x")]
            expected += [.key(key), .key(.character("x"))]
        }
        #expect(decodeAll(bytes) == expected)
        for stride in [1, 2, 3, 5, 7, 64] {
            #expect(
                decodeAll(bytes, splitAt: Array(Swift.stride(from: 0, to: bytes.count, by: stride))) == expected,
                "reads of \(stride) bytes")
        }
    }

    @Test func aLoneEscapeWaitsThenIsEscape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.isWaitingForMore)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.isWaitingForMore)
        // Escape, silence, then a key: two keys.
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.decode(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        let cases: [(String, String)] = [
            ("\u{1B}[50~", "ESC [ 5 0 ~"), ("\u{1B}[1;5X", "ESC [ 1 ; 5 X"), ("\u{1B}[?1;2c", "ESC [ ? 1 ; 2 c"),
            ("\u{1B}[E", "ESC [ E"), ("\u{1B}OE", "ESC O E"), ("\u{1B}[[Z", "ESC [ [ Z"),
        ]
        for (text, name) in cases {
            let events = decodeAll(Array(text.utf8) + Array("q".utf8))
            #expect(events == [.key(.unknown(name)), .key(.character("q"))], "\(name)")
        }
    }

    /// Found by the `key-decoder` fuzz target: a CSI sequence longer than
    /// `maximumSequenceLength`, split at byte 68, let its tail out as characters (`8 8 … 3 0 ~`).
    @Test func anOverlongSequenceIsOneUnknownKeyHoweverItIsSplit() {
        let crash = Array("\u{1B}[?;;3;".utf8) + Array(repeating: UInt8(ascii: "8"), count: 70) + Array("30~q".utf8)
        let whole = decodeAll(crash)
        #expect(whole.count == 2, "\(whole)")
        #expect(whole.last == .key(.character("q")))
        guard case .key(.unknown(let name))? = whole.first else {
            Issue.record("not one unknown key: \(whole)")
            return
        }
        #expect(name.hasPrefix("ESC [ ? ; ; 3 ; 8") && name.hasSuffix(" …"), "\(name)")
        for cut in 0 ... crash.count {
            #expect(decodeAll(crash, splitAt: [cut]) == whole, "cut at \(cut)")
        }
        #expect(decodeAll(crash, splitAt: Array(0 ... crash.count)) == whole, "byte by byte")
        // CSI and SS3, with parameters or intermediate bytes, at and around the longest length.
        let limit = InputDecoder.maximumSequenceLength
        for body in ["\u{1B}[", "\u{1B}[1;", "\u{1B}O", "\u{1B}[1 "] {
            for length in limit - 4 ... limit + 4 {
                let filler: UInt8 = body.hasSuffix(" ") ? 0x20 : UInt8(ascii: "1")
                let prefix = Array(body.utf8)
                let bytes = prefix + Array(repeating: filler, count: max(0, length - prefix.count - 1)) + Array("~j".utf8)
                let expected = decodeAll(bytes)
                #expect(expected.last == .key(.character("j")) && expected.count == 2, "\(InputDecoder.name(bytes)): \(expected)")
                for cut in 0 ... bytes.count {
                    #expect(decodeAll(bytes, splitAt: [cut]) == expected, "\(body) length \(length) cut at \(cut)")
                }
            }
        }
    }

    @Test func aSilenceEndsAnOverlongSequence() {
        var decoder = InputDecoder()
        let overlong = Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 80)
        #expect(decoder.decode(overlong).count == 1)
        #expect(decoder.flush().isEmpty)
        // The sequence was cut off; what is typed after the silence is keys again.
        #expect(decoder.decode(Array("a1".utf8)) == [.key(.character("a")), .key(.character("1"))])
    }

    @Test func focusReportsAndStrayPasteEndsAreDropped() {
        #expect(decodeAll(Array("\u{1B}[I\u{1B}[O\u{1B}[201~j".utf8)) == [.key(.character("j"))])
    }

    @Test func anUnfinishedSequenceFlushedIsUnknownNotEscapeAndCharacters() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;5".utf8)).isEmpty)
        #expect(decoder.flush() == [.key(.unknown("ESC [ 1 ; 5"))])
        #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.flush() == [.key(.modified(.character("["), .alt))])
    }

    @Test func aBracketedPasteIsOneEventAndNeverKeys() {
        let paste = "\u{1B}[200~jjjqqq\u{1B}[201~"
        #expect(decodeAll(Array(paste.utf8)) == [.paste("jjjqqq")])
        // Split anywhere, with line breaks as terminals send them, escape characters inside.
        let text = "line one\rline two\r\nthree \u{1B}[A not a key\u{1B}"
        let bytes = Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8) + Array("k".utf8)
        for cut in 0 ... bytes.count {
            #expect(
                decodeAll(bytes, splitAt: [cut]) == [
                    .paste("line one\nline two\nthree \u{1B}[A not a key\u{1B}"), .key(.character("k")),
                ], "cut at \(cut)")
        }
        // A paste still open when the caller flushes ends with what came.
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.flush() == [.paste("abc")])
        // Found by fuzzing: an open paste ending in what may start the end marker lost those
        // bytes on flush.
        #expect(decoder.decode(Array("\u{1B}[200~paste\u{1B}".utf8)).isEmpty)
        #expect(decoder.flush() == [.paste("paste\u{1B}")])
        #expect(!decoder.isWaitingForMore)
    }

    /// A paste still open past the limit (its end not yet read) comes out in parts, each cut
    /// before a character that would not fit whole, so every part is valid text and together
    /// they are the paste: the limit falls inside a two-byte `é`, on a boundary, inside a
    /// four-byte emoji; the text comes in reads of three bytes. (Fails if the cut backs off
    /// one byte too few or too many: `pasted![cut - 1] >= 0xC0` read at `cut + 1` leaves half
    /// a character at the end of a part, or crashes.)
    @Test func aPastePastTheLimitComesInWholeCharacters() {
        for (text, limit) in [("aééééé", 4), ("abcdefghij", 4), ("ab😀c😀d", 5), ("é😀é😀", 7)] {
            var decoder = InputDecoder(pasteLimit: limit)
            var events = decoder.decode(Array("\u{1B}[200~".utf8))
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: 3) {
                events += decoder.decode(Array(bytes[start ..< min(bytes.count, start + 3)]))
            }
            events += decoder.decode(Array("\u{1B}[201~".utf8))
            let parts = events.compactMap { if case .paste(let part) = $0 { part } else { nil } }
            #expect(parts.count == events.count && parts.count > 1, "\(text): \(events)")
            #expect(parts.joined() == text && !parts.joined().contains("\u{FFFD}"), "\(text): \(parts)")
            #expect(parts.dropLast().allSatisfy { $0.utf8.count > limit - 4 }, "cut back at most 3 bytes: \(parts)")
        }
    }

    @Test func mouseReports() {
        #expect(decodeAll(Array("\u{1B}[<0;5;3M".utf8)) == [.mouse(MouseEvent(x: 4, y: 2, button: .left, kind: .press))])
        #expect(decodeAll(Array("\u{1B}[<0;5;3m".utf8)) == [.mouse(MouseEvent(x: 4, y: 2, button: .left, kind: .release))])
        #expect(decodeAll(Array("\u{1B}[<32;6;3M".utf8)) == [.mouse(MouseEvent(x: 5, y: 2, button: .left, kind: .drag))])
        #expect(
            decodeAll(Array("\u{1B}[<64;1;1M\u{1B}[<65;1;1M".utf8)) == [
                .mouse(MouseEvent(x: 0, y: 0, button: .wheelUp, kind: .press)),
                .mouse(MouseEvent(x: 0, y: 0, button: .wheelDown, kind: .press)),
            ])
        #expect(decodeAll(Array("\u{1B}[<35;9;9M".utf8)).isEmpty)  // motion, no button
        #expect(
            decodeAll([0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2]) == [.mouse(MouseEvent(x: 4, y: 2, button: .left, kind: .press))])
    }

    @Test func randomBytesNeverCrashAndNeverMakeEscapeOutOfAKnownSequence() {
        var generator = SplitMix64(seed: 0x7E57)
        let known = sequencesByTerminal.flatMap(\.sequences).filter {
            // Alt+text cases start with ESC followed by text; the rule is about sequences.
            $0.0.utf8.count > 2
                && ($0.0.utf8.dropFirst().first == UInt8(ascii: "[") || $0.0.utf8.dropFirst().first == UInt8(ascii: "O"))
        }
        for round in 0 ..< 3_000 {
            // Random bytes, biased to the ones sequences are made of.
            let alphabet: [UInt8] =
                Array("\u{1B}[O;~0123456789ABCDHFPZamu<M$^@".utf8) + [0x7F, 0x0D, 0xC3, 0xA9, 0xE7, 0x95, 0x8C, 0xFF]
            var noise: [UInt8] = (0 ..< Int(generator.next() % 24)).map { _ in
                generator.next() % 4 == 0
                    ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = decodeAll(noise, splitAt: [Int(generator.next() % UInt64(noise.count + 1))])
            // A known sequence after a plain key decodes to its key, wherever the reads split it.
            let (text, key) = known[Int(generator.next() % UInt64(known.count))]
            noise = Array("x".utf8) + Array(text.utf8)
            let cuts = (0 ..< 3).map { _ in Int(generator.next() % UInt64(noise.count + 1)) }
            let events = decodeAll(noise, splitAt: cuts)
            #expect(events == [.key(.character("x")), .key(key)], "round \(round), seed 0x7E57, cuts \(cuts)")
            if key != .escape { #expect(!events.contains(.key(.escape))) }
        }
    }

    /// The key a press of `base` with `modifiers` must decode to, written out apart from the
    /// decoder: a letter takes Shift as its capital and Ctrl as `.control` (which Shift then
    /// leaves alone, as a legacy terminal sends the same byte), everything else carries its
    /// modifiers; Shift+Tab alone is `.backTab`.
    private static func expectedKey(_ base: Character, _ modifiers: KeyModifiers) -> Key {
        var rest = modifiers
        let key: Key
        if base.isASCII, base.isLetter {
            let lower = Character(base.lowercased()), upper = Character(base.uppercased())
            if rest.contains(.control) {
                rest.subtract([.control, .shift])
                key = .control(lower)
            } else if rest.contains(.shift) || base.isUppercase {
                rest.remove(.shift)
                key = .character(upper)
            } else {
                key = .character(lower)
            }
        } else {
            switch base {
            case "\r": key = .enter
            case "\t":
                if rest == .shift { return .backTab }
                key = .tab
            case "\u{1B}": key = .escape
            case "\u{7F}": key = .backspace
            default: key = .character(base)
            }
        }
        return rest.isEmpty ? key : .modified(key, rest)
    }

    @Test func everyModifierFormOfEveryLetterDigitAndNamedKeyInBothEncodings() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let bases = Array(letters + "0123456789 -/[") + ["\r", "\t", "\u{1B}", "\u{7F}"]
        for base in bases {
            let code = Int(base.unicodeScalars.first!.value)
            for parameter in 1 ... 16 {
                let modifiers = KeyModifiers(rawValue: UInt8(parameter - 1))
                let expected = Self.expectedKey(base, modifiers)
                let forms = parameter == 1 ? ["\u{1B}[\(code)u", "\u{1B}[\(code);1u"] : ["\u{1B}[\(code);\(parameter)u"]
                for text in forms + ["\u{1B}[27;\(parameter);\(code)~"] {
                    let bytes = Array(text.utf8)
                    #expect(
                        decodeAll(bytes) == [.key(expected)],
                        "\(InputDecoder.name(bytes)): \(String(reflecting: base)) with modifiers \(modifiers.rawValue)")
                }
            }
        }
    }

    /// A letter pressed with any of Shift, Alt and Ctrl decodes to the same key whether the
    /// terminal sends its legacy bytes (capital, control code, Escape prefix) or a CSI-u or
    /// modifyOtherKeys sequence: an app's bindings work in every keyboard mode.
    @Test func aLetterDecodesTheSameInLegacyBytesAndInBothEncodings() {
        for letter in UInt8(ascii: "a") ... UInt8(ascii: "z") {
            for modifiers in (0 ..< 8).map({ KeyModifiers(rawValue: UInt8($0)) }) {
                // Ctrl+H, I, J and M are Backspace, Tab and Enter in legacy bytes; the sequences
                // tell them apart.
                if modifiers.contains(.control), Array("hijm".utf8).contains(letter) { continue }
                var byte = letter
                if modifiers.contains(.shift) { byte -= 0x20 }
                if modifiers.contains(.control) { byte = letter - 0x60 }
                let legacy = (modifiers.contains(.alt) ? [0x1B] : []) + [byte]
                let parameter = Int(modifiers.rawValue) + 1
                for sequence in ["\u{1B}[\(letter);\(parameter)u", "\u{1B}[27;\(parameter);\(letter)~"] {
                    #expect(
                        decodeAll(Array(sequence.utf8)) == decodeAll(legacy),
                        "\(InputDecoder.name(Array(sequence.utf8))) vs \(InputDecoder.name(legacy))")
                }
            }
        }
    }

    /// Every number of the `CSI n ~` form from 0 to 40, plain and with Ctrl: its key, or one
    /// unknown key for the numbers that name none (the gaps between the function keys).
    @Test func everyTildeNumberIsItsKeyOrOneUnknownKey() {
        let keys: [Int: Key] = [
            1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
            11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
            17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
            23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14),
            28: .function(15), 29: .function(16), 31: .function(17), 32: .function(18), 33: .function(19), 34: .function(20),
        ]
        for number in 0 ... 40 {
            for (suffix, modifiers) in [("", KeyModifiers()), (";5", .control), (";2", .shift)] {
                let text = "\u{1B}[\(number)\(suffix)~"
                let bytes = Array(text.utf8)
                let expected = keys[number].map { $0.adding(modifiers) } ?? .unknown(InputDecoder.name(bytes))
                #expect(
                    decodeAll(bytes + Array("q".utf8)) == [.key(expected), .key(.character("q"))], "\(InputDecoder.name(bytes))")
            }
        }
    }

    /// Bytes that cannot start a UTF-8 character (a stray continuation byte, the overlong leads
    /// C0 and C1, F5...FF) are one unknown key each; what follows is read on its own.
    @Test func bytesThatStartNoCharacterAreOneUnknownKeyEach() {
        for lead: UInt8 in [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xF8, 0xFF] {
            let name = InputDecoder.name([lead])
            #expect(
                decodeAll([lead, 0x80, UInt8(ascii: "q")]) == [
                    .key(.unknown(name)), .key(.unknown("0x80")), .key(.character("q")),
                ],
                "\(name)")
        }
        // The first and last valid leads of each length start a character.
        #expect(decodeAll([0xC2, 0xA0]) == [.key(.character("\u{A0}"))])
        #expect(decodeAll([0xDF, 0xBF]) == [.key(.character("\u{7FF}"))])
        #expect(decodeAll([0xE0, 0xA0, 0x80]) == [.key(.character("\u{800}"))])
        #expect(decodeAll([0xF4, 0x8F, 0xBF, 0xBD]) == [.key(.character("\u{10FFFD}"))])
    }

    /// Mouse reports that are no event (motion with no button, the horizontal wheel) are dropped
    /// in both encodings; the vertical wheel is an event.
    @Test func reportsThatAreNoEventAreDroppedInBothEncodings() {
        for code in [66, 67, 35] {
            #expect(decodeAll(Array("\u{1B}[<\(code);3;4M".utf8)).isEmpty, "SGR \(code)")
            // (X10 reads 35, button bits 3, as a release: it cannot tell motion from one.)
            if code != 35 { #expect(decodeAll([0x1B, 0x5B, 0x4D, UInt8(32 + code), 33 + 2, 33 + 3]).isEmpty, "X10 \(code)") }
        }
        #expect(
            decodeAll([0x1B, 0x5B, 0x4D, 32 + 64, 33, 33]) == [.mouse(MouseEvent(x: 0, y: 0, button: .wheelUp, kind: .press))])
        #expect(
            decodeAll([0x1B, 0x5B, 0x4D, 32 + 65, 33, 33]) == [.mouse(MouseEvent(x: 0, y: 0, button: .wheelDown, kind: .press))])
        // X10 cannot say which button went up: a release is the left one's.
        #expect(
            decodeAll([0x1B, 0x5B, 0x4D, 32 + 3, 33 + 1, 33]) == [.mouse(MouseEvent(x: 1, y: 0, button: .left, kind: .release))])
    }

    /// A letter-final sequence has at most two parameters (`CSI 1 ; 5 A`); a third makes it
    /// a sequence the decoder does not know, swallowed whole.
    @Test func aLetterFinalWithThreeParametersIsUnknown() {
        for text in ["\u{1B}[1;5;7A", "\u{1B}[1;2;3H", "\u{1B}[1;1;1P"] {
            let bytes = Array(text.utf8)
            #expect(decodeAll(bytes + Array("q".utf8)) == [.key(.unknown(InputDecoder.name(bytes))), .key(.character("q"))])
        }
        #expect(decodeAll(Array("\u{1B}[1;5A".utf8)) == [.key(.modified(.up, .control))])
    }

    /// A key's release (kitty's event type 3) is no key press: it is dropped, whatever its key.
    @Test func aKeyReleaseIsDropped() {
        for text in ["\u{1B}[97;1:3u", "\u{1B}[97;5:3u", "\u{1B}[13;1:3u", "\u{1B}[1;1:3A", "\u{1B}[5;1:3~"] {
            #expect(decodeAll(Array((text + "q").utf8)) == [.key(.character("q"))], "\(text.debugDescription)")
        }
    }

    /// An Escape with nothing after it but another Escape is two Escapes, not Alt+Escape.
    @Test func twoLoneEscapesAreTwoEscapes() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B, 0x1B]).isEmpty)
        #expect(decoder.flush() == [.key(.escape), .key(.escape)])
    }

    @Test func keysCarryModifiersInOneNormalForm() {
        #expect(Key.up.adding(.shift) == .shiftUp)
        #expect(Key.tab.adding(.shift) == .backTab)
        #expect(Key.shiftUp.adding(.control) == .modified(.up, [.control, .shift]))
        #expect(Key.modified(.left, .control).adding(.alt) == .modified(.left, [.control, .alt]))
        #expect(Key.home.adding([]) == .home)
    }

    @Test func keysHaveReadableNames() {
        #expect(Key.modified(.left, [.control, .alt]).displayName == "Ctrl+Alt+Left")
        #expect(Key.modified(.character("x"), .alt).displayName == "Alt+x")
        #expect(Key.control("c").displayName == "Ctrl+C")
        #expect(Key.backTab.displayName == "Shift+Tab")
        #expect(Key.unknown("ESC [ 5 0 ~").displayName == "ESC [ 5 0 ~")
    }
}
