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
        let total = _starts.count
        // Candidates: the previous matches plus the slots added since, or every slot.
        var candidates: [Int32]?
        if let previous, previous.filterQuery == nil, previous.version == version, previous.slotCount <= total,
            needle.count >= previous.query.count, _contains(needle, previous.query)
        {
            if previous.slotCount == total {
                candidates = previous.slots
            } else {
                var list = previous.slots
                list.reserveCapacity(list.count + total - previous.slotCount)
                for slot in previous.slotCount ..< total { list.append(Int32(slot)) }
                candidates = list
            }
        }
        let candidateCount = candidates?.count ?? total
        if needle.isEmpty {
            var all: [Int32] = []
            all.reserveCapacity(count)
            for slot in 0 ..< total where _starts[slot] != _TextStore.none { all.append(Int32(slot)) }
            return FilterMatches(query: needle, slots: all, slotCount: total, version: version)
        }
        let chunkSize = 4_096
        let chunks = (candidateCount + chunkSize - 1) / chunkSize
        var found = [[Int32]](repeating: [], count: chunks)
        let cancelled = _store.withBases { bases in
            _starts.withUnsafeBufferPointer { starts in
                _lengths.withUnsafeBufferPointer { lengths in
                    _foldedLengths.withUnsafeBufferPointer { foldedLengths in
                        needle.withUnsafeBufferPointer { needle in
                            found.withUnsafeMutableBufferPointer { found in
                                (candidates ?? []).withUnsafeBufferPointer { candidateSlots in
                                    let search = _Search(
                                        bases: bases, starts: starts, lengths: lengths, foldedLengths: foldedLengths,
                                        needle: needle,
                                        candidates: candidates == nil ? nil : candidateSlots,
                                        candidateCount: candidateCount, chunkSize: chunkSize,
                                        found: found, cancellation: cancellation)
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
        slots.reserveCapacity(found.reduce(0) { $0 + $1.count })
        for part in found { slots.append(contentsOf: part) }
        return FilterMatches(query: needle, slots: slots, slotCount: total, version: version)
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

/// One search's read-only inputs and per-chunk outputs, shared by the worker threads (each
/// writes only its own chunk's slot of `found`).
internal struct _Search: @unchecked Sendable {
    /// Each text chunk's start, by the chunk part of an address.
    let bases: UnsafeBufferPointer<UnsafePointer<UInt8>>
    let starts: UnsafeBufferPointer<UInt32>
    let lengths: UnsafeBufferPointer<UInt32>
    let foldedLengths: UnsafeBufferPointer<UInt32>
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
        guard let needleBase = needle.baseAddress else { return }
        let needleCount = needle.count
        for index in chunk * chunkSize ..< min(candidateCount, (chunk + 1) * chunkSize) {
            let slot = candidates.map { $0[index] } ?? Int32(index)
            let address = starts[Int(slot)]
            guard address != _TextStore.none else { continue }
            // The folded text: after the case-kept one when it differs from it.
            let casedLength = Int(lengths[Int(slot)]), foldedLength = Int(foldedLengths[Int(slot)])
            let length = foldedLength == 0 ? casedLength : foldedLength
            guard length >= needleCount else { continue }
            let text =
                bases[Int(address >> _TextStore.offsetBits)] + Int(address & (1 << _TextStore.offsetBits - 1))
                + (foldedLength == 0 ? 0 : casedLength)
            if _find(text, length, needleBase, needleCount) { hits.append(slot) }
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
