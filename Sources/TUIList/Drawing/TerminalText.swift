/// Display-width rules: how many terminal columns a character takes.
///
/// Pure and deterministic: no locale, no `wcwidth`, no ncurses. A `Character` is one grapheme
/// cluster (Swift's segmentation), so a base with its combining marks, an emoji ZWJ sequence, a
/// flag (regional-indicator pair) or a character with a variation selector is measured once.
///
/// The rules, for a cluster (those of fzf 0.74.5, which measures with Unicode's grapheme
/// clusters and emoji presentation as most current terminals draw):
/// - control characters (C0, DEL, C1) and clusters that start with a zero-width scalar
///   (general category Mn, Me, Cf, or a Hangul medial/final jamo) take 0 columns;
/// - a cluster led by a pictographic emoji (not an ASCII keycap base such as `1` or `#`) takes
///   1 column with a text presentation selector (VS15, U+FE0F) and 2 with an emoji presentation
///   selector (VS16, U+FE0F) or a zero-width joiner (a ZWJ sequence such as `👨‍👩‍👧`);
/// - a regional-indicator pair (a flag) takes 2 columns;
/// - otherwise the width of the first scalar: 2 for East Asian Wide and Fullwidth (our own table,
///   from Unicode 14's EastAsianWidth.txt, plus the later emoji of U+1FA70...U+1FAFF and all of
///   planes 2 and 3), else 1. So a skin tone joins its emoji (`👍🏽` is 2), and combining marks
///   join their base.
///
/// ```swift
/// TerminalText.columns(of: "漢字")      // 4
/// TerminalText.columns(of: "e\u{301}")  // 1
/// TerminalText.columns(of: "🚀")        // 2
/// TerminalText.columns(of: "👨‍👩‍👧")        // 2
/// TerminalText.columns(of: "⌚\u{FE0E}") // 1
/// ```
///
/// - Note: Ambiguous-width characters (East Asian Width "A", e.g. "…", "→") count as 1, as in
///   non-CJK locales. Terminals disagree about emoji clusters; measured in tmux 3.3a: a ZWJ
///   sequence and a flag take 2 there too, but tmux 3.3 ignores the selectors (`❤️` is 1,
///   `⌚︎` is 2) and does not join a skin tone (`👍🏽` is 4). fzf draws those as we count
///   them, and the ncurses backend writes such clusters whole (see ``NCursesTerminal``).
public enum TerminalText {
    /// Columns taken by one grapheme cluster: 0 (control, combining or zero-width), 1, or 2
    /// (East Asian Wide/Fullwidth, emoji presentation).
    /// - Complexity: O(log r) for the table lookup (r = 114 ranges) plus the cluster's length.
    public static func columns(of character: Character) -> Int {
        // Fast path: ASCII.
        if let ascii = character.asciiValue {
            return (ascii < 0x20 || ascii == 0x7F) ? 0 : 1
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = first.value
        if isControl(base) || isZeroWidth(first) { return 0 }
        if scalars.count > 1 {
            if isRegionalIndicator(base) {
                return isRegionalIndicator(scalars.dropFirst().first!.value) ? 2 : 1
            }
            if base >= 0x80, first.properties.isEmoji {
                for scalar in scalars.dropFirst() {
                    if scalar.value == 0xFE0E { return 1 }
                    if scalar.value == 0xFE0F || scalar.value == 0x200D { return 2 }
                }
            }
        }
        return isWide(base) ? 2 : 1
    }

    /// Columns taken by a string: the sum over its grapheme clusters.
    /// - Complexity: O(n) in the length of `text`.
    public static func columns(of text: String) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// True for C0 controls, DEL and C1 controls.
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// True for scalars that take no column of their own: nonspacing and enclosing marks,
    /// format characters (ZWJ, ZWSP, bidi controls, ...), Hangul medial vowels and final consonants.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x00AD { return false }  // soft hyphen: shown by terminals as a hyphen
        if (0x1160 ... 0x11FF).contains(v) || (0xD7B0 ... 0xD7FF).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6 ... 0x1F1FF).contains(value)
    }

    /// True for East Asian Wide (W) and Fullwidth (F) code points, by binary search in `wideRanges`.
    static func isWide(_ value: UInt32) -> Bool {
        if value < wideRanges[0].0 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.0 {
                high = mid - 1
            } else if value > range.1 {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide and Fullwidth ranges (inclusive, sorted), generated from Unicode 14.0
    /// EastAsianWidth.txt (assigned code points with W or F), plus U+1F6DC...U+1F6DF, U+1F7F0,
    /// U+1FA70...U+1FAFF (emoji added since) and planes 2 and 3 (W by default).
    static let wideRanges: [(UInt32, UInt32)] = [
        (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
        (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
        (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
        (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
        (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
        (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
        (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
        (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x2FFB), (0x3000, 0x303E),
        (0x3041, 0x3096), (0x3099, 0x30FF), (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x31E3),
        (0x31F0, 0x321E), (0x3220, 0x3247), (0x3250, 0x4DBF), (0x4E00, 0xA48C), (0xA490, 0xA4C6),
        (0xA960, 0xA97C), (0xAC00, 0xD7A3), (0xF900, 0xFA6D), (0xFA70, 0xFAD9), (0xFE10, 0xFE19),
        (0xFE30, 0xFE52), (0xFE54, 0xFE66), (0xFE68, 0xFE6B), (0xFF01, 0xFF60), (0xFFE0, 0xFFE6),
        (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1), (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08),
        (0x1AFF0, 0x1AFF3), (0x1AFF5, 0x1AFFB), (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122), (0x1B150, 0x1B152),
        (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E),
        (0x1F191, 0x1F19A), (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248), (0x1F250, 0x1F251),
        (0x1F260, 0x1F265), (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C), (0x1F37E, 0x1F393),
        (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4), (0x1F3F8, 0x1F43E),
        (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E), (0x1F550, 0x1F567),
        (0x1F57A, 0x1F57A), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5),
        (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DC, 0x1F6DF), (0x1F6EB, 0x1F6EC),
        (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
        (0x1F947, 0x1F9FF), (0x1FA70, 0x1FAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ]
}
