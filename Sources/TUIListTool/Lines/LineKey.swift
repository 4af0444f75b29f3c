/// How a line of text becomes a row's identity, so that a row keeps its identity when the line
/// moves or changes: the whole line, one whitespace-separated field, or a regex capture.
///
/// Lines whose keys repeat are told apart by their order: the second `a` is `a`, NUL, `2`, so
/// identities stay unique (the snapshot requires it) and stable while the duplicates keep
/// their relative order. (The separator is a NUL, which no key contains.)
package enum LineKey: Sendable, Equatable {
    /// The whole line is its identity (a changed line is a new row).
    case wholeLine
    /// The 1-based whitespace-separated field (`ps`'s PID is field 1); a line with fewer
    /// fields is keyed by the whole line.
    case field(Int)
    /// The first capture group of a regular expression (or the whole match when it has no
    /// group); a line that does not match is keyed by the whole line.
    case pattern(String)

    /// The key of one line.
    func key(of line: String, regex: Regex<AnyRegexOutput>?) -> Substring {
        switch self {
        case .wholeLine:
            return line[...]
        case .field(let number):
            var index = 0
            for field in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                index += 1
                if index == number { return field }
            }
            return line[...]
        case .pattern:
            guard let regex, let match = try? regex.firstMatch(in: line) else { return line[...] }
            if match.output.count > 1, let capture = match.output[1].substring { return capture }
            return match.output[0].substring ?? line[...]
        }
    }
}

/// Identities for lines under a ``LineKey``.
package struct LineKeyer: Sendable {
    /// The keying in use.
    package let key: LineKey
    /// `nonisolated(unsafe)` only because `Regex` is not declared `Sendable` in this toolchain:
    /// the value is immutable after `init`, and matching shares nothing mutable between threads
    /// (the regex's compiled program is built once, behind the library's own atomic).
    nonisolated(unsafe) private let regex: Regex<AnyRegexOutput>?

    /// A keyer; a `.pattern` that is not a valid regular expression is a one-line failure.
    package init(_ key: LineKey) throws(ToolFailure) {
        self.key = key
        if case .pattern(let source) = key {
            do { regex = try Regex(source) } catch {
                throw ToolFailure("--key-regex: not a regular expression: \(source) (\(error))", status: 64)
            }
        } else {
            regex = nil
        }
    }

    /// The key of one line (not yet told apart from repeats).
    package func key(of line: String) -> Substring {
        key.key(of: line, regex: regex)
    }

    /// One identity per line, unique among them: the key, then key + NUL + 2, 3 … for repeats.
    /// - Complexity: O(*n*) hashing, for *n* lines.
    package func identities<Lines: Collection<String>>(of lines: Lines) -> [String] {
        var seen: [Substring: Int] = [:]
        seen.reserveCapacity(lines.count)
        return identities(of: lines, continuing: &seen)
    }

    /// Identities for lines that follow lines already keyed; `seen` counts each key so far and
    /// is updated.
    package func identities<Lines: Collection<String>>(of lines: Lines, continuing seen: inout [Substring: Int]) -> [String] {
        lines.map { line in
            let key = key.key(of: line, regex: regex)
            let count = (seen[key] ?? 0) + 1
            seen[key] = count
            return count == 1 ? String(key) : "\(key)\u{0}\(count)"
        }
    }
}
