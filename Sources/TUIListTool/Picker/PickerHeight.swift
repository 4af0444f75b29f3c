import TUIList

/// fzf's `--height` value: `N` lines or `N%` of the terminal, or (negative) all of it but `N`
/// lines or `N%`, with fzf's `~` prefix or without (adaptive: only the lines the picker needs,
/// up to that height).
///
/// ```swift
/// try PickerHeight.parse("40%")   // (.percent(40), adaptive: false)
/// try PickerHeight.parse("~10")   // (.lines(10), adaptive: true)
/// try PickerHeight.parse("-3")    // (.allBut(3), adaptive: false)
/// try PickerHeight.parse("-25%")  // (.percent(75), adaptive: false)
/// ```
package enum PickerHeight {
    /// The height `text` asks for, and whether it is adaptive (`~`).
    /// - Throws: ``ToolFailure`` naming `--height` for anything else than a positive number of
    ///   lines or a percentage from 1 to 100.
    package static func parse(_ text: String) throws(ToolFailure) -> (height: InlineTerminal.Height, adaptive: Bool) {
        var body = Substring(text)
        let adaptive = body.hasPrefix("~")
        if adaptive { body = body.dropFirst() }
        let inverse = body.hasPrefix("-")
        if inverse { body = body.dropFirst() }
        let percent = body.hasSuffix("%")
        if percent { body = body.dropLast() }
        guard let number = Int(body), number > 0 || (inverse && number == 0), !percent || number <= 100,
            !(inverse && percent && number == 100)
        else {
            throw ToolFailure(
                "--height: invalid height: \(text) (N lines or N% of the terminal, -N or -N% for all but that, ~ allowed)")
        }
        if inverse { return (percent ? .percent(100 - number) : .allBut(number), adaptive) }
        return (percent ? .percent(number) : .lines(number), adaptive)
    }

    /// fzf's `--min-height` value: `N` lines, or `N+` for N lines of the list with the lines
    /// beside it added.
    /// - Throws: ``ToolFailure`` naming `--min-height` for anything else.
    package static func parseMinimum(_ text: String) throws(ToolFailure) -> (lines: Int, addsChrome: Bool) {
        let addsChrome = text.hasSuffix("+")
        guard let lines = Int(addsChrome ? text.dropLast() : Substring(text)), lines >= 0 else {
            throw ToolFailure("--min-height: invalid height: \(text) (N lines, or N+ to add the prompt, header and border)")
        }
        return (lines, addsChrome)
    }
}
