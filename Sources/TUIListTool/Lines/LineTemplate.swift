import Foundation

/// fzf's `--accept-nth` and `--with-nth` (0.60+): what is printed of a chosen line, or what is
/// shown of each line — some of its fields, or a template of them.
///
/// - Field index expressions (`2`, `1,3`, `2..`, `-1`): the chosen fields joined as
///   ``LineFields/select(_:delimiter:)`` joins them, each with the delimiter that ends it, the
///   delimiter after the last one dropped (fzf: `a b  c` with `1,3` prints `a c`; `3,1`, `ca`).
/// - A template (`{2}:{1}`, `Index: {n}`): each placeholder `{EXPRESSIONS}` is replaced by those
///   fields with the delimiter after the last one dropped, `{n}` by the line's number from 0
///   (header lines counted, as fzf counts them); any other text, and braces around anything
///   else (`{}`, `{q}`), is printed as written. A placeholder of digits, `-`, `.` and `,` that
///   is no valid expression (`{0}`, `{1..2..3}`) stands for nothing, as in fzf.
///
/// What `--with-nth` shows (``shown(_:number:delimiter:)``): index expressions show their
/// fields each with the delimiter after it, the last one's too; a template shows its parts,
/// each placeholder's fields without the delimiter after the last; either with the whitespace
/// at its end trimmed, as fzf 0.74 trims a transformed line. As in fzf, that text is the line
/// as far as matching goes: the query matches the template's own text too (and it is
/// highlighted there), `--nth` picks fields of that text, split by the same delimiter, and the
/// line is still printed whole (or as `--accept-nth` says, of the line as read). Under
/// `--ansi`, each field keeps its colours and the template's own text takes those in force
/// after the field before it, as fzf carries them on (`PickerApp.characters(_:ofLine:as:)`).
///
/// ```swift
/// let fields = try LineTemplate("2", option: "--accept-nth")
/// fields.apply(to: "a b  c", number: 0, delimiter: .blanks)      // "b"
/// let template = try LineTemplate("{2}-{1}", option: "--accept-nth")
/// template.apply(to: "a b  c", number: 0, delimiter: .blanks)    // "b-a"
/// ```
package struct LineTemplate: Sendable, Equatable {
    /// A piece of a template.
    package enum Part: Sendable, Equatable {
        /// Text printed as written.
        case text(String)
        /// Fields of the line.
        case fields(LineFields)
        /// The line's number (`{n}`).
        case number
    }

    /// The pieces, in order (one ``Part/fields(_:)`` for plain index expressions).
    package let parts: [Part]

    /// The index expressions, when the spec was plain index expressions (`2..`, `1,3`) and not
    /// a template: `--with-nth` then keeps the delimiter after the last field, and
    /// `--accept-nth` strips no more than the fields already dropped.
    package let expressions: LineFields?

    /// Whether a part is the line's number (`{n}`): the lines must keep their numbers.
    package var usesNumber: Bool { parts.contains(.number) }

    /// Reads index expressions, or else a template with at least one placeholder.
    /// - Parameters:
    ///   - spec: `N[,N..]` or a template.
    ///   - option: The option's name, for the error.
    /// - Throws: A one-line ``ToolFailure`` (status 2) when `spec` is neither.
    package init(_ spec: String, option: String) throws(ToolFailure) {
        let expressionError: ToolFailure
        do {
            let expressions = try LineFields(spec, option: option)
            (parts, self.expressions) = ([.fields(expressions)], expressions)
            return
        } catch {
            expressionError = error
        }
        var parts: [Part] = []
        var literal = ""
        var placeholders = 0
        var rest = spec[...]
        while let first = rest.firstIndex(of: "{") {
            guard let close = rest[first...].firstIndex(of: "}") else { break }
            // (Of `{{1}`, the placeholder is `{1}`: the last brace that opens before the close.)
            let open = rest[first ..< close].lastIndex(of: "{")!
            literal += rest[..<open]
            let inside = rest[rest.index(after: open) ..< close]
            let part: Part?
            if inside == "n" {
                part = .number
            } else if !inside.isEmpty, inside.allSatisfy({ ("0" ... "9").contains($0) || $0 == "-" || $0 == "." || $0 == "," }) {
                // fzf drops a placeholder of these characters that is no valid expression
                // (`x{0}y` is `xy`).
                part = (try? LineFields(String(inside), option: option)).map(Part.fields) ?? .text("")
            } else {
                part = nil
            }
            if let part {
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                if part != .text("") { parts.append(part) }
                placeholders += 1
            } else {
                literal += rest[open ... close]
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        guard placeholders > 0 else {
            if spec.contains("{") {
                throw ToolFailure(
                    "\(option): a template needs at least one placeholder ({1}, {-1}, {2..}, {n}): \(spec)", status: 2)
            }
            throw expressionError
        }
        (self.parts, expressions) = (parts, nil)
    }

    /// What is printed of `line`.
    /// - Parameters:
    ///   - line: The line chosen, as it would be printed whole.
    ///   - number: Its number from 0, header lines counted (for `{n}`).
    ///   - delimiter: How its fields are separated (`--delimiter`).
    /// - Complexity: O(*n*) in the length of `line` per placeholder.
    package func apply(to line: String, number: Int, delimiter: LineFields.Delimiter) -> String {
        let result = joined(line, number, delimiter)
        // fzf strips the delimiter that ends the whole result too (`{1}:` with `-d:` prints
        // `a`); index expressions have already dropped theirs.
        return expressions == nil ? Self.droppingLastDelimiter(result, delimiter) : result
    }

    /// Each part's text in turn: placeholders' fields without the delimiter after the last.
    private func joined(_ line: String, _ number: Int, _ delimiter: LineFields.Delimiter) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .fields(let fields): result += fields.text(of: line, delimiter: delimiter)
            case .number: result += String(number)
            }
        }
        return result
    }

    /// `text` without the delimiter that ends it, if one does (fzf's `StripLastDelimiter`):
    /// a literal one once, a pattern's last match when it ends the text, blanks all.
    static func droppingLastDelimiter(_ text: String, _ delimiter: LineFields.Delimiter) -> String {
        switch delimiter {
        case .blanks:
            return String(text.reversed().drop(while: \.isWhitespace).reversed())
        case .literal(let needle):
            return text.hasSuffix(needle) ? String(text.dropLast(needle.count)) : text
        case .pattern(let pattern):
            let whole = NSRange(text.startIndex..., in: text)
            guard let last = pattern.expression.matches(in: text, range: whole).last,
                last.range.location + last.range.length == whole.length, let cut = Range(last.range, in: text)
            else { return text }
            return String(text[..<cut.lowerBound])
        }
    }

    /// What `--with-nth` shows of `line`, and for each `Character` of it its offset in `line`
    /// (-1 for the template's own text and `{n}`, which come from no character of the line).
    ///
    /// Index expressions show their fields with the delimiter after each, the last one's too
    /// (``LineFields/selectKeepingDelimiters(_:delimiter:)``: fzf's `-d: --with-nth 1` of
    /// `a:b:c` shows and searches `a:`); a template's placeholders drop the delimiter after
    /// their last field. Either way the whitespace at the end is trimmed (fzf: `{1}  ` of
    /// `a b` shows `a`).
    /// - Parameters:
    ///   - line: The line read (without colour escapes).
    ///   - number: Its number from 0, header lines counted (for `{n}`).
    ///   - delimiter: How its fields are separated (`--delimiter`).
    /// - Complexity: O(*n*) in the length of `line` per placeholder.
    package func shown(_ line: String, number: Int, delimiter: LineFields.Delimiter) -> (text: String, offsets: [Int]) {
        var characters: [Character] = []
        var offsets: [Int] = []
        var lineCharacters: [Character]?
        if let expressions {
            let selected = expressions.selectKeepingDelimiters(line, delimiter: delimiter)
            (characters, offsets) = (Array(selected.text), selected.offsets)
        } else {
            for part in parts {
                switch part {
                case .text(let text):
                    characters += text
                    offsets += repeatElement(-1, count: text.count)
                case .number:
                    let text = String(number)
                    characters += text
                    offsets += repeatElement(-1, count: text.count)
                case .fields(let fields):
                    if lineCharacters == nil { lineCharacters = Array(line) }
                    for range in fields.parts(of: line, delimiter: delimiter) {
                        characters += lineCharacters![range]
                        offsets += range
                    }
                }
            }
        }
        while let last = characters.last, last.isWhitespace {
            characters.removeLast()
            offsets.removeLast()
        }
        return (String(characters), offsets)
    }

    /// The text of ``shown(_:number:delimiter:)`` without the offsets (what `--columns`
    /// measures).
    /// - Parameters:
    ///   - line: The line read (without colour escapes).
    ///   - number: Its number from 0, header lines counted (for `{n}`).
    ///   - delimiter: How its fields are separated (`--delimiter`).
    /// - Complexity: O(*n*) in the length of `line` per placeholder.
    package func shownText(of line: String, number: Int, delimiter: LineFields.Delimiter) -> String {
        var text =
            expressions.map { $0.selectKeepingDelimiters(line, delimiter: delimiter).text } ?? joined(line, number, delimiter)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
