import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// `tuilist pick --filter QUERY` (fzf's `--filter`): no screen, the matching lines printed
/// best first — by the interactive picker's road: lines split by ``LineSplitter``, prepared
/// into ``LineBatch``es by the same ``LinePreparation``, joined into one ``FilterIndex`` (one
/// byte buffer and offsets, no object per line), searched and ranked by ``order(_:in:sort:tac:tiebreaks:)``.
package enum PickerFilter {
    /// Every line read, as the picker holds them.
    package struct Lines {
        /// The lines after the header, indexed by line number; the index keeps their text
        /// unless ``LinePreparation/keepsLines``.
        package var index: FilterIndex<Int>
        /// The header lines.
        package var header: [String] = []
        /// Under ``LinePreparation/keepsLines``: the lines as printed.
        package var kept: [String] = []
        /// Under ``LinePreparation/shownLength``: each line's shown length, for ranking.
        package var shownLengths: [UInt16] = []
        /// Why reading stopped early, if it did.
        package var error: String?

        /// Calls `body` with the bytes of line `number` (after the header) as printed.
        package func withLine(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if kept.isEmpty {
                index.withUTF8Text(atSlot: number, body)
            } else {
                var line = kept[number]
                line.withUTF8(body)
            }
        }
    }

    /// How many bytes are read before they are prepared (on every core).
    package static let blockBytes = 8 << 20

    /// Reads `descriptor` to its end and prepares its lines as the interactive picker does,
    /// a block at a time, each block's lines split over the cores: the bytes read are let go
    /// once indexed, so memory peaks at the index plus one block. Given a query, each batch
    /// is searched as soon as it is prepared and only its matching lines are kept: memory
    /// then peaks at the matches plus one block (a line's match and score do not depend on
    /// the other lines, and the kept lines keep their order).
    ///
    /// - Parameters:
    ///   - descriptor: The file descriptor to read.
    ///   - separator: The byte that ends a line: LF or NUL (`--read0`).
    ///   - preparation: The picker's line preparation (header lines, `--ansi`, fields).
    ///   - query: When given and not empty, only the lines matching it are kept.
    ///   - blockBytes: How many bytes are read before they are prepared (a longer line makes
    ///     the block bigger).
    /// - Returns: The lines (with a query, the matching ones, numbered from 0 in input order).
    /// - Complexity: O(bytes), split over `activeProcessorCount` threads.
    package static func read(
        _ descriptor: Int32, separator: UInt8, preparation: LinePreparation, keeping query: FilterQuery? = nil,
        blockBytes: Int = Self.blockBytes
    ) -> Lines {
        let query = query?.isEmpty == false ? query : nil
        var lines = Lines(index: FilterIndex(storingText: true))
        var buffer = [UInt8](repeating: 0, count: blockBytes)
        var filled = 0
        var numbered = 0
        var ends: [Int] = []
        var finished = false
        while !finished {
            // Fill the block (a pipe gives 64 KiB at a time).
            while filled < buffer.count {
                let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
                if got < 0 && errno == EINTR { continue }
                if got < 0 { lines.error = "cannot read standard input: \(String(cString: strerror(errno)))" }
                if got <= 0 {
                    finished = true
                    break
                }
                filled += got
            }
            ends.removeAll(keepingCapacity: true)
            buffer.withUnsafeBufferPointer {
                LineSplitter.separators(in: UnsafeBufferPointer(rebasing: $0[..<filled]), separator: separator, into: &ends)
            }
            // A last line without its separator counts.
            if finished && filled > (ends.last ?? -1) + 1 { ends.append(filled) }
            guard !ends.isEmpty else {
                // A line longer than the block: a bigger block.
                if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
                continue
            }
            buffer.withUnsafeBufferPointer { bytes in
                for (batch, found) in prepare(bytes, ends: ends, first: numbered, preparation, query) {
                    guard lines.index.hasRoomForText else {
                        lines.error = "input too large: lines after \(lines.index.count) not read"
                        finished = true
                        break
                    }
                    lines.header += batch.header
                    if let found {
                        lines.kept += batch.lines.isEmpty ? [] : found.map { batch.lines[Int($0)] }
                        lines.shownLengths += batch.shownLengths.isEmpty ? [] : found.map { batch.shownLengths[Int($0)] }
                        lines.index.append(slots: found, of: batch.index)
                    } else {
                        lines.kept += batch.lines
                        lines.shownLengths += batch.shownLengths
                        lines.index.append(contentsOf: batch.index, shiftingIdentifiersBy: batch.firstLine)
                    }
                }
            }
            numbered += ends.count
            // The start of the next line moves to the front.
            let used = min(filled, ends.last! + 1)
            buffer.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: $0.baseAddress! + used, count: filled - used) }
            filled -= used
        }
        return lines
    }

    /// The batches of the lines of `bytes` that end at `ends`, numbered from `first`: a part
    /// of them per core, prepared at once; with a query, each batch's matching slots.
    private static func prepare(
        _ bytes: UnsafeBufferPointer<UInt8>, ends: [Int], first: Int, _ preparation: LinePreparation, _ query: FilterQuery?
    ) -> [(LineBatch, [Int32]?)] {
        let parts = ends.count < 4_096 ? 1 : max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN)) * 2))
        let size = (ends.count + parts - 1) / parts
        var batches = [(LineBatch, [Int32]?)?](repeating: nil, count: parts)
        batches.withUnsafeMutableBufferPointer { batches in
            ends.withUnsafeBufferPointer { ends in
                let shared = UncheckedBox((bytes: bytes, ends: ends, batches: batches))
                ParallelWork.forEach(parts: parts) { part in
                    let (bytes, ends, batches) = shared.value
                    let range = part * size ..< min(ends.count, (part + 1) * size)
                    guard !range.isEmpty else { return }
                    let start = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1] + 1
                    let bytesInPart = ends[range.upperBound - 1] + 1 - start
                    let batch = preparation.batch(first: first + range.lowerBound, count: range.count, bytes: bytesInPart) {
                        each in
                        var lineStart = start
                        for end in ends[range] {
                            each(UnsafeBufferPointer(rebasing: bytes[lineStart ..< end]))
                            lineStart = end + 1
                        }
                    }
                    batches[part] = (batch, query.map { batch.index.matches($0)?.slots ?? [] })
                }
            }
        }
        return batches.compactMap { $0 }
    }

    /// The lines of `found` in the order shown and printed: ranked by score, then
    /// `tiebreaks`, then input order (reversed under `tac`); without `sort`, input order.
    ///
    /// - Parameters:
    ///   - found: A search's result in `index`.
    ///   - index: The lines.
    ///   - sort: Whether to rank by score (`--no-sort` turns it off).
    ///   - tac: Whether the last line read comes first among equals (`--tac`).
    ///   - tiebreaks: How equal scores are ordered (`--tiebreak`), before input order.
    ///   - shownLengths: Under `--nth`, each slot's shown length (``LineBatch/shownLengths``):
    ///     `length` measures the whole line, as fzf's.
    ///   - rankedText: Under `--nth`, a slot's shown text and offsets
    ///     (``PickerApp/Options/rankedText(of:number:)``), for the other tiebreaks.
    /// - Returns: The slots (line numbers) in order.
    /// - Complexity: O(m log m) to rank m matches.
    package static func order(
        _ found: FilterMatches, in index: FilterIndex<Int>, sort: Bool, tac: Bool, tiebreaks: [FilterTiebreak],
        shownLengths: [UInt16] = [], rankedText: ((Int32) -> (text: [UInt8], offsets: [Int])?)? = nil
    ) -> [Int32] {
        guard sort else { return tac ? found.slots.reversed() : found.slots }
        let lengths = shownLengths.count == index.slotCount ? shownLengths : nil
        return index.ranked(
            found, laterFirst: tac, tiebreaks: tiebreaks, shownLength: lengths.map { lengths in { Int(lengths[Int($0)]) } },
            shown: rankedText)
    }

    /// The lines of `lines` matching `query`, in the order to print them (the empty query:
    /// every line, reversed under `tac`).
    ///
    /// - Parameters:
    ///   - lines: What ``read(_:separator:preparation:)`` read.
    ///   - query: The parsed query.
    ///   - sort: Whether to rank by score (`--no-sort` turns it off).
    ///   - tac: Whether to read the input last line first (`--tac`).
    ///   - tiebreaks: How equal scores are ordered (`--tiebreak`), before input order.
    /// - Returns: The line numbers, in order.
    /// - Complexity: O(bytes × terms) over the cores, then O(m log m) to rank m matches.
    package static func matches(
        in lines: Lines, query: FilterQuery, sort: Bool = true, tac: Bool = false, tiebreaks: [FilterTiebreak] = [.length],
        rankedText: ((Int32) -> (text: [UInt8], offsets: [Int])?)? = nil
    ) -> [Int32] {
        guard let found = lines.index.matches(query) else { return [] }
        return order(
            found, in: lines.index, sort: sort, tac: tac, tiebreaks: tiebreaks, shownLengths: lines.shownLengths,
            rankedText: rankedText)
    }
}

/// A value handed to ``ParallelWork``'s parts, each of which touches only its own part.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
