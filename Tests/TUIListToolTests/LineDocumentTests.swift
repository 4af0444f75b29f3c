import TUIListTestSupport
import TUIListTool
import Testing

/// The byte-exact line document: splitting, the final-line rule, validation, and random round
/// trips checked through properties that do not restate the implementation.
@Suite struct LineDocumentTests {
    private func document(_ text: String) throws -> LineDocument { try LineDocument(bytes: Array(text.utf8)) }
    private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func splitsKeepingEachTerminator() throws {
        let doc = try document("one\r\ntwo\n\nthree")
        #expect(doc.count == 4)
        #expect((0 ..< 4).map(doc.text(of:)) == ["one", "two", "", "three"])
        #expect(doc.lines.map(\.terminator) == [.crlf, .lf, .lf, .none])
        #expect(doc.lacksFinalNewline)
    }

    @Test func emptyFilesAndLoneNewlines() throws {
        #expect(try document("").count == 0)
        #expect(try document("").bytes(order: []) == [])
        let newline = try document("\n")
        #expect(newline.count == 1 && newline.text(of: 0) == "" && !newline.lacksFinalNewline)
        let crlfOnly = try document("\r\n")
        #expect(crlfOnly.lines.map(\.terminator) == [.crlf])
    }

    @Test func aLoneCarriageReturnIsContent() throws {
        let doc = try document("a\rb\nc\r")
        #expect(doc.count == 2)
        #expect(doc.text(of: 0) == "a\rb")
        #expect(doc.text(of: 1) == "c\r" && doc.lines[1].terminator == .none)
    }

    @Test func reorderKeepsEveryOtherByte() throws {
        let doc = try document("a\r\nb\nc\n")
        #expect(string(doc.bytes(order: [1, 0, 2])) == "b\na\r\nc\n")
        #expect(string(doc.bytes(order: [2, 1])) == "c\nb\n")
    }

    @Test func theUnterminatedLastLineTakesTheTerminatorOfTheNewLastLine() throws {
        let doc = try document("a\nb\r\nc")
        // c moves up: it takes b's CRLF, b (now last) gives it up — the file still ends without one.
        #expect(string(doc.bytes(order: [0, 2, 1])) == "a\nc\r\nb")
        #expect(string(doc.bytes(order: [2, 0, 1])) == "c\r\na\nb")
        // c deleted: the new last line loses its terminator.
        #expect(string(doc.bytes(order: [0, 1])) == "a\nb")
        #expect(string(doc.bytes(order: [2])) == "c")
        // a file ending with a newline keeps it, whichever line ends up last.
        #expect(string(try document("a\nb\n").bytes(order: [1, 0])) == "b\na\n")
    }

    @Test func anEmptyLineEndingUpLastKeepsItsLineBreak() throws {
        let doc = try document("a\n\nb")
        // Without its "\n" the empty line would vanish: the file then ends with a newline.
        #expect(string(doc.bytes(order: [0, 2, 1])) == "a\nb\n\n")
        #expect(string(doc.bytes(order: [2, 1])) == "b\n\n")
    }

    @Test func byteOrderMarkStaysAtTheStart() throws {
        let doc = try LineDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("x\ny\n".utf8))
        #expect(doc.hasByteOrderMark)
        #expect(doc.text(of: 0) == "x")
        #expect(doc.bytes(order: [1, 0]) == [0xEF, 0xBB, 0xBF] + Array("y\nx\n".utf8))
    }

    @Test func duplicatesAreSeparateLines() throws {
        let doc = try document("same\nsame\nother\n")
        #expect(doc.count == 3)
        #expect(string(doc.bytes(order: [2, 0])) == "other\nsame\n")
    }

    @Test(
        arguments: [
            ([0x61, 0x00, 0x62], LineDocumentError.binary(offset: 1, line: 1)),
            ([0x61, 0x0A, 0x80], .notUTF8(offset: 2, line: 2)),  // lone continuation byte
            ([0xC0, 0x80], .notUTF8(offset: 0, line: 1)),  // overlong NUL
            ([0xE0, 0x80, 0x80], .notUTF8(offset: 1, line: 1)),  // overlong 3-byte form
            ([0xED, 0xA0, 0x80], .notUTF8(offset: 1, line: 1)),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], .notUTF8(offset: 1, line: 1)),  // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], .notUTF8(offset: 0, line: 1)),
            ([0x0A, 0x0A, 0xE2, 0x82], .notUTF8(offset: 2, line: 3)),  // cut short at the end
            ([0xE2, 0x28, 0xA1], .notUTF8(offset: 1, line: 1)),
            ([0xFF, 0xFE, 0x61, 0x00], .notUTF8(offset: 0, line: 1)),  // UTF-16 with its BOM
        ] as [([UInt8], LineDocumentError)])
    func refusesBinaryAndNonUTF8(bytes: [UInt8], expected: LineDocumentError) {
        #expect(throws: expected) { try LineDocument(bytes: bytes) }
    }

    @Test func acceptsEveryUTF8Form() throws {
        let text = "a é € 𝄞 ☕ 日本 \u{10FFFF}\u{FEFF}x"
        #expect(try LineDocument(bytes: Array(text.utf8)).text(of: 0) == text)
    }

    /// The validator agrees with the standard library's UTF-8 decoding on random bytes
    /// biased towards the tricky lead and continuation bytes.
    @Test func validatorAgreesWithTheStandardLibrary() {
        let pool: [UInt8] = [
            0x41, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for seed in UInt64(1) ... 3000 {
            var rng = SplitMix64(seed: seed)
            let bytes = (0 ..< rng.int(0 ... 8)).map { _ in pool[rng.int(0 ... pool.count - 1)] }
            let ours = (try? LineDocument(bytes: bytes)) != nil
            let standard = String(validating: bytes, as: UTF8.self) != nil
            #expect(ours == standard, "seed \(seed): \(bytes.map { String($0, radix: 16) })")
            if !ours && standard { return }
        }
    }

    // MARK: - Random round trips

    /// A random text file: few distinct contents (so duplicates are common), LF and CRLF,
    /// blank lines, non-ASCII, a lone CR inside a line, sometimes no final newline, sometimes
    /// a byte order mark.
    static func randomFile(_ rng: inout SplitMix64) -> [UInt8] {
        let contents = ["", "a", "fourth", "naïve café", "☕ 日本語", " indented", "\ttab", "x\ry", "same", "same", "Ωmega "]
        var bytes: [UInt8] = rng.chance(0.1) ? [0xEF, 0xBB, 0xBF] : []
        let count = rng.int(0 ... 14)
        for index in 0 ..< count {
            var content = contents[rng.int(0 ... contents.count - 1)]
            let last = index == count - 1
            if last && content.isEmpty { content = "end" }
            bytes += Array(content.utf8)
            if last && rng.chance(0.5) { break }  // no final newline
            bytes += rng.chance(0.4) ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    @Test func randomReordersAndDeletesRoundTrip() throws {
        for seed in UInt64(1) ... 2000 {
            var rng = SplitMix64(seed: seed)
            let input = Self.randomFile(&rng)
            let doc = try LineDocument(bytes: input)
            #expect(doc.bytes(order: Array(0 ..< doc.count)) == input, "identity, seed \(seed)")

            var order = Array(0 ..< doc.count)
            order.shuffle(using: &rng)
            let deleting = rng.chance(0.4)
            if deleting { order.removeLast(rng.int(0 ... order.count)) }
            let output = doc.bytes(order: order)
            let reread = try LineDocument(bytes: output)
            let label = "seed \(seed), order \(order), input \(string(input).debugDescription)"

            // The chosen lines, their contents unchanged, in the new order.
            try #require((0 ..< reread.count).map(reread.text(of:)) == order.map(doc.text(of:)), "\(label)")
            // The file ends as it did (when anything is left), unless an empty line ends up
            // last: it keeps its line break, or it would vanish.
            if let last = order.last {
                let emptyLast = doc.lines[last].content.isEmpty
                #expect(reread.lacksFinalNewline == (doc.lacksFinalNewline && !emptyLast), "\(label)")
            }
            #expect(reread.hasByteOrderMark == doc.hasByteOrderMark, "\(label)")
            // Every line in the middle keeps its own terminator (the moved unterminated line takes the last one's).
            for (position, id) in order.enumerated().dropLast() {
                let expected = doc.lines[id].terminator == .none ? doc.lines[order.last!].terminator : doc.lines[id].terminator
                #expect(reread.lines[position].terminator == expected, "line \(id) at \(position), \(label)")
            }
            guard !deleting, !(doc.lacksFinalNewline && doc.lines[order.last ?? 0].content.isEmpty) else { continue }
            // A pure reorder keeps every byte, only elsewhere ...
            #expect(output.sorted() == input.sorted(), "\(label)")
            // ... and reordering back gives the input exactly.
            var inverse = [Int](repeating: 0, count: order.count)
            for (position, id) in order.enumerated() { inverse[id] = position }
            #expect(reread.bytes(order: inverse) == input, "inverse, \(label)")
        }
    }
}
