import TUIList

/// fzf's `--margin` and `--padding`: space around the picker (outside its border) or inside
/// its border, on each side in cells or as a share of the terminal's width or height.
///
/// ```swift
/// let margin = try PickerSpacing("1,10%", option: "--margin")  // top and bottom 1, sides 10%
/// margin.inset(Rect(x: 0, y: 0, width: 80, height: 24))     // Rect(x: 8, y: 1, width: 64, height: 22)
/// ```
package struct PickerSpacing: Sendable, Equatable {
    /// A side's space: cells, or a percentage of the width (left, right) or height (top, bottom).
    package enum Length: Sendable, Equatable {
        case cells(Int)
        case percent(Int)

        /// The cells it is of `whole`.
        func cells(of whole: Int) -> Int {
            switch self {
            case .cells(let count): count
            case .percent(let share): whole * share / 100
            }
        }
    }

    /// Top, right, bottom, left.
    package var top = Length.cells(0), right = Length.cells(0), bottom = Length.cells(0), left = Length.cells(0)

    /// No space.
    package init() {}

    /// fzf's forms: `TRBL` (all sides), `TB,RL`, `T,RL,B`, `T,R,B,L`; each `N` or `N%`.
    /// - Throws: ``ToolFailure`` naming `option` for anything else.
    package init(_ text: String, option: String) throws(ToolFailure) {
        var lengths: [Length] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let percent = part.hasSuffix("%")
            guard let value = Int(percent ? part.dropLast() : part), value >= 0, !percent || value <= 100 else {
                throw ToolFailure("\(option): invalid spacing: \(text) (TRBL, TB,RL, T,RL,B or T,R,B,L; each N or N%)")
            }
            lengths.append(percent ? .percent(value) : .cells(value))
        }
        switch lengths.count {
        case 1: (top, right, bottom, left) = (lengths[0], lengths[0], lengths[0], lengths[0])
        case 2: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[0], lengths[1])
        case 3: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[2], lengths[1])
        case 4: (top, right, bottom, left) = (lengths[0], lengths[1], lengths[2], lengths[3])
        default:
            throw ToolFailure("\(option): invalid spacing: \(text) (TRBL, TB,RL, T,RL,B or T,R,B,L; each N or N%)")
        }
    }

    /// `rect` less the space on each side (never less than empty).
    package func inset(_ rect: Rect) -> Rect {
        let (t, b) = (top.cells(of: rect.height), bottom.cells(of: rect.height))
        let (l, r) = (left.cells(of: rect.width), right.cells(of: rect.width))
        return Rect(x: rect.x + l, y: rect.y + t, width: max(0, rect.width - l - r), height: max(0, rect.height - t - b))
    }

    /// The lines the top and bottom take that do not depend on the height (cells, not shares).
    package var fixedLines: Int {
        [top, bottom].reduce(0) { lines, length in if case .cells(let count) = length { lines + count } else { lines } }
    }
}
