import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FilterIndex {
    /// Lists at least this large are searched on every core, in chunks.
    public static var parallelThreshold: Int { 50_000 }

    /// The items whose text contains `query` (folded the same way), in slot order.
    ///
    /// - Parameters:
    ///   - query: what the person typed; an empty query matches every item.
    ///   - previous: the last result, if any. When the new folded query contains the previous
    ///     one (typing on) and the index has only grown since, only the previous matches and
    ///     the items added after it are searched.
    ///   - cancellation: checked every few thousand items; when set, the search returns `nil`.
    /// - Returns: the matches, or `nil` when cancelled.
    /// - Complexity: O(bytes searched): every item's folded text, or only the previous
    ///   matches' when narrowing; split over `activeProcessorCount` threads for
    ///   ``parallelThreshold`` candidates or more. Each item is one `memmem` over its bytes.
    public func matches(
        _ query: String, narrowing previous: FilterMatches? = nil,
        cancellation: FilterCancellation? = nil
    ) -> FilterMatches? {
        let needle = TextFolding.folded(query)
        let total = _ids.count
        // Candidates: the previous matches plus the slots added since, or every slot.
        var candidates: [Int32]?
        if let previous, previous.filterQuery == nil, previous.version == version, previous.slotCount <= total,
            needle.count >= previous.query.count, _contains(needle, previous.query)
        {
            candidates = _candidates(narrowing: previous)
        }
        let candidateCount = candidates?.count ?? total
        if needle.isEmpty {
            return FilterMatches(query: needle, slots: _liveSlots(), slotCount: total, version: version)
        }
        let chunkSize = 4_096
        let chunks = (candidateCount + chunkSize - 1) / chunkSize
        var found = [[Int32]](repeating: [], count: chunks)
        let cancelled = _bytes.withUnsafeBufferPointer { bytes in
            _starts.withUnsafeBufferPointer { starts in
                _lengths.withUnsafeBufferPointer { lengths in
                    needle.withUnsafeBufferPointer { needle in
                        found.withUnsafeMutableBufferPointer { found in
                            (candidates ?? []).withUnsafeBufferPointer { candidateSlots in
                                let search = _Search(
                                    bytes: bytes, starts: starts, lengths: lengths, needle: needle,
                                    candidates: candidates == nil ? nil : candidateSlots,
                                    candidateCount: candidateCount, chunkSize: chunkSize,
                                    found: found, cancellation: cancellation)
                                search.runEveryChunk(chunks, parallel: candidateCount >= Self.parallelThreshold)
                                return cancellation?.isCancelled ?? false
                            }
                        }
                    }
                }
            }
        }
        if cancelled { return nil }
        return FilterMatches(query: needle, slots: _joined(found), slotCount: total, version: version)
    }

    /// Every slot that holds an item, ascending: what an empty query matches. O(slots).
    internal func _liveSlots() -> [Int32] {
        var all: [Int32] = []
        all.reserveCapacity(count)
        for slot in 0 ..< _ids.count where _starts[slot] != .max { all.append(Int32(slot)) }
        return all
    }

    /// The slots a search narrowing `previous` looks at: its matches, then every slot added
    /// since. O(matches + slots added).
    internal func _candidates(narrowing previous: FilterMatches) -> [Int32] {
        let total = _ids.count
        if previous.slotCount == total { return previous.slots }
        var list = previous.slots
        list.reserveCapacity(list.count + total - previous.slotCount)
        for slot in previous.slotCount ..< total { list.append(Int32(slot)) }
        return list
    }

    /// Whether `haystack` contains `needle` (bytes).
    internal func _contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        return haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                _find(
                    UnsafeRawBufferPointer(h).baseAddress!.assumingMemoryBound(to: UInt8.self), h.count,
                    n.baseAddress!.assumingMemoryBound(to: UInt8.self), n.count)
            }
        }
    }
}

/// The parts of a chunked search's result, one after the other. O(total count).
internal func _joined(_ parts: [[Int32]]) -> [Int32] {
    var all: [Int32] = []
    all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { all.append(contentsOf: part) }
    return all
}

/// A search split into chunks of candidates, each run on its own and writing only its own
/// chunk's results, so chunks can run on several threads at once.
internal protocol _ChunkedSearch: Sendable {
    /// Searches the candidates of chunk `chunk` and stores what it found.
    func run(chunk: Int)
}

extension _ChunkedSearch {
    /// Runs chunks `0 ..< chunks`: on every core (`DispatchQueue.concurrentPerform`) when
    /// `parallel`, else one after the other on this thread.
    func runEveryChunk(_ chunks: Int, parallel: Bool) {
        if parallel {
            DispatchQueue.concurrentPerform(iterations: chunks) { run(chunk: $0) }
        } else {
            for chunk in 0 ..< chunks { run(chunk: chunk) }
        }
    }
}

/// One search's read-only inputs and per-chunk outputs, shared by the worker threads (each
/// writes only its own chunk's slot of `found`).
internal struct _Search: _ChunkedSearch, @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let lengths: UnsafeBufferPointer<UInt32>
    let needle: UnsafeBufferPointer<UInt8>
    /// The slots to search (`nil`: every slot `0 ..< candidateCount`).
    let candidates: UnsafeBufferPointer<Int32>?
    let candidateCount: Int
    let chunkSize: Int
    let found: UnsafeMutableBufferPointer<[Int32]>
    let cancellation: FilterCancellation?

    func run(chunk: Int) {
        if cancellation?.isCancelled == true { return }
        var hits: [Int32] = []
        guard let base = bytes.baseAddress, let needleBase = needle.baseAddress else { return }
        let needleCount = needle.count
        for index in chunk * chunkSize ..< min(candidateCount, (chunk + 1) * chunkSize) {
            let slot = candidates.map { $0[index] } ?? Int32(index)
            let start = starts[Int(slot)]
            let length = Int(lengths[Int(slot)])
            guard start != .max, length >= needleCount else { continue }
            if _find(base + Int(start), length, needleBase, needleCount) { hits.append(slot) }
        }
        found[chunk] = hits
    }
}

/// Whether `needle` occurs in `text`: `memchr` to the next place the first byte occurs, then
/// `memcmp` of the rest. O(length) for text like names and lines.
@inline(__always)
internal func _find(_ text: UnsafePointer<UInt8>, _ length: Int, _ needle: UnsafePointer<UInt8>, _ needleCount: Int) -> Bool {
    guard needleCount > 0 else { return true }
    let first = Int32(needle[0])
    var offset = 0
    let last = length - needleCount  // the last offset where the needle fits
    while offset <= last {
        guard let hit = memchr(text + offset, first, last - offset + 1) else { return false }
        let position = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - text
        if needleCount == 1 || memcmp(text + position + 1, needle + 1, needleCount - 1) == 0 { return true }
        offset = position + 1
    }
    return false
}
