import Testing

@testable import TUIList

/// Which occurrence a match highlights when two score the same: the first, as fzf's matchers
/// choose (they keep a later candidate only when it scores strictly more: `score > maxScore`
/// in FuzzyMatchV2, `bonus > bestBonus` in the exact matcher). A later, better occurrence still
/// wins. (Fails if the comparison that keeps the best becomes `>=`: the last tie would win.)
@Suite("Filter: ties between occurrences")
struct FilterTieTests {
    @Test(arguments: [
        // query, line, the characters highlighted
        ("ab", "ab ab", [0, 1]),
        ("'ab", "ab ab", [0, 1]),
        ("ab", "xab-xab", [1, 2]),
        ("'ab", "xab-xab", [1, 2]),
        ("ab$", "ab ab", [3, 4]),  // anchored: only the last can match
        ("ab", "xab ab", [4, 5]),  // the second starts a word: it scores more
    ])
    func theFirstOfEquallyScoredOccurrencesIsHighlighted(query: String, line: String, positions: [Int]) throws {
        let match = try #require(FilterQuery.listFilter(query).matches(line))
        #expect(match.positions == positions, "\(query) in \(line)")
    }
}
