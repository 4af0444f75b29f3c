import Foundation

/// Builds an asciicast v2 file (the format `asciinema play` reads): a JSON header line, then
/// one `[time, "o", data]` line per frame holding the bytes a terminal would receive, and
/// `[time, "r", "COLSxROWS"]` for resizes. Frames are encoded by ``AnsiFrameEncoder``, so only
/// what changed since the last frame is written.
///
/// ```swift
/// var cast = AsciicastWriter(columns: 80, rows: 24, title: "my session", timestamp: 0)
/// cast.frame(canvas, at: 0.5)
/// try cast.text.write(toFile: "session.cast", atomically: true, encoding: .utf8)
/// ```
package struct AsciicastWriter {
    private var encoder = AnsiFrameEncoder()
    private var lines: [String] = []
    /// The time of the last event.
    package private(set) var duration = 0.0

    /// A cast of a `columns`×`rows` screen, titled `title`, recorded at `timestamp` (Unix seconds).
    package init(columns: Int, rows: Int, title: String, timestamp: Int) {
        let header: [String: Any] = [
            "version": 2, "width": columns, "height": rows, "timestamp": timestamp,
            "title": title, "env": ["TERM": "xterm-256color"],
        ]
        lines.append(Self.json(header))
    }

    /// Adds the bytes that take the screen to `canvas`.
    package mutating func frame(_ canvas: Canvas, at time: Double) {
        let data = encoder.encode(canvas)
        guard !data.isEmpty else { return }
        event(time, "o", data)
    }

    /// Adds a resize; the next frame is drawn in full.
    package mutating func resize(columns: Int, rows: Int, at time: Double) {
        encoder.reset()
        event(time, "r", "\(columns)x\(rows)")
    }

    private mutating func event(_ time: Double, _ kind: String, _ data: String) {
        let t = max(duration, (time * 1_000_000).rounded() / 1_000_000)
        duration = t
        lines.append("[" + String(format: "%.6f", t) + ", " + Self.json(kind) + ", " + Self.json(data) + "]")
    }

    /// The file's text.
    package var text: String { lines.joined(separator: "\n") + "\n" }

    private static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
