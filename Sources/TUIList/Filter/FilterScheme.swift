/// How a ``FilterQuery`` scores and ranks for a kind of input, as fzf's `--scheme`.
///
/// | scheme     | a match at a word start after… scores | ties broken by               |
/// |------------|----------------------------------------|------------------------------|
/// | `.default` | a blank 10, `/ , : ; \|` 9             | ``FilterTiebreak/length``    |
/// | `.path`    | `/` (and the line's start) 9, a blank 8 | pathname, then length        |
/// | `.history` | a blank or `/ , : ; \|` 8              | input order only             |
///
/// ```swift
/// let query = FilterQuery("conf", scheme: .path)
/// index.ranked(index.matches(query)!, tiebreaks: FilterScheme.path.tiebreaks)
/// ```
public enum FilterScheme: String, Sendable, Hashable, CaseIterable {
    /// Text of any kind (fzf's default).
    case `default`
    /// File paths: a match in the file's name ranks first.
    case path
    /// Command history: the input's order decides ties, not length.
    case history

    /// The scheme fzf names `rawValue` (`default`, `path`, `history`), or `nil`.
    /// - Parameter rawValue: the name.
    public init?(rawValue: String) {
        guard let scheme = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = scheme
    }

    /// The tiebreaks fzf uses for this scheme when `--tiebreak` is not given.
    public var tiebreaks: [FilterTiebreak] {
        switch self {
        case .default: return [.length]
        case .path: return [.pathname, .length]
        case .history: return []
        }
    }
}

/// How matches of equal score are ordered, as fzf's `--tiebreak` (after them, input order).
///
/// Offsets are those of the terms' matches: `begin` is where the first term's match ends… as
/// fzf computes them (in bytes of the case-kept text, which are characters for ASCII text).
public enum FilterTiebreak: String, Sendable, Hashable, CaseIterable {
    /// The shorter line, leading and trailing blanks not counted.
    case length
    /// The match nearer the line's start (blanks before it not counted).
    case begin
    /// The match nearer the line's end.
    case end
    /// Input order (only last in a list: it decides everything it is given).
    case index
    /// The shorter run of non-blank text around the match.
    case chunk
    /// The match nearer the start of the file name (after the last `/` or `\`); a match before
    /// it ranks last.
    case pathname

    /// The criterion fzf names `rawValue` (`length`, `begin`, …), or `nil`.
    /// - Parameter rawValue: the name.
    public init?(rawValue: String) {
        guard let tiebreak = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = tiebreak
    }

    /// Parses fzf's comma-separated list (`length,begin`), at most 4 criteria, `index` only last.
    ///
    /// - Parameter text: the option's value.
    /// - Returns: the criteria, `index` dropped (input order always ends the ranking).
    /// - Throws: ``FilterTiebreak/ParseError`` naming what is wrong.
    public static func list(parsing text: String) throws(ParseError) -> [FilterTiebreak] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var list: [FilterTiebreak] = []
        for (offset, name) in names.enumerated() {
            guard let tiebreak = FilterTiebreak(rawValue: name) else {
                throw ParseError(message: "invalid sort criterion: \(name)")
            }
            if list.contains(tiebreak) { throw ParseError(message: "duplicate sort criteria: \(name)") }
            if tiebreak == .index && offset != names.count - 1 {
                throw ParseError(message: "index should be the last criterion")
            }
            list.append(tiebreak)
        }
        if list.count > 4 { throw ParseError(message: "at most 4 tiebreaks are allowed: \(text)") }
        return list.filter { $0 != .index }
    }

    /// A tiebreak list that cannot be read.
    public struct ParseError: Error, Sendable, Hashable {
        /// What is wrong, one line (fzf's wording).
        public let message: String

        /// An error saying `message`.
        /// - Parameter message: what is wrong, one line.
        public init(message: String) { self.message = message }
    }
}

/// How fuzzy terms match, as fzf's `--algo`.
///
/// Both find the same lines; they score them differently. ``v2`` scores every alignment of the
/// term in a line and keeps the best (fzf's `FuzzyMatchV2`, a Smith-Waterman-like matrix, O(n × m)
/// for a line of n characters that matches a term of m); ``v1`` scores the first alignment,
/// shortened from its end (fzf's `FuzzyMatchV1`, O(n)), and may miss a better one
/// (`dconfmod` in `/usr/share/debconf/confmodule`). Exact, prefix and suffix terms are the
/// same under both.
public enum FilterAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// The first alignment, shortened (fzf's `v1`).
    case v1
    /// The best-scoring alignment (fzf's `v2`, its default).
    case v2

    /// The algorithm fzf's `--algo` names `rawValue` (`v1`, `v2`), or `nil`.
    /// - Parameter rawValue: the name.
    public init?(rawValue: String) {
        guard let algorithm = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = algorithm
    }
}
