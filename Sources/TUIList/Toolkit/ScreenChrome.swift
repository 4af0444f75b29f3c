/// Everything on a screen around its body, as a value an app fills from its model in `render`:
/// a title bar, lines under it, a prompt line, a status line, a help bar, and over them a help
/// overlay or a confirm box; a border and padding around it all, and a message when the area is
/// too small. It draws itself and hands back the body's rectangle, where the app draws its list
/// (or anything else), then the overlays go on top.
///
/// ```swift
/// var chrome = ScreenChrome(theme: .tuilist)
/// chrome.title = "Tasks"
/// chrome.titleDetail = "\(tasks.count)"
/// chrome.status = .init(left: model.message ?? "", right: "\(row + 1)/\(tasks.count)")
/// chrome.helpBar = HelpBar(keymap)
/// chrome.help = model.showsHelp ? HelpOverlay(keymap) : nil
/// chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
///     list.render(into: &canvas, rect: body)
/// }
/// ```
///
/// Lines are taken from the area in a fixed order: the title bar from the top, the help bar from
/// the bottom, the prompt line (at the top or bottom, ``ScreenChrome/Prompt/placement``), the
/// status line above the help bar (a prompt at the bottom takes its place), then
/// ``headerLines`` under the title as long as the body keeps a line. Nothing is kept between
/// frames: a chrome is built, drawn and dropped.
public struct ScreenChrome {
    /// The status line's two sides.
    public struct Status: Hashable, Sendable {
        /// What is going on (a message, the filter kept, a spinner), on the left.
        public var left: String
        /// A position or count on the right (empty: none).
        public var right: String
        /// A status line.
        /// - Parameters:
        ///   - left: The left side.
        ///   - right: The right side.
        public init(left: String, right: String = "") {
            self.left = left
            self.right = right
        }
    }

    /// A prompt being typed, and what goes beside it on its line.
    public struct Prompt {
        /// What the prompt is.
        public enum Field {
            /// A filter prompt, with its `matches/total` counts at the right end.
            case filter(FilterPrompt, matches: Int?, total: Int?)
            /// An app's prompt (a command being typed, a picker's query).
            case text(TextPrompt)

            /// The text being typed, with its cursor and styles.
            var textPrompt: TextPrompt {
                switch self {
                case .filter(let filter, _, _): filter.prompt
                case .text(let prompt): prompt
                }
            }
        }

        /// Where ``ScreenChrome/Prompt/info`` goes on a text prompt's line.
        public enum InfoPlacement: Equatable, Sendable {
            /// At the line's right end.
            case trailing
            /// Right after the prompt's text and cursor, then a space and `fill` repeated up to
            /// the line's last column but one (fzf's `--info=inline` and its separator).
            case afterText(fill: String, style: Style)
        }

        /// The prompt.
        public var field: Field
        /// Its line: the top or bottom prompt line, or the help bar (between the bar's label
        /// and its items).
        public var placement: ListScreenPromptPlacement
        /// Text on a text prompt's line (a picker's `12/340`), drawn only when the prompt's text
        /// leaves it room, else the prompt takes the line.
        public var info: String
        /// The style of ``info``.
        public var infoStyle: Style
        /// Where ``info`` goes.
        public var infoPlacement: InfoPlacement

        /// A prompt.
        /// - Parameters:
        ///   - field: The prompt.
        ///   - placement: Its line.
        ///   - info: Text beside a text prompt.
        ///   - infoStyle: The style of `info`.
        ///   - infoPlacement: Where `info` goes.
        public init(
            _ field: Field, placement: ListScreenPromptPlacement = .bottom, info: String = "",
            infoStyle: Style = Style(attributes: .dim), infoPlacement: InfoPlacement = .trailing
        ) {
            self.field = field
            self.placement = placement
            self.info = info
            self.infoStyle = infoStyle
            self.infoPlacement = infoPlacement
        }
    }

    /// The looks: bars' styles, the status line's inset, how a message joins the status.
    public var theme: ScreenTheme
    /// The title bar's text; nil: no title bar.
    public var title: String?
    /// The title bar's right side (a count, a mode).
    public var titleDetail = ""
    /// Lines under the title bar, above the body (a command's header); the body keeps at
    /// least one line, the header lines give way.
    public var headerLines: [String] = []
    /// The prompt open, if any.
    public var prompt: Prompt?
    /// The status line; nil: none (a message then takes the help bar's line).
    public var status: Status?
    /// A timed message: before the status's left side (joined by the theme's
    /// `messageSeparator`, or in its place), or, without a status line, on the
    /// help bar's line.
    public var message: String?
    /// The help bar's items and label (its look comes from the theme when built with
    /// ``ScreenTheme/helpBar(items:label:)``); nil: no help bar.
    public var helpBar: HelpBar?
    /// The help overlay, drawn over everything while set.
    public var help: HelpOverlay?
    /// A yes/no question drawn over the screen while set.
    public var confirm: ConfirmPrompt?
    /// A box around the whole screen (fzf's `--border`); every part goes inside it.
    public var border: Box?
    /// Space inside the border (fzf's `--padding`): the area left for the parts, given the
    /// area inside the border.
    public var padding: ((Rect) -> Rect)?
    /// The smallest area the parts are drawn in; below it `tooSmallText` shows instead.
    public var minimumSize = TerminalSize(columns: 10, rows: 3)
    /// What shows below ``minimumSize`` on the first line (nil: "Too small (W×H); need W×H",
    /// centred).
    package var tooSmallText: String?

    /// An empty chrome: no bars, no lines; its body is the whole area.
    /// - Parameter theme: The looks.
    public init(theme: ScreenTheme = .standard) {
        self.theme = theme
    }

    /// Draws the parts into `rect` of `canvas` and returns the body's rectangle; nil when the
    /// area is below ``minimumSize`` (the too-small message is drawn instead). The body is not
    /// cleared: the app draws all of it. Overlays are not drawn: see
    /// `drawOverlays(into:in:)`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The screen's area.
    /// - Returns: The body's rectangle.
    /// - Complexity: O(cells of the lines drawn).
    public func draw(into canvas: inout Canvas, in rect: Rect) -> Rect? {
        guard let area = partsArea(into: &canvas, in: rect, drawing: true) else { return nil }
        let lines = place(in: area)
        if let title, let line = lines.title {
            var bar = theme.titleBar
            (bar.title, bar.detail) = (title, titleDetail)
            bar.draw(into: &canvas, in: line)
        }
        if let helpBar, let line = lines.helpBar {
            if let prompt, prompt.placement == .helpBar {
                drawBar(helpBar, after: prompt.field.textPrompt, into: &canvas, in: line)
            } else if status == nil, let message {
                canvas.clear(line)
                StatusLine(left: message, right: "", style: theme.statusStyle).draw(into: &canvas, in: line)
            } else {
                helpBar.draw(into: &canvas, in: line)
            }
        }
        if let prompt, let line = lines.prompt { draw(prompt, into: &canvas, in: line) }
        if let status, let line = lines.status {
            let left = String(repeating: " ", count: max(0, theme.statusInset)) + statusWords(status)
            StatusLine(left: left, right: status.right, style: theme.statusStyle).draw(into: &canvas, in: line)
        }
        for (header, line) in zip(headerLines, lines.headers) {
            canvas.clear(line)
            canvas.draw(header, x: line.x, y: line.y, style: theme.headerStyle, clip: line)
        }
        return lines.body
    }

    /// The body's rectangle in `rect`, as ``draw(into:in:)`` returns it, without drawing: for
    /// an app that needs its body's size outside `render` (how far a page scrolls, where a
    /// click landed). Nil when the area is below ``minimumSize`` or empty.
    /// - Parameter rect: The screen's area.
    /// - Returns: The body's rectangle.
    /// - Complexity: O(1).
    public func body(in rect: Rect) -> Rect? {
        guard !rect.isEmpty, let area = fitting(inside(rect)) else { return nil }
        return place(in: area).body
    }

    /// Where the parts go in `area` (inside the border and padding): one line each, from the
    /// top the title, the prompt placed at the top and the header lines; from the bottom the
    /// help bar, the prompt placed at the bottom, and the status; the body between.
    private struct Lines {
        var title: Rect?
        var helpBar: Rect?
        var prompt: Rect?
        var status: Rect?
        var headers: [Rect] = []
        var body: Rect
    }

    /// The lines of the parts set, in `area`; a part that finds no room is left out.
    private func place(in area: Rect) -> Lines {
        var top = area.y, bottom = area.maxY
        func line(_ y: Int) -> Rect { Rect(x: area.x, y: y, width: area.width, height: 1) }
        var lines = Lines(body: area)
        if title != nil, bottom > top {
            lines.title = line(top)
            top += 1
        }
        if helpBar != nil, bottom > top {
            bottom -= 1
            lines.helpBar = line(bottom)
        }
        let placement = prompt.map { $0.placement == .helpBar && helpBar == nil ? .bottom : $0.placement }
        if prompt != nil, let placement, placement != .helpBar, bottom > top {
            let y = placement == .top ? top : bottom - 1
            if placement == .top { top += 1 } else { bottom -= 1 }
            lines.prompt = line(y)
        }
        if status != nil, placement != .bottom, bottom > top {
            bottom -= 1
            lines.status = line(bottom)
        }
        for _ in headerLines where top < bottom - 1 {
            lines.headers.append(line(top))
            top += 1
        }
        lines.body = Rect(x: area.x, y: top, width: area.width, height: max(0, bottom - top))
        return lines
    }

    /// Draws the confirm box and the help overlay, if set, over the parts' area of `rect` (the
    /// area ``draw(into:in:)`` was given); nothing when it is too small.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The screen's area.
    /// - Complexity: O(the overlays' cells).
    package func drawOverlays(into canvas: inout Canvas, in rect: Rect) {
        guard confirm != nil || help != nil, let area = partsArea(into: &canvas, in: rect, drawing: false) else { return }
        confirm?.draw(into: &canvas, in: area)
        help?.draw(into: &canvas, in: area)
    }

    /// Draws the parts, the body (`body` gets the body's rectangle) and the overlays: the whole
    /// screen in one call.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The screen's area.
    ///   - body: Draws the body into its rectangle.
    /// - Complexity: O(cells of the area), plus `body`.
    public func render(into canvas: inout Canvas, in rect: Rect, body: (inout Canvas, Rect) -> Void) {
        guard let inner = draw(into: &canvas, in: rect) else { return }
        body(&canvas, inner)
        drawOverlays(into: &canvas, in: rect)
    }

    /// The area inside the border and padding of `rect` (drawing them when `drawing`); nil when
    /// it is below the minimum size (saying so when `drawing`) or empty.
    private func partsArea(into canvas: inout Canvas, in rect: Rect, drawing: Bool) -> Rect? {
        let whole = rect.intersection(canvas.bounds)
        guard !whole.isEmpty else { return nil }
        let area = inside(whole)
        if drawing {
            if let border { _ = border.draw(into: &canvas, in: whole) }
            if padding != nil { canvas.clear(border?.inner(of: whole) ?? whole) }
        }
        guard let fitted = fitting(area) else {
            if drawing { drawTooSmall(into: &canvas, in: area) }
            return nil
        }
        return fitted
    }

    /// The area inside the border and the padding of `rect`.
    private func inside(_ rect: Rect) -> Rect {
        let framed = border?.inner(of: rect) ?? rect
        return padding.map { $0(framed).intersection(framed) } ?? framed
    }

    /// `area` when it is at least ``minimumSize``, else nil.
    private func fitting(_ area: Rect) -> Rect? {
        guard area.width >= minimumSize.columns, area.height >= minimumSize.rows else { return nil }
        return area
    }

    /// Says the area is too small: `tooSmallText` on its first line, or the sizes centred.
    private func drawTooSmall(into canvas: inout Canvas, in area: Rect) {
        canvas.clear(area)
        if let tooSmallText {
            canvas.draw(tooSmallText, x: area.x, y: area.y, style: Style(attributes: .bold), clip: area)
            return
        }
        let text = "Too small (\(area.width)×\(area.height)); need \(minimumSize.columns)×\(minimumSize.rows)"
        let chosen = TerminalText.columns(of: text) <= area.width ? text : "Too small"
        let x = area.x + max(0, (area.width - TerminalText.columns(of: chosen)) / 2)
        canvas.draw(chosen, x: x, y: area.y + area.height / 2, style: Style(attributes: .bold), clip: area)
    }

    /// The status line's left side, unindented: the message and the status joined, or either.
    private func statusWords(_ status: Status) -> String {
        guard let message else { return status.left }
        if let separator = theme.messageSeparator, !status.left.isEmpty { return message + separator + status.left }
        return message
    }

    /// Draws a prompt on its own line: a filter with its counts, or a text prompt with its info.
    private func draw(_ prompt: Prompt, into canvas: inout Canvas, in rect: Rect) {
        switch prompt.field {
        case .filter(let filter, let matches, let total):
            filter.draw(into: &canvas, in: rect, matches: matches, total: total)
        case .text(let field):
            canvas.clear(rect)
            draw(field, info: prompt, into: &canvas, in: rect)
        }
    }

    /// Draws a text prompt, and its info where the placement puts it when the prompt's text (its
    /// cursor cell and a space) leaves room for it.
    private func draw(_ field: TextPrompt, info prompt: Prompt, into canvas: inout Canvas, in rect: Rect) {
        let info = prompt.info
        guard !info.isEmpty else { return field.draw(into: &canvas, in: rect) }
        let infoWidth = TerminalText.columns(of: info)
        let needed = TerminalText.columns(of: field.prefix) + TerminalText.columns(of: field.text) + 1
        if case .afterText(let fill, let fillStyle) = prompt.infoPlacement {
            guard needed + infoWidth + 1 <= rect.width else { return field.draw(into: &canvas, in: rect) }
            field.draw(into: &canvas, in: Rect(x: rect.x, y: rect.y, width: needed, height: 1))
            let end =
                rect.x + needed + canvas.draw(info, x: rect.x + needed, y: rect.y, style: prompt.infoStyle, clip: rect)
            canvas.drawRepeating(fill, x: end + 1, y: rect.y, width: rect.maxX - 1 - (end + 1), style: fillStyle)
            return
        }
        guard needed + 1 + infoWidth + 1 <= rect.width else { return field.draw(into: &canvas, in: rect) }
        let fieldWidth = rect.width - infoWidth - 2
        field.draw(into: &canvas, in: Rect(x: rect.x, y: rect.y, width: fieldWidth, height: 1))
        canvas.draw(info, x: rect.maxX - infoWidth - 1, y: rect.y, style: prompt.infoStyle, clip: rect)
    }

    /// Draws `bar` on `rect`'s line with `prompt` (in its own styles) between its label and its
    /// items (the prompt takes up to half the line, and scrolls past it).
    private func drawBar(_ bar: HelpBar, after prompt: TextPrompt, into canvas: inout Canvas, in rect: Rect) {
        canvas.clear(rect, style: bar.style)
        var x = canvas.draw(bar.label, x: rect.x, y: rect.y, style: bar.style, clip: rect)
        let width = prompt.width(atMost: max(12, rect.width / 2))
        prompt.draw(into: &canvas, in: Rect(x: x, y: rect.y, width: max(0, min(width, rect.maxX - x)), height: 1))
        x = min(rect.maxX, x + width + 2)
        var items = bar
        items.label = ""
        items.draw(into: &canvas, in: Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: 1))
    }
}

/// The looks of a ``ScreenChrome``: its bars' styles, the status line's, and how a message
/// joins the status. ``standard`` is the plain look; ``tuilist`` is the look of TUIList's own
/// apps (the demo, `tuilist edit`, `tuilist replay`), for any app that wants to look like them.
public struct ScreenTheme: Hashable, Sendable {
    /// The title bar's look (its styles and whether the detail wins the room); its text comes
    /// from the chrome.
    public var titleBar: TitleBar
    /// The help bar's look (separator, style); the chrome's ``ScreenChrome/helpBar`` carries the
    /// items: build it with ``helpBar(items:label:)`` to give it this look.
    public var helpBar: HelpBar
    /// The status line's style.
    public var statusStyle: Style
    /// The style of the lines under the title (``ScreenChrome/headerLines``).
    public var headerStyle: Style
    /// Spaces before the status line's text.
    package var statusInset: Int
    /// How a timed message joins the status's left side (`"  │ "`); nil: it takes its place.
    package var messageSeparator: String?

    /// A theme.
    /// - Parameters:
    ///   - titleBar: The title bar's look.
    ///   - helpBar: The help bar's look.
    ///   - statusStyle: The status line's style.
    ///   - headerStyle: The header lines' style.
    ///   - statusInset: Spaces before the status.
    ///   - messageSeparator: How a message joins the status.
    public init(
        titleBar: TitleBar = TitleBar(title: ""), helpBar: HelpBar = HelpBar(items: []),
        statusStyle: Style = Style(attributes: .dim), headerStyle: Style = Style(attributes: .bold), statusInset: Int = 0,
        messageSeparator: String? = nil
    ) {
        self.titleBar = titleBar
        self.helpBar = helpBar
        self.statusStyle = statusStyle
        self.headerStyle = headerStyle
        self.statusInset = statusInset
        self.messageSeparator = messageSeparator
    }

    /// The plain look: a reversed title bar (the title bold), a dim status line and help bar.
    public static let standard = ScreenTheme()

    /// The look of TUIList's own apps: a bold, reversed title bar whose detail (a mode, a
    /// state) wins the room over the title; the status indented a space, a message joined to it
    /// with `│`; the help bar in cyan, its items joined with ` · `.
    public static let tuilist: ScreenTheme = {
        let bar = Style(attributes: [.reverse, .bold])
        return ScreenTheme(
            titleBar: TitleBar(title: "", style: bar, titleStyle: bar, keepsDetail: true),
            helpBar: HelpBar(items: [], separator: " · ", style: Style(foreground: .ansi(6))), statusInset: 1,
            messageSeparator: "  │ ")
    }()

    /// A help bar in this theme's look.
    /// - Parameters:
    ///   - items: The bar's items (`"q quit"`).
    ///   - label: Text before the items (a mode's name).
    /// - Returns: The bar.
    public func helpBar(items: [String], label: String = "") -> HelpBar {
        var bar = helpBar
        bar.items = items
        bar.label = label
        return bar
    }
}
