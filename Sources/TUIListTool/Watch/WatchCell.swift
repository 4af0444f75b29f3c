import TUIList

/// A row of `tuilist watch`: its line, with the characters `-d` found changed drawn in
/// ``highlight``.
package final class WatchCell: ListCell {
    /// The line.
    package var title = ""
    /// Offsets (in characters) of ``title`` drawn highlighted.
    package var changed: Set<Int> = []
    /// The style of changed characters (standout, as procps watch draws them).
    package static let highlight = Style(attributes: [.reverse, .bold])

    /// An empty row.
    package init() {}

    package func prepareForReuse() {
        title = ""
        changed = []
    }

    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        let left = rect.x + min(1, rect.width / 4)
        let right = rect.maxX - min(1, rect.width / 4)
        if changed.isEmpty {
            canvas.draw(title, x: left, y: rect.y, maxWidth: max(0, right - left), clip: rect)
        } else {
            // Runs of characters alike (changed or not), each drawn in its style.
            var x = left, run = "", runChanged = false
            func flush() {
                guard !run.isEmpty, x < right else { return }
                x += canvas.draw(
                    run, x: x, y: rect.y, style: runChanged ? Self.highlight : .plain, maxWidth: right - x, clip: rect)
                run = ""
            }
            for (offset, character) in title.enumerated() {
                let isChanged = changed.contains(offset)
                if isChanged != runChanged { flush() }
                runChanged = isChanged
                run.append(character)
            }
            flush()
        }
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect)
    }
}
