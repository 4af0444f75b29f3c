import TUIList

/// The picker's lines: a library ``LineFeed`` whose batches are ``LineBatch``es, prepared on
/// the reader's thread as a ``LinePreparation`` says (numbered, indexed for filtering and, in
/// the common case, kept only as bytes in the batch's index), so a million lines from a pipe
/// cost the program's thread no more than joining each batch. They arrive as messages in the
/// app's `receive` (``LineFeed/accept(_:)``).
package typealias LineInbox = LineFeed<LineBatch>

extension LineFeed where Batch == LineBatch {
    /// From now on, lines are prepared as `preparation` says (lines that arrived before are
    /// prepared too).
    /// - Parameter preparation: The header lines and searched text.
    package func prepare(_ preparation: LinePreparation) {
        prepare { first, bytes, ends in
            var start = 0
            return preparation.batch(first: first, count: ends.count, bytes: ends.last! + 1) { body in
                for end in ends {
                    body(UnsafeBufferPointer(rebasing: bytes[start ..< end]))
                    start = end + 1
                }
            }
        }
    }

    /// Adds `lines` as one batch, without waiting for room (a test feeding lines as the
    /// reader would; the lines do not contain the separator).
    /// - Parameter lines: The lines.
    package func append<Lines: Sequence<String>>(_ lines: Lines) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            ends.append(bytes.count)
            bytes.append(0x0A)
        }
        bytes.withUnsafeBufferPointer { send(utf8: $0, ends: ends, waitsForRoom: false) }
    }
}

/// How a ``LineInbox`` prepares lines for a picker: which first lines are a header, and what
/// text of a line is searched.
package struct LinePreparation: Sendable {
    /// How many first lines are a header (not searched, not numbered as lines).
    package var headerLines = 0
    /// Whether colour escapes are taken out of each line (`--ansi`); the line with them is
    /// kept too, for drawing.
    package var stripsANSI = false
    /// The text searched for a line (after the escapes are taken out), when it is not the
    /// line itself (`--nth`, `--with-nth`), given the line and its number from 0 (header lines
    /// counted: `--with-nth`'s `{n}`).
    package var searchText: (@Sendable (String, Int) -> [String])?
    /// When the searched text is part of what is shown (`--nth`): the length of the shown
    /// text, given the line and its number, for ranking by it (``LineBatch/shownLengths``).
    package var shownLength: (@Sendable (String, Int) -> Int)?

    /// Prepares lines that keep the whole line as their searched text.
    package init(
        headerLines: Int = 0, stripsANSI: Bool = false, searchText: (@Sendable (String, Int) -> [String])? = nil,
        shownLength: (@Sendable (String, Int) -> Int)? = nil
    ) {
        self.headerLines = headerLines
        self.stripsANSI = stripsANSI
        self.searchText = searchText
        self.shownLength = shownLength
    }

    /// Whether lines are kept as strings beside the index (escapes or other searched text:
    /// the index then holds what is searched); otherwise the index keeps them, as bytes.
    package var keepsLines: Bool { stripsANSI || searchText != nil }

    /// The batch of `count` lines numbered from `first` (header lines included), which `each`
    /// passes one at a time.
    package func batch(
        first: Int, count: Int, bytes: Int = 0, _ each: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> LineBatch {
        var batch = LineBatch(firstLine: max(0, first - headerLines), index: FilterIndex(storingText: true))
        // One chunk for the batch's text, with room for lower-cased copies of a fifth of it.
        batch.index.reserveCapacity(items: 0, bytes: bytes + bytes / 5)
        var number = first
        each { bytes in
            defer { number += 1 }
            if number < headerLines {
                batch.header.append(String(decoding: bytes, as: UTF8.self))
                return
            }
            let id = number - headerLines - batch.firstLine  // from 0 in each batch
            guard keepsLines else {
                batch.index.append(id, utf8: bytes)
                return
            }
            let raw = String(decoding: bytes, as: UTF8.self)
            let line = stripsANSI ? ANSIText.stripping(raw) : raw
            if stripsANSI { batch.rawLines.append(raw) }
            batch.lines.append(line)
            if let searchText {
                batch.index.append(id, fields: searchText(line, number))
            } else {
                batch.index.append(id, text: line)
            }
            if let shownLength { batch.shownLengths.append(UInt16(clamping: shownLength(line, number))) }
        }
        return batch
    }
}

/// Lines prepared on the thread that read them (see ``LinePreparation``).
package struct LineBatch: Sendable {
    /// The number of the first line (header lines not counted); ``index``'s identifiers count
    /// from 0 for it.
    package var firstLine: Int
    /// The header lines among these, as read.
    package var header: [String] = []
    /// The lines, indexed: identifiers are line numbers less ``firstLine``. Without ``LinePreparation/keepsLines``
    /// the index keeps the lines' text too.
    package var index: FilterIndex<Int>
    /// With ``LinePreparation/keepsLines``: the lines (escapes taken out).
    package var lines: [String] = []
    /// With ``LinePreparation/stripsANSI``: the lines as read.
    package var rawLines: [String] = []
    /// With ``LinePreparation/shownLength``: each line's, for ranking.
    package var shownLengths: [UInt16] = []

    /// An empty batch.
    package init(firstLine: Int, index: FilterIndex<Int>) {
        self.firstLine = firstLine
        self.index = index
    }
}
