import Foundation

/// Where a recording's lines go. Each `write` must reach the file before it returns, so a
/// process killed at any moment loses at most the line in flight.
public protocol SessionSink: AnyObject {
    /// Writes one line (without its newline; the sink adds it).
    func write(line: String) throws
}

/// A file written with `write(2)` straight from each line: no buffer in the process, so a
/// `kill -9` leaves every complete line on disk.
public final class FileSessionSink: SessionSink {
    /// The file written.
    let path: String
    private var fd: Int32

    /// Why a recording file could not be written; names the file.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Creates (or truncates) the file.
    public init(path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Failure(description: "\(path): cannot create the recording (\(String(cString: strerror(errno))))")
        }
    }

    /// Writes `line` and a newline with `write(2)`, retrying on `EINTR` and short writes; the
    /// bytes are in the kernel when it returns.
    ///
    /// - Throws: ``Failure`` naming the file when the write fails (disk full, closed descriptor).
    public func write(line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "\(path): write failed (\(String(cString: strerror(errno))))")
            }
            offset += n
        }
    }

    deinit { if fd >= 0 { close(fd) } }
}

/// Collects lines in memory: for tests and headless tools.
public final class MemorySessionSink: SessionSink {
    /// The lines written so far, without newlines.
    public private(set) var lines: [String] = []
    /// An empty sink.
    public init() {}
    /// Appends `line`; never throws.
    public func write(line: String) throws { lines.append(line) }
    /// The recording as file text.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}

/// Encodes headers and events as the JSON lines of a recording.
enum SessionCoding {
    /// One line of JSON, keys sorted so recordings diff well.
    static func line<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
