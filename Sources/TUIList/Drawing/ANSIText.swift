/// A line of text with ANSI SGR colour escapes (`ESC [ … m`, as `ls --color`, `grep --color` or
/// `git log --color` print them) turned into plain text and styled runs that a cell can draw.
///
/// ```swift
/// let text = ANSIText(parsing: "\u{1B}[1;31mERROR\u{1B}[0m disk full")
/// text.plain              // "ERROR disk full"
/// text.runs[0]            // Run(range: 0 ..< 5, style: Style(foreground: .ansi(1), attributes: .bold))
/// text.draw(into: &canvas, x: 1, y: 0)
/// ```
///
/// Understood SGR parameters (separated by `;`, an empty one meaning 0):
/// - 0 reset to the base style; 1 bold, 2 dim, 3 italic, 4 underline, 7 reverse; 22 neither
///   bold nor dim, 23, 24, 27 their opposites;
/// - 30–37 and 90–97 foreground (ANSI 0–7 and 8–15), 39 default foreground; 40–47 and 100–107
///   background, 49 default background;
/// - 38;5;N and 48;5;N a 256-colour palette entry (``TerminalColor/indexed(_:)``); 38;2;R;G;B
///   and 48;2;R;G;B a 24-bit colour (``TerminalColor/rgb(_:_:_:)``, which backends map to the
///   nearest colour they can show); the colon forms (`38:5:N`, `38:2::R:G:B`) too.
///
/// Other parameters (blink, conceal, strike-through, fonts, …) are ignored. Every other escape
/// sequence is removed and never drawn as text: any other CSI sequence (cursor movement,
/// erasing), OSC (`ESC ] … BEL` or `ESC ] … ESC \`, e.g. titles and hyperlinks), DCS, SOS, PM and
/// APC strings, two-character escapes (`ESC ( B`, `ESC 7`), an unterminated sequence at the end
/// of the line, and a lone ESC. So ``plain`` never contains ESC, and text without ESC is its
/// own ``plain``.
///
/// Offsets in ``Run/range`` count `Character`s of ``plain`` (as ``FilterQuery`` match positions
/// do, so highlights and colours refer to the same text). An escape inside a grapheme cluster (between
/// a letter and its combining accent) styles the cluster as its first scalar is styled.
public struct ANSIText: Hashable, Sendable {
    /// A stretch of ``ANSIText/plain`` drawn in one style.
    public struct Run: Hashable, Sendable {
        /// The `Character` offsets of ``ANSIText/plain`` this run covers; never empty.
        public var range: Range<Int>
        /// The style of those characters.
        public var style: Style

        /// Creates a run.
        /// - Parameters:
        ///   - range: The `Character` offsets of the plain text it covers.
        ///   - style: Their style.
        public init(range: Range<Int>, style: Style) {
            self.range = range
            self.style = style
        }
    }

    /// The text without any escape sequence.
    public let plain: String
    /// The styles of ``plain``, in order: consecutive, non-empty, covering exactly its
    /// characters (none when it is empty); adjacent runs differ in style.
    public let runs: [Run]

    /// Parses a line.
    ///
    /// - Parameters:
    ///   - line: The text, with escape sequences; one line (other control characters are kept
    ///     as they are, for the drawing to skip).
    ///   - base: The style before the first escape and after a reset (`ESC [ 0 m`, `ESC [ m`);
    ///     39 and 49 go back to its colours.
    /// - Complexity: O(n) in the length of `line`.
    public init(parsing line: String, base: Style = .plain) {
        guard line.utf8.contains(0x1B) else {
            plain = line
            runs = line.isEmpty ? [] : [Run(range: 0 ..< line.count, style: base)]
            return
        }
        var parser = _ANSIParser(base: base)
        parser.parse(line.unicodeScalars)
        plain = String(parser.text)
        runs = Self.runs(of: plain, segments: parser.segments, base: base)
    }

    /// Creates styled text from plain text and its runs, as ``init(parsing:base:)`` makes them.
    /// - Parameters:
    ///   - plain: Text without escape sequences.
    ///   - runs: Consecutive non-empty runs covering exactly the characters of `plain`.
    /// - Precondition: `runs` cover `plain` as described.
    public init(plain: String, runs: [Run]) {
        var next = 0
        for run in runs {
            precondition(run.range.lowerBound == next && !run.range.isEmpty, "Run \(run.range) does not follow \(next)")
            next = run.range.upperBound
        }
        precondition(next == plain.count, "The runs end at \(next), the text has \(plain.count) characters")
        self.plain = plain
        self.runs = runs
    }

    /// Styled text from pieces, each in its own style: a bold sender before a plain subject.
    ///
    /// ```swift
    /// let line = ANSIText(spans: [("Ada", Style(attributes: .bold)), ("  lunch on Friday?", .plain)])
    /// line.plain   // "Ada  lunch on Friday?"
    /// cell.styledTitle = line
    /// ```
    ///
    /// Styles apply to whole grapheme clusters: where a piece starts with a combining mark or a
    /// joiner that fuses with the end of the piece before it, the fused `Character` keeps the
    /// style of its first scalar, as in ``init(parsing:base:)``. Equal neighbouring styles merge
    /// into one run; empty pieces add nothing.
    /// - Parameter spans: The pieces in order, each with its style.
    /// - Complexity: O(n) in the total length of the pieces.
    public init(spans: [(String, Style)]) {
        var text = String.UnicodeScalarView()
        var segments: [(start: Int, style: Style)] = []
        var scalars = 0
        for (piece, style) in spans where !piece.isEmpty {
            if segments.last?.style != style { segments.append((scalars, style)) }
            text.append(contentsOf: piece.unicodeScalars)
            scalars += piece.unicodeScalars.count
        }
        plain = String(text)
        runs = Self.runs(of: plain, segments: segments, base: .plain)
    }

    /// The runs of the characters `range` of ``plain``, cut to it and counted from its start:
    /// the runs of a piece of this text (a wrapped line, one line of several).
    ///
    /// ```swift
    /// let text = ANSIText(parsing: "ab\u{1B}[31mcd\u{1B}[0m")
    /// text.runs(in: 1 ..< 3)   // [Run(range: 0 ..< 1, style: .plain), Run(range: 1 ..< 2, style: red)]
    /// ```
    /// - Complexity: O(runs).
    package func runs(in range: Range<Int>) -> [Run] {
        runs.compactMap { run in
            let piece = run.range.clamped(to: range)
            return piece.isEmpty
                ? nil : Run(range: piece.lowerBound - range.lowerBound ..< piece.upperBound - range.lowerBound, style: run.style)
        }
    }

    /// The text of `line` without its escape sequences (what ``plain`` would be, without the runs).
    /// - Parameter line: The text, with escape sequences.
    /// - Returns: The text without them.
    /// - Complexity: O(n) in the length of `line`.
    public static func stripping(_ line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var parser = _ANSIParser(base: .plain)
        parser.parse(line.unicodeScalars)
        return String(parser.text)
    }

    /// Draws the text at column x of line y, each run in its style laid over the cells (so a
    /// run's default colours keep what `style` gives them), like
    /// ``Canvas/draw(_:x:y:style:maxWidth:clip:truncation:)``.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - x: The column of the first character.
    ///   - y: The line.
    ///   - style: The style under the runs (their default colours and no attributes show it).
    ///   - maxWidth: At most this many columns from `x`.
    ///   - clip: Only cells in this rect are written.
    /// - Returns: The columns used from `x`, as `Canvas.draw` returns them.
    /// - Complexity: O(n) in the length of ``plain`` (it stops at the right edge).
    @discardableResult
    public func draw(
        into canvas: inout Canvas, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil, clip: Rect? = nil
    ) -> Int {
        let used = canvas.draw(plain, x: x, y: y, style: style, maxWidth: maxWidth, clip: clip)
        guard used > 0, !runs.isEmpty else { return used }
        var column = x
        var runIndex = 0
        let right = x + used
        for (offset, character) in plain.enumerated() {
            guard column < right else { break }
            while runs[runIndex].range.upperBound <= offset { runIndex += 1 }
            let width = TerminalText.columns(of: character)
            let runStyle = runs[runIndex].style
            if width > 0, runStyle != .plain {
                canvas.restyle(Rect(x: column, y: y, width: min(width, right - column), height: 1)) { cell in
                    cell = Self.layer(runStyle, over: cell)
                }
            }
            column += width
        }
        return used
    }

    /// `top` over `bottom`: its colours where they are not `.default`, and both attributes.
    private static func layer(_ top: Style, over bottom: Style) -> Style {
        var result = bottom
        if top.foreground != .default { result.foreground = top.foreground }
        if top.background != .default { result.background = top.background }
        result.attributes.formUnion(top.attributes)
        return result
    }

    /// Runs from segments (scalar offset where a style starts): each character takes the style of
    /// its first scalar; equal neighbours merge.
    private static func runs(of plain: String, segments: [(start: Int, style: Style)], base: Style) -> [Run] {
        var runs: [Run] = []
        var scalar = 0
        var segment = -1
        var offset = 0
        for character in plain {
            while segment + 1 < segments.count, segments[segment + 1].start <= scalar { segment += 1 }
            let style = segment >= 0 ? segments[segment].style : base
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound ..< offset + 1
            } else {
                runs.append(Run(range: offset ..< offset + 1, style: style))
            }
            scalar += character.unicodeScalars.count
            offset += 1
        }
        return runs
    }
}

/// The scanner behind ``ANSIText``: text scalars out, SGR applied, every escape sequence dropped.
private struct _ANSIParser {
    let base: Style
    var style: Style
    var text = String.UnicodeScalarView()
    var scalarCount = 0
    /// Where each style starts, as an offset in scalars of `text`.
    var segments: [(start: Int, style: Style)] = []

    init(base: Style) {
        self.base = base
        self.style = base
    }

    mutating func parse(_ scalars: String.UnicodeScalarView) {
        var index = scalars.startIndex
        let end = scalars.endIndex
        while index < end {
            let scalar = scalars[index]
            guard scalar.value == 0x1B else {
                if segments.last?.style != style { segments.append((scalarCount, style)) }
                text.append(scalar)
                scalarCount += 1
                index = scalars.index(after: index)
                continue
            }
            index = scalars.index(after: index)
            guard index < end else { return }  // a lone ESC at the end
            let kind = scalars[index].value
            switch kind {
            case 0x5B:  // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E
                index = scalars.index(after: index)
                var parameters = String.UnicodeScalarView()
                var intermediates = false
                while index < end {
                    let value = scalars[index].value
                    if (0x30 ... 0x3F).contains(value), !intermediates {
                        parameters.append(scalars[index])
                    } else if (0x20 ... 0x2F).contains(value) {
                        intermediates = true
                    } else if (0x40 ... 0x7E).contains(value) {
                        index = scalars.index(after: index)
                        if value == 0x6D, !intermediates { applySGR(parameters) }
                        break
                    } else {
                        break  // not part of a sequence: the sequence ends, the scalar is read again
                    }
                    index = scalars.index(after: index)
                }
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // OSC, DCS, SOS, PM, APC: a string up to BEL or ST
                index = scalars.index(after: index)
                while index < end {
                    let value = scalars[index].value
                    if value == 0x07 {
                        index = scalars.index(after: index)
                        break
                    }
                    if value == 0x1B {
                        let next = scalars.index(after: index)
                        if next < end, scalars[next].value == 0x5C { index = scalars.index(after: next) }
                        break  // ESC \ ends it; another ESC starts a new sequence
                    }
                    index = scalars.index(after: index)
                }
            case 0x20 ... 0x2F:  // ESC, intermediates, a final 0x30–0x7E (e.g. ESC ( B)
                while index < end, (0x20 ... 0x2F).contains(scalars[index].value) { index = scalars.index(after: index) }
                if index < end, (0x30 ... 0x7E).contains(scalars[index].value) { index = scalars.index(after: index) }
            case 0x30 ... 0x7E:  // a two-character escape (ESC 7, ESC c, ESC =)
                index = scalars.index(after: index)
            default:
                break  // a lone ESC: dropped, the next scalar read as usual
            }
        }
    }

    /// Applies the parameters of one `ESC [ … m`.
    mutating func applySGR(_ parameters: String.UnicodeScalarView) {
        // Groups separated by ';', each possibly with ':' sub-parameters; empty is 0, anything
        // but digits (a private '?', '<', …) is -1, which nothing understands.
        let groups: [[Int]] = String(parameters).split(separator: ";", omittingEmptySubsequences: false).map { group in
            group.split(separator: ":", omittingEmptySubsequences: false).map {
                $0.isEmpty ? 0 : $0.count > 9 ? -1 : Int($0) ?? -1
            }
        }
        var i = 0
        while i < groups.count {
            let group = groups[i]
            let code = group[0]
            i += 1
            switch code {
            case 0: style = base
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4:
                if group.count > 1, group[1] == 0 {
                    style.attributes.remove(.underline)
                } else {
                    style.attributes.insert(.underline)
                }
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30 ... 37: style.foreground = .ansi(UInt8(code - 30))
            case 39: style.foreground = base.foreground
            case 40 ... 47: style.background = .ansi(UInt8(code - 40))
            case 49: style.background = base.background
            case 90 ... 97: style.foreground = .ansi(UInt8(code - 90 + 8))
            case 100 ... 107: style.background = .ansi(UInt8(code - 100 + 8))
            case 38, 48:
                let color: TerminalColor?
                if group.count > 1 {
                    color = Self.extendedColor(Array(group.dropFirst()), colon: true)
                } else {
                    // 38;5;N or 38;2;R;G;B: the following groups are its arguments.
                    let mode = i < groups.count ? groups[i][0] : nil
                    let count = mode == 5 ? 2 : mode == 2 ? 4 : 1
                    let arguments = groups[i ..< min(groups.count, i + count)].map { $0[0] }
                    i = min(groups.count, i + count)
                    color = Self.extendedColor(arguments, colon: false)
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break
            }
        }
    }

    /// `5;N` or `2;R;G;B` (the colon form may put a colour-space id before R).
    static func extendedColor(_ arguments: [Int], colon: Bool) -> TerminalColor? {
        guard let mode = arguments.first else { return nil }
        func byte(_ value: Int) -> UInt8? { (0 ... 255).contains(value) ? UInt8(value) : nil }
        if mode == 5, arguments.count >= 2, let n = byte(arguments[1]) { return .indexed(n) }
        if mode == 2 {
            let rgb = colon && arguments.count >= 5 ? Array(arguments.suffix(3)) : Array(arguments.dropFirst().prefix(3))
            if rgb.count == 3, let r = byte(rgb[0]), let g = byte(rgb[1]), let b = byte(rgb[2]) { return .rgb(r, g, b) }
        }
        return nil
    }
}
