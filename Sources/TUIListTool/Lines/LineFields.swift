import Foundation

/// fzf's field selection (`--nth`, `--with-nth`, split by `--delimiter`): a line cut into
/// fields, and index expressions that choose some of them.
///
/// As in fzf, a field keeps the delimiter that ends it: with the default (AWK-style) splitting,
/// `  a  b c` has the fields `a  `, `b `, `c` (blanks before the first field belong to none);
/// with `-d :`, `a:b:c` has `a:`, `b:`, `c`. A
/// selection is the chosen fields joined as they are, with the delimiter after the last one
/// dropped (`--with-nth 1` of `a:b:c` shows `a`).
package struct LineFields: Sendable, Equatable {
    /// One index expression of a comma-separated list: `N`, `-N`, `N..`, `..N`, `N..M`, `..`.
    /// Indices are 1-based; negative ones count from the last field (-1).
    package struct Range: Sendable, Equatable {
        /// The first field, or `nil` for the first of the line.
        package var lower: Int?
        /// The last field, or `nil` for the last of the line.
        package var upper: Int?
    }

    /// How fields are separated.
    package enum Delimiter: Sendable, Equatable {
        /// Runs of spaces and tabs (fzf's default); blanks before the first field belong to none.
        case blanks
        /// A literal string.
        case literal(String)
        /// A regular expression: each match ends a field.
        case pattern(Pattern)

        /// fzf's reading of `--delimiter STR`: `\t` means a tab; one character (`-d .`,
        /// `-d '|'`), a string without a regular expression's special characters (Go's
        /// `regexp.QuoteMeta` set, ``specialCharacters``: `/`, `:`, `-` are literal), or one that
        /// is not a valid expression, is literal; any other is a regular expression
        /// (`-d '[:=]'`, `-d ' +'`). Empty means blanks.
        package init(_ text: String) {
            let text = text.replacingOccurrences(of: "\\t", with: "\t")
            if text.isEmpty {
                self = .blanks
            } else if text.count == 1 || !text.contains(where: Self.specialCharacters.contains) {
                self = .literal(text)
            } else if let pattern = Pattern(text) {
                self = .pattern(pattern)
            } else {
                self = .literal(text)
            }
        }

        /// The characters that make a delimiter a regular expression (those Go's
        /// `regexp.QuoteMeta` escapes; NSRegularExpression's own escaping adds `/`, `-`, `#`…,
        /// which sent `-d /` through the regular-expression engine, 100× slower per line).
        static let specialCharacters: Set<Character> = ["\\", ".", "+", "*", "?", "(", ")", "|", "[", "]", "{", "}", "^", "$"]
    }

    /// A compiled regular expression, compared by its source.
    package struct Pattern: @unchecked Sendable, Equatable {
        // NSRegularExpression is immutable and documented as safe to use from any thread.
        let expression: NSRegularExpression
        /// The expression as written.
        package let source: String

        /// Compiles `source`; `nil` when it is not a valid expression.
        package init?(_ source: String) {
            guard let expression = try? NSRegularExpression(pattern: source) else { return nil }
            self.expression = expression
            self.source = source
        }

        package static func == (a: Pattern, b: Pattern) -> Bool { a.source == b.source }

        /// The `Character` offsets where each non-empty match of the expression in `line` ends.
        func matchEnds(in line: String) -> [Int] {
            let matches = expression.matches(in: line, range: NSRange(line.startIndex..., in: line))
            var ends: [Int] = []
            var offset = 0
            var index = line.startIndex
            for match in matches where match.range.length > 0 {
                guard let range = Swift.Range(match.range, in: line) else { continue }
                offset += line.distance(from: index, to: range.upperBound)
                index = range.upperBound
                ends.append(offset)
            }
            return ends
        }
    }

    /// The chosen ranges, in the order given.
    package let ranges: [Range]

    /// Parses fzf's index expressions (`1`, `-1`, `2..`, `..3`, `1,3`, `2..-2`).
    /// - Parameters:
    ///   - spec: The expressions, comma-separated.
    ///   - option: The option's name, for the error.
    /// - Throws: A one-line ``ToolFailure`` (status 2) naming a bad expression.
    package init(_ spec: String, option: String) throws(ToolFailure) {
        var ranges: [Range] = []
        for part in spec.split(separator: ",", omittingEmptySubsequences: false) {
            func bound(_ text: Substring) throws(ToolFailure) -> Int? {
                if text.isEmpty { return nil }
                guard let value = Int(text), value != 0 else {
                    throw ToolFailure(
                        "\(option): not a field index: '\(part)' (1, -1, 2.., ..3, 1..3, separated by commas)", status: 2)
                }
                return value
            }
            if let dots = part.range(of: "..") {
                ranges.append(Range(lower: try bound(part[..<dots.lowerBound]), upper: try bound(part[dots.upperBound...])))
            } else {
                guard !part.isEmpty, let value = try bound(part) else {
                    throw ToolFailure(
                        "\(option): not a field index: '\(part)' (1, -1, 2.., ..3, 1..3, separated by commas)", status: 2)
                }
                ranges.append(Range(lower: value, upper: value))
            }
        }
        self.ranges = ranges
    }

    /// The fields of `line`, as `Character` offset ranges, each with the delimiter that ends it.
    /// - Complexity: O(n) in the length of `line`.
    package static func fields(of line: String, delimiter: Delimiter) -> [Swift.Range<Int>] {
        let characters = Array(line)
        var fields: [Swift.Range<Int>] = []
        var start = 0
        switch delimiter {
        case .blanks:
            return splitFields(characters, isBlank: { $0 == " " || $0 == "\t" }, needle: nil)
        case .literal(let text):
            let needle = Array(text)
            guard !needle.isEmpty else { return characters.isEmpty ? [] : [0 ..< characters.count] }
            return splitFields(characters, isBlank: { _ in false }, needle: needle)
        case .pattern(let pattern):
            for end in pattern.matchEnds(in: line) {
                fields.append(start ..< end)
                start = end
            }
            if start < characters.count { fields.append(start ..< characters.count) }
        }
        return fields
    }

    /// The one field splitter, over characters or bytes: by blanks (`needle` nil: a field is a
    /// word and the blanks after it; blanks before the first word belong to none, fzf's
    /// AWK-style tokenizer) or by a literal delimiter (a field ends after each occurrence).
    /// - Complexity: O(*n* · `needle.count`).
    static func splitFields<Text: RandomAccessCollection>(
        _ text: Text, isBlank: (Text.Element) -> Bool, needle: [Text.Element]?
    ) -> [Swift.Range<Int>] where Text.Index == Int, Text.Element: Equatable {
        var fields: [Swift.Range<Int>] = []
        var start = text.startIndex, i = text.startIndex
        let end = text.endIndex
        guard let needle else {
            while i < end, isBlank(text[i]) { i += 1 }
            start = i
            while i < end {
                // The word, the blanks after it (the field's delimiter).
                while i < end, !isBlank(text[i]) { i += 1 }
                while i < end, isBlank(text[i]) { i += 1 }
                fields.append(start ..< i)
                start = i
            }
            return fields
        }
        while i + needle.count <= end {
            if text[i] == needle[0], text[i ..< i + needle.count].elementsEqual(needle) {
                i += needle.count
                fields.append(start ..< i)
                start = i
            } else {
                i += 1
            }
        }
        if start < end { fields.append(start ..< end) }
        return fields
    }

    /// The fields this selection chooses among `count`, in order (a field chosen twice comes twice).
    package func chosen(among count: Int) -> [Int] {
        ranges.flatMap { Self.chosen(by: $0, among: count) }
    }

    /// The fields `range` chooses among `count`, in order.
    private static func chosen(by range: Range, among count: Int) -> [Int] {
        func resolve(_ value: Int) -> Int { value > 0 ? value - 1 : count + value }
        let lower = max(0, range.lower.map(resolve) ?? 0)
        let upper = min(count - 1, range.upper.map(resolve) ?? count - 1)
        return lower <= upper ? Array(lower ... upper) : []
    }

    /// The chosen parts of `line`: `Character` offset ranges of the line, in order, the
    /// delimiter after the last one dropped.
    /// - Parameters:
    ///   - line: The line.
    ///   - delimiter: How its fields are separated.
    /// - Returns: The ranges; empty when no field is chosen.
    /// - Complexity: O(n) in the length of `line`.
    package func parts(of line: String, delimiter: Delimiter) -> [Swift.Range<Int>] {
        let fields = Self.fields(of: line, delimiter: delimiter)
        return Self.droppingLastDelimiter(chosen(among: fields.count).map { fields[$0] }, of: Array(line), delimiter)
    }

    /// What `--nth` searches of `line`: for each range of this selection, its fields joined
    /// (the last range without the delimiter that ends it) — one field of the index each, as
    /// fzf searches each range apart: a term within one, the first it matches; `^` and `$` at
    /// its ends — and for each `Character` of them, one after another, its offset in `line`.
    /// - Parameters:
    ///   - line: The line.
    ///   - delimiter: How its fields are separated.
    /// - Returns: The searched fields (a range that chooses none is an empty one) and offsets.
    /// - Complexity: O(n) in the length of `line`, per range.
    package func searchedFields(of line: String, delimiter: Delimiter) -> (fields: [String], offsets: [Int]) {
        let fields = Self.fields(of: line, delimiter: delimiter)
        let characters = Array(line)
        var searched: [String] = []
        var offsets: [Int] = []
        for (number, range) in ranges.enumerated() {
            let chosen = Self.chosen(by: range, among: fields.count).map { fields[$0] }
            // (fzf drops the delimiter after the last range only, "to allow suffix match".)
            let parts = number == ranges.count - 1 ? Self.droppingLastDelimiter(chosen, of: characters, delimiter) : chosen
            searched.append(parts.map { String(characters[$0]) }.joined())
            for part in parts { offsets += Array(part) }
        }
        return (searched, offsets)
    }

    /// `parts` (`Character` offset ranges of `characters`) with the delimiter that ends the
    /// last one dropped.
    private static func droppingLastDelimiter(
        _ parts: [Swift.Range<Int>], of characters: [Character], _ delimiter: Delimiter
    ) -> [Swift.Range<Int>] {
        var parts = parts
        guard var last = parts.popLast() else { return [] }
        switch delimiter {
        case .blanks:
            while last.upperBound > last.lowerBound,
                characters[last.upperBound - 1] == " " || characters[last.upperBound - 1] == "\t"
            {
                last = last.lowerBound ..< last.upperBound - 1
            }
        case .literal(let text):
            let needle = Array(text)
            if last.count >= needle.count, !needle.isEmpty,
                Array(characters[last.upperBound - needle.count ..< last.upperBound]) == needle
            {
                last = last.lowerBound ..< last.upperBound - needle.count
            }
        case .pattern(let pattern):
            // The match that ends the field, if one does (the line's last field may have none).
            let field = String(characters[last])
            let ends = pattern.matchEnds(in: field)
            if ends.last == field.count, let cut = Self.lastMatchStart(in: field, pattern: pattern) {
                last = last.lowerBound ..< last.lowerBound + cut
            }
        }
        parts.append(last)
        return parts
    }

    /// The `Character` offset where the last match of `pattern` in `field` starts.
    private static func lastMatchStart(in field: String, pattern: Pattern) -> Int? {
        let matches = pattern.expression.matches(in: field, range: NSRange(field.startIndex..., in: field))
        guard let last = matches.last(where: { $0.range.length > 0 }), let range = Swift.Range(last.range, in: field)
        else { return nil }
        return field.distance(from: field.startIndex, to: range.lowerBound)
    }

    /// The chosen parts of `line` joined, and for each `Character` of the result its offset in
    /// `line`.
    /// - Parameters:
    ///   - line: The line.
    ///   - delimiter: How its fields are separated.
    /// - Returns: The text and the offsets.
    package func select(_ line: String, delimiter: Delimiter) -> (text: String, offsets: [Int]) {
        join(parts(of: line, delimiter: delimiter), of: line)
    }

    /// The chosen fields of `line` joined, each with the delimiter that ends it — the last one's
    /// kept too (what fzf's `--with-nth` shows and searches: `-d: --with-nth 1` of `a:b:c` is
    /// `a:`) — and for each `Character` its offset in `line`.
    package func selectKeepingDelimiters(_ line: String, delimiter: Delimiter) -> (text: String, offsets: [Int]) {
        let fields = Self.fields(of: line, delimiter: delimiter)
        return join(chosen(among: fields.count).map { fields[$0] }, of: line)
    }

    private func join(_ ranges: [Swift.Range<Int>], of line: String) -> (text: String, offsets: [Int]) {
        let characters = Array(line)
        var text = ""
        var offsets: [Int] = []
        for range in ranges {
            text.append(contentsOf: String(characters[range]))
            offsets += Array(range)
        }
        return (text, offsets)
    }
}
