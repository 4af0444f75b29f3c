/// A "loading…" line: a spinner, what is loading, and how far it has come, for a pane whose
/// content is still on its way (with `EmptyStateView` for one that has none).
///
/// ```swift
/// LoadingLine("loading", progress: report, time: program.clock.now)
///     .draw(into: &canvas, in: listArea)      // "⠹ loading… 42%" centred
/// ```
///
/// The spinner's frame comes from `time` (ten frames a second), so a frame is a function of
/// the clock and tests step it with a ``ManualClock``. An app that shows one keeps drawing
/// frames while loading (``TerminalApp/isAnimating``).
public struct LoadingLine: Hashable, Sendable {
    /// The spinner's frames, shown in turn.
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Spinner frames per second.
    static let framesPerSecond = 10.0

    /// What is loading (`"loading"`, `"running git log"`).
    var label: String
    /// How far it has come, if known.
    var progress: ProgressReport?
    /// The clock time, which picks the spinner's frame.
    var time: Double
    /// Whether the line is centred in the area (else at its top left).
    var centered: Bool
    /// The line's style.
    var style: Style

    /// A loading line.
    /// - Parameters:
    ///   - label: What is loading.
    ///   - progress: How far it has come, if known.
    ///   - time: The clock time, for the spinner.
    ///   - centered: Whether to centre it in the area.
    ///   - style: The style (dim by default).
    public init(
        _ label: String = "loading", progress: ProgressReport? = nil, time: Double = 0, centered: Bool = true,
        style: Style = Style(attributes: .dim)
    ) {
        self.label = label
        self.progress = progress
        self.time = time
        self.centered = centered
        self.style = style
    }

    /// The text drawn: `"⠋ loading…"`, then the percent or the count done.
    var text: String {
        let frames = Self.spinnerFrames
        let frame = Int((max(0, time) * Self.framesPerSecond).rounded(.down)) % frames.count
        var text = "\(frames[frame]) \(label)…"
        if let progress {
            if let fraction = progress.fraction {
                text += " \(Int(fraction * 100))%"
            } else {
                text += " \(progress.completed)"
            }
        }
        return text
    }

    /// Draws the line in `rect`: centred, or on its first line from the left.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area.
    /// - Complexity: O(`rect.width`).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let text = self.text
        let width = min(TerminalText.columns(of: text), rect.width)
        let x = centered ? rect.x + (rect.width - width) / 2 : rect.x
        let y = centered ? rect.y + (rect.height - 1) / 2 : rect.y
        canvas.draw(text, x: x, y: y, style: style, maxWidth: rect.width, clip: rect)
    }
}
