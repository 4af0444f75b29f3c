import TUIList

/// `--columns` (`tuilist watch` and `tuilist pick`): the fields of lines aligned into columns,
/// each field padded to its column's widest, header lines included so the names sit over their
/// columns.
///
/// Fields are cut as ``LineFields`` cuts them (`--delimiter`; runs of blanks by default). With
/// blanks, a field is its word: the blanks after it are replaced by the padding and two spaces,
/// and blanks before the first field are dropped. With another delimiter, a field keeps the
/// delimiter that ends it (`root:`), then the padding and one space. A line's last field is
/// never padded nor measured (it may be as long as it likes). With a header, a row is cut into
/// at most as many fields as the header's last line has: its last field keeps the rest of the
/// line as it was (`ps -eo pid,args`: the arguments stay together).
///
/// Widths only grow: ``measure(_:)`` takes lines as they come (the picker's), ``align(_:)``
/// draws one line at the widths so far, with where each of its characters went, so matches
/// found in the line as read are drawn on the right characters.
///
/// ```swift
/// var columns = LineColumns()
/// columns.setHeader("PID CMD")
/// for line in ["PID CMD", "1 init", "1234 bash -l"] { columns.measure(line) }
/// columns.align("1 init").text        // "1     init"
/// columns.align("1234 bash -l").text  // "1234  bash -l"
/// ```
package struct LineColumns: Sendable, Equatable {
    /// How fields are separated.
    package let delimiter: LineFields.Delimiter
    /// The widest field of each column so far (in terminal columns).
    package private(set) var widths: [Int]
    /// The most fields a line is cut into (the header's last line's count; unlimited without one).
    package private(set) var limit = Int.max

    /// Columns of no width yet.
    /// - Parameters:
    ///   - delimiter: How fields are separated (blanks by default).
    ///   - widths: Widths the columns keep at least (the widths of an earlier run).
    package init(delimiter: LineFields.Delimiter = .blanks, widths: [Int] = []) {
        self.delimiter = delimiter
        self.widths = widths
    }

    /// Cuts rows into at most as many fields as `line` (the header's last line) has.
    package mutating func setHeader(_ line: String) {
        limit = max(1, LineFields.fields(of: line, delimiter: delimiter).count)
    }

    /// The fields of `line` as drawn: `Character` offset ranges without the blanks that end them
    /// (with blanks as the delimiter), at most ``limit``, the last one running to the line's end
    /// (its trailing blanks dropped).
    /// - Complexity: O(*n*) in the length of `line`.
    package func fields(of line: String) -> [Range<Int>] {
        var fields = LineFields.fields(of: line, delimiter: delimiter)
        if fields.count > limit {
            let last = fields[limit - 1].lowerBound ..< fields[fields.count - 1].upperBound
            fields.removeSubrange(limit - 1 ..< fields.count)
            fields.append(last)
        }
        let blanks = delimiter == .blanks
        guard blanks || !fields.isEmpty else { return fields }
        let characters = Array(line)
        func trimmed(_ field: Range<Int>) -> Range<Int> {
            var end = field.upperBound
            while end > field.lowerBound, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
            return field.lowerBound ..< end
        }
        if blanks { return fields.map(trimmed) }
        fields[fields.count - 1] = trimmed(fields[fields.count - 1])
        return fields
    }

    /// Widens the columns to the fields of `line` (all but its last).
    /// - Complexity: O(*n*) in the length of `line`, plus the width of each field.
    package mutating func measure(_ line: String) {
        if measureASCII(line) { return }
        let characters = Array(line)
        for (index, field) in fields(of: line).enumerated().dropLast() {
            let width = TerminalText.columns(of: String(characters[field]))
            if index == widths.count { widths.append(width) } else if width > widths[index] { widths[index] = width }
        }
    }

    /// ``measure(_:)`` on the bytes of a printable ASCII line split by blanks or a literal ASCII
    /// delimiter (a character is a byte and a column): no array of `Character`s, no width
    /// look-ups, for a million lines. Returns false, measuring nothing, for any other line.
    private mutating func measureASCII(_ line: String) -> Bool {
        let needle: [UInt8]?
        switch delimiter {
        case .blanks: needle = nil
        case .literal(let text) where !text.isEmpty && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }):
            needle = Array(text.utf8)
        default: return false
        }
        var line = line
        let widths = line.withUTF8 { bytes -> [Int]? in
            // (A tab inside a field has no fixed width; between blank-split fields it is a separator.)
            guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || ($0 == 0x09 && needle == nil) }) else { return nil }
            let fields = LineFields.byteFields(of: bytes, needle: needle)
            // Every field but the line's last (after the limit merges the rest into it).
            let measured = fields.prefix(max(0, min(fields.count, limit) - 1))
            return measured.map { field in
                guard needle == nil else { return field.count }
                var end = field.upperBound
                while end > field.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                return end - field.lowerBound
            }
        }
        guard let widths else { return false }
        for (index, width) in widths.enumerated() {
            if index == self.widths.count {
                self.widths.append(width)
            } else if width > self.widths[index] {
                self.widths[index] = width
            }
        }
        return true
    }

    /// `line` drawn at the widths measured so far, and for each of its `Character`s the offset
    /// of the character it became in the text (a blank between fields: the padding's first;
    /// a blank before the first field: 0).
    /// - Complexity: O(*n*) in the length of `line`, plus the width of each field.
    package func align(_ line: String) -> (text: String, offsets: [Int]) {
        let characters = Array(line)
        let fields = fields(of: line)
        let gap = delimiter == .blanks ? 2 : 1
        var text = ""
        var offsets = [Int](repeating: 0, count: characters.count)
        var length = 0, read = 0
        for (index, field) in fields.enumerated() {
            // Blanks and delimiters dropped before this field land where the text is now.
            while read < field.lowerBound {
                offsets[read] = max(0, length - 1)
                read += 1
            }
            let content = String(characters[field])
            text += content
            for offset in field {
                offsets[offset] = length
                length += 1
            }
            read = field.upperBound
            if index < fields.count - 1 {
                let width = index < widths.count ? widths[index] : 0
                let pad = max(1, width - TerminalText.columns(of: content) + gap)
                text += String(repeating: " ", count: pad)
                // The blanks after the field land on the padding's first space.
                let firstPad = length
                length += pad
                while read < fields[index + 1].lowerBound {
                    offsets[read] = firstPad
                    read += 1
                }
            }
        }
        while read < characters.count {
            offsets[read] = length
            read += 1
        }
        return (text, offsets)
    }

    /// `lines` aligned at once: the widest field of each column among them (and at least
    /// `minimum`), the header's last line limiting the fields of a row.
    /// - Parameters:
    ///   - lines: The header lines, then the rows.
    ///   - headerLines: How many of `lines` are the header.
    ///   - minimum: Widths the columns keep at least (the widths of earlier runs).
    ///   - delimiter: How fields are separated.
    /// - Returns: The aligned lines, and the width of each column.
    /// - Complexity: O(total characters) plus the width measure of each field.
    package static func align(
        _ lines: [String], headerLines: Int = 0, atLeast minimum: [Int] = [], delimiter: LineFields.Delimiter = .blanks
    ) -> (lines: [String], widths: [Int]) {
        var columns = LineColumns(delimiter: delimiter, widths: minimum)
        if headerLines > 0 && headerLines <= lines.count { columns.setHeader(lines[headerLines - 1]) }
        for line in lines { columns.measure(line) }
        return (lines.map { columns.align($0).text }, columns.widths)
    }
}
