#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines end: the one rule for all text split into lines — bytes read from a pipe or a
/// file (`tuilist pick` interactive and `--filter`, `watch`'s command output, `edit`'s file) and
/// text already in hand (a preview, a command's failure text, `--header`, `git show`, a
/// ``TextView``, a list's empty message).
///
/// - A line ends at its separator: a line feed (LF), or NUL for NUL-separated input (fzf's
///   `--read0`). The separator is not part of the line.
/// - A carriage return (CR) right before the LF is one of two things, by what the lines are for
///   (``CarriageReturn``): the line's when lines are read back as they came (``CarriageReturn/kept``:
///   the picker's items and `--header`), part of the line's end when text is shown
///   (``CarriageReturn/lineEnd``: a preview, watched output, failure text; `edit`'s file too,
///   which keeps each line's end apart to write it back). ``lines(of:)``, the entry point for
///   text in hand, takes `.lineEnd`.
/// - A lone CR (not before the LF) never ends a line: it stays in the line. A ``Canvas`` skips
///   it as the control character it is (no column); an app may show it, as the peers do.
/// - A last line without a separator counts; input that ends with a separator has no empty
///   line after it, and empty input has no lines.
///
/// What the peers do, measured in tmux 3.3 (fzf 0.74.5, procps-ng watch 4.0.2), and what we do:
///
/// | input                        | fzf                              | watch            | we        |
/// |------------------------------|----------------------------------|------------------|-----------|
/// | items `"a\r\nb"`             | items `a\r`, `b` (drawn `a␍`)    | —                | `.kept`   |
/// | `--header "h1\r\nh2\n"`      | `h1\r`, `h2`, no empty line      | —                | `.kept`   |
/// | preview `"one\r\ntwo\r\n"`   | `one`, `two`                     | —                | `.lineEnd`|
/// | output `"one\r\ntwo\r\n"`    | —                                | `one`, `two`     | `.lineEnd`|
/// | lone CR `"abcdef\rXY"`       | one line, the CR drawn `␍`       | one line, a blank| one line  |
/// | `--read0` item `"c\r\nd"`     | one item on two lines, `c␍`, `d` | —                | the same  |
///
/// So no peer breaks a line at a lone CR, and both drop the CR of a CRLF from text they show;
/// fzf keeps it in an item (and prints it back on accept). `tuilist pick` draws a CR in a row
/// or its header as fzf does (`␍`), `tuilist watch` as watch does (a blank); a preview, failure
/// text and a ``TextView`` skip it (a ``Canvas`` draws no control character). A `--read0` item
/// that holds line breaks is drawn a line of it (split `.kept`, as an item is read) per line of
/// its row.
///
/// ```swift
/// LineSplitter.lines(in: Array("a\r\nb\n\nc".utf8))   // ["a\r", "b", "", "c"]
/// LineSplitter.lines(of: "one\r\ntwo\r\n")           // ["one", "two"]
/// LineSplitter.lines(of: "ab\rcd")                   // ["ab\rcd"]
/// ```
public enum LineSplitter {
    /// What a carriage return right before a line feed is.
    public enum CarriageReturn: Sendable {
        /// The line's: lines read back as they came (fzf's items and `--header`), so
        /// `"a\r\n"` is the line `"a\r"`.
        case kept
        /// Part of the line's end, as a terminal shows `"\r\n"`: text that is shown (fzf's
        /// preview, procps watch's output), so `"a\r\n"` is the line `"a"`.
        case lineEnd
    }

    /// Appends to `ends` the offset of every `separator` in `bytes`, ascending: each is where
    /// a line ends (the first line starts at 0, each next one after the separator before it).
    ///
    /// - Parameters:
    ///   - bytes: The bytes read.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    ///   - ends: Where the offsets go.
    /// - Complexity: O(`bytes.count`), one `memchr` per line.
    public static func separators(in bytes: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A, into ends: inout [Int]) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count, let hit = memchr(base + offset, Int32(separator), bytes.count - offset) {
            let end = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            ends.append(end)
            offset = end + 1
        }
    }

    /// Calls `body` with the range of each line in `bytes`, in order (a last line without
    /// its separator included).
    ///
    /// - Parameters:
    ///   - bytes: Whole input.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    ///   - carriageReturn: What a CR right before an LF separator is (with NUL, a CR is
    ///     always the line's).
    ///   - body: Called with each line's range in `bytes`, its separator left out.
    /// - Complexity: O(`bytes.count`).
    public static func forEachLine(
        in bytes: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A, carriageReturn: CarriageReturn = .kept,
        _ body: (Range<Int>) throws -> Void
    ) rethrows {
        var ends: [Int] = []
        separators(in: bytes, separator: separator, into: &ends)
        let dropsCR = carriageReturn == .lineEnd && separator == 0x0A
        var start = 0
        for end in ends {
            try body(start ..< (dropsCR && end > start && bytes[end - 1] == 0x0D ? end - 1 : end))
            start = end + 1
        }
        if start < bytes.count { try body(start ..< bytes.count) }
    }

    /// The lines of `bytes`, decoded as UTF-8 (bytes that are not UTF-8 repaired).
    ///
    /// - Parameters:
    ///   - bytes: Whole input.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    ///   - carriageReturn: What a CR right before an LF is: the line's (the default) or part
    ///     of its end.
    /// - Returns: The lines, without their separators.
    /// - Complexity: O(`bytes.count`).
    public static func lines(in bytes: [UInt8], separator: UInt8 = 0x0A, carriageReturn: CarriageReturn = .kept) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var lines: [String] = []
            forEachLine(in: buffer, separator: separator, carriageReturn: carriageReturn) {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self))
            }
            return lines
        }
    }

    /// The lines of text that is shown (a preview, a command's output or failure text, a
    /// message): LF and CRLF end a line, a lone CR stays in its line (``CarriageReturn/lineEnd``).
    ///
    /// Splits the UTF-8 bytes, not the `Character`s: `"\r\n"` is one `Character` to Swift, so
    /// `text.split(separator: "\n")` would not end a line there, and walking grapheme
    /// clusters costs far more than `memchr`.
    ///
    /// - Parameter text: Whole text.
    /// - Returns: The lines, without their line ends.
    /// - Complexity: O(`text.utf8.count`).
    public static func lines(of text: String) -> [String] {
        var text = text
        return text.withUTF8 { buffer in
            var lines: [String] = []
            forEachLine(in: buffer, carriageReturn: .lineEnd) {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self))
            }
            return lines
        }
    }
}
