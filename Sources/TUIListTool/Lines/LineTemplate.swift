/// fzf's `--accept-nth` (0.60+): what is printed of a chosen line — some of its fields, or a
/// template of them.
///
/// - Field index expressions (`2`, `1,3`, `2..`, `-1`): the chosen fields joined as
///   ``LineFields/select(_:delimiter:)`` joins them, each with the delimiter that ends it, the
///   delimiter after the last one dropped (fzf: `a b  c` with `1,3` prints `a c`; `3,1`, `ca`).
/// - A template (`{2}:{1}`, `Index: {n}`): each placeholder `{EXPRESSIONS}` is replaced by those
///   fields with the delimiter after the last one dropped, `{n}` by the line's number from 0
///   (header lines counted, as fzf counts them); any other text, and braces around anything
///   else (`{}`, `{q}`), is printed as written.
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
            parts = [.fields(try LineFields(spec, option: option))]
            return
        } catch {
            expressionError = error
        }
        var parts: [Part] = []
        var literal = ""
        var placeholders = 0
        var rest = spec[...]
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let inside = rest[rest.index(after: open) ..< close]
            let part: Part?
            if inside == "n" {
                part = .number
            } else if !inside.isEmpty, inside.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "," }) {
                part = (try? LineFields(String(inside), option: option)).map(Part.fields)
            } else {
                part = nil
            }
            if let part {
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(part)
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
        self.parts = parts
    }

    /// What is printed of `line`.
    /// - Parameters:
    ///   - line: The line chosen, as it would be printed whole.
    ///   - number: Its number from 0, header lines counted (for `{n}`).
    ///   - delimiter: How its fields are separated (`--delimiter`).
    /// - Complexity: O(*n*) in the length of `line` per placeholder.
    package func apply(to line: String, number: Int, delimiter: LineFields.Delimiter) -> String {
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
}
