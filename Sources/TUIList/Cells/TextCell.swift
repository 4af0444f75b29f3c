/// The everyday row: a title, an optional detail and an optional badge.
///
/// ```
///  Apple                       12 kg  new
///  ^ title                     detail badge
/// ```
///
/// The detail sits at the right end of the title's line (``DetailPlacement/trailing``) or on a
/// second line below it (``DetailPlacement/below``, which makes the cell two lines tall). Text
/// that does not fit ends in "…": the title keeps at least half the width before the detail is
/// cut, and the badge goes first when even that does not fit. A selected row is drawn in
/// reverse video across its full width (underlined when the list is not focused), a marked
/// one in bold yellow; a cell that needs other looks is its own ``ListCell``.
///
/// ```swift
/// let cell = context.dequeue(TextCell.self)
/// cell.title = "Apple"
/// cell.detail = "12 kg"
/// cell.badge = "new"
/// ```
///
/// Parts of the title or the detail take their own style through ``styledTitle`` and
/// ``styledDetail`` (see ``ANSIText/init(spans:)``); the spans keep their styles when the
/// text is cut, each grapheme cluster whole:
///
/// ```swift
/// cell.styledTitle = ANSIText(spans: [(message.sender, Style(attributes: .bold)),
///                                     ("  " + message.subject, .plain)])
/// ```
public final class TextCell: ListCell {
    /// Where the detail text goes.
    public enum DetailPlacement: Hashable, Sendable {
        /// Right-aligned on the title's line.
        case trailing
        /// On a second line, under the title (the cell is then two lines tall).
        case below
    }

    /// The main text.
    public var title: String = "" { didSet { _titleColumns = -1 } }
    /// Secondary text, shown dimmed; `nil` for none.
    public var detail: String? { didSet { _detailColumns = -1 } }
    /// The title with styled spans, drawn instead of ``title`` when set; each span's style is
    /// laid over the title's (so a span's default colours keep the row's look, and the
    /// selection's reverse video covers it). `nil` (the default) draws ``title``.
    public var styledTitle: ANSIText? { didSet { _titleColumns = -1 } }
    /// The detail with styled spans, drawn instead of ``detail`` when set, over the detail's
    /// dim style. `nil` (the default) draws ``detail``.
    public var styledDetail: ANSIText? { didSet { _detailColumns = -1 } }
    /// A short tag at the right end of the first line, e.g. a count or "new"; `nil` for none.
    public var badge: String? { didSet { _badgeColumns = -1 } }

    // Display widths, measured once per content change rather than every frame (-1: unknown).
    private var _titleColumns = 0, _detailColumns = -1, _badgeColumns = -1

    private func _columns(_ text: String, _ cache: inout Int) -> Int {
        if cache < 0 { cache = TerminalText.columns(of: text) }
        return cache
    }
    /// Where the detail goes.
    public var detailPlacement: DetailPlacement
    /// Columns left blank before the title and after the badge or detail.
    var padding: Int = 1

    /// The style of the title.
    var titleStyle: Style = .plain
    /// The style of the detail.
    var detailStyle = Style(attributes: .dim)
    /// The style of the badge.
    var badgeStyle = Style(foreground: .ansi(6), attributes: .bold)
    /// Laid over the whole row when it is selected in a focused list.
    var selectedStyle = Style.selection
    /// Laid over the whole row when it is selected in a list without focus.
    var unfocusedSelectedStyle = Style(attributes: .underline)
    /// Laid over the whole row when it is marked (e.g. picked up for dragging).
    var markedStyle = Style(foreground: .ansi(3), attributes: .bold)

    /// A cell with no text and the detail on the title's line.
    public init() { detailPlacement = .trailing }

    /// A cell with no text and the given detail placement (register it under a style key).
    public init(detailPlacement: DetailPlacement) { self.detailPlacement = detailPlacement }

    /// Two lines when the detail goes below the title, else one.
    public func height(forWidth width: Int) -> Int {
        detailPlacement == .below && _detailText != nil ? 2 : 1
    }

    /// Clears title, detail and badge; placement, padding and styles stay (they belong to the
    /// reuse identifier's style).
    public func prepareForReuse() {
        title = ""
        detail = nil
        badge = nil
        styledTitle = nil
        styledDetail = nil
    }

    /// The title's text as drawn.
    private var _titleText: String { styledTitle?.plain ?? title }
    /// The detail's text as drawn; `nil` for none.
    private var _detailText: String? { styledDetail?.plain ?? detail }

    /// Draws the title or the detail, plain or with its spans.
    private func _draw(
        _ text: String, styled: ANSIText?, into canvas: inout Canvas, x: Int, y: Int, style: Style, width: Int,
        clip: Rect
    ) {
        if let styled {
            styled.draw(into: &canvas, x: x, y: y, style: style, maxWidth: width, clip: clip)
        } else {
            canvas.draw(text, x: x, y: y, style: style, maxWidth: width, clip: clip)
        }
    }

    /// Draws title, detail and badge as the type's comment shows, then the state's overlays.
    public func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        let left = rect.x + min(padding, rect.width / 4)
        let right = rect.maxX - min(padding, rect.width / 4)
        let width = right - left
        if width > 0 {
            var end = right  // the right-hand parts are laid out from here to the left
            let title = _titleText
            let titleWidth = _columns(title, &_titleColumns)
            let keepForTitle = min(titleWidth, max(1, width / 2))
            if let badge, !badge.isEmpty {
                let w = _columns(badge, &_badgeColumns)
                if w + 1 + keepForTitle <= width {
                    end -= w
                    canvas.draw(badge, x: end, y: rect.y, style: badgeStyle, clip: rect)
                    end -= 1
                }
            }
            let detail = _detailText
            if detailPlacement == .trailing, let detail, !detail.isEmpty {
                let room = end - left - keepForTitle - 1
                let full = _columns(detail, &_detailColumns)
                if room >= min(full, 4) {  // a detail cut shorter than this says nothing
                    let w = min(full, room)
                    end -= w
                    _draw(
                        detail, styled: styledDetail, into: &canvas, x: end, y: rect.y, style: detailStyle, width: w,
                        clip: rect)
                    end -= 1
                }
            }
            _draw(
                title, styled: styledTitle, into: &canvas, x: left, y: rect.y, style: titleStyle,
                width: max(0, end - left), clip: rect)
            if detailPlacement == .below, let detail, rect.height >= 2 {
                _draw(
                    detail, styled: styledDetail, into: &canvas, x: left, y: rect.y + 1, style: detailStyle,
                    width: width, clip: rect)
            }
        }
        CellState.applyStandardOverlays(
            state, to: &canvas, rect: rect, selected: selectedStyle,
            unfocusedSelected: unfocusedSelectedStyle, marked: markedStyle)
    }
}

extension CellState {
    /// Lays the styles that a state calls for over a cell's rect: the mark, then the selection
    /// (focused or not), then the highlight. Built-in cells use it; custom cells may too.
    public static func applyStandardOverlays(
        _ state: CellState, to canvas: inout Canvas, rect: Rect,
        selected: Style = .selection,
        unfocusedSelected: Style = Style(attributes: .underline),
        marked: Style = Style(attributes: .bold)
    ) {
        var overlays: [Style] = []
        if state.isMarked { overlays.append(marked) }
        if state.isSelected { overlays.append(state.isFocused ? selected : unfocusedSelected) }
        if let highlight = state.highlight { overlays.append(highlight) }
        guard !overlays.isEmpty else { return }
        canvas.restyle(rect) { style in
            for overlay in overlays { style = style.overlaid(with: overlay) }
        }
    }
}
