import Foundation

/// Why a recording cannot be read, as one line for a person: the file, the line and the reason
/// (`rec.jsonl:3: unknown event kind "jump" …`).
public struct SessionReadError: Error, CustomStringConvertible, Equatable {
    public var file: String
    /// The 1-based line, or `nil` when the fault is the file itself (missing, unreadable).
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)"
    }
}

/// A recording read and checked: its header, its events with their line numbers, and a
/// warning when its last line was cut off.
public struct SessionRecording<SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable>: Sendable {
    public typealias Event = SessionEvent<SectionID, ItemID, Content>
    public var header: SessionHeader
    public var events: [(line: Int, event: Event)]
    /// Set when the last line was incomplete (a recording cut off mid-write); the complete
    /// lines before it are all there.
    public var warning: String?

    /// The longest line a reader accepts. A longer one is refused with its line number
    /// rather than read into memory.
    public static var maximumLineLength: Int { 64 << 20 }

    /// Reads and checks a recording: every line must decode, and every edit must fit the
    /// state before it (checked by replaying the edits), so a recording that reads without an
    /// error replays without one.
    ///
    /// - Throws: ``SessionReadError`` naming the file, the line and the reason.
    public static func read(path: String) throws(SessionReadError) -> Self {
        var lines: [(number: Int, bytes: ArraySlice<UInt8>, complete: Bool)] = []
        try readLines(path: path) { number, bytes, complete in lines.append((number, bytes, complete)) }
        return try parse(lines: lines, file: path)
    }

    /// Parses a recording held in memory (e.g. from a ``MemorySessionSink``).
    public static func parse(text: String, file: String = "<memory>") throws(SessionReadError) -> Self {
        var lines: [(number: Int, bytes: ArraySlice<UInt8>, complete: Bool)] = []
        let bytes = Array(text.utf8)
        var start = 0
        var number = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            number += 1
            lines.append((number, bytes[start ..< i], true))
            start = i + 1
        }
        if start < bytes.count { lines.append((number + 1, bytes[start...], false)) }
        return try parse(lines: lines, file: file)
    }

    private static func parse(lines: [(number: Int, bytes: ArraySlice<UInt8>, complete: Bool)], file: String) throws(SessionReadError) -> Self {
        let content = lines.filter { !$0.bytes.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }
        guard let first = content.first else {
            throw SessionReadError(file: file, line: 1, reason: "empty file: expected a \(SessionHeader.formatName) header line")
        }
        let decoder = JSONDecoder()
        let header: SessionHeader
        do {
            header = try decoder.decode(SessionHeader.self, from: Data(first.bytes))
        } catch {
            if !first.complete && content.count == 1 {
                throw SessionReadError(file: file, line: first.number, reason: "the header line is incomplete (the recording was cut off)")
            }
            let probe = try? JSONSerialization.jsonObject(with: Data(first.bytes))
            if probe == nil {
                throw SessionReadError(file: file, line: first.number, reason: "not JSON: expected a \(SessionHeader.formatName) header line")
            }
            throw SessionReadError(file: file, line: first.number, reason: "not a \(SessionHeader.formatName) header (\(describe(error)))")
        }
        guard header.format == SessionHeader.formatName else {
            throw SessionReadError(file: file, line: first.number, reason: "format is \"\(header.format)\", expected \"\(SessionHeader.formatName)\"")
        }
        guard header.version == SessionHeader.currentVersion else {
            throw SessionReadError(file: file, line: first.number,
                                   reason: "format version \(header.version) is not supported (this reader knows version \(SessionHeader.currentVersion))")
        }
        var events: [(line: Int, event: Event)] = []
        var warning: String?
        var state: Snapshot<SectionID, ItemID>?
        var lastTime = 0.0
        for entry in content.dropFirst() {
            let event: Event
            do {
                event = try decoder.decode(Event.self, from: Data(entry.bytes))
            } catch {
                if !entry.complete {
                    warning = "\(file):\(entry.number): the last line is incomplete (the recording was cut off); replaying the \(events.count) complete events before it"
                    break
                }
                if let unknown = error as? Event.UnknownKind {
                    throw SessionReadError(file: file, line: entry.number, reason: unknown.description)
                }
                if (try? JSONSerialization.jsonObject(with: Data(entry.bytes))) == nil {
                    throw SessionReadError(file: file, line: entry.number, reason: "not JSON")
                }
                throw SessionReadError(file: file, line: entry.number, reason: "not a session event (\(describe(error)))")
            }
            guard event.time.isFinite, event.time >= 0 else {
                throw SessionReadError(file: file, line: entry.number, reason: "time \(event.time) is not a number of seconds ≥ 0")
            }
            if event.time < lastTime {
                throw SessionReadError(file: file, line: entry.number, reason: "time \(event.time) goes back (the line before says \(lastTime))")
            }
            lastTime = event.time
            switch event.kind {
            case .snapshot(let sections, _):
                do { state = try Snapshot(validating: sections.map { ($0.id, $0.items) }) } catch {
                    throw SessionReadError(file: file, line: entry.number, reason: "bad snapshot: \(error.description)")
                }
            case .edit(let edit):
                guard var current = state else {
                    throw SessionReadError(file: file, line: entry.number, reason: "an edit before any snapshot")
                }
                state = nil  // so `current` is the only reference and the edit needs no copy
                do { try edit.apply(to: &current) } catch {
                    throw SessionReadError(file: file, line: entry.number, reason: "edit does not fit the list: \(error.description)")
                }
                current.clearMarks()
                state = current
            case .resize(let columns, let rows):
                guard columns > 0, rows > 0, columns <= 10_000, rows <= 10_000 else {
                    throw SessionReadError(file: file, line: entry.number, reason: "bad terminal size \(columns)×\(rows)")
                }
            case .key, .marker:
                break
            }
            events.append((entry.number, event))
        }
        return Self(header: header, events: events, warning: warning)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted(let context)?: return context.debugDescription
        default: return "\(error)"
        }
    }

    /// Streams a file's lines without holding more than one line and one chunk, refusing a
    /// line longer than ``maximumLineLength``.
    private static func readLines(path: String, _ body: (Int, ArraySlice<UInt8>, Bool) -> Void) throws(SessionReadError) {
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
                current.append(contentsOf: chunk[start ..< i])
                number += 1
                body(number, current[...], true)
                current.removeAll(keepingCapacity: true)
                start = i + 1
            }
            current.append(contentsOf: chunk[start ..< n])
            if current.count > maximumLineLength {
                throw SessionReadError(file: path, line: number + 1, reason: "line is longer than \(maximumLineLength >> 20) MiB: not a recording this reader accepts")
            }
        }
        if !current.isEmpty { body(number + 1, current[...], false) }
    }
}
