#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// fzf's matching algorithms for one field of a line (its `algo.go`, v0.74), on the folded
// bytes a ``FilterIndex`` keeps: fuzzy (`FuzzyMatchV2`, `FuzzyMatchV1`) and exact
// (`ExactMatchNaive`, `ExactMatchBoundary`). A field is `text[low ..< high]`; offsets are
// bytes of `text`; characters are whole UTF-8 sequences, so gaps and bonuses count
// characters as fzf's count runes.

/// The most cells fzf's score matrix holds (its 16-bit slab, 100 Ki cells): a longer field
/// times needle is matched by ``_fuzzyV1(_:_:low:high:_:bonuses:positions:collect:negative:)``.
private let _matrixLimit = 100 * 1024

/// fzf's `asciiFuzzyIndex`: the part of `text[low ..< high]` a fuzzy needle can match in,
/// from the character before the first occurrence of its first character to after the last
/// occurrence of its last character; nil when its characters do not occur in order.
/// - Complexity: O(high - low), by `memchr`.
internal func _fuzzyScope(_ text: UnsafePointer<UInt8>, low: Int, high: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Range<Int>?
{
    guard let needleBase = needle.baseAddress, needle.count > 0 else { return low ..< low }
    var at = low, i = 0, first = low, lastStart = low, lastLength = 1
    while i < needle.count {
        let length = _utf8Length(needleBase[i])
        guard let p = _position(text + at, high - at, needleBase + i, length) else { return nil }
        let found = at + p
        if i == 0 && found > low {
            // Step back one character, for the first character's bonus.
            first = found - 1
            while first > low && text[first] & 0xC0 == 0x80 { first -= 1 }
        }
        (lastStart, lastLength) = (found, length)
        at = found + length
        i += length
    }
    // The last occurrence of the last character ends the scope.
    let last = needleBase + needle.count - lastLength
    var end = lastStart + lastLength
    var p = high - lastLength
    while p >= end {
        if text[p] == last[0] && (lastLength == 1 || memcmp(text + p + 1, last + 1, lastLength - 1) == 0) {
            end = p + lastLength
            break
        }
        p -= 1
    }
    return first ..< end
}

/// fzf's `FuzzyMatchV2`: the best-scoring alignment of `needle` (its characters as scalars,
/// `needleBytes` as UTF-8) in `text[low ..< high]`, found by a Smith-Waterman-like score
/// matrix with no character of the needle left out. Of equal scores the first ending one is
/// kept, the last when `bonuses.lastOccurrence`.
///
/// - Returns: the score, and in `positions` (when `collect`) the matched characters' byte
///   offsets (`-(offset + 1)` when `negative`); nil when the needle does not match.
/// - Complexity: O(high - low) to reject a field, O(n × m) to score one, n the characters of
///   its scope and m the needle's; past fzf's limit of 100 Ki cells, `FuzzyMatchV1`'s O(n).
internal func _fuzzyV2(
    _ text: UnsafePointer<UInt8>, _ classText: UnsafePointer<UInt8>?, low: Int, high: Int, _ needle: UnsafeBufferPointer<UInt32>,
    _ needleBytes: UnsafeBufferPointer<UInt8>, bonuses: _Bonuses, positions: inout [Int], collect: Bool, negative: Bool
) -> Int32? {
    let m = needle.count
    guard m > 0 else { return 0 }
    guard let scope = _fuzzyScope(text, low: low, high: high, needleBytes) else { return nil }
    if (high - low) * m > _matrixLimit || m > 1000 {
        var characters = 0
        for index in low ..< high where text[index] & 0xC0 != 0x80 { characters += 1 }
        if characters * m > _matrixLimit || m > 1000 {
            return _fuzzyV1(
                text, classText, low: low, high: high, needleBytes, bonuses: bonuses, positions: &positions, collect: collect,
                negative: negative)
        }
    }
    let bytes = scope.count
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bytes) { characters in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: bytes) { offsets in
            withUnsafeTemporaryAllocation(of: Int16.self, capacity: bytes * 3) { row in
                // Phase 1: the scope's characters, each one's offset and bonus.
                let n = _decode(text, classText, scope, bonuses, characters: characters, offsets: offsets, bonuses: row)
                let b = row.baseAddress!, h0 = b + n, c0 = b + 2 * n
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: m) { f -> Int32? in
                    guard
                        let found = _fuzzyMatrix(
                            characters.baseAddress!, n, bonus: b, h0: h0, c0: c0, firsts: f, needle, bonuses: bonuses,
                            collect: collect)
                    else { return nil }
                    if collect {
                        for index in found.positions.reversed() {
                            let offset = Int(offsets[index])
                            positions.append(negative ? -offset - 1 : offset)
                        }
                    }
                    return found.score
                }
            }
        }
    }
}

/// Decodes `text[scope]` into characters (scalars), their byte offsets and their bonuses
/// (the first one's after the scheme's initial class, as fzf's); returns how many.
private func _decode(
    _ text: UnsafePointer<UInt8>, _ classText: UnsafePointer<UInt8>?, _ scope: Range<Int>, _ scheme: _Bonuses,
    characters: UnsafeMutableBufferPointer<UInt32>, offsets: UnsafeMutableBufferPointer<Int32>,
    bonuses: UnsafeMutableBufferPointer<Int16>
) -> Int {
    var n = 0, index = scope.lowerBound, previous = scheme.initial
    let classes = classText ?? text
    while index < scope.upperBound {
        let byte = text[index]
        var characterClass: _CharClass
        if byte < 0x80 {
            characters[n] = UInt32(byte)
            characterClass = _class(classes[index], scheme)
            if characterClass == .letter { characterClass = _class(byte, scheme) }
            offsets[n] = Int32(index)
            index += 1
        } else {
            let length = min(_utf8Length(byte), scope.upperBound - index)
            characters[n] = _scalar(text + index, length)
            let caseByte = classes[index]
            characterClass = _unicodeClass(caseByte < 0x80 ? characters[n] : _scalar(classes + index, length))
            offsets[n] = Int32(index)
            index += length
        }
        bonuses[n] = Int16(_bonus(previous, characterClass, scheme))
        previous = characterClass
        n += 1
    }
    return n
}

/// The scalar a UTF-8 sequence of `length` bytes encodes.
@inline(__always)
private func _scalar(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
    switch length {
    case 1: return UInt32(bytes[0])
    case 2: return UInt32(bytes[0] & 0x1F) << 6 | UInt32(bytes[1] & 0x3F)
    case 3: return UInt32(bytes[0] & 0x0F) << 12 | UInt32(bytes[1] & 0x3F) << 6 | UInt32(bytes[2] & 0x3F)
    default:
        return UInt32(bytes[0] & 0x07) << 18 | UInt32(bytes[1] & 0x3F) << 12 | UInt32(bytes[2] & 0x3F) << 6
            | UInt32(bytes[3] & 0x3F)
    }
}

/// fzf's `charClassOfNonAscii`: a letter's case, a number, a letter, a space, else punctuation.
internal func _unicodeClass(_ value: UInt32) -> _CharClass {
    guard let scalar = Unicode.Scalar(value) else { return .nonWord }
    switch scalar.properties.generalCategory {
    case .lowercaseLetter: return .lower
    case .uppercaseLetter: return .upper
    case .decimalNumber, .letterNumber, .otherNumber: return .number
    case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
    default: return scalar.properties.isWhitespace ? .white : .nonWord
    }
}

/// fzf's `FuzzyMatchV2` phases 2 to 4 on `n` decoded characters: the score row of the
/// needle's first character, the matrix of the others, the backtrace. Returns the best score
/// and (when `collect`) the matched characters' indices, last first.
private func _fuzzyMatrix(
    _ t: UnsafePointer<UInt32>, _ n: Int, bonus: UnsafeMutablePointer<Int16>, h0: UnsafeMutablePointer<Int16>,
    c0: UnsafeMutablePointer<Int16>, firsts: UnsafeMutableBufferPointer<Int>, _ needle: UnsafeBufferPointer<UInt32>,
    bonuses: _Bonuses, collect: Bool
) -> (score: Int32, positions: [Int])? {
    let m = needle.count, forward = !bonuses.lastOccurrence
    let scoreMatch: Int16 = 16, gapStart: Int16 = -3, gapExtension: Int16 = -1
    var maxScore: Int16 = 0, maxScorePos = 0
    var pidx = 0, lastIdx = 0
    let pchar0 = needle[0]
    var pchar = pchar0, previousH0: Int16 = 0, inGap = false
    // Phase 2: where each character of the needle first occurs in order; the first one's row.
    for off in 0 ..< n {
        let char = t[off]
        let b = bonus[off]
        if char == pchar {
            if pidx < m {
                firsts[pidx] = off
                pidx += 1
                pchar = needle[min(pidx, m - 1)]
            }
            lastIdx = off
        }
        if char == pchar0 {
            let score = scoreMatch + b * 2
            h0[off] = score
            c0[off] = 1
            if m == 1 && (forward && score > maxScore || !forward && score >= maxScore) {
                (maxScore, maxScorePos) = (score, off)
                if forward && b >= 8 { break }
            }
            inGap = false
        } else {
            h0[off] = max(previousH0 + (inGap ? gapExtension : gapStart), 0)
            c0[off] = 0
            inGap = true
        }
        previousH0 = h0[off]
    }
    guard pidx == m else { return nil }
    if m == 1 { return (Int32(maxScore), collect ? [maxScorePos] : []) }
    // Phase 3: the matrix, one row per character of the needle, from its first occurrence.
    let f0 = firsts[0], width = lastIdx - f0 + 1
    return withUnsafeTemporaryAllocation(of: Int16.self, capacity: width * m * 2) { cells in
        cells.initialize(repeating: 0)
        let h = cells.baseAddress!, c = h + width * m
        h.update(from: h0 + f0, count: width)
        c.update(from: c0 + f0, count: width)
        for pidx in 1 ..< m {
            let first = firsts[pidx], pchar = needle[pidx], row = pidx * width
            var inGap = false
            h[row + first - f0 - 1] = 0
            for col in first ... lastIdx {
                let cell = row + col - f0
                var s1: Int16 = 0, consecutive: Int16 = 0
                let s2 = h[cell - 1] + (inGap ? gapExtension : gapStart)
                if pchar == t[col] {
                    s1 = h[cell - width - 1] + scoreMatch
                    var b = bonus[col]
                    consecutive = c[cell - width - 1] + 1
                    if consecutive > 1 {
                        let fb = bonus[col - Int(consecutive) + 1]
                        if b >= 8 && b > fb {
                            consecutive = 1  // a word boundary breaks the run
                        } else {
                            b = max(b, 4, fb)
                        }
                    }
                    if s1 + b < s2 {
                        s1 += bonus[col]
                        consecutive = 0
                    } else {
                        s1 += b
                    }
                }
                c[cell] = consecutive
                inGap = s1 < s2
                let score = max(s1, s2, 0)
                if pidx == m - 1 && (forward && score > maxScore || !forward && score >= maxScore) {
                    (maxScore, maxScorePos) = (score, col)
                }
                h[cell] = score
            }
        }
        guard collect else { return (Int32(maxScore), []) }
        // Phase 4: back from the best cell, a match where it beats both its neighbours.
        var found: [Int] = []
        var i = m - 1, j = maxScorePos, preferMatch = true
        while true {
            let base = i * width, j0 = j - f0
            let s = h[base + j0]
            var s1: Int16 = 0, s2: Int16 = 0
            if i > 0 && j >= firsts[i] { s1 = h[base - width + j0 - 1] }
            if j > firsts[i] { s2 = h[base + j0 - 1] }
            let row = i
            if s > s1 && (s > s2 || s == s2 && preferMatch) {
                found.append(j)
                if i == 0 { break }
                i -= 1
            }
            preferMatch =
                c[base + j0] > 1
                || (row + 1 < m && j < lastIdx && j + 1 >= firsts[row + 1] && c[base + width + j0 + 1] > 0)
            j -= 1
        }
        return (Int32(maxScore), found)
    }
}

/// fzf's `FuzzyMatchV1` (`--algo=v1`): the needle's first occurrence (the last when
/// `bonuses.lastOccurrence`), shrunk from its far end, scored as it lies (no better
/// alignment is looked for).
/// - Complexity: O(high - low).
internal func _fuzzyV1(
    _ text: UnsafePointer<UInt8>, _ classText: UnsafePointer<UInt8>?, low: Int, high: Int, _ needle: UnsafeBufferPointer<UInt8>,
    bonuses: _Bonuses, positions: inout [Int], collect: Bool, negative: Bool
) -> Int32? {
    guard let needleBase = needle.baseAddress, needle.count > 0 else { return 0 }
    guard _fuzzyScope(text, low: low, high: high, needle) != nil else { return nil }
    let n = needle.count
    var start = low, end = high
    if !bonuses.lastOccurrence {
        // Forward: each character at its first place after the previous one; then back.
        var at = low, i = 0
        while i < n {
            let length = _utf8Length(needleBase[i])
            guard let p = _position(text + at, high - at, needleBase + i, length) else { return nil }
            at += p + length
            i += length
        }
        end = at
        start = end
        while i > 0 {
            var k = i - 1
            while k > 0 && needleBase[k] & 0xC0 == 0x80 { k -= 1 }
            start = _lastPosition(text, low: low, before: start, needleBase + k, i - k) ?? low
            i = k
        }
    } else {
        // Backward: each character at its last place before the next one; then forward.
        var i = n
        start = high
        while i > 0 {
            var k = i - 1
            while k > 0 && needleBase[k] & 0xC0 == 0x80 { k -= 1 }
            guard let p = _lastPosition(text, low: low, before: start, needleBase + k, i - k) else { return nil }
            start = p
            i = k
        }
        end = start
        while i < n {
            let length = _utf8Length(needleBase[i])
            guard let p = _position(text + end, high - end, needleBase + i, length) else { return nil }
            end += p + length
            i += length
        }
    }
    return _score(
        text, classText, low: low, start: start, end: end, needleBase, n, positions: &positions, collect: collect,
        negative: negative, bonuses: bonuses)
}

/// The offset of the last occurrence of `needle` (`count` bytes) that ends at or before
/// `before`, at or after `low`; nil when there is none.
@inline(__always)
private func _lastPosition(
    _ text: UnsafePointer<UInt8>, low: Int, before: Int, _ needle: UnsafePointer<UInt8>, _ count: Int
) -> Int? {
    var p = before - count
    while p >= low {
        if text[p] == needle[0] && (count == 1 || memcmp(text + p + 1, needle + 1, count - 1) == 0) { return p }
        p -= 1
    }
    return nil
}

/// fzf's `ExactMatchNaive` and (`boundary`) `ExactMatchBoundary`: the occurrence of `needle`
/// in `text[low ..< high]` whose first character's bonus is best, the first one at a word
/// boundary (bonus 8 or more) ending the search; the search runs from the end when
/// `bonuses.lastOccurrence`. With `boundary`, only occurrences with a blank, punctuation, or
/// the field's end on both sides count (fzf's `'term'`).
///
/// - Returns: where the occurrence starts and its first character's bonus; nil when none.
/// - Complexity: O((high - low) × needle) at worst, each candidate found by `memchr`.
internal func _exactMatch(
    _ text: UnsafePointer<UInt8>, _ classText: UnsafePointer<UInt8>?, low: Int, high: Int, _ needle: UnsafePointer<UInt8>,
    _ n: Int, bonuses: _Bonuses, boundary: Bool
) -> (start: Int, bonus: Int32)? {
    guard high - low >= n else { return nil }
    let classes = classText ?? text
    @inline(__always) func bonusAt(_ index: Int) -> Int32 {
        index == low ? bonuses.white : _bonus(_class(classes[index - 1], bonuses), _class(classes[index], bonuses), bonuses)
    }
    var best: (start: Int, bonus: Int32)?
    func consider(_ start: Int) -> Bool {
        let bonus = bonusAt(start)
        if boundary {
            let end = start + n
            let edge = bonuses.lastOccurrence ? (end < high ? bonusAt(end) : bonuses.white) : bonus
            guard edge >= 8,
                start == low || _class(classes[start - 1], bonuses).rawValue <= _CharClass.delimiter.rawValue,
                end == high || _class(classes[end], bonuses).rawValue <= _CharClass.delimiter.rawValue
            else { return false }
        }
        if bonus > (best?.bonus ?? -1) { best = (start, bonus) }
        return bonus >= 8
    }
    if !bonuses.lastOccurrence {
        var from = low
        while let p = _position(text + from, high - from, needle, n) {
            if consider(from + p) { break }
            from += p + 1
        }
    } else {
        var before = high
        while let start = _lastPosition(text, low: low, before: before, needle, n) {
            if consider(start) { break }
            before = start + n - 1
        }
    }
    return best
}

/// fzf's score of an `ExactMatchBoundary` match at `start`, `bonus` its first character's:
/// above any other exact match of the needle's length, an underscore beside it costing.
internal func _boundaryScore(
    _ text: UnsafePointer<UInt8>, low: Int, high: Int, start: Int, count: Int, bonus: Int32, _ bonuses: _Bonuses
)
    -> Int32
{
    var score = bonus, deduct = bonus - 8 + 1
    let end = start + count
    if start > low && text[start - 1] == 0x5F {
        score -= deduct + 1
        deduct = 1
    }
    if end < high && text[end] == 0x5F { score -= deduct }
    // fzf counts the needle's characters.
    var characters: Int32 = 0
    for index in start ..< end where text[index] & 0xC0 != 0x80 { characters += 1 }
    return score + 16 * characters + bonuses.white * (characters + 1)
}
