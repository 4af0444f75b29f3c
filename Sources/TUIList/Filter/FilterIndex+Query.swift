import Dispatch

extension FilterIndex {
    /// The items matching `query` (fzf's extended-search syntax, see ``FilterQuery``), in slot
    /// order, each with its score; ``ranked(_:)`` orders them best first.
    ///
    /// - Parameters:
    ///   - query: the parsed query; an empty one matches every item (no scores).
    ///   - previous: the last result, if any. When every line matching `query` must match the
    ///     previous query too (`"ab"` after `"a"`, `"a b"` after `"a"`, `"!ab"` after
    ///     `"!abc"`) and the index has only grown since, only the previous matches and the
    ///     items added after it are searched.
    ///   - cancellation: checked every few thousand items; when set, the search returns `nil`.
    /// - Returns: the matches, or `nil` when cancelled.
    /// - Complexity: O(bytes searched × terms), split over `activeProcessorCount` threads for
    ///   ``parallelThreshold`` candidates or more. A single exact term is one `memmem` per item;
    ///   a fuzzy term one `memchr` per character of the term.
    public func matches(
        _ query: FilterQuery, narrowing previous: FilterMatches? = nil, cancellation: FilterCancellation? = nil
    ) -> FilterMatches? {
        let total = _starts.count
        if query.isEmpty {
            var all: [Int32] = []
            all.reserveCapacity(count)
            for slot in 0 ..< total where _starts[slot] != _TextStore.none { all.append(Int32(slot)) }
            return FilterMatches(query: [], slots: all, slotCount: total, version: version, filterQuery: query)
        }
        var candidates: [Int32]?
        if let previous, let older = previous.filterQuery, previous.version == version, previous.slotCount <= total,
            query._implies(older)
        {
            var list = previous.slots
            list.reserveCapacity(list.count + total - previous.slotCount)
            for slot in previous.slotCount ..< total { list.append(Int32(slot)) }
            candidates = list
        }
        let candidateCount = candidates?.count ?? total
        let chunkSize = 4_096
        let chunks = (candidateCount + chunkSize - 1) / chunkSize
        var found = [[Int32]](repeating: [], count: chunks)
        var scores = [[Int32]](repeating: [], count: chunks)
        let matcher = _FilterMatcher(query)
        let cancelled = _store.withBases { bases in
            _starts.withUnsafeBufferPointer { starts in
                _lengths.withUnsafeBufferPointer { lengths in
                    _foldedLengths.withUnsafeBufferPointer { foldedLengths in
                        found.withUnsafeMutableBufferPointer { found in
                            scores.withUnsafeMutableBufferPointer { scores in
                                (candidates ?? []).withUnsafeBufferPointer { candidateSlots in
                                    let search = _QuerySearch(
                                        matcher: matcher, bases: bases, starts: starts, lengths: lengths,
                                        foldedLengths: foldedLengths, candidates: candidates == nil ? nil : candidateSlots,
                                        candidateCount: candidateCount, chunkSize: chunkSize, found: found, scores: scores,
                                        cancellation: cancellation)
                                    if candidateCount >= Self.parallelThreshold {
                                        DispatchQueue.concurrentPerform(iterations: chunks) { search.run(chunk: $0) }
                                    } else {
                                        for chunk in 0 ..< chunks { search.run(chunk: chunk) }
                                    }
                                    return cancellation?.isCancelled ?? false
                                }
                            }
                        }
                    }
                }
            }
        }
        if cancelled { return nil }
        var slots: [Int32] = []
        var allScores: [Int32] = []
        let matchCount = found.reduce(0) { $0 + $1.count }
        slots.reserveCapacity(matchCount)
        allScores.reserveCapacity(matchCount)
        for part in found { slots.append(contentsOf: part) }
        for part in scores { allScores.append(contentsOf: part) }
        return FilterMatches(
            query: [], slots: slots, slotCount: total, version: version, scores: allScores, filterQuery: query)
    }

    /// The slots of `matches` best first: by score (higher first), then shorter text, then slot
    /// order. Matches without scores (an empty query, a substring search) keep slot order.
    ///
    /// - Parameters:
    ///   - matches: a result of this index.
    ///   - laterFirst: whether, among equals, the later slot comes first (fzf's `--tac`); the
    ///     slots of matches without scores are then reversed.
    /// - Returns: the slots, ranked.
    /// - Complexity: O(m log m) for m matches.
    public func ranked(_ matches: FilterMatches, laterFirst: Bool = false) -> [Int32] {
        guard matches.scores.count == matches.slots.count, !matches.slots.isEmpty else {
            return laterFirst ? matches.slots.reversed() : matches.slots
        }
        // One 64-bit key per match, sorted: 20 bits of inverted score, 12 of length, 32 of slot.
        var keys = [UInt64](repeating: 0, count: matches.slots.count)
        for (i, slot) in matches.slots.enumerated() {
            let score = UInt64(min(max(Int(matches.scores[i]) + (1 << 19), 0), (1 << 20) - 1))
            let length = UInt64(min(Int(_lengths[Int(slot)]), (1 << 12) - 1))
            let order = laterFirst ? UInt32.max - UInt32(slot) : UInt32(slot)
            keys[i] = (((1 << 20) - 1 - score) << 44) | (length << 32) | UInt64(order)
        }
        keys.sort()
        return keys.map {
            let order = UInt32(truncatingIfNeeded: $0)
            return Int32(bitPattern: laterFirst ? UInt32.max - order : order)
        }
    }
}

/// One query search's inputs and per-chunk outputs, shared by the worker threads.
internal struct _QuerySearch: @unchecked Sendable {
    let matcher: _FilterMatcher
    /// Each text chunk's start, by the chunk part of an address.
    let bases: UnsafeBufferPointer<UnsafePointer<UInt8>>
    let starts: UnsafeBufferPointer<UInt32>
    let lengths: UnsafeBufferPointer<UInt32>
    let foldedLengths: UnsafeBufferPointer<UInt32>
    let candidates: UnsafeBufferPointer<Int32>?
    let candidateCount: Int
    let chunkSize: Int
    let found: UnsafeMutableBufferPointer<[Int32]>
    let scores: UnsafeMutableBufferPointer<[Int32]>
    let cancellation: FilterCancellation?

    func run(chunk: Int) {
        if cancellation?.isCancelled == true { return }
        var hits: [Int32] = []
        var hitScores: [Int32] = []
        var unused: [Int] = []
        for index in chunk * chunkSize ..< min(candidateCount, (chunk + 1) * chunkSize) {
            let slot = candidates.map { $0[index] } ?? Int32(index)
            let address = starts[Int(slot)]
            guard address != _TextStore.none else { continue }
            let text = bases[Int(address >> _TextStore.offsetBits)] + Int(address & (1 << _TextStore.offsetBits - 1))
            let length = Int(lengths[Int(slot)])
            let foldedLength = Int(foldedLengths[Int(slot)])
            let cased = UnsafeBufferPointer(start: text, count: length)
            let folded = foldedLength == 0 ? cased : UnsafeBufferPointer(start: text + length, count: foldedLength)
            if let score = matcher.score(folded: folded, cased: cased, positions: &unused, collect: false) {
                hits.append(slot)
                hitScores.append(score)
            }
        }
        found[chunk] = hits
        scores[chunk] = hitScores
    }
}

extension FilterQuery {
    /// Whether every line matching this query matches `older` too (so a search may start from
    /// `older`'s matches).
    internal func _implies(_ older: FilterQuery) -> Bool {
        // Each older group needs a newer group whose every term implies one of its terms.
        older.groups.allSatisfy { olderGroup in
            groups.contains { group in
                group.allSatisfy { term in olderGroup.contains { term._implies($0) } }
            }
        }
    }
}

extension FilterQuery.Term {
    /// Whether a line matching this term matches `other`.
    internal func _implies(_ other: Self) -> Bool {
        switch (inverted, other.inverted) {
        case (false, false): return Self._positiveImplies(self, other)
        // Not containing `self` implies not containing `other` when `other` implies `self`.
        case (true, true): return Self._positiveImplies(other, self)
        default: return false
        }
    }

    private static func _positiveImplies(_ a: Self, _ b: Self) -> Bool {
        if b.caseSensitive && !a.caseSensitive { return false }
        let n = b.caseSensitive ? a._needle : TextFolding.folded(a.text)
        let m = b._needle
        switch b.kind {
        case .fuzzy:
            // Byte by byte only for ASCII (a byte subsequence of UTF-8 is not a character one).
            return m.allSatisfy { $0 < 0x80 } ? _isSubsequence(m, of: n) : _isSubstring(m, of: n)
        case .exact: return a.kind != .fuzzy && _isSubstring(m, of: n)
        case .prefix: return (a.kind == .prefix || a.kind == .equal) && n.starts(with: m)
        case .suffix: return (a.kind == .suffix || a.kind == .equal) && n.reversed().starts(with: m.reversed())
        case .equal: return a.kind == .equal && n == m
        }
    }
}

private func _isSubsequence(_ needle: [UInt8], of text: [UInt8]) -> Bool {
    var i = 0
    for byte in text where i < needle.count && byte == needle[i] { i += 1 }
    return i == needle.count
}

private func _isSubstring(_ needle: [UInt8], of text: [UInt8]) -> Bool {
    guard needle.count <= text.count else { return false }
    if needle.isEmpty { return true }
    for start in 0 ... text.count - needle.count where text[start ..< start + needle.count].elementsEqual(needle) {
        return true
    }
    return false
}
