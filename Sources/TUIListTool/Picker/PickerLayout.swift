import TUIList

/// Where the picker's body puts its parts, as fzf lays them out, for a body rectangle (the
/// area the chrome leaves): a value worked out from the options and the model, never stored,
/// so that drawing and the actions that need the geometry (a page of the preview, a click
/// over it) agree without one writing it for the other.
///
/// Next to the prompt the info line (``PickerApp/hasInfoLine``), then the `--header` text,
/// then the `--header-lines` where the list starts (beside the `--header` text, or at the top
/// under `--layout=reverse-list`), then the list, and the preview beside it. These lines give
/// way: the list keeps a line.
///
/// ```swift
/// let layout = PickerLayout(app, body: Rect(x: 0, y: 1, width: 80, height: 22))
/// layout.preview?.rect   // the pane, when a preview is shown
/// ```
struct PickerLayout {
    /// The info line (the counts or the separator on a line of their own), if any.
    var info: Rect?
    /// The `--header` text's lines.
    var headerText: Rect
    /// The `--header-lines`' lines.
    var headerLines: Rect
    /// The list's and the preview's area together.
    var rest: Rect
    /// Whether `--preview-window`'s alternative (`<N(…)`) is in force: too little room for
    /// the window in ``rest``.
    var usesAlternative: Bool
    /// The preview window in force.
    var previewWindow: PreviewWindow
    /// The list's area.
    var list: Rect
    /// The preview pane's area and the split that puts the divider between it and the list,
    /// when a preview is shown.
    var preview: (rect: Rect, split: Split)?

    /// The layout of `app`'s body in `body`.
    /// - Parameters:
    ///   - app: The picker, for its options and model.
    ///   - body: The body's area.
    init(_ app: PickerApp, body: Rect) {
        let options = app.options
        let bottom = options.layout.promptAtBottom
        var rest = body
        /// Up to `count` lines off `rest` (leaving it one), on the prompt's side or the far one.
        func take(_ count: Int, besidePrompt: Bool = true) -> Rect {
            let count = min(count, max(0, rest.height - 1))
            rest.height -= count
            if besidePrompt == bottom { return Rect(x: rest.x, y: rest.maxY, width: rest.width, height: count) }
            defer { rest.y += count }
            return Rect(x: rest.x, y: rest.y, width: rest.width, height: count)
        }
        info = app.hasInfoLine ? take(1) : nil
        headerText = take(app.headerText.count)
        headerLines = take(app.header.count, besidePrompt: options.layout != .reverseList)
        self.rest = rest
        usesAlternative = app.previewTemplate != nil && app.baseWindow.usesAlternative(in: rest)
        previewWindow = app.previewWindow(alternative: usesAlternative)
        let hiddenUnder = app.model.preview.hiddenUnder
        if app.previewTemplate != nil && !(usesAlternative ? hiddenUnder.alternative : hiddenUnder.window) {
            let (list, preview, split) = previewWindow.areas(in: rest)
            self.list = list
            self.preview = (preview, split)
        } else {
            list = rest
            preview = nil
        }
    }
}
