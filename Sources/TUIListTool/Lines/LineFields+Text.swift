extension LineFields {
    /// The text of ``select(_:delimiter:)`` — the chosen fields joined, the delimiter after the
    /// last one dropped — without the offsets: what `--group-by` names a group by and what
    /// `--accept-nth` prints, once per line of a million.
    ///
    /// An ASCII line split by blanks or by a literal ASCII delimiter is cut on its bytes (its
    /// characters are its bytes), with no array of `Character`s; any other line goes through
    /// ``select(_:delimiter:)``, the reference this fast path is tested against.
    /// - Parameters:
    ///   - line: The line.
    ///   - delimiter: How its fields are separated.
    /// - Complexity: O(*n*) in the length of `line`.
    package func text(of line: String, delimiter: Delimiter) -> String {
        let needle: [UInt8]?
        switch delimiter {
        case .blanks: needle = nil
        case .literal(let text) where !text.isEmpty && text.utf8.allSatisfy({ $0 < 0x80 }): needle = Array(text.utf8)
        default: return select(line, delimiter: delimiter).text
        }
        var line = line
        return line.withUTF8 { bytes -> String? in
            // (A CR among the bytes would join a following LF into one Character: not here.)
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            let fields = Self.byteFields(of: bytes, needle: needle)
            var chosen = chosen(among: fields.count).map { fields[$0] }
            guard var last = chosen.popLast() else { return "" }
            if let needle {
                if last.count >= needle.count, bytes[last.upperBound - needle.count ..< last.upperBound].elementsEqual(needle) {
                    last = last.lowerBound ..< last.upperBound - needle.count
                }
            } else {
                while last.upperBound > last.lowerBound, bytes[last.upperBound - 1] == 0x20 || bytes[last.upperBound - 1] == 0x09
                {
                    last = last.lowerBound ..< last.upperBound - 1
                }
            }
            chosen.append(last)
            var text = [UInt8]()
            text.reserveCapacity(chosen.reduce(0) { $0 + $1.count })
            for part in chosen { text += bytes[part] }
            return String(decoding: text, as: UTF8.self)
        } ?? select(line, delimiter: delimiter).text
    }

    /// ``fields(of:delimiter:)`` on the bytes of an ASCII line: by blanks (`needle` nil) or by
    /// a literal delimiter.
    static func byteFields(of bytes: UnsafeBufferPointer<UInt8>, needle: [UInt8]?) -> [Swift.Range<Int>] {
        splitFields(bytes, isBlank: { $0 == 0x20 || $0 == 0x09 }, needle: needle)
    }
}
