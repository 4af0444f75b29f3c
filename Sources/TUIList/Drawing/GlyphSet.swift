/// The characters a screen's own chrome is drawn with: Unicode's box drawing, blocks, arrows and
/// dots, or their ASCII forms for a terminal whose locale is not UTF-8 (`LANG=C`, `POSIX`, no
/// locale at all) or when `TUILIST_ASCII=1` asks for them.
///
/// The library and the apps draw their chrome in Unicode — borders (`─ │ ┌ ╭ ━ ║`), the
/// scrollbar (`█ │`), markers (`┃ ▌ ● ★ ▸`), the ellipsis (`…`), separators (` · `), the help
/// bar's arrows (`↑↓ ← →`), the spinner's braille — and ``Program`` turns each such cell of a
/// frame into its ASCII form just before the frame is shown when its ``Program/glyphs`` is
/// ``ascii`` (the default follows the environment: `preferred(environment:)`). Each form is
/// one column, as the glyph it stands for, so a screen keeps its layout:
///
/// | Unicode | ASCII |
/// |---|---|
/// | `─ ━ ┄ ╌ ▔ ▁ ─` (horizontal lines) | `-` |
/// | `═` | `=` |
/// | `│ ┃ ║ ┆ ╎ ▏ ▕` (vertical lines) | `|` |
/// | corners and junctions `┌ ┐ └ ┘ ├ ┼ ╭ ╯ ┏ ╔ …` | `+` |
/// | blocks `█ ▌ ▐ ▀ ▄ ▙ ▟ …` | `#` |
/// | `↑ ↓ ← → ↕` | `^ v < > |` |
/// | `…` | `~` |
/// | `·`, `–`, `—` | `-` |
/// | `×` | `x` |
/// | `⇧` (Shift) | `S` |
/// | `↳`, `≥` , `≤` | `>` , `<` |
/// | `● • ★ ◆` | `*` |
/// | `▸ ▶ ►` , `◂ ◀` | `>` , `<` |
/// | braille (the spinner `⠋⠙⠹…`) | `| / - \` by turns |
/// | `␍` | `^` |
/// | `−` (minus) | `-` |
///
/// Other characters — the user's own text, CJK, emoji — are left as they are: only the chrome's
/// glyphs have forms.
public enum GlyphSet: Sendable, Hashable {
    /// Unicode glyphs, as drawn.
    case unicode
    /// Every chrome glyph in its one-column ASCII form.
    case ascii

    /// The set for a terminal whose environment is `environment`: ``ascii`` when
    /// `TUILIST_ASCII` is set to anything but `0` or empty, or when the locale (`LC_ALL`, else
    /// `LC_CTYPE`, else `LANG`, as the C library reads them) names no UTF-8 character set —
    /// `C`, `POSIX` or none at all; ``unicode`` otherwise (`en_US.UTF-8`, `C.UTF-8`, `…utf8`).
    ///
    /// - Parameter environment: The process's environment (`ProcessInfo.processInfo.environment`).
    /// - Complexity: O(1).
    package static func preferred(environment: [String: String]) -> GlyphSet {
        if let forced = environment["TUILIST_ASCII"], !forced.isEmpty, forced != "0" { return .ascii }
        let locale =
            [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
    }

    /// The ASCII form of a chrome glyph (`"─"` → `"-"`), or nil for any other character.
    ///
    /// - Parameter scalar: The character's first scalar.
    /// - Complexity: O(1).
    package static func asciiForm(of scalar: Unicode.Scalar) -> Character? {
        switch scalar.value {
        case 0x2550: return "="
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C,
            0x257E, 0x2594, 0x2581, 0x2212, 0x00B7, 0x2013, 0x2014:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B,
            0x257D, 0x257F, 0x258F, 0x2595, 0x2195:
            return "|"
        case 0x250C ... 0x254B, 0x2552 ... 0x2570: return "+"
        case 0x2580 ... 0x259F: return "#"
        case 0x2191: return "^"
        case 0x2193: return "v"
        case 0x2190, 0x25C2, 0x25C0, 0x25C4: return "<"
        case 0x2192, 0x25B8, 0x25B6, 0x25BA, 0x21B3, 0x2265: return ">"
        case 0x2264: return "<"
        case 0x00D7: return "x"
        case 0x21E7: return "S"
        case 0x2026: return "~"
        case 0x25CF, 0x2022, 0x2605, 0x25C6: return "*"
        case 0x240D: return "^"
        case 0x2800 ... 0x28FF: return ["|", "/", "-", "\\"][Int(scalar.value % 4)]
        default: return nil
        }
    }
}

extension Canvas {
    /// Replaces every cell that holds a chrome glyph with the glyph's ASCII form
    /// (`asciiForm(of:)`), keeping its style; other cells are left alone.
    ///
    /// - Complexity: O(cells); a cell of plain ASCII costs one comparison.
    package mutating func useASCIIGlyphs() {
        for index in cells.indices {
            guard let first = cells[index].text.unicodeScalars.first, !first.isASCII,
                let form = GlyphSet.asciiForm(of: first)
            else { continue }
            cells[index].text = String(form)
        }
    }
}
