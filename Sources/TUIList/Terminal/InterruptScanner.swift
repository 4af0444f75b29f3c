/// Finds the Ctrl-C key in raw terminal input as it is read, outside bracketed pastes.
///
/// The terminal is in raw mode, so Ctrl-C is the byte 0x03 and no signal. The input reader
/// looks for it before the program loop decodes anything, so that Ctrl-C can end a program
/// whose loop is busy. A 0x03 inside a paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is text, not the
/// key. The paste markers may be split across reads: the scanner keeps the last bytes it saw.
///
/// ```swift
/// var scanner = InterruptScanner()
/// scanner.count(in: Array("ab\u{03}".utf8))            // 1
/// scanner.count(in: Array("\u{1B}[200~\u{03}".utf8))   // 0: pasted text
/// ```
struct InterruptScanner {
    /// The last (up to) six bytes read, the newest in the low byte: enough to see a marker.
    private var recent: UInt64 = 0
    /// Inside a bracketed paste.
    private(set) var isInPaste = false

    private static let pasteStart: UInt64 = 0x1B_5B_32_30_30_7E  // ESC [ 2 0 0 ~
    private static let pasteEnd: UInt64 = 0x1B_5B_32_30_31_7E  // ESC [ 2 0 1 ~
    private static let mask: UInt64 = 0xFFFF_FFFF_FFFF

    /// The number of Ctrl-C keys in `bytes`, read after everything scanned before.
    ///
    /// - Complexity: O(`bytes.count`).
    mutating func count<Bytes: Sequence>(in bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        var found = 0
        for byte in bytes {
            recent = (recent << 8 | UInt64(byte)) & Self.mask
            if byte == 0x7E {
                if recent == Self.pasteStart { isInPaste = true }
                if recent == Self.pasteEnd { isInPaste = false }
            } else if byte == 0x03 && !isInPaste {
                found += 1
            }
        }
        return found
    }
}
