import TUIList

// The counts (fzf's `--info`) and the separator line (`--separator`): on the prompt's line,
// or on a line of their own next to it.

extension PickerApp {
    /// The counts: lines matched of lines read, the marks, whether reading goes on, a read
    /// error.
    var countsText: String {
        var text = "\(matchCount)/\(lineCount)"
        if options.multi && !model.marks.items.isEmpty {
            text += " (\(model.marks.items.count)\(options.multiLimit.map { "/\($0)" } ?? "") marked)"
        }
        if !model.input.finished || listIsBehind { text += " reading…" }
        if let error = model.input.readError { text += " read error: \(error)" }
        return text
    }

    /// The separator line's text in force: `--separator`'s, else fzf's `─` once `--info` is
    /// given (this picker's own way has none); `""` for none.
    var separatorText: String { options.separatorLine ?? (options.info == nil ? "" : "─") }

    /// Whether a line next to the prompt's holds the counts or the separator (as fzf: the
    /// counts' own line under `default` and `right`; the separator alone under `inline-right`
    /// and `hidden`).
    var hasInfoLine: Bool {
        switch options.info {
        case .default?, .right?: true
        case .inline?: false
        case .inlineRight?, .hidden?, nil: !separatorText.isEmpty
        }
    }

    /// Puts the counts on the prompt's line, where `--info` has them there.
    func placeCounts(on prompt: inout ScreenChrome.Prompt) {
        let style = options.colors.style(.info)
        prompt.infoStyle = style
        switch options.info {
        case nil:
            (prompt.info, prompt.infoPlacement) = (countsText, .trailing)
        case .inlineRight(let separator)?:
            (prompt.info, prompt.infoPlacement) = (separator + countsText, .trailing)
        case .inline(let separator)?:
            let fill = ScreenChrome.Prompt.InfoPlacement.afterText(
                fill: separatorText, style: options.colors.style(.separator))
            (prompt.info, prompt.infoPlacement) = (separator + countsText, fill)
        case .default?, .right?, .hidden?:
            prompt.info = ""
        }
    }

    /// Draws the line next to the prompt's (``hasInfoLine``) on `line`: as fzf, the counts
    /// in the rows' text column (past the one-column gutter; fzf's gutter is two) and the
    /// separator after them (`default`), the separator then the counts at the right (`right`),
    /// or the separator alone; the last column stays blank.
    func drawInfoLine(into canvas: inout Canvas, in line: Rect) {
        let (info, separator) = (options.colors.style(.info), options.colors.style(.separator))
        let end = line.maxX - 1
        func fill(from start: Int, to stop: Int) {
            canvas.drawRepeating(separatorText, x: start, y: line.y, width: stop - start, style: separator)
        }
        switch options.info {
        case .default?:
            let x = line.x + 1 + canvas.draw(countsText, x: line.x + 1, y: line.y, style: info, maxWidth: end - line.x - 1)
            fill(from: x + 1, to: end)
        case .right?:
            let counts = countsText
            let start = max(line.x, end - TerminalText.columns(of: counts))
            canvas.draw(counts, x: start, y: line.y, style: info, maxWidth: end - start)
            fill(from: line.x, to: start - 1)
        default:
            fill(from: line.x, to: end)
        }
    }
}
