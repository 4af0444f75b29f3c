import Glibc

/// The queries of earlier runs (`--history FILE`, fzf's): `prev-history` and `next-history`
/// (Ctrl-P and Ctrl-N, unless bound) step through them, and the query a run ends with is
/// added to the file, as fzf 0.74 keeps it.
///
/// The file holds one query a line, the oldest first, at most ``limit`` of them
/// (`--history-size`, fzf's default 1,000). It is created (mode 0600) when missing. A step
/// away from a query keeps its edits for the run (not in the file): stepping back shows the
/// edited text, as fzf does.
///
/// ```swift
/// var history = try PickerHistory.open("/tmp/queries", limit: 1000)  // "foo\nbar\n"
/// history.step(-1, leaving: "ba")  // "bar"
/// history.step(-1, leaving: "bar")  // "foo"
/// history.step(1, leaving: "fo")  // "bar"
/// history.step(-1, leaving: "bar")  // "fo" (the edit is kept)
/// try history.record("baz")  // the file: "foo\nbar\nbaz\n"
/// ```
package struct PickerHistory: Sendable {
    /// The file.
    package let path: String
    /// The most queries the file keeps (the oldest go first).
    package let limit: Int
    /// The file's queries, oldest first, as its bytes (written back as read), then the query
    /// being typed.
    private var entries: [[UInt8]]
    /// The queries edited while shown this run, by index (the last entry is edited in place).
    private var edits: [Int: String] = [:]
    /// The entry shown.
    private var cursor: Int

    /// The history in `path`, created empty when there is no such file.
    ///
    /// - Throws: ``ToolFailure`` (status 2) naming the file: permission denied, a directory,
    ///   or another reason it cannot be read or made.
    /// - Complexity: O(size of the file).
    package static func open(_ path: String, limit: Int = 1000) throws(ToolFailure) -> PickerHistory {
        func failure(_ code: Int32) -> ToolFailure {
            code == EACCES || code == EPERM
                ? ToolFailure("--history: permission denied: \(path)")
                : ToolFailure("--history: invalid history file: \(path): \(errorText(code))")
        }
        guard limit >= 1 else { throw ToolFailure("--history-size: must be 1 or more: \(limit)") }
        var descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT {
            descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        let bytes: [UInt8]
        do { bytes = try EditableFile.readAll(descriptor, sizeHint: 1 << 12) } catch { throw failure(error.code) }
        return PickerHistory(path: path, limit: limit, content: bytes)
    }

    /// A history of the queries in `text` (the file's content), kept in `path`.
    package init(path: String, limit: Int, text: String) {
        self.init(path: path, limit: limit, content: Array(text.utf8))
    }

    /// A history of the queries in `content` (the file's bytes), kept in `path`.
    private init(path: String, limit: Int, content: [UInt8]) {
        self.path = path
        self.limit = limit
        // (As fzf: lines end at a line feed, a CR before it the line's; blank lines at either
        // end are no entries; the last is the query being typed.)
        var lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        entries = lines + [[]]
        cursor = entries.count - 1
    }

    /// The queries in the file, oldest first.
    package var queries: [String] { entries.dropLast().map { String(decoding: $0, as: UTF8.self) } }

    /// Steps `delta` entries (-1 older, 1 newer; it stops at either end) and returns the entry
    /// then shown; `query` (the prompt's text) is kept as the edit of the entry left.
    package mutating func step(_ delta: Int, leaving query: String) -> String {
        if cursor == entries.count - 1 { entries[cursor] = Array(query.utf8) } else { edits[cursor] = query }
        cursor = min(max(cursor + delta, 0), entries.count - 1)
        // (As fzf: a tab in a query comes back as a space.)
        let shown = edits[cursor] ?? String(decoding: entries[cursor], as: UTF8.self)
        return String(shown.map { $0 == "\t" ? " " : $0 })
    }

    /// Adds `query` (not an empty one) as the newest entry and writes the file: at most
    /// ``limit`` entries, one a line, each ended by a newline.
    /// - Throws: ``ToolFailure`` naming the file when it cannot be written.
    package mutating func record(_ query: String) throws(ToolFailure) {
        guard !query.isEmpty else { return }
        var kept = Array(entries.dropLast()) + [Array(query.utf8)]
        if kept.count > limit { kept.removeFirst(kept.count - limit) }
        entries = kept + [[]]
        cursor = entries.count - 1
        edits = [:]
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ToolFailure("--history: \(path): \(errorText(errno))") }
        defer { close(descriptor) }
        do {
            try EditableFile.writeAll(descriptor, Array(kept.map { $0 + [0x0A] }.joined()))
        } catch {
            throw ToolFailure("--history: \(path): \(errorText(error.code))")
        }
    }
}
