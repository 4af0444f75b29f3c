import TUIListTestSupport
import Testing

@testable import TUIList

/// Width, drawing and truncation by grapheme cluster, against a reference model written here:
/// random strings that mix ASCII, CJK, emoji ZWJ sequences, flags, skin tones, combining marks,
/// variation selectors, tabs and control characters, drawn at random places with random room,
/// clips and truncation.
///
/// The model measures each cluster with its own small table (only the pieces below) and places
/// the clusters by prefix sums of their widths: a cluster is drawn when all its columns lie in
/// the room, a wide one cut by the room's right end becomes a blank, one cut by the clip's left
/// edge a blank in its visible column. With `.ellipsis`, text wider than the room leaves the
/// room's last column to "…".
@Suite struct CanvasClusterPropertyTests {
    /// The pieces random text is made of; joined at random they also make clusters of their
    /// own (a mark or selector after anything, a skin tone after a non-emoji, a lone regional
    /// indicator pairing with the next).
    static let pieces: [String] = [
        "a", "b", "Z", " ", "~", "漢", "字", "한", "🚀", "👨‍👩‍👧", "🏳️‍🌈", "👩‍💻", "🇫🇷", "🇯🇵", "\u{1F1E6}", "👍🏽", "\u{1F3FD}",
        "e\u{301}", "\u{301}", "\u{FE0E}", "\u{FE0F}", "❤", "⌚", "1\u{FE0F}\u{20E3}", "\u{200D}", "…", "\t", "\u{1}",
        "\u{7F}", "\u{85}", "\n", "\r", "\r\n",
    ]

    /// The model's width of one cluster made of ``pieces``: written out by hand, not read from
    /// `TerminalText`.
    static func width(_ cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars.map(\.value)
        let first = scalars[0]
        if first < 0x20 || (0x7F ..< 0xA0).contains(first) { return 0 }  // control (and "\r\n")
        let zeroWidth: Set<UInt32> = [0x301, 0x20E3, 0xFE0E, 0xFE0F, 0x200D]
        if zeroWidth.contains(first) { return 0 }  // a mark or format first
        let isRegional = { (value: UInt32) in (0x1F1E6 ... 0x1F1FF).contains(value) }
        if isRegional(first) { return scalars.count > 1 && isRegional(scalars[1]) ? 2 : 1 }
        let pictographs: Set<UInt32> = [0x2764, 0x231A, 0x1F680, 0x1F468, 0x1F469, 0x1F467, 0x1F4BB, 0x1F44D, 0x1F3F3, 0x1F3FD]
        if pictographs.contains(first) {
            // The first presentation selector or joiner after the emoji decides.
            let deciders: Set<UInt32> = [0xFE0E, 0xFE0F, 0x200D]
            if let decider = scalars.dropFirst().first(where: { deciders.contains($0) }) {
                return decider == 0xFE0E ? 1 : 2
            }
        }
        let wide: Set<UInt32> = [0x6F22, 0x5B57, 0xD55C, 0x231A, 0x1F680, 0x1F468, 0x1F469, 0x1F467, 0x1F4BB, 0x1F44D, 0x1F3FD]
        return wide.contains(first) ? 2 : 1
    }

    /// What one line of a blank canvas `width` wide holds after drawing `text` at `x` in the
    /// columns `left ..< right` (the clip and the room), and the columns the draw reports.
    static func model(
        _ text: String, x: Int, width lineWidth: Int, left: Int, right: Int, truncation: Truncation
    ) -> (cells: [String], columns: Int) {
        var cells = Array(repeating: " ", count: lineWidth)
        guard right > x, right > left else { return (cells, 0) }
        let visible = Array(text).filter { width($0) > 0 || !isControl($0) }  // (not re-segmented)
        let total = visible.reduce(0) { $0 + width($1) }
        let ellipsis = truncation == .ellipsis && total > right - x
        let limit = ellipsis ? right - 1 : right
        var start = x  // prefix sum: where the next cluster starts
        var end = x  // where the drawn text ends
        // The cell a zero-width cluster joins: the one before `x` at first (it may hold an earlier draw's text).
        var joining: Int? = x > 0 && x - 1 >= left && x <= right ? x - 1 : nil
        for cluster in visible {
            let columns = width(cluster)
            if columns == 0 {
                if let index = joining, start <= limit {
                    let joined = cells[index] + String(cluster)
                    if joined.count == 1, width(joined.first!) == width(cells[index].first!) { cells[index] = joined }
                }
                continue
            }
            if start + columns > limit {  // cut by the room's end: its visible column a blank
                if start < limit, start >= left { end = start + 1 }
                break
            }
            if start >= left {
                cells[start] = String(cluster)
                if columns == 2 { cells[start + 1] = "" }
                joining = start
            } else if start + columns > left {  // cut by the clip's left edge
                joining = nil
            }
            start += columns
            end = start
        }
        if ellipsis {
            if limit >= left { cells[limit] = "…" }
            end = right
        }
        return (cells, max(0, min(end, right) - x))
    }

    static func isControl(_ cluster: Character) -> Bool {
        let first = cluster.unicodeScalars.first!.value
        return first < 0x20 || (0x7F ..< 0xA0).contains(first)
    }

    @Test(arguments: [UInt64(0xC1A5), 0x5EED, 0xF1A6, 0x2026])
    func drawingAndWidthFollowTheModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = Self.pieces
        for round in 0 ..< 1_500 {
            let text = (0 ..< random.int(0 ... 10)).map { _ in pieces[random.int(0 ... pieces.count - 1)] }.joined()
            let label = "seed \(seed), round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })"
            // Width by cluster.
            #expect(TerminalText.columns(of: text) == text.reduce(0) { $0 + Self.width($1) }, "\(label)")
            for cluster in text {
                #expect(TerminalText.columns(of: cluster) == Self.width(cluster), "\(label), cluster \(cluster)")
            }
            // Drawing: at a random place, room, clip and truncation, on the middle of three lines.
            let width = random.int(1 ... 12)
            let x = random.int(-3 ... width + 1)
            let maxWidth = random.chance(0.5) ? random.int(0 ... width + 2) : nil
            let clip =
                random.chance(0.5) ? Rect(x: random.int(0 ... width), y: 0, width: random.int(0 ... width), height: 3) : nil
            let truncation: Truncation = random.chance(0.5) ? .ellipsis : .clip
            var canvas = Canvas(width: width, height: 3)
            let columns = canvas.draw(text, x: x, y: 1, maxWidth: maxWidth, clip: clip, truncation: truncation)
            let area = (clip ?? canvas.bounds).intersection(canvas.bounds)
            var right = area.isEmpty ? 0 : area.maxX
            if let maxWidth { right = min(right, x + max(0, maxWidth)) }
            let left = area.isEmpty ? 0 : area.x
            let expected = Self.model(
                text, x: x, width: width, left: left, right: area.isEmpty ? x : right, truncation: truncation)
            let drawn = (0 ..< width).map { canvas[$0, 1].text }
            let room = maxWidth.map(String.init) ?? "-"
            let clipped = clip.map { "\($0.x)+\($0.width)" } ?? "-"
            #expect(drawn == expected.cells, "\(label): width \(width), x \(x), room \(room), clip \(clipped), \(truncation)")
            #expect(columns == expected.columns, "\(label): columns")
            // Nothing leaks into the next row (or the one before), every cell is one whole cluster.
            #expect(
                canvas.line(at: 0) == String(repeating: " ", count: width) && canvas.line(at: 2) == canvas.line(at: 0), "\(label)"
            )
            #expect(drawn.allSatisfy { $0.count <= 1 }, "\(label)")
            canvas._checkInvariants()
            // Over earlier text: the line stays whole and exactly `width` columns.
            let over = (0 ..< random.int(0 ... 6)).map { _ in pieces[random.int(0 ... pieces.count - 1)] }.joined()
            canvas.draw(over, x: random.int(-2 ... width), y: 1, maxWidth: random.int(0 ... width), truncation: truncation)
            canvas._checkInvariants()
            let cells = (0 ..< width).map { canvas[$0, 1] }.filter { !$0.isContinuation }
            #expect(cells.allSatisfy { $0.text.count == 1 }, "\(label), then \(over.debugDescription)")
            #expect(cells.reduce(0) { $0 + Self.width($1.text.first!) } == width, "\(label), then \(over.debugDescription)")
            #expect(canvas.line(at: 0) == String(repeating: " ", count: width) && canvas.line(at: 2) == canvas.line(at: 0))
        }
    }
}
