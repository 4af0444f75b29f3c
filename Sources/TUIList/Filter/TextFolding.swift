import Foundation

/// Folds text for forgiving matching: letters lower-cased (Unicode case folding, so `ß`
/// matches `ss` and `İ` matches `i`), diacritics dropped (`é` → `e`, `Å` → `a`), as UTF-8
/// bytes a filter can compare directly.
///
/// ```swift
/// TextFolding.folded("Crème Brûlée")    // the bytes of "creme brulee"
/// ```
///
/// - Complexity: O(length). ASCII text (the common case) takes a byte loop; a field with any
///   other character goes once through Foundation's folding (`String.folding(options:)`),
///   which is why folding happens when an item is added or changed, never per keystroke.
package enum TextFolding {
    /// Appends the folded UTF-8 bytes of `text` to `bytes`. NUL characters are dropped (an
    /// index uses NUL to keep fields apart).
    package static func append(folded text: String, to bytes: inout [UInt8]) {
        append(text, to: &bytes, lowercasing: true)
    }

    /// Appends `text` folded: ASCII a byte at a time (upper case lowered when `lowercasing`),
    /// anything else through Foundation; NUL characters dropped.
    private static func append(_ text: String, to bytes: inout [UInt8], lowercasing: Bool) {
        var ascii = true
        var text = text
        text.withUTF8 { utf8 in
            for byte in utf8 where byte >= 0x80 { ascii = false; break }
            guard ascii else { return }
            for byte in utf8 where byte != 0 {
                bytes.append(lowercasing && byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
        }
        guard !ascii else { return }
        let options: String.CompareOptions = lowercasing ? [.caseInsensitive, .diacriticInsensitive] : [.diacriticInsensitive]
        for byte in text.folding(options: options, locale: nil).utf8 where byte != 0 { bytes.append(byte) }
    }

    /// The folded UTF-8 bytes of `text`.
    package static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        append(folded: text, to: &bytes)
        return bytes
    }

    /// Appends the UTF-8 bytes of `text` with diacritics dropped but case kept (`Crème` →
    /// `Creme`), for case-sensitive matching. NUL characters are dropped.
    package static func append(foldedKeepingCase text: String, to bytes: inout [UInt8]) {
        append(text, to: &bytes, lowercasing: false)
    }

    /// The UTF-8 bytes of `text` with diacritics dropped and case kept.
    package static func foldedKeepingCase(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        append(foldedKeepingCase: text, to: &bytes)
        return bytes
    }
}
