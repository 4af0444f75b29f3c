import TUIList

/// fzf's `--height` value: `N` lines or `N%` of the terminal, either with fzf's `~` prefix
/// (adaptive: only the lines the picker needs, up to that height).
///
/// ```swift
/// try PickerHeight.parse("40%")   // (.percent(40), adaptive: false)
/// try PickerHeight.parse("~10")   // (.lines(10), adaptive: true)
/// ```
package enum PickerHeight {
    /// The height `text` asks for, and whether it is adaptive (`~`).
    /// - Throws: ``ToolFailure`` naming `--height` for anything else than a positive number of
    ///   lines or a percentage from 1 to 100.
    package static func parse(_ text: String) throws(ToolFailure) -> (height: InlineTerminal.Height, adaptive: Bool) {
        var body = Substring(text)
        let adaptive = body.hasPrefix("~")
        if adaptive { body = body.dropFirst() }
        let percent = body.hasSuffix("%")
        if percent { body = body.dropLast() }
        guard let number = Int(body), number > 0, !percent || number <= 100 else {
            throw ToolFailure("--height: invalid height: \(text) (N lines or N% of the terminal, ~ allowed)")
        }
        return (percent ? .percent(number) : .lines(number), adaptive)
    }
}
