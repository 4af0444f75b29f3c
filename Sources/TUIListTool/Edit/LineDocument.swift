import TUIList

/// A text file as a list of lines, byte for byte: what `tuilist edit` reorders.
///
/// The file's bytes are split after each line feed. Every line keeps its exact terminator —
/// `"\n"` (LF), `"\r\n"` (CRLF) or none (only the file's last line can have none) — and its
/// content is every other byte, untouched: blank lines, trailing spaces, tabs, a lone `"\r"`
/// inside a line. A line's identity is its position in the original file (`0..<count`), never
/// its text, so duplicate lines are separate items.
///
/// ``bytes(order:replacing:)`` writes the lines back in any order, with any of them left out:
/// the output holds exactly the chosen lines' bytes, in the new order, and nothing else
/// changes. The identity order gives back the original bytes exactly.
///
/// ```swift
/// let document = try LineDocument(bytes: Array("one\r\ntwo\nthree".utf8))
/// document.count                          // 3
/// document.bytes(order: [1, 0, 2])        // "two\none\r\nthree"
/// document.bytes(order: [2, 0, 1])        // "three\none\r\ntwo" — see the final-line rule
/// ```
///
/// **The final line without a newline.** Whether the file ends with a line break is a property
/// of the file, not of its last line: a file that ended without one still does after any
/// reorder or delete, and a file that ended with one still does. So when the unterminated last
/// line moves up, it takes the terminator of the line that becomes last, and that line gives
/// it up (a pure reorder therefore keeps every byte of the file, only in another order); when
/// it is deleted, the new last line loses its terminator. One exception: an empty line that
/// ends up last keeps its line break (without it, it would not be a line at all and would
/// vanish), so then the file ends with one. Every line in the middle of the output always ends
/// with a line break, so no two lines are ever glued together.
///
/// **What is refused.** The bytes must be UTF-8 (``LineDocumentError/notUTF8(offset:line:)``)
/// and hold no NUL byte, the mark of a binary file (``LineDocumentError/binary(offset:line:)``).
/// A UTF-8 byte order mark at the start stays at the start of the file, whatever comes first.
///
/// - Note: `LineDocument(bytes:)` is the entry point for fuzzing the file reader: it accepts
///   any bytes and either throws ``LineDocumentError`` or returns a document whose
///   `bytes(order: Array(0..<count))` equals the input.
package struct LineDocument: Sendable {
    /// How a line ends.
    package enum Terminator: Hashable, Sendable {
        /// `"\n"`.
        case lf
        /// `"\r\n"`.
        case crlf
        /// No line break: the file's last line, when the file does not end with one.
        case none

        /// The terminator's bytes.
        package var bytes: [UInt8] {
            switch self {
            case .lf: return [0x0A]
            case .crlf: return [0x0D, 0x0A]
            case .none: return []
            }
        }
    }

    /// One line: where its content and its terminator lie in ``storage``.
    package struct Line: Hashable, Sendable {
        /// The content's bytes in the document's storage (terminator excluded).
        package var content: Range<Int>
        /// How the line ends.
        package var terminator: Terminator
    }

    /// The file's bytes, as read (byte order mark included).
    package let storage: [UInt8]
    /// The lines in file order; a line's identifier is its index here.
    package let lines: [Line]
    /// Whether the file starts with a UTF-8 byte order mark (kept at the start on output, not
    /// part of the first line's content).
    package let hasByteOrderMark: Bool

    /// The number of lines. An empty file has none; `"\n"` has one (empty) line.
    package var count: Int { lines.count }

    /// Whether the file's last line has no terminator (the file does not end with a newline).
    package var lacksFinalNewline: Bool { lines.last?.terminator == LineDocument.Terminator.none }

    /// Splits `bytes` into lines, checking that they are text.
    ///
    /// - Parameter bytes: A whole file.
    /// - Throws: ``LineDocumentError`` for a NUL byte or bytes that are not UTF-8, with the
    ///   offset and the 1-based line of the first bad byte.
    /// - Complexity: O(*n*) in the number of bytes; one pass to validate, one to split.
    package init(bytes: [UInt8]) throws(LineDocumentError) {
        try LineDocument.validate(bytes)
        storage = bytes
        hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var result: [Line] = []
        var start = hasByteOrderMark ? 3 : 0
        // LineSplitter's rule: LF ends a line, a CR before it is part of the line's end.
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { LineSplitter.separators(in: $0, into: &ends) }
        for end in ends where end >= start {
            let crlf = end > start && bytes[end - 1] == 0x0D
            result.append(Line(content: start ..< (crlf ? end - 1 : end), terminator: crlf ? .crlf : .lf))
            start = end + 1
        }
        if start < bytes.count {
            result.append(Line(content: start ..< bytes.count, terminator: .none))
        }
        lines = result
    }

    /// The content bytes of line `id` (without its terminator).
    ///
    /// - Precondition: `id` is in `0..<count`.
    package func content(of id: Int) -> ArraySlice<UInt8> {
        precondition(lines.indices.contains(id), "line \(id) is not in a document of \(count) lines")
        return storage[lines[id].content]
    }

    /// The text of line `id` (without its terminator); valid UTF-8 by construction.
    package func text(of id: Int) -> String {
        String(decoding: content(of: id), as: UTF8.self)
    }

    /// The file's bytes with the lines in `order`; lines not named are left out.
    ///
    /// Each line is written as its content (or its replacement) followed by its own terminator,
    /// except at the end, where the file's final-line rule applies (see the type's comment):
    /// the last line written ends the way the original file ended (unless it is empty: then it
    /// keeps its line break), and the original unterminated line, when written elsewhere, takes
    /// the terminator of the last line.
    ///
    /// An identifier from `count` on is a new line (an `exec` added to a rebase todo): its
    /// content is its entry in `replacing` and it ends with ``newLineTerminator``.
    ///
    /// - Parameters:
    ///   - order: Line identifiers, each at most once.
    ///   - replacing: New content (without terminator) for some lines, e.g. a rebase todo line
    ///     whose command changed, and the content of every new line.
    /// - Returns: The bytes to write. `bytes(order: Array(0..<count))` is the original.
    /// - Precondition: Every identifier appears once and is in `0..<count` or has an entry in
    ///   `replacing`.
    /// - Complexity: O(*n* + *b*): *n* lines named, *b* bytes written.
    package func bytes(order: [Int], replacing: [Int: [UInt8]] = [:]) -> [UInt8] {
        var seen = [Bool](repeating: false, count: count)
        var seenNew = Set<Int>()
        for id in order {
            if id >= count {
                precondition(replacing[id] != nil, "new line \(id) has no content in a document of \(count) lines")
                precondition(seenNew.insert(id).inserted, "line \(id) appears twice in the order")
                continue
            }
            precondition(lines.indices.contains(id), "line \(id) is not in a document of \(count) lines")
            precondition(!seen[id], "line \(id) appears twice in the order")
            seen[id] = true
        }
        var output: [UInt8] = []
        output.reserveCapacity(storage.count)
        if hasByteOrderMark { output += [0xEF, 0xBB, 0xBF] }
        let unterminated = lacksFinalNewline ? count - 1 : nil
        let newTerminator = newLineTerminator
        func terminator(_ id: Int) -> Terminator { id < count ? lines[id].terminator : newTerminator }
        for (position, id) in order.enumerated() {
            if let replacement = replacing[id] { output += replacement } else { output += content(of: id) }
            let isLast = position == order.count - 1
            if isLast {
                // An empty line without a line break would not be a line at all: it keeps its own.
                let isEmpty = id < count ? lines[id].content.isEmpty : replacing[id]!.isEmpty
                if !lacksFinalNewline || isEmpty { output += terminator(id).bytes }
            } else if id == unterminated {
                // The unterminated line moved up: it takes the terminator of the line now last.
                output += terminator(order[order.count - 1]).bytes
            } else {
                output += terminator(id).bytes
            }
        }
        return output
    }

    /// How a new line ends: like the file's first line that has a line break (CRLF in a CRLF
    /// file), LF when none has.
    ///
    /// - Complexity: O(1) for a file whose first line ends with a line break (at most O(*n*)).
    package var newLineTerminator: Terminator {
        lines.first { $0.terminator != .none }?.terminator ?? .lf
    }

    /// The original bytes, in the original order.
    package var originalBytes: [UInt8] { storage }
}

/// Why bytes are not a text file `tuilist edit` can change.
package enum LineDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A NUL byte: a binary file.
    case binary(offset: Int, line: Int)
    /// A byte sequence that is not UTF-8.
    case notUTF8(offset: Int, line: Int)

    /// One line, e.g. "not UTF-8: invalid byte at offset 12 (line 2)".
    package var description: String {
        switch self {
        case .binary(let offset, let line):
            return "binary file: NUL byte at offset \(offset) (line \(line))"
        case .notUTF8(let offset, let line):
            return "not UTF-8: invalid byte at offset \(offset) (line \(line))"
        }
    }
}

extension LineDocument {
    /// Checks that `bytes` are UTF-8 without NUL (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF).
    ///
    /// - Complexity: O(*n*), one pass.
    static func validate(_ bytes: [UInt8]) throws(LineDocumentError) {
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 { throw .binary(offset: index, line: line) }
                if byte == 0x0A { line += 1 }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
            switch byte {
            case 0xC2 ... 0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1 ... 0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: throw .notUTF8(offset: index, line: line)
            }
            guard index + length <= count else { throw .notUTF8(offset: index, line: line) }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { throw .notUTF8(offset: index + 1, line: line) }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { throw .notUTF8(offset: next, line: line) }
                next += 1
            }
            index += length
        }
    }
}
