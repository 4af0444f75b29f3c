import TUIList

/// fzf's `--height` value: `N` lines or `N%` of the terminal, either with fzf's `~` (adaptive)
/// prefix, which is read as the fixed height (the picker never shrinks to its items).
///
/// ```swift
/// try PickerHeight.parse("40%")   // .percent(40)
/// try PickerHeight.parse("~10")   // .lines(10)
/// ```
package enum PickerHeight {
    /// The height `text` asks for.
    /// - Throws: ``ToolFailure`` naming `--height` for anything else than a positive number of
    ///   lines or a percentage from 1 to 100.
    package static func parse(_ text: String) throws(ToolFailure) -> InlineTerminal.Height {
        var body = Substring(text)
        if body.hasPrefix("~") { body = body.dropFirst() }
        let percent = body.hasSuffix("%")
        if percent { body = body.dropLast() }
        guard let number = Int(body), number > 0, !percent || number <= 100 else {
            throw ToolFailure("--height: invalid height: \(text) (N lines or N% of the terminal, ~ allowed)")
        }
        return percent ? .percent(number) : .lines(number)
    }
}
