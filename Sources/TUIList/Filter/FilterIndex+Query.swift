extension FilterIndex {
    /// The items matching `query` (fzf's extended-search syntax, see ``FilterQuery``), in slot
    /// order, each with its score; ``ranked(_:laterFirst:tiebreaks:shownLength:shown:)`` orders them best first.
    ///
    /// - Parameters:
    ///   - query: the parsed query; an empty one matches every item (no scores).
    ///   - previous: the last result, if any. When every line matching `query` must match the
    ///     previous query too (`"ab"` after `"a"`, `"a b"` after `"a"`, `"!ab"` after
    ///     `"!abc"`) and the index has only grown since, only the previous matches and the
    ///     items added after it are searched.
    ///   - cancellation: checked every few thousand items; when set, the search returns `nil`.
    ///   - scored: Whether to score the matches, for ``ranked(_:laterFirst:tiebreaks:shownLength:shown:)``;
    ///     false finds the same items for less (each term's first occurrence decides, no best
    ///     one is looked for), for a filter that keeps its items' order (``ListFilter``).
    /// - Returns: the matches, or `nil` when cancelled.
    /// - Complexity: O(bytes searched × terms), split over `activeProcessorCount` threads for
    ///   `parallelThreshold` candidates or more. A single exact term is one `memmem` per item;
    ///   a fuzzy term one `memchr` per character of the term. A term with an accented letter
    ///   (`FilterQuery.Term.isAccentSensitive`) is checked again against each match's text
    ///   as written, in an index made `init(storingText:)` (without the text, accents are
    ///   ignored).
    public func matches(
        _ query: FilterQuery, narrowing previous: FilterMatches? = nil, cancellation: FilterCancellation? = nil,
        scored: Bool = true
    ) -> FilterMatches? {
        let total = _starts.count
        if query.isEmpty {
            return FilterMatches(query, slots: _liveSlots(), slotCount: total, version: version)
        }
        var candidates: [Int32]?
        if let previous, previous.version == version, previous.slotCount <= total, query._implies(previous.query) {
            candidates = _candidates(narrowing: previous)
        }
        let matcher = _FilterMatcher(query)
        let searched =
            scored
            ? _search(_QueryMatcher(matcher: matcher), candidates: candidates, cancellation: cancellation)
            : _search(_QueryPresenceMatcher(matcher: matcher), candidates: candidates, cancellation: cancellation)
        guard var found = searched else { return nil }
        if _storesText && query._hasAccentSensitiveTerms {
            // An accented term matched the text without its accents: check it with them.
            var kept: (slots: [Int32], scores: [Int32]) = ([], [])
            for (i, slot) in found.slots.enumerated() where query._acceptsAccents(in: text(atSlot: Int(slot))) {
                kept.slots.append(slot)
                if scored { kept.scores.append(found.scores[i]) }
            }
            found = kept
        }
        // As fzf, a query of only `!term`s leaves the lines in input order: no scores.
        let scores = query._ranks ? found.scores : []
        return FilterMatches(query, slots: found.slots, slotCount: total, version: version, scores: scores)
    }

    /// The slots of `matches` best first: by score (higher first), then each of `tiebreaks`
    /// in turn (fzf's `--tiebreak`), then slot order. Matches without scores (an empty query)
    /// keep slot order.
    ///
    /// - Parameters:
    ///   - matches: a result of this index.
    ///   - laterFirst: whether, among equals, the later slot comes first (fzf's `--tac`); the
    ///     slots of matches without scores are then reversed.
    ///   - tiebreaks: how equal scores are ordered before slot order (``FilterTiebreak``;
    ///     `.index` adds nothing); by default the shorter text first, blanks around it not
    ///     counted, as fzf's default.
    ///   - shownLength: When the text indexed is part of a longer text shown (a line's
    ///     fields, fzf's `--nth`), the length of a slot's shown text without the blanks around
    ///     it: the `length` tiebreak measures it, as fzf's does.
    ///   - shown: Likewise, for the other tiebreaks: the text shown for a slot, case kept, and
    ///     for each byte of the indexed text the offset of its byte in the shown text (where
    ///     in the whole line the match begins, as fzf measures). Nil, or offsets not one per
    ///     byte of the indexed text, for a slot whose offsets cannot be told (the indexed text
    ///     then serves).
    /// - Returns: the slots, ranked.
    /// - Complexity: O(m log m) for m matches, plus, for a tiebreak other than `length`, one
    ///   more match of each (its offsets are not kept by the search), and a call of `shown`
    ///   for each.
    public func ranked(
        _ matches: FilterMatches, laterFirst: Bool = false, tiebreaks: [FilterTiebreak] = [.length],
        shownLength: ((_ slot: Int32) -> Int)? = nil, shown: ((_ slot: Int32) -> (text: [UInt8], offsets: [Int])?)? = nil
    ) -> [Int32] {
        guard matches.scores.count == matches.slots.count, !matches.slots.isEmpty else {
            return laterFirst ? matches.slots.reversed() : matches.slots
        }
        let criteria = Array(tiebreaks.filter { $0 != .index }.prefix(3))
        if criteria.allSatisfy({ $0 == .length }),
            let ranked = _rankedByLength(
                matches, laterFirst: laterFirst, byLength: !criteria.isEmpty, shownLength: shownLength)
        {
            return ranked
        }
        return _rankedByKeys(matches, laterFirst: laterFirst, criteria: criteria, shownLength: shownLength, shown: shown)
    }

    /// fzf's default ranking (score, then length unless `byLength` is false, then input order)
    /// with one 64-bit key per match, sorted as integers: 20 bits of inverted score, 16 of
    /// length, 28 of order. Faster than ``_rankedByKeys(_:laterFirst:criteria:)``'s keys of
    /// three fields, which it equals (a property test checks); nil when a score or a slot does
    /// not fit its bits (the general ranking then serves).
    internal func _rankedByLength(
        _ matches: FilterMatches, laterFirst: Bool, byLength: Bool, shownLength: ((Int32) -> Int)? = nil
    ) -> [Int32]? {
        let orderBits = 28, scoreBias = 1 << 19
        guard let low = matches.scores.min(), let high = matches.scores.max(),
            Int(low) >= -scoreBias, Int(high) < scoreBias, matches.slotCount <= 1 << orderBits
        else { return nil }
        let lastOrder = UInt64(1 << orderBits) - 1
        var keys = [UInt64](repeating: 0, count: matches.slots.count)
        _withItemText { text in
            for (i, slot) in matches.slots.enumerated() {
                let score = UInt64(Int(matches.scores[i]) + scoreBias)
                let trimmed = byLength ? shownLength?(slot) ?? _trimmedLength(text.cased(Int(slot))) : 0
                let length = UInt64(min(trimmed, Int(UInt16.max)))
                let order = laterFirst ? lastOrder - UInt64(slot) : UInt64(slot)
                keys[i] = (UInt64((1 << 20) - 1) - score) << 44 | length << UInt64(orderBits) | order
            }
        }
        keys.sort()
        return keys.map { key in
            let order = key & lastOrder
            return Int32(laterFirst ? lastOrder - order : order)
        }
    }

    /// The ranking by any tiebreaks (at most three, without `.index`): one key of three
    /// fields per match.
    internal func _rankedByKeys(
        _ matches: FilterMatches, laterFirst: Bool, criteria: [FilterTiebreak],
        shownLength: ((Int32) -> Int)? = nil, shown: ((Int32) -> (text: [UInt8], offsets: [Int])?)? = nil
    ) -> [Int32] {
        let needsOffsets = criteria.contains { $0 != .length }
        let shown = needsOffsets ? shown : nil
        var matcher: _FilterMatcher?
        if needsOffsets { matcher = _FilterMatcher(matches.query) }
        // One key per match: its score, up to three 16-bit tiebreak values (fzf's), its order.
        var keys: [_RankKey] = []
        keys.reserveCapacity(matches.slots.count)
        _withItemText { text in
            for (i, slot) in matches.slots.enumerated() {
                let cased = text.cased(Int(slot))
                var ranges = matcher?.termRanges(folded: text.folded(Int(slot)), cased: cased) ?? []
                var points: UInt64 = 0
                if let (whole, offsets) = shown?(slot), offsets.count == cased.count {
                    // The ranges moved to the shown text: from their first byte's place to
                    // just after their last one's.
                    ranges = ranges.compactMap { range in
                        guard !range.isEmpty, range.upperBound <= offsets.count else { return nil }
                        return offsets[range.lowerBound] ..< offsets[range.upperBound - 1] + 1
                    }
                    whole.withUnsafeBufferPointer { whole in
                        for criterion in criteria {
                            points = points << 16 | UInt64(_tiebreakValue(criterion, whole, ranges))
                        }
                    }
                } else {
                    for criterion in criteria {
                        let value =
                            criterion == .length && shownLength != nil
                            ? UInt16(min(shownLength!(slot), Int(UInt16.max))) : _tiebreakValue(criterion, cased, ranges)
                        points = points << 16 | UInt64(value)
                    }
                }
                points <<= UInt64(16 * (3 - criteria.count))
                let order = laterFirst ? UInt32.max - UInt32(slot) : UInt32(slot)
                keys.append(_RankKey(score: -matches.scores[i], points: points, order: order))
            }
        }
        keys.sort()
        return keys.map { Int32(bitPattern: laterFirst ? UInt32.max - $0.order : $0.order) }
    }

    /// Runs `body` with the index's text storage borrowed.
    internal func _withItemText<R>(_ body: (_ItemText) -> R) -> R {
        _store.withBases { bases in
            _starts.withUnsafeBufferPointer { starts in
                _lengths.withUnsafeBufferPointer { lengths in
                    _foldedLengths.withUnsafeBufferPointer { foldedLengths in
                        body(_ItemText(bases: bases, starts: starts, lengths: lengths, foldedLengths: foldedLengths))
                    }
                }
            }
        }
    }
}

/// A match's place in a ranking: score (negated: higher first), tiebreak values, order.
private struct _RankKey: Comparable {
    let score: Int32
    let points: UInt64
    let order: UInt32

    static func < (a: Self, b: Self) -> Bool {
        (a.score, a.points, a.order) < (b.score, b.points, b.order)
    }
}

@inline(__always)
private func _isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

/// A text's length without the blanks around it (fzf's `TrimLength`), in bytes of the
/// case-kept text: characters for ASCII and for accented Latin letters (folded to one byte),
/// and O(1) for a line without blanks at its ends, which a ranking of a million matches needs.
private func _trimmedLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var start = 0, end = text.count
    while start < end && _isSpace(text[start]) { start += 1 }
    while end > start && _isSpace(text[end - 1]) { end -= 1 }
    return end - start
}

/// One tiebreak's value for a match (lower ranks first), as fzf's `buildResult` computes it
/// from the terms' match offsets `ranges` in `text`.
private func _tiebreakValue(_ criterion: FilterTiebreak, _ text: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> UInt16 {
    @inline(__always) func clamp(_ value: Int) -> UInt16 { UInt16(min(max(value, 0), Int(UInt16.max))) }
    if criterion == .length { return clamp(_trimmedLength(text)) }
    guard let minBegin = ranges.map(\.lowerBound).min(), let minEnd = ranges.map(\.upperBound).min(),
        let maxEnd = ranges.map(\.upperBound).max()
    else { return .max }
    switch criterion {
    case .chunk:
        var begin = minBegin, end = maxEnd
        while begin >= 1 && !_isSpace(text[begin - 1]) { begin -= 1 }
        while end < text.count && !_isSpace(text[end]) { end += 1 }
        return clamp(end - begin)
    case .pathname:
        let lastDelimiter = text.lastIndex { $0 == 0x2F || $0 == 0x5C } ?? -1
        return lastDelimiter <= minBegin ? clamp(minBegin - lastDelimiter) : .max
    case .begin, .end:
        var whitePrefix = 0
        for index in 0 ..< text.count {
            whitePrefix = index
            if index == minBegin || !_isSpace(text[index]) { break }
        }
        if criterion == .begin { return clamp(minEnd - whitePrefix) }
        let max = Int(UInt16.max)
        return clamp(max - max * (maxEnd - whitePrefix) / (_trimmedLength(text) + 1))
    case .length, .index:
        return 0
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

/// A search by a ``FilterQuery`` that finds the same items as ``_QueryMatcher`` without
/// scoring them.
internal struct _QueryPresenceMatcher: _ItemMatcher, @unchecked Sendable {
    let matcher: _FilterMatcher

    static var keepsScores: Bool { false }

    func score(_ text: _ItemText, slot: Int) -> Int32? {
        matcher.matches(folded: text.folded(slot), cased: text.cased(slot)) ? 0 : nil
    }
}

extension FilterQuery {
    /// Whether the matches are ranked: the query has a term that is not `!term` (fzf's
    /// `sortable`).
    internal var _ranks: Bool { groups.contains { $0.contains { !$0.inverted } } }

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
        // `á`'s matches are not all of `a`'s; `á` after `á` is decided below on folded text,
        // enough when the accented text is the same.
        if b.isAccentSensitive && !a.text.contains(b.text) { return false }
        let n = b.caseSensitive ? a._needle : TextFolding.folded(a.text)
        let m = b._needle
        switch b.kind {
        case .fuzzy:
            // Byte by byte only for ASCII (a byte subsequence of UTF-8 is not a character one).
            return m.allSatisfy { $0 < 0x80 } ? _isSubsequence(m, of: n) : _isSubstring(m, of: n)
        case .exact: return a.kind != .fuzzy && _isSubstring(m, of: n)
        // A boundary in `b`'s place is not one `a`'s match tells of, unless it is the same.
        case .exactBoundary: return a.kind == .exactBoundary && n == m
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
