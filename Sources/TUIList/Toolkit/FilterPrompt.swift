/// The filter line of a list: `/` and the query being typed, and on the right how many items
/// match (`"12/340"`), or `"…"` while a filter still runs.
///
/// It edits the query with a ``TextPrompt`` and draws the counts it is given: the app runs the
/// filter (``ListFilter``, ``FilterIndex`` or its own) when ``handle(_:)`` reports a change,
/// once per batch, and passes the result's counts to ``draw(into:in:matches:total:)``.
///
/// ```swift
/// let edit = filter.handle(rest)
/// if edit.changed { search.start(filter.query) }
/// filter.draw(into: &canvas, in: bottomLine, matches: search.result?.count, total: items.count)
/// // "/app▏                    12/340"
/// ```
public struct FilterPrompt: Sendable {
    /// The query's editor.
    public var prompt: TextPrompt
    /// The counts' style.
    var countStyle: Style

    /// A filter prompt.
    /// - Parameters:
    ///   - query: The query to start with.
    ///   - prefix: What comes before the query.
    ///   - placeholder: What shows while the query is empty.
    public init(query: String = "", prefix: String = "/", placeholder: String = "type to filter") {
        prompt = TextPrompt(text: query, prefix: prefix, placeholder: placeholder)
        countStyle = Style(attributes: .dim)
    }

    /// The query typed so far.
    public var query: String {
        get { prompt.text }
        set { prompt.text = newValue }
    }

    /// Takes the leading events that edit the query; see the batch `handle(_:)` of
    /// ``TextPrompt``.
    /// - Parameter events: The batch, or what is left of it.
    /// - Returns: How many events were taken, and whether the query changed.
    public mutating func handle(_ events: ArraySlice<InputEvent>) -> TextPrompt.Edit {
        prompt.handle(events)
    }

    /// The counts as drawn: `"12/340"`, `"12"` without a total, `"…"` while `matches` is nil.
    /// - Parameters:
    ///   - matches: How many items match, or nil while the filter runs.
    ///   - total: How many items there are, if known.
    /// - Returns: The text.
    static func countText(matches: Int?, total: Int?) -> String {
        guard let matches else { return "…" }
        guard let total else { return "\(matches)" }
        return "\(matches)/\(total)"
    }

    /// Draws the prompt on the first line of `rect`, with the counts flush right (when the line
    /// has room for them and ten columns of query).
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area; only its first line is used.
    ///   - matches: How many items match, or nil while the filter runs.
    ///   - total: How many items there are, if known.
    /// - Complexity: O(query length + `rect.width`).
    public func draw(into canvas: inout Canvas, in rect: Rect, matches: Int?, total: Int?) {
        guard !rect.isEmpty else { return }
        let counts = Self.countText(matches: matches, total: total)
        let countWidth = TerminalText.columns(of: counts)
        let prefixWidth = TerminalText.columns(of: prompt.prefix)
        let showsCounts = rect.width >= prefixWidth + 10 + 1 + countWidth
        let field = showsCounts ? Rect(x: rect.x, y: rect.y, width: rect.width - countWidth - 1, height: 1) : rect
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        canvas.clear(line, style: prompt.style)
        prompt.draw(into: &canvas, in: field)
        if showsCounts {
            canvas.draw(counts, x: rect.maxX - countWidth, y: rect.y, style: countStyle, clip: line)
        }
    }
}
