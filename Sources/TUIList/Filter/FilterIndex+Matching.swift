extension FilterIndex {
    /// Lists at least this large are searched on every core, in chunks.
    static var parallelThreshold: Int { 50_000 }

    /// Every slot that holds an item, ascending: what an empty query matches. O(slots).
    internal func _liveSlots() -> [Int32] {
        var all: [Int32] = []
        all.reserveCapacity(count)
        for slot in 0 ..< _starts.count where _starts[slot] != _TextStore.none { all.append(Int32(slot)) }
        return all
    }

    /// The slots a search narrowing `previous` looks at: its matches, then every slot added
    /// since. O(matches + slots added).
    internal func _candidates(narrowing previous: FilterMatches) -> [Int32] {
        let total = _starts.count
        if previous.slotCount == total { return previous.slots }
        var list = previous.slots
        list.reserveCapacity(list.count + total - previous.slotCount)
        for slot in previous.slotCount ..< total { list.append(Int32(slot)) }
        return list
    }
}

extension FilterIndex {
    /// Searches `candidates` (every slot when nil) with `matcher`, in chunks of 4,096 items:
    /// on every core for `parallelThreshold` candidates or more, else on this thread.
    ///
    /// - Parameters:
    ///   - matcher: decides each item from its text, and scores it.
    ///   - candidates: the slots to search, ascending, or nil for every slot.
    ///   - cancellation: checked before each chunk; when set, the search returns nil.
    /// - Returns: the matching slots, ascending, and their scores when `Matcher.keepsScores`
    ///   (else empty); nil when cancelled.
    /// - Complexity: O(candidates) calls of the matcher, split over the cores.
    internal func _search<Matcher: _ItemMatcher>(
        _ matcher: Matcher, candidates: [Int32]?, cancellation: FilterCancellation?
    ) -> (slots: [Int32], scores: [Int32])? {
        let candidateCount = candidates?.count ?? _starts.count
        let chunkSize = 4_096
        let chunks = (candidateCount + chunkSize - 1) / chunkSize
        var found = [[Int32]](repeating: [], count: chunks)
        var scores = [[Int32]](repeating: [], count: chunks)
        let cancelled = _store.withBases { bases in
            _starts.withUnsafeBufferPointer { starts in
                _lengths.withUnsafeBufferPointer { lengths in
                    _foldedLengths.withUnsafeBufferPointer { foldedLengths in
                        found.withUnsafeMutableBufferPointer { found in
                            scores.withUnsafeMutableBufferPointer { scores in
                                (candidates ?? []).withUnsafeBufferPointer { candidateSlots in
                                    let search = _ChunkedSearch(
                                        matcher: matcher,
                                        text: _ItemText(
                                            bases: bases, starts: starts, lengths: lengths, foldedLengths: foldedLengths),
                                        candidates: candidates == nil ? nil : candidateSlots, candidateCount: candidateCount,
                                        chunkSize: chunkSize, found: found, scores: scores, cancellation: cancellation)
                                    if candidateCount >= Self.parallelThreshold {
                                        ParallelWork.forEach(parts: chunks) { search.run(chunk: $0) }
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
        return (Self._joined(found), Matcher.keepsScores ? Self._joined(scores) : [])
    }

    /// The parts of a chunked search's result, one after the other. O(total count).
    private static func _joined(_ parts: [[Int32]]) -> [Int32] {
        var all: [Int32] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { all.append(contentsOf: part) }
        return all
    }
}

/// The index's text storage, borrowed for one search: each slot's case-kept text is
/// `lengths[slot]` bytes at the address `starts[slot]` (`_TextStore.none`: a removed item),
/// then `foldedLengths[slot]` bytes of its folded text (0: the same as the case-kept text).
internal struct _ItemText: @unchecked Sendable {
    /// Each text chunk's start, by the chunk part of an address.
    let bases: UnsafeBufferPointer<UnsafePointer<UInt8>>
    let starts: UnsafeBufferPointer<UInt32>
    let lengths: UnsafeBufferPointer<UInt32>
    let foldedLengths: UnsafeBufferPointer<UInt32>

    /// Where a slot's texts start.
    @inline(__always)
    func start(_ slot: Int) -> UnsafePointer<UInt8> {
        let address = starts[slot]
        return bases[Int(address >> _TextStore.offsetBits)] + Int(address & (1 << _TextStore.offsetBits - 1))
    }

    /// A slot's text with case kept (accents dropped).
    @inline(__always)
    func cased(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start(slot), count: Int(lengths[slot]))
    }

    /// A slot's folded text.
    @inline(__always)
    func folded(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        let folded = Int(foldedLengths[slot])
        if folded == 0 { return cased(slot) }
        return UnsafeBufferPointer(start: start(slot) + Int(lengths[slot]), count: folded)
    }
}

/// How a chunked search decides one item.
internal protocol _ItemMatcher: Sendable {
    /// Whether the search keeps each match's score (else the scores are dropped).
    static var keepsScores: Bool { get }
    /// The item's score when the item in `slot` (not a removed one) matches, else nil.
    func score(_ text: _ItemText, slot: Int) -> Int32?
}

/// One search's read-only inputs and per-chunk outputs, shared by the worker threads (each
/// writes only its own chunk's entries of `found` and `scores`).
internal struct _ChunkedSearch<Matcher: _ItemMatcher>: @unchecked Sendable {
    let matcher: Matcher
    let text: _ItemText
    /// The slots to search (`nil`: every slot `0 ..< candidateCount`).
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
        for index in chunk * chunkSize ..< min(candidateCount, (chunk + 1) * chunkSize) {
            let slot = candidates.map { $0[index] } ?? Int32(index)
            guard text.starts[Int(slot)] != _TextStore.none, let score = matcher.score(text, slot: Int(slot)) else { continue }
            hits.append(slot)
            if Matcher.keepsScores { hitScores.append(score) }
        }
        found[chunk] = hits
        scores[chunk] = hitScores
    }
}
