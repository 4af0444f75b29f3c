import Foundation

/// A filter query in fzf's extended-search syntax, parsed once per keystroke: a pure value.
///
/// Terms are separated by spaces and must all match; `a | b` matches either. Each term is
///
/// | typed    | matches lines that…                                   |
/// |----------|-------------------------------------------------------|
/// | `abc`    | contain `a`, `b`, `c` in this order (fuzzy)           |
/// | `'abc`   | contain `abc` (exact)                                 |
/// | `'abc'`  | contain `abc` as a word: between blanks, punctuation or the line's ends |
/// | `^abc`   | start with `abc` (leading blanks ignored)             |
/// | `abc$`   | end with `abc` (trailing blanks ignored)              |
/// | `^abc$`  | are `abc` (surrounding blanks ignored)                |
/// | `!abc`   | do not contain `abc` (`!^abc`, `!abc$` likewise)      |
/// | `!'abc`  | do not fuzzy-match `abc`                              |
///
/// `\ ` is a space inside a term. Smart case: a term with an upper-case letter is
/// case-sensitive, others ignore case; a term without accents ignores them (`TextFolding`),
/// one with an accented letter matches only those accents (fzf's rule: `á` matches `á` and
/// `Á`, not `a`; `Term.isAccentSensitive`). With
/// `exact`, plain terms are exact and `'abc` is fuzzy. As in fzf, every text is a query: an
/// operator with nothing after it (`!`, `'`, `^`) is dropped, a leading `|` is a term.
///
/// ```swift
/// let query = FilterQuery("src ^Sources !test .swift$ | .md$")
/// query.groups.count     // 4: src, ^Sources, !test, (.swift$ or .md$)
/// query.matches("Sources/TUIList/src/main.swift")?.positions  // the characters matched
/// ```
public struct FilterQuery: Sendable, Hashable {
    /// How letters' case is compared.
    public enum CaseMatching: Sendable, Hashable {
        /// A term with an upper-case letter is case-sensitive; others are not (fzf's default).
        case smart
        /// Case is ignored (fzf's `-i`).
        case ignore
        /// Case must match (fzf's `+i`).
        case respect
    }

    /// How a term matches a line.
    enum Kind: Sendable, Hashable {
        /// The term's characters in order, with anything between them.
        case fuzzy
        /// The term as a substring.
        case exact
        /// The term as a substring with a word boundary on both sides (`'term'`): a blank,
        /// punctuation or the line's end before and after it.
        case exactBoundary
        /// The line starts with the term.
        case prefix
        /// The line ends with the term.
        case suffix
        /// The line is the term.
        case equal
    }

    /// One term of a query.
    struct Term: Sendable, Hashable {
        /// How it matches.
        let kind: Kind
        /// Whether lines that match it are the ones excluded (`!term`).
        let inverted: Bool
        /// The text to find, without operators (lower-cased unless case-sensitive).
        let text: String
        /// Whether case must match.
        let caseSensitive: Bool
        /// The text folded as lines are (`TextFolding`; case kept when case-sensitive).
        @usableFromInline internal let _needle: [UInt8]
        /// Whether the text has an accented letter (`á`): then, as in fzf, it matches only text
        /// with the same accents (`á` or `Á` under ignored case, never `a`), and its plain
        /// letters only plain ones. A term without accents matches accented text too, unless
        /// the query is ``literal()``.
        var isAccentSensitive: Bool

        /// A term.
        ///
        /// - Parameters:
        ///   - kind: how it matches.
        ///   - inverted: whether it excludes the lines that match it.
        ///   - text: the text to find.
        ///   - caseSensitive: whether case must match.
        init(kind: Kind, inverted: Bool = false, text: String, caseSensitive: Bool = false) {
            self.kind = kind
            self.inverted = inverted
            self.text = text
            self.caseSensitive = caseSensitive
            _needle = caseSensitive ? TextFolding.foldedKeepingCase(text) : TextFolding.folded(text)
            isAccentSensitive = TextFolding.foldedKeepingCase(text) != Array(text.utf8)
        }
    }

    /// The text the query was parsed from.
    let text: String
    /// Whether plain terms are exact (fzf's `--exact`).
    let exact: Bool
    /// How case is compared.
    let caseMatching: CaseMatching
    /// Whether the text is fzf's extended search (the default); without it (fzf's `+x`) the
    /// whole text, spaces and operators included, is one term: fuzzy, or exact under ``exact``.
    let extended: Bool
    /// How matches score (fzf's `--scheme`: the bonus of a match at a word start).
    let scheme: FilterScheme
    /// Whether, of a term's occurrences that score best, the last one is taken (its offsets
    /// then count for the tiebreaks); fzf searches backward when `end` or `pathname` comes
    /// before `begin` among its tiebreaks (`prefersLastOccurrence(for:)`).
    package var prefersLastOccurrence = false
    /// How fuzzy terms are matched (fzf's `--algo`): ``FilterAlgorithm/v2`` finds each line's
    /// best-scoring alignment, ``FilterAlgorithm/v1`` its first (faster, ranks worse).
    public var algorithm: FilterAlgorithm = .v2
    /// The terms: a line matches when, in every group, at least one term matches.
    var groups: [[Term]]

    /// Whether the query has no terms (it matches every line).
    public var isEmpty: Bool { groups.isEmpty }

    /// Parses `text`. Never fails: fzf accepts any text as a query.
    ///
    /// - Parameters:
    ///   - text: what the person typed.
    ///   - exact: whether plain terms are exact (then `'term` is fuzzy).
    ///   - caseMatching: how case is compared (smart case by default).
    ///   - extended: whether the text is fzf's extended search (`false`: fzf's `+x`, the text
    ///     without its leading spaces is one term).
    ///   - scheme: how matches score (fzf's `--scheme`).
    /// - Complexity: O(length of `text`).
    public init(
        _ text: String, exact: Bool = false, caseMatching: CaseMatching = .smart, extended: Bool = true,
        scheme: FilterScheme = .default
    ) {
        self.text = text
        self.scheme = scheme
        self.exact = exact
        self.caseMatching = caseMatching
        self.extended = extended
        if extended {
            groups = Self.parse(text, exact: exact, caseMatching: caseMatching)
        } else {
            let word = text.drop { $0 == " " }
            let lower = word.lowercased()
            let caseSensitive = caseMatching == .respect || (caseMatching == .smart && lower != word)
            let kind: Kind = exact ? .exact : .fuzzy
            let term = Term(kind: kind, text: caseSensitive ? String(word) : lower, caseSensitive: caseSensitive)
            groups = word.isEmpty ? [] : [[term]]
        }
    }

    /// Whether fzf searches backward for these tiebreaks: `end` or `pathname` before `begin`.
    /// - Parameter tiebreaks: the tiebreaks in force.
    /// - Returns: the value for `prefersLastOccurrence`.
    package static func prefersLastOccurrence(for tiebreaks: [FilterTiebreak]) -> Bool {
        for tiebreak in tiebreaks {
            if tiebreak == .end || tiebreak == .pathname { return true }
            if tiebreak == .begin { return false }
        }
        return false
    }

    /// What a list's `/` filter matches: fzf's syntax with exact terms, so each word is a
    /// piece of the text (in any order, case ignored unless the word has a capital, accents
    /// folded), and `'word` a fuzzy one. ``ListScreen``, the demo, `tuilist watch` and
    /// `tuilist edit` filter with it; `tuilist pick` is fuzzy by default, as fzf is.
    /// - Parameter text: What the person typed at the prompt.
    /// - Returns: The query.
    public static func listFilter(_ text: String) -> FilterQuery { FilterQuery(text, exact: true) }

    private static func parse(_ text: String, exact: Bool, caseMatching: CaseMatching) -> [[Term]] {
        var string = Substring(text)
        while string.first == " " { string = string.dropFirst() }
        while string.hasSuffix(" ") && !string.hasSuffix("\\ ") { string = string.dropLast() }
        // An escaped space is kept apart from the spaces between terms (as a tab, as fzf does).
        let tokens = string.replacingOccurrences(of: "\\ ", with: "\t").split(separator: " ")
        var groups: [[Term]] = []
        var group: [Term] = []
        var startsNewGroup = false
        var afterBar = false
        for token in tokens {
            var word = Substring(token.replacingOccurrences(of: "\t", with: " "))
            let lower = word.lowercased()
            let caseSensitive = caseMatching == .respect || (caseMatching == .smart && lower != word)
            if !caseSensitive { word = Substring(lower) }
            if !group.isEmpty && !afterBar && word == "|" {
                startsNewGroup = false
                afterBar = true
                continue
            }
            afterBar = false
            var kind: Kind = exact ? .exact : .fuzzy
            var inverted = false
            if word.hasPrefix("!") {
                inverted = true
                kind = .exact
                word = word.dropFirst()
            }
            if word != "$" && word.hasSuffix("$") {
                kind = .suffix
                word = word.dropLast()
            }
            if word.utf8.count > 2 && word.hasPrefix("'") && word.hasSuffix("'") {
                // fzf 0.74's exact-boundary term.
                kind = .exactBoundary
                word = word.dropFirst().dropLast()
            } else if word.hasPrefix("'") {
                // Flips exactness; `!'term` is an inverted fuzzy term.
                kind = !exact && !inverted ? .exact : .fuzzy
                word = word.dropFirst()
            } else if word.hasPrefix("^") {
                kind = kind == .suffix ? .equal : .prefix
                word = word.dropFirst()
            }
            guard !word.isEmpty else { continue }
            if startsNewGroup {
                groups.append(group)
                group = []
            }
            group.append(Term(kind: kind, inverted: inverted, text: String(word), caseSensitive: caseSensitive))
            startsNewGroup = true
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }
}

extension FilterQuery {
    /// One line's match: its score and the characters matched.
    public struct Match: Sendable, Hashable {
        /// Higher is better: consecutive characters, characters at the start of a word, after
        /// a `/`, or at a camelCase hump score more; gaps score less.
        public let score: Int
        /// The offsets of the matched characters (`Character`s of the line), ascending.
        public let positions: [Int]
    }

    /// Matches one line, with the characters matched (for highlighting the rows on screen).
    ///
    /// - Parameter line: the text of the line.
    /// - Returns: the score and positions, or `nil` when the line does not match.
    /// - Complexity: O(length of `line` × terms); folds the line first (use a
    ///   ``FilterIndex`` to match many lines).
    public func matches(_ line: String) -> Match? {
        matches(fields: CollectionOfOne(line))
    }

    /// Matches a text of several fields, as a ``FilterIndex`` item of fields matches: each term
    /// within one field (the first it matches), `^` and `$` at each field's ends.
    ///
    /// - Parameter fields: the fields, in order.
    /// - Returns: the score, and the positions as offsets of `Character`s of the fields one
    ///   after another; `nil` when the text does not match.
    package func matches(fields: some Collection<String>) -> Match? {
        // Fold character by character, keeping where each folded byte came from; a NUL
        // between fields, as the index keeps them.
        var folded: [UInt8] = []
        var cased: [UInt8] = []
        var foldedOwner: [Int32] = []
        var casedOwner: [Int32] = []
        var offset: Int32 = 0
        for (number, line) in fields.enumerated() {
            if number > 0 {
                folded.append(0)
                cased.append(0)
                foldedOwner.append(-1)
                casedOwner.append(-1)
            }
            for character in line {
                let before = (folded.count, cased.count)
                if character.isASCII, let byte = character.asciiValue {
                    if byte != 0 {
                        folded.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                        cased.append(byte)
                    }
                } else {
                    let text = String(character)
                    TextFolding.append(folded: text, to: &folded)
                    TextFolding.append(foldedKeepingCase: text, to: &cased)
                }
                foldedOwner.append(contentsOf: repeatElement(offset, count: folded.count - before.0))
                casedOwner.append(contentsOf: repeatElement(offset, count: cased.count - before.1))
                offset += 1
            }
        }
        var hits: [Int] = []
        let score = folded.withUnsafeBufferPointer { f in
            cased.withUnsafeBufferPointer { c in
                _FilterMatcher(self).score(folded: f, cased: c, positions: &hits)
            }
        }
        guard let score, !_hasAccentSensitiveTerms || _acceptsAccents(in: fields.joined(separator: "\0")) else { return nil }
        var positions = Set<Int>()
        for hit in hits {
            let owner = hit >= 0 ? foldedOwner[hit] : casedOwner[-hit - 1]
            if owner >= 0 { positions.insert(Int(owner)) }
        }
        return Match(score: Int(score), positions: positions.sorted())
    }
}
