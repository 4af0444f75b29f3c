#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``FilterQuery`` ready to match folded bytes: the per-line work of a search.
///
/// A line is given twice: folded (`TextFolding.append(folded:to:)`: case-insensitive terms
/// match there) and folded keeping case (case-sensitive terms match there, and the scoring
/// reads letters' case there to find camelCase humps). Fields are separated by NUL bytes; a
/// term matches within one field.
///
/// Scoring is fzf's (`FilterQuery+Algorithms.swift`): a fuzzy term's best alignment in the
/// line (`FuzzyMatchV2`; its first one under ``FilterAlgorithm/v1``), 16 per matched character,
/// a bonus for a character at a word start (after a blank 10, after `/`, `,`, `:`, `;`, `|` 9,
/// after other punctuation 8), a camelCase hump or the first digit 7, punctuation 8; inside a
/// run of consecutive matches every character gets at least the run's first bonus (at least
/// 4); the first character's bonus counts twice; a gap costs 3, then 1 per further character.
/// An exact term scores its occurrence whose first character's bonus is best.
internal struct _FilterMatcher: @unchecked Sendable {
    /// A term as the per-line loops read it: plain values and pointers into ``storage``, so
    /// reading one retains nothing (with arrays here, each line cost a retain and a release
    /// per array: 40 % of a search's time, 2026-11-29 profile).
    struct Term {
        let kind: FilterQuery.Kind
        let inverted: Bool
        let caseSensitive: Bool
        let needle: UnsafeBufferPointer<UInt8>
        /// The needle's characters, as scalars (fzf's runes).
        let scalars: UnsafeBufferPointer<UInt32>
    }

    /// Owns the terms, their bytes and scalars, and where each group ends, for as long as a
    /// matcher copied from this one lives.
    final class Storage {
        let terms: UnsafeMutableBufferPointer<Term>
        /// Group `g` is `terms[groupEnds[g - 1] ..< groupEnds[g]]` (from 0 for the first).
        let groupEnds: UnsafeMutableBufferPointer<Int>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let scalars: UnsafeMutableBufferPointer<UInt32>

        init(_ groups: [[(kind: FilterQuery.Kind, inverted: Bool, caseSensitive: Bool, needle: [UInt8])]]) {
            let all = groups.flatMap { $0 }
            let scalarLists = all.map { String(decoding: $0.needle, as: UTF8.self).unicodeScalars.map(\.value) }
            terms = .allocate(capacity: all.count)
            groupEnds = .allocate(capacity: groups.count)
            bytes = .allocate(capacity: max(1, all.reduce(0) { $0 + $1.needle.count }))
            scalars = .allocate(capacity: max(1, scalarLists.reduce(0) { $0 + $1.count }))
            var byteAt = 0, scalarAt = 0
            for (i, term) in all.enumerated() {
                let needle = UnsafeMutableBufferPointer(rebasing: bytes[byteAt ..< byteAt + term.needle.count])
                _ = needle.initialize(from: term.needle)
                let list = scalarLists[i]
                let runes = UnsafeMutableBufferPointer(rebasing: scalars[scalarAt ..< scalarAt + list.count])
                _ = runes.initialize(from: list)
                byteAt += term.needle.count
                scalarAt += list.count
                (terms.baseAddress! + i).initialize(
                    to: Term(
                        kind: term.kind, inverted: term.inverted, caseSensitive: term.caseSensitive,
                        needle: UnsafeBufferPointer(needle), scalars: UnsafeBufferPointer(runes)))
            }
            var end = 0
            for (g, group) in groups.enumerated() {
                end += group.count
                (groupEnds.baseAddress! + g).initialize(to: end)
            }
        }

        deinit {
            terms.deallocate()
            groupEnds.deallocate()
            bytes.deallocate()
            scalars.deallocate()
        }
    }

    let storage: Storage
    let bonuses: _Bonuses
    /// The terms, group after group (see ``Storage/groupEnds``).
    var terms: UnsafeBufferPointer<Term> { UnsafeBufferPointer(storage.terms) }
    var groupEnds: UnsafeBufferPointer<Int> { UnsafeBufferPointer(storage.groupEnds) }

    init(_ query: FilterQuery) {
        bonuses = _Bonuses(query.scheme, lastOccurrence: query.prefersLastOccurrence, algorithm: query.algorithm)
        // A group with an inverted accented term (`!é`) is left to the accent check (on folded
        // text it would exclude every `e`): here it matches every line.
        let groups = query.groups.filter { !$0.contains { $0.inverted && $0.isAccentSensitive } }
        storage = Storage(
            groups.map { group in
                group.map { (kind: $0.kind, inverted: $0.inverted, caseSensitive: $0.caseSensitive, needle: $0._needle) }
            })
    }

    /// The line's score, or `nil` when it does not match. `positions` gets the matched byte
    /// offsets: in `folded` as they are, in `cased` as `-(offset + 1)` (when `collect`).
    func score(
        folded: UnsafeBufferPointer<UInt8>, cased: UnsafeBufferPointer<UInt8>, positions: inout [Int],
        collect: Bool = true
    ) -> Int32? {
        var unused: [Range<Int>] = []
        return score(
            folded: folded, cased: cased, positions: &positions, collect: collect, ranges: &unused, collectsRanges: false)
    }

    /// The line's terms' matches, each as the range from its first matched byte to after its
    /// last (in the case-kept text's offsets), for the tiebreaks; empty when it does not match.
    func termRanges(folded: UnsafeBufferPointer<UInt8>, cased: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var positions: [Int] = []
        var ranges: [Range<Int>] = []
        let score = score(
            folded: folded, cased: cased, positions: &positions, collect: true, ranges: &ranges, collectsRanges: true)
        return score == nil ? [] : ranges
    }

    /// ``score(folded:cased:positions:collect:)``, with each term's range when `collectsRanges`.
    func score(
        folded: UnsafeBufferPointer<UInt8>, cased: UnsafeBufferPointer<UInt8>, positions: inout [Int],
        collect: Bool, ranges: inout [Range<Int>], collectsRanges: Bool
    ) -> Int32? {
        var total: Int32 = 0
        let classText = cased.count == folded.count ? cased : folded
        let terms = terms, groupEnds = groupEnds
        var groupStart = 0
        for groupEnd in groupEnds {
            defer { groupStart = groupEnd }
            var matched = false
            var groupScore: Int32 = 0
            for term in terms[groupStart ..< groupEnd] {
                let text = term.caseSensitive ? cased : folded
                let before = positions.count
                let found = _termScore(
                    term, text: text, classText: classText, positions: &positions, collect: collect && !term.inverted,
                    bonuses: bonuses)
                if let found {
                    if term.inverted { continue }
                    if collectsRanges && positions.count > before {
                        let offsets = positions[before...].map { $0 >= 0 ? $0 : -$0 - 1 }
                        ranges.append(offsets.min()! ..< offsets.max()! + 1)
                    }
                    groupScore = found
                    matched = true
                    break
                } else if term.inverted {
                    matched = true
                }
            }
            guard matched else { return nil }
            total &+= groupScore
        }
        return total
    }
}

extension _FilterMatcher {
    /// Whether the line matches, without a score: each term stops at its first occurrence
    /// (``score(folded:cased:positions:collect:)`` looks further for the best one), so a filter
    /// that keeps its items' order pays only for the search.
    func matches(folded: UnsafeBufferPointer<UInt8>, cased: UnsafeBufferPointer<UInt8>) -> Bool {
        let terms = terms
        var groupStart = 0
        for groupEnd in groupEnds {
            defer { groupStart = groupEnd }
            let matched = terms[groupStart ..< groupEnd].contains { term in
                let text = term.caseSensitive ? cased : folded
                return _termOccurs(term.kind, needle: term.needle, text: text, bonuses: bonuses) != term.inverted
            }
            if !matched { return false }
        }
        return true
    }
}

/// Whether a term matches a field of `text` (fields end at NUL bytes).
private func _termOccurs(
    _ kind: FilterQuery.Kind, needle: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, bonuses: _Bonuses
) -> Bool {
    guard let needleBase = needle.baseAddress, needle.count > 0 else { return true }
    guard let base = text.baseAddress else { return false }
    let count = text.count
    var low = 0
    while true {
        let high =
            memchr(base + low, 0, count - low).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base } ?? count
        if _fieldMatch(kind, needleBase, needle.count, base, low, high, bonuses: bonuses) != nil { return true }
        if high >= count { return false }
        low = high + 1
    }
}

/// The byte length of the UTF-8 sequence a byte starts (1 for a stray continuation byte).
@inline(__always)
internal func _utf8Length(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

@inline(__always)
private func _isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

/// The offset of `needle` in `text`, or `nil`.
@inline(__always)
internal func _position(_ text: UnsafePointer<UInt8>, _ length: Int, _ needle: UnsafePointer<UInt8>, _ needleCount: Int) -> Int? {
    guard needleCount > 0 else { return 0 }
    let first = Int32(needle[0])
    var offset = 0
    let last = length - needleCount
    while offset <= last {
        guard let hit = memchr(text + offset, first, last - offset + 1) else { return nil }
        let position = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - text
        if needleCount == 1 || memcmp(text + position + 1, needle + 1, needleCount - 1) == 0 { return position }
        offset = position + 1
    }
    return nil
}

/// A term's score in the first field of `text` it matches, or `nil`: fzf's algorithm for the
/// term's kind (`FilterQuery+Algorithms.swift`), scored as fzf scores it.
private func _termScore(
    _ term: _FilterMatcher.Term, text: UnsafeBufferPointer<UInt8>, classText: UnsafeBufferPointer<UInt8>,
    positions: inout [Int], collect: Bool, bonuses: _Bonuses
) -> Int32? {
    let kind = term.kind, negative = term.caseSensitive
    let needle = term.needle
    guard let needleBase = needle.baseAddress, needle.count > 0 else { return 0 }
    guard let base = text.baseAddress else { return nil }
    // The case-kept text tells letters' case; when its bytes are not the searched text's
    // one for one, the searched text's own classes serve.
    let classes = classText.count == text.count ? classText.baseAddress : nil
    let count = text.count
    var low = 0
    while true {
        let high =
            memchr(base + low, 0, count - low).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base }
            ?? count
        switch kind {
        case .fuzzy:
            let score =
                bonuses.algorithm == .v1
                ? _fuzzyV1(
                    base, classes, low: low, high: high, needle, bonuses: bonuses, positions: &positions, collect: collect,
                    negative: negative)
                : _fuzzyV2(
                    base, classes, low: low, high: high, term.scalars, needle, bonuses: bonuses, positions: &positions,
                    collect: collect, negative: negative)
            if let score { return score }
        case .exact, .exactBoundary:
            if let (start, bonus) = _exactMatch(
                base, classes, low: low, high: high, needleBase, needle.count, bonuses: bonuses,
                boundary: kind == .exactBoundary)
            {
                let score = _score(
                    base, classes, low: low, start: start, end: start + needle.count, needleBase, needle.count,
                    positions: &positions, collect: collect, negative: negative, bonuses: bonuses)
                guard kind == .exactBoundary else { return score }
                return _boundaryScore(base, low: low, high: high, start: start, count: needle.count, bonus: bonus, bonuses)
            }
        case .prefix, .suffix, .equal:
            if let range = _fieldMatch(kind, needleBase, needle.count, base, low, high) {
                let score = _score(
                    base, classes, low: low, start: range.lowerBound, end: range.upperBound, needleBase, needle.count,
                    positions: &positions, collect: collect, negative: negative, bonuses: bonuses)
                guard kind == .equal else { return score }
                // fzf's `EqualMatch`: as if every character followed a blank.
                let characters = Int32(term.scalars.count)
                return (16 + bonuses.white) * characters + bonuses.white
            }
        }
        if high >= count { return nil }
        low = high + 1
    }
}

/// Where a term matches in `text[low ..< high]` (the window scored), or `nil`.
@inline(__always)
private func _fieldMatch(
    _ kind: FilterQuery.Kind, _ needle: UnsafePointer<UInt8>, _ n: Int, _ text: UnsafePointer<UInt8>, _ low: Int, _ high: Int,
    bonuses: _Bonuses = _Bonuses(.default, lastOccurrence: false)
) -> Range<Int>? {
    switch kind {
    case .exact:
        return _position(text + low, high - low, needle, n).map { low + $0 ..< low + $0 + n }
    case .exactBoundary:
        return _exactMatch(text, nil, low: low, high: high, needle, n, bonuses: bonuses, boundary: true).map {
            $0.start ..< $0.start + n
        }
    case .prefix, .suffix, .equal:
        var start = low, end = high
        if kind != .suffix && !_isBlank(needle[0]) { while start < end && _isBlank(text[start]) { start += 1 } }
        if kind != .prefix && !_isBlank(needle[n - 1]) { while end > start && _isBlank(text[end - 1]) { end -= 1 } }
        guard end - start >= n else { return nil }
        switch kind {
        case .prefix: end = start + n
        case .suffix: start = end - n
        default: guard end - start == n else { return nil }
        }
        return memcmp(text + start, needle, n) == 0 ? start ..< end : nil
    case .fuzzy:
        // Forward: each character of the needle at its first place after the previous one.
        var at = low, i = 0, first = -1
        while i < n {
            let length = _utf8Length(needle[i])
            guard let p = _position(text + at, high - at, needle + i, length) else { return nil }
            if first < 0 { first = at + p }
            at += p + length
            i += length
        }
        let end = at
        // Backward from the end: the shortest window ending there.
        var start = end
        i = n
        while i > 0 {
            var k = i - 1
            while k > 0 && needle[k] & 0xC0 == 0x80 { k -= 1 }
            let length = i - k
            var p = start - length
            while p > first && memcmp(text + p, needle + k, length) != 0 { p -= 1 }
            start = p
            i = k
        }
        return start ..< end
    }
}

internal enum _CharClass: UInt8 { case white, nonWord, delimiter, lower, upper, letter, number }

/// A scheme's bonuses (fzf's `--scheme`): after a blank, after a delimiter, which bytes are
/// delimiters, and the class before a line's first character.
internal struct _Bonuses: Sendable {
    let white: Int32
    let delimiter: Int32
    let slashOnly: Bool
    let initial: _CharClass
    /// Whether the last of the best-scoring occurrences is taken (else the first).
    let lastOccurrence: Bool
    /// How fuzzy terms are matched (fzf's `--algo`).
    let algorithm: FilterAlgorithm

    init(_ scheme: FilterScheme, lastOccurrence: Bool, algorithm: FilterAlgorithm = .v2) {
        self.lastOccurrence = lastOccurrence
        self.algorithm = algorithm
        switch scheme {
        case .default: (white, delimiter, slashOnly, initial) = (10, 9, false, .white)
        case .path: (white, delimiter, slashOnly, initial) = (8, 9, true, .delimiter)
        case .history: (white, delimiter, slashOnly, initial) = (8, 8, false, .white)
        }
    }
}

@inline(__always)
internal func _class(_ byte: UInt8, _ bonuses: _Bonuses) -> _CharClass {
    switch byte {
    case 0x61 ... 0x7A: return .lower
    case 0x41 ... 0x5A: return .upper
    case 0x30 ... 0x39: return .number
    case 0x20, 0x09 ... 0x0D: return .white
    case 0x2F: return .delimiter
    case 0x2C, 0x3A, 0x3B, 0x7C: return bonuses.slashOnly ? .nonWord : .delimiter
    case 0x80...: return .letter
    default: return .nonWord
    }
}

@inline(__always)
internal func _bonus(_ previous: _CharClass, _ current: _CharClass, _ bonuses: _Bonuses) -> Int32 {
    // fzf's `bonusFor`: anything but a blank after a blank or punctuation starts a word.
    if current.rawValue >= _CharClass.nonWord.rawValue {
        switch previous {
        case .white: return bonuses.white
        case .delimiter: return bonuses.delimiter
        case .nonWord: return 8
        default: break
        }
    }
    if previous == .lower && current == .upper || previous != .number && current == .number { return 7 }
    if current == .nonWord || current == .delimiter { return 8 }
    if current == .white { return bonuses.white }
    return 0
}

/// fzf's `calculateScore`: the needle matched greedily in `text[start ..< end]` (`low`: the
/// field's start), scored; `classText` (the case-kept text, byte for byte, or nil) tells the
/// characters' classes.
internal func _score(
    _ text: UnsafePointer<UInt8>, _ classText: UnsafePointer<UInt8>?, low: Int, start: Int, end: Int,
    _ needle: UnsafePointer<UInt8>, _ n: Int, positions: inout [Int], collect: Bool, negative: Bool, bonuses: _Bonuses
) -> Int32 {
    let classes = classText ?? text
    @inline(__always) func classAt(_ index: Int) -> _CharClass { _class(classes[index], bonuses) }
    var score: Int32 = 0, inGap = false, consecutive = 0, firstBonus: Int32 = 0, i = 0
    var previous: _CharClass = start > low ? classAt(start - 1) : bonuses.initial
    var index = start
    while index < end {
        let current = classAt(index)
        let length = i < n ? _utf8Length(needle[i]) : 0
        if i < n && index + length <= end && text[index] == needle[i]
            && (length == 1 || memcmp(text + index + 1, needle + i + 1, length - 1) == 0)
        {
            if collect { positions.append(negative ? -index - 1 : index) }
            score += 16
            var bonus = _bonus(previous, current, bonuses)
            if consecutive == 0 {
                firstBonus = bonus
            } else {
                if bonus >= 8 && bonus > firstBonus { firstBonus = bonus }
                bonus = max(bonus, firstBonus, 4)
            }
            score += i == 0 ? bonus * 2 : bonus
            inGap = false
            consecutive += 1
            i += length
            index += length
        } else {
            score += inGap ? -1 : -3
            inGap = true
            consecutive = 0
            firstBonus = 0
            index += _utf8Length(text[index])
        }
        previous = current
    }
    return score
}
