/// Mapping colours down to what a terminal can show. Pure: the ncurses backend uses it, and
/// tests check it without a terminal.
extension TerminalColor {
    /// The palette index to ask a terminal with `colors` colours for: -1 for the default colour
    /// (and for any colour when `colors` < 8); otherwise an index below `colors`.
    ///
    /// - 256 colours or more: `.ansi` and `.indexed` as they are, `.rgb` to the nearest entry of
    ///   the xterm 6×6×6 cube or grey ramp.
    /// - 16 to 255 colours: ANSI as they are, everything else to the nearest of the 16.
    /// - 8 to 15 colours: bright ANSI colours to their normal ones, everything else to the
    ///   nearest of 8.
    func paletteIndex(colors: Int) -> Int {
        if colors < 8 { return -1 }
        switch self {
        case .default:
            return -1
        case .ansi(let n) where n < 16, .indexed(let n) where n < 16:
            return colors >= 16 ? Int(n) : Int(n & 7)
        case .ansi(let n), .indexed(let n):
            if colors >= 256 { return Int(n) }
            let (r, g, b) = TerminalColor.xtermRGB(Int(n))
            return TerminalColor.nearestBasic(r, g, b, count: colors >= 16 ? 16 : 8)
        case .rgb(let r, let g, let b):
            if colors >= 256 { return TerminalColor.nearestXterm256(Int(r), Int(g), Int(b)) }
            return TerminalColor.nearestBasic(Int(r), Int(g), Int(b), count: colors >= 16 ? 16 : 8)
        }
    }

    /// xterm's default RGB for the 16 ANSI colours.
    static let basicRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    /// The channel levels of xterm's 6×6×6 colour cube.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The RGB of an xterm-256 palette entry.
    static func xtermRGB(_ index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16: return basicRGB[Swift.max(0, index)]
        case 16 ..< 232:
            let i = index - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }

    /// The nearest of the first `count` (8 or 16) ANSI colours.
    static func nearestBasic(_ r: Int, _ g: Int, _ b: Int, count: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for i in 0 ..< count {
            let d = distance((r, g, b), basicRGB[i])
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    /// The nearest entry of the xterm cube (16...231) or grey ramp (232...255).
    static func nearestXterm256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int {
            var best = 0
            for (i, l) in cubeLevels.enumerated() where abs(l - v) < abs(cubeLevels[best] - v) { best = i }
            return best
        }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * lr + 6 * lg + lb
        let average = (r + g + b) / 3
        let greyStep = Swift.min(23, Swift.max(0, (average - 3) / 10))
        let grey = 232 + greyStep
        return distance((r, g, b), xtermRGB(grey)) < distance((r, g, b), xtermRGB(cube)) ? grey : cube
    }
}
