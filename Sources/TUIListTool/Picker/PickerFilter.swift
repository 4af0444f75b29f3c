import TUIList

/// `tuilist pick --filter QUERY` (fzf's `--filter`): no screen, the matching lines printed
/// best first.
package enum PickerFilter {
    /// The lines of `input` matching `query`, ranked (score, then shorter line, then input
    /// order) or, with `sort` off, in input order.
    ///
    /// - Parameters:
    ///   - lines: the input lines.
    ///   - query: the parsed query.
    ///   - sort: whether to rank by score (`--no-sort` turns it off).
    ///   - reversed: whether to read the input last line first (`--tac`).
    ///   - tiebreaks: how equal scores are ordered (`--tiebreak`), before input order.
    /// - Returns: the indices in `lines` of the matches, in the order to print them.
    /// - Complexity: O(bytes of the lines × terms), then O(m log m) to rank m matches.
    package static func matches(
        _ lines: [String], query: FilterQuery, sort: Bool = true, reversed: Bool = false,
        tiebreaks: [FilterTiebreak] = [.length]
    )
        -> [Int]
    {
        var index = FilterIndex<Int>(storingText: true)  // (an accented term is checked against it)
        index.reserveCapacity(items: lines.count, bytes: lines.reduce(0) { $0 + $1.utf8.count })
        let order = reversed ? Array(lines.indices.reversed()) : Array(lines.indices)
        for line in order { index.append(line, text: lines[line]) }
        guard let found = index.matches(query) else { return [] }
        let slots = sort ? index.ranked(found, tiebreaks: tiebreaks) : found.slots
        return slots.map { index.identifier(atSlot: Int($0)) }
    }

    /// Splits standard input's bytes into lines at newlines, or at NULs (`--read0`); a last
    /// line without one counts.
    ///
    /// - Parameters:
    ///   - bytes: everything read.
    ///   - separator: the byte that ends a line (LF or NUL).
    /// - Returns: the lines, decoded as UTF-8 (invalid bytes replaced).
    package static func lines(of bytes: [UInt8], separator: UInt8 = 0x0A) -> [String] {
        var lines: [String] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == separator {
            lines.append(String(decoding: bytes[start ..< offset], as: UTF8.self))
            start = offset + 1
        }
        if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return lines
    }
}
