import TUIList

extension PickerApp {
    /// What `--with-nth` shows of a line read under `--ansi`: the styled characters at
    /// `offsets` of `raw` (its escapes parsed), whose plain text is `plain`; `nil` when the
    /// characters do not line up (joined fields that merge into one grapheme).
    ///
    /// A template's own text (offset -1) takes the colours in force after the field before
    /// it, escapes after its last character included, as fzf's template carries them on: the
    /// style of the line's next character, or the style at the line's end.
    static func characters(_ offsets: [Int], ofLine raw: String, as plain: String) -> ANSIText? {
        guard plain.count == offsets.count else { return nil }
        // (A space after the line takes the style in force at its end.)
        let text = ANSIText(parsing: raw + " ")
        var styles: [Style] = Array(repeating: .plain, count: text.plain.count)
        for run in text.runs { for offset in run.range { styles[offset] = run.style } }
        var runs: [ANSIText.Run] = []
        var carried = Style.plain
        for (position, offset) in offsets.enumerated() {
            var style = carried
            if offset >= 0 && offset + 1 < styles.count {
                (style, carried) = (styles[offset], styles[offset + 1])
            }
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound ..< position + 1
            } else {
                runs.append(ANSIText.Run(range: position ..< position + 1, style: style))
            }
        }
        return ANSIText(plain: plain, runs: runs)
    }
}
