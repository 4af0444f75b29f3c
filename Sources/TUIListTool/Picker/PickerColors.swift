import Foundation
import TUIList

/// The picker's colours, from fzf's `--color` specs: a base scheme (`dark`, `light`, `16`,
/// `bw`) and `NAME:COLOR[:ATTRIBUTE…]` pairs, comma-separated, later ones winning.
///
/// Names: `fg`, `bg`, `hl` (matched characters), `fg+`, `bg+`, `hl+` (on the selected line),
/// `info`, `prompt`, `pointer`, `marker`, `header`, `border`, `separator`, `spinner`, `query`, `gutter`
/// (fzf's `current-fg`/`current-bg` are `fg+`/`bg+`). Colours: `-1` or `default`, `0`–`255`,
/// `#rrggbb`, the eight names (`red`, …) and their `bright-` forms. Attributes: `bold`, `dim`,
/// `italic`, `underline`, `reverse`, `regular` (none).
///
/// ```swift
/// var colors = PickerColors()
/// try colors.apply("16,hl:#ff0000:underline,bg+:236")
/// colors.style(.hl)   // Style(foreground: .rgb(255, 0, 0), attributes: .underline)
/// ```
///
/// `NO_COLOR` still wins: the terminal draws attributes only, whatever is set here.
package struct PickerColors: Equatable, Sendable {
    /// A part of the picker that `--color` names.
    package enum Part: String, CaseIterable, Sendable {
        case fg, bg, hl
        case selectedFg = "fg+"
        case selectedBg = "bg+"
        case selectedHl = "hl+"
        case info, prompt, pointer, marker, header, border, separator, spinner, query, gutter
    }

    /// The styles set, by part: the foreground (the background for `bg`, `bg+` and `gutter`)
    /// and the attributes.
    package private(set) var styles: [Part: Style]
    /// Whether colours are off (`bw`).
    package private(set) var monochrome = false
    /// Whether bold is drawn (fzf's `--no-bold` turns it off).
    package var bold = true

    /// The picker's own colours (its `dark` scheme: the 16 ANSI colours, as every terminal has).
    package init() {
        styles = Self.base
    }

    private static let base: [Part: Style] = [
        .hl: Style(foreground: .ansi(2), attributes: .bold), .selectedHl: Style(foreground: .ansi(2), attributes: .bold),
        .info: Style(attributes: .dim), .prompt: Style(foreground: .ansi(6), attributes: .bold),
        .pointer: Style(foreground: .ansi(5), attributes: .bold), .marker: Style(foreground: .ansi(5), attributes: .bold),
        .header: Style(attributes: .bold), .border: Style(), .separator: Style(attributes: .dim), .query: Style(),
    ]

    /// The style of `part`, colours dropped under `bw`.
    package func style(_ part: Part) -> Style {
        var style = styles[part] ?? Style()
        if monochrome { (style.foreground, style.background) = (.default, .default) }
        if !bold { style.attributes.remove(.bold) }
        return style
    }

    /// Sets a row's styles: matches (`hl`, `hl+` on the selected row), the selected row (`fg+`,
    /// `bg+`; ``Style/selection`` when neither is set), the gutter marks (`marker`, `pointer`).
    package func configure(_ cell: LineCell) {
        cell.highlightStyle = style(.hl)
        cell.selectedHighlightStyle = style(.selectedHl)
        cell.gutterStyle = style(.marker)
        cell.pointerStyle = style(.pointer)
        if styles[.selectedFg] == nil && styles[.selectedBg] == nil {
            cell.selectedStyle = monochrome ? Style(attributes: .reverse) : .selection  // (`bw`: no colours, not even the bar's)
        } else {
            let (fg, bg) = (style(.selectedFg), style(.selectedBg))
            cell.selectedStyle = Style(
                foreground: fg.foreground, background: bg.background, attributes: fg.attributes.union(bg.attributes))
        }
    }

    /// Gives the cells drawn in the terminal's default colours the `fg` and `bg` colours.
    /// - Complexity: O(cells of `canvas`); nothing when neither is set.
    package func paintDefaults(of canvas: inout Canvas) {
        let fg = style(.fg).foreground, bg = style(.bg).background
        guard fg != .default || bg != .default else { return }
        canvas.restyle(canvas.bounds) { style in
            if style.foreground == .default { style.foreground = fg }
            if style.background == .default { style.background = bg }
        }
    }

    /// Applies one `--color` value (several specs, comma-separated).
    /// - Throws: ``ToolFailure`` naming the spec that is not understood.
    package mutating func apply(_ text: String) throws(ToolFailure) {
        for spec in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !spec.isEmpty {
            switch spec {
            case "dark", "light", "16", "base16":
                styles = Self.base
                monochrome = false
                continue
            case "bw":
                monochrome = true
                continue
            default: break
            }
            let fields = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = Self.aliases[fields[0]] ?? fields[0]
            if Self.fzfOnlyNames.contains(name) {
                throw ToolFailure("--color: unsupported color name: \(name) (fzf's; tuilist pick does not draw it)")
            }
            guard let part = Part(rawValue: name), fields.count >= 2 else {
                throw ToolFailure("--color: invalid color specification: \(spec)")
            }
            var style = Style()
            for (index, field) in fields.dropFirst().enumerated() {
                if let attribute = Self.attributes[field] {
                    style.attributes.formUnion(attribute)
                } else if index == 0, let color = Self.color(field) {
                    if [.bg, .selectedBg, .gutter].contains(part) { style.background = color } else { style.foreground = color }
                } else {
                    throw ToolFailure("--color: invalid color specification: \(spec)")
                }
            }
            styles[part] = style
        }
    }

    /// fzf's other spellings of the names the picker has.
    private static let aliases = [
        "current-fg": "fg+", "current-bg": "bg+", "current-hl": "hl+", "input-fg": "query", "header-fg": "header",
    ]

    /// fzf 0.74's colour names of parts the picker does not draw (or draws as one): skipped
    /// from `FZF_DEFAULT_OPTS` (``supportedPart(of:)``), an error on the command line.
    package static let fzfOnlyNames: Set<String> = [
        "list-fg", "selected-fg", "preview-fg", "list-bg", "selected-bg", "preview-bg", "input-bg", "header-bg",
        "footer-bg", "selected-hl", "alt-bg", "alt-gutter", "ghost", "disabled", "list-border", "scrollbar", "gap-line",
        "preview-border", "preview-scrollbar", "input-border", "header-border", "footer-border", "label", "list-label",
        "preview-label", "input-label", "header-label", "footer-label", "footer", "footer-fg", "nth", "nomatch",
    ]

    /// `text` (a `--color` value from fzf's configuration) without the specs naming a part the
    /// picker does not draw (``fzfOnlyNames``): the rest as written (`nil` when nothing is
    /// left), and the specs left out.
    package static func supportedPart(of text: String) -> (kept: String?, skipped: [String]) {
        var kept: [Substring] = [], skipped: [String] = []
        for spec in text.split(separator: ",") {
            let name = spec.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
            if fzfOnlyNames.contains(name) { skipped.append(String(spec)) } else { kept.append(spec) }
        }
        return (kept.isEmpty ? nil : kept.joined(separator: ","), skipped)
    }

    private static let attributes: [String: TextAttributes] = [
        "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse, "regular": [],
    ]

    private static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `-1`/`default`, `0`–`255`, `#rrggbb`, a name or `bright-` name (`gray`, `grey`:
    /// bright black); nil for anything else.
    static func color(_ text: String) -> TerminalColor? {
        if text == "-1" || text == "default" { return .default }
        if text == "gray" || text == "grey" { return .ansi(8) }
        if let n = Int(text), (0 ... 255).contains(n) { return n < 16 ? .ansi(UInt8(n)) : .indexed(UInt8(n)) }
        if let at = names.firstIndex(of: text) { return .ansi(UInt8(at)) }
        if text.hasPrefix("bright-"), let at = names.firstIndex(of: String(text.dropFirst(7))) { return .ansi(UInt8(at + 8)) }
        if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
        return nil
    }
}
