/// fzf's field selection (`--nth`, `--with-nth`, split by `--delimiter`): a line cut into
/// fields, and index expressions that choose some of them.
///
/// As in fzf, a field keeps the delimiter that ends it: with the default (AWK-style) splitting,
/// `  a  b c` has the fields `  a  `, `b `, `c`; with `-d :`, `a:b:c` has `a:`, `b:`, `c`. A
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
        /// Runs of spaces and tabs (fzf's default); leading blanks belong to the first field.
        case blanks
        /// A literal string.
        case literal(String)
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
            var i = 0
            while i < characters.count {
                // Blanks before, the word, the blanks after (the field's delimiter).
                while i < characters.count, characters[i] == " " || characters[i] == "\t" { i += 1 }
                while i < characters.count, characters[i] != " " && characters[i] != "\t" { i += 1 }
                while i < characters.count, characters[i] == " " || characters[i] == "\t" { i += 1 }
                fields.append(start ..< i)
                start = i
            }
        case .literal(let text):
            let needle = Array(text)
            guard !needle.isEmpty else { return characters.isEmpty ? [] : [0 ..< characters.count] }
            var i = 0
            while i + needle.count <= characters.count {
                if characters[i] == needle[0], Array(characters[i ..< i + needle.count]) == needle {
                    i += needle.count
                    fields.append(start ..< i)
                    start = i
                } else {
                    i += 1
                }
            }
            if start < characters.count { fields.append(start ..< characters.count) }
        }
        return fields
    }

    /// The fields this selection chooses among `count`, in order (a field chosen twice comes twice).
    package func chosen(among count: Int) -> [Int] {
        var result: [Int] = []
        for range in ranges {
            func resolve(_ value: Int) -> Int { value > 0 ? value - 1 : count + value }
            let lower = max(0, range.lower.map(resolve) ?? 0)
            let upper = min(count - 1, range.upper.map(resolve) ?? count - 1)
            if lower <= upper { result += Array(lower ... upper) }
        }
        return result
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
        var parts = chosen(among: fields.count).map { fields[$0] }
        guard var last = parts.popLast() else { return [] }
        let characters = Array(line)
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
        }
        parts.append(last)
        return parts
    }

    /// The chosen parts of `line` joined, and for each `Character` of the result its offset in
    /// `line`.
    /// - Parameters:
    ///   - line: The line.
    ///   - delimiter: How its fields are separated.
    /// - Returns: The text and the offsets.
    package func select(_ line: String, delimiter: Delimiter) -> (text: String, offsets: [Int]) {
        let characters = Array(line)
        var text = ""
        var offsets: [Int] = []
        for part in parts(of: line, delimiter: delimiter) {
            text.append(contentsOf: String(characters[part]))
            offsets += Array(part)
        }
        return (text, offsets)
    }
}
