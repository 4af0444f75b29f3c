import TUIListTestSupport
import Testing

@testable import TUIList

/// How ``FilterIndex`` keeps text: lines appended as bytes, indexes built apart and joined, the
/// original text kept, chunks that never move — each checked against an index built the plain
/// way (`append(_:text:)`) on the same random lines.
@Suite struct FilterIndexStorageTests {
    static let alphabet: [Character] = ["a", "b", "A", "B", "/", " ", "é", "É", "e", "ß", "s", "ü", "_", "1", "Z"]

    static func randomLine(_ rng: inout SplitMix64) -> String {
        // Mostly ASCII (the fast path), now and then an accent, a capital or an empty line.
        let ascii = rng.int(0 ... 3) > 0
        let length = rng.int(0 ... 3) == 0 ? 0 : rng.int(1 ... 40)
        return String(
            (0 ..< length).map { _ in
                ascii ? alphabet[[0, 1, 2, 3, 4, 5, 8, 10, 12, 13, 14][rng.int(0 ... 10)]] : alphabet[rng.int(0 ... 14)]
            })
    }

    static let queries = ["a", "ab", "A", "'b/", "^a", "s$", "e", "é", "!a", "ß", "ss", "a | 1", "Z", "_1", "b a"]

    /// The same matches (slots and scores) for every query, and the same text.
    static func expectSame(_ built: FilterIndex<Int>, _ plain: FilterIndex<Int>, _ lines: [String], seed: UInt64) {
        #expect(built.count == plain.count, "seed \(seed)")
        for query in queries {
            let parsed = FilterQuery(query)
            let a = built.matches(parsed)!, b = plain.matches(parsed)!
            #expect(built.identifiers(a) == plain.identifiers(b), "seed \(seed) query \(query)")
            #expect(a.scores == b.scores, "seed \(seed) query \(query)")
            #expect(
                built.identifiers(built.matches(.substring(query))!) == plain.identifiers(plain.matches(.substring(query))!),
                "seed \(seed)")
        }
        for slot in 0 ..< built.slotCount where built.contains(built.identifier(atSlot: slot)) {
            #expect(built.text(atSlot: slot) == lines[built.identifier(atSlot: slot)], "seed \(seed) slot \(slot)")
        }
    }

    @Test(arguments: 0 ..< 200)
    func linesAppendedAsBytesInBatchesMatchLikeStrings(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let lines = (0 ..< rng.int(0 ... 300)).map { _ in Self.randomLine(&rng) }
        var plain = FilterIndex<Int>(storingText: true)
        for (n, line) in lines.enumerated() { plain.append(n, text: line) }
        // Batches of random size, each built apart from bytes, then joined.
        var built = FilterIndex<Int>(storingText: true)
        var n = 0
        while n < lines.count {
            // Odd seeds: identifiers from 0 in each batch, shifted as they join (the picker's
            // way: chunks taken over); even seeds: line numbers, joined by copying.
            var batch = FilterIndex<Int>(storingText: true)
            let first = n
            for m in n ..< min(lines.count, n + rng.int(1 ... 50)) {
                var line = lines[m]
                line.withUTF8 { batch.append(seed % 2 == 1 ? m - first : m, utf8: $0) }
                n = m + 1
            }
            if seed % 2 == 1 {
                built.append(contentsOf: batch, shiftingIdentifiersBy: first)
            } else {
                built.append(contentsOf: batch)
            }
        }
        Self.expectSame(built, plain, lines, seed: seed)
    }

    @Test func largeBatchesAreTakenOverAndSmallOnesCopied() {
        // 30,000 lines of 100 bytes, in batches of 1.5 MB (chunks taken over) and of a few
        // lines (copied into the last chunk, not one chunk each).
        var lines: [String] = []
        var built = FilterIndex<Int>(storingText: true)
        var plain = FilterIndex<Int>(storingText: true)
        for batchSize in [15_000, 3, 1, 14_996] {
            var batch = FilterIndex<Int>(storingText: true)
            batch.reserveCapacity(items: batchSize, bytes: 200 * batchSize)  // as a picker's batch does
            let first = lines.count
            for _ in 0 ..< batchSize {
                let n = lines.count
                var line = "/usr/share/Doc/package-\(n)/" + String(repeating: "x", count: 70) + "-\(n % 977)"
                lines.append(line)
                line.withUTF8 { batch.append(n - first, utf8: $0) }
                plain.append(n, text: line)
            }
            let batchChunks = batch._store.chunks
            built.append(contentsOf: batch, shiftingIdentifiersBy: first)
            // A large batch's full chunk is taken over, the very object; a few lines are copied.
            let taken = batchChunks.contains { chunk in built._store.chunks.contains { $0 === chunk } }
            #expect(taken == (batchSize > 10_000), "batch of \(batchSize)")
        }
        #expect(built._idsAreSlots, "line numbers in order keep no identifier table")
        #expect(built._store.chunks.count <= 7, "\(built._store.chunks.count) chunks for 6 MB")
        #expect(built._store.bytesUsed < 6_200_000, "\(built._store.bytesUsed) bytes for 6 MB")
        Self.expectSame(built, plain, lines, seed: 0)
    }

    @Test func aCopyKeepsItsTextWhileBothGrow() {
        var index = FilterIndex<Int>(storingText: true)
        for n in 0 ..< 100 { index.append(n, text: "line \(n)") }
        var copy = index
        // Both append into what was one chunk: neither may write over the other's text.
        for n in 100 ..< 200 { index.append(n, text: "ORIGINAL \(n)") }
        for n in 100 ..< 150 { copy.append(n, text: "copy \(n)") }
        #expect(index.text(atSlot: 150) == "ORIGINAL 150")
        #expect(copy.text(atSlot: 149) == "copy 149")
        #expect(index.identifiers(index.matches(.substring("copy"))!) == [])
        #expect(copy.identifiers(copy.matches(.substring("original"))!) == [])
        #expect(copy.identifiers(copy.matches(.substring("copy 1"))!).count == 50)
    }

    @Test func updatesRemovesAndCompactionKeepTheOriginalText() {
        var index = FilterIndex<Int>(storingText: true)
        for n in 0 ..< 50 { index.append(n, text: "Crème \(n)") }
        for round in 0 ..< 5 {
            for n in 0 ..< 50 where n % 3 != 0 { index.update(n, text: "Brûlée \(round) \(n)") }
        }
        for n in stride(from: 0, to: 50, by: 6) { index.remove(n) }
        #expect(index.text(atSlot: index.slot(of: 3)!) == "Crème 3")
        #expect(index.text(atSlot: index.slot(of: 4)!) == "Brûlée 4 4")
        #expect(index.identifiers(index.matches(.substring("brulee 4 4"))!) == [4, 40, 41, 43, 44, 46, 47, 49])
        #expect(index.identifiers(index.matches(.substring("creme"))!) == [3, 9, 15, 21, 27, 33, 39, 45])
        // Compaction dropped what the updates replaced.
        #expect(index._store.bytesUsed < 3_000, "\(index._store.bytesUsed) bytes")
    }

    @Test(arguments: 0 ..< 100)
    func lineNumberIdentifiersKeepNoTableUntilOneBreaksThePattern(seed: UInt64) {
        // Identifiers 0, 1, 2… cost no table; any other order, a removal or a repeat writes
        // the tables out, and the index answers as one that had them from the start.
        var rng = SplitMix64(seed: seed)
        var index = FilterIndex<Int>()
        var model: [Int: String] = [:]
        var order: [Int] = []
        var nextID = 0
        for step in 0 ..< 60 {
            switch rng.int(0 ... 9) {
            case 0 where !order.isEmpty:
                let id = order.remove(at: rng.int(0 ... order.count - 1))
                index.remove(id)
                model[id] = nil
            case 1:
                let id = rng.int(0 ... 200)
                guard model[id] == nil, !index.contains(id) else { continue }
                index.append(id, text: "item \(id) step \(step)")
                model[id] = "item \(id) step \(step)"
                order.append(id)
                nextID = max(nextID, id + 1)
            default:
                let id = nextID
                nextID += 1
                index.append(id, text: "item \(id) step \(step)")
                model[id] = "item \(id) step \(step)"
                order.append(id)
            }
        }
        #expect(index.count == model.count, "seed \(seed)")
        for id in 0 ... 260 { #expect(index.contains(id) == (model[id] != nil), "seed \(seed) id \(id)") }
        let all = index.identifiers(index.matches(.substring(""))!)
        #expect(all == order, "seed \(seed)")
        for (id, text) in model { #expect(index.identifiers(index.matches(.substring(text))!) == [id], "seed \(seed)") }
        if seed == 0 {
            var plain = FilterIndex<Int>(storingText: true)
            for n in 0 ..< 1_000 { plain.append(n, text: "\(n)") }
            #expect(plain._idsAreSlots && plain._ids.isEmpty && plain._dense.isEmpty)
            #expect(plain.identifier(atSlot: 999) == 999 && plain.slot(of: 998) == 998 && !plain.contains(1_000))
        }
    }

    @Test func everyByteIsSortedAsTheByteLoopWouldAnywhereInALine() {
        // The word-at-a-time sort against a byte at a time: each byte value at each position
        // of lines of every length up to 40 (byte by byte under 8; then pairs of words, a word,
        // and the last 8 bytes looked at again), the rest "a" or "Q".
        for filler in [UInt8(ascii: "a"), UInt8(ascii: "Q")] {
            for value in 0 ... 255 {
                for length in 1 ... 40 {
                    for position in 0 ..< length {
                        var line = [UInt8](repeating: filler, count: length)
                        line[position] = UInt8(value)
                        let expected: _TextKind =
                            line.contains { $0 >= 0x80 || $0 == 0 }
                            ? .other : line.contains { $0 &- 0x41 < 26 } ? .upperASCII : .plainASCII
                        let kind = line.withUnsafeBufferPointer { _classify($0.baseAddress!, $0.count) }
                        if kind != expected {
                            Issue.record("byte \(value) at \(position) of \(length) among \(filler): \(kind), not \(expected)")
                        }
                    }
                }
            }
        }
    }

    @Test func everyASCIIByteIsLowerCasedAsTheByteLoopWouldAnywhereInALine() {
        // The word-at-a-time lower-casing of ASCII lines against a byte at a time: each byte
        // value at each position of lines of every length up to 40, the rest "a" or "Q".
        for filler in [UInt8(ascii: "a"), UInt8(ascii: "Q")] {
            for value in UInt8(1) ... 127 {
                var index = FilterIndex<Int>(storingText: true)
                var lines: [[UInt8]] = []
                for length in 1 ... 40 {
                    for position in 0 ..< length {
                        var line = [UInt8](repeating: filler, count: length)
                        line[position] = value
                        line.withUnsafeBufferPointer { index.append(lines.count, utf8: $0) }
                        lines.append(line)
                    }
                }
                for (slot, line) in lines.enumerated() {
                    let expected = line.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
                    let start = index._store.pointer(index._starts[slot])
                    let length = Int(index._lengths[slot]), folded = Int(index._foldedLengths[slot])
                    let stored = Array(
                        UnsafeBufferPointer(start: folded == 0 ? start : start + length, count: folded == 0 ? length : folded))
                    if stored != expected {
                        Issue.record(
                            "byte \(value) at \(line.firstIndex(of: value) ?? -1) of \(line.count) among \(filler): \(stored)")
                    }
                }
            }
        }
    }

    @Test func emptyLinesAfterALongLineOrAFullChunkAndLinesWithNUL() {
        // An empty line right after a chunk was filled to its end (by one long line, or by
        // lines that fill 1 MiB exactly) has an address all the same; a NUL takes the slow way.
        var lines: [String] = [String(repeating: "a", count: 1_500_000), ""]
        lines += Array(repeating: String(repeating: "b", count: 1_023), count: 1_024) + ["", "x\u{0}y", ""]
        var built = FilterIndex<Int>(storingText: true)
        var batch = FilterIndex<Int>(storingText: true)
        for (n, line) in lines.enumerated() {
            var line = line
            line.withUTF8 { batch.append(n, utf8: $0) }
        }
        built.append(contentsOf: batch, shiftingIdentifiersBy: 0)
        var copied = FilterIndex<Int>(storingText: true)
        copied.append(contentsOf: batch)
        for index in [batch, built, copied] {
            for (n, line) in lines.enumerated() { #expect(index.text(atSlot: n) == line, "line \(n)") }
            #expect(
                index.identifiers(index.matches(.substring("xy"))!) == [lines.count - 2], "NUL is dropped from what is searched")
        }
    }

    @Test func aLineLongerThanAChunkHasOneOfItsOwn() {
        var index = FilterIndex<Int>(storingText: true)
        let long = String(repeating: "ab", count: 700_000) + "needle"
        index.append(0, text: "short")
        index.append(1, text: long)
        index.append(2, text: "after")
        #expect(index.text(atSlot: 1) == long)
        #expect(index.identifiers(index.matches(.substring("needle"))!) == [1])
        #expect(index.identifiers(index.matches(.substring("after"))!) == [2])
    }
}
