import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

/// fzf's extended-search syntax: the parser (a table of queries and their terms), the matcher
/// (a table of queries × lines, with the characters matched), the ranking, narrowing, and a
/// seeded property test of ``FilterIndex/matches(_:narrowing:cancellation:)-(FilterQuery,_,_)``
/// against a slow model of the same semantics on Foundation strings.
@Suite struct FilterQueryTests {
    /// A term written compactly: `!` inverted, the kind's operator, the text, `/C` when
    /// case-sensitive (`!^abc/C`).
    static func describe(_ query: FilterQuery) -> String {
        query.groups.map { group in
            group.map { term in
                let kind: String
                switch term.kind {
                case .fuzzy: kind = "~"
                case .exact: kind = "="
                case .exactBoundary: kind = "'="
                case .prefix: kind = "^"
                case .suffix: kind = "$"
                case .equal: kind = "^$"
                }
                return (term.inverted ? "!" : "") + kind + term.text + (term.caseSensitive ? "/C" : "")
            }.joined(separator: "|")
        }.joined(separator: " ")
    }

    @Test(arguments: [
        ("", ""),
        ("   ", ""),
        ("abc", "~abc"),
        ("  abc  def ", "~abc ~def"),
        ("'abc", "=abc"),
        ("^abc", "^abc"),
        ("abc$", "$abc"),
        ("^abc$", "^$abc"),
        ("!abc", "!=abc"),
        ("!^abc", "!^abc"),
        ("!abc$", "!$abc"),
        ("!'abc", "!~abc"),
        ("!^abc$", "!^$abc"),
        ("a | b c", "~a|~b ~c"),
        ("a | b | c d", "~a|~b|~c ~d"),
        ("| a", "~| ~a"),
        ("a |", "~a"),
        ("a | | b", "~a|~| ~b"),
        ("!", ""),
        ("'", ""),
        ("^", ""),
        ("! a !", "~a"),
        ("$", "~$"),
        ("$$", "$$"),
        ("'$", ""),  // a suffix term whose text is a lone quote: dropped
        ("a\\ b", "~a b"),
        ("a\\ ", "~a "),
        ("\\ b", "~ b"),
        ("Abc def", "~Abc/C ~def"),
        ("!Foo", "!=Foo/C"),
        ("ÉCOLE", "~ÉCOLE/C"),
        ("école", "~école"),
        // fzf 0.74's exact-boundary terms: a quote on both sides, something between them.
        ("'abc'", "'=abc"),
        ("'a'", "'=a"),
        ("''", "='"),
        ("'''", "'='"),
        ("!'abc'", "!'=abc"),
        ("'abc'$", "'=abc"),
        ("'Ab'", "'=Ab/C"),
    ])
    func parsesLikeFzf(query: String, expected: String) {
        #expect(Self.describe(FilterQuery(query)) == expected, "query \(query.debugDescription)")
    }

    @Test func exactFlipsQuotesAndCaseModes() {
        #expect(Self.describe(FilterQuery("abc 'def ^g !h !'i 'j'", exact: true)) == "=abc ~def ^g !=h !~i '=j")
        #expect(Self.describe(FilterQuery("Abc", caseMatching: .ignore)) == "~abc")
        #expect(Self.describe(FilterQuery("abc", caseMatching: .respect)) == "~abc/C")
    }

    /// `nil`: no match; otherwise the matched characters, marked with `[]`.
    static func marked(_ query: String, _ line: String, exact: Bool = false) -> String? {
        guard let match = FilterQuery(query, exact: exact).matches(line) else { return nil }
        let positions = Set(match.positions)
        return line.enumerated().map { positions.contains($0.offset) ? "[\($0.element)]" : String($0.element) }.joined()
    }

    @Test(
        arguments: [
            ("abc", "xaxbxc", "x[a]x[b]x[c]"),
            ("abc", "acb", nil),
            ("abc", "ABC", "[A][B][C]"),
            ("Abc", "abc", nil),
            ("Abc", "xAbc", "x[A][b][c]"),
            ("abc", "ab/ab/abc", "ab/ab/[a][b][c]"),  // shortest window at the first end found
            ("'bc", "abxbc", "abx[b][c]"),
            ("'bc", "bxc", nil),
            ("^ab", "  abc", "  [a][b]c"),
            ("^ab", "cab", nil),
            ("bc$", "abc  ", "a[b][c]  "),
            ("bc$", "bca", nil),
            ("^abc$", " abc ", " [a][b][c] "),
            ("^abc$", "abcd", nil),
            ("!abc", "xyz", "xyz"),
            ("!abc", "xabcx", nil),
            ("!'abc", "axbxc", nil),
            ("!'abc", "cba", "cba"),
            ("!^ab", "xab", "xab"),
            ("!^ab", "abx", nil),
            ("ab | xy", "xaby", "x[a][b]y"),  // the first term that matches wins
            ("zz | xy", "xay", "[x]a[y]"),
            ("zz | qq", "xay", nil),
            ("a b", "ba", "[b][a]"),
            ("creme", "Crème brûlée", "[C][r][è][m][e] brûlée"),
            ("Creme", "Crème", "[C][r][è][m][e]"),
            ("Creme", "crème", nil),
            ("a\\ b", "a b", "[a][ ][b]"),
            ("a\\ b", "ab", nil),
            ("", "anything", "anything"),
        ] as [(String, String, String?)])
    func matchesLines(query: String, line: String, expected: String?) {
        #expect(Self.marked(query, line) == expected, "\(query.debugDescription) on \(line.debugDescription)")
    }

    /// fzf's accent rule: a term with an accented letter matches only those accents (case
    /// still folded), a plain one matches accented text too; `!é` excludes only `é`.
    @Test func anAccentedTermMatchesOnlyItsAccents() {
        let lines = ["école", "ÉCOLE", "ecole", "Ecole", "naïve", "naive"]
        func found(_ text: String) -> [String] {
            var index = FilterIndex<Int>(storingText: true)
            for (number, line) in lines.enumerated() { index.append(number, text: line) }
            let slots = index.matches(FilterQuery(text))!.slots.map { lines[Int($0)] }
            #expect(slots == lines.filter { FilterQuery(text).matches($0) != nil }, "one line at a time agrees: \(text)")
            return slots
        }
        #expect(found("é") == ["école", "ÉCOLE"])
        #expect(found("école") == ["école", "ÉCOLE"])
        #expect(found("ecole") == ["école", "ÉCOLE", "ecole", "Ecole"])
        #expect(found("É") == ["ÉCOLE"])
        #expect(found("ï") == ["naïve"])
        #expect(found("!é") == ["ecole", "Ecole", "naïve", "naive"])
        #expect(found("^é | naive") == ["école", "ÉCOLE", "naïve", "naive"], "a plain term matches accents")
        #expect(FilterQuery("é").groups[0][0].isAccentSensitive && !FilterQuery("e").groups[0][0].isAccentSensitive)
        // Narrowing from `é`'s matches to `e`'s would miss the plain lines.
        var index = FilterIndex<Int>(storingText: true)
        for (number, line) in lines.enumerated() { index.append(number, text: line) }
        let accented = index.matches(FilterQuery("é"))!
        #expect(index.matches(FilterQuery("e"), narrowing: accented)!.slots.count == 6)
    }

    /// An anchored accented term ignores blanks around the text as the plain one does, tabs and
    /// the other control blanks included (fzf trims every white space). (Fails if the accent
    /// check's blanks start after the tab, 0x09.)
    @Test func anAnchoredAccentedTermSkipsTabsAroundTheText() {
        let lines = ["\tétude", "café\t", "\u{0B}été\r", "ete"]
        var index = FilterIndex<Int>(storingText: true)
        for (number, line) in lines.enumerated() { index.append(number, text: line) }
        for (text, expected) in [("^é", [0, 2]), ("é$", [1, 2]), ("^été$", [2]), ("^e", [0, 2, 3])] {
            #expect(index.identifiers(index.matches(FilterQuery(text))!) == expected, "\(text)")
            #expect(lines.indices.filter { FilterQuery(text).matches(lines[$0]) != nil } == expected, "one line: \(text)")
        }
    }

    /// Whether one term, typed as in a query, matches a line: a model of the table in
    /// ``FilterQuery``'s comment on plain lower-case ASCII.
    static func modelMatches(_ typed: String, _ line: String) -> Bool {
        var word = Substring(typed)
        let inverted = word.hasPrefix("!")
        if inverted { word = word.dropFirst() }
        var kind = inverted ? "exact" : "fuzzy"
        if word.hasSuffix("$") {
            kind = "suffix"
            word = word.dropLast()
        }
        if word.hasPrefix("'") {
            kind = inverted ? "fuzzy" : "exact"
            word = word.dropFirst()
        } else if word.hasPrefix("^") {
            kind = kind == "suffix" ? "equal" : "prefix"
            word = word.dropFirst()
        }
        let text = String(word)
        let leading = String(line.drop { $0 == " " })
        let trimmed = String(leading.reversed().drop { $0 == " " }.reversed())
        let trailing = String(line.reversed().drop { $0 == " " }.reversed())
        let found: Bool
        switch kind {
        case "fuzzy":
            var rest = Substring(line)
            found = text.allSatisfy { c in
                guard let at = rest.firstIndex(of: c) else { return false }
                rest = rest[rest.index(after: at)...]
                return true
            }
        case "exact": found = line.contains(text)
        case "prefix": found = leading.hasPrefix(text)
        case "suffix": found = trailing.hasSuffix(text)
        default: found = trimmed == text
        }
        return found != inverted
    }

    /// Each term kind, plain and inverted, alone, beside another term and on either side of
    /// `|` with every other (`!a | b` included), on lines at the edges of each kind.
    @Test func everyTermKindWithBarAndBangAgainstAModel() {
        let terms = ["ab", "'ab", "^ab", "ab$", "^ab$", "!ab", "!'ab", "!^ab", "!ab$", "!^ab$", "zq", "!zq", "'zq"]
        let lines = ["ab", " ab ", "xab", "abx", "axb", "ba", "zq", "ab zq", "zqab", "a b", "", "xaby"]
        for first in terms {
            for line in lines {
                #expect(
                    (FilterQuery(first).matches(line) != nil) == Self.modelMatches(first, line),
                    "\(first) on \(line.debugDescription)")
            }
            for second in terms {
                for line in lines {
                    let either = Self.modelMatches(first, line) || Self.modelMatches(second, line)
                    let both = Self.modelMatches(first, line) && Self.modelMatches(second, line)
                    #expect(
                        (FilterQuery("\(first) | \(second)").matches(line) != nil) == either,
                        "\(first) | \(second) on \(line.debugDescription)")
                    #expect(
                        (FilterQuery("\(first) \(second)").matches(line) != nil) == both,
                        "\(first) \(second) on \(line.debugDescription)")
                }
            }
        }
        // The matched characters come from the first term of each group that matches and is
        // not inverted (an inverted term that holds does not end the search for one).
        #expect(Self.marked("!ab | zq", "ab zq") == "ab [z][q]")
        #expect(Self.marked("!ab | zq", "xy") == "xy")
        #expect(Self.marked("!ab | zq", "ab") == nil)
        #expect(Self.marked("^ab$ | 'b", "xab") == "xa[b]")
        #expect(Self.marked("ab$ !x | ^q", "qab") == "[q][a][b]")
    }

    /// `^` and `$` skip every ASCII blank around a line (space, tab, line feed, vertical tab,
    /// form feed, carriage return: a CRLF file's lines end in one), and nothing else.
    @Test func anchoredTermsSkipEveryASCIIBlankAndNothingElse() {
        for blank in [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"] {
            let name = blank.unicodeScalars.first!.value
            #expect(Self.marked("^ab", blank + "abc") == blank + "[a][b]c", "blank \(name)")
            #expect(Self.marked("ab$", "xab" + blank) == "x[a][b]" + blank, "blank \(name)")
            #expect(Self.marked("^ab$", blank + "ab" + blank) == blank + "[a][b]" + blank, "blank \(name)")
        }
        for other in ["_", "\u{08}", "\u{0E}", "\u{1F}", "x"] {
            #expect(Self.marked("^ab", other + "ab") == nil, "\(other.unicodeScalars.first!.value)")
            #expect(Self.marked("ab$", "ab" + other) == nil, "\(other.unicodeScalars.first!.value)")
        }
    }

    @Test func exactModeMatchesSubstrings() {
        #expect(Self.marked("abc", "axbxc", exact: true) == nil)
        #expect(Self.marked("abc", "xabc", exact: true) == "x[a][b][c]")
        #expect(Self.marked("'abc", "axbxc", exact: true) == "[a]x[b]x[c]")
    }

    @Test func fieldsAreMatchedOneAtATime() {
        var index = FilterIndex<Int>()
        index.append(1, fields: ["ab", "cd"])
        index.append(2, fields: ["abcd", "x"])
        index.append(3, fields: ["x", "Cd"])
        func ids(_ query: String) -> [Int] { index.identifiers(index.matches(FilterQuery(query))!) }
        #expect(ids("ac") == [2])
        #expect(ids("^cd") == [1, 3])
        #expect(ids("ab$") == [1])
        #expect(ids("Cd") == [3])
        #expect(ids("!'ac") == [1, 3])
    }

    @Test func rankingPrefersConsecutiveBoundaryAndShorterMatches() {
        let lines = [
            "src/fuzzy/other/thing.txt",  // f and t far apart
            "docs/fzf/notes.md",  // f inside a word
            "lib/footext.txt",  // f at a word start, t two letters on
            "a/ft.c",  // consecutive, at a word start
            "fzf",
        ]
        var index = FilterIndex<Int>()
        for (n, line) in lines.enumerated() { index.append(n, text: line) }
        let found = index.matches(FilterQuery("ft"))!
        let ranked = index.ranked(found).map { lines[Int($0)] }
        #expect(ranked == ["a/ft.c", "lib/footext.txt", "src/fuzzy/other/thing.txt", "docs/fzf/notes.md"])
        // Equal scores: the shorter line first, then input order.
        var ties = FilterIndex<Int>()
        for (n, line) in ["xx abc", "x abc", "yy abc", "abc"].enumerated() { ties.append(n, text: line) }
        let tied = ties.ranked(ties.matches(FilterQuery("'abc"))!)
        #expect(tied == [3, 1, 0, 2])
        // Scores are in slot order; ranked is a permutation of the slots.
        #expect(found.scores.count == found.slots.count)
        #expect(Set(index.ranked(found)) == Set(found.slots))
    }

    @Test func noSortKeepsInputOrderAndEmptyQueryMatchesAll() {
        var index = FilterIndex<Int>()
        for (n, line) in ["b", "a", "c"].enumerated() { index.append(n, text: line) }
        let all = index.matches(FilterQuery(""))!
        #expect(all.slots == [0, 1, 2] && all.scores.isEmpty && index.ranked(all) == [0, 1, 2])
    }

    @Test func narrowingOnlyWhenTheQueryGotStricter() {
        #expect(FilterQuery("abc")._implies(FilterQuery("ab")))
        #expect(FilterQuery("axbyc")._implies(FilterQuery("abc")))
        #expect(FilterQuery("ab cd")._implies(FilterQuery("ab")))
        #expect(FilterQuery("'abc")._implies(FilterQuery("'ab")))
        #expect(FilterQuery("^abc")._implies(FilterQuery("^ab")))
        #expect(FilterQuery("abc$")._implies(FilterQuery("bc$")))
        #expect(FilterQuery("!ab")._implies(FilterQuery("!abc")))
        #expect(FilterQuery("aB")._implies(FilterQuery("ab")))
        #expect(!FilterQuery("ab")._implies(FilterQuery("aB")))
        #expect(!FilterQuery("!abc")._implies(FilterQuery("!ab")))
        #expect(!FilterQuery("ab | cd")._implies(FilterQuery("ab")))
        #expect(!FilterQuery("'ab")._implies(FilterQuery("'abc")))
        #expect(!FilterQuery("^ab")._implies(FilterQuery("'abc")))
        #expect(!FilterQuery("abc$")._implies(FilterQuery("^abc")))
        #expect(FilterQuery("x ab")._implies(FilterQuery("ab | cd")))
    }

    // MARK: - The property test

    /// The slow model: Foundation folding of each field (none of accents for a term with an
    /// accented letter, as fzf), `Unicode.Scalar` arrays, the plain definitions of each kind
    /// of term.
    static func model(_ query: FilterQuery, _ fields: [String]) -> Bool {
        func scalars(_ text: String, keepCase: Bool, keepAccents: Bool) -> [Unicode.Scalar] {
            if keepAccents { return Array((keepCase ? text : text.lowercased()).unicodeScalars.filter { $0 != "\0" }) }
            let options: String.CompareOptions = keepCase ? [.diacriticInsensitive] : [.caseInsensitive, .diacriticInsensitive]
            return Array(text.folding(options: options, locale: nil).unicodeScalars.filter { $0 != "\0" })
        }
        func blank(_ s: Unicode.Scalar) -> Bool { s == " " || (s.value >= 9 && s.value <= 13) }
        func matches(_ term: FilterQuery.Term, _ field: String) -> Bool {
            let line = scalars(field, keepCase: term.caseSensitive, keepAccents: term.isAccentSensitive)
            let needle = scalars(term.text, keepCase: term.caseSensitive, keepAccents: term.isAccentSensitive)
            if needle.isEmpty { return true }
            var start = 0, end = line.count
            if term.kind == .prefix || term.kind == .equal, !blank(needle.first!) {
                while start < end && blank(line[start]) { start += 1 }
            }
            if term.kind == .suffix || term.kind == .equal, !blank(needle.last!) {
                while end > start && blank(line[end - 1]) { end -= 1 }
            }
            let text = Array(line[start ..< end])
            switch term.kind {
            case .fuzzy:
                var i = 0
                for s in line where i < needle.count && s == needle[i] { i += 1 }
                return i == needle.count
            case .exact:
                return line.count >= needle.count
                    && (0 ... line.count - needle.count).contains { Array(line[$0 ..< $0 + needle.count]) == needle }
            case .exactBoundary:
                // Neither side a letter or digit (or the field's end).
                func isWord(_ index: Int) -> Bool {
                    line.indices.contains(index)
                        && (line[index].properties.isAlphabetic || line[index].properties.numericType != nil)
                }
                return line.count >= needle.count
                    && (0 ... line.count - needle.count).contains {
                        Array(line[$0 ..< $0 + needle.count]) == needle && !isWord($0 - 1) && !isWord($0 + needle.count)
                    }
            case .prefix: return text.starts(with: needle)
            case .suffix: return text.reversed().starts(with: needle.reversed())
            case .equal: return text == needle
            }
        }
        return query.groups.allSatisfy { group in
            group.contains { term in
                let found = fields.contains { matches(term, $0) }
                return term.inverted ? !found : found
            }
        }
    }

    static let alphabet: [String] = ["a", "b", "A", "B", "c", " ", "é", "É", "e", "/", "_", "x", "1", "ü"]

    static func randomTerm(_ rng: inout SplitMix64) -> String {
        let prefixes = ["", "", "", "!", "'", "^", "!^", "!'"]
        var body = ""
        for _ in 0 ..< rng.int(1 ... 3) {
            let c = alphabet[rng.int(0 ... alphabet.count - 1)]
            body += c == " " ? "\\ " : c
        }
        let prefix = prefixes[rng.int(0 ... prefixes.count - 1)]
        // `'body'`: an exact-boundary term.
        if prefix.hasSuffix("'") && rng.chance(0.4) { body += "'" }
        return prefix + body + (rng.chance(0.2) ? "$" : "")
    }

    @Test(arguments: 0 ..< 60)
    func randomQueriesMatchTheModel(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var index = FilterIndex<Int>(storingText: true)  // (accented terms are checked against it)
        var items: [[String]] = []
        for id in 0 ..< rng.int(0 ... 200) {
            var fields: [String] = []
            for _ in 0 ..< rng.int(1 ... 2) {
                fields.append(
                    (0 ..< rng.int(0 ... 10)).map { _ in Self.alphabet[rng.int(0 ... Self.alphabet.count - 1)] }.joined())
            }
            items.append(fields)
            index.append(id, fields: fields)
        }
        var previous: FilterMatches?
        var previousUnscored: FilterMatches?  // the match-only search, narrowing its own results
        var text = ""
        for step in 0 ..< 10 {
            // Typing on (narrowing), a new term, an OR, or a new query.
            switch rng.int(0 ... 5) {
            case 0, 1: text += Self.alphabet[rng.int(0 ... Self.alphabet.count - 1)].replacingOccurrences(of: " ", with: "\\ ")
            case 2: text += " " + Self.randomTerm(&rng)
            case 3: text += " | " + Self.randomTerm(&rng)
            default: text = Self.randomTerm(&rng)
            }
            let exact = rng.chance(0.2)
            let query = FilterQuery(text, exact: exact)
            let found = index.matches(query, narrowing: previous)!
            let expected = items.indices.filter { Self.model(query, items[$0]) }
            #expect(
                index.identifiers(found) == expected,
                "seed \(seed) step \(step): \(text.debugDescription) exact \(exact) → \(Self.describe(query))")
            let unscored = index.matches(query, narrowing: previousUnscored, scored: false)!
            #expect(index.identifiers(unscored) == expected, "match-only, seed \(seed) step \(step): \(text.debugDescription)")
            #expect(unscored.scores.isEmpty, "nothing to rank by: the items keep their order")
            previousUnscored = unscored
            for id in items.indices where items[id].count == 1 {
                #expect(
                    (query.matches(items[id][0]) != nil) == expected.contains(id),
                    "seed \(seed): \(text.debugDescription) on \(items[id][0].debugDescription)")
            }
            previous = found
            // Now and then the list grows between searches (narrowing must search new items).
            if rng.chance(0.3) {
                let fields = [
                    (0 ..< rng.int(0 ... 8)).map { _ in Self.alphabet[rng.int(0 ... Self.alphabet.count - 1)] }.joined()
                ]
                index.append(items.count, fields: fields)
                items.append(fields)
            }
        }
    }

    @Test func largeListsAreSearchedInParallelChunksWithTheSameResult() {
        var rng = SplitMix64(seed: 11)
        var index = FilterIndex<Int>()
        var lines: [String] = []
        let count = FilterIndex<Int>.parallelThreshold + 5_000
        for id in 0 ..< count {
            let line = (0 ..< rng.int(3 ... 12)).map { _ in Self.alphabet[rng.int(0 ... Self.alphabet.count - 1)] }.joined()
            lines.append(line)
            index.append(id, text: line)
        }
        for text in ["ab", "'A/", "^e !1", "b$ | x_"] {
            let query = FilterQuery(text)
            let found = index.identifiers(index.matches(query)!)
            #expect(found == lines.indices.filter { Self.model(query, [lines[$0]]) }, "\(text)")
            #expect(index.identifiers(index.matches(query, scored: false)!) == found, "match-only: \(text)")
        }
    }

    /// The default ranking's one-integer keys against the general keys of three fields, on
    /// 1,000 random indexes and queries (blanks around lines, long lines past 12 and 16 bits
    /// of length, ties), in both orders and with and without the length tiebreak.
    @Test func theDefaultRankingsFastKeysAgreeWithTheGeneralOnes() throws {
        var rng = SplitMix64(seed: 0xFA57_2A4E)
        let alphabet = Array("ab c/.")
        for _ in 0 ..< 1_000 {
            let lines = (0 ..< Int.random(in: 1 ... 30, using: &rng)).map { _ in
                let text = String((0 ..< Int.random(in: 0 ... 12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
                // One line in ten is long: the same text, then 4,000 to 70,000 dots (equal
                // scores, lengths on both sides of 12 and 16 bits).
                guard Int.random(in: 0 ..< 10, using: &rng) == 0 else { return text }
                return text + String(repeating: ".", count: Int.random(in: 4_000 ... 70_000, using: &rng))
            }
            var index = FilterIndex<Int>()
            for (n, line) in lines.enumerated() { index.append(n, text: line) }
            let typed = (0 ..< Int.random(in: 1 ... 3, using: &rng)).map { _ in "abc".randomElement(using: &rng)! }
            let query = FilterQuery(String(typed))
            guard let found = index.matches(query), !found.slots.isEmpty else { continue }
            for laterFirst in [false, true] {
                for byLength in [false, true] {
                    let fast = index._rankedByLength(found, laterFirst: laterFirst, byLength: byLength)
                    let general = index._rankedByKeys(found, laterFirst: laterFirst, criteria: byLength ? [.length] : [])
                    #expect(fast == general, "\(lines.map { $0.prefix(20) }) \(query)")
                }
            }
        }
    }

    /// The packed keys hold a score in 20 bits around a bias of 2^19: the highest score that
    /// fits (2^19 − 1) and the lowest (−2^19) rank there, equal to the general keys; one past
    /// either end leaves the ranking to the general keys (nil), never wraps. (Fails if the
    /// guard's `Int(high) < scoreBias` becomes `<=`: the key's subtraction then overflows.)
    @Test func theFastKeysTakeScoresToTheEdgeOfTheirBitsAndNoFurther() {
        var index = FilterIndex<Int>()
        for n in 0 ..< 3 { index.append(n, text: "line \(n)") }
        let query = FilterQuery("line")
        func matches(_ scores: [Int32]) -> FilterMatches {
            FilterMatches(query, slots: [0, 1, 2], slotCount: 3, version: index._version, scores: scores)
        }
        let top = Int32(1 << 19) - 1, bottom = -Int32(1 << 19)
        for scores in [[top, 5, top], [bottom, 0, bottom], [top, bottom, 0]] {
            let found = matches(scores)
            let fast = index._rankedByLength(found, laterFirst: false, byLength: true)
            #expect(fast != nil && fast == index._rankedByKeys(found, laterFirst: false, criteria: [.length]), "\(scores)")
        }
        #expect(index._rankedByLength(matches([top + 1, 0, 0]), laterFirst: false, byLength: true) == nil)
        #expect(index._rankedByLength(matches([0, bottom - 1, 0]), laterFirst: false, byLength: true) == nil)
    }

}
