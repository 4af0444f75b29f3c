import Testing

@testable import TUIList

// Helpers shared by the Animation*Tests files.

/// Rows stacked from `top`, one id after another; an id starting with "=" is a two-line
/// section header.
func stack(_ ids: [String], top: Int = 0) -> [RowPlacement<String>] {
    var line = top
    return ids.map { id in
        let height = id.hasPrefix("=") ? 2 : 1
        defer { line += height }
        return RowPlacement(id: id, line: line, height: height)
    }
}

func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

/// The minimal set of moves between two orders (items in both that are not in a longest
/// increasing subsequence of old positions), as the diff reports it. O(n^2); tests only.
func minimalMoves<ID: Hashable>(from old: [ID], to new: [ID]) -> Set<ID> {
    let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let common = new.filter { oldIndex[$0] != nil }
    let positions = common.map { oldIndex[$0]! }
    guard !positions.isEmpty else { return [] }
    var best = [Int](repeating: 1, count: positions.count)
    var previous = [Int](repeating: -1, count: positions.count)
    for i in positions.indices {
        for j in 0 ..< i where positions[j] < positions[i] && best[j] + 1 > best[i] {
            best[i] = best[j] + 1
            previous[i] = j
        }
    }
    var keep = Set<ID>()
    var index = best.indices.max { best[$0] < best[$1] }!
    while index >= 0 {
        keep.insert(common[index])
        index = previous[index]
    }
    return Set(common).subtracting(keep)
}

/// A plan between two stacks of ids (see ``stack(_:top:)``); deletes, inserts and moves
/// come from the ids, updates are given.
func plan(
    _ old: String, _ new: String, viewport: Int, oldTop: Int = 0, newTop: Int = 0,
    updated: Set<String> = []
) -> TransitionPlan<String> {
    let (o, n) = (words(old), words(new))
    let changes = TransitionChanges(
        deleted: Set(o).subtracting(n), inserted: Set(n).subtracting(o),
        updated: updated, moved: minimalMoves(from: o, to: n))
    return TransitionPlan(
        viewportHeight: viewport, oldRows: stack(o, top: oldTop),
        newRows: stack(n, top: newTop), changes: changes)
}

/// A frame as the screen shows it: one string per viewport line, the row's id on its first
/// line ("~a" dimmed, "+a" fading in, "*a*" highlighted), "^" on its further lines, "." empty.
/// Rows are drawn in the frame's order, so a later one covers an earlier one.
func screen<ID: Hashable>(_ frame: TransitionFrame<ID>) -> [String] {
    var lines = [String](repeating: ".", count: frame.viewportHeight)
    for row in frame.rows {
        let name = "\(row.id)"
        let label: String
        switch row.appearance {
        case .normal: label = name
        case .dimmed: label = "~" + name
        case .fadingIn: label = "+" + name
        case .highlighted: label = "*" + name + "*"
        }
        for line in row.line ..< row.line + row.height where lines.indices.contains(line) {
            lines[line] = line == row.line ? label : "^"
        }
    }
    return lines
}

/// Frames side by side, oldest on the left, like a film strip: the first string names the
/// moments, then one string per viewport line.
func filmstrip<ID: Hashable>(_ frames: [(String, TransitionFrame<ID>)]) -> [String] {
    let screens = frames.map { screen($0.1) }
    let width = max(frames.map(\.0.count).max() ?? 0, screens.flatMap { $0 }.map(\.count).max() ?? 0) + 1
    func pad(_ s: String) -> String { s + String(repeating: " ", count: width - s.count) }
    var out = [frames.map { pad($0.0) }.joined()]
    for line in 0 ..< (frames.first?.1.viewportHeight ?? 0) {
        out.append(screens.map { pad($0[line]) }.joined())
    }
    return out.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// The film strip of one transition at the given milliseconds.
func filmstrip<ID: Hashable>(_ transition: Transition<ID>, ms: [Int]) -> [String] {
    filmstrip(ms.map { ("\($0)", transition.frame(at: Double($0) / 1000)) })
}

// The helpers' own checks.

@Test func minimalMovesKeepsTheLongestRunInOrder() {
    #expect(minimalMoves(from: words("a b c d e"), to: words("b c d a e")) == ["a"])
    #expect(minimalMoves(from: words("a b c"), to: words("a x c")) == [])
    #expect(minimalMoves(from: words("a b c d e"), to: words("a d c b e")).count == 2)
}

@Test func screenDrawsLabelsClipsAndLayers() {
    let frame = TransitionFrame<String>(
        rows: [
            .init(id: "a", line: -1, height: 2),
            .init(id: "b", line: 1, appearance: .dimmed, zIndex: 0, opacity: 0.5),
            .init(id: "c", line: 2, height: 1, appearance: .highlighted),
            .init(id: "d", line: 2, height: 1, zIndex: 2),
        ], viewportHeight: 4)
    #expect(screen(frame) == ["^", "~b", "d", "."])
}
