import Foundation

/// Builds a self-contained SVG picture of a session: every frame in order, with its colours,
/// attributes and wide characters, played at the recorded times and looping, by CSS alone (no
/// script), so it plays where a README shows it; or one frame as a still.
///
/// ```swift
/// var svg = SVGAnimationWriter(columns: 80, rows: 24)
/// svg.frame(canvas, at: 0.5)
/// try svg.animated().write(toFile: "session.svg", atomically: true, encoding: .utf8)
/// ```
///
/// How it is drawn: each cell is `cellWidth`×`cellHeight` pixels; each run of cells in one
/// style is one `<text>` whose `textLength` pins it to its columns (so the layout does not hang
/// on the viewer's monospace font, and a wide character keeps its two columns), over a `<rect>`
/// where its background is not the default. A line drawn the same way in several frames is
/// written once (`<defs>`) and placed with `<use>`; identical frames are one frame. The frames
/// are stacked in a film strip that a CSS animation moves one frame height at a time
/// (`steps(1, end)`) at each frame's time, then holds the last frame ``holdSeconds`` before
/// looping. The output depends only on the frames: the same recording gives the same bytes.
package struct SVGAnimationWriter {
    /// The width of a cell, in pixels.
    package static let cellWidth = 9
    /// The height of a cell (a line), in pixels.
    package static let cellHeight = 18
    /// How long the last frame shows before the animation starts again.
    package static let holdSeconds = 2.0
    /// The default colours (a dark terminal): text, background.
    package static let defaultForeground = "#d0d0d0", defaultBackground = "#1c1c1c"

    private let columns: Int, rows: Int
    /// Each frame's time and its lines, as indices into `lineBodies`.
    private var frames: [(time: Double, lines: [Int])] = []
    /// The SVG of each distinct line.
    private var lineBodies = Interned<String>()

    /// Values kept once each, by the index of their first appearance.
    private struct Interned<Value: Hashable> {
        private(set) var values: [Value] = []
        private var indices: [Value: Int] = [:]

        /// The index of `value`, added at the end if it is new.
        mutating func index(of value: Value) -> Int {
            if let index = indices[value] { return index }
            indices[value] = values.count
            values.append(value)
            return values.count - 1
        }
    }

    /// A picture of a `columns`×`rows` screen.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The number of frames added (a frame identical to the one before is not added).
    package var frameCount: Int { frames.count }
    /// The time of the last frame, in seconds.
    package var duration: Double { frames.last?.time ?? 0 }

    /// Adds `canvas` as the frame shown from `time` (seconds) on; a frame identical to the one
    /// before it is skipped. A canvas of another size is drawn in its top-left corner.
    package mutating func frame(_ canvas: Canvas, at time: Double) {
        var lines: [Int] = []
        lines.reserveCapacity(rows)
        for y in 0 ..< min(rows, canvas.height) {
            lines.append(lineBodies.index(of: Self.line(canvas, y: y, columns: min(columns, canvas.width))))
        }
        if let last = frames.last, last.lines == lines { return }
        frames.append((max(time, frames.last?.time ?? 0), lines))
    }

    /// The animated picture: every frame at its time, looping.
    package func animated() -> String {
        picture(frames: frames.map(\.lines), times: frames.map(\.time))
    }

    /// A still of the frame on screen at `seconds` (the first frame before it starts).
    package func still(at seconds: Double) -> String {
        let index = frames.lastIndex { $0.time <= seconds } ?? 0
        return picture(frames: frames.isEmpty ? [] : [frames[index].lines], times: [])
    }

    // MARK: - Drawing

    private func picture(frames strip: [[Int]], times: [Double]) -> String {
        let width = columns * Self.cellWidth, height = rows * Self.cellHeight
        // Distinct frames of the strip, each once.
        var distinct = Interned<[Int]>()
        let order = strip.map { distinct.index(of: $0) }
        let film = distinct.values
        let used = Set(film.joined())
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace" \
            font-size="15" fill="\(Self.defaultForeground)">

            """
        svg += "<style>text{white-space:pre;dominant-baseline:alphabetic}.b{font-weight:bold}"
        svg += ".d{opacity:.6}.i{font-style:italic}.u{text-decoration:underline}"
        if times.count > 1 { svg += animationCSS(order: order, times: times, height: height) }
        svg += "</style>\n"
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(Self.defaultBackground)\"/>\n<defs>\n"
        for (index, body) in lineBodies.values.enumerated() where used.contains(index) && !body.isEmpty {
            svg += "<g id=\"l\(index)\">\(body)</g>\n"
        }
        svg += "</defs>\n<svg width=\"\(width)\" height=\"\(height)\">\n<g class=\"film\">\n"
        for (frameNumber, lines) in film.enumerated() {
            svg += "<g id=\"f\(frameNumber)\" transform=\"translate(0,\(frameNumber * height))\">"
            for (y, line) in lines.enumerated() where !lineBodies.values[line].isEmpty {
                svg += "<use href=\"#l\(line)\" y=\"\(y * Self.cellHeight)\"/>"
            }
            svg += "</g>\n"
        }
        svg += "</g>\n</svg>\n</svg>\n"
        return svg
    }

    /// A keyframe per frame shown: the strip moves to that frame's place at its time.
    private func animationCSS(order: [Int], times: [Double], height: Int) -> String {
        let total = (times.last ?? 0) + Self.holdSeconds
        var css = "@keyframes play{"
        for (index, time) in times.enumerated() {
            let percent = String(format: "%.3f", time / total * 100)
            css += "\(percent)%{transform:translateY(-\(order[index] * height)px)}"
        }
        css += "100%{transform:translateY(-\(order[order.count - 1] * height)px)}}"
        css += ".film{animation:play \(String(format: "%.3f", total))s steps(1,end) infinite}"
        return css
    }

    /// The SVG of line `y` of `canvas`, at y = 0: a background `<rect>` and a `<text>` per run
    /// of cells in one look; empty for a blank line in the default look. A wide character is a
    /// run of its own, pinned to its two columns, so a viewer's font that draws it wider or
    /// narrower (or as a box, with no font for it) moves nothing after it.
    private static func line(_ canvas: Canvas, y: Int, columns: Int) -> String {
        var body = ""
        var x = 0
        func isWide(_ column: Int) -> Bool { column + 1 < columns && canvas[column + 1, y].isContinuation }
        while x < columns {
            let style = canvas[x, y].style
            var end = x + 1
            if isWide(x) {
                while end < columns, canvas[end, y].isContinuation { end += 1 }
            } else {
                while end < columns, canvas[end, y].style == style, !canvas[end, y].isContinuation, !isWide(end) {
                    end += 1
                }
            }
            let text = (x ..< end).map { canvas[$0, y].text }.joined()
            body += run(text, style: style, x: x, width: end - x)
            x = end
        }
        return body
    }

    /// One run: its background where it is not the default, then its text unless it is blank.
    private static func run(_ text: String, style: Style, x: Int, width: Int) -> String {
        var foreground = hex(style.foreground) ?? defaultForeground
        var background = hex(style.background)
        if style.attributes.contains(.reverse) {
            (foreground, background) = (background ?? defaultBackground, foreground)
        }
        var svg = ""
        let left = x * cellWidth, pixels = width * cellWidth
        if let background {
            svg += "<rect x=\"\(left)\" width=\"\(pixels)\" height=\"\(cellHeight)\" fill=\"\(background)\"/>"
        }
        let hasInk = text.contains { !$0.isWhitespace }
        let underlined = style.attributes.contains(.underline)
        guard hasInk || underlined else { return svg }
        let classes = [(TextAttributes.bold, "b"), (.dim, "d"), (.italic, "i"), (.underline, "u")]
            .filter { style.attributes.contains($0.0) }.map(\.1).joined(separator: " ")
        svg += "<text x=\"\(left)\" y=\"14\" textLength=\"\(pixels)\" lengthAdjust=\"spacingAndGlyphs\""
        if foreground != defaultForeground { svg += " fill=\"\(foreground)\"" }
        if !classes.isEmpty { svg += " class=\"\(classes)\"" }
        svg += ">\(escaped(text))</text>"
        return svg
    }

    /// `#rrggbb` for a colour; nil for the default.
    private static func hex(_ color: TerminalColor) -> String? {
        let rgb: (Int, Int, Int)
        switch color {
        case .default: return nil
        case .ansi(let n), .indexed(let n): rgb = TerminalColor.xtermRGB(Int(n))
        case .rgb(let r, let g, let b): rgb = (Int(r), Int(g), Int(b))
        }
        return String(format: "#%02x%02x%02x", rgb.0, rgb.1, rgb.2)
    }

    /// Text for XML: the five special characters as entities, controls as spaces.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where scalar.value < 0x20 || (0x7F ..< 0xA0).contains(scalar.value): out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
