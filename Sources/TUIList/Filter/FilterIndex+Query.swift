extension FilterIndex {
    /// The items matching `query` (fzf's extended-search syntax, see ``FilterQuery``), in slot
    /// order, each with its score; ``ranked(_:laterFirst:)`` orders them best first.
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
            return FilterMatches(query: [], slots: _liveSlots(), slotCount: total, version: version, filterQuery: query)
        }
        var candidates: [Int32]?
        if let previous, let older = previous.filterQuery, previous.version == version, previous.slotCount <= total,
            query._implies(older)
        {
            candidates = _candidates(narrowing: previous)
        }
        guard
            let found = _search(_QueryMatcher(matcher: _FilterMatcher(query)), candidates: candidates, cancellation: cancellation)
        else { return nil }
        return FilterMatches(
            query: [], slots: found.slots, slotCount: total, version: version, scores: found.scores, filterQuery: query)
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

/// A search by a ``FilterQuery``: every term decides on the folded text (the case-kept text
/// for a case-sensitive term); scored.
internal struct _QueryMatcher: _ItemMatcher, @unchecked Sendable {
    let matcher: _FilterMatcher

    static var keepsScores: Bool { true }

    func score(_ text: _ItemText, slot: Int) -> Int32? {
        var unused: [Int] = []
        return matcher.score(folded: text.folded(slot), cased: text.cased(slot), positions: &unused, collect: false)
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
