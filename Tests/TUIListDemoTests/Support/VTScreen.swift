import TUIList

/// A tiny VT100 screen for tests: it understands what ``AnsiFrameEncoder`` writes (cursor
/// position `CSI r;c H`, clear `CSI 2 J`, erase characters `CSI n X` and to the line's end
/// `CSI K`, cursor forward `CSI n C`, SGR `CSI … m`, cursor visibility `CSI ? 25 l/h`)
/// and keeps the text, so a test can check that an asciicast's bytes draw the right screen.
/// Anything else is a test failure, reported by `unknown`.
struct VTScreen {
    private(set) var cells: [[String]]
    let columns: Int, rows: Int
    private var x = 0, y = 0
    private(set) var unknown: [String] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    mutating func feed(_ text: String) {
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if c == "\u{1B}" {
                guard chars.popFirst() == "[" else { unknown.append("ESC without ["); continue }
                var params = ""
                while let p = chars.first, !(p.isLetter) { params.append(p); chars.removeFirst() }
                guard let final = chars.popFirst() else { unknown.append("truncated CSI"); return }
                switch final {
                case "H":
                    let parts = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
                    y = (parts.first ?? 1) - 1
                    x = (parts.count > 1 ? parts[1] : 1) - 1
                case "J" where params == "2":
                    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
                case "X", "K":
                    let count = final == "K" ? columns - x : Int(params) ?? 1
                    guard y >= 0, y < rows, x >= 0 else { unknown.append("erase outside the screen at \(x),\(y)"); continue }
                    for column in x ..< min(columns, x + count) { cells[y][column] = " " }
                case "C": x = min(columns - 1, x + (Int(params) ?? 1))
                case "m": break
                case "l",
                    "h" where params == "?25":
                    break
                default: unknown.append("CSI \(params)\(final)")
                }
                continue
            }
            guard y >= 0, y < rows, x >= 0, x < columns else { unknown.append("write outside the screen at \(x),\(y)"); continue }
            let width = TerminalText.columns(of: c)
            cells[y][x] = String(c)
            if width == 2, x + 1 < columns { cells[y][x + 1] = "" }
            x += max(width, 1)
        }
    }

    /// The screen as lines, a wide character once.
    var lines: [String] { cells.map { $0.joined() } }
}
