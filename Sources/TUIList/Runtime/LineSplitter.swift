#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines end in bytes read from a pipe or a file: the one rule for every reader of lines
/// (`tuilist pick` interactive and `--filter`, `watch`'s command output, `edit`'s file).
///
/// - A line ends at its separator: a line feed (LF), or NUL for NUL-separated input (fzf's
///   `--read0`). The separator is not part of the line.
/// - Every other byte is the line's, a carriage return included: `"a\r\n"` is the line
///   `"a\r"`, as fzf reads it (fzf's `--filter` and its interactive pick both print it back
///   with its CR). A screen skips the CR as the control character it is; matching takes it for
///   the blank it is (`a$` matches `"a\r"`, as in fzf); a writer that keeps lines' endings
///   (`edit`) writes it back.
/// - A last line without a separator counts; input that ends with a separator has no empty
///   line after it, and empty input has no lines.
///
/// ```swift
/// LineSplitter.lines(in: Array("a\r\nb\n\nc".utf8))   // ["a\r", "b", "", "c"]
/// ```
public enum LineSplitter {
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
    ///   - body: Called with each line's range in `bytes`, its separator left out.
    /// - Complexity: O(`bytes.count`).
    public static func forEachLine(
        in bytes: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A, _ body: (Range<Int>) throws -> Void
    ) rethrows {
        var ends: [Int] = []
        separators(in: bytes, separator: separator, into: &ends)
        var start = 0
        for end in ends {
            try body(start ..< end)
            start = end + 1
        }
        if start < bytes.count { try body(start ..< bytes.count) }
    }

    /// The lines of `bytes`, decoded as UTF-8 (bytes that are not UTF-8 repaired).
    ///
    /// - Parameters:
    ///   - bytes: Whole input.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    /// - Returns: The lines, without their separators.
    /// - Complexity: O(`bytes.count`).
    public static func lines(in bytes: [UInt8], separator: UInt8 = 0x0A) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var lines: [String] = []
            forEachLine(in: buffer, separator: separator) {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self))
            }
            return lines
        }
    }
}
