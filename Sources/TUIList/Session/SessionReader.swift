import Foundation

/// Why a recording cannot be read, as one line for a person: the file, the line and the reason
/// (`rec.jsonl:3: unknown event kind "jump" …`).
package struct SessionReadError: Error, CustomStringConvertible, Equatable {
    /// The path of the recording, as given to the reader.
    package var file: String
    /// The 1-based line, or `nil` when the fault is the file itself (missing, unreadable).
    package var line: Int?
    /// What is wrong, for a person: `unknown event kind "jump" …`.
    package var reason: String

    /// An error naming the file, the line (if any) and the reason.
    package init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    package var description: String {
        line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)"
    }
}

/// A recording read and checked: its header, its events with their line numbers, and a
/// warning when its last line was cut off.
package struct SessionRecording<
    SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable
>: Sendable {
    /// The events of this recording's types.
    package typealias Event = SessionEvent<SectionID, ItemID, Content>
    /// The first line: format, version, terminal size, program.
    package var header: SessionHeader
    /// Every complete event line after the header, with its 1-based line number.
    package var events: [(line: Int, event: Event)]
    /// Set when the last line was incomplete (a recording cut off mid-write); the complete
    /// lines before it are all there.
    package var warning: String?

    /// The longest line a reader accepts. A longer one is refused with its line number
    /// rather than read into memory.
    package static var maximumLineLength: Int { 64 << 20 }

    /// Reads and checks a recording: every line must decode, and every edit must fit the
    /// state before it (checked by replaying the edits), so a recording that reads without an
    /// error replays without one. Lines are decoded as they are read: memory holds the events,
    /// one line and one chunk of the file.
    ///
    /// - Throws: `SessionReadError` naming the file, the line and the reason.
    package static func read(path: String) throws(SessionReadError) -> Self {
        var parser = Parser(file: path)
        try readLines(path: path) { (number, bytes, complete) throws(SessionReadError) in
            try parser.feed(number: number, bytes: bytes, complete: complete)
        }
        return try parser.finish()
    }

    /// Parses a recording held in memory (e.g. from a ``MemorySessionSink``).
    ///
    /// - Parameters:
    ///   - text: The recording's lines.
    ///   - file: The name errors give for it.
    /// - Throws: `SessionReadError` naming the file, the line and the reason.
    package static func parse(text: String, file: String = "<memory>") throws(SessionReadError) -> Self {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses a recording's raw bytes as ``read(path:)`` reads a file: bytes that are not UTF-8
    /// make their line an error, never a repaired string.
    ///
    /// - Parameters:
    ///   - bytes: The recording's bytes.
    ///   - file: The name errors give for it.
    /// - Throws: `SessionReadError` naming the file, the line and the reason.
    /// - Complexity: O(*n*) in the bytes, plus decoding and checking each event.
    package static func parse(bytes: [UInt8], file: String = "<memory>") throws(SessionReadError) -> Self {
        var parser = Parser(file: file)
        var start = 0
        var number = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            number += 1
            try parser.feed(number: number, bytes: bytes[start ..< i], complete: true)
            start = i + 1
        }
        if start < bytes.count { try parser.feed(number: number + 1, bytes: bytes[start...], complete: false) }
        return try parser.finish()
    }

    /// Takes lines one at a time: the header first, then events, each checked against the
    /// list as it stands after the lines before it.
    private struct Parser {
        let file: String
        let decoder = JSONDecoder()
        var header: SessionHeader?
        var headerLine = 0
        var events: [(line: Int, event: Event)] = []
        var warning: String?
        var state: Snapshot<SectionID, ItemID>?
        var lastTime = 0.0
        /// Set after an incomplete last line: nothing may follow it.
        var cutOff = false

        init(file: String) { self.file = file }

        mutating func feed(number: Int, bytes: ArraySlice<UInt8>, complete: Bool) throws(SessionReadError) {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
            guard header != nil else { return try readHeader(number: number, bytes: bytes, complete: complete) }
            guard warning == nil else { return }
            let event: Event
            do {
                event = try decoder.decode(Event.self, from: Data(bytes))
            } catch {
                if !complete {
                    warning =
                        "\(file):\(number): the last line is incomplete (the recording was cut off); replaying the \(events.count) complete events before it"
                    return
                }
                if let unknown = error as? Event.UnknownKind {
                    throw SessionReadError(file: file, line: number, reason: unknown.description)
                }
                if (try? JSONSerialization.jsonObject(with: Data(bytes))) == nil {
                    throw SessionReadError(file: file, line: number, reason: "not JSON")
                }
                throw SessionReadError(
                    file: file, line: number, reason: "not a session event (\(SessionRecording.describe(error)))")
            }
            try check(event, line: number)
            events.append((number, event))
        }

        mutating func readHeader(number: Int, bytes: ArraySlice<UInt8>, complete: Bool) throws(SessionReadError) {
            let decoded: SessionHeader
            do {
                decoded = try decoder.decode(SessionHeader.self, from: Data(bytes))
            } catch {
                if !complete {
                    throw SessionReadError(
                        file: file, line: number, reason: "the header line is incomplete (the recording was cut off)")
                }
                if (try? JSONSerialization.jsonObject(with: Data(bytes))) == nil {
                    throw SessionReadError(
                        file: file, line: number, reason: "not JSON: expected a \(SessionHeader.formatName) header line")
                }
                throw SessionReadError(
                    file: file, line: number,
                    reason: "not a \(SessionHeader.formatName) header (\(SessionRecording.describe(error)))")
            }
            guard decoded.format == SessionHeader.formatName else {
                throw SessionReadError(
                    file: file, line: number, reason: "format is \"\(decoded.format)\", expected \"\(SessionHeader.formatName)\"")
            }
            guard decoded.version == SessionHeader.currentVersion else {
                throw SessionReadError(
                    file: file, line: number,
                    reason:
                        "format version \(decoded.version) is not supported (this reader knows version \(SessionHeader.currentVersion))"
                )
            }
            guard SessionRecording.sizeRange.contains(decoded.columns), SessionRecording.sizeRange.contains(decoded.rows) else {
                throw SessionReadError(
                    file: file, line: number,
                    reason: "bad terminal size \(decoded.columns)×\(decoded.rows) (each must be 1...10000)")
            }
            header = decoded
            headerLine = number
        }

        /// Times go forward; edits fit the list; sizes are sane.
        mutating func check(_ event: Event, line: Int) throws(SessionReadError) {
            guard event.time.isFinite, event.time >= 0 else {
                throw SessionReadError(file: file, line: line, reason: "time \(event.time) is not a number of seconds ≥ 0")
            }
            if event.time < lastTime {
                throw SessionReadError(
                    file: file, line: line, reason: "time \(event.time) goes back (the line before says \(lastTime))")
            }
            lastTime = event.time
            switch event.kind {
            case .snapshot(let sections, _):
                do { state = try Snapshot(validating: sections.map { ($0.id, $0.items) }) } catch {
                    throw SessionReadError(file: file, line: line, reason: "bad snapshot: \(error.description)")
                }
            case .edit(let edit):
                guard var current = state else {
                    throw SessionReadError(file: file, line: line, reason: "an edit before any snapshot")
                }
                state = nil  // so `current` is the only reference and the edit needs no copy
                do { try edit.apply(to: &current) } catch {
                    throw SessionReadError(file: file, line: line, reason: "edit does not fit the list: \(error.description)")
                }
                current.clearMarks()
                state = current
            case .resize(let columns, let rows):
                guard SessionRecording.sizeRange.contains(columns), SessionRecording.sizeRange.contains(rows) else {
                    throw SessionReadError(
                        file: file, line: line, reason: "bad terminal size \(columns)×\(rows) (each must be 1...10000)")
                }
            case .key, .marker:
                break
            }
        }

        func finish() throws(SessionReadError) -> SessionRecording {
            guard let header else {
                throw SessionReadError(
                    file: file, line: 1, reason: "empty file: expected a \(SessionHeader.formatName) header line")
            }
            return SessionRecording(header: header, events: events, warning: warning)
        }
    }

    /// Terminal sizes a recording may name.
    static var sizeRange: ClosedRange<Int> { 1 ... 10_000 }

    fileprivate static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted(let context)?: return context.debugDescription
        default: return "\(error)"
        }
    }

    /// Streams a file's lines to `body`, one at a time, refusing a line longer than
    /// ``maximumLineLength`` as soon as it passes the limit.
    private static func readLines(
        path: String, _ body: (Int, ArraySlice<UInt8>, Bool) throws(SessionReadError) -> Void
    ) throws(SessionReadError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw SessionReadError(file: path, line: nil, reason: "cannot open the recording: \(reason)")
        }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var current: [UInt8] = []
        var number = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SessionReadError(file: path, line: number + 1, reason: "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            var start = 0
            for i in 0 ..< n where chunk[i] == 0x0A {
                number += 1
                if current.isEmpty {
                    try body(number, chunk[start ..< i], true)  // the common case: no copy
                } else {
                    current.append(contentsOf: chunk[start ..< i])
                    try body(number, current[...], true)
                    current.removeAll(keepingCapacity: current.count <= 1 << 20)
                }
                start = i + 1
            }
            current.append(contentsOf: chunk[start ..< n])
            if current.count > maximumLineLength {
                throw SessionReadError(
                    file: path, line: number + 1,
                    reason: "line is longer than \(maximumLineLength >> 20) MiB: not a recording this reader accepts")
            }
        }
        if !current.isEmpty { try body(number + 1, current[...], false) }
    }
}
